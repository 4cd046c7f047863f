/*
** host_int.h
** The inside of the Lua host, shared by the files of lua/ only.
*/
#ifndef MJ_HOST_INT_H
#define MJ_HOST_INT_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "host.h"
#include "rules.h"
#include "score.h"

enum { MJ_HOST_MAX_RULES = 64 };

/*
** One Lua state and its limits. The host has one for scripts and the
** REPL (full Lua); every loaded ruleset has its own, sandboxed: a ruleset
** cannot reach another one's objects, the host's, or a script's.
*/
typedef struct mj_vm {
  lua_State *L;
  mj_host *host;
  bool sandbox;                  /* a ruleset's state */
  size_t used, limit;            /* the allocator's count and cap */
  bool mem_hit;
  long budget, budget_size; /* instructions left in this call (-1: no cap) */
  double deadline, seconds;      /* monotonic end of this call (0: none) */
  bool aborting;                 /* a budget or interrupt error is unwinding */
  int aborting_cause;            /* why the last call failed: MJ_ABORT_ */
  char abort_msg[200];
  char where[160];               /* the last Lua line the hook saw */
  bool want_traceback;
  /* code not shipped has been loaded into the state (always so for the
     scripts' state): its calls run under the count hook that keeps the
     budgets. A ruleset's state of shipped files alone, loaded from their
     dumps, runs without it (Ctrl-C still stops it: the hook is set then) */
  bool foreign;
  /* while a ruleset loads */
  bool loading;
  int builder_ref, user_opts_ref;
  char base_stack[8][64];
  int nbase;
  char loading_file[256];        /* the file running now, innermost */
  int prelude_ref;
  /* the game of the flow hook running now, and the serial of its call: a
     handle of another call refuses */
  mj_game *flow_game;
  unsigned flow_serial, flow_serials;
} mj_vm;

enum {
  MJ_ABORT_NONE,                 /* an error of the code itself */
  MJ_ABORT_BUDGET,               /* instructions, time or memory ran out */
  MJ_ABORT_INTERRUPT             /* Ctrl-C */
};

/* A loaded ruleset, its state and the Lua functions it keeps there. */
typedef struct mj_entry {
  mj_host *host;
  mj_vm *vm;
  mj_rules *rules;
  int *refs;            /* registry refs of the fan tests */
  uint8_t *spent;       /* tests that ran out of their budget once */
  char spent_msg[512];  /* ... and what they said */
  int nrefs;
  int settle_ref;
  int hook_refs[MJ_HOOK_COUNT];   /* registry refs of the flow hooks */
  char *path, *options;
  char digest[17];      /* of the source files read, hex */
  long mtime;
  int holds;            /* games that use it (mj_host_hold) */
  /* the upvalues of its functions, each game's own (locals.c) */
  int locals_ref, nlocals, nsets;
  int *local_idx;
  /* tables only the locals reach: how many, whether the ones live at
     load (the twins) can be put back in place, and the game holding
     them (NULL: free for the next game) */
  int nown;
  bool twins_ok;
  const void *twins_owner;
  const void *locals_owner;   /* the game whose values are live */
} mj_entry;

struct mj_host {
  mj_vm main;                    /* scripts, the REPL's lua */
  mj_host_cfg cfg;
  char dirs[MJ_HOST_MAX_DIRS][256];
  int ndirs;
  volatile sig_atomic_t interrupted;
  mj_vm *volatile active;        /* the state running now, for Ctrl-C */
  mj_vm *loading_vm;             /* the state of the ruleset loading */
  unsigned long long digest;     /* of the files read by that load */
  mj_entry *entries[MJ_HOST_MAX_RULES];
  int nentries, current;
  mj_entry **retired;   /* replaced, kept while a game holds one */
  int nretired, capretired;
  mj_host_out out;
  void *out_ud;
};

mj_vm *mj_vm_of(lua_State *L);

/* locals.c: a game's own values of the ruleset's locals. init, once the
** ruleset (registry[ruleset_ref], R) has loaded: its functions'
** upvalues found and their values kept, the tables only they reach
** copied (a ruleset too large refused). enter: game's values live,
** before a hook or the settlement runs for it. copy: to starts from
** from's (to NULL: from is freed, its values dropped). */
mj_status mj_lua_locals_init(mj_entry *e, int ruleset_ref, mj_error *err);
mj_status mj_lua_locals_enter(mj_entry *e, const void *game, mj_error *err);
void mj_lua_locals_copy(mj_entry *e, const void *from, const void *to);
/* Code not shipped is about to run in vm's state: from now on (the call
   running now included) its calls count instructions and time. */
void mj_vm_foreign(mj_vm *vm);
mj_host *mj_host_of(lua_State *L);

/* {====================================================================
** vm.c: a state and its limits
** ===================================================================== */

/* A state for h (sandbox: a ruleset's, a bot's or a sandboxed script's),
** made by running setup in it under mj_lua_call; freed by mj_vm_free
** (NULL does nothing). */
void mj_vm_init(mj_vm *vm, mj_host *h, bool sandbox);
mj_status mj_vm_open(mj_vm *vm, lua_CFunction setup, mj_error *err);
mj_status mj_vm_new(mj_host *h, bool sandbox, lua_CFunction setup,
                    mj_vm **out, mj_error *err);
void mj_vm_free(mj_vm *vm);

/* The innermost running line of a file, "file:line" into buf (the
** prelude's own lines skipped); false when there is none. */
bool mj_lua_user_place(lua_State *L, char *buf, size_t cap);

/* }==================================================================== */

/* {====================================================================
** sandbox.c: the environment of untrusted code, ruleset files
** ===================================================================== */

/* A fresh environment for one file of untrusted code (see sandbox.c).
** [-0, +1, m] */
void mj_lua_sandbox_env(mj_vm *vm);
/* Copy the table at idx; a read-only proxy of it. [-0, +1, m] */
void mj_lua_copy_table(lua_State *L, int idx);
void mj_lua_readonly(lua_State *L, int idx);
/* Name the module table at idx (registry._LOADED[name]), so that an
** argument error of a function called without a name (through pcall)
** says "mj.load", not "?". [-0, +0, m] */
void mj_lua_name_module(lua_State *L, int idx, const char *name);
/* Run the file at path (or the source given) in vm's sandbox, its
** digest added to the host's; raises on error. [-0, +0, e] */
void mj_lua_run_file(lua_State *L, mj_vm *vm, const char *path,
                     const char *given, size_t glen);
/* A ruleset or bot file of at most 1 MB, malloc'd; *n its size. */
char *mj_lua_read_source(const char *path, size_t *n, mj_error *err);
bool mj_lua_valid_id(const char *id);
bool mj_lua_file_exists(const char *path);
long mj_lua_file_mtime(const char *path);

/* }==================================================================== */

/* The setup of a ruleset's state (builder.c): trimmed libraries, the
** budgeted ones, the prelude. A lua_CFunction for mj_vm_new. */
int mj_lua_setup_ruleset_state(lua_State *L);
/* Run the prelude with the builder's helpers; keep the language it
** returns in the registry (vm->prelude_ref) and leave it on the stack.
** [-0, +1, e] */
void mj_lua_open_prelude(lua_State *L);

/* Free a loaded ruleset's entry, its state included (registry.c). */
void mj_lua_entry_free(mj_entry *e);

/* A bot file in a sandboxed state of its own: the file (run under the
   load budget) returns its choose function, or a table with one; push_api
   adds the table `bot` of its environment. The function's registry ref
   into *ref. */
mj_status mj_host_bot_open(mj_host *h, const char *path, const mj_rules *r,
                           void (*push_api)(lua_State *L, const mj_rules *r),
                           mj_vm **out, int *ref, mj_error *err);
void mj_host_bot_close(mj_vm *vm);

/*
** The one protected call into Lua (see host.c): the function and nargs
** arguments on vm's stack. budget < 0: no instruction cap (still
** interruptible); mem: extra bytes allowed (0: the state's limit);
** seconds: wall time (0: none). Returns a LUA_ status, err set on error.
*/
int mj_lua_call(mj_vm *vm, int nargs, int nres, long budget, size_t mem,
                double seconds, bool traceback, mj_error *err);

/* Charge steps of work done in C (pattern matching) to the running
** call's budget; raises the budget or interrupt error. */
void mj_vm_charge(mj_vm *vm, lua_State *L, long steps);

/* Replace the library functions whose work grows with an argument
** (table.move, concat, insert, remove, unpack, sort; string.rep, byte,
** sub, upper, lower, reverse, format, pack, unpack; utf8.codepoint, len,
** offset) in the global tables by versions that charge that work to the
** running call's budget (safelib.c). */
void mj_lua_safe_libs(lua_State *L);

/* Replace find, match, gmatch and gsub in the table at idx by the
** budgeted matcher (pattern.c). */
void mj_lua_patterns(lua_State *L, int idx);

/* Compile the fan table at idx; refs (may be NULL) receives the test. */
mj_status mj_lua_compile_fan(lua_State *L, int idx, int scoring,
                             mj_fan_def *def, mj_entry *e, mj_error *err);

/* Compile the builder table at idx into e->rules (inside a protected
** call: a metamethod may raise). */
mj_status mj_lua_compile_rules(mj_entry *e, int idx, const char *path,
                               const char *options, mj_error *err);

/* The builder's flow hooks at index builder: refs and bits (~0u: a hook
** field is not a function, err set). */
unsigned mj_lua_flow_refs(lua_State *L, int builder, int refs[MJ_HOOK_COUNT],
                          mj_error *err);
/* Run hook ev->hook of e (flow.c). */
mj_status mj_lua_flow(mj_entry *e, const int refs[MJ_HOOK_COUNT], mj_game *g,
                      const mj_flow_ev *ev, int *answer, mj_error *err);

/* Push a view as a Lua table. [-0, +1, m] */
void mj_lua_push_view(lua_State *L, const mj_view *v);
/* t[k] = v for the table on top (view.c). [-0, +0, m] */
void mj_lua_setbool(lua_State *L, const char *k, bool v);
void mj_lua_setint(lua_State *L, const char *k, lua_Integer v);

/* Add the engine's functions to the table on top (mj.parse...). */
void mj_lua_open_bindings(lua_State *L);

#endif
