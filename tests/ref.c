/*
** ref.c
** Plain recursive references: is-win, shanten, decompositions.
*/
#include "ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool same_suit_run(int k, int lo, int hi)
{
  /* a chow k, k+1, k+2 inside one numbered suit and inside [lo, hi) */
  return k >= lo && k + 2 < hi && k < 27 && k / 9 == (k + 2) / 9;
}

/* Place m melds and p pairs made of wilds only, u[] = used per kind. */
static bool place_empty(uint8_t *u, int lo, int hi, int m, int p)
{
  if (m == 0 && p == 0)
    return true;
  for (int k = lo; k < hi; k++) {
    if (m > 0 && u[k] <= 1) {
      u[k] += 3;
      bool ok = place_empty(u, lo, hi, m - 1, p);
      u[k] -= 3;
      if (ok)
        return true;
    }
    if (m > 0 && same_suit_run(k, lo, hi) && u[k] < 4 && u[k + 1] < 4 &&
        u[k + 2] < 4) {
      u[k]++, u[k + 1]++, u[k + 2]++;
      bool ok = place_empty(u, lo, hi, m - 1, p);
      u[k]--, u[k + 1]--, u[k + 2]--;
      if (ok)
        return true;
    }
    if (p > 0 && m == 0 && u[k] <= 2) {
      u[k] += 2;
      bool ok = place_empty(u, lo, hi, m, p - 1);
      u[k] -= 2;
      if (ok)
        return true;
    }
  }
  return false;
}

/* c: real tiles left, u: tiles used by placed groups (real and wild). */
static bool complete_rec(uint8_t *c, uint8_t *u, int lo, int hi, int w, int m,
                         int p)
{
  int t = lo;
  while (t < hi && c[t] == 0)
    t++;
  if (t == hi)
    return w == 3 * m + 2 * p && place_empty(u, lo, hi, m, p);
  /* the group holding one copy of t: a pung, the pair or a chow */
  int kinds[5][3], n = 0;
  if (m > 0) {
    kinds[n][0] = t, kinds[n][1] = t, kinds[n][2] = t, n++;
    for (int s = t - 2; s <= t; s++)
      if (same_suit_run(s, lo, hi))
        kinds[n][0] = s, kinds[n][1] = s + 1, kinds[n][2] = s + 2, n++;
  }
  for (int i = 0; i <= n; i++) {
    int size = i < n ? 3 : 2;
    int g[3];
    if (i == n) {
      if (p == 0)
        break;
      g[0] = g[1] = t;
    } else {
      g[0] = kinds[i][0], g[1] = kinds[i][1], g[2] = kinds[i][2];
    }
    int used_w = 0, took[3] = { 0, 0, 0 };
    bool ok = true;
    for (int j = 0; j < size; j++) {
      if (u[g[j]] >= 4)
        ok = false;
      u[g[j]]++;
      if (c[g[j]] > 0) {
        c[g[j]]--;
        took[j] = 1;
      } else {
        used_w++;
      }
    }
    if (ok && used_w <= w &&
        complete_rec(c, u, lo, hi, w - used_w, m - (i < n), p - (i == n)))
      ok = true;
    else
      ok = false;
    for (int j = 0; j < size; j++) {
      u[g[j]]--;
      if (took[j])
        c[g[j]]++;
    }
    if (ok)
      return true;
  }
  return false;
}

bool ref_complete(const uint8_t *c, int lo, int hi, int w, int m, int p)
{
  uint8_t cc[MJ_KINDS], u[MJ_KINDS];
  int n = 0;
  memcpy(cc, c, MJ_KINDS);
  memset(u, 0, sizeof u);
  for (int k = lo; k < hi; k++)
    n += c[k];
  if (n + w != 3 * m + 2 * p)
    return false;
  return complete_rec(cc, u, lo, hi, w, m, p);
}

static bool th(int t) { return t >= 27 || t % 9 == 0 || t % 9 == 8; }

static const uint8_t seqs[6][3] = {
  { 1, 2, 3 }, { 1, 3, 2 }, { 2, 1, 3 }, { 2, 3, 1 }, { 3, 1, 2 }, { 3, 2, 1 }
};

bool ref_is_win(const mj_tileview *v, const mj_shape_cfg *cfg)
{
  int sets = v->sets ? v->sets : 4, slots = 3 * (sets - v->melds) + 2;
  if (v->ntiles != slots)
    return false;
  unsigned sh = cfg->shapes;
  if ((sh & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)) &&
      ref_complete(v->c, 0, MJ_KINDS, v->wilds, sets - v->melds, 1))
    return true;
  mj_shape_cfg special = *cfg;
  special.shapes &= ~MJ_SHAPE_BIT(MJ_SHAPE_STANDARD);
  return special.shapes && ref_shanten(v, &special) == -1;
}

/* {====================================================================
** Shanten by search
** ===================================================================== */

typedef struct sctx {
  uint8_t c[MJ_KINDS];
  uint8_t u[MJ_KINDS];
  int best;
  int hi;        /* kinds searched: up to hi */
} sctx;

/* Most real tiles usable in m melds and p pairs; t = lowest kind to look
** at, o = first group option allowed at t (the groups holding one kind
** are tried in a fixed order, so each set of groups is seen once);
** got = tiles used so far; left = real tiles not yet decided. */
static void use_rec(sctx *s, int t, int o, int m, int p, int got, int left)
{
  if (got > s->best)
    s->best = got;
  if ((m == 0 && p == 0) || left == 0)
    return;
  int cap = 3 * m + 2 * p;   /* at most every remaining slot gets a tile */
  if (got + (left < cap ? left : cap) <= s->best)
    return;
  while (t < s->hi && s->c[t] == 0) {
    t++;
    o = 0;
  }
  if (t >= s->hi)
    return;
  /* options: 0 pung, 1..3 chows starting at t-2, t-1, t, 4 the pair */
  for (int i = o; i < 5; i++) {
    int g[3], size = 3;
    if (i == 0) {
      if (m == 0)
        continue;
      g[0] = g[1] = g[2] = t;
    } else if (i < 4) {
      int q = t - 3 + i;
      if (m == 0 || !same_suit_run(q, 0, MJ_KINDS))
        continue;
      g[0] = q, g[1] = q + 1, g[2] = q + 2;
    } else {
      if (p == 0)
        continue;
      g[0] = g[1] = t;
      size = 2;
    }
    int took[3] = { 0, 0, 0 }, k = 0;
    bool ok = true;
    for (int j = 0; j < size; j++) {
      if (s->u[g[j]] >= 4)
        ok = false;
      s->u[g[j]]++;
      if (s->c[g[j]] > 0) {
        s->c[g[j]]--;
        took[j] = 1;
        k++;
      }
    }
    if (ok)
      use_rec(s, t, i, m - (i < 4), p - (i == 4), got + k, left - k);
    for (int j = 0; j < size; j++) {
      s->u[g[j]]--;
      if (took[j])
        s->c[g[j]]++;
    }
  }
  /* no further group takes t: leave its remaining copies unused */
  int c = s->c[t];
  s->c[t] = 0;
  use_rec(s, t + 1, 0, m, p, got, left - c);
  s->c[t] = (uint8_t)c;
}

/* Most tiles of kinds [lo, hi) usable in m melds and p pairs. */
static int group_use(const uint8_t *c, int lo, int hi, int m, int p)
{
  sctx s;
  int n = 0;
  memset(&s, 0, sizeof s);
  for (int k = lo; k < hi; k++) {
    s.c[k] = c[k];
    n += c[k];
  }
  s.hi = hi;
  use_rec(&s, lo, 0, m, p, 0, n);
  return s.best;
}

/* The suits are independent once each knows its melds and pair: search
** each, then try every split of the melds and the pair. */
static int best_usage(const uint8_t *c, int M)
{
  static const int lo[4] = { 0, 9, 18, 27 }, hi[4] = { 9, 18, 27, 34 };
  int U[4][6][2];
  for (int g = 0; g < 4; g++)
    for (int m = 0; m <= M; m++)
      for (int p = 0; p < 2; p++)
        U[g][m][p] = group_use(c, lo[g], hi[g], m, p);
  int best = 0;
  for (int a = 0; a <= M; a++)
    for (int b = 0; a + b <= M; b++)
      for (int d = 0; a + b + d <= M; d++) {
        int e = M - a - b - d;
        for (int pg = 0; pg < 4; pg++) {
          int x = U[0][a][pg == 0] + U[1][b][pg == 1] + U[2][d][pg == 2] +
                  U[3][e][pg == 3];
          if (x > best)
            best = x;
        }
      }
  return best;
}

static int std_shanten(const mj_tileview *v)
{
  int M = (v->sets ? v->sets : 4) - v->melds;
  return 3 * M + 2 - 1 - best_usage(v->c, M) - v->wilds;
}

static int pairs_kept(const mj_tileview *v, bool quads, int skip);

static int pairs_shanten(const mj_tileview *v, bool quads)
{
  if (v->melds)
    return MJ_SHANTEN_NONE;
  if (v->sets == 5) {
    /* seven pairs and a pung: try every kind for the pung (or none) */
    int best = pairs_kept(v, quads, -1);
    for (int g = 0; g < MJ_KINDS; g++) {
      int x = (v->c[g] < 3 ? v->c[g] : 3) + pairs_kept(v, quads, g);
      if (x > best)
        best = x;
    }
    return 16 - best - v->wilds;
  }
  return 13 - pairs_kept(v, quads, -1) - v->wilds;
}

/* The most tiles seven pairs keep of the view, kind skip left out. */
static int pairs_kept(const mj_tileview *v, bool quads, int skip)
{
  /* every possible target pair and the tiles it would use; take the
     seven best (a kind's second pair is never worth more than its first) */
  int val[2 * MJ_KINDS], n = 0, kept = 0;
  for (int k = 0; k < MJ_KINDS; k++) {
    int c = k == skip ? 0 : v->c[k];
    val[n++] = c < 2 ? c : 2;
    if (quads)
      val[n++] = c - 2 < 0 ? 0 : (c - 2 < 2 ? c - 2 : 2);
  }
  for (int i = 0; i < 7; i++) {
    int bi = 0;
    for (int j = 1; j < n; j++)
      if (val[j] > val[bi])
        bi = j;
    kept += val[bi];
    val[bi] = -1;
  }
  return kept;
}

static int orphans_shanten(const mj_tileview *v)
{
  if (v->melds)
    return MJ_SHANTEN_NONE;
  int best = 0;
  for (int pk = 0; pk < MJ_KINDS; pk++) {
    if (!th(pk))
      continue;
    int k = 0;
    for (int t = 0; t < MJ_KINDS; t++)
      if (th(t)) {
        int want = t == pk ? 2 : 1;
        k += v->c[t] < want ? v->c[t] : want;
      }
    if (k > best)
      best = k;
  }
  return 13 - best - v->wilds;
}

static int honors_knitted_shanten(const mj_tileview *v)
{
  if (v->melds)
    return MJ_SHANTEN_NONE;
  int best = 0;
  for (int i = 0; i < 6; i++) {
    int k = 0;
    for (int t = 0; t < MJ_KINDS; t++) {
      bool in = t >= 27 || (t % 9 + 1) % 3 == seqs[i][t / 9] % 3;
      if (in && v->c[t])
        k++;
    }
    if (k > 14)
      k = 14;
    if (k > best)
      best = k;
  }
  return 13 - best - v->wilds;
}

static int knitted_shanten(const mj_tileview *v)
{
  if (v->melds > 1)
    return MJ_SHANTEN_NONE;
  int best = 0;
  for (int i = 0; i < 6; i++) {
    mj_tileview x = *v;
    int k9 = 0;
    for (int t = 0; t < 27; t++)
      if ((t % 9 + 1) % 3 == seqs[i][t / 9] % 3 && x.c[t]) {
        x.c[t]--;
        k9++;
      }
    int usage = best_usage(x.c, 1 - v->melds);
    if (k9 + usage > best)
      best = k9 + usage;
  }
  return 14 - 3 * v->melds - 1 - best - v->wilds;
}

static int lan_shanten(const mj_tileview *v)
{
  if (v->melds)
    return MJ_SHANTEN_NONE;
  /* per suit, the most held tiles a valid rank set of each size covers */
  int ov[3][4];
  for (int s = 0; s < 3; s++) {
    for (int k = 0; k < 4; k++)
      ov[s][k] = -1;
    for (int set = 0; set < 512; set++) {
      int prev = -10, ok = 1, size = 0, cover = 0;
      for (int r = 0; r < 9; r++)
        if (set >> r & 1) {
          if (r - prev < 3)
            ok = 0;
          prev = r;
          size++;
          cover += v->c[s * 9 + r] > 0;
        }
      if (ok && size <= 3 && cover > ov[s][size])
        ov[s][size] = cover;
    }
  }
  int H = 0, best = -1;
  for (int t = 27; t < 34; t++)
    H += v->c[t] > 0;
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 4; b++)
      for (int c = 0; c < 4; c++) {
        int h = 14 - a - b - c;
        if (h < 0 || h > 7 || ov[0][a] < 0 || ov[1][b] < 0 || ov[2][c] < 0)
          continue;
        int k = ov[0][a] + ov[1][b] + ov[2][c] + (H < h ? H : h);
        if (k > best)
          best = k;
      }
  return best < 0 ? MJ_SHANTEN_NONE : 13 - best - v->wilds;
}

static int jiuyao_shanten(const mj_tileview *v)
{
  if (v->melds_th < v->melds)
    return MJ_SHANTEN_NONE;
  int k = 0;
  for (int t = 0; t < MJ_KINDS; t++)
    if (th(t))
      k += v->c[t];
  return 14 - 3 * v->melds - 1 - k - v->wilds;
}

int ref_shanten(const mj_tileview *v, const mj_shape_cfg *cfg)
{
  int best = MJ_SHANTEN_NONE, x;
  unsigned sh = cfg->shapes;
  if (sh & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD))
    if ((x = std_shanten(v)) < best)
      best = x;
  if (sh & MJ_SHAPE_BIT(MJ_SHAPE_PAIRS))
    if ((x = pairs_shanten(v, cfg->pair_quads)) < best)
      best = x;
  if (sh & MJ_SHAPE_BIT(MJ_SHAPE_ORPHANS))
    if ((x = orphans_shanten(v)) < best)
      best = x;
  if (sh & MJ_SHAPE_BIT(MJ_SHAPE_HONORS_KNITTED))
    if ((x = honors_knitted_shanten(v)) < best)
      best = x;
  if (sh & MJ_SHAPE_BIT(MJ_SHAPE_KNITTED))
    if ((x = knitted_shanten(v)) < best)
      best = x;
  if (sh & MJ_SHAPE_BIT(MJ_SHAPE_SHISANLAN))
    if ((x = lan_shanten(v)) < best)
      best = x;
  if (sh & MJ_SHAPE_BIT(MJ_SHAPE_JIUYAO))
    if ((x = jiuyao_shanten(v)) < best)
      best = x;
  return best;
}

/* }==================================================================== */

/* {====================================================================
** Decompositions
** ===================================================================== */

typedef struct dctx {
  char (*out)[96];
  int n, max;
  uint8_t c[MJ_KINDS], u[MJ_KINDS];
  uint8_t decl[MJ_KINDS];   /* tiles of the declared melds */
  int groups[8][2];     /* type, tile */
  int ng;
  const mj_hand *h;
  int wilds;
  int pung;             /* seven pairs and this pung (five sets), or -1 */
} dctx;

static int cmp_group(const void *a, const void *b)
{
  const int *x = a, *y = b;
  return x[1] != y[1] ? x[1] - y[1] : x[0] - y[0];
}

static void add_key(dctx *d, const uint8_t *wild_as, const char *shape)
{
  char key[96];
  int g[8][2], n = d->ng;
  memcpy(g, d->groups, sizeof g);
  qsort(g, (size_t)n, sizeof g[0], cmp_group);
  int len = snprintf(key, sizeof key, "%s:", shape);
  for (int i = 0; i < n; i++)
    len += snprintf(key + len, sizeof key - (size_t)len, "%c%d,",
                    "CPKQ2"[g[i][0]], g[i][1]);
  len += snprintf(key + len, sizeof key - (size_t)len, "|");
  for (int k = 0; k < MJ_KINDS; k++)
    for (int q = 0; q < wild_as[k]; q++)
      len += snprintf(key + len, sizeof key - (size_t)len, "%d,", k);
  for (int i = 0; i < d->n; i++)
    if (strcmp(d->out[i], key) == 0)
      return;
  if (d->n < d->max)
    snprintf(d->out[d->n++], 96, "%s", key);
}

static void emit_std(dctx *d)
{
  /* wild_as = tiles used - real tiles of the hand (all of them are used) */
  uint8_t w2[MJ_KINDS];
  for (int k = 0; k < MJ_KINDS; k++) {
    if (d->u[k] + d->decl[k] > 4)
      return;     /* a fifth copy, counting the declared melds */
    w2[k] = (uint8_t)(d->u[k] - d->c[k]);
  }
  add_key(d, w2, "standard");
}

/* Place the remaining m melds / p pairs made of wilds only, every way. */
static void empty_rec(dctx *d, int from, int m, int p)
{
  if (m == 0 && p == 0) {
    emit_std(d);
    return;
  }
  for (int k = from; k < MJ_KINDS; k++) {
    if (m > 0 && d->u[k] <= 1) {
      d->u[k] += 3;
      d->groups[d->ng][0] = 1, d->groups[d->ng][1] = k, d->ng++;
      empty_rec(d, k, m - 1, p);
      d->ng--;
      d->u[k] -= 3;
    }
    if (m > 0 && same_suit_run(k, 0, MJ_KINDS) && d->u[k] < 4 &&
        d->u[k + 1] < 4 && d->u[k + 2] < 4) {
      d->u[k]++, d->u[k + 1]++, d->u[k + 2]++;
      d->groups[d->ng][0] = 0, d->groups[d->ng][1] = k, d->ng++;
      empty_rec(d, k, m - 1, p);
      d->ng--;
      d->u[k]--, d->u[k + 1]--, d->u[k + 2]--;
    }
  }
  if (m == 0 && p > 0)
    for (int k = 0; k < MJ_KINDS; k++)
      if (d->u[k] <= 2) {
        d->u[k] += 2;
        d->groups[d->ng][0] = 4, d->groups[d->ng][1] = k, d->ng++;
        empty_rec(d, 0, 0, p - 1);
        d->ng--;
        d->u[k] -= 2;
      }
}

/* c holds the real tiles not yet placed; u what placed groups use. */
static void dec_rec(dctx *d, uint8_t *rc, int w, int m, int p)
{
  int t = 0;
  while (t < MJ_KINDS && rc[t] == 0)
    t++;
  if (t == MJ_KINDS) {
    if (w == 3 * m + 2 * p)
      empty_rec(d, 0, m, p);
    return;
  }
  int kinds[5][4], n = 0;   /* type, k0, k1, k2 */
  if (m > 0) {
    kinds[n][0] = 1, kinds[n][1] = t, kinds[n][2] = t, kinds[n][3] = t, n++;
    for (int s = t - 2; s <= t; s++)
      if (same_suit_run(s, 0, MJ_KINDS))
        kinds[n][0] = 0, kinds[n][1] = s, kinds[n][2] = s + 1,
        kinds[n][3] = s + 2, n++;
  }
  if (p > 0)
    kinds[n][0] = 4, kinds[n][1] = t, kinds[n][2] = t, kinds[n][3] = -1, n++;
  for (int i = 0; i < n; i++) {
    int size = kinds[i][3] < 0 ? 2 : 3;
    int took[3] = { 0, 0, 0 }, uw = 0;
    bool ok = true;
    for (int j = 0; j < size; j++) {
      int k = kinds[i][1 + j];
      if (d->u[k] >= 4)
        ok = false;
      d->u[k]++;
      if (rc[k] > 0) {
        rc[k]--;
        took[j] = 1;
      } else {
        uw++;
      }
    }
    if (ok && uw <= w) {
      d->groups[d->ng][0] = kinds[i][0] == 4 ? 4 : kinds[i][0];
      d->groups[d->ng][1] = kinds[i][1];
      d->ng++;
      dec_rec(d, rc, w - uw, m - (kinds[i][0] != 4), p - (kinds[i][0] == 4));
      d->ng--;
    }
    for (int j = 0; j < size; j++) {
      int k = kinds[i][1 + j];
      d->u[k]--;
      if (took[j])
        rc[k]++;
    }
  }
}

/* Seven pairs: pick[k] pairs of kind k, every choice covering the tiles. */
static void pairs_ref(dctx *d, int *pick, int k, int left, int w, int maxp)
{
  if (k == MJ_KINDS) {
    if (left != 0 || w != 0)
      return;
    uint8_t wa[MJ_KINDS];
    d->ng = 0;
    if (d->pung >= 0)
      d->groups[d->ng][0] = 1, d->groups[d->ng][1] = d->pung, d->ng++;
    for (int q = 0; q < MJ_KINDS; q++) {
      wa[q] = (uint8_t)(2 * pick[q] - d->c[q]);
      for (int r = 0; r < pick[q]; r++)
        d->groups[d->ng][0] = 4, d->groups[d->ng][1] = q, d->ng++;
    }
    add_key(d, wa, "seven_pairs");
    d->ng = 0;
    return;
  }
  for (int q = 0; q <= maxp && q <= left; q++) {
    int need = 2 * q - d->c[k];
    if (need < 0 || need > w)
      continue;
    pick[k] = q;
    pairs_ref(d, pick, k + 1, left - q, w - need, maxp);
  }
  pick[k] = 0;
}

int ref_decompose(const mj_hand *h, const mj_shape_cfg *cfg, mj_tileset wild,
                  char (*out)[96], int max)
{
  dctx d;
  memset(&d, 0, sizeof d);
  d.out = out;
  d.max = max;
  d.h = h;
  memcpy(d.c, mj_hand_counts(h), MJ_KINDS);
  int w = 0;
  for (int t = 0; t < MJ_KINDS; t++)
    if (wild & MJ_BIT(t)) {
      w += d.c[t];
      d.c[t] = 0;
    }
  d.wilds = w;
  int nm = mj_hand_nmelds(h);
  const mj_meld *m = mj_hand_melds(h);
  for (int i = 0; i < nm; i++)
    for (int k = 0; k < mj_meld_size(&m[i]); k++)
      d.decl[m[i].tile + (m[i].type == MJ_CHOW ? k : 0)]++;
  if (cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)) {
    uint8_t rc[MJ_KINDS];
    memcpy(rc, d.c, MJ_KINDS);
    dec_rec(&d, rc, w, mj_hand_sets(h) - nm, 1);
  }
  d.pung = -1;
  if ((cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_PAIRS)) && nm == 0 &&
      mj_hand_sets(h) > 4 && w == 0) {
    int pick[MJ_KINDS];
    for (int g = 0; g < MJ_KINDS; g++)   /* seven pairs and a pung */
      if (d.c[g] >= 3) {
        d.c[g] = (uint8_t)(d.c[g] - 3);
        d.pung = g;
        pairs_ref(&d, pick, 0, 7, 0, cfg->pair_quads ? 2 : 1);
        d.c[g] = (uint8_t)(d.c[g] + 3);
      }
  } else if ((cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_PAIRS)) && nm == 0) {
    int pick[MJ_KINDS];
    pairs_ref(&d, pick, 0, 7, w, cfg->pair_quads ? 2 : 1);
  }
  return d.n;
}

void ref_decomp_key(const mj_decomp *dc, char *buf)
{
  dctx d;
  memset(&d, 0, sizeof d);
  char out[1][96];
  d.out = out;
  d.max = 1;
  for (int i = 0; i < dc->ngroups; i++) {
    const mj_group *g = &dc->groups[i];
    if (g->declared)
      continue;
    int type = g->type == MJ_G_CHOW   ? 0
               : g->type == MJ_G_PUNG ? 1
               : g->type == MJ_G_PAIR ? 4
                                      : 3;
    d.groups[d.ng][0] = type;
    d.groups[d.ng][1] = g->tile;
    d.ng++;
  }
  add_key(&d, dc->wild_as,
          dc->shape == MJ_SHAPE_PAIRS ? "seven_pairs" : "standard");
  strcpy(buf, out[0]);
}

const char *ref_counts_str(const uint8_t *c, int n, char *buf)
{
  int len = 0;
  for (int i = 0; i < n; i++)
    len += sprintf(buf + len, "%d", c[i]);
  return buf;
}
