/*
** compile_parts.c
** Two fields of a ruleset read here: `parts` (parts scoring's table:
** the parts, the limits, the payments) and `refuse` (context a win may
** not hold together).
*/
#include <lauxlib.h>
#include <stdio.h>
#include <string.h>

#include "compile_int.h"
#include "text.h"

/* A text field of parts into out (cap bytes), when given. */
static mj_status parts_text(cctx *c, int pt, const char *k, char *out,
                            size_t cap)
{
  lua_State *L = c->L;
  lua_getfield(L, pt, k);
  size_t n = 0;
  const char *s = lua_tolstring(L, -1, &n);
  bool given = !lua_isnil(L, -1);
  if (given && (lua_type(L, -1) != LUA_TSTRING || n == 0 || n >= cap)) {
    lua_pop(L, 1);
    return mjc_bad(c, "parts: '%s' is a name of 1..%d bytes", k,
                   (int)cap - 1);
  }
  if (given) {
    TRY(mjc_clean(c, "a name in parts", s));
    memcpy(out, s, n + 1);
  }
  lua_pop(L, 1);
  return MJ_OK;
}

/* limits = { { fans, base, "name" }, ... }, going up by fans. */
static mj_status parts_limits(cctx *c, int pt, mj_parts *p)
{
  lua_State *L = c->L;
  int top = lua_gettop(L);
  lua_getfield(L, pt, "limits");
  if (lua_isnil(L, -1)) {
    lua_settop(L, top);
    return MJ_OK;
  }
  int lt = lua_gettop(L);
  if (lua_type(L, lt) != LUA_TTABLE || lua_rawlen(L, lt) > MJ_MAX_LIMITS)
    return mjc_bad(c, "parts: limits is a list of at most %d "
                   "{ fans, base, \"name\" }", MJ_MAX_LIMITS);
  p->nlimits = (int)lua_rawlen(L, lt);
  for (int i = 0; i < p->nlimits; i++) {
    lua_rawgeti(L, lt, i + 1);
    int e = lua_gettop(L);
    lua_rawgeti(L, e, 1);
    lua_rawgeti(L, e, 2);
    lua_rawgeti(L, e, 3);
    size_t n = 0;
    const char *name = lua_tolstring(L, -1, &n);
    if (lua_type(L, e) != LUA_TTABLE || !lua_isinteger(L, -3) ||
        !lua_isinteger(L, -2) || lua_type(L, -1) != LUA_TSTRING || n == 0 ||
        n >= sizeof p->limit_name[0] || lua_tointeger(L, -3) < 1 ||
        lua_tointeger(L, -3) > 100 || lua_tointeger(L, -2) < 1 ||
        lua_tointeger(L, -2) > 1000000)
      return mjc_bad(c, "parts: limit %d is { fans 1..100, base 1..1000000, "
                     "\"name\" }", i + 1);
    TRY(mjc_clean(c, "a limit's name", name));
    p->limit_fans[i] = (int)lua_tointeger(L, -3);
    p->limit_base[i] = (int)lua_tointeger(L, -2);
    memcpy(p->limit_name[i], name, n + 1);
    lua_settop(L, lt);
  }
  lua_settop(L, top);
  return MJ_OK;
}

/* The known name nearest to k, near enough to be a slip; NULL none. */
static const char *nearest(const char *k, const char *const *known)
{
  size_t n = strlen(k);
  int bd = (int)(n <= 3 ? 1 : n / 4 > 2 ? n / 4 : 2) + 1;
  const char *best = NULL;
  for (int i = 0; known[i]; i++) {
    int d = mj_text_distance(k, known[i]);
    if (d < bd) {
      bd = d;
      best = known[i];
    }
  }
  return best;
}

/* Every key of parts is one of the list, or a name, limits, no_self. */
static mj_status parts_keys(cctx *c, int pt)
{
  lua_State *L = c->L;
#define NAME(name, def, words) #name,
  static const char *const known[] = {
    MJ_PARTS_NUMBERS(NAME) "unit", "parts_unit", "no_self", "cap_name",
    "limit_hand_name", "limit_unit", "limits", NULL
  };
#undef NAME
  lua_pushnil(L);
  while (lua_next(L, pt)) {
    lua_pop(L, 1);
    const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    int i = 0;
    while (known[i] && strcmp(known[i], k) != 0)
      i++;
    if (known[i] == NULL) {
      const char *best = nearest(k, known);
      return mjc_bad(c, "parts: unknown field '%s'%s%s%s",
                     luaL_tolstring(L, -1, NULL), best ? "; did you mean '" : "",
                     best ? best : "", best ? "'?" : "");
    }
  }
  return MJ_OK;
}

mj_status mjc_parts(cctx *c, mj_rules *r, int scoring)
{
  lua_State *L = c->L;
  int top = lua_gettop(L);
  lua_getfield(L, c->t, "parts");
  int pt = lua_gettop(L);
  if (lua_isnil(L, pt) && scoring != MJ_SCORING_PARTS) {
    lua_settop(L, top);
    return MJ_OK;
  }
  if (scoring != MJ_SCORING_PARTS)
    return mjc_bad(c, "parts: a table of parts scoring (scoring = \"parts\")");
  if (lua_type(L, pt) != LUA_TTABLE)
    return mjc_bad(c, "scoring = \"parts\" needs its table: parts = { base "
                   "= 20, ... }");
  TRY(parts_keys(c, pt));
  mj_parts p;
  memset(&p, 0, sizeof p);
#define NUMBER(name, def, words)                                             \
  lua_getfield(L, pt, #name);                                                \
  if (!lua_isnil(L, -1) && (!lua_isinteger(L, -1) ||                         \
                            lua_tointeger(L, -1) < 0 ||                      \
                            lua_tointeger(L, -1) > 1000000))                 \
    return mjc_bad(c, "parts: '%s' is a whole number 0..1000000", #name);    \
  p.name = lua_isnil(L, -1) ? (def) : (int)lua_tointeger(L, -1);             \
  lua_pop(L, 1);
  MJ_PARTS_NUMBERS(NUMBER)
#undef NUMBER
  if (p.cap_from == 0)
    p.cap_from = p.cap + 1;
  strcpy(p.unit, "han");
  strcpy(p.parts_unit, "fu");
  TRY(parts_text(c, pt, "unit", p.unit, sizeof p.unit));
  TRY(parts_text(c, pt, "parts_unit", p.parts_unit, sizeof p.parts_unit));
  TRY(parts_text(c, pt, "no_self", p.no_self_name, sizeof p.no_self_name));
  TRY(parts_text(c, pt, "cap_name", p.cap_name, sizeof p.cap_name));
  TRY(parts_text(c, pt, "limit_hand_name", p.limit_hand_name,
                 sizeof p.limit_hand_name));
  strcpy(p.limit_unit, "limit");
  TRY(parts_text(c, pt, "limit_unit", p.limit_unit, sizeof p.limit_unit));
  TRY(parts_limits(c, pt, &p));
  lua_settop(L, top);
  mj_error e;
  if (mj_rules_set_parts(r, &p, &e) != MJ_OK)
    return mjc_bad(c, "%s", e.msg);
  return MJ_OK;
}

/* refuse = { { "riichi", "open" }, { "first", "!self" } }: each a list of
   context flags ("!" before one: it does not hold) and "open". */
mj_status mjc_refuse(cctx *c, mj_rules *r)
{
  lua_State *L = c->L;
  int top = lua_gettop(L);
  lua_getfield(L, c->t, "refuse");
  int rt = lua_gettop(L);
  if (lua_isnil(L, rt)) {
    lua_settop(L, top);
    return MJ_OK;
  }
  if (lua_type(L, rt) != LUA_TTABLE)
    return mjc_bad(c, "refuse is a list of lists of context flags");
  for (lua_Integer i = 1; lua_rawgeti(L, rt, i) != LUA_TNIL; i++) {
    int one = lua_gettop(L);
    unsigned on = 0, off = 0;
    if (lua_type(L, one) != LUA_TTABLE || lua_rawlen(L, one) < 1)
      return mjc_bad(c, "refuse: entry %d is a list of context flags",
                     (int)i);
    for (lua_Integer k = 1; lua_rawgeti(L, one, k) != LUA_TNIL; k++) {
      const char *w = lua_tostring(L, -1);
      bool no = w != NULL && w[0] == '!';
      unsigned f = w == NULL ? 0
                 : !strcmp(w + no, "open") ? MJ_REFUSE_OPEN
                 : mj_ctx_flag_named(w + no);
      if (f == 0)
        return mjc_bad(c, "refuse: '%.30s' is not a context flag (self, "
                       "riichi, kong, first ... or open)", w ? w : "?");
      *(no ? &off : &on) |= f;
      lua_pop(L, 1);
    }
    mj_error e;
    if (mj_rules_add_refusal(r, on, off, &e) != MJ_OK)
      return mjc_bad(c, "refuse: %s", e.msg);
    lua_settop(L, rt);
  }
  lua_settop(L, top);
  return MJ_OK;
}
