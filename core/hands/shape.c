/*
** shape.c
** Decompositions of a complete hand into winning shapes, wild tiles
** included. Each decomposition is produced exactly once: the standard
** shape walks the 34 kinds in order and decides, at each kind, how many
** chows start there, whether a pung or the pair sits there; the number of
** tiles the groups ask of that kind minus the real tiles held is what the
** wilds stand for. Special shapes enumerate their target tile sets.
*/
#include "i18n.h"
#include "shape.h"

#include "analysis.h"
#include "tables.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

static const char *const shape_names[MJ_SHAPE_COUNT + 1] = {
  "standard", "seven_pairs", "thirteen_orphans", "honors_knitted",
  "knitted_straight", "shisanlan", "jiuyao", "none"
};

static const char *const shape_titles[MJ_SHAPE_COUNT + 1] = {
  N_("four melds and a pair"),
  N_("seven pairs 七对"),
  N_("thirteen orphans 十三幺"),
  N_("honors and knitted tiles 全不靠"),
  N_("knitted straight 组合龙 with a meld and a pair"),
  N_("十三浪 (suit tiles 3 apart, honors single)"),
  N_("九幺 (terminals and honors only)"),
  N_("no winning shape")
};

const char *mj_shape_name(mj_shape s)
{
  return (unsigned)s <= MJ_SHAPE_COUNT ? shape_names[s] : "?";
}

const char *mj_shape_title(mj_shape s)
{
  return (unsigned)s <= MJ_SHAPE_COUNT ? _(shape_titles[s]) : "?";
}

const char *mj_shape_title_sets(mj_shape s, int sets)
{
  if (sets > 4 && s == MJ_SHAPE_STANDARD)
    return _("five melds and a pair");
  if (sets > 4 && s == MJ_SHAPE_PAIRS)
    return _("seven pairs and a pung 嚦咕嚦咕");
  return mj_shape_title(s);
}

int mj_shape_from_name(const char *name)
{
  for (int s = 0; s < MJ_SHAPE_COUNT; s++)
    if (strcmp(name, shape_names[s]) == 0)
      return s;
  return -1;
}

bool mj_decomp_wild_acting(const mj_decomp *d)
{
  for (int t = 0; t < MJ_KINDS; t++)
    if (d->wild_as[t] > d->wild_held[t])
      return true;
  return false;
}

int mj_decomp_nacting(const mj_decomp *d)
{
  int n = 0;
  if (d->nwild > 0)
    for (int t = 0; t < MJ_KINDS; t++)
      if (d->wild_as[t] > d->wild_held[t])
        n += d->wild_as[t] - d->wild_held[t];
  return n;
}

static bool is_th(int t)
{
  return t >= MJ_HONOR_FIRST || t % 9 == 0 || t % 9 == 8;
}

typedef struct en {
  const mj_hand *h;
  const mj_shape_cfg *cfg;
  uint8_t c[MJ_KINDS];       /* real concealed tiles not yet placed */
  uint8_t u[MJ_KINDS];       /* tiles the walked groups use at each kind */
  uint8_t extra[MJ_KINDS];   /* tiles a fixed part uses (knitted straight) */
  uint8_t extra_wild[MJ_KINDS];  /* wilds standing in that fixed part */
  int wilds;                 /* wilds of the hand */
  int shape;                 /* shape being walked */
  mj_decomp d;               /* declared groups are filled in first */
  int base;                  /* number of declared groups */
  int sets;                  /* sets of a win: 4, or 5 (16 tiles) */
  mj_group stack[MJ_MAX_GROUPS];
  int nstack;
  int pair;                  /* pair kind or -1 */
  mj_decomp_fn fn;
  void *ud;
  int count;
  int stop;
} en;

static void emit(en *e)
{
  if (e->stop)
    return;
  mj_decomp *d = &e->d;
  d->shape = (uint8_t)e->shape;
  int n = e->base;
  for (int i = 0; i < e->nstack && n < MJ_MAX_GROUPS; i++)
    d->groups[n++] = e->stack[i];
  if (e->pair >= 0 && n < MJ_MAX_GROUPS) {
    mj_group g = { MJ_G_PAIR, (mj_tile)e->pair, 0, 0 };
    d->groups[n++] = g;
  }
  d->ngroups = (uint8_t)n;
  d->nwild = (uint8_t)e->wilds;
  if (e->wilds == 0)
    memset(d->wild_as, 0, MJ_KINDS);
  else
    for (int t = 0; t < MJ_KINDS; t++)
      d->wild_as[t] = (uint8_t)(e->u[t] - e->c[t] + e->extra_wild[t]);
  e->count++;
  if (e->fn != NULL && e->fn(d, e->ud))
    e->stop = 1;
}

static void push(en *e, int type, int tile)
{
  mj_group g = { (uint8_t)type, (mj_tile)tile, 0, 0 };
  if (e->nstack < MJ_MAX_GROUPS)
    e->stack[e->nstack++] = g;
}

/* {====================================================================
** Standard shape
** ===================================================================== */

#define SCOST (mj_tables_blob + MJ_TB_SCOST)
#define HCOST (mj_tables_blob + MJ_TB_HCOST)

/* Least wilds the tiles of kinds >= t (t at a suit boundary) need. */
static int need_from(const uint8_t *c, int t, int pair_left)
{
  int c0 = 0, best_delta = 2;   /* the pair may be made of wilds alone */
  for (int g = t < MJ_HONOR_FIRST ? t / 9 : 3; g < 4; g++) {
    unsigned char k;
    uint32_t x = 0;
    if (g < 3) {
      for (int r = 8; r >= 0; r--)
        x = x * 5 + c[g * 9 + r];
      k = SCOST[x];
    } else {
      for (int r = 6; r >= 0; r--)
        x = x * 5 + c[MJ_HONOR_FIRST + r];
      k = HCOST[x];
    }
    c0 += k & 15;
    int delta = (k >> 4) - (k & 15);
    if (delta < best_delta)
      best_delta = delta;
  }
  return pair_left ? c0 + best_delta : c0;
}

/*
** Walk kinds t..33. A = chows started at t-1 (they need t and t+1),
** B = chows started at t-2 (they need t). At each kind choose x new
** chows, a pung or not, the pair or not; the groups ask d tiles of kind
** t, the hand has c of them, and d - c wilds stand for t.
*/
static void std_rec(en *e, int t, int A, int B, int melds, int pair, int wl);

/* At kind t: x chows starting there, y a pung, z the pair, using `used`
   tiles of t (wilds among them); walk on from t + 1, then undo. */
static inline void place(en *e, int t, int x, int y, int z, int used, int A,
                         int melds, int pair, int wl)
{
  int save = e->nstack;
  for (int i = 0; i < x; i++)
    push(e, MJ_G_CHOW, t);
  if (y)
    push(e, MJ_G_PUNG, t);
  if (z)
    e->pair = t;
  e->u[t] = (uint8_t)used;
  std_rec(e, t + 1, x, A, melds - x - y, pair - z, wl);
  e->u[t] = 0;
  if (z)
    e->pair = -1;
  e->nstack = save;
}

static void std_rec(en *e, int t, int A, int B, int melds, int pair, int wl)
{
  if (e->stop)
    return;
  while (t < MJ_KINDS && e->c[t] == 0 && A == 0 && B == 0 && wl == 0)
    t++;
  if (t == MJ_KINDS) {
    if (A == 0 && B == 0 && melds == 0 && pair == 0 && wl == 0)
      emit(e);
    return;
  }
  if (wl > 0 && A == 0 && B == 0 &&
      (t == 0 || t == 9 || t == 18 || t == MJ_HONOR_FIRST) &&
      need_from(e->c, t, pair) > wl)
    return;
  int rank = t % 9;
  int xmax = t < MJ_HONOR_FIRST && rank <= 6 ? 4 : 0;
  int c = e->c[t], room = 4 - e->extra[t];
  if (wl == 0) {
    /* no wild left: the groups at t take exactly the c tiles there */
    int rem = c - A - B;
    if (rem < 0 || c > room)
      return;
    for (int y = 0; y <= 1 && y <= melds; y++)
      for (int z = 0; z <= pair; z++) {
        int x = rem - 3 * y - 2 * z;
        if (x < 0 || x > xmax || x + y > melds)
          continue;
        place(e, t, x, y, z, c, A, melds, pair, 0);
        if (e->stop)
          return;
      }
    return;
  }
  for (int x = 0; x <= xmax && x <= melds; x++)
    for (int y = 0; y <= 1 && x + y <= melds; y++)
      for (int z = 0; z <= pair; z++) {
        int d = A + B + x + 3 * y + 2 * z;
        if (d < c || d > room || d - c > wl)
          continue;
        place(e, t, x, y, z, d, A, melds, pair, wl - (d - c));
        if (e->stop)
          return;
      }
}

/* The whole splits of each suit (gen_tables.c): a hash of the suit
   index to a run of packed splits, in the walk's order. */
#define DEC_SLOTS ((const uint64_t *)(const void *)(mj_tables_blob + MJ_TB_DEC))
#define DEC_ENT                                                                \
  ((const uint32_t *)(const void *)(mj_tables_blob + MJ_TB_DEC_ENT))

/* The splits of suit index idx: their count (0: the suit is not whole),
   *first the first. The empty suit has one split, entry 0 of none. */
static int suit_splits(uint32_t idx, const uint32_t **first)
{
  static const uint32_t empty = 0;
  if (idx == 0) {
    *first = &empty;
    return 1;
  }
  uint32_t h = ((idx * 2654435761u) >> 16) & (MJ_DEC_SLOTS - 1);
  for (;;) {
    uint64_t sl = DEC_SLOTS[h];
    if (sl == 0)
      return 0;
    if ((uint32_t)(sl & 0x3fffff) == idx + 1) {
      *first = DEC_ENT + (sl >> 22 & 0x3ffff);
      return (int)(sl >> 40);
    }
    h = (h + 1) & (MJ_DEC_SLOTS - 1);
  }
}

/* Push split w of suit g; its pair's kind into *pair (or leave it). */
static void push_split(en *e, int g, uint32_t w, int *pair)
{
  int n = (int)(w >> 4 & 7);
  for (int i = 0; i < n; i++) {
    uint32_t m = w >> (7 + 5 * i) & 31;
    push(e, m & 16 ? MJ_G_PUNG : MJ_G_CHOW, g * 9 + (int)(m & 15));
  }
  if (w & 15)
    *pair = g * 9 + (int)(w & 15) - 1;
}

/*
** The standard shape without wilds, from the split tables: each suit
** whole on its own, the honors pungs and at most one pair, exactly one
** pair in all. The readings come in the order std_rec would give them.
*/
static void enum_standard_whole(en *e, const struct mj_tileview *v)
{
  const uint32_t *sp[3];
  int ns[3], hpair = -1;
  for (int g = 0; g < 3; g++)
    if ((ns[g] = suit_splits(v->idx[g], &sp[g])) == 0)
      return;
  mj_group hon[4];
  int nh = 0;
  for (int t = MJ_HONOR_FIRST; t < MJ_KINDS && v->idx[3] != 0; t++)
    switch (e->c[t]) {
    case 0: break;
    case 2:
      if (hpair >= 0)
        return;
      hpair = t;
      break;
    case 3:
      if (nh == 4)
        return;
      hon[nh].type = MJ_G_PUNG, hon[nh].tile = (mj_tile)t;
      hon[nh].declared = hon[nh].exposed = 0;
      nh++;
      break;
    default:
      return;
    }
  e->shape = MJ_SHAPE_STANDARD;
  for (int a = 0; a < ns[0]; a++)
    for (int b = 0; b < ns[1]; b++)
      for (int c = 0; c < ns[2] && !e->stop; c++) {
        uint32_t w[3] = { sp[0][a], sp[1][b], sp[2][c] };
        int pairs = (hpair >= 0) + ((w[0] & 15) != 0) + ((w[1] & 15) != 0) +
                    ((w[2] & 15) != 0);
        if (pairs != 1)
          continue;
        e->nstack = 0;
        e->pair = hpair;
        for (int g = 0; g < 3; g++)
          push_split(e, g, w[g], &e->pair);
        for (int i = 0; i < nh; i++)
          e->stack[e->nstack++] = hon[i];
        emit(e);
      }
  e->nstack = 0;
  e->pair = -1;
}

/* The tiles of the declared melds into extra: a wild never makes a
   fifth copy of a kind, counting them. */
static void add_declared(en *e)
{
  const mj_meld *m = mj_hand_melds(e->h);
  for (int i = 0; i < mj_hand_nmelds(e->h); i++) {
    if (m[i].type == MJ_CHOW)
      for (int k = 0; k < 3; k++)
        e->extra[m[i].tile + k]++;
    else
      e->extra[m[i].tile] =
          (uint8_t)(e->extra[m[i].tile] + mj_meld_size(&m[i]));
  }
}

static void enum_standard(en *e)
{
  int M = e->sets - mj_hand_nmelds(e->h);
  e->shape = MJ_SHAPE_STANDARD;
  e->nstack = 0;
  e->pair = -1;
  add_declared(e);
  std_rec(e, 0, 0, 0, M, 1, e->wilds);
  memset(e->extra, 0, sizeof e->extra);
}

/* }==================================================================== */

/* {====================================================================
** Special shapes
** ===================================================================== */

static void pairs_rec(en *e, int t, int wl)
{
  if (e->stop)
    return;
  if (wl == 0) {
    e->nstack = 0;
    for (int k = 0; k < MJ_KINDS; k++)
      for (int i = 0; i < e->u[k] / 2; i++)
        push(e, MJ_G_PAIR, k);
    emit(e);
    return;
  }
  /* an all-wild pair at some kind >= t */
  int lim = e->cfg->pair_quads ? 2 : 0;
  for (int k = t; k < MJ_KINDS; k++) {
    if (e->u[k] > lim)
      continue;
    e->u[k] += 2;
    pairs_rec(e, k, wl - 2);
    e->u[k] -= 2;
    if (e->stop)
      return;
  }
}

/* A 16-tile table's seven pairs (嚦咕嚦咕): seven pairs and a pung, no
   wild (such a table has none). */
static void enum_pairs_pung(en *e)
{
  int pung = -1;
  for (int k = 0; k < MJ_KINDS; k++) {
    int c = e->c[k];
    if (c & 1) {
      if (c != 3 || pung >= 0)
        return;
      pung = k;
    } else if (c == 4 && !e->cfg->pair_quads) {
      return;
    }
  }
  if (pung < 0 || e->wilds != 0)
    return;
  e->shape = MJ_SHAPE_PAIRS;
  e->pair = -1;
  e->nstack = 0;
  for (int k = 0; k < MJ_KINDS; k++)
    if (k == pung)
      push(e, MJ_G_PUNG, k);
    else
      for (int i = 0; i < e->c[k] / 2; i++)
        push(e, MJ_G_PAIR, k);
  emit(e);
  e->nstack = 0;
}

static void enum_pairs(en *e)
{
  if (mj_hand_nmelds(e->h) != 0)
    return;
  if (e->sets > 4) {
    enum_pairs_pung(e);
    return;
  }
  int wl = e->wilds;
  e->shape = MJ_SHAPE_PAIRS;
  e->pair = -1;
  for (int k = 0; k < MJ_KINDS; k++) {
    int c = e->c[k];
    if (e->cfg->pair_quads) {
      e->u[k] = (uint8_t)(c + (c & 1));
      wl -= c & 1;
    } else {
      if (c >= 3)
        goto done;
      e->u[k] = (uint8_t)(c ? 2 : 0);
      wl -= c == 1;
    }
  }
  if (wl >= 0 && (wl & 1) == 0)
    pairs_rec(e, 0, wl);
done:
  memset(e->u, 0, sizeof e->u);
  e->nstack = 0;
}

static void enum_orphans(en *e)
{
  if (mj_hand_nmelds(e->h) != 0)
    return;
  int doubled = -1;
  for (int k = 0; k < MJ_KINDS; k++) {
    if (e->c[k] == 0)
      continue;
    if (!is_th(k) || e->c[k] > 2)
      return;
    if (e->c[k] == 2) {
      if (doubled >= 0)
        return;
      doubled = k;
    }
  }
  e->shape = MJ_SHAPE_ORPHANS;
  for (int i = 0; i < 13 && !e->stop; i++) {
    int pk = mj_terminals_honors[i];
    if (doubled >= 0 && pk != doubled)
      continue;
    e->nstack = 0;
    for (int j = 0; j < 13; j++) {
      e->u[mj_terminals_honors[j]] = 1;
      if (mj_terminals_honors[j] != pk)
        push(e, MJ_G_SINGLE, mj_terminals_honors[j]);
    }
    e->u[pk] = 2;
    e->pair = pk;
    emit(e);
    e->pair = -1;
  }
  memset(e->u, 0, sizeof e->u);
  e->nstack = 0;
}

/* Choose wl more kinds among cand[i..n), then emit all as singles. */
static void pick_rec(en *e, const int *cand, int n, int i, int wl)
{
  if (e->stop)
    return;
  if (wl == 0) {
    e->nstack = 0;
    for (int k = 0; k < MJ_KINDS; k++)
      if (e->u[k])
        push(e, MJ_G_SINGLE, k);
    emit(e);
    return;
  }
  for (int j = i; j <= n - wl; j++) {
    e->u[cand[j]] = 1;
    pick_rec(e, cand, n, j + 1, wl - 1);
    e->u[cand[j]] = 0;
    if (e->stop)
      return;
  }
}

static void enum_honors_knitted(en *e)
{
  if (mj_hand_nmelds(e->h) != 0)
    return;
  for (int k = 0; k < MJ_KINDS; k++)
    if (e->c[k] > 1)
      return;
  e->shape = MJ_SHAPE_HONORS_KNITTED;
  e->pair = -1;
  for (int i = 0; i < 6 && !e->stop; i++) {
    bool inK[MJ_KINDS] = { false };
    for (int s = 0; s < 3; s++)
      for (int r = mj_knitted_seq[i][s]; r <= 9; r += 3)
        inK[s * 9 + r - 1] = true;
    for (int k = MJ_HONOR_FIRST; k < MJ_KINDS; k++)
      inK[k] = true;
    bool ok = true;
    int cand[16], n = 0;
    for (int k = 0; k < MJ_KINDS; k++) {
      if (e->c[k] && !inK[k])
        ok = false;
      if (inK[k] && !e->c[k])
        cand[n++] = k;
      e->u[k] = e->c[k];
    }
    if (ok && e->wilds <= n)
      pick_rec(e, cand, n, 0, e->wilds);
  }
  memset(e->u, 0, sizeof e->u);
  e->nstack = 0;
}

static void enum_knitted(en *e)
{
  int D = mj_hand_nmelds(e->h);
  if (D > 1)
    return;
  uint8_t orig[MJ_KINDS];
  memcpy(orig, e->c, MJ_KINDS);
  e->shape = MJ_SHAPE_KNITTED;
  for (int i = 0; i < 6 && !e->stop; i++) {
    int need = 0;
    memcpy(e->c, orig, MJ_KINDS);
    memset(e->extra, 0, sizeof e->extra);
    memset(e->extra_wild, 0, sizeof e->extra_wild);
    for (int s = 0; s < 3; s++)
      for (int r = mj_knitted_seq[i][s]; r <= 9; r += 3) {
        int k = s * 9 + r - 1;
        e->extra[k] = 1;
        if (e->c[k]) {
          e->c[k]--;
        } else {
          e->extra_wild[k] = 1;
          need++;
        }
      }
    if (need > e->wilds)
      continue;
    add_declared(e);
    e->nstack = 0;
    for (int s = 0; s < 3; s++)
      push(e, MJ_G_KNITTED, s * 9 + mj_knitted_seq[i][s] - 1);
    e->pair = -1;
    std_rec(e, 0, 0, 0, 1 - D, 1, e->wilds - need);
  }
  memcpy(e->c, orig, MJ_KINDS);
  memset(e->extra, 0, sizeof e->extra);
  memset(e->extra_wild, 0, sizeof e->extra_wild);
  e->nstack = 0;
}

int mj_lan_size(unsigned set)
{
  int prev = -10, size = 0;
  for (int r = 0; r < 9; r++)
    if (set >> r & 1) {
      if (r - prev < 3)
        return -1;
      prev = r;
      size++;
    }
  return size;
}

/* 十三浪: per suit a set of ranks 3 or more apart, honors single. */
static void lan_rec(en *e, int s, int total)
{
  if (e->stop)
    return;
  if (s == 3) {
    /* honors: keep the held ones, add free ones as needed */
    int held = 0, cand[7], n = 0;
    for (int k = MJ_HONOR_FIRST; k < MJ_KINDS; k++) {
      if (e->c[k])
        held++;
      else
        cand[n++] = k;
      e->u[k] = e->c[k];
    }
    int want = 14 - total - held;
    if (want >= 0 && want <= n)
      pick_rec(e, cand, n, 0, want);
    for (int k = MJ_HONOR_FIRST; k < MJ_KINDS; k++)
      e->u[k] = 0;
    return;
  }
  int mask = 0;
  for (int r = 0; r < 9; r++)
    if (e->c[s * 9 + r])
      mask |= 1 << r;
  for (int set = 0; set < 512; set++) {
    int size = (set & mask) == mask ? mj_lan_size((unsigned)set) : -1;
    if (size < 0)
      continue;
    for (int r = 0; r < 9; r++)
      e->u[s * 9 + r] = (uint8_t)(set >> r & 1);
    lan_rec(e, s + 1, total + size);
    for (int r = 0; r < 9; r++)
      e->u[s * 9 + r] = 0;
    if (e->stop)
      return;
  }
}

static void enum_shisanlan(en *e)
{
  if (mj_hand_nmelds(e->h) != 0)
    return;
  for (int k = 0; k < MJ_KINDS; k++)
    if (e->c[k] > 1)
      return;
  e->shape = MJ_SHAPE_SHISANLAN;
  e->pair = -1;
  lan_rec(e, 0, 0);
  memset(e->u, 0, sizeof e->u);
  e->nstack = 0;
}

/* 九幺: every tile a terminal or an honor; wilds stand for any of them. */
static void jiuyao_rec(en *e, int i, int wl)
{
  if (e->stop)
    return;
  if (wl == 0) {
    e->nstack = 0;
    for (int k = 0; k < MJ_KINDS; k++)
      for (int q = 0; q < e->u[k]; q++)
        push(e, MJ_G_SINGLE, k);
    emit(e);
    return;
  }
  for (int j = i; j < 13; j++) {
    int k = mj_terminals_honors[j];
    if (e->u[k] + e->extra[k] >= 4)
      continue;
    e->u[k]++;
    jiuyao_rec(e, j, wl - 1);
    e->u[k]--;
    if (e->stop)
      return;
  }
}

static void enum_jiuyao(en *e)
{
  const mj_meld *m = mj_hand_melds(e->h);
  for (int i = 0; i < mj_hand_nmelds(e->h); i++)
    if (m[i].type == MJ_CHOW || !is_th(m[i].tile))
      return;
  for (int k = 0; k < MJ_KINDS; k++)
    if (e->c[k] && !is_th(k))
      return;
  e->shape = MJ_SHAPE_JIUYAO;
  e->pair = -1;
  memset(e->extra, 0, sizeof e->extra);
  add_declared(e);
  memcpy(e->u, e->c, MJ_KINDS);
  jiuyao_rec(e, 0, e->wilds);
  memset(e->u, 0, sizeof e->u);
  memset(e->extra, 0, sizeof e->extra);
  e->nstack = 0;
}

/* }==================================================================== */

mj_status mj_decompose(const mj_hand *h, const mj_shape_cfg *cfg,
                       mj_tileset wild, mj_decomp_fn fn, void *ud, int *count)
{
  mj_tileview v;
  mj_tileview_init(&v, h, wild);
  return mj_decompose_view(h, &v, cfg, fn, ud, count);
}

mj_status mj_decompose_view(const mj_hand *h, const struct mj_tileview *view,
                            const mj_shape_cfg *cfg, mj_decomp_fn fn, void *ud,
                            int *count)
{
  mj_tileset wild = view->wild;
  en e;
  memset(&e, 0, offsetof(en, d));
  e.d.shape = 0;
  memset(e.d.wild_held, 0, MJ_KINDS);
  e.nstack = 0;
  e.count = 0;
  e.stop = 0;
  e.h = h;
  e.cfg = cfg;
  e.fn = fn;
  e.ud = ud;
  e.pair = -1;
  /* the view's counts: a tile of a wild kind the view holds at face
     (won from a discard) is no wild */
  memcpy(e.c, view->c, MJ_KINDS);
  e.wilds = view->wilds;
  for (mj_tileset w = wild & MJ_SET_ALL; w; w &= w - 1) {
    int t = __builtin_ctzll(w);
    e.d.wild_held[t] = (uint8_t)(mj_hand_counts(h)[t] - view->c[t]);
  }
  if (count != NULL)
    *count = 0;
  int nm = mj_hand_nmelds(h);
  e.sets = view->sets;
  if (mj_hand_ntiles(h) != 3 * (e.sets - nm) + 2 || nm > e.sets)
    return MJ_EINVAL;
  const mj_meld *m = mj_hand_melds(h);
  static const uint8_t gtype[] = { MJ_G_CHOW, MJ_G_PUNG, MJ_G_KONG,
                                   MJ_G_CKONG };
  for (int i = 0; i < nm; i++) {
    e.d.groups[i].type = gtype[m[i].type & 3];
    e.d.groups[i].tile = m[i].tile;
    e.d.groups[i].declared = 1;
    e.d.groups[i].exposed = m[i].type != MJ_CKONG;
  }
  e.base = nm;
  /* the tables say at once which shapes are wins: walk only those */
  bool whole = e.wilds == 0 && e.sets == 4 &&
               (cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD));
  unsigned win =
      mj_win_shapes(view, cfg, whole ? ~MJ_SHAPE_BIT(MJ_SHAPE_STANDARD) : ~0u);
  if (whole)
    enum_standard_whole(&e, view);
  else if (win & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD))
    enum_standard(&e);
  if (!e.stop && (win & MJ_SHAPE_BIT(MJ_SHAPE_PAIRS)))
    enum_pairs(&e);
  if (!e.stop && (win & MJ_SHAPE_BIT(MJ_SHAPE_ORPHANS)))
    enum_orphans(&e);
  if (!e.stop && (win & MJ_SHAPE_BIT(MJ_SHAPE_HONORS_KNITTED)))
    enum_honors_knitted(&e);
  if (!e.stop && (win & MJ_SHAPE_BIT(MJ_SHAPE_KNITTED)))
    enum_knitted(&e);
  if (!e.stop && (win & MJ_SHAPE_BIT(MJ_SHAPE_SHISANLAN)))
    enum_shisanlan(&e);
  if (!e.stop && (win & MJ_SHAPE_BIT(MJ_SHAPE_JIUYAO)))
    enum_jiuyao(&e);
  if (count != NULL)
    *count = e.count;
  return MJ_OK;
}

size_t mj_decomp_print(const mj_decomp *d, char *buf, size_t cap)
{
  size_t len = 0;
  char t[32], b[3];
  if (cap > 0)
    buf[0] = '\0';
  for (int i = 0; i < d->ngroups; i++) {
    const mj_group *g = &d->groups[i];
    int r = mj_tile_rank(g->tile);
    char s = "mpsz"[mj_tile_suit(g->tile) & 3];
    switch (g->type) {
    case MJ_G_CHOW:
      snprintf(t, sizeof t, "%d%d%d%c", r, r + 1, r + 2, s);
      break;
    case MJ_G_PUNG: snprintf(t, sizeof t, "%d%d%d%c", r, r, r, s); break;
    case MJ_G_KONG:
    case MJ_G_CKONG: snprintf(t, sizeof t, "%d%d%d%d%c", r, r, r, r, s); break;
    case MJ_G_PAIR: snprintf(t, sizeof t, "%d%d%c", r, r, s); break;
    case MJ_G_KNITTED:
      snprintf(t, sizeof t, "%d%d%d%c", r, r + 3, r + 6, s);
      break;
    default: snprintf(t, sizeof t, "%s", mj_tile_str(g->tile, b)); break;
    }
    char w[40];
    if (g->declared)
      snprintf(w, sizeof w, "%s%s%s%s", i ? " " : "",
               g->type == MJ_G_CKONG ? "{" : "[", t,
               g->type == MJ_G_CKONG ? "}" : "]");
    else
      snprintf(w, sizeof w, "%s%s", i ? " " : "", t);
    size_t n = strlen(w);
    if (len + n < cap)
      memcpy(buf + len, w, n + 1);
    len += n;
  }
  if (d->nwild > 0) {
    /* the wilds standing for other tiles, then those at their own face */
    char acting[160] = "", face[160] = "";
    size_t na = 0, nf = 0;
    for (int k = 0; k < MJ_KINDS; k++) {
      int own =
          d->wild_as[k] < d->wild_held[k] ? d->wild_as[k] : d->wild_held[k];
      for (int q = 0; q < d->wild_as[k]; q++) {
        char *dst = q < own ? face : acting;
        size_t *n = q < own ? &nf : &na;
        int wr = snprintf(dst + *n, 160 - *n, "%s%s", *n ? " " : "",
                          mj_tile_str((mj_tile)k, b));
        if (wr > 0 && *n + (size_t)wr < 160)
          *n += (size_t)wr;
      }
    }
    char all[400];
    if (na && nf)
      snprintf(all, sizeof all, _(" (wild as %s; at face %s)"), acting, face);
    else if (na)
      snprintf(all, sizeof all, _(" (wild as %s)"), acting);
    else
      snprintf(all, sizeof all, _(" (wild at face %s)"), face);
    size_t n = strlen(all);
    if (len + n < cap)
      memcpy(buf + len, all, n + 1);
    len += n;
  }
  return len;
}
