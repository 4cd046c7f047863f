/*
** vm.c
** A Lua state and its limits: the allocator of capped bytes, the budgets
** of instructions and time, Ctrl-C, and the one protected call from C
** into Lua (mj_lua_call).
*/
#include <signal.h>
#include <time.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "i18n.h"
#include "host_int.h"

/* {====================================================================
** Allocator and budgets
** ===================================================================== */


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
      mj_lua_user_place(vm->L, vm->where, sizeof vm->where);
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
bool mj_lua_user_place(lua_State *L, char *buf, size_t cap)
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
  if (mj_lua_user_place(L, at, sizeof at))
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
  mj_lua_user_place(L, vm->where, sizeof vm->where);
  if (vm->budget_size >= 0)
    vm->budget -= 1000;
  if (over(vm))
    place_error(L, vm->abort_msg);
}

void mj_vm_foreign(mj_vm *vm)
{
  if (vm->foreign)
    return;
  vm->foreign = true;
  if (vm->host->active == vm && !vm->host->interrupted)
    lua_sethook(vm->L, budget_hook, LUA_MASKCOUNT, 1000);
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
    if (mj_lua_user_place(L, at, sizeof at))
      msg = lua_pushfstring(L, _("%s: an error was raised with a %s value, "
                            "not a message"), at, luaL_typename(L, 1));
    else
      msg = lua_pushfstring(L, _("(error object is a %s value)"),
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
    lua_pushfstring(L, _("%s (called from %s)"), msg, outer);
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
  lua_sethook(L, vm->foreign ? budget_hook : NULL, LUA_MASKCOUNT, 1000);
  if (h->interrupted)    /* a Ctrl-C before the call: stop at once */
    lua_sethook(L, budget_hook, LUA_MASKCALL | LUA_MASKLINE | LUA_MASKCOUNT, 1);
  int st = lua_pcall(L, nargs, nres, base);
  h->active = saved_active;
  if (nested && vm->foreign)
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
** Making and closing a state
** ===================================================================== */

void mj_vm_init(mj_vm *vm, mj_host *h, bool sandbox)
{
  memset(vm, 0, sizeof *vm);
  vm->host = h;
  vm->sandbox = sandbox;
  vm->limit = sandbox ? h->cfg.rules_mem : h->cfg.mem_limit;
  vm->budget = vm->budget_size = -1;
  vm->foreign = !sandbox;
  vm->builder_ref = vm->user_opts_ref = vm->prelude_ref = LUA_NOREF;
}

/* Open vm's state and run its setup; on error the state is closed. */
mj_status mj_vm_open(mj_vm *vm, lua_CFunction setup, mj_error *err)
{
  vm->L = lua_newstate(l_alloc, vm);
  if (vm->L == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "cannot create a Lua state");
  *(mj_vm **)lua_getextraspace(vm->L) = vm;
  lua_pushcfunction(vm->L, setup);
  if (mj_lua_call(vm, 0, 0, -1, 0, 0, true, err) != LUA_OK) {
    lua_close(vm->L);
    vm->L = NULL;
    return MJ_ENOMEM;
  }
  return MJ_OK;
}

mj_status mj_vm_new(mj_host *h, bool sandbox, lua_CFunction setup,
                    mj_vm **out, mj_error *err)
{
  mj_vm *vm = malloc(sizeof *vm);
  if (vm == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  mj_vm_init(vm, h, sandbox);
  mj_status st = mj_vm_open(vm, setup, err);
  if (st != MJ_OK) {
    free(vm);
    return st;
  }
  *out = vm;
  return MJ_OK;
}

/* Close a ruleset's state. Its code could set no finalizer (no metatable
   reaches it), so closing runs none of its code. */
void mj_vm_free(mj_vm *vm)
{
  if (vm == NULL)
    return;
  if (vm->L != NULL)
    lua_close(vm->L);
  free(vm);
}

/* }==================================================================== */
