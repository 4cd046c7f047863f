/*
** bind_hand.c
** Lua binding of core/hands/hand.h and the analysis of a hand: mj.parse and the
** methods of mj.hand values.
*/
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "i18n.h"
#include "analysis.h"
#include "bind.h"
#include "hand.h"
#include "host_int.h"

#define HAND_MT "mj.hand"

mj_hand *mj_lua_checkhand(lua_State *L, int idx)
{
  mj_hand **p = luaL_checkudata(L, idx, HAND_MT);
  if (*p == NULL)
    luaL_argerror(L, idx, _("a freed hand"));
  return *p;
}

/* A new empty hand userdata. [-0, +1, m] */
mj_hand *mj_lua_newhand(lua_State *L)
{
  mj_hand **p = lua_newuserdatauv(L, sizeof *p, 0);
  *p = NULL;
  luaL_setmetatable(L, HAND_MT);
  *p = mj_hand_new();
  if (*p == NULL)
    luaL_error(L, _("out of memory"));
  return *p;
}

/* The hand at idx: a hand value or a text to parse. */
mj_hand *mj_lua_tohand(lua_State *L, int idx)
{
  if (lua_type(L, idx) == LUA_TSTRING) {
    size_t n;
    const char *s = lua_tolstring(L, idx, &n);
    mj_hand *h = mj_lua_newhand(L);
    mj_error e;
    if (mj_hand_parse(h, s, n, &e) != MJ_OK) {
      char b[300];
      luaL_error(L, "%s", mj_error_text(&e, b, sizeof b));
    }
    lua_replace(L, idx);
    return h;
  }
  return mj_lua_checkhand(L, idx);
}

static int l_parse(lua_State *L)
{
  size_t n;
  const char *s = luaL_checklstring(L, 1, &n);
  mj_hand *h = mj_lua_newhand(L);
  mj_error e;
  if (mj_hand_parse(h, s, n, &e) != MJ_OK) {
    char b[300];
    return luaL_error(L, _("mj.parse: %s"), mj_error_text(&e, b, sizeof b));
  }
  return 1;
}

static int h_gc(lua_State *L)
{
  mj_hand **p = luaL_checkudata(L, 1, HAND_MT);
  mj_hand_free(*p);
  *p = NULL;
  return 0;
}

static int h_tostring(lua_State *L)
{
  char buf[512];
  mj_hand_print_full(mj_lua_checkhand(L, 1), buf, sizeof buf);
  lua_pushstring(L, buf);
  return 1;
}

static int h_tiles(lua_State *L)
{
  char buf[512];
  mj_hand_print(mj_lua_checkhand(L, 1), buf, sizeof buf);
  lua_pushstring(L, buf);
  return 1;
}

static int h_win(lua_State *L)
{
  const mj_ctx *c = mj_hand_cctx(mj_lua_checkhand(L, 1));
  char b[3];
  if (c->win == MJ_NO_TILE)
    lua_pushnil(L);
  else
    lua_pushstring(L, mj_tile_str(c->win, b));
  return 1;
}

static int h_count(lua_State *L)
{
  mj_hand *h = mj_lua_checkhand(L, 1);
  size_t n;
  const char *s = luaL_checklstring(L, 2, &n);
  mj_tile t;
  if (mj_tile_parse(s, n, &t, NULL) != MJ_OK || t >= MJ_KINDS)
    return luaL_argerror(L, 2, _("a tile such as \"5m\""));
  lua_pushinteger(L, mj_hand_counts(h)[t]);
  return 1;
}

/* The shape settings of a ruleset (argument idx: id, or the current). */
static const mj_rules *opt_rules(lua_State *L, int idx)
{
  mj_host *host = mj_host_of(L);
  const mj_rules *r = NULL;
  mj_error e;
  if (lua_isnoneornil(L, idx)) {
    r = mj_host_current(host);
    if (r == NULL && mj_host_get(host, "mcr", &r, &e) != MJ_OK)
      luaL_error(L, "%s", e.msg);
    return r;
  }
  const char *id = luaL_checkstring(L, idx);
  if (mj_host_get(host, id, &r, &e) != MJ_OK)
    luaL_error(L, "%s", e.msg);
  return r;
}

const mj_rules *mj_lua_optrules(lua_State *L, int idx)
{
  return opt_rules(L, idx);
}

static mj_tileset wild_of(const mj_hand *h, const mj_rules *r)
{
  return mj_hand_wild(h, mj_rules_wild(r));
}

static int h_shanten(lua_State *L)
{
  mj_hand *h = mj_lua_tohand(L, 1);
  const mj_rules *r = opt_rules(L, 2);
  mj_error e;
  if (mj_hand_check(h, MJ_CHECK_ANY, &e) != MJ_OK)
    return luaL_error(L, _("shanten: %s"), e.msg);
  mj_tileview v;
  mj_tileview_init(&v, h, wild_of(h, r));
  lua_pushinteger(L, mj_shanten(&v, mj_rules_shapes(r), NULL));
  return 1;
}

static void push_waits(lua_State *L, const mj_wait *w, int n)
{
  char b[3];
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_createtable(L, 0, 2);
    lua_pushstring(L, mj_tile_str(w[i].tile, b));
    lua_setfield(L, -2, "tile");
    lua_pushinteger(L, w[i].live);
    lua_setfield(L, -2, "live");
    lua_rawseti(L, -2, i + 1);
  }
}

/* h:waits([ruleset]) -> list; h:useful([ruleset]) -> list, shanten */
static int wait_list(lua_State *L, bool useful)
{
  mj_hand *h = mj_lua_tohand(L, 1);
  const mj_rules *r = opt_rules(L, 2);
  mj_error e;
  if (mj_hand_check(h, MJ_CHECK_WAIT, &e) != MJ_OK)
    return luaL_error(L, "%s: %s", useful ? "useful" : "waits", e.msg);
  mj_wait w[MJ_KINDS];
  int sh,
      n = useful ? mj_hand_useful(h, wild_of(h, r), mj_rules_shapes(r), w, &sh)
                 : mj_hand_waits(h, wild_of(h, r), mj_rules_shapes(r), w, NULL);
  push_waits(L, w, n);
  if (!useful)
    return 1;
  lua_pushinteger(L, sh);
  return 2;
}

static int h_waits(lua_State *L) { return wait_list(L, false); }
static int h_useful(lua_State *L) { return wait_list(L, true); }

static const luaL_Reg funcs[] = {
  { "parse", l_parse },
  { "shanten", h_shanten },
  { "waits", h_waits },
  { "useful", h_useful },
  { NULL, NULL }
};

static const luaL_Reg methods[] = {
  { "tiles", h_tiles },
  { "win", h_win },
  { "count", h_count },
  { "shanten", h_shanten },
  { "waits", h_waits },
  { "useful", h_useful },
  { NULL, NULL }
};

static const luaL_Reg metamethods[] = {
  { "__gc", h_gc },
  { "__close", h_gc },
  { "__tostring", h_tostring },
  { "__index", NULL },
  { NULL, NULL }
};

static void createmeta(lua_State *L)
{
  luaL_newmetatable(L, HAND_MT);
  luaL_setfuncs(L, metamethods, 0);
  luaL_newlib(L, methods);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
}

void mj_lua_open_hand(lua_State *L)
{
  createmeta(L);
  luaL_setfuncs(L, funcs, 0);
}
