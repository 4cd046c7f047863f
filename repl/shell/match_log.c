/*
** match_log.c
** Whole matches at the REPL: the logs of the hands finished kept with
** the one in play (a saved game holds them all, one hand log after
** another), a match log read hand by hand and checked as a chain (each
** hand's number, dealer, wind, streak and starting scores must follow
** from the hand before it), and the hand-by-hand match table.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "bot.h"
#include "error.h"

#include "match.h"
#include "play_int.h"
#include "score.h"

/* {====================================================================
** The hands of a match
** ===================================================================== */

void match_clear(play *p)
{
  for (int i = 0; i < p->npast; i++)
    free(p->past[i]);
  free(p->past);
  free(p->rows);
  p->past = NULL;
  p->rows = NULL;
  p->npast = p->nrows = 0;
}

/* The row of the match table a finished hand g makes. */
static void row_of(const mj_rules *rs, const mj_game *g, match_row *row)
{
  memset(row, 0, sizeof *row);
  const mj_game_cfg *cfg = mj_game_config(g);
  row->hand = cfg->hand > 0 ? cfg->hand : 1;
  row->dealer = cfg->dealer;
  row->round = cfg->round;
  row->nw = mj_game_winners(g, row->winners);
  for (int k = 0; k < row->nw && k < MJ_MAX_WINS; k++) {
    const mj_score *s = mj_game_result(g, k);
    row->totals[k] = s->total;
    mj_score_fans_text(rs, s, row->fans[k], sizeof row->fans[k]);
  }
  mj_game_payments(g, row->pay);
  mj_game_scores(g, row->scores);
}

/* Keep a finished hand's row and, when log is set, its log text. */
static int keep(play *p, const mj_game *g, char *log)
{
  match_row *rows = realloc(p->rows, (size_t)(p->nrows + 1) * sizeof *rows);
  if (rows == NULL)
    return -1;
  p->rows = rows;
  row_of(p->rs, g, &p->rows[p->nrows]);
  if (log != NULL) {
    char **past = realloc(p->past, (size_t)(p->npast + 1) * sizeof *past);
    if (past == NULL)
      return -1;
    p->past = past;
    p->past[p->npast++] = log;
  }
  p->nrows++;
  return 0;
}

char *match_hand_log(play *p)
{
  const char *who[4] = { "you", "", "", "" };
  char kinds[3][320];
  for (int q = 1; q < 4; q++) {
    snprintf(kinds[q - 1], sizeof kinds[0], "bot:%s",
             p->bots[q] ? mj_bot_kind(p->bots[q]) : "?");
    who[q] = kinds[q - 1];
  }
  const char *opts = mj_host_options_of(p->host, p->rs);
  return mj_replay_write(p->g, who, opts ? opts : p->options,
                         mj_host_digest(p->host, p->rs), !mj_game_over(p->g));
}

int match_keep_hand(play *p)
{
  if (p->kept)
    return 0;
  char *log = match_hand_log(p);
  if (log == NULL || keep(p, p->g, log) != 0) {
    free(log);
    return -1;
  }
  p->kept = true;
  return 0;
}

char *match_log_text(play *p, const char *current)
{
  size_t len = strlen(current) + 1;
  for (int i = 0; i < p->npast; i++)
    len += strlen(p->past[i]);
  char *text = malloc(len), *w = text;
  if (text == NULL)
    return NULL;
  for (int i = 0; i < p->npast; i++) {
    size_t n = strlen(p->past[i]);
    memcpy(w, p->past[i], n);
    w += n;
  }
  memcpy(w, current, strlen(current) + 1);
  return text;
}

/* }==================================================================== */

/* {====================================================================
** Reading a match log
** ===================================================================== */

int match_rows_of(play *p, char **texts, int n, mj_error *err)
{
  for (int k = 0; k < n; k++) {
    mj_replay rp;
    if (mj_replay_parse(texts[k], strlen(texts[k]), &rp, err) != MJ_OK)
      return -1;
    mj_game *g = mj_replay_build(&rp, p->rs, -1, err);
    if (k == 0) {   /* the match as the log's hands play it, to its end */
      mj_match_init(&p->match, p->rs, 0, mj_rules_ctable(p->rs)->match_hands,
                    rp.cfg.dealer);
      play_seats = p->match.np;   /* the table names its seats so */
    }
    p->match.hand_no = rp.cfg.hand > 0 ? rp.cfg.hand : k + 1;
    p->match.round = rp.cfg.round;
    mj_replay_free(&rp);
    if (g == NULL)
      return -1;
    if (mj_game_over(g))
      mj_match_record(&p->match, g);
    int st = mj_game_over(g) ? keep(p, g, NULL) : 0;
    mj_game_free(g);
    if (st != 0)
      return mj_fail(err, MJ_ENOMEM, 0, "out of memory"), -1;
  }
  return 0;
}

/* }==================================================================== */

/* {====================================================================
** The match table
** ===================================================================== */

static void print_row(const match_row *row)
{
  static const char *const wind[4] = { "E", "S", "W", "N" };
  char pad[32];
  printf("%4d  %s    %s", row->hand, wind[row->round & 3],
         mj_text_pad(play_name(row->dealer & 3), 6, pad, sizeof pad));
  for (int q = 0; q < play_seats; q++)
    printf(" %+6d", row->pay[q]);
  printf("  ");
  for (int k = 0; k < row->nw && k < MJ_MAX_WINS; k++)
    printf("%s%s %d (%s)", k ? _("; ") : "", play_name(row->winners[k] & 3),
           row->totals[k], row->fans[k]);
  printf("%s\n", row->nw ? "" : _("drawn"));
}

void match_standings(const mj_rules *rs, const mj_match *m)
{
  static const char *const ord[4] = { N_("1st"), N_("2nd"), N_("3rd"),
                                      N_("4th") };
  int place[4], res[4];
  mj_match_standings(rs, m->scores, m->first_dealer, place, res);
  char list[400];
  size_t len = 0;
  list[0] = '\0';
  for (int k = 0; k < m->np; k++)
    for (int q = 0; q < m->np; q++)
      if (place[q] == k) {
        mj_catf(list, sizeof list, &len, "%s%s %s %d", k ? _("; ") : "",
                _(ord[k]), play_name(q), m->scores[q]);
        if (match_counts_result(rs))
          mj_catf(list, sizeof list, &len, _(" (%+.1f)"), res[q] / 10.0);
      }
  printf(_("placement: %s\n"), list);
}

void match_show(const play *p, const mj_game *current)
{
  printf(_("hand  wind dealer"));
  for (int q = 0; q < p->match.np; q++) {
    char pad[32];
    printf(" %s", mj_text_pad_left(play_name(q), 6, pad, sizeof pad));
  }
  printf(_("  winners: value (fans)\n"));
  for (int i = 0; i < p->nrows; i++)
    print_row(&p->rows[i]);
  bool extra = current != NULL && mj_game_over(current) && !p->replaying &&
               !p->kept;
  if (extra) {   /* the hand just over, not yet recorded */
    match_row row;
    row_of(p->rs, current, &row);
    print_row(&row);
  }
  int sc[4] = { 0, 0, 0, 0 };
  if (extra)
    mj_game_scores(current, sc);
  else if (p->nrows > 0)
    memcpy(sc, p->rows[p->nrows - 1].scores, sizeof sc);
  else if (current != NULL)
    memcpy(sc, mj_game_config(current)->scores, sizeof sc);
  char spad[64];
  printf("%s", mj_text_pad(_("scores"), 17, spad, sizeof spad));
  for (int q = 0; q < p->match.np; q++)
    printf(" %6d", sc[q]);
  /* the sticks on the table, the scores' complement (riichi) */
  int pot = extra ? mj_game_pot(current) : p->match.pot;
  if (pot > 0)
    printf(_("  on the table %d"), pot);
  printf("\n");
  if (p->nrows == 0 && !extra)
    printf(_("(no hand of this match has ended yet)\n"));
  mj_match m = p->match;
  if (extra && !m.over)
    mj_match_record(&m, current);
  if (m.over)
    match_standings(p->rs, &m);
}

/* }==================================================================== */

int play_c_match(repl *r, int argc, char **argv, const char *rest)
{
  (void)argv;
  (void)rest;
  if (argc != 1)
    return repl_usage(r, "match");
  play *p = r->play;
  if (p == NULL)
    return repl_error(r, "no match: \"new\" deals one, \"replay FILE\" "
                      "replays a saved one");
  if (p->replaying)
    printf(ngettext("The match in the log, %d hand (replaying hand %d):\n",
                    "The match in the log, %d hands (replaying hand %d):\n",
                    p->npast), p->npast, p->cur + 1);
  else
    printf(_("The match so far (%s, hand %d%s):\n"), mj_rules_id(p->rs),
           p->match.hand_no, p->match.over ? ", over" : "");
  match_show(p, p->g);
  return 0;
}
