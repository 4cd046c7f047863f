/*
** compile.c
** From the tables of a ruleset script to the core's compiled ruleset:
** each fan's fields become clauses and meld patterns, checked field by
** field with errors that name the fan, the field and the file:line.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "fan_fields.h"
#include "host_int.h"
#include "table_rules.h"
#include "text.h"

/* {====================================================================
** Errors
** ===================================================================== */

/* Where compiling is: a fan (name set) or the ruleset's own fields. */
typedef struct cctx {
  lua_State *L;
  int t;               /* the table read: a fan's, or the ruleset's */
  const char *where;
  const char *name;    /* the fan, NULL for the ruleset's own fields */
  mj_error *err;
  const char *path;    /* the ruleset's file (its own fields only) */
} cctx;

static mj_status bad(cctx *c, const char *fmt, ...)
  __attribute__((format(printf, 2, 3)));

static mj_status bad(cctx *c, const char *fmt, ...)
{
  char msg[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  const char *where = c->where ? c->where : "?";
  if (c->name == NULL)
    return mj_fail(c->err, MJ_EINVAL, 0, "%s: %s", where, msg);
  char name[80];     /* the name may be what is refused: shown escaped */
  return mj_fail(c->err, MJ_EINVAL, 0, "%s: fan '%s': %s", where,
                 mj_text_escape(c->name, name, sizeof name), msg);
}

/* A text of the ruleset (a name, a label, a description) is clean text
   (text.h): one line, no control character, valid UTF-8. */
static mj_status clean(cctx *c, const char *what, const char *s)
{
  size_t n = s != NULL ? strlen(s) : 0, at;
  char why[60];
  if (s == NULL || mj_text_clean(s, n, &at))
    return MJ_OK;
  return bad(c, "%s holds %s at byte %zu: a ruleset's texts are plain text "
             "on one line", what, mj_text_fault(s, n, at, why, sizeof why),
             at + 1);
}

/* }==================================================================== */

/* {====================================================================
** Values
** ===================================================================== */

/* A tile set (a table with integer mask and dyn) at idx. */
static mj_status get_set(cctx *c, int idx, const char *field, mj_set *out)
{
  lua_State *L = c->L;
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TTABLE)
    return bad(c, "'%s' must be a tile set such as tiles\"19m\" (got %s)",
               field, luaL_typename(L, idx));
  lua_getfield(L, idx, "mask");
  lua_getfield(L, idx, "dyn");
  int ok = lua_isinteger(L, -2) && lua_isinteger(L, -1);
  lua_Integer mask = lua_tointeger(L, -2), dyn = lua_tointeger(L, -1);
  lua_pop(L, 2);
  if (!ok)
    return bad(c, "'%s' must be a tile set such as tiles\"19m\"", field);
  out->mask = (mj_tileset)mask & MJ_SET_ALL;
  out->dyn = (uint8_t)(dyn & 7);
  return MJ_OK;
}

/* A count: n, or { min = a, max = b }. */
static mj_status get_range(cctx *c, int idx, const char *field, int16_t *lo,
                           int16_t *hi)
{
  lua_State *L = c->L;
  idx = lua_absindex(L, idx);
  if (lua_isinteger(L, idx)) {
    lua_Integer n = lua_tointeger(L, idx);
    if (n < 0 || n > 99)
      return bad(c, "'%s' = %lld is out of range (0..99)", field, (long long)n);
    *lo = *hi = (int16_t)n;
    return MJ_OK;
  }
  if (lua_type(L, idx) == LUA_TTABLE) {
    lua_getfield(L, idx, "min");
    lua_getfield(L, idx, "max");
    int okmin = lua_isnil(L, -2) || lua_isinteger(L, -2);
    int okmax = lua_isnil(L, -1) || lua_isinteger(L, -1);
    lua_Integer a = lua_isnil(L, -2) ? 0 : lua_tointeger(L, -2);
    lua_Integer b = lua_isnil(L, -1) ? 99 : lua_tointeger(L, -1);
    lua_pop(L, 2);
    if (okmin && okmax && a >= 0 && b <= 99 && a <= b) {
      *lo = (int16_t)a;
      *hi = (int16_t)b;
      return MJ_OK;
    }
  }
  return bad(c, "'%s' must be a count or { min = a, max = b }", field);
}

static mj_status get_bool(cctx *c, int idx, const char *field, int *out)
{
  if (lua_type(c->L, idx) != LUA_TBOOLEAN)
    return bad(c, "'%s' must be true or false", field);
  *out = lua_toboolean(c->L, idx);
  return MJ_OK;
}

static mj_status get_str(cctx *c, int idx, const char *field, const char **out)
{
  if (lua_type(c->L, idx) != LUA_TSTRING)
    return bad(c, "'%s' must be a string", field);
  *out = lua_tostring(c->L, idx);
  return MJ_OK;
}

/* A template "11223344556677m": the ranks of one suit. */
static mj_status get_template(cctx *c, int idx, const char *field,
                              mj_fan_def *d)
{
  lua_State *L = c->L;
  idx = lua_absindex(L, idx);
  int n = lua_type(L, idx) == LUA_TTABLE ? (int)lua_rawlen(L, idx) : 1;
  if (lua_type(L, idx) != LUA_TTABLE && lua_type(L, idx) != LUA_TSTRING)
    return bad(c, "'%s' must be a tile string or a list of them", field);
  for (int i = 1; i <= n; i++) {
    if (lua_type(L, idx) == LUA_TTABLE)
      lua_rawgeti(L, idx, i);
    else
      lua_pushvalue(L, idx);
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    mj_tile t[20];
    int k = 0;
    mj_status st =
        s ? mj_tiles_parse(s, len, 1, false, t, NULL, 20, &k, NULL) : MJ_EINVAL;
    lua_pop(L, 1);
    if (st != MJ_OK || k == 0)
      return bad(c, "'%s': not a tile string", field);
    if (d->ntpl >= MJ_MAX_PATTERNS)
      return bad(c, "'%s': at most %d templates", field, MJ_MAX_PATTERNS);
    uint8_t *tpl = d->tpl[d->ntpl++];
    memset(tpl, 0, 9);
    int suit = mj_tile_suit(t[0]);
    for (int q = 0; q < k; q++) {
      if (mj_tile_suit(t[q]) != suit || suit > 2)
        return bad(c,
                   "'%s': a template is tiles of one suit (any suit matches)",
                   field);
      if (++tpl[mj_tile_rank(t[q]) - 1] > 4)
        return bad(c, "'%s': more than 4 of a tile", field);
    }
  }
  return MJ_OK;
}

/* A member table made by chow"a", pung(WINDS), pair(5)... */
static mj_status get_member(cctx *c, int idx, const char *field, mj_member *m)
{
  lua_State *L = c->L;
  idx = lua_absindex(L, idx);
  memset(m, 0, sizeof *m);
  m->var = -1;
  m->suitvar = -1;
  if (lua_type(L, idx) != LUA_TTABLE)
    return bad(c, "'%s' holds melds such as chow\"a\" or pung(WINDS)", field);
  lua_getfield(L, idx, "type");
  const char *type = lua_tostring(L, -1);
  static const char *const types[] = { "chow", "pung", "pair", "meld" };
  int ti = -1;
  for (int i = 0; type && i < 4; i++)
    if (strcmp(type, types[i]) == 0)
      ti = i;
  lua_pop(L, 1);
  if (ti < 0)
    return bad(c, "'%s' holds melds such as chow\"a\" or pung(WINDS)", field);
  m->type = (uint8_t)ti;
  lua_getfield(L, idx, "var");
  if (lua_type(L, -1) == LUA_TSTRING) {
    const char *v = lua_tostring(L, -1);
    if (v[0] < 'a' || v[0] > 'd' || v[1])
      return bad(c, "'%s': a rank variable is a..d", field);
    m->var = (int8_t)(v[0] - 'a');
  }
  lua_pop(L, 1);
  lua_getfield(L, idx, "off");
  if (lua_isinteger(L, -1)) {
    lua_Integer o = lua_tointeger(L, -1);
    if (o < -8 || o > 8)
      return bad(c, "'%s': offset out of range", field);
    m->off = (int8_t)o;
  }
  lua_pop(L, 1);
  lua_getfield(L, idx, "rank");
  if (lua_isinteger(L, -1)) {
    lua_Integer r = lua_tointeger(L, -1);
    if (r < 1 || r > 9)
      return bad(c, "'%s': a rank is 1..9", field);
    m->rank = (int8_t)r;
  }
  lua_pop(L, 1);
  lua_getfield(L, idx, "suit");
  if (lua_type(L, -1) == LUA_TSTRING) {
    const char *v = lua_tostring(L, -1);
    if (v[0] < 'x' || v[0] > 'z' || v[1])
      return bad(c, "'%s': a suit variable is x, y or z", field);
    m->suitvar = (int8_t)(v[0] - 'x');
  }
  lua_pop(L, 1);
  lua_getfield(L, idx, "set");
  if (!lua_isnil(L, -1)) {
    mj_status st = get_set(c, -1, field, &m->set);
    if (st != MJ_OK)
      return st;
    m->has_set = 1;
  }
  lua_pop(L, 1);
  if (m->type == MJ_M_CHOW && m->rank > 7)
    return bad(c, "'%s': a chow starts at rank 1..7", field);
  return MJ_OK;
}

static mj_status get_pattern(cctx *c, int idx, const char *field, mj_pattern *p)
{
  lua_State *L = c->L;
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TTABLE)
    return bad(c, "'%s' must be a list of melds", field);
  int n = (int)lua_rawlen(L, idx);
  if (n < 1 || n > MJ_MAX_MEMBERS)
    return bad(c, "'%s' has 1 to %d melds", field, MJ_MAX_MEMBERS);
  memset(p, 0, sizeof *p);
  p->n = (uint8_t)n;
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, idx, i + 1);
    mj_status st = get_member(c, -1, field, &p->m[i]);
    lua_pop(L, 1);
    if (st != MJ_OK)
      return st;
  }
  return MJ_OK;
}

/* }==================================================================== */

/* {====================================================================
** Fans
** ===================================================================== */

/* The fields that make clauses (clauses.h), and the flag fields. */
static const struct { const char *name; uint8_t kind, arg; } clause_fields[] = {
#define MJ_C_FIELD(k, field, a, yes, no) { field, MJ_C_##k, MJ_ARG_##a },
  MJ_CLAUSES(MJ_C_FIELD)
#undef MJ_C_FIELD
};

static const struct { const char *name; unsigned flag; } flag_fields[] = {
#define MJ_FLAG_FIELD(field, f, words) { field, f },
  MJ_FLAG_FIELDS(MJ_FLAG_FIELD)
#undef MJ_FLAG_FIELD
};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

static const char *const other_fields[] = {
#define MJ_FAN_FIELD(field, words) field,
  MJ_FAN_FIELDS(MJ_FAN_FIELD)
#undef MJ_FAN_FIELD
  NULL
};

static bool known_field(const char *k)
{
  for (size_t i = 0; i < COUNT(clause_fields); i++)
    if (clause_fields[i].name != NULL && strcmp(k, clause_fields[i].name) == 0)
      return true;
  for (size_t i = 0; i < COUNT(flag_fields); i++)
    if (strcmp(k, flag_fields[i].name) == 0)
      return true;
  for (int i = 0; other_fields[i]; i++)
    if (strcmp(k, other_fields[i]) == 0)
      return true;
  return false;
}

static mj_status add_clause(cctx *c, mj_fan_def *d, mj_clause cl)
{
  if (d->nclauses >= MJ_MAX_CLAUSES)
    return bad(c, "too many conditions (at most %d)", MJ_MAX_CLAUSES);
  d->clauses[d->nclauses++] = cl;
  return MJ_OK;
}

#define TRY(x)                                                                 \
  do {                                                                         \
    mj_status st_ = (x);                                                       \
    if (st_ != MJ_OK)                                                          \
      return st_;                                                              \
  } while (0)

/* The first list entry, the fan's name; then every key must be one we
   know. */
static mj_status fan_name(cctx *c, mj_fan_def *d)
{
  lua_State *L = c->L;
  lua_getfield(L, c->t, "where");
  c->where = lua_tostring(L, -1);
  lua_rawgeti(L, c->t, 1);
  c->name = lua_tostring(L, -1);
  if (lua_type(L, -1) != LUA_TSTRING || lua_rawlen(L, -1) == 0 ||
      lua_rawlen(L, -1) > 60) {
    c->name = "?";
    return bad(
        c,
        "the first entry must be the fan's name (a string of 1 to 60 bytes)");
  }
  d->id = c->name;
  lua_pushnil(L);
  while (lua_next(L, c->t)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TNUMBER) {
      if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) != 1)
        return bad(c, "unexpected list entry %s (the name is the only one)",
                   lua_tostring(L, -1));
      continue;
    }
    if (lua_type(L, -1) != LUA_TSTRING || !known_field(lua_tostring(L, -1)))
      return bad(c, "unknown field '%s'", luaL_tolstring(L, -1, NULL));
  }
  return MJ_OK;
}

/* Names and teaching text: en, desc, example, aliases. */
static mj_status fan_texts(cctx *c, mj_fan_def *d)
{
  lua_State *L = c->L;
  static const char *const keys[] = { "en", "desc", "example" };
  const char **outs[] = { &d->en, &d->desc, &d->example };
  for (int i = 0; i < 3; i++) {
    lua_getfield(L, c->t, keys[i]);
    if (!lua_isnil(L, -1))
      TRY(get_str(c, -1, keys[i], outs[i]));   /* left on the stack */
  }
  lua_getfield(L, c->t, "aliases");
  if (!lua_isnil(L, -1)) {
    int a = lua_gettop(L);
    if (lua_type(L, a) != LUA_TTABLE || lua_rawlen(L, a) > MJ_MAX_ALIASES)
      return bad(c, "'aliases' must be a list of at most %d names",
                 MJ_MAX_ALIASES);
    for (int i = 1; i <= (int)lua_rawlen(L, a); i++) {
      lua_rawgeti(L, a, i);
      TRY(get_str(c, -1, "aliases", &d->aliases[i - 1]));
    }
  }
  return MJ_OK;
}

/* The value: points (sum scoring); base, times or fixed (doubling); fan,
   add or flat (番 scoring: 2^(F-1) units for F 番); none for a state. */
static mj_status fan_value(cctx *c, mj_fan_def *d, int scoring)
{
  lua_State *L = c->L;
  static const char *const vals[] = { "points", "base", "times", "fixed",
                                      "fan", "add", "flat", "plus" };
  static const uint8_t roles[] = { MJ_ROLE_ADD, MJ_ROLE_BASE, MJ_ROLE_TIMES,
                                   MJ_ROLE_FIXED, MJ_ROLE_BASE, MJ_ROLE_TIMES,
                                   MJ_ROLE_FIXED, MJ_ROLE_PLUS };
  static const char *const give[] = {
    [MJ_SCORING_SUM] = "give points = N",
    [MJ_SCORING_DOUBLING] = "give exactly one of base, times, fixed, plus",
    [MJ_SCORING_FAN] = "give exactly one of fan, add, flat (番)",
  };
  int nv = 0;
  for (int i = 0; i < 8; i++) {
    lua_getfield(L, c->t, vals[i]);
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      continue;
    }
    nv++;
    if (i == 7 && lua_type(L, -1) == LUA_TSTRING &&
        strcmp(lua_tostring(L, -1), "share") == 0) {
      lua_pop(L, 1);       /* plus = "share": one more share per count */
      lua_pushinteger(L, -1);
    }
    if (!lua_isinteger(L, -1))
      return bad(c, "'%s' must be an integer", vals[i]);
    lua_Integer v = lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (v < -100000 || v > 100000)
      return bad(c, "'%s' is out of range", vals[i]);
    d->value = (int)v;
    d->role = roles[i];
    int mode = i == 0 ? MJ_SCORING_SUM
             : i < 4 || i == 7 ? MJ_SCORING_DOUBLING : MJ_SCORING_FAN;
    if (i == 7 && (v < -1 || v > 1000))
      return bad(c, "'plus' is an amount 0..1000 or \"share\"");
    if (mode != scoring)
      return bad(c, "a %s ruleset: %s, not %s",
                 scoring == MJ_SCORING_SUM ? "sum"
                 : scoring == MJ_SCORING_FAN ? "fan" : "doubling",
                 give[scoring], vals[i]);
    if (i == 2) {
      if (v < 2 || (v & (v - 1)) != 0)
        return bad(c, "'times' must be 2, 4, 8 ... (a power of two)");
      d->value = __builtin_ctzll((unsigned long long)v);
    }
    if (mode == MJ_SCORING_FAN && (v < 0 || v > 20))
      return bad(c, "'%s' is a number of 番, 0..20", vals[i]);
  }
  lua_getfield(L, c->t, "state");
  bool state_only = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (state_only && nv > 0)
    return bad(
        c, "a state fan is never scored: give no value");
  if (nv != 1 && !state_only)
    return bad(c, "%s", give[scoring]);
  return MJ_OK;
}

static int shape_bit(const char *name)
{
  if (strcmp(name, "none") == 0)
    return MJ_SHAPE_NONE;
  return mj_shape_from_name(name);
}

/* shape = "name" or { "name", ... } */
static mj_status fan_shapes(cctx *c, mj_fan_def *d)
{
  lua_State *L = c->L;
  lua_getfield(L, c->t, "shape");
  int s = lua_gettop(L);
  if (lua_isnil(L, s))
    return MJ_OK;
  int n = lua_type(L, s) == LUA_TTABLE ? (int)lua_rawlen(L, s) : 1;
  if (lua_type(L, s) != LUA_TTABLE && lua_type(L, s) != LUA_TSTRING)
    return bad(c, "'shape' must be a shape name or a list of them");
  for (int i = 1; i <= n; i++) {
    if (lua_type(L, s) == LUA_TTABLE)
      lua_rawgeti(L, s, i);
    else
      lua_pushvalue(L, s);
    const char *name = lua_tostring(L, -1);
    int b = name ? shape_bit(name) : -1;
    if (b < 0)
      return bad(c,
                 "unknown shape '%s' (standard, seven_pairs, thirteen_orphans, "
                 "honors_knitted, knitted_straight, shisanlan, jiuyao, none)",
                 name ? name : "?");
    d->shapes |= MJ_SHAPE_BIT(b);
    lua_pop(L, 1);
  }
  return MJ_OK;
}

/* The clause of kind clause_fields[k] from the field value on top. */
static mj_status clause_of(cctx *c, size_t k, mj_fan_def *d)
{
  const char *field = clause_fields[k].name;
  mj_clause cl = { clause_fields[k].kind, 0, 0, { 0, 0 } };
  int b = 0;
  switch (clause_fields[k].arg) {
  case MJ_ARG_SET:
    TRY(get_set(c, -1, field, &cl.set));
    break;
  case MJ_ARG_RANGE:
    TRY(get_range(c, -1, field, &cl.lo, &cl.hi));
    break;
  case MJ_ARG_BOOL:
    TRY(get_bool(c, -1, field, &b));
    cl.hi = (int16_t)b;
    break;
  case MJ_ARG_WAIT: {
    const char *w = lua_tostring(c->L, -1);
    cl.lo = (int16_t)(w == NULL ? -1 : !strcmp(w, "edge") ? MJ_WAIT_EDGE
                      : !strcmp(w, "closed") ? MJ_WAIT_CLOSED
                      : !strcmp(w, "single") ? MJ_WAIT_SINGLE : -1);
    if (cl.lo < 0)
      return bad(c, "'wait' is \"edge\", \"closed\" or \"single\"");
    break;
  }
  case MJ_ARG_TEMPLATE:
    if (d->ntpl > 0)
      return bad(c, "give template or before_win, not both");
    TRY(get_template(c, -1, field, d));
    break;
  default:
    return bad(c, "'%s' cannot be given", field);
  }
  return add_clause(c, d, cl);
}

/* The clause fields of one kind of argument (clauses.h order). */
static mj_status fan_clauses_of(cctx *c, mj_fan_def *d, int arg)
{
  lua_State *L = c->L;
  for (size_t k = 0; k < COUNT(clause_fields); k++) {
    if (clause_fields[k].name == NULL || clause_fields[k].arg != arg)
      continue;
    lua_getfield(L, c->t, clause_fields[k].name);
    if (!lua_isnil(L, -1))
      TRY(clause_of(c, k, d));
    lua_pop(L, 1);
  }
  return MJ_OK;
}

/* Every clause field given: by kind of argument, tile sets first (the
   order "fan" and "why" say them in), honors, ranges, the flag fields,
   the rest. */
static mj_status fan_clauses(cctx *c, mj_fan_def *d)
{
  lua_State *L = c->L;
  TRY(fan_clauses_of(c, d, MJ_ARG_SET));
  /* honors = true/false: some tile, or none, is an honor */
  lua_getfield(L, c->t, "honors");
  if (!lua_isnil(L, -1)) {
    int b = 0;
    TRY(get_bool(c, -1, "honors", &b));
    mj_clause cl = {
      (uint8_t)(b ? MJ_C_ANY : MJ_C_NONE), 0, 0, { mj_set_honors(), 0 }
    };
    TRY(add_clause(c, d, cl));
  }
  lua_pop(L, 1);
  TRY(fan_clauses_of(c, d, MJ_ARG_RANGE));
  for (size_t k = 0; k < COUNT(flag_fields); k++) {
    lua_getfield(L, c->t, flag_fields[k].name);
    if (!lua_isnil(L, -1)) {
      int b = 0;
      TRY(get_bool(c, -1, flag_fields[k].name, &b));
      mj_clause cl = {
        MJ_C_FLAG, (int16_t)flag_fields[k].flag, (int16_t)b, { 0, 0 }
      };
      TRY(add_clause(c, d, cl));
    }
    lua_pop(L, 1);
  }
  TRY(fan_clauses_of(c, d, MJ_ARG_BOOL));
  TRY(fan_clauses_of(c, d, MJ_ARG_WAIT));
  return fan_clauses_of(c, d, MJ_ARG_TEMPLATE);
}

/* Meld patterns (melds, alt, alts, same_suit, mixed_suits), the count,
   and the kind of fan they make. */
static mj_status fan_patterns(cctx *c, mj_fan_def *d)
{
  lua_State *L = c->L;
  int same = 0, mixed = 0;
  lua_getfield(L, c->t, "same_suit");
  if (!lua_isnil(L, -1))
    TRY(get_bool(c, -1, "same_suit", &same));
  lua_getfield(L, c->t, "mixed_suits");
  if (!lua_isnil(L, -1))
    TRY(get_bool(c, -1, "mixed_suits", &mixed));
  lua_pop(L, 2);
  if (same && mixed)
    return bad(c, "same_suit and mixed_suits exclude each other");
  static const char *const pats[] = { "melds", "alt" };
  for (int i = 0; i < 2; i++) {
    lua_getfield(L, c->t, pats[i]);
    if (!lua_isnil(L, -1)) {
      if (i == 1 && d->npat == 0)
        return bad(c, "'alt' needs 'melds'");
      TRY(get_pattern(c, -1, pats[i], &d->pat[d->npat]));
      d->npat++;
    }
    lua_pop(L, 1);
  }
  lua_getfield(L, c->t, "alts");
  if (!lua_isnil(L, -1)) {
    int a = lua_gettop(L);
    if (lua_type(L, a) != LUA_TTABLE)
      return bad(c, "'alts' must be a list of meld lists");
    for (int i = 1; i <= (int)lua_rawlen(L, a); i++) {
      if (d->npat >= MJ_MAX_PATTERNS)
        return bad(c, "at most %d alternatives", MJ_MAX_PATTERNS);
      lua_rawgeti(L, a, i);
      TRY(get_pattern(c, -1, "alts", &d->pat[d->npat]));
      d->npat++;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  for (int p = 0; p < d->npat; p++) {
    d->pat[p].same_suit = (uint8_t)same;
    d->pat[p].mixed_suits = (uint8_t)mixed;
  }
  lua_getfield(L, c->t, "count");
  if (!lua_isnil(L, -1)) {
    const char *w = lua_tostring(L, -1);
    int k = w == NULL ? -1 : !strcmp(w, "flowers") ? MJ_COUNT_FLOWERS
          : !strcmp(w, "tile_hogs") ? MJ_COUNT_TILE_HOGS
          : !strcmp(w, "feibao") ? MJ_COUNT_FEIBAO
          : !strcmp(w, "fours") ? MJ_COUNT_FOURS
          : !strcmp(w, "horses") ? MJ_COUNT_HORSES
          : !strcmp(w, "streak") ? MJ_COUNT_STREAK : -1;
    if (k < 0)
      return bad(c, "'count' is \"flowers\", \"tile_hogs\", \"fours\", "
                 "\"feibao\", \"horses\" or \"streak\"");
    if (d->npat > 0)
      return bad(c, "'count' and 'melds' exclude each other");
    d->count_of = (uint8_t)k;
    d->kind = MJ_FK_COUNT;
  }
  lua_pop(L, 1);
  if (d->npat > 0) {
    /* one kind of meld only and no suit variables: a combination */
    int n = d->pat[0].n;
    bool uniform = true;
    int type = d->pat[0].m[0].type;
    for (int p = 0; p < d->npat; p++) {
      if (d->pat[p].n != n)
        uniform = false;
      for (int m = 0; m < d->pat[p].n; m++) {
        const mj_member *mm = &d->pat[p].m[m];
        if (mm->type != type || mm->suitvar >= 0)
          uniform = false;
      }
    }
    if (n == 1 && uniform)
      d->kind = MJ_FK_PER_MELD;
    else if (uniform && (type == MJ_M_CHOW || type == MJ_M_PUNG) && n <= 4)
      d->kind = MJ_FK_COMBO;
    else
      d->kind = MJ_FK_GROUPS;
  }
  return MJ_OK;
}

/* excludes = { "name", { "name", n } ... }, excludes_melds = { ... }:
   the names stay on the stack (the fan table holds them). */
static mj_status fan_excludes(cctx *c, mj_fan_def *d)
{
  lua_State *L = c->L;
  lua_getfield(L, c->t, "excludes");
  if (!lua_isnil(L, -1)) {
    int a = lua_gettop(L);
    if (lua_type(L, a) != LUA_TTABLE)
      return bad(c, "'excludes' must be a list of fan names");
    int n = (int)lua_rawlen(L, a);
    if (n > MJ_MAX_EXCLUDES)
      return bad(c, "'excludes': at most %d entries", MJ_MAX_EXCLUDES);
    for (int i = 1; i <= n; i++) {
      lua_rawgeti(L, a, i);
      if (lua_type(L, -1) == LUA_TSTRING) {
        d->excl[d->nexcl] = lua_tostring(L, -1);
        d->excl_n[d->nexcl++] = 0;
      } else if (lua_type(L, -1) == LUA_TTABLE) {
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        if (lua_type(L, -2) != LUA_TSTRING || !lua_isinteger(L, -1) ||
            lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > 9)
          return bad(c, "'excludes': an entry is a name or { name, count }");
        d->excl[d->nexcl] = lua_tostring(L, -2);
        d->excl_n[d->nexcl++] = (uint8_t)lua_tointeger(L, -1);
      } else {
        return bad(c, "'excludes': an entry is a name or { name, count }");
      }
    }
  }
  lua_getfield(L, c->t, "excludes_melds");
  if (!lua_isnil(L, -1)) {
    int a = lua_gettop(L);
    if (lua_type(L, a) != LUA_TTABLE || (int)lua_rawlen(L, a) > MJ_MAX_EXCLUDES)
      return bad(c, "'excludes_melds' must be a list of at most %d fan names",
                 MJ_MAX_EXCLUDES);
    for (int i = 1; i <= (int)lua_rawlen(L, a); i++) {
      lua_rawgeti(L, a, i);
      TRY(get_str(c, -1, "excludes_melds", &d->exm[d->nexm]));
      d->nexm++;
    }
  }
  return MJ_OK;
}

/* alone, fallback, bonus, state */
static mj_status fan_switches(cctx *c, mj_fan_def *d)
{
  lua_State *L = c->L;
  static const char *const names[] = { "alone", "fallback", "bonus", "state" };
  uint8_t *outs[] = { &d->alone, &d->fallback, &d->bonus, &d->state };
  for (int i = 0; i < 4; i++) {
    lua_getfield(L, c->t, names[i]);
    if (!lua_isnil(L, -1)) {
      int b = 0;
      TRY(get_bool(c, -1, names[i], &b));
      *outs[i] = (uint8_t)b;
    }
    lua_pop(L, 1);
  }
  return MJ_OK;
}

/* test = function(view): kept in the registry of e's state (e NULL: a
   check only). */
static mj_status fan_test_fn(cctx *c, mj_fan_def *d, mj_entry *e)
{
  lua_State *L = c->L;
  lua_getfield(L, c->t, "test");
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return MJ_OK;
  }
  if (lua_type(L, -1) != LUA_TFUNCTION)
    return bad(c, "'test' must be a function (view) -> boolean or count");
  if (e == NULL) {
    d->test = 0;
    lua_pop(L, 1);
    return MJ_OK;
  }
  int *nr = realloc(e->refs, sizeof(int) * (size_t)(e->nrefs + 1));
  if (nr != NULL)
    e->refs = nr;
  uint8_t *ns = realloc(e->spent, (size_t)(e->nrefs + 1));
  if (ns != NULL)
    e->spent = ns;
  if (nr == NULL || ns == NULL)
    return bad(c, "out of memory");
  e->spent[e->nrefs] = 0;
  e->refs[e->nrefs] = luaL_ref(L, LUA_REGISTRYINDEX);   /* pops it */
  d->test = e->nrefs++;
  return MJ_OK;
}

/*
** Compile the fan table at idx into d, step by step. The strings of d
** stay on the Lua stack of the caller (and in the fan table): the caller
** copies them (mj_rules_add_fan) before it resets the stack.
*/
mj_status mj_lua_compile_fan(lua_State *L, int idx, int scoring,
                             mj_fan_def *d, mj_entry *e, mj_error *err)
{
  idx = lua_absindex(L, idx);
  luaL_checkstack(L, 200, "compiling a fan");
  cctx c = { L, idx, NULL, NULL, err, NULL };
  memset(d, 0, sizeof *d);
  d->test = -1;
  TRY(fan_name(&c, d));
  TRY(fan_texts(&c, d));
  TRY(clean(&c, "its name", d->id));
  TRY(clean(&c, "en", d->en));
  TRY(clean(&c, "desc", d->desc));
  TRY(clean(&c, "example", d->example));
  for (int i = 0; i < MJ_MAX_ALIASES; i++)
    TRY(clean(&c, "an alias", d->aliases[i]));
  TRY(fan_value(&c, d, scoring));
  TRY(fan_shapes(&c, d));
  TRY(fan_clauses(&c, d));
  TRY(fan_patterns(&c, d));
  TRY(fan_excludes(&c, d));
  TRY(fan_switches(&c, d));
  TRY(fan_test_fn(&c, d, e));
  if (d->nclauses == 0 && d->npat == 0 && d->kind != MJ_FK_COUNT &&
      d->test < 0 && !d->fallback &&
      !(d->shapes && !(d->shapes & MJ_SHAPE_BIT(MJ_SHAPE_NONE))))
    return bad(&c, "the fan has no condition: it would count for every hand");
  return MJ_OK;
}

/* }==================================================================== */

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

/* call_settle(in, ref): the settlement ref called with the win. */
static int call_settle(lua_State *L)
{
  const mj_settle_in *in = lua_touserdata(L, 1);
  lua_rawgeti(L, LUA_REGISTRYINDEX, (int)lua_tointeger(L, 2));
  lua_createtable(L, 0, 8);
  lua_pushinteger(L, in->winner + 1);
  lua_setfield(L, -2, "winner");
  if (in->payer >= 0) {
    lua_pushinteger(L, in->payer + 1);
    lua_setfield(L, -2, "payer");
  }
  lua_pushinteger(L, in->dealer + 1);
  lua_setfield(L, -2, "dealer");
  lua_pushinteger(L, in->total);
  lua_setfield(L, -2, "total");
  lua_pushinteger(L, in->total_no_bonus);
  lua_setfield(L, -2, "points");
  lua_pushboolean(L, in->self_drawn);
  lua_setfield(L, -2, "self");
  lua_pushboolean(L, (in->flags & MJ_CTX_ROB) != 0);
  lua_setfield(L, -2, "rob");
  lua_pushboolean(L, (in->flags & MJ_CTX_FIRST) != 0);
  lua_setfield(L, -2, "first");
  lua_pushboolean(L, (in->flags & MJ_CTX_KONG) != 0);
  lua_setfield(L, -2, "kong");
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
  lua_call(L, 1, 1);
  return 1;
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
  snprintf(what, sizeof what, "the test of fan '%s'", test_fan(e, test));
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
    name_failure(er, what);
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
            "or a count 0..99", what, luaL_typename(L, -1));
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
  if (e->settle_ref == LUA_NOREF)
    return mj_fail(err, MJ_ESTATE, 0, "no settlement function");
  lua_pushcfunction(L, call_settle);
  lua_pushlightuserdata(L, (void *)in);
  lua_pushinteger(L, e->settle_ref);
  if (mj_lua_call(e->vm, 2, 1, e->host->cfg.call_budget, 0,
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
  if (lua_type(L, -1) != LUA_TTABLE) {
    st = mj_fail(err, MJ_ERULES, 0,
                 "%s must return the four payments { E, S, W, N }, not a %s",
                 at, luaL_typename(L, -1));
  } else {
    for (int i = 0; i < 4 && st == MJ_OK; i++) {
      lua_rawgeti(L, -1, i + 1);
      if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < -10000000 ||
          lua_tointeger(L, -1) > 10000000)
        st = mj_fail(err, MJ_ERULES, 0,
                     "%s must return four integer payments of at most "
                     "10000000 (seat %d: %s)", at, i + 1,
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
  return mj_lua_flow(e, e->hook_refs, g, ev, answer, err);
}

static const mj_rules_vt host_vt = { fan_test, settle, flow };

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
      char what[40], all[120] = "";
      size_t len = 0;
      snprintf(what, sizeof what, "%.30s", name ? name : luaL_typename(L, -1));
      for (int q = 0; q < MJ_TOKEN_COUNT; q++)
        mj_catf(all, sizeof all, &len, "%s%s", q ? ", " : "",
                mj_ctx_token_name(q));
      lua_settop(L, top);
      return bad(c, "context: '%s' is not a ruleset token (%s)", what, all);
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
    return bad(c, "ruleset field '%s' must be a list of shape names", field);
  }
  for (int i = 1; i <= (int)lua_rawlen(L, -1); i++) {
    lua_rawgeti(L, -1, i);
    const char *name = lua_tostring(L, -1);
    int s = name ? mj_shape_from_name(name) : -1;
    lua_pop(L, 1);
    if (s < 0) {
      lua_pop(L, 1);
      return bad(c, "ruleset field '%s': unknown shape '%s'", field,
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
      return bad(c, "table rules: '%s' is no table rule now: it is written "
                 "with R.state and the flow hooks (see rulesets/bao.lua)", k);
    if (found < 0)
      return bad(c, "table rules: unknown field '%s'",
                 luaL_tolstring(L, -1, NULL));
    lua_pushvalue(L, -1);
    lua_gettable(L, tt);
    bool ok = lua_type(L, -1) == fields[found].type ||
              (strcmp(k, "wild") == 0 && lua_type(L, -1) == LUA_TBOOLEAN &&
               !lua_toboolean(L, -1));
    if (ok && fields[found].type == LUA_TNUMBER && !lua_isinteger(L, -1))
      ok = false;
    lua_pop(L, 1);
    if (!ok)
      return bad(c, "table rules: '%s' has the wrong type", k);
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
    st = bad(c, "table rules: after_win is \"end\", \"leave\" or "
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
      st = bad(c, "table rules: swap_to lists up to three of \"next\", "
               "\"across\", \"previous\" (by the dice sum mod their number)");
    else
      t->swap_to[t->nswap_to++] = (uint8_t)off;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return st;
}

/* The wall's size with its flowers, and every number in its range. */
static mj_status table_ranges(cctx *c, const mj_table *t)
{
  if (t->tiles != 108 && t->tiles != 136 && t->tiles != 144)
    return bad(c, "table rules: tiles is 108 (suits only), 136 or 144");
  if (t->flowers != (t->tiles == 144))
    return bad(c, "table rules: 144 tiles means flowers = true, 108 and 136 "
               "false");
#define NUMBER(name, dflt, lo, hi, range, words)                             \
  if (t->name < (lo) || t->name > (hi))                                      \
    return bad(c, "table rules: " #name " is %s", range);
  MJ_TABLE_NUMBERS(NUMBER)
#undef NUMBER
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
      st = bad(c, "table rules: wild_name is a word of 1..%d bytes",
               (int)sizeof t->wild_name - 1);
    else if ((st = clean(c, "table rules: wild_name", v)) == MJ_OK)
      memcpy(t->wild_name, v, n + 1);
  }
  lua_pop(L, 1);
  lua_getfield(L, tt, "replacement");
  if (!lua_isnil(L, -1)) {
    const char *v = lua_tostring(L, -1);
    if (strcmp(v, "tail") && strcmp(v, "head"))
      st = bad(c, "table rules: replacement is \"tail\" or \"head\"");
    t->replace_tail = strcmp(v, "tail") == 0;
  }
  lua_pop(L, 1);
  lua_getfield(L, tt, "wild");
  if (st == MJ_OK && lua_type(L, -1) == LUA_TSTRING) {
    if (strcmp(lua_tostring(L, -1), "indicator") != 0)
      st = bad(c, "table rules: wild is \"indicator\" or false");
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
        st = bad(c,
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
    return bad(c, "ruleset field 'table' must be a table");
  }
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
    st = table_ranges(c, t);
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
    return bad(c, "not a ruleset");
  lua_getfield(L, c->t, "id");
  const char *id = lua_tostring(L, -1);
  if (id == NULL)
    return bad(c, "the ruleset has no id");
  e->rules = mj_rules_new(id);
  if (e->rules == NULL)
    return mj_fail(c->err, MJ_ENOMEM, 0, "out of memory");
  TRY(clean(c, "the id", id));
  lua_getfield(L, c->t, "title");
  lua_getfield(L, c->t, "version");
  lua_getfield(L, c->t, "description");
  TRY(clean(c, "the title", lua_tostring(L, -3)));
  TRY(clean(c, "the version", lua_tostring(L, -2)));
  TRY(clean(c, "the description", lua_tostring(L, -1)));
  if (mj_rules_set_info(e->rules, lua_tostring(L, -3), lua_tostring(L, -2),
                        lua_tostring(L, -1), c->path) != MJ_OK)
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
    return bad(c, "the ruleset allows no winning shape");
  mj_rules_set_shapes(r, *cfg, wait);
  lua_getfield(L, c->t, "scoring");
  const char *scoring = lua_tostring(L, -1);
  int mode = mj_scoring_from_name(scoring);
  if (mode < 0)
    return bad(c, "scoring is \"sum\", \"doubling\" or \"fan\"");
  *scoring_out = mode;
  lua_getfield(L, c->t, "account_once");
  mj_rules_set_scoring(r, mode, lua_toboolean(L, -1));
  lua_getfield(L, c->t, "fixed_or_own");
  mj_rules_set_fixed_or_own(r, lua_toboolean(L, -1));
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
    size_t ln;
    const char *lb = lua_tolstring(L, -1, &ln);
    if (vt != LUA_TSTRING || ln >= sizeof def->label)
      return bad(c, "state '%s': label is a text of up to %d bytes",
                 def->name, (int)sizeof def->label - 1);
    mj_status rs = clean(c, "a state's label", lb);
    if (rs == MJ_OK)
      memcpy(def->label, lb, ln + 1);
    return rs;
  }
  if (!strcmp(k, "private") || !strcmp(k, "flag") ||
      !strcmp(k, "wild_tile") || !strcmp(k, "turn")) {
    bool v = lua_toboolean(L, -1);
    *(k[0] == 'p' ? &def->private_ : k[0] == 'f' ? &def->flag
      : k[0] == 'w' ? &def->wild_tile : &def->turn) = v;
    if (vt != LUA_TBOOLEAN)
      return bad(c, "state '%s': %s is true or false", def->name, k);
    return MJ_OK;
  }
  const char *v = vt == LUA_TSTRING ? lua_tostring(L, -1) : "";
  if (!strcmp(k, "on")) {
    def->on = !strcmp(v, "self") ? MJ_STATE_SELF
            : !strcmp(v, "discard") ? MJ_STATE_DISCARD : MJ_STATE_ANY;
    if (strcmp(v, "self") && strcmp(v, "discard") && strcmp(v, "any"))
      return bad(c, "state '%s': on is \"self\", \"discard\" or \"any\"",
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
      return bad(c, "state '%s': token is a flag or count context token "
                 "(touji, jiebao, sibao, feibao, horses, streak)", def->name);
    return MJ_OK;
  }
  return bad(c, "state '%s': unknown field '%s' (label, private, flag, "
             "token, on, wild_tile, turn)", def->name, k);
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
    return bad(c, "state %d: its name (first entry) is a lower-case "
               "identifier of 1..%d letters", i, (int)sizeof def->name - 1);
  memcpy(def->name, name, n);
  mj_status rs = MJ_OK;
  for (int j = 0; j < t->nstates; j++)
    if (strcmp(t->states[j].name, def->name) == 0)
      rs = bad(c, "state '%s' is declared twice", def->name);
  lua_pushnil(L);
  while (rs == MJ_OK && lua_next(L, d)) {
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2)
                                                   : NULL;
    if (k != NULL)
      rs = state_field(c, def, k, lua_type(L, -1));
    else if (!(lua_isinteger(L, -2) && lua_tointeger(L, -2) == 1))
      rs = bad(c, "state '%s': fields are label, private, flag, token, "
               "on, wild_tile, turn", def->name);
    lua_pop(L, 1);
  }
  if (rs == MJ_OK && def->token >= 0 && mj_ctx_token_count(def->token) &&
      def->flag)
    rs = bad(c, "state '%s': a flag cannot feed the count %s", def->name,
             mj_ctx_token_name(def->token));
  if (rs == MJ_OK && def->token >= 0 && !mj_ctx_token_count(def->token) &&
      !def->flag)
    rs = bad(c, "state '%s': the token %s is a flag: say flag = true",
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
    rs = bad(c, "state must be a list of states { \"name\", label = ... }");
  for (lua_Integer i = 1; rs == MJ_OK && !lua_isnil(L, st); i++) {
    int ty = lua_rawgeti(L, st, i);
    if (ty == LUA_TNIL)
      break;
    if (i > MJ_MAX_STATES)
      rs = bad(c, "state: at most %d states", MJ_MAX_STATES);
    else if (ty != LUA_TTABLE)
      rs = bad(c, "state %d: expected a table { \"name\", label = ... }",
               (int)i);
    else
      rs = state_def(c, t, lua_gettop(L), (int)i, &t->states[t->nstates]);
    t->nstates += rs == MJ_OK;
    lua_settop(L, st);
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
    rs = bad(c, "watch must be a table { tiles = ..., states = { ... } }");
  if (rs == MJ_OK && t->watch) {
    lua_pushnil(L);
    while (rs == MJ_OK && lua_next(L, w) != 0) {
      const char *k =
          lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
      if (strcmp(k, "tiles") && strcmp(k, "states"))
        rs = bad(c, "watch: unknown field '%s' (tiles, states)", k);
      lua_pop(L, 1);
    }
  }
  lua_settop(L, w);
  if (rs == MJ_OK && t->watch && lua_getfield(L, w, "tiles") != LUA_TNIL) {
    mj_set set;
    rs = get_set(c, -1, "watch.tiles", &set);
    t->watch_tiles = set.mask;
    t->watch_wild = (set.dyn & MJ_DYN_WILD) != 0;
    if (rs == MJ_OK && (set.dyn & ~MJ_DYN_WILD))
      rs = bad(c, "watch.tiles: tiles and WILD only (no seat or round "
               "wind)");
  }
  lua_settop(L, w);
  if (rs == MJ_OK && t->watch && lua_getfield(L, w, "states") != LUA_TNIL) {
    if (!lua_istable(L, -1))
      rs = bad(c, "watch.states must be a list of state names");
    for (lua_Integer i = 1; rs == MJ_OK; i++) {
      if (lua_rawgeti(L, -1, i) == LUA_TNIL)
        break;
      const char *name = lua_tostring(L, -1);
      int found = -1;
      for (int j = 0; name != NULL && j < t->nstates; j++)
        if (strcmp(t->states[j].name, name) == 0)
          found = j;
      if (found < 0)
        rs = bad(c, "watch.states: no state '%s' in R.state",
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
    return bad(c, "min_points must be an integer 0..1000");
  t->min_points = (int)lua_tointeger(L, -1);
  lua_getfield(L, c->t, "wild");
  if (lua_type(L, -1) == LUA_TTABLE) {
    mj_set s;
    cctx cc = { L, c->t, c->where, "wild", c->err, c->path };
    mj_status st = get_set(&cc, -1, "wild", &s);
    if (st != MJ_OK)
      return st;
    t->wild_fixed = s.mask;
    t->wild_rule = s.mask ? MJ_WILD_FIXED : MJ_WILD_NONE;
  }
  lua_pop(L, 2);
  mj_status st = table_rules(c, t);
  if (st != MJ_OK || (st = state_rules(c, t)) != MJ_OK ||
      (st = watch_rules(c, t)) != MJ_OK)
    return st;
  lua_getfield(L, c->t, "settle");
  if (lua_type(L, -1) == LUA_TFUNCTION)
    e->settle_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  else if (!lua_isnil(L, -1))
    return bad(c, "settle must be a function");
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
    return bad(c, "the ruleset has no fans");
  for (int i = 1; i <= n; i++) {
    lua_rawgeti(L, fans, i);
    if (lua_type(L, -1) != LUA_TTABLE)
      return bad(c, "fan %d is not a table", i);
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
        return mj_fail(c->err, MJ_EINVAL, 0,
                       "unknown option '%.*s' for ruleset %s", (int)(p - s), s,
                       mj_rules_id(r));
      lua_pop(L, 1);
    }
    while (*p && *p != ' ' && *p != ',')
      p++;
  }
  if (lua_type(L, opt) == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, opt)) {
      if (lua_type(L, -2) == LUA_TSTRING)
        mj_rules_add_option(r, lua_tostring(L, -2),
                            luaL_tolstring(L, -1, NULL));
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
  cctx c = { L, b, where, NULL, err, path };
  mj_shape_cfg cfg;
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
      st = bad(&c, "the ruleset has no fan list");
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
