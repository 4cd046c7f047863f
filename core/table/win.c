/*
** win.c
** The wins of a hand: whether a player may win and with what context,
** and the settlement of the wins of a tile (game_int.h).
*/
#include "i18n.h"
#include "game_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* {====================================================================
** Wins
** ===================================================================== */

static int visible_of(const mj_game *g, mj_tile t, bool skip_pending)
{
  int n = 0;
  for (int q = 0; q < 4; q++) {
    const seat *pl = &g->pl[q];
    for (int i = 0; i < pl->ndisc; i++)
      if (pl->disc[i] == t && !pl->taken[i])
        n++;
    const mj_meld *m = mj_hand_melds(pl->hand);
    for (int i = 0; i < mj_hand_nmelds(pl->hand); i++) {
      if (m[i].type == MJ_CHOW)
        n += t >= m[i].tile && t <= m[i].tile + 2;
      else if (m[i].tile == t)
        n += mj_meld_size(&m[i]);
    }
  }
  if (g->indicator == t)
    n++;
  if (skip_pending && g->pending == t && g->phase == MJ_PHASE_CLAIM) {
    /* the discard itself is the winning tile, unless taken already */
    const seat *d = &g->pl[g->pending_from];
    if (d->ndisc > 0 && d->disc[d->ndisc - 1] == t && !d->taken[d->ndisc - 1])
      n--;
  }
  return n;
}

/* p's states that give a win with t (self-drawn or not) their token,
   as bits of mj_table.states. */
static unsigned states_on(const mj_game *g, int p, mj_tile t, bool self)
{
  unsigned on = 0;
  for (int i = 0; i < g->tbl.nstates; i++) {
    const mj_state_def *d = &g->tbl.states[i];
    if (d->token >= 0 && g->pl[p].state[i] != 0 &&
        d->on != (self ? MJ_STATE_DISCARD : MJ_STATE_SELF) &&
        (!d->wild_tile || is_wild(g, t)))
      on |= 1u << i;
  }
  return on;
}

/* A state of p opens a win on the discard t that the table forbids. */
bool mjg_state_opens(const mj_game *g, int p, mj_tile t)
{
  unsigned on = states_on(g, p, t, false);
  for (; on; on &= on - 1)
    if (g->tbl.states[__builtin_ctz(on)].on == MJ_STATE_DISCARD)
      return true;
  return false;
}

/* The context of a win by p with t, what the seat and the hand say (no
   flag yet): the winds, flowers, the wild, the missing suit. */
mj_ctx *mjg_win_ctx(const mj_game *g, int p, mj_hand *hand, mj_tile t)
{
  const seat *pl = &g->pl[p];
  mj_ctx *c = mj_hand_ctx(hand);
  mj_ctx_init(c);
  c->win = t;
  c->seat = (uint8_t)mj_game_seat_wind(g, p);
  c->round = (uint8_t)g->round;
  c->flowers = (uint8_t)(pl->nflowers > 8 ? 8 : pl->nflowers);
  for (int i = 0; i < pl->nflowers && i < 8; i++)   /* each by identity */
    if (pl->flowers[i] >= MJ_FLOWER0 && pl->flowers[i] < MJ_ALL_TILES)
      c->flower_set |= (uint8_t)(1u << (pl->flowers[i] - MJ_FLOWER0));
  if (mj_rules_tokens(g->r) & MJ_TOKEN_GUI)
    c->gui = g->wild;               /* the ghosts, as gui= says them */
  else if (g->wild_kind != MJ_NO_TILE &&
           g->tbl.wild_rule == MJ_WILD_INDICATOR)
    c->wild = g->wild_kind;
  if (pl->void_suit >= 0)
    c->que = (uint8_t)pl->void_suit;
  /* the tiles set aside, each kind as its declaration's word counts them
     (kita=2) */
  for (int k = 0; k < g->tbl.ndecls; k++) {
    const mj_decl_def *d = &g->tbl.decls[k];
    int n = mjg_aside_count(g, p, k);
    if (d->word[0] != '\0' && n > 0 && c->nwords < MJ_CTX_WORDS) {
      memcpy(c->words[c->nwords].name, d->word, sizeof d->word);
      c->words[c->nwords++].value = (uint16_t)n;
    }
  }
  return c;
}

/* The dora indicators turned, and for a riichi (or double) winner the ura
   indicators under them; the honba, for a ruleset that reads it. */
void mjg_ctx_indicators(const mj_game *g, mj_ctx *c)
{
  c->ndora = (uint8_t)g->nind;
  memcpy(c->dora, g->ind, sizeof c->dora);
  c->nura = 0;
  if (mj_rules_tokens(g->r) & MJ_TOKEN_HONBA)
    c->honba = (uint8_t)(g->cfg.honba > 255 ? 255 : g->cfg.honba);
  if (c->flags & (MJ_CTX_RIICHI | MJ_CTX_DOUBLE)) {
    c->nura = (uint8_t)g->nind;
    memcpy(c->ura, g->ura, sizeof c->ura);
  }
}

/* The context of a plain discard win by p with t, as the game would
   give it: mjg_win_ctx, p's states that count on a discard win, and the
   dora indicators (no ura: nothing says p declared). A seat's own
   states and public tiles only: a bot may read it. */
void mj_game_win_context(const mj_game *g, int p, mj_hand *hand, mj_tile t)
{
  mj_ctx *c = mjg_win_ctx(g, p, hand, t);
  for (unsigned on = states_on(g, p, t, false); on; on &= on - 1) {
    int i = __builtin_ctz(on);
    mj_ctx_token_set(c, g->tbl.states[i].token, g->pl[p].state[i]);
  }
  mjg_ctx_indicators(g, c);
}

static bool shape_wins(const mj_game *g, int p, mj_tile t, bool self,
                       mj_error *err);

bool mjg_furiten(const mj_game *g, int p)
{
  if (!g->tbl.furiten)
    return false;
  const seat *pl = &g->pl[p];
  mj_tileset seen = 0;
  for (int i = 0; i < pl->ndisc; i++) {
    mj_tile d = pl->disc[i];
    if (d >= MJ_KINDS || (seen & MJ_BIT(d)))
      continue;
    seen |= MJ_BIT(d);
    if (shape_wins(g, p, d, false, NULL))
      return true;
  }
  return false;
}

mj_tileset mj_game_waits(const mj_game *g, int p)
{
  mj_tileset w = 0;
  if (mj_hand_ntiles(g->pl[p & 3].hand) % 3 != 1)
    return 0;
  for (int t = 0; t < MJ_KINDS; t++)
    if (shape_wins(g, p & 3, (mj_tile)t, false, NULL))
      w |= MJ_BIT(t);
  return w;
}

size_t mj_game_furiten_text(const mj_game *g, int p, char *buf, size_t cap)
{
  const seat *pl = &g->pl[p & 3];
  int n = 0;
  if (cap > 0)
    buf[0] = '\0';
  if (!g->tbl.furiten)
    return 0;
  for (int i = 0; i < pl->ndisc; i++) {
    char t[3];
    mj_tile d = pl->disc[i];
    if (d < MJ_KINDS && shape_wins(g, p & 3, d, false, NULL))
      return (size_t)snprintf(buf, cap, _("%s, a tile you wait on, is among "
                              "your discards"), mj_tile_str(d, t));
  }
  if (pl->lock_forever)
    n = snprintf(buf, cap, _("you passed a win with your hand fixed"));
  else if (pl->locked)
    n = snprintf(buf, cap, _("you passed a win (until your next draw)"));
  return n < 0 ? 0 : (size_t)n;
}

bool mjg_barred(const mj_game *g, int p)
{
  return g->pl[p].locked || mjg_furiten(g, p);
}

/* Enough wilds (四鬼胡牌) or flowers (八仙過海) held to win whatever the
   shape. */
static bool any_shape_wilds(const mj_game *g, int p, mj_tile t, bool self)
{
  int af = mj_rules_anyhand_flowers(g->r);
  if (af > 0 && g->pl[p].nflowers >= af)
    return true;
  int aw = mj_rules_anyhand_wilds(g->r);
  if (aw <= 0)
    return false;
  int n = !self && is_wild(g, t);
  for (mj_tileset w = g->wild; w; w &= w - 1)
    n += mj_hand_counts(g->pl[p].hand)[__builtin_ctzll(w)];
  return n >= aw;
}

/* The tables' quick answer, before anything is built: does p's hand with
   t make a winning shape? */
static bool shape_wins(const mj_game *g, int p, mj_tile t, bool self,
                       mj_error *err)
{
  const seat *pl = &g->pl[p];
  mj_tileview v = pl->v;
  if (!self) {
    if (t >= MJ_KINDS || mj_hand_counts(pl->hand)[t] >= 4)
      return false;
    mj_tileview_add_face(&v, t);   /* another's wild is at face value */
  }
  if (!mj_is_win(&v, mj_rules_shapes(g->r))) {
    if (err != NULL)
      mj_fail(err, MJ_ENOTWIN, 0, "not a winning hand");
    return false;
  }
  return true;
}

/* A win below the minimum, with the breakdown a learner needs: "5 fan:
   平和 2, 断幺 2, 花牌 1 — 4 without the flowers, 4 short of 8". */
static bool short_of_min(const mj_game *g, const mj_score *s, mj_error *err)
{
  char line[400];
  size_t len = 0;
  line[0] = '\0';
  for (int i = 0; i < s->nhits; i++)
    mj_catf(line, sizeof line, &len, "%s%s %d", i ? ", " : "",
            mj_text_name(mj_rules_fan(g->r, s->hits[i].fan)->id),
            s->hits[i].value);
  int counted = s->total - s->bonus;
  char bonus[64] = "";
  if (s->bonus > 0)
    snprintf(bonus, sizeof bonus, _("%d without the flowers, "), counted);
  mj_fail(err, MJ_ENOTWIN, 0, "%d fan: %s — %s%d short of %d", s->total,
          line, bonus, s->min - counted, s->min);
  return false;
}

/*
** Could p win with t (self: already in the hand; otherwise added) and
** these flags? Fills hand (the 14 tiles and the context) and s.
*/
bool mjg_check_win(const mj_game *g, int p, mj_tile t, unsigned flags,
                      mj_hand *hand, mj_score *s, mj_error *err)
{
  const seat *pl = &g->pl[p];
  bool self = (flags & MJ_CTX_SELF) != 0;
  if (pl->void_suit >= 0 && (holds_void(g, p) || (!self && in_void(g, p, t)))) {
    if (err != NULL)
      mj_fail(err, MJ_ENOTWIN, 0, "the hand holds its missing suit (%c)",
              "mps"[pl->void_suit]);
    return false;
  }
  /* the tokens of the ruleset's states: a flag token may make any hand
     a win (a fixed win such as 接宝), so the tables cannot refuse it */
  unsigned on = states_on(g, p, t, self), sflags = 0;
  for (unsigned b = on; b; b &= b - 1)
    sflags |= mj_ctx_token_flag(g->tbl.states[__builtin_ctz(b)].token);
  flags |= sflags;
  /* enough wilds held may win whatever the shape (四鬼胡牌) */
  if (sflags == 0 && !any_shape_wilds(g, p, t, self) &&
      !shape_wins(g, p, t, self, err))
    return false;
  mj_hand_copy(hand, pl->hand);
  /* a red five won: the discard on offer's, or one's own draw */
  bool red = self ? t == g->last_draw && g->last_draw_red
                  : t == g->pending && g->pending_red &&
                    g->phase == MJ_PHASE_CLAIM;
  if (!self && (red ? mj_hand_add_red(hand, t) : mj_hand_add(hand, t)) !=
                   MJ_OK) {
    mj_fail(err, MJ_ESTATE, 0, "no room for the tile");
    return false;
  }
  mj_ctx *c = mjg_win_ctx(g, p, hand, t);
  c->win_red = red;
  for (; on; on &= on - 1) {
    int i = __builtin_ctz(on);
    mj_ctx_token_set(c, g->tbl.states[i].token, pl->state[i]);
  }
  if (mj_hand_counts(hand)[t] == 1 && visible_of(g, t, !self) == 3 &&
      !(flags & MJ_CTX_ROB) && (mj_rules_tokens(g->r) & MJ_TOKEN_LAST))
    flags |= MJ_CTX_LAST;
  /* the first go-around: the tiles as dealt (a kong's replacement is a
     fifteenth tile), or the dealer's first discard, before any claim */
  if (!g->any_claim && pl->ndiscarded == 0 && mj_hand_nmelds(pl->hand) == 0 &&
      (self || g->tbl.first_any_discard ||
       (g->pending_from == g->dealer && g->ndiscards == 1)))
    flags |= MJ_CTX_FIRST;
  /* where the ruleset lets a win hold one of them (exclusive), the first
     go-around yields (a short wall's last tile drawn first) */
  unsigned ex = flags & mj_rules_exclusive(g->r);
  if ((ex & MJ_CTX_FIRST) && (ex & ~MJ_CTX_FIRST))
    flags &= ~MJ_CTX_FIRST;
  /* ... and where it may not hold it at all (riichi: a first go-around
     win on a discard is a plain win, renhou off) */
  if ((flags & MJ_CTX_FIRST) && mj_rules_refuses(g->r, flags) &&
      !mj_rules_refuses(g->r, flags & ~MJ_CTX_FIRST))
    flags &= ~MJ_CTX_FIRST;
  c->flags = flags;
  mjg_ctx_indicators(g, c);
  /* asked without err (the game's own checks, most of them no win), no
     message is made; a fault of the ruleset's code is scored again for
     its message (a test out of its budget fails at once the second time) */
  mj_status st = mj_score_hand(g->r, hand, s, err);
  if (st != MJ_OK) {
    if (st == MJ_ERULES && err != NULL) {
      mjg_note_fault(g, err);
    } else if (st == MJ_ERULES) {
      mj_error own;
      mj_error_clear(&own);
      if (mj_score_hand(g->r, hand, s, &own) != MJ_ERULES || !own.msg[0])
        snprintf(own.msg, sizeof own.msg, "%s",
                 _("a fan's test failed, then passed when asked again"));
      mjg_note_fault(g, &own);
    }
    return false;
  }
  if (!s->meets_min)
    return short_of_min(g, s, err);
  return true;
}

/* Flags of a win by p on its own draw now. */
unsigned mjg_self_flags(const mj_game *g, int p)
{
  unsigned f = MJ_CTX_SELF;
  if (g->last_draw_wall_last)
    f |= MJ_CTX_WALL_LAST;
  if (g->pl[p].kong_draw)
    f |= MJ_CTX_KONG;
  return f;
}

/* Flags of a win on the tile on offer now: a discard (the wall's last,
   the one after its player's kong with kong_discard) or a robbed kong. */
unsigned mjg_claim_flags_rob(const mj_game *g)
{
  return g->rob_aside ? 0 : MJ_CTX_ROB;
}

unsigned mjg_claim_flags(const mj_game *g)
{
  if (g->phase == MJ_PHASE_ROB)
    return mjg_claim_flags_rob(g);
  unsigned f = g->pending_wall_last ? MJ_CTX_WALL_LAST : 0;
  if (g->tbl.kong_discard && g->pending_kong)
    f |= MJ_CTX_KONG;
  return f;
}

bool mjg_can_win_self(const mj_game *g, int p)
{
  return mjg_check_win(g, p, g->last_draw, mjg_self_flags(g, p), g->scratch,
                   g->scratch_score, NULL);
}

bool mjg_can_win_on(const mj_game *g, int p, mj_tile t, unsigned flags)
{
  return mjg_check_win(g, p, t, flags, g->scratch, g->scratch_score, NULL);
}

/* The players still in, as bits. */
static unsigned active_mask(const mj_game *g)
{
  unsigned m = 0;
  for (int p = 0; p < 4; p++)
    if (active(g, p))
      m |= 1u << p;
  return m;
}

/* Record a win by the players in w[0..n) (in order) and settle; then the
   hand ends, or (leave_on_win) the winners leave and play goes on with
   the next player still in after the last of them. */
/* The settlement of win k of p (was_active: the seats in play before
   it), netted in the ledger; false when the ruleset's settlement failed
   (the fault noted). */
static bool settle_win(mj_game *g, int k, int p, int payer, bool self,
                       unsigned was_active)
{
  mj_settle_in in;
  in.winner = p;
  in.active = was_active;
  in.kong_from = self && g->pl[p].kong_draw ? g->pl[p].kong_from : -1;
  in.payer = self ? -1 : payer;
  in.dealer = g->dealer;
  in.total = g->results[k]->total;
  in.total_no_bonus = g->results[k]->total - g->results[k]->bonus;
  in.self_drawn = self;
  in.flags = mj_hand_cctx(g->win_hands[k])->flags;
  in.score = g->results[k];
  in.ctx = mj_hand_cctx(g->win_hands[k]);
  in.honba = g->cfg.honba;
  in.game = g;
  for (int q = 0; q < 4; q++)
    memcpy(in.states[q], g->pl[q].state, sizeof in.states[q]);
  int pay[4];
  mj_error e;
  if (mj_rules_settle(g->r, &in, pay, &e) != MJ_OK) {
    mjg_note_fault(g, &e);
    return false;
  }
  int sum = pay[0] + pay[1] + pay[2] + pay[3];
  for (int q = 0; q < 4 && sum == 0; q++)
    if (pay[q] != 0 && !(was_active >> q & 1)) {
      mj_fail(&e, MJ_ERULES, 0, "the settlement of a win charges or pays "
              "seat %d, who has left play", q + 1);
      mjg_note_fault(g, &e);
      return false;
    }
  if (sum != 0) {
    mj_fail(&e, MJ_ERULES, 0, "the settlement of a win is not zero-sum "
            "(%+d %+d %+d %+d)", pay[0], pay[1], pay[2], pay[3]);
    mjg_note_fault(g, &e);
    return false;
  }
  if (mj_ledger_net(&g->led, pay, MJ_PAY_WIN, g->nwin - 1, g->nev - 1,
                    &e) != MJ_OK) {
    mjg_note_fault(g, &e);
    return false;
  }
  return true;
}

/* After the wins of a tile: the hand ends, or (血战, 血流) the winners
   leave or stay, the winning tile set aside, and play goes on. */
static void after_wins(mj_game *g, const mj_flow_ev *ev, const int *w,
                       mj_tile t, unsigned flags)
{
  if (!(g->tbl.leave_on_win || g->tbl.stay_on_win) || faulted(g)) {
    mjg_end_hand(g);
    return;
  }
  for (int j = 0; j < ev->nwin; j++)
    if (g->tbl.leave_on_win)
      g->pl[ev->winners[j]].out = true;
    else if (flags & MJ_CTX_SELF)
      mjg_hand_remove(g, ev->winners[j], t);
  int last = ev->nwin > 0 ? ev->winners[ev->nwin - 1] : w[0];
  if (mjg_nactive(g) <= 1 || g->nwin >= MJ_MAX_WINS) {
    mjg_end_hand(g);
    return;
  }
  g->pending = MJ_NO_TILE;
  mjg_next_draw(g, mjg_next_active(g, last));
}

void mjg_finish(mj_game *g, const int *w, int n, int payer, mj_tile t,
                   unsigned flags)
{
  mj_tile tiles[4] = { t, t, t, t };
  mjg_finish_tiles(g, w, tiles, n, payer, flags);
}

/* The same, winner j on tiles[j] (an open kong's tiles). */
void mjg_finish_tiles(mj_game *g, const int *w, const mj_tile *tiles, int n,
                      int payer, unsigned flags)
{
  mj_tile t = tiles[0];
  g->payer = payer;
  unsigned was_active = active_mask(g);
  mj_flow_ev ev = { .hook = MJ_HOOK_WINNING, .from = (int8_t)payer,
                    .tile = t, .first_win = g->nwin };
  /* before the scoring: what the ruleset does as the wins are declared
     (the horses turned, states set for the score) */
  for (int j = 0; j < n && j < 4; j++)
    ev.winners[ev.nwin++] = (int8_t)w[j];
  mjg_run_hook(g, &ev, NULL);
  if (faulted(g)) {
    g->phase = MJ_PHASE_OVER;
    return;
  }
  if (g->abort_req) {          /* 三家和: the wins called off */
    mjg_end_aborted(g);
    return;
  }
  ev.hook = MJ_HOOK_WIN;
  ev.nwin = 0;
  for (int j = 0; j < n && g->nwin < MJ_MAX_WINS; j++) {
    int p = w[j];
    int k = g->nwin;
    if (g->win_hands[k] == NULL)
      g->win_hands[k] = mj_hand_new();
    if (g->results[k] == NULL)
      g->results[k] = malloc(sizeof(mj_score));
    if (g->win_hands[k] == NULL || g->results[k] == NULL)
      continue;
    bool self = (flags & MJ_CTX_SELF) != 0;
    if (!mjg_check_win(g, p, tiles[j], flags, g->win_hands[k], g->results[k],
                       NULL))
      continue;
    g->winners[g->nwin++] = p;
    g->pl[p].wins++;
    ev.winners[ev.nwin++] = (int8_t)p;
    mjg_event(g, MJ_EV_WIN, p, tiles[j], self ? -1 : payer, 0);
    if (!settle_win(g, k, p, payer, self, was_active)) {
      g->phase = MJ_PHASE_OVER;
      return;
    }
  }
  mjg_run_hook(g, &ev, NULL);
  after_wins(g, &ev, w, t, flags);
}

/* }==================================================================== */

