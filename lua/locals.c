/*
** locals.c
** A game's own Lua locals. A ruleset's file runs once, at load; its
** hooks and tests keep what they assign to the file's locals (upvalues)
** in the ruleset's one state. So that every game starts from the values
** the file left at load, and two games of one ruleset (a hand in play
** and a replay, a game and its copy) never see each other's, the
** upvalues reachable from the ruleset's functions are found once after
** load, their values kept, and each game has its own set: the one in
** the upvalues belongs to the game whose hook or settlement ran last,
** the others wait in a table until their game runs Lua again, a copy of
** a game starts from its original's, a freed game's set is dropped.
** Tables are shared: a table made at load and changed in place is seen
** by every game (docs/rules.md; `check` reports it).
*/
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "host_int.h"

/* The most values a walk visits: a ruleset whose data is larger is
   refused (the walk would take long and every game's set be large). */
enum { MAX_VISITS = 1000000 };

/* registry[e->locals_ref]: { fns = {closures}, s0 = {values at load},
   sets = {[game] = {values}} } (the upvalue of fns[k] is idx[k]). */

/* A walk over what the ruleset's functions reach, breadth first: queue
   and seen are tables of the state; ids the upvalues recorded (by
   lua_upvalueid), each once into fns (its closure) and s0 (its value). */
typedef struct walk {
  lua_State *L;
  mj_entry *e;
  int queue, seen, ids, fns, s0;
  lua_Integer head, tail;
  long visits;
  int cap;          /* of e->local_idx */
} walk;

/* The value at idx to visit, unless seen: tables and functions only. */
static void enqueue(walk *w, int idx)
{
  int t = lua_type(w->L, idx);
  if (t != LUA_TTABLE && t != LUA_TFUNCTION)
    return;
  lua_pushvalue(w->L, idx);
  if (lua_rawget(w->L, w->seen) != LUA_TNIL) {
    lua_pop(w->L, 1);
    return;
  }
  lua_pop(w->L, 1);
  lua_pushvalue(w->L, idx);
  lua_pushboolean(w->L, 1);
  lua_rawset(w->L, w->seen);
  lua_pushvalue(w->L, idx);
  lua_rawseti(w->L, w->queue, ++w->tail);
}

static bool record_upvalue(walk *w, int f, int i)
{
  lua_State *L = w->L;
  lua_pushlightuserdata(L, lua_upvalueid(L, f, i));
  if (lua_rawget(L, w->ids) != LUA_TNIL) {
    lua_pop(L, 1);
    return true;
  }
  lua_pop(L, 1);
  lua_pushlightuserdata(L, lua_upvalueid(L, f, i));
  lua_pushboolean(L, 1);
  lua_rawset(L, w->ids);
  if (w->e->nlocals == w->cap) {
    int cap = w->cap ? 2 * w->cap : 64;
    int *idx = realloc(w->e->local_idx, sizeof *idx * (size_t)cap);
    if (idx == NULL)
      return false;
    w->e->local_idx = idx;
    w->cap = cap;
  }
  w->e->local_idx[w->e->nlocals++] = i;
  lua_pushvalue(L, f);
  lua_rawseti(L, w->fns, w->e->nlocals);
  lua_getupvalue(L, f, i);
  lua_rawseti(L, w->s0, w->e->nlocals);
  return true;
}

static int walk_body(lua_State *L)
{
  mj_entry *e = lua_touserdata(L, 1);
  walk w = { L, e, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
  lua_newtable(L);
  w.queue = lua_gettop(L);
  lua_newtable(L);
  w.seen = lua_gettop(L);
  lua_newtable(L);
  w.ids = lua_gettop(L);
  lua_createtable(L, 0, 3);
  int box = lua_gettop(L);
  lua_newtable(L);
  w.fns = lua_gettop(L);
  lua_pushvalue(L, w.fns);
  lua_setfield(L, box, "fns");
  lua_newtable(L);
  w.s0 = lua_gettop(L);
  lua_pushvalue(L, w.s0);
  lua_setfield(L, box, "s0");
  lua_newtable(L);
  lua_setfield(L, box, "sets");
  int refs[MJ_HOOK_COUNT + 1];
  int nr = 0;
  for (int h = 0; h < MJ_HOOK_COUNT; h++)
    refs[nr++] = e->hook_refs[h];
  refs[nr++] = e->settle_ref;
  for (int k = 0; k < nr + e->nrefs; k++) {
    int ref = k < nr ? refs[k] : e->refs[k - nr];
    if (ref == LUA_NOREF || ref == LUA_REFNIL)
      continue;
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    enqueue(&w, -1);
    lua_pop(L, 1);
  }
  while (w.head < w.tail) {
    if (++w.visits > MAX_VISITS)
      return luaL_error(L, "its data holds more than %d tables and "
                        "functions reachable from its hooks and tests",
                        MAX_VISITS);
    lua_rawgeti(L, w.queue, ++w.head);
    lua_pushnil(L);
    lua_rawseti(L, w.queue, w.head);
    int v = lua_gettop(L);
    if (lua_type(L, v) == LUA_TTABLE) {
      lua_pushnil(L);
      while (lua_next(L, v)) {
        enqueue(&w, -2);
        enqueue(&w, -1);
        lua_pop(L, 1);
      }
      if (lua_getmetatable(L, v)) {
        enqueue(&w, -1);
        lua_pop(L, 1);
      }
    } else if (!lua_iscfunction(L, v)) {
      for (int i = 1; lua_getupvalue(L, v, i) != NULL; i++) {
        enqueue(&w, -1);
        lua_pop(L, 1);
        if (!record_upvalue(&w, v, i))
          return luaL_error(L, "not enough memory");
      }
    }
    lua_settop(L, v - 1);
  }
  lua_pushvalue(L, box);
  e->locals_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

mj_status mj_lua_locals_init(mj_entry *e, mj_error *err)
{
  lua_State *L = e->vm->L;
  e->locals_ref = LUA_NOREF;
  e->nlocals = e->nsets = 0;
  e->locals_owner = NULL;
  lua_pushcfunction(L, walk_body);
  lua_pushlightuserdata(L, e);
  if (mj_lua_call(e->vm, 1, 0, e->host->cfg.load_budget, 0,
                  e->host->cfg.load_seconds, false, err) != LUA_OK)
    return MJ_EINVAL;
  return MJ_OK;
}

/* save_live: the live values into a new table, pushed; load_set: the
   set at index set into the upvalues. */
static void save_live(lua_State *L, mj_entry *e, int fns)
{
  lua_createtable(L, e->nlocals, 0);
  for (int k = 1; k <= e->nlocals; k++) {
    lua_rawgeti(L, fns, k);
    lua_getupvalue(L, -1, e->local_idx[k - 1]);
    lua_rawseti(L, -3, k);
    lua_pop(L, 1);
  }
}

static void load_set(lua_State *L, mj_entry *e, int fns, int set)
{
  for (int k = 1; k <= e->nlocals; k++) {
    lua_rawgeti(L, fns, k);
    lua_rawgeti(L, set, k);
    lua_setupvalue(L, -2, e->local_idx[k - 1]);
    lua_pop(L, 1);
  }
}

/* switch_body(e, game): game's set into the upvalues. */
static int switch_body(lua_State *L)
{
  mj_entry *e = lua_touserdata(L, 1);
  const void *g = lua_touserdata(L, 2);
  lua_rawgeti(L, LUA_REGISTRYINDEX, e->locals_ref);
  int box = lua_gettop(L);
  lua_getfield(L, box, "fns");
  lua_getfield(L, box, "sets");
  int fns = box + 1, sets = box + 2;
  if (e->locals_owner != NULL) {
    lua_pushlightuserdata(L, (void *)e->locals_owner);
    save_live(L, e, fns);
    lua_rawset(L, sets);
    e->nsets++;
    e->locals_owner = NULL;
  }
  lua_pushlightuserdata(L, (void *)g);
  if (lua_rawget(L, sets) == LUA_TNIL) {
    lua_pop(L, 1);
    lua_getfield(L, box, "s0");
  } else {
    lua_pushlightuserdata(L, (void *)g);
    lua_pushnil(L);
    lua_rawset(L, sets);     /* live from now on */
    e->nsets--;
  }
  load_set(L, e, fns, lua_gettop(L));
  e->locals_owner = g;
  return 0;
}

mj_status mj_lua_locals_enter(mj_entry *e, const void *game, mj_error *err)
{
  if (e->locals_owner == game || e->nlocals == 0 || game == NULL)
    return MJ_OK;
  lua_State *L = e->vm->L;
  if (!lua_checkstack(L, 8))
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  lua_pushcfunction(L, switch_body);
  lua_pushlightuserdata(L, e);
  lua_pushlightuserdata(L, (void *)game);
  if (mj_lua_call(e->vm, 2, 0, e->host->cfg.call_budget, 0,
                  e->host->cfg.call_seconds, false, err) != LUA_OK)
    return MJ_ENOMEM;
  return MJ_OK;
}

/* copy_body(e, from, to): to's set is from's now (to NULL: from's set
   dropped). */
static int copy_body(lua_State *L)
{
  mj_entry *e = lua_touserdata(L, 1);
  const void *from = lua_touserdata(L, 2), *to = lua_touserdata(L, 3);
  lua_rawgeti(L, LUA_REGISTRYINDEX, e->locals_ref);
  int box = lua_gettop(L);
  lua_getfield(L, box, "fns");
  lua_getfield(L, box, "sets");
  int fns = box + 1, sets = box + 2;
  if (to == NULL) {
    if (e->locals_owner == from) {
      e->locals_owner = NULL;
      return 0;
    }
    lua_pushlightuserdata(L, (void *)from);
    if (lua_rawget(L, sets) != LUA_TNIL) {
      lua_pushlightuserdata(L, (void *)from);
      lua_pushnil(L);
      lua_rawset(L, sets);
      e->nsets--;
    }
    return 0;
  }
  lua_pushlightuserdata(L, (void *)to);
  if (e->locals_owner == from) {
    save_live(L, e, fns);
  } else {
    lua_pushlightuserdata(L, (void *)from);
    if (lua_rawget(L, sets) == LUA_TNIL) {
      lua_pop(L, 2);
      return 0;          /* from has run no Lua: to starts at load's */
    }
    int src = lua_gettop(L);
    lua_createtable(L, e->nlocals, 0);
    for (int k = 1; k <= e->nlocals; k++) {
      lua_rawgeti(L, src, k);
      lua_rawseti(L, -2, k);
    }
    lua_remove(L, src);
  }
  lua_rawset(L, sets);
  e->nsets++;
  return 0;
}

void mj_lua_locals_copy(mj_entry *e, const void *from, const void *to)
{
  if (e->nlocals == 0 || e->locals_ref == LUA_NOREF)
    return;
  if (to == NULL && from != e->locals_owner && e->nsets == 0)
    return;          /* no set kept: nothing to drop */
  lua_State *L = e->vm->L;
  if (!lua_checkstack(L, 8))
    return;
  mj_error err;
  lua_pushcfunction(L, copy_body);
  lua_pushlightuserdata(L, e);
  lua_pushlightuserdata(L, (void *)from);
  lua_pushlightuserdata(L, (void *)to);
  /* out of memory: to starts from the values at load */
  (void)mj_lua_call(e->vm, 3, 0, e->host->cfg.call_budget, 0,
                    e->host->cfg.call_seconds, false, &err);
}
