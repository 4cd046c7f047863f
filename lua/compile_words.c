/*
** compile_words.c
** The names a ruleset gives of its own beyond its fans: the context
** words a hand may take (context_words) and the numbers a match keeps
** (match_state), read from mj.ruleset{...} into the rules.
*/
#include <stdio.h>
#include <string.h>

#include <lua.h>

#include "compile_int.h"
#include "i18n.h"
#include "rules.h"
#include "tile.h"

/* match_state = { "run", ... }: the match's own numbers. */
mj_status mjc_match_states(cctx *c, mj_rules *r)
{
  lua_State *L = c->L;
  int top = lua_gettop(L);
  lua_getfield(L, c->t, "match_state");
  mj_status st = MJ_OK;
  if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TTABLE)
    st = mjc_bad(c, "match_state is a list of names: { \"run\" }");
  for (lua_Integer i = 1; st == MJ_OK && lua_type(L, top + 1) == LUA_TTABLE;
       i++) {
    int t = lua_rawgeti(L, top + 1, i);
    if (t == LUA_TNIL)
      break;
    if (t != LUA_TSTRING)
      st = mjc_bad(c, "match_state[%d] is a name", (int)i);
    else if (mj_rules_add_match_state(r, lua_tostring(L, -1), c->err) !=
             MJ_OK) {
      char why[sizeof c->err->msg];
      snprintf(why, sizeof why, "%s", c->err->msg);
      st = mjc_bad(c, "%s", why);
    }
    lua_pop(L, 1);
  }
  lua_settop(L, top);
  return st;
}

/* context_words = { { "kita", max = 4, desc = "..." } ... }: words of
   the ruleset's own, written word=N in a hand's context. */
mj_status mjc_context_words(cctx *c, mj_rules *r)
{
  lua_State *L = c->L;
  int top = lua_gettop(L);
  lua_getfield(L, c->t, "context_words");
  int w = lua_gettop(L);
  mj_status st = MJ_OK;
  if (!lua_isnil(L, w) && lua_type(L, w) != LUA_TTABLE)
    st = mjc_bad(c, "context_words is a list of { \"name\", max = N, "
                 "desc = \"...\" }");
  for (lua_Integer i = 1; st == MJ_OK && lua_type(L, w) == LUA_TTABLE; i++) {
    if (lua_rawgeti(L, w, i) == LUA_TNIL)
      break;
    int one = lua_gettop(L);
    const char *desc = NULL;
    int isnum = 0;
    if (lua_type(L, one) != LUA_TTABLE) {
      st = mjc_bad(c, "context_words[%d] is { \"name\", max = N, desc = "
                   "\"...\" }", (int)i);
      break;
    }
    lua_rawgeti(L, one, 1);
    lua_getfield(L, one, "max");
    lua_Integer max = lua_tointegerx(L, -1, &isnum);
    lua_getfield(L, one, "desc");
    if (lua_type(L, one + 1) != LUA_TSTRING || !isnum)
      st = mjc_bad(c, "context_words[%d] is { \"name\", max = N, desc = "
                   "\"...\" }", (int)i);
    else if (!lua_isnil(L, -1))
      st = mjc_get_text(c, -1, "a context word's desc", &desc);
    if (st == MJ_OK)
      st = mj_rules_add_word(r, lua_tostring(L, one + 1),
                             max < 0 || max > 100000 ? -1 : (int)max, desc,
                             c->err);
    if (st != MJ_OK && isnum) {
      char why[sizeof c->err->msg];   /* the core's words, at the line */
      snprintf(why, sizeof why, "%s", c->err->msg);
      st = mjc_bad(c, "%s", why);
    }
    lua_settop(L, w);
  }
  lua_settop(L, top);
  return st;
}

bool mjc_decl_aside(cctx *c, mj_decl_def *def, const char *k, mj_status *st)
{
  lua_State *L = c->L;
  bool tile = strcmp(k, "aside") == 0;
  if (!tile && strcmp(k, "word") != 0)
    return false;
  size_t n = 0;
  const char *v = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n)
                                                 : NULL;
  mj_error e;
  if (tile && (v == NULL || mj_tile_parse(v, n, &def->aside, &e) != MJ_OK ||
               def->aside >= MJ_KINDS))
    *st = mjc_bad(c, "declaration '%s': aside is the kind set aside, a tile "
                  "such as \"4z\"", def->name);
  else if (!tile && (v == NULL || n == 0 || n >= sizeof def->word))
    *st = mjc_bad(c, "declaration '%s': word is the name of a context word "
                  "(context_words) that counts the tiles set aside",
                  def->name);
  else if (!tile)
    memcpy(def->word, v, n + 1);
  return true;
}

mj_status mjc_check_asides(cctx *c, const mj_rules *r, const mj_table *t)
{
  for (int k = 0; k < t->ndecls; k++) {
    const mj_decl_def *d = &t->decls[k];
    if (d->aside == MJ_NO_TILE && d->word[0] != '\0')
      return mjc_bad(c, "declaration '%s': word goes with aside (the tiles "
                     "it counts)", d->name);
    if (d->aside != MJ_NO_TILE && !d->in_turn)
      return mjc_bad(c, "declaration '%s': a tile is set aside in one's "
                     "turn: when = \"turn\"", d->name);
    if (d->aside != MJ_NO_TILE && !(t->set & MJ_BIT(d->aside))) {
      char b[3];
      return mjc_bad(c, "declaration '%s': the table holds no %s to set "
                     "aside", d->name, mj_tile_str(d->aside, b));
    }
    if (d->word[0] != '\0' && mj_rules_find_word(r, d->word) < 0)
      return mjc_bad(c, "declaration '%s': word '%s' is none of the "
                     "ruleset's context_words", d->name, d->word);
  }
  return MJ_OK;
}
