/*
** legal.c
** The legal actions of each player, whom the game waits on (game_int.h).
*/
#include "game_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* {====================================================================
** Legal actions
** ===================================================================== */

static int add(mj_action *out, int n, int max, int type, int p, mj_tile t)
{
  if (n < max) {
    out[n].type = (uint8_t)type;
    out[n].player = (uint8_t)p;
    out[n].tile = t;
    out[n].red = 0;
  }
  return n + 1;
}

/* A discard (or a declaration with it) of t: of a five, the plain one
   and the red one when both are held, else the one held. */
static int add_five(const mj_game *g, mj_action *out, int n, int max,
                    int type, int p, mj_tile t, mj_tile five)
{
  const mj_hand *h = g->pl[p].hand;
  int red = five < MJ_HONOR_FIRST && five % 9 == 4 ? mj_hand_red(h, five / 9)
                                                   : 0;
  if (mj_hand_counts(h)[five] > red)
    n = add(out, n, max, type, p, t);
  if (red > 0) {
    n = add(out, n, max, type, p, t);
    if (n <= max)
      out[n - 1].red = 1;
  }
  return n;
}

bool mjg_kong_allowed(const mj_game *g, int p)
{
  return (!g->pl[p].claimed || g->tbl.kong_after_claim) &&
         live_left(g) > (g->tbl.last_offer ? 1 : 0);
}

/* The suits p may still pick a tile to pass from: bit s set. */
static unsigned swap_suits(const mj_game *g, int p)
{
  const seat *pl = &g->pl[p];
  const uint8_t *c = mj_hand_counts(pl->hand);
  unsigned ok = 0;
  for (int su = 0; su < 3; su++) {
    int n = 0;
    for (int t = su * 9; t < su * 9 + 9; t++)
      n += c[t];
    if (pl->nswap > 0 && pl->swap[0] / 9 != su)
      continue;
    if (n + pl->nswap >= g->tbl.swap && n > 0)
      ok |= 1u << su;
  }
  return ok;
}

static int before_play_actions(const mj_game *g, int p, mj_action *out,
                               int max)
{
  const seat *pl = &g->pl[p];
  int n = 0;
  if (g->phase == MJ_PHASE_DECLARE) {
    if (p != g->decl_seat)
      return 0;
    for (int k = 0; k < g->tbl.ndecls; k++)
      if (g->decl_offer >> k & 1)
        n = add(out, n, max, MJ_ACT_DECLARE, p, (mj_tile)k);
    return add(out, n, max, MJ_ACT_PASS, p, MJ_NO_TILE);
  }
  if (g->phase == MJ_PHASE_SWAP) {
    if (pl->nswap >= g->tbl.swap)
      return 0;
    unsigned su = swap_suits(g, p);
    const uint8_t *c = mj_hand_counts(pl->hand);
    for (int t = 0; t < MJ_HONOR_FIRST; t++)
      if (c[t] && (su >> (t / 9) & 1))
        n = add(out, n, max, MJ_ACT_SWAP, p, (mj_tile)t);
    return n;
  }
  if (pl->void_suit >= 0)
    return 0;
  for (int su = 0; su < 3; su++)
    n = add(out, n, max, MJ_ACT_QUE, p, (mj_tile)(su * 9));
  return n;
}

/* Won and stays in play (stay_on_win), or made an open kong: he may
   only win (and open another kong), and otherwise throws what he draws. */
bool mjg_hand_fixed(const mj_game *g, int p)
{
  return (g->tbl.stay_on_win && g->pl[p].wins > 0) || g->pl[p].opened ||
         g->pl[p].fixed;
}

/* A fixed hand's concealed kong of t (just drawn) changes no wait: the
   hand before the draw waits on the same tiles as the hand with the kong,
   and t was a pung in every reading (no wait used it otherwise). */
static bool kong_keeps_waits(const mj_game *g, int p, mj_tile t)
{
  mj_tileview before = g->pl[p].v, after;
  mj_tileview_remove(&before, t);          /* the hand before the draw */
  after = before;
  for (int i = 0; i < 3; i++)
    mj_tileview_remove(&after, t);
  after.melds++;
  const mj_shape_cfg *cfg = mj_rules_shapes(g->r);
  for (int w = 0; w < MJ_KINDS; w++) {
    if (w == t)
      continue;
    mj_tileview a = before, b = after;
    if (a.c[w] >= 4)
      continue;
    mj_tileview_add(&a, (mj_tile)w);
    mj_tileview_add(&b, (mj_tile)w);
    if (mj_is_win(&a, cfg) != mj_is_win(&b, cfg))
      return false;
  }
  mj_tileview a = before;
  mj_tileview_add(&a, t);          /* t itself may not be a wait */
  return !mj_is_win(&a, cfg);
}

/* Does p's hand wait on some tile once t is discarded (its shape)? */
static bool ready_without(const mj_game *g, int p, mj_tile t)
{
  mj_tileview v = g->pl[p].v;
  if (t >= MJ_KINDS || v.c[t] == 0)
    return false;
  mj_tileview_remove(&v, t);
  return mj_count_waits(&v, mj_rules_shapes(g->r), 1) > 0;
}

/* The declarations p may make with a discard now (riichi 5p): each
   discard-declaration not made yet whose conditions hold, with each tile
   whose discard it allows (the action's tile: MJ_DECL_WITH). */
static int declare_actions(const mj_game *g, int p, mj_action *out, int n,
                           int max)
{
  const seat *pl = &g->pl[p];
  bool open = false;
  for (int i = 0; i < mj_hand_nmelds(pl->hand); i++)
    open = open || mj_hand_melds(pl->hand)[i].type != MJ_CKONG;
  for (int k = 0; k < g->tbl.ndecls && k < 4; k++) {
    const mj_decl_def *d = &g->tbl.decls[k];
    if (!d->with_discard || (g->decl_done[p] >> k & 1) ||
        (d->concealed && open) || live_left(g) < d->min_wall ||
        g->led.scores[p] < d->min_score)
      continue;
    for (mj_tileset held = pl->v.at[0]; held; held &= held - 1) {
      mj_tile t = (mj_tile)__builtin_ctzll(held);
      if (!d->ready || ready_without(g, p, t))
        n = add_five(g, out, n, max, MJ_ACT_DECLARE, p, MJ_DECL_WITH(k, t), t);
    }
  }
  return n;
}

/* Is the hand after (p's, as it would be) ready: some tile wins with it,
   on a discard, under the rules? */
static bool ready_with(const mj_game *g, int p, const mj_hand *after)
{
  mj_hand *h = mj_hand_new();
  mj_score *s = malloc(sizeof *s);
  bool ready = false;
  mj_tileview v0;
  mj_tileview_init(&v0, after, g->wild);
  for (int t = 0; h != NULL && s != NULL && t < MJ_KINDS && !ready; t++) {
    if (in_void(g, p, (mj_tile)t) || mj_hand_counts(after)[t] >= 4)
      continue;
    mj_tileview v = v0;
    mj_tileview_add_face(&v, (mj_tile)t);
    if (!mj_is_win(&v, mj_rules_shapes(g->r)))
      continue;
    mj_hand_copy(h, after);
    if (mj_hand_add(h, (mj_tile)t) != MJ_OK)
      continue;
    mjg_win_ctx(g, p, h, (mj_tile)t);   /* a plain discard win */
    mj_error e;
    mj_status st = mj_score_hand(g->r, h, s, &e);
    if (st == MJ_ERULES)
      mjg_note_fault(g, &e);
    ready = st == MJ_OK && s->meets_min;
  }
  mj_hand_free(h);
  free(s);
  return ready;
}

/* May p make an open kong of t (open_kong): enough tiles left, and ready
   after it (kind: MJ_KONG_CONCEALED, _ADDED or _EXPOSED of the discard). */
bool mjg_open_ok(const mj_game *g, int p, mj_tile t, int kind)
{
  if (g->tbl.open_kong == 0 || live_left(g) < g->tbl.open_kong ||
      t >= MJ_KINDS)
    return false;
  mj_hand *after = mj_hand_new();
  if (after == NULL)
    return false;
  mj_hand_copy(after, g->pl[p].hand);
  int take = kind == MJ_KONG_CONCEALED ? 4 : kind == MJ_KONG_ADDED ? 1 : 3;
  for (int i = 0; i < take; i++)
    mj_hand_remove(after, t);
  /* an added kong keeps its pung's place (the tiles are what matter) */
  if (kind != MJ_KONG_ADDED)
    mj_hand_add_meld(after, (mj_meld){ (uint8_t)(kind == MJ_KONG_CONCEALED
                                                   ? MJ_CKONG : MJ_KONG),
                                       t, 0, 0 });
  bool ready = ready_with(g, p, after);
  mj_hand_free(after);
  return ready;
}

/* The open kongs p may make on his turn (fixed: only with his draw). */
static int open_actions(const mj_game *g, int p, mj_action *out, int n,
                        int max)
{
  const seat *pl = &g->pl[p];
  const uint8_t *c = mj_hand_counts(pl->hand);
  bool fixed = mjg_hand_fixed(g, p);
  if (g->tbl.open_kong == 0 || (pl->claimed && !g->tbl.kong_after_claim))
    return n;
  for (int t = 0; t < MJ_KINDS; t++)
    if (c[t] == 4 && (!fixed || t == g->last_draw) &&
        mjg_open_ok(g, p, (mj_tile)t, MJ_KONG_CONCEALED))
      n = add(out, n, max, MJ_ACT_OPEN, p, (mj_tile)t);
  const mj_meld *m = mj_hand_melds(pl->hand);
  for (int i = 0; i < mj_hand_nmelds(pl->hand); i++)
    if (m[i].type == MJ_PUNG && c[m[i].tile] > 0 &&
        (!fixed || m[i].tile == g->last_draw) &&
        mjg_open_ok(g, p, m[i].tile, MJ_KONG_ADDED))
      n = add(out, n, max, MJ_ACT_OPEN, p, m[i].tile);
  return n;
}

static int turn_actions(const mj_game *g, int p, mj_action *out, int max)
{
  const seat *pl = &g->pl[p];
  const uint8_t *c = mj_hand_counts(pl->hand);
  int n = 0;
  if (!pl->claimed && mjg_can_win_self(g, p))
    n = add(out, n, max, MJ_ACT_WIN, p, g->last_draw);
  if (g->must_win)            /* the last tile taken wins: he must */
    return n;
  for (int k = 0; k < 8 && !pl->claimed; k++)   /* 九種九牌 */
    if (pl->turn_offer >> k & 1)
      n = add(out, n, max, MJ_ACT_DECLARE, p, (mj_tile)k);
  n = open_actions(g, p, out, n, max);
  if (pl->fixed && c[g->last_draw] == 4 && mjg_kong_allowed(g, p) &&
      kong_keeps_waits(g, p, g->last_draw))
    n = add(out, n, max, MJ_ACT_CKONG, p, g->last_draw);
  if (mjg_hand_fixed(g, p)) { /* his hand is as it won, or as he opened */
    n = add(out, n, max, MJ_ACT_DISCARD, p, g->last_draw);
    if (n <= max)
      out[n - 1].red = g->last_draw_red;
    return n;
  }
  if (mjg_kong_allowed(g, p)) {
    for (int t = 0; t < MJ_KINDS; t++)
      if (c[t] == 4 && !in_void(g, p, (mj_tile)t) &&
          (g->tbl.wild_melds || !is_wild(g, (mj_tile)t)))
        n = add(out, n, max, MJ_ACT_CKONG, p, (mj_tile)t);
    const mj_meld *m = mj_hand_melds(pl->hand);
    for (int i = 0; i < mj_hand_nmelds(pl->hand); i++)
      if (m[i].type == MJ_PUNG && c[m[i].tile] > 0)
        n = add(out, n, max, MJ_ACT_AKONG, p, m[i].tile);
  }
  /* the kinds held: the view's mask, plus the wild kinds held; while the
     missing suit is held, only it */
  if (holds_void(g, p)) {
    for (int t = pl->void_suit * 9; t < pl->void_suit * 9 + 9; t++)
      if (c[t])
        n = add(out, n, max, MJ_ACT_DISCARD, p, (mj_tile)t);
    return n;
  }
  mj_tileset held = pl->v.at[0];
  for (mj_tileset w = g->wild; w; w &= w - 1)
    if (c[__builtin_ctzll(w)] > 0)
      held |= w & -w;
  held &= ~pl->swap_bar;   /* no swap calling (食い替え) where barred */
  for (; held; held &= held - 1) {
    mj_tile t = (mj_tile)__builtin_ctzll(held);
    n = add_five(g, out, n, max, MJ_ACT_DISCARD, p, t, t);
  }
  if (g->tbl.ndecls > 0)
    n = declare_actions(g, p, out, n, max);
  return n;
}

/* The chows p's hand c can make with the discard t (each leaving a
   discard the swap rule allows): bit lo set for the chow whose lowest
   rank (0-based) is lo. */
static unsigned chow_starts(const mj_game *g, int p, const uint8_t *c,
                            mj_tile t)
{
  unsigned lows = 0;
  if (t >= MJ_HONOR_FIRST)
    return 0;
  int r = t % 9;
  for (int lo = r - 2; lo <= r; lo++) {
    if (lo < 0 || lo > 6)
      continue;
    bool ok = true;
    for (int k = lo; k <= lo + 2; k++)
      if (k != r && c[t - r + k] == 0)
        ok = false;
    if (ok && mjg_swap_ok(g, p, MJ_ACT_CHI, (mj_tile)(t - r + lo), t))
      lows |= 1u << lo;
  }
  return lows;
}

/* The claims p has on the pending discard: bits of mj_act_type. */
unsigned mjg_claim_options(const mj_game *g, int p, mj_tile t)
{
  const seat *pl = &g->pl[p];
  const uint8_t *c = mj_hand_counts(pl->hand);
  unsigned o = 0;
  if (pl->out || (!g->tbl.claim_wild && is_wild(g, t)))
    return 0;             /* a discarded ghost cannot be claimed */
  bool more = live_left(g) > 0 && !in_void(g, p, t) && !mjg_hand_fixed(g, p) &&
              (g->tbl.wild_melds || !is_wild(g, t));
  /* the tile first: most tiles complete nothing, and furiten reads the
     whole pond */
  if (mjg_can_win_on(g, p, t, mjg_claim_flags(g)) &&
      ((!g->tbl.self_draw_only && !mjg_barred(g, p)) ||
       mjg_state_opens(g, p, t)))
    o |= 1u << MJ_ACT_WIN;
  if (g->win_only)       /* the 海底 tile shown: a win or nothing */
    return o;
  if (more && c[t] >= 2 && mjg_swap_ok(g, p, MJ_ACT_PON, t, t))
    o |= 1u << MJ_ACT_PON;
  if (more && c[t] >= 3 && live_left(g) > (g->tbl.last_offer ? 1 : 0))
    o |= 1u << MJ_ACT_KONG;
  if (more && c[t] >= 3 && mjg_open_ok(g, p, t, MJ_KONG_EXPOSED))
    o |= 1u << MJ_ACT_OPEN;
  if (more && g->tbl.chow && p == seat_after(g, g->pending_from, 1) &&
      chow_starts(g, p, c, t))
    o |= 1u << MJ_ACT_CHI;
  return o;
}

mj_tileset mjg_swap_bar(const mj_game *g, int type, mj_tile low, mj_tile t)
{
  if (g->tbl.swap_calling || t >= MJ_KINDS ||
      (type != MJ_ACT_CHI && type != MJ_ACT_PON))
    return 0;
  mj_tileset bar = MJ_BIT(t);
  if (type == MJ_ACT_CHI && t == low && low % 9 <= 5)
    bar |= MJ_BIT(low + 3);
  if (type == MJ_ACT_CHI && t == low + 2 && low % 9 >= 1)
    bar |= MJ_BIT(low - 1);
  return bar;
}

bool mjg_swap_ok(const mj_game *g, int p, int type, mj_tile low, mj_tile t)
{
  if (g->tbl.swap_calling || t >= MJ_KINDS)
    return true;
  uint8_t c[MJ_KINDS];
  memcpy(c, mj_hand_counts(g->pl[p].hand), sizeof c);
  if (type == MJ_ACT_PON)
    c[t] = (uint8_t)(c[t] >= 2 ? c[t] - 2 : 0);
  else
    for (int k = low; k <= low + 2 && k < MJ_KINDS; k++)
      if (k != t && c[k] > 0)
        c[k]--;
  mj_tileset bar = mjg_swap_bar(g, type, low, t);
  for (int k = 0; k < MJ_KINDS; k++)
    if (c[k] > 0 && !(bar & MJ_BIT(k)))
      return true;
  return false;
}

bool mjg_claim_red_choice(const mj_game *g, int p, int type, mj_tile low)
{
  const mj_hand *h = g->pl[p].hand;
  mj_tile t = g->pending, five = MJ_NO_TILE;
  int need = 0;
  if (type == MJ_ACT_PON && t < MJ_HONOR_FIRST && t % 9 == 4)
    five = t, need = 2;
  else if (type == MJ_ACT_CHI && low < MJ_HONOR_FIRST && low % 9 <= 6)
    for (mj_tile k = low; k <= low + 2; k++)
      if (k != t && k % 9 == 4)
        five = k, need = 1;
  if (five == MJ_NO_TILE)
    return false;
  int red = mj_hand_red(h, five / 9);
  return red > 0 && mj_hand_counts(h)[five] - red >= need;
}

/* A claim of type (chi's lowest tile low), and beside it the same taking
   the hand's red five where the hand could give a plain one instead. */
static int add_claim(const mj_game *g, mj_action *out, int n, int max,
                     int type, int p, mj_tile tile)
{
  n = add(out, n, max, type, p, tile);
  if (mjg_claim_red_choice(g, p, type, tile)) {
    n = add(out, n, max, type, p, tile);
    if (n <= max)
      out[n - 1].red = 1;
  }
  return n;
}

static int claim_actions(const mj_game *g, int p, mj_action *out, int max)
{
  int n = 0;
  unsigned o = g->options[p];
  mj_tile t = g->pending;
  if (o == 0 || (g->decided >> p & 1))
    return 0;
  if (g->nopen > 0) {          /* an open kong's tiles: a win on one */
    for (int i = 0; i < g->nopen; i++)
      if (g->open_claim[p] >> i & 1)
        n = add(out, n, max, MJ_ACT_WIN, p, g->open_tiles[i]);
    return add(out, n, max, MJ_ACT_PASS, p, t);
  }
  if (o & (1u << MJ_ACT_WIN))
    n = add(out, n, max, MJ_ACT_WIN, p, t);
  if (o & (1u << MJ_ACT_KONG))
    n = add(out, n, max, MJ_ACT_KONG, p, t);
  if (o & (1u << MJ_ACT_OPEN))
    n = add(out, n, max, MJ_ACT_OPEN, p, t);
  if (o & (1u << MJ_ACT_PON))
    n = add_claim(g, out, n, max, MJ_ACT_PON, p, t);
  if (o & (1u << MJ_ACT_CHI)) {
    unsigned lows = chow_starts(g, p, mj_hand_counts(g->pl[p].hand), t);
    for (; lows; lows &= lows - 1)
      n = add_claim(g, out, n, max, MJ_ACT_CHI, p,
                    (mj_tile)(t - t % 9 + __builtin_ctz(lows)));
  }
  n = add(out, n, max, MJ_ACT_PASS, p, t);
  return n;
}

/* Is a legal now? (The same as finding it in mj_game_legal's list.) */
bool mjg_legal_one(const mj_game *g, const mj_action *a)
{
  int p = a->player;
  const seat *pl = &g->pl[p];
  const uint8_t *c = mj_hand_counts(pl->hand);
  if (g->phase == MJ_PHASE_TURN) {
    if (p != g->turn)
      return false;
    switch (a->type) {
    case MJ_ACT_DISCARD: {
      /* as the list has it (legal.c): none when the win is a must; a
         fixed hand's drawn tile as drawn; while the missing suit is
         held, only it, plain; a red five only when one is held */
      if (a->tile >= MJ_KINDS || c[a->tile] == 0 || g->must_win ||
          (pl->swap_bar & MJ_BIT(a->tile)))
        return false;
      if (mjg_hand_fixed(g, p))
        return a->tile == g->last_draw && a->red == g->last_draw_red;
      if (holds_void(g, p))
        return a->tile / 9 == pl->void_suit && a->red == 0;
      int red = a->tile < MJ_HONOR_FIRST && a->tile % 9 == 4
                    ? mj_hand_red(pl->hand, a->tile / 9)
                    : 0;
      return a->red ? a->red == 1 && red > 0 : c[a->tile] > red;
    }
    case MJ_ACT_WIN:
      return !pl->claimed && a->tile == g->last_draw && mjg_can_win_self(g, p);
    case MJ_ACT_CKONG:
      return a->tile < MJ_KINDS && c[a->tile] == 4 && mjg_kong_allowed(g, p) &&
             !mjg_hand_fixed(g, p) && (g->tbl.wild_melds || !is_wild(g, a->tile));
    case MJ_ACT_AKONG: {
      if (a->tile >= MJ_KINDS || c[a->tile] == 0 || !mjg_kong_allowed(g, p) ||
          mjg_hand_fixed(g, p))
        return false;
      const mj_meld *m = mj_hand_melds(pl->hand);
      for (int i = 0; i < mj_hand_nmelds(pl->hand); i++)
        if (m[i].type == MJ_PUNG && m[i].tile == a->tile)
          return true;
      return false;
    }
    default:
      return false;
    }
  }
  if (g->phase != MJ_PHASE_CLAIM && g->phase != MJ_PHASE_ROB)
    return false;
  if ((g->decided >> p & 1) || !g->options[p])
    return false;
  if (a->red > 1 || (a->red && ((a->type != MJ_ACT_CHI &&
                                  a->type != MJ_ACT_PON) ||
                                 a->tile >= MJ_HONOR_FIRST ||
                                 !mjg_claim_red_choice(g, p, a->type,
                                                       a->tile))))
    return false;
  if (a->type == MJ_ACT_PASS)
    return true;
  if (a->tile != g->pending && a->type != MJ_ACT_CHI)
    return false;
  if (a->type == MJ_ACT_CHI) {
    if (!(g->options[p] & (1u << MJ_ACT_CHI)) || a->tile >= MJ_HONOR_FIRST ||
        a->tile % 9 > 6 || g->pending >= MJ_HONOR_FIRST ||
        a->tile / 9 != g->pending / 9 || g->pending < a->tile ||
        g->pending > a->tile + 2)
      return false;
    for (int k = a->tile; k <= a->tile + 2; k++)
      if (k != g->pending && c[k] == 0)
        return false;
    return mjg_swap_ok(g, p, MJ_ACT_CHI, a->tile, g->pending);
  }
  return a->type < MJ_ACT_COUNT && (g->options[p] & (1u << a->type)) != 0;
}

int mj_game_legal(const mj_game *g, int p, mj_action *out, int max)
{
  if (p < 0 || p > 3)
    return 0;
  switch (g->phase) {
  case MJ_PHASE_TURN:
    return p == g->turn ? turn_actions(g, p, out, max) : 0;
  case MJ_PHASE_CLAIM:
  case MJ_PHASE_ROB:
    return claim_actions(g, p, out, max);
  case MJ_PHASE_SWAP:
  case MJ_PHASE_QUE:
  case MJ_PHASE_DECLARE:
    return faulted(g) ? 0 : before_play_actions(g, p, out, max);
  case MJ_PHASE_OPEN: {
    if (faulted(g) || p != g->turn)
      return 0;
    int n = 0;
    for (int i = 0; i < g->nopen; i++)
      if (g->open_wins >> i & 1)
        n = add(out, n, max, MJ_ACT_WIN, p, g->open_tiles[i]);
    return add(out, n, max, MJ_ACT_PASS, p, MJ_NO_TILE);
  }
  case MJ_PHASE_OFFER:
    if (faulted(g) || p != g->turn)
      return 0;
    return add(out, add(out, 0, max, MJ_ACT_TAKE, p, MJ_NO_TILE), max,
               MJ_ACT_PASS, p, MJ_NO_TILE);
  default:
    return 0;
  }
}

unsigned mj_game_waiting(const mj_game *g)
{
  if (faulted(g))
    return 0;
  switch (g->phase) {
  case MJ_PHASE_TURN:
    return 1u << g->turn;
  case MJ_PHASE_CLAIM:
  case MJ_PHASE_ROB: {
    unsigned w = 0;
    for (int p = 0; p < 4; p++)
      if (g->options[p] && !(g->decided >> p & 1))
        w |= 1u << p;
    return w;
  }
  case MJ_PHASE_DECLARE:
    return 1u << g->decl_seat;
  case MJ_PHASE_OFFER:
  case MJ_PHASE_OPEN:
    return 1u << g->turn;
  case MJ_PHASE_SWAP:
  case MJ_PHASE_QUE: {
    unsigned w = 0;
    for (int p = 0; p < g->np; p++)
      if (g->phase == MJ_PHASE_SWAP ? g->pl[p].nswap < g->tbl.swap
                                    : g->pl[p].void_suit < 0)
        w |= 1u << p;
    return w;
  }
  default:
    return 0;
  }
}

/* }==================================================================== */


/* Would q's concealed hand and t be thirteen orphans? (The analysis's
   shanten with that shape alone.) */
static bool orphans_with(const mj_game *g, int q, mj_tile t)
{
  if (mj_hand_nmelds(g->pl[q].hand) > 0 || t >= MJ_KINDS)
    return false;
  mj_tileview v = g->pl[q].v;
  mj_tileview_add(&v, t);
  mj_shape_cfg orphans = { MJ_SHAPE_BIT(MJ_SHAPE_ORPHANS), false, 0 };
  return mj_shanten(&v, &orphans, NULL) < 0;
}

bool mjg_offer_rob(mj_game *g, int p, mj_tile t, int discarder)
{
  g->pending = t;
  g->pending_from = p;
  g->pending_wall_last = false;
  g->rob_discarder = discarder;
  g->decided = 0;
  bool any = false;
  for (int q = 0; q < g->np; q++) {
    g->options[q] = 0;
    bool may = g->rob_aside ? true    /* a tile set aside: as a discard */
             : g->rob_concealed ? orphans_with(g, q, t) : g->tbl.rob_kong;
    if (q != p && q != discarder && active(g, q) && may &&
        mjg_can_win_on(g, q, t, mjg_claim_flags_rob(g)) && !mjg_barred(g, q))
      g->options[q] = 1u << MJ_ACT_WIN;
    any = any || g->options[q];
  }
  if (any)
    g->phase = MJ_PHASE_ROB;
  return any;
}
