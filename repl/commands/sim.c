/*
** sim.c
** hule sim: many hands between bots, its command line and the playing of
** each game (pool.c runs them in processes, summary.c adds them up).
** Game g of a run uses the seed
** mj_seed_mix(seed, g) and the dealer g % 4, so any range of games can
** be played anywhere: shards (--shard I/N) and processes (--jobs K) split
** the range and their outputs concatenate to the unsplit output.
*/
#include "i18n.h"
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#include <math.h>

#include <cjson/cJSON.h>

#include "bot.h"
#include "cmdbot.h"
#include "cmdline.h"
#include "fileio.h"
#include "game.h"
#include "match.h"
#include "replay.h"
#include "score.h"
#include "wall.h"

#include "sim.h"
#include "bots.h"

/* Should game gi, won with a best total of best (0: drawn), be logged? */
static bool wants_log(const sim_run *rn, long gi, long best)
{
  if (rn->log_dir == NULL)
    return false;
  if (rn->log_min_total > 0 && best >= rn->log_min_total)
    return true;
  for (int i = 0; i < rn->nlog_games; i++)
    if (rn->log_games[i] == gi)
      return true;
  return false;
}

/* The game's full log as DIR/game-G.jsonl, which open, replay and review
   read. */
static bool write_log(const sim_run *rn, const mj_game *g, long gi)
{
  const char *players[4] = { rn->bots[0], rn->bots[1], rn->bots[2],
                             rn->bots[3] };
  char *text = mj_replay_write(g, players, rn->options ? rn->options : "",
                               NULL, false);
  char path[1100];
  snprintf(path, sizeof path, "%s/game-%ld.jsonl", rn->log_dir, gi);
  mj_error e;
  if (text == NULL ||
      mj_file_write_atomic(path, text, strlen(text), &e) != MJ_OK) {
    fprintf(stderr, _("Error: game %ld: %s\n"), gi,
            text == NULL ? "out of memory" : e.msg);
    free(text);
    return false;
  }
  free(text);
  return true;
}

/* Ctrl-C: the game being played is finished, then the run stops. */
volatile sig_atomic_t sim_stop;

static void on_sigint(int sig)
{
  (void)sig;
  sim_stop = 1;
}

/* A game as played: who sat where, and what its end says. */
typedef struct played {
  long gi, wall;
  int turn;                    /* duplicate: the bots turned this far */
  mj_game_cfg cfg;
  const char *seat_bot[4];
  int w[MJ_MAX_WINS], nw;      /* the winners */
  int pay[4], payer;
  int from[MJ_MAX_WINS];       /* each win's payer, -1 a self-draw */
  bool multi;                  /* a tile won by several */
  sim_reasons paid;                /* the ledger's other payments, by reason */
  int horses[MJ_MAX_WINS];     /* the horses on each winner */
  bool liable[MJ_MAX_WINS];    /* one player paid for all the others */
  int hand;                    /* --matches: the hand's number in its match */
  int place[4];                /* ... the places when it ended the match */
  bool last;
} played;

/* The bots of the game at their seats play it to its end; the decisions
   they failed are counted for their players. Programs stay for the next
   game of their player; the others are freed. */
static mj_status play_bots(sim_run *rn, played *pl, mj_game *g, sim_stats *st,
                           mj_error *e)
{
  mj_bot *b[4] = { NULL, NULL, NULL, NULL };
  mj_status s = MJ_OK;
  int fails_before[4] = { 0, 0, 0, 0 };
  for (int p = 0; p < rn->np && s == MJ_OK; p++) {
    int k = (p + pl->turn) % rn->np;        /* the player: a place in --bots */
    if (cli_bot_program(pl->seat_bot[p]) != NULL) {
      /* a program is started once and plays every game of its player */
      if (rn->programs[k] == NULL)
        rn->programs[k] = cli_bot_new(rn->host, rn->r, pl->seat_bot[p], 1,
                                      rn->bot_ms, e);
      b[p] = rn->programs[k];
      if (b[p] != NULL)
        fails_before[p] = mj_bot_failures(b[p], NULL);
    } else {
      b[p] = cli_bot_new(rn->host, rn->r, pl->seat_bot[p],
                         pl->cfg.seed * 4 + (uint64_t)p + 1, 0, e);
    }
    if (b[p] == NULL)
      s = MJ_EINVAL;
  }
  if (s == MJ_OK)
    s = mj_bot_play(g, b, e);
  for (int p = 0; p < rn->np; p++) {
    const char *why;
    int nf = b[p] != NULL ? mj_bot_failures(b[p], &why) - fails_before[p] : 0;
    int k = (p + pl->turn) % rn->np;
    if (nf > 0 && st->fallback[k] == 0) {
      snprintf(st->fallback_why[k], sizeof st->fallback_why[k], "%s", why);
      fprintf(stderr, _("Warning: game %ld: bot %s failed a decision (%s); the "
              "efficiency bot made it\n"), pl->gi, pl->seat_bot[p], why);
    }
    st->fallback[k] += nf;
    if (cli_bot_program(pl->seat_bot[p]) == NULL)
      mj_bot_free(b[p]);
  }
  return s;
}

/* What the end of g says, into pl: the winners and payments, each win's
   payer (the events say) and whether a tile was won by several, the
   other payments by reason (kong money, 查叫...), the horses and the
   wins one player paid for all (全包: one payer, three times the total). */
static void read_end(const mj_game *g, played *pl)
{
  pl->nw = mj_game_winners(g, pl->w);
  mj_game_payments(g, pl->pay);
  pl->payer = mj_game_payer(g);
  for (int k = 0; k < MJ_MAX_WINS; k++)
    pl->from[k] = -1;
  pl->multi = false;
  for (int i = 0, k = 0; i < mj_game_nevents(g) && k < pl->nw; i++) {
    const mj_event *ev = mj_game_event(g, i);
    if (ev->type != MJ_EV_WIN)
      continue;
    pl->from[k] = ev->from;
    if (k > 0 && ev->from >= 0 && i > 0 &&
        mj_game_event(g, i - 1)->type == MJ_EV_WIN &&
        mj_game_event(g, i - 1)->from == ev->from)
      pl->multi = true;
    k++;
  }
  const mj_payment *led;
  int nled = mj_game_ledger(g, &led);
  memset(&pl->paid, 0, sizeof pl->paid);
  for (int i = 0; i < nled; i++)
    if (led[i].reason != MJ_PAY_WIN)
      sim_reasons_add(&pl->paid, mj_game_reason(g, led[i].reason),
                      led[i].amount);
  for (int k = 0; k < pl->nw; k++) {
    pl->horses[k] = mj_hand_cctx(mj_game_win_hand(g, k))->horses;
    int one = -1, sum = 0;
    bool several = false;
    for (int i = 0; i < nled; i++)
      if (led[i].reason == MJ_PAY_WIN && led[i].winner == k) {
        several = several || (one >= 0 && led[i].payer != one);
        one = led[i].payer;
        sum += led[i].amount;
      }
    pl->liable[k] = !several && one >= 0 &&
                    sum >= 3 * mj_game_result(g, k)->total;
  }
}

/* The game into the statistics. */
static void count_played(const sim_run *rn, sim_stats *st, const mj_game *g,
                         const played *pl)
{
  sim_count_game(st, pl->nw, pl->pay);
  st->multi += pl->multi;
  for (int k = 0; k < pl->nw; k++) {
    st->horse_wins += pl->horses[k] > 0;
    st->horses += pl->horses[k];
    st->liable += pl->liable[k];
  }
  for (int j = 0; j < pl->paid.n; j++)
    sim_reasons_add(&st->paid, pl->paid.name[j], pl->paid.sum[j]);
  if (rn->duplicate)
    sim_count_duplicate(rn, st, pl->seat_bot, pl->pay, pl->turn);
  for (int k = 0; k < pl->nw; k++) {
    const mj_score *sc = mj_game_result(g, k);
    sim_count_win(st, pl->w[k], sc->total, pl->from[k]);
    for (int i = 0; i < sc->nhits; i++)
      if (sc->hits[i].fan < SIM_MAX_FANS)
        st->fan_games[sc->hits[i].fan]++;
    for (int i = 0; i < sc->nstates; i++)   /* a state the win was made in */
      if (sc->states[i] < SIM_MAX_FANS)
        st->fan_games[sc->states[i]]++;
  }
}

/* Win k as its JSON object: the player, the total, the fans {id,
   points, count}, the states it was made in, the hand. */
static cJSON *win_json(const sim_run *rn, const mj_game *g, const played *pl,
                       int k)
{
  const mj_score *sc = mj_game_result(g, k);
  cJSON *x = cJSON_CreateObject();
  cJSON_AddNumberToObject(x, "player", pl->w[k]);
  if (pl->from[k] >= 0)
    cJSON_AddNumberToObject(x, "from", pl->from[k]);
  cJSON_AddNumberToObject(x, "total", sc->total);
  if (pl->horses[k] > 0)
    cJSON_AddNumberToObject(x, "horses", pl->horses[k]);
  if (pl->liable[k])
    cJSON_AddTrueToObject(x, "liable");
  cJSON *fa = cJSON_AddArrayToObject(x, "fans");
  for (int i = 0; i < sc->nhits; i++) {
    cJSON *fo = cJSON_CreateObject();
    cJSON_AddStringToObject(fo, "id", mj_rules_fan(rn->r, sc->hits[i].fan)->id);
    cJSON_AddNumberToObject(fo, "points", sc->hits[i].value);
    cJSON_AddNumberToObject(fo, "count", sc->hits[i].count);
    cJSON_AddItemToArray(fa, fo);
  }
  cJSON *sa = cJSON_AddArrayToObject(x, "states");
  for (int i = 0; i < sc->nstates; i++)
    cJSON_AddItemToArray(
        sa, cJSON_CreateString(mj_rules_fan(rn->r, sc->states[i])->id));
  char buf[1024];
  mj_hand_print_full(mj_game_win_hand(g, k), buf, sizeof buf);
  cJSON_AddStringToObject(x, "hand", buf);
  return x;
}

/* The game's JSON line into rn->out; false on a failed write. */
/* What each seat did that the line says when any did: the declarations
   made (riichi), the claims (a meld not a concealed kong, for call
   rates). */
static void seats_json(cJSON *o, const sim_run *rn, const mj_game *g)
{
  unsigned any = 0;
  for (int p = 0; p < 4; p++)
    any |= mj_game_declared(g, p);
  if (any != 0) {   /* the declarations each seat made (riichi) */
    cJSON *da = cJSON_AddArrayToObject(o, "declared");
    for (int p = 0; p < rn->np; p++) {
      cJSON *one = cJSON_CreateArray();
      unsigned d = mj_game_declared(g, p);
      for (int k = 0; d != 0; k++, d >>= 1)
        if ((d & 1) && mj_game_decl(g, k) != NULL)
          cJSON_AddItemToArray(one, cJSON_CreateString(mj_game_decl(g, k)->name));
      cJSON_AddItemToArray(da, one);
    }
  }
  /* the seats that claimed (a meld not a concealed kong), for call rates */
  bool called[4] = { false, false, false, false }, anyc = false;
  for (int p = 0; p < rn->np; p++) {
    const mj_hand *h = mj_game_hand(g, p);
    for (int i = 0; i < mj_hand_nmelds(h); i++)
      called[p] = called[p] || mj_hand_melds(h)[i].type != MJ_CKONG;
    anyc = anyc || called[p];
  }
  if (anyc) {
    cJSON *ca = cJSON_AddArrayToObject(o, "called");
    for (int p = 0; p < rn->np; p++)
      cJSON_AddItemToArray(ca, cJSON_CreateBool(called[p]));
  }
}

static bool write_line(const sim_run *rn, const mj_game *g, const played *pl)
{
  cJSON *o = cJSON_CreateObject();
  char seed[32];
  cJSON_AddNumberToObject(o, "game", (double)pl->gi);
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)pl->cfg.seed);
  cJSON_AddStringToObject(o, "seed", seed);
  cJSON_AddStringToObject(o, "ruleset", mj_rules_id(rn->r));
  if (rn->options != NULL && rn->options[0])
    cJSON_AddStringToObject(o, "options", rn->options);
  cJSON_AddNumberToObject(o, "dealer", pl->cfg.dealer);
  if (rn->duplicate) {
    cJSON_AddNumberToObject(o, "wall", (double)pl->wall);
    cJSON_AddNumberToObject(o, "turn", pl->turn);
  }
  cJSON *bots = cJSON_AddArrayToObject(o, "bots");
  for (int p = 0; p < rn->np; p++)
    cJSON_AddItemToArray(bots, cJSON_CreateString(pl->seat_bot[p]));
  cJSON_AddStringToObject(o, "result", pl->nw ? "win" : "drawn");
  cJSON *wa = cJSON_AddArrayToObject(o, "winners");
  for (int k = 0; k < pl->nw; k++)
    cJSON_AddItemToArray(wa, cJSON_CreateNumber(pl->w[k]));
  if (pl->nw > 0 && pl->payer >= 0)
    cJSON_AddNumberToObject(o, "from", pl->payer);
  cJSON *wins = cJSON_AddArrayToObject(o, "wins");
  for (int k = 0; k < pl->nw; k++)
    cJSON_AddItemToArray(wins, win_json(rn, g, pl, k));
  cJSON *pa = cJSON_AddArrayToObject(o, "pay");
  for (int p = 0; p < rn->np; p++)
    cJSON_AddItemToArray(pa, cJSON_CreateNumber(pl->pay[p]));
  seats_json(o, rn, g);
  long net = (long)pl->pay[0] + pl->pay[1] + pl->pay[2] + pl->pay[3];
  if (net != 0)   /* sticks left on the table (riichi): theirs to keep */
    cJSON_AddNumberToObject(o, "pot", (double)-net);
  if (pl->multi)
    cJSON_AddTrueToObject(o, "multi");
  if (pl->paid.n > 0) {
    cJSON *po = cJSON_AddObjectToObject(o, "paid");
    for (int j = 0; j < pl->paid.n; j++)
      cJSON_AddNumberToObject(po, pl->paid.name[j], (double)pl->paid.sum[j]);
  }
  cJSON_AddNumberToObject(o, "actions", mj_game_nactions(g));
  if (pl->hand > 0)
    cJSON_AddNumberToObject(o, "hand", pl->hand);
  if (pl->last) {   /* the match's end: each seat's place, 1 first */
    cJSON *pp = cJSON_AddArrayToObject(o, "places");
    for (int p = 0; p < rn->np; p++)
      cJSON_AddItemToArray(pp, cJSON_CreateNumber(pl->place[p]));
  }
  char *text = cJSON_PrintUnformatted(o);
  cJSON_Delete(o);
  if (text == NULL)
    return false;
  size_t len = strlen(text);
  text[len] = '\n';     /* the line and its newline in one write */
  bool ok = sim_sink_write(rn->out, text, len + 1);
  cJSON_free(text);
  return ok;
}

/* A hand dealt (g) as pl says: the bots play it, its end is read and
   logged if asked: 0, or 1 with the error said (g freed then). */
static int hand_play(sim_run *rn, played *pl, mj_game *g, sim_stats *st)
{
  mj_error e;
  if (play_bots(rn, pl, g, st, &e) != MJ_OK) {
    fprintf(stderr, _("Error: game %ld (seed %llu): %s\n"), pl->gi,
            (unsigned long long)pl->cfg.seed, e.msg);
    mj_game_free(g);
    return 1;
  }
  read_end(g, pl);
  long best = 0;
  for (int k = 0; k < pl->nw; k++)
    if (mj_game_result(g, k)->total > best)
      best = mj_game_result(g, k)->total;
  if (wants_log(rn, pl->gi, best) && !write_log(rn, g, pl->gi)) {
    mj_game_free(g);
    return 1;
  }
  return 0;
}

/* A hand played into st and its line; g freed. */
static int hand_done(sim_run *rn, played *pl, mj_game *g, sim_stats *st)
{
  count_played(rn, st, g, pl);
  bool ok = rn->out == NULL || write_line(rn, g, pl);
  mj_game_free(g);
  return ok ? 0 : 1;
}

/* --matches: game gi is a whole match (its seed mix(S, gi), its first
   dealer gi mod 4), every hand counted and written; at its end each
   player's place. */
static int play_match(sim_run *rn, long gi, sim_stats *st)
{
  mj_match m;
  mj_match_init(&m, rn->r, mj_seed_mix(rn->seed, (uint64_t)gi),
                mj_rules_ctable(rn->r)->match_hands, (int)(gi % rn->np));
  int rc = 0;
  while (!m.over && rc == 0) {
    if (sim_stop)
      return 130;
    played pl;
    memset(&pl, 0, sizeof pl);
    pl.gi = pl.wall = gi;
    for (int p = 0; p < rn->np; p++)
      pl.seat_bot[p] = rn->bots[p];
    mj_error e;
    mj_game *g = mj_match_deal(&m, &e);
    if (g == NULL) {
      fprintf(stderr, _("Error: game %ld: %s\n"), gi, e.msg);
      return 1;
    }
    pl.cfg = *mj_game_config(g);
    pl.hand = m.hand_no;
    if ((rc = hand_play(rn, &pl, g, st)) != 0)
      break;
    mj_match_record(&m, g);
    if (m.over) {
      int res[4];
      mj_match_standings(rn->r, m.scores, m.first_dealer, pl.place, res);
      for (int p = 0; p < rn->np; p++)
        pl.place[p]++;
      pl.last = true;
      sim_count_places(st, pl.place);
    }
    rc = hand_done(rn, &pl, g, st);
  }
  return rc;
}

/* One game: play it, add it to st, write its line (and its log). */
static int play_one(sim_run *rn, long gi, sim_stats *st)
{
  if (rn->matches)
    return play_match(rn, gi, st);
  played pl;
  memset(&pl, 0, sizeof pl);
  /* duplicate: game gi plays wall gi / n with the bots turned gi % n
     seats (n players), so every bot sits every seat of every wall */
  pl.gi = gi;
  pl.wall = rn->duplicate ? gi / rn->np : gi;
  pl.turn = rn->duplicate ? (int)(gi % rn->np) : 0;
  pl.cfg.seed = mj_seed_mix(rn->seed, (uint64_t)pl.wall);
  pl.cfg.dealer = (int)(pl.wall % rn->np);
  for (int p = 0; p < rn->np; p++)
    pl.seat_bot[p] = rn->bots[(p + pl.turn) % rn->np];
  mj_error e;
  mj_game *g = mj_game_new(rn->r, &pl.cfg, &e);
  if (g == NULL) {
    fprintf(stderr, _("Error: game %ld: %s\n"), gi, e.msg);
    return 1;
  }
  if (hand_play(rn, &pl, g, st) != 0)
    return 1;
  return hand_done(rn, &pl, g, st);
}

/* Play games lo..hi: 0 done, 1 an error, 130 stopped by Ctrl-C. */
static int play_range(sim_run *rn, sim_stats *st)
{
  int rc = 0;
  for (long gi = rn->lo; gi < rn->hi && rc == 0; gi++) {
    if (sim_stop)
      rc = 130;
    else if (play_one(rn, gi, st) != 0)
      rc = 1;
    else if (rn->progress)
      (*rn->progress)++;
  }
  for (int k = 0; k < 4; k++) {   /* the programs of this process end */
    mj_bot_free(rn->programs[k]);
    rn->programs[k] = NULL;
  }
  return rc;
}



/* What hule sim was asked (see usage). */
typedef struct sim_args {
  uint64_t games, seed, jobs, shard_i, shard_n, one_game, min_total, bot_ms;
  bool have_games, have_one, duplicate, fallback_ok, matches;
  const char *bots, *out_path, *log_dir;
  long log_games[1000];
  int nlog_games;
} sim_args;

/* {====================================================================
** sim's options: one setter each, in the order of the table
** ===================================================================== */

static bool bad_value(const char *what, const char *v)
{
  fprintf(stderr, _("Error: %s, not '%s'\n"), _(what), v);
  return false;
}

static bool set_games(void *x, const char *v)
{
  sim_args *sa = x;
  sa->have_games = true;
  return (cli_parse_count(v, 1000000000, &sa->games) && sa->games >= 1) ||
         bad_value("--games takes a number 1..1000000000", v);
}

static bool set_seed(void *x, const char *v)
{
  return cli_parse_seed(v, &((sim_args *)x)->seed) ||
         bad_value("--seed takes a decimal number 0..18446744073709551615", v);
}

static bool set_jobs(void *x, const char *v)
{
  sim_args *sa = x;
  return (cli_parse_count(v, 64, &sa->jobs) && sa->jobs >= 1) ||
         bad_value("--jobs takes 1..64", v);
}

static bool set_shard(void *x, const char *v)
{
  sim_args *sa = x;
  char ib[24], nb[24];
  const char *sl = strchr(v, '/');
  bool ok = sl != NULL && sl - v < 20 && strlen(sl + 1) < 20;
  if (ok) {
    snprintf(ib, sizeof ib, "%.*s", (int)(sl - v), v);
    snprintf(nb, sizeof nb, "%s", sl + 1);
    ok = cli_parse_count(ib, 1000000000, &sa->shard_i) &&
         cli_parse_count(nb, 1000000000, &sa->shard_n);
  }
  return (ok && sa->shard_n >= 1 && sa->shard_i >= 1 &&
          sa->shard_i <= sa->shard_n) ||
         bad_value("--shard takes I/N with 1 <= I <= N", v);
}

static bool set_bots(void *x, const char *v)
{
  ((sim_args *)x)->bots = v;
  return true;
}

static bool set_out(void *x, const char *v)
{
  ((sim_args *)x)->out_path = v;
  return true;
}

static bool set_game(void *x, const char *v)
{
  sim_args *sa = x;
  sa->have_one = true;
  return cli_parse_count(v, 1000000000, &sa->one_game) ||
         bad_value("--game takes a game number 0..", v);
}

static bool set_log(void *x, const char *v)
{
  struct stat sb;
  ((sim_args *)x)->log_dir = v;
  return (stat(v, &sb) == 0 && S_ISDIR(sb.st_mode)) ||
         bad_value("--log takes a directory that exists", v);
}

static bool set_log_games(void *x, const char *v)
{
  sim_args *sa = x;
  char list[4096];
  snprintf(list, sizeof list, "%s", v);
  char *sv = NULL;
  for (char *t = strtok_r(list, ",", &sv); t; t = strtok_r(NULL, ",", &sv)) {
    uint64_t n;
    if (sa->nlog_games == 1000 || !cli_parse_count(t, 1000000000, &n))
      return bad_value("--log-games takes up to 1000 game numbers such as 5,17", v);
    sa->log_games[sa->nlog_games++] = (long)n;
  }
  return true;
}

static bool set_log_wins(void *x, const char *v)
{
  sim_args *sa = x;
  char num[24];
  size_t vl = strlen(v);
  bool ok = vl >= 2 && vl < sizeof num && v[vl - 1] == '+';
  if (ok) {
    snprintf(num, sizeof num, "%.*s", (int)(vl - 1), v);
    ok = cli_parse_count(num, 1000000000, &sa->min_total) && sa->min_total > 0;
  }
  return ok || bad_value("--log-wins takes a total and '+' (88+: the games won "
                   "with 88 or more)", v);
}

static bool set_bot_ms(void *x, const char *v)
{
  sim_args *sa = x;
  return (cli_parse_count(v, 600000, &sa->bot_ms) && sa->bot_ms > 0) ||
         bad_value("--bot-ms takes 1..600000 (milliseconds a cmd: bot has to "
             "answer)", v);
}

static bool set_duplicate(void *x, const char *v)
{
  return ((sim_args *)x)->duplicate = true;
}

static bool set_matches(void *x, const char *v)
{
  (void)v;
  return ((sim_args *)x)->matches = true;
}

static bool set_fallback_ok(void *x, const char *v)
{
  return ((sim_args *)x)->fallback_ok = true;
}

const cl_opt sim_options[] = {
  { "--games", "N", N_("how many games (or --game G alone)"), set_games },
  { "--seed", "S", N_("the run's seed (default 1): the same seed plays the "
    "same games"), set_seed },
  { "--bots", "K,K,K,K", N_("one kind for every seat, or one a seat (four, three at "
    "a three-player table): "
    "efficiency (default), random, strong, strong:caution=X (its danger "
    "weighed X times, 0 to 100), lua:FILE a bot in Lua, cmd:PROGRAM a bot "
    "program, mjai:PROGRAM a riichi bot speaking mjai, botzone:PROGRAM "
    "(botzone-json:) an MCR bot of Botzone"), set_bots },
  { "--jobs", "K", N_("processes on this machine (1..64, default 1)"),
    set_jobs },
  { "--shard", "I/N", N_("play only the I-th of N equal ranges of the games"),
    set_shard },
  { "--out", "FILE.jsonl", N_("one JSON line a game (\"-\": standard output), "
    "for hule stats"), set_out },
  { "--duplicate", NULL, /* xgettext:no-c-format */ N_("each wall 4 times with the bots turned a seat "
    "each time, so luck cancels; each bot's net per game with a 95% "
    "interval over the walls"), set_duplicate },
  { "--game", "G", N_("play game G of the run alone (its seed: mix(S, G))"),
    set_game },
  { "--matches", NULL, /* xgettext:no-c-format */ N_("each game a whole match of the ruleset (its wind "
    "rounds or hands), every hand counted; each player's average place with "
    "a 95% interval"), set_matches },
  { "--log", "DIR", N_("write full replayable logs (DIR/game-G.jsonl) of "
    "--log-games, --log-wins or the --game"), set_log },
  { "--log-games", "G,G...", N_("the games --log writes"), set_log_games },
  { "--log-wins", "T+", N_("--log writes the games won with T or more"),
    set_log_wins },
  { "--bot-ms", "MS", N_("milliseconds a cmd: bot has for each decision "
    "(default 1000)"), set_bot_ms },
  { "--fallback-ok", NULL, N_("a bot's failed decisions, made by the "
    "efficiency bot instead, are expected: exit 0 all the same"),
    set_fallback_ok },
  { NULL, NULL, NULL, NULL }
};

/* The arguments into sa: -1 when they are good, else the exit status
   (the error printed). */
static int sim_parse(sim_args *sa, const cl_args *a)
{
  memset(sa, 0, sizeof *sa);
  sa->seed = sa->jobs = sa->shard_i = sa->shard_n = 1;
  sa->bots = "efficiency";
  if (a->argc > 1) {
    fprintf(stderr, _("Error: hule sim takes options only, not '%s' (see "
            "hule sim --help)\n"), a->argv[1]);
    return 1;
  }
  if (!cl_apply(a, sa))
    return 1;
  if (!sa->have_games && !sa->have_one) {
    fprintf(stderr, _("Error: say how many games: --games N (or one game: "
            "--game G; see hule sim --help)\n"));
    return 1;
  }
  if (sa->have_one && (sa->have_games ? sa->one_game >= sa->games : false)) {
    fprintf(stderr, _("Error: --game %llu is not among the %llu games\n"),
            (unsigned long long)sa->one_game, (unsigned long long)sa->games);
    return 1;
  }
  if (sa->matches && (sa->duplicate || sa->log_dir != NULL)) {
    fprintf(stderr, _("Error: --matches plays whole matches; --duplicate and "
            "--log are for games of one hand (save a match at the REPL to "
            "replay it)\n"));
    return 1;
  }
  if ((sa->nlog_games > 0 || sa->min_total > 0) && sa->log_dir == NULL) {
    fprintf(stderr, _("Error: --log-games and --log-wins need --log DIR\n"));
    return 1;
  }
  if (sa->log_dir != NULL && sa->nlog_games == 0 && sa->min_total == 0 && !sa->have_one) {
    fprintf(stderr, _("Error: --log DIR: say which games: --log-games 5,17, "
            "--log-wins 88+, or one game with --game G\n"));
    return 1;
  }
  if (sa->have_one && sa->log_dir != NULL && sa->nlog_games == 0 && sa->min_total == 0)
    sa->log_games[sa->nlog_games++] = (long)sa->one_game;
  return -1;
}

/* }==================================================================== */

/* --bots into rn: one kind for all four seats, or four; each spec's
   form checked (files are loaded later). False with the error said. */
static bool parse_bots(sim_run *rn, const char *bots)
{
  mj_error e;
  int nb = cli_bot_list(bots, rn->bots, rn->np, &e);
  if (nb < 0) {
    fprintf(stderr, _("Error: --bots: %s\n"), e.msg);
    return false;
  }
  if (nb > rn->np) {
    fprintf(stderr, _("Error: --bots takes one kind or one a player (%d), "
            "not more (got '%s')\n"), rn->np, bots);
    return false;
  }
  if (nb != 1 && nb != rn->np) {
    fprintf(stderr, _("Error: --bots takes one kind or one a player (%d), "
            "not %d\n"), rn->np, nb);
    return false;
  }
  for (int p = nb; p < 4; p++)
    strcpy(rn->bots[p], rn->bots[0]);
  for (int p = 0; p < rn->np; p++)
    if (sim_kind_index(rn, rn->bots[p]) < 0)
      snprintf(rn->kinds[rn->nkinds++], sizeof rn->kinds[0], "%s",
               rn->bots[p]);
  return true;
}

/* The range of games this run plays: its shard (a duplicate run's split
   between walls), or game G alone. False (said) when it is empty. */
static bool plan_range(sim_run *rn, sim_args *a)
{
  uint64_t unit = a->duplicate ? (uint64_t)rn->np : 1, units = a->games / unit;
  if (a->duplicate && a->have_games && a->games % unit != 0) {
    fprintf(stderr, _("Error: --duplicate plays each wall once a seat, %d "
            "times: --games takes a multiple of %d, not %llu\n"), rn->np,
            rn->np, (unsigned long long)a->games);
    return false;
  }
  rn->lo = (long)(unit * (units * (a->shard_i - 1) / a->shard_n));
  rn->hi = (long)(unit * (units * a->shard_i / a->shard_n));
  if (a->have_one) {   /* game G alone, as it was played in its run */
    rn->lo = (long)a->one_game;
    rn->hi = rn->lo + 1;
    a->jobs = 1;
  }
  if (rn->hi > rn->lo)
    return true;
  fprintf(stderr, _("Error: shard %llu/%llu of %llu games has no games to play "
          "(use fewer shards or more games)\n"), (unsigned long long)a->shard_i,
          (unsigned long long)a->shard_n, (unsigned long long)a->games);
  return false;
}

/* Each bot kind can be made before the first game: a file loads, a
   program starts (and does not end at once: a command not found). */
static bool check_bots(mj_host *h, const sim_run *rn)
{
  for (int k = 0; k < rn->nkinds; k++) {
    mj_error be;
    bool ok;
    if (cli_bot_program(rn->kinds[k]) != NULL) {
      ok = cmdbot_check(cli_bot_program(rn->kinds[k]), 300, &be) == MJ_OK;
    } else {
      mj_bot *b = cli_bot_new(h, rn->r, rn->kinds[k], 1, 0, &be);
      ok = b != NULL;
      mj_bot_free(b);
    }
    if (!ok) {
      fprintf(stderr, _("Error: --bots: %s\n"), be.msg);
      return false;
    }
  }
  return true;
}

/* --out: a regular file (replaced) or "-" for standard output. */
static bool open_out(sim_sink *out, const char *path)
{
  mj_error fe;
  if (strcmp(path, "-") == 0) {
    out->fd = 1;
    return true;
  }
  if (mj_file_check_target(path, &fe) != MJ_OK) {
    fprintf(stderr, _("Error: %s (--out - writes to standard output)\n"), fe.msg);
    return false;
  }
  out->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (out->fd < 0) {
    fprintf(stderr, _("Error: cannot write %s: %s\n"), path, strerror(errno));
    return false;
  }
  return true;
}

/* Play the run's games, in this process (a progress bar on a terminal,
   redrawn between slices) or in jobs processes; Ctrl-C finishes the game
   in play. 0, 1 an error, 130 stopped. */
static int play_all(mj_host *h, sim_run *rn, sim_stats *st, int jobs, double t0)
{
  bool bar = isatty(2);
  long total = rn->hi - rn->lo;
  volatile long *prog = mmap(NULL, sizeof(long) * 65, PROT_READ | PROT_WRITE,
                             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (prog == MAP_FAILED)
    prog = NULL;
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old);
  sim_stop = 0;
  int status = 0;
  if (jobs > 1) {
    status = sim_run_jobs(h, rn, st, jobs, bar, t0, prog, play_range);
  } else if (bar && prog) {
    rn->progress = prog;
    long lo = rn->lo, hi = rn->hi, step = total / 100 + 1;
    double last = 0;
    for (long s = lo; s < hi && status == 0; s += step) {
      rn->lo = s;
      rn->hi = s + step < hi ? s + step : hi;
      status = play_range(rn, st);
      if (sim_now() - last > 0.1) {
        sim_show_progress(*prog, total, t0, false);
        last = sim_now();
      }
    }
    rn->lo = lo;
    rn->hi = hi;
    sim_show_progress(*prog, total, t0, true);
  } else {
    rn->progress = prog;
    status = play_range(rn, st);
  }
  sigaction(SIGINT, &old, NULL);
  rn->progress = NULL;
  if (prog)
    munmap((void *)prog, sizeof(long) * 65);
  return status;
}

/* The end of a run: a failed write said, the summary and the fallback
   report printed; the exit status. */
static int finish(const sim_run *rn, const sim_stats *st, const sim_args *a,
                  sim_sink *out, int status, double secs)
{
  if (out->err != 0) {
    fprintf(stderr, _("Error: cannot write %s: %s (the file ends with the "
            "last whole line)\n"), a->out_path, strerror(out->err));
    status = 1;
  }
  if (out->fd > 1 && close(out->fd) != 0 && status != 1) {
    fprintf(stderr, _("Error: cannot write %s: %s\n"), a->out_path,
            strerror(errno));
    status = 1;
  }
  if (status == 130)
    fprintf(stderr, _("interrupted: the summary of the %ld games played\n"),
            st->games);
  if (status != 0 && status != 130)
    return status;
  FILE *sf = out->fd == 1 ? stderr : stdout;
  sim_summary(sf, rn, st, secs, (int)a->jobs);
  long fb = sim_fallback_report(sf, rn, st);
  if (fb > 0 && !a->fallback_ok && status == 0) {
    fflush(sf);
    fprintf(stderr, ngettext("Error: %ld decision of the bots was made by "
            "the fallback (the efficiency bot) instead; --fallback-ok says "
            "that is expected\n", "Error: %ld decisions of the bots were "
            "made by the fallback (the efficiency bot) instead; --fallback-ok "
            "says that is expected\n", fb), fb);
    status = 1;
  }
  return status;
}

int cli_sim(mj_host *h, cli_opts *o, const cl_args *args)
{
  static sim_args a;
  int st0 = sim_parse(&a, args);
  if (st0 >= 0)
    return st0;
  sim_run rn;
  memset(&rn, 0, sizeof rn);
  rn.seed = a.seed;
  rn.duplicate = a.duplicate;
  rn.matches = a.matches;
  rn.log_dir = a.log_dir;
  rn.log_games = a.log_games;
  rn.nlog_games = a.nlog_games;
  rn.log_min_total = (long)a.min_total;
  rn.host = h;
  rn.bot_ms = (int)a.bot_ms;
  if ((rn.r = cli_rules(h, o)) == NULL)
    return 1;
  rn.np = mj_rules_ctable(rn.r)->players;
  if (!parse_bots(&rn, a.bots) || !plan_range(&rn, &a) || !check_bots(h, &rn))
    return 1;
  rn.options = o->options;
  sim_sink out = { -1, a.out_path, 0, 0 };
  if (a.out_path != NULL) {
    if (!open_out(&out, a.out_path))
      return 1;
    rn.out = &out;
  }
  if ((long)a.jobs > rn.hi - rn.lo)
    a.jobs = (uint64_t)(rn.hi - rn.lo);
  sim_stats *st = calloc(1, sizeof *st);
  if (st == NULL) {
    if (out.fd > 1)
      close(out.fd);
    return 1;
  }
  double t0 = sim_now();
  int status = play_all(h, &rn, st, (int)a.jobs, t0);
  status = finish(&rn, st, &a, &out, status, sim_now() - t0);
  free(st);
  return status;
}
