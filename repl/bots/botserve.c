/*
** botserve.c
** hule bot --mjai / --botzone: one of hule's bots (efficiency, strong, a
** Lua bot) as a program of another engine's protocol, the other side of
** the mjai: and botzone: seats (docs/bots.md). What the program is told
** is kept as one seat saw the hand (core/bots/suppose.h); at each decision the
** hand is made a game again and the bot decides on it, as it would at
** hule's own table. A message it cannot read is said on standard error
** and answered as nothing to do; the program never stops on one.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "bot.h"
#include "i18n.h"
#include "rules.h"
#include "suppose.h"

#include "botzonebot.h"
#include "bots.h"
#include "cli.h"
#include "mjai_events.h"

/* What a protocol's side keeps between messages. */
typedef struct server {
  const mj_rules *r;
  mj_bot *bot;
  mj_seen seen;
  bool in_hand;
  int riichi, kyuushu;         /* the ruleset's declarations, -1 none */
  int line;                    /* messages read */
} server;

static void complain(server *sv, const char *what)
{
  fprintf(stderr, _("hule bot: message %d: %s\n"), sv->line, what);
}

/* The bot's decision on the hand as seen so far, when the seat has one
   now: 1 and *a; 0 when it has none; -1 when the hand makes no game. */
static int decide(server *sv, mj_game **gp, mj_action *a)
{
  mj_error err;
  mj_game *g = mj_seen_game(&sv->seen, sv->r, &err);
  *gp = g;
  if (g == NULL) {
    complain(sv, err.msg);
    return -1;
  }
  int p = sv->seen.seat;
  if (mj_game_over(g) || !(mj_game_waiting(g) >> p & 1) ||
      mj_seen_ahead(&sv->seen, g))
    return 0;
  mj_action legal[MJ_MAX_LEGAL];
  int n = mj_game_legal(g, p, legal, MJ_MAX_LEGAL);
  if (n <= 0)
    return 0;
  *a = legal[mj_bot_choose(sv->bot, g, p, legal, n)];
  return 1;
}

static int find_decl(const mj_rules *r, bool with_discard)
{
  const mj_table *t = mj_rules_ctable(r);
  for (int k = 0; k < t->ndecls; k++)
    if (with_discard ? t->decls[k].with_discard : t->decls[k].in_turn)
      return k;
  return -1;
}

/* {====================================================================
** mjai
** ===================================================================== */

typedef struct mjai_side {
  server sv;
  bool reach_next[4];          /* a reach: its dahai comes next */
  bool kan_draw[4];            /* a kan: the next tsumo replaces it */
  mj_tile reach_tile;          /* our reach answered: its discard */
  bool reach_red, reach_giri;
  mj_tile last_draw;
  bool last_draw_red;
} mjai_side;

/* An mjai tile: 0 and *t, *red; 1 for "?" (hidden); -1 when no tile. */
static int pai(const cJSON *v, mj_tile *t, bool *red)
{
  *red = false;
  if (cJSON_IsString(v) && strcmp(v->valuestring, "?") == 0)
    return 1;
  return mjai_parse_pai(v, t, red) ? 0 : -1;
}

static int num(const cJSON *o, const char *key, int lo, int hi, bool *ok)
{
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
  if (!cJSON_IsNumber(v) || v->valuedouble < lo || v->valuedouble > hi ||
      v->valuedouble != (int)v->valuedouble) {
    *ok = false;
    return lo;
  }
  return (int)v->valuedouble;
}

static bool start_kyoku(mjai_side *m, const cJSON *o)
{
  server *sv = &m->sv;
  bool ok = true;
  mj_game_cfg cfg = { 0 };
  const cJSON *bk = cJSON_GetObjectItemCaseSensitive(o, "bakaze");
  const char *w = cJSON_IsString(bk) ? strchr("ESWN", bk->valuestring[0])
                                     : NULL;
  if (w == NULL || bk->valuestring[0] == '\0' || bk->valuestring[1] != '\0')
    ok = false;
  else
    cfg.round = (int)(w - "ESWN");
  cfg.dealer = num(o, "oya", 0, 3, &ok);
  cfg.honba = num(o, "honba", 0, 1000, &ok);
  cfg.pot = num(o, "kyotaku", 0, 1000, &ok) * 1000;
  const cJSON *sc = cJSON_GetObjectItemCaseSensitive(o, "scores");
  if (cJSON_IsArray(sc) && cJSON_GetArraySize(sc) == 4)
    for (int p = 0; p < 4; p++) {
      const cJSON *v = cJSON_GetArrayItem(sc, p);
      if (!cJSON_IsNumber(v) || v->valuedouble < -MJ_MAX_SCORE ||
          v->valuedouble > MJ_MAX_SCORE)
        ok = false;
      else
        cfg.scores[p] = (int)v->valuedouble;
    }
  const cJSON *th = cJSON_GetArrayItem(
      cJSON_GetObjectItemCaseSensitive(o, "tehais"), sv->seen.seat);
  mj_tile t[14];
  uint8_t red[14];
  int n = 0;
  const cJSON *v;
  cJSON_ArrayForEach(v, th) {
    bool r;
    if (n >= 14 || pai(v, &t[n], &r) != 0)
      return complain(sv, _("start_kyoku: its tehais are not our 13 tiles")),
             false;
    red[n++] = r;
  }
  if (!ok)
    return complain(sv, _("start_kyoku: bakaze, oya, honba, kyotaku or "
                    "scores out of range")), false;
  int seat = sv->seen.seat;
  mj_seen_start(&sv->seen, seat, &cfg, t, red, n);
  mj_tile d;
  bool dr;
  if (pai(cJSON_GetObjectItemCaseSensitive(o, "dora_marker"), &d, &dr) == 0) {
    mj_seen_item it = { .kind = MJ_SEEN_INDICATOR, .tile = d, .red = dr };
    mj_seen_add(&sv->seen, &it, NULL);
  }
  memset(m->reach_next, 0, sizeof m->reach_next);
  memset(m->kan_draw, 0, sizeof m->kan_draw);
  m->reach_tile = MJ_NO_TILE;
  sv->in_hand = true;
  return true;
}

/* The red fives among a call's consumed tiles, and its lowest tile. */
static int consumed(const cJSON *o, mj_tile *low, int *count)
{
  int reds = 0;
  const cJSON *v;
  *count = 0;
  cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(o, "consumed")) {
    mj_tile t;
    bool r;
    if (pai(v, &t, &r) != 0)
      return -1;
    reds += r;
    if (t < *low)
      *low = t;
    ++*count;
  }
  return reds;
}

/* One event of the hand as seen: false when it is not one. */
static bool seen_event(mjai_side *m, const char *type, const cJSON *o)
{
  server *sv = &m->sv;
  bool ok = true;
  int actor = num(o, "actor", 0, 3, &ok);
  mj_tile t = MJ_NO_TILE;
  bool red = false;
  int hidden = pai(cJSON_GetObjectItemCaseSensitive(o, "pai"), &t, &red);
  mj_seen_item it = { .kind = MJ_SEEN_ACT, .player = (uint8_t)actor };
  it.a.player = (uint8_t)actor;
  if (strcmp(type, "dora") == 0) {
    if (pai(cJSON_GetObjectItemCaseSensitive(o, "dora_marker"), &t, &red))
      return false;
    it = (mj_seen_item){ .kind = MJ_SEEN_INDICATOR, .tile = t, .red = red };
  } else if (!ok) {
    return false;
  } else if (strcmp(type, "tsumo") == 0) {
    if (hidden < 0 || (hidden == 1 && actor == sv->seen.seat))
      return false;
    it.kind = MJ_SEEN_DRAW;
    it.tile = hidden ? MJ_NO_TILE : t;
    it.red = red;
    it.rep = m->kan_draw[actor];
    m->kan_draw[actor] = false;
    if (actor == sv->seen.seat)
      m->last_draw = t, m->last_draw_red = red;
  } else if (strcmp(type, "dahai") == 0) {
    if (hidden != 0)
      return false;
    const cJSON *tg = cJSON_GetObjectItemCaseSensitive(o, "tsumogiri");
    it.tsumogiri = cJSON_IsTrue(tg);
    if (m->reach_next[actor] && sv->riichi >= 0) {
      it.a.type = MJ_ACT_DECLARE;
      it.a.tile = MJ_DECL_WITH(sv->riichi, t);
    } else {
      it.a.type = MJ_ACT_DISCARD;
      it.a.tile = t;
    }
    it.a.red = red;
    m->reach_next[actor] = false;
  } else if (strcmp(type, "reach") == 0) {
    m->reach_next[actor] = true;
    return true;
  } else if (strcmp(type, "reach_accepted") == 0) {
    return true;
  } else {
    static const char *const calls[] = { "chi", "pon", "daiminkan", "ankan",
                                         "kakan" };
    static const uint8_t acts[] = { MJ_ACT_CHI, MJ_ACT_PON, MJ_ACT_KONG,
                                    MJ_ACT_CKONG, MJ_ACT_AKONG };
    int k = 0;
    while (k < 5 && strcmp(type, calls[k]) != 0)
      k++;
    if (k == 5)
      return false;
    mj_tile low = hidden == 0 ? t : MJ_NO_TILE;
    int n, reds = consumed(o, &low, &n);
    static const int want[] = { 2, 2, 3, 4, 3 };
    if (reds < 0 || n != want[k] || low == MJ_NO_TILE ||
        (k != 3 && hidden != 0))
      return false;
    it.a.type = acts[k];
    it.a.tile = k == 0 ? low : k == 4 ? t : low;
    it.red = (uint8_t)(k == 4 ? red : reds);
    m->kan_draw[actor] = k >= 2;
  }
  return mj_seen_add(&sv->seen, &it, NULL) == MJ_OK;
}

static void add_pai(cJSON *o, const char *key, mj_tile t, bool red)
{
  char b[4];
  cJSON_AddStringToObject(o, key, mjai_pai(t, red, b));
}

/* The consumed tiles of a meld of ours: k of t (or the chow's two), the
   first reds of their fives red. */
static void add_consumed(cJSON *o, mj_tile low, mj_tile claimed, int k,
                         int reds)
{
  cJSON *a = cJSON_AddArrayToObject(o, "consumed");
  char b[4];
  for (int i = 0; i < k; i++) {
    mj_tile t = claimed == MJ_NO_TILE ? low
                : (mj_tile)(low + (low + i >= claimed ? i + 1 : i));
    if (claimed != MJ_NO_TILE && k == 2 && low == claimed)
      t = (mj_tile)(low + i + 1);
    bool red = t < MJ_HONOR_FIRST && t % 9 == 4 && reds > 0;
    reds -= red;
    cJSON_AddItemToArray(a, cJSON_CreateString(mjai_pai(t, red, b)));
  }
}

/* The red fives p's hand gives to a call of k copies of a five t (a
   chow: one): the red one first when a asks for it, else the plain. */
static int reds_given(const mj_game *g, int p, const mj_action *a,
                      mj_tile t, int k)
{
  const mj_hand *h = mj_game_hand(g, p);
  if (t >= MJ_HONOR_FIRST || t % 9 != 4)
    return 0;
  int red = mj_hand_red(h, t / 9), plain = mj_hand_counts(h)[t] - red;
  return a->red ? (red < k ? red : k) : (k > plain ? k - plain : 0);
}

/* The answer to a decision of ours. */
static cJSON *mjai_answer(mjai_side *m, const mj_game *g, const mj_action *a)
{
  int p = m->sv.seen.seat, from = -1;
  cJSON *o = cJSON_CreateObject();
  mj_tile up = mj_game_pending(g, &from);
  static const char *const names[MJ_ACT_COUNT] = {
    [MJ_ACT_DISCARD] = "dahai", [MJ_ACT_WIN] = "hora",
    [MJ_ACT_CKONG] = "ankan", [MJ_ACT_AKONG] = "kakan",
    [MJ_ACT_PASS] = "none", [MJ_ACT_CHI] = "chi", [MJ_ACT_PON] = "pon",
    [MJ_ACT_KONG] = "daiminkan" };
  const char *type = a->type < MJ_ACT_COUNT ? names[a->type] : NULL;
  if (a->type == MJ_ACT_DECLARE)
    type = MJ_DECL_IS_WITH(a->tile) ? "reach" : "ryukyoku";
  cJSON_AddStringToObject(o, "type", type != NULL ? type : "none");
  if (type == NULL || a->type == MJ_ACT_PASS)
    return o;
  cJSON_AddNumberToObject(o, "actor", p);
  mj_tile own = mj_game_own_draw(g, p);
  switch (a->type) {
  case MJ_ACT_DISCARD:
    add_pai(o, "pai", a->tile, a->red);
    cJSON_AddBoolToObject(o, "tsumogiri", own == a->tile &&
                          m->last_draw == a->tile &&
                          m->last_draw_red == (a->red != 0));
    break;
  case MJ_ACT_DECLARE:
    if (MJ_DECL_IS_WITH(a->tile)) {
      m->reach_tile = MJ_DECL_TILE(a->tile);
      m->reach_red = a->red != 0;
      m->reach_giri = own == m->reach_tile && m->last_draw == own &&
                      m->last_draw_red == m->reach_red;
    } else {
      cJSON_AddStringToObject(o, "reason", "kyushukyuhai");
    }
    break;
  case MJ_ACT_WIN:
    cJSON_AddNumberToObject(o, "target", from >= 0 && up != MJ_NO_TILE
                                             ? from : p);
    add_pai(o, "pai", up != MJ_NO_TILE && from >= 0 ? up
                      : mj_game_last_draw(g), false);
    break;
  case MJ_ACT_CHI: {
    mj_tile five = a->tile - a->tile % 9 + 4;
    bool in = five >= a->tile && five <= a->tile + 2 && five != up;
    cJSON_AddNumberToObject(o, "target", from);
    add_pai(o, "pai", up, false);
    add_consumed(o, a->tile, up, 2, in ? reds_given(g, p, a, five, 1) : 0);
    break;
  }
  case MJ_ACT_PON: case MJ_ACT_KONG: {
    int k = a->type == MJ_ACT_KONG ? 3 : 2;
    cJSON_AddNumberToObject(o, "target", from);
    add_pai(o, "pai", up, false);
    add_consumed(o, up, MJ_NO_TILE, k, reds_given(g, p, a, up, k));
    break;
  }
  case MJ_ACT_CKONG:
    add_consumed(o, a->tile, MJ_NO_TILE, 4, reds_given(g, p, a, a->tile, 4));
    break;
  case MJ_ACT_AKONG: {   /* the pung's tiles, and the one added */
    const mj_hand *h = mj_game_hand(g, p);
    int pung = 0;
    for (int i = 0; i < mj_hand_nmelds(h); i++)
      if (mj_hand_melds(h)[i].type == MJ_PUNG &&
          mj_hand_melds(h)[i].tile == a->tile)
        pung = mj_hand_meld_red(h, i);
    add_pai(o, "pai", a->tile, reds_given(g, p, a, a->tile, 1) > 0);
    add_consumed(o, a->tile, MJ_NO_TILE, 3, pung);
    break;
  }
  default:
    break;
  }
  return o;
}

/* One message read and answered. */
static cJSON *mjai_message(mjai_side *m, const cJSON *o)
{
  server *sv = &m->sv;
  const cJSON *tj = cJSON_GetObjectItemCaseSensitive(o, "type");
  cJSON *none = cJSON_CreateObject();
  cJSON_AddStringToObject(none, "type", "none");
  if (!cJSON_IsString(tj))
    return complain(sv, _("a message without a type")), none;
  const char *type = tj->valuestring;
  if (strcmp(type, "start_game") == 0) {
    bool ok = true;
    int id = num(o, "id", 0, 3, &ok);
    if (!ok)
      return complain(sv, _("start_game: its id is not a seat 0..3")), none;
    sv->seen.seat = id;
    sv->in_hand = false;
    return none;
  }
  if (strcmp(type, "start_kyoku") == 0) {
    start_kyoku(m, o);
    return none;
  }
  if (strcmp(type, "hora") == 0 || strcmp(type, "ryukyoku") == 0 ||
      strcmp(type, "end_kyoku") == 0 || strcmp(type, "end_game") == 0 ||
      strcmp(type, "error") == 0) {
    sv->in_hand = false;
    return none;
  }
  if (!sv->in_hand)
    return none;
  bool ok = true;
  int actor = num(o, "actor", 0, 3, &ok);
  bool own_reach = strcmp(type, "reach") == 0 && ok &&
                   actor == sv->seen.seat && m->reach_tile != MJ_NO_TILE;
  mjai_side before = *m;           /* a refused event changes nothing */
  if (!seen_event(m, type, o)) {
    char what[96];
    snprintf(what, sizeof what, _("%.40s: not an event of this hand as mjai "
             "writes it"), type);
    complain(sv, what);
    return none;
  }
  if (own_reach) {               /* the discard our reach named */
    cJSON_Delete(none);
    cJSON *d = cJSON_CreateObject();
    cJSON_AddStringToObject(d, "type", "dahai");
    cJSON_AddNumberToObject(d, "actor", actor);
    add_pai(d, "pai", m->reach_tile, m->reach_red);
    cJSON_AddBoolToObject(d, "tsumogiri", m->reach_giri);
    m->reach_tile = MJ_NO_TILE;
    return d;
  }
  if (strcmp(type, "reach") == 0)
    return none;
  mj_game *g;
  mj_action a;
  int r = decide(sv, &g, &a);
  if (r == 1) {
    cJSON_Delete(none);
    none = mjai_answer(m, g, &a);
  } else if (r < 0) {
    *m = before;
  }
  mj_game_free(g);
  return none;
}

/* }==================================================================== */

/* {====================================================================
** Botzone (Chinese Standard Mahjong)
** ===================================================================== */

enum { BZ_LINE = 128 };

typedef struct bz_side {
  server sv;
  int round;
  bool replace[4];             /* the next draw replaces a kong or flower */
  int drew;                    /* the seat whose draw came last, -1 */
  char last_resp[BZ_LINE];     /* our response before (a GANG's tile) */
} bz_side;

static bool bz_add(bz_side *b, const mj_seen_item *it)
{
  return mj_seen_add(&b->sv.seen, it, NULL) == MJ_OK;
}

static bool bz_draw(bz_side *b, int who, mj_tile t)
{
  mj_seen_item it = { .kind = MJ_SEEN_DRAW, .player = (uint8_t)who,
                      .tile = t, .rep = b->replace[who] };
  b->replace[who] = t != MJ_NO_TILE && mj_tile_is_flower(t);
  b->drew = who;
  return bz_add(b, &it);
}

static bool bz_act(bz_side *b, int who, int type, mj_tile t)
{
  mj_seen_item it = { .kind = MJ_SEEN_ACT, .player = (uint8_t)who };
  it.a = (mj_action){ (uint8_t)type, (uint8_t)who, t, 0 };
  b->drew = -1;
  b->replace[who] = type == MJ_ACT_CKONG || type == MJ_ACT_KONG ||
                    type == MJ_ACT_AKONG;
  return bz_add(b, &it);
}

/* Request 1: the flowers each seat drew at the deal, our hand, the
   flowers themselves in wind order. */
static bool bz_deal(bz_side *b, char *w[], int n)
{
  int h[4], nf = 0;
  mj_tile t[13];
  for (int q = 0; q < 4; q++) {
    if (n < 5 + q || sscanf(w[1 + q], "%d", &h[q]) != 1 || h[q] < 0 ||
        h[q] > 8)
      return false;
    nf += h[q];
  }
  if (n != 5 + 13 + nf)
    return false;
  for (int i = 0; i < 13; i++)
    if (!bz_parse(w[5 + i], &t[i]) || mj_tile_is_flower(t[i]))
      return false;
  mj_game_cfg cfg = { .dealer = 0, .round = b->round };
  int seat = b->sv.seen.seat;
  mj_seen_start(&b->sv.seen, seat, &cfg, t, NULL, 13);
  for (int q = 0, k = 18; q < 4; q++) {
    b->sv.seen.flowers[q] = h[q];
    for (int j = 0; j < h[q]; j++, k++)
      if (!bz_parse(w[k], &b->sv.seen.flower[q][j]) ||
          !mj_tile_is_flower(b->sv.seen.flower[q][j]))
        return false;
  }
  memset(b->replace, 0, sizeof b->replace);
  b->drew = -1;
  b->sv.in_hand = true;
  return true;
}

/* One request of the hand applied to what was seen; false when it is
   not one. */
static bool bz_request(bz_side *b, char *line)
{
  char *w[40];
  int n = 0;
  for (char *tok = strtok(line, " \t\r"); tok != NULL && n < 40;
       tok = strtok(NULL, " \t\r"))
    w[n++] = tok;
  if (n == 3 && strcmp(w[0], "0") == 0) {
    int id, quan;
    if (sscanf(w[1], "%d", &id) != 1 || sscanf(w[2], "%d", &quan) != 1 ||
        id < 0 || id > 3 || quan < 0 || quan > 3)
      return false;
    b->sv.seen.seat = id;
    b->round = quan;
    b->sv.in_hand = false;
    return true;
  }
  if (n >= 1 && strcmp(w[0], "1") == 0)
    return bz_deal(b, w, n);
  mj_tile t = MJ_NO_TILE, u = MJ_NO_TILE;
  if (!b->sv.in_hand)
    return false;
  if (n == 2 && strcmp(w[0], "2") == 0)
    return bz_parse(w[1], &t) && bz_draw(b, b->sv.seen.seat, t);
  int id;
  if (n < 3 || strcmp(w[0], "3") != 0 || sscanf(w[1], "%d", &id) != 1 ||
      id < 0 || id > 3)
    return false;
  const char *v = w[2];
  bool t_ok = n >= 4 && bz_parse(w[3], &t), u_ok = n >= 5 &&
                                                   bz_parse(w[4], &u);
  if (strcmp(v, "DRAW") == 0 && n == 3)
    return bz_draw(b, id, MJ_NO_TILE);
  if (strcmp(v, "BUHUA") == 0 && n == 4 && t_ok && mj_tile_is_flower(t))
    return bz_draw(b, id, t);
  if (strcmp(v, "PLAY") == 0 && n == 4 && t_ok)
    return bz_act(b, id, MJ_ACT_DISCARD, t);
  if (strcmp(v, "PENG") == 0 && n == 4 && t_ok)
    return bz_act(b, id, MJ_ACT_PON, MJ_NO_TILE) &&
           bz_act(b, id, MJ_ACT_DISCARD, t);
  if (strcmp(v, "CHI") == 0 && n == 5 && t_ok && u_ok &&
      t < MJ_HONOR_FIRST && t % 9 >= 1 && t % 9 <= 7)
    return bz_act(b, id, MJ_ACT_CHI, (mj_tile)(t - 1)) &&
           bz_act(b, id, MJ_ACT_DISCARD, u);
  if (strcmp(v, "BUGANG") == 0 && n == 4 && t_ok)
    return bz_act(b, id, MJ_ACT_AKONG, t);
  if (strcmp(v, "GANG") == 0 && n == 3) {
    if (b->drew != id)                      /* on a discard */
      return bz_act(b, id, MJ_ACT_KONG, MJ_NO_TILE);
    mj_tile k = MJ_NO_TILE;                 /* its tile ours alone */
    if (id == b->sv.seen.seat && (strncmp(b->last_resp, "GANG ", 5) != 0 ||
                                  !bz_parse(b->last_resp + 5, &k)))
      return false;
    return bz_act(b, id, MJ_ACT_CKONG, k);
  }
  return n >= 3 && strcmp(v, "HU") == 0;
}

/* The response to a decision of ours: a claim with the discard the bot
   would make after it. */
static void bz_response(bz_side *b, const mj_action *a, char *out)
{
  char t[4], u[4];
  switch (a->type) {
  case MJ_ACT_DISCARD:
    snprintf(out, BZ_LINE, "PLAY %s", bz_tile(a->tile, t));
    return;
  case MJ_ACT_CKONG:
    snprintf(out, BZ_LINE, "GANG %s", bz_tile(a->tile, t));
    return;
  case MJ_ACT_AKONG:
    snprintf(out, BZ_LINE, "BUGANG %s", bz_tile(a->tile, t));
    return;
  case MJ_ACT_WIN: snprintf(out, BZ_LINE, "HU"); return;
  case MJ_ACT_KONG: snprintf(out, BZ_LINE, "GANG"); return;
  case MJ_ACT_PON: case MJ_ACT_CHI: break;
  default: snprintf(out, BZ_LINE, "PASS"); return;
  }
  mj_action d = { 0 };
  int r = -1;
  snprintf(out, BZ_LINE, "PASS");
  server *sv = malloc(sizeof *sv);      /* the hand as if it were made */
  if (sv == NULL)
    return;
  *sv = b->sv;
  mj_seen_item it = { .kind = MJ_SEEN_ACT, .player = a->player, .a = *a };
  if (mj_seen_add(&sv->seen, &it, NULL) == MJ_OK) {
    mj_game *h;
    r = decide(sv, &h, &d);
    mj_game_free(h);
  }
  free(sv);
  if (r != 1 || d.type != MJ_ACT_DISCARD)
    return complain(&b->sv, _("no discard after the claim"));
  if (a->type == MJ_ACT_PON)
    snprintf(out, BZ_LINE, "PENG %s", bz_tile(d.tile, u));
  else
    snprintf(out, BZ_LINE, "CHI %s %s", bz_tile((mj_tile)(a->tile + 1), t),
             bz_tile(d.tile, u));
}

/* The response to the last request. */
static void bz_answer(bz_side *b, char *out)
{
  snprintf(out, BZ_LINE, "PASS");
  if (!b->sv.in_hand)
    return;
  mj_game *g;
  mj_action a;
  if (decide(&b->sv, &g, &a) == 1)
    bz_response(b, &a, out);
  mj_game_free(g);
}

/* One request read: applied, answered into out. */
static void bz_turn(bz_side *b, const char *req, char *out)
{
  char line[1024];
  snprintf(line, sizeof line, "%s", req);
  b->sv.line++;
  bz_side *before = malloc(sizeof *before);   /* a refused request */
  if (before == NULL) {                       /* changes nothing */
    snprintf(out, BZ_LINE, "PASS");
    return;
  }
  *before = *b;
  bool ok = bz_request(b, line), read = ok;
  if (ok && b->sv.in_hand) {
    mj_error err;
    mj_game *g = mj_seen_game(&b->sv.seen, b->sv.r, &err);
    ok = g != NULL;
    mj_game_free(g);
    if (!ok)
      complain(&b->sv, err.msg);
  }
  if (!ok) {
    int line_no = b->sv.line;
    *b = *before;
    b->sv.line = line_no;
  }
  free(before);
  if (!ok) {
    char what[BZ_LINE + 40];
    snprintf(what, sizeof what, _("\"%.*s\" is not a request of this hand"),
             BZ_LINE, req);
    if (!read)
      complain(&b->sv, what);
    snprintf(out, BZ_LINE, "PASS");
    return;
  }
  bz_answer(b, out);
}

static void bz_print(bool json, const char *resp)
{
  if (json) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "response", resp);
    char *text = cJSON_PrintUnformatted(o);
    printf("%s\n", text != NULL ? text : "{\"response\":\"PASS\"}");
    free(text);
    cJSON_Delete(o);
  } else {
    printf("%s\n", resp);
  }
  printf(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<\n");
  fflush(stdout);
}

/* The first input: the whole history, simple (n, then the requests and
   responses in turn) or JSON; every request applied, our responses kept
   for the tile of a concealed GANG. */
static bool bz_history(bz_side *b, const char *first, char *resp, bool *json)
{
  char *line = NULL;
  size_t cap = 0;
  bool cut, ok = true;
  *json = first[0] == '{';
  if (*json) {
    cJSON *o = cJSON_Parse(first);
    const cJSON *rq = cJSON_GetObjectItemCaseSensitive(o, "requests");
    const cJSON *rs = cJSON_GetObjectItemCaseSensitive(o, "responses");
    int n = cJSON_GetArraySize(rq);
    ok = cJSON_IsArray(rq) && n > 0;
    for (int i = 0; ok && i < n; i++) {
      const cJSON *q = cJSON_GetArrayItem(rq, i);
      const cJSON *r = cJSON_GetArrayItem(rs, i);
      ok = cJSON_IsString(q);
      if (ok)
        bz_turn(b, q->valuestring, resp);
      if (i + 1 < n)
        snprintf(b->last_resp, BZ_LINE, "%s",
                 cJSON_IsString(r) ? r->valuestring : "");
    }
    cJSON_Delete(o);
    return ok;
  }
  int n;
  if (sscanf(first, "%d", &n) != 1 || n < 1 || n > 4096)
    return false;
  for (int i = 0; ok && i < 2 * n - 1; i++) {
    long len = cli_getline(stdin, &line, &cap, 4096, &cut);
    ok = len >= 0;
    if (ok && i % 2 == 0)
      bz_turn(b, line, resp);
    else if (ok)
      snprintf(b->last_resp, BZ_LINE, "%s", line);
  }
  free(line);
  return ok;
}

static int serve_botzone(server *sv)
{
  bz_side b = { .sv = *sv, .drew = -1 };
  char *line = NULL, resp[BZ_LINE] = "PASS";
  size_t cap = 0;
  bool cut, json = false, started = false;
  long len;
  while ((len = cli_getline(stdin, &line, &cap, 1 << 20, &cut)) >= 0) {
    if (len == 0 || strspn(line, " \t\r") == (size_t)len)
      continue;                  /* data, globaldata: we keep none */
    if (!started) {
      started = true;
      if (!bz_history(&b, line, resp, &json)) {
        b.sv.line++;
        complain(&b.sv, _("not a Botzone input (n, then the requests and "
                 "responses; or {\"requests\":[...],\"responses\":[...]})"));
        snprintf(resp, BZ_LINE, "PASS");
      }
    } else if (json && line[0] == '{') {
      cJSON *o = cJSON_Parse(line);
      const cJSON *rq = cJSON_GetObjectItemCaseSensitive(o, "requests");
      const cJSON *q = cJSON_GetArrayItem(rq, cJSON_GetArraySize(rq) - 1);
      if (cJSON_IsString(q))
        bz_turn(&b, q->valuestring, resp);
      else
        snprintf(resp, BZ_LINE, "PASS");
      cJSON_Delete(o);
    } else {
      bz_turn(&b, line, resp);
    }
    bz_print(json, resp);
    snprintf(b.last_resp, BZ_LINE, "%s", resp);
  }
  free(line);
  return 0;
}

/* }==================================================================== */

static int serve_mjai(server *sv)
{
  mjai_side m = { .sv = *sv };
  m.reach_tile = MJ_NO_TILE;
  char *line = NULL;
  size_t cap = 0;
  bool cut;
  long len;
  while ((len = cli_getline(stdin, &line, &cap, 1 << 20, &cut)) >= 0) {
    m.sv.line++;
    cJSON *o = cut ? NULL : cJSON_ParseWithLength(line, (size_t)len);
    cJSON *ans;
    if (o == NULL || !cJSON_IsObject(o)) {
      complain(&m.sv, _("not one JSON object a line"));
      ans = cJSON_CreateObject();
      cJSON_AddStringToObject(ans, "type", "none");
    } else {
      ans = mjai_message(&m, o);
    }
    cJSON_Delete(o);
    char *text = cJSON_PrintUnformatted(ans);
    cJSON_Delete(ans);
    if (text != NULL)
      printf("%s\n", text);
    free(text);
    fflush(stdout);
  }
  free(line);
  return 0;
}

int cli_bot_serve(mj_host *h, cli_opts *o, bool mjai, const char *spec)
{
  if (o->ruleset == NULL)
    o->ruleset = mjai ? "riichi" : "mcr";
  const mj_rules *r = cli_rules(h, o);
  if (r == NULL)
    return 1;
  if (mjai && mj_rules_ctable(r)->indicators == 0) {
    fprintf(stderr, _("hule bot: mjai speaks riichi, not %s\n"),
            mj_rules_id(r));
    return 1;
  }
  mj_error err;
  if (cli_bot_program(spec) != NULL) {
    fprintf(stderr, _("hule bot: %s is a program already; give efficiency, "
            "strong or lua:FILE\n"), spec);
    return 1;
  }
  server sv = { .r = r };
  sv.bot = cli_bot_new(h, r, spec, 1, 0, &err);
  if (sv.bot == NULL) {
    fprintf(stderr, "hule bot: %s\n", err.msg);
    return 1;
  }
  sv.riichi = find_decl(r, true);
  sv.kyuushu = find_decl(r, false);
  int st = mjai ? serve_mjai(&sv) : serve_botzone(&sv);
  mj_bot_free(sv.bot);
  return st;
}
