/*
** gameutil.h
** Helpers for the game tests: a shared host, bot games checked at every
** step, and scenarios on walls given tile by tile.
*/
#ifndef HULE_GAMEUTIL_H
#define HULE_GAMEUTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "host.h"

/* cmocka group setup and teardown: one host for the whole group. */
int gu_setup(void **state);
int gu_teardown(void **state);
mj_host *gu_host(void);
const mj_rules *gu_rules(const char *id);

/* Every tile is somewhere: hands, melds, discards, flowers, the wall. */
void gu_check_tiles(const mj_game *g, int total);

/* One game with four bots of kind, the tiles checked after every action
** when check is set. */
mj_game *gu_play(const mj_rules *r, uint64_t seed, const char *kind,
                 bool check);

/* The game's log replays to the same events and writes the same text. */
void gu_replay_matches(const mj_rules *r, const mj_game *g);

/* games bot games of ruleset id: tiles, zero-sum scores, replays. */
void gu_invariants(const char *id, int games, const char *kind);

/*
** A wall: the four hands dealt (dealer first, 13 each), the draws from
** the head in order, the draws from the tail in order (the dice-th from
** the tail is the indicator of a wild-tile ruleset); the rest filled with
** tiles nobody asked for. Returns the number of tiles.
*/
int gu_make_wall(mj_tile *out, const char *hands[4], const char *draws,
                 const char *tail);

/* A game on that wall, East dealing, the dice as given (0: 2). */
mj_game *gu_scenario(const char *id, const char *hands[4], const char *draws,
                     const char *tail, int dice);

/* Is the action (tile NULL: any tile) legal for p now? */
bool gu_has(const mj_game *g, int p, int type, const char *tile);

/* Do it, failing the test if it is refused. tile NULL: the pending tile
** (or the drawn one for a win on one's turn). */
void gu_act(mj_game *g, int p, int type, const char *tile);

/* Everyone who may claim passes. */
void gu_all_pass(mj_game *g);

/* The winner k's patterns as in the batch output. */
const char *gu_fans(const mj_game *g, int k);

/* Each tile of the list (space-separated) discarded in turn by the
** player to move, everyone passing it. */
void gu_discards(mj_game *g, const char *tiles);

/* The kinds on which q would win on a discard now, the minimum met. */
mj_tileset gu_wins_now(const mj_game *g, int q);

#endif
