/*
** host.c
** The Lua host: state and allocator with a byte limit, instruction
** budgets, the ruleset sandbox, loading and the registry of rulesets.
*/
#include "host.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <dirent.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "host_int.h"

#ifndef HULE_RULES_DIR
#define HULE_RULES_DIR "rulesets"
#endif

extern const char mj_prelude_src[];
extern const size_t mj_prelude_src_len;

/* {====================================================================
** Allocator and budgets
** ===================================================================== */

static void *l_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
  mj_host *h = ud;
  size_t old = ptr != NULL ? osize : 0;
  if (nsize == 0) {
    h->used -= old;
    free(ptr);
    return NULL;
  }
  if (nsize > old && h->used + (nsize - old) > h->limit) {
    h->mem_hit = true;
    return NULL;
  }
  void *p = realloc(ptr, nsize);
  if (p == NULL)
    return NULL;
  h->used = h->used - old + nsize;
  return p;
}

mj_host *mj_host_of(lua_State *L)
{
  return *(mj_host **)lua_getextraspace(L);
}

/* Raise msg with the place of the running code: the innermost function
** from a file (a hook runs on the level of the code it interrupts; the
** prelude's own functions are skipped, the user's line is what helps). */
static int hook_error(lua_State *L, const char *msg)
{
  lua_Debug ar;
  for (int level = 0; lua_getstack(L, level, &ar); level++)
    if (lua_getinfo(L, "Sl", &ar) && ar.source[0] == '@' && ar.currentline > 0) {
      lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, msg);
      return lua_error(L);
    }
  lua_pushstring(L, msg);
  return lua_error(L);
}

static void budget_hook(lua_State *L, lua_Debug *ar)
{
  (void)ar;
  mj_host *h = mj_host_of(L);
  if (h->interrupted) {
    h->interrupted = 0;
    h->aborting = true;
    snprintf(h->abort_msg, sizeof h->abort_msg, "interrupted");
    hook_error(L, h->abort_msg);
  }
  if (h->aborting)
    hook_error(L, h->abort_msg);
  if (h->budget >= 0) {
    h->budget -= 1000;
    if (h->budget < 0) {
      h->aborting = true;
      snprintf(h->abort_msg, sizeof h->abort_msg,
               "instruction budget of %ld exceeded (an endless loop?)", h->budget_size);
      hook_error(L, h->abort_msg);
    }
  }
}

void mj_host_interrupt(mj_host *h)
{
  h->interrupted = 1;
  /* lua_sethook is async-signal-safe by design (see lua.c) */
  lua_sethook(h->L, budget_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}

static int msghandler(lua_State *L)
{
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
      return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  mj_host *h = mj_host_of(L);
  if (h->want_traceback)
    luaL_traceback(L, L, msg, 1);
  else
    lua_pushstring(L, msg);
  return 1;
}

/*
** The one way C calls Lua: the function and nargs arguments are on the
** stack. budget < 0: unlimited (still interruptible). mem: extra bytes
** allowed (0: the state's limit). On error err gets the message.
*/
int mj_lua_call(mj_host *h, int nargs, int nres, long budget, size_t mem, bool traceback,
                mj_error *err)
{
  lua_State *L = h->L;
  int base = lua_gettop(L) - nargs;
  lua_pushcfunction(L, msghandler);
  lua_insert(L, base);
  long saved_budget = h->budget, saved_size = h->budget_size;
  size_t saved_limit = h->limit;
  bool saved_tb = h->want_traceback;
  h->budget = budget;
  h->budget_size = budget;
  h->aborting = false;
  h->mem_hit = false;
  h->want_traceback = traceback;
  if (mem > 0 && h->used + mem < h->limit)
    h->limit = h->used + mem;
  lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1000);
  int st = lua_pcall(L, nargs, nres, base);
  lua_sethook(L, NULL, 0, 0);
  h->limit = saved_limit;
  h->budget = saved_budget;
  h->budget_size = saved_size;
  h->want_traceback = saved_tb;
  if (st != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    if (st == LUA_ERRMEM || h->mem_hit)
      mj_fail(err, MJ_ERANGE, 0, "%s (memory limit of %zu MB reached)",
              msg ? msg : "not enough memory",
              (mem > 0 ? mem : saved_limit) >> 20);
    else
      mj_fail(err, MJ_EINVAL, 0, "%s", msg ? msg : "error");
    lua_pop(L, 1);
    h->aborting = false;
    lua_gc(L, LUA_GCCOLLECT);
  }
  lua_remove(L, base);
  return st;
}

/* }==================================================================== */

/* {====================================================================
** The sandbox
** ===================================================================== */

static int sb_index(lua_State *L)
{
  return luaL_error(L, "undefined global '%s' (rulesets see only the names "
                    "of the ruleset language)", luaL_tolstring(L, 2, NULL));
}

static int sb_newindex(lua_State *L)
{
  return luaL_error(L, "assignment to global '%s': use a local variable",
                    luaL_tolstring(L, 2, NULL));
}

static int ro_newindex(lua_State *L)
{
  return luaL_error(L, "the table is read-only (tried to set '%s')",
                    luaL_tolstring(L, 2, NULL));
}

/* pcall that does not swallow a budget, interrupt or memory error. */
static int sb_pcall(lua_State *L)
{
  luaL_checkany(L, 1);
  int st = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  mj_host *h = mj_host_of(L);
  if (st != LUA_OK && (h->aborting || h->mem_hit || st == LUA_ERRMEM))
    return lua_error(L);
  lua_pushboolean(L, st == LUA_OK);
  lua_insert(L, 1);
  return lua_gettop(L);
}

/* Copy table at idx into a new table. [-0, +1, m] */
static void copy_table(lua_State *L, int idx)
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
static void readonly(lua_State *L, int idx)
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

static const char *const sandbox_base[] = {
  "assert", "error", "ipairs", "next", "pairs", "select", "tonumber", "tostring",
  "type", "rawequal", "rawlen", "_VERSION", NULL
};

static const char *const dsl_names[] = {
  "tiles", "ranks", "chow", "pung", "pair", "meld", "NUMBERS", "TERMINALS", "HONORS",
  "WINDS", "DRAGONS", "SIMPLES", "ALL", "SEAT", "ROUND", "WILD", NULL
};

static int sb_require(lua_State *L);

/* A fresh environment for one ruleset file. [-0, +1, m] */
static void push_sandbox_env(mj_host *h)
{
  lua_State *L = h->L;
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
    lua_getglobal(L, libs[i]);
    copy_table(L, -1);
    lua_remove(L, -2);
    if (strcmp(libs[i], "string") == 0) {   /* no bytecode in or out */
      lua_pushnil(L);
      lua_setfield(L, -2, "dump");
    }
    if (strcmp(libs[i], "math") == 0) {   /* rulesets are deterministic */
      lua_pushnil(L);
      lua_setfield(L, -2, "random");
      lua_pushnil(L);
      lua_setfield(L, -2, "randomseed");
    }
    lua_setfield(L, env, libs[i]);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->prelude_ref);
  int dsl = lua_gettop(L);
  for (int i = 0; dsl_names[i]; i++) {
    lua_getfield(L, dsl, dsl_names[i]);
    lua_setfield(L, env, dsl_names[i]);
  }
  readonly(L, dsl);
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
static char *read_file(const char *path, size_t *n, mj_error *err)
{
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    mj_fail(err, MJ_EIO, 0, "cannot open %s", path);
    return NULL;
  }
  size_t cap = 1 << 20;
  char *buf = malloc(cap + 1);
  if (buf == NULL) {
    fclose(f);
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    return NULL;
  }
  size_t len = fread(buf, 1, cap + 1, f);
  bool bad = ferror(f) != 0;
  fclose(f);
  if (bad) {
    free(buf);
    mj_fail(err, MJ_EIO, 0, "cannot read %s", path);
    return NULL;
  }
  if (len > cap) {
    free(buf);
    mj_fail(err, MJ_ERANGE, 0, "%s: a ruleset file is at most 1 MB", path);
    return NULL;
  }
  buf[len] = '\0';
  *n = len;
  return buf;
}

static bool file_exists(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static long file_mtime(const char *path)
{
  struct stat st;
  if (stat(path, &st) != 0)
    return 0;
  return (long)st.st_mtime * 1000000000L + (long)st.st_mtim.tv_nsec;
}

static bool valid_id(const char *id)
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
  if (path == NULL || cap == 0 || !valid_id(id))
    return false;
  for (int i = 0; i < ndirs(h); i++) {
    snprintf(path, cap, "%s/%s.lua", h->dirs[i], id);
    if (file_exists(path))
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
      if (!valid_id(id))
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
static void run_in_sandbox(lua_State *L, mj_host *h, const char *path)
{
  size_t n;
  mj_error e;
  char *src = read_file(path, &n, &e);
  if (src == NULL)
    luaL_error(L, "%s", e.msg);
  char chunk[300];
  snprintf(chunk, sizeof chunk, "@%s", path);
  int st = luaL_loadbufferx(L, src, n, chunk, "t");
  free(src);
  if (st != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    if (msg != NULL && strncmp(msg, path, strlen(path)) != 0)
      luaL_error(L, "%s: %s", path, msg);
    lua_error(L);
  }
  push_sandbox_env(h);
  if (lua_setupvalue(L, -2, 1) == NULL)
    lua_pop(L, 1);
  lua_call(L, 0, 0);
}

static int sb_require(lua_State *L)
{
  mj_host *h = mj_host_of(L);
  const char *name = luaL_checkstring(L, 1);
  char path[512];
  if (!mj_host_find_file(h, name, path, sizeof path))
    return luaL_error(L, "require: no ruleset module '%s' in the ruleset directories", name);
  size_t n;
  mj_error e;
  char *src = read_file(path, &n, &e);
  if (src == NULL)
    return luaL_error(L, "%s", e.msg);
  char chunk[520];
  snprintf(chunk, sizeof chunk, "@%s", path);
  int st = luaL_loadbufferx(L, src, n, chunk, "t");
  free(src);
  if (st != LUA_OK)
    return lua_error(L);
  push_sandbox_env(h);
  if (lua_setupvalue(L, -2, 1) == NULL)
    lua_pop(L, 1);
  lua_call(L, 0, 1);
  return 1;
}

/* H.build_base(id): the builder of ruleset id, for mj.extend. */
static int H_build_base(lua_State *L)
{
  mj_host *h = mj_host_of(L);
  const char *id = luaL_checkstring(L, 1);
  char path[512];
  for (int i = 0; i < h->nbase; i++)
    if (strcmp(h->base_stack[i], id) == 0)
      return luaL_error(L, "mj.extend: ruleset '%s' extends itself", id);
  if (h->nbase >= 8)
    return luaL_error(L, "mj.extend: rulesets extend each other too deeply");
  if (!mj_host_find_file(h, id, path, sizeof path))
    return luaL_error(L, "mj.extend: no ruleset '%s' in the ruleset directories", id);
  int saved = h->builder_ref;
  h->builder_ref = LUA_NOREF;
  snprintf(h->base_stack[h->nbase], sizeof h->base_stack[0], "%s", id);
  h->nbase++;
  run_in_sandbox(L, h, path);
  h->nbase--;
  int got = h->builder_ref;
  h->builder_ref = saved;
  if (got == LUA_NOREF)
    return luaL_error(L, "mj.extend: %s made no ruleset", path);
  lua_rawgeti(L, LUA_REGISTRYINDEX, got);
  luaL_unref(L, LUA_REGISTRYINDEX, got);
  return 1;
}

static int H_register(lua_State *L)
{
  mj_host *h = mj_host_of(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  if (h->builder_ref != LUA_NOREF)
    luaL_unref(L, LUA_REGISTRYINDEX, h->builder_ref);
  lua_pushvalue(L, 1);
  h->builder_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

static int H_check_loading(lua_State *L)
{
  mj_host *h = mj_host_of(L);
  if (!h->loading)
    return luaL_error(L, "%s can only be called while a ruleset loads",
                      luaL_checkstring(L, 1));
  return 0;
}

static int H_where(lua_State *L)
{
  int level = (int)luaL_optinteger(L, 1, 1);
  lua_Debug ar;
  if (lua_getstack(L, level, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0)
    lua_pushfstring(L, "%s:%d", ar.short_src, ar.currentline);
  else
    lua_pushliteral(L, "?");
  return 1;
}

static int H_user_options(lua_State *L)
{
  mj_host *h = mj_host_of(L);
  if (h->user_opts_ref == LUA_NOREF) {
    lua_newtable(L);
    return 1;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->user_opts_ref);
  copy_table(L, -1);
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

/* H.convert_option(name, value, default, kind): a user's text to the
** option's type. */
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
    if (strcmp(v, "off") == 0 || strcmp(v, "false") == 0 || strcmp(v, "none") == 0) {
      lua_pushboolean(L, 0);
      return 1;
    }
    if (mj_tile_parse(v, strlen(v), &t, NULL) != MJ_OK || t >= MJ_KINDS)
      return luaL_error(L, "option %s: '%s' is not a tile (1-9m/p/s, 1-7z) or off",
                        name, v);
    char b[3];
    lua_pushstring(L, mj_tile_str(t, b));
    return 1;
  }
  if (dt == LUA_TBOOLEAN) {
    if (!strcmp(v, "true") || !strcmp(v, "on") || !strcmp(v, "yes") || !strcmp(v, "1"))
      lua_pushboolean(L, 1);
    else if (!strcmp(v, "false") || !strcmp(v, "off") || !strcmp(v, "no") ||
             !strcmp(v, "0"))
      lua_pushboolean(L, 0);
    else
      return luaL_error(L, "option %s: '%s' is not true or false", name, v);
    return 1;
  }
  if (dt == LUA_TNUMBER) {
    if (!lua_stringtonumber(L, v))
      return luaL_error(L, "option %s: '%s' is not a number", name, v);
    return 1;
  }
  lua_pushvalue(L, 2);
  return 1;
}

static int H_check_fan(lua_State *L)
{
  luaL_checktype(L, 1, LUA_TTABLE);
  const char *scoring = luaL_optstring(L, 2, "sum");
  mj_fan_def def;
  mj_error e;
  if (mj_lua_compile_fan(L, 1, strcmp(scoring, "doubling") == 0, &def, NULL, &e) != MJ_OK) {
    lua_pushstring(L, e.msg);     /* the message names the user's file:line */
    return lua_error(L);
  }
  return 0;
}

static const luaL_Reg helpers[] = {
  { "build_base", H_build_base },
  { "register", H_register },
  { "check_loading", H_check_loading },
  { "where", H_where },
  { "user_options", H_user_options },
  { "tilemask", H_tilemask },
  { "settext", H_settext },
  { "convert_option", H_convert_option },
  { "check_fan", H_check_fan },
  { NULL, NULL }
};

/* Parse "a=1 b=x" into a table on the stack. [-0, +1, m] */
static mj_status push_options(lua_State *L, const char *opts, mj_error *err)
{
  lua_newtable(L);
  if (opts == NULL)
    return MJ_OK;
  const char *p = opts;
  while (*p) {
    while (*p == ' ' || *p == '\t' || *p == ',')
      p++;
    if (!*p)
      break;
    const char *b = p;
    while (*p && *p != ' ' && *p != '\t' && *p != ',')
      p++;
    const char *eq = memchr(b, '=', (size_t)(p - b));
    if (eq == NULL || eq == b || eq + 1 == p) {
      lua_pop(L, 1);
      return mj_fail(err, MJ_EINVAL, 0, "bad option '%.*s' (use name=value)",
                     (int)(p - b > 40 ? 40 : p - b), b);
    }
    lua_pushlstring(L, b, (size_t)(eq - b));
    lua_pushlstring(L, eq + 1, (size_t)(p - eq - 1));
    lua_rawset(L, -3);
  }
  return MJ_OK;
}

static int load_body(lua_State *L)
{
  mj_host *h = mj_host_of(L);
  run_in_sandbox(L, h, lua_tostring(L, 1));
  return 0;
}

static void free_entry(mj_host *h, mj_entry *e)
{
  mj_rules_free(e->rules);
  for (int i = 0; i < e->nrefs; i++)
    luaL_unref(h->L, LUA_REGISTRYINDEX, e->refs[i]);
  free(e->refs);
  free(e->path);
  free(e->options);
  free(e);
}

mj_status mj_host_load(mj_host *h, const char *name, const char *options,
                       const mj_rules **out, mj_error *err)
{
  lua_State *L = h->L;
  char path[512];
  mj_error_clear(err);
  if (h->loading)
    return mj_fail(err, MJ_ESTATE, 0, "a ruleset is loading already");
  size_t nlen = strlen(name);
  if (strchr(name, '/') != NULL || (nlen > 4 && strcmp(name + nlen - 4, ".lua") == 0)) {
    snprintf(path, sizeof path, "%s", name);
    if (!file_exists(path))
      return mj_fail(err, MJ_EIO, 0, "no such file: %s", path);
  } else if (!mj_host_find_file(h, name, path, sizeof path)) {
    if (!valid_id(name))
      return mj_fail(err, MJ_EINVAL, 0, "'%s' is not a ruleset id or a .lua file", name);
    return mj_fail(err, MJ_EIO, 0, "no ruleset '%s' (searched %s%s)", name,
                   h->ndirs ? h->dirs[0] : "", h->ndirs > 1 ? " and more: see 'rulesets'" : "");
  }
  int top = lua_gettop(L);
  mj_status st = push_options(L, options, err);
  if (st != MJ_OK)
    return st;
  h->user_opts_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  h->builder_ref = LUA_NOREF;
  h->loading = true;
  h->nbase = 0;
  lua_pushcfunction(L, load_body);
  lua_pushstring(L, path);
  int ls = mj_lua_call(h, 1, 0, h->cfg.load_budget, h->cfg.load_mem, false, err);
  h->loading = false;
  luaL_unref(L, LUA_REGISTRYINDEX, h->user_opts_ref);
  h->user_opts_ref = LUA_NOREF;
  if (ls != LUA_OK) {
    if (h->builder_ref != LUA_NOREF)
      luaL_unref(L, LUA_REGISTRYINDEX, h->builder_ref);
    h->builder_ref = LUA_NOREF;
    lua_settop(L, top);
    return MJ_EINVAL;
  }
  if (h->builder_ref == LUA_NOREF) {
    lua_settop(L, top);
    return mj_fail(err, MJ_EINVAL, 0,
                   "%s: the file made no ruleset (call mj.ruleset{...} or mj.extend(...))",
                   path);
  }
  mj_entry *e = calloc(1, sizeof *e);
  if (e == NULL) {
    luaL_unref(L, LUA_REGISTRYINDEX, h->builder_ref);
    h->builder_ref = LUA_NOREF;
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  }
  e->host = h;
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->builder_ref);
  luaL_unref(L, LUA_REGISTRYINDEX, h->builder_ref);
  h->builder_ref = LUA_NOREF;
  st = mj_lua_compile_rules(h, e, lua_gettop(L), path, options, err);
  lua_settop(L, top);
  if (st != MJ_OK) {
    free_entry(h, e);
    return st;
  }
  e->path = strdup(path);
  e->options = strdup(options ? options : "");
  e->mtime = file_mtime(path);
  /* replace a loaded ruleset with the same id, or add */
  const char *id = mj_rules_id(e->rules);
  int slot = -1;
  for (int i = 0; i < h->nentries; i++)
    if (strcmp(mj_rules_id(h->entries[i]->rules), id) == 0)
      slot = i;
  if (slot < 0) {
    if (h->nentries >= MJ_HOST_MAX_RULES) {
      free_entry(h, e);
      return mj_fail(err, MJ_ERANGE, 0, "too many rulesets loaded (at most %d)",
                     MJ_HOST_MAX_RULES);
    }
    slot = h->nentries++;
  } else {
    /* the old one stays valid (a game may still use it) until the end */
    mj_entry *old = h->entries[slot];
    if (h->nretired == h->capretired) {
      int cap = h->capretired ? 2 * h->capretired : 8;
      mj_entry **r = realloc(h->retired, sizeof *r * (size_t)cap);
      if (r == NULL) {
        free_entry(h, e);
        return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
      }
      h->retired = r;
      h->capretired = cap;
    }
    h->retired[h->nretired++] = old;
  }
  h->entries[slot] = e;
  if (h->current < 0)
    h->current = slot;
  if (out != NULL)
    *out = e->rules;
  return MJ_OK;
}

mj_status mj_host_get(mj_host *h, const char *id, const mj_rules **out, mj_error *err)
{
  for (int i = 0; i < h->nentries; i++)
    if (strcmp(mj_rules_id(h->entries[i]->rules), id) == 0) {
      *out = h->entries[i]->rules;
      return MJ_OK;
    }
  return mj_host_load(h, id, NULL, out, err);
}

int mj_host_count(const mj_host *h) { return h->nentries; }
const mj_rules *mj_host_at(const mj_host *h, int i) { return h->entries[i]->rules; }
const char *mj_host_path_at(const mj_host *h, int i) { return h->entries[i]->path; }

const mj_rules *mj_host_current(const mj_host *h)
{
  return h->current >= 0 ? h->entries[h->current]->rules : NULL;
}

mj_status mj_host_use(mj_host *h, const char *id, mj_error *err)
{
  const mj_rules *r;
  mj_status st = mj_host_get(h, id, &r, err);
  if (st != MJ_OK)
    return st;
  for (int i = 0; i < h->nentries; i++)
    if (h->entries[i]->rules == r)
      h->current = i;
  return MJ_OK;
}

mj_status mj_host_reload(mj_host *h, int *n, mj_error *err)
{
  *n = 0;
  for (int i = 0; i < h->nentries; i++) {
    mj_entry *e = h->entries[i];
    if (file_mtime(e->path) == e->mtime)
      continue;
    char path[512], opts[512];
    snprintf(path, sizeof path, "%s", e->path);
    snprintf(opts, sizeof opts, "%s", e->options);
    mj_status st = mj_host_load(h, path, opts, NULL, err);
    if (st != MJ_OK)
      return st;
    (*n)++;
  }
  return MJ_OK;
}

/* }==================================================================== */

/* {====================================================================
** The state
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

static int setup_state(lua_State *L)
{
  mj_host *h = mj_host_of(L);
  luaL_openlibs(L);
  lua_pushcfunction(L, print_out);
  lua_setglobal(L, "print");
  /* the prelude gets the helpers and returns the ruleset language */
  if (luaL_loadbufferx(L, mj_prelude_src, mj_prelude_src_len, "=prelude", "t") != LUA_OK)
    return lua_error(L);
  luaL_newlib(L, helpers);
  lua_pushinteger(L, MJ_MAX_FANS);
  lua_setfield(L, -2, "max_fans");
  lua_call(L, 1, 1);
  lua_pushvalue(L, -1);
  h->prelude_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  /* the global mj: the language plus the engine's bindings */
  copy_table(L, -1);
  mj_lua_open_bindings(L);
  lua_setglobal(L, "mj");
  lua_pop(L, 1);
  /* for scenario scripts: a failed check names the script's line */
  static const char helpers_src[] =
    "local error, tostring, select = error, tostring, select\n"
    "function assert(v, msg, ...)\n"
    "  if not v then error(msg == nil and 'assertion failed!' or tostring(msg), 2) end\n"
    "  return v, msg, ...\n"
    "end\n"
    "function expect(actual, expected, what)\n"
    "  if actual ~= expected then\n"
    "    error(string.format('%sexpected %s, got %s', what and (what .. ': ') or '',\n"
    "      tostring(expected), tostring(actual)), 2)\n"
    "  end\n"
    "  return actual\n"
    "end\n";
  if (luaL_loadbufferx(L, helpers_src, sizeof helpers_src - 1, "=helpers", "t") != LUA_OK)
    return lua_error(L);
  lua_call(L, 0, 0);
  return 0;
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
  if (h->cfg.load_mem == 0)
    h->cfg.load_mem = (size_t)64 << 20;
  if (h->cfg.load_budget == 0)
    h->cfg.load_budget = 50000000L;
  if (h->cfg.call_budget == 0)
    h->cfg.call_budget = 10000000L;
  h->limit = h->cfg.mem_limit;
  h->current = -1;
  h->builder_ref = LUA_NOREF;
  h->user_opts_ref = LUA_NOREF;
  h->budget = -1;
  h->out = stdout_out;
  /* directories: the caller's, HULE_RULES, then the built-in one */
  for (int i = 0; cfg != NULL && i < cfg->ndirs && h->ndirs < MJ_HOST_MAX_DIRS - 2; i++)
    snprintf(h->dirs[h->ndirs++], sizeof h->dirs[0], "%s", cfg->dirs[i]);
  const char *env = getenv("HULE_RULES");
  if (env != NULL && *env && h->ndirs < MJ_HOST_MAX_DIRS - 1) {
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", env);
    for (char *tok = strtok(tmp, ":"); tok && h->ndirs < MJ_HOST_MAX_DIRS - 1;
         tok = strtok(NULL, ":"))
      snprintf(h->dirs[h->ndirs++], sizeof h->dirs[0], "%s", tok);
  }
  snprintf(h->dirs[h->ndirs++], sizeof h->dirs[0], "%s", HULE_RULES_DIR);
  h->L = lua_newstate(l_alloc, h);
  if (h->L == NULL) {
    free(h);
    mj_fail(err, MJ_ENOMEM, 0, "cannot create the Lua state");
    return NULL;
  }
  *(mj_host **)lua_getextraspace(h->L) = h;
  lua_pushcfunction(h->L, setup_state);
  if (mj_lua_call(h, 0, 0, -1, 0, true, err) != LUA_OK) {
    lua_close(h->L);
    free(h);
    return NULL;
  }
  return h;
}

void mj_host_free(mj_host *h)
{
  if (h == NULL)
    return;
  for (int i = 0; i < h->nentries; i++)
    free_entry(h, h->entries[i]);
  for (int i = 0; i < h->nretired; i++)
    free_entry(h, h->retired[i]);
  free(h->retired);
  lua_close(h->L);
  free(h);
}

lua_State *mj_host_state(mj_host *h) { return h->L; }

/* }==================================================================== */

/* {====================================================================
** Scripts and the REPL
** ===================================================================== */

mj_status mj_host_dofile(mj_host *h, const char *path, int argc, char **argv,
                         mj_error *err)
{
  lua_State *L = h->L;
  int top = lua_gettop(L);
  lua_createtable(L, argc, 1);
  lua_pushstring(L, path);
  lua_rawseti(L, -2, 0);
  for (int i = 0; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setglobal(L, "arg");
  if (luaL_loadfilex(L, path, "t") != LUA_OK) {
    mj_fail(err, MJ_EINVAL, 0, "%s", lua_tostring(L, -1));
    lua_settop(L, top);
    return MJ_EINVAL;
  }
  for (int i = 0; i < argc; i++)
    lua_pushstring(L, argv[i]);
  int st = mj_lua_call(h, argc, 0, -1, 0, true, err);
  lua_settop(L, top);
  return st == LUA_OK ? MJ_OK : MJ_EINVAL;
}

mj_status mj_host_eval(mj_host *h, const char *code, size_t len, bool *incomplete,
                       mj_error *err)
{
  lua_State *L = h->L;
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
  if (mj_lua_call(h, 0, LUA_MULTRET, -1, 0, true, err) != LUA_OK) {
    lua_settop(L, top);
    return MJ_EINVAL;
  }
  int n = lua_gettop(L) - base + 1;
  if (n > 0) {
    lua_getglobal(L, "print");
    lua_insert(L, base);
    mj_lua_call(h, n, 0, -1, 0, false, err);
  }
  lua_settop(L, top);
  return MJ_OK;
}

/* }==================================================================== */
