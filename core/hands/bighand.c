/*
** bighand.c
** The analysis of hands of five sets and a pair (a table of 16 tiles):
** shanten, is-win, waits, useful tiles and discards for the standard
** shape, without the build-time tables (they hold four melds and 14
** tiles a suit). The same number rests everything: use[m][p] of a group
** (a suit or the honors), the most of its tiles that fit m melds and p
** pairs, here computed per group vector by a walk over the ranks and
** kept in a small per-thread cache; a hand needs (3M + 2) - the best sum
** of use over the groups - its wilds more tiles to win. Seven pairs at
** this table (嚦咕嚦咕) are seven pairs and a pung: the best kind for the
** pung, the seven best pairs of the rest.
*/
#include "bighand.h"

#include <stdlib.h>
#include <string.h>

enum { MMAX = 5, NEG = -100, CACHE = 4096 };

typedef struct use_t { int8_t u[MMAX + 1][2]; } use_t;

typedef struct cache_ent {
  uint32_t key;     /* group vector index + 1, 0 empty; honors marked */
  use_t use;
} cache_ent;

static _Thread_local cache_ent *cache;

void mjb_release(void)
{
  free(cache);
  cache = NULL;
}

static void use_clear(use_t *u)
{
  for (int m = 0; m <= MMAX; m++)
    u->u[m][0] = u->u[m][1] = NEG;
}

/* use[][] of a suit's nine ranks, from the top rank down: at each rank
   and for each (a, b), chows started one and two ranks back, the best
   of the ranks above given the groups started at or above it. */
static void suit_walk(const uint8_t *c, use_t *out)
{
  use_t nxt[5][5], cur[5][5];
  for (int a = 0; a < 5; a++)
    for (int b = 0; b < 5; b++)
      use_clear(&nxt[a][b]);
  nxt[0][0].u[0][0] = 0;
  for (int r = 8; r >= 0; r--) {
    int xmax = r <= 6 ? 4 : 0;
    for (int a = 0; a < 5; a++)
      for (int b = 0; b < 5; b++)
        use_clear(&cur[a][b]);
    for (int a = 0; a < 5; a++)
      for (int b = 0; a + b <= 4; b++) {
        use_t *o = &cur[a][b];
        if ((r == 0 && (a || b)) || (r == 1 && b))
          continue;
        for (int x = 0; x <= xmax; x++)
          for (int y = 0; y <= 1; y++)
            for (int z = 0; z <= 1; z++) {
              int d = a + b + x + 3 * y + 2 * z;
              if (d > 4 || x + a > 4)
                continue;
              const use_t *in = &nxt[x][a];
              int gain = c[r] < d ? c[r] : d;
              for (int m = x + y; m <= MMAX; m++)
                for (int p = z; p <= 1; p++) {
                  int v = in->u[m - x - y][p - z];
                  if (v != NEG && v + gain > o->u[m][p])
                    o->u[m][p] = (int8_t)(v + gain);
                }
            }
      }
    memcpy(nxt, cur, sizeof nxt);
  }
  *out = nxt[0][0];
}

static void honor_walk(const uint8_t *c, use_t *out)
{
  use_clear(out);
  out->u[0][0] = 0;
  for (int k = 0; k < 7; k++) {
    use_t nb = *out;
    for (int m = 0; m <= MMAX; m++)
      for (int p = 0; p < 2; p++) {
        int v = out->u[m][p];
        if (v == NEG)
          continue;
        if (m < MMAX && v + (c[k] < 3 ? c[k] : 3) > nb.u[m + 1][p])
          nb.u[m + 1][p] = (int8_t)(v + (c[k] < 3 ? c[k] : 3));
        if (p == 0 && v + (c[k] < 2 ? c[k] : 2) > nb.u[m][1])
          nb.u[m][1] = (int8_t)(v + (c[k] < 2 ? c[k] : 2));
      }
    *out = nb;
  }
}

/* Group g's use of the counts c (34 kinds). */
static const use_t *group_use(const uint8_t *c, int g)
{
  static _Thread_local use_t spare;
  int lo = g < 3 ? g * 9 : MJ_HONOR_FIRST, n = g < 3 ? 9 : 7;
  uint32_t key = 0;
  for (int r = n - 1; r >= 0; r--)
    key = key * 5 + (c[lo + r] > 4 ? 4 : c[lo + r]);
  key = (key + 1) | (g == 3 ? 1u << 31 : 0);
  if (cache == NULL)
    cache = calloc(CACHE, sizeof *cache);
  cache_ent *e = cache ? &cache[(key * 2654435761u) >> 20 & (CACHE - 1)]
                       : NULL;
  if (e != NULL && e->key == key)
    return &e->use;
  use_t *u = e ? &e->use : &spare;
  if (g < 3)
    suit_walk(c + lo, u);
  else
    honor_walk(c + lo, u);
  /* "at most m melds": fewer melds never use more */
  for (int m = 1; m <= MMAX; m++)
    for (int p = 0; p < 2; p++)
      if (u->u[m - 1][p] > u->u[m][p])
        u->u[m][p] = u->u[m - 1][p];
  if (e != NULL)
    e->key = key;
  return u;
}

/* The most of the counts' tiles that fit M melds and a pair. */
static int best_of(const uint8_t *c, int M)
{
  const use_t *u[4];
  use_t copy[4];
  for (int g = 0; g < 4; g++) {
    copy[g] = *group_use(c, g);   /* the cache may move on */
    u[g] = &copy[g];
  }
  int best = NEG;
  for (int m0 = 0; m0 <= M; m0++)
    for (int m1 = 0; m0 + m1 <= M; m1++)
      for (int m2 = 0; m0 + m1 + m2 <= M; m2++) {
        int m3 = M - m0 - m1 - m2;
        const int m[4] = { m0, m1, m2, m3 };
        for (int pg = 0; pg < 4; pg++) {
          int s = 0;
          for (int g = 0; g < 4 && s > NEG; g++) {
            int v = u[g]->u[m[g]][g == pg];
            s = v == NEG ? NEG : s + v;
          }
          if (s > best)
            best = s;
        }
      }
  return best;
}

int mjb_shanten(const mj_tileview *v)
{
  int M = v->sets - v->melds;
  if (M < 0 || M > MMAX)
    return MJ_SHANTEN_NONE;
  int best = best_of(v->c, M);
  if (best < 0)
    return MJ_SHANTEN_NONE;
  int s = 3 * M + 2 - 1 - best - v->wilds;
  return s < -1 ? -1 : s;
}

static int slots(const mj_tileview *v) { return 3 * (v->sets - v->melds) + 2; }

static bool std_on(const mj_shape_cfg *cfg)
{
  return (cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)) != 0;
}

static bool pairs_on(const mj_shape_cfg *cfg)
{
  return (cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_PAIRS)) != 0;
}

/* The most tiles P pairs and S singles give seven pair slots. */
static int kept_pairs(int P, int S)
{
  if (P > 7)
    P = 7;
  return 2 * P + (S < 7 - P ? S : 7 - P);
}

/* A kind of c tiles as pairs and singles (quads: four is two pairs). */
static void pair_parts(int c, bool quads, int *p, int *s)
{
  if (quads) {
    *p = c / 2;
    *s = c & 1;
  } else {
    *p = c >= 2;
    *s = c == 1;
  }
}

int mjb_pairs_shanten(const mj_tileview *v, bool quads)
{
  if (v->melds != 0 || v->sets != 5)
    return MJ_SHANTEN_NONE;
  int P = 0, S = 0, p, s;
  for (int k = 0; k < MJ_KINDS; k++) {
    pair_parts(v->c[k], quads, &p, &s);
    P += p;
    S += s;
  }
  int best = kept_pairs(P, S);   /* the pung's slot empty */
  for (int k = 0; k < MJ_KINDS; k++) {
    int c = v->c[k];
    if (c == 0)
      continue;
    pair_parts(c, quads, &p, &s);
    int kept = (c < 3 ? c : 3) + kept_pairs(P - p, S - s);
    if (kept > best)
      best = kept;
  }
  int sh = 3 * 5 + 2 - 1 - best - v->wilds;
  return sh < -1 ? -1 : sh;
}

int mjb_shape_shanten(const mj_tileview *v, const mj_shape_cfg *cfg,
                      mj_shape s)
{
  if (s == MJ_SHAPE_STANDARD)
    return mjb_shanten(v);
  return s == MJ_SHAPE_PAIRS && pairs_on(cfg)
             ? mjb_pairs_shanten(v, cfg->pair_quads)
             : MJ_SHANTEN_NONE;
}

int mjb_shanten_which(const mj_tileview *v, const mj_shape_cfg *cfg,
                      unsigned *which)
{
  int s = std_on(cfg) ? mjb_shanten(v) : MJ_SHANTEN_NONE;
  int p = pairs_on(cfg) ? mjb_pairs_shanten(v, cfg->pair_quads)
                        : MJ_SHANTEN_NONE;
  int best = s < p ? s : p;
  if (which != NULL)
    *which = best >= MJ_SHANTEN_NONE ? 0
             : (s == best ? MJ_SHAPE_BIT(MJ_SHAPE_STANDARD) : 0) |
               (p == best ? MJ_SHAPE_BIT(MJ_SHAPE_PAIRS) : 0);
  return best;
}

unsigned mjb_win_shapes(const mj_tileview *v, const mj_shape_cfg *cfg,
                        unsigned shapes)
{
  if (v->ntiles != slots(v))
    return 0;
  shapes &= cfg->shapes;
  unsigned win = 0;
  if ((shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)) && mjb_shanten(v) == -1)
    win |= MJ_SHAPE_BIT(MJ_SHAPE_STANDARD);
  if ((shapes & MJ_SHAPE_BIT(MJ_SHAPE_PAIRS)) &&
      mjb_pairs_shanten(v, cfg->pair_quads) == -1)
    win |= MJ_SHAPE_BIT(MJ_SHAPE_PAIRS);
  return win;
}

bool mjb_is_win(const mj_tileview *v, const mj_shape_cfg *cfg)
{
  if (v->ntiles != slots(v))
    return false;
  return (std_on(cfg) && mjb_shanten(v) == -1) ||
         (pairs_on(cfg) && mjb_pairs_shanten(v, cfg->pair_quads) == -1);
}

/* May tile t go into the view (no fifth copy, not a kind the wall lacks)? */
static bool may_add(const mj_tileview *v, const mj_shape_cfg *cfg, int t)
{
  if (cfg->absent & MJ_BIT(t))
    return false;
  return (v->wild & MJ_BIT(t)) || v->c[t] < 4;
}

/* The kinds whose draw brings the view's shanten under goal. */
static mj_tileset draws_under(const mj_tileview *v, const mj_shape_cfg *cfg,
                              int goal)
{
  mj_tileset good = 0;
  if (v->ntiles + 1 != slots(v) || !(std_on(cfg) || pairs_on(cfg)))
    return 0;
  mj_tileview x = *v;
  for (int t = 0; t < MJ_KINDS; t++) {
    if (!may_add(v, cfg, t))
      continue;
    mj_tileview_add(&x, (mj_tile)t);
    if (mjb_shanten_which(&x, cfg, NULL) < goal)
      good |= MJ_BIT(t);
    mj_tileview_remove(&x, (mj_tile)t);
  }
  return good;
}

mj_tileset mjb_waits(const mj_tileview *v, const mj_shape_cfg *cfg)
{
  return draws_under(v, cfg, 0);
}

mj_tileset mjb_useful(const mj_tileview *v, const mj_shape_cfg *cfg, int cur)
{
  return draws_under(v, cfg, cur);
}

int mjb_discard_shanten(const mj_tileview *v, const mj_shape_cfg *cfg,
                        mj_tileset tiles, int sh[MJ_KINDS],
                        unsigned which[MJ_KINDS])
{
  int n = 0;
  for (; tiles; tiles &= tiles - 1) {
    int t = __builtin_ctzll(tiles);
    bool wild = (v->wild & MJ_BIT(t)) != 0;
    if (wild ? v->wilds == 0 : v->c[t] == 0)
      continue;
    mj_tileview x = *v;
    mj_tileview_remove(&x, (mj_tile)t);
    sh[t] = mjb_shanten_which(&x, cfg, &which[t]);
    n++;
  }
  return n;
}
