/*
** builder.c
** The C side of the ruleset language: the helpers the prelude calls
** while a ruleset loads (H.build_base, H.register, H.where...), and the
** making of a ruleset's state (its trimmed libraries and the prelude).
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "chunks.h"
#include "i18n.h"
#include "host_int.h"
#include "text.h"
#include "ruleset_fields.h"


/* H.build_base(id): the builder of ruleset id, for mj.extend. */
static int H_build_base(lua_State *L)
{
  mj_vm *vm = mj_vm_of(L);
  mj_host *h = vm->host;
  const char *id = luaL_checkstring(L, 1);
  char path[512];
  for (int i = 0; i < vm->nbase; i++)
    if (strcmp(vm->base_stack[i], id) == 0)
      return luaL_error(L, _("mj.extend: ruleset '%s' extends itself"), id);
  if (vm->nbase >= 8)
    return luaL_error(L, _("mj.extend: rulesets extend each other too deeply"));
  if (!mj_host_find_file(h, id, path, sizeof path))
    return luaL_error(
        L, _("mj.extend: no ruleset '%s' in the ruleset directories"), id);
  lua_getfield(L, LUA_REGISTRYINDEX, "hule.loading");
  bool self = lua_istable(L, -1) && lua_getfield(L, -1, path) == LUA_TBOOLEAN &&
              lua_toboolean(L, -1);
  if (self)
    return luaL_error(L, _("mj.extend: ruleset '%s' extends itself"), id);
  lua_settop(L, 1);
  int saved = vm->builder_ref;
  vm->builder_ref = LUA_NOREF;
  snprintf(vm->base_stack[vm->nbase], sizeof vm->base_stack[0], "%s", id);
  vm->nbase++;
  mj_lua_run_file(L, vm, path, NULL, 0);
  vm->nbase--;
  int got = vm->builder_ref;
  vm->builder_ref = saved;
  if (got == LUA_NOREF)
    return luaL_error(L, _("mj.extend: %s made no ruleset"), path);
  lua_rawgeti(L, LUA_REGISTRYINDEX, got);
  luaL_unref(L, LUA_REGISTRYINDEX, got);
  return 1;
}

static int H_register(lua_State *L)
{
  mj_vm *vm = mj_vm_of(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  if (vm->builder_ref != LUA_NOREF)
    luaL_unref(L, LUA_REGISTRYINDEX, vm->builder_ref);
  lua_pushvalue(L, 1);
  vm->builder_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

static int H_check_loading(lua_State *L)
{
  if (!mj_vm_of(L)->loading)
    return luaL_error(L, _("%s can only be called while a ruleset loads"),
                      luaL_checkstring(L, 1));
  return 0;
}

/* H.ruleset_fields(): { field = Lua type } of ruleset_fields.h. */
static int H_ruleset_fields(lua_State *L)
{
  lua_newtable(L);
#define MJ_RF_SET(field, type, words)                                        \
  lua_pushliteral(L, type);                                                  \
  lua_setfield(L, -2, field);
  MJ_RULESET_FIELDS(MJ_RF_SET)
#undef MJ_RF_SET
  return 1;
}

static int H_where(lua_State *L)
{
  int level = (int)luaL_optinteger(L, 1, 1);
  lua_Debug ar;
  /* the caller at level, or the first file line above it (a tail call,
     "return mj.ruleset {...}", leaves no line of its own) */
  for (; lua_getstack(L, level, &ar); level++)
    if (lua_getinfo(L, "Sl", &ar) && ar.source[0] == '@' &&
        ar.currentline > 0) {
      lua_pushfstring(L, "%s:%d", ar.short_src, ar.currentline);
      return 1;
    }
  /* no line at all (the file's chunk tail-called its last call): the
     file running now */
  const mj_vm *vm = mj_vm_of(L);
  if (vm->loading_file[0] != '\0')
    lua_pushstring(L, vm->loading_file);
  else
    lua_pushliteral(L, "?");
  return 1;
}

static int H_user_options(lua_State *L)
{
  mj_vm *vm = mj_vm_of(L);
  if (vm->user_opts_ref == LUA_NOREF) {
    lua_newtable(L);
    return 1;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, vm->user_opts_ref);
  mj_lua_copy_table(L, -1);
  return 1;
}

static int H_tilemask(lua_State *L)
{
  size_t n;
  const char *s = luaL_checklstring(L, 1, &n);
  mj_tile t[64];
  int k = 0;
  mj_error e;
  if (mj_tiles_parse(s, n, 1, false, t, NULL, 64, &k, &e) != MJ_OK) {
    lua_pushnil(L);
    char b[300];
    lua_pushstring(L, mj_error_text(&e, b, sizeof b));
    return 2;
  }
  lua_Integer mask = 0;
  for (int i = 0; i < k; i++)
    mask |= (lua_Integer)1 << t[i];
  lua_pushinteger(L, mask);
  return 1;
}

static int H_settext(lua_State *L)
{
  lua_Integer mask = luaL_checkinteger(L, 1);
  lua_Integer dyn = luaL_optinteger(L, 2, 0);
  uint8_t c[MJ_KINDS] = { 0 };
  for (int t = 0; t < MJ_KINDS; t++)
    c[t] = (mask >> t) & 1;
  char buf[128];
  mj_counts_print(c, MJ_KINDS, buf, sizeof buf);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, "tiles\"");
  luaL_addstring(&b, buf);
  luaL_addstring(&b, "\"");
  if (dyn & MJ_DYN_SEAT)
    luaL_addstring(&b, " + SEAT");
  if (dyn & MJ_DYN_ROUND)
    luaL_addstring(&b, " + ROUND");
  if (dyn & MJ_DYN_WILD)
    luaL_addstring(&b, " + WILD");
  luaL_pushresult(&b);
  return 1;
}

/* nil and the message: the prelude raises it where the ruleset is made. */
static int option_error(lua_State *L, const char *fmt, const char *name,
                        const char *v)
{
  lua_pushnil(L);
  lua_pushfstring(L, fmt, name, v);
  return 2;
}

/* H.convert_option(name, value, default, kind): a user's text to the
** option's type, or nil and why. */
static int H_convert_option(lua_State *L)
{
  const char *name = luaL_checkstring(L, 1);
  int dt = lua_type(L, 3);
  const char *kind = luaL_optstring(L, 4, "");
  if (lua_type(L, 2) != LUA_TSTRING) {
    lua_pushvalue(L, 2);
    return 1;
  }
  const char *v = lua_tostring(L, 2);
  if (strcmp(kind, "tile") == 0) {
    mj_tile t;
    if (strcmp(v, "off") == 0 || strcmp(v, "false") == 0 ||
        strcmp(v, "none") == 0) {
      lua_pushboolean(L, 0);
      return 1;
    }
    if (mj_tile_parse(v, strlen(v), &t, NULL) != MJ_OK || t >= MJ_KINDS)
      return option_error(
          L, "option %s: '%s' is not a tile (1-9m/p/s, 1-7z) or off", name, v);
    char b[3];
    lua_pushstring(L, mj_tile_str(t, b));
    return 1;
  }
  if (dt == LUA_TBOOLEAN) {
    if (!strcmp(v, "true") || !strcmp(v, "on") || !strcmp(v, "yes") ||
        !strcmp(v, "1"))
      lua_pushboolean(L, 1);
    else if (!strcmp(v, "false") || !strcmp(v, "off") || !strcmp(v, "no") ||
             !strcmp(v, "0"))
      lua_pushboolean(L, 0);
    else
      return option_error(L, "option %s: '%s' is not true or false", name, v);
    return 1;
  }
  if (dt == LUA_TNUMBER) {
    if (!lua_stringtonumber(L, v))
      return option_error(L, "option %s: '%s' is not a number", name, v);
    return 1;
  }
  lua_pushvalue(L, 2);
  return 1;
}

/* H.distance(a, b): the edit distance of two names in characters. */
static int H_distance(lua_State *L)
{
  lua_pushinteger(L, mj_text_distance(luaL_checkstring(L, 1),
                                      luaL_checkstring(L, 2)));
  return 1;
}

/* H.check_fan(t, scoring): raise where t is no fan. A state of shipped
   files alone (no foreign code) has known-good fans: they are compiled,
   all the same, with the ruleset (a bad one named at its "where"). */
static int H_check_fan(lua_State *L)
{
  luaL_checktype(L, 1, LUA_TTABLE);
  if (!mj_vm_of(L)->foreign)
    return 0;
  const char *scoring = luaL_optstring(L, 2, "sum");
  mj_fan_def def;
  mj_error e;
  int mode = mj_scoring_from_name(scoring);
  if (mj_lua_compile_fan(L, 1, mode < 0 ? MJ_SCORING_SUM : mode, &def, NULL,
                         &e) != MJ_OK) {
    lua_pushstring(L, e.msg);     /* the message names the user's file:line */
    return lua_error(L);
  }
  return 0;
}

/* H.tr(message): the prelude's message in the language in use. */
static int H_tr(lua_State *L)
{
  lua_pushstring(L, _(luaL_checkstring(L, 1)));
  return 1;
}

static const luaL_Reg helpers[] = {
  { "tr", H_tr },
  { "build_base", H_build_base },
  { "register", H_register },
  { "check_loading", H_check_loading },
  { "where", H_where },
  { "ruleset_fields", H_ruleset_fields },
  { "user_options", H_user_options },
  { "tilemask", H_tilemask },
  { "settext", H_settext },
  { "convert_option", H_convert_option },
  { "check_fan", H_check_fan },
  { "distance", H_distance },
  { NULL, NULL }
};

/* Run the prelude with the helpers; keep the language it returns in the
   registry and leave it on the stack. [-0, +1, e] */
void mj_lua_open_prelude(lua_State *L)
{
  const mj_chunk *c = mj_chunk_named("lua/prelude.lua");
  if (mj_lua_load_text(L, c->text, c->text_len, "=prelude") != LUA_OK)
    lua_error(L);
  luaL_newlib(L, helpers);
  lua_pushinteger(L, MJ_MAX_FANS);
  lua_setfield(L, -2, "max_fans");
  lua_call(L, 1, 1);
  lua_pushvalue(L, -1);
  mj_vm_of(L)->prelude_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

/*
** A ruleset's state: the libraries its sandbox copies from, trimmed
** (no string.dump, the budgeted pattern functions, no math.random), the
** string metatable pointing at that trimmed table, and the prelude.
*/
int mj_lua_setup_ruleset_state(lua_State *L)
{
  static const luaL_Reg libs[] = {
    { LUA_GNAME, luaopen_base }, { LUA_STRLIBNAME, luaopen_string },
    { LUA_TABLIBNAME, luaopen_table }, { LUA_MATHLIBNAME, luaopen_math },
    { LUA_UTF8LIBNAME, luaopen_utf8 }, { NULL, NULL }
  };
  for (const luaL_Reg *lib = libs; lib->func; lib++) {
    luaL_requiref(L, lib->name, lib->func, 1);
    lua_pop(L, 1);
  }
  mj_lua_safe_libs(L);
  lua_getglobal(L, LUA_STRLIBNAME);   /* also the strings' __index */
  mj_lua_patterns(L, -1);
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");
  lua_pop(L, 1);
  lua_getglobal(L, LUA_MATHLIBNAME);  /* rulesets are deterministic */
  lua_pushnil(L);
  lua_setfield(L, -2, "random");
  lua_pushnil(L);
  lua_setfield(L, -2, "randomseed");
  lua_pop(L, 1);
  mj_lua_open_prelude(L);
  lua_pop(L, 1);
  return 0;
}
