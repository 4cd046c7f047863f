/*
** game.c
** The hand's state machine: the start of a hand (deal, flowers, the wild
** tile) and the acting on each decision, over the floor of turn.c, the
** wins of win.c and the legal actions of legal.c (game_int.h). Table rules
** come from the ruleset (mj_table); nothing here asks which ruleset it is.
*/
#include "game_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* {====================================================================
** Setup
** ===================================================================== */

/* A game's fields before the deal: the rules, the given wall, the
   seats' empty hands; false (err set, g freed) when memory or the wall
   fails. */
static bool game_init(mj_game *g, const mj_rules *r, const mj_game_cfg *cfg,
                      mj_error *err)
{
  g->r = r;
  g->cfg = *cfg;
  memcpy(g->match_state, cfg->match_state, sizeof g->match_state);
  if (cfg->wall != NULL) {
    memcpy(g->given_wall, cfg->wall, (size_t)cfg->wall_n);
    g->cfg.wall = g->given_wall;
    if (cfg->wall_red != NULL) {
      memcpy(g->given_red, cfg->wall_red, (size_t)cfg->wall_n);
      g->cfg.wall_red = g->given_red;
    }
  }
  g->tbl = *mj_rules_ctable(r);
  g->np = g->tbl.players;
  g->abort_by = -1;
  for (int k = 0; k < g->tbl.ndecls; k++)
    g->any_turn_decl = g->any_turn_decl || g->tbl.decls[k].in_turn;
  g->dealer = cfg->dealer;
  g->round = cfg->round;
  g->indicator = MJ_NO_TILE;
  g->wild_kind = MJ_NO_TILE;
  g->pending = MJ_NO_TILE;
  g->pending_from = -1;
  g->rob_discarder = -1;
  g->flower_rob = -1;
  g->payer = -1;
  g->hook_dealer = -1;
  for (int p = 0; p < 4; p++)
    g->pl[p].void_suit = g->pl[p].kong_from = g->pl[p].decl_pending = -1;
  g->scratch = mj_hand_new();
  g->scratch_score = malloc(sizeof *g->scratch_score);
  g->fault = calloc(1, sizeof *g->fault);
  for (int p = 0; p < 4; p++)
    g->pl[p].hand = mj_hand_new();
  if (g->scratch == NULL || g->scratch_score == NULL || g->fault == NULL ||
      g->pl[0].hand == NULL ||
      g->pl[1].hand == NULL || g->pl[2].hand == NULL || g->pl[3].hand == NULL) {
    mj_game_free(g);
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    return false;
  }
  mj_rng_seed(&g->rng, cfg->seed);
  if (cfg->wall == NULL) {
    mj_wall_shuffle(&g->wall, g->tbl.set, &g->rng);
  } else if (mj_wall_set(&g->wall, cfg->wall, cfg->wall_n, err) != MJ_OK) {
    mj_game_free(g);
    return false;
  }
  if (g->tbl.red_fives > 0 || cfg->wall_red != NULL)
    mj_wall_set_red(&g->wall, g->tbl.red_fives, g->tbl.red_suits,
                    g->cfg.wall_red);
  return true;
}

/* The deal: thirteen tiles each from the head, the dealer first; the
   flowers dealt replaced from the tail, the dealer first. False when the
   wall is too short. */
static bool deal(mj_game *g)
{
  for (int k = 0; k < g->np; k++) {
    int p = seat_after(g, g->dealer, k);
    for (int i = 0; i < g->tbl.hand; i++) {
      mj_tile t = mj_wall_draw(&g->wall);
      if (t == MJ_NO_TILE)
        return false;
      if (mj_tile_is_flower(t)) {
        g->pl[p].flowers[g->pl[p].nflowers++] = t;
        continue;   /* replaced below */
      }
      if (g->wall.last_red)
        mj_hand_add_red(g->pl[p].hand, t);
      else
        mj_hand_add(g->pl[p].hand, t);
      g->pl[p].dealt[t]++;
    }
  }
  for (int k = 0; k < g->np; k++)
    mjg_event(g, MJ_EV_DEAL, seat_after(g, g->dealer, k), MJ_NO_TILE, -1, 0);
  for (int k = 0; k < g->np; k++) {
    int p = seat_after(g, g->dealer, k);
    seat *pl = &g->pl[p];
    for (int f = 0; f < pl->nflowers; f++)
      mjg_event(g, MJ_EV_FLOWER, p, pl->flowers[f], -1, 0);
    int need = g->tbl.hand - mj_hand_ntiles(pl->hand);
    while (need > 0) {
      mj_tile t = mj_wall_draw_tail(&g->wall);
      if (t == MJ_NO_TILE)
        break;
      if (mj_tile_is_flower(t)) {
        pl->flowers[pl->nflowers++] = t;
        mjg_event(g, MJ_EV_FLOWER, p, t, -1, 1);
        continue;
      }
      mj_hand_add(pl->hand, t);
      mjg_event(g, MJ_EV_DRAW, p, t, -1, 1);
      need--;
    }
  }
  return true;
}

/* The wild tiles: fixed by the rules, or after an indicator the dice set
   aside. */
static void choose_wild(mj_game *g)
{
  if (g->tbl.wild_rule == MJ_WILD_FIXED) {
    g->wild = g->tbl.wild_fixed & MJ_SET_ALL;
  } else if (g->tbl.wild_rule == MJ_WILD_INDICATOR) {
    mj_tile ind = mj_wall_set_aside(&g->wall, g->dice, true);
    if (ind != MJ_NO_TILE && ind < MJ_KINDS) {
      g->indicator = ind;
      g->wild_kind = (mj_tile)g->tbl.succ[ind];
      g->wild = MJ_BIT(g->wild_kind);
      if (g->tbl.wild_kinds == 2)    /* the next two kinds */
        g->wild |= MJ_BIT(g->tbl.succ[g->wild_kind]);
      mjg_event(g, MJ_EV_INDICATOR, -1, ind, -1, 0);
    }
  }
  for (int p = 0; p < 4; p++)
    mj_tileview_init(&g->pl[p].v, g->pl[p].hand, g->wild);
}

/* The dora indicators: under the four replacement tiles at the tail, the
   indicator pairs, an indicator above its ura indicator; the first turned
   now. */
static void set_indicators(mj_game *g)
{
  int n = g->tbl.indicators;
  for (int d = 4 + 2 * n; d > 4; d--) {   /* the farthest first: the rest
                                             keep their places */
    mj_tile t = mj_wall_set_aside(&g->wall, d, true);
    if (d % 2 == 0)
      g->ind[(d - 6) / 2] = t;
    else
      g->ura[(d - 5) / 2] = t;
  }
  if (n > 0)
    mjg_turn_indicator(g);
}

/* The declarations the ruleset offers g->decl_seat now (R.can_declare),
   those made aside; none: the next seat, and after the last, play. */
static void offer_declarations(mj_game *g)
{
  while (g->decl_left > 0 && !faulted(g)) {
    int p = g->decl_seat;
    unsigned offer = 0;
    for (int k = 0; k < g->tbl.ndecls; k++) {
      if ((g->decl_done[p] >> k & 1) || g->tbl.decls[k].with_discard ||
          g->tbl.decls[k].in_turn)
        continue;
      int yes = 1;     /* no can_declare: every declaration is offered */
      mj_flow_ev ev = { .hook = MJ_HOOK_CAN_DECLARE, .player = (int8_t)p,
                        .from = -1, .kind = (uint8_t)k, .tile = MJ_NO_TILE };
      g->looking = true;
      mjg_run_hook(g, &ev, &yes);
      g->looking = false;
      if (yes)
        offer |= 1u << k;
    }
    g->decl_offer = offer;
    if (offer != 0)
      return;
    g->decl_seat = seat_after(g, p, 1);
    g->decl_left--;
  }
  g->phase = MJ_PHASE_TURN;   /* the dealer, on his fourteen tiles */
  g->turn = g->dealer;
}

/* Play begins: first the ruleset's declarations, if it has any. */
static void begin_play(mj_game *g)
{
  g->phase = MJ_PHASE_TURN;
  bool at_deal = false;
  for (int k = 0; k < g->tbl.ndecls; k++)
    at_deal = at_deal || (!g->tbl.decls[k].with_discard &&
                          !g->tbl.decls[k].in_turn);
  if (!at_deal)
    return;
  g->phase = MJ_PHASE_DECLARE;
  g->decl_seat = g->dealer;
  g->decl_left = g->np;
  offer_declarations(g);
}

/* A declaration made (R.on_declare does what it does), or a pass: the
   rest offered again, or the next seat. */
static void declare(mj_game *g, const mj_action *a)
{
  int p = a->player;
  if (a->type == MJ_ACT_DECLARE) {
    g->decl_done[p] |= 1u << a->tile;
    mjg_event(g, MJ_EV_DECLARE, p, a->tile, -1, 0);
    mj_flow_ev ev = { .hook = MJ_HOOK_DECLARE, .player = (int8_t)p,
                      .from = -1, .kind = (uint8_t)a->tile,
                      .tile = MJ_NO_TILE };
    mjg_run_hook(g, &ev, NULL);
  } else {
    g->decl_seat = seat_after(g, p, 1);
    g->decl_left--;
  }
  offer_declarations(g);
}

mj_game *mj_game_new(const mj_rules *r, const mj_game_cfg *cfg, mj_error *err)
{
  mj_game *g = calloc(1, sizeof *g);
  if (g == NULL) {
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    return NULL;
  }
  /* a lone hand (no scores carried) starts at the table's start score */
  int scores0[4];
  memcpy(scores0, cfg->scores, sizeof scores0);
  if ((scores0[0] | scores0[1] | scores0[2] | scores0[3]) == 0)
    for (int p = 0; p < mj_rules_ctable(r)->players; p++)
      scores0[p] = mj_rules_ctable(r)->start_score;
  if (mj_ledger_init(&g->led, scores0, err) != MJ_OK) {
    free(g);
    return NULL;
  }
  for (int k = 0; k < MJ_MATCH_STATES; k++)
    if (cfg->match_state[k] < 0 || cfg->match_state[k] > MJ_MATCH_STATE_MAX ||
        (k >= mj_rules_nmatch_states(r) && cfg->match_state[k] != 0)) {
      mj_fail(err, MJ_ERANGE, 0, "match state %d is %d: the ruleset names "
              "%d, each 0..%d", k + 1, cfg->match_state[k],
              mj_rules_nmatch_states(r), MJ_MATCH_STATE_MAX);
      free(g);
      return NULL;
    }
  if (cfg->dealer < 0 || cfg->dealer >= mj_rules_ctable(r)->players ||
      cfg->round < 0 || cfg->round > 3) {
    free(g);
    mj_fail(err, MJ_ERANGE, 0, "the dealer is seat 1..%d and the round "
            "wind 1..4, not %d and %d", mj_rules_ctable(r)->players,
            cfg->dealer + 1, cfg->round + 1);
    return NULL;
  }
  if (cfg->pot < 0 || cfg->pot > MJ_MAX_SCORE || cfg->honba < 0 ||
      cfg->honba > 1000) {
    free(g);
    mj_fail(err, MJ_ERANGE, 0, "the pot is 0..%d points and the honba "
            "0..1000", MJ_MAX_SCORE);
    return NULL;
  }
  g->led.pot = cfg->pot;
  if (cfg->wall != NULL && (cfg->wall_n < 0 || cfg->wall_n > MJ_WALL_MAX)) {
    free(g);
    mj_fail(err, MJ_ERANGE, 0, "a wall has at most %d tiles", MJ_WALL_MAX);
    return NULL;
  }
  if (!game_init(g, r, cfg, err))
    return NULL;
  g->dice = cfg->dice > 0 ? cfg->dice : mj_rng_dice(&g->rng, NULL, NULL);
  if (!deal(g)) {
    mj_game_free(g);
    mj_fail(err, MJ_EINVAL, 0, "the wall is too short to deal");
    return NULL;
  }
  choose_wild(g);
  set_indicators(g);
  mj_flow_ev start = { .hook = MJ_HOOK_START, .player = -1, .from = -1,
                       .tile = MJ_NO_TILE };
  mjg_run_hook(g, &start, NULL);
  /* the dealer's fourteenth tile */
  mjg_next_draw(g, g->dealer);
  if (g->flower_rob >= 0)
    mjg_rob_flower(g);
  /* the decisions before play: the tiles passed, the missing suits, the
     ruleset's declarations */
  if (g->phase == MJ_PHASE_TURN && g->tbl.swap > 0)
    g->phase = MJ_PHASE_SWAP;
  else if (g->phase == MJ_PHASE_TURN && g->tbl.void_suit)
    g->phase = MJ_PHASE_QUE;
  else if (g->phase == MJ_PHASE_TURN)
    begin_play(g);
  return g;
}

void mj_game_free(mj_game *g)
{
  if (g == NULL)
    return;
  mj_rules_game_copy(g->r, g, NULL);
  for (int p = 0; p < 4; p++)
    mj_hand_free(g->pl[p].hand);
  for (int k = 0; k < MJ_MAX_WINS; k++) {
    mj_hand_free(g->win_hands[k]);
    free(g->results[k]);
  }
  mj_hand_free(g->scratch);
  free(g->scratch_score);
  free(g->fault);
  free(g->ev);
  free(g->act);
  mj_ledger_free(&g->led);
  free(g);
}

mj_game *mj_game_clone(const mj_game *g)
{
  mj_game *c = malloc(sizeof *c);
  if (c == NULL)
    return NULL;
  *c = *g;
  if (g->cfg.wall != NULL)
    c->cfg.wall = c->given_wall;
  if (g->cfg.wall_red != NULL)
    c->cfg.wall_red = c->given_red;
  bool ok = true;
  if (!mj_ledger_copy(&c->led, &g->led))
    ok = false;
  c->scratch = mj_hand_new();
  c->scratch_score = malloc(sizeof *c->scratch_score);
  c->fault = malloc(sizeof *c->fault);
  if (c->scratch == NULL || c->scratch_score == NULL || c->fault == NULL)
    ok = false;
  else
    *c->fault = *g->fault;
  for (int p = 0; p < 4; p++) {
    c->pl[p].hand = mj_hand_new();
    if (c->pl[p].hand != NULL)
      mj_hand_copy(c->pl[p].hand, g->pl[p].hand);
    else
      ok = false;
  }
  for (int k = 0; k < MJ_MAX_WINS; k++) {
    c->win_hands[k] = NULL;
    c->results[k] = NULL;
    if (g->win_hands[k] && (c->win_hands[k] = mj_hand_new()) != NULL)
      mj_hand_copy(c->win_hands[k], g->win_hands[k]);
    if (g->results[k] && (c->results[k] = malloc(sizeof(mj_score))) != NULL)
      *c->results[k] = *g->results[k];
  }
  c->ev = malloc(sizeof *c->ev * (size_t)(g->evcap ? g->evcap : 1));
  c->act = malloc(sizeof *c->act * (size_t)(g->actcap ? g->actcap : 1));
  if (c->ev == NULL || c->act == NULL)
    ok = false;
  else {
    if (g->nev > 0)
      memcpy(c->ev, g->ev, sizeof *c->ev * (size_t)g->nev);
    if (g->nact > 0)   /* none yet: g->act may be NULL */
      memcpy(c->act, g->act, sizeof *c->act * (size_t)g->nact);
  }
  if (!ok) {
    mj_game_free(c);
    return NULL;
  }
  mj_rules_game_copy(c->r, g, c);
  return c;
}

/* }==================================================================== */

/* {====================================================================
** Acting
** ===================================================================== */

static void open_claims(mj_game *g, int from, mj_tile t);

/* The declaration made with the discard up stands, the discard not won
   on: the ruleset's hook does what it does (riichi's stick). */
static void declaration_stands(mj_game *g)
{
  for (int p = 0; p < 4; p++) {
    int k = g->pl[p].decl_pending;
    if (k < 0)
      continue;
    g->pl[p].decl_pending = -1;
    mj_flow_ev ev = { .hook = MJ_HOOK_DECLARE, .player = (int8_t)p,
                      .from = -1, .kind = (uint8_t)k, .tile = MJ_NO_TILE };
    mjg_run_hook(g, &ev, NULL);
  }
}

/* The in-turn declarations R.can_declare offers p after his draw. */
void mjg_turn_offers(mj_game *g, int p)
{
  g->pl[p].turn_offer = 0;
  for (int k = 0; k < g->tbl.ndecls && k < 8 && !faulted(g); k++) {
    const mj_decl_def *d = &g->tbl.decls[k];
    bool aside = d->aside != MJ_NO_TILE;
    /* a tile set aside: one held, a tile left to replace it, and of a
       fixed hand (riichi) the one just drawn */
    if (aside && (mj_hand_counts(g->pl[p].hand)[d->aside] == 0 ||
                  live_left(g) == 0 ||
                  (g->pl[p].fixed && g->last_draw != d->aside)))
      continue;
    if (!d->in_turn || (!aside && (g->decl_done[p] >> k & 1)) ||
        (d->first && (g->any_claim || g->pl[p].ndiscarded > 0)))
      continue;
    int yes = 1;
    mj_flow_ev ev = { .hook = MJ_HOOK_CAN_DECLARE, .player = (int8_t)p,
                      .from = -1, .kind = (uint8_t)k, .tile = MJ_NO_TILE };
    g->looking = true;
    mjg_run_hook(g, &ev, &yes);
    g->looking = false;
    if (yes)
      g->pl[p].turn_offer |= (uint8_t)(1u << k);
  }
}

/* The hand called off (g:abort): a drawn hand, the ruleset's end. */
void mjg_end_aborted(mj_game *g)
{
  g->abort_req = false;
  g->drawn = g->nwin == 0;
  mjg_event(g, MJ_EV_ABORT, g->abort_by, (mj_tile)g->abort_reason, -1, 0);
  mjg_end_hand(g);
}

/* p makes the in-turn declaration k (九種九牌): its hook at once, which
   may call the hand off; else p's turn goes on. */
static void turn_declaration(mj_game *g, int p, int k)
{
  g->decl_done[p] |= 1u << k;
  g->pl[p].turn_offer &= (uint8_t)~(1u << k);
  mjg_event(g, MJ_EV_DECLARE, p, (mj_tile)k, -1, 0);
  mj_flow_ev ev = { .hook = MJ_HOOK_DECLARE, .player = (int8_t)p,
                    .from = -1, .kind = (uint8_t)k, .tile = MJ_NO_TILE };
  mjg_run_hook(g, &ev, NULL);
  if (g->abort_req && !faulted(g))
    mjg_end_aborted(g);
}

static void discard(mj_game *g, int p, mj_tile t, bool red);

/* p declares with a discard (riichi 5p; x: MJ_DECL_WITH): its hook runs
   once the discard is not won on. */
static void declare_with_discard(mj_game *g, int p, mj_tile x, bool red)
{
  int k = MJ_DECL_OF(x);
  g->decl_done[p] |= 1u << k;
  mjg_event(g, MJ_EV_DECLARE, p, (mj_tile)k, -1, 0);
  g->pl[p].decl_pending = (int8_t)k;
  g->win_only = false;
  discard(g, p, MJ_DECL_TILE(x), red);
  if (g->tbl.decls[k].fix)
    g->pl[p].fixed = true;
}

/* A meld claimed or a kong declared: the states that end with any call
   (一発) end. */
static void call_made(mj_game *g)
{
  for (int p = 0; p < 4; p++)
    for (int i = 0; i < g->tbl.nstates; i++)
      if (g->tbl.states[i].call)
        g->pl[p].state[i] = 0;
}

/* Nobody claimed from's tile: the next open kong tile offered as a
   discard (open_claim_melds), or the next player draws. */
static void after_unclaimed(mj_game *g, int from)
{
  declaration_stands(g);
  if (faulted(g))
    return;
  if (g->abort_req) {         /* called off, the discard not won on */
    mjg_end_aborted(g);
    return;
  }
  g->pending = MJ_NO_TILE;
  if (g->open_queued > 0) {
    mj_tile t = g->open_queue[0];
    g->open_queued--;
    memmove(g->open_queue, g->open_queue + 1, (size_t)g->open_queued);
    open_claims(g, from, t);
    return;
  }
  mjg_next_draw(g, mjg_next_active(g, from));
}

static void open_claims(mj_game *g, int from, mj_tile t)
{
  g->pending = t;
  g->pending_from = from;
  g->pending_wall_last = live_left(g) == 0;
  g->decided = 0;
  g->phase = MJ_PHASE_CLAIM;
  bool any = false;
  for (int q = 0; q < g->np; q++) {
    g->options[q] = q == from ? 0 : mjg_claim_options(g, q, t);
    any = any || g->options[q];
  }
  if (any)
    return;
  after_unclaimed(g, from);
}

/* p discards t; the others may claim it (g->win_only: only a win). */
static void discard(mj_game *g, int p, mj_tile t, bool red)
{
  seat *pl = &g->pl[p];
  bool was_red = mjg_hand_take(g, p, t, red);
  if (pl->ndisc < MAX_DISC) {
    pl->disc[pl->ndisc] = t;
    pl->taken[pl->ndisc] = 0;
    pl->disc_red[pl->ndisc] = was_red;
    pl->ndisc++;
  }
  g->pending_red = was_red;
  pl->ndiscarded++;
  pl->turn_offer = 0;
  g->ndiscards++;
  mjg_end_turn_states(g, p);
  g->pending_kong = pl->kong_draw;
  pl->kong_draw = false;
  mjg_event(g, MJ_EV_DISCARD, p, t, -1, 0);
  g->ev[g->nev - 1].red = was_red;
  if (g->ind_due) {
    g->ind_due = false;
    mjg_turn_indicator(g);
  }
  mjg_seat_hook(g, MJ_HOOK_DISCARD, p, t);
  if (faulted(g))
    return;
  open_claims(g, p, t);
}

/* The wall's last tile offered (last_offer): taken, it is drawn and won
   on at once when it can be, else shown as the taker's discard that only
   a win may claim; let go, the next is offered, and after the last of
   them the hand is drawn. */
static void offer_decision(mj_game *g, const mj_action *a)
{
  int p = a->player;
  if (a->type == MJ_ACT_TAKE) {
    if (!mjg_draw(g, p, false, false))
      return;
    mjg_enter_turn(g, p, false);
    if (faulted(g))
      return;
    if (mjg_can_win_self(g, p)) {
      g->must_win = true;
      return;
    }
    g->win_only = true;
    discard(g, p, g->last_draw, g->last_draw_red);
    return;
  }
  mjg_event(g, MJ_EV_REFUSE, p, MJ_NO_TILE, -1, 0);
  if (--g->offer_left <= 0)
    mjg_end_drawn(g);
  else
    g->turn = mjg_next_active(g, p);
}

/* 过手胡: who could win and did not is locked until his next draw. */
static void lock_passed_wins(mj_game *g)
{
  if (!g->tbl.pass_lock)
    return;
  for (int q = 0; q < 4; q++)
    if ((g->options[q] & (1u << MJ_ACT_WIN)) && (g->decided >> q & 1) &&
        g->decision[q].type != MJ_ACT_WIN) {
      g->pl[q].locked = true;     /* with a fixed hand, for good (振聴) */
      g->pl[q].lock_forever = g->pl[q].fixed && g->tbl.furiten;
    }
}

/* {====================================================================
** Open kongs (开杠, open_kong)
** ===================================================================== */

/* Nobody won on the open kong's tiles: with open_claim_melds each is then
   offered as a discard in turn, else the next player draws. */
static void open_tiles_unwon(mj_game *g, int from)
{
  if (g->tbl.open_claim_melds) {
    g->win_only = false;
    memcpy(g->open_queue, g->open_tiles, (size_t)g->nopen);
    g->open_queued = g->nopen;
  }
  g->nopen = 0;
  after_unclaimed(g, from);
}

/* The open kong's tiles go to p's discards; the others may win on any of
   them (kaigang), on nothing else; none may: the next player draws. */
static void open_claims_all(mj_game *g, int p)
{
  seat *pl = &g->pl[p];
  for (int i = 0; i < g->nopen; i++)
    if (pl->ndisc < MAX_DISC) {
      pl->disc[pl->ndisc] = g->open_tiles[i];
      pl->taken[pl->ndisc++] = 0;
    }
  g->pending = g->open_tiles[0];
  g->pending_from = p;
  g->pending_wall_last = false;
  g->decided = 0;
  g->phase = MJ_PHASE_CLAIM;
  g->win_only = true;
  bool any = false;
  for (int q = 0; q < g->np; q++) {
    g->open_claim[q] = 0;
    g->options[q] = 0;
    if (q == p || !active(g, q) || mjg_barred(g, q))
      continue;
    for (int i = 0; i < g->nopen; i++)
      if (mjg_can_win_on(g, q, g->open_tiles[i], MJ_CTX_KAIGANG))
        g->open_claim[q] |= (uint8_t)(1u << i);
    if (g->open_claim[q])
      g->options[q] = 1u << MJ_ACT_WIN;
    any = any || g->options[q];
  }
  if (!any)
    open_tiles_unwon(g, p);
}

/* p's open kong is made: its tiles are turned from the tail, face up; he
   may win on one (the open phase), else the others may. */
static void open_turn(mj_game *g, int p)
{
  g->opening = false;
  g->pl[p].opened = true;
  g->open_player = p;
  g->nopen = 0;
  while (g->nopen < g->tbl.open_kong && live_left(g) > 0) {
    mj_tile t = g->tbl.replace_tail ? mj_wall_draw_tail(&g->wall)
                                    : mj_wall_draw(&g->wall);
    if (t == MJ_NO_TILE)
      break;
    g->open_tiles[g->nopen++] = t;
    mjg_event(g, MJ_EV_OPEN, p, t, -1, 1);
  }
  if (g->nopen == 0) {
    mjg_end_drawn(g);
    return;
  }
  g->open_wins = 0;
  for (int i = 0; i < g->nopen; i++) {
    mjg_hand_add(g, p, g->open_tiles[i]);
    if (mjg_check_win(g, p, g->open_tiles[i], MJ_CTX_SELF | MJ_CTX_KAIGANG,
                      g->scratch, g->scratch_score, NULL))
      g->open_wins |= 1u << i;
    mjg_hand_remove(g, p, g->open_tiles[i]);
  }
  if (faulted(g))
    return;
  if (g->open_wins) {
    g->phase = MJ_PHASE_OPEN;
    g->turn = p;
    return;
  }
  open_claims_all(g, p);
}

/* The open kong's player wins on one of its tiles (杠上开花), or not. */
static void open_decision(mj_game *g, const mj_action *a)
{
  int p = a->player;
  if (a->type != MJ_ACT_WIN) {
    open_claims_all(g, p);
    return;
  }
  mjg_hand_add(g, p, a->tile);
  g->last_draw = a->tile;
  g->nopen = 0;
  mjg_finish(g, &p, 1, -1, a->tile, MJ_CTX_SELF | MJ_CTX_KAIGANG);
}

/* The wins on the open kong's tiles, each winner on the tile he chose
   (in turn from its player; the first alone without multi_win). */
static void resolve_open_claims(mj_game *g)
{
  int from = g->pending_from, w[4], nw = 0;
  mj_tile tiles[4];
  lock_passed_wins(g);
  for (int k = 1; k < g->np && (nw == 0 || g->tbl.multi_win); k++) {
    int q = seat_after(g, from, k);
    if ((g->decided >> q & 1) && g->decision[q].type == MJ_ACT_WIN) {
      tiles[nw] = g->decision[q].tile;
      w[nw++] = q;
    }
  }
  if (nw > 0) {
    g->nopen = 0;
    mjg_finish_tiles(g, w, tiles, nw, from, MJ_CTX_KAIGANG);
    return;
  }
  open_tiles_unwon(g, from);
}

/* }==================================================================== */


/* The kong of p is made: its replacement from the wall, or, an open kong,
   its tiles turned up (open_turn). */
static void open_turn(mj_game *g, int p);
static void kong_replacement(mj_game *g, int p)
{
  if (faulted(g))
    return;
  if (g->opening) {
    open_turn(g, p);
    return;
  }
  if (mjg_draw(g, p, g->tbl.replace_tail, true))
    mjg_enter_turn(g, p, false);
}

/* A kong was declared: the ruleset's kong hook (its money...). */
static void kong_hook(mj_game *g, int p, mj_tile t, int kind, int from)
{
  call_made(g);
  if (g->tbl.indicators > 0) {
    if (kind != MJ_KONG_CONCEALED && g->tbl.indicator_after_discard)
      g->ind_due = true;
    else
      mjg_turn_indicator(g);
  }
  mj_flow_ev ev = { .hook = MJ_HOOK_KONG, .player = (int8_t)p,
                    .from = (int8_t)from, .kind = (uint8_t)kind, .tile = t };
  mjg_run_hook(g, &ev, NULL);
}

/* The pending discard is taken: by a meld (a claim, which ends the
   first-turn chances) or by a win. */
static void take_discard(mj_game *g, bool meld)
{
  seat *d = &g->pl[g->pending_from];
  int i = d->ndisc - 1;        /* the last of it not taken (an open kong's
                                  tiles are discards side by side) */
  while (i > 0 && (d->disc[i] != g->pending || d->taken[i]))
    i--;
  if (i >= 0)
    d->taken[i] = 1;
  if (meld) {
    g->any_claim = true;
    declaration_stands(g);
    call_made(g);
  }
}

/* The red fives p holds concealed. */
static int reds_held(const mj_game *g, int p)
{
  const mj_hand *h = g->pl[p].hand;
  return mj_hand_red(h, 0) + mj_hand_red(h, 1) + mj_hand_red(h, 2);
}

/* p's newest meld holds the red fives taken from his hand (he had r0
   before) and the claimed tile's, if red; the event just made says how
   many came from the hand. */
static void meld_reds(mj_game *g, int p, int r0, bool claimed)
{
  mj_hand *h = g->pl[p].hand;
  int own = r0 - reds_held(g, p), i = mj_hand_nmelds(h) - 1;
  g->meld_own_red = (uint8_t)own;
  if (i >= 0 && i < MJ_MAX_MELDS)
    mj_hand_set_meld_red(h, i, own + (claimed && g->pending_red));
}

/* The event just made, of a meld: the red fives its hand gave. */
static void event_reds(mj_game *g)
{
  g->ev[g->nev - 1].red = g->meld_own_red;
}

/* The exposed kong of p on from's discard t, made: the replacement. */
static void make_exposed_kong(mj_game *g, int p, int from, mj_tile t)
{
  int r0 = reds_held(g, p);
  for (int i = 0; i < 3; i++)
    mjg_hand_remove(g, p, t);
  mj_meld m = { MJ_KONG, t, (uint8_t)seat_after(g, p, -from), 0 };
  mjg_hand_meld(g, p, m, -1);
  meld_reds(g, p, r0, true);
  seat *d = &g->pl[from];
  if (d->ndisc > 0)
    d->taken[d->ndisc - 1] = 1;
  g->any_claim = true;
  mjg_event(g, MJ_EV_KONG, p, t, from, 0);
  event_reds(g);
  g->pending = MJ_NO_TILE;
  g->rob_discarder = -1;
  g->pl[p].kong_from = (int8_t)from;
  kong_hook(g, p, t, MJ_KONG_EXPOSED, from);
  kong_replacement(g, p);
}

/* a, a pung or a kong of the discard, made (with the hand's red five
   first when a asks for it). */
static void claim_pung(mj_game *g, const mj_action *a, bool kong)
{
  int q = a->player, from = g->pending_from;
  mj_tile t = g->pending;
  int need = kong ? 3 : 2, r0 = reds_held(g, q), i = 0;
  if (a->red && !kong)
    mjg_hand_take(g, q, t, true), i++;
  for (; i < need; i++)
    mjg_hand_remove(g, q, t);
  mj_meld m = { (uint8_t)(kong ? MJ_KONG : MJ_PUNG), t,
                (uint8_t)seat_after(g, q, -from), 0 };
  mjg_hand_meld(g, q, m, -1);
  meld_reds(g, q, r0, true);
  take_discard(g, true);
  mjg_event(g, kong ? MJ_EV_KONG : MJ_EV_PON, q, t, from, 0);
  event_reds(g);
  g->pending = MJ_NO_TILE;
  g->pl[q].swap_bar = mjg_swap_bar(g, a->type, t, t);
  if (kong) {
    g->pl[q].kong_from = (int8_t)from;
    kong_hook(g, q, t, MJ_KONG_EXPOSED, from);
    kong_replacement(g, q);
  } else {
    mjg_enter_turn(g, q, true);
  }
}

/* a, a chow of the discard, made (its five the hand's red one when a
   asks for it). */
static void claim_chow(mj_game *g, const mj_action *a)
{
  int q = a->player, from = g->pending_from, r0 = reds_held(g, q);
  mj_tile t = g->pending;
  for (int k = a->tile; k <= a->tile + 2; k++)
    if (k != t && a->red && k % 9 == 4)
      mjg_hand_take(g, q, (mj_tile)k, true);
    else if (k != t)
      mjg_hand_remove(g, q, (mj_tile)k);
  mj_meld m = { MJ_CHOW, a->tile, 1, 0 };
  mjg_hand_meld(g, q, m, -1);
  meld_reds(g, q, r0, true);
  take_discard(g, true);
  mjg_event(g, MJ_EV_CHI, q, a->tile, from, 0);
  event_reds(g);
  g->ev[g->nev - 1].claimed = t;
  g->pending = MJ_NO_TILE;
  g->pl[q].swap_bar = mjg_swap_bar(g, MJ_ACT_CHI, a->tile, t);
  mjg_enter_turn(g, q, true);
}

static void resolve_claims(mj_game *g)
{
  int from = g->pending_from;
  mj_tile t = g->pending;
  lock_passed_wins(g);
  /* wins first, the first in turn after the discarder (all of them with
     multi_win) */
  int w[4], nw = 0;
  unsigned f = mjg_claim_flags(g);
  for (int k = 1; k < g->np; k++) {
    int q = seat_after(g, from, k);
    if ((g->decided >> q & 1) && g->decision[q].type == MJ_ACT_WIN) {
      w[nw++] = q;
      if (!g->tbl.multi_win)
        break;
    }
  }
  if (nw > 0) {
    g->abort_req = false;      /* a win over a call to call the hand off */
    take_discard(g, false);
    mjg_finish(g, w, nw, from, t, f);
    return;
  }
  declaration_stands(g);       /* four riichi may call the hand off */
  if (g->abort_req && !faulted(g)) {  /* ... which comes before any meld */
    mjg_end_aborted(g);
    return;
  }
  /* then a kong or a pung (one player at most can), then a chow */
  for (int pass = 0; pass < 2; pass++)
    for (int k = 1; k < g->np; k++) {
      int q = seat_after(g, from, k);
      if (!(g->decided >> q & 1))
        continue;
      const mj_action *a = &g->decision[q];
      bool kong = a->type == MJ_ACT_KONG || a->type == MJ_ACT_OPEN;
      g->opening = a->type == MJ_ACT_OPEN;
      if (pass == 0 && kong && g->tbl.rob_exposed && mjg_offer_rob(g, q, t, from))
        return;            /* 明杠可抢: the others may rob it first */
      if (pass == 0 && (kong || a->type == MJ_ACT_PON)) {
        claim_pung(g, a, kong);
        return;
      }
      if (pass == 1 && a->type == MJ_ACT_CHI) {
        claim_chow(g, a);
        return;
      }
    }
  after_unclaimed(g, from);
}

/* p's concealed kong of t, made: the replacement. */
static void concealed_kong(mj_game *g, int p, mj_tile t)
{
  int r0 = reds_held(g, p);
  for (int i = 0; i < 4; i++)
    mjg_hand_remove(g, p, t);
  mjg_hand_meld(g, p, (mj_meld){ MJ_CKONG, t, 0, 0 }, -1);
  meld_reds(g, p, r0, false);
  mjg_event(g, MJ_EV_CKONG, p, t, -1, 0);
  event_reds(g);
  mjg_end_turn_states(g, p);
  g->pl[p].kong_from = -1;
  kong_hook(g, p, t, MJ_KONG_CONCEALED, -1);
  kong_replacement(g, p);
}

/* Nobody robbed the concealed kong offered: its tile back, the kong made. */
static void complete_concealed_kong(mj_game *g)
{
  int p = g->pending_from;
  mj_tile t = g->pending;
  g->rob_concealed = false;
  g->pending = MJ_NO_TILE;
  mjg_hand_add(g, p, t);
  g->phase = MJ_PHASE_TURN;
  concealed_kong(g, p, t);
}

static void complete_added_kong(mj_game *g)
{
  int p = g->pending_from;
  mj_tile t = g->pending;
  seat *pl = &g->pl[p];
  const mj_meld *m = mj_hand_melds(pl->hand);
  for (int i = 0; i < mj_hand_nmelds(pl->hand); i++)
    if (m[i].type == MJ_PUNG && m[i].tile == t) {
      mj_meld k = m[i];
      k.type = MJ_KONG;
      k.added = 1;
      mjg_hand_meld(g, p, k, i);
      break;
    }
  mjg_event(g, MJ_EV_AKONG, p, t, -1, 0);
  g->ev[g->nev - 1].red = g->pending_red;
  g->pending = MJ_NO_TILE;
  pl->kong_from = -1;
  kong_hook(g, p, t, MJ_KONG_ADDED, -1);
  kong_replacement(g, p);
}

/* p adds t to his pung: the others may rob it first. */
static void added_kong(mj_game *g, int p, mj_tile t)
{
  int r0 = reds_held(g, p);
  mjg_hand_remove(g, p, t);
  mj_hand *h = g->pl[p].hand;
  for (int i = 0; i < mj_hand_nmelds(h) && i < MJ_MAX_MELDS; i++)
    if (mj_hand_melds(h)[i].type == MJ_PUNG && mj_hand_melds(h)[i].tile == t)
      mj_hand_set_meld_red(h, i, mj_hand_meld_red(h, i) + r0 -
                                 reds_held(g, p));
  g->pending_red = r0 > reds_held(g, p);   /* a robber wins on it as it is */
  mjg_end_turn_states(g, p);
  if (!mjg_offer_rob(g, p, t, -1))
    complete_added_kong(g);
}

static void resolve_rob(mj_game *g)
{
  int from = g->pending_from;
  int w[4], n = 0;
  lock_passed_wins(g);
  for (int k = 1; k < g->np; k++) {
    int q = seat_after(g, from, k);
    if ((g->decided >> q & 1) && g->decision[q].type == MJ_ACT_WIN)
      w[n++] = q;
  }
  if (n == 0) {
    if (g->rob_aside)
      mjg_aside_replace(g);
    else if (g->rob_discarder >= 0)
      make_exposed_kong(g, from, g->rob_discarder, g->pending);
    else if (g->rob_concealed)
      complete_concealed_kong(g);
    else
      complete_added_kong(g);
    return;
  }
  g->rob_concealed = false;
  if (!(g->rob_aside ? g->tbl.multi_win : g->tbl.rob_all))
    n = 1;
  if (g->rob_aside) {   /* the tile won on leaves what its player set aside */
    g->rob_aside = false;
    if (g->pl[from].naside > 0)
      g->pl[from].naside--;
    mjg_finish(g, w, n, from, g->pending, 0);
    return;
  }
  if (g->rob_discarder >= 0) {   /* the tile leaves the discarder's river */
    seat *d = &g->pl[g->rob_discarder];
    if (d->ndisc > 0)
      d->taken[d->ndisc - 1] = 1;
    g->rob_discarder = -1;
  }
  /* the robbed tile leaves the kong's owner */
  mjg_finish(g, w, n, from, g->pending, MJ_CTX_ROB);
}

static bool in_list(const mj_action *a, const mj_action *list, int n)
{
  for (int i = 0; i < n; i++)
    if (list[i].type == a->type && list[i].tile == a->tile &&
        list[i].red == a->red)
      return true;
  return false;
}

static mj_status apply_action(mj_game *g, const mj_action *act, mj_error *err);

/* The decisions before play: a tile to pass (passed when all have chosen,
   by the dice), a missing suit (revealed when all have declared). */
static void before_play(mj_game *g, const mj_action *a)
{
  int p = a->player;
  seat *pl = &g->pl[p];
  if (g->phase == MJ_PHASE_DECLARE) {
    declare(g, a);
    return;
  }
  if (a->type == MJ_ACT_SWAP) {
    mjg_hand_remove(g, p, a->tile);
    pl->swap[pl->nswap++] = a->tile;
    if (mj_game_waiting(g) != 0)
      return;
    int n = g->tbl.nswap_to > 0 ? g->tbl.nswap_to : 1;
    g->swap_off = g->tbl.nswap_to > 0 ? g->tbl.swap_to[g->dice % n] : 2;
    for (int k = 0; k < g->np; k++) {
      int q = seat_after(g, g->dealer, k), to = seat_after(g, q, g->swap_off);
      for (int i = 0; i < g->pl[q].nswap; i++)
        mjg_hand_add(g, to, g->pl[q].swap[i]);
      mjg_event(g, MJ_EV_SWAP, q, g->pl[q].swap[0], to, 0);
    }
    /* the dealer's "drawn" tile: one he still holds */
    const uint8_t *c = mj_hand_counts(g->pl[g->dealer].hand);
    if (g->last_draw >= MJ_KINDS || c[g->last_draw] == 0) {
      int d = seat_after(g, g->dealer, -g->swap_off);
      g->last_draw = g->pl[d].swap[g->pl[d].nswap - 1];
    }
    if (g->tbl.void_suit)
      g->phase = MJ_PHASE_QUE;
    else
      begin_play(g);
    return;
  }
  pl->void_suit = (int8_t)(a->tile / 9);
  if (mj_game_waiting(g) != 0)
    return;
  for (int k = 0; k < g->np; k++) {
    int q = seat_after(g, g->dealer, k);
    mjg_event(g, MJ_EV_QUE, q, (mj_tile)(g->pl[q].void_suit * 9), -1, 0);
  }
  begin_play(g);
}

mj_status mj_game_act(mj_game *g, const mj_action *a, mj_error *err)
{
  mj_status st = apply_action(g, a, err);
  if (st == MJ_OK && g->flower_rob >= 0 && !faulted(g))
    mjg_rob_flower(g);
  if (st == MJ_OK && faulted(g))
    return mj_fail(err, MJ_EINVAL, 0,
                   "the hand stopped on an error of the ruleset: %s",
                   g->fault->msg);
  return st;
}

/* The decision of the player in his turn: a win, a discard, a
   declaration, a kong. */
static mj_status turn_decision(mj_game *g, const mj_action *a, mj_error *err)
{
  int p = a->player;
  seat *pl = &g->pl[p];
  /* a discard instead of a win on one's draw (偷机 in 宝), when the
     ruleset asks */
  if ((mj_rules_hooks(g->r) >> MJ_HOOK_DECLINE & 1) &&
      a->type == MJ_ACT_DISCARD && !pl->claimed && g->last_draw < MJ_KINDS &&
      mjg_can_win_self(g, p)) {
    mjg_event(g, MJ_EV_DECLINE, p, g->last_draw, -1, 0);
    mjg_seat_hook(g, MJ_HOOK_DECLINE, p, g->last_draw);
    if (faulted(g))
      return MJ_OK;
  }
  switch (a->type) {
  case MJ_ACT_WIN:
    mjg_finish(g, &p, 1, -1, g->last_draw, mjg_self_flags(g, p));
    return MJ_OK;
  case MJ_ACT_DISCARD:
    g->win_only = false;
    discard(g, p, a->tile, a->red);
    return MJ_OK;
  case MJ_ACT_DECLARE:
    if (MJ_DECL_IS_WITH(a->tile))
      declare_with_discard(g, p, a->tile, a->red);
    else if (g->tbl.decls[a->tile & 7].aside != MJ_NO_TILE) {
      mjg_set_aside(g, p, a->tile);       /* a tile set aside (北抜き) */
      if (g->abort_req && !faulted(g))
        mjg_end_aborted(g);
    }
    else
      turn_declaration(g, p, a->tile);    /* in the turn (九種九牌) */
    return MJ_OK;
  case MJ_ACT_OPEN:            /* a kong whose tiles are turned up */
    g->opening = true;
    if (mj_hand_counts(pl->hand)[a->tile] != 4) {
      added_kong(g, p, a->tile);
      return MJ_OK;
    }
    /* a concealed one */
    __attribute__((fallthrough));
  case MJ_ACT_CKONG:
    if (g->tbl.rob_concealed_orphans) {   /* 国士無双 may rob it first */
      mjg_hand_remove(g, p, a->tile);
      g->rob_concealed = true;
      if (mjg_offer_rob(g, p, a->tile, -1))
        return MJ_OK;
      g->rob_concealed = false;
      g->pending = MJ_NO_TILE;
      mjg_hand_add(g, p, a->tile);
    }
    concealed_kong(g, p, a->tile);
    return MJ_OK;
  case MJ_ACT_AKONG:
    added_kong(g, p, a->tile);
    return MJ_OK;
  default:
    return mj_fail(err, MJ_ESTATE, 0, "not a move for one's turn");
  }
}

static mj_status apply_action(mj_game *g, const mj_action *act, mj_error *err)
{
  mj_action legal[MJ_MAX_LEGAL];
  mj_action norm = *act;
  const mj_action *a = &norm;
  int p = a->player;
  /* the tile of a win, a pung or a kong claim is the one on offer */
  if (g->phase == MJ_PHASE_TURN && norm.type == MJ_ACT_WIN)
    norm.tile = g->last_draw;
  else if ((g->phase == MJ_PHASE_CLAIM || g->phase == MJ_PHASE_ROB) &&
           (g->nopen == 0 || norm.type == MJ_ACT_PASS) &&
           (norm.type == MJ_ACT_WIN || norm.type == MJ_ACT_PON ||
            norm.type == MJ_ACT_KONG || norm.type == MJ_ACT_PASS))
    norm.tile = g->pending;
  else if ((g->phase == MJ_PHASE_DECLARE || g->phase == MJ_PHASE_OFFER ||
            g->phase == MJ_PHASE_OPEN) &&
           (norm.type == MJ_ACT_PASS || norm.type == MJ_ACT_TAKE))
    norm.tile = MJ_NO_TILE;
  if (faulted(g))
    return mj_fail(err, MJ_EINVAL, 0,
                   "the hand stopped on an error of the ruleset: %s",
                   g->fault->msg);
  if (g->phase == MJ_PHASE_OVER)
    return mj_fail(err, MJ_ESTATE, 0, "the hand is over");
  if (p > 3)
    return mj_fail(err, MJ_EINVAL, 0, "no player %d", p);
  if (!(mj_game_waiting(g) >> p & 1))
    return mj_fail(err, MJ_ESTATE, 0, "it is not player %d's move", p);
  int n = mjg_legal_one(g, a) ? 1 : 0;
  if (n) {
    legal[0] = *a;
  } else {
    n = mj_game_legal(g, p, legal, MJ_MAX_LEGAL);
  }
  if (!in_list(a, legal, n)) {
    if (a->type == MJ_ACT_WIN)
      return mj_game_why_no_win(g, p, err);
    return mj_fail(err, MJ_ESTATE, 0, "the action is not legal now");
  }
  mjg_record(g, a);
  if (g->phase == MJ_PHASE_SWAP || g->phase == MJ_PHASE_QUE ||
      g->phase == MJ_PHASE_DECLARE) {
    before_play(g, a);
    return MJ_OK;
  }
  if (g->phase == MJ_PHASE_OFFER || g->phase == MJ_PHASE_OPEN) {
    (g->phase == MJ_PHASE_OFFER ? offer_decision : open_decision)(g, a);
    return MJ_OK;
  }
  if (g->phase == MJ_PHASE_TURN)
    return turn_decision(g, a, err);
  /* a claim phase: note the decision, resolve when everyone decided */
  g->decision[p] = *a;
  g->decided |= 1u << p;
  if (a->type == MJ_ACT_PASS)
    mjg_event(g, MJ_EV_PASS, p, g->pending, g->pending_from, 0);
  if (mj_game_waiting(g) == 0) {
    if (g->phase == MJ_PHASE_ROB)
      resolve_rob(g);
    else if (g->nopen > 0)
      resolve_open_claims(g);
    else
      resolve_claims(g);
  }
  return MJ_OK;
}

mj_status mj_game_why_no_win(const mj_game *g, int p, mj_error *err)
{
  mj_hand *h = mj_hand_new();
  mj_score *s = malloc(sizeof *s);
  mj_error e;
  mj_error_clear(&e);
  if (h != NULL && s != NULL)
    mj_game_try_win(g, p, h, s, &e);
  mj_hand_free(h);
  free(s);
  return mj_fail(err, MJ_ESTATE, 0, "no win: %s",
                 e.msg[0] ? e.msg : "not legal now");
}

mj_status mj_game_try_win(const mj_game *g, int p, mj_hand *hand, mj_score *s,
                          mj_error *err)
{
  if (g->phase == MJ_PHASE_TURN && p == g->turn) {
    if (g->pl[p].claimed)
      return mj_fail(err, MJ_ESTATE, 0, "after a chow or pung, discard first");
    return mjg_check_win(g, p, g->last_draw, mjg_self_flags(g, p), hand, s, err)
               ? MJ_OK
               : MJ_ENOTWIN;
  }
  if ((g->phase == MJ_PHASE_CLAIM || g->phase == MJ_PHASE_ROB) &&
      p != g->pending_from) {
    bool opens = g->phase == MJ_PHASE_CLAIM && mjg_state_opens(g, p, g->pending);
    if (g->phase == MJ_PHASE_CLAIM && g->tbl.self_draw_only && !opens)
      return mj_fail(err, MJ_ENOTWIN, 0,
                     "only self-drawn wins count (self_draw_only)");
    if (g->pl[p].out)
      return mj_fail(err, MJ_ESTATE, 0, "you have won and left play");
    if (g->pl[p].locked && !opens)
      return mj_fail(err, MJ_ENOTWIN, 0, g->pl[p].lock_forever
                     ? "furiten: you passed a win with your hand fixed; no "
                       "win on a discard for the rest of the hand"
                     : "过手胡 (furiten): you passed a win; no win on a "
                       "discard until your next draw");
    if (mjg_furiten(g, p) && !opens) {
      char why[80];
      mj_game_furiten_text(g, p, why, sizeof why);
      return mj_fail(err, MJ_ENOTWIN, 0, "furiten: %s; you may win only "
                     "by self-draw", why);
    }
    return mjg_check_win(g, p, g->pending, mjg_claim_flags(g), hand, s, err)
               ? MJ_OK
               : MJ_ENOTWIN;
  }
  return mj_fail(err, MJ_ESTATE, 0, "there is no tile to win on now");
}

/* }==================================================================== */

mj_game *mj_game_replay(const mj_rules *r, const mj_game_cfg *cfg,
                        const mj_action *acts, int n, mj_replay_step step,
                        void *ud, int *failed, mj_error *err)
{
  if (failed != NULL)
    *failed = -1;
  mj_game *g = mj_game_new(r, cfg, err);
  for (int i = 0; g != NULL && i <= n; i++) {
    if (step != NULL && step(ud, i, g) != 0)
      break;
    if (i == n)
      break;
    if (mj_game_act(g, &acts[i], err) != MJ_OK) {
      if (failed != NULL)
        *failed = i;
      mj_game_free(g);
      g = NULL;
    }
  }
  return g;
}
