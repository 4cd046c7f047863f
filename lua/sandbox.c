/*
** sandbox.c
** The environment of a ruleset's (or a Lua bot's, or a sandboxed
** script's) code: the allow-listed names, read-only tables, require of
** rulesets; finding and reading ruleset files in the directories.
*/
#include <sys/stat.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "chunks.h"
#include "i18n.h"
#include "fileio.h"
#include "host_int.h"

/* {====================================================================
** The sandbox
** ===================================================================== */

static int sb_index(lua_State *L)
{
  return luaL_error(L, _("undefined global '%s' (rulesets and bots see only "
                    "the names of the ruleset language, and bots 'bot')"),
                    luaL_tolstring(L, 2, NULL));
}

static int sb_newindex(lua_State *L)
{
  return luaL_error(L, _("assignment to global '%s': use a local variable"),
                    luaL_tolstring(L, 2, NULL));
}

static int ro_newindex(lua_State *L)
{
  return luaL_error(L, _("the table is read-only (tried to set '%s')"),
                    luaL_tolstring(L, 2, NULL));
}

/* pcall that does not swallow a budget, interrupt or memory error. */
static int sb_pcall(lua_State *L)
{
  luaL_checkany(L, 1);
  int st = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  mj_vm *vm = mj_vm_of(L);
  if (st != LUA_OK && (vm->aborting || vm->mem_hit || st == LUA_ERRMEM))
    return lua_error(L);
  lua_pushboolean(L, st == LUA_OK);
  lua_insert(L, 1);
  return lua_gettop(L);
}

/* Copy table at idx into a new table. [-0, +1, m] */
void mj_lua_copy_table(lua_State *L, int idx)
{
  idx = lua_absindex(L, idx);
  lua_newtable(L);
  lua_pushnil(L);
  while (lua_next(L, idx)) {     /* new key value */
    lua_pushvalue(L, -2);         /* new key value key */
    lua_insert(L, -2);            /* new key key value */
    lua_rawset(L, -4);            /* new key */
  }
}

/* A read-only proxy of the table at idx. [-0, +1, m] */
void mj_lua_readonly(lua_State *L, int idx)
{
  idx = lua_absindex(L, idx);
  lua_newtable(L);
  lua_newtable(L);
  lua_pushvalue(L, idx);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, ro_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushliteral(L, "read-only");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
}

void mj_lua_name_module(lua_State *L, int idx, const char *name)
{
  idx = lua_absindex(L, idx);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_pushvalue(L, idx);
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
}

static const char *const sandbox_base[] = {
  "assert",   "error", "ipairs",   "next",   "pairs",    "select", "tonumber",
  "tostring", "type",  "rawequal", "rawlen", "_VERSION", NULL
};

static const char *const dsl_names[] = {
  "tiles",   "ranks",     "chow",   "pung",  "pair",    "meld",
  "NUMBERS", "TERMINALS", "HONORS", "WINDS", "DRAGONS", "SIMPLES",
  "ALL",     "SEAT",      "ROUND",  "WILD",  "win_payments",
  "pay_kongs", "won", NULL
};

static int sb_require(lua_State *L);

/*
** A fresh environment for one ruleset file, in a ruleset's state: the
** allow-listed base functions, copies of string (budgeted patterns, no
** dump), table, math (no random) and utf8, the ruleset language, and mj
** read-only. [-0, +1, m]
*/
void mj_lua_sandbox_env(mj_vm *vm)
{
  lua_State *L = vm->L;
  lua_newtable(L);
  int env = lua_gettop(L);
  for (int i = 0; sandbox_base[i]; i++) {
    lua_getglobal(L, sandbox_base[i]);
    lua_setfield(L, env, sandbox_base[i]);
  }
  lua_pushcfunction(L, sb_pcall);
  lua_setfield(L, env, "pcall");
  static const char *const libs[] = { "string", "table", "math", "utf8", NULL };
  for (int i = 0; libs[i]; i++) {
    lua_getglobal(L, libs[i]);     /* trimmed when the state was made */
    mj_lua_copy_table(L, -1);
    lua_remove(L, -2);
    lua_setfield(L, env, libs[i]);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, vm->prelude_ref);
  int dsl = lua_gettop(L);
  for (int i = 0; dsl_names[i]; i++) {
    lua_getfield(L, dsl, dsl_names[i]);
    lua_setfield(L, env, dsl_names[i]);
  }
  mj_lua_name_module(L, dsl, "mj");
  mj_lua_readonly(L, dsl);
  lua_setfield(L, env, "mj");
  lua_pop(L, 1);
  lua_pushcfunction(L, sb_require);
  lua_setfield(L, env, "require");
  lua_newtable(L);
  lua_pushcfunction(L, sb_index);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, sb_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushliteral(L, "sandbox");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, env);
}

/* }==================================================================== */

/* {====================================================================
** Files
** ===================================================================== */

/* Read a whole file (at most 1 MB); malloc'd, *n its size. */
char *mj_lua_read_source(const char *path, size_t *n, mj_error *err)
{
  char *buf;
  mj_status st = mj_file_read(path, (size_t)1 << 20, &buf, n, err);
  if (st == MJ_ERANGE)
    mj_fail(err, MJ_ERANGE, 0, "%s: a ruleset file is at most 1 MB", path);
  return st == MJ_OK ? buf : NULL;
}

/* text (n bytes) loaded as chunk: from its dump when it is a shipped
   file's byte for byte, else parsed, and from then on vm's calls run
   under the count hook (mj_vm_foreign). [-0, +1, -] */
static int load_source(mj_vm *vm, const char *text, size_t n,
                       const char *chunk)
{
  if (mj_lua_load_dump(vm->L, text, n, chunk) == LUA_OK)
    return LUA_OK;
  mj_vm_foreign(vm);
  return luaL_loadbufferx(vm->L, text, n, chunk, "t");
}

/* The digest of the sources a load reads (FNV-1a, 64 bits), in order. */
static void digest_add(mj_host *h, const char *data, size_t n)
{
  unsigned long long d = h->digest;
  for (size_t i = 0; i < n; i++) {
    d ^= (unsigned char)data[i];
    d *= 1099511628211ULL;
  }
  h->digest = d;
}

bool mj_lua_file_exists(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

long mj_lua_file_mtime(const char *path)
{
  struct stat st;
  if (stat(path, &st) != 0)
    return 0;
  return (long)st.st_mtime * 1000000000L + (long)st.st_mtim.tv_nsec;
}

bool mj_lua_valid_id(const char *id)
{
  if (id == NULL || *id == '\0' || strlen(id) > 60)
    return false;
  for (const char *p = id; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
          (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
      return false;
  return true;
}

static int ndirs(const mj_host *h) { return h->ndirs; }

bool mj_host_find_file(mj_host *h, const char *id, char *path, size_t cap)
{
  if (path == NULL || cap == 0 || !mj_lua_valid_id(id))
    return false;
  for (int i = 0; i < ndirs(h); i++) {
    snprintf(path, cap, "%s/%s.lua", h->dirs[i], id);
    if (mj_lua_file_exists(path))
      return true;
  }
  return false;
}

static int cmp_ids(const void *a, const void *b) { return strcmp(a, b); }

int mj_host_available(mj_host *h, char ids[][64], int max)
{
  int n = 0;
  for (int i = 0; i < ndirs(h); i++) {
    DIR *d = opendir(h->dirs[i]);
    if (d == NULL)
      continue;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < max) {
      size_t len = strlen(e->d_name);
      if (len < 5 || len > 63 || strcmp(e->d_name + len - 4, ".lua") != 0)
        continue;
      char id[64];
      memcpy(id, e->d_name, len - 4);
      id[len - 4] = '\0';
      if (!mj_lua_valid_id(id))
        continue;
      bool dup = false;
      for (int k = 0; k < n && !dup; k++)
        dup = strcmp(ids[k], id) == 0;
      if (!dup)
        strcpy(ids[n++], id);
    }
    closedir(d);
  }
  qsort(ids, (size_t)n, sizeof ids[0], cmp_ids);
  return n;
}

/* }==================================================================== */

/* {====================================================================
** Loading
** ===================================================================== */

/*
** Load a ruleset file as text into a fresh sandbox and call it. Must run
** inside a protected call. [-0, +0, e]
*/
/* Mark path as being loaded in this state (on = true) or done; a file
   that is being loaded already is a cycle of requires (a file requiring
   itself included), raised at the require's line. [-0, +0, e] */
static void loading_mark(lua_State *L, const char *path, bool on)
{
  if (lua_getfield(L, LUA_REGISTRYINDEX, "hule.loading") != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "hule.loading");
  }
  if (on && lua_getfield(L, -1, path) != LUA_TNIL)
    luaL_error(L, _("require: %s is being loaded already (a file that "
               "requires itself, or a cycle of requires)"), path);
  if (on)
    lua_pop(L, 1);
  lua_pushboolean(L, on);
  lua_setfield(L, -2, path);
  lua_pop(L, 1);
}

/* A ruleset file ends with "return R": the builder it made, or nothing
   is registered (a file that forgot it would load, with what its last
   call built, a surprise when it has two). Pops the returned value. */
static void check_returned(lua_State *L, mj_vm *vm, const char *path)
{
  if (vm->builder_ref == LUA_NOREF) {
    lua_pop(L, 1);
    return;   /* the loader says the file made no ruleset */
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, vm->builder_ref);
  if (lua_rawequal(L, -1, -2)) {
    lua_pop(L, 2);
    return;
  }
  const char *got = luaL_typename(L, -2);
  lua_getfield(L, -1, "where");   /* file:line of mj.ruleset or mj.extend */
  const char *at = lua_tostring(L, -1);
  if (at == NULL || strchr(at, ':') == NULL)
    at = path;
  luaL_error(L, _("%s: %s returns %s%s, not the ruleset built here: end the "
             "file with 'return R'"), at, path, lua_isnil(L, -3) ? "nothing" :
             "a ", lua_isnil(L, -3) ? "" : got);
}

void mj_lua_run_file(lua_State *L, mj_vm *vm, const char *path,
                           const char *given, size_t glen)
{
  size_t n = glen;
  mj_error e;
  char *src = given != NULL ? NULL : mj_lua_read_source(path, &n, &e);
  if (given == NULL && src == NULL)
    luaL_error(L, "%s", e.msg);
  digest_add(vm->host, given != NULL ? given : src, n);
  char chunk[300];
  snprintf(chunk, sizeof chunk, "@%s", path);
  int st = load_source(vm, given != NULL ? given : src, n, chunk);
  free(src);
  if (st != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    if (msg != NULL && strncmp(msg, path, strlen(path)) != 0)
      luaL_error(L, "%s: %s", path, msg);
    lua_error(L);
  }
  mj_lua_sandbox_env(vm);
  if (lua_setupvalue(L, -2, 1) == NULL)
    lua_pop(L, 1);
  loading_mark(L, path, true);
  char outer[sizeof vm->loading_file];
  memcpy(outer, vm->loading_file, sizeof outer);
  snprintf(vm->loading_file, sizeof vm->loading_file, "%s", path);
  lua_call(L, 0, 1);
  memcpy(vm->loading_file, outer, sizeof outer);
  loading_mark(L, path, false);
  check_returned(L, vm, path);
}

static int sb_require(lua_State *L)
{
  mj_vm *vm = mj_vm_of(L);
  mj_host *h = vm->host;
  const char *name = luaL_checkstring(L, 1);
  char path[512];
  if (!mj_host_find_file(h, name, path, sizeof path))
    return luaL_error(
        L, _("require: no ruleset module '%s' in the ruleset directories"), name);
  loading_mark(L, path, true);
  size_t n;
  mj_error e;
  char *src = mj_lua_read_source(path, &n, &e);
  if (src == NULL)
    return luaL_error(L, "%s", e.msg);
  if (vm->loading)
    digest_add(h, src, n);
  char chunk[520];
  snprintf(chunk, sizeof chunk, "@%s", path);
  int st = load_source(vm, src, n, chunk);
  free(src);
  if (st != LUA_OK)
    return lua_error(L);
  mj_lua_sandbox_env(vm);
  if (lua_setupvalue(L, -2, 1) == NULL)
    lua_pop(L, 1);
  lua_call(L, 0, 1);
  loading_mark(L, path, false);
  return 1;
}
