/*
** export.c
** hule export --mjai: a hule log of a riichi game written as mjai events
** (FORMATS-riichi.md), one JSON object a line: start_game, then for each
** hand start_kyoku with the four hands dealt, every draw, discard, call,
** kan, new dora, riichi and its acceptance, the wins (hora, with their
** deltas and ura indicators) or the drawn hand (ryukyoku), end_kyoku;
** end_game. The log is the whole game as its viewer after the end sees
** it; a seat's own view is the bots' business.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "fileio.h"
#include "game.h"
#include "hand.h"
#include "ledger.h"
#include "replay.h"
#include "rules.h"
#include "score.h"

#include "cli.h"
#include "play_int.h"

/* mjai's name of tile t (red: 5mr). */
static const char *pai(mj_tile t, bool red, char buf[4])
{
  static const char *const honors[7] = { "E", "S", "W", "N", "C", "F", "P" };
  if (t >= MJ_HONOR_FIRST && t < MJ_KINDS)
    return honors[t - MJ_HONOR_FIRST];
  if (t >= MJ_HONOR_FIRST)
    return "?";
  snprintf(buf, 4, "%d%c%s", t % 9 + 1, "mps"[t / 9], red ? "r" : "");
  return buf;
}

static cJSON *ev(cJSON *out, const char *type)
{
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "type", type);
  cJSON_AddItemToArray(out, o);
  return o;
}

static void add_pai(cJSON *o, const char *key, mj_tile t, bool red)
{
  char b[4];
  cJSON_AddStringToObject(o, key, pai(t, red, b));
}

static void add_ints(cJSON *o, const char *key, const int v[4])
{
  cJSON *a = cJSON_AddArrayToObject(o, key);
  for (int p = 0; p < 4; p++)
    cJSON_AddItemToArray(a, cJSON_CreateNumber(v[p]));
}

/* The tiles of p's hand text (its concealed part, 0p red) as mjai's,
   without one copy of skip (the dealer's first draw; MJ_NO_TILE none). */
static void add_tehai(cJSON *arr, const mj_hand *h, mj_tile skip,
                      bool skip_red)
{
  char text[128];
  mj_tile t[16];
  uint8_t red[16];
  int n = 0;
  mj_error e;
  mj_hand_print(h, text, sizeof text);
  char *br = strchr(text, '[');      /* melds: none at the deal */
  if (br != NULL)
    *br = '\0';
  if (mj_tiles_parse_red(text, strlen(text), 1, false, t, NULL, red, 16, &n,
                         &e) != MJ_OK)
    n = 0;
  cJSON *a = cJSON_CreateArray();
  for (int i = 0; i < n; i++) {
    char b[4];
    if (t[i] == skip && (red[i] != 0) == skip_red) {
      skip = MJ_NO_TILE;
      continue;
    }
    cJSON_AddItemToArray(a, cJSON_CreateString(pai(t[i], red[i], b)));
  }
  cJSON_AddItemToArray(arr, a);
}

/* The consumed tiles of a call of t: k copies, or a chow's other two. */
static void add_consumed(cJSON *o, const mj_event *e, int k)
{
  cJSON *a = cJSON_AddArrayToObject(o, "consumed");
  char b[4];
  if (e->type == MJ_EV_CHI) {
    for (int u = e->tile; u <= e->tile + 2; u++)
      if (u != e->claimed)
        cJSON_AddItemToArray(a, cJSON_CreateString(pai((mj_tile)u, false,
                                                       b)));
    return;
  }
  for (int i = 0; i < k; i++)
    cJSON_AddItemToArray(a, cJSON_CreateString(pai(e->tile, false, b)));
}

/* Win k's deltas: the ledger's entries of that win and the sticks. */
static void win_deltas(const mj_game *g, int k, int winner, int d[4])
{
  const mj_payment *l;
  int n = mj_game_ledger(g, &l);
  memset(d, 0, 4 * sizeof d[0]);
  for (int i = 0; i < n; i++) {
    bool of_win = l[i].winner == k || (l[i].payer == MJ_POT &&
                                       l[i].payee == winner);
    if (!of_win)
      continue;
    if (l[i].payer < 4)
      d[l[i].payer] -= l[i].amount;
    if (l[i].payee < 4)
      d[l[i].payee] += l[i].amount;
  }
}

/* The hand's start_kyoku: the round, the dora indicator, the scores and
   the four hands dealt (the dealer's without his first draw). */
static void kyoku_start(const mj_rules *r, const mj_replay *rp,
                        mj_game *dealt, cJSON *out)
{
  const mj_game_cfg *cfg = mj_game_config(dealt);
  static const char *const winds[4] = { "E", "S", "W", "N" };
  cJSON *o = ev(out, "start_kyoku");
  cJSON_AddStringToObject(o, "bakaze", winds[cfg->round & 3]);
  mj_tile ind[5];
  int nind = mj_game_dora_indicators(dealt, ind);
  add_pai(o, "dora_marker", nind > 0 ? ind[0] : 0, false);
  cJSON_AddNumberToObject(o, "kyoku", (cfg->dealer & 3) + 1);
  cJSON_AddNumberToObject(o, "honba", cfg->honba);
  cJSON_AddNumberToObject(o, "kyotaku", cfg->pot / 1000);
  cJSON_AddNumberToObject(o, "oya", cfg->dealer & 3);
  int start = mj_rules_ctable(r)->start_score;
  bool given = rp->cfg.scores[0] | rp->cfg.scores[1] | rp->cfg.scores[2] |
               rp->cfg.scores[3];
  add_ints(o, "scores", given ? rp->cfg.scores
                              : (int[4]){ start, start, start, start });
  cJSON *th = cJSON_AddArrayToObject(o, "tehais");
  mj_tile first = MJ_NO_TILE;       /* the dealer's first draw */
  bool first_red = false;
  for (int i = 0; i < mj_game_nevents(dealt) && first == MJ_NO_TILE; i++) {
    const mj_event *e = mj_game_event(dealt, i);
    if (e->type == MJ_EV_DRAW)
      first = e->tile, first_red = e->red;
  }
  for (int p = 0; p < 4; p++)
    add_tehai(th, mj_game_hand(dealt, p),
              p == (cfg->dealer & 3) ? first : MJ_NO_TILE, first_red);
}

/* Where the writing of a hand's events stands. */
typedef struct exp_state {
  const mj_event *prev;    /* the event before, an indicator's aside */
  int win;                 /* the wins written */
  int reach;               /* a riichi declared, its discard up; -1 */
  bool first_dora;         /* the deal's indicator is to come */
  bool robbed;             /* a robbed kan's kakan written */
} exp_state;

/* A call's event: chi, pon, daiminkan, ankan, kakan. */
static void call_event(const mj_event *e, cJSON *out)
{
  static const char *const names[] = { "chi", "pon", "daiminkan", "ankan",
                                       "kakan" };
  int k = e->type == MJ_EV_CHI ? 0 : e->type == MJ_EV_PON ? 1
        : e->type == MJ_EV_KONG ? 2 : e->type == MJ_EV_CKONG ? 3 : 4;
  cJSON *o = ev(out, names[k]);
  cJSON_AddNumberToObject(o, "actor", e->player);
  if (k <= 2) {
    cJSON_AddNumberToObject(o, "target", e->from);
    add_pai(o, "pai", k == 0 ? e->claimed : e->tile, false);
  } else if (k == 4) {
    add_pai(o, "pai", e->tile, false);
  }
  add_consumed(o, e, k == 3 ? 4 : k == 2 || k == 4 ? 3 : 2);
}

/* A win's hora: who, from whom, the tile, its deltas, the ura. */
static void win_event(const mj_game *end, const mj_event *e, int k,
                      cJSON *out)
{
  cJSON *o = ev(out, "hora");
  cJSON_AddNumberToObject(o, "actor", e->player);
  cJSON_AddNumberToObject(o, "target", e->from >= 0 ? e->from : e->player);
  add_pai(o, "pai", e->tile, false);
  int d[4];
  win_deltas(end, k, e->player, d);
  add_ints(o, "deltas", d);
  const mj_hand *h = mj_game_win_hand(end, k);
  cJSON *u = cJSON_AddArrayToObject(o, "ura_markers");
  const mj_ctx *c = h != NULL ? mj_hand_cctx(h) : NULL;
  for (int j = 0; c != NULL && j < c->nura; j++) {
    char b[4];
    cJSON_AddItemToArray(u, cJSON_CreateString(pai(c->ura[j], false, b)));
  }
}

/* The drawn hand's ryukyoku, its deltas without the sticks put down. */
static void drawn_event(const mj_game *end, cJSON *out)
{
  cJSON *o = ev(out, "ryukyoku");
  int pay[4];
  mj_game_payments(end, pay);
  const mj_payment *l;
  int nl = mj_game_ledger(end, &l);
  for (int j = 0; j < nl; j++)
    if (l[j].payee == MJ_POT && l[j].payer < 4)
      pay[l[j].payer] += l[j].amount;
  add_ints(o, "deltas", pay);
}

/* Event i of the hand as mjai's (none for some). */
static void one_event(const mj_game *end, int i, exp_state *x, cJSON *out)
{
  const mj_event *e = mj_game_event(end, i);
  cJSON *o;
  switch (e->type) {
  case MJ_EV_DRAW:
    o = ev(out, "tsumo");
    cJSON_AddNumberToObject(o, "actor", e->player);
    add_pai(o, "pai", e->tile, e->red);
    break;
  case MJ_EV_DISCARD:
    o = ev(out, "dahai");
    cJSON_AddNumberToObject(o, "actor", e->player);
    add_pai(o, "pai", e->tile, e->red);
    cJSON_AddBoolToObject(o, "tsumogiri", x->prev != NULL &&
                          x->prev->type == MJ_EV_DRAW &&
                          x->prev->player == e->player &&
                          x->prev->tile == e->tile &&
                          x->prev->red == e->red);
    break;
  case MJ_EV_DECLARE: {
    const mj_decl_def *d = mj_game_decl(end, e->tile);
    if (d != NULL && d->with_discard) {
      o = ev(out, "reach");
      cJSON_AddNumberToObject(o, "actor", e->player);
      x->reach = e->player;
    }
    break;
  }
  case MJ_EV_CHI: case MJ_EV_PON: case MJ_EV_KONG: case MJ_EV_CKONG:
  case MJ_EV_AKONG:
    call_event(e, out);
    break;
  case MJ_EV_INDICATOR:
    if (!x->first_dora) {
      o = ev(out, "dora");
      add_pai(o, "dora_marker", e->tile, false);
    }
    x->first_dora = false;       /* the deal's: in start_kyoku */
    break;
  case MJ_EV_WIN: {
    /* a robbed kan is no event of ours: its kakan, once, comes first */
    const mj_hand *h = mj_game_win_hand(end, x->win);
    if (h != NULL && (mj_hand_cctx(h)->flags & MJ_CTX_ROB) && !x->robbed) {
      mj_event k = *e;
      k.type = MJ_EV_AKONG;
      k.player = e->from;
      call_event(&k, out);
      x->robbed = true;
    }
    win_event(end, e, x->win++, out);
    break;
  }
  case MJ_EV_DRAWN: case MJ_EV_ABORT:
    if (mj_game_winners(end, (int[MJ_MAX_WINS]){ 0 }) == 0)
      drawn_event(end, out);
    break;
  default:
    break;
  }
  /* the riichi stands once its discard is not won on */
  int n = mj_game_nevents(end);
  if (x->reach >= 0 && e->type == MJ_EV_DISCARD && e->player == x->reach &&
      !(i + 1 < n && mj_game_event(end, i + 1)->type == MJ_EV_WIN)) {
    o = ev(out, "reach_accepted");
    cJSON_AddNumberToObject(o, "actor", x->reach);
    x->reach = -1;
  }
  if (e->type != MJ_EV_INDICATOR)
    x->prev = e;
}

/* One hand's events as mjai's, appended to out. */
static void hand_events(const mj_rules *r, const mj_replay *rp, mj_game *end,
                        mj_game *dealt, cJSON *out)
{
  kyoku_start(r, rp, dealt, out);
  exp_state x = { NULL, 0, -1, true, false };
  for (int i = 0; i < mj_game_nevents(end); i++)
    one_event(end, i, &x, out);
  ev(out, "end_kyoku");
}

/* The events of out, one object a line, to outpath (NULL: standard
   output): 0, or 1 with the error said. */
static int write_lines(const cJSON *out, const char *outpath)
{
  size_t cap = 1 << 16, used = 0;
  char *buf = malloc(cap);
  for (int i = 0; buf != NULL && i < cJSON_GetArraySize(out); i++) {
    char *line = cJSON_PrintUnformatted(cJSON_GetArrayItem(out, i));
    size_t n = line ? strlen(line) : 0;
    while (buf != NULL && used + n + 2 > cap) {
      char *g = realloc(buf, cap *= 2);
      if (g == NULL)
        free(buf);
      buf = g;
    }
    if (buf != NULL && line != NULL) {
      memcpy(buf + used, line, n);
      used += n;
      buf[used++] = '\n';
    }
    free(line);
  }
  mj_error e;
  int status = 0;
  if (buf == NULL) {
    fprintf(stderr, "Error: out of memory\n");
    status = 1;
  } else if (outpath == NULL) {
    fwrite(buf, 1, used, stdout);
  } else if (mj_file_write_atomic(outpath, buf, used, &e) != MJ_OK) {
    fprintf(stderr, "Error: %s\n", e.msg);
    status = 1;
  }
  free(buf);
  return status;
}

/* hule export --mjai FILE [--out FILE]: 0, or 1 with the error said. */
int cli_export_mjai(mj_host *h, const char *path, const char *outpath)
{
  mj_error e;
  char *text;
  size_t len;
  if (mj_file_read(path, MJ_REPLAY_MAX_BYTES, &text, &len, &e) != MJ_OK) {
    fprintf(stderr, "Error: %s\n", e.msg);
    return 1;
  }
  char **t;
  int nt = match_split(text, len, &t, &e);
  free(text);
  if (nt <= 0) {
    fprintf(stderr, "Error: %s: %s\n", path, nt < 0 ? e.msg : "an empty log");
    if (nt == 0)
      free(t);
    return 1;
  }
  cJSON *out = cJSON_CreateArray();
  cJSON *sg = ev(out, "start_game");
  cJSON *names = cJSON_AddArrayToObject(sg, "names");
  int status = 0;
  for (int i = 0; i < nt && status == 0; i++) {
    mj_replay rp;
    const mj_rules *r = NULL;
    if (mj_replay_parse(t[i], strlen(t[i]), &rp, &e) != MJ_OK) {
      fprintf(stderr, "Error: %s (hand %d): %s\n", path, i + 1, e.msg);
      status = 1;
      break;
    }
    if (mj_host_get(h, rp.ruleset, &r, &e) != MJ_OK ||
        mj_rules_ctable(r)->indicators == 0) {
      fprintf(stderr, "Error: %s (hand %d): %s\n", path, i + 1,
              r == NULL ? e.msg : "mjai speaks riichi: this is a game of "
              "a ruleset without dora indicators");
      mj_replay_free(&rp);
      status = 1;
      break;
    }
    if (i == 0)
      for (int p = 0; p < 4; p++)
        cJSON_AddItemToArray(names, cJSON_CreateString(rp.players[p]));
    mj_game *end = mj_replay_build(&rp, r, -1, &e);
    mj_game *dealt = end ? mj_replay_build(&rp, r, 0, &e) : NULL;
    if (dealt == NULL) {
      fprintf(stderr, "Error: %s (hand %d): %s\n", path, i + 1, e.msg);
      status = 1;
    } else {
      hand_events(r, &rp, end, dealt, out);
    }
    mj_game_free(end);
    mj_game_free(dealt);
    mj_replay_free(&rp);
  }
  for (int i = 0; i < nt; i++)
    free(t[i]);
  free(t);
  ev(out, "end_game");
  if (status == 0)
    status = write_lines(out, outpath);
  cJSON_Delete(out);
  return status;
}
