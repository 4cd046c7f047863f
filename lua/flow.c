/*
** flow.c
** The flow hooks: a ruleset's on_kong, on_win, on_end and next_dealer,
** run at the hand's events with the game reachable through a handle
** that lives only as long as the call (kept past it, it refuses).
*/
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bind.h"
#include "game.h"
#include "host_int.h"

#define FLOWGAME "hule.flowgame"

typedef struct flowgame {
  mj_game *g;       /* NULL outside the hook */
} flowgame;

static const char *const hook_fields[MJ_HOOK_COUNT] = {
  "on_kong", "on_win", "on_end", "next_dealer"
};

static mj_game *checkg(lua_State *L)
{
  flowgame *f = luaL_checkudata(L, 1, FLOWGAME);
  if (f->g == NULL)
    luaL_error(L, "the game is reachable only inside its hook");
  return f->g;
}

static int checkseat(lua_State *L, int idx)
{
  lua_Integer p = luaL_checkinteger(L, idx);
  luaL_argcheck(L, p >= 1 && p <= 4, idx, "a seat is 1..4");
  return (int)p - 1;
}

static int fail(lua_State *L, const mj_error *e)
{
  return luaL_error(L, "%s", e->msg);
}

/* g:pay(payer, payee, amount, reason) -> the entry's index */
static int f_pay(lua_State *L)
{
  mj_game *g = checkg(L);
  int a = checkseat(L, 2), b = checkseat(L, 3);
  lua_Integer n = luaL_checkinteger(L, 4);
  const char *why = luaL_checkstring(L, 5);
  mj_error e;
  int i;
  if (n < 1 || n > 1000000)
    return luaL_error(L, "a payment's amount is 1..1000000, not %I", n);
  if (mj_game_pay(g, a, b, (int)n, why, &i, &e) != MJ_OK)
    return fail(L, &e);
  lua_pushinteger(L, i + 1);
  return 1;
}

/* g:transfer(i, to, reason): entry i's money goes on to seat to */
static int f_transfer(lua_State *L)
{
  mj_game *g = checkg(L);
  lua_Integer i = luaL_checkinteger(L, 2);
  int to = checkseat(L, 3);
  const char *why = luaL_optstring(L, 4, "transfer");
  mj_error e;
  if (i < 1 || i > 100000)
    return luaL_error(L, "no ledger entry %I", i);
  if (mj_game_transfer(g, (int)i - 1, to, why, &e) != MJ_OK)
    return fail(L, &e);
  return 0;
}

/* g:refund(i, reason): entry i's money goes back to its payer */
static int f_refund(lua_State *L)
{
  mj_game *g = checkg(L);
  lua_Integer i = luaL_checkinteger(L, 2);
  const char *why = luaL_optstring(L, 3, "refund");
  mj_error e;
  if (i < 1 || i > 100000)
    return luaL_error(L, "no ledger entry %I", i);
  if (mj_game_refund(g, (int)i - 1, why, &e) != MJ_OK)
    return fail(L, &e);
  return 0;
}

static int f_ledger(lua_State *L)
{
  mj_lua_push_ledger(L, checkg(L));
  return 1;
}

static int f_active(lua_State *L)
{
  mj_game *g = checkg(L);
  lua_pushboolean(L, mj_game_active(g, checkseat(L, 2)));
  return 1;
}

static int f_dealer(lua_State *L)
{
  lua_pushinteger(L, mj_game_dealer(checkg(L)) + 1);
  return 1;
}

/* g:missing(p) -> "m" | "p" | "s" | nil */
static int f_missing(lua_State *L)
{
  mj_game *g = checkg(L);
  int v = mj_game_void_suit(g, checkseat(L, 2), -1);
  if (v < 0)
    return 0;
  lua_pushlstring(L, &"mps"[v], 1);
  return 1;
}

static int f_holds_missing(lua_State *L)
{
  mj_game *g = checkg(L);
  lua_pushboolean(L, mj_game_holds_void(g, checkseat(L, 2)));
  return 1;
}

/* g:best_win(p) -> total (0: not ready), the tile */
static int f_best_win(lua_State *L)
{
  mj_game *g = checkg(L);
  mj_tile t;
  int v = mj_game_best_win(g, checkseat(L, 2), &t);
  lua_pushinteger(L, v);
  if (t == MJ_NO_TILE)
    return 1;
  char b[4];
  lua_pushstring(L, mj_tile_str(t, b));
  return 2;
}

static int f_hand(lua_State *L)
{
  mj_game *g = checkg(L);
  char b[128];
  mj_hand_print(mj_game_hand(g, checkseat(L, 2)), b, sizeof b);
  lua_pushstring(L, b);
  return 1;
}

static int f_wall_left(lua_State *L)
{
  lua_pushinteger(L, mj_game_wall_left(checkg(L)));
  return 1;
}

static const char *const ev_names[] = {
  "deal", "indicator", "draw", "flower", "discard", "chi", "pon", "kong",
  "ckong", "akong", "pass", "win", "drawn", "decline", "swap", "que"
};
_Static_assert(sizeof ev_names / sizeof ev_names[0] == MJ_EV_COUNT,
               "a name for every event");

/* g:events() -> the number of events; g:event(i) -> { type, player, tile,
   from } (seats 1..4). What a hook reads to find "since his last
   discard". */
static int f_events(lua_State *L)
{
  lua_pushinteger(L, mj_game_nevents(checkg(L)));
  return 1;
}

static int f_event(lua_State *L)
{
  mj_game *g = checkg(L);
  lua_Integer i = luaL_checkinteger(L, 2);
  if (i < 1 || i > mj_game_nevents(g))
    return 0;
  const mj_event *e = mj_game_event(g, (int)i - 1);
  lua_createtable(L, 0, 4);
  lua_pushstring(L, e->type < MJ_EV_COUNT ? ev_names[e->type] : "?");
  lua_setfield(L, -2, "type");
  if (e->player >= 0) {
    lua_pushinteger(L, e->player + 1);
    lua_setfield(L, -2, "player");
  }
  if (e->from >= 0) {
    lua_pushinteger(L, e->from + 1);
    lua_setfield(L, -2, "from");
  }
  if (e->tile != MJ_NO_TILE) {
    char b[4];
    lua_pushstring(L, mj_tile_str(e->tile, b));
    lua_setfield(L, -2, "tile");
  }
  return 1;
}

static const luaL_Reg methods[] = {
  { "pay", f_pay },
  { "transfer", f_transfer },
  { "refund", f_refund },
  { "ledger", f_ledger },
  { "active", f_active },
  { "dealer", f_dealer },
  { "missing", f_missing },
  { "holds_missing", f_holds_missing },
  { "best_win", f_best_win },
  { "hand", f_hand },
  { "wall_left", f_wall_left },
  { "events", f_events },
  { "event", f_event },
  { NULL, NULL }
};

void mj_lua_push_ledger(lua_State *L, const mj_game *g)
{
  const mj_payment *l;
  int n = mj_game_ledger(g, &l);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_createtable(L, 0, 8);
    lua_pushinteger(L, l[i].payer + 1);
    lua_setfield(L, -2, "payer");
    lua_pushinteger(L, l[i].payee + 1);
    lua_setfield(L, -2, "payee");
    lua_pushinteger(L, l[i].amount);
    lua_setfield(L, -2, "amount");
    lua_pushstring(L, mj_game_reason(g, l[i].reason));
    lua_setfield(L, -2, "reason");
    lua_pushinteger(L, l[i].event + 1);
    lua_setfield(L, -2, "event");
    lua_pushboolean(L, (l[i].flags & MJ_PAY_MOVED) != 0);
    lua_setfield(L, -2, "moved");
    lua_pushboolean(L, (l[i].flags & MJ_PAY_REFUNDED) != 0);
    lua_setfield(L, -2, "refunded");
    if (l[i].of >= 0) {
      lua_pushinteger(L, l[i].of + 1);
      lua_setfield(L, -2, "of");
    }
    lua_rawseti(L, -2, i + 1);
  }
}

/* Registry refs of the builder's hooks; the bits of those present. */
unsigned mj_lua_flow_refs(lua_State *L, int builder, int refs[MJ_HOOK_COUNT],
                          mj_error *err)
{
  unsigned bits = 0;
  for (int h = 0; h < MJ_HOOK_COUNT; h++) {
    refs[h] = LUA_NOREF;
    lua_getfield(L, builder, hook_fields[h]);
    if (lua_type(L, -1) == LUA_TFUNCTION) {
      refs[h] = luaL_ref(L, LUA_REGISTRYINDEX);
      bits |= 1u << h;
    } else if (!lua_isnil(L, -1)) {
      mj_fail(err, MJ_EINVAL, 0, "%s must be a function", hook_fields[h]);
      lua_pop(L, 1);
      return ~0u;
    } else {
      lua_pop(L, 1);
    }
  }
  return bits;
}

/* The handle of one hook call, made inside the protected call (it
   allocates) and kept alive until the call is over. */
typedef struct hook_call {
  const mj_flow_ev *ev;
  mj_game *g;
  flowgame *handle;     /* set once made: the caller closes it */
  int handle_ref;
} hook_call;

/* call_hook(hc, ref): the hook called with (g, event table). */
static int call_hook(lua_State *L)
{
  hook_call *hc = lua_touserdata(L, 1);
  const mj_flow_ev *ev = hc->ev;
  lua_rawgeti(L, LUA_REGISTRYINDEX, (int)lua_tointeger(L, 2));
  flowgame *f = lua_newuserdatauv(L, sizeof *f, 0);
  f->g = NULL;
  if (luaL_newmetatable(L, FLOWGAME)) {
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pushliteral(L, "game");
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  hc->handle_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  hc->handle = f;
  f->g = hc->g;
  lua_createtable(L, 0, 6);
  char b[4];
  switch (ev->hook) {
  case MJ_HOOK_KONG: {
    static const char *const kinds[] = { "exposed", "added", "concealed" };
    lua_pushinteger(L, ev->player + 1);
    lua_setfield(L, -2, "player");
    lua_pushstring(L, kinds[ev->kind % 3]);
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, mj_tile_str(ev->tile, b));
    lua_setfield(L, -2, "tile");
    if (ev->from >= 0) {
      lua_pushinteger(L, ev->from + 1);
      lua_setfield(L, -2, "from");
    }
    break;
  }
  case MJ_HOOK_WIN: {
    lua_createtable(L, ev->nwin, 0);
    for (int k = 0; k < ev->nwin; k++) {
      lua_pushinteger(L, ev->winners[k] + 1);
      lua_rawseti(L, -2, k + 1);
    }
    lua_setfield(L, -2, "winners");
    if (ev->from >= 0) {
      lua_pushinteger(L, ev->from + 1);
      lua_setfield(L, -2, "payer");
    }
    lua_pushstring(L, mj_tile_str(ev->tile, b));
    lua_setfield(L, -2, "tile");
    break;
  }
  default:
    break;
  }
  lua_call(L, 2, 1);
  return 1;
}

mj_status mj_lua_flow(mj_entry *e, const int refs[MJ_HOOK_COUNT], mj_game *g,
                      const mj_flow_ev *ev, int *answer, mj_error *err)
{
  lua_State *L = e->vm->L;
  if (ev->hook >= MJ_HOOK_COUNT || refs[ev->hook] == LUA_NOREF)
    return MJ_OK;
  if (!lua_checkstack(L, 8))
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  hook_call hc = { ev, g, NULL, LUA_NOREF };
  lua_pushcfunction(L, call_hook);
  lua_pushlightuserdata(L, &hc);
  lua_pushinteger(L, refs[ev->hook]);
  int st = mj_lua_call(e->vm, 2, 1, e->host->cfg.call_budget, 0,
                       e->host->cfg.call_seconds, false, err);
  if (hc.handle != NULL) {     /* kept past the hook, it refuses */
    hc.handle->g = NULL;
    luaL_unref(L, LUA_REGISTRYINDEX, hc.handle_ref);
  }
  if (st != LUA_OK) {
    char msg[sizeof err->msg];
    snprintf(msg, sizeof msg, "%s: %.200s", hook_fields[ev->hook], err->msg);
    memcpy(err->msg, msg, sizeof msg);
    return MJ_ERULES;
  }
  mj_status rs = MJ_OK;
  if (ev->hook == MJ_HOOK_DEALER && answer != NULL) {
    if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 &&
        lua_tointeger(L, -1) <= 4)
      *answer = (int)lua_tointeger(L, -1) - 1;
    else if (!lua_isnil(L, -1))
      rs = mj_fail(err, MJ_ERULES, 0,
                   "next_dealer must return a seat 1..4 (or nil), not %s",
                   luaL_typename(L, -1));
  }
  lua_pop(L, 1);
  return rs;
}
