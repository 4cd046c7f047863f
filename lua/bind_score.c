/*
** bind_score.c
** Lua binding of core/score.h and core/rules.h: mj.score, mj.explain,
** mj.why, mj.fans and the registry of rulesets (mj.load, mj.use...).
*/
#include <stdlib.h>
#include <string.h>

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
  default: return "none";
  }
}

static void setflag(lua_State *L, const char *k, bool v)
{
  lua_pushboolean(L, v);
  lua_setfield(L, -2, k);
}

static void setint(lua_State *L, const char *k, lua_Integer v)
{
  lua_pushinteger(L, v);
  lua_setfield(L, -2, k);
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
    setflag(L, "declared", g->declared);
    setflag(L, "exposed", g->exposed);
    setflag(L, "concealed", v->concealed[i]);
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
  lua_pushstring(L, mj_tile_str(v->win, b));
  lua_setfield(L, -2, "win");
  setflag(L, "self", v->flags & MJ_CTX_SELF);
  setflag(L, "last", v->flags & MJ_CTX_LAST);
  setflag(L, "wall_last", v->flags & MJ_CTX_WALL_LAST);
  setflag(L, "kong", v->flags & MJ_CTX_KONG);
  setflag(L, "rob", v->flags & MJ_CTX_ROB);
  setflag(L, "first", v->flags & MJ_CTX_FIRST);
  setflag(L, "touji", v->flags & MJ_CTX_TOUJI);
  setflag(L, "jiebao", v->flags & MJ_CTX_JIEBAO);
  setflag(L, "sibao", v->flags & MJ_CTX_SIBAO);
  lua_pushlstring(L, &winds[v->seat & 3], 1);
  lua_setfield(L, -2, "seat");
  lua_pushlstring(L, &winds[v->round & 3], 1);
  lua_setfield(L, -2, "round");
  setint(L, "flowers", v->flowers);
  setint(L, "feibao", v->feibao);
  /* the tokens of other rulesets' own: que, gui, horses, streak */
  const mj_ctx *cx = mj_hand_cctx(v->hand);
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
  setint(L, "horses", cx->horses);
  setint(L, "streak", cx->streak);
  setint(L, "chows", v->chows);
  setint(L, "pungs", v->pungs);
  setint(L, "kongs", v->kongs);
  setint(L, "concealed_pungs", v->cpungs);
  setint(L, "concealed_kongs", v->ckongs);
  setint(L, "exposed_kongs", v->ekongs);
  setint(L, "wilds", v->wilds);
  setint(L, "exposed", v->exposed);
  setint(L, "declared", v->declared);
  setflag(L, "wild_acting", v->wild_acting);
  setflag(L, "wild_single", v->wild_single);
  lua_pushstring(L, wait_name(v->wait));
  lua_setfield(L, -2, "wait");
}

/* A new table { id =, en = } for fan f. [-0, +1, m] */
static void push_fan_table(lua_State *L, const mj_fan_def *f)
{
  lua_createtable(L, 0, 4);
  lua_pushstring(L, f->id);
  lua_setfield(L, -2, "id");
  if (f->en) {
    lua_pushstring(L, f->en);
    lua_setfield(L, -2, "en");
  }
}

void mj_lua_push_score(lua_State *L, const mj_rules *r, const mj_hand *h,
                       const mj_score *s)
{
  lua_createtable(L, 0, 12);
  setflag(L, "win", s->win);
  setint(L, "total", s->total);
  setint(L, "bonus", s->bonus);
  setint(L, "min", s->min);
  setflag(L, "meets_min", s->meets_min);
  char buf[4096];
  mj_score_reading(s, buf, sizeof buf);
  lua_pushstring(L, buf);
  lua_setfield(L, -2, "reading");
  lua_pushstring(L, mj_shape_name((mj_shape)s->reading.shape));
  lua_setfield(L, -2, "shape");
  mj_score_fans_line(r, s, buf, sizeof buf);
  lua_pushstring(L, buf);
  lua_setfield(L, -2, "line");
  lua_createtable(L, s->nhits, 0);
  for (int i = 0; i < s->nhits; i++) {
    const mj_fan_def *f = mj_rules_fan(r, s->hits[i].fan);
    push_fan_table(L, f);
    setint(L, "count", s->hits[i].count);
    setint(L, "value", s->hits[i].value);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "fans");
  lua_createtable(L, s->nstates, 0);
  for (int i = 0; i < s->nstates; i++) {
    lua_pushstring(L, mj_rules_fan(r, s->states[i])->id);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "states");
  if (s->other_total > 0) {   /* the value not taken (fixed_or_own) */
    lua_createtable(L, 0, 2);
    lua_pushstring(L, s->other_fan >= 0 ? mj_rules_fan(r, s->other_fan)->id
                                        : "own value");
    lua_setfield(L, -2, "id");
    setint(L, "total", s->other_total);
    lua_setfield(L, -2, "instead_of");
  }
  lua_createtable(L, s->nexempt, 0);
  for (int i = 0; i < s->nexempt; i++) {
    const mj_exempt *e = &s->exempt[i];
    lua_createtable(L, 0, 3);
    lua_pushstring(L, mj_rules_fan(r, e->fan)->id);
    lua_setfield(L, -2, "id");
    if (e->by >= 0) {
      lua_pushstring(L, mj_rules_fan(r, e->by)->id);
      lua_setfield(L, -2, "by");
    }
    lua_pushstring(L, mj_why_text((mj_why)e->why));
    lua_setfield(L, -2, "why");
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "exempt");
  mj_score_explain(r, h, s, buf, sizeof buf);
  lua_pushstring(L, buf);
  lua_setfield(L, -2, "text");
}

/* mj.score(hand, [ruleset]) -> result table (raises on a bad hand) */
static int l_score(lua_State *L)
{
  mj_hand *h = mj_lua_tohand(L, 1);
  const mj_rules *r = mj_lua_optrules(L, 2);
  /* the score is large: a userdata, so that an error raised while its
     table is made (out of memory) frees it too */
  mj_score *s = lua_newuserdatauv(L, sizeof *s, 0);
  mj_error e;
  mj_status st = mj_score_hand(r, h, s, &e);
  if (st != MJ_OK)
    return luaL_error(L, "%s", e.msg);
  mj_score_annotate(r, h, s);
  mj_lua_push_score(L, r, h, s);
  return 1;
}

static int l_explain(lua_State *L)
{
  l_score(L);
  lua_getfield(L, -1, "text");
  return 1;
}

/* mj.why(fan, hand, [ruleset]) -> text */
static int l_why(lua_State *L)
{
  const char *name = luaL_checkstring(L, 1);
  mj_hand *h = mj_lua_tohand(L, 2);
  const mj_rules *r = mj_lua_optrules(L, 3);
  int f = mj_rules_find_fan(r, name);
  if (f < 0)
    return luaL_error(L, "no fan '%s' in ruleset %s", name, mj_rules_id(r));
  char buf[2048];
  mj_error e;
  if (mj_score_why(r, h, f, buf, sizeof buf, &e) != MJ_OK)
    return luaL_error(L, "%s", e.msg);
  lua_pushstring(L, buf);
  return 1;
}

/* mj.fans([ruleset]) -> list of { id, en, value, desc } */
static int l_fans(lua_State *L)
{
  const mj_rules *r = mj_lua_optrules(L, 1);
  int n = mj_rules_nfans(r);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    const mj_fan_def *f = mj_rules_fan(r, i);
    push_fan_table(L, f);
    setint(L, "value", f->value);
    if (f->desc) {
      lua_pushstring(L, f->desc);
      lua_setfield(L, -2, "desc");
    }
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int l_load(lua_State *L)
{
  mj_host *h = mj_host_of(L);
  const char *name = luaL_checkstring(L, 1);
  const char *opts = luaL_optstring(L, 2, NULL);
  if (h->loading_vm != NULL)
    return luaL_error(L, "mj.load cannot be called while a ruleset loads");
  if (mj_vm_of(L)->sandbox &&
      (strchr(name, '/') != NULL || strstr(name, ".lua") != NULL))
    return luaL_error(
        L, "mj.load: a sandboxed script loads ruleset ids only, not files");
  const mj_rules *r;
  mj_error e;
  if (mj_host_load(h, name, opts, &r, &e) != MJ_OK)
    return luaL_error(L, "%s", e.msg);
  lua_pushstring(L, mj_rules_id(r));
  return 1;
}

static int l_use(lua_State *L)
{
  mj_host *h = mj_host_of(L);
  mj_error e;
  if (mj_host_use(h, luaL_checkstring(L, 1), &e) != MJ_OK)
    return luaL_error(L, "%s", e.msg);
  return 0;
}

static int l_rulesets(lua_State *L)
{
  mj_host *h = mj_host_of(L);
  int n = mj_host_count(h);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushstring(L, mj_rules_id(mj_host_at(h, i)));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static const luaL_Reg funcs[] = {
  { "score", l_score },
  { "explain", l_explain },
  { "why", l_why },
  { "fans", l_fans },
  { "load", l_load },
  { "use", l_use },
  { "rulesets", l_rulesets },
  { NULL, NULL }
};

void mj_lua_open_score(lua_State *L)
{
  luaL_setfuncs(L, funcs, 0);
}

void mj_lua_open_bindings(lua_State *L)
{
  mj_lua_open_hand(L);
  mj_lua_open_score(L);
  mj_lua_open_game(L);
}
