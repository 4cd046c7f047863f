/*
** box.c
** Malloc'd memory owned by Lua's collector: a C function that holds a
** buffer while it calls Lua functions that may raise (an out-of-memory
** error included) boxes it first, so the buffer is freed either way.
*/
#include <stdlib.h>

#include <lauxlib.h>
#include <lua.h>

#include "bind.h"

static int box_gc(lua_State *L)
{
  void **p = luaL_checkudata(L, 1, "mj.box");
  free(*p);
  *p = NULL;
  return 0;
}

void **mj_lua_newbox(lua_State *L)
{
  void **u = lua_newuserdatauv(L, sizeof *u, 0);
  *u = NULL;                       /* empty until the metatable is set */
  if (luaL_newmetatable(L, "mj.box")) {
    lua_pushcfunction(L, box_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, box_gc);
    lua_setfield(L, -2, "__close");
  }
  lua_setmetatable(L, -2);
  return u;
}
