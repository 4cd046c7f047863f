/*
** filter.c
** The fan filter's rows, built once per ruleset (see filter.h).
*/
#include "filter.h"

#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "rules_int.h"

/* Block b of the 34 kinds: the three suits, then the honors. */
static int block_size(int b) { return b < 3 ? 9 : 7; }
static int block_base(int b) { return b * 512; }

static uint64_t *row(mj_filter *f, int r)
{
  return f->row + (size_t)r * (size_t)f->nw;
}

static void set_bit(mj_filter *f, int r, int pos)
{
  row(f, r)[pos >> 6] |= 1ULL << (pos & 63);
}
static void clr_bit(mj_filter *f, int r, int pos)
{
  row(f, r)[pos >> 6] &= ~(1ULL << (pos & 63));
}

static bool in_range(int x, const mj_clause *c)
{
  return x >= c->lo && x <= c->hi;
}

int mj_clause_is_tile(int kind)
{
  switch (kind) {
  case MJ_C_ALL:
  case MJ_C_NONE:
  case MJ_C_ANY:
  case MJ_C_EVERY:
  case MJ_C_SUITS:
  case MJ_C_TYPES: case MJ_C_FLAG: case MJ_C_DEALER: case MJ_C_WIN_TILE:
  case MJ_C_TEMPLATE:
  case MJ_C_BEFORE_WIN:
  case MJ_C_FLOWERS:
  case MJ_C_KNITTED:
  case MJ_C_WILD_SINGLE:
  case MJ_C_WILD_IN_PLAY:
  case MJ_C_WILDS:
    return 1;
  default:
    return 0;
  }
}

/* Clear the bit of the fan at pos (in scope, with the filter f) in rows
   first..first+n-1 where ok, an expression of the row's value x, fails. */
#define FOLD(first, n, ok)                  \
  for (int x = 0; x < (n); x++)             \
    if (!(ok))                              \
      clr_bit(f, (first) + x, pos)

/* The tiles of a group of class cl (0 one kind, 1 chow, 2 knitted). */
static mj_tileset class_tiles(int cl, int t)
{
  switch (cl) {
  case 1:
    return t < MJ_HONOR_FIRST && t % 9 <= 6
               ? MJ_BIT(t) | MJ_BIT(t + 1) | MJ_BIT(t + 2)
               : 0;
  case 2:
    return t < MJ_HONOR_FIRST && t % 9 <= 2
               ? MJ_BIT(t) | MJ_BIT(t + 3) | MJ_BIT(t + 6)
               : 0;
  default: return MJ_BIT(t);
  }
}

/* The block rows of a static all / none / every clause. */
static void fold_blocks(mj_filter *f, int pos, const mj_clause *c)
{
  for (int b = 0; b < 4; b++) {
    unsigned s =
        (unsigned)(c->set.mask >> (9 * b)) & ((1u << block_size(b)) - 1);
    for (unsigned m = 0; m < 1u << block_size(b); m++) {
      bool fail = c->kind == MJ_C_ALL ? (m & ~s) != 0
                : c->kind == MJ_C_NONE ? (m & s) != 0
                : (s & ~m) != 0;
      if (fail)
        set_bit(f, MJ_FR_BLK_FAIL + block_base(b) + (int)m, pos);
    }
  }
}

static void fold_any(mj_filter *f, int pos, mj_tileset set)
{
  set_bit(f, MJ_FR_NEEDS_ANY, pos);
  for (int b = 0; b < 4; b++) {
    unsigned s = (unsigned)(set >> (9 * b)) & ((1u << block_size(b)) - 1);
    for (unsigned m = 0; m < 1u << block_size(b); m++)
      if (m & s)
        set_bit(f, MJ_FR_BLK_ANY + block_base(b) + (int)m, pos);
  }
}

/*
** A tile set the fan's patterns cannot do without: for each alternative
** the set of one member that names a fixed set; 0 when some alternative
** names none (nothing is implied).
*/
static mj_tileset implied_any(const mj_fan_def *d)
{
  mj_tileset u = 0;
  for (int p = 0; p < d->npat; p++) {
    mj_tileset s = 0;
    for (int k = 0; k < d->pat[p].n && s == 0; k++) {
      const mj_member *m = &d->pat[p].m[k];
      if (m->has_set && m->set.dyn == 0)
        s = m->set.mask;
    }
    if (s == 0)
      return 0;
    u |= s;
  }
  return u;
}

/*
** What a fan's kind implies: a pattern needs at least as many chows,
** pungs and pairs as its members ask (the fewest over its alternatives);
** a per-meld fan one meld of its member's type; a fan that counts
** flowers, 飞宝 or tile hogs at least one of them.
*/
static void fold_kind(mj_filter *f, int pos, const fan_c *fc)
{
  const mj_fan_def *d = &fc->def;
  if (d->kind == MJ_FK_COUNT) {
    switch (d->count_of) {
    case MJ_COUNT_FLOWERS: FOLD(MJ_FR_EXTRA, 4, (x & 1) != 0); break;
    case MJ_COUNT_FEIBAO: FOLD(MJ_FR_EXTRA, 4, (x & 2) != 0); break;
    case MJ_COUNT_TILE_HOGS: FOLD(MJ_FR_HOGS, 2, x == 1); break;
    default: break;
    }
    return;
  }
  if (d->npat == 0)
    return;
  int need[3] = { 99, 99, 99 };   /* chows, pungs, pairs */
  for (int p = 0; p < d->npat; p++) {
    const mj_pattern *pt = &d->pat[p];
    int n[4] = { 0, 0, 0, 0 };
    int members = d->kind == MJ_FK_PER_MELD ? 1 : pt->n;
    for (int k = 0; k < members; k++)
      n[pt->m[k].type & 3]++;
    for (int t = 0; t < 3; t++)
      if (n[t] < need[t])
        need[t] = n[t];
  }
  /* a pattern's pair of a fixed rank or set */
  for (int k = 0; d->npat == 1 && d->kind == MJ_FK_GROUPS && k < d->pat[0].n;
       k++) {
    const mj_member *m = &d->pat[0].m[k];
    if (m->type != MJ_M_PAIR || m->var >= 0 || (m->has_set && m->set.dyn))
      continue;
    mj_tileset ok = m->has_set ? m->set.mask : MJ_SET_ALL;
    if (m->rank)
      ok &= MJ_BIT(m->rank - 1) | MJ_BIT(m->rank + 8) | MJ_BIT(m->rank + 17);
    FOLD(MJ_FR_PAIR, MJ_KINDS + 1, x > 0 && (ok & MJ_BIT(x - 1)) != 0);
  }
  FOLD(MJ_FR_COUNT, 25, mj_count_of(0, x) >= need[MJ_M_CHOW]);
  FOLD(MJ_FR_COUNT, 25, mj_count_of(1, x) >= need[MJ_M_PUNG]);
  FOLD(MJ_FR_PAIR, MJ_KINDS + 1, x > 0 || need[MJ_M_PAIR] == 0);
}

/*
** Members that name one fixed set and no rank take distinct tiles of it:
** a pattern with k of them on set S needs k kinds of S present. Where S
** lies in one block (the winds, the dragons) that is a block row.
*/
static void fold_distinct(mj_filter *f, int pos, const mj_fan_def *d)
{
  if (d->npat != 1 || d->kind == MJ_FK_PER_MELD)
    return;
  const mj_pattern *pt = &d->pat[0];
  for (int k = 0; k < pt->n; k++) {
    const mj_member *m = &pt->m[k];
    if (!m->has_set || m->set.dyn || m->var >= 0 || m->rank != 0)
      continue;
    int n = 0;
    bool first = true;
    for (int j = 0; j < pt->n; j++) {
      const mj_member *o = &pt->m[j];
      if (o->has_set && !o->set.dyn && o->var < 0 && o->rank == 0 &&
          o->set.mask == m->set.mask) {
        first = first && j >= k;
        n++;
      }
    }
    if (!first || n < 2)
      continue;
    for (int b = 0; b < 4; b++) {
      unsigned sb =
          (unsigned)(m->set.mask >> (9 * b)) & ((1u << block_size(b)) - 1);
      if (((mj_tileset)sb << (9 * b)) != m->set.mask)
        continue;   /* not in this block alone */
      for (unsigned x = 0; x < 1u << block_size(b); x++)
        if (__builtin_popcount(x & sb) < n)
          set_bit(f, MJ_FR_BLK_FAIL + block_base(b) + (int)x, pos);
    }
  }
}

/* Every group holds a tile of set, in the standard shape: then every tile
   is in the set or within two ranks of one of its suit's tiles in it. */
static void fold_near(mj_filter *f, int pos, mj_tileset set)
{
  mj_clause near = { MJ_C_ALL, 0, 0, { set, 0 } };
  for (int t = 0; t < MJ_HONOR_FIRST; t++)
    if (set & MJ_BIT(t))
      for (int r = t % 9 - 2; r <= t % 9 + 2; r++)
        if (r >= 0 && r < 9)
          near.set.mask |= MJ_BIT(t - t % 9 + r);
  fold_blocks(f, pos, &near);
}

/* Fold one clause of the fan at pos; false: test it one by one. */
static bool fold_clause(mj_filter *f, int pos, const mj_clause *c,
                        bool *any_used, bool five)
{
  bool dyn = c->set.dyn != 0;
  switch (c->kind) {
  case MJ_C_ALL: case MJ_C_NONE: case MJ_C_EVERY:
    if (dyn)
      return false;
    fold_blocks(f, pos, c);
    return true;
  case MJ_C_ANY:
    if (dyn || *any_used)
      return false;
    *any_used = true;
    fold_any(f, pos, c->set.mask);
    return true;
  case MJ_C_SUITS:
    FOLD(MJ_FR_SUITS, 4, in_range(x, c));
    return true;
  case MJ_C_TYPES:
    FOLD(MJ_FR_TYPES, 6, in_range(x, c));
    return true;
  case MJ_C_FLAG:
    if ((unsigned)c->lo & ~(unsigned)MJ_FLAGS_TABLED)
      return false;
    FOLD(MJ_FR_FLAGS, MJ_FLAGS_TABLED + 1, ((x & c->lo) != 0) == (c->hi != 0));
    return true;
  case MJ_C_DEALER:
    FOLD(MJ_FR_DEALER, 2, x == (c->hi != 0));
    return true;
  case MJ_C_WIN_TILE:
    if (dyn)
      return false;
    FOLD(MJ_FR_WIN, MJ_KINDS, (c->set.mask & MJ_BIT(x)) != 0);
    return true;
  case MJ_C_WILD_SINGLE:
    FOLD(MJ_FR_WSINGLE, 2, x == (c->hi != 0));
    return true;
  case MJ_C_TEMPLATE:
    /* tested one by one, but only on hands of one suit, no honors */
    FOLD(MJ_FR_SUITS, 4, x == 1);
    FOLD(MJ_FR_TYPES, 6, x == 1);
    return false;
  case MJ_C_BEFORE_WIN:   /* the same, the winning tile aside */
    FOLD(MJ_FR_SUITS, 4, x == 1 || x == 2);
    FOLD(MJ_FR_TYPES, 6, x == 1 || x == 2);
    return false;
  case MJ_C_KNITTED:
    FOLD(MJ_FR_KNIT, 2, x == (c->hi != 0));
    return true;
  case MJ_C_EACH_GROUP:
    if (dyn)
      return false;
    FOLD(MJ_FR_SHAPE, MJ_SHAPE_COUNT + 1,
         x == MJ_SHAPE_STANDARD || x == MJ_SHAPE_KNITTED);
    FOLD(MJ_FR_GROUP, 3 * MJ_KINDS,
         (class_tiles(x / MJ_KINDS, x % MJ_KINDS) & c->set.mask) != 0);
    set_bit(f, MJ_FR_GROUP_USERS, pos);
    return true;
  case MJ_C_PAIR:
    if (dyn)
      return false;
    FOLD(MJ_FR_PAIR, MJ_KINDS + 1, x > 0 && (c->set.mask & MJ_BIT(x - 1)) != 0);
    return true;
  case MJ_C_CHOWS: case MJ_C_PUNGS: case MJ_C_KONGS: case MJ_C_EXPOSED_KONGS:
  case MJ_C_CONCEALED_KONGS: case MJ_C_CONCEALED_PUNGS: case MJ_C_EXPOSED:
  case MJ_C_DECLARED: case MJ_C_QUADS: {
    int k = c->kind - MJ_C_CHOWS;
    /* the rows count 0..4, 4 for more: five sets ask past it one by one */
    if (five && k != 8 && c->hi >= 4)
      return false;
    FOLD(mj_count_rows[k].first, mj_count_rows[k].size,
         in_range(mj_count_of(k, x), c));
    return true;
  }
  case MJ_C_WAIT:
    set_bit(f, MJ_FR_WAIT_USERS, pos);
    FOLD(MJ_FR_WAIT, MJ_WAIT_KINDS, x == c->lo);
    return true;
  case MJ_C_WILD_ACTING:
    FOLD(MJ_FR_ACTING, 2, x == (c->hi != 0));
    return true;
  default:
    return false;
  }
}

void mj_filter_clear(mj_filter *f)
{
  free(f->row);
  free(f->excl);
  free(f->nres);
  free(f->nres_tile);
  free(f->res);
  free(f->need);
  memset(f, 0, sizeof *f);
}

mj_status mj_filter_build(mj_filter *f, const mj_rules *r, mj_error *err)
{
  mj_filter_clear(f);
  int n = r->nfans;
  f->nw = (n + 63) / 64 > 0 ? (n + 63) / 64 : 1;
  f->row = calloc((size_t)MJ_FR_ROWS * (size_t)f->nw, sizeof(uint64_t));
  f->excl = calloc((size_t)(n ? n : 1) * (size_t)f->nw, sizeof(uint64_t));
  f->nres = calloc((size_t)(n ? n : 1), 1);
  f->nres_tile = calloc((size_t)(n ? n : 1), 1);
  f->res = calloc((size_t)(n ? n : 1), sizeof *f->res);
  f->need = calloc((size_t)(n ? n : 1), sizeof *f->need);
  if (f->row == NULL || f->excl == NULL || f->nres == NULL ||
      f->nres_tile == NULL || f->res == NULL || f->need == NULL) {
    mj_filter_clear(f);
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  }
  for (int s = 0; s < 3; s++) {
    unsigned part[6] = { 0 };
    for (int i = 0; i < 6; i++)
      for (int k = mj_knitted_seq[i][s]; k <= 9; k += 3)
        part[i] |= 1u << (k - 1);
    for (unsigned m = 0; m < 512; m++)
      for (int i = 0; i < 6; i++)
        if ((m & part[i]) == part[i])
          f->knit[s][m] |= (uint8_t)(1u << i);
  }
  /* the "ok" rows start with every fan in: bits 0..n-1 */
  for (int x = MJ_FR_SUITS; x < MJ_FR_RES_TILE; x++) {
    uint64_t *w = row(f, x);
    for (int k = 0; k < n / 64; k++)
      w[k] = ~0ULL;
    if (n % 64)
      w[n / 64] = (1ULL << (n % 64)) - 1;
  }
  for (int i = 0; i < n; i++) {
    const fan_c *fc = &r->fans[i];
    const mj_fan_def *d = &fc->def;
    int pos = r->order_pos[i];
    set_bit(f, MJ_FR_ALL, pos);
    FOLD(MJ_FR_SHAPE, MJ_SHAPE_COUNT + 1, (d->shapes & MJ_SHAPE_BIT(x)) != 0);
    bool any_used = false;
    uint8_t tile_res[MJ_MAX_CLAUSES], read_res[MJ_MAX_CLAUSES];
    int nt = 0, nr = 0;
    for (int k = 0; k < d->nclauses; k++)
      if (!fold_clause(f, pos, &d->clauses[k], &any_used,
                       r->table.hand > 13)) {
        if (mj_clause_is_tile(d->clauses[k].kind))
          tile_res[nt++] = (uint8_t)k;
        else
          read_res[nr++] = (uint8_t)k;
      }
    for (int k = 0; k < d->nclauses; k++)
      if (d->clauses[k].kind == MJ_C_EACH_GROUP && d->clauses[k].set.dyn == 0 &&
          !(d->shapes & MJ_SHAPE_BIT(MJ_SHAPE_KNITTED)))
        fold_near(f, pos, d->clauses[k].set.mask);
    fold_kind(f, pos, fc);
    fold_distinct(f, pos, d);
    mj_tileset implied = implied_any(d);
    if (!any_used && implied != 0)
      fold_any(f, pos, implied);
    memcpy(f->res[i], tile_res, (size_t)nt);
    memcpy(f->res[i] + nt, read_res, (size_t)nr);
    f->nres_tile[i] = (uint8_t)nt;
    f->nres[i] = (uint8_t)(nt + nr);
    if (nt)
      set_bit(f, MJ_FR_RES_TILE, pos);
    if (nr)
      set_bit(f, MJ_FR_RES_READ, pos);
    if (d->test >= 0)
      set_bit(f, MJ_FR_WAIT_USERS, pos);   /* its function sees the wait */
    if (d->fallback)
      set_bit(f, MJ_FR_FALLBACK, pos);
    if (d->dealt)
      set_bit(f, MJ_FR_DEALT, pos);
    if (d->kind == MJ_FK_PLAIN && d->test < 0)
      set_bit(f, MJ_FR_TRIVIAL, pos);
    /* a per-meld fan on a context set (the seat wind...) needs a tile
       of it, known once the context is */
    if (d->kind == MJ_FK_PER_MELD && d->npat == 1 && d->pat[0].m[0].has_set &&
        d->pat[0].m[0].set.dyn) {
      f->need[i] = d->pat[0].m[0].set;
      set_bit(f, MJ_FR_NEED_DYN, pos);
    }
    if (d->kind == MJ_FK_COMBO)
      set_bit(f,
              fc->combo_type == MJ_M_CHOW ? MJ_FR_COMBO_CHOW : MJ_FR_COMBO_PUNG,
              pos);
    else
      set_bit(f, MJ_FR_SINGLE, pos);
    uint64_t *ex = f->excl + (size_t)pos * (size_t)f->nw;
    for (int k = 0; k < fc->nexcl; k++)
      if (fc->excl_n[k] == 0) {
        int e = r->order_pos[fc->excl[k]];
        ex[e >> 6] |= 1ULL << (e & 63);
      }
  }
  return MJ_OK;
}

