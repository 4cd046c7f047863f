/*
** host_int.h
** The inside of the Lua host, shared by the files of lua/ only.
*/
#ifndef MJ_HOST_INT_H
#define MJ_HOST_INT_H

#include <signal.h>
#include <stdbool.h>

#include "host.h"
#include "rules.h"
#include "score.h"

enum { MJ_HOST_MAX_RULES = 64 };

/* A loaded ruleset and the Lua functions it keeps. */
typedef struct mj_entry {
  mj_host *host;
  mj_rules *rules;
  int *refs;            /* registry refs: fan tests, then settle */
  int nrefs;
  int settle_ref;
  char *path, *options;
  long mtime;
} mj_entry;

struct mj_host {
  lua_State *L;
  mj_host_cfg cfg;
  char dirs[MJ_HOST_MAX_DIRS][256];
  int ndirs;
  size_t used, limit;            /* the allocator's count and cap */
  bool mem_hit;
  long budget, budget_size;      /* instructions left in this call */
  bool aborting;                 /* a budget or interrupt error is unwinding */
  char abort_msg[160];
  volatile sig_atomic_t interrupted;
  bool want_traceback;
  bool loading;
  int builder_ref, user_opts_ref;
  char base_stack[8][64];
  int nbase;
  int prelude_ref;
  mj_entry *entries[MJ_HOST_MAX_RULES];
  int nentries, current;
  mj_entry **retired;   /* replaced, kept alive: a game may still use one */
  int nretired, capretired;
  mj_host_out out;
  void *out_ud;
};

mj_host *mj_host_of(lua_State *L);

/* The one protected call into Lua (see host.c). Returns a LUA_ status. */
int mj_lua_call(mj_host *h, int nargs, int nres, long budget, size_t mem,
                bool traceback, mj_error *err);

/* Compile the fan table at idx; refs (may be NULL) receives the test. */
mj_status mj_lua_compile_fan(lua_State *L, int idx, bool doubling, mj_fan_def *def,
                             mj_entry *e, mj_error *err);

/* Compile the builder table at idx into e->rules. */
mj_status mj_lua_compile_rules(mj_host *h, mj_entry *e, int idx, const char *path,
                               const char *options, mj_error *err);

/* Push a view as a Lua table. [-0, +1, m] */
void mj_lua_push_view(lua_State *L, const mj_view *v);

/* Add the engine's functions to the table on top (mj.parse...). */
void mj_lua_open_bindings(lua_State *L);

#endif
