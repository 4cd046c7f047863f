/*
** host.h
** The Lua host: a Lua state for scripts with the mj module, and one
** sandboxed state for each loaded ruleset; the loader and the registry.
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
/* Directories a caller may add (HULE_RULES and the built-in one follow). */
enum { MJ_HOST_USER_DIRS = MJ_HOST_MAX_DIRS - 2 };

typedef struct mj_host_cfg {
  const char *dirs[MJ_HOST_MAX_DIRS];   /* searched first, in order */
  int ndirs;
  size_t mem_limit;     /* bytes the scripts' state may hold (0: 512 MB) */
  size_t rules_mem;     /* bytes each ruleset's state may hold (0: 64 MB) */
  long load_budget;     /* VM instructions for a ruleset load (0: 50 M) */
  long call_budget;     /* instructions per fan test or settlement (0: 10 M) */
  double load_seconds;  /* wall time of a ruleset load (0: 20 s) */
  double call_seconds;  /* wall time of one test or settlement (0: 5 s) */
  size_t script_mem;    /* bytes of a sandboxed script (0: 256 MB) */
  long script_budget;   /* its instructions (0: 1,000 M) */
  double script_seconds;  /* its wall time (0: 60 s) */
} mj_host_cfg;

/* The directories searched for rulesets, in order (the caller's, then
   HULE_RULES's, then the built-in one): the i-th, NULL past the last. */
const char *mj_host_dir(const mj_host *h, int i);

/* A new host; cfg may be NULL for the defaults. */
mj_host *mj_host_new(const mj_host_cfg *cfg, mj_error *err);
void mj_host_free(mj_host *h);

/*
** Load a ruleset: name is an id (searched in the directories, then the
** built-in ones) or a path to a .lua file. options is "name=value ..."
** (may be NULL). On success the ruleset replaces any loaded one with the
** same id; on error nothing changes and err says file:line and why.
*/
mj_status mj_host_load(mj_host *h, const char *name, const char *options,
                       const mj_rules **out, mj_error *err);

/* The same from source text in memory; name is the chunk's name in
** messages ("x.lua"). A reload does not re-read it. */
mj_status mj_host_load_source(mj_host *h, const char *name, const char *src,
                              size_t len, const char *options,
                              const mj_rules **out, mj_error *err);

/* A loaded ruleset by id, loading it on first use. */
mj_status mj_host_get(mj_host *h, const char *id, const mj_rules **out,
                      mj_error *err);

/* A bot written in Lua (FILE returns choose(view, legal)), in a
** sandboxed state of its own, seeing only what seat p may know; its
** failures fall to the efficiency bot (mj_bot_failures). NULL and err
** (file:line) when the file does not load. */
typedef struct mj_bot mj_bot;
mj_bot *mj_lua_bot_new(mj_host *h, const char *path, const mj_rules *r,
                       unsigned long long seed, mj_error *err);

/* A loaded ruleset by id, NULL if none is loaded (never loads). */
const mj_rules *mj_host_find_loaded(const mj_host *h, const char *id);

/* Load the ruleset id (shipped, else ID.lua in the rules folders the
** user named) with options apart from the registry (the session's
** rulesets stay as they are), held once: the caller releases it
** (mj_host_release), and the last release frees it. */
mj_status mj_host_load_detached(mj_host *h, const char *id, const char *options,
                                const mj_rules **out, mj_error *err);

/* Is id a ruleset shipped with hule (in the built-in directory)? */
bool mj_host_is_builtin(mj_host *h, const char *id);

/* The digest of a loaded ruleset's source files (16 hex digits) and the
** options it was loaded with; NULL for rulesets the host did not load. */
const char *mj_host_digest(const mj_host *h, const mj_rules *r);
const char *mj_host_options_of(const mj_host *h, const mj_rules *r);

/* A game uses r: while held, a ruleset replaced by a reload stays in
** memory; released by the last holder, it is freed. */
void mj_host_hold(mj_host *h, const mj_rules *r);
void mj_host_release(mj_host *h, const mj_rules *r);

/* Bytes held by every Lua state of the host. */
size_t mj_host_memory(const mj_host *h);

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
** Run someone else's scenario under the ruleset sandbox (no io, os, load,
** debug...) with the scripting API (mj.game, mj.score..., mj.load of
** ruleset ids only), print, assert and expect, in a state of its own
** with the script budgets of mj_host_cfg.
*/
mj_status mj_host_dofile_sandboxed(mj_host *h, const char *path, int argc,
                                   char **argv, mj_error *err);

/*
** Run a chunk of Lua typed at the REPL. Like the lua prompt it first
** tries "return CODE". *incomplete is set (and MJ_EINVAL returned) when
** the chunk is an unfinished statement. Results are printed with out().
*/
mj_status mj_host_eval(mj_host *h, const char *code, size_t len,
                       bool *incomplete, mj_error *err);

/* Where print() and results go (default: stdout). */
typedef void (*mj_host_out)(void *ud, const char *text, size_t len);
void mj_host_set_output(mj_host *h, mj_host_out out, void *ud);

/* Ask the running Lua to stop (safe from a signal handler): the running
** call, and any call made before mj_host_clear_interrupt, raises
** "interrupted". */
void mj_host_interrupt(mj_host *h);
void mj_host_clear_interrupt(mj_host *h);
bool mj_host_interrupted(const mj_host *h);

#endif
