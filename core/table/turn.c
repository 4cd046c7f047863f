/*
** turn.c
** The floor of a hand in play: its bookkeeping (events, decisions, the
** ruleset's faults), the tiles moved in and out of the hands, the flow
** hooks run, and the draws; nothing here acts on a decision (game.c) or
** judges a win (win.c).
*/
#include "game_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* {====================================================================
** Bookkeeping
** ===================================================================== */

/* arr (n items of size bytes, capacity *cap) with room for one more,
   doubled as needed; NULL when memory ran out (arr is still valid). */
static void *grow(void *arr, int *cap, int n, size_t size)
{
  if (n < *cap)
    return arr;
  int c = *cap ? *cap * 2 : 256;
  void *p = realloc(arr, size * (size_t)c);
  if (p != NULL)
    *cap = c;
  return p;
}

void mjg_event(mj_game *g, int type, int player, mj_tile tile, int from,
               int repl)
{
  mj_event *ev = grow(g->ev, &g->evcap, g->nev, sizeof *ev);
  if (ev == NULL)
    return;
  g->ev = ev;
  mj_event *e = &g->ev[g->nev++];
  e->type = (uint8_t)type;
  e->player = (int8_t)player;
  e->tile = tile;
  e->from = (int8_t)from;
  e->replacement = (uint8_t)repl;
  e->claimed = MJ_NO_TILE;
  e->red = 0;
}

void mjg_record(mj_game *g, const mj_action *a)
{
  mj_action *act = grow(g->act, &g->actcap, g->nact, sizeof *act);
  if (act == NULL)
    return;
  g->act = act;
  g->act[g->nact++] = *a;
}

/* Record the first failure of the ruleset's own code (a fan's test, the
   settlement): the hand stops there, never silently. */
void mjg_note_fault(const mj_game *g, const mj_error *e)
{
  if (g->fault != NULL && g->fault->msg[0] == '\0')
    *g->fault = *e;
}

void mj_game_note_fault(const mj_game *g, const mj_error *e)
{
  mjg_note_fault(g, e);
}


/* The first player still in after p in turn order (p itself if alone). */
int mjg_next_active(const mj_game *g, int p)
{
  for (int k = 1; k <= g->np; k++)
    if (active(g, seat_after(g, p, k)))
      return seat_after(g, p, k);
  return p;
}

int mjg_nactive(const mj_game *g)
{
  int n = 0;
  for (int p = 0; p < g->np; p++)
    n += active(g, p);
  return n;
}

int mj_game_players(const mj_game *g) { return g->np; }

int mj_seat_rel(int n, int d)
{
  if (n < 2 || n > 4)
    n = 4;
  d = ((d % n) + n) % n;
  return d == 0 ? 0 : n == 2 ? 2 : d == n - 1 ? 3 : d;
}

int mj_game_seat_wind(const mj_game *g, int p)
{
  return seat_after(g, p, -g->dealer);
}

/* }==================================================================== */

/* {====================================================================
** Draws
** ===================================================================== */

/* Changes of a hand go through these, which keep the seat's view. */
void mjg_hand_add(mj_game *g, int p, mj_tile t)
{
  mj_hand_add(g->pl[p].hand, t);
  mj_tileview_add(&g->pl[p].v, t);
}

/* p's tile t taken from his hand, its red five if red and he holds one
   (else a plain one first): was it red? */
bool mjg_hand_take(mj_game *g, int p, mj_tile t, bool red)
{
  mj_hand *h = g->pl[p].hand;
  int su = t < MJ_HONOR_FIRST ? t / 9 : 0;
  int before = mj_hand_red(h, su);
  if (red && before > 0) {
    mj_hand_remove_red(h, t);
    mj_tileview_remove(&g->pl[p].v, t);
  } else {
    mjg_hand_remove(g, p, t);
  }
  return t < MJ_HONOR_FIRST && mj_hand_red(h, su) < before;
}

void mjg_hand_remove(mj_game *g, int p, mj_tile t)
{
  mj_hand_remove(g->pl[p].hand, t);
  mj_tileview_remove(&g->pl[p].v, t);
}

void mjg_hand_meld(mj_game *g, int p, mj_meld m, int replace)
{
  if (replace >= 0)
    mj_hand_set_meld(g->pl[p].hand, replace, m);
  else
    mj_hand_add_meld(g->pl[p].hand, m);
  mj_tileview_init(&g->pl[p].v, g->pl[p].hand, g->wild);
}

/* Run a flow hook of the ruleset, if it has one; its failure stops the
   hand. */
void mjg_run_hook(mj_game *g, const mj_flow_ev *ev, int *answer)
{
  if (!(mj_rules_hooks(g->r) >> ev->hook & 1) || faulted(g))
    return;
  mj_error e;
  mj_error_clear(&e);
  g->in_hook++;
  mj_status st = mj_rules_flow(g->r, g, ev, answer, &e);
  g->in_hook--;
  if (st != MJ_OK)
    mjg_note_fault(g, &e);
}

/* Does the ruleset's R.watch let the hooks hear of p's draw or discard
   of t? */
static bool watched(const mj_game *g, int p, mj_tile t)
{
  const mj_table *tb = &g->tbl;
  if (!tb->watch || (tb->watch_tiles & MJ_BIT(t)) ||
      (tb->watch_wild && is_wild(g, t)))
    return true;
  for (unsigned b = tb->watch_states; b; b &= b - 1)
    if (g->pl[p].state[__builtin_ctz(b)] != 0)
      return true;
  return false;
}

int mj_game_dora_indicators(const mj_game *g, mj_tile out[5])
{
  for (int i = 0; i < g->nind; i++)
    out[i] = g->ind[i];
  return g->nind;
}

/* The next dora indicator turned (none past the table's number): an
   event all see. */
void mjg_turn_indicator(mj_game *g)
{
  if (g->nind >= g->tbl.indicators || g->ind[g->nind] == MJ_NO_TILE)
    return;
  mjg_event(g, MJ_EV_INDICATOR, -1, g->ind[g->nind], 0, 0);
  g->nind++;
}

/* A hook of one seat and a tile: a draw, a discard, a declined win. */
void mjg_seat_hook(mj_game *g, int hook, int p, mj_tile t)
{
  if ((mj_rules_hooks(g->r) >> hook & 1) &&
      (hook == MJ_HOOK_DECLINE || watched(g, p, t))) {
    mj_flow_ev ev = { .hook = (uint8_t)hook, .player = (int8_t)p, .from = -1,
                      .tile = t };
    mjg_run_hook(g, &ev, NULL);
  }
}

/* The states of p that last the turn end (a discard, a kong). */
void mjg_end_turn_states(mj_game *g, int p)
{
  for (int i = 0; i < g->tbl.nstates; i++)
    if (g->tbl.states[i].turn)
      g->pl[p].state[i] = 0;
}

/* The hand is over: the ruleset's end (查叫...) and its next dealer. */
void mjg_end_hand(mj_game *g)
{
  g->phase = MJ_PHASE_OVER;
  mj_flow_ev ev = { .hook = MJ_HOOK_END, .player = -1, .from = -1 };
  mjg_run_hook(g, &ev, NULL);
  int d = -1;
  ev.hook = MJ_HOOK_DEALER;
  mjg_run_hook(g, &ev, &d);
  if (d >= 0 && d < g->np)
    g->hook_dealer = d;
}

/* The wall ran out: an exhaustive draw when nobody won (in 血战 the
   hand's winners keep their wins). */
void mjg_end_drawn(mj_game *g)
{
  g->drawn = g->nwin == 0;
  mjg_event(g, MJ_EV_DRAWN, -1, MJ_NO_TILE, -1, 0);
  mjg_end_hand(g);
}

int mjg_seven_flowers(const mj_game *g, int p)
{
  for (int q = 0; q < g->np; q++)
    if (q != p && !g->pl[q].out && g->pl[q].nflowers == 7)
      return q;
  return -1;
}

/*
** Player p draws from the head (or the tail), flowers replaced from the
** tail; kong says the draw replaces a kong. Returns false when the wall
** ran out (the hand is then over).
*/
bool mjg_draw(mj_game *g, int p, bool from_tail, bool kong)
{
  seat *pl = &g->pl[p];
  bool tail = from_tail, flower = false;
  for (;;) {
    mj_tile t = live_left(g) == 0 ? MJ_NO_TILE
                : tail ? mj_wall_draw_tail(&g->wall) : mj_wall_draw(&g->wall);
    if (t == MJ_NO_TILE) {
      mjg_end_drawn(g);
      return false;
    }
    if (mj_tile_is_flower(t)) {
      if (pl->nflowers < 8)
        pl->flowers[pl->nflowers++] = t;
      mjg_event(g, MJ_EV_FLOWER, p, t, -1, tail);
      tail = g->tbl.replace_tail;
      flower = true;
      if (g->tbl.flower_rob && mjg_seven_flowers(g, p) >= 0) {
        g->flower_rob = p;   /* 七搶一: game.c goes on from here */
        return false;
      }
      continue;
    }
    g->last_draw_red = g->wall.last_red;
    if (g->last_draw_red) {
      mj_hand_add_red(pl->hand, t);
      mj_tileview_add(&pl->v, t);
    } else {
      mjg_hand_add(g, p, t);
    }
    mjg_event(g, MJ_EV_DRAW, p, t, -1, tail);
    g->ev[g->nev - 1].red = g->last_draw_red;
    pl->locked = pl->lock_forever;
    memset(pl->shown, 0, sizeof pl->shown);   /* shown until this draw */
    if (!kong)
      pl->kong_from = -1;
    g->last_draw = t;
    g->last_draw_wall_last = live_left(g) == 0;
    /* a flower's replacement counts as a kong's where the table says
       (槓上開花) */
    pl->kong_draw = kong || (flower && g->tbl.flower_kong);
    mjg_seat_hook(g, MJ_HOOK_DRAW, p, t);
    if (g->any_turn_decl)
      mjg_turn_offers(g, p);
    return true;
  }
}

void mjg_enter_turn(mj_game *g, int p, bool claimed)
{
  g->open_queued = 0;          /* a turn begun: the open tiles are done */
  g->phase = MJ_PHASE_TURN;
  g->turn = p;
  g->pl[p].claimed = claimed;
  if (!claimed)
    g->pl[p].swap_bar = 0;
  g->decided = 0;
  memset(g->options, 0, sizeof g->options);
}

/* The next player draws; false when the wall is empty. With last_offer
   the wall's last tile is offered instead, from p on (the offer phase). */
bool mjg_next_draw(mj_game *g, int p)
{
  if (g->tbl.last_offer && live_left(g) == 1 && !faulted(g)) {
    g->phase = MJ_PHASE_OFFER;
    g->turn = p;
    g->offer_left = mjg_nactive(g);
    g->decided = 0;
    memset(g->options, 0, sizeof g->options);
    return true;
  }
  if (!mjg_draw(g, p, false, false))
    return false;
  mjg_enter_turn(g, p, false);
  return true;
}

/* }==================================================================== */

