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
** Tables go with the values: a table only the file's locals reach (not
** the ruleset R, not an environment, not the prelude's) is the game's
** own, so a file-level `local seen = {}` changed in place lasts one game
** too. A copy of them is made at load; a new game gets the tables live
** at load put back to it in place (the twins) when no other game holds
** them, else a copy of it, with the tables' sharing kept.
*/
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "host_int.h"

/* The most values a walk visits: a ruleset whose data is larger is
   refused (the walk would take long and every game's set be large). */
enum { MAX_VISITS = 1000000, MAX_OWN = 1000000 };

/* registry[e->locals_ref]: { fns = {closures}, s0 = {values at load},
   sets = {[game] = {values}}, pub = {[table] = true} } (the upvalue of
   fns[k] is idx[k]; pub the tables the games share: R's, the
   environments'). */

/* A walk over what the ruleset's functions reach, breadth first: queue
   and seen are tables of the state; ids the upvalues recorded (by
   lua_upvalueid), each once into fns (its closure) and s0 (its value). */
typedef struct walk {
  lua_State *L;
  mj_entry *e;
  int queue, seen, ids, fns, s0, envs;   /* envs: the shared roots */
  lua_Integer head, tail, nenvs;
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

/* Tables from the n roots in the list roots, through keys, values and
   metatables, marked in pub (functions not entered: what they reach is
   not shared by being reachable). */
static void mark_shared(lua_State *L, int pub, int roots, lua_Integer n,
                        long *visits)
{
  lua_newtable(L);
  int queue = lua_gettop(L);
  lua_Integer head = 0, tail = 0;
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, roots, i);
    lua_rawseti(L, queue, ++tail);
  }
  while (head < tail) {
    lua_rawgeti(L, queue, ++head);
    int v = lua_gettop(L);
    if (lua_type(L, v) != LUA_TTABLE) {
      lua_pop(L, 1);
      continue;
    }
    lua_pushvalue(L, v);
    if (lua_rawget(L, pub) != LUA_TNIL || ++*visits > MAX_VISITS) {
      lua_settop(L, v - 1);
      continue;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, v);
    lua_pushboolean(L, 1);
    lua_rawset(L, pub);
    lua_pushnil(L);
    while (lua_next(L, v)) {
      for (int j = -2; j <= -1; j++)
        if (lua_type(L, j) == LUA_TTABLE) {
          lua_pushvalue(L, j);
          lua_rawseti(L, queue, ++tail);
        }
      lua_pop(L, 1);
    }
    if (lua_getmetatable(L, v))
      lua_rawseti(L, queue, ++tail);
    lua_settop(L, v - 1);
  }
  lua_pop(L, 1);
}

/* The value on top as the copy has it: a table not in pub becomes its
   copy (made empty now, noted in todo to fill). */
static void map_value(lua_State *L, int pub, int memo, int todo,
                      lua_Integer *n)
{
  if (lua_type(L, -1) != LUA_TTABLE)
    return;
  lua_pushvalue(L, -1);
  if (lua_rawget(L, pub) != LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  lua_pop(L, 1);
  lua_pushvalue(L, -1);
  if (lua_rawget(L, memo) != LUA_TNIL) {
    lua_replace(L, -2);
    return;
  }
  lua_pop(L, 1);
  lua_pushvalue(L, -1);
  lua_rawseti(L, todo, ++*n);
  int narr = (int)lua_rawlen(L, -1), nall = 0;   /* sized: no rehash */
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    nall++;
    lua_pop(L, 1);
  }
  lua_createtable(L, narr, nall > narr ? nall - narr : 0);
  lua_pushvalue(L, -2);
  lua_pushvalue(L, -2);
  lua_rawset(L, memo);
  lua_replace(L, -2);
}

/* A copy of the set at src (n values) pushed, its tables not in pub
   copied whole, shared or cyclic as they were; *own += the values and
   keys copied; each table's copy in memo (0: a table of its own).
   Iterative: a deep table costs no C stack. */
static void push_copy(lua_State *L, int n, int src, int pub, int memo,
                      long *own)
{
  src = lua_absindex(L, src);
  pub = lua_absindex(L, pub);
  memo = memo ? lua_absindex(L, memo) : 0;
  lua_createtable(L, n, 0);
  int out = lua_gettop(L);
  if (memo == 0)
    lua_createtable(L, 0, 8);
  else
    lua_pushvalue(L, memo);
  memo = out + 1;
  lua_createtable(L, 8, 0);
  int todo = out + 2;
  lua_Integer nt = 0;
  for (int k = 1; k <= n; k++) {
    lua_rawgeti(L, src, k);
    map_value(L, pub, memo, todo, &nt);
    lua_rawseti(L, out, k);
  }
  for (lua_Integer i = 1; i <= nt; i++) {
    lua_rawgeti(L, todo, i);
    int orig = lua_gettop(L);
    lua_pushvalue(L, orig);
    lua_rawget(L, memo);
    int copy = orig + 1;
    lua_pushnil(L);
    while (lua_next(L, orig)) {
      lua_pushvalue(L, -2);
      map_value(L, pub, memo, todo, &nt);
      lua_pushvalue(L, -2);
      map_value(L, pub, memo, todo, &nt);
      lua_rawset(L, copy);
      lua_pop(L, 1);
      ++*own;
    }
    if (lua_getmetatable(L, orig))
      lua_setmetatable(L, copy);
    lua_settop(L, orig - 1);
  }
  lua_settop(L, out);
}

/* The twins (the tables of the set at load, live) put back in place to
   the values at load: twin maps each copy at load (list) to its twin. */
static void restore_twins(lua_State *L, int twin, int list)
{
  lua_Integer n = (lua_Integer)lua_rawlen(L, list);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, list, i);
    int p = lua_gettop(L);
    lua_pushvalue(L, p);
    lua_rawget(L, twin);
    int t = p + 1;
    lua_pushnil(L);                 /* keys the game added: gone */
    while (lua_next(L, t)) {
      lua_pop(L, 1);
      lua_pushvalue(L, -1);
      if (lua_rawget(L, p) == LUA_TNIL) {
        lua_pushvalue(L, -2);
        lua_pushnil(L);
        lua_rawset(L, t);
      }
      lua_pop(L, 1);
    }
    lua_pushnil(L);                 /* the values at load, twins for copies */
    while (lua_next(L, p)) {
      if (lua_type(L, -1) == LUA_TTABLE) {
        lua_pushvalue(L, -1);
        if (lua_rawget(L, twin) != LUA_TNIL)
          lua_replace(L, -2);
        else
          lua_pop(L, 1);
      }
      lua_pushvalue(L, -2);
      lua_rawget(L, t);
      if (!lua_rawequal(L, -1, -2)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, t);
      } else {
        lua_pop(L, 2);
      }
    }
    if (lua_getmetatable(L, p))
      lua_setmetatable(L, t);
    else
      (lua_pushnil(L), lua_setmetatable(L, t));
    lua_settop(L, p - 1);
  }
}

/* After the walk: the tables the games share (pub) and each game's own,
   kept in the box: s0 the values at load with their own tables copied,
   live0 the values live now, twin and list the copies and their twins;
   ruleset the stack index of R, a root of what the games share. */
static int keep_own(lua_State *L, mj_entry *e, walk *w, int box, int ruleset)
{
  /* what the games share: tables reached from R, the globals and the
     environments through tables alone (not looked for when no local
     holds a table at load) */
  bool tables = false;
  for (int k = 1; k <= e->nlocals && !tables; k++) {
    tables = lua_rawgeti(L, w->s0, k) == LUA_TTABLE;
    lua_pop(L, 1);
  }
  lua_createtable(L, 0, tables ? 512 : 0);
  int pub = lua_gettop(L);
  lua_pushvalue(L, pub);
  lua_setfield(L, box, "pub");
  lua_pushvalue(L, w->s0);
  lua_setfield(L, box, "live0");
  if (!tables) {
    lua_pushvalue(L, w->s0);
    lua_setfield(L, box, "s0");
    return 0;
  }
  lua_pushvalue(L, ruleset);
  lua_rawseti(L, w->envs, ++w->nenvs);
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  lua_rawseti(L, w->envs, ++w->nenvs);
  lua_rawgeti(L, LUA_REGISTRYINDEX, e->vm->prelude_ref);
  lua_rawseti(L, w->envs, ++w->nenvs);
  mark_shared(L, pub, w->envs, w->nenvs, &w->visits);
  /* the values at load with their own tables copied (memo: each table
     live now to its copy): every new set's source, and the tables live
     now the twins a game gets when no other holds them */
  lua_newtable(L);
  int memo = lua_gettop(L);
  long own = 0;
  push_copy(L, e->nlocals, w->s0, pub, memo, &own);
  if (own > MAX_OWN)
    return luaL_error(L, "the tables only its locals reach hold more than %d "
                      "values, and every game has its own copy of them",
                      MAX_OWN);
  lua_setfield(L, box, "s0");
  lua_newtable(L);
  int twin = lua_gettop(L);
  lua_newtable(L);
  int list = twin + 1;
  lua_pushnil(L);
  while (lua_next(L, memo)) {
    lua_pushvalue(L, -1);
    lua_pushvalue(L, -3);
    lua_rawset(L, twin);
    lua_rawseti(L, list, ++e->nown);
  }
  e->twins_ok = true;    /* unless a copy is a key: restore could not */
  for (int i = 1; i <= e->nown; i++) {
    lua_rawgeti(L, list, i);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      lua_pop(L, 1);
      lua_pushvalue(L, -1);
      if (lua_type(L, -1) == LUA_TTABLE && lua_rawget(L, twin) != LUA_TNIL)
        e->twins_ok = false;
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_setfield(L, box, "list");
  lua_setfield(L, box, "twin");
  return 0;
}

/* A Lua function's upvalues: each recorded, its value visited; the
   environments and what the prelude's functions hold are everyone's
   (roots of what the games share). */
static void visit_function(walk *w, int v)
{
  lua_State *L = w->L;
  lua_Debug ar;
  lua_pushvalue(L, v);
  lua_getinfo(L, ">S", &ar);
  bool prelude = strcmp(ar.source, "=prelude") == 0;
  const char *name;
  for (int i = 1; (name = lua_getupvalue(L, v, i)) != NULL; i++) {
    if (prelude || strcmp(name, "_ENV") == 0) {
      lua_pushvalue(L, -1);
      lua_rawseti(L, w->envs, ++w->nenvs);
    }
    enqueue(w, -1);
    lua_pop(L, 1);
    if (!record_upvalue(w, v, i))
      luaL_error(L, "not enough memory");
  }
}

static int walk_body(lua_State *L)
{
  luaL_checkstack(L, 40, "locals");
  mj_entry *e = lua_touserdata(L, 1);
  walk w = { L, e, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
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
  lua_newtable(L);
  w.envs = lua_gettop(L);
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
      visit_function(&w, v);
    }
    lua_settop(L, v - 1);
  }
  keep_own(L, e, &w, box, 2);   /* walk_body(e, R) */
  lua_pushvalue(L, box);
  e->locals_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

mj_status mj_lua_locals_init(mj_entry *e, int ruleset_ref, mj_error *err)
{
  lua_State *L = e->vm->L;
  e->locals_ref = LUA_NOREF;
  e->nlocals = e->nsets = 0;
  e->nown = 0;
  e->twins_ok = false;
  e->twins_owner = NULL;
  e->locals_owner = NULL;
  lua_pushcfunction(L, walk_body);
  lua_pushlightuserdata(L, e);
  lua_rawgeti(L, LUA_REGISTRYINDEX, ruleset_ref);
  if (mj_lua_call(e->vm, 2, 0, e->host->cfg.load_budget, 0,
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
  luaL_checkstack(L, 40, "locals");
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
    if (e->nown == 0) {
      lua_getfield(L, box, "live0");
    } else if (e->twins_ok && e->twins_owner == NULL) {
      lua_getfield(L, box, "twin");
      lua_getfield(L, box, "list");
      restore_twins(L, lua_gettop(L) - 1, lua_gettop(L));
      lua_pop(L, 2);
      lua_getfield(L, box, "live0");
      e->twins_owner = g;
    } else {              /* the twins are another game's: a copy */
      long own = 0;
      lua_getfield(L, box, "s0");
      lua_getfield(L, box, "pub");
      push_copy(L, e->nlocals, -2, -1, 0, &own);
    }
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
  luaL_checkstack(L, 40, "locals");
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
  }
  long own = 0;
  lua_getfield(L, box, "pub");
  push_copy(L, e->nlocals, -2, -1, 0, &own);   /* to's tables its own */
  lua_replace(L, -3);
  lua_pop(L, 1);
  lua_rawset(L, sets);
  e->nsets++;
  return 0;
}

void mj_lua_locals_copy(mj_entry *e, const void *from, const void *to)
{
  if (e->nlocals == 0 || e->locals_ref == LUA_NOREF)
    return;
  if (to == NULL && from == e->twins_owner)
    e->twins_owner = NULL;     /* the twins are free for the next game */
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
