/*
** mjaibot.c
** "--bots mjai:PROGRAM": a riichi bot of the ecosystem (the mjai protocol,
** FORMATS-riichi.md, docs/bots.md) at hule's table. The program is
** started once (sh -c, its own process group) and told, one JSON line a
** message, every event of its seat's view as mjai says it (start_game,
** start_kyoku with the others' tehais "?", tsumo with the others' pai
** "?", dahai, calls, dora, reach, reach_accepted); it answers each
** message with one line: an action or {"type":"none"}. The answer to
** the last message before one of hule's decisions for that seat is the
** decision: dahai, reach (then, told its own reach, a dahai), hora, chi,
** pon, daiminkan, ankan, kakan, ryukyoku (九種九牌) or none. The others
** are read and let go. An answer late, garbled or not legal is replaced
** by the efficiency bot's choice and counted (mj_bot_failures), as for
** cmd: bots; the answers a late program still owes are read and dropped
** before its next ones, so that it stays in step.
*/
#include "mjaibot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "mjai_events.h"
#include "proc.h"
#include "rules.h"

typedef struct mjaibot {
  progbot pb;              /* first: its process, "mjai:PROGRAM", limit */
  bool started, in_kyoku, asked;
  /* the hand whose events were sent: its game, seed, hand and seat */
  const mj_game *g;
  uint64_t seed;
  int hand, seat, sent;
  mjai_conv conv;
  int owed;                /* answers a late program still owes */
} mjaibot;

/* {====================================================================
** Messages
** ===================================================================== */

/* Send one message and read its answer (NULL: none in time, or the
   program ended; err says which). The caller deletes the answer. */
static cJSON *ask(mjaibot *b, const cJSON *msg, double deadline,
                  mj_error *err)
{
  char *text = cJSON_PrintUnformatted(msg);
  if (text == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory"), NULL;
  bool sent = proc_send(b->pb.pr, text, deadline);
  free(text);
  if (!sent)
    return mj_fail(err, MJ_EIO, 0, "%s: cannot write to it (%s)", b->pb.name,
                   b->pb.pr->dead ? "it ended" : "it does not read"), NULL;
  b->owed++;
  for (;;) {
    mj_error pe;
    int r = proc_read_line(b->pb.pr, deadline, &pe);
    if (r == 0)
      return mj_fail(err, MJ_ERANGE, 0, "%s: no answer within %d ms",
                     b->pb.name, b->pb.limit_ms), NULL;
    if (r < 0)
      return mj_fail(err, MJ_EIO, 0, "%s: %s", b->pb.name, pe.msg), NULL;
    if (--b->owed > 0)
      continue;      /* a late answer to an earlier message: dropped */
    cJSON *o = cJSON_Parse(b->pb.pr->line);
    if (o == NULL || !cJSON_IsObject(o)) {
      cJSON_Delete(o);
      return mj_fail(err, MJ_EINVAL, 0, "%s: an answer is one JSON object "
                     "a line ({\"type\":\"none\"})", b->pb.name), NULL;
    }
    return o;
  }
}

/* Send the messages of arr in order; the answer to the last (NULL when
   arr is empty or an answer failed). */
static cJSON *tell(mjaibot *b, const cJSON *arr, double deadline,
                   mj_error *err)
{
  cJSON *last = NULL;
  int n = cJSON_GetArraySize(arr);
  for (int i = 0; i < n; i++) {
    cJSON_Delete(last);
    last = ask(b, cJSON_GetArrayItem(arr, i), deadline, err);
    if (last == NULL)
      return NULL;
  }
  if (n == 0)
    mj_fail(err, MJ_EINVAL, 0, "%s: a decision with nothing new to tell",
            b->pb.name);
  return last;
}

/* The scores before the hand: the game's, or the ruleset's start. */
static void start_scores(const mj_game *g, int sc[4])
{
  const mj_game_cfg *c = mj_game_config(g);
  bool given = c->scores[0] | c->scores[1] | c->scores[2] | c->scores[3];
  int start = mj_rules_ctable(mj_game_rules(g))->start_score;
  for (int p = 0; p < 4; p++)
    sc[p] = given ? c->scores[p] : start;
}

/* The messages of what happened since the last decision, into arr: on a
   new hand, end_kyoku of the one before, start_game the first time (and
   end_game then start_game when the seat changes, a sim's duplicate
   turn, or the hand is not the next of a match: a sim's next game), and
   start_kyoku; then the hand's events. */
static bool news(mjaibot *b, const mj_game *g, int p, cJSON *arr,
                 mj_error *err)
{
  const mj_game_cfg *c = mj_game_config(g);
  bool same = b->g == g && b->seed == c->seed && b->hand == c->hand &&
              b->seat == p && b->sent <= mj_game_nevents(g);
  if (!same) {
    if (b->in_kyoku)
      mjai_ev(arr, "end_kyoku");
    /* another seat, or a hand that is not the next of a match (a sim's
       games are each a game of their own): another game */
    if (b->started && (b->seat != p || c->hand == 0 || c->hand != b->hand + 1)) {
      mjai_ev(arr, "end_game");
      b->started = false;
    }
    if (!b->started) {
      cJSON *o = mjai_ev(arr, "start_game");
      cJSON_AddNumberToObject(o, "id", p);
      cJSON *names = cJSON_AddArrayToObject(o, "names");
      for (int q = 0; q < 4; q++) {
        char nm[16];
        snprintf(nm, sizeof nm, "seat%d", q);
        cJSON_AddItemToArray(names, cJSON_CreateString(nm));
      }
      b->started = true;
    }
    mj_game *dealt = mj_game_new(mj_game_rules(g), c, err);
    if (dealt == NULL)
      return false;
    int sc[4];
    start_scores(g, sc);
    mjai_start_kyoku(dealt, sc, p, arr);
    mj_game_free(dealt);
    b->g = g;
    b->seed = c->seed;
    b->hand = c->hand;
    b->seat = p;
    b->sent = 0;
    b->in_kyoku = true;
    mjai_conv_init(&b->conv, p);
  }
  for (; b->sent < mj_game_nevents(g); b->sent++)
    mjai_event(g, b->sent, &b->conv, arr);
  mjai_rob_kakan(g, &b->conv, arr);
  return true;
}

/* }==================================================================== */

/* {====================================================================
** Answers
** ===================================================================== */

/* The first legal action of type with tile (MJ_NO_TILE: any), its red
   flag matching when red >= 0; -1 when none is. */
static int find(const mj_action *legal, int n, int type, mj_tile tile,
                int red)
{
  for (int i = 0; i < n; i++)
    if (legal[i].type == type &&
        (tile == MJ_NO_TILE || legal[i].tile == tile) &&
        (red < 0 || (legal[i].red != 0) == (red != 0)))
      return i;
  return -1;
}

/* The legal declaration made with a discard of t (riichi), or -1. */
static int find_with(const mj_action *legal, int n, mj_tile t, bool red)
{
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < n; i++)
      if (legal[i].type == MJ_ACT_DECLARE && MJ_DECL_IS_WITH(legal[i].tile) &&
          MJ_DECL_TILE(legal[i].tile) == t &&
          (pass == 1 || (legal[i].red != 0) == red))
        return i;
  return -1;
}

/* The lowest tile of a chi: pai and its consumed two. */
static mj_tile chi_low(const cJSON *o, mj_tile pai)
{
  mj_tile low = pai, t;
  bool red;
  const cJSON *c;
  cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(o, "consumed"))
    if (mjai_parse_pai(c, &t, &red) && t < low)
      low = t;
  return low;
}

/* The legal action an answer names (reach is handled by the caller);
   -1 when none. */
static int named(const cJSON *o, const char *type, const mj_action *legal,
                 int n)
{
  mj_tile t = MJ_NO_TILE, c0 = MJ_NO_TILE;
  bool red = false, cred;
  bool has_pai = mjai_parse_pai(cJSON_GetObjectItemCaseSensitive(o, "pai"), &t,
                           &red);
  const cJSON *cons = cJSON_GetObjectItemCaseSensitive(o, "consumed");
  if (cJSON_GetArraySize(cons) > 0)
    mjai_parse_pai(cJSON_GetArrayItem(cons, 0), &c0, &cred);
  if (strcmp(type, "dahai") == 0 && has_pai) {
    int i = find(legal, n, MJ_ACT_DISCARD, t, red);
    return i >= 0 ? i : find(legal, n, MJ_ACT_DISCARD, t, -1);
  }
  if (strcmp(type, "hora") == 0)
    return find(legal, n, MJ_ACT_WIN, MJ_NO_TILE, -1);
  if (strcmp(type, "none") == 0)
    return find(legal, n, MJ_ACT_PASS, MJ_NO_TILE, -1);
  /* a call whose consumed tiles hold a red five takes the hand's red
     one where the game offers that choice */
  int creds = 0;
  const cJSON *ci;
  cJSON_ArrayForEach(ci, cons) {
    mj_tile u;
    bool r;
    creds += mjai_parse_pai(ci, &u, &r) && r;
  }
  int want = creds > 0 ? 1 : 0, k;
  if (strcmp(type, "pon") == 0)
    return (k = find(legal, n, MJ_ACT_PON, MJ_NO_TILE, want)) >= 0
               ? k : find(legal, n, MJ_ACT_PON, MJ_NO_TILE, 0);
  if (strcmp(type, "daiminkan") == 0)
    return find(legal, n, MJ_ACT_KONG, MJ_NO_TILE, -1);
  if (strcmp(type, "chi") == 0 && has_pai)
    return (k = find(legal, n, MJ_ACT_CHI, chi_low(o, t), want)) >= 0
               ? k : find(legal, n, MJ_ACT_CHI, chi_low(o, t), 0);
  if (strcmp(type, "ankan") == 0 && c0 != MJ_NO_TILE)
    return find(legal, n, MJ_ACT_CKONG, c0, -1);
  if (strcmp(type, "kakan") == 0 && has_pai)
    return find(legal, n, MJ_ACT_AKONG, t, -1);
  if (strcmp(type, "ryukyoku") == 0)   /* 九種九牌: a declaration alone */
    for (int i = 0; i < n; i++)
      if (legal[i].type == MJ_ACT_DECLARE && !MJ_DECL_IS_WITH(legal[i].tile))
        return i;
  return -1;
}

/* reach: the program is told its own reach and names the discard. */
static int reach(mjaibot *b, int p, const mj_action *legal, int n,
                 double deadline, mj_error *err)
{
  bool any = false;
  for (int i = 0; i < n && !any; i++)
    any = legal[i].type == MJ_ACT_DECLARE && MJ_DECL_IS_WITH(legal[i].tile);
  if (!any)
    return mj_fail(err, MJ_EINVAL, 0, "%s: reach is not legal now", b->pb.name),
           -1;
  cJSON *msg = cJSON_CreateObject();
  cJSON_AddStringToObject(msg, "type", "reach");
  cJSON_AddNumberToObject(msg, "actor", p);
  cJSON *a = ask(b, msg, deadline, err);
  cJSON_Delete(msg);
  if (a == NULL)
    return -1;
  b->conv.skip_reach = true;     /* told already */
  mj_tile t;
  bool red;
  const cJSON *type = cJSON_GetObjectItemCaseSensitive(a, "type");
  int i = cJSON_IsString(type) && strcmp(type->valuestring, "dahai") == 0 &&
                  mjai_parse_pai(cJSON_GetObjectItemCaseSensitive(a, "pai"), &t,
                            &red)
              ? find_with(legal, n, t, red) : -1;
  cJSON_Delete(a);
  if (i < 0)
    mj_fail(err, MJ_EINVAL, 0, "%s: after reach, a dahai of a tile that "
            "may be discarded with it", b->pb.name);
  return i;
}

/* The decision an answer makes: its index among legal, or -1 with err. */
static int decide(mjaibot *b, const cJSON *a, int p, const mj_action *legal,
                  int n, double deadline, mj_error *err)
{
  const cJSON *type = cJSON_GetObjectItemCaseSensitive(a, "type");
  const cJSON *actor = cJSON_GetObjectItemCaseSensitive(a, "actor");
  if (!cJSON_IsString(type))
    return mj_fail(err, MJ_EINVAL, 0, "%s: an answer without a type",
                   b->pb.name), -1;
  if (actor != NULL && (!cJSON_IsNumber(actor) || actor->valuedouble != p))
    return mj_fail(err, MJ_EINVAL, 0, "%s: answered as another seat",
                   b->pb.name), -1;
  if (strcmp(type->valuestring, "reach") == 0)
    return reach(b, p, legal, n, deadline, err);
  int i = named(a, type->valuestring, legal, n);
  if (i < 0) {
    char *text = cJSON_PrintUnformatted(a);
    mj_fail(err, MJ_EINVAL, 0, "%s: %.120s is not a legal answer now",
            b->pb.name, text ? text : "?");
    free(text);
  }
  return i;
}

/* }==================================================================== */

static int mjaibot_choose(void *ud, const mj_game *g, int p,
                          const mj_action *legal, int n, mj_error *err)
{
  mjaibot *b = ud;
  if (b->pb.pr->dead)
    return mj_fail(err, MJ_EIO, 0, "%s: the program ended", b->pb.name), -1;
  if (mj_rules_ctable(mj_game_rules(g))->indicators == 0)
    return mj_fail(err, MJ_EINVAL, 0, "%s: mjai speaks riichi, not %s",
                   b->pb.name, mj_rules_id(mj_game_rules(g))), -1;
  if (mj_rules_ctable(mj_game_rules(g))->hand != 13)
    return mj_fail(err, MJ_EINVAL, 0, "%s: mjai speaks riichi's hands of 13 "
                   "tiles; %s deals %d", b->pb.name,
                   mj_rules_id(mj_game_rules(g)),
                   mj_rules_ctable(mj_game_rules(g))->hand), -1;
  double limit = !b->asked && b->pb.limit_ms < 10000 ? 10000 : b->pb.limit_ms;
  double deadline = proc_now_ms() + limit;
  b->asked = true;
  cJSON *arr = cJSON_CreateArray();
  cJSON *a = arr != NULL && news(b, g, p, arr, err)
                 ? tell(b, arr, deadline, err) : NULL;
  cJSON_Delete(arr);
  if (a == NULL)
    return -1;
  int i = decide(b, a, p, legal, n, deadline, err);
  cJSON_Delete(a);
  return i;
}

/* The hand's end: what happened since the last decision (the hora or
   ryukyoku), then end_kyoku; the answers are read and dropped. */
static void mjaibot_over(progbot *pb, const mj_game *g, int p)
{
  mjaibot *b = (mjaibot *)pb;
  if (!b->in_kyoku || b->g != g || b->seat != p)
    return;
  mj_error e;
  cJSON *arr = cJSON_CreateArray();
  if (arr != NULL && news(b, g, p, arr, &e)) {
    mjai_ev(arr, "end_kyoku");
    b->in_kyoku = false;
    cJSON_Delete(tell(b, arr, proc_now_ms() + b->pb.limit_ms, &e));
  }
  cJSON_Delete(arr);
}

/* The session's end: end_game, its answer read and dropped. */
static void mjaibot_bye(progbot *pb)
{
  mjaibot *b = (mjaibot *)pb;
  if (!b->started)
    return;
  mj_error e;
  cJSON *arr = cJSON_CreateArray();
  if (arr != NULL) {
    if (b->in_kyoku)
      mjai_ev(arr, "end_kyoku");
    mjai_ev(arr, "end_game");
    cJSON_Delete(tell(b, arr, proc_now_ms() + b->pb.limit_ms, &e));
  }
  cJSON_Delete(arr);
}

mj_bot *mjaibot_new(const char *program, int limit_ms, uint64_t seed,
                    mj_error *err)
{
  void *state = NULL;
  mj_bot *bot = progbot_new(sizeof(mjaibot), "mjai", program, limit_ms, seed,
                            mjaibot_choose, &state, err);
  if (bot != NULL) {
    ((mjaibot *)state)->pb.over = mjaibot_over;
    ((mjaibot *)state)->pb.bye = mjaibot_bye;
  }
  return bot;
}
