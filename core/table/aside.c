/*
** aside.c
** The tiles set aside in one's turn (a declaration with aside, 北抜き):
** out of the hand face up, offered to the others' wins as a discard
** is, else replaced from the tail as a kong is. Part of the state
** machine (game_int.h): called by game.c, calling those below it.
*/
#include "game_int.h"

int mjg_aside_count(const mj_game *g, int p, int k)
{
  const seat *pl = &g->pl[p];
  mj_tile t = g->tbl.decls[k].aside;
  int n = 0;
  for (int i = 0; i < pl->naside; i++)
    n += pl->aside[i] == t;
  return t == MJ_NO_TILE ? 0 : n;
}

void mjg_rob_flower(mj_game *g)
{
  int p = g->flower_rob, q = mjg_seven_flowers(g, p);
  g->flower_rob = -1;
  seat *pp = &g->pl[p], *pq = &g->pl[q < 0 ? p : q];
  mj_wall peek = g->wall;
  mj_tile r = mj_wall_draw_tail(&peek);
  bool win = false;
  if (q >= 0 && pp->nflowers > 0 && r != MJ_NO_TILE && !mj_tile_is_flower(r)) {
    mj_tile f = pp->flowers[--pp->nflowers];
    pq->flowers[pq->nflowers++] = f;
    win = mjg_can_win_on(g, q, r, 0);
    if (win) {
      mjg_event(g, MJ_EV_FLOWER, q, f, p, 0);   /* taken from p */
      r = mj_wall_draw_tail(&g->wall);
      mjg_event(g, MJ_EV_DRAW, q, r, -1, 1);
      g->pending = MJ_NO_TILE;
      mjg_finish(g, &q, 1, p, r, 0);
      return;
    }
    pq->nflowers--;                  /* no win: the flower stays p's */
    pp->flowers[pp->nflowers++] = f;
  }
  if (mjg_draw(g, p, true, false))
    mjg_enter_turn(g, p, false);
}

void mjg_set_aside(mj_game *g, int p, int k)
{
  seat *pl = &g->pl[p];
  mj_tile t = g->tbl.decls[k].aside;
  g->decl_done[p] |= 1u << k;
  pl->turn_offer = 0;
  mjg_hand_remove(g, p, t);
  if (pl->naside < 8)
    pl->aside[pl->naside++] = t;
  mjg_event(g, MJ_EV_ASIDE, p, t, -1, 0);
  mj_flow_ev ev = { .hook = MJ_HOOK_DECLARE, .player = (int8_t)p,
                    .from = -1, .kind = (uint8_t)k, .tile = MJ_NO_TILE };
  mjg_run_hook(g, &ev, NULL);
  if (faulted(g) || g->abort_req)   /* the caller ends a hand called off */
    return;
  g->pending_red = false;
  g->rob_aside = true;
  if (!mjg_offer_rob(g, p, t, -1))
    mjg_aside_replace(g);
}

void mjg_aside_replace(mj_game *g)
{
  int p = g->pending_from;
  g->rob_aside = false;
  g->pending = MJ_NO_TILE;
  g->pending_from = -1;
  g->pl[p].kong_from = -1;
  if (mjg_draw(g, p, true, true))   /* as a kong's: 嶺上開花 on it */
    mjg_enter_turn(g, p, false);
}
