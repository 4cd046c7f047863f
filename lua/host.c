/*
** host.c
** The host: its rulesets' registry and its own state for scripts and
** the REPL (full Lua, print, the mj module), scripts run trusted or in
** the sandbox, and the REPL's lua command.
*/
#include "i18n.h"
#include "host.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "bind.h"
#include "host_int.h"

/* The mj module's engine functions, into the table on top. */
void mj_lua_open_bindings(lua_State *L)
{
  mj_lua_open_hand(L);
  mj_lua_open_score(L);
  mj_lua_open_game(L);
}

#ifndef HULE_RULES_DIR
#define HULE_RULES_DIR "rulesets"
#endif

/* {====================================================================
** The states
** ===================================================================== */

static int print_out(lua_State *L)
{
  mj_host *h = mj_host_of(L);
  int n = lua_gettop(L);
  for (int i = 1; i <= n; i++) {
    size_t len;
    const char *s = luaL_tolstring(L, i, &len);
    if (i > 1)
      h->out(h->out_ud, "\t", 1);
    h->out(h->out_ud, s, len);
    lua_pop(L, 1);
  }
  h->out(h->out_ud, "\n", 1);
  return 0;
}

static void stdout_out(void *ud, const char *text, size_t len)
{
  (void)ud;
  fwrite(text, 1, len, stdout);
}

void mj_host_set_output(mj_host *h, mj_host_out out, void *ud)
{
  h->out = out ? out : stdout_out;
  h->out_ud = ud;
}


/* assert and expect of scenario scripts: a failed check names the
   script's line. */
static const char helpers_src[] =
    "local error, tostring, select = error, tostring, select\n"
    "function assert(v, msg, ...)\n"
    "  if not v then error(msg == nil and 'assertion failed!' or "
    "tostring(msg), 2) end\n"
    "  return v, msg, ...\n"
    "end\n"
    "function expect(actual, expected, what)\n"
    "  if actual ~= expected then\n"
    "    error(string.format('%sexpected %s, got %s', what and (what .. ': ') "
    "or '',\n"
    "      tostring(expected), tostring(actual)), 2)\n"
    "  end\n"
    "  return actual\n"
    "end\n";

/* The host's state: full Lua, print to the host's output, the mj module
   (the language and the engine's bindings), assert and expect. */
static int setup_main_state(lua_State *L)
{
  luaL_openlibs(L);
  mj_lua_safe_libs(L);                /* Ctrl-C stops long library calls */
  lua_getglobal(L, LUA_STRLIBNAME);   /* ... and a runaway pattern */
  mj_lua_patterns(L, -1);
  lua_pop(L, 1);
  lua_pushcfunction(L, print_out);
  lua_setglobal(L, "print");
  mj_lua_open_prelude(L);
  mj_lua_copy_table(L, -1);
  mj_lua_open_bindings(L);
  mj_lua_name_module(L, -1, "mj");
  lua_setglobal(L, "mj");
  lua_pop(L, 1);
  /* for scenario scripts: a failed check names the script's line */
  if (luaL_loadbufferx(L, helpers_src, sizeof helpers_src - 1, "=helpers",
                       "t") != LUA_OK)
    return lua_error(L);
  lua_call(L, 0, 0);
  return 0;
}


const char *mj_host_dir(const mj_host *h, int i)
{
  return i >= 0 && i < h->ndirs ? h->dirs[i] : NULL;
}

mj_host *mj_host_new(const mj_host_cfg *cfg, mj_error *err)
{
  mj_host *h = calloc(1, sizeof *h);
  if (h == NULL) {
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    return NULL;
  }
  if (cfg != NULL)
    h->cfg = *cfg;
  if (h->cfg.mem_limit == 0)
    h->cfg.mem_limit = (size_t)512 << 20;
  if (h->cfg.rules_mem == 0)
    h->cfg.rules_mem = (size_t)64 << 20;
  if (h->cfg.load_budget == 0)
    h->cfg.load_budget = 50000000L;
  if (h->cfg.call_budget == 0)
    h->cfg.call_budget = 10000000L;
  if (h->cfg.load_seconds <= 0)
    h->cfg.load_seconds = 20;
  if (h->cfg.call_seconds <= 0)
    h->cfg.call_seconds = 5;
  if (h->cfg.script_mem == 0)
    h->cfg.script_mem = (size_t)256 << 20;
  if (h->cfg.script_budget == 0)
    h->cfg.script_budget = 1000000000L;
  if (h->cfg.script_seconds <= 0)
    h->cfg.script_seconds = 60;
  h->current = -1;
  h->out = stdout_out;
  /* directories: the caller's, HULE_RULES, then the built-in one */
  for (int i = 0;
       cfg != NULL && i < cfg->ndirs && h->ndirs < MJ_HOST_USER_DIRS; i++)
    snprintf(h->dirs[h->ndirs++], sizeof h->dirs[0], "%s", cfg->dirs[i]);
  const char *env = getenv("HULE_RULES");
  if (env != NULL && *env && h->ndirs < MJ_HOST_MAX_DIRS - 1) {
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", env);
    char *save = NULL;
    for (char *tok = strtok_r(tmp, ":", &save);
         tok && h->ndirs < MJ_HOST_MAX_DIRS - 1;
         tok = strtok_r(NULL, ":", &save))
      snprintf(h->dirs[h->ndirs++], sizeof h->dirs[0], "%s", tok);
  }
  snprintf(h->dirs[h->ndirs++], sizeof h->dirs[0], "%s", HULE_RULES_DIR);
  mj_vm_init(&h->main, h, false);   /* opened by its first script */
  return h;
}

/* The scripts' state, opened on first use: a command that runs no Lua
   of its own (score, import, sim) never pays for it. */
static mj_status main_state(mj_host *h, mj_error *err)
{
  return h->main.L != NULL ? MJ_OK
                           : mj_vm_open(&h->main, setup_main_state, err);
}

void mj_host_free(mj_host *h)
{
  if (h == NULL)
    return;
  /* the scripts' state first: its games release the rulesets they hold */
  if (h->main.L != NULL)
    lua_close(h->main.L);
  for (int i = 0; i < h->nentries; i++)
    mj_lua_entry_free(h->entries[i]);
  for (int i = 0; i < h->nretired; i++)
    mj_lua_entry_free(h->retired[i]);
  free(h->retired);
  free(h);
}

size_t mj_host_memory(const mj_host *h)
{
  size_t n = h->main.used;
  for (int i = 0; i < h->nentries; i++)
    n += h->entries[i]->vm->used;
  for (int i = 0; i < h->nretired; i++)
    n += h->retired[i]->vm->used;
  return n;
}

/* }==================================================================== */

/* {====================================================================
** Scripts and the REPL
** ===================================================================== */

/* A script's arg table: arg[0] the path, arg[1..] its arguments, as
   lua.c makes it. [-0, +1, m] */
static void push_arg(lua_State *L, const char *path, int argc, char **argv)
{
  lua_createtable(L, argc, 1);
  lua_pushstring(L, path);
  lua_rawseti(L, -2, 0);
  for (int i = 0; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

mj_status mj_host_dofile(mj_host *h, const char *path, int argc, char **argv,
                         mj_error *err)
{
  if (main_state(h, err) != MJ_OK)
    return MJ_ENOMEM;
  lua_State *L = h->main.L;
  int top = lua_gettop(L);
  push_arg(L, path, argc, argv);
  lua_setglobal(L, "arg");
  if (luaL_loadfilex(L, path, "t") != LUA_OK) {
    mj_fail(err, MJ_EINVAL, 0, "%s", lua_tostring(L, -1));
    lua_settop(L, top);
    return MJ_EINVAL;
  }
  for (int i = 0; i < argc; i++)
    lua_pushstring(L, argv[i]);
  int st = mj_lua_call(&h->main, argc, 0, -1, 0, 0, true, err);
  lua_settop(L, top);
  return st == LUA_OK ? MJ_OK : MJ_EINVAL;
}

/* Run the script at stack top in a sandboxed state's environment: the
   ruleset sandbox, print, assert and expect, and mj with the scripting
   API. [-1, +0, e] */
static int sandboxed_body(lua_State *L)
{
  mj_vm *vm = mj_vm_of(L);
  int chunk = lua_gettop(L);        /* under it: the arguments' table */
  mj_lua_sandbox_env(vm);
  int env = lua_gettop(L);
  /* raw sets: the environment refuses new globals */
  lua_pushliteral(L, "print");
  lua_pushcfunction(L, print_out);
  lua_rawset(L, env);
  lua_pushliteral(L, "expect");
  lua_pushboolean(L, 0);            /* defined by the helpers below */
  lua_rawset(L, env);
  lua_pushliteral(L, "arg");
  lua_pushvalue(L, chunk - 1);      /* the script's arguments */
  lua_rawset(L, env);
  lua_rawgeti(L, LUA_REGISTRYINDEX, vm->prelude_ref);
  mj_lua_copy_table(L, -1);
  mj_lua_open_bindings(L);
  mj_lua_name_module(L, -1, "mj");
  mj_lua_readonly(L, -1);
  lua_setfield(L, env, "mj");
  lua_pop(L, 2);
  if (luaL_loadbufferx(L, helpers_src, sizeof helpers_src - 1, "=helpers",
                       "t") != LUA_OK)
    return lua_error(L);
  lua_pushvalue(L, env);
  lua_setupvalue(L, -2, 1);
  lua_call(L, 0, 0);
  lua_pushvalue(L, env);
  lua_setupvalue(L, chunk, 1);
  lua_settop(L, chunk);
  for (int i = 1; i <= (int)lua_rawlen(L, chunk - 1); i++)
    lua_rawgeti(L, chunk - 1, i);     /* ... as the chunk's varargs too */
  lua_call(L, (int)lua_rawlen(L, chunk - 1), 0);
  return 0;
}

mj_status mj_host_dofile_sandboxed(mj_host *h, const char *path, int argc,
                                   char **argv, mj_error *err)
{
  mj_vm *vm = NULL;
  mj_status st = mj_vm_new(h, true, mj_lua_setup_ruleset_state, &vm, err);
  if (st != MJ_OK)
    return st;
  vm->limit = h->cfg.script_mem;
  lua_State *L = vm->L;
  size_t n;
  char *src = mj_lua_read_source(path, &n, err);
  if (src == NULL) {
    mj_vm_free(vm);
    return MJ_EIO;
  }
  char chunk[520];
  snprintf(chunk, sizeof chunk, "@%s", path);
  lua_pushcfunction(L, sandboxed_body);
  push_arg(L, path, argc, argv);
  int ls = luaL_loadbufferx(L, src, n, chunk, "t");
  free(src);
  if (ls != LUA_OK) {
    mj_fail(err, MJ_EINVAL, 0, "%s", lua_tostring(L, -1));
    mj_vm_free(vm);
    return MJ_EINVAL;
  }
  ls = mj_lua_call(vm, 2, 0, h->cfg.script_budget, 0, h->cfg.script_seconds,
                   true, err);
  mj_vm_free(vm);
  return ls == LUA_OK ? MJ_OK : MJ_EINVAL;
}

mj_status mj_host_eval(mj_host *h, const char *code, size_t len,
                       bool *incomplete, mj_error *err)
{
  *incomplete = false;
  if (main_state(h, err) != MJ_OK)
    return MJ_ENOMEM;
  lua_State *L = h->main.L;
  int top = lua_gettop(L);
  *incomplete = false;
  /* first as an expression, as lua.c does */
  const char *ret = lua_pushfstring(L, "return %s;", code);
  int st = luaL_loadbufferx(L, ret, strlen(ret), "=stdin", "t");
  lua_remove(L, -2);
  if (st != LUA_OK) {
    lua_pop(L, 1);
    st = luaL_loadbufferx(L, code, len, "=stdin", "t");
    if (st == LUA_ERRSYNTAX) {
      size_t ml;
      const char *msg = lua_tolstring(L, -1, &ml);
      if (ml >= 5 && strcmp(msg + ml - 5, "<eof>") == 0)
        *incomplete = true;
      mj_fail(err, MJ_EINVAL, 0, "%s", msg);
      lua_settop(L, top);
      return MJ_EINVAL;
    }
    if (st != LUA_OK) {
      mj_fail(err, MJ_EINVAL, 0, "%s", lua_tostring(L, -1));
      lua_settop(L, top);
      return MJ_EINVAL;
    }
  }
  int base = lua_gettop(L);
  if (mj_lua_call(&h->main, 0, LUA_MULTRET, -1, 0, 0, true, err) != LUA_OK) {
    lua_settop(L, top);
    return MJ_EINVAL;
  }
  int n = lua_gettop(L) - base + 1;
  if (n > 0) {
    lua_getglobal(L, "print");
    lua_insert(L, base);
    mj_lua_call(&h->main, n, 0, -1, 0, 0, false, err);
  }
  lua_settop(L, top);
  return MJ_OK;
}

/* }==================================================================== */
