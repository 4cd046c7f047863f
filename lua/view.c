/*
** view.c
** A reading of a hand (mj_view, what a fan's test sees) as a Lua table,
** and the two setters every table maker of lua/ uses.
*/
#include <stdbool.h>

#include <lauxlib.h>
#include <lua.h>

#include "bind.h"
#include "host_int.h"
#include "score.h"

static const char *const group_names[] = { "chow",           "pung", "kong",
                                           "concealed_kong", "pair", "knitted",
                                           "single" };

static const char *wait_name(int w)
{
  switch (w) {
  case MJ_WAIT_EDGE: return "edge";
  case MJ_WAIT_CLOSED: return "closed";
  case MJ_WAIT_SINGLE: return "single";
  case MJ_WAIT_SIDES: return "two_sided";
  case MJ_WAIT_PUNG: return "pung";
  default: return "none";
  }
}

void mj_lua_setbool(lua_State *L, const char *k, bool v)
{
  lua_pushboolean(L, v);
  lua_setfield(L, -2, k);
}

void mj_lua_setint(lua_State *L, const char *k, lua_Integer v)
{
  lua_pushinteger(L, v);
  lua_setfield(L, -2, k);
}

/* The tokens of rulesets' own: que, gui, horses, streak, niao, honba,
   and the dora and ura indicators. */
static void push_owned(lua_State *L, const mj_ctx *cx)
{
  char b[3];
  if (cx->que != 0xff) {
    lua_pushlstring(L, &"mps"[cx->que % 3], 1);
    lua_setfield(L, -2, "que");
  }
  lua_createtable(L, 2, 0);
  for (int t = 0, n = 0; t < MJ_KINDS; t++)
    if (cx->gui & MJ_BIT(t)) {
      lua_pushstring(L, mj_tile_str((mj_tile)t, b));
      lua_rawseti(L, -2, ++n);
    }
  lua_setfield(L, -2, "gui");
  mj_lua_setint(L, "horses", cx->horses);
  mj_lua_setint(L, "streak", cx->streak);
  mj_lua_setint(L, "niao", cx->niao);
  mj_lua_setint(L, "honba", cx->honba);
  lua_createtable(L, 8, 0);   /* the flowers held, by identity */
  for (int f = 0, n = 0; f < 8; f++)
    if (cx->flower_set >> f & 1) {
      lua_pushstring(L, mj_tile_str((mj_tile)(MJ_FLOWER0 + f), b));
      lua_rawseti(L, -2, ++n);
    }
  lua_setfield(L, -2, "flower_tiles");
  mj_lua_setint(L, "seat_flowers", mj_ctx_seat_flowers(cx));
  lua_createtable(L, 0, cx->nwords);   /* the ruleset's own words */
  for (int i = 0; i < cx->nwords; i++)
    mj_lua_setint(L, cx->words[i].name, cx->words[i].value);
  lua_setfield(L, -2, "words");
  for (int w = 0; w < 2; w++) {   /* the indicators: dora, ura */
    int n = w ? cx->nura : cx->ndora;
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
      lua_pushstring(L, mj_tile_str(w ? cx->ura[i] : cx->dora[i], b));
      lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, w ? "ura" : "dora");
  }
}

/* The context's flags as booleans of the table on top. */
static void push_flags(lua_State *L, unsigned flags)
{
  mj_lua_setbool(L, "self", flags & MJ_CTX_SELF);
  mj_lua_setbool(L, "last", flags & MJ_CTX_LAST);
  mj_lua_setbool(L, "wall_last", flags & MJ_CTX_WALL_LAST);
  mj_lua_setbool(L, "kong", flags & MJ_CTX_KONG);
  mj_lua_setbool(L, "rob", flags & MJ_CTX_ROB);
  mj_lua_setbool(L, "first", flags & MJ_CTX_FIRST);
  mj_lua_setbool(L, "touji", flags & MJ_CTX_TOUJI);
  mj_lua_setbool(L, "jiebao", flags & MJ_CTX_JIEBAO);
  mj_lua_setbool(L, "sibao", flags & MJ_CTX_SIBAO);
  mj_lua_setbool(L, "kaigang", flags & MJ_CTX_KAIGANG);
  mj_lua_setbool(L, "qishou", flags & MJ_CTX_QISHOU);
  mj_lua_setbool(L, "riichi", flags & MJ_CTX_RIICHI);
  mj_lua_setbool(L, "double", flags & MJ_CTX_DOUBLE);
  mj_lua_setbool(L, "ippatsu", flags & MJ_CTX_IPPATSU);
}

void mj_lua_push_view(lua_State *L, const mj_view *v)
{
  char b[3];
  static const char winds[] = "ESWN";
  luaL_checkstack(L, 10, "view");
  lua_createtable(L, 0, 32);
  lua_pushstring(L, mj_shape_name((mj_shape)v->shape));
  lua_setfield(L, -2, "shape");
  lua_createtable(L, v->d ? v->d->ngroups : 0, 0);
  for (int i = 0; v->d && i < v->d->ngroups; i++) {
    const mj_group *g = &v->d->groups[i];
    lua_createtable(L, 0, 5);
    lua_pushstring(L, group_names[g->type % 7]);
    lua_setfield(L, -2, "type");
    lua_pushstring(L, mj_tile_str(g->tile, b));
    lua_setfield(L, -2, "tile");
    mj_lua_setbool(L, "declared", g->declared);
    mj_lua_setbool(L, "exposed", g->exposed);
    mj_lua_setbool(L, "concealed", v->concealed[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "groups");
  if (v->pair >= 0) {
    lua_pushstring(L, mj_tile_str((mj_tile)v->pair, b));
    lua_setfield(L, -2, "pair");
  }
  lua_createtable(L, 0, 14);
  for (int t = 0; t < MJ_KINDS; t++)
    if (v->cnt[t]) {
      lua_pushinteger(L, v->cnt[t]);
      lua_setfield(L, -2, mj_tile_str((mj_tile)t, b));
    }
  lua_setfield(L, -2, "tiles");
  if (v->win < MJ_KINDS) {    /* none when the dealt tiles are judged */
    lua_pushstring(L, mj_tile_str(v->win, b));
    lua_setfield(L, -2, "win");
  }
  push_flags(L, v->flags);
  lua_pushlstring(L, &winds[v->seat & 3], 1);
  lua_setfield(L, -2, "seat");
  lua_pushlstring(L, &winds[v->round & 3], 1);
  lua_setfield(L, -2, "round");
  mj_lua_setint(L, "flowers", v->flowers);
  mj_lua_setint(L, "feibao", v->feibao);
  push_owned(L, mj_hand_cctx(v->hand));
  mj_lua_setint(L, "reds", v->reds);
  mj_lua_setint(L, "chows", v->chows);
  mj_lua_setint(L, "pungs", v->pungs);
  mj_lua_setint(L, "kongs", v->kongs);
  mj_lua_setint(L, "concealed_pungs", v->cpungs);
  mj_lua_setint(L, "concealed_kongs", v->ckongs);
  mj_lua_setint(L, "exposed_kongs", v->ekongs);
  mj_lua_setint(L, "wilds", v->wilds);
  mj_lua_setint(L, "exposed", v->exposed);
  mj_lua_setint(L, "declared", v->declared);
  mj_lua_setbool(L, "wild_acting", v->wild_acting);
  mj_lua_setbool(L, "wild_single", v->wild_single);
  lua_pushstring(L, wait_name(v->wait));
  lua_setfield(L, -2, "wait");
}

/* A fan as { id, en }, and the fans a score counted as a list of
   { id, en, count, value } (by_id: each under its id too). */
void mj_lua_push_fan(lua_State *L, const mj_fan_def *f)
{
  lua_createtable(L, 0, 4);
  lua_pushstring(L, f->id);
  lua_setfield(L, -2, "id");
  if (f->en) {
    lua_pushstring(L, f->en);
    lua_setfield(L, -2, "en");
  }
}

void mj_lua_push_hits(lua_State *L, const mj_rules *r, const mj_score *s,
                      bool by_id)
{
  lua_createtable(L, s->nhits, by_id ? s->nhits : 0);
  for (int i = 0; i < s->nhits; i++) {
    const mj_fan_def *f = mj_rules_fan(r, s->hits[i].fan);
    mj_lua_push_fan(L, f);
    mj_lua_setint(L, "count", s->hits[i].count);
    mj_lua_setint(L, "value", s->hits[i].value);
    if (by_id) {
      lua_pushvalue(L, -1);
      lua_setfield(L, -3, f->id);
    }
    lua_rawseti(L, -2, i + 1);
  }
}
