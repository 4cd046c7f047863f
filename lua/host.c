/*
** host.c
** The Lua host: a state for scripts and one for each ruleset, each with
** an allocator of capped bytes and budgets of instructions and time; the
** ruleset sandbox, loading and the registry of rulesets.
*/
#include "host.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <dirent.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "fileio.h"
#include "host_int.h"

#ifndef HULE_RULES_DIR
#define HULE_RULES_DIR "rulesets"
#endif

extern const char mj_prelude_src[];
extern const size_t mj_prelude_src_len;

/* {====================================================================
** Allocator and budgets
** ===================================================================== */

static bool user_place(lua_State *L, char *buf, size_t cap);

static void *l_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
  mj_vm *vm = ud;
  size_t old = ptr != NULL ? osize : 0;
  if (nsize == 0) {
    vm->used -= old;
    free(ptr);
    return NULL;
  }
  if (nsize > old && vm->used + (nsize - old) > vm->limit) {
    vm->mem_hit = true;
    /* the error will have no line of its own: keep the running one */
    if (vm->L != NULL && vm->host != NULL && vm->host->active == vm)
      user_place(vm->L, vm->where, sizeof vm->where);
    return NULL;
  }
  void *p = realloc(ptr, nsize);
  if (p == NULL)
    return NULL;
  /* what grows is work too: a step for every 64 bytes (a copy made by a
     single instruction, such as a concatenation, is paid for here) */
  if (nsize > old && vm->budget_size >= 0)
    vm->budget -= (long)((nsize - old) >> 6);
  vm->used = vm->used - old + nsize;
  return p;
}

mj_vm *mj_vm_of(lua_State *L)
{
  return *(mj_vm **)lua_getextraspace(L);
}

mj_host *mj_host_of(lua_State *L)
{
  return mj_vm_of(L)->host;
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The innermost running function from a file, as "file:line" into buf
** (the prelude's own functions are skipped: the user's line helps). */
static bool user_place(lua_State *L, char *buf, size_t cap)
{
  lua_Debug ar;
  for (int level = 0; lua_getstack(L, level, &ar); level++)
    if (lua_getinfo(L, "Sl", &ar) && ar.source[0] == '@' &&
        ar.currentline > 0) {
      snprintf(buf, cap, "%s:%d", ar.short_src, ar.currentline);
      return true;
    }
  return false;
}

/* Raise msg with the place of the running code. */
static int place_error(lua_State *L, const char *msg)
{
  char at[160];
  if (user_place(L, at, sizeof at))
    lua_pushfstring(L, "%s: %s", at, msg);
  else
    lua_pushstring(L, msg);
  return lua_error(L);
}

/* Is the call over a limit or interrupted? Then say so in abort_msg. */
static bool over(mj_vm *vm)
{
  if (vm->aborting)
    return true;
  mj_host *h = vm->host;
  vm->aborting_cause = MJ_ABORT_BUDGET;
  if (h->interrupted) {
    vm->aborting_cause = MJ_ABORT_INTERRUPT;
    snprintf(vm->abort_msg, sizeof vm->abort_msg, "interrupted (Ctrl-C)");
  } else if (vm->budget_size >= 0 && vm->budget < 0) {
    snprintf(vm->abort_msg, sizeof vm->abort_msg,
             "instruction budget of %ld exceeded (an endless loop?)",
             vm->budget_size);
  } else if (vm->deadline > 0 && now() > vm->deadline) {
    snprintf(vm->abort_msg, sizeof vm->abort_msg,
             "time budget of %g s exceeded (an endless loop?)", vm->seconds);
  } else {
    vm->aborting_cause = MJ_ABORT_NONE;
    return false;
  }
  vm->aborting = true;
  return true;
}

static void budget_hook(lua_State *L, lua_Debug *ar)
{
  (void)ar;
  mj_vm *vm = mj_vm_of(L);
  user_place(L, vm->where, sizeof vm->where);
  if (vm->budget_size >= 0)
    vm->budget -= 1000;
  if (over(vm))
    place_error(L, vm->abort_msg);
}

void mj_vm_charge(mj_vm *vm, lua_State *L, long steps)
{
  if (vm->budget_size >= 0)
    vm->budget -= steps;
  if (over(vm))
    place_error(L, vm->abort_msg);
}

void mj_host_interrupt(mj_host *h)
{
  h->interrupted = 1;
  mj_vm *vm = h->active;
  /* lua_sethook is async-signal-safe by design (see lua.c) */
  if (vm != NULL)
    lua_sethook(vm->L, budget_hook,
                LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}

void mj_host_clear_interrupt(mj_host *h) { h->interrupted = 0; }
bool mj_host_interrupted(const mj_host *h) { return h->interrupted != 0; }

static bool has_place(const char *msg);

static int msghandler(lua_State *L)
{
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
      return 1;
    /* error({}), error(): no message and no place of its own; the place
       is the running line, here where the error is still on the stack */
    char at[160];
    if (user_place(L, at, sizeof at))
      msg = lua_pushfstring(L, "%s: an error was raised with a %s value, "
                            "not a message", at, luaL_typename(L, 1));
    else
      msg = lua_pushfstring(L, "(error object is a %s value)",
                            luaL_typename(L, 1));
  }
  mj_vm *vm = mj_vm_of(L);
  if (vm->want_traceback) {
    luaL_traceback(L, L, msg, 1);
    return 1;
  }
  /* an error inside another file's code (a base ruleset's function the
     user's code called) also names the user's line that called it: the
     outermost line of a file on the stack */
  lua_Debug ar;
  char outer[200] = "";
  size_t olen = 0;
  /* (lua_getstack walks from the top: the first 50 levels only, or a deep
     recursion's error would take quadratic time) */
  for (int level = 1; level < 50 && lua_getstack(L, level, &ar); level++)
    if (lua_getinfo(L, "Sl", &ar) && ar.source[0] == '@' &&
        ar.currentline > 0) {
      snprintf(outer, sizeof outer, "%s:%d", ar.short_src, ar.currentline);
      olen = strlen(ar.short_src);
    }
  if (outer[0] && strncmp(msg, outer, olen) != 0 && has_place(msg))
    lua_pushfstring(L, "%s (called from %s)", msg, outer);
  else
    lua_pushstring(L, msg);
  return 1;
}

/* Does msg start with a place ("file:line:")? */
static bool has_place(const char *msg)
{
  const char *c = strchr(msg, ':');
  if (c == NULL || c == msg || memchr(msg, ' ', (size_t)(c - msg)) != NULL)
    return false;
  const char *d = c + 1;
  while (*d >= '0' && *d <= '9')
    d++;
  return d > c + 1 && *d == ':';
}

int mj_lua_call(mj_vm *vm, int nargs, int nres, long budget, size_t mem,
                double seconds, bool traceback, mj_error *err)
{
  lua_State *L = vm->L;
  mj_host *h = vm->host;
  int base = lua_gettop(L) - nargs;
  lua_pushcfunction(L, msghandler);
  lua_insert(L, base);
  /* a nested call (a fan's test inside a script's mj.score) keeps the
     outer call's limits when they are tighter */
  long saved_budget = vm->budget, saved_size = vm->budget_size;
  double saved_deadline = vm->deadline, saved_seconds = vm->seconds;
  size_t saved_limit = vm->limit;
  bool saved_tb = vm->want_traceback, saved_abort = vm->aborting;
  mj_vm *saved_active = h->active;
  bool nested = saved_active == vm;
  if (!nested || saved_size < 0 || (budget >= 0 && budget < saved_budget)) {
    vm->budget = budget;
    vm->budget_size = budget;
  }
  if (seconds > 0 &&
      (!nested || vm->deadline == 0 || now() + seconds < vm->deadline)) {
    vm->deadline = now() + seconds;
    vm->seconds = seconds;
  } else if (!nested) {
    vm->deadline = 0;
  }
  vm->aborting = false;
  vm->mem_hit = false;
  vm->want_traceback = traceback;
  vm->where[0] = '\0';
  if (mem > 0 && vm->used + mem < vm->limit)
    vm->limit = vm->used + mem;
  h->active = vm;
  lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1000);
  if (h->interrupted)    /* a Ctrl-C before the call: stop at once */
    lua_sethook(L, budget_hook, LUA_MASKCALL | LUA_MASKLINE | LUA_MASKCOUNT, 1);
  int st = lua_pcall(L, nargs, nres, base);
  h->active = saved_active;
  if (nested)
    lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1000);
  else
    lua_sethook(L, NULL, 0, 0);
  long used_budget = vm->budget_size >= 0 ? vm->budget_size - vm->budget : 0;
  vm->limit = saved_limit;
  vm->budget = saved_budget;
  vm->budget_size = saved_size;
  if (nested && saved_size >= 0)
    vm->budget -= used_budget;    /* the inner call's work counts outside */
  vm->deadline = saved_deadline;
  vm->seconds = saved_seconds;
  vm->want_traceback = saved_tb;
  if (st != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    if (msg == NULL)
      msg = "error";
    char where[200] = "";
    if (!has_place(msg) && vm->where[0])
      snprintf(where, sizeof where, " (near %s)", vm->where);
    if (!vm->aborting)
      vm->aborting_cause = MJ_ABORT_NONE;
    if (st == LUA_ERRMEM || vm->mem_hit)
      vm->aborting_cause = MJ_ABORT_BUDGET;
    if (st == LUA_ERRMEM || vm->mem_hit)
      mj_fail(err, MJ_ERANGE, 0, "%s%s: the memory limit of %zu MB was reached",
              strcmp(msg, "not enough memory") == 0 ? "out of memory" : msg,
              where, saved_limit >> 20);
    else
      mj_fail(err, MJ_EINVAL, 0, "%s%s", msg, where);
    lua_pop(L, 1);
    /* an outer call of the same state unwinds on a budget error too */
    vm->aborting = nested && (saved_abort || vm->aborting);
    lua_gc(L, LUA_GCCOLLECT);
  } else {
    vm->aborting = saved_abort;
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
  return luaL_error(L, "undefined global '%s' (rulesets and bots see only "
                    "the names of the ruleset language, and bots 'bot')",
                    luaL_tolstring(L, 2, NULL));
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
  mj_vm *vm = mj_vm_of(L);
  if (st != LUA_OK && (vm->aborting || vm->mem_hit || st == LUA_ERRMEM))
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
  "assert",   "error", "ipairs",   "next",   "pairs",    "select", "tonumber",
  "tostring", "type",  "rawequal", "rawlen", "_VERSION", NULL
};

static const char *const dsl_names[] = {
  "tiles",   "ranks",     "chow",   "pung",  "pair",    "meld",
  "NUMBERS", "TERMINALS", "HONORS", "WINDS", "DRAGONS", "SIMPLES",
  "ALL",     "SEAT",      "ROUND",  "WILD",  NULL
};

static int sb_require(lua_State *L);

/*
** A fresh environment for one ruleset file, in a ruleset's state: the
** allow-listed base functions, copies of string (budgeted patterns, no
** dump), table, math (no random) and utf8, the ruleset language, and mj
** read-only. [-0, +1, m]
*/
static void push_sandbox_env(mj_vm *vm)
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
    copy_table(L, -1);
    lua_remove(L, -2);
    lua_setfield(L, env, libs[i]);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, vm->prelude_ref);
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
  FILE *f = mj_file_open_read(path, err);   /* a FIFO does not block */
  if (f == NULL)
    return NULL;
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
    mj_fail(err, MJ_EIO, 0, "cannot read %s: %s", path, strerror(errno));
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
    luaL_error(L, "require: %s is being loaded already (a file that "
               "requires itself, or a cycle of requires)", path);
  if (on)
    lua_pop(L, 1);
  lua_pushboolean(L, on);
  lua_setfield(L, -2, path);
  lua_pop(L, 1);
}

static void run_in_sandbox(lua_State *L, mj_vm *vm, const char *path,
                           const char *given, size_t glen)
{
  size_t n = glen;
  mj_error e;
  char *src = given != NULL ? NULL : read_file(path, &n, &e);
  if (given == NULL && src == NULL)
    luaL_error(L, "%s", e.msg);
  digest_add(vm->host, given != NULL ? given : src, n);
  char chunk[300];
  snprintf(chunk, sizeof chunk, "@%s", path);
  int st = luaL_loadbufferx(L, given != NULL ? given : src, n, chunk, "t");
  free(src);
  if (st != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    if (msg != NULL && strncmp(msg, path, strlen(path)) != 0)
      luaL_error(L, "%s: %s", path, msg);
    lua_error(L);
  }
  push_sandbox_env(vm);
  if (lua_setupvalue(L, -2, 1) == NULL)
    lua_pop(L, 1);
  loading_mark(L, path, true);
  lua_call(L, 0, 0);
  loading_mark(L, path, false);
}

static int sb_require(lua_State *L)
{
  mj_vm *vm = mj_vm_of(L);
  mj_host *h = vm->host;
  const char *name = luaL_checkstring(L, 1);
  char path[512];
  if (!mj_host_find_file(h, name, path, sizeof path))
    return luaL_error(
        L, "require: no ruleset module '%s' in the ruleset directories", name);
  loading_mark(L, path, true);
  size_t n;
  mj_error e;
  char *src = read_file(path, &n, &e);
  if (src == NULL)
    return luaL_error(L, "%s", e.msg);
  if (vm->loading)
    digest_add(h, src, n);
  char chunk[520];
  snprintf(chunk, sizeof chunk, "@%s", path);
  int st = luaL_loadbufferx(L, src, n, chunk, "t");
  free(src);
  if (st != LUA_OK)
    return lua_error(L);
  push_sandbox_env(vm);
  if (lua_setupvalue(L, -2, 1) == NULL)
    lua_pop(L, 1);
  lua_call(L, 0, 1);
  loading_mark(L, path, false);
  return 1;
}

/* {====================================================================
** Bot files
** ===================================================================== */

static void vm_free(mj_vm *vm);
static mj_status vm_new(mj_host *h, bool sandbox, mj_vm **out, mj_error *err);

typedef struct bot_load {
  const char *path;
  const mj_rules *r;
  void (*push_api)(lua_State *L, const mj_rules *r);
  int ref;
} bot_load;

static int load_bot(lua_State *L)
{
  bot_load *bl = lua_touserdata(L, 1);
  mj_vm *vm = mj_vm_of(L);
  size_t n;
  mj_error e;
  char *src = read_file(bl->path, &n, &e);
  if (src == NULL)
    return luaL_error(L, "%s", e.msg);
  char chunk[300];
  snprintf(chunk, sizeof chunk, "@%s", bl->path);
  int st = luaL_loadbufferx(L, src, n, chunk, "t");
  free(src);
  if (st != LUA_OK)
    return lua_error(L);
  push_sandbox_env(vm);
  lua_pushliteral(L, "bot");
  bl->push_api(L, bl->r);
  lua_rawset(L, -3);
  if (lua_setupvalue(L, -2, 1) == NULL)
    lua_pop(L, 1);
  lua_call(L, 0, 1);
  if (lua_istable(L, -1))
    lua_getfield(L, -1, "choose");
  if (!lua_isfunction(L, -1))
    return luaL_error(L, "%s: a bot file returns its choose function (or a "
                      "table with one), not %s", bl->path,
                      luaL_typename(L, -1));
  bl->ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

mj_status mj_host_bot_open(mj_host *h, const char *path, const mj_rules *r,
                           void (*push_api)(lua_State *L, const mj_rules *r),
                           mj_vm **out, int *ref, mj_error *err)
{
  mj_vm *vm = NULL;
  mj_status st = vm_new(h, true, &vm, err);
  if (st != MJ_OK)
    return st;
  bot_load bl = { path, r, push_api, LUA_NOREF };
  lua_pushcfunction(vm->L, load_bot);
  lua_pushlightuserdata(vm->L, &bl);
  if (mj_lua_call(vm, 1, 0, h->cfg.load_budget, 0, h->cfg.load_seconds, false,
                  err) != LUA_OK) {
    vm_free(vm);
    return MJ_EINVAL;
  }
  *out = vm;
  *ref = bl.ref;
  return MJ_OK;
}

void mj_host_bot_close(mj_vm *vm) { vm_free(vm); }

/* }==================================================================== */

/* H.build_base(id): the builder of ruleset id, for mj.extend. */
static int H_build_base(lua_State *L)
{
  mj_vm *vm = mj_vm_of(L);
  mj_host *h = vm->host;
  const char *id = luaL_checkstring(L, 1);
  char path[512];
  for (int i = 0; i < vm->nbase; i++)
    if (strcmp(vm->base_stack[i], id) == 0)
      return luaL_error(L, "mj.extend: ruleset '%s' extends itself", id);
  if (vm->nbase >= 8)
    return luaL_error(L, "mj.extend: rulesets extend each other too deeply");
  if (!mj_host_find_file(h, id, path, sizeof path))
    return luaL_error(
        L, "mj.extend: no ruleset '%s' in the ruleset directories", id);
  lua_getfield(L, LUA_REGISTRYINDEX, "hule.loading");
  bool self = lua_istable(L, -1) && lua_getfield(L, -1, path) == LUA_TBOOLEAN &&
              lua_toboolean(L, -1);
  if (self)
    return luaL_error(L, "mj.extend: ruleset '%s' extends itself", id);
  lua_settop(L, 1);
  int saved = vm->builder_ref;
  vm->builder_ref = LUA_NOREF;
  snprintf(vm->base_stack[vm->nbase], sizeof vm->base_stack[0], "%s", id);
  vm->nbase++;
  run_in_sandbox(L, vm, path, NULL, 0);
  vm->nbase--;
  int got = vm->builder_ref;
  vm->builder_ref = saved;
  if (got == LUA_NOREF)
    return luaL_error(L, "mj.extend: %s made no ruleset", path);
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
    return luaL_error(L, "%s can only be called while a ruleset loads",
                      luaL_checkstring(L, 1));
  return 0;
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

static int H_check_fan(lua_State *L)
{
  luaL_checktype(L, 1, LUA_TTABLE);
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

/* Parse "a=1 b=x" into a table on the stack; a name given twice is an
** error. [-0, +1, m] */
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
    if (lua_rawget(L, -2) != LUA_TNIL) {
      lua_pop(L, 2);
      return mj_fail(err, MJ_EINVAL, 0, "option %.*s given twice",
                     (int)(eq - b > 40 ? 40 : eq - b), b);
    }
    lua_pop(L, 1);
    lua_pushlstring(L, b, (size_t)(eq - b));
    lua_pushlstring(L, eq + 1, (size_t)(p - eq - 1));
    lua_rawset(L, -3);
  }
  return MJ_OK;
}

/* load_body(path [, source]): the file at path, or the source given. */
static int load_body(lua_State *L)
{
  size_t n = 0;
  const char *src = lua_tolstring(L, 2, &n);
  run_in_sandbox(L, mj_vm_of(L), lua_tostring(L, 1), src, n);
  return 0;
}

/* The compiler reads the builder's fields, which may run the ruleset's
   metamethods: it runs inside the protected call, under the budget. */
typedef struct compile_args {
  mj_entry *e;
  const char *path, *options;
  mj_error *err;
  mj_status st;
} compile_args;

static int compile_body(lua_State *L)
{
  compile_args *a = lua_touserdata(L, 1);
  lua_rawgeti(L, LUA_REGISTRYINDEX, mj_vm_of(L)->builder_ref);
  a->st =
      mj_lua_compile_rules(a->e, lua_gettop(L), a->path, a->options, a->err);
  return 0;
}

static void vm_free(mj_vm *vm);
static mj_status vm_new(mj_host *h, bool sandbox, mj_vm **out, mj_error *err);

static void free_entry(mj_entry *e)
{
  if (e == NULL)
    return;
  mj_rules_free(e->rules);
  free(e->refs);        /* the refs go with the state */
  free(e->spent);
  vm_free(e->vm);
  free(e->path);
  free(e->options);
  free(e);
}

/* Free the retired rulesets no game holds any more. */
static void sweep_retired(mj_host *h)
{
  int k = 0;
  for (int i = 0; i < h->nretired; i++) {
    if (h->retired[i]->holds > 0)
      h->retired[k++] = h->retired[i];
    else
      free_entry(h->retired[i]);
  }
  h->nretired = k;
}

/* Put e on the retired list (freed when no game holds it). */
static mj_status retire(mj_host *h, mj_entry *e)
{
  if (h->nretired == h->capretired) {
    int cap = h->capretired ? 2 * h->capretired : 8;
    mj_entry **r = realloc(h->retired, sizeof *r * (size_t)cap);
    if (r == NULL)
      return MJ_ENOMEM;
    h->retired = r;
    h->capretired = cap;
  }
  h->retired[h->nretired++] = e;
  return MJ_OK;
}

static mj_entry *entry_of(const mj_host *h, const mj_rules *r)
{
  for (int i = 0; i < h->nentries; i++)
    if (h->entries[i]->rules == r)
      return h->entries[i];
  for (int i = 0; i < h->nretired; i++)
    if (h->retired[i]->rules == r)
      return h->retired[i];
  return NULL;
}

void mj_host_hold(mj_host *h, const mj_rules *r)
{
  mj_entry *e = entry_of(h, r);
  if (e != NULL)
    e->holds++;
}

void mj_host_release(mj_host *h, const mj_rules *r)
{
  mj_entry *e = entry_of(h, r);
  if (e != NULL && e->holds > 0 && --e->holds == 0)
    sweep_retired(h);
}

const char *mj_host_digest(const mj_host *h, const mj_rules *r)
{
  mj_entry *e = entry_of(h, r);
  return e != NULL ? e->digest : NULL;
}

const char *mj_host_options_of(const mj_host *h, const mj_rules *r)
{
  mj_entry *e = entry_of(h, r);
  return e != NULL ? e->options : NULL;
}

/* Where ruleset name is: an id in the directories or a path. */
static mj_status locate(mj_host *h, const char *name, char *path, size_t cap,
                        mj_error *err)
{
  size_t nlen = strlen(name);
  if (strchr(name, '/') != NULL ||
      (nlen > 4 && strcmp(name + nlen - 4, ".lua") == 0)) {
    snprintf(path, cap, "%s", name);
    if (!file_exists(path))
      return mj_fail(err, MJ_EIO, 0, "no such file: %s", path);
    return MJ_OK;
  }
  if (mj_host_find_file(h, name, path, cap))
    return MJ_OK;
  if (!valid_id(name))
    return mj_fail(err, MJ_EINVAL, 0, "'%s' is not a ruleset id or a .lua file",
                   name);
  return mj_fail(err, MJ_EIO, 0, "no ruleset '%s' (searched %s%s)", name,
                 h->ndirs ? h->dirs[0] : "",
                 h->ndirs > 1 ? " and more: see 'rulesets'" : "");
}

/* Load path with options into a new entry, in a state of its own. */
static mj_status load_entry(mj_host *h, const char *path, const char *src,
                            size_t srclen, const char *options, mj_entry **out,
                            mj_error *err)
{
  mj_entry *e = calloc(1, sizeof *e);
  if (e == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  e->host = h;
  e->settle_ref = LUA_NOREF;
  for (int k = 0; k < MJ_HOOK_COUNT; k++)
    e->hook_refs[k] = LUA_NOREF;
  mj_status st = vm_new(h, true, &e->vm, err);
  if (st != MJ_OK) {
    free(e);
    return st;
  }
  mj_vm *vm = e->vm;
  lua_State *L = vm->L;
  st = push_options(L, options, err);
  if (st != MJ_OK)
    goto fail;
  vm->user_opts_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  vm->loading = true;
  h->loading_vm = vm;
  h->digest = 14695981039346656037ULL;
  lua_pushcfunction(L, load_body);
  lua_pushstring(L, path);
  if (src != NULL)
    lua_pushlstring(L, src, srclen);
  else
    lua_pushnil(L);
  int ls = mj_lua_call(vm, 2, 0, h->cfg.load_budget, 0, h->cfg.load_seconds,
                       false, err);
  if (ls == LUA_OK && vm->builder_ref == LUA_NOREF) {
    ls = LUA_ERRRUN;
    mj_fail(err, MJ_EINVAL, 0, "%s: the file made no ruleset "
            "(call mj.ruleset{...} or mj.extend(...))", path);
  }
  compile_args a = { e, path, options, err, MJ_OK };
  if (ls == LUA_OK) {
    lua_pushcfunction(L, compile_body);
    lua_pushlightuserdata(L, &a);
    ls = mj_lua_call(vm, 1, 0, h->cfg.load_budget, 0, h->cfg.load_seconds,
                     false, err);
  }
  vm->loading = false;
  h->loading_vm = NULL;
  st = ls != LUA_OK ? MJ_EINVAL : a.st;
  if (st != MJ_OK)
    goto fail;
  luaL_unref(L, LUA_REGISTRYINDEX, vm->builder_ref);
  luaL_unref(L, LUA_REGISTRYINDEX, vm->user_opts_ref);
  vm->builder_ref = vm->user_opts_ref = LUA_NOREF;
  lua_gc(L, LUA_GCCOLLECT);
  snprintf(e->digest, sizeof e->digest, "%016llx", h->digest);
  e->path = strdup(path);
  e->options = strdup(options ? options : "");
  e->mtime = src != NULL ? 0 : file_mtime(path);
  if (e->path == NULL || e->options == NULL) {
    st = mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    goto fail;
  }
  *out = e;
  return MJ_OK;
fail:
  free_entry(e);   /* closes the ruleset's state: every reference with it */
  return st;
}

static mj_status install(mj_host *h, mj_entry *e, const mj_rules **out,
                         mj_error *err);

mj_status mj_host_load(mj_host *h, const char *name, const char *options,
                       const mj_rules **out, mj_error *err)
{
  char path[512];
  mj_error_clear(err);
  if (h->loading_vm != NULL)
    return mj_fail(err, MJ_ESTATE, 0, "a ruleset is loading already");
  mj_status st = locate(h, name, path, sizeof path, err);
  mj_entry *e = NULL;
  if (st == MJ_OK)
    st = load_entry(h, path, NULL, 0, options, &e, err);
  if (st != MJ_OK)
    return st;
  return install(h, e, out, err);
}

mj_status mj_host_load_source(mj_host *h, const char *name, const char *src,
                              size_t len, const char *options,
                              const mj_rules **out, mj_error *err)
{
  mj_error_clear(err);
  if (h->loading_vm != NULL)
    return mj_fail(err, MJ_ESTATE, 0, "a ruleset is loading already");
  mj_entry *e = NULL;
  mj_status st = load_entry(h, name, src, len, options, &e, err);
  if (st != MJ_OK)
    return st;
  return install(h, e, out, err);
}

/* Register a loaded entry: it replaces a ruleset of the same id. */
static mj_status install(mj_host *h, mj_entry *e, const mj_rules **out,
                         mj_error *err)
{
  /* replace a loaded ruleset with the same id, or add */
  const char *id = mj_rules_id(e->rules);
  int slot = -1;
  for (int i = 0; i < h->nentries; i++)
    if (strcmp(mj_rules_id(h->entries[i]->rules), id) == 0)
      slot = i;
  if (slot < 0) {
    if (h->nentries >= MJ_HOST_MAX_RULES) {
      free_entry(e);
      return mj_fail(err, MJ_ERANGE, 0, "too many rulesets loaded (at most %d)",
                     MJ_HOST_MAX_RULES);
    }
    slot = h->nentries++;
  } else {
    /* the old one stays valid while a game holds it */
    if (retire(h, h->entries[slot]) != MJ_OK) {
      free_entry(e);
      return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    }
    sweep_retired(h);
  }
  h->entries[slot] = e;
  if (h->current < 0)
    h->current = slot;
  if (out != NULL)
    *out = e->rules;
  return MJ_OK;
}

mj_status mj_host_get(mj_host *h, const char *id, const mj_rules **out,
                      mj_error *err)
{
  for (int i = 0; i < h->nentries; i++)
    if (strcmp(mj_rules_id(h->entries[i]->rules), id) == 0) {
      *out = h->entries[i]->rules;
      return MJ_OK;
    }
  return mj_host_load(h, id, NULL, out, err);
}

mj_status mj_host_load_detached(mj_host *h, const char *id, const char *options,
                                const mj_rules **out, mj_error *err)
{
  char path[512];
  mj_error_clear(err);
  if (!mj_host_is_builtin(h, id))
    return mj_fail(err, MJ_EINVAL, 0, "'%s' is not a ruleset shipped with hule",
                   id);
  if (h->loading_vm != NULL)
    return mj_fail(err, MJ_ESTATE, 0, "a ruleset is loading already");
  snprintf(path, sizeof path, "%s/%s.lua", HULE_RULES_DIR, id);
  mj_entry *e;
  mj_status st = load_entry(h, path, NULL, 0, options, &e, err);
  if (st != MJ_OK)
    return st;
  if (retire(h, e) != MJ_OK) {
    free_entry(e);
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  }
  e->holds = 1;
  *out = e->rules;
  return MJ_OK;
}

const mj_rules *mj_host_find_loaded(const mj_host *h, const char *id)
{
  for (int i = 0; i < h->nentries; i++)
    if (strcmp(mj_rules_id(h->entries[i]->rules), id) == 0)
      return h->entries[i]->rules;
  return NULL;
}

bool mj_host_is_builtin(mj_host *h, const char *id)
{
  char path[512];
  snprintf(path, sizeof path, "%s/%s.lua", HULE_RULES_DIR, id);
  return valid_id(id) && file_exists(path);
}

int mj_host_count(const mj_host *h) { return h->nentries; }
const mj_rules *mj_host_at(const mj_host *h, int i)
{
  return h->entries[i]->rules;
}
const char *mj_host_path_at(const mj_host *h, int i)
{
  return h->entries[i]->path;
}

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

/* Run the prelude with the helpers; keep the language it returns in the
   registry and leave it on the stack. [-0, +1, e] */
static void open_prelude(lua_State *L)
{
  if (luaL_loadbufferx(L, mj_prelude_src, mj_prelude_src_len, "=prelude",
                       "t") != LUA_OK)
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
static int setup_ruleset_state(lua_State *L)
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
  open_prelude(L);
  lua_pop(L, 1);
  return 0;
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
  open_prelude(L);
  copy_table(L, -1);
  mj_lua_open_bindings(L);
  lua_setglobal(L, "mj");
  lua_pop(L, 1);
  /* for scenario scripts: a failed check names the script's line */
  if (luaL_loadbufferx(L, helpers_src, sizeof helpers_src - 1, "=helpers",
                       "t") != LUA_OK)
    return lua_error(L);
  lua_call(L, 0, 0);
  return 0;
}

static void vm_init(mj_vm *vm, mj_host *h, bool sandbox)
{
  memset(vm, 0, sizeof *vm);
  vm->host = h;
  vm->sandbox = sandbox;
  vm->limit = sandbox ? h->cfg.rules_mem : h->cfg.mem_limit;
  vm->budget = vm->budget_size = -1;
  vm->builder_ref = vm->user_opts_ref = vm->prelude_ref = LUA_NOREF;
}

/* Open vm's state and run its setup; on error the state is closed. */
static mj_status vm_open(mj_vm *vm, mj_error *err)
{
  vm->L = lua_newstate(l_alloc, vm);
  if (vm->L == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "cannot create a Lua state");
  *(mj_vm **)lua_getextraspace(vm->L) = vm;
  lua_pushcfunction(vm->L,
                    vm->sandbox ? setup_ruleset_state : setup_main_state);
  if (mj_lua_call(vm, 0, 0, -1, 0, 0, true, err) != LUA_OK) {
    lua_close(vm->L);
    vm->L = NULL;
    return MJ_ENOMEM;
  }
  return MJ_OK;
}

static mj_status vm_new(mj_host *h, bool sandbox, mj_vm **out, mj_error *err)
{
  mj_vm *vm = malloc(sizeof *vm);
  if (vm == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  vm_init(vm, h, sandbox);
  mj_status st = vm_open(vm, err);
  if (st != MJ_OK) {
    free(vm);
    return st;
  }
  *out = vm;
  return MJ_OK;
}

/* Close a ruleset's state. Its code could set no finalizer (no metatable
   reaches it), so closing runs none of its code. */
static void vm_free(mj_vm *vm)
{
  if (vm == NULL)
    return;
  if (vm->L != NULL)
    lua_close(vm->L);
  free(vm);
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
       cfg != NULL && i < cfg->ndirs && h->ndirs < MJ_HOST_MAX_DIRS - 2; i++)
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
  vm_init(&h->main, h, false);
  if (vm_open(&h->main, err) != MJ_OK) {
    free(h);
    return NULL;
  }
  return h;
}

void mj_host_free(mj_host *h)
{
  if (h == NULL)
    return;
  /* the scripts' state first: its games release the rulesets they hold */
  lua_close(h->main.L);
  for (int i = 0; i < h->nentries; i++)
    free_entry(h->entries[i]);
  for (int i = 0; i < h->nretired; i++)
    free_entry(h->retired[i]);
  free(h->retired);
  free(h);
}

lua_State *mj_host_state(mj_host *h) { return h->main.L; }

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
  push_sandbox_env(vm);
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
  copy_table(L, -1);
  mj_lua_open_bindings(L);
  readonly(L, -1);
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
  mj_status st = vm_new(h, true, &vm, err);
  if (st != MJ_OK)
    return st;
  vm->limit = h->cfg.script_mem;
  lua_State *L = vm->L;
  size_t n;
  char *src = read_file(path, &n, err);
  if (src == NULL) {
    vm_free(vm);
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
    vm_free(vm);
    return MJ_EINVAL;
  }
  ls = mj_lua_call(vm, 2, 0, h->cfg.script_budget, 0, h->cfg.script_seconds,
                   true, err);
  vm_free(vm);
  return ls == LUA_OK ? MJ_OK : MJ_EINVAL;
}

mj_status mj_host_eval(mj_host *h, const char *code, size_t len,
                       bool *incomplete, mj_error *err)
{
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
