/*
** compile_rules.c
** A ruleset script's own fields compiled into the core's ruleset: its
** table rules, states, shapes, scoring, options and watch; and the calls
** back into its Lua (fan tests, the settlement) with their budgets.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bind.h"
#include "compile_int.h"
#include "ruleset_fields.h"
#include "table_rules.h"
#include "text.h"

/* {====================================================================
** Rulesets
** ===================================================================== */

/* The id of the fan whose test is refs[test]. */
static const char *test_fan(const mj_entry *e, int test)
{
  for (int i = 0; i < mj_rules_nfans(e->rules); i++)
    if (mj_rules_fan(e->rules, i)->test == test)
      return mj_rules_fan(e->rules, i)->id;
  return "?";
}

/* Name what failed: "fan 'X': file:line: message". */
static mj_status name_failure(mj_error *err, const char *what)
{
  if (err == NULL)
    return MJ_ERULES;
  char msg[sizeof err->msg];
  snprintf(msg, sizeof msg, "%.90s: %.400s", what, err->msg);
  memcpy(err->msg, msg, sizeof msg);
  return MJ_ERULES;
}

/* call_test(view, ref): the test function ref called with the view. */
static int call_test(lua_State *L)
{
  const mj_view *v = lua_touserdata(L, 1);
  lua_rawgeti(L, LUA_REGISTRYINDEX, (int)lua_tointeger(L, 2));
  mj_lua_push_view(L, v);
  lua_call(L, 1, 1);
  return 1;
}

/* call_settle(in, ref, rules): the settlement ref called with the win. */
static int call_settle(lua_State *L)
{
  const mj_settle_in *in = lua_touserdata(L, 1);
  const mj_rules *r = lua_touserdata(L, 3);
  lua_rawgeti(L, LUA_REGISTRYINDEX, (int)lua_tointeger(L, 2));
  lua_createtable(L, 0, 12);
  if (in->score != NULL) {
    mj_lua_push_hits(L, r, in->score, true);
    lua_setfield(L, -2, "fans");
    lua_pushstring(L, mj_shape_name((mj_shape)in->score->reading.shape));
    lua_setfield(L, -2, "shape");
  }
  lua_pushinteger(L, in->winner + 1);
  lua_setfield(L, -2, "winner");
  if (in->payer >= 0) {
    lua_pushinteger(L, in->payer + 1);
    lua_setfield(L, -2, "payer");
  }
  lua_pushinteger(L, in->dealer + 1);
  lua_setfield(L, -2, "dealer");
  lua_pushinteger(L, mj_rules_ctable(r)->players);
  lua_setfield(L, -2, "players");
  lua_pushinteger(L, in->total);
  lua_setfield(L, -2, "total");
  lua_pushinteger(L, in->total_no_bonus);
  lua_setfield(L, -2, "points");
  lua_pushboolean(L, in->self_drawn);
  lua_setfield(L, -2, "self");
  lua_pushinteger(L, in->honba);
  lua_setfield(L, -2, "honba");
  lua_createtable(L, 0, 2);   /* words[name]: the win's context words */
  for (int i = 0; in->ctx != NULL && i < in->ctx->nwords; i++) {
    lua_pushinteger(L, in->ctx->words[i].value);
    lua_setfield(L, -2, in->ctx->words[i].name);
  }
  lua_setfield(L, -2, "words");
  lua_pushboolean(L, (in->flags & MJ_CTX_ROB) != 0);
  lua_setfield(L, -2, "rob");
  lua_pushboolean(L, (in->flags & MJ_CTX_FIRST) != 0);
  lua_setfield(L, -2, "first");
  lua_pushboolean(L, (in->flags & MJ_CTX_KONG) != 0);
  lua_setfield(L, -2, "kong");
  lua_pushboolean(L, (in->flags & MJ_CTX_WALL_LAST) != 0);
  lua_setfield(L, -2, "wall_last");
  lua_pushboolean(L, (in->flags & MJ_CTX_KAIGANG) != 0);
  lua_setfield(L, -2, "kaigang");
  if (in->kong_from >= 0) {
    lua_pushinteger(L, in->kong_from + 1);
    lua_setfield(L, -2, "kong_from");
  }
  lua_createtable(L, 4, 0);   /* active[seat]: still in play */
  for (int i = 0; i < 4; i++) {
    lua_pushboolean(L, (in->active >> i & 1) != 0);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "active");
  const mj_table *t = mj_rules_ctable(r);
  lua_createtable(L, 4, 0);   /* states[seat][name]: the ruleset's states */
  for (int i = 0; i < 4; i++) {
    lua_createtable(L, 0, t->nstates);
    for (int k = 0; k < t->nstates; k++) {
      const mj_state_def *d = &t->states[k];
      if (d->flag)
        lua_pushboolean(L, in->states[i][k] != 0);
      else
        lua_pushinteger(L, in->states[i][k]);
      lua_setfield(L, -2, d->name);
    }
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "states");
  lua_call(L, 1, 1);
  return 1;
}

/* "the test of fan 'X'", for its failures (named only when one fails). */
static const char *test_what(const mj_entry *e, int test, char what[120])
{
  snprintf(what, 120, "the test of fan '%s'", test_fan(e, test));
  return what;
}

static int fan_test(void *ud, int test, const mj_view *v, mj_error *err)
{
  mj_entry *e = ud;
  lua_State *L = e->vm->L;
  char what[120];
  if (test < 0 || test >= e->nrefs) {
    mj_fail(err, MJ_EINVAL, 0, "no such test function");
    return -1;
  }
  if (e->spent != NULL && e->spent[test]) {
    /* it ran out of its budget once: it would again, at the same cost */
    mj_fail(err, MJ_ERULES, 0, "%s", e->spent_msg);
    return -1;
  }
  lua_pushcfunction(L, call_test);     /* the view is built inside: it may */
  lua_pushlightuserdata(L, (void *)v); /* run out of memory */
  lua_pushinteger(L, e->refs[test]);
  mj_error own;
  mj_error *er = err != NULL ? err : &own;
  if (mj_lua_call(e->vm, 2, 1, e->host->cfg.call_budget, 0,
                  e->host->cfg.call_seconds, false, er) != LUA_OK) {
    name_failure(er, test_what(e, test, what));
    if (e->vm->aborting_cause == MJ_ABORT_BUDGET && e->spent != NULL) {
      e->spent[test] = 1;
      snprintf(e->spent_msg, sizeof e->spent_msg, "%s", er->msg);
    }
    return -1;
  }
  int n;
  if (lua_type(L, -1) == LUA_TBOOLEAN || lua_isnil(L, -1)) {
    n = lua_toboolean(L, -1);
  } else if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 0 &&
             lua_tointeger(L, -1) <= 99) {
    n = (int)lua_tointeger(L, -1);
  } else {
    mj_fail(err, MJ_ERULES, 0, "%s returned %s: it must return a boolean "
            "or a count 0..99", test_what(e, test, what), luaL_typename(L, -1));
    n = -1;
  }
  lua_pop(L, 1);
  return n;
}

static mj_status settle(void *ud, const mj_settle_in *in, int pay[4],
                        mj_error *err)
{
  mj_entry *e = ud;
  lua_State *L = e->vm->L;
  if (e->settle_ref == LUA_NOREF && in->score != NULL &&
      mj_rules_scoring(e->rules) == MJ_SCORING_PARTS) {
    mj_parts_pay(e->rules, in->score, in->winner, in->dealer, in->payer, pay);
    mj_parts_honba(e->rules, in->honba, in->winner, in->payer, pay);
    return MJ_OK;          /* parts scoring pays by its own table */
  }
  if (e->settle_ref == LUA_NOREF)
    return mj_fail(err, MJ_ESTATE, 0, "no settlement: the ruleset scores "
                   "hands but cannot pay a win; give it R.settle = "
                   "function(w) ... end (docs/rules.md)");
  if (mj_lua_locals_enter(e, in->game, err) != MJ_OK)
    return MJ_ENOMEM;
  lua_pushcfunction(L, call_settle);
  lua_pushlightuserdata(L, (void *)in);
  lua_pushinteger(L, e->settle_ref);
  lua_pushlightuserdata(L, (void *)e->rules);
  if (mj_lua_call(e->vm, 3, 1, e->host->cfg.call_budget, 0,
                  e->host->cfg.call_seconds, false, err) != LUA_OK)
    return name_failure(err, "settle");
  mj_status st = MJ_OK;
  char at[200];                /* where settle is defined, for its errors */
  lua_Debug ar;
  lua_rawgeti(L, LUA_REGISTRYINDEX, e->settle_ref);
  if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0)
    snprintf(at, sizeof at, "settle (%s:%d)", ar.short_src, ar.linedefined);
  else
    snprintf(at, sizeof at, "settle");
  int np = mj_rules_ctable(e->rules)->players;
  if (lua_type(L, -1) != LUA_TTABLE) {
    st = mj_fail(err, MJ_ERULES, 0,
                 "%s must return the payments, one a seat { E, S, ... }, not "
                 "a %s", at, luaL_typename(L, -1));
  } else {
    for (int i = 0; i < 4 && st == MJ_OK; i++) {
      lua_rawgeti(L, -1, i + 1);
      if (i >= np && (lua_isnil(L, -1) || (lua_isinteger(L, -1) &&
                                           lua_tointeger(L, -1) == 0)))
        pay[i] = 0;     /* no seat there: nothing or 0 */
      else if (i >= np)
        st = mj_fail(err, MJ_ERULES, 0, "%s pays seat %d, but the table "
                     "has %d", at, i + 1, np);
      else if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < -10000000 ||
          lua_tointeger(L, -1) > 10000000)
        st = mj_fail(err, MJ_ERULES, 0,
                     "%s must return %d integer payments of at most "
                     "10000000 (seat %d: %s)", at, np, i + 1,
                     luaL_typename(L, -1));
      else
        pay[i] = (int)lua_tointeger(L, -1);
      lua_pop(L, 1);
    }
    if (st == MJ_OK && pay[0] + pay[1] + pay[2] + pay[3] != 0)
      st = mj_fail(err, MJ_ERULES, 0, "%s returned payments that are not "
                   "zero-sum (%+d %+d %+d %+d)", at, pay[0], pay[1], pay[2],
                   pay[3]);
  }
  lua_pop(L, 1);
  return st;
}

static mj_status flow(void *ud, mj_game *g, const mj_flow_ev *ev, int *answer,
                      mj_error *err)
{
  mj_entry *e = ud;
  if (e->hook_refs[ev->hook] == LUA_NOREF)
    return MJ_OK;
  if (mj_lua_locals_enter(e, g, err) != MJ_OK)
    return MJ_ENOMEM;
  return mj_lua_flow(e, e->hook_refs, g, ev, answer, err);
}

static void game_copy(void *ud, const mj_game *from, const mj_game *to)
{
  mj_lua_locals_copy(ud, from, to);
}

static const mj_rules_vt host_vt = { fan_test, settle, flow, game_copy };

/* exclusive = { "first", "wall-last", "kong", "rob" }: context flags of
   which a win holds one at most. */
static mj_status exclusive_tokens(cctx *c, mj_rules *r)
{
  lua_State *L = c->L;
  int top = lua_gettop(L);
  lua_getfield(L, c->t, "exclusive");
  unsigned bits = 0;
  for (lua_Integer i = 1; lua_type(L, top + 1) == LUA_TTABLE; i++) {
    if (lua_rawgeti(L, top + 1, i) == LUA_TNIL)
      break;
    const char *name = lua_tostring(L, -1);
    unsigned f = name != NULL ? mj_ctx_flag_named(name) : 0;
    if (f == 0) {
      char what[40];
      snprintf(what, sizeof what, "%.30s", name ? name : luaL_typename(L, -1));
      lua_settop(L, top);
      return mjc_bad(c, "exclusive: '%s' is not a context flag (self, "
                     "wall-last, kong, rob, first, kaigang ...)", what);
    }
    bits |= f;
    lua_pop(L, 1);
  }
  lua_settop(L, top);
  mj_rules_set_exclusive(r, bits);
  return MJ_OK;
}

/* context = { "touji", "feibao=" ... }: the ruleset-owned tokens the
   ruleset reads beyond what its fans show (a test function's). */
static mj_status context_tokens(cctx *c, mj_rules *r)
{
  lua_State *L = c->L;
  int top = lua_gettop(L);
  lua_getfield(L, c->t, "context");
  if (lua_type(L, -1) != LUA_TTABLE) {
    lua_settop(L, top);
    return MJ_OK;
  }
  unsigned bits = 0;
  for (lua_Integer i = 1; ; i++) {
    if (lua_rawgeti(L, -1, i) == LUA_TNIL)
      break;
    size_t n;
    const char *name = lua_tolstring(L, -1, &n);
    int k = -1;
    for (int j = 0; name != NULL && j < MJ_TOKEN_COUNT && k < 0; j++) {
      const char *t = mj_ctx_token_name(j);
      size_t tn = strlen(t) - (t[strlen(t) - 1] == '=');
      if ((n == tn || (n == tn + 1 && name[tn] == '=')) &&
          memcmp(name, t, tn) == 0)
        k = j;
    }
    if (k < 0) {
      char what[40], all[240] = "";
      size_t len = 0;
      snprintf(what, sizeof what, "%.30s", name ? name : luaL_typename(L, -1));
      for (int q = 0; q < MJ_TOKEN_COUNT; q++)
        mj_catf(all, sizeof all, &len, "%s%s", q ? ", " : "",
                mj_ctx_token_name(q));
      lua_settop(L, top);
      return mjc_bad(c, "context: '%s' is not a ruleset token (%s)", what, all);
    }
    bits |= 1u << k;
    lua_pop(L, 1);
  }
  lua_settop(L, top);
  mj_rules_declare_tokens(r, bits);
  return MJ_OK;
}

static mj_status shape_list(cctx *c, const char *field, unsigned *out)
{
  lua_State *L = c->L;
  *out = 0;
  lua_getfield(L, c->t, field);
  if (lua_type(L, -1) != LUA_TTABLE) {
    lua_pop(L, 1);
    return mjc_bad(c, "ruleset field '%s' must be a list of shape names", field);
  }
  for (int i = 1; i <= (int)lua_rawlen(L, -1); i++) {
    lua_rawgeti(L, -1, i);
    const char *name = lua_tostring(L, -1);
    int s = name ? mj_shape_from_name(name) : -1;
    if (name != NULL && strcmp(name, "none") == 0)
      s = MJ_SHAPE_NONE;
    lua_pop(L, 1);
    if (s < 0 || s == MJ_SHAPE_NONE) {
      lua_pop(L, 1);
      if (s == MJ_SHAPE_NONE)
        return mjc_bad(c, "ruleset field '%s': 'none' is no winning shape; "
                       "a hand of no shape wins by a fan that says shape = "
                       "\"none\" (the winning shapes are " MJ_SHAPE_NAMES_TEXT ")",
                       field);
      return mjc_bad(c, "ruleset field '%s': unknown shape '%s' (the "
                     "winning shapes are " MJ_SHAPE_NAMES_TEXT ")", field,
                     name ? name : "?");
    }
    *out |= MJ_SHAPE_BIT(s);
  }
  lua_pop(L, 1);
  return MJ_OK;
}

/* Every key of the table at tt is a table rule of the list
   (table_rules.h), of its type. */
static mj_status table_fields(cctx *c, int tt)
{
  lua_State *L = c->L;
#define FLAG(name, dflt, words) { #name, LUA_TBOOLEAN },
#define NUMBER(name, dflt, lo, hi, range, words) { #name, LUA_TNUMBER },
#define OTHER(name, type, words) { #name, type },
  static const struct { const char *name; int type;
  } fields[] = { MJ_TABLE_FLAGS(FLAG) MJ_TABLE_NUMBERS(NUMBER)
                 MJ_TABLE_OTHERS(OTHER) { NULL, 0 } };
#undef FLAG
#undef NUMBER
#undef OTHER
  lua_pushnil(L);
  while (lua_next(L, tt)) {
    lua_pop(L, 1);
    const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    int found = -1;
    for (int i = 0; k && fields[i].name; i++)
      if (strcmp(k, fields[i].name) == 0)
        found = i;
    if (found < 0 && k != NULL &&
        (!strcmp(k, "wild_claim") || !strcmp(k, "wild_win") ||
         !strcmp(k, "touji")))
      return mjc_bad(c, "table rules: '%s' is no table rule now: it is written "
                 "with R.state and the flow hooks (see rulesets/bao.lua)", k);
    if (found < 0)
      return mjc_bad(c, "table rules: unknown field '%s'",
                 luaL_tolstring(L, -1, NULL));
    lua_pushvalue(L, -1);
    lua_gettable(L, tt);
    bool ok = lua_type(L, -1) == fields[found].type ||
              (strcmp(k, "wild") == 0 && lua_type(L, -1) == LUA_TBOOLEAN &&
               !lua_toboolean(L, -1)) ||
              (strcmp(k, "turned_name") == 0 &&
               lua_type(L, -1) == LUA_TTABLE);   /* { en =, zh = } */
    if (ok && fields[found].type == LUA_TNUMBER && !lua_isinteger(L, -1))
      ok = false;
    lua_pop(L, 1);
    if (!ok)
      return mjc_bad(c, "table rules: '%s' has the wrong type", k);
  }
  return MJ_OK;
}

/* after_win and swap_to. */
static mj_status table_flow(cctx *c, int tt, mj_table *t)
{
  lua_State *L = c->L;
  mj_status st = MJ_OK;
  lua_getfield(L, tt, "after_win");
  const char *aw = lua_tostring(L, -1);
  if (aw != NULL && strcmp(aw, "end") && strcmp(aw, "leave") &&
      strcmp(aw, "stay"))
    st = mjc_bad(c, "table rules: after_win is \"end\", \"leave\" or "
             "\"stay\"");
  t->leave_on_win = aw != NULL && strcmp(aw, "leave") == 0;
  t->stay_on_win = aw != NULL && strcmp(aw, "stay") == 0;
  lua_pop(L, 1);
  lua_getfield(L, tt, "swap_to");
  t->nswap_to = 0;
  for (int i = 1; st == MJ_OK && lua_type(L, -1) == LUA_TTABLE; i++) {
    if (lua_rawgeti(L, -1, i) == LUA_TNIL) {
      lua_pop(L, 1);
      break;
    }
    const char *d = lua_tostring(L, -1);
    int off = d == NULL ? 0 : !strcmp(d, "next") ? 1 : !strcmp(d, "across") ? 2
            : !strcmp(d, "previous") ? 3 : 0;
    if (off == 0 || i > 3)
      st = mjc_bad(c, "table rules: swap_to lists up to three of \"next\", "
               "\"across\", \"previous\" (by the dice sum mod their number)");
    else
      t->swap_to[t->nswap_to++] = (uint8_t)off;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  lua_getfield(L, tt, "uma");
  memset(t->uma, 0, sizeof t->uma);
  if (st == MJ_OK && !lua_isnil(L, -1)) {
    int sum = 0, n = lua_type(L, -1) == LUA_TTABLE ? (int)lua_rawlen(L, -1)
                                                    : -1;
    for (int i = 1; i <= n && i <= 4; i++) {
      lua_rawgeti(L, -1, i);
      int isnum;
      lua_Integer v = lua_tointegerx(L, -1, &isnum);
      if (!isnum || v < -1000 || v > 1000)
        n = -1;
      else
        t->uma[i - 1] = (int)v, sum += (int)v;
      lua_pop(L, 1);
    }
    if (n != t->players || sum != 0)
      st = mjc_bad(c, "table rules: uma lists what each place adds, in "
               "thousands, first to last (one whole number a player, %d, "
               "from -1000 to 1000, summing to 0), such as { 20, 10, -10, "
               "-20 }", t->players >= 2 && t->players <= 4 ? t->players : 4);
  }
  lua_pop(L, 1);
  return st;
}

/* kinds = "19m123456789p...": the kinds the wall holds (*given). */
static mj_status table_kinds(cctx *c, int tt, mj_table *t, bool *given)
{
  lua_State *L = c->L;
  *given = false;
  if (lua_getfield(L, tt, "kinds") == LUA_TNIL) {
    lua_pop(L, 1);
    return MJ_OK;
  }
  size_t n;
  const char *s = lua_tolstring(L, -1, &n);
  mj_tile tl[MJ_KINDS * 4];
  int k = 0;
  mj_error e;
  mj_status st = s != NULL ? mj_tiles_parse(s, n, 1, false, tl, NULL,
                                            MJ_KINDS * 4, &k, &e)
                           : MJ_EINVAL;
  t->set = 0;
  lua_pop(L, 1);
  for (int i = 0; st == MJ_OK && i < k; i++) {
    char b[3];
    if (t->set & MJ_BIT(tl[i]))
      return mjc_bad(c, "table rules: kinds lists %s twice",
                     mj_tile_str(tl[i], b));
    t->set |= MJ_BIT(tl[i]);
  }
  if (st == MJ_OK && k == 0)
    st = MJ_EINVAL;
  if (st != MJ_OK && st != MJ_EINVAL)
    return st;
  if (st != MJ_OK)
    return mjc_bad(c, "table rules: kinds lists the tile kinds of the wall "
                   "in notation, each once (\"19m123456789p123456789s1234567z"
                   "\"; the flowers come with flowers = true)");
  *given = true;
  return MJ_OK;
}

/* The wall's size with its flowers, and every number in its range. */
static mj_status table_ranges(cctx *c, mj_table *t, bool kinds)
{
  if (kinds) {   /* the kinds the table lists, and its flowers */
    for (int f = 0; f < 8; f++)
      if (t->flowers)
        t->set |= MJ_BIT(MJ_FLOWER0 + f);
    if (t->tiles != mj_set_tiles(t->set))
      return mjc_bad(c, t->flowers ? "table rules: the kinds listed make %d "
                     "tiles with the flowers, not tiles = %d"
                     : N_("table rules: the kinds listed make %d tiles, not "
                     "tiles = %d"), mj_set_tiles(t->set), t->tiles);
  } else if (t->tiles != 108 && t->tiles != 136 && t->tiles != 144) {
    return mjc_bad(c, "table rules: tiles is 108 (suits only), 136 or 144 "
                   "(or list the kinds: kinds = \"19m123456789p...\")");
  } else if (t->flowers != (t->tiles == 144)) {
    return mjc_bad(c, "table rules: 144 tiles means flowers = true, 108 and "
                   "136 false");
  } else {
    t->set = mj_table_set_of(t->tiles);
  }
#define NUMBER(name, dflt, lo, hi, range, words)                             \
  if (t->name < (lo) || t->name > (hi))                                      \
    return mjc_bad(c, "table rules: " #name " is %s", range);
  MJ_TABLE_NUMBERS(NUMBER)
#undef NUMBER
  if (t->hand != 13 && t->hand != 16)
    return mjc_bad(c, "table rules: hand is 13 (four sets and a pair) or 16 "
                   "(five)");
  return MJ_OK;
}

/* wild_name, replacement and wild. */
static mj_status table_words(cctx *c, int tt, mj_table *t)
{
  lua_State *L = c->L;
  mj_status st = MJ_OK;
  lua_getfield(L, tt, "wild_name");
  if (lua_isstring(L, -1)) {
    size_t n;
    const char *v = lua_tolstring(L, -1, &n);
    if (n == 0 || n >= sizeof t->wild_name)
      st = mjc_bad(c, "table rules: wild_name is a word of 1..%d bytes",
               (int)sizeof t->wild_name - 1);
    else if ((st = mjc_clean(c, "table rules: wild_name", v)) == MJ_OK)
      memcpy(t->wild_name, v, n + 1);
  }
  lua_pop(L, 1);
  lua_getfield(L, tt, "turned_name");
  if (st == MJ_OK && !lua_isnil(L, -1)) {
    const char *v;
    st = mjc_get_text(c, -1, "table rules: turned_name", &v);
    if (st == MJ_OK && (strlen(v) == 0 || strlen(v) >= sizeof t->turned_name))
      st = mjc_bad(c, "table rules: turned_name is a word of 1..%d bytes",
                   (int)sizeof t->turned_name - 1);
    else if (st == MJ_OK)
      memcpy(t->turned_name, v, strlen(v) + 1);
  }
  lua_pop(L, 1);
  lua_getfield(L, tt, "replacement");
  if (!lua_isnil(L, -1)) {
    const char *v = lua_tostring(L, -1);
    if (strcmp(v, "tail") && strcmp(v, "head"))
      st = mjc_bad(c, "table rules: replacement is \"tail\" or \"head\"");
    t->replace_tail = strcmp(v, "tail") == 0;
  }
  lua_pop(L, 1);
  lua_getfield(L, tt, "wild");
  if (st == MJ_OK && lua_type(L, -1) == LUA_TSTRING) {
    if (strcmp(lua_tostring(L, -1), "indicator") != 0)
      st = mjc_bad(c, "table rules: wild is \"indicator\" or false");
    t->wild_rule = MJ_WILD_INDICATOR;
  }
  lua_pop(L, 1);
  return st;
}

/* cycles: the indicator's order, each string a cycle of tiles. */
static mj_status table_cycles(cctx *c, int tt, mj_table *t)
{
  lua_State *L = c->L;
  mj_status st = MJ_OK;
  lua_getfield(L, tt, "cycles");
  if (lua_type(L, -1) == LUA_TTABLE) {
    for (int i = 1; i <= (int)lua_rawlen(L, -1) && st == MJ_OK; i++) {
      lua_rawgeti(L, -1, i);
      size_t len;
      const char *s = lua_tolstring(L, -1, &len);
      mj_tile tl[MJ_KINDS];
      int k = 0;
      if (s == NULL ||
          mj_tiles_parse(s, len, 1, false, tl, NULL, MJ_KINDS, &k, NULL) !=
              MJ_OK ||
          k < 2)
        st = mjc_bad(c,
                 "table rules: cycles are tile strings such as \"123456789m\"");
      for (int q = 0; q < k && st == MJ_OK; q++)
        t->succ[tl[q]] = tl[(q + 1) % k];
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return st;
}

static mj_status table_rules(cctx *c, mj_table *t)
{
  lua_State *L = c->L;
  lua_getfield(L, c->t, "table");
  int tt = lua_gettop(L);
  if (lua_type(L, tt) != LUA_TTABLE) {
    lua_pop(L, 1);
    return mjc_bad(c, "ruleset field 'table' must be a table");
  }
  bool kinds = false;
  mj_status st = table_fields(c, tt);
  if (st == MJ_OK) {
    /* the flags and whole numbers, each where the list says */
#define FLAG(name, dflt, words)                                              \
    if (lua_getfield(L, tt, #name) != LUA_TNIL)                              \
      t->name = lua_toboolean(L, -1);                                        \
    lua_pop(L, 1);
#define NUMBER(name, dflt, lo, hi, range, words)                             \
    if (lua_getfield(L, tt, #name) != LUA_TNIL)                              \
      t->name = (int)lua_tointeger(L, -1);                                   \
    lua_pop(L, 1);
    MJ_TABLE_FLAGS(FLAG)
    MJ_TABLE_NUMBERS(NUMBER)
#undef FLAG
#undef NUMBER
    st = table_flow(c, tt, t);
  }
  if (st == MJ_OK)
    st = table_kinds(c, tt, t, &kinds);
  if (st == MJ_OK)
    st = table_ranges(c, t, kinds);
  if (st == MJ_OK)
    st = table_words(c, tt, t);
  if (st == MJ_OK)
    st = table_cycles(c, tt, t);
  lua_settop(L, tt - 1);
  return st;
}

/* id, title, version, description. */
static mj_status rules_info(cctx *c, mj_entry *e)
{
  lua_State *L = c->L;
  if (lua_type(L, c->t) != LUA_TTABLE)
    return mjc_bad(c, "not a ruleset");
  lua_getfield(L, c->t, "id");
  const char *id = lua_tostring(L, -1);
  if (id == NULL)
    return mjc_bad(c, "the ruleset has no id");
  e->rules = mj_rules_new(id);
  if (e->rules == NULL)
    return mj_fail(c->err, MJ_ENOMEM, 0, "out of memory");
  TRY(mjc_clean(c, "the id", id));
  lua_getfield(L, c->t, "title");
  lua_getfield(L, c->t, "version");
  lua_getfield(L, c->t, "description");
  const char *title, *desc;
  TRY(mjc_get_text(c, -3, "the title", &title));
  TRY(mjc_clean(c, "the version", lua_tostring(L, -2)));
  TRY(mjc_get_text(c, -1, "the description", &desc));
  if (mj_rules_set_info(e->rules, title, lua_tostring(L, -2), desc,
                        c->path) != MJ_OK)
    return mj_fail(c->err, MJ_ENOMEM, 0, "out of memory");
  return MJ_OK;
}

/* The winning shapes and the way points add up. */
static mj_status rules_scoring(cctx *c, mj_rules *r, mj_shape_cfg *cfg,
                               int *scoring_out)
{
  lua_State *L = c->L;
  unsigned wait;
  mj_status st;
  if ((st = shape_list(c, "shapes", &cfg->shapes)) != MJ_OK ||
      (st = shape_list(c, "wait_shapes", &wait)) != MJ_OK)
    return st;
  lua_getfield(L, c->t, "pair_quads");
  cfg->pair_quads = lua_toboolean(L, -1);
  if (cfg->shapes == 0)
    return mjc_bad(c, "the ruleset allows no winning shape");
  mj_rules_set_shapes(r, *cfg, wait);
  lua_getfield(L, c->t, "scoring");
  const char *scoring = lua_tostring(L, -1);
  int mode = mj_scoring_from_name(scoring);
  if (mode < 0)
    return mjc_bad(c, "scoring is \"sum\", \"doubling\", \"fan\" or "
                   "\"parts\"");
  *scoring_out = mode;
  TRY(mjc_parts(c, r, mode));
  TRY(mjc_refuse(c, r));
  lua_getfield(L, c->t, "account_once");
  mj_rules_set_scoring(r, mode, lua_toboolean(L, -1));
  lua_getfield(L, c->t, "fixed_or_own");
  mj_rules_set_fixed_or_own(r, lua_toboolean(L, -1));
  lua_getfield(L, c->t, "knitted_waits");
  mj_rules_set_knitted_waits(r, lua_toboolean(L, -1));
  lua_getfield(L, c->t, "unit");
  size_t un = 0;
  const char *unit = lua_tolstring(L, -1, &un);
  if (unit != NULL && (un == 0 || un > 15))
    return mjc_bad(c, "unit is a name of 1..15 bytes (\"fan\", \"分\")");
  if (unit != NULL)
    TRY(mjc_clean(c, "the unit", unit));
  mj_rules_set_unit(r, unit);
  TRY(exclusive_tokens(c, r));
  TRY(mjc_context_words(c, r));
  TRY(mjc_match_states(c, r));
  return context_tokens(c, r);
}

/*
** state = { { "touji", label = "偷机", private = true, flag = true,
**             token = "touji", on = "self" }, ... }: the per-player
** states of the ruleset, in the order the table shows them.
*/
/* One field k of state def, its value on the top of the stack (type vt). */
static mj_status state_field(cctx *c, mj_state_def *def, const char *k,
                             int vt)
{
  lua_State *L = c->L;
  if (!strcmp(k, "label")) {
    size_t ln = 0;
    const char *lb = NULL;
    if (vt == LUA_TTABLE && mjc_get_text(c, -1, "a state's label", &lb) ==
        MJ_OK)
      vt = LUA_TSTRING;
    lb = lua_tolstring(L, -1, &ln);
    if (vt != LUA_TSTRING || ln >= sizeof def->label)
      return mjc_bad(c, "state '%s': label is a text of up to %d bytes",
                 def->name, (int)sizeof def->label - 1);
    mj_status rs = strchr(lb, '\x1e') != NULL   /* both parts cleaned */
                       ? MJ_OK : mjc_clean(c, "a state's label", lb);
    if (rs == MJ_OK)
      memcpy(def->label, lb, ln + 1);
    return rs;
  }
  if (!strcmp(k, "private") || !strcmp(k, "flag") ||
      !strcmp(k, "wild_tile") || !strcmp(k, "turn") || !strcmp(k, "call")) {
    bool v = lua_toboolean(L, -1);
    *(k[0] == 'p' ? &def->private_ : k[0] == 'f' ? &def->flag
      : k[0] == 'w' ? &def->wild_tile : k[0] == 'c' ? &def->call
      : &def->turn) = v;
    if (vt != LUA_TBOOLEAN)
      return mjc_bad(c, "state '%s': %s is true or false", def->name, k);
    return MJ_OK;
  }
  const char *v = vt == LUA_TSTRING ? lua_tostring(L, -1) : "";
  if (!strcmp(k, "on")) {
    def->on = !strcmp(v, "self") ? MJ_STATE_SELF
            : !strcmp(v, "discard") ? MJ_STATE_DISCARD : MJ_STATE_ANY;
    if (strcmp(v, "self") && strcmp(v, "discard") && strcmp(v, "any"))
      return mjc_bad(c, "state '%s': on is \"self\", \"discard\" or \"any\"",
                 def->name);
    return MJ_OK;
  }
  if (!strcmp(k, "token")) {
    for (int j = 0; j < MJ_TOKEN_COUNT; j++) {
      const char *tn = mj_ctx_token_name(j);
      size_t tl = strlen(tn) - (tn[strlen(tn) - 1] == '=');
      if (strlen(v) == tl && memcmp(v, tn, tl) == 0 &&
          (mj_ctx_token_flag(j) != 0 || mj_ctx_token_count(j)))
        def->token = (int8_t)j;
    }
    if (def->token < 0)
      return mjc_bad(c, "state '%s': token is a flag or count context token "
                 "(touji, jiebao, sibao, feibao, horses, streak, kaigang, niao, "
                 "qishou)", def->name);
    return MJ_OK;
  }
  static const char *const fields[] = {
#define MJ_SF_NAME(field, words) field,
    MJ_STATE_FIELDS(MJ_SF_NAME)
#undef MJ_SF_NAME
  };
  char all[120] = "";
  size_t len = 0;
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
    mj_catf(all, sizeof all, &len, "%s%s", i ? ", " : "", fields[i]);
  return mjc_bad(c, "state '%s': unknown field '%s' (%s)", def->name, k, all);
}

/* State i, the table at d, into def (the states before it in t). */
static mj_status state_def(cctx *c, const mj_table *t, int d, int i,
                           mj_state_def *def)
{
  lua_State *L = c->L;
  memset(def, 0, sizeof *def);
  def->token = -1;
  lua_rawgeti(L, d, 1);
  size_t n = 0;
  const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n)
                                                    : NULL;
  bool ident = name != NULL && n > 0 && n < sizeof def->name;
  for (size_t k = 0; ident && k < n; k++)
    ident = (name[k] >= 'a' && name[k] <= 'z') || name[k] == '_' ||
            (k > 0 && name[k] >= '0' && name[k] <= '9');
  if (!ident)
    return mjc_bad(c, "state %d: its name (first entry) is a lower-case "
               "identifier of 1..%d letters", i, (int)sizeof def->name - 1);
  memcpy(def->name, name, n);
  mj_status rs = MJ_OK;
  for (int j = 0; j < t->nstates; j++)
    if (strcmp(t->states[j].name, def->name) == 0)
      rs = mjc_bad(c, "state '%s' is declared twice", def->name);
  lua_pushnil(L);
  while (rs == MJ_OK && lua_next(L, d)) {
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2)
                                                   : NULL;
    if (k != NULL)
      rs = state_field(c, def, k, lua_type(L, -1));
    else if (!(lua_isinteger(L, -2) && lua_tointeger(L, -2) == 1))
      rs = mjc_bad(c, "state '%s': fields are label, private, flag, token, "
               "on, wild_tile, turn", def->name);
    lua_pop(L, 1);
  }
  if (rs == MJ_OK && def->token >= 0 && mj_ctx_token_count(def->token) &&
      def->flag)
    rs = mjc_bad(c, "state '%s': a flag cannot feed the count %s", def->name,
             mj_ctx_token_name(def->token));
  if (rs == MJ_OK && def->token >= 0 && !mj_ctx_token_count(def->token) &&
      !def->flag)
    rs = mjc_bad(c, "state '%s': the token %s is a flag: say flag = true",
             def->name, mj_ctx_token_name(def->token));
  return rs;
}

static mj_status state_rules(cctx *c, mj_table *t)
{
  lua_State *L = c->L;
  int top = lua_gettop(L);
  lua_getfield(L, c->t, "state");
  int st = lua_gettop(L);
  t->nstates = 0;
  mj_status rs = MJ_OK;
  if (!lua_isnil(L, st) && !lua_istable(L, st))
    rs = mjc_bad(c, "state must be a list of states { \"name\", label = ... }");
  for (lua_Integer i = 1; rs == MJ_OK && !lua_isnil(L, st); i++) {
    int ty = lua_rawgeti(L, st, i);
    if (ty == LUA_TNIL)
      break;
    if (i > MJ_MAX_STATES)
      rs = mjc_bad(c, "state: at most %d states", MJ_MAX_STATES);
    else if (ty != LUA_TTABLE)
      rs = mjc_bad(c, "state %d: expected a table { \"name\", label = ... }",
               (int)i);
    else
      rs = state_def(c, t, lua_gettop(L), (int)i, &t->states[t->nstates]);
    t->nstates += rs == MJ_OK;
    lua_settop(L, st);
  }
  lua_settop(L, top);
  return rs;
}

/* Declaration i, the table at d, into def (those before it in t). */
static mj_status decl_def(cctx *c, const mj_table *t, int d, int i,
                          mj_decl_def *def)
{
  lua_State *L = c->L;
  memset(def, 0, sizeof *def);
  lua_rawgeti(L, d, 1);
  size_t n = 0;
  const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n)
                                                    : NULL;
  if (name == NULL || n == 0 || n >= sizeof def->name || strpbrk(name, " \t"))
    return mjc_bad(c, "declaration %d: its name (first entry) is a word of "
                   "1..%d bytes (what a player types: declare NAME)", i,
                   (int)sizeof def->name - 1);
  TRY(mjc_clean(c, "a declaration's name", name));
  memcpy(def->name, name, n);
  memcpy(def->label, name, n);     /* the label, unless one is given */
  def->aside = MJ_NO_TILE;
  for (int j = 0; j < t->ndecls; j++)
    if (strcmp(t->decls[j].name, def->name) == 0)
      return mjc_bad(c, "declaration '%s' is declared twice", def->name);
  lua_pushnil(L);
  while (lua_next(L, d)) {
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2)
                                                   : NULL;
    if (k != NULL && strcmp(k, "label") == 0 &&
        lua_type(L, -1) == LUA_TTABLE) {   /* { en =, zh = }: one string */
      const char *two;
      TRY(mjc_get_text(c, -1, "a declaration's label", &two));
    }
    const char *v = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                   : NULL;
    mj_status ast = MJ_OK;
    if ((k == NULL && lua_isinteger(L, -2) && lua_tointeger(L, -2) == 1) ||
        (k != NULL && mjc_decl_aside(c, def, k, &ast))) {
      if (ast != MJ_OK)
        return ast;
      lua_pop(L, 1);
      continue;
    }
    if (k != NULL && strcmp(k, "label") == 0 && v != NULL &&
        strlen(v) < sizeof def->label) {
      if (strchr(v, '\x1e') == NULL)
        TRY(mjc_clean(c, "a declaration's label", v));
      snprintf(def->label, sizeof def->label, "%s", v);
    } else if (k != NULL && strcmp(k, "when") == 0 && v != NULL) {
      if (strcmp(v, "deal") != 0 && strcmp(v, "discard") != 0 &&
          strcmp(v, "turn") != 0)
        return mjc_bad(c, "declaration '%s': when is \"deal\" (after the "
                       "deal), \"discard\" (with a discard) or \"turn\" "
                       "(after a draw), not '%.30s'", def->name, v);
      def->with_discard = strcmp(v, "discard") == 0;
      def->in_turn = strcmp(v, "turn") == 0;
    } else if (k != NULL && (!strcmp(k, "concealed") || !strcmp(k, "ready") ||
                             !strcmp(k, "fix") || !strcmp(k, "first")) &&
               lua_type(L, -1) == LUA_TBOOLEAN) {
      *(k[0] == 'c' ? &def->concealed : k[0] == 'r' ? &def->ready
        : !strcmp(k, "fix") ? &def->fix : &def->first) = lua_toboolean(L, -1);
    } else if (k != NULL && (!strcmp(k, "min_score") ||
                             !strcmp(k, "min_wall")) &&
               lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 0 &&
               lua_tointeger(L, -1) <= 1000000) {
      *(k[4] == 's' ? &def->min_score : &def->min_wall) =
          (int)lua_tointeger(L, -1);
    } else {
      return mjc_bad(c, "declaration '%s': its fields are label (a string "
                     "of at most %d bytes), when (\"deal\", \"discard\" "
                     "or \"turn\"), concealed, ready, fix and first (true "
                     "or false), min_score and min_wall (numbers), aside (a "
                     "tile) and word (a context word)", def->name,
                     (int)sizeof def->label - 1);
    }
    lua_pop(L, 1);
  }
  return MJ_OK;
}

/* declarations = { { "qishou", label = "起手胡", when = "deal" } }: what
   a player may declare (R.can_declare offers, R.on_declare does). */
static mj_status decl_rules(cctx *c, mj_table *t)
{
  lua_State *L = c->L;
  int top = lua_gettop(L);
  lua_getfield(L, c->t, "declarations");
  int dl = lua_gettop(L);
  t->ndecls = 0;
  mj_status rs = MJ_OK;
  if (!lua_isnil(L, dl) && !lua_istable(L, dl))
    rs = mjc_bad(c, "declarations must be a list { { \"name\", label = "
                 "..., when = \"deal\" } }");
  for (lua_Integer i = 1; rs == MJ_OK && !lua_isnil(L, dl); i++) {
    int ty = lua_rawgeti(L, dl, i);
    if (ty == LUA_TNIL)
      break;
    if (i > MJ_MAX_DECLS)
      rs = mjc_bad(c, "declarations: at most %d", MJ_MAX_DECLS);
    else if (ty != LUA_TTABLE)
      rs = mjc_bad(c, "declaration %d: expected a table { \"name\", ... }",
                   (int)i);
    else
      rs = decl_def(c, t, lua_gettop(L), (int)i, &t->decls[t->ndecls]);
    t->ndecls += rs == MJ_OK;
    lua_settop(L, dl);
  }
  lua_settop(L, top);
  return rs;
}

/* watch = { tiles = WILD, states = { "touji" } }: the draws and discards
   the hooks hear of (after state_rules: the states are named). */
static mj_status watch_rules(cctx *c, mj_table *t)
{
  lua_State *L = c->L;
  int top = lua_gettop(L);
  lua_getfield(L, c->t, "watch");
  int w = lua_gettop(L);
  t->watch = !lua_isnil(L, w);
  mj_status rs = MJ_OK;
  if (t->watch && !lua_istable(L, w))
    rs = mjc_bad(c, "watch must be a table { tiles = ..., states = { ... } }");
  if (rs == MJ_OK && t->watch) {
    lua_pushnil(L);
    while (rs == MJ_OK && lua_next(L, w) != 0) {
      const char *k =
          lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
      if (strcmp(k, "tiles") && strcmp(k, "states"))
        rs = mjc_bad(c, "watch: unknown field '%s' (tiles, states)", k);
      lua_pop(L, 1);
    }
  }
  lua_settop(L, w);
  if (rs == MJ_OK && t->watch && lua_getfield(L, w, "tiles") != LUA_TNIL) {
    mj_set set;
    rs = mjc_get_set(c, -1, "watch.tiles", &set);
    t->watch_tiles = set.mask;
    t->watch_wild = (set.dyn & MJ_DYN_WILD) != 0;
    if (rs == MJ_OK && (set.dyn & ~MJ_DYN_WILD))
      rs = mjc_bad(c, "watch.tiles: tiles and WILD only (no seat or round "
               "wind)");
  }
  lua_settop(L, w);
  if (rs == MJ_OK && t->watch && lua_getfield(L, w, "states") != LUA_TNIL) {
    if (!lua_istable(L, -1))
      rs = mjc_bad(c, "watch.states must be a list of state names");
    for (lua_Integer i = 1; rs == MJ_OK; i++) {
      if (lua_rawgeti(L, -1, i) == LUA_TNIL)
        break;
      const char *name = lua_tostring(L, -1);
      int found = -1;
      for (int j = 0; name != NULL && j < t->nstates; j++)
        if (strcmp(t->states[j].name, name) == 0)
          found = j;
      if (found < 0)
        rs = mjc_bad(c, "watch.states: no state '%s' in R.state",
                 name ? name : luaL_typename(L, -1));
      else
        t->watch_states |= (uint8_t)(1u << found);
      lua_pop(L, 1);
    }
  }
  lua_settop(L, top);
  return rs;
}

/* The table rules: the minimum, fixed wilds, the knobs, the settlement. */
static void place_message(mj_error *err, const char *where, bool keep_placed);

static mj_status rules_table(cctx *c, mj_entry *e)
{
  lua_State *L = c->L;
  mj_table *t = mj_rules_table(e->rules);
  lua_getfield(L, c->t, "min_points");
  if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0 ||
      lua_tointeger(L, -1) > 1000)
    return mjc_bad(c, "min_points must be an integer 0..1000");
  t->min_points = (int)lua_tointeger(L, -1);
  lua_getfield(L, c->t, "wild");
  if (lua_type(L, -1) == LUA_TTABLE) {
    mj_set s;
    cctx cc = { L, c->t, c->where, "wild", c->err, c->path, 0, 0 };
    mj_status st = mjc_get_set(&cc, -1, "wild", &s);
    if (st != MJ_OK)
      return st;
    t->wild_fixed = s.mask;
    t->wild_rule = s.mask ? MJ_WILD_FIXED : MJ_WILD_NONE;
  }
  lua_pop(L, 2);
  mj_status st = table_rules(c, t);
  if (st != MJ_OK || (st = state_rules(c, t)) != MJ_OK ||
      (st = watch_rules(c, t)) != MJ_OK || (st = decl_rules(c, t)) != MJ_OK ||
      (st = mjc_check_asides(c, e->rules, t)) != MJ_OK)
    return st;
  if (t->hand == 16 && (t->wild_rule != MJ_WILD_NONE ||
                        (mj_rules_shapes(e->rules)->shapes &
                         ~(MJ_SHAPE_BIT(MJ_SHAPE_STANDARD) |
                           MJ_SHAPE_BIT(MJ_SHAPE_PAIRS)))))
    return mjc_bad(c, "table rules: a hand of 16 tiles wins with five sets "
                   "and a pair, or seven pairs and a pung, without wild "
                   "tiles (shapes = { \"standard\", \"seven_pairs\" }, no "
                   "wild)");
  lua_getfield(L, c->t, "settle");
  if (lua_type(L, -1) == LUA_TFUNCTION)
    e->settle_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  else if (!lua_isnil(L, -1))
    return mjc_bad(c, "settle must be a function");
  unsigned hooks = mj_lua_flow_refs(L, c->t, e->hook_refs, c->err);
  if (hooks == ~0u) {
    place_message(c->err, c->where, false);
    return MJ_EINVAL;
  }
  mj_rules_set_hooks(e->rules, hooks);
  return MJ_OK;
}

/* Prefix err's message with where (unless asked to keep a message that
   names a place already). */
static void place_message(mj_error *err, const char *where, bool keep_placed)
{
  if (keep_placed &&
      (strstr(err->msg, ".lua:") != NULL || strstr(err->msg, "?:") != NULL))
    return;
  char msg[sizeof err->msg];
  snprintf(msg, sizeof msg, "%.60s: %.170s", where, err->msg);
  memcpy(err->msg, msg, sizeof msg);
}

/* Each fan of the list at index fans, compiled and added. */
static mj_status rules_fans(cctx *c, mj_entry *e, int fans,
                            const mj_shape_cfg *cfg, int scoring)
{
  lua_State *L = c->L;
  int n = (int)lua_rawlen(L, fans);
  if (n == 0)
    return mjc_bad(c, "the ruleset has no fans");
  for (int i = 1; i <= n; i++) {
    lua_rawgeti(L, fans, i);
    if (lua_type(L, -1) != LUA_TTABLE)
      return mjc_bad(c, "fan %d is not a table", i);
    int ftop = lua_gettop(L);
    mj_fan_def d;
    mj_status st = mj_lua_compile_fan(L, -1, scoring, &d, e, c->err);
    if (st == MJ_OK) {
      if (d.shapes == 0)
        d.shapes = cfg->shapes;
      else if ((d.shapes & ~MJ_SHAPE_BIT(MJ_SHAPE_NONE) & ~cfg->shapes) != 0)
        st = mj_fail(c->err, MJ_EINVAL, 0,
                     "fan '%s': a shape the ruleset does not allow", d.id);
    }
    if (st == MJ_OK)
      st = mj_rules_add_fan(e->rules, &d, c->err);
    if (st != MJ_OK) {
      lua_getfield(L, ftop, "where");
      place_message(c->err, lua_tostring(L, -1) ? lua_tostring(L, -1) : c->path,
                    true);
      return st;
    }
    lua_settop(L, ftop - 1);
  }
  return MJ_OK;
}

/* Every fan an excludes list names must exist: say where it is named. */
static mj_status rules_excludes_named(cctx *c, const mj_rules *r, int fans)
{
  lua_State *L = c->L;
  static const char *const lists[] = { "excludes", "excludes_melds" };
  for (int i = 1; i <= (int)lua_rawlen(L, fans); i++) {
    lua_rawgeti(L, fans, i);
    int ft = lua_gettop(L);
    for (int l = 0; l < 2; l++) {
      lua_getfield(L, ft, lists[l]);
      int lt = lua_gettop(L);
      for (int k = 1;
           lua_type(L, lt) == LUA_TTABLE && k <= (int)lua_rawlen(L, lt); k++) {
        lua_rawgeti(L, lt, k);
        if (lua_type(L, -1) == LUA_TTABLE)
          lua_rawgeti(L, -1, 1);
        const char *name = lua_tostring(L, -1);
        bool found = false;
        for (int j = 0; name && j < mj_rules_nfans(r); j++)
          found = found || strcmp(mj_rules_fan(r, j)->id, name) == 0;
        if (found) {
          lua_settop(L, lt);
          continue;
        }
        lua_getfield(L, ft, "where");
        lua_rawgeti(L, ft, 1);
        return mj_fail(c->err, MJ_EINVAL, 0,
                       "%.80s: fan '%.60s' %s '%.60s', which is not a fan",
                       lua_tostring(L, -2) ? lua_tostring(L, -2) : c->path,
                       lua_tostring(L, -1) ? lua_tostring(L, -1) : "?",
                       l ? "excludes on its melds" : "excludes",
                       name ? name : "?");
      }
      lua_settop(L, ft);
    }
    lua_settop(L, ft - 1);
  }
  return MJ_OK;
}

/* Every option the user gave must be declared; the values are recorded. */
/* An option the ruleset does not declare: refused with the nearest name
   it does (decl: its declarations' table). */
static mj_status unknown_option(cctx *c, const mj_rules *r, int decl,
                                const char *name, size_t n)
{
  lua_State *L = c->L;
  char want[64], best[64] = "";
  snprintf(want, sizeof want, "%.*s", (int)(n < 60 ? n : 60), name);
  /* near enough to be a slip (as the prelude's nearest); at equal
     distance the first in name order, whatever the table's order */
  int bd = (int)(n <= 3 ? 1 : n / 4 > 2 ? n / 4 : 2) + 1;
  lua_pushnil(L);
  while (lua_next(L, decl)) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      const char *k = lua_tostring(L, -2);
      int d = mj_text_distance(want, k);
      if (d < bd || (d == bd && best[0] && strcmp(k, best) < 0)) {
        bd = d;
        snprintf(best, sizeof best, "%s", k);
      }
    }
    lua_pop(L, 1);
  }
  return mj_fail(c->err, MJ_EINVAL, 0, "unknown option '%s' for ruleset %s%s%s%s",
                 want, mj_rules_id(r), best[0] ? "; did you mean " : "", best,
                 best[0] ? "?" : "");
}

static mj_status rules_options(cctx *c, mj_rules *r, const char *options)
{
  lua_State *L = c->L;
  lua_getfield(L, c->t, "option_decl");
  lua_getfield(L, c->t, "opt");
  int decl = lua_gettop(L) - 1, opt = decl + 1;
  for (const char *p = options ? options : ""; *p;) {
    while (*p == ' ' || *p == ',' || *p == '\t')
      p++;
    const char *s = p;
    while (*p && *p != '=' && *p != ' ' && *p != ',')
      p++;
    if (p > s) {
      lua_pushlstring(L, s, (size_t)(p - s));
      if (lua_rawget(L, decl) == LUA_TNIL)
        return unknown_option(c, r, decl, s, (size_t)(p - s));
      lua_pop(L, 1);
    }
    while (*p && *p != ' ' && *p != ',')
      p++;
  }
  if (lua_type(L, opt) == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, opt)) {
      if (lua_type(L, -2) == LUA_TSTRING) {
        const char *name = lua_tostring(L, -2);   /* before the value's text
                                                     is pushed above it */
        mj_rules_add_option(r, name, luaL_tolstring(L, -1, NULL));
      }
      lua_settop(L, opt + 1);
    }
  }
  return MJ_OK;
}

mj_status mj_lua_compile_rules(mj_entry *e, int b, const char *path,
                               const char *options, mj_error *err)
{
  lua_State *L = e->vm->L;
  int top = lua_gettop(L);
  b = lua_absindex(L, b);
  e->settle_ref = LUA_NOREF;
  for (int h = 0; h < MJ_HOOK_COUNT; h++)
    e->hook_refs[h] = LUA_NOREF;
  char where[300];
  lua_getfield(L, b, "where");
  const char *w = lua_tostring(L, -1);
  snprintf(where, sizeof where, "%s", w && strcmp(w, "?") != 0 ? w : path);
  lua_settop(L, top);
  cctx c = { L, b, where, NULL, err, path, 0, 0 };
  mj_shape_cfg cfg = { 0, false, 0 };
  int scoring = MJ_SCORING_SUM;
  int fans = top + 1;
  mj_status st = rules_info(&c, e);
  if (st == MJ_OK) {
    lua_settop(L, top);
    st = rules_scoring(&c, e->rules, &cfg, &scoring);
  }
  if (st == MJ_OK) {
    lua_settop(L, top);
    st = rules_table(&c, e);
  }
  if (st == MJ_OK) {
    lua_settop(L, top);
    lua_getfield(L, b, "fans");
    if (lua_type(L, fans) != LUA_TTABLE)
      st = mjc_bad(&c, "the ruleset has no fan list");
  }
  if (st == MJ_OK)
    st = rules_fans(&c, e, fans, &cfg, scoring);
  if (st == MJ_OK) {
    lua_settop(L, fans);
    st = rules_excludes_named(&c, e->rules, fans);
  }
  if (st == MJ_OK && (st = mj_rules_finish(e->rules, err)) != MJ_OK)
    place_message(err, where, false);
  if (st == MJ_OK) {
    lua_settop(L, top);
    st = rules_options(&c, e->rules, options);
  }
  lua_settop(L, top);
  if (st == MJ_OK)
    mj_rules_set_vt(e->rules, &host_vt, e);
  return st;
}

/* }==================================================================== */
