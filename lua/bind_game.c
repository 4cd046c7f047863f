/*
** bind_game.c
** Lua binding of core/table/game.h and core/bots/bot.h for scenario scripts:
** mj.game{...} deals a hand (on a shuffled wall, or on hands and draws
** the script gives), and the methods of mj.game values play it, ask about
** it and save it. Players are numbered 1..4 (1 is East when player 1
** deals); "E", "S", "W", "N" name them too.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "i18n.h"
#include "action.h"
#include "bind.h"
#include "game_methods.h"
#include "bot.h"
#include "fileio.h"
#include "game.h"
#include "host_int.h"
#include "replay.h"
#include "text.h"

#define GAME_MT "mj.game"

typedef struct lgame {
  mj_game *g;
  mj_host *host;       /* holds the game's ruleset (mj_host_hold) */
  mj_bot *bots[4];
} lgame;

static lgame *checkgame(lua_State *L, int idx)
{
  lgame *x = luaL_checkudata(L, idx, GAME_MT);
  if (x->g == NULL)
    luaL_argerror(L, idx, _("a freed game"));
  return x;
}

/* A player of a table of n: 1..n or a seat letter. [-0, +0, v] */
static int checkplayer_of(lua_State *L, int idx, int n)
{
  if (lua_type(L, idx) == LUA_TSTRING) {
    const char *s = lua_tostring(L, idx);
    const char *p = strchr("ESWN", s[0]);
    if (s[0] != '\0' && s[1] == '\0' && p != NULL && p - "ESWN" < n)
      return (int)(p - "ESWN");
  } else {
    lua_Integer p = luaL_checkinteger(L, idx);
    if (p >= 1 && p <= n)
      return (int)p - 1;
  }
  return luaL_argerror(L, idx, lua_pushfstring(L, _("a player is 1..%d or "
                       "one of the seat letters %s"), n,
                       n == 2 ? "E, S" : n == 3 ? "E, S, W" : "E, S, W, N"));
}

/* A player of the game at 1. */
static int checkplayer(lua_State *L, int idx)
{
  return checkplayer_of(L, idx, mj_game_players(checkgame(L, 1)->g));
}

static void free_bots(lgame *x)
{
  for (int p = 0; p < 4; p++) {
    mj_bot_free(x->bots[p]);
    x->bots[p] = NULL;
  }
}

static int g_gc(lua_State *L)
{
  lgame *x = luaL_checkudata(L, 1, GAME_MT);
  const mj_rules *r = x->g != NULL ? mj_game_rules(x->g) : NULL;
  mj_game_free(x->g);   /* before its ruleset may go */
  x->g = NULL;
  if (r != NULL && x->host != NULL)
    mj_host_release(x->host, r);
  free_bots(x);
  return 0;
}

/* Tiles of field k of table t, parsed (0m 0p 0s: red fives, flagged in
   red), appended to out. [-0, +0, v] */
static int get_tiles(lua_State *L, int t, const char *k, mj_tile *out,
                     uint8_t *red, int max)
{
  lua_getfield(L, t, k);
  int n = 0;
  if (!lua_isnil(L, -1)) {
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    mj_error e;
    if (s == NULL)
      luaL_error(L, _("mj.game: '%s' must be tiles in notation"), k);
    if (mj_tiles_parse_red(s, len, 1, true, out, NULL, red, max, &n, &e) !=
        MJ_OK)
      luaL_error(L, _("mj.game: %s '%s': %s"), k, s, e.msg);
  }
  lua_pop(L, 1);
  return n;
}

static lua_Integer opt_field(lua_State *L, int t, const char *k,
                             lua_Integer def)
{
  lua_getfield(L, t, k);
  lua_Integer v = def;
  if (!lua_isnil(L, -1)) {
    int ok;
    v = lua_tointegerx(L, -1, &ok);
    if (!ok)
      luaL_error(L, _("mj.game: '%s' must be an integer"), k);
  }
  lua_pop(L, 1);
  return v;
}

/*
** mj.game{ ruleset=, seed=, dealer=, round=, dice=, hands={h1,h2,h3,h4},
** draws=, tail=, wall=, bots= } -> game
*/
/* The wall of hands={...} (dealt from the dealer on), draws= and tail=,
   the rest shuffled by the seed, into wall; cfg points at it. */
static void hands_wall(lua_State *L, const mj_table *tb, mj_game_cfg *cfg,
                       mj_tile wall[MJ_WALL_MAX], uint8_t wall_red[MJ_WALL_MAX])
{
  mj_tile head[MJ_WALL_MAX], tail[MJ_WALL_MAX];
  uint8_t head_red[MJ_WALL_MAX] = { 0 }, tail_red[MJ_WALL_MAX] = { 0 };
  int nh = 0;
  mj_error e;
  lua_getfield(L, 1, "hands");
  int ht = lua_gettop(L);
  if (!lua_istable(L, ht))
    luaL_error(L, _("mj.game: hands must be a list of %d hands, one a "
               "player"), tb->players);
  for (int k = 0; k < tb->players; k++) {
    int p = (cfg->dealer + k) % tb->players;
    lua_rawgeti(L, ht, p + 1);
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    int n = 0;
    if (s == NULL)
      luaL_error(L, _("mj.game: hands[%d] must be tiles in notation"), p + 1);
    if (mj_tiles_parse_red(s, len, 1, false, head + nh, NULL, head_red + nh,
                           tb->hand, &n, &e) != MJ_OK)
      luaL_error(L, _("mj.game: hands[%d] '%s': %s"), p + 1, s, e.msg);
    if (n != tb->hand)
      luaL_error(L, _("mj.game: hands[%d] has %d tiles, not %d"), p + 1, n,
                 tb->hand);
    nh += n;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  nh += get_tiles(L, 1, "draws", head + nh, head_red + nh, MJ_WALL_MAX - nh);
  int nt = get_tiles(L, 1, "tail", tail, tail_red, MJ_WALL_MAX);
  mj_rng rng;
  mj_rng_seed(&rng, cfg->seed);
  if (mj_wall_compose(wall, tb->set, head, nh, tail, nt, &rng, &e) != MJ_OK)
    luaL_error(L, _("mj.game: %s"), e.msg);
  cfg->wall = wall;
  cfg->wall_n = tb->tiles;
  /* the red fives named (0p) where they were given; the table's others
     among the shuffled fives */
  int quota[3];
  for (int su = 0; su < 3; su++)
    quota[su] = tb->red_suits >> su & 1 ? tb->red_fives : 0;
  memset(wall_red, 0, MJ_WALL_MAX);
  for (int i = 0; i < nh; i++)
    if (head_red[i] && head[i] < MJ_HONOR_FIRST)
      wall_red[i] = 1, quota[head[i] / 9]--;
  for (int i = 0; i < nt && i < tb->tiles; i++)
    if (tail_red[i] && tail[i] < MJ_HONOR_FIRST)
      wall_red[tb->tiles - 1 - i] = 1, quota[tail[i] / 9]--;
  bool any = tb->red_fives > 0;
  for (int i = 0; i < tb->tiles; i++)
    any = any || wall_red[i];
  for (int i = nh; i < tb->tiles - nt; i++)
    if (wall[i] < MJ_HONOR_FIRST && wall[i] % 9 == 4 && quota[wall[i] / 9]-- > 0)
      wall_red[i] = 1;
  cfg->wall_red = any ? wall_red : NULL;
}

/* seed, dealer, round, dice and streak of the table at 1 into cfg. */
static void game_numbers(lua_State *L, mj_game_cfg *cfg, int np)
{
  cfg->seed = (uint64_t)opt_field(L, 1, "seed", 1);
  lua_getfield(L, 1, "dealer");
  if (!lua_isnil(L, -1))
    cfg->dealer = checkplayer_of(L, lua_gettop(L), np);
  lua_pop(L, 1);
  cfg->round = (int)opt_field(L, 1, "round", 1) - 1;
  if (cfg->round < 0 || cfg->round > 3)
    luaL_error(L, _("mj.game: round is 1..4 (East..North)"));
  cfg->dice = (int)opt_field(L, 1, "dice", 0);
  if (cfg->dice < 0 || cfg->dice > 12)
    luaL_error(L, _("mj.game: dice is 2..12"));
  cfg->streak = (int)opt_field(L, 1, "streak", 0);
  if (cfg->streak < 0 || cfg->streak > 1000)
    luaL_error(L, _("mj.game: streak is 0..1000 (the dealer's wins in a row)"));
  cfg->honba = (int)opt_field(L, 1, "honba", 0);
  if (cfg->honba < 0 || cfg->honba > 1000)
    luaL_error(L, _("mj.game: honba is 0..1000"));
  cfg->pot = (int)opt_field(L, 1, "pot", 0);
  if (cfg->pot < 0 || cfg->pot > 1000000)
    luaL_error(L, _("mj.game: pot is 0..1000000 (the sticks on the table)"));
  lua_getfield(L, 1, "scores");
  if (!lua_isnil(L, -1)) {
    if (!lua_istable(L, -1) || lua_rawlen(L, -1) != (lua_Unsigned)np)
      luaL_error(L, _("mj.game: scores is a list of %d scores, one a "
                 "player"), np);
    for (int p = 0; p < np; p++) {
      lua_rawgeti(L, -1, p + 1);
      lua_Integer v = lua_tointeger(L, -1);
      if (!lua_isinteger(L, -1) || v < -1000000 || v > 1000000)
        luaL_error(L, _("mj.game: scores[%d] is a whole number "
                   "-1000000..1000000"), p + 1);
      cfg->scores[p] = (int)v;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

/* The fields of mj.game{...}: any other is refused, with the nearest
   (a misspelt seed would deal another hand than the one meant). */
static const char *const game_fields[] = {
  "ruleset", "seed", "dealer", "round", "dice", "streak", "honba", "pot",
  "scores", "hands", "draws", "tail", "wall", NULL
};

static void check_game_fields(lua_State *L)
{
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    lua_pop(L, 1);
    const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    const char *best = NULL;
    int bd = 3;
    for (int i = 0; game_fields[i]; i++) {
      if (k != NULL && strcmp(k, game_fields[i]) == 0)
        goto next;
      int d = k != NULL ? mj_text_distance(k, game_fields[i]) : 99;
      if (d < bd)
        bd = d, best = game_fields[i];
    }
    if (k == NULL)
      luaL_error(L, _("mj.game: unknown field (a %s key): the fields are "
                 "ruleset, seed, dealer, round, dice, streak, honba, pot, "
                 "scores, hands, draws, tail and wall"), luaL_typename(L, -1));
    if (best != NULL)
      luaL_error(L, _("mj.game: unknown field '%s'; did you mean '%s'?"), k, best);
    luaL_error(L, _("mj.game: unknown field '%s' (the fields are ruleset, seed, "
               "dealer, round, dice, streak, honba, pot, scores, hands, "
               "draws, tail and wall)"), k);
  next:;
  }
}

static int l_game(lua_State *L)
{
  luaL_checktype(L, 1, LUA_TTABLE);
  check_game_fields(L);
  lua_getfield(L, 1, "ruleset");
  const mj_rules *r = mj_lua_optrules(L, lua_gettop(L));
  lua_pop(L, 1);
  mj_game_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  game_numbers(L, &cfg, mj_rules_ctable(r)->players);
  mj_tile wall[MJ_WALL_MAX];
  uint8_t wall_red[MJ_WALL_MAX] = { 0 };
  lua_getfield(L, 1, "hands");
  bool hands = !lua_isnil(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, 1, "wall");
  bool given = !lua_isnil(L, -1);
  lua_pop(L, 1);
  if (given && hands)
    return luaL_error(L, _("mj.game: give either wall or hands, not both"));
  if (given) {
    cfg.wall_n = get_tiles(L, 1, "wall", wall, wall_red, MJ_WALL_MAX);
    cfg.wall = wall;
    bool any = mj_rules_ctable(r)->red_fives > 0;
    for (int i = 0; i < cfg.wall_n; i++)
      any = any || wall_red[i];
    cfg.wall_red = any ? wall_red : NULL;  /* the reds it names (0p) */
  } else if (hands) {
    hands_wall(L, mj_rules_ctable(r), &cfg, wall, wall_red);
  }
  lgame *x = lua_newuserdatauv(L, sizeof *x, 0);
  memset(x, 0, sizeof *x);
  luaL_setmetatable(L, GAME_MT);
  mj_error e;
  x->g = mj_game_new(r, &cfg, &e);
  if (x->g == NULL)
    return luaL_error(L, _("mj.game: %s"), e.msg);
  x->host = mj_host_of(L);
  mj_host_hold(x->host, r);
  return 1;
}

/* Apply the action text at 3 for the player at 2; false and err on a
   refusal. [-0, +0, v] */
static bool act_text(lua_State *L, mj_error *err)
{
  lgame *x = checkgame(L, 1);
  int p = checkplayer(L, 2);
  const char *text = luaL_checkstring(L, 3);
  mj_action a[8];
  int n;
  if (mj_action_parse_many(x->g, p, text, a, 8, &n, err) != MJ_OK)
    return false;
  for (int i = 0; i < n; i++)   /* "swap 1m2m3m": tried together first */
    if (mj_game_act(x->g, &a[i], err) != MJ_OK)
      return false;
  return true;
}

/* g:act(player, "d 5m") -> true, or raises with the legal actions */
static int g_act(lua_State *L)
{
  mj_error e;
  if (!act_text(L, &e))
    return luaL_error(L, _("player %d: %s"), checkplayer(L, 2) + 1, e.msg);
  lua_pushboolean(L, 1);
  return 1;
}

/* g:try(player, "d 5m") -> true, or false and the reason */
static int g_try(lua_State *L)
{
  mj_error e;
  if (!act_text(L, &e)) {
    lua_pushboolean(L, 0);
    lua_pushstring(L, e.msg);
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* g:legal(player) -> { "d 5m", ..., "hu" } */
static int g_legal(lua_State *L)
{
  lgame *x = checkgame(L, 1);
  int p = checkplayer(L, 2);
  mj_action l[MJ_MAX_LEGAL];
  int n = mj_game_legal(x->g, p, l, MJ_MAX_LEGAL);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    char b[48];
    mj_action_print_in(x->g, &l[i], b, sizeof b);
    lua_pushstring(L, b);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* g:can(player, "hu") -> whether the action is legal now */
static int g_can(lua_State *L)
{
  lgame *x = checkgame(L, 1);
  int p = checkplayer(L, 2);
  mj_action a;
  lua_pushboolean(
      L, mj_action_parse(x->g, p, luaL_checkstring(L, 3), &a, NULL) == MJ_OK);
  return 1;
}

/* g:pass() -> everyone who may claim the tile on offer passes */
static int g_pass(lua_State *L)
{
  lgame *x = checkgame(L, 1);
  unsigned w;
  /* claims and declarations let go; the turn and the offer of the last
     tile (a choice to make, not a tile to let pass) stop it */
  while (mj_game_phase(x->g) != MJ_PHASE_TURN &&
         mj_game_phase(x->g) != MJ_PHASE_OFFER && !mj_game_over(x->g) &&
         (w = mj_game_waiting(x->g)) != 0) {
    int p = __builtin_ctz(w);
    mj_action a = { MJ_ACT_PASS, (uint8_t)p, mj_game_pending(x->g, NULL), 0 };
    mj_error e;
    if (mj_game_act(x->g, &a, &e) != MJ_OK)
      return luaL_error(L, "%s", e.msg);
  }
  return 0;
}

/* The bots of g:play / g:step: one kind or four. [-0, +0, v] */
static void set_bots(lua_State *L, lgame *x, int idx)
{
  const char *kinds[4] = { "efficiency", "efficiency", "efficiency",
                           "efficiency" };
  if (lua_type(L, idx) == LUA_TSTRING) {
    for (int p = 0; p < 4; p++)
      kinds[p] = lua_tostring(L, idx);
  } else if (lua_istable(L, idx)) {
    int np = mj_game_players(x->g);
    for (int p = 0; p < np; p++) {
      lua_rawgeti(L, idx, p + 1);
      if (lua_type(L, -1) != LUA_TSTRING)
        luaL_error(L, _("bots: a list of %d bot kinds, one a player"), np);
      kinds[p] = lua_tostring(L, -1);
      lua_pop(L, 1);
    }
  } else if (!lua_isnoneornil(L, idx)) {
    luaL_argerror(L, idx, _("a bot kind or a list of four"));
  }
  /* all four made before any is replaced: a wrong kind changes nothing */
  mj_bot *made[4] = { NULL, NULL, NULL, NULL };
  mj_error e;
  for (int p = 0; p < 4; p++) {
    if (x->bots[p] != NULL && strcmp(mj_bot_kind(x->bots[p]), kinds[p]) == 0)
      continue;
    made[p] = mj_bot_make(kinds[p], mj_game_config(x->g)->seed * 4 + (uint64_t)p,
                          &e);
    if (made[p] == NULL) {
      for (int q = 0; q < p; q++)
        mj_bot_free(made[q]);
      luaL_error(L, _("bots: %s"), e.msg);
    }
    /* the same kind spelled otherwise (strong:caution=4.0): the seat's
       bot plays on */
    if (x->bots[p] != NULL &&
        strcmp(mj_bot_kind(x->bots[p]), mj_bot_kind(made[p])) == 0) {
      mj_bot_free(made[p]);
      made[p] = NULL;
    }
  }
  for (int p = 0; p < 4; p++)
    if (made[p] != NULL) {
      mj_bot_free(x->bots[p]);
      x->bots[p] = made[p];
    }
}

/* One decision by a bot; false when the game is over. */
static bool bot_step(lua_State *L, lgame *x)
{
  if (mj_game_over(x->g) || mj_game_waiting(x->g) == 0)
    return false;
  /* a decision costs about what a thousand instructions do: a script
     looping over whole hands meets its budget, and Ctrl-C, in time */
  mj_vm_charge(mj_vm_of(L), L, 1000);
  mj_error e;
  int p = __builtin_ctz(mj_game_waiting(x->g));
  if (mj_bot_step(x->g, x->bots, p, &e) != MJ_OK)
    luaL_error(L, _("bot %d: %s"), p + 1, e.msg);
  return true;
}

/* g:play([bots]) -> plays to the end of the hand */
static int g_play(lua_State *L)
{
  lgame *x = checkgame(L, 1);
  set_bots(L, x, 2);
  for (int n = 0; bot_step(L, x); n++)
    if (n == MJ_MAX_DECISIONS)
      return luaL_error(L, _("the game does not end"));
  return 0;
}

/* g:step([bots]) -> one decision by a bot; false when over */
static int g_step(lua_State *L)
{
  lgame *x = checkgame(L, 1);
  set_bots(L, x, 2);
  lua_pushboolean(L, bot_step(L, x));
  return 1;
}

static int g_hand(lua_State *L)
{
  lgame *x = checkgame(L, 1);
  char b[256];
  mj_hand_print(mj_game_hand(x->g, checkplayer(L, 2)), b, sizeof b);
  lua_pushstring(L, b);
  return 1;
}

static int g_discards(lua_State *L)
{
  lgame *x = checkgame(L, 1);
  return mj_lua_push_discards(L, x->g, checkplayer(L, 2));
}

static void push_tile(lua_State *L, mj_tile t)
{
  char b[3];
  if (t == MJ_NO_TILE)
    lua_pushnil(L);
  else
    lua_pushstring(L, mj_tile_str(t, b));
}

static int g_indicator(lua_State *L)
{
  push_tile(L, mj_game_indicator(checkgame(L, 1)->g));
  return 1;
}

static int g_wild(lua_State *L)
{
  mj_tileset w = mj_game_wild(checkgame(L, 1)->g);
  if (w == 0) {
    lua_pushnil(L);
    return 1;
  }
  /* every wild kind, in tile order: "5m", or "1s9s" (翻双鬼) */
  char buf[3 * MJ_KINDS + 1];
  mj_set_print(w, buf, sizeof buf);
  lua_pushstring(L, buf);
  return 1;
}

static int g_info(lua_State *L)
{
  lgame *x = checkgame(L, 1);
  const char *what = lua_tostring(L, lua_upvalueindex(1));
  mj_game *g = x->g;
  if (strcmp(what, "turn") == 0)
    lua_pushinteger(L, mj_game_turn(g) + 1);
  else if (strcmp(what, "dealer") == 0)
    lua_pushinteger(L, mj_game_dealer(g) + 1);
  else if (strcmp(what, "wall_left") == 0)
    lua_pushinteger(L, mj_game_wall_left(g));
  else if (strcmp(what, "over") == 0)
    lua_pushboolean(L, mj_game_over(g));
  else if (strcmp(what, "drawn") == 0)
    lua_pushboolean(L, mj_game_drawn(g));
  else if (strcmp(what, "next_dealer") == 0)
    lua_pushinteger(L, mj_game_next_dealer(g) + 1);
  else if (strcmp(what, "pot") == 0)
    lua_pushinteger(L, mj_game_pot(g));
  else if (strcmp(what, "honba") == 0)
    lua_pushinteger(L, mj_game_honba(g));
  else if (strcmp(what, "last_draw") == 0)
    push_tile(L, mj_game_last_draw(g));
  else if (strcmp(what, "payer") == 0)
    lua_pushinteger(L, mj_game_payer(g) + 1);   /* 0: a self-draw */
  else if (strcmp(what, "dice") == 0)
    lua_pushinteger(L, mj_game_dice(g));
  else if (strcmp(what, "players") == 0)
    lua_pushinteger(L, mj_game_players(g));
  else if (strcmp(what, "swap_to") == 0) {      /* nil before the pass */
    static const char *const to[] = { NULL, "next", "across", "previous" };
    int off = mj_game_swap_offset(g);
    if (off > 0)
      lua_pushstring(L, to[off & 3]);
    else
      lua_pushnil(L);
  } else {
    lua_pushstring(L, mj_phase_name(mj_game_phase(g)));
  }
  return 1;
}

static int g_seatinfo(lua_State *L)
{
  lgame *x = checkgame(L, 1);
  const char *what = lua_tostring(L, lua_upvalueindex(1));
  int p = checkplayer(L, 2);
  if (strcmp(what, "active") == 0)
    lua_pushboolean(L, mj_game_active(x->g, p));
  else if (strcmp(what, "wins") == 0)
    lua_pushinteger(L, mj_game_wins(x->g, p));
  else if (strcmp(what, "aside") == 0 || strcmp(what, "flowers") == 0) {
    const mj_tile *t;
    char b[3 * 8 + 1];
    int n = what[0] == 'a' ? mj_game_aside(x->g, p, &t)
                           : mj_game_flowers(x->g, p, &t);
    mj_tiles_print(t, n, b, sizeof b);
    lua_pushstring(L, b);
  }
  else if (strcmp(what, "missing") == 0) {
    int v = mj_game_void_suit(x->g, p, -1);
    if (v < 0)
      lua_pushnil(L);
    else
      lua_pushlstring(L, &"mps"[v], 1);
  }
  return 1;
}

/* g:state(p, name) -> the ruleset's state of p (R.state: a flag is true or
   false, else a number) */
static int g_state(lua_State *L)
{
  lgame *x = checkgame(L, 1);
  int p = checkplayer(L, 2);
  const char *name = luaL_checkstring(L, 3);
  int i = mj_game_state_find(x->g, name, -1);
  if (i < 0)
    return luaL_error(L, _("g:state: the ruleset has no state '%s'"), name);
  int v = mj_game_state(x->g, p, i);
  if (mj_rules_ctable(mj_game_rules(x->g))->states[i].flag)
    lua_pushboolean(L, v != 0);
  else
    lua_pushinteger(L, v);
  return 1;
}

/* v[0..n-1] as a list, n the game's players */
static void push_seats(lua_State *L, const int v[4], int n)
{
  lua_createtable(L, n, 0);
  for (int p = 0; p < n; p++) {
    lua_pushinteger(L, v[p]);
    lua_rawseti(L, -2, p + 1);
  }
}

static int g_payments(lua_State *L)
{
  int v[4];
  mj_game_payments(checkgame(L, 1)->g, v);
  push_seats(L, v, mj_game_players(checkgame(L, 1)->g));
  return 1;
}

/* g:ledger() -> { {payer=, payee=, amount=, reason=}, ... } (seats 1..4) */
static int g_ledger(lua_State *L)
{
  mj_lua_push_ledger(L, checkgame(L, 1)->g);
  return 1;
}

static int g_scores(lua_State *L)
{
  int v[4];
  mj_game_scores(checkgame(L, 1)->g, v);
  push_seats(L, v, mj_game_players(checkgame(L, 1)->g));
  return 1;
}

static int g_winners(lua_State *L)
{
  int w[MJ_MAX_WINS];
  int n = mj_game_winners(checkgame(L, 1)->g, w);
  lua_createtable(L, n, 0);
  for (int k = 0; k < n; k++) {
    lua_pushinteger(L, w[k] + 1);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* g:result(player) -> the winner's score (as mj.score gives), nil if he
   did not win */
static int g_result(lua_State *L)
{
  lgame *x = checkgame(L, 1);
  int p = checkplayer(L, 2);
  int w[MJ_MAX_WINS];
  int n = mj_game_winners(x->g, w);
  for (int k = 0; k < n; k++)
    if (w[k] == p) {
      mj_lua_push_score(L, mj_game_rules(x->g), mj_game_win_hand(x->g, k),
                        mj_game_result(x->g, k));
      return 1;
    }
  lua_pushnil(L);
  return 1;
}

/* g:events() -> list of texts; g:nevents(); g:event(i) -> { type, ... }
   (as in hooks) */
static int g_events(lua_State *L)
{
  mj_lua_push_event_texts(L, checkgame(L, 1)->g);
  return 1;
}

static int g_nevents(lua_State *L)
{
  lua_pushinteger(L, mj_game_nevents(checkgame(L, 1)->g));
  return 1;
}

static int g_event(lua_State *L)
{
  return mj_lua_event_at(L, checkgame(L, 1)->g, 2);
}

/* The log of x's game, with its ruleset's options and digest. */
static char *log_text(lua_State *L, lgame *x, bool saved)
{
  mj_host *h = mj_host_of(L);
  const mj_rules *r = mj_game_rules(x->g);
  const char *opts = mj_host_options_of(h, r);
  return mj_replay_write(x->g, NULL, opts ? opts : "", mj_host_digest(h, r),
                         saved);
}

/* g:log() -> the replay log (JSON Lines) */
static int g_log(lua_State *L)
{
  lgame *x = checkgame(L, 1);
  void **box = mj_lua_newbox(L);
  char *text = *box = log_text(L, x, false);
  if (text == NULL)
    return luaL_error(L, _("out of memory"));
  lua_pushstring(L, text);      /* may raise: the box frees text */
  return 1;
}

/* g:save(path) -> writes the replay log atomically; refused in a
   sandboxed script, which reaches no file (g:log() gives the text) */
static int g_save(lua_State *L)
{
  if (mj_vm_of(L)->sandbox)
    return luaL_error(L, _("g:save: a sandboxed script cannot write files "
                      "(g:log() returns the log's text)"));
  lgame *x = checkgame(L, 1);
  const char *path = luaL_checkstring(L, 2);
  char *text = log_text(L, x, true);
  if (text == NULL)
    return luaL_error(L, _("out of memory"));
  mj_error e;
  mj_status st = mj_file_write_atomic(path, text, strlen(text), &e);
  free(text);
  if (st != MJ_OK)
    return luaL_error(L, "%s", e.msg);
  return 0;
}

/* The game's methods (game_methods.h), by how each is made: its own
   function, the game's state (g_info) or a seat's (g_seatinfo). */
#define MJ_GM_REG(name, how, call, words) MJ_GM_##how(name)
#define MJ_GM_FN(name) { #name, g_##name },
#define MJ_GM_INFO(name)
#define MJ_GM_SEAT(name)
static const luaL_Reg methods[] = { MJ_GAME_METHODS(MJ_GM_REG) { NULL, NULL } };
#undef MJ_GM_FN
#undef MJ_GM_INFO
#define MJ_GM_FN(name)
#define MJ_GM_INFO(name) #name,
static const char *const info_methods[] = { MJ_GAME_METHODS(MJ_GM_REG) };
#undef MJ_GM_INFO
#undef MJ_GM_SEAT
#define MJ_GM_INFO(name)
#define MJ_GM_SEAT(name) #name,
static const char *const seat_methods[] = { MJ_GAME_METHODS(MJ_GM_REG) };
#undef MJ_GM_FN
#undef MJ_GM_INFO
#undef MJ_GM_SEAT
#undef MJ_GM_REG

static const luaL_Reg metamethods[] = {
  { "__gc", g_gc }, { "__close", g_gc }, { "__index", NULL }, { NULL, NULL }
};

static const luaL_Reg funcs[] = {
  { "game", l_game },
  { NULL, NULL }
};

/* [-0, +0, m] the mj table at the top */
void mj_lua_open_game(lua_State *L)
{
  luaL_newmetatable(L, GAME_MT);
  luaL_setfuncs(L, metamethods, 0);
  luaL_newlibtable(L, methods);
  luaL_setfuncs(L, methods, 0);
  for (size_t i = 0; i < sizeof info_methods / sizeof info_methods[0]; i++) {
    lua_pushstring(L, info_methods[i]);
    lua_pushcclosure(L, g_info, 1);
    lua_setfield(L, -2, info_methods[i]);
  }
  for (size_t i = 0; i < sizeof seat_methods / sizeof seat_methods[0]; i++) {
    lua_pushstring(L, seat_methods[i]);
    lua_pushcclosure(L, g_seatinfo, 1);
    lua_setfield(L, -2, seat_methods[i]);
  }
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  luaL_setfuncs(L, funcs, 0);
}
