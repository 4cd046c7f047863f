/*
** pattern.c
** Lua's pattern functions (string.find, match, gmatch, gsub) with a
** matcher that counts its steps: every step is charged to the state's
** instruction budget and a Ctrl-C stops it, so a pattern that backtracks
** for minutes becomes a clear error instead of a hang. The language is
** the one of the Lua 5.4 manual (section 6.4.1); this is a separate
** implementation of it, not the string library's.
*/
#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "i18n.h"
#include "host_int.h"

enum {
  MAX_CAPTURES = 32,
  MAX_DEPTH = 200,          /* nested matches (as Lua's MAXCCALLS) */
  CAP_OPEN = -1,            /* a capture not yet closed */
  CAP_POS = -2,             /* a position capture () */
  CHARGE_EVERY = 4096       /* steps between two charges to the budget */
};

typedef struct matcher {
  lua_State *L;
  mj_vm *vm;
  const char *s0, *s_end;   /* the subject */
  const char *p_end;        /* the end of the pattern */
  int depth;
  int level;                /* captures opened */
  long steps;               /* steps not yet charged */
  struct {
    const char *at;
    ptrdiff_t len;
  } cap[MAX_CAPTURES];
} matcher;

/* Charge the steps so far to the state's budget (raises when spent). */
static void charge(matcher *m)
{
  mj_vm_charge(m->vm, m->L, m->steps);
  m->steps = 0;
}

static inline void step(matcher *m)
{
  if (++m->steps >= CHARGE_EVERY)
    charge(m);
}

/* {====================================================================
** Single characters and classes
** ===================================================================== */

/* The end of the single-character class that starts at p. */
static const char *class_end(matcher *m, const char *p)
{
  if (*p++ == '%') {
    if (p >= m->p_end)
      luaL_error(m->L, _("malformed pattern (ends with '%%')"));
    return p + 1;
  }
  if (p[-1] == '[') {
    if (p < m->p_end && *p == '^')
      p++;
    do {                     /* the first ']' of the set is a member */
      if (p >= m->p_end)
        luaL_error(m->L, _("malformed pattern (missing ']')"));
      if (*p++ == '%' && p < m->p_end)
        p++;
    } while (p >= m->p_end || *p != ']');
    return p + 1;
  }
  return p;
}

/* Does c belong to the class letter cl (%a, %d...; upper case: not)? */
static bool in_class(int c, int cl)
{
  bool r;
  switch (tolower(cl)) {
  case 'a': r = isalpha(c); break;
  case 'c': r = iscntrl(c); break;
  case 'd': r = isdigit(c); break;
  case 'g': r = isgraph(c); break;
  case 'l': r = islower(c); break;
  case 'p': r = ispunct(c); break;
  case 's': r = isspace(c); break;
  case 'u': r = isupper(c); break;
  case 'w': r = isalnum(c); break;
  case 'x': r = isxdigit(c); break;
  default: return cl == c;   /* an escaped character stands for itself */
  }
  return isupper(cl) ? !r : r;
}

/* Does c belong to the set [ ... ] from p ('[') to ec (its ']')? */
static bool in_set(int c, const char *p, const char *ec)
{
  bool yes = true;
  if (*++p == '^') {
    yes = false;
    p++;
  }
  for (; p < ec; p++) {
    if (*p == '%') {
      p++;
      if (in_class(c, (unsigned char)*p))
        return yes;
    } else if (p[1] == '-' && p + 2 < ec) {
      if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2])
        return yes;
      p += 2;
    } else if ((unsigned char)*p == c) {
      return yes;
    }
  }
  return !yes;
}

/* Does the subject character at s match the class from p to ep? */
static bool single(const matcher *m, const char *s, const char *p,
                   const char *ep)
{
  if (s >= m->s_end)
    return false;
  int c = (unsigned char)*s;
  switch (*p) {
  case '.': return true;
  case '%': return in_class(c, (unsigned char)p[1]);
  case '[': return in_set(c, p, ep - 1);
  default: return (unsigned char)*p == c;
  }
}

/* }==================================================================== */

/* {====================================================================
** The matcher
** ===================================================================== */

static const char *do_match(matcher *m, const char *s, const char *p);

/* x* (greedy): the longest run first, then shorter ones. */
static const char *greedy(matcher *m, const char *s, const char *p,
                          const char *ep)
{
  ptrdiff_t n = 0;
  while (single(m, s + n, p, ep)) {
    n++;
    step(m);
  }
  for (; n >= 0; n--) {
    const char *r = do_match(m, s + n, ep + 1);
    if (r != NULL)
      return r;
  }
  return NULL;
}

/* x- (lazy): the shortest run first. */
static const char *lazy(matcher *m, const char *s, const char *p,
                        const char *ep)
{
  for (;;) {
    const char *r = do_match(m, s, ep + 1);
    if (r != NULL)
      return r;
    if (!single(m, s, p, ep))
      return NULL;
    s++;
    step(m);
  }
}

static const char *open_capture(matcher *m, const char *s, const char *p,
                                ptrdiff_t what)
{
  if (m->level >= MAX_CAPTURES)
    luaL_error(m->L, _("too many captures"));
  m->cap[m->level].at = s;
  m->cap[m->level].len = what;
  m->level++;
  const char *r = do_match(m, s, p);
  if (r == NULL)
    m->level--;
  return r;
}

static const char *close_capture(matcher *m, const char *s, const char *p)
{
  int l = m->level - 1;
  while (l >= 0 && m->cap[l].len != CAP_OPEN)
    l--;
  if (l < 0)
    luaL_error(m->L, _("invalid pattern capture"));
  m->cap[l].len = s - m->cap[l].at;
  const char *r = do_match(m, s, p);
  if (r == NULL)
    m->cap[l].len = CAP_OPEN;
  return r;
}

/* %bxy: a balanced run from x to its matching y. */
static const char *balanced(matcher *m, const char *s, const char *p)
{
  if (p + 1 >= m->p_end)
    luaL_error(m->L, _("malformed pattern (missing arguments to '%%b')"));
  if (s >= m->s_end || *s != p[0])
    return NULL;
  int open = 1;
  for (const char *q = s + 1; q < m->s_end; q++) {
    step(m);
    if (*q == p[1]) {
      if (--open == 0)
        return q + 1;
    } else if (*q == p[0]) {
      open++;
    }
  }
  return NULL;
}

/* %1..%9: the text of a closed capture again. */
static const char *back_ref(matcher *m, const char *s, int k)
{
  k -= '1';
  if (k < 0 || k >= m->level || m->cap[k].len == CAP_OPEN)
    luaL_error(m->L, _("invalid capture index %%%d"), k + 1);
  size_t len = (size_t)m->cap[k].len;
  m->steps += (long)len;
  if ((size_t)(m->s_end - s) >= len && memcmp(m->cap[k].at, s, len) == 0)
    return s + len;
  return NULL;
}

static const char *do_match(matcher *m, const char *s, const char *p)
{
  if (++m->depth > MAX_DEPTH)
    luaL_error(m->L, _("pattern too complex"));
  step(m);
  const char *r = NULL;
  for (;;) {
    if (p >= m->p_end) {
      r = s;
      break;
    }
    if (*p == '(') {
      r = p + 1 < m->p_end && p[1] == ')' ? open_capture(m, s, p + 2, CAP_POS)
                                          : open_capture(m, s, p + 1, CAP_OPEN);
      break;
    }
    if (*p == ')') {
      r = close_capture(m, s, p + 1);
      break;
    }
    if (*p == '$' && p + 1 == m->p_end) {
      r = s == m->s_end ? s : NULL;
      break;
    }
    if (*p == '%' && p + 1 < m->p_end && p[1] == 'b') {
      s = balanced(m, s, p + 2);
      if (s == NULL)
        break;
      p += 4;
      continue;
    }
    if (*p == '%' && p + 1 < m->p_end && p[1] == 'f') {
      p += 2;
      if (p >= m->p_end || *p != '[')
        luaL_error(m->L, _("missing '[' after '%%f' in pattern"));
      const char *ep = class_end(m, p);
      int before = s == m->s0 ? '\0' : (unsigned char)s[-1];
      int here = s < m->s_end ? (unsigned char)*s : '\0';
      if (in_set(before, p, ep - 1) || !in_set(here, p, ep - 1))
        break;
      p = ep;
      continue;
    }
    if (*p == '%' && p + 1 < m->p_end && isdigit((unsigned char)p[1])) {
      s = back_ref(m, s, (unsigned char)p[1]);
      if (s == NULL)
        break;
      p += 2;
      continue;
    }
    /* a single-character class, perhaps with a quantifier */
    const char *ep = class_end(m, p);
    int q = ep < m->p_end ? *ep : '\0';
    if (!single(m, s, p, ep)) {
      if (q == '*' || q == '?' || q == '-') {   /* zero copies will do */
        p = ep + 1;
        continue;
      }
      break;
    }
    if (q == '?') {
      r = do_match(m, s + 1, ep + 1);
      if (r != NULL)
        break;
      p = ep + 1;
      continue;
    }
    if (q == '+') {
      r = greedy(m, s + 1, p, ep);
      break;
    }
    if (q == '*') {
      r = greedy(m, s, p, ep);
      break;
    }
    if (q == '-') {
      r = lazy(m, s, p, ep);
      break;
    }
    s++;
    p = ep;
  }
  m->depth--;
  return r;
}

/* }==================================================================== */

/* {====================================================================
** Captures and the library functions
** ===================================================================== */

static void matcher_init(matcher *m, lua_State *L, const char *s, size_t ls,
                         const char *p, size_t lp)
{
  m->L = L;
  m->vm = mj_vm_of(L);
  m->s0 = s;
  m->s_end = s + ls;
  m->p_end = p + lp;
  m->depth = 0;
  m->level = 0;
  m->steps = 0;
}

/* Push capture i (or the whole match s..e when there is none). */
static void push_capture(matcher *m, int i, const char *s, const char *e)
{
  if (i >= m->level) {
    if (i != 0)
      luaL_error(m->L, _("invalid capture index %%%d"), i + 1);
    lua_pushlstring(m->L, s, (size_t)(e - s));
    return;
  }
  ptrdiff_t len = m->cap[i].len;
  if (len == CAP_OPEN)
    luaL_error(m->L, _("unfinished capture"));
  if (len == CAP_POS)
    lua_pushinteger(m->L, (lua_Integer)(m->cap[i].at - m->s0) + 1);
  else
    lua_pushlstring(m->L, m->cap[i].at, (size_t)len);
}

/* Push every capture (or the whole match); returns how many. */
static int push_captures(matcher *m, const char *s, const char *e, bool whole)
{
  int n = m->level == 0 && whole ? 1 : m->level;
  luaL_checkstack(m->L, n, "too many captures");
  for (int i = 0; i < n; i++)
    push_capture(m, i, s, e);
  return n;
}

/* A position argument (negative: from the end) as an offset 0..len+1. */
static size_t start_at(lua_Integer pos, size_t len)
{
  if (pos > 0)
    return (size_t)pos - 1;
  if (pos == 0)
    return 0;
  if (pos < -(lua_Integer)len)
    return 0;
  return len + (size_t)pos;
}

static bool has_specials(const char *p, size_t lp)
{
  static const char specials[] = "^$*+?.([%-";
  for (size_t i = 0; i < lp; i++)
    if (strchr(specials, p[i]) != NULL && p[i] != '\0')
      return true;
  return false;
}

/* A plain search for p in s (both may hold any byte). */
static const char *find_plain(const char *s, size_t ls, const char *p,
                              size_t lp)
{
  if (lp == 0)
    return s;
  for (size_t i = 0; lp <= ls && i <= ls - lp; i++)
    if (s[i] == p[0] && memcmp(s + i, p, lp) == 0)
      return s + i;
  return NULL;
}

static int find_or_match(lua_State *L, bool find)
{
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = start_at(luaL_optinteger(L, 3, 1), ls);
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
    mj_vm_charge(mj_vm_of(L), L, (long)(ls - init));
    const char *at = find_plain(s + init, ls - init, p, lp);
    if (at == NULL) {
      luaL_pushfail(L);
      return 1;
    }
    lua_pushinteger(L, (lua_Integer)(at - s) + 1);
    lua_pushinteger(L, (lua_Integer)(at - s) + (lua_Integer)lp);
    return 2;
  }
  matcher m;
  bool anchor = lp > 0 && *p == '^';
  if (anchor)
    p++, lp--;
  matcher_init(&m, L, s, ls, p, lp);
  const char *at = s + init;
  do {
    m.level = 0;
    m.depth = 0;
    const char *e = do_match(&m, at, p);
    if (e != NULL) {
      charge(&m);
      if (!find)
        return push_captures(&m, at, e, true);
      lua_pushinteger(L, (lua_Integer)(at - s) + 1);
      lua_pushinteger(L, (lua_Integer)(e - s));
      return push_captures(&m, NULL, NULL, false) + 2;
    }
  } while (at++ < m.s_end && !anchor);
  charge(&m);
  luaL_pushfail(L);
  return 1;
}

static int p_find(lua_State *L) { return find_or_match(L, true); }
static int p_match(lua_State *L) { return find_or_match(L, false); }

/* The state of a gmatch iteration: a userdata that also anchors the
   subject and the pattern (upvalues 1 and 2). */
typedef struct gm_state {
  size_t pos;               /* where the next search starts */
  ptrdiff_t last;           /* the end of the last match, -1 none */
} gm_state;

static int gmatch_next(lua_State *L)
{
  size_t ls, lp;
  const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
  const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
  gm_state *g = lua_touserdata(L, lua_upvalueindex(3));
  matcher m;
  matcher_init(&m, L, s, ls, p, lp);
  for (const char *at = s + g->pos; at <= m.s_end; at++) {
    m.level = 0;
    m.depth = 0;
    const char *e = do_match(&m, at, p);
    if (e != NULL && e - s != g->last) {
      charge(&m);
      g->pos = (size_t)(e - s);
      g->last = e - s;
      return push_captures(&m, at, e, true);
    }
  }
  charge(&m);
  g->pos = ls + 1;
  return 0;
}

static int p_gmatch(lua_State *L)
{
  size_t ls;
  luaL_checklstring(L, 1, &ls);
  luaL_checkstring(L, 2);
  size_t init = start_at(luaL_optinteger(L, 3, 1), ls);
  lua_settop(L, 2);
  gm_state *g = lua_newuserdatauv(L, sizeof *g, 0);
  g->pos = init > ls ? ls + 1 : init;
  g->last = -1;
  lua_pushcclosure(L, gmatch_next, 3);
  return 1;
}

/* Append the replacement of the match s..e to b. */
static void add_replacement(matcher *m, luaL_Buffer *b, const char *s,
                            const char *e, int tr)
{
  lua_State *L = m->L;
  if (tr == LUA_TSTRING || tr == LUA_TNUMBER) {
    size_t lr;
    const char *r = lua_tolstring(L, 3, &lr);
    for (size_t i = 0; i < lr; i++) {
      if (r[i] != '%') {
        luaL_addchar(b, r[i]);
        continue;
      }
      i++;
      if (i < lr && r[i] == '%') {
        luaL_addchar(b, '%');
      } else if (i < lr && isdigit((unsigned char)r[i])) {
        if (r[i] == '0')
          luaL_addlstring(b, s, (size_t)(e - s));
        else {
          push_capture(m, r[i] - '1', s, e);
          luaL_tolstring(L, -1, NULL);
          lua_remove(L, -2);
          luaL_addvalue(b);
        }
      } else {
        luaL_error(L, _("invalid use of '%%' in replacement string"));
      }
    }
    return;
  }
  if (tr == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int n = push_captures(m, s, e, true);
    lua_call(L, n, 1);
  } else {
    push_capture(m, 0, s, e);
    lua_gettable(L, 3);
  }
  if (!lua_toboolean(L, -1)) {    /* nil or false: keep the original */
    lua_pop(L, 1);
    luaL_addlstring(b, s, (size_t)(e - s));
  } else if (!lua_isstring(L, -1)) {
    luaL_error(L, _("invalid replacement value (a %s)"), luaL_typename(L, -1));
  } else {
    luaL_addvalue(b);
  }
}

static int p_gsub(lua_State *L)
{
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  int tr = lua_type(L, 3);
  lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  luaL_argexpected(L,
                   tr == LUA_TNUMBER || tr == LUA_TSTRING ||
                       tr == LUA_TFUNCTION || tr == LUA_TTABLE,
                   3, "string/function/table");
  bool anchor = lp > 0 && *p == '^';
  if (anchor)
    p++, lp--;
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  matcher m;
  matcher_init(&m, L, s, ls, p, lp);
  const char *at = s, *last = NULL;
  lua_Integer n = 0;
  while (n < max) {
    m.level = 0;
    m.depth = 0;
    const char *e = do_match(&m, at, p);
    if (e != NULL && e != last) {
      n++;
      charge(&m);
      add_replacement(&m, &b, at, e, tr);
      at = last = e;
    } else if (at < m.s_end) {
      luaL_addchar(&b, *at++);
    } else {
      break;
    }
    if (anchor)
      break;
  }
  charge(&m);
  luaL_addlstring(&b, at, (size_t)(m.s_end - at));
  luaL_pushresult(&b);
  lua_pushinteger(L, n);
  return 2;
}

/* }==================================================================== */

void mj_lua_patterns(lua_State *L, int idx)
{
  static const luaL_Reg fns[] = { { "find", p_find },
                                  { "match", p_match },
                                  { "gmatch", p_gmatch },
                                  { "gsub", p_gsub },
                                  { NULL, NULL } };
  idx = lua_absindex(L, idx);
  for (int i = 0; fns[i].name != NULL; i++) {
    lua_pushcfunction(L, fns[i].func);
    lua_setfield(L, idx, fns[i].name);
  }
}
