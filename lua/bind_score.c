/*
** bind_score.c
** Lua binding of core/scoring/score.h and core/scoring/rules.h: mj.score, mj.explain,
** mj.why, mj.fans and the registry of rulesets (mj.load, mj.use...).
*/
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "i18n.h"
#include "bind.h"
#include "host_int.h"
#include "score.h"


/* A new table { id =, en = } for fan f. [-0, +1, m] */
void mj_lua_push_score(lua_State *L, const mj_rules *r, const mj_hand *h,
                       const mj_score *s)
{
  lua_createtable(L, 0, 12);
  mj_lua_setbool(L, "win", s->win);
  mj_lua_setint(L, "total", s->total);
  mj_lua_setint(L, "bonus", s->bonus);
  mj_lua_setint(L, "min", s->min);
  mj_lua_setbool(L, "meets_min", s->meets_min);
  char buf[4096];
  mj_score_reading(s, buf, sizeof buf);
  lua_pushstring(L, buf);
  lua_setfield(L, -2, "reading");
  lua_pushstring(L, mj_shape_name((mj_shape)s->reading.shape));
  lua_setfield(L, -2, "shape");
  mj_score_fans_line(r, s, buf, sizeof buf);
  lua_pushstring(L, buf);
  lua_setfield(L, -2, "line");
  mj_lua_push_hits(L, r, s, false);
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
    mj_lua_setint(L, "total", s->other_total);
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
    return luaL_error(L, _("no fan '%s' in ruleset %s"), name, mj_rules_id(r));
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
    mj_lua_push_fan(L, f);
    mj_lua_setint(L, "value", f->value);
    if (f->desc) {
      lua_pushlstring(L, f->desc, strcspn(f->desc, "\x1e"));   /* English */
      lua_setfield(L, -2, "desc");
    }
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int cmp_text(const void *a, const void *b)
{
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The options at idx, a table { name = value } or a text "name=value
   ...", as the text the host reads, its names in order (left on the
   stack); NULL for none. */
static const char *load_options(lua_State *L, int idx)
{
  if (lua_isnoneornil(L, idx))
    return NULL;
  if (!lua_istable(L, idx)) {
    luaL_argexpected(L, lua_type(L, idx) == LUA_TSTRING, idx,
                     "a table of options or a string NAME=VALUE ...");
    return lua_tostring(L, idx);
  }
  enum { MAX_OPTIONS = 64 };
  const char *item[MAX_OPTIONS];
  int n = 0;
  lua_newtable(L);   /* keeps the texts alive */
  int list = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    if (lua_type(L, -2) != LUA_TSTRING)
      luaL_error(L, _("mj.load: an option's name is a string, not a %s"),
                 luaL_typename(L, -2));
    const char *k = lua_tostring(L, -2);
    int t = lua_type(L, -1);
    if (t != LUA_TSTRING && t != LUA_TNUMBER && t != LUA_TBOOLEAN)
      luaL_error(L, _("mj.load: option %s is a number, a string or a boolean, "
                 "not a %s"), k, luaL_typename(L, -1));
    const char *v = luaL_tolstring(L, -1, NULL);
    if (*k == '\0' || *v == '\0' || strpbrk(k, " \t\n=") != NULL ||
        strpbrk(v, " \t\n") != NULL)
      luaL_error(L, _("mj.load: option '%s' = '%s': names and values are "
                 "words, without spaces"), k, v);
    if (n == MAX_OPTIONS)
      luaL_error(L, _("mj.load: more than %d options"), MAX_OPTIONS);
    item[n] = lua_pushfstring(L, "%s=%s", k, v);
    lua_rawseti(L, list, ++n);
    lua_pop(L, 2);   /* the value and its text; the key stays */
  }
  qsort(item, (size_t)n, sizeof item[0], cmp_text);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = 0; i < n; i++) {
    if (i > 0)
      luaL_addchar(&b, ' ');
    luaL_addstring(&b, item[i]);
  }
  luaL_pushresult(&b);
  return lua_tostring(L, -1);
}

static int l_load(lua_State *L)
{
  mj_host *h = mj_host_of(L);
  const char *name = luaL_checkstring(L, 1);
  const char *opts = load_options(L, 2);
  if (h->loading_vm != NULL)
    return luaL_error(L, _("mj.load cannot be called while a ruleset loads"));
  if (mj_vm_of(L)->sandbox &&
      (strchr(name, '/') != NULL || strstr(name, ".lua") != NULL))
    return luaL_error(
        L, _("mj.load: a sandboxed script loads ruleset ids only, not files"));
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

