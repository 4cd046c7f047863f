/*
** compile.c
** From the tables of a ruleset script to the core's compiled ruleset, a
** fan at a time: each fan's fields become clauses and meld patterns,
** checked field by field with errors that name the fan, the field and the
** file:line (the ruleset's own fields: compile_rules.c).
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "i18n.h"
#include "compile_int.h"
#include "fan_fields.h"
#include "text.h"

/* {====================================================================
** Errors
** ===================================================================== */

mj_status mjc_bad(cctx *c, const char *fmt, ...)
{
  char msg[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, _(fmt), ap);
  va_end(ap);
  const char *where = c->where ? c->where : "?";
  if (c->name == NULL)
    return mj_fail(c->err, MJ_EINVAL, 0, "%s: %s", where, msg);
  char name[80];     /* the name may be what is refused: shown escaped */
  return mj_fail(c->err, MJ_EINVAL, 0, _("%s: fan '%s': %s"), where,
                 mj_text_escape(c->name, name, sizeof name), msg);
}

/* A text of the ruleset (a name, a label, a description) is clean text
   (text.h): one line, no control character, valid UTF-8. */
mj_status mjc_clean(cctx *c, const char *what, const char *s)
{
  size_t n = s != NULL ? strlen(s) : 0, at;
  char why[60];
  if (s == NULL || mj_text_clean(s, n, &at))
    return MJ_OK;
  return mjc_bad(c, "%s holds %s at byte %zu: a ruleset's texts are plain text "
             "on one line", what, mj_text_fault(s, n, at, why, sizeof why),
             at + 1);
}

/* }==================================================================== */

/* {====================================================================
** Values
** ===================================================================== */

/* A tile set (a table with integer mask and dyn) at idx. */
mj_status mjc_get_set(cctx *c, int idx, const char *field, mj_set *out)
{
  lua_State *L = c->L;
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TTABLE)
    return mjc_bad(c, "'%s' must be a tile set such as tiles\"19m\" (got %s)",
               field, luaL_typename(L, idx));
  lua_getfield(L, idx, "mask");
  lua_getfield(L, idx, "dyn");
  int ok = lua_isinteger(L, -2) && lua_isinteger(L, -1);
  lua_Integer mask = lua_tointeger(L, -2), dyn = lua_tointeger(L, -1);
  lua_pop(L, 2);
  if (!ok)
    return mjc_bad(c, "'%s' must be a tile set such as tiles\"19m\"", field);
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
      return mjc_bad(c, "'%s' = %lld is out of range (0..99)", field, (long long)n);
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
  return mjc_bad(c, "'%s' must be a count or { min = a, max = b }", field);
}

static mj_status get_bool(cctx *c, int idx, const char *field, int *out)
{
  if (lua_type(c->L, idx) != LUA_TBOOLEAN)
    return mjc_bad(c, "'%s' must be true or false", field);
  *out = lua_toboolean(c->L, idx);
  return MJ_OK;
}

static mj_status get_str(cctx *c, int idx, const char *field, const char **out)
{
  if (lua_type(c->L, idx) != LUA_TSTRING)
    return mjc_bad(c, "'%s' must be a string", field);
  *out = lua_tostring(c->L, idx);
  return MJ_OK;
}

/* A text a person reads, in English or in two languages:
   "..." or { en = "...", zh = "..." }, kept as "en\x1ezh" (the REPL
   shows the language's part; the separator is no clean text, so no
   single text holds it). The value at idx is replaced by the string. */
mj_status mjc_get_text(cctx *c, int idx, const char *field,
                       const char **out)
{
  lua_State *L = c->L;
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) == LUA_TTABLE) {
    lua_getfield(L, idx, "en");
    lua_getfield(L, idx, "zh");
    if (lua_type(L, -2) != LUA_TSTRING ||
        (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TSTRING))
      return mjc_bad(c, "'%s' must be a string or { en = \"...\", zh = "
                     "\"...\" }", field);
    TRY(mjc_clean(c, field, lua_tostring(L, -2)));
    if (!lua_isnil(L, -1)) {
      TRY(mjc_clean(c, field, lua_tostring(L, -1)));
      lua_pushfstring(L, "%s\x1e%s", lua_tostring(L, -2), lua_tostring(L, -1));
    } else {
      lua_pushvalue(L, -2);
    }
    lua_replace(L, idx);
    lua_pop(L, 2);
    *out = lua_tostring(L, idx);
    return MJ_OK;
  }
  TRY(get_str(c, idx, field, out));
  return mjc_clean(c, field, *out);
}

/* A template "11223344556677m": the ranks of one suit. */
static mj_status get_template(cctx *c, int idx, const char *field,
                              mj_fan_def *d)
{
  lua_State *L = c->L;
  idx = lua_absindex(L, idx);
  int n = lua_type(L, idx) == LUA_TTABLE ? (int)lua_rawlen(L, idx) : 1;
  if (lua_type(L, idx) != LUA_TTABLE && lua_type(L, idx) != LUA_TSTRING)
    return mjc_bad(c, "'%s' must be a tile string or a list of them", field);
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
      return mjc_bad(c, "'%s': not a tile string", field);
    if (d->ntpl >= MJ_MAX_TEMPLATES)
      return mjc_bad(c, "'%s': at most %d templates", field, MJ_MAX_TEMPLATES);
    uint8_t *tpl = d->tpl[d->ntpl++];
    memset(tpl, 0, 9);
    int suit = mj_tile_suit(t[0]);
    for (int q = 0; q < k; q++) {
      if (mj_tile_suit(t[q]) != suit || suit > 2)
        return mjc_bad(c,
                   "'%s': a template is tiles of one suit (any suit matches)",
                   field);
      if (++tpl[mj_tile_rank(t[q]) - 1] > 4)
        return mjc_bad(c, "'%s': more than 4 of a tile", field);
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
    return mjc_bad(c, "'%s' holds melds such as chow\"a\" or pung(WINDS)", field);
  lua_getfield(L, idx, "type");
  const char *type = lua_tostring(L, -1);
  static const char *const types[] = { "chow", "pung", "pair", "meld" };
  int ti = -1;
  for (int i = 0; type && i < 4; i++)
    if (strcmp(type, types[i]) == 0)
      ti = i;
  lua_pop(L, 1);
  if (ti < 0)
    return mjc_bad(c, "'%s' holds melds such as chow\"a\" or pung(WINDS)", field);
  m->type = (uint8_t)ti;
  lua_getfield(L, idx, "var");
  if (lua_type(L, -1) == LUA_TSTRING) {
    const char *v = lua_tostring(L, -1);
    if (v[0] < 'a' || v[0] > 'd' || v[1])
      return mjc_bad(c, "'%s': a rank variable is a..d", field);
    m->var = (int8_t)(v[0] - 'a');
  }
  lua_pop(L, 1);
  lua_getfield(L, idx, "off");
  if (lua_isinteger(L, -1)) {
    lua_Integer o = lua_tointeger(L, -1);
    if (o < -8 || o > 8)
      return mjc_bad(c, "'%s': offset out of range", field);
    m->off = (int8_t)o;
  }
  lua_pop(L, 1);
  lua_getfield(L, idx, "rank");
  if (lua_isinteger(L, -1)) {
    lua_Integer r = lua_tointeger(L, -1);
    if (r < 1 || r > 9)
      return mjc_bad(c, "'%s': a rank is 1..9", field);
    m->rank = (int8_t)r;
  }
  lua_pop(L, 1);
  lua_getfield(L, idx, "suit");
  if (lua_type(L, -1) == LUA_TSTRING) {
    const char *v = lua_tostring(L, -1);
    if (v[0] < 'x' || v[0] > 'z' || v[1])
      return mjc_bad(c, "'%s': a suit variable is x, y or z", field);
    m->suitvar = (int8_t)(v[0] - 'x');
  }
  lua_pop(L, 1);
  lua_getfield(L, idx, "set");
  if (!lua_isnil(L, -1)) {
    mj_status st = mjc_get_set(c, -1, field, &m->set);
    if (st != MJ_OK)
      return st;
    m->has_set = 1;
  }
  lua_pop(L, 1);
  if (m->type == MJ_M_CHOW && m->rank > 7)
    return mjc_bad(c, "'%s': a chow starts at rank 1..7", field);
  return MJ_OK;
}

static mj_status get_pattern(cctx *c, int idx, const char *field, mj_pattern *p)
{
  lua_State *L = c->L;
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TTABLE)
    return mjc_bad(c, "'%s' must be a list of melds", field);
  int n = (int)lua_rawlen(L, idx);
  if (n < 1 || n > MJ_MAX_MEMBERS)
    return mjc_bad(c, "'%s' has 1 to %d melds", field, MJ_MAX_MEMBERS);
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


static const char *const other_fields[] = {
#define MJ_FAN_FIELD(field, words) field,
  MJ_FAN_FIELDS(MJ_FAN_FIELD)
#undef MJ_FAN_FIELD
  NULL
};

_Static_assert(COUNT(clause_fields) <= 64 && COUNT(flag_fields) <= 64,
               "a bit for every clause and flag field");

static bool same(const char *a, const char *b)
{
  return a[0] == b[0] && strcmp(a, b) == 0;
}

/* Is k a fan's field? The clause and flag fields given are noted in c:
   only those are read (a fan gives a few of the many). */
static bool known_field(cctx *c, const char *k)
{
  for (size_t i = 0; i < COUNT(clause_fields); i++)
    if (clause_fields[i].name != NULL && same(k, clause_fields[i].name)) {
      c->clauses |= 1ULL << i;
      return true;
    }
  for (size_t i = 0; i < COUNT(flag_fields); i++)
    if (same(k, flag_fields[i].name)) {
      c->flags |= 1ULL << i;
      return true;
    }
  for (int i = 0; other_fields[i]; i++)
    if (same(k, other_fields[i]))
      return true;
  return false;
}

static mj_status add_clause(cctx *c, mj_fan_def *d, mj_clause cl)
{
  if (d->nclauses >= MJ_MAX_CLAUSES)
    return mjc_bad(c, "too many conditions (at most %d)", MJ_MAX_CLAUSES);
  d->clauses[d->nclauses++] = cl;
  return MJ_OK;
}


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
    return mjc_bad(
        c,
        "the first entry must be the fan's name (a string of 1 to 60 bytes)");
  }
  d->id = c->name;
  lua_pushnil(L);
  while (lua_next(L, c->t)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TNUMBER) {
      if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) != 1)
        return mjc_bad(c, "unexpected list entry %s (the name is the only one)",
                   lua_tostring(L, -1));
      continue;
    }
    if (lua_type(L, -1) != LUA_TSTRING || !known_field(c, lua_tostring(L, -1)))
      return mjc_bad(c, "unknown field '%s'", luaL_tolstring(L, -1, NULL));
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
    if (!lua_isnil(L, -1) && i == 1)
      TRY(mjc_get_text(c, -1, keys[i], outs[i]));   /* left on the stack */
    else if (!lua_isnil(L, -1))
      TRY(get_str(c, -1, keys[i], outs[i]));
  }
  lua_getfield(L, c->t, "aliases");
  if (!lua_isnil(L, -1)) {
    int a = lua_gettop(L);
    if (lua_type(L, a) != LUA_TTABLE || lua_rawlen(L, a) > MJ_MAX_ALIASES)
      return mjc_bad(c, "'aliases' must be a list of at most %d names",
                 MJ_MAX_ALIASES);
    for (int i = 1; i <= (int)lua_rawlen(L, a); i++) {
      lua_rawgeti(L, a, i);
      TRY(get_str(c, -1, "aliases", &d->aliases[i - 1]));
    }
  }
  return MJ_OK;
}

/* open = N: the value with a meld claimed (parts scoring); 0 adds the
   clause exposed = 0 (a concealed hand's fan). */
static mj_status fan_open(cctx *c, mj_fan_def *d, int scoring)
{
  lua_State *L = c->L;
  lua_getfield(L, c->t, "open");
  int t = lua_type(L, -1);
  bool whole = lua_isinteger(L, -1);
  lua_Integer v = lua_tointeger(L, -1);
  lua_pop(L, 1);
  if (t == LUA_TNIL)
    return MJ_OK;
  if (scoring != MJ_SCORING_PARTS)
    return mjc_bad(c, "'open' is a value of parts scoring");
  if (!whole || v < 0 || v > 100 || d->role != MJ_ROLE_ADD)
    return mjc_bad(c, "'open' is the han with a meld claimed, 0..100 "
               "(0: only a concealed hand), beside han = N");
  if (v == 0) {
    mj_clause cl = { MJ_C_EXPOSED, 0, 0, { 0, 0 } };
    TRY(add_clause(c, d, cl));
  }
  d->open = (int)v;
  return MJ_OK;
}

/* The value: points (sum scoring); base, times or fixed (doubling); fan,
   add or flat (番 scoring: 2^(F-1) units for F 番); none for a state. */
static mj_status fan_value(cctx *c, mj_fan_def *d, int scoring)
{
  lua_State *L = c->L;
  static const char *const vals[] = { "points", "base", "times", "fixed",
                                      "fan", "add", "flat", "plus",
                                      "han", "yakuman" };
  static const uint8_t roles[] = { MJ_ROLE_ADD, MJ_ROLE_BASE, MJ_ROLE_TIMES,
                                   MJ_ROLE_FIXED, MJ_ROLE_BASE, MJ_ROLE_TIMES,
                                   MJ_ROLE_FIXED, MJ_ROLE_PLUS, MJ_ROLE_ADD,
                                   MJ_ROLE_LIMIT };
  static const char *const give[] = {
    [MJ_SCORING_SUM] = "give points = N",
    [MJ_SCORING_DOUBLING] = "give exactly one of base, times, fixed, plus",
    [MJ_SCORING_FAN] = "give exactly one of fan, add, flat (番)",
    [MJ_SCORING_PARTS] = "give exactly one of han, yakuman (limit hands)",
  };
  static const char *const mode_name[] = { "sum", "doubling", "fan",
                                           "parts" };
  int nv = 0;
  d->open = -1;
  for (int i = 0; i < 10; i++) {
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
      return mjc_bad(c, "'%s' must be an integer", vals[i]);
    lua_Integer v = lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (v < -100000 || v > 100000)
      return mjc_bad(c, "'%s' is out of range", vals[i]);
    d->value = (int)v;
    d->role = roles[i];
    int mode = i == 0 ? MJ_SCORING_SUM
             : i < 4 || i == 7 ? MJ_SCORING_DOUBLING
             : i >= 8 ? MJ_SCORING_PARTS : MJ_SCORING_FAN;
    if (i == 7 && (v < -1 || v > 1000))
      return mjc_bad(c, "'plus' is an amount 0..1000 or \"share\"");
    if (i == 7 && scoring == MJ_SCORING_SUM)
      mode = scoring;      /* plus: after the points are added up */
    if (mode != scoring)
      return mjc_bad(c, "a %s ruleset: %s, not %s", mode_name[scoring],
                 give[scoring], vals[i]);
    if (i == 2) {
      if (v < 2 || (v & (v - 1)) != 0)
        return mjc_bad(c, "'times' must be 2, 4, 8 ... (a power of two)");
      d->value = __builtin_ctzll((unsigned long long)v);
    }
    if (mode == MJ_SCORING_FAN && (v < 0 || v > 20))
      return mjc_bad(c, "'%s' is a number of 番, 0..20", vals[i]);
    if (mode == MJ_SCORING_PARTS && (v < 0 || v > (i == 8 ? 100 : 8)))
      return mjc_bad(c, "'%s' is 0..%d", vals[i], i == 8 ? 100 : 8);
  }
  TRY(fan_open(c, d, scoring));
  lua_getfield(L, c->t, "state");
  bool state_only = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (state_only && nv > 0)
    return mjc_bad(
        c, "a state fan is never scored: give no value");
  if (nv != 1 && !state_only)
    return mjc_bad(c, "%s", give[scoring]);
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
    return mjc_bad(c, "'shape' must be a shape name or a list of them");
  for (int i = 1; i <= n; i++) {
    if (lua_type(L, s) == LUA_TTABLE)
      lua_rawgeti(L, s, i);
    else
      lua_pushvalue(L, s);
    const char *name = lua_tostring(L, -1);
    int b = name ? shape_bit(name) : -1;
    if (b < 0)
      return mjc_bad(c,
                 "unknown shape '%s' (" MJ_SHAPE_NAMES_TEXT ", none)",
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
    TRY(mjc_get_set(c, -1, field, &cl.set));
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
                      : !strcmp(w, "single") ? MJ_WAIT_SINGLE
                      : !strcmp(w, "two_sided") ? MJ_WAIT_SIDES
                      : !strcmp(w, "pung") ? MJ_WAIT_PUNG : -1);
    if (cl.lo < 0)
      return mjc_bad(c, "'wait' is \"edge\", \"closed\" or \"single\" "
                     "(and, in parts scoring, \"two_sided\" or \"pung\")");
    break;
  }
  case MJ_ARG_TEMPLATE:
    if (d->ntpl > 0)
      return mjc_bad(c, "give template or before_win, not both");
    TRY(get_template(c, -1, field, d));
    break;
  default:
    return mjc_bad(c, "'%s' cannot be given", field);
  }
  return add_clause(c, d, cl);
}

/* The clause fields of one kind of argument (clauses.h order). */
static mj_status fan_clauses_of(cctx *c, mj_fan_def *d, int arg)
{
  lua_State *L = c->L;
  for (size_t k = 0; k < COUNT(clause_fields); k++) {
    if (clause_fields[k].name == NULL || clause_fields[k].arg != arg ||
        !(c->clauses & 1ULL << k))
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
    if (!(c->flags & 1ULL << k))
      continue;
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
/* count = "flowers" ...: a fan counted per item. */
static mj_status fan_count(cctx *c, mj_fan_def *d)
{
  lua_State *L = c->L;
  lua_getfield(L, c->t, "count");
  if (!lua_isnil(L, -1)) {
    const char *w = lua_tostring(L, -1);
    int k = w == NULL ? -1 : !strcmp(w, "flowers") ? MJ_COUNT_FLOWERS
          : !strcmp(w, "tile_hogs") ? MJ_COUNT_TILE_HOGS
          : !strcmp(w, "feibao") ? MJ_COUNT_FEIBAO
          : !strcmp(w, "fours") ? MJ_COUNT_FOURS
          : !strcmp(w, "horses") ? MJ_COUNT_HORSES
          : !strcmp(w, "streak") ? MJ_COUNT_STREAK
          : !strcmp(w, "niao") ? MJ_COUNT_NIAO
          : !strcmp(w, "reds") ? MJ_COUNT_REDS
          : !strcmp(w, "dora") ? MJ_COUNT_DORA
          : !strcmp(w, "ura") ? MJ_COUNT_URA
          : !strcmp(w, "seat_flowers") ? MJ_COUNT_SEAT_FLOWERS : -1;
    if (k < 0 && w != NULL && strlen(w) < sizeof d->count_word &&
        strspn(w, "abcdefghijklmnopqrstuvwxyz_") == strlen(w)) {
      memcpy(d->count_word, w, strlen(w) + 1);   /* the ruleset's own word */
      k = MJ_COUNT_WORD;
    }
    if (k < 0)
      return mjc_bad(c, "'count' is \"flowers\", \"tile_hogs\", \"fours\", "
                     "\"feibao\", \"horses\", \"streak\", \"niao\", "
                     "\"reds\", \"dora\", \"ura\", \"seat_flowers\" or a context "
                     "word of the ruleset's (context_words)");
    if (d->npat > 0)
      return mjc_bad(c, "'count' and 'melds' exclude each other");
    d->count_of = (uint8_t)k;
    d->kind = MJ_FK_COUNT;
  }
  lua_pop(L, 1);
  return MJ_OK;
}

/* The kind of a fan of meld patterns: one kind of meld only and no suit
   variables is a combination (one meld: per meld), else groups. */
static int pattern_kind(const mj_fan_def *d)
{
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
    return MJ_FK_PER_MELD;
  if (uniform && (type == MJ_M_CHOW || type == MJ_M_PUNG) && n <= 4)
    return MJ_FK_COMBO;
  return MJ_FK_GROUPS;
}

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
    return mjc_bad(c, "same_suit and mixed_suits exclude each other");
  static const char *const pats[] = { "melds", "alt" };
  for (int i = 0; i < 2; i++) {
    lua_getfield(L, c->t, pats[i]);
    if (!lua_isnil(L, -1)) {
      if (i == 1 && d->npat == 0)
        return mjc_bad(c, "'alt' needs 'melds'");
      TRY(get_pattern(c, -1, pats[i], &d->pat[d->npat]));
      d->npat++;
    }
    lua_pop(L, 1);
  }
  lua_getfield(L, c->t, "alts");
  if (!lua_isnil(L, -1)) {
    int a = lua_gettop(L);
    if (lua_type(L, a) != LUA_TTABLE)
      return mjc_bad(c, "'alts' must be a list of meld lists");
    for (int i = 1; i <= (int)lua_rawlen(L, a); i++) {
      if (d->npat >= MJ_MAX_PATTERNS)
        return mjc_bad(c, "at most %d alternatives", MJ_MAX_PATTERNS);
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
  TRY(fan_count(c, d));
  if (d->npat > 0)
    d->kind = pattern_kind(d);
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
      return mjc_bad(c, "'excludes' must be a list of fan names");
    int n = (int)lua_rawlen(L, a);
    if (n > MJ_MAX_EXCLUDES)
      return mjc_bad(c, "'excludes': at most %d entries", MJ_MAX_EXCLUDES);
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
          return mjc_bad(c, "'excludes': an entry is a name or { name, count }");
        d->excl[d->nexcl] = lua_tostring(L, -2);
        d->excl_n[d->nexcl++] = (uint8_t)lua_tointeger(L, -1);
      } else {
        return mjc_bad(c, "'excludes': an entry is a name or { name, count }");
      }
    }
  }
  lua_getfield(L, c->t, "excludes_melds");
  if (!lua_isnil(L, -1)) {
    int a = lua_gettop(L);
    if (lua_type(L, a) != LUA_TTABLE || (int)lua_rawlen(L, a) > MJ_MAX_EXCLUDES)
      return mjc_bad(c, "'excludes_melds' must be a list of at most %d fan names",
                 MJ_MAX_EXCLUDES);
    for (int i = 1; i <= (int)lua_rawlen(L, a); i++) {
      lua_rawgeti(L, a, i);
      TRY(get_str(c, -1, "excludes_melds", &d->exm[d->nexm]));
      d->nexm++;
    }
  }
  return MJ_OK;
}

/* alone, fallback, bonus, state, factor, dealt */
static mj_status fan_switches(cctx *c, mj_fan_def *d)
{
  lua_State *L = c->L;
  static const char *const names[] = { "alone", "fallback", "bonus", "state",
                                       "factor", "dealt" };
  uint8_t *outs[] = { &d->alone, &d->fallback, &d->bonus, &d->state,
                      &d->factor, &d->dealt };
  for (int i = 0; i < 6; i++) {
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
    return mjc_bad(c, "'test' must be a function (view) -> boolean or count");
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
    return mjc_bad(c, "out of memory");
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
  cctx c = { L, idx, NULL, NULL, err, NULL, 0, 0 };
  memset(d, 0, sizeof *d);
  d->test = -1;
  TRY(fan_name(&c, d));
  TRY(fan_texts(&c, d));
  TRY(mjc_clean(&c, "its name", d->id));
  TRY(mjc_clean(&c, "en", d->en));
  TRY(mjc_clean(&c, "example", d->example));
  for (int i = 0; i < MJ_MAX_ALIASES; i++)
    TRY(mjc_clean(&c, "an alias", d->aliases[i]));
  TRY(fan_value(&c, d, scoring));
  TRY(fan_shapes(&c, d));
  TRY(fan_clauses(&c, d));
  for (int i = 0; i < d->nclauses && scoring != MJ_SCORING_PARTS; i++)
    if (d->clauses[i].kind == MJ_C_WAIT &&
        (d->clauses[i].lo == MJ_WAIT_SIDES || d->clauses[i].lo == MJ_WAIT_PUNG))
      return mjc_bad(&c, "wait = \"%s\" is read in parts scoring only "
                     "(scoring = \"parts\", where a wait is the winning "
                     "tile's group); elsewhere a wait fan is a unique wait: "
                     "\"edge\", \"closed\" or \"single\"",
                     d->clauses[i].lo == MJ_WAIT_SIDES ? "two_sided" : "pung");
  TRY(fan_patterns(&c, d));
  TRY(fan_excludes(&c, d));
  TRY(fan_switches(&c, d));
  if (d->dealt) {
    /* a declaration on the dealt tiles: no shape, and only when the
       context asks for one (qishou) */
    if (d->shapes & ~MJ_SHAPE_BIT(MJ_SHAPE_NONE))
      return mjc_bad(&c, "a dealt fan is judged on the dealt tiles, with no "
                     "winning shape: give no shape");
    if (d->npat > 0)
      return mjc_bad(&c, "a dealt fan is judged on the dealt tiles: no melds "
                     "pattern (use a test)");
    d->shapes = MJ_SHAPE_BIT(MJ_SHAPE_NONE);
    TRY(add_clause(&c, d, (mj_clause){ .kind = MJ_C_FLAG,
                                       .lo = MJ_CTX_QISHOU, .hi = 1 }));
  }
  TRY(fan_test_fn(&c, d, e));
  if (d->nclauses == 0 && d->npat == 0 && d->kind != MJ_FK_COUNT &&
      d->test < 0 && !d->fallback &&
      !(d->shapes && !(d->shapes & MJ_SHAPE_BIT(MJ_SHAPE_NONE))))
    return mjc_bad(&c, "the fan has no condition: it would count for every hand");
  return MJ_OK;
}

/* }==================================================================== */

