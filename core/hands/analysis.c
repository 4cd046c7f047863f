/*
** analysis.c
** Is-win, shanten, waits and useful tiles from the per-suit tables that
** gen_tables.c computes at build time (tables.c embeds them).
**
** Everything rests on one number per suit vector v and (m, p): use[m][p],
** the most tiles of v that fit into m melds and p pairs of the suit, with
** no rank asked for more than 4 copies. A hand with M melds to make (4
** minus its declared melds) and W wilds then needs
**     (3M + 2) - max(sum of use over the suits) - W
** more tiles to win; its shanten is that minus one. The honors have the
** same table (pungs and pairs only).
*/
#include "analysis.h"

#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "bighand.h"
#include "tables.h"

enum { SUIT_N = MJ_SUIT_N, HONOR_N = MJ_HONOR_N };

#define SUSE (mj_tables_blob + MJ_TB_SUSE)
#define SCOST (mj_tables_blob + MJ_TB_SCOST)
#define HUSE (mj_tables_blob + MJ_TB_HUSE)
#define HCOST (mj_tables_blob + MJ_TB_HCOST)

/* Group g's entry of the wait table (tables.h) for index idx. */
static inline unsigned group_wait(int g, uint32_t idx)
{
  uint16_t m;
  memcpy(&m,
         mj_tables_blob + (g < 3 ? MJ_TB_WAIT : MJ_TB_HWAIT) + 2 * (size_t)idx,
         2);
  return m;
}

static const uint32_t pow5[10] = { 1, 5, 25, 125, 625, 3125, 15625, 78125,
                                   390625, 1953125 };

static inline uint64_t load5(const unsigned char *p)
{
  return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
         (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32;
}

static inline int nib(uint64_t u, int m, int p)
{
  return (int)(u >> (4 * (m * 2 + p))) & 15;
}

static inline uint32_t suit_idx(const uint8_t *c)
{
  uint32_t x = c[8];
  for (int r = 7; r >= 0; r--)
    x = x * 5 + c[r];
  return x;
}

static inline uint32_t honor_idx(const uint8_t *c)
{
  uint32_t x = c[6];
  for (int r = 5; r >= 0; r--)
    x = x * 5 + c[r];
  return x;
}

uint32_t mj_suit_index(const uint8_t c[9]) { return suit_idx(c); }

int mj_suit_use(uint32_t index, int m, int p)
{
  if (index >= SUIT_N || m < 0 || m > 4 || p < 0 || p > 1)
    return 0;
  return nib(load5(SUSE + (size_t)index * 5), m, p);
}

int mj_suit_cost(uint32_t index, int p)
{
  if (index >= SUIT_N)
    return 15;
  return p ? SCOST[index] >> 4 : SCOST[index] & 15;
}

/* {====================================================================
** Views
** ===================================================================== */

void mj_tileview_init(mj_tileview *v, const mj_hand *h, mj_tileset wild)
{
  const uint8_t *c = mj_hand_counts(h);
  const mj_meld *m = mj_hand_melds(h);
  memcpy(v->c, c, MJ_KINDS);
  v->wild = wild & MJ_SET_ALL;
  v->wilds = 0;
  for (mj_tileset w = v->wild; w; w &= w - 1) {
    int t = __builtin_ctzll(w);
    v->wilds = (uint8_t)(v->wilds + v->c[t]);
    v->c[t] = 0;
  }
  v->melds = (uint8_t)mj_hand_nmelds(h);
  v->melds_th = 0;
  for (int i = 0; i < v->melds; i++)
    if (m[i].type != MJ_CHOW &&
        (mj_tile_is_honor(m[i].tile) || mj_tile_is_terminal(m[i].tile)))
      v->melds_th++;
  v->ntiles = (uint8_t)mj_hand_ntiles(h);
  /* five sets when the hand is bigger than four sets and a pair */
  v->sets = (uint8_t)(v->ntiles + 3 * v->melds > 15 ? 5 : 4);
  /* the hand keeps its copy masks: the wild kinds leave them */
  const mj_tileset *at = mj_hand_copies(h);
  for (int k = 0; k < 4; k++)
    v->at[k] = at[k] & ~v->wild;
  v->idx[0] = suit_idx(v->c);
  v->idx[1] = suit_idx(v->c + 9);
  v->idx[2] = suit_idx(v->c + 18);
  v->idx[3] = honor_idx(v->c + MJ_HONOR_FIRST);
}

void mj_tileview_sync(mj_tileview *v)
{
  v->idx[0] = suit_idx(v->c);
  v->idx[1] = suit_idx(v->c + 9);
  v->idx[2] = suit_idx(v->c + 18);
  v->idx[3] = honor_idx(v->c + MJ_HONOR_FIRST);
  mj_count_masks(v->c, v->at);
}

static inline int group_of(int t) { return t < MJ_HONOR_FIRST ? t / 9 : 3; }
static inline int rank0(int t)
{
  return t < MJ_HONOR_FIRST ? t % 9 : t - MJ_HONOR_FIRST;
}

void mj_tileview_add_face(mj_tileview *v, mj_tile t)
{
  v->at[v->c[t] & 3] |= MJ_BIT(t);
  v->c[t]++;
  v->idx[group_of(t)] += pow5[rank0(t)];
  v->ntiles++;
}

void mj_tileview_remove_face(mj_tileview *v, mj_tile t)
{
  v->c[t]--;
  v->at[v->c[t] & 3] &= ~MJ_BIT(t);
  v->idx[group_of(t)] -= pow5[rank0(t)];
  v->ntiles--;
}

void mj_tileview_add(mj_tileview *v, mj_tile t)
{
  if (v->wild & MJ_BIT(t)) {
    v->wilds++;
    v->ntiles++;
  } else {
    mj_tileview_add_face(v, t);
  }
}

void mj_tileview_remove(mj_tileview *v, mj_tile t)
{
  if (v->wild & MJ_BIT(t)) {
    v->wilds--;
    v->ntiles--;
  } else {
    mj_tileview_remove_face(v, t);
  }
}

/* }==================================================================== */

/* {====================================================================
** Standard shape
** ===================================================================== */

/*
** best_t: for m = 0..M melds, the most tiles of some groups usable in m
** melds and no pair (lane m) or one pair (lane 8 + m). Lanes over 4 and
** 5..7, 13..15 stay zero. The folds are max-plus convolutions, done on
** all lanes at once with the compiler's vector extension (SSE2 or NEON;
** plain code elsewhere): for each k, the lanes moved up by k, plus the
** other side's k-meld entries, the impossible lanes (m < k) masked off.
** Every entry is at least 0, so a masked lane (0) never wins wrongly.
*/
typedef uint8_t v16 __attribute__((vector_size(16)));
typedef uint64_t v2x64 __attribute__((vector_size(16)));
typedef struct best_t { v16 x; } best_t;

#define BV0(b, m) ((int)(b)->x[(m)])
#define BV1(b, m) ((int)(b)->x[8 + (m)])

static inline v16 vmax(v16 a, v16 b)
{
  v16 gt = (v16)(a > b);
  return (a & gt) | (b & ~gt);
}

/* A group's use u as lanes: nibble 2m is lane m, nibble 2m+1 lane 8+m. */
static inline v16 use_lanes(uint64_t u)
{
  v2x64 w = { u & 0x0f0f0f0f0fULL, (u >> 4) & 0x0f0f0f0f0fULL };
  v16 r;
  memcpy(&r, &w, sizeof r);
  return r;
}

/*
** The lanes of x moved up by k (0..4), zeros in: the whole register
** shifted. Lanes 5..7 being zero, each half's lanes stay in their half
** as far as the masks of the caller keep them (lanes m >= k, m <= 4).
*/
static inline v16 lanes_up(v16 x, int k)
{
  const v16 z = { 0 };
#define UP(k)                                                                 \
  __builtin_shufflevector(z, x, 16 - (k), 17 - (k), 18 - (k), 19 - (k),       \
                          20 - (k), 21 - (k), 22 - (k), 23 - (k), 24 - (k),   \
                          25 - (k), 26 - (k), 27 - (k), 28 - (k), 29 - (k),   \
                          30 - (k), 31 - (k))
  switch (k) {
  case 0: return x;
  case 1: return UP(1);
  case 2: return UP(2);
  case 3: return UP(3);
  case 4: return UP(4);
  case 8: return UP(8);
  case 9: return UP(9);
  case 10: return UP(10);
  case 11: return UP(11);
  default: return UP(12);
  }
#undef UP
}

/* The low half (no pair) of x moved up by k into the high half. */
static inline v16 low_up_high(v16 x, int k) { return lanes_up(x, 8 + k); }

/* The lanes of m = k..4 in both halves, and the high half alone. */
#define F 0xff
static const v16 lanes_from[5] = {
  { F, F, F, F, F, 0, 0, 0, F, F, F, F, F, 0, 0, 0 },
  { 0, F, F, F, F, 0, 0, 0, 0, F, F, F, F, 0, 0, 0 },
  { 0, 0, F, F, F, 0, 0, 0, 0, 0, F, F, F, 0, 0, 0 },
  { 0, 0, 0, F, F, 0, 0, 0, 0, 0, 0, F, F, 0, 0, 0 },
  { 0, 0, 0, 0, F, 0, 0, 0, 0, 0, 0, 0, F, 0, 0, 0 },
};
static const v16 lanes_high = { 0, 0, 0, 0, 0, 0, 0, 0,
                                F, F, F, F, F, 0, 0, 0 };
#undef F

/* b (+) g: for each m, the best of b's m - k and g's k melds (no pair
** + no pair in the low half; pair + no pair, no pair + pair high). */
static inline v16 lanes_fold(v16 b, v16 g, int M)
{
  v16 r = (b + g[0]) & lanes_from[0];
  r = vmax(r, (low_up_high(b, 0) + g[8]) & lanes_high);
  for (int k = 1; k <= M; k++) {
    r = vmax(r, (lanes_up(b, k) + g[k]) & lanes_from[k]);
    r = vmax(r, (low_up_high(b, k) + g[8 + k]) & lanes_from[k] & lanes_high);
  }
  return r;
}

static inline void best_init(best_t *b, uint64_t u, int M)
{
  (void)M;
  b->x = use_lanes(u);
}

static inline void best_fold(best_t *b, uint64_t u, int M)
{
  b->x = lanes_fold(b->x, use_lanes(u), M);
}

/* best_fold with a fold for the other side: a = a (+) b. */
static inline void best_merge(best_t *a, const best_t *b, int M)
{
  a->x = lanes_fold(a->x, b->x, M);
}

/* The final fold, only for [M][1]. */
static inline int best_last(const best_t *b, uint64_t u, int M)
{
  int best = -1;
  for (int k = 0; k <= M; k++) {
    int x = BV1(b, M - k) + nib(u, k, 0);
    int y = BV0(b, M - k) + nib(u, k, 1);
    if (x > best)
      best = x;
    if (y > best)
      best = y;
  }
  return best;
}

/*
** The slots (m, p) of a group with use u where one more usable tile of
** the group raises the total over the fold b of the other groups: those
** that reach the total base already. As a mask of u's nibbles.
*/
static inline uint64_t tight_slots(const best_t *b, uint64_t u, int M,
                                   int base)
{
  uint64_t T = 0;
  for (int k = 0; k <= M; k++) {
    if (BV1(b, M - k) + nib(u, k, 0) == base)
      T |= (uint64_t)1 << (8 * k);
    if (BV0(b, M - k) + nib(u, k, 1) == base)
      T |= (uint64_t)1 << (8 * k + 4);
  }
  return T;
}

/* The use tables of the four groups with table indices idx. */
static inline void uses_of(const uint32_t idx[4], uint64_t u[4])
{
  u[0] = load5(SUSE + (size_t)idx[0] * 5);
  u[1] = load5(SUSE + (size_t)idx[1] * 5);
  u[2] = load5(SUSE + (size_t)idx[2] * 5);
  u[3] = load5(HUSE + (size_t)idx[3] * 5);
}

/* Most tiles of the four groups usable in M melds and one pair. */
static int uses_best(const uint64_t u[4], int M)
{
  best_t b;
  best_init(&b, u[0], M);
  best_fold(&b, u[1], M);
  best_fold(&b, u[2], M);
  return best_last(&b, u[3], M);
}

/* The same for the counts c of the 34 kinds. */
static int std_best(const uint8_t *c, int M)
{
  uint32_t idx[4] = { suit_idx(c), suit_idx(c + 9), suit_idx(c + 18),
                      honor_idx(c + MJ_HONOR_FIRST) };
  uint64_t u[4];
  uses_of(idx, u);
  return uses_best(u, M);
}

static int slots_of(const mj_tileview *v)
{
  return 3 * (v->sets - v->melds) + 2;
}

static int view_best(const mj_tileview *v, int M)
{
  uint64_t u[4];
  uses_of(v->idx, u);
  return uses_best(u, M);
}

static int view_need(const mj_tileview *v)
{
  unsigned char k[4] = { SCOST[v->idx[0]], SCOST[v->idx[1]], SCOST[v->idx[2]],
                         HCOST[v->idx[3]] };
  int sum0 = (k[0] & 15) + (k[1] & 15) + (k[2] & 15) + (k[3] & 15), need = 99;
  for (int g = 0; g < 4; g++) {
    int x = sum0 - (k[g] & 15) + (k[g] >> 4);
    if (x < need)
      need = x;
  }
  return need;
}

int mj_melds_need(const mj_tileview *v)
{
  return (SCOST[v->idx[0]] & 15) + (SCOST[v->idx[1]] & 15) +
         (SCOST[v->idx[2]] & 15) + (HCOST[v->idx[3]] & 15);
}

static int shanten_standard(const mj_tileview *v)
{
  int M = 4 - v->melds;
  if (M < 0)
    return MJ_SHANTEN_NONE;
  return slots_of(v) - 1 - view_best(v, M) - v->wilds;
}

/* }==================================================================== */

/* {====================================================================
** Special shapes
** ===================================================================== */

const uint8_t mj_knitted_seq[6][3] = {
  { 1, 2, 3 }, { 1, 3, 2 }, { 2, 1, 3 }, { 2, 3, 1 }, { 3, 1, 2 }, { 3, 2, 1 }
};

#define TH_SET                                                                 \
  ((mj_tileset)0x7fULL << MJ_HONOR_FIRST | MJ_BIT(0) | MJ_BIT(8) | MJ_BIT(9) | \
   MJ_BIT(17) | MJ_BIT(18) | MJ_BIT(26))
#define HONOR_SET ((mj_tileset)0x7fULL << MJ_HONOR_FIRST)

static inline int pop(mj_tileset x) { return mj_set_count(x); }

/* The nine tiles of knitted sequence i. */
static mj_tileset knit_set[6];
static once_flag knit_once = ONCE_FLAG_INIT;

static void knit_init(void)
{
  for (int i = 0; i < 6; i++) {
    knit_set[i] = 0;
    for (int s = 0; s < 3; s++)
      for (int r = mj_knitted_seq[i][s]; r <= 9; r += 3)
        knit_set[i] |= MJ_BIT(s * 9 + r - 1);
  }
}

static int shanten_pairs(const mj_tileview *v, bool quads)
{
  if (v->melds != 0)
    return MJ_SHANTEN_NONE;
  int P, S;
  if (quads) {
    P = pop(v->at[1]) + pop(v->at[3]);
    S = pop(v->at[0]) - pop(v->at[1]) + pop(v->at[2]) - pop(v->at[3]);
  } else {
    P = pop(v->at[1]);
    S = pop(v->at[0] & ~v->at[1]);
  }
  if (P > 7)
    P = 7;
  int kept = 2 * P + (S < 7 - P ? S : 7 - P);
  return 13 - kept - v->wilds;
}

static int shanten_orphans(const mj_tileview *v)
{
  if (v->melds != 0)
    return MJ_SHANTEN_NONE;
  return 13 - pop(v->at[0] & TH_SET) - ((v->at[1] & TH_SET) != 0) - v->wilds;
}

static int shanten_honors_knitted(const mj_tileview *v)
{
  if (v->melds != 0)
    return MJ_SHANTEN_NONE;
  call_once(&knit_once, knit_init);
  int best = 0;
  for (int i = 0; i < 6; i++) {
    int k = pop(v->at[0] & (knit_set[i] | HONOR_SET));
    if (k > best)
      best = k;
  }
  if (best > 14)
    best = 14;
  return 13 - best - v->wilds;
}

static int shanten_knitted(const mj_tileview *v, int goal)
{
  if (v->melds > 1)
    return MJ_SHANTEN_NONE;
  int M = 1 - v->melds, best = 0, real = v->ntiles - v->wilds;
  int rest = 3 * M + 2;
  call_once(&knit_once, knit_init);
  /* a quick bound over the six sequences first */
  int top = 0;
  for (int i = 0; i < 6; i++) {
    int k9 = pop(v->at[0] & knit_set[i]);
    if (k9 > top)
      top = k9;
  }
  if (top + (real - top < rest ? real - top : rest) + v->wilds <
      slots_of(v) - goal)
    return MJ_SHANTEN_NONE;
  /* kept tiles needed to get under goal */
  int need = slots_of(v) - 1 - v->wilds - goal + 1;
  call_once(&knit_once, knit_init);
  for (int i = 0; i < 6; i++) {
    uint8_t c[MJ_KINDS];
    int k9 = pop(v->at[0] & knit_set[i]);
    int bound = k9 + (real - k9 < rest ? real - k9 : rest);
    if (bound <= best || bound < need)
      continue;
    k9 = 0;
    memcpy(c, v->c, MJ_KINDS);
    for (int s = 0; s < 3; s++)
      for (int r = mj_knitted_seq[i][s]; r <= 9; r += 3)
        if (c[s * 9 + r - 1] > 0) {
          c[s * 9 + r - 1]--;
          k9++;
        }
    int k = k9 + std_best(c, M);
    if (k > best)
      best = k;
  }
  return slots_of(v) - 1 - best - v->wilds;
}

/* 十三浪: per suit, a set of ranks pairwise 3 or more apart (at most 3). */
static int8_t lan_overlap[512][4];   /* [mask][size] best overlap, -1 none */
static once_flag lan_once = ONCE_FLAG_INIT;

static void lan_init(void)
{
  for (int mask = 0; mask < 512; mask++)
    for (int k = 0; k < 4; k++)
      lan_overlap[mask][k] = -1;
  for (int set = 0; set < 512; set++) {
    int size = mj_lan_size((unsigned)set);
    if (size < 0 || size > 3)
      continue;
    for (int mask = 0; mask < 512; mask++) {
      int ov = pop((mj_tileset)(mask & set));
      if (ov > lan_overlap[mask][size])
        lan_overlap[mask][size] = (int8_t)ov;
    }
  }
}

static int shanten_shisanlan(const mj_tileview *v)
{
  if (v->melds != 0)
    return MJ_SHANTEN_NONE;
  call_once(&lan_once, lan_init);
  int mask[3];
  for (int s = 0; s < 3; s++) {
    mask[s] = 0;
    for (int r = 0; r < 9; r++)
      if (v->c[s * 9 + r])
        mask[s] |= 1 << r;
  }
  int H = pop(v->at[0] & HONOR_SET), best = -1;
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 4; b++)
      for (int c = 0; c < 4; c++) {
        int h = 14 - a - b - c;
        if (h < 0 || h > 7)
          continue;
        int oa = lan_overlap[mask[0]][a], ob = lan_overlap[mask[1]][b];
        int oc = lan_overlap[mask[2]][c];
        if (oa < 0 || ob < 0 || oc < 0)
          continue;
        int k = oa + ob + oc + (H < h ? H : h);
        if (k > best)
          best = k;
      }
  if (best < 0)
    return MJ_SHANTEN_NONE;
  return 13 - best - v->wilds;
}

static int shanten_jiuyao(const mj_tileview *v)
{
  if (v->melds_th < v->melds)
    return MJ_SHANTEN_NONE;
  int kept = pop(v->at[0] & TH_SET) + pop(v->at[1] & TH_SET) +
             pop(v->at[2] & TH_SET) + pop(v->at[3] & TH_SET);
  return slots_of(v) - 1 - kept - v->wilds;
}

static int shape_shanten(const mj_tileview *v, const mj_shape_cfg *cfg, int s)
{
  if (!(cfg->shapes & MJ_SHAPE_BIT(s)))
    return MJ_SHANTEN_NONE;
  switch (s) {
  case MJ_SHAPE_STANDARD: return shanten_standard(v);
  case MJ_SHAPE_PAIRS: return shanten_pairs(v, cfg->pair_quads);
  case MJ_SHAPE_ORPHANS: return shanten_orphans(v);
  case MJ_SHAPE_HONORS_KNITTED: return shanten_honors_knitted(v);
  case MJ_SHAPE_KNITTED: return shanten_knitted(v, MJ_SHANTEN_NONE + 1);
  case MJ_SHAPE_SHISANLAN: return shanten_shisanlan(v);
  case MJ_SHAPE_JIUYAO: return shanten_jiuyao(v);
  default: return MJ_SHANTEN_NONE;
  }
}

/* }==================================================================== */

/*
** The least shanten over the shapes, and in *which the shapes that reach
** it. Shapes that cannot get under the best so far are cut short.
*/
static int min_shanten_std(const mj_tileview *v, const mj_shape_cfg *cfg,
                           unsigned *which, int std);

static int min_shanten(const mj_tileview *v, const mj_shape_cfg *cfg,
                       unsigned *which)
{
  if (__builtin_expect(v->sets > 4, 0)) {
    four_view x;
    return five_as_four(v, cfg, &x) ? min_shanten(&x.v, &x.cfg, which)
                                    : mjb_shanten_which(v, cfg, which);
  }
  int std = (cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD))
                ? shanten_standard(v)
                : MJ_SHANTEN_NONE + 1;
  return min_shanten_std(v, cfg, which, std);
}

/* min_shanten with the standard shape's shanten std known. */
static int min_shanten_std(const mj_tileview *v, const mj_shape_cfg *cfg,
                           unsigned *which, int std)
{
  int best = MJ_SHANTEN_NONE + 1;
  unsigned w = 0;
  if (cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)) {
    best = std;
    w = MJ_SHAPE_BIT(MJ_SHAPE_STANDARD);
  }
  for (int s = 1; s < MJ_SHAPE_COUNT; s++) {
    if (!(cfg->shapes & MJ_SHAPE_BIT(s)))
      continue;
    int x = s == MJ_SHAPE_KNITTED ? shanten_knitted(v, best + 1)
                                  : shape_shanten(v, cfg, s);
    if (x < best) {
      best = x;
      w = MJ_SHAPE_BIT(s);
    } else if (x == best) {
      w |= MJ_SHAPE_BIT(s);
    }
  }
  if (which != NULL)
    *which = best > MJ_SHANTEN_NONE ? 0 : w;
  return best > MJ_SHANTEN_NONE ? MJ_SHANTEN_NONE : best;
}

int mj_shape_shanten_below(const mj_tileview *v, const mj_shape_cfg *cfg,
                           mj_shape s, int goal)
{
  if (__builtin_expect(v->sets > 4, 0)) {
    four_view x;
    return s == MJ_SHAPE_STANDARD && five_as_four(v, cfg, &x)
               ? min_shanten(&x.v, &x.cfg, NULL)
               : mjb_shape_shanten(v, cfg, s);
  }
  return s == MJ_SHAPE_KNITTED && (cfg->shapes & MJ_SHAPE_BIT(s))
             ? shanten_knitted(v, goal)
             : shape_shanten(v, cfg, s);
}

int mj_shanten(const mj_tileview *v, const mj_shape_cfg *cfg,
               int per_shape[MJ_SHAPE_COUNT])
{
  if (per_shape == NULL)
    return min_shanten(v, cfg, NULL);
  int best = MJ_SHANTEN_NONE;
  for (int s = 0; s < MJ_SHAPE_COUNT; s++) {
    int x = v->sets > 4 ? mj_shape_shanten_below(v, cfg, (mj_shape)s, 0)
                        : shape_shanten(v, cfg, s);
    per_shape[s] = x;
    if (x < best)
      best = x;
  }
  return best;
}

/*
** Without wilds, can special shape s be refused from the copy masks
** alone: complete (open 0) or one tile short (open 1)? Seven pairs want
** no kind with an odd count (one when short), thirteen orphans only
** terminals and honors, the knitted-honors shapes no kind twice, the
** knitted straight the nine tiles of one of its sequences (eight).
*/
static bool refused(const mj_tileview *v, int s, int open)
{
  if (v->wilds != 0 || s == MJ_SHAPE_STANDARD || s == MJ_SHAPE_JIUYAO)
    return false;
  if (v->melds > (s == MJ_SHAPE_KNITTED ? 1 : 0))
    return true;
  switch (s) {
  case MJ_SHAPE_KNITTED: {
    call_once(&knit_once, knit_init);
    for (int i = 0; i < 6; i++) {
      mj_tileset missing = knit_set[i] & ~v->at[0];
      if (missing == 0 || (open && (missing & (missing - 1)) == 0))
        return false;
    }
    return true;
  }
  case MJ_SHAPE_PAIRS: { /* no odd kind, or exactly one when short */
    mj_tileset odd = v->at[0] ^ v->at[1] ^ v->at[2] ^ v->at[3];
    return open ? odd == 0 || (odd & (odd - 1)) != 0 : odd != 0;
  }
  case MJ_SHAPE_ORPHANS: return (v->at[0] & ~TH_SET) != 0;
  case MJ_SHAPE_HONORS_KNITTED: case MJ_SHAPE_SHISANLAN: return v->at[1] != 0;
  default: return false;
  }
}

/* shapes without those refused() turns down for their melds at once:
   with melds and no wild, only the standard shape, 九幺 and (one meld)
   the knitted straight take them. */
static unsigned shapes_with_melds(const mj_tileview *v, unsigned shapes)
{
  if (v->wilds == 0 && v->melds > 0)
    shapes &= MJ_SHAPE_BIT(MJ_SHAPE_STANDARD) | MJ_SHAPE_BIT(MJ_SHAPE_JIUYAO) |
              (v->melds == 1 ? MJ_SHAPE_BIT(MJ_SHAPE_KNITTED) : 0);
  return shapes;
}

bool mj_is_win_shape(const mj_tileview *v, const mj_shape_cfg *cfg, mj_shape s)
{
  return (mj_win_shapes(v, cfg, MJ_SHAPE_BIT(s)) & MJ_SHAPE_BIT(s)) != 0;
}

unsigned mj_win_shapes(const mj_tileview *v, const mj_shape_cfg *cfg,
                       unsigned shapes)
{
  unsigned win = 0;
  if (__builtin_expect(v->ntiles + 3 * v->melds != 14, 0))  /* five sets */
    return v->melds == 0 ? mjb_win_shapes(v, cfg, shapes)
           : (shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)) && mj_is_win(v, cfg)
               ? MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)
               : 0;
  shapes = shapes_with_melds(v, shapes & cfg->shapes);
  if ((shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)) && view_need(v) <= v->wilds)
    win |= MJ_SHAPE_BIT(MJ_SHAPE_STANDARD);
  for (unsigned left = shapes & ~MJ_SHAPE_BIT(MJ_SHAPE_STANDARD); left;
       left &= left - 1) {
    int s = __builtin_ctz(left);
    if (refused(v, s, 0))
      continue;
    if ((s == MJ_SHAPE_KNITTED ? shanten_knitted(v, 0)
                               : shape_shanten(v, cfg, s)) == -1)
      win |= MJ_SHAPE_BIT(s);
  }
  return win;
}

bool mj_is_win(const mj_tileview *v, const mj_shape_cfg *cfg)
{
  /* four sets and a pair, or (a 16-tile table) five */
  if (__builtin_expect(v->ntiles + 3 * v->melds != 14, 0)) {
    four_view x;
    if (v->sets <= 4 || v->ntiles != slots_of(v) || v->melds > v->sets)
      return false;
    return five_as_four(v, cfg, &x) ? mj_is_win(&x.v, &x.cfg)
                                    : mjb_is_win(v, cfg);
  }
  if ((cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)) &&
      view_need(v) <= v->wilds)
    return true;
  unsigned others = shapes_with_melds(v, cfg->shapes);
  for (int s = 1; others >> s; s++)
    if ((others & MJ_SHAPE_BIT(s)) && !refused(v, s, 0) &&
        (s == MJ_SHAPE_KNITTED ? shanten_knitted(v, 0)
                               : shape_shanten(v, cfg, s)) == -1)
      return true;
  return false;
}

/* Copies of t the player holds and the table shows. */
static int live_of(mj_tile t, const uint8_t *held, const uint8_t *visible)
{
  int x = 4 - (held ? held[t] : 0) - (visible ? visible[t] : 0);
  return x < 0 ? 0 : x;
}

/* The kinds of set s, after the n entries of out already there, as
** waits with their live copies (kinds the player holds four of left
** out). Returns the new count. */
static int waits_list(mj_tileset s, const uint8_t held[MJ_KINDS],
                      const uint8_t visible[MJ_KINDS], mj_wait out[MJ_KINDS],
                      int n)
{
  for (; s; s &= s - 1) {
    int t = __builtin_ctzll(s);
    if (!(held != NULL && held[t] >= 4)) {
      out[n].tile = (mj_tile)t;
      out[n].live = (uint8_t)live_of((mj_tile)t, held, visible);
      n++;
    }
  }
  return n;
}

static int waits_upto(const mj_tileview *v, const mj_shape_cfg *cfg,
                      const uint8_t held[MJ_KINDS],
                      const uint8_t visible[MJ_KINDS], mj_wait out[MJ_KINDS],
                      int max);

int mj_waits(const mj_tileview *v, const mj_shape_cfg *cfg,
             const uint8_t held[MJ_KINDS], const uint8_t visible[MJ_KINDS],
             mj_wait out[MJ_KINDS])
{
  return waits_upto(v, cfg, held, visible, out, MJ_KINDS);
}

int mj_count_waits(const mj_tileview *v, const mj_shape_cfg *cfg, int max)
{
  mj_wait w[MJ_KINDS];
  return waits_upto(v, cfg, NULL, NULL, w, max);
}

/*
** The standard-shape waits of a view without wilds, one tile short: the
** tile goes to one group (a suit, or the honors) and makes it whole, and
** the other groups are whole already with one pair among them if the
** group is made whole as melds (it holds 2 mod 3 tiles), none if with
** the pair (1 mod 3).
*/
static mj_tileset whole_waits(const mj_tileview *v)
{
  unsigned w[4];
  int whole = 0, pair = 0;
  for (int g = 0; g < 4; g++) {
    w[g] = group_wait(g, v->idx[g]);
    if (w[g] >> 11 & 1)
      whole |= 1 << g, pair |= ((w[g] >> 9 & 3) == 2) << g;
  }
  mj_tileset win = 0;
  for (int g = 0; g < 4; g++) {
    int mod = w[g] >> 9 & 3, others = pair & ~(1 << g);
    if ((whole | 1 << g) != 15 || mod == 0 || (others != 0) != (mod == 2) ||
        (others & (others - 1)) != 0)
      continue;
    win |= (mj_tileset)(w[g] & 0x1ff) << (9 * g);
  }
  return win;
}

/* The shapes of cfg in which v is ready (the standard shape always: its
   waits come straight from the cost table, with no shanten first). */
static unsigned ready_shapes(const mj_tileview *v, const mj_shape_cfg *cfg)
{
  unsigned which = cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD);
  unsigned others = shapes_with_melds(v, cfg->shapes) & ~which;
  for (int s = 1; others >> s; s++)
    if ((others & MJ_SHAPE_BIT(s)) && !refused(v, s, 1) &&
        (s == MJ_SHAPE_KNITTED ? shanten_knitted(v, 1)
                               : shape_shanten(v, cfg, s)) == 0)
      which |= MJ_SHAPE_BIT(s);
  return which;
}

/* The standard shape's waits of v (with wilds): change one group at a
   time in the cost table. Stops past max tiles when held is NULL (a
   count only). */
static mj_tileset std_waits(const mj_tileview *v, const uint8_t *held,
                            int max, mj_tileset win)
{
  unsigned char k[4] = { SCOST[v->idx[0]], SCOST[v->idx[1]], SCOST[v->idx[2]],
                         HCOST[v->idx[3]] };
  /* for a tile of group g: need = min(pair in g: c1' + S,
     pair elsewhere: c0' + S + D) with S, D over the other groups */
  int S[4], D[4];
  for (int g = 0; g < 4; g++) {
    S[g] = 0;
    D[g] = 99;
    for (int q = 0; q < 4; q++)
      if (q != g) {
        S[g] += k[q] & 15;
        int d = (k[q] >> 4) - (k[q] & 15);
        if (d < D[g])
          D[g] = d;
      }
  }
  /* without wilds a winning tile joins tiles of its own kind or of its
     neighbours; with wilds any tile may */
  uint64_t cand = 0;
  if (v->wilds == 0) {
    for (int g = 0; g < 3; g++) {
      unsigned m = (unsigned)(v->at[0] >> (9 * g)) & 0x1ff;
      m = (m | m << 1 | m << 2 | m >> 1 | m >> 2) & 0x1ff;
      cand |= (uint64_t)m << (9 * g);
    }
    cand |= (v->at[0] & HONOR_SET) | v->wild;
  } else {
    cand = MJ_SET_ALL;
  }
  /* a group's tiles can only win when the other groups allow it */
  for (int g = 0; g < 4; g++)
    if (S[g] > v->wilds && S[g] + D[g] > v->wilds)
      cand &= ~(g < 3 ? (uint64_t)0x1ff << (9 * g)
                      : (uint64_t)0x7f << MJ_HONOR_FIRST) |
              v->wild;
  for (mj_tileset left = cand; left; left &= left - 1) {
    int t = __builtin_ctzll(left);
    int g = group_of(t), r = rank0(t);
    if (v->wild & MJ_BIT(t)) {
      /* a drawn wild fills the missing tile */
      int need = S[0] + (k[0] & 15) + (D[0] < (k[0] >> 4) - (k[0] & 15)
                                       ? D[0] : (k[0] >> 4) - (k[0] & 15));
      if (need <= v->wilds + 1)
        win |= MJ_BIT(t);
      continue;
    }
    if (v->c[t] >= 4)
      continue;
    unsigned char kk =
        g < 3 ? SCOST[v->idx[g] + pow5[r]] : HCOST[v->idx[g] + pow5[r]];
    int a = (kk >> 4) + S[g], b = (kk & 15) + S[g] + D[g];
    if ((a < b ? a : b) <= v->wilds) {
      win |= MJ_BIT(t);
      if (held == NULL && pop(win) >= max)
        break;
    }
  }
  return win;
}

static int waits_upto(const mj_tileview *v, const mj_shape_cfg *cfg,
                      const uint8_t held[MJ_KINDS],
                      const uint8_t visible[MJ_KINDS], mj_wait out[MJ_KINDS],
                      int max)
{
  if (v->ntiles + 1 != slots_of(v) || v->melds > v->sets)
    return 0;
  if (__builtin_expect(v->sets > 4, 0)) {
    four_view x;
    return five_as_four(v, cfg, &x)
               ? waits_upto(&x.v, &x.cfg, held, visible, out, max)
               : waits_list(mjb_waits(v, cfg), held, visible, out, 0);
  }
  mj_tileset win = 0;
  bool plain = (cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)) &&
               v->wilds == 0 && v->wild == 0;
  if (plain) {
    /* a count only: enough standard waits already, no other shape asked */
    win = whole_waits(v);
    int k = pop(win & ~cfg->absent);
    if (held == NULL && k >= max)
      return k;
  }
  unsigned which = ready_shapes(v, cfg);
  if (plain)
    which &= ~MJ_SHAPE_BIT(MJ_SHAPE_STANDARD);
  if (which & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD))
    win = std_waits(v, held, max, win);
  /* the special shapes: each tile tried */
  for (int s = 1; s < MJ_SHAPE_COUNT; s++) {
    if (!(which & MJ_SHAPE_BIT(s)))
      continue;
    mj_tileview x = *v;
    for (int t = 0; t < MJ_KINDS; t++) {
      if ((win & MJ_BIT(t)) || (!(v->wild & MJ_BIT(t)) && v->c[t] >= 4))
        continue;
      mj_tileview_add(&x, (mj_tile)t);
      if (shape_shanten(&x, cfg, s) == -1)
        win |= MJ_BIT(t);
      mj_tileview_remove(&x, (mj_tile)t);
    }
  }
  return waits_list(win & ~cfg->absent, held, visible, out, 0);
}

/* The folds of the groups with uses u from both ends: pre[i] folds
** groups 0..i, suf[i] groups i..3. */
static inline __attribute__((always_inline)) void
ends_fold(const uint64_t u[4], int M, best_t pre[3], best_t suf[4])
{
  best_init(&pre[0], u[0], M);
  pre[1] = pre[0];
  best_fold(&pre[1], u[1], M);
  pre[2] = pre[1];
  best_fold(&pre[2], u[2], M);
  best_init(&suf[3], u[3], M);
  suf[2] = suf[3];
  best_fold(&suf[2], u[2], M);
  suf[1] = suf[2];
  best_fold(&suf[1], u[1], M);
}

/* The fold of every group but g. */
static inline __attribute__((always_inline)) best_t
others_fold(const best_t pre[3], const best_t suf[4], int g, int M)
{
  if (g == 0)
    return suf[1];
  if (g == 3)
    return pre[2];
  best_t b = pre[g - 1];
  best_merge(&b, &suf[g + 1], M);
  return b;
}

/*
** The tiles of cand that raise the standard shape's usable tiles of the
** groups with table indices idx (M melds to make): fold the other groups
** once, from prefixes and suffixes, then try each tile of each group.
*/
static inline __attribute__((always_inline)) mj_tileset
std_gain_m(const uint32_t idx[4], int M, mj_tileset cand)
{
  uint64_t u[4];
  uses_of(idx, u);
  best_t pre[3], suf[4];
  ends_fold(u, M, pre, suf);
  int base = best_last(&pre[2], u[3], M);
  mj_tileset good = 0;
  for (int g = 0; g < 4; g++) {
    int lo = g < 3 ? g * 9 : MJ_HONOR_FIRST;
    mj_tileset mine =
        cand & (g < 3 ? (mj_tileset)0x1ff << lo : (mj_tileset)0x7f << lo);
    if (mine == 0)
      continue;
    best_t b = others_fold(pre, suf, g, M);
    /* one more tile of the group raises the total only through a slot
       (k melds, p pairs) that reaches the total already: a tile is useful
       when it raises such a slot (by one: use never grows more) */
    uint64_t T = tight_slots(&b, u[g], M, base);
    if (T == 0)
      continue;
    const unsigned char *tab = g < 3 ? SUSE : HUSE;
    for (; mine; mine &= mine - 1) {
      int t = __builtin_ctzll(mine);
      uint64_t nu = load5(tab + (size_t)(idx[g] + pow5[t - lo]) * 5);
      if ((nu - u[g]) & T)
        good |= MJ_BIT(t);
    }
  }
  return good;
}

int mj_discard_shanten(const mj_tileview *v, const mj_shape_cfg *cfg,
                       mj_tileset tiles, int sh[MJ_KINDS],
                       unsigned which[MJ_KINDS])
{
  if (__builtin_expect(v->sets > 4, 0)) {
    four_view x;
    return five_as_four(v, cfg, &x)
               ? mj_discard_shanten(&x.v, &x.cfg, tiles, sh, which)
               : mjb_discard_shanten(v, cfg, tiles, sh, which);
  }
  int M = 4 - v->melds, n = 0;
  bool std = (cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)) && M >= 0;
  uint64_t u[4];
  best_t pre[3], suf[4];
  if (std) {   /* the folds of all groups but one, as in std_gain */
    uses_of(v->idx, u);
    ends_fold(u, M, pre, suf);
  }
  int slots = slots_of(v);
  for (int g = 0; g < 4; g++) {
    int lo = g < 3 ? g * 9 : MJ_HONOR_FIRST;
    mj_tileset mine = tiles & (g < 3 ? (mj_tileset)0x1ff << lo
                                     : (mj_tileset)0x7f << lo);
    if (mine == 0)
      continue;
    best_t b = { { 0 } };
    if (std)
      b = others_fold(pre, suf, g, M);
    for (; mine; mine &= mine - 1) {
      int t = __builtin_ctzll(mine);
      bool wild = (v->wild & MJ_BIT(t)) != 0;
      if (wild ? v->wilds == 0 : v->c[t] == 0)
        continue;
      mj_tileview x = *v;
      mj_tileview_remove(&x, (mj_tile)t);
      int s0 = (cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)) && M < 0
                   ? MJ_SHANTEN_NONE
                   : MJ_SHANTEN_NONE + 1;
      if (std && wild) {
        s0 = shanten_standard(&x);
      } else if (std) {
        const unsigned char *tab = g < 3 ? SUSE : HUSE;
        uint64_t nu = load5(tab + (size_t)(v->idx[g] - pow5[t - lo]) * 5);
        s0 = slots - 1 - best_last(&b, nu, M) - x.wilds;
      }
      sh[t] = min_shanten_std(&x, cfg, &which[t], s0);
      n++;
    }
  }
  return n;
}

/* std_gain with its loops unrolled for each M. */
static mj_tileset std_gain(const uint32_t idx[4], int M, mj_tileset cand)
{
  switch (M) {
  case 4: return std_gain_m(idx, 4, cand);
  case 3: return std_gain_m(idx, 3, cand);
  case 2: return std_gain_m(idx, 2, cand);
  case 1: return std_gain_m(idx, 1, cand);
  default: return std_gain_m(idx, 0, cand);
  }
}

/* Kinds held 0, 1, 2, 3 times (not wild). */
static inline mj_tileset held_exactly(const mj_tileview *v, int k)
{
  mj_tileset ge = k == 0 ? MJ_SET_ALL & ~v->wild : v->at[k - 1];
  return ge & ~v->at[k];
}

static int pairs_kept(int P, int S)
{
  if (P > 7)
    P = 7;
  return 2 * P + (S < 7 - P ? S : 7 - P);
}

/*
** The tiles (not wild) that lower special shape s of v (whose shanten
** is the least, cur), or -1 when the shape has no short form here.
*/
static mj_tileset special_gain(const mj_tileview *v, const mj_shape_cfg *cfg,
                               int s, int cur)
{
  switch (s) {
  case MJ_SHAPE_PAIRS: {
    /* a new single (S+1), or a single made a pair (P+1, S-1); with pairs
       of quads a third copy is a single again and a fourth a pair */
    bool q = cfg->pair_quads;
    int P = pop(v->at[1]) + (q ? pop(v->at[3]) : 0);
    int S = q ? pop(v->at[0]) - pop(v->at[1]) + pop(v->at[2]) - pop(v->at[3])
              : pop(v->at[0] & ~v->at[1]);
    int k = pairs_kept(P, S);
    mj_tileset g = 0;
    if (pairs_kept(P, S + 1) > k)
      g |= held_exactly(v, 0) | (q ? held_exactly(v, 2) : 0);
    if (pairs_kept(P + 1, S - 1) > k)
      g |= held_exactly(v, 1) | (q ? held_exactly(v, 3) : 0);
    return g;
  }
  case MJ_SHAPE_ORPHANS: /* a new kind, or the first pair */
    return (TH_SET & ~v->at[0]) |
           ((v->at[1] & TH_SET) == 0 ? TH_SET & v->at[0] : 0);
  case MJ_SHAPE_HONORS_KNITTED: {
    /* a new kind of a sequence (or the honors) that reaches the best */
    call_once(&knit_once, knit_init);
    int best = 0;
    mj_tileset g = 0;
    for (int i = 0; i < 6; i++) {
      int k = pop(v->at[0] & (knit_set[i] | HONOR_SET));
      if (k > best) {
        best = k;
        g = 0;
      }
      if (k == best)
        g |= (knit_set[i] | HONOR_SET) & ~v->at[0];
    }
    return best >= 14 ? 0 : g & ~v->wild;
  }
  case MJ_SHAPE_KNITTED: {
    /* per sequence i: kept_i = its tiles held + the standard use of the
       rest. A tile raises kept_i by one at most (a missing tile of the
       sequence, or one the rest can use), so only the sequences that
       reach the best count */
    call_once(&knit_once, knit_init);
    int M = 1 - v->melds, best = slots_of(v) - 1 - v->wilds - cur;
    mj_tileset g = 0, cand = MJ_SET_ALL & ~v->wild & ~v->at[3];
    for (int i = 0; i < 6; i++) {
      int k9 = pop(v->at[0] & knit_set[i]), real = v->ntiles - v->wilds;
      if (k9 + (real - k9 < 3 * M + 2 ? real - k9 : 3 * M + 2) < best)
        continue;
      uint8_t c[MJ_KINDS];
      memcpy(c, v->c, MJ_KINDS);
      for (mj_tileset x = v->at[0] & knit_set[i]; x; x &= x - 1)
        c[__builtin_ctzll(x)]--;
      if (k9 + std_best(c, M) != best)
        continue;
      uint32_t idx[4] = { suit_idx(c), suit_idx(c + 9), suit_idx(c + 18),
                          honor_idx(c + MJ_HONOR_FIRST) };
      g |= (knit_set[i] & ~v->at[0]) | std_gain(idx, M, cand);
    }
    return g & ~v->wild;
  }
  default: return (mj_tileset)-1;
  }
}

static mj_tileset useful_tiles(const mj_tileview *v, const mj_shape_cfg *cfg,
                               int cur, unsigned which);
static mj_tileset useful_compute(const mj_tileview *v, const mj_shape_cfg *cfg,
                                 int cur, unsigned which);

int mj_useful(const mj_tileview *v, const mj_shape_cfg *cfg,
              const uint8_t held[MJ_KINDS], const uint8_t visible[MJ_KINDS],
              mj_wait out[MJ_KINDS], int *shanten)
{
  unsigned which;
  int cur = min_shanten(v, cfg, &which);
  if (shanten != NULL)
    *shanten = cur;
  if (cur >= MJ_SHANTEN_NONE || v->ntiles + 1 != slots_of(v))
    return 0;
  return mj_useful_at(v, cfg, held, visible, out, cur, which);
}

int mj_shanten_shapes(const mj_tileview *v, const mj_shape_cfg *cfg,
                      unsigned *which)
{
  return min_shanten(v, cfg, which);
}

int mj_useful_at(const mj_tileview *v, const mj_shape_cfg *cfg,
                 const uint8_t held[MJ_KINDS], const uint8_t visible[MJ_KINDS],
                 mj_wait out[MJ_KINDS], int cur, unsigned which)
{
  if (cur >= MJ_SHANTEN_NONE || v->ntiles + 1 != slots_of(v))
    return 0;
  if (__builtin_expect(v->sets > 4, 0)) {
    four_view x;
    return five_as_four(v, cfg, &x)
               ? mj_useful_at(&x.v, &x.cfg, held, visible, out, cur,
                              which & x.cfg.shapes)
               : waits_list(mjb_useful(v, cfg, cur), held, visible, out, 0);
  }
  return waits_list(useful_tiles(v, cfg, cur, which) & ~cfg->absent, held,
                    visible, out, 0);
}

/*
** The useful tiles of the views seen lately, per thread, by all a view's
** answer depends on (its table indices, wilds, melds, the shapes asked):
** a player's hand comes back turn after turn (the hand before the draw,
** each claim declined), about one time in four in MCR games.
*/
typedef struct useful_memo {
  uint32_t idx[4];
  mj_tileset wild, good;
  unsigned shapes, which;
  uint8_t wilds, melds, melds_th, set;
} useful_memo;

enum { MEMO_SLOTS = 1024 };
/* made on a thread's first question (a process that asks none, most
   commands, starts without zeroing it); mj_analysis_release frees it */
static _Thread_local useful_memo *memo;

void mj_analysis_release(void)
{
  free(memo);
  memo = NULL;
  mjb_release();
}

static mj_tileset useful_tiles(const mj_tileview *v, const mj_shape_cfg *cfg,
                               int cur, unsigned which)
{
  unsigned shapes = cfg->shapes | (unsigned)cfg->pair_quads << 31;
  uint32_t h = v->idx[0] * 2654435761u ^ v->idx[1] * 40503u ^
               v->idx[2] * 2246822519u ^ v->idx[3] * 3266489917u ^
               (uint32_t)v->wilds * 668265263u ^
               (uint32_t)v->melds * 374761393u;
  if (memo == NULL && (memo = calloc(MEMO_SLOTS, sizeof *memo)) == NULL)
    return useful_compute(v, cfg, cur, which);
  useful_memo *m = &memo[(h ^ h >> 15) & (MEMO_SLOTS - 1)];
  if (m->set && m->idx[0] == v->idx[0] && m->idx[1] == v->idx[1] &&
      m->idx[2] == v->idx[2] && m->idx[3] == v->idx[3] &&
      m->wild == v->wild && m->wilds == v->wilds && m->melds == v->melds &&
      m->melds_th == v->melds_th && m->shapes == shapes && m->which == which)
    return m->good;
  mj_tileset good = useful_compute(v, cfg, cur, which);
  *m = (useful_memo){ { v->idx[0], v->idx[1], v->idx[2], v->idx[3] },
                      v->wild, good, shapes, which, v->wilds, v->melds,
                      v->melds_th, 1 };
  return good;
}

/* The useful tiles of v (not wild kinds held four times excluded), its
** least shanten cur reached by the shapes which. */
static mj_tileset useful_compute(const mj_tileview *v, const mj_shape_cfg *cfg,
                                 int cur, unsigned which)
{
  mj_tileset good = v->wild;   /* a wild fills any missing tile */
  if (which & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)) {
    /* without wilds a tile with no tile of its suit within two ranks (an
       honor: none of its kind) makes no meld, partial or pair: it cannot
       lower the shanten, so it is not tried -- unless a kind is held four
       times (its lone fourth copy waits on a dead tile, and any new single
       is a better wait: 7777m123567p789s + 1m) */
    mj_tileset cand = MJ_SET_ALL;
    if (v->wilds == 0 && v->at[3] == 0) {
      cand = v->at[0] & HONOR_SET;
      for (int g = 0; g < 3; g++) {
        unsigned m = (unsigned)(v->at[0] >> (9 * g)) & 0x1ff;
        m = (m | m << 1 | m << 2 | m >> 1 | m >> 2) & 0x1ff;
        cand |= (mj_tileset)m << (9 * g);
      }
    }
    good |= std_gain(v->idx, 4 - v->melds, cand & ~(v->wild | v->at[3]));
  }
  for (int s = 1; s < MJ_SHAPE_COUNT; s++) {
    if (!(which & MJ_SHAPE_BIT(s)))
      continue;
    mj_tileset sg = special_gain(v, cfg, s, cur);
    if (sg != (mj_tileset)-1) {
      good |= sg & ~v->at[3];
      continue;
    }
    mj_tileview x = *v;
    for (int t = 0; t < MJ_KINDS; t++) {
      if ((good & MJ_BIT(t)) || (!(v->wild & MJ_BIT(t)) && v->c[t] >= 4))
        continue;
      mj_tileview_add(&x, (mj_tile)t);
      if (shape_shanten(&x, cfg, s) < cur)
        good |= MJ_BIT(t);
      mj_tileview_remove(&x, (mj_tile)t);
    }
  }
  return good;
}
