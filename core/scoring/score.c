/*
** score.c
** The fan engine. For every reading (decomposition) of a hand it builds a
** view, finds the candidate fans through the filter rows, matches them,
** combines melds under the account-once principle (combo.c), applies the
** exemptions in the order the ruleset's exclusion graph gives, and
** totals; the best reading wins. Its text is explain.c's.
*/
#include "score.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "score_int.h"

/* {====================================================================
** Waits
** ===================================================================== */

/* Can c[] be split into m melds and one pair, no limit on copies? */
static bool nolimit_win(uint8_t *c, int m, bool pair)
{
  int t = 0;
  while (t < MJ_KINDS && c[t] == 0)
    t++;
  if (t == MJ_KINDS)
    return m == 0 && !pair;
  if (pair && c[t] >= 2) {
    c[t] -= 2;
    bool ok = nolimit_win(c, m, false);
    c[t] += 2;
    if (ok)
      return true;
  }
  if (m > 0 && c[t] >= 3) {
    c[t] -= 3;
    bool ok = nolimit_win(c, m - 1, pair);
    c[t] += 3;
    if (ok)
      return true;
  }
  if (m > 0 && t < MJ_HONOR_FIRST && t % 9 <= 6 && c[t + 1] && c[t + 2]) {
    c[t]--, c[t + 1]--, c[t + 2]--;
    bool ok = nolimit_win(c, m - 1, pair);
    c[t]++, c[t + 1]++, c[t + 2]++;
    if (ok)
      return true;
  }
  return false;
}

/* The number of kinds the view (one tile short) waits on, up to two,
** where a kind of which the hand holds four still counts if the shape
** wants a fifth. */
static int count_waits(const mj_tileview *pre, const mj_shape_cfg *cfg)
{
  int n = mj_count_waits(pre, cfg, 2);
  if (n >= 2)
    return n;
  if (pre->wilds == 0 && (cfg->shapes & MJ_SHAPE_BIT(MJ_SHAPE_STANDARD)))
    for (mj_tileset four = pre->at[3]; four; four &= four - 1) {
      int t = __builtin_ctzll(four);
      uint8_t c[MJ_KINDS];
      memcpy(c, pre->c, MJ_KINDS);
      c[t]++;
      if (nolimit_win(c, 4 - pre->melds, true))
        n++;
    }
  return n;
}

/* Edge, closed or single from where the winning tile sits in the groups. */
static int classify_wait(const mj_decomp *d, int from, mj_tile win)
{
  int flags = 0;
  for (int i = from; i < d->ngroups; i++) {
    const mj_group *g = &d->groups[i];
    if (g->declared)
      continue;
    if (g->type == MJ_G_CHOW && win >= g->tile && win <= g->tile + 2)
      flags |= win == g->tile + 1 ? 2 : 1;
    else if (g->type == MJ_G_PAIR && g->tile == win)
      flags |= 4;
  }
  return flags & 1 ? MJ_WAIT_EDGE : flags & 2 ? MJ_WAIT_CLOSED
       : flags & 4 ? MJ_WAIT_SINGLE : MJ_WAIT_NONE;
}

/*
** The knitted straight's own wait, as the reference scorer has it: with
** a declared meld, a win on the pair's tile is a single wait; concealed,
** the meld and the pair outside the knitted tiles decide (the winning
** tile must be among them).
*/
static int knitted_wait(const eval *E, const mj_decomp *d)
{
  mj_tile win = E->ctx->win;
  if (mj_hand_nmelds(E->h) > 0) {
    for (int i = 0; i < d->ngroups; i++)
      if (d->groups[i].type == MJ_G_PAIR && d->groups[i].tile == win)
        return MJ_WAIT_SINGLE;
    return MJ_WAIT_NONE;
  }
  bool in_rest = false;
  for (int i = 0; i < d->ngroups; i++) {
    bool has = (group_tiles(&d->groups[i]) & MJ_BIT(win)) != 0;
    if (d->groups[i].type == MJ_G_KNITTED && has && !E->r->knitted_waits)
      return MJ_WAIT_NONE;
    if (d->groups[i].type != MJ_G_KNITTED && has)
      in_rest = true;
  }
  if (!in_rest)
    return MJ_WAIT_NONE;
  /* the four tiles before the win outside the knitted straight */
  mj_hand *rest = mj_hand_new();
  if (rest == NULL)
    return MJ_WAIT_NONE;
  int k = 0;
  for (int i = 0; i < d->ngroups; i++) {
    const mj_group *g = &d->groups[i];
    if (g->type == MJ_G_CHOW) {
      mj_hand_add(rest, g->tile);
      mj_hand_add(rest, (mj_tile)(g->tile + 1));
      mj_hand_add(rest, (mj_tile)(g->tile + 2));
    } else if (g->type == MJ_G_PUNG) {
      for (int q = 0; q < 3; q++)
        mj_hand_add(rest, g->tile);
    } else if (g->type == MJ_G_PAIR) {
      mj_hand_add(rest, g->tile);
      mj_hand_add(rest, g->tile);
    }
  }
  for (int q = 0; q < 3; q++) {   /* stand-ins for the knitted part */
    mj_meld m = { MJ_PUNG, (mj_tile)(MJ_HONOR_FIRST + q), 0, 0 };
    mj_hand_add_meld(rest, m);
  }
  mj_hand_remove(rest, win);
  mj_tileview v;
  mj_tileview_init(&v, rest, 0);
  mj_shape_cfg std = { MJ_SHAPE_BIT(MJ_SHAPE_STANDARD), false, 0 };
  k = count_waits(&v, &std);
  mj_hand_free(rest);
  return k == 1 ? classify_wait(d, 0, win) : MJ_WAIT_NONE;
}

/* }==================================================================== */

/* {====================================================================
** Views
** ===================================================================== */

static void add_group_tiles(uint8_t *cnt, const mj_group *g)
{
  switch (g->type) {
  case MJ_G_CHOW:
    cnt[g->tile]++, cnt[g->tile + 1]++, cnt[g->tile + 2]++;
    break;
  case MJ_G_PUNG: cnt[g->tile] += 3; break;
  case MJ_G_KONG:
  case MJ_G_CKONG: cnt[g->tile] += 4; break;
  case MJ_G_PAIR: cnt[g->tile] += 2; break;
  case MJ_G_KNITTED:
    cnt[g->tile]++, cnt[g->tile + 3]++, cnt[g->tile + 6]++;
    break;
  default: cnt[g->tile]++; break;
  }
}

const mj_tileview *mjs_pre_view(eval *E)
{
  if (!E->pre_ready) {
    E->pre = E->full;
    if (E->win_face)
      mj_tileview_remove_face(&E->pre, E->ctx->win);
    else
      mj_tileview_remove(&E->pre, E->ctx->win);
    E->pre_ready = true;
  }
  return &E->pre;
}

void mjs_build_view(eval *E, const mj_decomp *d, mj_view *v)
{
  /* the counters (concealed flags to the wait) start at zero */
  memset(v->concealed, 0,
         offsetof(mj_view, wild_acting) - offsetof(mj_view, concealed));
  v->wild_acting = false;
  v->present = 0;
  v->hand = E->h;
  v->d = d;
  v->shape = d ? d->shape : MJ_SHAPE_NONE;
  v->flags = E->flags;
  v->seat = E->ctx->seat;
  v->round = E->ctx->round;
  v->flowers = E->ctx->flowers;
  v->feibao = E->ctx->feibao;
  v->win = E->ctx->win;
  v->wild = E->wild;
  v->pair = -1;
  v->wild_single = E->wild_single;
  v->wilds = E->nwilds;
  v->horses = E->ctx->horses;
  v->streak = E->ctx->streak;
  v->niao = E->ctx->niao;
  v->reds = (uint8_t)mj_hand_reds(E->h);
  v->wgroup = (int8_t)E->wgroup;
  v->dora = v->ura = 0;
  if (d == NULL) {
    memcpy(v->cnt, E->held, MJ_KINDS);
  } else {
    /* a pung of the winning tile is exposed when it was won on a discard
       and the tile could not have gone into a chow instead */
    bool win_in_chow = false, tiles = !E->fixed_tiles;
    int wpung = -1;
    if (tiles)
      memset(v->cnt, 0, MJ_KINDS);
    for (int i = 0; i < d->ngroups; i++) {
      const mj_group *g = &d->groups[i];
      if (tiles)
        add_group_tiles(v->cnt, g);
      switch (g->type) {
      case MJ_G_CHOW:
        v->chows++;
        if (!g->declared && v->win >= g->tile && v->win <= g->tile + 2)
          win_in_chow = true;
        break;
      case MJ_G_PUNG:
        v->pungs++;
        if (!g->declared) {
          v->concealed[i] = 1;
          v->cpungs++;
          if (g->tile == v->win)
            wpung = i;
        }
        break;
      case MJ_G_KONG:
        v->pungs++, v->kongs++, v->ekongs++;
        break;
      case MJ_G_CKONG:
        v->pungs++, v->kongs++, v->ckongs++, v->cpungs++;
        v->concealed[i] = 1;
        break;
      case MJ_G_PAIR:
        if (d->shape == MJ_SHAPE_PAIRS) {
          if (i > 0 && d->groups[i - 1].type == MJ_G_PAIR &&
              d->groups[i - 1].tile == g->tile)
            v->quads++;
        } else {
          v->pair = g->tile;
        }
        break;
      default:
        break;
      }
      if (g->declared) {
        v->declared++;
        v->exposed += g->exposed;
      }
    }
    if (E->wgroup >= 0) {
      /* parts scoring: the reading says where the winning tile went */
      wpung = d->groups[E->wgroup].type == MJ_G_PUNG ? E->wgroup : -1;
      win_in_chow = false;
    }
    if (wpung >= 0 && !(E->flags & MJ_CTX_SELF) && !win_in_chow) {
      v->concealed[wpung] = 0;
      v->cpungs--;
    }
    v->wild_acting = d->nwild > 0 && mj_decomp_wild_acting(d);
  }
  if (E->fixed_tiles) {
    memcpy(v->cnt, E->held, MJ_KINDS);
    v->present = E->hpresent;
    v->tile_hogs = E->hogs;
  } else {
    mj_tileset at[4];
    mj_count_masks(v->cnt, at);
    v->present = at[0];
    v->tile_hogs = mj_set_count(at[3]);
  }
  v->tile_hogs -= v->kongs;
  if (v->tile_hogs < 0)
    v->tile_hogs = 0;
  const mj_ctx *c = E->ctx;
  for (int i = 0; i < c->ndora; i++)   /* an indicator is a playing kind */
    if (c->dora[i] < MJ_KINDS)
      v->dora += v->cnt[E->r->table.succ[c->dora[i]]];
  for (int i = 0; i < c->nura; i++)
    if (c->ura[i] < MJ_KINDS)
      v->ura += v->cnt[E->r->table.succ[c->ura[i]]];
}

/* The reading's wait, for the fans that read it (made when first asked:
   the unique-wait test is the dearest part of a view). */
void mjs_view_wait(eval *E, mj_view *v)
{
  const mj_decomp *d = v->d;
  if (d == NULL)
    return;
  if (E->wgroup >= 0) {
    v->wait = mjs_group_wait(&d->groups[E->wgroup], v->win);
  } else if (d->shape == MJ_SHAPE_STANDARD ||
             (d->shape == MJ_SHAPE_PAIRS && mj_hand_sets(E->h) > 4)) {
    /* 嚦咕嚦咕's single wait is one as the standard shape's is */
    int w = classify_wait(d, 0, v->win);
    if (w != MJ_WAIT_NONE && E->unique < 0) {
      mj_shape_cfg wcfg = { E->r->wait_shapes, E->r->shapes.pair_quads,
                           E->r->shapes.absent };
      E->unique = count_waits(mjs_pre_view(E), &wcfg) == 1;
    }
    v->wait = E->unique == 1 ? w : MJ_WAIT_NONE;
  } else if (d->shape == MJ_SHAPE_KNITTED) {
    v->wait = knitted_wait(E, d);
  }
}

/* }==================================================================== */

/* {====================================================================
** Matching
** ===================================================================== */

int mjs_suits_present(mj_tileset p)
{
  return ((p & 0x1ffULL) != 0) + ((p >> 9 & 0x1ffULL) != 0) +
         ((p >> 18 & 0x1ffULL) != 0);
}

static bool in_range(int x, const mj_clause *c)
{
  return x >= c->lo && x <= c->hi;
}

static bool tpl_match(const uint8_t *cnt, mj_tileset present,
                      const uint8_t *tpl)
{
  for (int s = 0; s < 3; s++) {
    mj_tileset suit = (mj_tileset)0x1ff << (9 * s);
    if ((present & ~suit) != 0)
      continue;
    bool ok = true;
    for (int r = 0; r < 9 && ok; r++)
      ok = cnt[s * 9 + r] == tpl[r];
    if (ok)
      return true;
  }
  return false;
}

static bool any_tpl(const mj_fan_def *f, const uint8_t *cnt)
{
  mj_tileset present = 0;
  for (int t = 0; t < MJ_KINDS; t++)
    if (cnt[t])
      present |= MJ_BIT(t);
  if (mjs_suits_present(present) != 1 || (present >> MJ_HONOR_FIRST) != 0)
    return false;
  for (int i = 0; i < f->ntpl; i++)
    if (tpl_match(cnt, present, f->tpl[i]))
      return true;
  return false;
}

/* Do the tiles hold a whole knitted straight (147 258 369 in some order
   of the suits)? */
static inline bool has_knitted(const mj_filter *f, mj_tileset p)
{
  return (f->knit[0][p & 0x1ff] & f->knit[1][p >> 9 & 0x1ff] &
          f->knit[2][p >> 18 & 0x1ff]) != 0;
}

/* One clause on a view. */
bool mjs_clause_ok(const eval *E, const mj_fan_def *f, const mj_clause *c,
                      const mj_view *v)
{
  switch (c->kind) {
  case MJ_C_ALL: return (v->present & ~set_mask(E, &c->set)) == 0;
  case MJ_C_NONE: return (v->present & set_mask(E, &c->set)) == 0;
  case MJ_C_ANY: return (v->present & set_mask(E, &c->set)) != 0;
  case MJ_C_EVERY: {
    mj_tileset m = set_mask(E, &c->set);
    return (m & ~v->present) == 0;
  }
  case MJ_C_SUITS: return in_range(mjs_suits_present(v->present), c);
  case MJ_C_TYPES: {
    int n = mjs_suits_present(v->present) +
            ((v->present >> MJ_HONOR_FIRST & 0xf) != 0) +
            ((v->present >> 31 & 0x7) != 0);
    return in_range(n, c);
  }
  case MJ_C_EACH_GROUP: {
    if (v->d == NULL ||
        (v->shape != MJ_SHAPE_STANDARD && v->shape != MJ_SHAPE_KNITTED))
      return false;
    mj_tileset m = set_mask(E, &c->set);
    for (int i = 0; i < v->d->ngroups; i++)
      if ((group_tiles(&v->d->groups[i]) & m) == 0)
        return false;
    return true;
  }
  case MJ_C_PAIR: return v->pair >= 0 && set_has(E, &c->set, v->pair);
  case MJ_C_PAIR_NOT: return v->pair >= 0 && !set_has(E, &c->set, v->pair);
  case MJ_C_CHOWS: return in_range(v->chows, c);
  case MJ_C_PUNGS: return in_range(v->pungs, c);
  case MJ_C_KONGS: return in_range(v->kongs, c);
  case MJ_C_EXPOSED_KONGS: return in_range(v->ekongs, c);
  case MJ_C_CONCEALED_KONGS: return in_range(v->ckongs, c);
  case MJ_C_CONCEALED_PUNGS: return in_range(v->cpungs, c);
  case MJ_C_EXPOSED: return in_range(v->exposed, c);
  case MJ_C_DECLARED: return in_range(v->declared, c);
  case MJ_C_QUADS: return in_range(v->quads, c);
  case MJ_C_FLAG: return ((v->flags & (unsigned)c->lo) != 0) == (c->hi != 0);
  case MJ_C_DEALER: return (v->seat == 0) == (c->hi != 0);
  case MJ_C_WAIT: return v->wait == c->lo;
  case MJ_C_WILD_ACTING: return v->wild_acting == (c->hi != 0);
  case MJ_C_WILD_SINGLE: return v->wild_single == (c->hi != 0);
  case MJ_C_WIN_TILE: return set_has(E, &c->set, v->win);
  case MJ_C_WILD_IN_PLAY: return (v->wild != 0) == (c->hi != 0);
  case MJ_C_WILDS: return in_range(v->wilds, c);
  case MJ_C_TEMPLATE: return any_tpl(f, v->cnt);
  case MJ_C_BEFORE_WIN: {
    if (mj_hand_nmelds(E->h) != 0)
      return false;
    uint8_t c2[MJ_KINDS];
    memcpy(c2, mj_hand_counts(E->h), MJ_KINDS);
    if (c2[v->win] == 0)
      return false;
    c2[v->win]--;
    return any_tpl(f, c2);
  }
  case MJ_C_FLOWERS: return in_range(v->flowers, c);
  case MJ_C_KNITTED:
    return has_knitted(&E->r->filter, v->present) == (c->hi != 0);
  default: return false;
  }
}

typedef struct binding {
  int var[4];
  int suit[3];
  mj_tileset used_set_tiles;
} binding;

static void binding_init(binding *b)
{
  for (int i = 0; i < 4; i++)
    b->var[i] = -99;
  for (int i = 0; i < 3; i++)
    b->suit[i] = -1;
  b->used_set_tiles = 0;
}

static bool type_ok(int mtype, int gtype)
{
  switch (mtype) {
  case MJ_M_CHOW: return gtype == MJ_G_CHOW;
  case MJ_M_PUNG: return is_pung(gtype);
  case MJ_M_PAIR: return gtype == MJ_G_PAIR;
  default: return is_meld(gtype);
  }
}

/* Does group g fit member m under binding b (which it extends)? */
static bool member_ok(const eval *E, const mj_member *m, const mj_group *g,
                      binding *b)
{
  if (!type_ok(m->type, g->type))
    return false;
  if (m->has_set) {
    if (!set_has(E, &m->set, g->tile))
      return false;
    if (m->var < 0 && m->rank == 0) {
      if (b->used_set_tiles & MJ_BIT(g->tile))
        return false;   /* set members are distinct tiles */
      b->used_set_tiles |= MJ_BIT(g->tile);
    }
  }
  bool num = g->tile < MJ_HONOR_FIRST;
  int rank = num ? g->tile % 9 + 1 : 0, suit = num ? g->tile / 9 : -1;
  if (m->rank && (!num || rank != m->rank))
    return false;
  if (m->var >= 0) {
    if (!num)
      return false;
    int a = rank - m->off;
    if (b->var[(int)m->var] == -99)
      b->var[(int)m->var] = a;
    else if (b->var[(int)m->var] != a)
      return false;
  }
  if (m->suitvar >= 0) {
    if (!num)
      return false;
    if (b->suit[(int)m->suitvar] == -1) {
      for (int i = 0; i < 3; i++)
        if (b->suit[i] == suit)
          return false;
      b->suit[(int)m->suitvar] = suit;
    } else if (b->suit[(int)m->suitvar] != suit) {
      return false;
    }
  }
  return true;
}

static bool suits_ok(const mj_pattern *p, const mj_group *const *gs, int n)
{
  if (!p->same_suit && !p->mixed_suits)
    return true;
  for (int i = 0; i < n; i++)
    if (gs[i]->tile >= MJ_HONOR_FIRST)
      return false;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      bool same = gs[i]->tile / 9 == gs[j]->tile / 9;
      if (p->same_suit && !same)
        return false;
      if (p->mixed_suits && same)
        return false;
    }
  return true;
}

/* Positional match of sorted groups against a sorted pattern. */
static bool pattern_pos(const eval *E, const mj_pattern *p,
                        const mj_group *const *gs, int n)
{
  if (p->n != n)
    return false;
  binding b;
  binding_init(&b);
  for (int i = 0; i < n; i++)
    if (!member_ok(E, &p->m[i], gs[i], &b))
      return false;
  return suits_ok(p, gs, n);
}

/* The same, with the pattern's quick form when it has one. */
static inline bool quick_pos(const eval *E, const struct qpat *q,
                             const mj_pattern *p, const mj_group *const *gs,
                             int n)
{
  if (p->n != n)
    return false;
  switch (q->mode) {
  case 0: {
    if (gs[0]->tile >= MJ_HONOR_FIRST)
      return false;
    int base = gs[0]->tile % 9 - q->v[0];
    for (int i = 1; i < n; i++)
      if (gs[i]->tile >= MJ_HONOR_FIRST || gs[i]->tile % 9 - q->v[i] != base)
        return false;
    break;
  }
  case 1:
    for (int i = 0; i < n; i++)
      if (gs[i]->tile >= MJ_HONOR_FIRST || gs[i]->tile % 9 + 1 != q->v[i])
        return false;
    break;
  case 2: {
    mj_tileset m = set_mask(E, &q->set), seen = 0;
    for (int i = 0; i < n; i++) {
      mj_tileset b = MJ_BIT(gs[i]->tile);
      if (!(m & b) || (seen & b))
        return false;
      seen |= b;
    }
    break;
  }
  default:
    return pattern_pos(E, p, gs, n);
  }
  if (q->suit == 1) {
    int s0 = gs[0]->tile / 9;
    for (int i = 1; i < n; i++)
      if (gs[i]->tile / 9 != s0)
        return false;
  } else if (q->suit == 2) {
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++)
        if (gs[i]->tile / 9 == gs[j]->tile / 9)
          return false;
  }
  return true;
}

bool mjs_fan_pos(const eval *E, int fi, const mj_group *const *gs, int n)
{
  const fan_c *fc = &E->r->fans[fi];
  for (int p = 0; p < fc->def.npat; p++)
    if (quick_pos(E, &fc->qp[p], &fc->def.pat[p], gs, n))
      return true;
  return false;
}

/* A quick test that a pattern can match at all: enough groups of each
** type, and the tiles its members ask for present. */
static bool pattern_possible(const eval *E, const mj_pattern *p,
                             const mj_view *v)
{
  int need[4] = { 0, 0, 0, 0 };
  for (int k = 0; k < p->n; k++) {
    const mj_member *m = &p->m[k];
    need[m->type & 3]++;
    if (m->has_set && (set_mask(E, &m->set) & v->present) == 0)
      return false;
  }
  int pairs = v->pair >= 0 ? 1 : 0;
  return need[MJ_M_CHOW] <= v->chows && need[MJ_M_PUNG] <= v->pungs &&
         need[MJ_M_PAIR] <= pairs &&
         need[MJ_M_CHOW] + need[MJ_M_PUNG] + need[MJ_M_MELD] <=
             v->chows + v->pungs;
}

/* Backtracking match of a pattern over the reading's groups; a member
   that repeats the one before (twin bit k) takes a later group. */
static bool groups_rec(const eval *E, const mj_pattern *p, unsigned twin,
                       int k, const mj_decomp *d, uint32_t used, binding *b,
                       const mj_group **chosen, uint32_t *out)
{
  if (k == p->n) {
    if (!suits_ok(p, chosen, k))
      return false;
    *out = used;
    return true;
  }
  int from = k && twin >> k & 1 ? (int)(chosen[k - 1] - d->groups) + 1 : 0;
  for (int i = from; i < d->ngroups; i++) {
    if (used >> i & 1)
      continue;
    binding nb = *b;
    if (!member_ok(E, &p->m[k], &d->groups[i], &nb))
      continue;
    chosen[k] = &d->groups[i];
    if (groups_rec(E, p, twin, k + 1, d, used | 1u << i, &nb, chosen, out))
      return true;
  }
  return false;
}

/* }==================================================================== */

/* Test fan i's clauses the rows do not decide, from first to end-1 of
   its residual list. */
static bool residual_ok(const eval *E, int i, int first, int end,
                        const mj_view *v)
{
  const mj_filter *fl = &E->r->filter;
  const mj_fan_def *f = &E->r->fans[i].def;
  for (int k = first; k < end; k++)
    if (!mjs_clause_ok(E, f, &f->clauses[fl->res[i][k]], v))
      return false;
  return true;
}

/* Drop from out (nw words) the fans of row res whose residual clauses
   fail: the tile ones, or the reading ones. */
static inline void drop_residual(const eval *E, const mj_view *v, uint64_t *out,
                                 const uint64_t *res, bool tile, int nw)
{
  const mj_filter *f = &E->r->filter;
  for (int k = 0; k < nw; k++)
    for (uint64_t w = out[k] & res[k]; w; w &= w - 1) {
      int pos = k * 64 + __builtin_ctzll(w), i = E->r->order[pos];
      if (!residual_ok(E, i, tile ? 0 : f->nres_tile[i],
                       tile ? f->nres_tile[i] : f->nres[i], v))
        out[k] &= ~(1ULL << (pos & 63));
    }
}

/*
** The fans whose tile clauses hold for the view's tiles and context,
** into out: the block rows of its four tile blocks, the counts of suits
** and types, the flags, then the residual clauses one by one.
*/
static inline __attribute__((always_inline)) void
tile_filter_n(const eval *E, const mj_view *v, uint64_t *out, int nw)
{
  const mj_rules *r = E->r;
  const mj_filter *f = &r->filter;
  mj_tileset p = v->present;
  int b[4] = { (int)(p & 0x1ff), (int)(p >> 9 & 0x1ff), (int)(p >> 18 & 0x1ff),
               (int)(p >> MJ_HONOR_FIRST & 0x7f) };
  int suits = (b[0] != 0) + (b[1] != 0) + (b[2] != 0);
  int types = suits + ((b[3] & 0xf) != 0) + ((b[3] >> 4) != 0);
  const uint64_t *ok[8] = {
    ROWN(f, MJ_FR_SUITS + suits),
    ROWN(f, MJ_FR_TYPES + types),
    ROWN(f, MJ_FR_FLAGS + (int)(v->flags & MJ_FLAGS_TABLED)),
    ROWN(f, MJ_FR_DEALER + (v->seat == 0)),
    ROWN(f, MJ_FR_WIN + v->win),
    ROWN(f, MJ_FR_WSINGLE + v->wild_single),
    ROWN(f, MJ_FR_KNIT + has_knitted(f, p)),
    ROWN(f, MJ_FR_EXTRA + (v->flowers > 0) + 2 * (v->feibao > 0))
  };
  const uint64_t *needs = ROWN(f, MJ_FR_NEEDS_ANY);
  for (int k = 0; k < nw; k++) {
    uint64_t fail = 0, any = 0;
    for (int q = 0; q < 4; q++) {
      fail |= ROWN(f, MJ_FR_BLK_FAIL + q * 512 + b[q])[k];
      any |= ROWN(f, MJ_FR_BLK_ANY + q * 512 + b[q])[k];
    }
    out[k] = ok[0][k] & ok[1][k] & ok[2][k] & ok[3][k] & ok[4][k] & ok[5][k] &
             ok[6][k] & ok[7][k] & ~fail & ~(needs[k] & ~any);
  }
  drop_residual(E, v, out, ROWN(f, MJ_FR_RES_TILE), true, nw);
  const uint64_t *nd = ROWN(f, MJ_FR_NEED_DYN);
  for (int k = 0; k < nw; k++)
    for (uint64_t w = out[k] & nd[k]; w; w &= w - 1) {
      int pos = k * 64 + __builtin_ctzll(w);
      if ((set_mask(E, &f->need[r->order[pos]]) & p) == 0)
        out[k] &= ~(1ULL << (pos & 63));
    }
}

/* Narrow out (the tile verdicts) by the reading's own clauses: shape,
   counts, wild acting, pair, groups, wait, then residual ones. */
static inline __attribute__((always_inline)) void
read_filter_n(eval *E, mj_view *v, uint64_t *out, int nw)
{
  const mj_rules *r = E->r;
  const mj_filter *f = &r->filter;
  const mj_decomp *d = v->d;
  const uint64_t *rows[16];
  int n = 0;
  rows[n++] = ROWN(f, MJ_FR_SHAPE + v->shape);
  int cr[4] = { MJ_FR_COUNT, MJ_FR_COUNT + 25, MJ_FR_COUNT + 150,
                 MJ_FR_COUNT + 275 + (v->quads < 8 ? v->quads : 8) };
  for (int k = 0; k < 8; k++)   /* the three base-5 groups */
    cr[k < 2   ? 0
       : k < 5 ? 1
               : 2] +=
        (v->counts[k] < 4 ? v->counts[k] : 4) * mj_count_rows[k].mul;
  for (int k = 0; k < 4; k++)
    rows[n++] = ROWN(f, cr[k]);
  rows[n++] = ROWN(f, MJ_FR_ACTING + v->wild_acting);
  rows[n++] = ROWN(f, MJ_FR_HOGS + (v->tile_hogs > 0));
  rows[n++] = ROWN(f, MJ_FR_PAIR + v->pair + 1);
  for (int k = 0; k < nw; k++) {
    uint64_t w = out[k];
    for (int q = 0; q < n; q++)
      w &= rows[q][k];
    out[k] = w;
  }
  if (d != NULL && fs_meets(out, ROWN(f, MJ_FR_GROUP_USERS), nw))
    for (int g = 0; g < d->ngroups; g++) {
      const mj_group *gr = &d->groups[g];
      int cl = gr->type == MJ_G_CHOW ? 1 : gr->type == MJ_G_KNITTED ? 2 : 0;
      const uint64_t *gw = ROWN(f, MJ_FR_GROUP + cl * MJ_KINDS + gr->tile);
      for (int k = 0; k < nw; k++)
        out[k] &= gw[k];
    }
  if (fs_meets(out, ROWN(f, MJ_FR_WAIT_USERS), nw)) {
    mjs_view_wait(E, v);
    const uint64_t *ww = ROWN(f, MJ_FR_WAIT + v->wait);
    for (int k = 0; k < nw; k++)
      out[k] &= ww[k];
  }
  drop_residual(E, v, out, ROWN(f, MJ_FR_RES_READ), false, nw);
}

/* }==================================================================== */

/* {====================================================================
** One reading
** ===================================================================== */

static void add_exempt(mj_score *s, int fan, int count, int by, int why,
                       uint32_t groups)
{
  for (int i = 0; i < s->nexempt; i++)
    if (s->exempt[i].fan == fan && s->exempt[i].by == by &&
        s->exempt[i].why == why) {
      s->exempt[i].count += count;
      s->exempt[i].groups |= groups;
      return;
    }
  if (s->nexempt < MJ_MAX_HITS) {
    mj_exempt *e = &s->exempt[s->nexempt++];
    e->fan = fan;
    e->count = count;
    e->by = by;
    e->why = (uint8_t)why;
    e->groups = groups;
  }
}

/* How often fan i (its clauses known to hold) counts in the view: sets
** rs->cnt[i], rs->mask[i]. Combination fans are done apart. Returns
** false on a ruleset error. */
bool mjs_match_fan(eval *E, int i, const mj_view *v, rstate *rs)
{
  const fan_c *fc = &E->r->fans[i];
  const mj_fan_def *f = &fc->def;
  int count = 1;
  uint32_t mask = 0;
  const mj_decomp *d = v->d;
  switch (f->kind) {
  case MJ_FK_PER_MELD:
    count = 0;
    if (d != NULL && fc->q_simple_meld) {
      const mj_member *m = &f->pat[0].m[0];
      mj_tileset set = set_mask(E, &m->set);
      for (int g = 0; g < d->ngroups; g++) {
        int gt = d->groups[g].type;
        if ((m->type == MJ_M_PUNG ? is_pung(gt) : gt == MJ_G_CHOW) &&
            (set & MJ_BIT(d->groups[g].tile))) {
          count++;
          mask |= 1u << g;
        }
      }
    } else if (d != NULL)
      for (int g = 0; g < d->ngroups; g++)
        for (int p = 0; p < f->npat; p++) {
          binding b;
          binding_init(&b);
          if (member_ok(E, &f->pat[p].m[0], &d->groups[g], &b)) {
            count++;
            mask |= 1u << g;
            break;
          }
        }
    break;
  case MJ_FK_GROUPS:
    count = 0;
    if (d != NULL)
      for (int p = 0; p < f->npat && count == 0; p++) {
        if (!pattern_possible(E, &f->pat[p], v))
          continue;
        binding b;
        binding_init(&b);
        const mj_group *chosen[MJ_MAX_MEMBERS];
        if (groups_rec(E, &f->pat[p], fc->qp[p].twin, 0, d, 0, &b, chosen,
                       &mask))
          count = 1;
      }
    break;
  case MJ_FK_COUNT:
    count = f->count_of == MJ_COUNT_FLOWERS ? v->flowers
          : f->count_of == MJ_COUNT_TILE_HOGS ? v->tile_hogs
          : f->count_of == MJ_COUNT_FOURS ? v->tile_hogs + v->kongs
          : f->count_of == MJ_COUNT_HORSES ? v->horses
          : f->count_of == MJ_COUNT_STREAK ? v->streak
          : f->count_of == MJ_COUNT_NIAO ? v->niao
          : f->count_of == MJ_COUNT_REDS ? v->reds
          : f->count_of == MJ_COUNT_DORA ? v->dora
          : f->count_of == MJ_COUNT_URA ? v->ura
          : f->count_of == MJ_COUNT_SEAT_FLOWERS
              ? mj_ctx_seat_flowers(mj_hand_cctx(E->h))
          : f->count_of >= MJ_COUNT_WORD
              ? mj_ctx_word_value(mj_hand_cctx(E->h),
                                  E->r->words[f->count_of - MJ_COUNT_WORD].name)
          : v->feibao;
    break;
  case MJ_FK_COMBO:
    return true;
  default:
    break;
  }
  if (count > 0 && f->test >= 0) {
    if (E->r->vt == NULL || E->r->vt->fan_test == NULL) {
      E->st = mj_fail(E->err, MJ_ESTATE, 0,
                      "fan '%s' has a test but no host runs it", f->id);
      return false;
    }
    /* the wait is made when first asked: a test may read it (the view
       is the reading's, being filled in; not another's) */
    mjs_view_wait(E, (mj_view *)(uintptr_t)v);
    int t = E->r->vt->fan_test(E->r->ud, f->test, v, E->err);
    if (t < 0) {
      E->st = MJ_ERULES;
      return false;
    }
    if (f->kind == MJ_FK_PLAIN)
      count = t;
    else if (t == 0)
      count = 0;
  }
  if (count > 0) {
    rs->cnt[i] = count;
    rs->mask[i] = mask;
  }
  return true;
}

/* Count fan i in the result (the one place a hit is written). */
static inline void push_hit(mj_score *s, int i, int count, uint32_t groups)
{
  if (s->nhits < MJ_MAX_HITS) {
    mj_hit *h = &s->hits[s->nhits++];
    h->fan = i;
    h->count = count;
    h->groups = groups;
  }
}

/*
** Step 1, the candidates: the fans whose clauses hold (the filter rows,
** then the few clauses rows do not decide), matched; the combination
** fans of the reading's melds. Into matched; false on a ruleset error.
*/
static inline __attribute__((always_inline)) bool
candidates(eval *E, const mj_decomp *d, mj_view *v, uint64_t *matched, int nw)
{
  const mj_rules *r = E->r;
  rstate *rs = &E->rs;
  const mj_filter *fl = &r->filter;
  memset(rs->cnt, 0, sizeof(int) * (size_t)r->nfans);
  memset(rs->mask, 0, sizeof(uint32_t) * (size_t)r->nfans);
  memset(rs->combo_hit, 0, sizeof(uint64_t) * (size_t)nw);
  rs->nacc = 0;
  uint64_t cand[MJ_FW_MAX];
  if (E->fixed_tiles)
    memcpy(cand, E->tile_ok, sizeof(uint64_t) * (size_t)nw);
  else
    tile_filter_n(E, v, cand, nw);
  read_filter_n(E, v, cand, nw);
  if (E->flags & MJ_CTX_QISHOU) {
    /* the dealt tiles as a declaration: only the fans made for it */
    const uint64_t *dealt = ROWN(fl, MJ_FR_DEALT);
    for (int k = 0; k < nw; k++)
      cand[k] &= dealt[k];
  }
  const uint64_t *single = ROWN(fl, MJ_FR_SINGLE),
                 *trivial = ROWN(fl, MJ_FR_TRIVIAL);
  for (int k = 0; k < nw; k++) {
    matched[k] = cand[k] & trivial[k];
    for (uint64_t w = matched[k]; w; w &= w - 1)
      rs->cnt[r->order[k * 64 + __builtin_ctzll(w)]] = 1;
  }
  for (int k = 0; k < nw; k++)
    for (uint64_t w = cand[k] & single[k] & ~trivial[k]; w; w &= w - 1) {
      int pos = k * 64 + __builtin_ctzll(w), i = r->order[pos];
      if (!mjs_match_fan(E, i, v, rs))
        return false;
      if (rs->cnt[i] > 0)
        matched[k] |= 1ULL << (pos & 63);
    }
  /* combinations, kept where the fan's other clauses hold */
  if (d != NULL &&
      (d->shape == MJ_SHAPE_STANDARD || d->shape == MJ_SHAPE_KNITTED))
    for (int t = 0; t < 2; t++) {
      if ((t ? v->pungs : v->chows) < 2 ||
          !fs_meets(cand, ROWN(fl, MJ_FR_COMBO_CHOW + t), nw))
        continue;
      mjs_combos(E, v, t, rs);
    }
  for (int k = 0; k < nw; k++) {
    matched[k] |= rs->combo_hit[k] & cand[k];
    for (uint64_t w = rs->combo_hit[k] & ~cand[k]; w; w &= w - 1)
      rs->cnt[r->order[k * 64 + __builtin_ctzll(w)]] = 0;
  }
  return true;
}

/* Fan i counted: what it excludes in part (n instances) and on its melds
   is taken off the fans not yet walked. */
static void take_parts(eval *E, mj_score *s, int i)
{
  const mj_rules *r = E->r;
  rstate *rs = &E->rs;
  const fan_c *fc = &r->fans[i];
  for (int k = 0; k < fc->npart; k++) {
    int e = fc->part[k];
    if (rs->cnt[e] > 0) {
      int m = fc->part_n[k] < rs->cnt[e] ? fc->part_n[k] : rs->cnt[e];
      uint32_t taken = 0;
      if (r->fans[e].def.kind == MJ_FK_PER_MELD)
        for (int q = 0; q < m; q++) {
          uint32_t top = 1u << (31 - __builtin_clz(rs->mask[e] & ~taken));
          taken |= top;
        }
      rs->cnt[e] -= m;
      rs->mask[e] &= ~taken;
      add_exempt(s, e, m, i, MJ_WHY_REDUCED, taken);
    }
  }
  for (int k = 0; k < fc->nexm; k++) {
    int e = fc->exm[k];
    uint32_t taken = rs->mask[e] & rs->mask[i];
    if (taken && rs->cnt[e] > 0) {
      rs->mask[e] &= ~taken;
      rs->cnt[e] = pop32(rs->mask[e]);
      add_exempt(s, e, pop32(taken), i, MJ_WHY_MELDS, taken);
    }
  }
}

/*
** Step 2, the exemptions: the matched fans walked in the exclusion
** order; each counted one takes out what it excludes (whole, in part, on
** its melds); a fan that stands alone takes back those before it; the
** fallback fans count only when nothing else does.
*/
static inline __attribute__((always_inline)) void
exemptions(eval *E, const mj_decomp *d, mj_score *s, const uint64_t *matched,
           int nw)
{
  const mj_rules *r = E->r;
  rstate *rs = &E->rs;
  const mj_filter *fl = &r->filter;
  for (int k = 0; k < rs->nacc; k++)
    add_exempt(s, rs->acc[k].fan, 1, rs->acc[k].by, MJ_WHY_ACCOUNT_ONCE,
               rs->acc[k].groups);
  uint64_t gone[MJ_FW_MAX] = { 0 };   /* taken whole by a counted fan */
  int counted[MJ_MAX_FANS], ncounted = 0;  /* positions, in order */
  int alone = -1, real = 0, o;
  /* a fan that stands alone competes from the no-shape reading */
  bool compete = r->fixed_or_own && d != NULL;
  uint64_t plain[MJ_FW_MAX], fallback[MJ_FW_MAX];
  const uint64_t *fb = ROWN(fl, MJ_FR_FALLBACK);
  for (int k = 0; k < nw; k++) {
    plain[k] = matched[k] & ~fb[k];
    fallback[k] = matched[k] & fb[k];
  }
  FS_EACH(o, plain, nw) {
    int i = r->order[o];
    const fan_c *fc = &r->fans[i];
    if (rs->cnt[i] <= 0 || (compete && fc->def.alone))
      continue;
    if (fc->def.state) {
      if (s->nstates < 4)
        s->states[s->nstates++] = (int16_t)i;
      continue;
    }
    if (fs_has(gone, o)) {
      int by = -1;
      for (int q = 0; q < ncounted && by < 0; q++)
        if (fs_has(fl->excl + (size_t)counted[q] * (size_t)nw, o))
          by = r->order[counted[q]];
      add_exempt(s, i, rs->cnt[i], by, MJ_WHY_EXCLUDED, rs->mask[i]);
      rs->cnt[i] = 0;
      continue;
    }
    if (alone >= 0) {
      add_exempt(s, i, rs->cnt[i], alone, MJ_WHY_ALONE, rs->mask[i]);
      rs->cnt[i] = 0;
      continue;
    }
    /* counted: apply what it excludes */
    real += !fc->def.bonus;
    const uint64_t *ex = fl->excl + (size_t)o * (size_t)nw;
    for (int k = 0; k < nw; k++)
      gone[k] |= ex[k];
    if (fc->npart + fc->nexm > 0)   /* most fans take no part of others */
      take_parts(E, s, i);
    if (fc->def.alone) {
      alone = i;
      /* fans counted before it in the order are taken back */
      for (int q = 0; q < s->nhits; q++)
        add_exempt(s, s->hits[q].fan, s->hits[q].count, i, MJ_WHY_ALONE,
                   s->hits[q].groups);
      s->nhits = 0;
      real = 1;
    }
    counted[ncounted++] = o;
    push_hit(s, i, rs->cnt[i], rs->mask[i]);
  }
  /* fallback fans: only when nothing else (bonus aside) counts */
  FS_EACH(o, fallback, nw) {
    int i = r->order[o];
    if (rs->cnt[i] <= 0)
      continue;
    if (real > 0)
      add_exempt(s, i, rs->cnt[i], -1, MJ_WHY_FALLBACK, rs->mask[i]);
    else
      push_hit(s, i, rs->cnt[i], rs->mask[i]);
  }
  /* hits in registration order */
  for (int a = 1; a < s->nhits; a++)
    for (int b = a; b > 0 && s->hits[b - 1].fan > s->hits[b].fan; b--) {
      mj_hit x = s->hits[b];
      s->hits[b] = s->hits[b - 1];
      s->hits[b - 1] = x;
    }
}

/* Horses, birds and the like, once the total is known: a fixed amount,
   or one more share of it, each. */
static void add_plus(const mj_rules *r, mj_score *s, int plus, int shares)
{
  for (int q = 0; q < s->nhits; q++) {
    const mj_fan_def *f = &r->fans[s->hits[q].fan].def;
    if (f->role == MJ_ROLE_PLUS)
      s->hits[q].value = f->value < 0 ? s->total * s->hits[q].count
                                      : f->value * s->hits[q].count;
  }
  s->plus = plus + shares * s->total;
  s->total += s->plus;
}

/* Step 3, the total: points added up (sum scoring), or the best base
   doubled per doubling, or the best fixed total (doubling scoring). */
static void totals(const mj_rules *r, mj_score *s)
{
  s->min = r->table.min_points;
  bool any_real = false;
  if (r->scoring == MJ_SCORING_SUM) {
    int plus = 0, shares = 0;
    for (int q = 0; q < s->nhits; q++) {
      const mj_fan_def *f = &r->fans[s->hits[q].fan].def;
      if (f->role == MJ_ROLE_PLUS) {   /* known once the points are */
        if (f->value < 0)
          shares += s->hits[q].count;
        else
          plus += f->value * s->hits[q].count;
        continue;
      }
      s->hits[q].value = f->value * s->hits[q].count;
      s->total += s->hits[q].value;
      if (f->bonus)
        s->bonus += s->hits[q].value;
      else
        any_real = true;
    }
    if (plus || shares)
      add_plus(r, s, plus, shares);
  } else {
    int base = 0, dbl = 0, fixed = 0, plus = 0, shares = 0;
    for (int q = 0; q < s->nhits; q++) {
      const mj_fan_def *f = &r->fans[s->hits[q].fan].def;
      switch (f->role) {
      case MJ_ROLE_FIXED:
        if (f->value > fixed)
          fixed = f->value;
        s->hits[q].value = f->value;
        any_real = true;
        break;
      case MJ_ROLE_BASE:
        if (f->value > base)
          base = f->value;
        s->hits[q].value = f->value;
        any_real = true;
        break;
      case MJ_ROLE_TIMES:
        dbl += f->value * s->hits[q].count;
        s->hits[q].value = f->value * s->hits[q].count;
        any_real = any_real || !f->bonus;
        break;
      case MJ_ROLE_PLUS:   /* its value is known once the doubling is */
        if (f->value < 0)
          shares += s->hits[q].count;
        else
          plus += f->value * s->hits[q].count;
        s->hits[q].value = f->value * s->hits[q].count;
        break;
      default:
        s->hits[q].value = f->value * s->hits[q].count;
        base += s->hits[q].value;
        any_real = true;
        break;
      }
    }
    if (dbl > 20)
      dbl = 20;
    s->base = base;
    s->doublings = dbl;
    s->fixed = fixed;
    if (r->scoring == MJ_SCORING_FAN) {
      int f = fixed ? fixed : (base ? base : 1) + dbl;
      s->fan = f;
      if (r->table.cap > 0 && f > r->table.cap)
        f = r->table.cap;
      s->total = 1 << (f < 1 ? 0 : f > 21 ? 20 : f - 1);
    } else {
      s->total = fixed ? fixed : (base ? base : 1) << dbl;
      if (plus || shares)
        add_plus(r, s, plus, shares);
    }
  }
  s->win = any_real;
  s->meets_min = s->total - s->bonus >= s->min;
}

/* One reading scored into E->into: candidates, exemptions, totals. */
static inline __attribute__((always_inline)) bool
score_reading_n(eval *E, const mj_decomp *d, int nw)
{
  mj_score *s = E->into;
  mj_view v;
  mjs_build_view(E, d, &v);
  uint64_t matched[MJ_FW_MAX];
  if (!candidates(E, d, &v, matched, nw))
    return false;
  s->win = false;
  s->total = s->bonus = s->base = s->doublings = s->fixed = s->fan = 0;
  s->plus = 0;
  s->other_total = 0;
  s->other_fan = -1;
  s->nhits = s->nexempt = s->nstates = 0;
  if (d != NULL)
    s->reading = *d;
  else
    s->reading.shape = MJ_SHAPE_NONE;
  s->flags = v.flags;
  exemptions(E, d, s, matched, nw);
  s->wgroup = E->wgroup;
  if (E->r->scoring == MJ_SCORING_PARTS) {
    s->open = v.exposed > 0;
    mjs_parts_totals(E->r, s, E->ctx);
  } else {
    totals(E->r, s);
  }
  return true;
}

/* The filter passes and one reading, with the set width a constant for
   the common rulesets (up to 128 fans) so that the set loops unroll. */
void mjs_tile_filter(const eval *E, const mj_view *v, uint64_t *out)
{
  if (E->r->filter.nw == 2)
    tile_filter_n(E, v, out, 2);
  else
    tile_filter_n(E, v, out, E->r->filter.nw);
}

void mjs_read_filter(eval *E, mj_view *v, uint64_t *out)
{
  if (E->r->filter.nw == 2)
    read_filter_n(E, v, out, 2);
  else
    read_filter_n(E, v, out, E->r->filter.nw);
}

bool mjs_score_reading(eval *E, const mj_decomp *d)
{
  if (E->r->filter.nw == 2)
    return score_reading_n(E, d, 2);
  return score_reading_n(E, d, E->r->filter.nw);
}

/* fixed_or_own: the best value with a shape and the fixed value of the
   no-shape reading, for the result to name the one not taken. */
static void note_alternative(eval *E, const mj_decomp *d, const mj_score *s)
{
  if (d != NULL) {
    if (s->total > E->alt_own)
      E->alt_own = s->total;
    return;
  }
  for (int q = 0; q < s->nhits; q++)
    if (E->r->fans[s->hits[q].fan].def.alone) {
      E->alt_fixed = s->total;
      E->alt_fan = s->hits[q].fan;
    }
}

/* Is cur better than best? The higher total; parts scoring: then the
   more fans, then the more parts; else, at equal totals, the reading with
   fewer wilds standing for other tiles (the plainer account). */
static bool better(const eval *E, const mj_decomp *d)
{
  const mj_score *b = E->best, *c = &E->cur;
  if (!c->win)
    return false;
  if (!b->win || c->total > b->total)
    return true;
  if (c->total < b->total)
    return false;
  if (E->r->scoring == MJ_SCORING_PARTS)
    return c->fan > b->fan || (c->fan == b->fan && c->parts > b->parts);
  return d != NULL && b->reading.nwild > 0 &&
         mj_decomp_nacting(d) < mj_decomp_nacting(&b->reading);
}

int mjs_on_reading(const mj_decomp *d, void *ud)
{
  eval *E = ud;
  if (E->r->scoring == MJ_SCORING_PARTS && d != NULL &&
      (d->shape == MJ_SHAPE_STANDARD || d->shape == MJ_SHAPE_PAIRS))
    return mjs_parts_readings(d, E);
  return mjs_on_one_reading(d, E);
}

int mjs_on_one_reading(const mj_decomp *d, eval *E)
{
  /* until a reading wins, readings go straight into the result */
  E->into = E->best->win ? &E->cur : E->best;
  if (!mjs_score_reading(E, d))
    return 1;
  E->nread++;
  if (E->r->fixed_or_own && E->into->win)
    note_alternative(E, d, E->into);
  if (E->into == &E->cur && better(E, d)) {
    mj_score *b = E->best, *c = &E->cur;
    int n = b->nreadings;
    memcpy(b, c, offsetof(mj_score, hits));
    memcpy(b->hits, c->hits, sizeof c->hits[0] * (size_t)c->nhits);
    b->nexempt = c->nexempt;
    memcpy(b->exempt, c->exempt, sizeof c->exempt[0] * (size_t)c->nexempt);
    b->nreadings = n;
  }
  return 0;
}

/* }==================================================================== */

