/*
** summary.c
** The statistics of a run of hule sim: each game added up, processes'
** figures merged exactly, the summary printed; and hule stats, the same
** summary from the JSON lines of any number of shards.
*/
#include <math.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "i18n.h"
#include "text.h"
#include "fileio.h"
#include "game.h"
#include "sim.h"
#include "bots.h"

void sim_reasons_add(sim_reasons *r, const char *name, long amount)
{
  int i = 0;
  while (i < r->n && strcmp(r->name[i], name) != 0)
    i++;
  if (i == r->n) {
    if (i >= SIM_REASONS)
      return;
    snprintf(r->name[i], sizeof r->name[0], "%s", name);
    r->sum[i] = 0;
    r->n++;
  }
  r->sum[i] += amount;
}

/* One win into the statistics: from is who paid alone (-1 a self-draw). */
void sim_count_win(sim_stats *st, int p, long total, int from)
{
  bool self_drawn = from < 0;
  st->all_wins++;
  if (from >= 0)
    st->seat_dealins[from]++;
  st->seat_wins[p]++;
  st->seat_points[p] += total;
  st->seat_points_sq[p] += (sim_wide)total * total;
  st->points += total;
  if (total > st->max_points)
    st->max_points = total;
  if (self_drawn)
    st->self_drawn++;
}

/* One game's payments into the statistics. */
void sim_count_game(sim_stats *st, int nwins, const int pay[4])
{
  st->games++;
  if (nwins == 0)
    st->drawn++;
  else
    st->wins++;
  for (int p = 0; p < 4; p++) {
    st->seat_net[p] += pay[p];
    st->seat_net_sq[p] += (sim_wide)pay[p] * pay[p];
  }
}

/* The index of bot kind name among the run's kinds, -1 if not one. */
int sim_kind_index(const sim_run *rn, const char *name)
{
  for (int k = 0; k < rn->nkinds; k++)
    if (strcmp(rn->kinds[k], name) == 0)
      return k;
  return -1;
}

/* A duplicate game's payments by bot kind; the fourth turn of a wall
   closes its sample. */
void sim_count_duplicate(const sim_run *rn, sim_stats *st,
                            const char *const seat_bot[4], const int pay[4],
                            int turn)
{
  for (int p = 0; p < rn->np; p++) {
    int k = sim_kind_index(rn, seat_bot[p]);
    if (k >= 0)
      st->cur[k] += pay[p];
  }
  if (turn != rn->np - 1)
    return;
  st->dup_walls++;
  for (int k = 0; k < 4; k++) {
    st->dup_net[k] += st->cur[k];
    st->dup_net_sq[k] += (sim_wide)st->cur[k] * st->cur[k];
    st->cur[k] = 0;
  }
}

void sim_count_places(sim_stats *st, const int place[4])
{
  st->matches++;
  for (int k = 0; k < 4; k++) {
    st->place_sum[k] += place[k];
    st->place_sq[k] += (long)place[k] * place[k];
  }
}

void sim_merge(sim_stats *a, const sim_stats *b)
{
  a->games += b->games;
  a->wins += b->wins;
  a->all_wins += b->all_wins;
  a->multi += b->multi;
  a->horse_wins += b->horse_wins;
  a->horses += b->horses;
  a->liable += b->liable;
  for (int i = 0; i < b->paid.n; i++)
    sim_reasons_add(&a->paid, b->paid.name[i], b->paid.sum[i]);
  a->drawn += b->drawn;
  a->self_drawn += b->self_drawn;
  a->points += b->points;
  if (b->max_points > a->max_points)
    a->max_points = b->max_points;
  for (int p = 0; p < 4; p++) {
    a->seat_wins[p] += b->seat_wins[p];
    a->seat_points[p] += b->seat_points[p];
    a->seat_net[p] += b->seat_net[p];
    a->seat_dealins[p] += b->seat_dealins[p];
    a->seat_points_sq[p] += b->seat_points_sq[p];
    a->seat_net_sq[p] += b->seat_net_sq[p];
    a->dup_net[p] += b->dup_net[p];
    a->dup_net_sq[p] += b->dup_net_sq[p];
  }
  a->dup_walls += b->dup_walls;
  a->matches += b->matches;
  for (int k = 0; k < 4; k++) {
    a->place_sum[k] += b->place_sum[k];
    a->place_sq[k] += b->place_sq[k];
  }
  for (int k = 0; k < 4; k++) {
    if (a->fallback[k] == 0 && b->fallback[k] > 0)
      memcpy(a->fallback_why[k], b->fallback_why[k], sizeof a->fallback_why[k]);
    a->fallback[k] += b->fallback[k];
  }
  for (int i = 0; i < SIM_MAX_FANS; i++)
    a->fan_games[i] += b->fan_games[i];
}

/* The half-width of a 95% interval of a mean from n values with sum s
   and sum of squares q (normal approximation); 0 for fewer than 2. */
static double half95(long n, double s, double q)
{
  if (n < 2)
    return 0;
  double mean = s / (double)n;
  double var = (q - (double)n * mean * mean) / (double)(n - 1);
  return var > 0 ? 1.96 * sqrt(var / (double)n) : 0;
}

/* Everything after the first line is the same for one run and for the
   merged shards of it (hule stats). */
static void summary_body(FILE *f, const sim_run *rn, const sim_stats *st);

/* A bot's name for the table: a file's or a program's last word, short
   ("lua:shanten.lua", "cmd:ref_bot.py"). */
static const char *bot_label(const char *spec, char *buf, size_t cap)
{
  const char *prog = cli_bot_program(spec);
  if (strncmp(spec, "lua:", 4) != 0 && prog == NULL)
    return spec;
  const char *start = prog ? prog : spec + 4;
  const char *end = spec + strlen(spec), *w = end;
  while (w > start && w[-1] != '/' && w[-1] != ' ')
    w--;
  snprintf(buf, cap, "%.*s%s", (int)(start - spec), spec, w);
  return buf;
}

/* Each player whose bot failed decisions: how many, and the first
   reason. Returns their sum. */
long sim_fallback_report(FILE *f, const sim_run *rn, const sim_stats *st)
{
  long sum = 0;
  for (int k = 0; k < 4; k++)
    if (st->fallback[k] > 0) {
      if (sum == 0)
        fprintf(f, _("\nfallback (decisions the efficiency bot made instead):\n"));
      fprintf(f, _("  player %d (%s): %ld, the first: %s\n"), k + 1, rn->bots[k],
              st->fallback[k], st->fallback_why[k]);
      sum += st->fallback[k];
    }
  return sum;
}

void sim_summary(FILE *f, const sim_run *rn, const sim_stats *st, double secs,
                    int jobs)
{
  bool opt = rn->options != NULL && rn->options[0];
  fprintf(f, ngettext("ruleset %s%s%s%s: %ld games in %.2f s (%.0f games/s, "
                      "%d process)\n", "ruleset %s%s%s%s: %ld games in "
                      "%.2f s (%.0f games/s, %d processes)\n", jobs),
          mj_rules_id(rn->r), opt ? " (" : "", opt ? rn->options : "",
          opt ? ")" : "", st->games, secs,
          secs > 0 ? (double)st->games / secs : 0.0, jobs);
  summary_body(f, rn, st);
}

/* The games' rates: wins, draws, points, horses, other payments. */
static void summary_rates(FILE *f, const sim_stats *st)
{
  fprintf(f,
          _("wins %.1f%% (self-drawn %.1f%% of wins), exhaustive draws %.1f%%\n"),
          100.0 * (double)st->wins / (double)st->games,
          st->all_wins ? 100.0 * (double)st->self_drawn / (double)st->all_wins
                       : 0.0,
          100.0 * (double)st->drawn / (double)st->games);
  if (st->all_wins != st->wins || st->multi > 0)
    fprintf(f, _("wins per game %.2f; games with a tile won by several "
               "(一炮多响) %.1f%%\n"),
            (double)st->all_wins / (double)st->games,
            100.0 * (double)st->multi / (double)st->games);
  fprintf(f, _("points per win: average %.2f, maximum %ld\n"),
          st->all_wins ? (double)st->points / (double)st->all_wins : 0.0,
          st->max_points);
  if (st->horses > 0)
    fprintf(f, _("horses (买马) on the winner: %.2f per win, in %.1f%% of "
               "wins\n"), (double)st->horses / (double)st->all_wins,
            100.0 * (double)st->horse_wins / (double)st->all_wins);
  if (st->liable > 0)
    fprintf(f, _("wins one player paid for all (全包): %.1f%% of wins\n"),
            100.0 * (double)st->liable / (double)st->all_wins);
  if (st->paid.n > 0) {
    fprintf(f, _("other payments, total per game:"));
    for (int i = 0; i < st->paid.n; i++)
      fprintf(f, "%s %s %.2f", i ? "," : "", st->paid.name[i],
              (double)st->paid.sum[i] / (double)st->games);
    fprintf(f, "\n");
  }
}

/* Each seat's row; bw is the bots' column's width. */
static void summary_seats(FILE *f, const sim_run *rn, const sim_stats *st,
                          int bw)
{
  fprintf(f, _("\nseat  %-*s win rate        points/win        "
             "dealt in  net per game (95%% intervals)\n"), bw, "bot");
  if (rn->duplicate)
    fprintf(f, _("(the bots turn through the seats: seat figures mix them)\n"));
  for (int p = 0; p < rn->np; p++) {
    double n = (double)st->games, wr = (double)st->seat_wins[p] / n;
    long nw = st->seat_wins[p];
    char lb[64];
    fprintf(f, "%-5s %-*s %5.1f%% ±%4.1f  %7.2f ±%6.2f  %7.1f%%  %+7.2f ±%5.2f\n",
            (const char *[]){ "1", "2", "3", "4" }[p], bw,
            bot_label(rn->bots[p], lb, sizeof lb),
            /* several wins a game (血流): the count's interval, as a
               Poisson's */
            100.0 * wr,
            100.0 * 1.96 * sqrt((wr <= 1 ? wr * (1 - wr) : wr) / n),
            nw ? (double)st->seat_points[p] / (double)nw : 0.0,
            half95(nw, (double)st->seat_points[p],
                   (double)st->seat_points_sq[p]),
            100.0 * (double)st->seat_dealins[p] / n,
            (double)st->seat_net[p] / n,
            half95(st->games, (double)st->seat_net[p],
                   (double)st->seat_net_sq[p]));
  }
}

/* Duplicate runs: each bot kind's net over the walls. */
static void summary_duplicate(FILE *f, const sim_run *rn,
                              const sim_stats *st, int bw)
{
  fprintf(f, _("\nduplicate: %ld walls, each played %d times with the bots "
             "turned a seat each time\n"
             "%-*s  net per game (95%% interval over the walls)\n"),
          st->dup_walls, rn->np, bw, "bot");
  double mean[4], half[4], widest = 0;   /* kinds[4] */
  for (int k = 0; k < rn->nkinds; k++) {
    int seats = 0;
    for (int p = 0; p < rn->np; p++)
      seats += strcmp(rn->bots[p], rn->kinds[k]) == 0;
    /* a wall's sample: the kind's net over its n games, per seat-game */
    double per = (double)rn->np * seats, n = (double)st->dup_walls;
    mean[k] = (double)st->dup_net[k] / n / per;
    half[k] = half95(st->dup_walls, (double)st->dup_net[k],
                     (double)st->dup_net_sq[k]) / per;
    widest = half[k] > widest ? half[k] : widest;
  }
  /* intervals under 0.1 (a ruleset of small units) with four places, so
     that an interval clear of zero reads so */
  int places = widest > 0 && widest < 0.1 ? 4 : 2;
  for (int k = 0; k < rn->nkinds; k++) {
    char lb[64];
    fprintf(f, "%-*s  %+*.*f ±%*.*f\n", bw,
            bot_label(rn->kinds[k], lb, sizeof lb), places + 6, places,
            mean[k], places + 4, places, half[k]);
  }
}

/* --matches: each player's average place over the whole matches. */
static void summary_places(FILE *f, const sim_run *rn, const sim_stats *st,
                           int bw)
{
  fprintf(f, ngettext("\nwhole matches: %ld (the %ld games above are its "
                      "hands)\n", "\nwhole matches: %ld (the %ld games above "
                      "are their hands)\n", st->matches), st->matches,
          st->games);
  fprintf(f, _("seat  %-*s average place (95%% interval)\n"), bw, "bot");
  for (int p = 0; p < rn->np; p++) {
    char lb[64];
    fprintf(f, "%-5s %-*s %5.2f ±%4.2f\n",
            (const char *[]){ "1", "2", "3", "4" }[p], bw,
            bot_label(rn->bots[p], lb, sizeof lb),
            (double)st->place_sum[p] / (double)st->matches,
            half95(st->matches, (double)st->place_sum[p],
                   (double)st->place_sq[p]));
  }
}

/* Fans or patterns by how often they came up, then those never seen. */
static void summary_fans(FILE *f, const sim_run *rn, const sim_stats *st)
{
  int order[SIM_MAX_FANS], n = mj_rules_nfans(rn->r);
  for (int i = 0; i < n; i++)
    order[i] = i;
  for (int i = 1; i < n; i++)
    for (int j = i;
         j > 0 && st->fan_games[order[j - 1]] < st->fan_games[order[j]]; j--) {
      int x = order[j];
      order[j] = order[j - 1];
      order[j - 1] = x;
    }
  char pad[128];
  fprintf(
      f, "\n%s %10s %9s\n",
      mj_text_pad(mj_rules_scoring(rn->r) == MJ_SCORING_SUM ? "fan" : "pattern",
                  50, pad, sizeof pad),
      "wins with", "of wins");
  int unseen = 0;
  for (int i = 0; i < n; i++) {
    const mj_fan_def *fd = mj_rules_fan(rn->r, order[i]);
    long k = st->fan_games[order[i]];
    if (k == 0) {
      unseen++;
      continue;
    }
    char name[160];
    bool en = fd->en != NULL && !mj_text_native_names;
    snprintf(name, sizeof name, "%s%s%s", mj_text_name(fd->id), en ? "  " : "",
             en ? fd->en : "");
    fprintf(f, "%s %10ld %8.2f%%\n", mj_text_pad(name, 50, pad, sizeof pad), k,
           st->all_wins ? 100.0 * (double)k / (double)st->all_wins : 0.0);
  }
  if (unseen == 0)
    return;
  fprintf(f, _("not seen (%d):"), unseen);
  int col = 16;
  for (int i = 0; i < n; i++) {
    if (st->fan_games[order[i]] != 0)
      continue;
    const char *id = mj_rules_fan(rn->r, order[i])->id;
    int w = mj_text_width(id) + 1;
    if (col + w > 78) {
      fprintf(f, "\n ");
      col = 1;
    }
    fprintf(f, " %s", id);
    col += w;
  }
  fprintf(f, "\n");
}

static void summary_body(FILE *f, const sim_run *rn, const sim_stats *st)
{
  if (st->games == 0)
    return;
  summary_rates(f, st);
  /* the bots' column as wide as its widest name (strong:caution=0.25) */
  int bw = 12;
  for (int p = 0; p < rn->np; p++) {
    char lb[64];
    int len = (int)strlen(bot_label(rn->bots[p], lb, sizeof lb));
    bw = len > bw ? len : bw;
  }
  summary_seats(f, rn, st, bw);
  if (rn->duplicate && st->dup_walls > 0)
    summary_duplicate(f, rn, st, bw);
  if (st->matches > 0)
    summary_places(f, rn, st, bw);
  summary_fans(f, rn, st);
}

/* {====================================================================
** hule stats: the summary of any number of JSONL files of a run
** ===================================================================== */

/* The run a line of hule sim belongs to: its ruleset, whether it is of a
   duplicate run and the turn of its wall (*turn), the bots at each seat
   (set by the first line, the same in every other). False with why. */
static bool line_run(cJSON *o, sim_run *rn, bool first, int *turn_out,
                     const char *seat_bot[4], char *why, size_t cap)
{
  cJSON *rs = cJSON_GetObjectItemCaseSensitive(o, "ruleset");
  cJSON *bots = cJSON_GetObjectItemCaseSensitive(o, "bots");
  cJSON *pay = cJSON_GetObjectItemCaseSensitive(o, "pay");
  cJSON *wins = cJSON_GetObjectItemCaseSensitive(o, "wins");
  if (!cJSON_IsString(rs) || !cJSON_IsArray(bots) ||
      cJSON_GetArraySize(bots) != rn->np || !cJSON_IsArray(pay) ||
      cJSON_GetArraySize(pay) != rn->np || !cJSON_IsArray(wins) ||
      cJSON_GetArraySize(wins) > MJ_MAX_WINS) {
    snprintf(why, cap, "not a line of hule sim --out (ruleset, bots, pay, "
             "wins)");
    return false;
  }
  if (strcmp(rs->valuestring, mj_rules_id(rn->r)) != 0) {
    snprintf(why, cap, "a game of %.40s, not %.40s", rs->valuestring,
             mj_rules_id(rn->r));
    return false;
  }
  /* the ruleset's options: the same in every line */
  cJSON *opt = cJSON_GetObjectItemCaseSensitive(o, "options");
  const char *ot = cJSON_IsString(opt) ? opt->valuestring : "";
  if ((opt != NULL && !cJSON_IsString(opt)) ||
      strlen(ot) >= sizeof rn->line_options) {
    snprintf(why, cap, "bad \"options\"");
    return false;
  }
  if (first) {
    snprintf(rn->line_options, sizeof rn->line_options, "%s", ot);
  } else if (strcmp(ot, rn->line_options) != 0) {
    snprintf(why, cap, "games with other options mixed (\"%.60s\", not "
             "\"%.60s\")", ot, rn->line_options);
    return false;
  }
  /* a duplicate run: the wall and the turn the bots are rotated by */
  cJSON *turn = cJSON_GetObjectItemCaseSensitive(o, "turn");
  bool dup = cJSON_GetObjectItemCaseSensitive(o, "wall") != NULL;
  int tn = 0;
  if (dup && (!cJSON_IsNumber(turn) || turn->valueint < 0 || turn->valueint >= rn->np)) {
    snprintf(why, cap, "bad \"turn\"");
    return false;
  }
  if (dup)
    tn = turn->valueint;
  if (first && dup && tn != 0) {
    snprintf(why, cap, "a duplicate run starts with turn 0 of a wall");
    return false;
  }
  if (first)
    rn->duplicate = dup;
  else if (dup != rn->duplicate) {
    snprintf(why, cap, "a duplicate and a plain run mixed");
    return false;
  }
  for (int p = 0; p < rn->np; p++) {
    cJSON *b = cJSON_GetArrayItem(bots, p);
    if (!cJSON_IsString(b) || strlen(b->valuestring) >= sizeof rn->bots[0]) {
      snprintf(why, cap, "bad \"bots\"");
      return false;
    }
    seat_bot[p] = b->valuestring;
  }
  for (int p = 0; p < rn->np; p++) {
    const char *base = seat_bot[(p - tn + rn->np) % rn->np];   /* turn 0's */
    if (first)
      snprintf(rn->bots[p], sizeof rn->bots[0], "%s", base);
    else if (strcmp(rn->bots[p], base) != 0) {
      snprintf(why, cap, "seat %d is %.31s here, %.31s before: another run",
               p + 1, base, rn->bots[p]);
      return false;
    }
  }
  if (first)
    for (int p = 0; p < rn->np; p++)
      if (sim_kind_index(rn, rn->bots[p]) < 0)
        snprintf(rn->kinds[rn->nkinds++], sizeof rn->kinds[0], "%s",
                 rn->bots[p]);
  *turn_out = tn;
  return true;
}

/* A line's "pay": four whole amounts in range that sum to zero with its
   "pot" (what was left on the table, absent when nothing). */
static bool line_pay(cJSON *o, int np, int pv[4], char *why, size_t cap)
{
  cJSON *pay = cJSON_GetObjectItemCaseSensitive(o, "pay");
  memset(pv, 0, 4 * sizeof pv[0]);
  for (int p = 0; p < np; p++) {
    cJSON *x = cJSON_GetArrayItem(pay, p);
    if (!cJSON_IsNumber(x) || !(fabs(x->valuedouble) <= 2.0 * MJ_MAX_SCORE) ||
        x->valuedouble != (int)x->valuedouble) {
      snprintf(why, cap, "bad \"pay\"");
      return false;
    }
    pv[p] = (int)x->valuedouble;
  }
  cJSON *pot = cJSON_GetObjectItemCaseSensitive(o, "pot");
  double left = cJSON_IsNumber(pot) ? pot->valuedouble : 0;
  if ((pot != NULL && (!cJSON_IsNumber(pot) || left != (int)left ||
                       !(fabs(left) <= 4.0 * MJ_MAX_SCORE))) ||
      (long long)pv[0] + pv[1] + pv[2] + pv[3] + (long long)left != 0) {
    snprintf(why, cap, "\"pay\" and \"pot\" are not zero-sum");
    return false;
  }
  return true;
}

/* The fans and states of a win counted; false when one is not a fan of
   the ruleset. */
static bool win_fans(const sim_run *rn, sim_stats *st, cJSON *w, char *why,
                     size_t cap)
{
  cJSON *lists[2] = { cJSON_GetObjectItemCaseSensitive(w, "fans"),
                      cJSON_GetObjectItemCaseSensitive(w, "states") };
  for (int l = 0; l < 2; l++) {
    cJSON *x;
    cJSON_ArrayForEach(x, lists[l]) {
      cJSON *id = l == 0 ? cJSON_GetObjectItemCaseSensitive(x, "id") : x;
      int f = -1;
      for (int i = 0; cJSON_IsString(id) && i < mj_rules_nfans(rn->r); i++)
        if (strcmp(mj_rules_fan(rn->r, i)->id, id->valuestring) == 0)
          f = i;
      if (f < 0 || f >= SIM_MAX_FANS) {
        snprintf(why, cap, "'%.40s' is not a fan of %s",
                 cJSON_IsString(id) ? id->valuestring : "?",
                 mj_rules_id(rn->r));
        return false;
      }
      st->fan_games[f]++;
    }
  }
  return true;
}

/* Win k of a line (of nw, the game's payer payer) counted. */
static bool line_win(const sim_run *rn, sim_stats *st, cJSON *w, int k,
                     int nw, int payer, char *why, size_t cap)
{
  cJSON *pl = cJSON_GetObjectItemCaseSensitive(w, "player");
  cJSON *tot = cJSON_GetObjectItemCaseSensitive(w, "total");
  if (!cJSON_IsNumber(pl) || pl->valueint < 0 || pl->valueint > 3 ||
      !cJSON_IsNumber(tot) || !(tot->valuedouble >= 0) ||
      tot->valuedouble > MJ_MAX_SCORE ||
      !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(w, "fans"))) {
    snprintf(why, cap, "bad win %d", k + 1);
    return false;
  }
  /* the win's own payer (older lines: the game's) */
  cJSON *wf = cJSON_GetObjectItemCaseSensitive(w, "from");
  int wfrom = payer;
  if (wf != NULL) {
    if (!cJSON_IsNumber(wf) || wf->valueint < 0 || wf->valueint > 3) {
      snprintf(why, cap, "bad \"from\" of win %d", k + 1);
      return false;
    }
    wfrom = wf->valueint;
  } else if (nw > 1) {
    wfrom = -1;      /* a line of several wins names each one's payer */
  }
  sim_count_win(st, pl->valueint, (long)tot->valuedouble, wfrom);
  cJSON *hs = cJSON_GetObjectItemCaseSensitive(w, "horses");
  if (hs != NULL) {
    if (!cJSON_IsNumber(hs) || hs->valueint < 0 || hs->valueint > 99) {
      snprintf(why, cap, "bad \"horses\" of win %d", k + 1);
      return false;
    }
    st->horse_wins += hs->valueint > 0;
    st->horses += hs->valueint;
  }
  st->liable += cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(w, "liable"));
  return win_fans(rn, st, w, why, cap);
}

/* One JSON line of hule sim into st; false with why (a line not of a
   sim, or of another ruleset or other bots than the first). */
static bool stats_line(cJSON *o, sim_run *rn, sim_stats *st, bool first, char *why,
                       size_t cap)
{
  cJSON *wins = cJSON_GetObjectItemCaseSensitive(o, "wins");
  cJSON *from = cJSON_GetObjectItemCaseSensitive(o, "from");
  const char *seat_bot[4];
  int tn = 0, pv[4];
  bool dup = cJSON_GetObjectItemCaseSensitive(o, "wall") != NULL;
  if (!line_run(o, rn, first, &tn, seat_bot, why, cap) ||
      !line_pay(o, rn->np, pv, why, cap))
    return false;
  int payer = -1, nw = cJSON_GetArraySize(wins);
  if (from != NULL) {
    if (!cJSON_IsNumber(from) || from->valueint < 0 || from->valueint >= rn->np) {
      snprintf(why, cap, "bad \"from\"");
      return false;
    }
    payer = from->valueint;
  }
  sim_count_game(st, nw, pv);
  st->multi += cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "multi"));
  cJSON *paid = cJSON_GetObjectItemCaseSensitive(o, "paid"), *x0;
  cJSON_ArrayForEach(x0, paid) {
    if (!cJSON_IsNumber(x0) || x0->string == NULL || x0->valuedouble < 0 ||
        x0->valuedouble > 1e12) {
      snprintf(why, cap, "bad \"paid\"");
      return false;
    }
    sim_reasons_add(&st->paid, x0->string, (long)x0->valuedouble);
  }
  if (dup)
    sim_count_duplicate(rn, st, seat_bot, pv, tn);
  for (int k = 0; k < nw; k++)
    if (!line_win(rn, st, cJSON_GetArrayItem(wins, k), k, nw, payer, why, cap))
      return false;
  return true;
}

/* The summary as one JSON object (stats --json). */
static void stats_json(const sim_run *rn, const sim_stats *st)
{
  cJSON *out = cJSON_CreateObject();
  cJSON_AddStringToObject(out, "ruleset", mj_rules_id(rn->r));
  cJSON_AddNumberToObject(out, "games", (double)st->games);
  cJSON_AddNumberToObject(out, "wins", (double)st->wins);
  cJSON_AddNumberToObject(out, "drawn", (double)st->drawn);
  cJSON_AddNumberToObject(out, "self_drawn", (double)st->self_drawn);
  cJSON_AddNumberToObject(out, "max_points", (double)st->max_points);
  cJSON *seats = cJSON_AddArrayToObject(out, "seats");
  double n = (double)st->games;
  for (int p = 0; p < rn->np; p++) {
    cJSON *x = cJSON_CreateObject();
    double wr = (double)st->seat_wins[p] / n;
    long nw = st->seat_wins[p];
    cJSON_AddStringToObject(x, "bot", rn->bots[p]);
    cJSON_AddNumberToObject(x, "win_rate", wr);
    cJSON_AddNumberToObject(x, "win_rate_95", 1.96 * sqrt(wr * (1 - wr) / n));
    cJSON_AddNumberToObject(
        x, "points_per_win", nw ? (double)st->seat_points[p] / (double)nw : 0);
    cJSON_AddNumberToObject(x, "points_per_win_95",
                            half95(nw, (double)st->seat_points[p],
                                   (double)st->seat_points_sq[p]));
    cJSON_AddNumberToObject(x, "dealt_in", (double)st->seat_dealins[p] / n);
    cJSON_AddNumberToObject(x, "net_per_game", (double)st->seat_net[p] / n);
    cJSON_AddNumberToObject(x, "net_per_game_95",
                            half95(st->games, (double)st->seat_net[p],
                                   (double)st->seat_net_sq[p]));
    cJSON_AddItemToArray(seats, x);
  }
  cJSON *fans = cJSON_AddObjectToObject(out, "fans");
  for (int i = 0; i < mj_rules_nfans(rn->r) && i < SIM_MAX_FANS; i++)
    if (st->fan_games[i] > 0)
      cJSON_AddNumberToObject(fans, mj_rules_fan(rn->r, i)->id,
                              (double)st->fan_games[i]);
  char *t = cJSON_PrintUnformatted(out);
  if (t != NULL) {
    puts(t);
    cJSON_free(t);
  }
  cJSON_Delete(out);
}

enum { STATS_LINE_MAX = 1 << 20 };   /* a sim line is under a few KB */

/* The files read so far, to refuse one given twice by any name (its
   games would count twice), and the games counted so far, by their seed
   and turn, to refuse a game given twice (a shard copied). */
typedef struct stats_files {
  struct stat seen[64];
  int n;
  uint64_t *games;         /* open addressing; 0: empty */
  size_t gcap, ngames;
} stats_files;

/* The key of a game: its seed's text and its turn (a duplicate run
   plays each wall four times), never 0. */
static uint64_t game_key(const char *seed, int turn)
{
  uint64_t h = 1469598103934665603ULL;
  for (const unsigned char *c = (const unsigned char *)seed; *c; c++)
    h = (h ^ *c) * 1099511628211ULL;
  h = (h ^ (uint64_t)(turn + 1)) * 1099511628211ULL;
  return h ? h : 1;
}

/* Was the game of key k counted already? Noted when not; -1 without
   memory. */
static int game_seen(stats_files *sf, uint64_t k)
{
  if (2 * (sf->ngames + 1) > sf->gcap) {
    size_t nc = sf->gcap ? 2 * sf->gcap : 1024;
    uint64_t *ng = calloc(nc, sizeof *ng);
    if (ng == NULL)
      return -1;
    for (size_t i = 0; i < sf->gcap; i++)
      for (size_t j = sf->games[i] % nc; sf->games[i]; j = (j + 1) % nc)
        if (ng[j] == 0) {
          ng[j] = sf->games[i];
          break;
        }
    free(sf->games);
    sf->games = ng, sf->gcap = nc;
  }
  for (size_t j = k % sf->gcap;; j = (j + 1) % sf->gcap) {
    if (sf->games[j] == k)
      return 1;
    if (sf->games[j] == 0) {
      sf->games[j] = k;
      sf->ngames++;
      return 0;
    }
  }
}

/* A line's game, seed, dealer and winners: in range, and the game not
   counted before; false with why. */
static bool line_game(stats_files *sf, cJSON *o, char *why, size_t cap)
{
  cJSON *game = cJSON_GetObjectItemCaseSensitive(o, "game");
  cJSON *seed = cJSON_GetObjectItemCaseSensitive(o, "seed");
  cJSON *dealer = cJSON_GetObjectItemCaseSensitive(o, "dealer");
  cJSON *winners = cJSON_GetObjectItemCaseSensitive(o, "winners"), *w;
  cJSON *turn = cJSON_GetObjectItemCaseSensitive(o, "turn");
  if (game != NULL && (!cJSON_IsNumber(game) || game->valuedouble < 0 ||
                       game->valuedouble > 1e15 ||
                       game->valuedouble !=
                           (double)(long long)game->valuedouble)) {
    snprintf(why, cap, "bad \"game\" (a game's number, 0 or more)");
    return false;
  }
  if (seed != NULL && (!cJSON_IsString(seed) || strlen(seed->valuestring) > 40)) {
    snprintf(why, cap, "bad \"seed\"");
    return false;
  }
  if (dealer != NULL && (!cJSON_IsNumber(dealer) || dealer->valuedouble < 0 ||
                         dealer->valuedouble > 3 ||
                         dealer->valuedouble != (int)dealer->valuedouble)) {
    snprintf(why, cap, "bad \"dealer\" (a seat, 0 to 3)");
    return false;
  }
  if (winners != NULL && (!cJSON_IsArray(winners) ||
                          cJSON_GetArraySize(winners) > MJ_MAX_WINS)) {
    snprintf(why, cap, "bad \"winners\" (the seats 0 to 3 that won)");
    return false;
  }
  cJSON_ArrayForEach(w, winners)
    if (!cJSON_IsNumber(w) || w->valuedouble < 0 || w->valuedouble > 3 ||
        w->valuedouble != (int)w->valuedouble) {
      snprintf(why, cap, "bad \"winners\" (the seats 0 to 3 that won)");
      return false;
    }
  if (!cJSON_IsString(seed))
    return true;
  int seen = game_seen(sf, game_key(seed->valuestring,
                                    cJSON_IsNumber(turn) ? turn->valueint : 0));
  if (seen != 0) {
    snprintf(why, cap, seen < 0 ? "out of memory" : "game %.0f (seed %s) is "
             "in the files twice (a shard or its copy given twice?): it "
             "would count twice",
             cJSON_IsNumber(game) ? game->valuedouble : -1.0,
             seed->valuestring);
    return false;
  }
  return true;
}

static bool new_file(stats_files *sf, const char *path)
{
  struct stat sb;
  if (stat(path, &sb) != 0)
    return true;
  for (int b = 0; b < sf->n && b < 64; b++)
    if (sf->seen[b].st_dev == sb.st_dev && sf->seen[b].st_ino == sb.st_ino) {
      fprintf(stderr, _("Error: %s is given twice (the same file as an earlier "
              "one): its games would count twice\n"), path);
      return false;
    }
  if (sf->n < 64)
    sf->seen[sf->n] = sb;
  return true;
}

/* A line that ends a match (sim --matches): its "places", each seat's
   place, 1 to 4 each once, into st. */
static bool line_places(cJSON *o, int np, sim_stats *st, char *why,
                        size_t cap)
{
  cJSON *pp = cJSON_GetObjectItemCaseSensitive(o, "places"), *x;
  if (pp == NULL)
    return true;
  int place[4] = { 0 }, seen = 0, n = 0;
  if (cJSON_IsArray(pp) && cJSON_GetArraySize(pp) == np)
    cJSON_ArrayForEach(x, pp) {
      if (!cJSON_IsNumber(x) || x->valuedouble < 1 || x->valuedouble > np ||
          x->valuedouble != (int)x->valuedouble ||
          (seen & 1 << x->valueint))
        break;
      seen |= 1 << x->valueint;
      place[n++] = x->valueint;
    }
  if (n != np) {
    snprintf(why, cap, "bad \"places\" (each seat's place in its match, "
             "1 to %d, each once)", np);
    return false;
  }
  sim_count_places(st, place);
  return true;
}

/* Line line of path (n bytes) into st; the ruleset found at the first. */
static bool stats_one_line(mj_host *h, const cli_opts *o, sim_run *rn,
                           sim_stats *st, stats_files *sf, bool *first,
                           const char *buf, long n, const char *path,
                           int line)
{
  cJSON *obj = cJSON_ParseWithLength(buf, (size_t)n);
  char why[160] = "not JSON";
  bool ok = true;
  if (obj != NULL && rn->r == NULL) {
    /* the ruleset: --ruleset, else the one the first line names */
    cli_opts mine = *o;
    cJSON *rs = cJSON_GetObjectItemCaseSensitive(obj, "ruleset");
    if (mine.ruleset == NULL && cJSON_IsString(rs))
      mine.ruleset = rs->valuestring;
    ok = (rn->r = cli_rules(h, &mine)) != NULL;
    if (ok)
      rn->np = mj_rules_ctable(rn->r)->players;
  }
  if (ok && (obj == NULL || !stats_line(obj, rn, st, *first, why, sizeof why) ||
             !line_game(sf, obj, why, sizeof why) ||
             !line_places(obj, rn->np, st, why, sizeof why))) {
    fprintf(stderr, _("Error: %s:%d: %s\n"), path, line, why);
    ok = false;
  }
  *first = false;
  cJSON_Delete(obj);
  return ok;
}

/* One file into st, a line at a time, each at most STATS_LINE_MAX: a
   file of any size (or a pipe, or a device) is read in a few MB. */
static bool stats_file(mj_host *h, const cli_opts *o, sim_run *rn,
                       sim_stats *st, stats_files *sf, bool *first,
                       const char *path)
{
  mj_error e0;
  FILE *f = mj_file_open_read(path, &e0);
  if (f == NULL) {
    fprintf(stderr, _("Error: %s\n"), e0.msg);
    return false;
  }
  int line = 0;
  char *buf = NULL;
  size_t bcap = 0;
  long n;
  bool longer, ok = true;
  while (ok &&
         (n = mj_file_line(f, &buf, &bcap, STATS_LINE_MAX, &longer, false)) >= 0) {
    line++;
    if (longer) {
      fprintf(stderr, _("Error: %s:%d: a line longer than %d bytes: not a "
              "line of hule sim\n"), path, line, STATS_LINE_MAX);
      ok = false;
    } else if (n > 0) {
      ok = stats_one_line(h, o, rn, st, sf, first, buf, n, path, line);
    }
  }
  if (ok && line == 0 && !ferror(f)) {
    fprintf(stderr, _("Error: %s is empty (no line of hule sim)\n"), path);
    ok = false;
  }
  if (ok && ferror(f)) {
    fprintf(stderr, _("Error: cannot read %s: %s\n"), path, strerror(errno));
    ok = false;
  }
  free(buf);
  fclose(f);
  return ok;
}

int cli_stats(mj_host *h, const cli_opts *o, int argc, char **argv)
{
  if (argc < 2) {
    fprintf(stderr, _("Usage: hule stats FILE.jsonl... [--ruleset ID] "
            "[--json]\n  the summary of the games in the files (the JSON "
            "lines of hule sim --out),\n  shards merged exactly as one run\n"));
    return 1;
  }
  sim_run rn;
  memset(&rn, 0, sizeof rn);
  sim_stats *st = calloc(1, sizeof *st);
  stats_files *sf = calloc(1, sizeof *sf);
  int status = st == NULL || sf == NULL;
  bool first = true;
  for (int a = 1; a < argc && status == 0; a++) {
    if (!new_file(sf, argv[a]) ||
        !stats_file(h, o, &rn, st, sf, &first, argv[a]))
      status = 1;
    sf->n++;
  }
  if (status == 0 && st->games == 0) {
    fprintf(stderr, _("Error: no games in the files\n"));
    status = 1;
  }
  if (status == 0 && o->json) {
    stats_json(&rn, st);
  } else if (status == 0) {
    printf(ngettext("ruleset %s%s%s%s: %ld games from %d file\n",
                    "ruleset %s%s%s%s: %ld games from %d files\n", sf->n),
           mj_rules_id(rn.r), rn.line_options[0] ? " (" : "",
           rn.line_options, rn.line_options[0] ? ")" : "", st->games, sf->n);
    summary_body(stdout, &rn, st);
  }
  free(st);
  if (sf != NULL)
    free(sf->games);
  free(sf);
  return status;
}

/* }==================================================================== */
