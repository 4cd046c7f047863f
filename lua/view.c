/*
** view.c
** A reading of a hand (mj_view, what a fan's test sees) as a Lua table,
** and the two setters every table maker of lua/ uses.
*/
#include <stdbool.h>

#include <lauxlib.h>
#include <lua.h>

#include "bind.h"
#include "host_int.h"
#include "score.h"

static const char *const group_names[] = { "chow",           "pung", "kong",
                                           "concealed_kong", "pair", "knitted",
                                           "single" };

static const char *wait_name(int w)
{
  switch (w) {
  case MJ_WAIT_EDGE: return "edge";
  case MJ_WAIT_CLOSED: return "closed";
  case MJ_WAIT_SINGLE: return "single";
  case MJ_WAIT_SIDES: return "two_sided";
  case MJ_WAIT_PUNG: return "pung";
  default: return "none";
  }
}

void mj_lua_setbool(lua_State *L, const char *k, bool v)
{
  lua_pushboolean(L, v);
  lua_setfield(L, -2, k);
}

void mj_lua_setint(lua_State *L, const char *k, lua_Integer v)
{
  lua_pushinteger(L, v);
  lua_setfield(L, -2, k);
}

/*
** The view is lazy: a test reads a few of its fields, and making all of
** them (some twenty tables) cost a test call most of its time. The
** table starts empty; its metatable's __index makes a field when first
** read, from a copy of the reading (so a view kept past its test still
** reads right), and keeps it in the table; __pairs makes them all.
*/
typedef struct view_box {
  mj_view v;
  mj_decomp d;
  mj_ctx cx;
  bool has_d;
} view_box;

#define VIEW_FIELDS(X)                                                       \
  X(SHAPE, "shape") X(GROUPS, "groups") X(PAIR, "pair") X(TILES, "tiles")    \
  X(WIN, "win") X(SELF, "self") X(LAST, "last") X(WALL_LAST, "wall_last")    \
  X(KONG, "kong") X(ROB, "rob") X(FIRST, "first") X(TOUJI, "touji")          \
  X(JIEBAO, "jiebao") X(SIBAO, "sibao") X(KAIGANG, "kaigang")                \
  X(QISHOU, "qishou") X(RIICHI, "riichi") X(DOUBLE, "double")                \
  X(IPPATSU, "ippatsu") X(SEAT, "seat") X(ROUND, "round")                    \
  X(FLOWERS, "flowers") X(FEIBAO, "feibao") X(QUE, "que") X(GUI, "gui")      \
  X(HORSES, "horses") X(STREAK, "streak") X(NIAO, "niao") X(HONBA, "honba")  \
  X(FLOWER_TILES, "flower_tiles") X(SEAT_FLOWERS, "seat_flowers")            \
  X(WORDS, "words") X(DORA, "dora") X(URA, "ura") X(REDS, "reds")            \
  X(CHOWS, "chows") X(PUNGS, "pungs") X(KONGS, "kongs")                      \
  X(CPUNGS, "concealed_pungs") X(CKONGS, "concealed_kongs")                  \
  X(EKONGS, "exposed_kongs") X(WILDS, "wilds") X(EXPOSED, "exposed")         \
  X(DECLARED, "declared") X(WILD_ACTING, "wild_acting")                      \
  X(WILD_SINGLE, "wild_single") X(WAIT, "wait")

#define VF_ENUM(k, name) VF_##k,
enum { VIEW_FIELDS(VF_ENUM) VF_COUNT };
#undef VF_ENUM
#define VF_NAME(k, name) name,
static const char *const field_names[VF_COUNT] = { VIEW_FIELDS(VF_NAME) };
#undef VF_NAME

/* The n tiles at t as a list of their names. */
static void push_tile_list(lua_State *L, const mj_tile *t, int n)
{
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushstring(L, mj_tile_code(t[i]));
    lua_rawseti(L, -2, i + 1);
  }
}

static void push_groups(lua_State *L, const view_box *x)
{
  int n = x->has_d ? x->d.ngroups : 0;
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    const mj_group *g = &x->d.groups[i];
    lua_createtable(L, 0, 5);
    lua_pushstring(L, group_names[g->type % 7]);
    lua_setfield(L, -2, "type");
    lua_pushstring(L, mj_tile_code(g->tile));
    lua_setfield(L, -2, "tile");
    mj_lua_setbool(L, "declared", g->declared);
    mj_lua_setbool(L, "exposed", g->exposed);
    mj_lua_setbool(L, "concealed", x->v.concealed[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

/* Every tile's count, by name ({ ["1m"] = 3, ... }). */
static void push_counts(lua_State *L, const mj_view *v)
{
  int n = 0;
  for (int k = 0; k < MJ_KINDS; k++)
    n += v->cnt[k] != 0;
  lua_createtable(L, 0, n);
  for (int k = 0; k < MJ_KINDS; k++)
    if (v->cnt[k]) {
      lua_pushinteger(L, v->cnt[k]);
      lua_setfield(L, -2, mj_tile_code((mj_tile)k));
    }
}

static const unsigned flag_of[] = {
  [VF_SELF] = MJ_CTX_SELF, [VF_LAST] = MJ_CTX_LAST,
  [VF_WALL_LAST] = MJ_CTX_WALL_LAST, [VF_KONG] = MJ_CTX_KONG,
  [VF_ROB] = MJ_CTX_ROB, [VF_FIRST] = MJ_CTX_FIRST, [VF_TOUJI] = MJ_CTX_TOUJI,
  [VF_JIEBAO] = MJ_CTX_JIEBAO, [VF_SIBAO] = MJ_CTX_SIBAO,
  [VF_KAIGANG] = MJ_CTX_KAIGANG, [VF_QISHOU] = MJ_CTX_QISHOU,
  [VF_RIICHI] = MJ_CTX_RIICHI, [VF_DOUBLE] = MJ_CTX_DOUBLE,
  [VF_IPPATSU] = MJ_CTX_IPPATSU,
};

/* Field f of the view pushed; false (nothing pushed) when it is nil. */
static bool push_field(lua_State *L, const view_box *x, int f)
{
  static const char winds[] = "ESWN";
  const mj_view *v = &x->v;
  const mj_ctx *cx = &x->cx;
  mj_tile t[MJ_KINDS];
  int n = 0;
  if (f >= VF_SELF && f <= VF_IPPATSU) {
    lua_pushboolean(L, (v->flags & flag_of[f]) != 0);
    return true;
  }
  switch (f) {
  case VF_SHAPE: lua_pushstring(L, mj_shape_name((mj_shape)v->shape)); break;
  case VF_GROUPS: push_groups(L, x); break;
  case VF_PAIR:
    if (v->pair < 0)
      return false;
    lua_pushstring(L, mj_tile_code((mj_tile)v->pair));
    break;
  case VF_TILES: push_counts(L, v); break;
  case VF_WIN:          /* none when the dealt tiles are judged */
    if (v->win >= MJ_KINDS)
      return false;
    lua_pushstring(L, mj_tile_code(v->win));
    break;
  case VF_SEAT: lua_pushlstring(L, &winds[v->seat & 3], 1); break;
  case VF_ROUND: lua_pushlstring(L, &winds[v->round & 3], 1); break;
  case VF_FLOWERS: lua_pushinteger(L, v->flowers); break;
  case VF_FEIBAO: lua_pushinteger(L, v->feibao); break;
  case VF_QUE:
    if (cx->que == 0xff)
      return false;
    lua_pushlstring(L, &"mps"[cx->que % 3], 1);
    break;
  case VF_GUI:
    for (int k = 0; k < MJ_KINDS; k++)
      if (cx->gui & MJ_BIT(k))
        t[n++] = (mj_tile)k;
    push_tile_list(L, t, n);
    break;
  case VF_HORSES: lua_pushinteger(L, cx->horses); break;
  case VF_STREAK: lua_pushinteger(L, cx->streak); break;
  case VF_NIAO: lua_pushinteger(L, cx->niao); break;
  case VF_HONBA: lua_pushinteger(L, cx->honba); break;
  case VF_FLOWER_TILES:   /* the flowers held, by identity */
    for (int k = 0; k < 8; k++)
      if (cx->flower_set >> k & 1)
        t[n++] = (mj_tile)(MJ_FLOWER0 + k);
    push_tile_list(L, t, n);
    break;
  case VF_SEAT_FLOWERS: lua_pushinteger(L, mj_ctx_seat_flowers(cx)); break;
  case VF_WORDS:          /* the ruleset's own words */
    lua_createtable(L, 0, cx->nwords);
    for (int i = 0; i < cx->nwords; i++)
      mj_lua_setint(L, cx->words[i].name, cx->words[i].value);
    break;
  case VF_DORA: push_tile_list(L, cx->dora, cx->ndora); break;
  case VF_URA: push_tile_list(L, cx->ura, cx->nura); break;
  case VF_REDS: lua_pushinteger(L, v->reds); break;
  case VF_CHOWS: lua_pushinteger(L, v->chows); break;
  case VF_PUNGS: lua_pushinteger(L, v->pungs); break;
  case VF_KONGS: lua_pushinteger(L, v->kongs); break;
  case VF_CPUNGS: lua_pushinteger(L, v->cpungs); break;
  case VF_CKONGS: lua_pushinteger(L, v->ckongs); break;
  case VF_EKONGS: lua_pushinteger(L, v->ekongs); break;
  case VF_WILDS: lua_pushinteger(L, v->wilds); break;
  case VF_EXPOSED: lua_pushinteger(L, v->exposed); break;
  case VF_DECLARED: lua_pushinteger(L, v->declared); break;
  case VF_WILD_ACTING: lua_pushboolean(L, v->wild_acting); break;
  case VF_WILD_SINGLE: lua_pushboolean(L, v->wild_single); break;
  case VF_WAIT: lua_pushstring(L, wait_name(v->wait)); break;
  default: return false;
  }
  return true;
}

/* The names' table (name -> field + 1), made once per state. */
static char names_key;

static void push_names(lua_State *L)
{
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &names_key) == LUA_TTABLE)
    return;
  lua_pop(L, 1);
  lua_createtable(L, 0, VF_COUNT);
  for (int f = 0; f < VF_COUNT; f++) {
    lua_pushinteger(L, f + 1);
    lua_setfield(L, -2, field_names[f]);
  }
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &names_key);
}

/* __index(view, key) and __pairs(view) in one: upvalue 1 the box, 2 the
   names. A field made is kept in the view. */
static int view_meta(lua_State *L)
{
  const view_box *x = lua_touserdata(L, lua_upvalueindex(1));
  if (lua_gettop(L) == 1) {          /* __pairs: every field, then next */
    luaL_checkstack(L, 8, "view");
    for (int f = 0; f < VF_COUNT; f++) {
      lua_pushstring(L, field_names[f]);
      if (lua_rawget(L, 1) == LUA_TNIL && push_field(L, x, f)) {
        lua_pushstring(L, field_names[f]);
        lua_insert(L, -2);
        lua_rawset(L, 1);
      }
      lua_settop(L, 1);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_getfield(L, -1, "next");
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
  }
  if (lua_type(L, 2) != LUA_TSTRING)
    return 0;
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNUMBER)
    return 0;
  int f = (int)lua_tointeger(L, -1) - 1;
  lua_pop(L, 1);
  if (!push_field(L, x, f))
    return 0;
  lua_pushvalue(L, 2);
  lua_pushvalue(L, -2);
  lua_rawset(L, 1);
  return 1;
}

void mj_lua_push_view(lua_State *L, const mj_view *v)
{
  luaL_checkstack(L, 10, "view");
  lua_createtable(L, 0, 4);
  view_box *x = lua_newuserdatauv(L, sizeof *x, 0);
  x->v = *v;
  x->has_d = v->d != NULL;
  if (x->has_d)
    x->d = *v->d;
  x->cx = *mj_hand_cctx(v->hand);
  x->v.d = NULL;
  x->v.hand = NULL;
  lua_createtable(L, 0, 2);
  lua_insert(L, -2);
  push_names(L);
  lua_pushcclosure(L, view_meta, 2);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "__index");
  lua_setfield(L, -2, "__pairs");
  lua_setmetatable(L, -2);
}

/* A fan as { id, en }, and the fans a score counted as a list of
   { id, en, count, value } (by_id: each under its id too). */
void mj_lua_push_fan(lua_State *L, const mj_fan_def *f)
{
  lua_createtable(L, 0, 4);
  lua_pushstring(L, f->id);
  lua_setfield(L, -2, "id");
  if (f->en) {
    lua_pushstring(L, f->en);
    lua_setfield(L, -2, "en");
  }
}

void mj_lua_push_hits(lua_State *L, const mj_rules *r, const mj_score *s,
                      bool by_id)
{
  lua_createtable(L, s->nhits, by_id ? s->nhits : 0);
  for (int i = 0; i < s->nhits; i++) {
    const mj_fan_def *f = mj_rules_fan(r, s->hits[i].fan);
    mj_lua_push_fan(L, f);
    mj_lua_setint(L, "count", s->hits[i].count);
    mj_lua_setint(L, "value", s->hits[i].value);
    if (by_id) {
      lua_pushvalue(L, -1);
      lua_setfield(L, -3, f->id);
    }
    lua_rawseti(L, -2, i + 1);
  }
}
