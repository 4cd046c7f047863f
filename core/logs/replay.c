/*
** replay.c
** JSON Lines logs through cJSON.
*/
#include "replay.h"

#include "text.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "action.h"
static const char *const ev_names[] = {
#define MJ_EV_NAME(k, name, words) name,
  MJ_EVENTS(MJ_EV_NAME)
#undef MJ_EV_NAME
};
_Static_assert(sizeof ev_names / sizeof ev_names[0] == MJ_EV_COUNT,
               "a name for every event");

/* {====================================================================
** Writing
** ===================================================================== */

typedef struct outbuf { char *p; size_t n, cap; bool bad; } outbuf;

static void put(outbuf *b, const char *s)
{
  size_t k = strlen(s);
  if (b->n + k + 2 > b->cap) {
    size_t cap = b->cap ? b->cap * 2 : 4096;
    while (cap < b->n + k + 2)
      cap *= 2;
    char *p = realloc(b->p, cap);
    if (p == NULL) {
      b->bad = true;
      return;
    }
    b->p = p;
    b->cap = cap;
  }
  memcpy(b->p + b->n, s, k);
  b->n += k;
  b->p[b->n++] = '\n';
  b->p[b->n] = '\0';
}

static void put_json(outbuf *b, cJSON *o)
{
  char *s = o ? cJSON_PrintUnformatted(o) : NULL;
  if (s == NULL)
    b->bad = true;
  else
    put(b, s);
  cJSON_free(s);
  cJSON_Delete(o);
}

static void add_tile(cJSON *o, const char *key, mj_tile t)
{
  char b[3];
  if (t != MJ_NO_TILE)
    cJSON_AddStringToObject(o, key, mj_tile_str(t, b));
}

static cJSON *event_json(const mj_game *g, const mj_event *e, int *winner_k)
{
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "ev", ev_names[e->type]);
  if (e->player >= 0)
    cJSON_AddNumberToObject(o, "p", e->player);
  switch (e->type) {
  case MJ_EV_DEAL: {
    char t[64];
    uint8_t c[MJ_ALL_TILES] = { 0 };
    memcpy(c, mj_game_dealt(g, e->player), MJ_KINDS);
    mj_counts_print(c, MJ_KINDS, t, sizeof t);
    cJSON_AddStringToObject(o, "tiles", t);
    break;
  }
  case MJ_EV_CHI: {
    char t[48];
    int r = mj_tile_rank(e->tile);
    snprintf(t, sizeof t, "%d%d%d%c", r, r + 1, r + 2,
             "mps"[mj_tile_suit(e->tile) % 3]);
    cJSON_AddStringToObject(o, "meld", t);
    if (e->claimed != MJ_NO_TILE)
      add_tile(o, "tile", e->claimed);
    cJSON_AddNumberToObject(o, "from", e->from);
    break;
  }
  case MJ_EV_WIN: {
    add_tile(o, "tile", e->tile);
    if (e->from >= 0)
      cJSON_AddNumberToObject(o, "from", e->from);
    int k = (*winner_k)++;
    const mj_hand *h = mj_game_win_hand(g, k);
    const mj_score *s = mj_game_result(g, k);
    if (h != NULL && s != NULL) {
      char t[512];
      mj_hand_print_full(h, t, sizeof t);
      cJSON_AddStringToObject(o, "hand", t);
      cJSON_AddNumberToObject(o, "total", s->total);
      mj_score_fans_line(mj_game_rules(g), s, t, sizeof t);
      cJSON_AddStringToObject(o, "fans", t);
    }
    break;
  }
  case MJ_EV_DRAWN:
    break;
  case MJ_EV_ABORT:
    cJSON_AddStringToObject(o, "name", mj_game_reason(g, e->tile));
    break;
  default:
    add_tile(o, "tile", e->tile);
    if (e->from >= 0)
      cJSON_AddNumberToObject(o, "from", e->from);
    if (e->replacement)
      cJSON_AddTrueToObject(o, "tail");
    break;
  }
  return o;
}

static cJSON *act_json(const mj_action *a)
{
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "act", mj_act_name(a->type));
  cJSON_AddNumberToObject(o, "p", a->player);
  /* a win names its tile: one of an open kong's tiles is chosen */
  if (a->type != MJ_ACT_PASS && a->type != MJ_ACT_PON &&
      a->type != MJ_ACT_KONG && a->type != MJ_ACT_TAKE &&
      a->tile < MJ_ALL_TILES)
    add_tile(o, "tile", a->tile);
  if (a->type == MJ_ACT_DECLARE && MJ_DECL_IS_WITH(a->tile)) {
    add_tile(o, "tile", MJ_DECL_TILE(a->tile));   /* riichi 5p */
    cJSON_AddNumberToObject(o, "with", MJ_DECL_OF(a->tile));
  }
  if (a->red)
    cJSON_AddTrueToObject(o, "red");
  return o;
}

/* The writer's replay step: the events up to the copy's, then action i. */
typedef struct write_pass {
  outbuf *b;
  const mj_game *g;       /* the game written */
  int done;               /* its events written so far */
  int winner_k;
} write_pass;

static int write_step(void *ud, int i, const mj_game *x)
{
  write_pass *w = ud;
  int upto = mj_game_nevents(x), nev = mj_game_nevents(w->g);
  for (; w->done < upto && w->done < nev; w->done++)
    put_json(w->b,
             event_json(w->g, mj_game_event(w->g, w->done), &w->winner_k));
  if (i < mj_game_nactions(w->g))
    put_json(w->b, act_json(mj_game_action(w->g, i)));
  return 0;
}

/*
** Which events each decision caused: replay the game to find the event
** count after each decision (the log interleaves them).
*/
/* The log's first line: the ruleset, the deal's settings, the players. */
static cJSON *header_json(const mj_game *g, const char *const players[4],
                          const char *options, const char *digest)
{
  const mj_rules *r = mj_game_rules(g);
  const mj_game_cfg *cfg = mj_game_config(g);
  cJSON *h = cJSON_CreateObject();
  cJSON_AddNumberToObject(h, "hule", 1);
  cJSON_AddStringToObject(h, "ruleset", mj_rules_id(r));
  cJSON_AddStringToObject(h, "version", mj_rules_version(r));
  cJSON_AddStringToObject(h, "options", options ? options : "");
  if (digest != NULL && digest[0])
    cJSON_AddStringToObject(h, "digest", digest);
  char seed[32];
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)cfg->seed);
  cJSON_AddStringToObject(h, "seed", seed);
  cJSON_AddNumberToObject(h, "dealer", cfg->dealer);
  cJSON_AddNumberToObject(h, "round", cfg->round);
  if (cfg->hand > 0)
    cJSON_AddNumberToObject(h, "hand", cfg->hand);
  if (cfg->streak > 0)
    cJSON_AddNumberToObject(h, "streak", cfg->streak);
  if (cfg->honba > 0)
    cJSON_AddNumberToObject(h, "honba", cfg->honba);
  if (cfg->pot > 0)
    cJSON_AddNumberToObject(h, "pot", cfg->pot);
  int nms = mj_rules_nmatch_states(r);
  bool any = false;
  for (int k = 0; k < nms; k++)
    any = any || cfg->match_state[k] != 0;
  if (any) {   /* the match's numbers at the start, when any is set */
    cJSON *ms = cJSON_AddArrayToObject(h, "match_state");
    for (int k = 0; k < nms; k++)
      cJSON_AddItemToArray(ms, cJSON_CreateNumber(cfg->match_state[k]));
  }
  if (cfg->dice)
    cJSON_AddNumberToObject(h, "dice", cfg->dice);
  cJSON *sc = cJSON_AddArrayToObject(h, "scores");
  for (int i = 0; i < mj_game_players(g); i++)
    cJSON_AddItemToArray(sc, cJSON_CreateNumber(cfg->scores[i]));
  if (cfg->wall_n > 0) {
    char t[1024];
    mj_tiles_print_ordered(cfg->wall, cfg->wall_n, t, sizeof t);
    cJSON_AddStringToObject(h, "wall", t);
    if (cfg->wall_red != NULL) {    /* where its red fives are */
      cJSON *red = cJSON_AddArrayToObject(h, "red");
      for (int i = 0; i < cfg->wall_n; i++)
        if (cfg->wall_red[i])
          cJSON_AddItemToArray(red, cJSON_CreateNumber(i));
    }
  }
  cJSON *pl = cJSON_AddArrayToObject(h, "players");
  for (int i = 0; i < mj_game_players(g); i++)
    cJSON_AddItemToArray(
        pl, cJSON_CreateString(players && players[i] ? players[i] : "?"));
  return h;
}

/* The last line: the hand's end (payments, scores, every payment as
   [payer, payee, amount, reason]), or where it was saved. */
static cJSON *end_json(const mj_game *g, bool saved)
{
  cJSON *end = cJSON_CreateObject();
  if (!mj_game_over(g) || saved) {
    cJSON_AddNumberToObject(end, "saved", mj_game_nactions(g));
    return end;
  }
  int pay[4], scores[4];
  mj_game_payments(g, pay);
  mj_game_scores(g, scores);
  cJSON_AddStringToObject(end, "end", mj_game_drawn(g) ? "drawn" : "win");
  cJSON *p = cJSON_AddArrayToObject(end, "pay");
  cJSON *s = cJSON_AddArrayToObject(end, "scores");
  for (int i = 0; i < mj_game_players(g); i++) {
    cJSON_AddItemToArray(p, cJSON_CreateNumber(pay[i]));
    cJSON_AddItemToArray(s, cJSON_CreateNumber(scores[i]));
  }
  const mj_payment *l;
  int nl = mj_game_ledger(g, &l);
  if (mj_game_pot(g) > 0 || mj_game_config(g)->pot > 0)
    cJSON_AddNumberToObject(end, "pot", mj_game_pot(g));
  cJSON *led = cJSON_AddArrayToObject(end, "ledger");
  for (int i = 0; i < nl; i++) {
    cJSON *e = cJSON_CreateArray();
    cJSON_AddItemToArray(e, cJSON_CreateNumber(l[i].payer));
    cJSON_AddItemToArray(e, cJSON_CreateNumber(l[i].payee));
    cJSON_AddItemToArray(e, cJSON_CreateNumber(l[i].amount));
    cJSON_AddItemToArray(e, cJSON_CreateString(mj_game_reason(g, l[i].reason)));
    cJSON_AddItemToArray(led, e);
  }
  return end;
}

char *mj_replay_write(const mj_game *g, const char *const players[4],
                      const char *options, const char *digest, bool saved)
{
  outbuf b = { NULL, 0, 0, false };
  put_json(&b, header_json(g, players, options, digest));
  /* the events before the first decision, then each decision and its events:
     replay a copy to learn where the events of each decision end */
  write_pass w = { &b, g, 0, 0 };
  mj_game *x = mj_game_replay(mj_game_rules(g), mj_game_config(g),
                              mj_game_actions(g), mj_game_nactions(g),
                              write_step, &w, NULL, NULL);
  mj_game_free(x);
  int done = w.done, winner_k = w.winner_k, nev = mj_game_nevents(g);
  for (; done < nev; done++)
    put_json(&b, event_json(g, mj_game_event(g, done), &winner_k));
  put_json(&b, end_json(g, saved));
  if (b.bad) {
    free(b.p);
    return NULL;
  }
  return b.p;
}

/* }==================================================================== */

/* {====================================================================
** Reading
** ===================================================================== */

static int find_name(const char *const *names, int n, const char *s)
{
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], s) == 0)
      return i;
  return -1;
}

static mj_status line_err(mj_error *err, int line, const char *fmt,
                          const char *a)
{
  return mj_fail(err, MJ_EINVAL, 0, "line %d: %s%s", line, fmt, a ? a : "");
}

static bool get_player(cJSON *o, int *p)
{
  cJSON *x = cJSON_GetObjectItemCaseSensitive(o, "p");
  if (!cJSON_IsNumber(x) || x->valuedouble < 0 || x->valuedouble > 3 ||
      x->valuedouble != (int)x->valuedouble)
    return false;
  *p = (int)x->valuedouble;
  return true;
}

static bool get_tile(cJSON *o, const char *key, mj_tile *t)
{
  cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
  if (!cJSON_IsString(x))
    return false;
  return mj_tile_parse(x->valuestring, strlen(x->valuestring), t, NULL) ==
         MJ_OK;
}

/* "match_state": [n, ...], the ruleset's match numbers at the hand's
   start (absent: all 0); the ruleset checks how many it names. */
static bool header_match_state(cJSON *o, mj_game_cfg *cfg)
{
  cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "match_state"), *x;
  if (a == NULL)
    return true;
  if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > MJ_MATCH_STATES)
    return false;
  int k = 0;
  cJSON_ArrayForEach(x, a) {
    if (!cJSON_IsNumber(x) || x->valuedouble < 0 ||
        x->valuedouble > MJ_MATCH_STATE_MAX ||
        x->valuedouble != (int)x->valuedouble)
      return false;
    cfg->match_state[k++] = x->valueint;
  }
  return true;
}

static bool get_int(cJSON *o, const char *key, int lo, int hi, int *v)
{
  cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
  if (!cJSON_IsNumber(x) || x->valuedouble < lo || x->valuedouble > hi ||
      x->valuedouble != (int)x->valuedouble)
    return false;
  *v = (int)x->valuedouble;
  return true;
}

static mj_status parse_header(cJSON *o, mj_replay *rp, mj_error *err)
{
  int v;
  if (!get_int(o, "hule", 1, 1, &v))
    return line_err(err, 1, "not a hule log (the header needs \"hule\": 1)",
                    NULL);
  cJSON *x = cJSON_GetObjectItemCaseSensitive(o, "ruleset");
  if (!cJSON_IsString(x) || strlen(x->valuestring) >= sizeof rp->ruleset)
    return line_err(err, 1, "the header needs \"ruleset\"", NULL);
  snprintf(rp->ruleset, sizeof rp->ruleset, "%s", x->valuestring);
  static const struct { const char *key; size_t off, size; } strs[] = {
    { "version", offsetof(mj_replay, version), sizeof rp->version },
    { "options", offsetof(mj_replay, options), sizeof rp->options },
    { "digest", offsetof(mj_replay, digest), sizeof rp->digest },
  };
  for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++) {
    x = cJSON_GetObjectItemCaseSensitive(o, strs[i].key);
    if (x == NULL)
      continue;
    if (!cJSON_IsString(x) || strlen(x->valuestring) >= strs[i].size)
      return line_err(err, 1, "bad header field ", strs[i].key);
    snprintf((char *)rp + strs[i].off, strs[i].size, "%s", x->valuestring);
  }
  x = cJSON_GetObjectItemCaseSensitive(o, "seed");
  if (!cJSON_IsString(x) || x->valuestring[0] == '\0' ||
      strspn(x->valuestring, "0123456789") != strlen(x->valuestring) ||
      strlen(x->valuestring) > 20)
    return line_err(err, 1, "the header needs \"seed\" as a string of digits",
                    NULL);
  rp->cfg.seed = strtoull(x->valuestring, NULL, 10);
  if (!get_int(o, "dealer", 0, 3, &rp->cfg.dealer) ||
      !get_int(o, "round", 0, 3, &rp->cfg.round))
    return line_err(err, 1, "the header needs \"dealer\" and \"round\" (0..3)",
                    NULL);
  if (cJSON_GetObjectItemCaseSensitive(o, "hand") &&
      !get_int(o, "hand", 1, 100000, &rp->cfg.hand))
    return line_err(err, 1, "\"hand\" is a number from 1", NULL);
  if (cJSON_GetObjectItemCaseSensitive(o, "streak") &&
      !get_int(o, "streak", 0, 1000, &rp->cfg.streak))
    return line_err(err, 1, "\"streak\" is a number 0..1000", NULL);
  if (!header_match_state(o, &rp->cfg))
    return line_err(err, 1, "\"match_state\" is a list of up to 8 numbers "
                    "0..30000", NULL);
  if (cJSON_GetObjectItemCaseSensitive(o, "honba") &&
      !get_int(o, "honba", 0, 1000, &rp->cfg.honba))
    return line_err(err, 1, "\"honba\" is a number 0..1000", NULL);
  if (cJSON_GetObjectItemCaseSensitive(o, "pot") &&
      !get_int(o, "pot", 0, MJ_MAX_SCORE, &rp->cfg.pot))
    return line_err(err, 1, "\"pot\" is a number 0..1000000000", NULL);
  if (cJSON_GetObjectItemCaseSensitive(o, "dice") &&
      !get_int(o, "dice", 2, 12, &rp->cfg.dice))
    return line_err(err, 1, "\"dice\" is 2..12", NULL);
  /* the seats: as many as "players" names (four in a log without it) */
  x = cJSON_GetObjectItemCaseSensitive(o, "players");
  rp->np = x == NULL ? 4 : cJSON_IsArray(x) ? cJSON_GetArraySize(x) : 0;
  if (rp->np < 2 || rp->np > 4)
    return line_err(err, 1, "\"players\" names 2 to 4 seats", NULL);
  x = cJSON_GetObjectItemCaseSensitive(o, "scores");
  if (x != NULL && (!cJSON_IsArray(x) || cJSON_GetArraySize(x) != rp->np))
    return line_err(err, 1, "\"scores\" holds a whole number a player",
                    NULL);
  for (int i = 0; x != NULL && i < rp->np; i++) {
    cJSON *y = cJSON_GetArrayItem(x, i);
    if (!cJSON_IsNumber(y) || y->valuedouble < -1e9 || y->valuedouble > 1e9 ||
        y->valuedouble != (int)y->valuedouble)
      return line_err(err, 1, "\"scores\" holds a whole number a player",
                      NULL);
    rp->cfg.scores[i] = (int)y->valuedouble;
  }
  x = cJSON_GetObjectItemCaseSensitive(o, "wall");
  if (x != NULL) {
    int n = 0;
    mj_error e;
    if (!cJSON_IsString(x) ||
        mj_tiles_parse(x->valuestring, strlen(x->valuestring), 1, true,
                       rp->wall, NULL, MJ_WALL_MAX, &n, &e) != MJ_OK)
      return line_err(err, 1, "bad \"wall\"", NULL);
    rp->cfg.wall = rp->wall;
    rp->cfg.wall_n = n;
    x = cJSON_GetObjectItemCaseSensitive(o, "red");
    if (x != NULL) {
      memset(rp->wall_red, 0, sizeof rp->wall_red);
      if (!cJSON_IsArray(x) || cJSON_GetArraySize(x) > 12)
        return line_err(err, 1, "\"red\" lists at most 12 places in the "
                        "wall", NULL);
      for (int i = 0; i < cJSON_GetArraySize(x); i++) {
        cJSON *y = cJSON_GetArrayItem(x, i);
        if (!cJSON_IsNumber(y) || y->valuedouble < 0 ||
            y->valuedouble >= n || y->valuedouble != (int)y->valuedouble ||
            rp->wall[(int)y->valuedouble] >= MJ_HONOR_FIRST ||
            rp->wall[(int)y->valuedouble] % 9 != 4)
          return line_err(err, 1, "\"red\" names places of fives in the "
                          "wall", NULL);
        rp->wall_red[(int)y->valuedouble] = 1;
      }
      rp->cfg.wall_red = rp->wall_red;
    }
  }
  x = cJSON_GetObjectItemCaseSensitive(o, "players");
  for (int i = 0; i < 4; i++) {
    cJSON *y = cJSON_IsArray(x) && i < rp->np ? cJSON_GetArrayItem(x, i)
                                              : NULL;
    snprintf(rp->players[i], sizeof rp->players[i], "%s",
             cJSON_IsString(y) ? y->valuestring : "?");
  }
  return MJ_OK;
}

/* Is the line clean text (text.h) in what it says, escapes decoded too?
   A NUL or a control character written as an escape (\u0000, \n) would
   pass the JSON reader: they are refused here, with the column. */
static bool line_clean(const char *s, size_t n, char *why, size_t cap)
{
  size_t at;
  char f[60];
  if (!mj_text_clean(s, n, &at)) {
    snprintf(why, cap, "%s at column %zu", mj_text_fault(s, n, at, f, sizeof f),
             at + 1);
    return false;
  }
  for (size_t i = 0; i + 1 < n; i++) {
    if (s[i] != '\\')
      continue;
    char e = s[i + 1];
    unsigned v = 0x20;
    static const char esc[] = "btnfr";   /* U+0008, 9, A, C, D */
    const char *k = e != '\0' ? strchr(esc, e) : NULL;
    if (k != NULL)
      v = (unsigned)(k - esc) + 8 + (k - esc >= 3);
    else if (e == 'u' && i + 5 < n && sscanf(s + i + 2, "%4x", &v) != 1)
      v = 0x20;
    if (v < 0x20 || (v >= 0x7f && v <= 0x9f)) {
      snprintf(why, cap, "a control character (U+%04X) written as an escape "
               "at column %zu", v, i + 1);
      return false;
    }
    i++;          /* the escaped character, a backslash included */
  }
  return true;
}

void mj_replay_free(mj_replay *rp)
{
  free(rp->text);
  free(rp->acts);
  free(rp->act_lines);
  free(rp->evs);
  memset(rp, 0, sizeof *rp);
}

/* The parse in progress: the log, where it is, the arrays' room. */
typedef struct parse {
  mj_replay *rp;
  int line, capa, cape;
  bool ended;
  mj_error *err;
} parse;

/* A line {"act": ..., "p": ..., "tile": ...}. */
static mj_status parse_action(parse *ps, cJSON *o, const char *name)
{
  static const char *const acts[] = {
    "discard", "win", "ckong", "akong", "pass", "chi", "pon", "kong", "swap",
    "que", "declare", "take", "open"
  };
  _Static_assert(sizeof acts / sizeof acts[0] == MJ_ACT_COUNT,
                 "a name for every action");
  mj_replay *rp = ps->rp;
  int k = find_name(acts, MJ_ACT_COUNT, name), p = 0;
  mj_action act = { (uint8_t)k, 0, MJ_NO_TILE, 0 };
  if (k < 0)
    return line_err(ps->err, ps->line, "unknown action ", name);
  if (!get_player(o, &p))
    return line_err(ps->err, ps->line, "the action needs \"p\" (0..3)", NULL);
  bool optional = k == MJ_ACT_PASS || k == MJ_ACT_PON || k == MJ_ACT_KONG ||
                  k == MJ_ACT_WIN || k == MJ_ACT_TAKE;
  bool given = cJSON_GetObjectItemCaseSensitive(o, "tile") != NULL;
  if (!get_tile(o, "tile", &act.tile) && (given || !optional))
    return line_err(ps->err, ps->line, given ? "the action's \"tile\" is not "
                    "a tile" : "the action needs a \"tile\"", NULL);
  if (optional && k != MJ_ACT_WIN)
    act.tile = MJ_NO_TILE;
  act.player = (uint8_t)p;
  act.red = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "red"));
  int with = -1;     /* a declaration made with a discard: its index */
  if (cJSON_GetObjectItemCaseSensitive(o, "with") != NULL &&
      (k != MJ_ACT_DECLARE || act.tile >= MJ_KINDS ||
       !get_int(o, "with", 0, 3, &with)))
    return line_err(ps->err, ps->line, "\"with\" is a declaration's index "
                    "0..3, with a discard's tile", NULL);
  if (with >= 0)
    act.tile = MJ_DECL_WITH(with, act.tile);
  if (rp->nact >= ps->capa) {
    ps->capa = ps->capa ? ps->capa * 2 : 128;
    mj_action *na = realloc(rp->acts, sizeof *na * (size_t)ps->capa);
    if (na)
      rp->acts = na;
    int *nl = realloc(rp->act_lines, sizeof *nl * (size_t)ps->capa);
    if (nl)
      rp->act_lines = nl;
    if (!na || !nl)
      return mj_fail(ps->err, MJ_ENOMEM, 0, "out of memory");
  }
  rp->act_lines[rp->nact] = ps->line;
  rp->acts[rp->nact++] = act;
  return MJ_OK;
}

/* A line {"ev": ..., "p": ..., "from": ..., "tile": ..., "meld": ...}. */
static mj_status parse_event(parse *ps, cJSON *o, const char *name)
{
  mj_replay *rp = ps->rp;
  int k = find_name(ev_names, MJ_EV_COUNT, name), p, from;
  if (k < 0)
    return line_err(ps->err, ps->line, "unknown event ", name);
  mj_logged_event le;
  memset(&le, 0, sizeof le);
  le.line = ps->line;
  le.ev.type = (uint8_t)k;
  le.ev.player = get_player(o, &p) ? (int8_t)p : -1;
  le.ev.from = get_int(o, "from", 0, 3, &from) ? (int8_t)from : -1;
  le.ev.tile = MJ_NO_TILE;
  le.ev.claimed = MJ_NO_TILE;
  mj_tile t;
  if (k == MJ_EV_CHI) {
    cJSON *m = cJSON_GetObjectItemCaseSensitive(o, "meld");
    mj_tile ts[3];
    int cnt = 0;
    if (cJSON_IsString(m) &&
        mj_tiles_parse(m->valuestring, strlen(m->valuestring), 1, false, ts,
                       NULL, 3, &cnt, NULL) == MJ_OK &&
        cnt == 3)
      le.ev.tile = ts[0];
    if (get_tile(o, "tile", &t))
      le.ev.claimed = t;
  } else if (get_tile(o, "tile", &t)) {
    le.ev.tile = t;
  }
  if (rp->nev >= ps->cape) {
    ps->cape = ps->cape ? ps->cape * 2 : 256;
    mj_logged_event *ne = realloc(rp->evs, sizeof *ne * (size_t)ps->cape);
    if (ne == NULL)
      return mj_fail(ps->err, MJ_ENOMEM, 0, "out of memory");
    rp->evs = ne;
  }
  rp->evs[rp->nev++] = le;
  return MJ_OK;
}

/* The line of n bytes at s as a JSON object, or NULL with the error. */
static cJSON *parse_line(parse *ps, const char *s, size_t n, bool cut,
                         mj_status *st)
{
  char why[120];
  const char *what = cut ? "the log is cut off (the last line has no end)"
                   : ps->ended ? "text after the end of the hand"
                   : n > 65536 ? "a line longer than 64 KB"
                   : !line_clean(s, n, why, sizeof why) ? why : NULL;
  if (what != NULL) {
    *st = line_err(ps->err, ps->line, what,
                   what == why ? " (a log holds clean text only)" : NULL);
    return NULL;
  }
  cJSON *o = cJSON_ParseWithLength(s, n);
  if (o == NULL || !cJSON_IsObject(o)) {
    cJSON_Delete(o);
    *st = line_err(ps->err, ps->line, ps->line == 1 ? "not a hule log (not "
                   "JSON)" : "not a JSON object", NULL);
    return NULL;
  }
  return o;
}

/* One line after the header: an action, an event, or the end. */
static mj_status parse_record(parse *ps, cJSON *o)
{
  cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "act");
  cJSON *e = cJSON_GetObjectItemCaseSensitive(o, "ev");
  if (cJSON_IsString(a))
    return parse_action(ps, o, a->valuestring);
  if (cJSON_IsString(e))
    return parse_event(ps, o, e->valuestring);
  if (cJSON_GetObjectItemCaseSensitive(o, "end") ||
      cJSON_GetObjectItemCaseSensitive(o, "saved")) {
    ps->ended = true;
    ps->rp->over = cJSON_GetObjectItemCaseSensitive(o, "end") != NULL;
    ps->rp->saved = !ps->rp->over;
    return MJ_OK;
  }
  return line_err(ps->err, ps->line,
                  "neither an action (\"act\") nor an event (\"ev\")", NULL);
}

mj_status mj_replay_parse(const char *text, size_t len, mj_replay *rp,
                          mj_error *err)
{
  memset(rp, 0, sizeof *rp);
  if (len > MJ_REPLAY_MAX_BYTES)
    return mj_fail(err, MJ_ERANGE, 0,
                   "the log is %zu bytes: a hule log is at most %d", len,
                   MJ_REPLAY_MAX_BYTES);
  parse ps = { rp, 0, 0, 0, false, err };
  size_t pos = 0;
  mj_status st = MJ_OK;
  while (pos < len && st == MJ_OK) {
    const char *nl = memchr(text + pos, '\n', len - pos);
    size_t n = nl ? (size_t)(nl - (text + pos)) : len - pos;
    ps.line++;
    cJSON *o = parse_line(&ps, text + pos, n, nl == NULL, &st);
    if (o == NULL)
      break;
    pos += n + 1;
    st = ps.line == 1 ? parse_header(o, rp, err) : parse_record(&ps, o);
    cJSON_Delete(o);
  }
  if (st == MJ_OK && ps.line == 0)
    st = mj_fail(err, MJ_EINVAL, 0, "line 1: the log is empty");
  if (st == MJ_OK && !ps.ended)
    st = line_err(err, ps.line,
                  "the log is cut off: no end or save record after this line",
                  NULL);
  rp->lines = ps.line;
  if (st == MJ_OK) {
    rp->text = malloc(len + 1);
    if (rp->text == NULL)
      st = mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    else {
      memcpy(rp->text, text, len);
      rp->text[len] = '\0';
      rp->len = len;
    }
  }
  if (st != MJ_OK)
    mj_replay_free(rp);
  return st;
}

static bool same_event(const mj_event *a, const mj_event *b)
{
  if (a->type != b->type || a->player != b->player)
    return false;
  if (a->type == MJ_EV_DEAL || a->type == MJ_EV_DRAWN ||
      a->type == MJ_EV_ABORT)
    return true;
  if (a->claimed != b->claimed)
    return false;
  return a->tile == b->tile &&
         (a->type == MJ_EV_DRAW || a->type == MJ_EV_FLOWER ||
          a->type == MJ_EV_DISCARD || a->type == MJ_EV_INDICATOR ||
          a->type == MJ_EV_CKONG || a->type == MJ_EV_AKONG ||
          a->type == MJ_EV_DECLINE || a->from == b->from);
}

static void event_text(const mj_event *e, char *buf, size_t cap)
{
  char t[3];
  snprintf(buf, cap, "%s%s%s by %d",
           e->type < MJ_EV_COUNT ? ev_names[e->type] : "?",
           e->tile != MJ_NO_TILE ? " " : "",
           e->tile != MJ_NO_TILE ? mj_tile_str(e->tile, t) : "", e->player);
}

/* The replay's step: the engine's events so far must be those the log holds. */
typedef struct build_check {
  const mj_replay *rp;
  int checked;            /* events compared so far */
  mj_error *err;
  bool bad;
} build_check;

static int check_events(void *ud, int i, const mj_game *g)
{
  (void)i;
  build_check *c = ud;
  int n = mj_game_nevents(g);
  for (; c->checked < n && c->checked < c->rp->nev; c->checked++) {
    const mj_event *mine = mj_game_event(g, c->checked);
    const mj_logged_event *theirs = &c->rp->evs[c->checked];
    if (!same_event(mine, &theirs->ev)) {
      char a[64], b[64];
      event_text(mine, a, sizeof a);
      event_text(&theirs->ev, b, sizeof b);
      mj_fail(c->err, MJ_EINVAL, 0,
              "line %d: the log says '%s' where the game gives '%s' "
              "(an edited log, or another ruleset version)",
              theirs->line, b, a);
      c->bad = true;
      return 1;
    }
  }
  return 0;
}

mj_game *mj_replay_build(const mj_replay *rp, const mj_rules *r, int upto,
                         mj_error *err)
{
  if (strcmp(rp->ruleset, mj_rules_id(r)) != 0) {
    mj_fail(err, MJ_EINVAL, 0, "the log is a game of %s, not %s", rp->ruleset,
            mj_rules_id(r));
    return NULL;
  }
  if (rp->np != mj_rules_ctable(r)->players) {
    mj_fail(err, MJ_EINVAL, 0, "line 1: the log names %d players, but %s "
            "seats %d", rp->np, mj_rules_id(r), mj_rules_ctable(r)->players);
    return NULL;
  }
  if (upto < 0 || upto > rp->nact)
    upto = rp->nact;
  build_check c = { rp, 0, err, false };
  int failed;
  mj_error e;
  /* the wall and its reds are rp's own, wherever rp was copied to */
  mj_game_cfg cfg = rp->cfg;
  if (cfg.wall != NULL)
    cfg.wall = rp->wall;
  if (cfg.wall_red != NULL)
    cfg.wall_red = rp->wall_red;
  mj_game *g = mj_game_replay(r, &cfg, rp->acts, upto, check_events, &c,
                              &failed, &e);
  if (g == NULL) {
    if (failed >= 0)
      mj_fail(err, MJ_EINVAL, 0, "line %d: this action cannot be played: %s",
              rp->act_lines[failed], e.msg);
    else if (!c.bad)
      mj_fail(err, MJ_EINVAL, 0, "%s", e.msg);
    return NULL;
  }
  if (c.bad) {
    mj_game_free(g);
    return NULL;
  }
  const char *why = NULL;
  int line = 0;
  if (upto == rp->nact && c.checked < rp->nev) {
    why = "the log holds events the game does not give";
    line = rp->evs[c.checked].line;
  } else if (upto == rp->nact && rp->over && !mj_game_over(g)) {
    why = "the log ends the hand, but its moves do not";
    line = rp->lines;
  }
  if (why != NULL) {
    mj_fail(err, MJ_EINVAL, 0, "line %d: %s", line, why);
    mj_game_free(g);
    return NULL;
  }
  return g;
}

/* The n-th line of text (1-based) into [*b, *e); false past the end. */
static bool nth_line(const char *text, size_t len, int n, const char **b,
                     const char **e)
{
  const char *p = text, *end = text + len;
  for (int i = 1; i < n; i++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (nl == NULL)
      return false;
    p = nl + 1;
  }
  if (p >= end)
    return false;
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  *b = p;
  *e = nl != NULL ? nl : end;
  return true;
}

/* A value as short text for a message. */
static void value_text(const cJSON *v, char *buf, size_t cap)
{
  char *t = v != NULL ? cJSON_PrintUnformatted(v) : NULL;
  snprintf(buf, cap, "%.60s%s", t ? t : "nothing",
           t && strlen(t) > 60 ? "..." : "");
  cJSON_free(t);
}

/* Name the first field where the log's line x and the game's y differ. */
static mj_status differ(int line, const cJSON *x, const cJSON *y, mj_error *err)
{
  const char *key = NULL;
  const cJSON *a = NULL, *b = NULL;
  for (const cJSON *f = y ? y->child : NULL; f != NULL && key == NULL;
       f = f->next) {
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(x, f->string);
    if (!cJSON_Compare(f, g, true))
      key = f->string, a = g, b = f;
  }
  for (const cJSON *g = x ? x->child : NULL; g != NULL && key == NULL;
       g = g->next)
    if (cJSON_GetObjectItemCaseSensitive(y, g->string) == NULL)
      key = g->string, a = g, b = NULL;
  char va[80], vb[80];
  value_text(a, va, sizeof va);
  value_text(b, vb, sizeof vb);
  if (key != NULL && (a == NULL || b == NULL) &&
      (!strcmp(key, "ev") || !strcmp(key, "act") || !strcmp(key, "end"))) {
    value_text(y, vb, sizeof vb);
    return mj_fail(err, MJ_EINVAL, 0,
                   "line %d: the game replayed from the log has %s "
                   "here (lines of the log were removed, added or moved)",
                   line, vb);
  }
  return mj_fail(err, MJ_EINVAL, 0,
                 "line %d: \"%.30s\" is %s in the log, %s in the "
                 "game replayed from it (an edited log)",
                 line, key ? key : "?", va, vb);
}

/*
** A win written before flowers were told apart (flowers=2 where the
** game now says flowers=37f): the regenerated hand y takes the log's x
** when the two differ in that count alone, and the count agrees.
*/
static void old_flowers(const cJSON *x, cJSON *y)
{
  const cJSON *hx = cJSON_GetObjectItemCaseSensitive(x, "hand");
  cJSON *hy = cJSON_GetObjectItemCaseSensitive(y, "hand");
  if (!cJSON_IsString(hx) || !cJSON_IsString(hy) ||
      strcmp(hx->valuestring, hy->valuestring) == 0)
    return;
  const char *f = strstr(hy->valuestring, " flowers=");
  if (f == NULL)
    return;
  size_t d = strspn(f + 9, "12345678");
  if (d == 0 || f[9 + d] != 'f')
    return;
  char was[512];
  int n = snprintf(was, sizeof was, "%.*s flowers=%zu%s",
                   (int)(f - hy->valuestring), hy->valuestring, d, f + 10 + d);
  if (n > 0 && (size_t)n < sizeof was && strcmp(was, hx->valuestring) == 0)
    cJSON_SetValuestring(hy, hx->valuestring);
}

mj_status mj_replay_check(const mj_replay *rp, const mj_rules *r,
                          const char *digest, mj_error *err)
{
  if (rp->text == NULL)
    return mj_fail(err, MJ_EINVAL, 0, "no log text to check");
  if (strcmp(rp->version, mj_rules_version(r)) != 0)
    return mj_fail(err, MJ_EINVAL, 0,
                   "line 1: the log was made with version %s of %s, "
                   "the loaded one is %s",
                   rp->version[0] ? rp->version : "(none)", mj_rules_id(r),
                   mj_rules_version(r));
  if (digest != NULL && strcmp(rp->digest, digest) != 0)
    return mj_fail(
        err, MJ_EINVAL, 0,
        "line 1: the log was made under rules of digest %s, "
        "the loaded %s has %s (another version of the ruleset's file)",
        rp->digest[0] ? rp->digest : "(none)", mj_rules_id(r), digest);
  mj_game *g = mj_replay_build(rp, r, -1, err);
  if (g == NULL)
    return MJ_EINVAL;
  const char *players[4] = { rp->players[0], rp->players[1], rp->players[2],
                             rp->players[3] };
  char *again = mj_replay_write(g, players, rp->options, rp->digest, rp->saved);
  mj_game_free(g);
  if (again == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  mj_status st = MJ_OK;
  size_t alen = strlen(again);
  for (int line = 1; st == MJ_OK; line++) {
    const char *ab, *ae, *bb, *be;
    bool in_log = nth_line(rp->text, rp->len, line, &ab, &ae);
    bool in_game = nth_line(again, alen, line, &bb, &be);
    if (!in_log && !in_game)
      break;
    if (!in_log || !in_game) {
      st = mj_fail(
          err, MJ_EINVAL, 0, "line %d: %s", line,
          in_game
              ? "the log ends here, but the game goes on (lines were removed)"
              : "the game has ended, but the log goes on (lines were added)");
      break;
    }
    cJSON *x = cJSON_ParseWithLength(ab, (size_t)(ae - ab));
    cJSON *y = cJSON_ParseWithLength(bb, (size_t)(be - bb));
    /* a log written before the ledger: its end record is checked without
       one (the ledger is derived; pay and scores are still compared) */
    if (x != NULL && y != NULL && cJSON_HasObjectItem(y, "ledger") &&
        cJSON_HasObjectItem(x, "end") && !cJSON_HasObjectItem(x, "ledger"))
      cJSON_DeleteItemFromObjectCaseSensitive(y, "ledger");
    old_flowers(x, y);
    if (!cJSON_Compare(x, y, true))
      st = differ(line, x, y, err);
    cJSON_Delete(x);
    cJSON_Delete(y);
  }
  free(again);
  return st;
}

/* }==================================================================== */
