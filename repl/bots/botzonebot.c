/*
** botzonebot.c
** "--bots botzone:PROGRAM" (and botzone-json:): a bot of Botzone's
** Chinese Standard Mahjong (the arena of the IJCAI mahjong contests) at
** an MCR table, in Botzone's own interaction (docs/bots.md says what
** hule relies on). Every event of its seat's view is a turn: a request
** line ("0 id quan", "1 hua0..3 13 tiles flowers", "2 T6" its draw,
** "3 id PLAY W1" / PENG / CHI / GANG / BUGANG / BUHUA / DRAW) answered by
** one response. A program is started for a turn with the whole history
** (simple interaction: n, the requests and responses in turn, the data
** and globaldata lines; botzone-json: one JSON object), as Botzone runs
** bots, or keeps running when it prints >>>BOTZONE_REQUEST_KEEP_RUNNING<<<
** after its response, and is then given each new request alone. The
** response to the last request before one of hule's decisions for that
** seat is the decision: PLAY, GANG T, BUGANG T, HU on its draw; PASS,
** PENG T, CHI T T, GANG, HU on a discard (the discard after PENG or CHI
** made when hule asks for it); HU on another's BUGANG. Late, garbled,
** illegal and dying programs: the fallback decides, counted.
*/
#include "botzonebot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "proc.h"

static const char keep_running[] = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

enum { MAX_TURNS = 1024, LINE = 96 };

typedef struct bzbot {
  progbot pb;              /* first: its process (NULL between turns) */
  char program[300];
  bool json;               /* botzone-json: the JSON interaction */
  bool running;            /* it asked to keep running */
  bool asked;
  const mj_game *g;        /* the hand told so far, as in mjaibot.c */
  uint64_t seed;
  int hand, seat, sent;
  char claim[LINE];        /* a claim event (PON, CHI) awaiting its discard */
  mj_tile after;           /* the discard a PENG or CHI named */
  bool bugang_told;        /* the BUGANG up to be robbed was told */
  int nturns;
  char req[MAX_TURNS][LINE], resp[MAX_TURNS][LINE];
} bzbot;

const char *bz_tile(mj_tile t, char b[4])
{
  int n = t < MJ_HONOR_FIRST ? t % 9 + 1 : t < MJ_HONOR_FIRST + 4
          ? t - MJ_HONOR_FIRST + 1 : t < MJ_KINDS ? t - MJ_HONOR_FIRST - 3
          : (t - MJ_FLOWER0) % 8 + 1;
  b[0] = t < MJ_HONOR_FIRST ? "WBT"[t / 9] : t < MJ_HONOR_FIRST + 4 ? 'F'
         : t < MJ_KINDS ? 'J' : 'H';
  b[1] = (char)('0' + n);
  b[2] = '\0';
  return b;
}

bool bz_parse(const char *s, mj_tile *t)
{
  static const char kinds[] = "WBTFJH";
  const char *k = s[0] ? strchr(kinds, s[0]) : NULL;
  int n = s[0] && s[1] >= '1' && s[1] <= '9' && s[2] == '\0' ? s[1] - '0' : 0;
  if (k == NULL || n == 0)
    return false;
  int i = (int)(k - kinds);
  if ((i == 3 && n > 4) || (i == 4 && n > 3) || (i == 5 && n > 8))
    return false;
  *t = (mj_tile)(i < 3 ? i * 9 + n - 1 : i == 3 ? MJ_HONOR_FIRST + n - 1
                 : i == 4 ? MJ_HONOR_FIRST + 3 + n : MJ_FLOWER0 + n - 1);
  return true;
}

/* {====================================================================
** Turns
** ===================================================================== */

/* The program's input for a turn started afresh: the whole history. */
static char *history(const bzbot *b)
{
  size_t cap = (size_t)(2 * b->nturns + 4) * (LINE + 8) + 64, len = 0;
  char *s = malloc(cap);
  if (s == NULL)
    return NULL;
  if (!b->json) {
    len += (size_t)snprintf(s, cap, "%d\n", b->nturns);
    for (int i = 0; i < b->nturns; i++)
      len += (size_t)snprintf(s + len, cap - len, "%s\n%s%s", b->req[i],
                              i + 1 < b->nturns ? b->resp[i] : "",
                              i + 1 < b->nturns ? "\n" : "");
    snprintf(s + len, cap - len, "\n");   /* data; globaldata empty */
    return s;
  }
  cJSON *o = cJSON_CreateObject();
  cJSON *rq = cJSON_AddArrayToObject(o, "requests");
  cJSON *rs = cJSON_AddArrayToObject(o, "responses");
  for (int i = 0; i < b->nturns; i++) {
    cJSON_AddItemToArray(rq, cJSON_CreateString(b->req[i]));
    if (i + 1 < b->nturns)
      cJSON_AddItemToArray(rs, cJSON_CreateString(b->resp[i]));
  }
  cJSON_AddStringToObject(o, "data", "");
  cJSON_AddStringToObject(o, "globaldata", "");
  char *text = cJSON_PrintUnformatted(o);
  cJSON_Delete(o);
  free(s);
  return text;
}

/* After the response: the lines up to the keep-running mark (it stays),
   or to the program's end (it is started again next turn). */
static void after_response(bzbot *b, double deadline)
{
  mj_error e;
  for (int k = 0; k < 4; k++) {    /* debug, data, globaldata, the mark */
    int r = proc_read_line(b->pb.pr, deadline, &e);
    if (r == 1 && strcmp(b->pb.pr->line, keep_running) == 0) {
      b->running = true;
      return;
    }
    if (r != 1)
      break;
  }
  b->running = false;
  proc_free(b->pb.pr);
  b->pb.pr = NULL;
}

/* The response line of a JSON answer, in place. */
static bool json_response(char *line)
{
  cJSON *o = cJSON_Parse(line);
  const cJSON *r = cJSON_GetObjectItemCaseSensitive(o, "response");
  bool ok = cJSON_IsString(r) && strlen(r->valuestring) < LINE;
  if (ok)
    memmove(line, r->valuestring, strlen(r->valuestring) + 1);
  cJSON_Delete(o);
  return ok;
}

/* Turn nturns - 1: its request told, the response read into resp[]. */
static bool turn(bzbot *b, double deadline, mj_error *err)
{
  if (b->pb.pr == NULL) {
    b->pb.pr = proc_spawn(b->program, err);
    if (b->pb.pr == NULL)
      return false;
  }
  char *in = b->running ? strdup(b->req[b->nturns - 1]) : history(b);
  bool sent = in != NULL && proc_send(b->pb.pr, in, deadline);
  free(in);
  mj_error pe;
  int r = sent ? proc_read_line(b->pb.pr, deadline, &pe) : -1;
  bool ok = r == 1 && (!b->json || json_response(b->pb.pr->line) ||
                       b->running);
  if (ok) {
    snprintf(b->resp[b->nturns - 1], LINE, "%.*s", LINE - 1, b->pb.pr->line);
    after_response(b, deadline);
    return true;
  }
  mj_fail(err, r == 0 ? MJ_ERANGE : MJ_EIO, 0, "%s: %s", b->pb.name,
          !sent ? "cannot write to it" : r == 0 ? "no answer in time"
          : r < 0 ? pe.msg : "the answer is not {\"response\": ...}");
  proc_free(b->pb.pr);     /* out of step: started afresh next turn */
  b->pb.pr = NULL;
  b->running = false;
  return false;
}

/* }==================================================================== */

/* {====================================================================
** Requests
** ===================================================================== */

/* One request more, fmt filled with a and c (cut to a line's room). */
static bool add_req(bzbot *b, char *reqs, int *n, const char *fmt,
                    const char *a, const char *c)
{
  if (b->nturns + *n >= MAX_TURNS)
    return false;
  char line[3 * LINE];
  snprintf(line, sizeof line, fmt, a, c);
  snprintf(reqs + (size_t)*n * LINE, LINE, "%.*s", LINE - 1, line);
  (*n)++;
  return true;
}

/* The first two turns of a hand: the seat and wind, the hand after the
   deal's flowers and every player's flowers. */
static void deal_requests(bzbot *b, const mj_game *g, int p, char *reqs,
                          int *n, mj_error *err)
{
  mj_game *d = mj_game_new(mj_game_rules(g), mj_game_config(g), err);
  if (d == NULL)
    return;
  char s[LINE], t[4];
  snprintf(s, sizeof s, "%d %d", mj_game_seat_wind(d, p), mj_game_round(d));
  add_req(b, reqs, n, "0 %s%s", s, "");
  size_t len = (size_t)snprintf(s, sizeof s, "1");
  const mj_tile *fl[4];
  int nf[4], id[4];
  for (int q = 0; q < 4; q++)
    id[mj_game_seat_wind(d, q)] = q;
  for (int w = 0; w < 4; w++) {
    nf[w] = mj_game_flowers(d, id[w], &fl[w]);
    len += (size_t)snprintf(s + len, sizeof s - len, " %d", nf[w]);
  }
  uint8_t c[MJ_KINDS];
  memcpy(c, mj_hand_counts(mj_game_hand(d, p)), MJ_KINDS);
  mj_tile own = mj_game_own_draw(d, p);
  if (own < MJ_KINDS)
    c[own]--;
  for (int k = 0; k < MJ_KINDS; k++)
    for (int j = 0; j < c[k] && len + 4 < sizeof s; j++)
      len += (size_t)snprintf(s + len, sizeof s - len, " %s",
                              bz_tile((mj_tile)k, t));
  char more[LINE * 2];
  snprintf(more, sizeof more, "%s", s);
  for (int w = 0; w < 4; w++)
    for (int j = 0; j < nf[w]; j++) {
      size_t ml = strlen(more);
      snprintf(more + ml, sizeof more - ml, " %s", bz_tile(fl[w][j], t));
    }
  add_req(b, reqs, n, "%s%s", more, "");
  /* the turns go on from the dealer's first draw: the deal's last one */
  b->sent = 0;
  for (int i = 0; i < mj_game_nevents(d); i++)
    if (mj_game_event(d, i)->type == MJ_EV_DRAW)
      b->sent = i;
  mj_game_free(d);
}

/* Event i as requests (none for some); a claim waits for its discard. */
static void event_requests(bzbot *b, const mj_game *g, int p, int i,
                           char *reqs, int *n)
{
  const mj_event *e = mj_game_event(g, i);
  char who[8], t[4], u[4];
  snprintf(who, sizeof who, "%d", mj_game_seat_wind(g, e->player));
  switch (e->type) {
  case MJ_EV_DRAW:
    if (e->player == p)
      add_req(b, reqs, n, "2 %s%s", bz_tile(e->tile, t), "");
    else
      add_req(b, reqs, n, "3 %s DRAW%s", who, "");
    break;
  case MJ_EV_FLOWER:
    add_req(b, reqs, n, "3 %s BUHUA %s", who, bz_tile(e->tile, t));
    break;
  case MJ_EV_PON: case MJ_EV_CHI:
    if (e->type == MJ_EV_PON)
      snprintf(b->claim, LINE, "3 %s PENG", who);
    else
      snprintf(b->claim, LINE, "3 %s CHI %s", who,
               bz_tile((mj_tile)(e->tile + 1), u));
    break;
  case MJ_EV_DISCARD:
    if (b->claim[0]) {
      add_req(b, reqs, n, "%s %s", b->claim, bz_tile(e->tile, t));
      b->claim[0] = '\0';
    } else {
      add_req(b, reqs, n, "3 %s PLAY %s", who, bz_tile(e->tile, t));
    }
    break;
  case MJ_EV_KONG: case MJ_EV_CKONG:
    add_req(b, reqs, n, "3 %s GANG%s", who, "");
    break;
  case MJ_EV_AKONG:
    if (!b->bugang_told)      /* else told while it could be robbed */
      add_req(b, reqs, n, "3 %s BUGANG %s", who, bz_tile(e->tile, t));
    b->bugang_told = false;
    break;
  default:
    break;
  }
}

/* The new requests since the last decision into reqs (LINE each): the
   first two turns on a new hand, then the hand's events. */
static int news(bzbot *b, const mj_game *g, int p, char *reqs, mj_error *err)
{
  const mj_game_cfg *c = mj_game_config(g);
  int n = 0;
  if (!(b->g == g && b->seed == c->seed && b->hand == c->hand &&
        b->seat == p && b->sent <= mj_game_nevents(g))) {
    proc_free(b->pb.pr);   /* a new game: a new program, as Botzone's */
    b->pb.pr = NULL;
    b->running = false;
    b->asked = false;        /* the game's first turn: start-up time */
    b->nturns = 0;
    b->claim[0] = '\0';
    b->after = MJ_NO_TILE;
    b->bugang_told = false;
    b->g = g;
    b->seed = c->seed;
    b->hand = c->hand;
    b->seat = p;
    deal_requests(b, g, p, reqs, &n, err);
    if (n < 2)
      return -1;
  }
  for (; b->sent < mj_game_nevents(g); b->sent++)
    event_requests(b, g, p, b->sent, reqs, &n);
  int from;        /* an added kong that may be robbed: its event waits */
  mj_tile up = mj_game_pending(g, &from);
  if (mj_game_phase(g) == MJ_PHASE_ROB && !b->bugang_told && from >= 0 &&
      up < MJ_KINDS) {
    char who[8], t[4];
    snprintf(who, sizeof who, "%d", mj_game_seat_wind(g, from));
    add_req(b, reqs, &n, "3 %s BUGANG %s", who, bz_tile(up, t));
    b->bugang_told = true;
  }
  return n;
}

/* }==================================================================== */

/* {====================================================================
** Responses
** ===================================================================== */

static int find(const mj_action *l, int n, int type, mj_tile t)
{
  for (int i = 0; i < n; i++)
    if (l[i].type == type && (t == MJ_NO_TILE || l[i].tile == t))
      return i;
  return -1;
}

/* The decision a response makes: its index among legal, or -1. */
static int decide(bzbot *b, const char *resp, const mj_action *l, int n)
{
  char w[4][16] = { "", "", "", "" };
  int k = sscanf(resp, "%15s %15s %15s %15s", w[0], w[1], w[2], w[3]);
  mj_tile t = MJ_NO_TILE, u = MJ_NO_TILE;
  bool t_ok = k >= 2 && bz_parse(w[1], &t), u_ok = k >= 3 && bz_parse(w[2], &u);
  if (strcmp(w[0], "PASS") == 0 && k == 1)
    return find(l, n, MJ_ACT_PASS, MJ_NO_TILE);
  if (strcmp(w[0], "HU") == 0 && k == 1)
    return find(l, n, MJ_ACT_WIN, MJ_NO_TILE);
  if (strcmp(w[0], "PLAY") == 0 && t_ok && k == 2)
    return find(l, n, MJ_ACT_DISCARD, t);
  if (strcmp(w[0], "GANG") == 0 && k == 1)
    return find(l, n, MJ_ACT_KONG, MJ_NO_TILE);
  if (strcmp(w[0], "GANG") == 0 && t_ok && k == 2)
    return find(l, n, MJ_ACT_CKONG, t);
  if (strcmp(w[0], "BUGANG") == 0 && t_ok && k == 2)
    return find(l, n, MJ_ACT_AKONG, t);
  if (strcmp(w[0], "PENG") == 0 && t_ok && k == 2) {
    b->after = t;
    return find(l, n, MJ_ACT_PON, MJ_NO_TILE);
  }
  if (strcmp(w[0], "CHI") == 0 && t_ok && u_ok && k == 3 &&
      t < MJ_HONOR_FIRST && t % 9 >= 1 && t % 9 <= 7) {
    b->after = u;
    return find(l, n, MJ_ACT_CHI, (mj_tile)(t - 1));
  }
  return -1;
}

/* }==================================================================== */

static int bz_choose(void *ud, const mj_game *g, int p, const mj_action *legal,
                     int n, mj_error *err)
{
  bzbot *b = ud;
  mj_tile after = b->after;
  b->after = MJ_NO_TILE;
  /* the discard a PENG or CHI named, asked for after the claim */
  int ne = mj_game_nevents(g);
  const mj_event *last = ne > 0 ? mj_game_event(g, ne - 1) : NULL;
  if (after != MJ_NO_TILE && mj_game_phase(g) == MJ_PHASE_TURN &&
      b->g == g && b->seat == p && last != NULL && last->player == p &&
      (last->type == MJ_EV_PON || last->type == MJ_EV_CHI)) {
    int i = find(legal, n, MJ_ACT_DISCARD, after);
    if (i < 0)
      mj_fail(err, MJ_EINVAL, 0, "%s: the discard its claim named is not "
              "legal", b->pb.name);
    return i;
  }
  char *reqs = malloc((size_t)MAX_TURNS * LINE);
  int nr = reqs != NULL ? news(b, g, p, reqs, err) : -1;
  bool ok = nr > 0;
  if (nr == 0)
    mj_fail(err, MJ_EINVAL, 0, "%s: a decision with no new request",
            b->pb.name);
  for (int i = 0; ok && i < nr; i++) {
    /* each turn its own time, as Botzone gives it (a game's first, the
       program's start-up, 10 s at least) */
    double limit = !b->asked && b->pb.limit_ms < 10000 ? 10000
                                                       : b->pb.limit_ms;
    b->asked = true;
    memcpy(b->req[b->nturns++], reqs + (size_t)i * LINE, LINE);
    ok = turn(b, proc_now_ms() + limit, err);
  }
  free(reqs);
  if (!ok)
    return -1;
  int i = decide(b, b->resp[b->nturns - 1], legal, n);
  if (i < 0)
    mj_fail(err, MJ_EINVAL, 0, "%s: '%.40s' is not a legal response now",
            b->pb.name, b->resp[b->nturns - 1]);
  return i;
}

mj_bot *botzonebot_new(const char *program, bool json, int limit_ms,
                       uint64_t seed, mj_error *err)
{
  void *state = NULL;
  mj_bot *bot = progbot_new(sizeof(bzbot), json ? "botzone-json" : "botzone",
                            program, limit_ms, seed, bz_choose, &state, err);
  bzbot *b = state;
  if (bot != NULL) {
    snprintf(b->program, sizeof b->program, "%s", program);
    b->json = json;
    b->after = MJ_NO_TILE;
    proc_free(b->pb.pr);     /* started for each game, as Botzone does */
    b->pb.pr = NULL;
  }
  return bot;
}
