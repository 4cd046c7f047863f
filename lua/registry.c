/*
** registry.c
** The rulesets a host has loaded: loading one in a state of its own,
** replacing it on reload (the old one kept while a game holds it), and
** the bot files, loaded the same way.
*/
#include <sys/stat.h>
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

/* {====================================================================
** Bot files
** ===================================================================== */


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
  char *src = mj_lua_read_source(bl->path, &n, &e);
  if (src == NULL)
    return luaL_error(L, "%s", e.msg);
  mj_vm_foreign(vm);   /* a bot's program: budgeted, shipped or not */
  char chunk[300];
  snprintf(chunk, sizeof chunk, "@%s", bl->path);
  int st = mj_lua_load_text(L, src, n, chunk);
  free(src);
  if (st != LUA_OK)
    return lua_error(L);
  mj_lua_sandbox_env(vm);
  lua_pushliteral(L, "bot");
  bl->push_api(L, bl->r);
  lua_rawset(L, -3);
  if (lua_setupvalue(L, -2, 1) == NULL)
    lua_pop(L, 1);
  lua_call(L, 0, 1);
  if (lua_istable(L, -1))
    lua_getfield(L, -1, "choose");
  if (!lua_isfunction(L, -1))
    return luaL_error(L, _("%s: a bot file returns its choose function (or a "
                      "table with one), not %s"), bl->path,
                      luaL_typename(L, -1));
  bl->ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

mj_status mj_host_bot_open(mj_host *h, const char *path, const mj_rules *r,
                           void (*push_api)(lua_State *L, const mj_rules *r),
                           mj_vm **out, int *ref, mj_error *err)
{
  mj_vm *vm = NULL;
  mj_status st = mj_vm_new(h, true, mj_lua_setup_ruleset_state, &vm, err);
  if (st != MJ_OK)
    return st;
  bot_load bl = { path, r, push_api, LUA_NOREF };
  lua_pushcfunction(vm->L, load_bot);
  lua_pushlightuserdata(vm->L, &bl);
  if (mj_lua_call(vm, 1, 0, h->cfg.load_budget, 0, h->cfg.load_seconds, false,
                  err) != LUA_OK) {
    mj_vm_free(vm);
    return MJ_EINVAL;
  }
  *out = vm;
  *ref = bl.ref;
  return MJ_OK;
}

void mj_host_bot_close(mj_vm *vm) { mj_vm_free(vm); }

/* }==================================================================== */

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
  mj_lua_run_file(L, mj_vm_of(L), lua_tostring(L, 1), src, n);
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


void mj_lua_entry_free(mj_entry *e)
{
  if (e == NULL)
    return;
  mj_rules_free(e->rules);
  free(e->refs);        /* the refs go with the state */
  free(e->local_idx);
  free(e->spent);
  mj_vm_free(e->vm);
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
      mj_lua_entry_free(h->retired[i]);
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
    if (!mj_lua_file_exists(path))
      return mj_fail(err, MJ_EIO, 0, "no such file: %s", path);
    return MJ_OK;
  }
  if (mj_host_find_file(h, name, path, cap))
    return MJ_OK;
  if (!mj_lua_valid_id(name))
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
  e->settle_ref = e->locals_ref = LUA_NOREF;
  for (int k = 0; k < MJ_HOOK_COUNT; k++)
    e->hook_refs[k] = LUA_NOREF;
  mj_status st = mj_vm_new(h, true, mj_lua_setup_ruleset_state, &e->vm, err);
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
  st = mj_lua_locals_init(e, vm->builder_ref, err);
  luaL_unref(L, LUA_REGISTRYINDEX, vm->builder_ref);
  luaL_unref(L, LUA_REGISTRYINDEX, vm->user_opts_ref);
  vm->builder_ref = vm->user_opts_ref = LUA_NOREF;
  if (st != MJ_OK) {
    char msg[sizeof err->msg];
    snprintf(msg, sizeof msg, "%s: %.400s", path, err->msg);
    memcpy(err->msg, msg, sizeof msg);
    goto fail;
  }
  lua_gc(L, LUA_GCCOLLECT);
  snprintf(e->digest, sizeof e->digest, "%016llx", h->digest);
  e->path = strdup(path);
  e->options = strdup(options ? options : "");
  e->mtime = src != NULL ? 0 : mj_lua_file_mtime(path);
  if (e->path == NULL || e->options == NULL) {
    st = mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    goto fail;
  }
  *out = e;
  return MJ_OK;
fail:
  mj_lua_entry_free(e);   /* closes the ruleset's state: every reference with it */
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
      mj_lua_entry_free(e);
      return mj_fail(err, MJ_ERANGE, 0, "too many rulesets loaded (at most %d)",
                     MJ_HOST_MAX_RULES);
    }
    slot = h->nentries++;
  } else {
    /* the old one stays valid while a game holds it */
    if (retire(h, h->entries[slot]) != MJ_OK) {
      mj_lua_entry_free(e);
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
  if (mj_host_is_builtin(h, id))
    snprintf(path, sizeof path, "%s/%s.lua", HULE_RULES_DIR, id);
  else if (!mj_host_find_file(h, id, path, sizeof path))
    return mj_fail(err, MJ_EINVAL, 0, "'%s' is not a ruleset shipped with "
                   "hule, nor a file ID.lua in the rules folders", id);
  if (h->loading_vm != NULL)
    return mj_fail(err, MJ_ESTATE, 0, "a ruleset is loading already");
  mj_entry *e;
  mj_status st = load_entry(h, path, NULL, 0, options, &e, err);
  if (st != MJ_OK)
    return st;
  if (retire(h, e) != MJ_OK) {
    mj_lua_entry_free(e);
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
  return mj_lua_valid_id(id) && mj_lua_file_exists(path);
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
    if (mj_lua_file_mtime(e->path) == e->mtime)
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
