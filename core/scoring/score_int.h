/*
** score_int.h
** The inside of the fan engine, shared by its files: score.c (readings
** and the result), combo.c (account-once combinations, the tables built
** at load), explain.c (the text of a result, why) and filter.c (the
** filter checked against clause-by-clause matching).
*/
#ifndef MJ_SCORE_INT_H
#define MJ_SCORE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis.h"
#include "rules_int.h"
#include "score.h"

typedef struct acc_rec {   /* a combination matched but not counted */
  int fan, by;             /* the fan; the one that used its melds first */
  uint32_t groups;         /* the groups it would have used */
} acc_rec;

/* What one reading has counted so far (reset per reading). */
typedef struct rstate {
  uint64_t combo_hit[MJ_FW_MAX];  /* combination fans mjs_combos() counted */
  int cnt[MJ_MAX_FANS];           /* instances of each fan that hold */
  uint32_t mask[MJ_MAX_FANS];     /* groups used */
  int nacc;                       /* entries in acc[] */
  acc_rec acc[32];
} rstate;

/* One scoring of one hand: what every reading shares, and the best so far. */
typedef struct eval {
  const mj_rules *r;
  const mj_hand *h;
  const mj_ctx *ctx;      /* the hand's context */
  mj_tileset wild;        /* the wild kinds */
  unsigned flags;         /* context flags, derived ones included */
  int wgroup;             /* parts scoring: the group the winning tile
                             completes in the reading scored, -1 none */
  int unique;             /* before the win the hand waited on one kind:
                             1 yes, 0 no, -1 not known yet */
  bool pre_ready;         /* the hand before the win was ready */
  mj_tileview full;       /* the hand */
  mj_tileview pre;        /* the hand before the win */
  bool win_face;          /* the winning tile, of a wild kind, is at face */
  bool wild_single;       /* the hand is 宝吊头 */
  bool fixed_tiles;       /* no wild held: every reading has the same tiles,
                             so the tile clauses are decided once (tile_ok) */
  uint8_t held[MJ_KINDS]; /* every tile of the hand, physical */
  mj_score *best;
  mj_score *into;         /* where the next reading is scored: best while
                             it holds no win, else cur */
  mj_error *err;
  mj_status st;           /* a ruleset function's failure stops the scoring */
  int nread;              /* readings scored */
  uint64_t tile_ok[MJ_FW_MAX];  /* with fixed tiles: fans whose tile
                                   clauses hold */
  mj_tileset hpresent;    /* with fixed tiles: the kinds of every reading
                             (their counts: held) */
  int hogs;               /* kinds with four copies */
  int nwilds;             /* wild tiles in the concealed hand */
  int alt_own, alt_fixed, alt_fan;  /* see note_alternative */
  /* large, left out of the reset */
  mj_score cur;           /* the reading being scored when best holds a win */
  rstate rs;              /* the reading's own counts */
} eval;

static inline bool set_has(const eval *E, const mj_set *s, int t)
{
  if (t < 0 || t >= MJ_KINDS)
    return false;
  if (s->mask & MJ_BIT(t))
    return true;
  if ((s->dyn & MJ_DYN_SEAT) && t == MJ_HONOR_FIRST + E->ctx->seat)
    return true;
  if ((s->dyn & MJ_DYN_ROUND) && t == MJ_HONOR_FIRST + E->ctx->round)
    return true;
  if ((s->dyn & MJ_DYN_WILD) && (E->wild & MJ_BIT(t)))
    return true;
  return false;
}

/* How many of the suits m, p, s the kinds of p hold. */
int mjs_suits_present(mj_tileset p);

static inline mj_tileset set_mask(const eval *E, const mj_set *s)
{
  mj_tileset m = s->mask;
  if (s->dyn & MJ_DYN_SEAT)
    m |= MJ_BIT(MJ_HONOR_FIRST + E->ctx->seat);
  if (s->dyn & MJ_DYN_ROUND)
    m |= MJ_BIT(MJ_HONOR_FIRST + E->ctx->round);
  if (s->dyn & MJ_DYN_WILD)
    m |= E->wild;
  return m;
}

static inline bool is_meld(int type)
{
  return type == MJ_G_CHOW || type == MJ_G_PUNG || type == MJ_G_KONG ||
         type == MJ_G_CKONG;
}

static inline bool is_pung(int type)
{
  return type == MJ_G_PUNG || type == MJ_G_KONG || type == MJ_G_CKONG;
}

static inline int pop32(uint32_t x) { return mj_set_count(x); }

static inline mj_tileset group_tiles(const mj_group *g)
{
  switch (g->type) {
  case MJ_G_CHOW:
    return MJ_BIT(g->tile) | MJ_BIT(g->tile + 1) | MJ_BIT(g->tile + 2);
  case MJ_G_KNITTED:
    return MJ_BIT(g->tile) | MJ_BIT(g->tile + 3) | MJ_BIT(g->tile + 6);
  default: return MJ_BIT(g->tile);
  }
}

/* Parts scoring (parts.c). One line of a reading's parts: what, how
   many. */
typedef struct mjs_part {
  char what[48];
  int value;
} mjs_part;
enum { MJS_MAX_PARTS = 12 };

/* The parts of s's reading (its group wgroup completed by the winning
   tile) before rounding, line by line into out (may be NULL). */
int mjs_parts_lines(const mj_rules *r, const mj_score *s, const mj_ctx *c,
                    mjs_part *out, int *nout);
/* The wait of group g for the winning tile (MJ_WAIT_...). */
int mjs_group_wait(const mj_group *g, mj_tile win);
/* Score reading d (score.c), and each of its readings by where the
   winning tile went (parts scoring, parts.c). 0 to go on. */
int mjs_on_one_reading(const mj_decomp *d, eval *E);
int mjs_parts_readings(const mj_decomp *d, eval *E);
/* The groups of d the winning tile may complete (two alike once). */
int mjs_parts_groups(const mj_decomp *d, mj_tile win, int out[MJ_MAX_GROUPS]);
/* The explanation's parts, base, limit and payments lines. */
void mjs_parts_explain(const mj_rules *r, const mj_hand *h, const mj_score *s,
                       char *buf, size_t cap, size_t *len);
/* Parts scoring's step 3: parts, fans, limits, the base, the total. */
void mjs_parts_totals(const mj_rules *r, mj_score *s, const mj_ctx *c);

/* Fan sets (bit k: the fan at position k of the exclusion order). */

#define ROW(f, r) mj_filter_row((f), (r))
/* The same where the caller's nw is the filter's width, a constant in
   the common rulesets' copies (no load, no multiply) */
#define ROWN(f, r) ((const uint64_t *)(f)->row + (size_t)(r) * (size_t)nw)

static inline bool fs_has(const uint64_t *a, int pos)
{
  return a[pos >> 6] >> (pos & 63) & 1;
}

static inline bool fs_meets(const uint64_t *a, const uint64_t *b, int nw)
{
  for (int k = 0; k < nw; k++)
    if (a[k] & b[k])
      return true;
  return false;
}

/* Each set bit of a fan set into pos (declared before), upwards; the
   body may continue, not break. */
#define FS_EACH(pos, set, nw)                                           \
  for (int fs_k = 0; fs_k < (nw); fs_k++)                               \
    for (uint64_t fs_w = (set)[fs_k];                                   \
         fs_w != 0 && ((pos) = fs_k * 64 + __builtin_ctzll(fs_w), 1);   \
         fs_w &= fs_w - 1)

/* The steps the files of the engine share (score.c unless said). */
void mjs_build_view(eval *E, const mj_decomp *d, mj_view *v);
void mjs_view_wait(eval *E, mj_view *v);
bool mjs_clause_ok(const eval *E, const mj_fan_def *f, const mj_clause *c,
                   const mj_view *v);
bool mjs_fan_pos(const eval *E, int fi, const mj_group *const *gs, int n);
bool mjs_match_fan(eval *E, int i, const mj_view *v, rstate *rs);
void mjs_tile_filter(const eval *E, const mj_view *v, uint64_t *out);
void mjs_read_filter(eval *E, mj_view *v, uint64_t *out);
bool mjs_score_reading(eval *E, const mj_decomp *d);
/* The concealed tiles before the winning one, as the tables read them. */
const mj_tileview *mjs_pre_view(eval *E);
/* A reading scored, the best so far kept (mj_decompose's callback). */
int mjs_on_reading(const mj_decomp *d, void *ud);
/* score_hand.c: the hand's context checked, E made ready for it */
mj_status mjs_prepare(eval *E, const mj_rules *r, const mj_hand *h,
                      mj_score *out, mj_error *err);
eval *mjs_eval_get(void);
void mjs_eval_put(eval *E);
/* combo.c: the combination fans of the melds of one type (0 chows,
   1 pungs) under account-once, into rs */
void mjs_combos(eval *E, const mj_view *v, int type, rstate *rs);
/* The combination fans the melds of a counted one also make, left out by
   account-once: added to s's exemptions (once per hand, for the text). */
void mjs_combo_shadowed(const eval *E, mj_score *s);

#endif
