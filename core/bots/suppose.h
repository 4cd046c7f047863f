/*
** suppose.h
** A hand as one seat saw it, made a game again: the seat's own tiles and
** draws, every move the table saw, the indicators turned, and the
** others' hidden tiles supposed: each tile another showed (a discard, a
** meld's tiles from his hand) was held since a draw before it, a riichi
** hand is ready, the rest are the tiles nobody has seen. A bot that reads
** only what its seat may know decides on this game as on the real one:
** the bot programs of other engines' protocols (hule bot --mjai,
** --botzone) play this way.
*/
#ifndef MJ_SUPPOSE_H
#define MJ_SUPPOSE_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "game.h"

enum {
  MJ_SEEN_DRAW,       /* player drew tile (MJ_NO_TILE: hidden; a flower is
                         always shown), rep: a replacement (kong, flower) */
  MJ_SEEN_ACT,        /* a decision (a); its tsumogiri: the discard is the
                         tile just drawn; red: the red fives a meld took
                         from the hand; another's concealed kong of a tile
                         not shown: MJ_NO_TILE */
  MJ_SEEN_INDICATOR   /* a dora indicator turned (the first: the deal's) */
};

typedef struct mj_seen_item {
  uint8_t kind;
  uint8_t player;
  mj_tile tile;
  uint8_t red;
  uint8_t rep;
  uint8_t tsumogiri;
  mj_action a;
} mj_seen_item;

enum { MJ_SEEN_MAX = 640 };

typedef struct mj_seen {
  int seat;
  mj_game_cfg cfg;         /* dealer, round, scores, honba, pot; no wall */
  mj_tile dealt[MJ_MAX_CONCEALED];   /* the seat's hand after the deal
                              (flowers replaced), without the dealer's first
                              draw: 13 or 16 tiles */
  uint8_t dealt_red[MJ_MAX_CONCEALED];
  int ndealt;
  int flowers[4];          /* flowers each seat set aside at the deal */
  mj_tile flower[4][8];    /* which (MJ_NO_TILE: not told) */
  mj_seen_item item[MJ_SEEN_MAX];
  int n;
} mj_seen;

/* A new hand for seat: cfg's dealer, round, scores, honba and pot, the
   seat's dealt tiles; no flowers at the deal (set flowers[] after). */
void mj_seen_start(mj_seen *s, int seat, const mj_game_cfg *cfg,
                   const mj_tile *dealt, const uint8_t *red, int n);

/* One more thing seen; MJ_ERANGE when the hand has too many. */
mj_status mj_seen_add(mj_seen *s, const mj_seen_item *it, mj_error *err);

/* The game as the seat may suppose it, every decision seen played; NULL
   and err when what was seen makes no hand of r's (a tile shown more
   often than the set holds, a move the engine refuses, a seat showing a
   tile it cannot hold). The game has no hidden information of the real
   one: a decision on it reads the seat's own view. */
mj_game *mj_seen_game(const mj_seen *s, const mj_rules *r, mj_error *err);

/* The game drew for the seat a tile it has not seen yet (no one could
   claim the discard before its turn): its decision is still to come. */
bool mj_seen_ahead(const mj_seen *s, const mj_game *g);

#endif
