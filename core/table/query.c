/*
** query.c
** What a game shows (its state, a seat's view, the log, the payments)
** and what its flow hooks may change (tiles turned, states, payments).
*/
#include "game_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* {====================================================================
** Queries
** ===================================================================== */

const mj_rules *mj_game_rules(const mj_game *g) { return g->r; }
const mj_game_cfg *mj_game_config(const mj_game *g) { return &g->cfg; }
int mj_game_open_tiles(const mj_game *g, const mj_tile **tiles, int *player)
{
  if (tiles != NULL)
    *tiles = g->open_tiles;
  if (player != NULL)
    *player = g->open_player;
  return g->phase == MJ_PHASE_OPEN || g->phase == MJ_PHASE_CLAIM ? g->nopen
                                                                  : 0;
}

const mj_decl_def *mj_game_decl(const mj_game *g, int k)
{
  return k >= 0 && k < g->tbl.ndecls ? &g->tbl.decls[k] : NULL;
}

unsigned mj_game_declared(const mj_game *g, int p)
{
  return g->decl_done[p & 3];
}

const char *mj_phase_name(mj_phase ph)
{
  static const char *const names[] = { "turn",    "claim", "rob",
                                       "swap",    "que",   "declare",
                                       "offer",   "open",  "over" };
  return (unsigned)ph < 9 ? names[ph] : "over";
}

mj_phase mj_game_phase(const mj_game *g) { return g->phase; }
int mj_game_turn(const mj_game *g) { return g->turn; }
int mj_game_dealer(const mj_game *g) { return g->dealer; }
int mj_game_round(const mj_game *g) { return g->round; }
const mj_hand *mj_game_hand(const mj_game *g, int p)
{
  return g->pl[p & 3].hand;
}
int mj_game_wall_left(const mj_game *g) { return live_left(g); }
mj_tile mj_game_last_draw(const mj_game *g) { return g->last_draw; }
bool mj_game_last_draw_red(const mj_game *g) { return g->last_draw_red; }
mj_tile mj_game_own_draw(const mj_game *g, int p)
{
  if (g->phase != MJ_PHASE_TURN || g->turn != p || g->pl[p & 3].claimed)
    return MJ_NO_TILE;
  return g->last_draw;
}
mj_tile mj_game_indicator(const mj_game *g) { return g->indicator; }
mj_tileset mj_game_wild(const mj_game *g) { return g->wild; }
int mj_game_state(const mj_game *g, int p, int i)
{
  return i >= 0 && i < g->tbl.nstates ? g->pl[p & 3].state[i] : 0;
}
int mj_game_state_find(const mj_game *g, const char *name, int token)
{
  for (int i = 0; i < g->tbl.nstates; i++)
    if (name != NULL ? strcmp(g->tbl.states[i].name, name) == 0
                     : g->tbl.states[i].token == token)
      return i;
  return -1;
}
bool mj_game_over(const mj_game *g)
{
  return g->phase == MJ_PHASE_OVER || faulted(g);
}
const char *mj_game_fault(const mj_game *g)
{
  return faulted(g) ? g->fault->msg : NULL;
}
bool mj_game_drawn(const mj_game *g) { return g->drawn; }
int mj_game_payer(const mj_game *g) { return g->payer; }
int mj_game_nevents(const mj_game *g) { return g->nev; }
const mj_event *mj_game_event(const mj_game *g, int i) { return &g->ev[i]; }
int mj_game_nactions(const mj_game *g) { return g->nact; }
const mj_action *mj_game_action(const mj_game *g, int i) { return &g->act[i]; }
const mj_action *mj_game_actions(const mj_game *g) { return g->act; }

const uint8_t *mj_game_dealt(const mj_game *g, int p)
{
  return g->pl[p & 3].dealt;
}

mj_tile mj_game_pending(const mj_game *g, int *from)
{
  if (from != NULL)
    *from = g->pending_from;
  return g->pending;
}

int mj_game_discards(const mj_game *g, int p, const mj_tile **tiles,
                     const uint8_t **taken)
{
  *tiles = g->pl[p & 3].disc;
  if (taken != NULL)
    *taken = g->pl[p & 3].taken;
  return g->pl[p & 3].ndisc;
}

int mj_game_flowers(const mj_game *g, int p, const mj_tile **tiles)
{
  if (tiles != NULL)
    *tiles = g->pl[p & 3].flowers;
  return g->pl[p & 3].nflowers;
}

int mj_game_aside(const mj_game *g, int p, const mj_tile **tiles)
{
  if (tiles != NULL)
    *tiles = g->pl[p & 3].aside;
  return g->pl[p & 3].naside;
}

void mj_game_visible(const mj_game *g, int p, uint8_t counts[MJ_KINDS])
{
  memset(counts, 0, MJ_KINDS);
  for (int q = 0; q < 4; q++) {
    const seat *pl = &g->pl[q];
    for (int i = 0; i < pl->naside; i++)   /* set aside face up */
      counts[pl->aside[i]]++;
    for (int i = 0; i < pl->ndisc; i++)
      if (!pl->taken[i] && pl->disc[i] < MJ_KINDS)
        counts[pl->disc[i]]++;
    if (q == p)
      continue;
    for (int t = 0; t < MJ_KINDS; t++)
      counts[t] += pl->shown[t];
    const mj_meld *m = mj_hand_melds(pl->hand);
    for (int i = 0; i < mj_hand_nmelds(pl->hand); i++) {
      if (m[i].type == MJ_CKONG)
        continue;   /* face down */
      if (m[i].type == MJ_CHOW)
        for (int k = 0; k < 3; k++)
          counts[m[i].tile + k]++;
      else
        counts[m[i].tile] += (uint8_t)mj_meld_size(&m[i]);
    }
  }
  if (g->indicator < MJ_KINDS)
    counts[g->indicator]++;
}

int mj_game_winners(const mj_game *g, int out[MJ_MAX_WINS])
{
  for (int k = 0; k < g->nwin; k++)
    out[k] = g->winners[k];
  return g->nwin;
}

int mj_game_wins(const mj_game *g, int p) { return g->pl[p & 3].wins; }

const mj_score *mj_game_result(const mj_game *g, int k)
{
  return k >= 0 && k < g->nwin ? g->results[k] : NULL;
}

const mj_hand *mj_game_win_hand(const mj_game *g, int k)
{
  return k >= 0 && k < g->nwin ? g->win_hands[k] : NULL;
}

void mj_game_payments(const mj_game *g, int pay[4])
{
  memcpy(pay, g->led.pay, sizeof g->led.pay);
}

int mj_game_ledger(const mj_game *g, const mj_payment **out)
{
  *out = g->led.entries;
  return g->led.n;
}

const char *mj_game_reason(const mj_game *g, int reason)
{
  return mj_ledger_reason_name(&g->led, reason);
}

bool mj_game_in_hook(const mj_game *g) { return g->in_hook > 0; }

static mj_status hook_only(const mj_game *g, mj_error *err)
{
  if (g->in_hook <= 0)
    return mj_fail(err, MJ_ESTATE, 0,
                   "the ledger changes only inside a flow hook");
  if (g->looking)
    return mj_fail(err, MJ_ESTATE, 0, "can_declare only looks at the game: "
                   "it may not pay, set a state or turn tiles");
  return MJ_OK;
}

mj_status mj_game_abort(mj_game *g, int by, const char *name, mj_error *err)
{
  int r;
  mj_status st = hook_only(g, err);
  if (st != MJ_OK ||
      (st = mj_ledger_reason(&g->led, name, &r, err)) != MJ_OK)
    return st;
  if (g->phase == MJ_PHASE_OVER || g->nwin > 0)
    return mj_fail(err, MJ_ESTATE, 0, "a hand is called off only before "
                   "any win, while it is played");
  g->abort_req = true;
  g->abort_reason = r;
  g->abort_by = by >= 0 && by < g->np ? by : -1;
  return MJ_OK;
}

mj_status mj_game_show(mj_game *g, int p, const mj_tile *tiles, int n,
                       mj_error *err)
{
  mj_status st = hook_only(g, err);
  if (st != MJ_OK)
    return st;
  uint8_t want[MJ_KINDS] = { 0 };
  const uint8_t *c = mj_hand_counts(g->pl[p & 3].hand);
  for (int i = 0; i < n; i++) {
    char b[3];
    if (tiles[i] >= MJ_KINDS || ++want[tiles[i]] > c[tiles[i]])
      return mj_fail(err, MJ_EINVAL, 0, "seat %d shows %s, which he does not "
                     "hold so often", p + 1, mj_tile_str(tiles[i], b));
  }
  memcpy(g->pl[p & 3].shown, want, sizeof want);
  return MJ_OK;
}

void mj_game_shown(const mj_game *g, int p, uint8_t counts[MJ_KINDS])
{
  memcpy(counts, g->pl[p & 3].shown, MJ_KINDS);
}

mj_status mj_game_turn_tiles(mj_game *g, int n, mj_tile *out, int *got,
                             mj_error *err)
{
  *got = 0;
  mj_status st = hook_only(g, err);
  if (st != MJ_OK)
    return st;
  if (n < 0 || n > 16)
    return mj_fail(err, MJ_EINVAL, 0, "turn 0..16 tiles, not %d", n);
  for (int i = 0; i < n; i++) {
    mj_tile t = mj_wall_draw(&g->wall);
    if (t == MJ_NO_TILE)
      break;
    out[(*got)++] = t;
    mjg_event(g, MJ_EV_TURNED, -1, t, -1, 0);
  }
  return MJ_OK;
}

mj_status mj_game_turned_for(mj_game *g, int k, int p, mj_error *err)
{
  mj_status st = hook_only(g, err);
  if (st != MJ_OK)
    return st;
  if (p < 0 || p > 3)
    return mj_fail(err, MJ_EINVAL, 0, "a seat is 1..4");
  for (int i = 0, n = 0; i < g->nev; i++)
    if (g->ev[i].type == MJ_EV_TURNED && n++ == k) {
      g->ev[i].player = (int8_t)p;
      return MJ_OK;
    }
  return mj_fail(err, MJ_EINVAL, 0, "no turned tile %d this hand", k + 1);
}

mj_status mj_game_set_state(mj_game *g, int p, int i, int v, mj_error *err)
{
  mj_status st = hook_only(g, err);
  if (st != MJ_OK)
    return st;
  if (p < 0 || p > 3 || i < 0 || i >= g->tbl.nstates)
    return mj_fail(err, MJ_EINVAL, 0, "no state %d of seat %d", i, p + 1);
  if (v < 0 || v > 30000)
    return mj_fail(err, MJ_EINVAL, 0, "a state is 0..30000, not %d", v);
  g->pl[p].state[i] = (int16_t)v;
  return MJ_OK;
}

mj_status mj_game_pay(mj_game *g, int payer, int payee, int amount,
                      const char *reason, int *index, mj_error *err)
{
  int r;
  mj_status st = hook_only(g, err);
  if (st != MJ_OK ||
      (st = mj_ledger_reason(&g->led, reason, &r, err)) != MJ_OK)
    return st;
  if (payer < 0 || payer > MJ_POT || payee < 0 || payee > MJ_POT ||
      payer == payee)
    return mj_fail(err, MJ_EINVAL, 0, "a payment is between two different "
                   "seats 1..4, or a seat and the pot");
  if (amount <= 0 || amount > 1000000)
    return mj_fail(err, MJ_EINVAL, 0, "a payment's amount is 1..1000000");
  if (g->led.n >= MJ_LEDGER_MAX)
    return mj_fail(err, MJ_ERANGE, 0, "at most %d payments a hand",
                   MJ_LEDGER_MAX);
  st = mj_ledger_pay(&g->led, payer, payee, amount, r, -1, g->nev - 1, err);
  if (st == MJ_OK && index != NULL)
    *index = g->led.n - 1;
  return st;
}

mj_status mj_game_transfer(mj_game *g, int i, int to, const char *reason,
                           mj_error *err)
{
  int r = 0;
  mj_status st = hook_only(g, err);
  if (st != MJ_OK || (st = mj_ledger_standing(&g->led, i, err)) != MJ_OK ||
      (st = mj_ledger_reason(&g->led, reason, &r, err)) != MJ_OK)
    return st;
  return mj_ledger_transfer(&g->led, i, to, r, g->nev - 1, err);
}

mj_status mj_game_refund(mj_game *g, int i, const char *reason, mj_error *err)
{
  int r = 0;
  mj_status st = hook_only(g, err);
  if (st != MJ_OK || (st = mj_ledger_standing(&g->led, i, err)) != MJ_OK ||
      (st = mj_ledger_reason(&g->led, reason, &r, err)) != MJ_OK)
    return st;
  return mj_ledger_refund(&g->led, i, r, g->nev - 1, err);
}

bool mj_game_active(const mj_game *g, int p) { return active(g, p); }

int mj_game_void_suit(const mj_game *g, int p, int viewer)
{
  const seat *pl = &g->pl[p & 3];
  if (viewer >= 0 && viewer != p && g->phase == MJ_PHASE_QUE)
    return -1;
  return pl->void_suit;
}

bool mj_game_holds_void(const mj_game *g, int p)
{
  return holds_void(g, p & 3);
}

int mj_game_dice(const mj_game *g) { return g->dice; }
int mj_game_swap_offset(const mj_game *g) { return g->swap_off; }
int mj_game_swap_tiles(const mj_game *g, int p, const mj_tile **tiles)
{
  *tiles = g->pl[p & 3].swap;
  return g->pl[p & 3].nswap;
}

int mj_game_best_win(const mj_game *g, int p, mj_tile *best)
{
  p &= 3;
  const seat *pl = &g->pl[p];
  int top = 0;
  if (best != NULL)
    *best = MJ_NO_TILE;
  if (holds_void(g, p) || mj_hand_ntiles(pl->hand) % 3 != 1)
    return 0;
  mj_hand *h = mj_hand_new();
  mj_score *s = malloc(sizeof *s);
  for (int t = 0; h != NULL && s != NULL && t < MJ_KINDS; t++) {
    if (in_void(g, p, (mj_tile)t) || mj_hand_counts(pl->hand)[t] >= 4)
      continue;
    mj_tileview v = pl->v;
    mj_tileview_add_face(&v, (mj_tile)t);
    if (!mj_is_win(&v, mj_rules_shapes(g->r)))
      continue;
    mj_hand_copy(h, pl->hand);
    if (mj_hand_add(h, (mj_tile)t) != MJ_OK)
      continue;
    mjg_win_ctx(g, p, h, (mj_tile)t);   /* no flag: a discard win, plain */
    mj_error e;
    mj_status st = mj_score_hand(g->r, h, s, &e);
    if (st == MJ_ERULES)
      mjg_note_fault(g, &e);
    if (st == MJ_OK && s->meets_min && s->total > top) {
      top = s->total;
      if (best != NULL)
        *best = (mj_tile)t;
    }
  }
  mj_hand_free(h);
  free(s);
  return top;
}

void mj_game_scores(const mj_game *g, int scores[4])
{
  memcpy(scores, g->led.scores, sizeof g->led.scores);
}

int mj_game_pot(const mj_game *g) { return g->led.pot; }
int mj_game_honba(const mj_game *g) { return g->cfg.honba; }

int mj_game_next_dealer(const mj_game *g)
{
  const mj_table *t = &g->tbl;
  if (g->hook_dealer >= 0)
    return g->hook_dealer;
  if (g->drawn || g->nwin == 0)
    return t->dealer_stays_on_draw ? g->dealer : seat_after(g, g->dealer, 1);
  if (t->winner_deals)
    return g->winners[0];
  for (int k = 0; k < g->nwin; k++)
    if (g->winners[k] == g->dealer && t->dealer_stays_on_win)
      return g->dealer;
  return seat_after(g, g->dealer, 1);
}

/* }==================================================================== */

void mj_game_seat_view(const mj_game *g, int p, mj_seat_view *v)
{
  p &= 3;
  memset(v, 0, sizeof *v);
  v->seat = p;
  v->wind = mj_game_seat_wind(g, p);
  v->round = g->round;
  v->dealer = g->dealer;
  v->wall = live_left(g);
  v->phase = g->phase;
  mj_hand_print(g->pl[p].hand, v->hand, sizeof v->hand);
  v->draw = mj_game_own_draw(g, p);
  v->tile = MJ_NO_TILE;
  v->from = -1;
  if (g->phase == MJ_PHASE_CLAIM || g->phase == MJ_PHASE_ROB) {
    v->tile = g->pending;
    v->from = g->pending_from;
  }
  v->wild = g->wild;
  v->indicator = g->indicator;
  v->nplayers = g->np;
  for (int q = 0; q < 4; q++) {
    const seat *s = &g->pl[q];
    v->players[q].score = g->led.scores[q];
    v->players[q].tiles = mj_hand_ntiles(s->hand);
    const mj_meld *m = mj_hand_melds(s->hand);
    int nm = mj_hand_nmelds(s->hand);
    for (int i = 0; i < nm && i < 4; i++) {
      char *out = v->players[q].melds[i];
      if (m[i].type == MJ_CKONG && q != p) {
        snprintf(out, 20, "{concealed kong}");
      } else {
        char t[3];
        mj_tile_str(m[i].tile, t);
        int r = t[0] - '0';
        if (m[i].type == MJ_CHOW)
          snprintf(out, 20, "[%d%d%d%c]", r, r + 1, r + 2, t[1]);
        else {   /* [555p], [5555p], {5555p} */
          int k = m[i].type == MJ_PUNG ? 3 : 4, n = 0;
          out[n++] = m[i].type == MJ_CKONG ? '{' : '[';
          while (k-- > 0)
            out[n++] = t[0];
          out[n++] = t[1];
          out[n++] = m[i].type == MJ_CKONG ? '}' : ']';
          out[n] = '\0';
        }
      }
    }
    v->players[q].nmelds = nm < 4 ? nm : 4;
    v->players[q].ndisc = s->ndisc;
    v->players[q].disc = s->disc;
    v->players[q].missing = mj_game_void_suit(g, q, p);
    v->players[q].active = active(g, q);
    mj_tiles_print(s->aside, s->naside, v->players[q].aside,
                   sizeof v->players[q].aside);
    mj_counts_print(s->shown, MJ_KINDS, v->players[q].shown,
                    sizeof v->players[q].shown);
  }
}

const int *mj_game_match_state(const mj_game *g) { return g->match_state; }

mj_status mj_game_set_match_state(mj_game *g, int k, int v, mj_error *err)
{
  if (k < 0 || k >= mj_rules_nmatch_states(g->r))
    return mj_fail(err, MJ_EINVAL, 0, "no match state %d", k + 1);
  if (v < 0 || v > MJ_MATCH_STATE_MAX)
    return mj_fail(err, MJ_ERANGE, 0, "a match state is 0..%d, not %d",
                   MJ_MATCH_STATE_MAX, v);
  g->match_state[k] = v;
  return MJ_OK;
}
