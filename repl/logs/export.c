/*
** export.c
** hule export --mjai: a hule log of a riichi game written as mjai events
** (FORMATS-riichi.md), one JSON object a line: start_game, then for each
** hand start_kyoku with the four hands dealt, every draw, discard, call,
** kan, new dora, riichi and its acceptance, the wins (hora, with their
** deltas and ura indicators) or the drawn hand (ryukyoku), end_kyoku;
** end_game. The log is the whole game as its viewer after the end sees
** it; a seat's own view is the bots' business, and a hand saved before
** its end is refused.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "i18n.h"
#include "fileio.h"
#include "game.h"
#include "hand.h"
#include "ledger.h"
#include "replay.h"
#include "rules.h"
#include "score.h"

#include "logs.h"
#include "mjai_events.h"
#include "match_file.h"

/* One hand's events as mjai's, appended to out. */
static void hand_events(const mj_rules *r, const mj_replay *rp, mj_game *end,
                        mj_game *dealt, cJSON *out)
{
  int start = mj_rules_ctable(r)->start_score;
  bool given = rp->cfg.scores[0] | rp->cfg.scores[1] | rp->cfg.scores[2] |
               rp->cfg.scores[3];
  mjai_start_kyoku(dealt, given ? rp->cfg.scores
                                : (int[4]){ start, start, start, start },
                   -1, out);
  mjai_conv x;
  mjai_conv_init(&x, -1);
  for (int i = 0; i < mj_game_nevents(end); i++)
    mjai_event(end, i, &x, out);
  mjai_ev(out, "end_kyoku");
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
    fprintf(stderr, _("Error: out of memory\n"));
    status = 1;
  } else if (outpath == NULL) {
    fwrite(buf, 1, used, stdout);
  } else if (mj_file_write_atomic(outpath, buf, used, &e) != MJ_OK) {
    fprintf(stderr, _("Error: %s\n"), e.msg);
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
    fprintf(stderr, _("Error: %s\n"), e.msg);
    return 1;
  }
  char **t;
  int nt = match_split(text, len, &t, &e);
  free(text);
  if (nt <= 0) {
    fprintf(stderr, _("Error: %s: %s\n"), path, nt < 0 ? e.msg : "an empty log");
    if (nt == 0)
      free(t);
    return 1;
  }
  cJSON *out = cJSON_CreateArray();
  cJSON *sg = mjai_ev(out, "start_game");
  cJSON *names = cJSON_AddArrayToObject(sg, "names");
  int status = 0;
  for (int i = 0; i < nt && status == 0; i++) {
    mj_replay rp;
    const mj_rules *r = NULL;
    if (mj_replay_parse(t[i], strlen(t[i]), &rp, &e) != MJ_OK) {
      fprintf(stderr, _("Error: %s (hand %d): %s\n"), path, i + 1, e.msg);
      status = 1;
      break;
    }
    if (mj_host_get(h, rp.ruleset, &r, &e) != MJ_OK ||
        mj_rules_ctable(r)->indicators == 0 ||
        mj_rules_ctable(r)->players != 4 || mj_rules_ctable(r)->hand != 13) {
      fprintf(stderr, _("Error: %s (hand %d): %s\n"), path, i + 1,
              r == NULL ? e.msg
              : mj_rules_ctable(r)->players != 4
              ? "mjai's events are of four-player games: this is a table "
                "of fewer seats"
              : mj_rules_ctable(r)->hand != 13
              ? "mjai's events are of 13-tile hands: this table deals 16"
              : "mjai speaks riichi: this is a game of "
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
      fprintf(stderr, _("Error: %s (hand %d): %s\n"), path, i + 1, e.msg);
      status = 1;
    } else if (!mj_game_over(end)) {
      /* mjai's start_kyoku shows every hand dealt: of a hand saved
         mid-hand, that is what its saver may not see */
      fprintf(stderr, _("Error: %s (hand %d): the hand is unfinished (saved "
                        "mid-hand); mjai shows every seat's tiles, so only "
                        "finished hands are exported\n"), path, i + 1);
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
  mjai_ev(out, "end_game");
  if (status == 0)
    status = write_lines(out, outpath);
  cJSON_Delete(out);
  return status;
}
