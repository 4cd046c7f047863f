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
