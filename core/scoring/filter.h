/*
** filter.h
** The fan filter. At load, every clause whose verdict depends on one
** small value (the tiles of one suit, a meld count, the pair, a group,
** the wait...) is folded into a row of fan bits for each value it can
** take; scoring then ANDs a dozen rows instead of testing fans one by
** one. Bit k of a row stands for the fan at position k of the ruleset's
** exclusion order, so walking a set's bits upwards visits fans in the
** order exemptions apply. Internal to core (rules.c and score.c).
*/
#ifndef MJ_FILTER_H
#define MJ_FILTER_H

#include <stdint.h>

#include "rules.h"

enum { MJ_FW_MAX = MJ_MAX_FANS / 64 };   /* words of a fan set, at most */

/* The rows, by first index (each row is nw words). */
enum {
  MJ_FR_BLK_FAIL = 0,                     /* [block*512 + mask]: fans an
                                             all/none/every clause fails */
  MJ_FR_BLK_ANY = MJ_FR_BLK_FAIL + 3 * 512 + 128,   /* fans whose "any"
                                             clause this block satisfies */
  MJ_FR_NEEDS_ANY = MJ_FR_BLK_ANY + 3 * 512 + 128,  /* fans with one */
  MJ_FR_SUITS = MJ_FR_NEEDS_ANY + 1,      /* [suits present 0..3] */
  MJ_FR_TYPES = MJ_FR_SUITS + 4,          /* [types present 0..5] */
  MJ_FR_FLAGS = MJ_FR_TYPES + 6,          /* [context flags 0..511] */
  MJ_FR_DEALER = MJ_FR_FLAGS + 512,       /* [winner is dealer] */
  MJ_FR_WIN = MJ_FR_DEALER + 2,           /* [winning tile] */
  MJ_FR_WSINGLE = MJ_FR_WIN + MJ_KINDS,   /* [宝吊头 before the win] */
  MJ_FR_KNIT = MJ_FR_WSINGLE + 2,         /* [holds a knitted straight] */
  MJ_FR_EXTRA = MJ_FR_KNIT + 2,           /* [flowers > 0 | feibao > 0 << 1] */
  MJ_FR_SHAPE = MJ_FR_EXTRA + 4,          /* [shape, MJ_SHAPE_NONE last] */
  MJ_FR_COUNT = MJ_FR_SHAPE + MJ_SHAPE_COUNT + 1,   /* the meld counts,
                                             four rows (mj_count_row) */
  MJ_FR_WAIT = MJ_FR_COUNT + 25 + 125 + 125 + 9,    /* [MJ_WAIT_...] */
  MJ_FR_ACTING = MJ_FR_WAIT + MJ_WAIT_KINDS,        /* [a wild acts] */
  MJ_FR_HOGS = MJ_FR_ACTING + 2,          /* [tile hogs > 0] */
  MJ_FR_PAIR = MJ_FR_HOGS + 2,            /* [pair tile + 1, 0 none] */
  MJ_FR_GROUP = MJ_FR_PAIR + MJ_KINDS + 1,   /* [class*34 + tile]: every-
                                             group clauses this group meets */
  MJ_FR_RES_TILE = MJ_FR_GROUP + 3 * MJ_KINDS,   /* fans with tile clauses
                                             left to test one by one */
  MJ_FR_RES_READ,                         /* ... reading clauses so */
  MJ_FR_WAIT_USERS,                       /* fans that read the wait */
  MJ_FR_GROUP_USERS,                      /* fans with group rows */
  MJ_FR_COMBO_CHOW,                       /* combination fans, chows */
  MJ_FR_COMBO_PUNG,                       /* ... pungs */
  MJ_FR_SINGLE,                           /* fans decided one by one */
  MJ_FR_FALLBACK,                         /* fans only when none else */
  MJ_FR_TRIVIAL,                          /* clauses only: count once */
  MJ_FR_NEED_DYN,                         /* fans with a need[] set */
  MJ_FR_DEALT,                            /* fans of the dealt tiles */
  MJ_FR_ALL,                              /* every fan */
  MJ_FR_ROWS
};

enum { MJ_FLAGS_TABLED = 511 };   /* context flags the FLAGS row covers */

typedef struct mj_filter {
  int nw;                 /* words per set */
  uint64_t *row;          /* MJ_FR_ROWS rows of nw words */
  uint64_t *excl;         /* [position]: the fans its excludes take whole */
  uint8_t *nres;          /* [fan]: residual clauses, tile ones first */
  uint8_t *nres_tile;
  uint8_t (*res)[MJ_MAX_CLAUSES];
  mj_set *need;           /* [fan]: a context set some tile must be of */
  uint8_t knit[3][512];   /* [suit][its tiles]: the knitted straights
                             (bit i: mj_knitted_seq[i]) whose part in
                             that suit the tiles hold */
} mj_filter;

struct mj_rules;

/* Build the rows of a ruleset whose fans, exclusions and order are
   resolved (mj_rules_finish); replaces any rows built before. */
mj_status mj_filter_build(mj_filter *f, const struct mj_rules *r,
                          mj_error *err);
/* Free the rows; the filter is then empty (a second call does nothing). */
void mj_filter_clear(mj_filter *f);

/*
** The meld counts (in the order of MJ_C_CHOWS .. MJ_C_QUADS) share four
** rows: chows and pungs; kongs, exposed and concealed kongs; concealed
** pungs, exposed and declared melds (each 0..4, base 5); quads (0..8).
** Count k of value n adds n * mul to row group grp.
*/
typedef struct mj_count_row { uint16_t first, size, mul; } mj_count_row;
static const mj_count_row mj_count_rows[9] = {
  { MJ_FR_COUNT, 25, 5 },        { MJ_FR_COUNT, 25, 1 },
  { MJ_FR_COUNT + 25, 125, 25 }, { MJ_FR_COUNT + 25, 125, 5 },
  { MJ_FR_COUNT + 25, 125, 1 },  { MJ_FR_COUNT + 150, 125, 25 },
  { MJ_FR_COUNT + 150, 125, 5 }, { MJ_FR_COUNT + 150, 125, 1 },
  { MJ_FR_COUNT + 275, 9, 1 },
};

/* The value of count k in row index x of its group. */
static inline int mj_count_of(int k, int x)
{
  return k == 8 ? x : x / mj_count_rows[k].mul % 5;
}

static inline const uint64_t *mj_filter_row(const mj_filter *f, int row)
{
  return f->row + (size_t)row * (size_t)f->nw;
}

/* Does the clause go to the tile rows (decided once per hand when the
   hand holds no wild)? */
int mj_clause_is_tile(int kind);

#endif
