/*
** wall.c
** Generator, dice and walls.
*/
#include "wall.h"

#include <string.h>

static uint64_t splitmix(uint64_t *x)
{
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void mj_rng_seed(mj_rng *r, uint64_t seed)
{
  uint64_t x = seed;
  for (int i = 0; i < 4; i++)
    r->s[i] = splitmix(&x);
}

static inline uint64_t rotl(uint64_t x, int k)
{
  return (x << k) | (x >> (64 - k));
}

uint64_t mj_rng_next(mj_rng *r)
{
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

uint32_t mj_rng_below(mj_rng *r, uint32_t n)
{
  /* Lemire's method with rejection */
  uint64_t m = (uint64_t)(uint32_t)(mj_rng_next(r) >> 32) * n;
  uint32_t low = (uint32_t)m;
  if (low < n) {
    uint32_t thresh = (uint32_t)(-n) % n;
    while (low < thresh) {
      m = (uint64_t)(uint32_t)(mj_rng_next(r) >> 32) * n;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

int mj_rng_dice(mj_rng *r, int *a, int *b)
{
  int x = 1 + (int)mj_rng_below(r, 6), y = 1 + (int)mj_rng_below(r, 6);
  if (a)
    *a = x;
  if (b)
    *b = y;
  return x + y;
}

uint64_t mj_seed_mix(uint64_t seed, uint64_t index)
{
  uint64_t x = seed ^ (index * 0xd1342543de82ef95ULL);
  splitmix(&x);
  return splitmix(&x);
}

/* Copies of kind t in a full set of the kinds of set. */
static int copies(mj_tileset set, int t)
{
  return !(set & MJ_BIT(t)) ? 0 : t >= MJ_FLOWER0 ? 1 : 4;
}

int mj_set_tiles(mj_tileset set)
{
  int n = 0;
  for (int t = 0; t < MJ_ALL_TILES; t++)
    n += copies(set, t);
  return n;
}

void mj_wall_shuffle(mj_wall *w, mj_tileset set, mj_rng *r)
{
  int n = 0;
  for (int k = 0; k < MJ_ALL_TILES; k++)   /* at most 34 x 4 + 8 */
    for (int c = 0; c < copies(set, k); c++)
      w->t[n++] = (mj_tile)k;
  for (int i = n - 1; i > 0; i--) {
    int j = (int)mj_rng_below(r, (uint32_t)(i + 1));
    mj_tile x = w->t[i];
    w->t[i] = w->t[j];
    w->t[j] = x;
  }
  w->n = n;
  w->head = 0;
  w->tail = n;
  w->left = n;
  memset(w->gone, 0, sizeof w->gone);
  memset(w->red, 0, sizeof w->red);
  w->last_red = false;
}

mj_status mj_wall_compose(mj_tile *out, mj_tileset set, const mj_tile *head,
                          int nhead, const mj_tile *tail, int ntail, mj_rng *r,
                          mj_error *err)
{
  int left[MJ_ALL_TILES];
  int ntiles = mj_set_tiles(set);
  if (ntiles < 1 || ntiles > MJ_WALL_MAX)
    return mj_fail(err, MJ_EINVAL, 0, "a set of %d tiles", ntiles);
  if (nhead < 0 || ntail < 0 || nhead + ntail > ntiles)
    return mj_fail(err, MJ_ERANGE, 0,
                   "%d given tiles do not fit in a wall of %d", nhead + ntail,
                   ntiles);
  for (int t = 0; t < MJ_ALL_TILES; t++)
    left[t] = copies(set, t);
  for (int i = 0; i < nhead + ntail; i++) {
    mj_tile t = i < nhead ? head[i] : tail[i - nhead];
    char b[3];
    if (t >= MJ_ALL_TILES)
      return mj_fail(err, MJ_EINVAL, 0, "not a tile at position %d", i + 1);
    if (--left[t] < 0)
      return mj_fail(err, MJ_EINVAL, 0,
                     "%s is given more often than the set holds it (%d)",
                     mj_tile_str(t, b), copies(set, t));
  }
  int n = 0;
  for (int i = 0; i < nhead; i++)
    out[n++] = head[i];
  int mid = n;
  for (int t = 0; t < MJ_ALL_TILES; t++)
    for (int c = 0; c < left[t]; c++)
      out[n++] = (mj_tile)t;
  for (int i = n - 1; i > mid; i--) {
    int j = mid + (int)mj_rng_below(r, (uint32_t)(i - mid + 1));
    mj_tile x = out[i];
    out[i] = out[j];
    out[j] = x;
  }
  for (int i = ntail - 1; i >= 0; i--)
    out[n++] = tail[i];
  return MJ_OK;
}

mj_status mj_wall_set(mj_wall *w, const mj_tile *tiles, int n, mj_error *err)
{
  if (n < 0 || n > MJ_WALL_MAX)
    return mj_fail(err, MJ_ERANGE, 0, "a wall has at most %d tiles",
                   MJ_WALL_MAX);
  int counts[MJ_ALL_TILES] = { 0 };
  for (int i = 0; i < n; i++) {
    if (tiles[i] >= MJ_ALL_TILES)
      return mj_fail(err, MJ_EINVAL, 0, "not a tile at position %d", i + 1);
    int lim = tiles[i] >= MJ_FLOWER0 ? 1 : 4;
    if (++counts[tiles[i]] > lim) {
      char b[3];
      return mj_fail(err, MJ_EINVAL, 0, "the wall holds more than %d of %s",
                     lim, mj_tile_str(tiles[i], b));
    }
  }
  memcpy(w->t, tiles, (size_t)n);
  w->n = n;
  w->head = 0;
  w->tail = n;
  w->left = n;
  memset(w->gone, 0, sizeof w->gone);
  memset(w->red, 0, sizeof w->red);
  w->last_red = false;
  return MJ_OK;
}

void mj_wall_set_red(mj_wall *w, int n, int suits, const uint8_t *red)
{
  int seen[3] = { 0, 0, 0 };
  for (int i = 0; i < w->n; i++) {
    mj_tile t = w->t[i];
    bool five = t < MJ_HONOR_FIRST && t % 9 == 4;
    w->red[i] = five && (red != NULL ? red[i] != 0
                         : (suits >> (t / 9) & 1) && seen[t / 9]++ < n);
  }
}

int mj_wall_left(const mj_wall *w)
{
  return w->left;
}

mj_tile mj_wall_draw(mj_wall *w)
{
  while (w->head < w->tail && w->gone[w->head])
    w->head++;
  if (w->head >= w->tail)
    return MJ_NO_TILE;
  w->left--;
  w->last_red = w->red[w->head] != 0;
  return w->t[w->head++];
}

mj_tile mj_wall_draw_tail(mj_wall *w)
{
  while (w->tail > w->head && w->gone[w->tail - 1])
    w->tail--;
  if (w->tail <= w->head)
    return MJ_NO_TILE;
  w->left--;
  w->last_red = w->red[w->tail - 1] != 0;
  return w->t[--w->tail];
}

mj_tile mj_wall_set_aside(mj_wall *w, int d, bool playing)
{
  int k = 0;
  for (int i = w->tail - 1; i >= w->head; i--) {
    if (w->gone[i])
      continue;
    if (++k == d) {
      if (playing && w->t[i] >= MJ_KINDS) {
        /* a flower trades places with the nearest playing tile toward
           the head, which it stands for */
        int j = i - 1;
        while (j >= w->head && (w->gone[j] || w->t[j] >= MJ_KINDS))
          j--;
        if (j < w->head)
          return MJ_NO_TILE;
        mj_tile t = w->t[i];
        uint8_t r = w->red[i];
        w->t[i] = w->t[j];
        w->red[i] = w->red[j];
        w->t[j] = t;
        w->red[j] = r;
      }
      w->gone[i] = 1;
      w->left--;
      return w->t[i];
    }
  }
  return MJ_NO_TILE;
}
