/*
** bot.c
** Bots written in Lua ("--bots lua:FILE"): the file runs in a sandboxed
** state of its own, like a ruleset's, and returns choose(view, legal).
** The view holds what the seat may know and nothing else: its own hand,
** the public table. The analysis is at hand in the environment as `bot`:
** shanten, waits, useful and score of a hand, under the game's ruleset.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "i18n.h"
#include "action.h"
#include "analysis.h"
#include "bind.h"
#include "bot.h"
#include "host_int.h"
#include "score.h"

typedef struct luabot {
  mj_host *host;
  mj_vm *vm;
  int ref;                  /* the choose function */
  const mj_rules *r;
  char name[300];           /* "lua:FILE" */
} luabot;

/* {====================================================================
** The analysis a bot may call: bot.shanten(hand), bot.waits(hand),
** bot.useful(hand), bot.score(hand with its context)
** ===================================================================== */

static const mj_rules *api_rules(lua_State *L)
{
  return lua_touserdata(L, lua_upvalueindex(1));
}

/* The hand of argument 1, parsed (an error names what is wrong). */
static mj_hand *api_hand(lua_State *L, const char *what, enum mj_check check)
{
  size_t n;
  const char *s = luaL_checklstring(L, 1, &n);
  mj_hand *h = mj_hand_new();
  mj_error e;
  if (h == NULL)
    luaL_error(L, _("out of memory"));
  if (mj_hand_parse(h, s, n, &e) != MJ_OK ||
      mj_hand_check(h, check, &e) != MJ_OK) {
    mj_hand_free(h);
    luaL_error(L, _("bot.%s: '%s': %s"), what, s, e.msg);
  }
  return h;
}

static mj_tileset api_wild(const mj_hand *h, const mj_rules *r)
{
  return mj_hand_wild(h, mj_rules_wild(r));
}

static int api_shanten(lua_State *L)
{
  const mj_rules *r = api_rules(L);
  mj_hand *h = api_hand(L, "shanten", MJ_CHECK_ANY);
  mj_tileview v;
  mj_tileview_init(&v, h, api_wild(h, r));
  lua_pushinteger(L, mj_shanten(&v, mj_rules_shapes(r), NULL));
  mj_hand_free(h);
  return 1;
}

/* bot.waits(hand) -> "3p6p" (the kinds that complete it); bot.useful(hand)
   -> the kinds that bring it closer, and its shanten */
static int api_list(lua_State *L, bool useful)
{
  const mj_rules *r = api_rules(L);
  mj_hand *h = api_hand(L, useful ? "useful" : "waits", MJ_CHECK_WAIT);
  mj_wait w[MJ_KINDS];
  int sh = 0;
  int n = useful ? mj_hand_useful(h, api_wild(h, r), mj_rules_shapes(r), w, &sh)
                 : mj_hand_waits(h, api_wild(h, r), mj_rules_shapes(r), w,
                                 NULL);
  mj_hand_free(h);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = 0; i < n; i++) {
    char t[4];
    luaL_addstring(&b, mj_tile_str(w[i].tile, t));
  }
  luaL_pushresult(&b);
  if (!useful)
    return 1;
  lua_pushinteger(L, sh);
  return 2;
}

static int api_waits(lua_State *L) { return api_list(L, false); }
static int api_useful(lua_State *L) { return api_list(L, true); }

/* bot.score("123m... win=5p self") -> the total, or nil and why not */
static int api_score(lua_State *L)
{
  const mj_rules *r = api_rules(L);
  mj_hand *h = api_hand(L, "score", MJ_CHECK_ANY);
  mj_score *s = malloc(sizeof *s);
  mj_error e;
  mj_error_clear(&e);
  if (s == NULL) {
    mj_hand_free(h);
    return luaL_error(L, _("out of memory"));
  }
  mj_status st = mj_score_hand(r, h, s, &e);
  mj_hand_free(h);
  int total = s->total;
  bool ok = st == MJ_OK && s->win && s->meets_min;
  free(s);
  if (ok) {
    lua_pushinteger(L, total);
    return 1;
  }
  lua_pushnil(L);
  lua_pushstring(L, e.msg[0] ? e.msg : "not a win");
  return 2;
}

/* bot.without(hand, tile) -> the hand with one copy of tile less */
static int api_without(lua_State *L)
{
  mj_hand *h = api_hand(L, "without", MJ_CHECK_ANY);
  size_t n;
  const char *s = luaL_checklstring(L, 2, &n);
  mj_tile t;
  mj_error e;
  if (mj_tile_parse(s, n, &t, &e) != MJ_OK || t >= MJ_KINDS ||
      mj_hand_counts(h)[t] == 0) {
    mj_hand_free(h);
    return luaL_error(L, _("bot.without: the hand holds no '%s'"), s);
  }
  mj_hand_remove(h, t);
  char b[160];
  mj_hand_print(h, b, sizeof b);
  mj_hand_free(h);
  lua_pushstring(L, b);
  return 1;
}

/* The table `bot` of the environment, its functions bound to r. */
static void push_api(lua_State *L, const mj_rules *r)
{
  static const luaL_Reg f[] = { { "shanten", api_shanten },
                                { "waits", api_waits },
                                { "useful", api_useful },
                                { "score", api_score },
                                { "without", api_without },
                                { NULL, NULL } };
  lua_createtable(L, 0, 4);
  for (int i = 0; f[i].name; i++) {
    lua_pushlightuserdata(L, (void *)r);
    lua_pushcclosure(L, f[i].func, 1);
    lua_setfield(L, -2, f[i].name);
  }
}

/* }==================================================================== */

/* {====================================================================
** The view: what seat p may know
** ===================================================================== */

/* The seat view's writer into Lua: each record a table, set under its
   key in the one below, or appended to it (an array). */
typedef struct lua_sink {
  lua_State *L;
  int depth;
} lua_sink;

static void l_set(lua_sink *k, const char *key)
{
  lua_State *L = k->L;
  if (key != NULL)
    lua_setfield(L, -2, key);
  else
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
}

static void l_open(void *ud, const char *key, bool array)
{
  lua_sink *k = ud;
  lua_newtable(k->L);
  k->depth++;
}

static void l_close(void *ud, const char *key)
{
  lua_sink *k = ud;
  if (--k->depth > 0)   /* the outermost stays on the stack */
    l_set(k, key);
}

static void l_str(void *ud, const char *key, const char *v)
{
  lua_pushstring(((lua_sink *)ud)->L, v);
  l_set(ud, key);
}

static void l_num(void *ud, const char *key, long v)
{
  lua_pushinteger(((lua_sink *)ud)->L, v);
  l_set(ud, key);
}

static void l_flag(void *ud, const char *key, bool v)
{
  lua_pushboolean(((lua_sink *)ud)->L, v);
  l_set(ud, key);
}

/* The seat's view (mj_game_seat_view) as a table. */
static void push_view(lua_State *L, const mj_game *g, int p)
{
  mj_seat_view v;
  mj_game_seat_view(g, p, &v);
  lua_sink k = { L, 0 };
  mj_emit e = { &k, l_open, l_close, l_str, l_num, l_flag };
  mj_seat_view_emit(&v, NULL, &e);
}

/* }==================================================================== */

static void luabot_free(void *ud)
{
  luabot *b = ud;
  if (b == NULL)
    return;
  mj_host_bot_close(b->vm);
  free(b);
}

/* call_choose(g, p, legal, n): the view and the legal actions as text */
typedef struct choose_args {
  luabot *b;
  const mj_game *g;
  int p;
  const mj_action *legal;
  int n;
} choose_args;

static int call_choose(lua_State *L)
{
  choose_args *a = lua_touserdata(L, 1);
  lua_rawgeti(L, LUA_REGISTRYINDEX, a->b->ref);
  push_view(L, a->g, a->p);
  lua_createtable(L, a->n, 0);
  for (int i = 0; i < a->n; i++) {
    char t[48];
    mj_action_print_in(a->g, &a->legal[i], t, sizeof t);
    lua_pushstring(L, t);
    lua_rawseti(L, -2, i + 1);
  }
  lua_call(L, 2, 1);
  return 1;
}

static int luabot_choose(void *ud, const mj_game *g, int p,
                         const mj_action *legal, int n, mj_error *err)
{
  luabot *b = ud;
  lua_State *L = b->vm->L;
  choose_args a = { b, g, p, legal, n };
  lua_pushcfunction(L, call_choose);
  lua_pushlightuserdata(L, &a);
  const mj_host_cfg *cfg = &b->host->cfg;
  if (mj_lua_call(b->vm, 1, 1, cfg->call_budget, 0, cfg->call_seconds, false,
                  err) != LUA_OK)
    return -1;
  int i = -1;
  if (lua_isinteger(L, -1)) {
    lua_Integer k = lua_tointeger(L, -1);
    if (k >= 1 && k <= n)
      i = (int)k - 1;
    else
      mj_fail(err, MJ_EINVAL, 0, "%s: choose returned %lld, not 1..%d",
              b->name, (long long)k, n);
  } else if (lua_type(L, -1) == LUA_TSTRING) {
    const char *s = lua_tostring(L, -1);
    for (int k = 0; k < n && i < 0; k++) {
      char t[48];
      mj_action_print_in(g, &legal[k], t, sizeof t);
      if (strcmp(t, s) == 0)
        i = k;
    }
    if (i < 0)
      mj_fail(err, MJ_EINVAL, 0, "%s: '%.40s' is not among the legal actions",
              b->name, s);
  } else {
    mj_fail(err, MJ_EINVAL, 0,
            "%s: choose returned %s, not an action or its index", b->name,
            luaL_typename(L, -1));
  }
  lua_pop(L, 1);
  return i;
}

mj_bot *mj_lua_bot_new(mj_host *h, const char *path, const mj_rules *r,
                       unsigned long long seed, mj_error *err)
{
  luabot *b = calloc(1, sizeof *b);
  if (b == NULL) {
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    return NULL;
  }
  b->host = h;
  b->r = r;
  snprintf(b->name, sizeof b->name, "lua:%s", path);
  if (mj_host_bot_open(h, path, r, push_api, &b->vm, &b->ref, err) != MJ_OK) {
    free(b);
    return NULL;
  }
  mj_bot_ext ext = { b->name, b, luabot_choose, luabot_free, NULL };
  mj_bot *bot = mj_bot_new_ext(&ext, seed);
  if (bot == NULL) {
    luabot_free(b);
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  }
  return bot;
}
