/*
** host.h
** The Lua host: one Lua state, the ruleset loader and its sandbox, the
** registry of loaded rulesets, and scripts with the mj module.
*/
#ifndef MJ_HOST_H
#define MJ_HOST_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"
#include "rules.h"

typedef struct lua_State lua_State;
typedef struct mj_host mj_host;

enum { MJ_HOST_MAX_DIRS = 8 };

typedef struct mj_host_cfg {
  const char *dirs[MJ_HOST_MAX_DIRS];   /* searched first, in order */
  int ndirs;
  size_t mem_limit;     /* bytes the whole Lua state may hold (0: 512 MB) */
  size_t load_mem;      /* bytes a ruleset load may add (0: 64 MB) */
  long load_budget;     /* VM instructions for a ruleset load (0: 50 M) */
  long call_budget;     /* instructions per fan test or settlement (0: 10 M) */
} mj_host_cfg;

/* A new host; cfg may be NULL for the defaults. */
mj_host *mj_host_new(const mj_host_cfg *cfg, mj_error *err);
void mj_host_free(mj_host *h);
lua_State *mj_host_state(mj_host *h);

/*
** Load a ruleset: name is an id (searched in the directories, then the
** built-in ones) or a path to a .lua file. options is "name=value ..."
** (may be NULL). On success the ruleset replaces any loaded one with the
** same id; on error nothing changes and err says file:line and why.
*/
mj_status mj_host_load(mj_host *h, const char *name, const char *options,
                       const mj_rules **out, mj_error *err);

/* A loaded ruleset by id, loading it on first use. */
mj_status mj_host_get(mj_host *h, const char *id, const mj_rules **out, mj_error *err);

/* Loaded rulesets. */
int mj_host_count(const mj_host *h);
const mj_rules *mj_host_at(const mj_host *h, int i);
const char *mj_host_path_at(const mj_host *h, int i);

/* The current ruleset (for the REPL and mj.score without an id). */
const mj_rules *mj_host_current(const mj_host *h);
mj_status mj_host_use(mj_host *h, const char *id, mj_error *err);

/* Re-read every loaded ruleset whose file changed since it was loaded.
** *n receives how many were reloaded; the first error stops. */
mj_status mj_host_reload(mj_host *h, int *n, mj_error *err);

/* Ruleset ids available in the search directories, sorted; returns how
** many (at most max) were written to ids. */
int mj_host_available(mj_host *h, char ids[][64], int max);

/* Find the file of ruleset id; returns false if none. */
bool mj_host_find_file(mj_host *h, const char *id, char *path, size_t cap);

/*
** Run a script (a scenario) with the mj module and full Lua, arg set to
** args. On error err holds "file:line: message" and a traceback.
*/
mj_status mj_host_dofile(mj_host *h, const char *path, int argc, char **argv,
                         mj_error *err);

/*
** Run a chunk of Lua typed at the REPL. Like the lua prompt it first
** tries "return CODE". *incomplete is set (and MJ_EINVAL returned) when
** the chunk is an unfinished statement. Results are printed with out().
*/
mj_status mj_host_eval(mj_host *h, const char *code, size_t len, bool *incomplete,
                       mj_error *err);

/* Where print() and results go (default: stdout). */
typedef void (*mj_host_out)(void *ud, const char *text, size_t len);
void mj_host_set_output(mj_host *h, mj_host_out out, void *ud);

/* Ask a running script to stop (safe from a signal handler). */
void mj_host_interrupt(mj_host *h);

#endif
