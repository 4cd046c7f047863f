/*
** shape.h
** Winning shapes and the decompositions of a hand into them, with wild
** tiles assigned to concrete tiles.
*/
#ifndef MJ_SHAPE_H
#define MJ_SHAPE_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "hand.h"
#include "tile.h"

typedef enum mj_shape {
  MJ_SHAPE_STANDARD,        /* 4 melds + a pair */
  MJ_SHAPE_PAIRS,           /* seven pairs */
  MJ_SHAPE_ORPHANS,         /* thirteen orphans */
  MJ_SHAPE_HONORS_KNITTED,  /* 全不靠 / 七星不靠 */
  MJ_SHAPE_KNITTED,         /* 组合龙 + a meld + a pair */
  MJ_SHAPE_SHISANLAN,       /* 十三浪 */
  MJ_SHAPE_JIUYAO,          /* 九幺 */
  MJ_SHAPE_COUNT,
  MJ_SHAPE_NONE = MJ_SHAPE_COUNT   /* no winning shape (for fans that
                                      need none, such as 接宝) */
} mj_shape;

#define MJ_SHAPE_BIT(s) (1u << (s))

/* Which shapes a ruleset allows, and how. */
typedef struct mj_shape_cfg {
  unsigned shapes;        /* MJ_SHAPE_BIT mask */
  bool pair_quads;        /* seven pairs: four of a kind counts as two pairs */
  uint64_t absent;        /* kinds the table's wall does not hold: no wait
                             or useful tile (mj_tileset bits) */
} mj_shape_cfg;

const char *mj_shape_name(mj_shape s);       /* "standard", "seven_pairs"... */
const char *mj_shape_title(mj_shape s);      /* "seven pairs 七对" */
/* The same for a hand of so many sets: five (a 16-tile table) reads
   standard and seven_pairs as five melds and a pair, seven pairs and a
   pung. */
const char *mj_shape_title_sets(mj_shape s, int sets);
int mj_shape_from_name(const char *name);    /* -1 if unknown */
/* The winning shapes' names, for messages. */
#define MJ_SHAPE_NAMES_TEXT                                                    \
  "standard, seven_pairs, thirteen_orphans, honors_knitted, "                  \
  "knitted_straight, shisanlan, jiuyao"

/* 十三浪's rule for one suit: the number of ranks in set (bit r = rank
   r + 1), or -1 when two of them are less than 3 apart. */
int mj_lan_size(unsigned set);

typedef enum mj_group_type {
  MJ_G_CHOW,      /* three consecutive tiles, tile = lowest */
  MJ_G_PUNG,
  MJ_G_KONG,      /* exposed kong */
  MJ_G_CKONG,     /* concealed kong */
  MJ_G_PAIR,
  MJ_G_KNITTED,   /* tile, tile+3, tile+6 of one suit (组合龙 part) */
  MJ_G_SINGLE     /* one tile of a special shape */
} mj_group_type;

typedef struct mj_group {
  uint8_t type;       /* mj_group_type */
  mj_tile tile;       /* its kind: a chow's or knitted part's lowest */
  uint8_t declared;   /* a declared meld of the hand */
  uint8_t exposed; /* declared and not concealed (chow, pung, exposed kong) */
} mj_group;

enum { MJ_MAX_GROUPS = 14 };

/*
** One reading of a hand: its shape, its groups (declared melds first, in
** the hand's order, then the concealed groups ascending, the pair last)
** and what the wild tiles stand for (wild_as[k] wilds stand for kind k;
** a wild standing for its own kind is "at face").
*/
typedef struct mj_decomp {
  uint8_t shape;                 /* MJ_SHAPE_... */
  uint8_t ngroups;               /* entries in groups[] */
  uint8_t nwild;                 /* wild tiles in the concealed part */
  mj_group groups[MJ_MAX_GROUPS];
  uint8_t wild_as[MJ_KINDS];     /* what the wilds stand for */
  uint8_t wild_held[MJ_KINDS];   /* the wild tiles the hand holds, by kind */
} mj_decomp;

/* Called for each decomposition; return nonzero to stop enumerating. */
typedef int (*mj_decomp_fn)(const mj_decomp *d, void *ud);

/*
** Enumerate every decomposition of a complete hand (14 - 3*melds concealed
** tiles) into the shapes cfg allows, with the concealed tiles of the kinds
** in wild (0: none) acting as any tile. A wild never makes a fifth copy
** of a kind, the declared melds' tiles counted. Each decomposition is reported
** once. *count (may be NULL) receives how many were reported.
** Without wilds the standard readings come in walk order: kinds
** ascending, and at each kind no pung before a pung, then no pair before
** the pair (the scorer keeps the first of equal totals).
*/
mj_status mj_decompose(const mj_hand *h, const mj_shape_cfg *cfg,
                       mj_tileset wild, mj_decomp_fn fn, void *ud, int *count);

/* The same with the hand's view (analysis.h) made by the caller already;
** the view's counts decide: a tile of a wild kind it holds at face (see
** mj_tileview_add_face) is no wild. */
struct mj_tileview;
mj_status mj_decompose_view(const mj_hand *h, const struct mj_tileview *v,
                            const mj_shape_cfg *cfg, mj_decomp_fn fn, void *ud,
                            int *count);

/* True if some wild stands for another kind than a wild tile's own (the
** wilds are matched to their own kinds first). */
bool mj_decomp_wild_acting(const mj_decomp *d);
/* How many wilds stand for a tile other than their own kind. */
int mj_decomp_nacting(const mj_decomp *d);

/* Text of a decomposition: "123m 456m 789m 111z 55p" with wilds marked. */
size_t mj_decomp_print(const mj_decomp *d, char *buf, size_t cap);

/* The six knitted sequences: seq[i][suit] = first rank (1, 2 or 3) that
** suit uses (147, 258 or 369). */
extern const uint8_t mj_knitted_seq[6][3];

#endif
