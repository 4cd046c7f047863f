/*
** seatview.c
** The one serializer of what a seat may know (mj_seat_view): its fields,
** names and order, written through a writer of nested records, so a bot
** in Lua and a bot program read the same view.
*/
#include "game.h"

#include <stdio.h>

static void tile(const mj_emit *e, const char *key, mj_tile t)
{
  char b[4];
  if (t != MJ_NO_TILE && t < MJ_ALL_TILES)
    e->str(e->ud, key, mj_tile_str(t, b));
}

static void player(const mj_emit *e, const mj_seat_view *v, int q)
{
  char b[4];
  e->open(e->ud, NULL, false);
  e->num(e->ud, "score", v->players[q].score);
  e->num(e->ud, "tiles", v->players[q].tiles);
  e->open(e->ud, "melds", true);
  for (int i = 0; i < v->players[q].nmelds; i++)
    e->str(e->ud, NULL, v->players[q].melds[i]);
  e->close(e->ud, "melds");
  e->open(e->ud, "discards", true);
  for (int i = 0; i < v->players[q].ndisc; i++)
    e->str(e->ud, NULL, mj_tile_str(v->players[q].disc[i], b));
  e->close(e->ud, "discards");
  if (v->players[q].missing >= 0) {
    char ms[2] = { "mps"[v->players[q].missing % 3], 0 };
    e->str(e->ud, "missing", ms);
  }
  e->flag(e->ud, "active", v->players[q].active);
  if (v->players[q].shown[0] != '\0')
    e->str(e->ud, "shown", v->players[q].shown);
  if (v->players[q].aside[0] != '\0')
    e->str(e->ud, "aside", v->players[q].aside);
  e->close(e->ud, NULL);
}

void mj_seat_view_emit(const mj_seat_view *v, const char *key,
                       const mj_emit *e)
{
  static const char *const winds[] = { "E", "S", "W", "N" };
  e->open(e->ud, key, false);
  e->num(e->ud, "seat", v->seat + 1);
  e->str(e->ud, "wind", winds[v->wind & 3]);
  e->str(e->ud, "round", winds[v->round & 3]);
  e->num(e->ud, "dealer", v->dealer + 1);
  e->num(e->ud, "wall", v->wall);
  e->str(e->ud, "phase", mj_phase_name(v->phase));
  e->str(e->ud, "hand", v->hand);
  tile(e, "draw", v->draw);
  tile(e, "tile", v->tile);
  if (v->from >= 0)
    e->num(e->ud, "from", v->from + 1);
  if (v->wild) {
    char ws[3 * MJ_KINDS + 1];
    mj_set_print(v->wild, ws, sizeof ws);
    e->str(e->ud, "wild", ws);
  }
  tile(e, "indicator", v->indicator);
  e->open(e->ud, "players", true);
  for (int q = 0; q < v->nplayers && q < 4; q++)
    player(e, v, q);
  e->close(e->ud, "players");
  e->close(e->ud, key);
}
