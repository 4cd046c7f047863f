/*
** hand_int.h
** The inside of a hand, shared by hand.c (the type, validation,
** printing) and fastparse.c (its one-pass reader) only.
*/
#ifndef MJ_HAND_INT_H
#define MJ_HAND_INT_H

#include "ctx_tokens.h"
#include "hand.h"

/* counts[] with spare bytes after the kinds, kept zero: the fast parser
   counts "8z" and "9z" there and reads the counts 16 bytes at a time */
enum { COUNTS_SPACE = 48 };

struct mj_hand {
  uint8_t counts[COUNTS_SPACE];   /* concealed tiles, the winning tile
                                     included (MJ_KINDS of them) */
  mj_tileset at[4];           /* kinds with more than k of them (kept with
                                 counts: change them only by put_tile
                                 and take_tile) */
  uint8_t ntiles;
  uint8_t nmelds;
  bool plus;                  /* the winning tile was written +T */
  mj_meld melds[MJ_MAX_MELDS];
  uint8_t red[4];             /* red fives (0m 0p 0s) among the concealed
                                 5s of suits m, p, s (the win's included) */
  uint8_t meld_red[MJ_MAX_MELDS];   /* red fives in each meld */
  uint8_t spare_[11];         /* the hand stays whole 16-byte vectors */
  mj_ctx ctx;
};

/* The context tokens both parsers read, in one table (hand.c). */
enum {
#define MJ_TOK_ENUM(k, name, value, flag, owned, words) TOK_##k,
  MJ_CTX_TOKENS(MJ_TOK_ENUM)
#undef MJ_TOK_ENUM
  TOK_COUNT
};

typedef struct mj_ctx_token {
  const char *name;
  uint8_t len;       /* of name */
  bool value;        /* takes "=value" */
  unsigned flag;
  unsigned owned;    /* MJ_TOKEN_ bit of a ruleset-owned token */
} mj_ctx_token;
extern const mj_ctx_token mj_ctx_tokens[TOK_COUNT];

/* A seat wind, one of the words E S W N (-1: not one); a number 0..max of
   up to three digits (-1: not one). */
int mjh_wind_value(const char *v, size_t n);
int mjh_small_int(const char *v, size_t n, int max);

/* The melds' tiles added to counts[]. */
static inline void add_melds(const mj_hand *h, uint8_t *counts)
{
  for (int i = 0; i < h->nmelds; i++) {
    const mj_meld *m = &h->melds[i];
    if (m->type == MJ_CHOW) {
      counts[m->tile]++;
      counts[m->tile + 1]++;
      counts[m->tile + 2]++;
    } else {
      counts[m->tile] += (uint8_t)mj_meld_size(m);
    }
  }
}

/* The empty hand, its context as mj_ctx_init leaves it (hand.c). */
extern const mj_hand mj_empty_hand;

/* A hand as 16-byte vectors, for clearing it fast. */
typedef uint8_t v16_any __attribute__((vector_size(16), aligned(1), may_alias));
enum { HAND_VECTORS = sizeof(mj_hand) / 16 };
_Static_assert(sizeof(mj_hand) % 16 == 0, "mj_hand is whole vectors");

#endif
