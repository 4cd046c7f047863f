/*
** safelib.c
** The standard library functions whose work grows with an argument,
** replaced by versions that charge that work to the running call's
** budget as they go: a call such as table.move({}, 1, 1e15, 1) runs no
** Lua instruction and allocates nothing, so without this neither the
** instruction hook, nor the clock, nor Ctrl-C would ever see it.
** The list of what is replaced, and why, is in docs and README (trust).
*/
#include <limits.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "i18n.h"
#include "host_int.h"

enum { CHARGE_EVERY = 1024 };   /* steps between two looks at the budget */

typedef struct meter {
  lua_State *L;
  mj_vm *vm;
  long steps;
} meter;

static void meter_init(meter *m, lua_State *L)
{
  m->L = L;
  m->vm = mj_vm_of(L);
  m->steps = 0;
}

/* One step of work; every CHARGE_EVERY steps the budget, the clock and
   Ctrl-C are looked at (raises when spent). */
static inline void tick(meter *m)
{
  if (++m->steps >= CHARGE_EVERY) {
    mj_vm_charge(m->vm, m->L, m->steps);
    m->steps = 0;
  }
}

/* An element read and written: two steps, as the two instructions a Lua
   loop doing the same would run. */
static inline void tick_copy(meter *m)
{
  if ((m->steps += 2) >= CHARGE_EVERY) {
    mj_vm_charge(m->vm, m->L, m->steps);
    m->steps = 0;
  }
}

static void meter_done(meter *m)
{
  if (m->steps > 0)
    mj_vm_charge(m->vm, m->L, m->steps);
  m->steps = 0;
}

/* Charge n steps at once, in pieces so that a huge n is refused by the
   budget before anything is done. */
static void charge(lua_State *L, lua_Integer n)
{
  mj_vm *vm = mj_vm_of(L);
  while (n > 0) {
    long k = n > (1L << 30) ? (1L << 30) : (long)n;
    mj_vm_charge(vm, L, k);
    n -= k;
  }
}

/* {====================================================================
** table
** ===================================================================== */

/* #t for the table functions (the length operator, metamethods
   included, as the library does). */
static lua_Integer len_of(lua_State *L, int idx)
{
  luaL_checktype(L, idx, LUA_TTABLE);
  return luaL_len(L, idx);
}

/* table.move(a1, f, e, t [, a2]) */
static int t_move(lua_State *L)
{
  lua_Integer f = luaL_checkinteger(L, 2);
  lua_Integer e = luaL_checkinteger(L, 3);
  lua_Integer t = luaL_checkinteger(L, 4);
  int dst = lua_isnoneornil(L, 5) ? 1 : 5;
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, dst, LUA_TTABLE);
  if (e >= f) {
    luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3,
                  "too many elements to move");
    lua_Integer n = e - f;            /* elements less one */
    luaL_argcheck(L, t <= LUA_MAXINTEGER - n, 4, "destination wrap around");
    meter m;
    meter_init(&m, L);
    /* forward unless the ranges overlap with the destination after */
    if (t > e || t <= f || (dst != 1 && !lua_compare(L, 1, dst, LUA_OPEQ))) {
      for (lua_Integer i = 0; i <= n; i++) {
        lua_geti(L, 1, f + i);
        lua_seti(L, dst, t + i);
        tick_copy(&m);
      }
    } else {
      for (lua_Integer i = n; i >= 0; i--) {
        lua_geti(L, 1, f + i);
        lua_seti(L, dst, t + i);
        tick_copy(&m);
      }
    }
    meter_done(&m);
  }
  lua_pushvalue(L, dst);
  return 1;
}

/* table.concat(list [, sep [, i [, j]]]) */
static int t_concat(lua_State *L)
{
  lua_Integer last = len_of(L, 1);
  size_t lsep;
  const char *sep = luaL_optlstring(L, 2, "", &lsep);
  lua_Integer i = luaL_optinteger(L, 3, 1);
  last = luaL_optinteger(L, 4, last);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  meter m;
  meter_init(&m, L);
  for (; i <= last; i++) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
      return luaL_error(L, _("invalid value (at index %I) in table for 'concat'"),
                        i);
    size_t l;
    lua_tolstring(L, -1, &l);
    luaL_addvalue(&b);
    if (i != last)
      luaL_addlstring(&b, sep, lsep);
    m.steps += (long)((l + lsep) >> 6);
    tick(&m);
    if (i == LUA_MAXINTEGER)
      break;
  }
  meter_done(&m);
  luaL_pushresult(&b);
  return 1;
}

/* table.insert(list, [pos,] value): the elements after pos move up */
static int t_insert(lua_State *L)
{
  lua_Integer n = len_of(L, 1);
  luaL_argcheck(L, n < LUA_MAXINTEGER, 1, "too long to insert into");
  lua_Integer e = n + 1;   /* the first empty slot */
  lua_Integer pos;
  switch (lua_gettop(L)) {
  case 2:
    pos = e;
    break;
  case 3:
    pos = luaL_checkinteger(L, 2);
    luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2,
                  "position out of bounds");
    charge(L, e - pos);   /* a read and a write each */
    charge(L, e - pos);
    for (lua_Integer i = e; i > pos; i--) {
      lua_geti(L, 1, i - 1);
      lua_seti(L, 1, i);
    }
    break;
  default:
    return luaL_error(L, _("wrong number of arguments to 'insert'"));
  }
  lua_seti(L, 1, pos);
  return 0;
}

/* table.remove(list [, pos]): the elements after pos move down */
static int t_remove(lua_State *L)
{
  lua_Integer size = len_of(L, 1);
  lua_Integer pos = luaL_optinteger(L, 2, size);
  if (pos != size)
    luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2,
                  "position out of bounds");
  lua_geti(L, 1, pos);
  if (pos < size) {
    charge(L, size - pos);   /* a read and a write each */
    charge(L, size - pos);
  }
  for (; pos < size; pos++) {
    lua_geti(L, 1, pos + 1);
    lua_seti(L, 1, pos);
  }
  lua_pushnil(L);
  lua_seti(L, 1, pos);
  return 1;
}

/* table.unpack(list [, i [, j]]) */
static int t_unpack(lua_State *L)
{
  lua_Integer i = luaL_optinteger(L, 2, 1);
  lua_Integer e = lua_isnoneornil(L, 3) ? luaL_len(L, 1)
                                        : luaL_checkinteger(L, 3);
  if (i > e)
    return 0;
  lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)i;
  if (n >= (unsigned int)INT_MAX || !lua_checkstack(L, (int)(++n)))
    return luaL_error(L, _("too many results to unpack"));
  charge(L, (lua_Integer)n);
  for (; i < e; i++)
    lua_geti(L, 1, i);
  lua_geti(L, 1, e);
  return (int)n;
}

/* Is list[a] < list[b] (by the order function at index 2, if any)? */
static int sort_less(lua_State *L, lua_Integer a, lua_Integer b)
{
  lua_geti(L, 1, a);
  lua_geti(L, 1, b);
  int lt;
  if (lua_isnil(L, 2)) {
    lt = lua_compare(L, -2, -1, LUA_OPLT);
    lua_pop(L, 2);
  } else {
    lua_pushvalue(L, 2);
    lua_insert(L, -3);
    lua_call(L, 2, 1);
    lt = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  return lt;
}

static void sort_swap(lua_State *L, lua_Integer a, lua_Integer b)
{
  lua_geti(L, 1, a);
  lua_geti(L, 1, b);
  lua_seti(L, 1, a);
  lua_seti(L, 1, b);
}

/* Sift the element at i down the heap of list[1..n]. */
static void sift(lua_State *L, meter *m, lua_Integer i, lua_Integer n)
{
  for (;;) {
    lua_Integer c = 2 * i;
    if (c > n)
      return;
    if (c < n && sort_less(L, c, c + 1))
      c++;
    tick(m);
    if (!sort_less(L, i, c))
      return;
    sort_swap(L, i, c);
    i = c;
  }
}

/* table.sort(list [, comp]): a heap sort, n log n comparisons whatever
   the order function answers (an inconsistent one cannot make it run
   long or read outside the list); like the library's, not stable. */
static int t_sort(lua_State *L)
{
  lua_Integer n = len_of(L, 1);
  if (n > 1) {
    luaL_argcheck(L, n < INT_MAX, 1, "array too big");
    if (!lua_isnoneornil(L, 2))
      luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    meter m;
    meter_init(&m, L);
    for (lua_Integer i = n / 2; i >= 1; i--)
      sift(L, &m, i, n);
    for (lua_Integer end = n; end > 1; end--) {
      sort_swap(L, 1, end);
      sift(L, &m, 1, end - 1);
    }
    meter_done(&m);
  }
  return 0;
}

/* }==================================================================== */

/* {====================================================================
** string and utf8
** ===================================================================== */

/* string.rep(s, n [, sep]) */
static int s_rep(lua_State *L)
{
  size_t l, lsep;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *sep = luaL_optlstring(L, 3, "", &lsep);
  if (n <= 0 || l + lsep == 0) {        /* nothing, however many times */
    lua_pushliteral(L, "");
    return 1;
  }
  if (l + lsep < l || l + lsep > (size_t)LUA_MAXINTEGER / (size_t)n)
    return luaL_error(L, _("resulting string too large"));
  size_t total = (size_t)n * l + (size_t)(n - 1) * lsep;
  mj_vm *vm = mj_vm_of(L);
  if (total > vm->limit - vm->used) {
    return luaL_error(L, _("string.rep: the result (%I bytes) is larger "
                      "than the memory left (the limit is %I MB)"),
                      (lua_Integer)total, (lua_Integer)(vm->limit >> 20));
  }
  luaL_Buffer b;                 /* its bytes are charged as allocated */
  char *p = luaL_buffinitsize(L, &b, total);
  meter m;
  meter_init(&m, L);
  for (lua_Integer i = 0; i < n; i++) {
    memcpy(p, s, l);
    p += l;
    if (lsep > 0 && i + 1 < n) {
      memcpy(p, sep, lsep);
      p += lsep;
    }
    if ((i & 63) == 63)          /* a step for every 64 copies */
      tick(&m);
  }
  luaL_pushresultsize(&b, total);
  return 1;
}

/*
** The library function in upvalue 1, after charging one step for every
** upvalue-2 bytes of the string arguments: its work is a pass over them
** (byte, sub, upper, lower, reverse, format, pack, tonumber, the utf8
** functions, the strings' arithmetic). It runs in a protected call so
** that its own errors ("bad argument") are raised again from here, with
** its name (upvalue 3) and the place of the Lua code that called it,
** as the library's would be.
*/
static int by_length(lua_State *L)
{
  lua_Integer per = lua_tointeger(L, lua_upvalueindex(2));
  size_t total = 0;
  for (int i = 1; i <= lua_gettop(L); i++)
    if (lua_type(L, i) == LUA_TSTRING)
      total += lua_rawlen(L, i);
  charge(L, 1 + (lua_Integer)(total / (size_t)per));
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  int st = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  if (st == LUA_OK)
    return lua_gettop(L);
  mj_vm *vm = mj_vm_of(L);
  const char *msg = lua_tostring(L, -1);
  if (st != LUA_ERRRUN || vm->aborting || vm->mem_hit || msg == NULL)
    return lua_error(L);          /* a budget, Ctrl-C or memory: as it is */
  const char *name = lua_tostring(L, lua_upvalueindex(3));
  const char *q = strstr(msg, " to '?'");
  luaL_where(L, 1);                      /* the caller's file:line: */
  const char *where = lua_tostring(L, -1);
  if (q != NULL) {
    const char *head = lua_pushlstring(L, msg, (size_t)(q - msg));
    lua_pushfstring(L, "%s%s to '%s'%s", where, head, name, q + 7);
  } else {
    lua_pushfstring(L, "%s%s", where, msg);
  }
  return lua_error(L);
}

/* }==================================================================== */

static void set_all(lua_State *L, const char *lib, const luaL_Reg *fns)
{
  lua_getglobal(L, lib);
  luaL_setfuncs(L, fns, 0);
  lua_pop(L, 1);
}

/* Wrap the C function t.name (t at idx) by by_length, a step for every
   per bytes; shown in errors as label. */
static void wrap_at(lua_State *L, int idx, const char *name, int per,
                    const char *label)
{
  idx = lua_absindex(L, idx);
  lua_getfield(L, idx, name);
  if (lua_iscfunction(L, -1)) {
    lua_pushinteger(L, per);
    lua_pushstring(L, label);
    lua_pushcclosure(L, by_length, 3);
    lua_setfield(L, idx, name);
  } else {
    lua_pop(L, 1);
  }
}

/* Wrap lib.name (a global library table) by by_length. */
static void wrap(lua_State *L, const char *lib, const char *name, int per)
{
  lua_getglobal(L, lib);
  wrap_at(L, -1, name, per, name);
  lua_pop(L, 1);
}

void mj_lua_safe_libs(lua_State *L)
{
  static const luaL_Reg table_fns[] = {
    { "move", t_move },     { "concat", t_concat }, { "insert", t_insert },
    { "remove", t_remove }, { "unpack", t_unpack }, { "sort", t_sort },
    { NULL, NULL }
  };
  static const luaL_Reg string_fns[] = { { "rep", s_rep }, { NULL, NULL } };
  set_all(L, LUA_TABLIBNAME, table_fns);
  set_all(L, LUA_STRLIBNAME, string_fns);
  /* a step for every 8 bytes where each byte may become a value on the
     stack, every 64 where the work is a copy */
  wrap(L, LUA_STRLIBNAME, "byte", 8);
  static const char *const copies[] = { "sub", "upper", "lower", "reverse",
                                        "format", "pack", "unpack", NULL };
  for (int i = 0; copies[i]; i++)
    wrap(L, LUA_STRLIBNAME, copies[i], 64);
  static const char *const utf8s[] = { "codepoint", "len", "offset", "char",
                                       NULL };
  for (int i = 0; utf8s[i]; i++)
    wrap(L, LUA_UTF8LIBNAME, utf8s[i], 8);
  wrap(L, LUA_STRLIBNAME, "packsize", 8);
  wrap(L, LUA_STRLIBNAME, "char", 8);
  wrap(L, LUA_MATHLIBNAME, "tointeger", 8);   /* read a numeral: a pass */
  lua_pushglobaltable(L);
  wrap_at(L, -1, "tonumber", 8, "tonumber");
  lua_pop(L, 1);
  /* "123..." + 1: the strings' arithmetic reads the numeral in C, within
     one instruction */
  static const char *const arith[] = { "__add", "__sub", "__mul", "__div",
                                       "__mod", "__pow", "__unm", "__idiv",
                                       NULL };
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1)) {
    for (int i = 0; arith[i]; i++)
      wrap_at(L, -1, arith[i], 8, arith[i]);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}
