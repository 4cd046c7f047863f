/*
** flow.c
** The flow hooks: a ruleset's on_kong, on_win, on_end and next_dealer,
** run at the hand's events with the game reachable through a handle
** that lives only as long as the call (kept past it, it refuses).
*/
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "i18n.h"
#include "action.h"
#include "analysis.h"
#include "bind.h"
#include "flow_methods.h"
#include "game.h"
#include "host_int.h"

#define FLOWGAME "hule.flowgame"

typedef struct flowgame {
  unsigned serial;  /* the hook call it was made for */
} flowgame;

static const char *const hook_fields[] = {
#define MJ_HOOK_FIELD(k, field, call, when, gets) field,
  MJ_HOOKS(MJ_HOOK_FIELD)
#undef MJ_HOOK_FIELD
};

/* The game of the handle at 1. Each method has the handles' metatable as
   its upvalue: the check compares it, without the registry's lookup by
   name. */
static mj_game *checkg(lua_State *L)
{
  flowgame *f = lua_touserdata(L, 1);
  bool ours = false;
  if (f != NULL && lua_getmetatable(L, 1)) {
    ours = lua_rawequal(L, -1, lua_upvalueindex(1));
    lua_pop(L, 1);
  }
  if (!ours)
    f = luaL_checkudata(L, 1, FLOWGAME);   /* raises, naming the type */
  mj_vm *vm = mj_vm_of(L);
  if (vm->flow_game == NULL || f->serial != vm->flow_serial)
    luaL_error(L, _("the game is reachable only inside its hook"));
  return vm->flow_game;
}

/* A seat 1..n of the game at 1 (n its players). */
static int checkseat(lua_State *L, int idx)
{
  lua_Integer p = luaL_checkinteger(L, idx);
  int n = mj_game_players(checkg(L));
  if (p < 1 || p > n)
    luaL_argerror(L, idx, lua_pushfstring(L, "a seat is 1..%d", n));
  return (int)p - 1;
}

/* A seat 1..4, or "pot": the table's pot (riichi's sticks). */
static int checkpayer(lua_State *L, int idx)
{
  if (lua_type(L, idx) == LUA_TSTRING) {
    luaL_argcheck(L, strcmp(lua_tostring(L, idx), "pot") == 0, idx,
                  "a seat 1..4 or \"pot\"");
    return MJ_POT;
  }
  return checkseat(L, idx);
}

static int fail(lua_State *L, const mj_error *e)
{
  return luaL_error(L, "%s", e->msg);
}

/* g:pay(payer, payee, amount, reason) -> the entry's index */
static int f_pay(lua_State *L)
{
  mj_game *g = checkg(L);
  int a = checkpayer(L, 2), b = checkpayer(L, 3);
  lua_Integer n = luaL_checkinteger(L, 4);
  const char *why = luaL_checkstring(L, 5);
  mj_error e;
  int i;
  if (n < 1 || n > 1000000)
    return luaL_error(L, _("a payment's amount is 1..1000000, not %I"), n);
  if (mj_game_pay(g, a, b, (int)n, why, &i, &e) != MJ_OK)
    return fail(L, &e);
  lua_pushinteger(L, i + 1);
  return 1;
}

/* g:transfer(i, to, reason): entry i's money goes on to seat to */
static int f_transfer(lua_State *L)
{
  mj_game *g = checkg(L);
  lua_Integer i = luaL_checkinteger(L, 2);
  int to = checkseat(L, 3);
  const char *why = luaL_optstring(L, 4, "transfer");
  mj_error e;
  if (i < 1 || i > 100000)
    return luaL_error(L, _("no ledger entry %I"), i);
  if (mj_game_transfer(g, (int)i - 1, to, why, &e) != MJ_OK)
    return fail(L, &e);
  return 0;
}

/* g:refund(i, reason): entry i's money goes back to its payer */
static int f_refund(lua_State *L)
{
  mj_game *g = checkg(L);
  lua_Integer i = luaL_checkinteger(L, 2);
  const char *why = luaL_optstring(L, 3, "refund");
  mj_error e;
  if (i < 1 || i > 100000)
    return luaL_error(L, _("no ledger entry %I"), i);
  if (mj_game_refund(g, (int)i - 1, why, &e) != MJ_OK)
    return fail(L, &e);
  return 0;
}

static int f_ledger(lua_State *L)
{
  mj_lua_push_ledger(L, checkg(L));
  return 1;
}

static int f_active(lua_State *L)
{
  mj_game *g = checkg(L);
  lua_pushboolean(L, mj_game_active(g, checkseat(L, 2)));
  return 1;
}

/* g:wins(p) -> the wins of p this hand (several with after_win = "stay") */
static int f_wins(lua_State *L)
{
  mj_game *g = checkg(L);
  lua_pushinteger(L, mj_game_wins(g, checkseat(L, 2)));
  return 1;
}

/* g:streak() -> the dealer's wins in a row before this hand (节节高) */
static int f_streak(lua_State *L)
{
  lua_pushinteger(L, mj_game_config(checkg(L))->streak);
  return 1;
}

/* g:abort(name [, p]): the hand called off, drawn (四風連打) */
static int f_abort(lua_State *L)
{
  mj_game *g = checkg(L);
  const char *name = luaL_checkstring(L, 2);
  int by = lua_isnoneornil(L, 3) ? -1 : checkseat(L, 3);
  mj_error e;
  if (mj_game_abort(g, by, name, &e) != MJ_OK)
    return fail(L, &e);
  return 0;
}

/* g:waits(p) -> the kinds p's hand waits on, in notation ("" not ready) */
static int f_waits(lua_State *L)
{
  mj_game *g = checkg(L);
  char buf[160];
  mj_set_print(mj_game_waits(g, checkseat(L, 2)), buf, sizeof buf);
  lua_pushstring(L, buf);
  return 1;
}

/* g:honba() -> the hand's counter; g:pot() -> what the pot holds now */
static int f_honba(lua_State *L)
{
  lua_pushinteger(L, mj_game_honba(checkg(L)));
  return 1;
}

static int f_pot(lua_State *L)
{
  lua_pushinteger(L, mj_game_pot(checkg(L)));
  return 1;
}

/* g:players() -> the seats at the table */
static int f_players(lua_State *L)
{
  lua_pushinteger(L, mj_game_players(checkg(L)));
  return 1;
}

static int f_dealer(lua_State *L)
{
  lua_pushinteger(L, mj_game_dealer(checkg(L)) + 1);
  return 1;
}

/* g:missing(p) -> "m" | "p" | "s" | nil */
static int f_missing(lua_State *L)
{
  mj_game *g = checkg(L);
  int v = mj_game_void_suit(g, checkseat(L, 2), -1);
  if (v < 0)
    return 0;
  lua_pushlstring(L, &"mps"[v], 1);
  return 1;
}

static int f_holds_missing(lua_State *L)
{
  mj_game *g = checkg(L);
  lua_pushboolean(L, mj_game_holds_void(g, checkseat(L, 2)));
  return 1;
}

/* g:best_win(p) -> total (0: not ready), the tile */
static int f_best_win(lua_State *L)
{
  mj_game *g = checkg(L);
  mj_tile t;
  int v = mj_game_best_win(g, checkseat(L, 2), &t);
  lua_pushinteger(L, v);
  if (t == MJ_NO_TILE)
    return 1;
  char b[4];
  lua_pushstring(L, mj_tile_str(t, b));
  return 2;
}

static int f_hand(lua_State *L)
{
  mj_game *g = checkg(L);
  char b[128];
  mj_hand_print(mj_game_hand(g, checkseat(L, 2)), b, sizeof b);
  lua_pushstring(L, b);
  return 1;
}

/* g:score_hand(p, context) -> total, fans | nil, why: p's hand (his
   concealed tiles and melds) scored by the ruleset with the context given
   ("qishou": the dealt tiles as a declaration; "win=5m self"...), his
   seat's wind added when the context names none. */
static int f_score_hand(lua_State *L)
{
  mj_game *g = checkg(L);
  int p = checkseat(L, 2);
  const char *ctx = luaL_checkstring(L, 3);
  if (strlen(ctx) > 200)
    return luaL_argerror(L, 3, _("a context of at most 200 bytes"));
  void **hb = mj_lua_newbox(L), **sb = mj_lua_newbox(L);
  *hb = mj_hand_new();
  *sb = malloc(sizeof(mj_score));
  if (*hb == NULL || *sb == NULL)
    return luaL_error(L, _("out of memory"));
  char text[400];
  size_t n = mj_hand_print(mj_game_hand(g, p), text, sizeof text);
  n += (size_t)snprintf(text + n, sizeof text - n, " %s", ctx);
  if (strstr(ctx, "seat=") == NULL)
    snprintf(text + n, sizeof text - n, " seat=%c",
             "ESWN"[mj_game_seat_wind(g, p) & 3]);
  mj_error e;
  mj_status st = mj_hand_parse(*hb, text, strlen(text), &e);
  if (st == MJ_OK)
    st = mj_score_hand(mj_game_rules(g), *hb, *sb, &e);
  if (st == MJ_ERULES)
    return fail(L, &e);
  if (st != MJ_OK) {
    lua_pushnil(L);
    lua_pushstring(L, e.msg);
    return 2;
  }
  lua_pushinteger(L, ((mj_score *)*sb)->total);
  mj_lua_push_hits(L, mj_game_rules(g), *sb, true);
  return 2;
}

int mj_lua_push_discards(lua_State *L, const mj_game *g, int p)
{
  const mj_tile *d;
  const uint8_t *taken;
  int n = mj_game_discards(g, p, &d, &taken), k = 0;
  char b[256];
  mj_tiles_print_ordered(d, n, b, sizeof b);
  for (int i = 0; i < n; i++)
    k += taken[i] != 0;
  lua_pushstring(L, b);
  lua_pushinteger(L, k);
  return 2;
}

static int f_discards(lua_State *L)
{
  mj_game *g = checkg(L);
  return mj_lua_push_discards(L, g, checkseat(L, 2));
}

static int f_wall_left(lua_State *L)
{
  lua_pushinteger(L, mj_game_wall_left(checkg(L)));
  return 1;
}

static const char *const ev_names[] = {
#define MJ_EV_NAME(k, name, words) name,
  MJ_EVENTS(MJ_EV_NAME)
#undef MJ_EV_NAME
};
_Static_assert(sizeof ev_names / sizeof ev_names[0] == MJ_EV_COUNT,
               "a name for every event");

void mj_lua_push_event(lua_State *L, const mj_event *e)
{
  lua_createtable(L, 0, 4);
  lua_pushstring(L, e->type < MJ_EV_COUNT ? ev_names[e->type] : "?");
  lua_setfield(L, -2, "type");
  if (e->player >= 0) {
    lua_pushinteger(L, e->player + 1);
    lua_setfield(L, -2, "player");
  }
  if (e->from >= 0) {
    lua_pushinteger(L, e->from + 1);
    lua_setfield(L, -2, "from");
  }
  if (e->tile != MJ_NO_TILE) {
    char b[4];
    lua_pushstring(L, mj_tile_str(e->tile, b));
    lua_setfield(L, -2, "tile");
  }
}

void mj_lua_push_event_texts(lua_State *L, const mj_game *g)
{
  static const char *const names[4] = { "1", "2", "3", "4" };
  int n = mj_game_nevents(g);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    char b[128];
    mj_event_print(g, mj_game_event(g, i), names, -1, b, sizeof b);
    lua_pushstring(L, b);
    lua_rawseti(L, -2, i + 1);
  }
}

int mj_lua_event_at(lua_State *L, const mj_game *g, int idx)
{
  lua_Integer i = luaL_checkinteger(L, idx);
  if (i < 1 || i > mj_game_nevents(g))
    return 0;
  mj_lua_push_event(L, mj_game_event(g, (int)i - 1));
  return 1;
}

/* g:nevents() -> the number of events; g:event(i) -> { type, player,
   tile, from } (seats 1..4); g:events() -> their texts. The same three
   in hooks and in scripts. */
static int f_nevents(lua_State *L)
{
  lua_pushinteger(L, mj_game_nevents(checkg(L)));
  return 1;
}

static int f_event(lua_State *L)
{
  return mj_lua_event_at(L, checkg(L), 2);
}

static int f_events(lua_State *L)
{
  mj_lua_push_event_texts(L, checkg(L));
  return 1;
}

/* The state named by argument idx: its index (an error names those
   declared). */
static int checkstate(lua_State *L, mj_game *g, int idx)
{
  const char *name = luaL_checkstring(L, idx);
  int i = mj_game_state_find(g, name, -1);
  if (i < 0) {
    const mj_table *t = mj_rules_ctable(mj_game_rules(g));
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int k = 0; k < t->nstates; k++) {
      luaL_addstring(&b, k ? ", " : "");
      luaL_addstring(&b, t->states[k].name);
    }
    luaL_pushresult(&b);
    luaL_error(L, _("no state '%s' (R.state declares: %s)"), name,
               t->nstates ? lua_tostring(L, -1) : "none");
  }
  return i;
}

/* g:get(p, name) -> the state's number (a flag: true or false) */
static int f_get(lua_State *L)
{
  mj_game *g = checkg(L);
  int p = checkseat(L, 2), i = checkstate(L, g, 3);
  int v = mj_game_state(g, p, i);
  if (mj_rules_ctable(mj_game_rules(g))->states[i].flag)
    lua_pushboolean(L, v != 0);
  else
    lua_pushinteger(L, v);
  return 1;
}

/* g:set(p, name, v): v a number 0..30000, or true/false */
/* The index of the match number named at idx, or an error. */
static int checkmatch(lua_State *L, const mj_game *g, int idx)
{
  const char *name = luaL_checkstring(L, idx);
  int k = mj_rules_find_match_state(mj_game_rules(g), name);
  if (k < 0)
    return luaL_error(L, _("no match state '%s' (R.match_state names them)"),
                      name);
  return k;
}

static int f_match_get(lua_State *L)
{
  mj_game *g = checkg(L);
  lua_pushinteger(L, mj_game_match_state(g)[checkmatch(L, g, 2)]);
  return 1;
}

static int f_match_set(lua_State *L)
{
  mj_game *g = checkg(L);
  int k = checkmatch(L, g, 2);
  lua_Integer v = luaL_checkinteger(L, 3);
  mj_error e;
  if (v < 0 || v > MJ_MATCH_STATE_MAX)
    return luaL_error(L, _("a match state is 0..30000, not %I"), v);
  if (mj_game_set_match_state(g, k, (int)v, &e) != MJ_OK)
    return fail(L, &e);
  return 0;
}

static int f_set(lua_State *L)
{
  mj_game *g = checkg(L);
  int p = checkseat(L, 2), i = checkstate(L, g, 3);
  lua_Integer v;
  if (lua_type(L, 4) == LUA_TBOOLEAN)
    v = lua_toboolean(L, 4);
  else
    v = luaL_checkinteger(L, 4);
  mj_error e;
  if (v < 0 || v > 30000)
    return luaL_error(L, _("a state is 0..30000 (or true/false), not %I"), v);
  if (mj_game_set_state(g, p, i, (int)v, &e) != MJ_OK)
    return fail(L, &e);
  return 0;
}

static mj_tile checktile(lua_State *L, int idx)
{
  size_t n;
  const char *s = luaL_checklstring(L, idx, &n);
  mj_tile t;
  mj_error e;
  if (mj_tile_parse(s, n, &t, &e) != MJ_OK || t >= MJ_KINDS)
    luaL_error(L, _("bad tile '%s': %s"), s, e.msg);
  return t;
}

/* g:is_wild(tile) */
static int f_is_wild(lua_State *L)
{
  mj_game *g = checkg(L);
  mj_tile t = checktile(L, 2);
  lua_pushboolean(L, (mj_game_wild(g) & MJ_BIT(t)) != 0);
  return 1;
}

/* g:count(p, tile) -> copies of tile in p's concealed hand;
   g:count(p, "wild") -> wild tiles there */
static int f_count(lua_State *L)
{
  mj_game *g = checkg(L);
  int p = checkseat(L, 2);
  const uint8_t *c = mj_hand_counts(mj_game_hand(g, p));
  int n = 0;
  if (lua_type(L, 3) == LUA_TSTRING && strcmp(lua_tostring(L, 3), "wild") == 0) {
    mj_tileset w = mj_game_wild(g);
    for (int t = 0; t < MJ_KINDS; t++)
      if (w & MJ_BIT(t))
        n += c[t];
  } else {
    n = c[checktile(L, 3)];
  }
  lua_pushinteger(L, n);
  return 1;
}

/* g:wild_single(p [, tile]): p's hand (without tile) is one lone wild and
   complete melds: any tile makes the pair (宝吊头) */
static int f_wild_single(lua_State *L)
{
  mj_game *g = checkg(L);
  int p = checkseat(L, 2);
  mj_tileview v;
  mj_tileview_init(&v, mj_game_hand(g, p), mj_game_wild(g));
  if (!lua_isnoneornil(L, 3)) {
    mj_tile t = checktile(L, 3);
    if (mj_hand_counts(mj_game_hand(g, p))[t] == 0)
      return luaL_error(L, _("seat %d holds no %s"), p + 1, lua_tostring(L, 3));
    mj_tileview_remove(&v, t);
  }
  lua_pushboolean(L, mj_wild_single(&v));
  return 1;
}

/* g:turn_tiles(n) -> { "2s", "9m" }: tiles turned up from the head of
   the wall (the reserve kept for them), shown to all */
static int f_turn_tiles(lua_State *L)
{
  mj_game *g = checkg(L);
  lua_Integer n = luaL_checkinteger(L, 2);
  mj_tile t[16];
  int got;
  mj_error e;
  if (n < 0 || n > 16)
    return luaL_error(L, _("turn 0..16 tiles, not %I"), n);
  if (mj_game_turn_tiles(g, (int)n, t, &got, &e) != MJ_OK)
    return fail(L, &e);
  lua_createtable(L, got, 0);
  for (int i = 0; i < got; i++) {
    char b[4];
    lua_pushstring(L, mj_tile_str(t[i], b));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* g:turned_for(i, p): the i-th tile turned this hand names seat p */
static int f_show(lua_State *L)
{
  mj_game *g = checkg(L);
  int p = checkseat(L, 2);
  size_t n;
  const char *text = luaL_checklstring(L, 3, &n);
  mj_tile t[MJ_MAX_CONCEALED];
  int k = 0;
  mj_error e;
  if (mj_tiles_parse(text, n, 1, false, t, NULL, MJ_MAX_CONCEALED, &k, &e) !=
      MJ_OK)
    return luaL_error(L, _("g:show: '%s': %s"), text, e.msg);
  if (mj_game_show(g, p, t, k, &e) != MJ_OK)
    return fail(L, &e);
  return 0;
}

static int f_turned_for(lua_State *L)
{
  mj_game *g = checkg(L);
  lua_Integer i = luaL_checkinteger(L, 2);
  int p = checkseat(L, 3);
  mj_error e;
  if (i < 1 || i > 1000)
    return luaL_error(L, _("no turned tile %I this hand"), i);
  if (mj_game_turned_for(g, (int)i - 1, p, &e) != MJ_OK)
    return fail(L, &e);
  return 0;
}

/* g:pay_each(payee, amount, reason): each other player still in pays
** payee (a kong's money, a self-draw); returns how many paid. */
static int f_pay_each(lua_State *L)
{
  mj_game *g = checkg(L);
  int b = checkseat(L, 2);
  lua_Integer n = luaL_checkinteger(L, 3);
  const char *why = luaL_checkstring(L, 4);
  if (n < 1 || n > 1000000)
    return luaL_error(L, _("a payment's amount is 1..1000000, not %I"), n);
  int paid = 0;
  for (int a = 0; a < mj_game_players(g); a++) {
    mj_error e;
    int i;
    if (a == b || !mj_game_active(g, a))
      continue;
    if (mj_game_pay(g, a, b, (int)n, why, &i, &e) != MJ_OK)
      return fail(L, &e);
    paid++;
  }
  lua_pushinteger(L, paid);
  return 1;
}

static const luaL_Reg methods[] = {
#define MJ_FLOW_REG(name, call, words) { #name, f_##name },
  MJ_FLOW_METHODS(MJ_FLOW_REG)
#undef MJ_FLOW_REG
  { NULL, NULL }
};

void mj_lua_push_ledger(lua_State *L, const mj_game *g)
{
  const mj_payment *l;
  int n = mj_game_ledger(g, &l);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_createtable(L, 0, 8);
    if (l[i].payer == MJ_POT)
      lua_pushliteral(L, "pot");
    else
      lua_pushinteger(L, l[i].payer + 1);
    lua_setfield(L, -2, "payer");
    if (l[i].payee == MJ_POT)
      lua_pushliteral(L, "pot");
    else
      lua_pushinteger(L, l[i].payee + 1);
    lua_setfield(L, -2, "payee");
    lua_pushinteger(L, l[i].amount);
    lua_setfield(L, -2, "amount");
    lua_pushstring(L, mj_game_reason(g, l[i].reason));
    lua_setfield(L, -2, "reason");
    lua_pushinteger(L, l[i].event + 1);
    lua_setfield(L, -2, "event");
    lua_pushboolean(L, (l[i].flags & MJ_PAY_MOVED) != 0);
    lua_setfield(L, -2, "moved");
    lua_pushboolean(L, (l[i].flags & MJ_PAY_REFUNDED) != 0);
    lua_setfield(L, -2, "refunded");
    if (l[i].of >= 0) {
      lua_pushinteger(L, l[i].of + 1);
      lua_setfield(L, -2, "of");
    }
    lua_rawseti(L, -2, i + 1);
  }
}

/* Registry refs of the builder's hooks; the bits of those present. */
unsigned mj_lua_flow_refs(lua_State *L, int builder, int refs[MJ_HOOK_COUNT],
                          mj_error *err)
{
  unsigned bits = 0;
  for (int h = 0; h < MJ_HOOK_COUNT; h++) {
    refs[h] = LUA_NOREF;
    lua_getfield(L, builder, hook_fields[h]);
    if (lua_type(L, -1) == LUA_TFUNCTION) {
      refs[h] = luaL_ref(L, LUA_REGISTRYINDEX);
      bits |= 1u << h;
    } else if (!lua_isnil(L, -1)) {
      mj_fail(err, MJ_EINVAL, 0, "%s must be a function", hook_fields[h]);
      lua_pop(L, 1);
      return ~0u;
    } else {
      lua_pop(L, 1);
    }
  }
  return bits;
}

/* call_hook(ev, ref): the hook called with the game's handle and the
   event: a table, or the seat and the tile (draw, discard, decline), or
   nothing (start). The handle is made here, inside the protected call
   (it allocates); it answers only while vm->flow_serial is its own. */
static int call_hook(lua_State *L)
{
  const mj_flow_ev *ev = lua_touserdata(L, 1);
  mj_vm *vm = mj_vm_of(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, (int)lua_tointeger(L, 2));
  flowgame *f = lua_newuserdatauv(L, sizeof *f, 0);
  f->serial = vm->flow_serial;
  if (luaL_getmetatable(L, FLOWGAME) == LUA_TNIL) {
    lua_pop(L, 1);
    luaL_newmetatable(L, FLOWGAME);
    luaL_newlibtable(L, methods);
    lua_pushvalue(L, -2);
    luaL_setfuncs(L, methods, 1);
    lua_setfield(L, -2, "__index");
    lua_pushliteral(L, "game");
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, -2);
  char b[4];
  switch (ev->hook) {
  case MJ_HOOK_START:
    lua_call(L, 1, 1);
    return 1;
  case MJ_HOOK_DRAW:
  case MJ_HOOK_DISCARD:
  case MJ_HOOK_DECLINE:
    lua_pushinteger(L, ev->player + 1);
    lua_pushstring(L, mj_tile_str(ev->tile, b));
    lua_call(L, 3, 1);
    return 1;
  case MJ_HOOK_CAN_DECLARE:
  case MJ_HOOK_DECLARE:
    lua_pushinteger(L, ev->player + 1);
    lua_pushstring(L, mj_game_decl(vm->flow_game, ev->kind)->name);
    lua_call(L, 3, 1);
    return 1;
  default:
    break;
  }
  lua_createtable(L, 0, 6);
  switch (ev->hook) {
  case MJ_HOOK_KONG: {
    static const char *const kinds[] = { "exposed", "added", "concealed" };
    lua_pushinteger(L, ev->player + 1);
    lua_setfield(L, -2, "player");
    lua_pushstring(L, kinds[ev->kind % 3]);
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, mj_tile_str(ev->tile, b));
    lua_setfield(L, -2, "tile");
    if (ev->from >= 0) {
      lua_pushinteger(L, ev->from + 1);
      lua_setfield(L, -2, "from");
    }
    break;
  }
  case MJ_HOOK_WIN:
  case MJ_HOOK_WINNING: {
    lua_createtable(L, ev->nwin, 0);
    for (int k = 0; k < ev->nwin; k++) {
      lua_pushinteger(L, ev->winners[k] + 1);
      lua_rawseti(L, -2, k + 1);
    }
    lua_setfield(L, -2, "winners");
    if (ev->from >= 0) {
      lua_pushinteger(L, ev->from + 1);
      lua_setfield(L, -2, "payer");
    }
    lua_pushstring(L, mj_tile_str(ev->tile, b));
    lua_setfield(L, -2, "tile");
    break;
  }
  default:
    break;
  }
  lua_call(L, 2, 1);
  return 1;
}

mj_status mj_lua_flow(mj_entry *e, const int refs[MJ_HOOK_COUNT], mj_game *g,
                      const mj_flow_ev *ev, int *answer, mj_error *err)
{
  lua_State *L = e->vm->L;
  if (ev->hook >= MJ_HOOK_COUNT || refs[ev->hook] == LUA_NOREF)
    return MJ_OK;
  if (!lua_checkstack(L, 8))
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  mj_vm *vm = e->vm;
  mj_game *saved = vm->flow_game;
  unsigned saved_serial = vm->flow_serial;
  vm->flow_game = g;
  vm->flow_serial = ++vm->flow_serials;
  lua_pushcfunction(L, call_hook);
  lua_pushlightuserdata(L, (void *)ev);
  lua_pushinteger(L, refs[ev->hook]);
  int st = mj_lua_call(vm, 2, 1, e->host->cfg.call_budget, 0,
                       e->host->cfg.call_seconds, false, err);
  /* a handle kept past the hook refuses: its serial is gone */
  vm->flow_game = saved;
  vm->flow_serial = saved_serial;
  if (st != LUA_OK) {
    char msg[sizeof err->msg];
    snprintf(msg, sizeof msg, "%s: %.460s", hook_fields[ev->hook], err->msg);
    memcpy(err->msg, msg, sizeof msg);
    return MJ_ERULES;
  }
  mj_status rs = MJ_OK;
  bool yes_no = ev->hook == MJ_HOOK_CAN_DECLARE;
  if (answer != NULL && (yes_no || ev->hook == MJ_HOOK_DEALER)) {
    int v = -1;
    if (yes_no && (lua_isboolean(L, -1) || lua_isnil(L, -1)))
      v = lua_toboolean(L, -1);
    else if (!yes_no && lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 &&
             lua_tointeger(L, -1) <= mj_game_players(g))
      v = (int)lua_tointeger(L, -1) - 1;
    if (!yes_no && lua_isnil(L, -1)) {
      /* nil: the table rule chooses (*answer untouched) */
    } else if (v >= 0) {
      *answer = v;
    } else {          /* named where the hook is defined */
      lua_Debug ar;
      lua_rawgeti(L, LUA_REGISTRYINDEX, refs[ev->hook]);
      bool at = lua_getinfo(L, ">S", &ar) && ar.linedefined > 0;
      rs = mj_fail(err, MJ_ERULES, 0, "%s (%s:%d) must return %s, not %s",
                   hook_fields[ev->hook], at ? ar.short_src : "?",
                   at ? ar.linedefined : 0,
                   yes_no ? "true or false" : "a seat 1..4 (or nil)",
                   luaL_typename(L, -1));
    }
  }
  lua_pop(L, 1);
  return rs;
}
