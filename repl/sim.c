/*
** sim.c
** hule sim: many hands between bots. Game g of a run uses the seed
** mj_seed_mix(seed, g) and the dealer g % 4, so any range of games can
** be played anywhere: shards (--shard I/N) and processes (--jobs K) split
** the range and their outputs concatenate to the unsplit output.
*/
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
#include "fileio.h"
#include "game.h"
#include "replay.h"
#include "score.h"
#include "wall.h"

enum { MAX_FANS = MJ_MAX_FANS };

/* Amounts paid by reason (kong money, 查叫...), names in first-seen order. */
typedef struct reasons {
  int n;
  char name[16][24];
  long sum[16];
} reasons;

static void reasons_add(reasons *r, const char *name, long amount)
{
  int i = 0;
  while (i < r->n && strcmp(r->name[i], name) != 0)
    i++;
  if (i == r->n) {
    if (i >= 16)
      return;
    snprintf(r->name[i], sizeof r->name[0], "%s", name);
    r->sum[i] = 0;
    r->n++;
  }
  r->sum[i] += amount;
}

/* A sum of squares of nets: a hand's net is within +-2 MJ_MAX_SCORE,
   its square under 2^63, and a run's sum of them needs more (a GCC and
   Clang extension on 64-bit targets). */
__extension__ typedef __int128 wide;

/* What a range of games adds up to; merged across processes. */
typedef struct stats {
  long games, wins, drawn, self_drawn, points, max_points;
  long all_wins;             /* wins (a game of 血战 has several) */
  long multi;                /* games with a tile won by several (一炮多响) */
  long horse_wins, horses;   /* wins with horses on the winner; horses */
  long liable;               /* wins one player paid for all (全包) */
  reasons paid;              /* the ledger's payments other than wins */
  long seat_wins[4], seat_points[4], seat_net[4], seat_dealins[4];
  /* sums of squares, for the 95% intervals (exact integers: shards merge
     to the single run's figures; 128 bits, as a net may be 2 x 10^9) */
  wide seat_points_sq[4], seat_net_sq[4];
  long fan_games[MAX_FANS];
  /* duplicate: per bot kind (index in the run's kinds), one sample a wall,
     the kind's net over the wall's four rotations (exact integers) */
  long dup_walls;
  long long dup_net[4];
  wide dup_net_sq[4];
  long long cur[4];          /* the wall being played (never merged) */
  /* decisions of each player's bot (by its place in --bots) that failed
     and were made by the efficiency bot, and the first reason */
  long fallback[4];
  char fallback_why[4][200];
} stats;

/* One win into the statistics: from is who paid alone (-1 a self-draw). */
static void count_win(stats *st, int p, long total, int from)
{
  bool self_drawn = from < 0;
  st->all_wins++;
  if (from >= 0)
    st->seat_dealins[from]++;
  st->seat_wins[p]++;
  st->seat_points[p] += total;
  st->seat_points_sq[p] += (wide)total * total;
  st->points += total;
  if (total > st->max_points)
    st->max_points = total;
  if (self_drawn)
    st->self_drawn++;
}

/* One game's payments into the statistics. */
static void count_game(stats *st, int nwins, const int pay[4])
{
  st->games++;
  if (nwins == 0)
    st->drawn++;
  else
    st->wins++;
  for (int p = 0; p < 4; p++) {
    st->seat_net[p] += pay[p];
    st->seat_net_sq[p] += (wide)pay[p] * pay[p];
  }
}

/* Where the JSON lines go: written whole, a line at a time; a failed
   write takes the partial line back (a file then ends on a whole line). */
typedef struct sink {
  int fd;                   /* -1: no output */
  const char *path;
  off_t good;               /* bytes of whole lines written */
  int err;                  /* errno of the first failed write, 0 none */
} sink;

typedef struct run {
  mj_host *host;            /* for the bots written in Lua */
  const mj_rules *r;
  const char *options;
  uint64_t seed;
  long lo, hi;              /* games [lo, hi) */
  char bots[4][256];
  sink *out;                /* JSON lines, may be NULL */
  volatile long *progress;  /* games done, shared with the parent */
  bool duplicate;           /* each wall 4 times, the bots rotated */
  int nkinds;               /* the distinct bot kinds, in order */
  char kinds[4][256];
  int bot_ms;               /* a cmd: bot's time for each decision */
  mj_bot *programs[4];      /* the cmd: bots of this process, one per
                               player (place in --bots): a program sees
                               the views of its own player only */
  const char *log_dir;      /* full replayable logs go here (NULL: none) */
  const long *log_games;    /* ... of these games (sorted), */
  int nlog_games;
  long log_min_total;       /* ... and of wins reaching this (0: none) */
} run;

/* The index of bot kind name among the run's kinds, -1 if not one. */
static int kind_index(const run *rn, const char *name)
{
  for (int k = 0; k < rn->nkinds; k++)
    if (strcmp(rn->kinds[k], name) == 0)
      return k;
  return -1;
}

/* A duplicate game's payments by bot kind; the fourth turn of a wall
   closes its sample. */
static void count_duplicate(const run *rn, stats *st,
                            const char *const seat_bot[4], const int pay[4],
                            int turn)
{
  for (int p = 0; p < 4; p++) {
    int k = kind_index(rn, seat_bot[p]);
    if (k >= 0)
      st->cur[k] += pay[p];
  }
  if (turn != 3)
    return;
  st->dup_walls++;
  for (int k = 0; k < 4; k++) {
    st->dup_net[k] += st->cur[k];
    st->dup_net_sq[k] += (wide)st->cur[k] * st->cur[k];
    st->cur[k] = 0;
  }
}

/* Should game gi, won with a best total of best (0: drawn), be logged? */
static bool wants_log(const run *rn, long gi, long best)
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
static bool write_log(const run *rn, const mj_game *g, long gi)
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
    fprintf(stderr, "Error: game %ld: %s\n", gi,
            text == NULL ? "out of memory" : e.msg);
    free(text);
    return false;
  }
  free(text);
  return true;
}

/* Ctrl-C: the game being played is finished, then the run stops. */
static volatile sig_atomic_t sim_stop;

static void on_sigint(int sig)
{
  (void)sig;
  sim_stop = 1;
}

static bool sink_write(sink *k, const char *text, size_t len)
{
  if (k->err != 0)
    return false;
  if (mj_file_write_all(k->fd, text, len) != MJ_OK) {
    k->err = errno;
    if (ftruncate(k->fd, k->good) == 0)   /* no half line left behind */
      lseek(k->fd, k->good, SEEK_SET);
    return false;
  }
  k->good += (off_t)len;
  return true;
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int usage(void)
{
  fprintf(stderr,
          "Usage: hule sim --ruleset ID --games N [--seed S] [--bots K,K,K,K]\n"
          "                [--jobs K] [--shard I/N] [--out FILE.jsonl] "
          "[--option NAME=VALUE]\n"
          "  --bots    one kind for all four seats or four kinds (efficiency, "
          "random,\n"
          "            strong, strong:caution=X its danger weighed X times, "
          "0 to 100,\n"
          "            lua:FILE a bot in Lua, cmd:PROGRAM a bot program)\n"
          "  --bot-ms  milliseconds a cmd: bot has for each decision "
          "(default 1000)\n"
          "  --jobs    processes on this machine (default 1)\n"
          "  --shard   play only the I-th of N equal ranges of the games "
          "(1-based)\n"
          "  --out     one JSON line a game (\"-\": standard output)\n"
          "  --game G  play game G of the run alone (its seed: mix(S, G))\n"
          "  --log DIR write full replayable logs (DIR/game-G.jsonl, for\n"
          "            open, replay and review) of --log-games 5,17, of\n"
          "            --log-wins 88+ (games won with 88 or more), or of\n"
          "            the --game\n"
          "  --fallback-ok  a bot's failed decisions, made by the efficiency\n"
          "            bot instead, are expected: exit 0 all the same (they\n"
          "            are counted per player at the end either way)\n"
          "  --duplicate  each wall 4 times with the bots turned a seat each\n"
          "            time, so luck cancels; the summary gives each bot's\n"
          "            net per game with a 95%% interval over the walls\n");
  return 1;
}

/* One game: play it, add it to st, write its line. */
static int play_one(run *rn, long gi, stats *st)
{
  mj_game_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  /* duplicate: game gi plays wall gi / 4 with the bots turned gi % 4
     seats, so every bot sits every seat of every wall */
  long wall = rn->duplicate ? gi / 4 : gi;
  int turn = rn->duplicate ? (int)(gi % 4) : 0;
  cfg.seed = mj_seed_mix(rn->seed, (uint64_t)wall);
  cfg.dealer = (int)(wall & 3);
  mj_error e;
  mj_game *g = mj_game_new(rn->r, &cfg, &e);
  if (g == NULL) {
    fprintf(stderr, "Error: game %ld: %s\n", gi, e.msg);
    return 1;
  }
  const char *seat_bot[4];
  for (int p = 0; p < 4; p++)
    seat_bot[p] = rn->bots[(p + turn) & 3];
  mj_bot *b[4] = { NULL, NULL, NULL, NULL };
  mj_status s = MJ_OK;
  int fails_before[4] = { 0, 0, 0, 0 };
  for (int p = 0; p < 4 && s == MJ_OK; p++) {
    int k = (p + turn) & 3;            /* the player: a place in --bots */
    if (strncmp(seat_bot[p], "cmd:", 4) == 0) {
      /* a program is started once and plays every game of its player */
      if (rn->programs[k] == NULL)
        rn->programs[k] = cli_bot_new(rn->host, rn->r, seat_bot[p], 1,
                                      rn->bot_ms, &e);
      b[p] = rn->programs[k];
      if (b[p] != NULL)
        fails_before[p] = mj_bot_failures(b[p], NULL);
    } else {
      b[p] = cli_bot_new(rn->host, rn->r, seat_bot[p],
                         cfg.seed * 4 + (uint64_t)p + 1, 0, &e);
    }
    if (b[p] == NULL)
      s = MJ_EINVAL;
  }
  if (s == MJ_OK)
    s = mj_bot_play(g, b, &e);
  for (int p = 0; p < 4; p++) {
    const char *why;
    int nf = b[p] != NULL ? mj_bot_failures(b[p], &why) - fails_before[p] : 0;
    int k = (p + turn) & 3;
    if (nf > 0 && st->fallback[k] == 0) {
      snprintf(st->fallback_why[k], sizeof st->fallback_why[k], "%s", why);
      fprintf(stderr, "Warning: game %ld: bot %s failed a decision (%s); the "
              "efficiency bot made it\n", gi, seat_bot[p], why);
    }
    st->fallback[k] += nf;
    if (strncmp(seat_bot[p], "cmd:", 4) != 0)
      mj_bot_free(b[p]);
  }
  if (s != MJ_OK) {
    fprintf(stderr, "Error: game %ld (seed %llu): %s\n", gi,
            (unsigned long long)cfg.seed, e.msg);
    mj_game_free(g);
    return 1;
  }
  int w[MJ_MAX_WINS], pay[4];
  int nw = mj_game_winners(g, w);
  mj_game_payments(g, pay);
  int payer = mj_game_payer(g);
  long best = 0;
  for (int k = 0; k < nw; k++)
    if (mj_game_result(g, k)->total > best)
      best = mj_game_result(g, k)->total;
  if (wants_log(rn, gi, best) && !write_log(rn, g, gi)) {
    mj_game_free(g);
    return 1;
  }
  /* each win's payer (the events say), and whether a tile was won by
     several */
  int from[MJ_MAX_WINS];
  for (int k = 0; k < MJ_MAX_WINS; k++)
    from[k] = -1;
  bool multi = false;
  for (int i = 0, k = 0; i < mj_game_nevents(g) && k < nw; i++) {
    const mj_event *ev = mj_game_event(g, i);
    if (ev->type != MJ_EV_WIN)
      continue;
    from[k] = ev->from;
    if (k > 0 && ev->from >= 0 && i > 0 &&
        mj_game_event(g, i - 1)->type == MJ_EV_WIN &&
        mj_game_event(g, i - 1)->from == ev->from)
      multi = true;
    k++;
  }
  /* the ledger's other payments, by reason (kong money, 查叫...) */
  const mj_payment *led;
  int nled = mj_game_ledger(g, &led);
  reasons paid = { 0 };
  for (int i = 0; i < nled; i++)
    if (led[i].reason != MJ_PAY_WIN)
      reasons_add(&paid, mj_game_reason(g, led[i].reason), led[i].amount);
  count_game(st, nw, pay);
  st->multi += multi;
  /* the horses on each winner, and the wins one player paid for all the
     others (全包): a single payer paying three times the win's total */
  int horses[MJ_MAX_WINS];
  bool liable[MJ_MAX_WINS];
  for (int k = 0; k < nw; k++) {
    horses[k] = mj_hand_cctx(mj_game_win_hand(g, k))->horses;
    int one = -1, sum = 0;
    bool several = false;
    for (int i = 0; i < nled; i++)
      if (led[i].reason == MJ_PAY_WIN && led[i].winner == k) {
        several = several || (one >= 0 && led[i].payer != one);
        one = led[i].payer;
        sum += led[i].amount;
      }
    liable[k] = !several && one >= 0 && sum >= 3 * mj_game_result(g, k)->total;
    st->horse_wins += horses[k] > 0;
    st->horses += horses[k];
    st->liable += liable[k];
  }
  for (int j = 0; j < paid.n; j++)
    reasons_add(&st->paid, paid.name[j], paid.sum[j]);
  if (rn->duplicate)
    count_duplicate(rn, st, seat_bot, pay, turn);
  for (int k = 0; k < nw; k++) {
    const mj_score *sc = mj_game_result(g, k);
    count_win(st, w[k], sc->total, from[k]);
    for (int i = 0; i < sc->nhits; i++)
      if (sc->hits[i].fan < MAX_FANS)
        st->fan_games[sc->hits[i].fan]++;
    for (int i = 0; i < sc->nstates; i++)   /* a state the win was made in */
      if (sc->states[i] < MAX_FANS)
        st->fan_games[sc->states[i]]++;
  }
  if (rn->out != NULL) {
    cJSON *o = cJSON_CreateObject();
    char seed[32], buf[1024];
    cJSON_AddNumberToObject(o, "game", (double)gi);
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)cfg.seed);
    cJSON_AddStringToObject(o, "seed", seed);
    cJSON_AddStringToObject(o, "ruleset", mj_rules_id(rn->r));
    cJSON_AddNumberToObject(o, "dealer", cfg.dealer);
    if (rn->duplicate) {
      cJSON_AddNumberToObject(o, "wall", (double)wall);
      cJSON_AddNumberToObject(o, "turn", turn);
    }
    cJSON *bots = cJSON_AddArrayToObject(o, "bots");
    for (int p = 0; p < 4; p++)
      cJSON_AddItemToArray(bots, cJSON_CreateString(seat_bot[p]));
    cJSON_AddStringToObject(o, "result", nw ? "win" : "drawn");
    cJSON *wa = cJSON_AddArrayToObject(o, "winners");
    for (int k = 0; k < nw; k++)
      cJSON_AddItemToArray(wa, cJSON_CreateNumber(w[k]));
    if (nw > 0 && payer >= 0)
      cJSON_AddNumberToObject(o, "from", payer);
    /* each win: the player, the total, the fans {id, points, count}, the
       states it was made in, the hand */
    cJSON *wins = cJSON_AddArrayToObject(o, "wins");
    for (int k = 0; k < nw; k++) {
      const mj_score *sc = mj_game_result(g, k);
      cJSON *x = cJSON_CreateObject();
      cJSON_AddNumberToObject(x, "player", w[k]);
      if (from[k] >= 0)
        cJSON_AddNumberToObject(x, "from", from[k]);
      cJSON_AddNumberToObject(x, "total", sc->total);
      if (horses[k] > 0)
        cJSON_AddNumberToObject(x, "horses", horses[k]);
      if (liable[k])
        cJSON_AddTrueToObject(x, "liable");
      cJSON *fa = cJSON_AddArrayToObject(x, "fans");
      for (int i = 0; i < sc->nhits; i++) {
        cJSON *fo = cJSON_CreateObject();
        cJSON_AddStringToObject(fo, "id",
                                mj_rules_fan(rn->r, sc->hits[i].fan)->id);
        cJSON_AddNumberToObject(fo, "points", sc->hits[i].value);
        cJSON_AddNumberToObject(fo, "count", sc->hits[i].count);
        cJSON_AddItemToArray(fa, fo);
      }
      cJSON *sa = cJSON_AddArrayToObject(x, "states");
      for (int i = 0; i < sc->nstates; i++)
        cJSON_AddItemToArray(
            sa, cJSON_CreateString(mj_rules_fan(rn->r, sc->states[i])->id));
      mj_hand_print_full(mj_game_win_hand(g, k), buf, sizeof buf);
      cJSON_AddStringToObject(x, "hand", buf);
      cJSON_AddItemToArray(wins, x);
    }
    cJSON *pa = cJSON_AddArrayToObject(o, "pay");
    for (int p = 0; p < 4; p++)
      cJSON_AddItemToArray(pa, cJSON_CreateNumber(pay[p]));
    if (multi)
      cJSON_AddTrueToObject(o, "multi");
    if (paid.n > 0) {
      cJSON *po = cJSON_AddObjectToObject(o, "paid");
      for (int j = 0; j < paid.n; j++)
        cJSON_AddNumberToObject(po, paid.name[j], (double)paid.sum[j]);
    }
    cJSON_AddNumberToObject(o, "actions", mj_game_nactions(g));
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    size_t len = text != NULL ? strlen(text) : 0;
    bool ok = text != NULL;
    if (ok) {
      text[len] = '\n';     /* the line and its newline in one write */
      ok = sink_write(rn->out, text, len + 1);
      cJSON_free(text);
    }
    if (!ok) {
      mj_game_free(g);
      return 1;
    }
  }
  mj_game_free(g);
  return 0;
}

/* Play games lo..hi: 0 done, 1 an error, 130 stopped by Ctrl-C. */
static int play_range(run *rn, stats *st)
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

static void merge(stats *a, const stats *b)
{
  a->games += b->games;
  a->wins += b->wins;
  a->all_wins += b->all_wins;
  a->multi += b->multi;
  a->horse_wins += b->horse_wins;
  a->horses += b->horses;
  a->liable += b->liable;
  for (int i = 0; i < b->paid.n; i++)
    reasons_add(&a->paid, b->paid.name[i], b->paid.sum[i]);
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
  for (int k = 0; k < 4; k++) {
    if (a->fallback[k] == 0 && b->fallback[k] > 0)
      memcpy(a->fallback_why[k], b->fallback_why[k], sizeof a->fallback_why[k]);
    a->fallback[k] += b->fallback[k];
  }
  for (int i = 0; i < MAX_FANS; i++)
    a->fan_games[i] += b->fan_games[i];
}

static void show_progress(long done, long total, double t0, bool final)
{
  int width = 30, fill = total ? (int)(done * width / total) : width;
  double el = now() - t0;
  fprintf(stderr, "\r[%.*s%*s] %3ld%% %ld/%ld games  %.0f/s ", fill,
          "##############################", width - fill, "",
          total ? done * 100 / total : 100, done, total,
          el > 0 ? (double)done / el : 0.0);
  if (final)
    fputc('\n', stderr);
  fflush(stderr);
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
static void summary_body(FILE *f, const run *rn, const stats *st);

/* A bot's name for the table: a file's or a program's last word, short
   ("lua:shanten.lua", "cmd:ref_bot.py"). */
static const char *bot_label(const char *spec, char *buf, size_t cap)
{
  if (strncmp(spec, "lua:", 4) != 0 && strncmp(spec, "cmd:", 4) != 0)
    return spec;
  const char *end = spec + strlen(spec), *w = end;
  while (w > spec + 4 && w[-1] != '/' && w[-1] != ' ')
    w--;
  snprintf(buf, cap, "%.4s%s", spec, w);
  return buf;
}

/* Each player whose bot failed decisions: how many, and the first
   reason. Returns their sum. */
static long fallback_report(FILE *f, const run *rn, const stats *st)
{
  long sum = 0;
  for (int k = 0; k < 4; k++)
    if (st->fallback[k] > 0) {
      if (sum == 0)
        fprintf(f, "\nfallback (decisions the efficiency bot made instead):\n");
      fprintf(f, "  player %d (%s): %ld, the first: %s\n", k + 1, rn->bots[k],
              st->fallback[k], st->fallback_why[k]);
      sum += st->fallback[k];
    }
  return sum;
}

static void summary(FILE *f, const run *rn, const stats *st, double secs,
                    int jobs)
{
  fprintf(f, "ruleset %s: %ld games in %.2f s (%.0f games/s, %d process%s)\n",
          mj_rules_id(rn->r), st->games, secs,
          secs > 0 ? (double)st->games / secs : 0.0, jobs,
          jobs == 1 ? "" : "es");
  summary_body(f, rn, st);
}

static void summary_body(FILE *f, const run *rn, const stats *st)
{
  if (st->games == 0)
    return;
  fprintf(f,
          "wins %.1f%% (self-drawn %.1f%% of wins), exhaustive draws %.1f%%\n",
          100.0 * (double)st->wins / (double)st->games,
          st->all_wins ? 100.0 * (double)st->self_drawn / (double)st->all_wins
                       : 0.0,
          100.0 * (double)st->drawn / (double)st->games);
  if (st->all_wins != st->wins || st->multi > 0)
    fprintf(f, "wins per game %.2f; games with a tile won by several "
               "(一炮多响) %.1f%%\n",
            (double)st->all_wins / (double)st->games,
            100.0 * (double)st->multi / (double)st->games);
  fprintf(f, "points per win: average %.2f, maximum %ld\n",
          st->all_wins ? (double)st->points / (double)st->all_wins : 0.0,
          st->max_points);
  if (st->horses > 0)
    fprintf(f, "horses (买马) on the winner: %.2f per win, in %.1f%% of "
               "wins\n", (double)st->horses / (double)st->all_wins,
            100.0 * (double)st->horse_wins / (double)st->all_wins);
  if (st->liable > 0)
    fprintf(f, "wins one player paid for all (全包): %.1f%% of wins\n",
            100.0 * (double)st->liable / (double)st->all_wins);
  if (st->paid.n > 0) {
    fprintf(f, "other payments, total per game:");
    for (int i = 0; i < st->paid.n; i++)
      fprintf(f, "%s %s %.2f", i ? "," : "", st->paid.name[i],
              (double)st->paid.sum[i] / (double)st->games);
    fprintf(f, "\n");
  }
  /* the bots' column as wide as its widest name (strong:caution=0.25) */
  int bw = 12;
  for (int p = 0; p < 4; p++) {
    char lb[64];
    int len = (int)strlen(bot_label(rn->bots[p], lb, sizeof lb));
    bw = len > bw ? len : bw;
  }
  fprintf(f, "\nseat  %-*s win rate        points/win        "
             "dealt in  net per game (95%% intervals)\n", bw, "bot");
  if (rn->duplicate)
    fprintf(f, "(the bots turn through the seats: seat figures mix them)\n");
  for (int p = 0; p < 4; p++) {
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
  if (rn->duplicate && st->dup_walls > 0) {
    fprintf(f, "\nduplicate: %ld walls, each played 4 times with the bots "
               "turned a seat each time\n"
               "%-*s  net per game (95%% interval over the walls)\n",
            st->dup_walls, bw, "bot");
    for (int k = 0; k < rn->nkinds; k++) {
      int seats = 0;
      for (int p = 0; p < 4; p++)
        seats += strcmp(rn->bots[p], rn->kinds[k]) == 0;
      /* a wall's sample: the kind's net over its 4 games, per seat-game */
      double per = 4.0 * seats, n = (double)st->dup_walls;
      char lb[64];
      fprintf(f, "%-*s  %+8.2f ±%6.2f\n", bw,
              bot_label(rn->kinds[k], lb, sizeof lb),
              (double)st->dup_net[k] / n / per,
              half95(st->dup_walls, (double)st->dup_net[k],
                     (double)st->dup_net_sq[k]) / per);
    }
  }
  /* fans or patterns by how often they came up */
  int order[MAX_FANS], n = mj_rules_nfans(rn->r);
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
    snprintf(name, sizeof name, "%s%s%s", fd->id, fd->en ? "  " : "",
             fd->en ? fd->en : "");
    fprintf(f, "%s %10ld %8.2f%%\n", mj_text_pad(name, 50, pad, sizeof pad), k,
           st->all_wins ? 100.0 * (double)k / (double)st->all_wins : 0.0);
  }
  if (unseen > 0) {
    fprintf(f, "not seen (%d):", unseen);
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
}

/* A decimal number 0..max and nothing else (no sign, no space, no junk). */
static bool parse_count(const char *v, uint64_t max, uint64_t *out)
{
  uint64_t x = 0;
  if (*v == '\0')
    return false;
  for (const char *c = v; *c; c++) {
    if (*c < '0' || *c > '9' || x > (max - (uint64_t)(*c - '0')) / 10)
      return false;
    x = x * 10 + (uint64_t)(*c - '0');
  }
  *out = x;
  return true;
}

bool cli_parse_seed(const char *v, uint64_t *out)
{
  return parse_count(v, UINT64_MAX, out);
}

/* The child processes of --jobs: each plays a slice of the games into a
   file of its own, and sends its stats through a pipe. */
typedef struct job {
  pid_t pid;
  int fd;                  /* its JSON lines (a temporary file) */
  char path[4096];
  int pipe;                /* its stats */
} job;

static int run_jobs(mj_host *h, run *rn, stats *st, int jobs, bool bar,
                    double t0, volatile long *prog)
{
  job *jb = calloc((size_t)jobs, sizeof *jb);
  if (jb == NULL)
    return 1;
  long total = rn->hi - rn->lo;
  int status = 0, started = 0;
  mj_error e;
  fflush(NULL);
  for (int j = 0; j < jobs; j++) {
    jb[j].fd = -1;
    int pf[2];
    if (rn->out != NULL &&
        (jb[j].fd = mj_file_temp(rn->out->path, jb[j].path, sizeof jb[j].path,
                                 &e)) < 0) {
      fprintf(stderr, "Error: %s\n", e.msg);
      status = 1;
      break;
    }
    if (pipe(pf) != 0 || (jb[j].pid = fork()) < 0) {
      fprintf(stderr, "Error: cannot start a process: %s\n", strerror(errno));
      if (jb[j].fd >= 0) {
        close(jb[j].fd);
        unlink(jb[j].path);
      }
      status = 1;
      break;
    }
    started++;
    if (jb[j].pid == 0) {
      close(pf[0]);
      run sub = *rn;
      sink mine = { jb[j].fd, jb[j].path, 0, 0 };
      long unit = rn->duplicate ? 4 : 1, units = total / unit;
      sub.lo = rn->lo + unit * (units * j / jobs);
      sub.hi = j + 1 == jobs ? rn->hi : rn->lo + unit * (units * (j + 1) / jobs);
      sub.progress = prog ? prog + 1 + j : NULL;
      sub.out = rn->out != NULL ? &mine : NULL;
      stats *ss = calloc(1, sizeof *ss);
      int rc = ss ? play_range(&sub, ss) : 1;
      if (rc == 1 && mine.err != 0)
        fprintf(stderr, "Error: cannot write %s: %s\n", rn->out->path,
                strerror(mine.err));
      if (ss == NULL ||
          mj_file_write_all(pf[1], (const char *)ss, sizeof *ss) != MJ_OK)
        rc = 1;
      free(ss);
      close(pf[1]);
      if (jb[j].fd >= 0)
        close(jb[j].fd);
      free(st);       /* the parent's, inherited: freed for leak checkers */
      free(jb);
      mj_host_free(h);
      _exit(rc);
    }
    close(pf[1]);
    jb[j].pipe = pf[0];
  }
  /* wait, with the bar; a Ctrl-C reaches the children too */
  int alive = started;
  bool stopped = false;
  while (alive > 0) {
    int ws;
    pid_t done = waitpid(-1, &ws, bar ? WNOHANG : 0);
    if (done > 0) {
      alive--;
      if (WIFEXITED(ws) && WEXITSTATUS(ws) == 130)
        stopped = true;
      else if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 0)
        status = 1;
    } else if (done < 0 && errno != EINTR) {
      break;
    } else if (done == 0) {
      long sum = 0;
      for (int j = 0; j < jobs; j++)
        sum += prog[1 + j];
      show_progress(sum, total, t0, false);
      usleep(100000);
    }
  }
  if (bar)
    show_progress(total, total, t0, true);
  /* the lines in the order of the games, then the stats */
  char buf[65536];
  for (int j = 0; j < started; j++) {
    if (jb[j].fd >= 0) {
      ssize_t k;
      lseek(jb[j].fd, 0, SEEK_SET);
      while ((k = read(jb[j].fd, buf, sizeof buf)) > 0)
        if (!sink_write(rn->out, buf, (size_t)k))
          break;
      close(jb[j].fd);
      unlink(jb[j].path);
    }
    stats *ss = calloc(1, sizeof *ss);
    size_t got = 0;
    ssize_t k;
    while (ss != NULL && got < sizeof *ss &&
           (k = read(jb[j].pipe, (char *)ss + got, sizeof *ss - got)) > 0)
      got += (size_t)k;
    if (ss != NULL && got == sizeof *ss)
      merge(st, ss);
    else
      status = 1;
    free(ss);
    close(jb[j].pipe);
  }
  free(jb);
  if (status == 0 && (stopped || sim_stop))
    status = 130;
  return status;
}

/* What hule sim was asked (see usage). */
typedef struct sim_args {
  uint64_t games, seed, jobs, shard_i, shard_n, one_game, min_total, bot_ms;
  bool have_games, have_one, duplicate, fallback_ok;
  const char *bots, *out_path, *log_dir;
  long log_games[1000];
  int nlog_games;
} sim_args;

/* The arguments into sa and o: -1 when they are good, else the exit
   status (the error printed). */
static int sim_parse(sim_args *sa, cli_opts *o, int argc, char **argv)
{
  memset(sa, 0, sizeof *sa);
  sa->seed = sa->jobs = sa->shard_i = sa->shard_n = 1;
  sa->bots = "efficiency";

  static char optbuf[1024];
  snprintf(optbuf, sizeof optbuf, "%s", o->options ? o->options : "");
  unsigned seen = 0;
  static const char *const flags[] = { "--games", "--seed",      "--jobs",
                                       "--shard", "--bots",      "--ruleset",
                                       "--out",   "--game",      "--log",
                                       "--log-games", "--log-wins",
                                       "--bot-ms", NULL };
  for (int i = 1; i < argc; i += 2) {   /* options come in pairs */
    const char *a = argv[i];
    if (strcmp(a, "--duplicate") == 0 || strcmp(a, "--fallback-ok") == 0) {
      bool *flag = a[2] == 'd' ? &sa->duplicate : &sa->fallback_ok;
      if (*flag) {     /* ... but these two, which take no value */
        fprintf(stderr, "Error: %s given twice\n", a);
        return 1;
      }
      *flag = true;
      i--;
      continue;
    }
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--help") == 0) {
      usage();
      return 0;
    }
    if (v == NULL) {
      fprintf(stderr, "Error: %s needs a value\n", a);
      return usage();
    }
    for (int f = 0; flags[f]; f++)
      if (strcmp(a, flags[f]) == 0) {
        if (seen & (1u << f)) {
          fprintf(stderr, "Error: %s given twice\n", a);
          return 1;
        }
        seen |= 1u << f;
      }
    if (strcmp(a, "--games") == 0) {
      if (!parse_count(v, 1000000000, &sa->games) || sa->games < 1) {
        fprintf(stderr,
                "Error: --games takes a number 1..1000000000, not '%s'\n", v);
        return 1;
      }
      sa->have_games = true;
    } else if (strcmp(a, "--seed") == 0) {
      if (!cli_parse_seed(v, &sa->seed)) {
        fprintf(stderr,
                "Error: --seed takes a decimal number 0..18446744073709551615, "
                "not '%s'\n",
                v);
        return 1;
      }
    } else if (strcmp(a, "--jobs") == 0) {
      if (!parse_count(v, 64, &sa->jobs) || sa->jobs < 1) {
        fprintf(stderr, "Error: --jobs takes 1..64, not '%s'\n", v);
        return 1;
      }
    } else if (strcmp(a, "--shard") == 0) {
      char ib[24], nb[24];
      const char *sl = strchr(v, '/');
      bool ok = sl != NULL && sl - v < 20 && strlen(sl + 1) < 20;
      if (ok) {
        snprintf(ib, sizeof ib, "%.*s", (int)(sl - v), v);
        snprintf(nb, sizeof nb, "%s", sl + 1);
        ok = parse_count(ib, 1000000000, &sa->shard_i) &&
             parse_count(nb, 1000000000, &sa->shard_n);
      }
      if (!ok || sa->shard_n < 1 || sa->shard_i < 1 || sa->shard_i > sa->shard_n) {
        fprintf(stderr, "Error: --shard takes I/N with 1 <= I <= N, not '%s'\n",
                v);
        return 1;
      }
    } else if (strcmp(a, "--bots") == 0) {
      sa->bots = v;
    } else if (strcmp(a, "--ruleset") == 0) {
      o->ruleset = v;
    } else if (strcmp(a, "--option") == 0) {
      if (strlen(optbuf) + strlen(v) + 2 >= sizeof optbuf) {
        fprintf(stderr, "Error: too many options\n");
        return 1;
      }
      if (optbuf[0])
        strcat(optbuf, " ");
      strcat(optbuf, v);
      o->options = optbuf;
    } else if (strcmp(a, "--out") == 0) {
      sa->out_path = v;
    } else if (strcmp(a, "--game") == 0) {
      if (!parse_count(v, 1000000000, &sa->one_game)) {
        fprintf(stderr, "Error: --game takes a game number 0.., not '%s'\n",
                v);
        return 1;
      }
      sa->have_one = true;
    } else if (strcmp(a, "--log") == 0) {
      struct stat sb;
      if (stat(v, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        fprintf(stderr, "Error: --log takes a directory that exists, not "
                "'%s'\n", v);
        return 1;
      }
      sa->log_dir = v;
    } else if (strcmp(a, "--log-games") == 0) {
      char list[4096];
      snprintf(list, sizeof list, "%s", v);
      char *sv = NULL;
      for (char *t = strtok_r(list, ",", &sv); t; t = strtok_r(NULL, ",", &sv)) {
        uint64_t x;
        if (sa->nlog_games == 1000 || !parse_count(t, 1000000000, &x)) {
          fprintf(stderr, "Error: --log-games takes up to 1000 game numbers "
                  "such as 5,17, not '%s'\n", v);
          return 1;
        }
        sa->log_games[sa->nlog_games++] = (long)x;
      }
    } else if (strcmp(a, "--bot-ms") == 0) {
      if (!parse_count(v, 600000, &sa->bot_ms) || sa->bot_ms == 0) {
        fprintf(stderr, "Error: --bot-ms takes 1..600000 (milliseconds a "
                "cmd: bot has to answer), not '%s'\n", v);
        return 1;
      }
    } else if (strcmp(a, "--log-wins") == 0) {
      char num[24];
      size_t vl = strlen(v);
      bool ok = vl >= 2 && vl < sizeof num && v[vl - 1] == '+';
      if (ok) {
        snprintf(num, sizeof num, "%.*s", (int)(vl - 1), v);
        ok = parse_count(num, 1000000000, &sa->min_total) && sa->min_total > 0;
      }
      if (!ok) {
        fprintf(stderr, "Error: --log-wins takes a total and '+' (88+: the "
                "games won with 88 or more), not '%s'\n", v);
        return 1;
      }
    } else {
      fprintf(stderr, "Error: unknown option %s\n", a);
      return usage();
    }
  }
  if (!sa->have_games && !sa->have_one) {
    fprintf(stderr, "Error: say how many games: --games N (or one game: "
            "--game G)\n");
    return usage();
  }
  if (sa->duplicate && sa->have_games && sa->games % 4 != 0) {
    fprintf(stderr, "Error: --duplicate plays each wall 4 times: --games "
            "takes a multiple of 4, not %llu\n", (unsigned long long)sa->games);
    return 1;
  }
  if (sa->have_one && (sa->have_games ? sa->one_game >= sa->games : false)) {
    fprintf(stderr, "Error: --game %llu is not among the %llu games\n",
            (unsigned long long)sa->one_game, (unsigned long long)sa->games);
    return 1;
  }
  if ((sa->nlog_games > 0 || sa->min_total > 0) && sa->log_dir == NULL) {
    fprintf(stderr, "Error: --log-games and --log-wins need --log DIR\n");
    return 1;
  }
  if (sa->log_dir != NULL && sa->nlog_games == 0 && sa->min_total == 0 && !sa->have_one) {
    fprintf(stderr, "Error: --log DIR: say which games: --log-games 5,17, "
            "--log-wins 88+, or one game with --game G\n");
    return 1;
  }
  if (sa->have_one && sa->log_dir != NULL && sa->nlog_games == 0 && sa->min_total == 0)
    sa->log_games[sa->nlog_games++] = (long)sa->one_game;
  return -1;
}

int cli_sim(mj_host *h, const cli_opts *given, int argc, char **argv)
{
  cli_opts mine = *given;
  cli_opts *o = &mine;
  static sim_args a;
  int st0 = sim_parse(&a, o, argc, argv);
  if (st0 >= 0)
    return st0;
  run rn;
  memset(&rn, 0, sizeof rn);
  /* bots: one kind, or four */
  char tmp[1100];
  snprintf(tmp, sizeof tmp, "%s", a.bots);
  int nb = 0;
  char *save = NULL;
  for (char *tok = strtok_r(tmp, ",", &save); tok;
       tok = strtok_r(NULL, ",", &save)) {
    mj_error e;
    if (nb == 4) {
      fprintf(stderr, "Error: --bots takes one kind or four, not more "
              "(got '%s')\n", a.bots);
      return 1;
    }
    if (!cli_bot_spec_check(tok, &e)) {   /* files checked below */
      fprintf(stderr, "Error: --bots: %s\n", e.msg);
      return 1;
    }
    snprintf(rn.bots[nb++], sizeof rn.bots[0], "%s", tok);
  }
  if (nb != 1 && nb != 4) {
    fprintf(stderr, "Error: --bots takes one kind or four, not %d\n", nb);
    return 1;
  }
  for (int p = nb; p < 4; p++)
    strcpy(rn.bots[p], rn.bots[0]);
  rn.seed = a.seed;
  rn.duplicate = a.duplicate;
  for (int p = 0; p < 4; p++)
    if (kind_index(&rn, rn.bots[p]) < 0)
      snprintf(rn.kinds[rn.nkinds++], sizeof rn.kinds[0], "%s", rn.bots[p]);
  /* shards of a duplicate run split between walls */
  uint64_t unit = a.duplicate ? 4 : 1, units = a.games / unit;
  rn.lo = (long)(unit * (units * (a.shard_i - 1) / a.shard_n));
  rn.hi = (long)(unit * (units * a.shard_i / a.shard_n));
  if (a.have_one) {   /* game G alone, as it was played in its run */
    rn.lo = (long)a.one_game;
    rn.hi = rn.lo + 1;
    a.jobs = 1;
  }
  rn.log_dir = a.log_dir;
  rn.log_games = a.log_games;
  rn.nlog_games = a.nlog_games;
  rn.log_min_total = (long)a.min_total;
  long total = rn.hi - rn.lo;
  if (total == 0) {
    fprintf(stderr, "Error: shard %llu/%llu of %llu games has no games to play "
            "(use fewer shards or more games)\n", (unsigned long long)a.shard_i,
            (unsigned long long)a.shard_n, (unsigned long long)a.games);
    return 1;
  }
  rn.r = cli_rules(h, o);
  if (rn.r == NULL)
    return 1;
  rn.host = h;
  rn.bot_ms = (int)a.bot_ms;
  for (int k = 0; k < rn.nkinds; k++) {   /* a bot file loads, or stop */
    mj_error be;
    if (strncmp(rn.kinds[k], "cmd:", 4) == 0) {
      /* a program plays in the process of its games; here it only has
         to start (and not end at once: a command not found, a crash) */
      if (cmdbot_check(rn.kinds[k] + 4, 300, &be) != MJ_OK) {
        fprintf(stderr, "Error: --bots: %s\n", be.msg);
        return 1;
      }
      continue;
    }
    mj_bot *b = cli_bot_new(h, rn.r, rn.kinds[k], 1, 0, &be);
    if (b == NULL) {
      fprintf(stderr, "Error: --bots: %s\n", be.msg);
      return 1;
    }
    mj_bot_free(b);
  }
  rn.options = o->options;
  sink out = { -1, a.out_path, 0, 0 };
  if (a.out_path != NULL) {
    mj_error fe;
    if (strcmp(a.out_path, "-") != 0 &&
        mj_file_check_target(a.out_path, &fe) != MJ_OK) {
      fprintf(stderr, "Error: %s (--out - writes to standard output)\n",
              fe.msg);
      return 1;
    }
    out.fd = strcmp(a.out_path, "-") == 0
           ? 1 : open(a.out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (out.fd < 0) {
      fprintf(stderr, "Error: cannot write %s: %s\n", a.out_path,
              strerror(errno));
      return 1;
    }
    rn.out = &out;
  }
  bool bar = isatty(2);
  if ((long)a.jobs > total)
    a.jobs = (uint64_t)total;
  volatile long *prog = mmap(NULL, sizeof(long) * 65, PROT_READ | PROT_WRITE,
                             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (prog == MAP_FAILED)
    prog = NULL;
  stats *st = calloc(1, sizeof *st);
  if (st == NULL)
    return 1;
  /* Ctrl-C finishes the game in play, then the summary of those played */
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old);
  sim_stop = 0;
  double t0 = now();
  int status = 0;
  if (a.jobs <= 1) {
    rn.progress = prog;
    if (bar && prog) {
      /* play in slices to redraw the bar */
      long lo = rn.lo, hi = rn.hi, step = total / 100 + 1;
      double last = 0;
      for (long s = lo; s < hi && status == 0; s += step) {
        rn.lo = s;
        rn.hi = s + step < hi ? s + step : hi;
        status = play_range(&rn, st);
        if (now() - last > 0.1) {
          show_progress(*prog, total, t0, false);
          last = now();
        }
      }
      rn.lo = lo;
      rn.hi = hi;
      show_progress(*prog, total, t0, true);
    } else {
      status = play_range(&rn, st);
    }
  } else {
    status = run_jobs(h, &rn, st, (int)a.jobs, bar, t0, prog);
  }
  sigaction(SIGINT, &old, NULL);
  double secs = now() - t0;
  if (out.err != 0) {
    fprintf(
        stderr,
        "Error: cannot write %s: %s (the file ends with the last whole line)\n",
        a.out_path, strerror(out.err));
    status = 1;
  }
  if (out.fd > 1 && close(out.fd) != 0 && status != 1) {
    fprintf(stderr, "Error: cannot write %s: %s\n", a.out_path, strerror(errno));
    status = 1;
  }
  if (status == 130)
    fprintf(stderr, "interrupted: the summary of the %ld games played\n",
            st->games);
  if (status == 0 || status == 130) {
    FILE *sf = out.fd == 1 ? stderr : stdout;
    summary(sf, &rn, st, secs, (int)a.jobs);
    long fb = fallback_report(sf, &rn, st);
    if (fb > 0 && !a.fallback_ok && status == 0) {
      fflush(sf);
      fprintf(stderr, "Error: %ld decision%s of the bots were made by the "
              "fallback (the efficiency bot) instead; --fallback-ok says "
              "that is expected\n", fb, fb == 1 ? "" : "s");
      status = 1;
    }
  }
  if (prog)
    munmap((void *)prog, sizeof(long) * 65);
  free(st);
  return status;
}

/* {====================================================================
** hule stats: the summary of any number of JSONL files of a run
** ===================================================================== */

/* One JSON line of hule sim into st; false with why (a line not of a
   sim, or of another ruleset or other bots than the first). */
static bool stats_line(cJSON *o, run *rn, stats *st, bool first, char *why,
                       size_t cap)
{
  cJSON *rs = cJSON_GetObjectItemCaseSensitive(o, "ruleset");
  cJSON *bots = cJSON_GetObjectItemCaseSensitive(o, "bots");
  cJSON *pay = cJSON_GetObjectItemCaseSensitive(o, "pay");
  cJSON *wins = cJSON_GetObjectItemCaseSensitive(o, "wins");
  cJSON *from = cJSON_GetObjectItemCaseSensitive(o, "from");
  if (!cJSON_IsString(rs) || !cJSON_IsArray(bots) ||
      cJSON_GetArraySize(bots) != 4 || !cJSON_IsArray(pay) ||
      cJSON_GetArraySize(pay) != 4 || !cJSON_IsArray(wins) ||
      cJSON_GetArraySize(wins) > 4) {
    snprintf(why, cap, "not a line of hule sim --out (ruleset, bots, pay, "
             "wins)");
    return false;
  }
  if (strcmp(rs->valuestring, mj_rules_id(rn->r)) != 0) {
    snprintf(why, cap, "a game of %.40s, not %.40s", rs->valuestring,
             mj_rules_id(rn->r));
    return false;
  }
  /* a duplicate run: the wall and the turn the bots are rotated by */
  cJSON *turn = cJSON_GetObjectItemCaseSensitive(o, "turn");
  bool dup = cJSON_GetObjectItemCaseSensitive(o, "wall") != NULL;
  int tn = 0;
  if (dup && (!cJSON_IsNumber(turn) || turn->valueint < 0 || turn->valueint > 3)) {
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
  const char *seat_bot[4];
  for (int p = 0; p < 4; p++) {
    cJSON *b = cJSON_GetArrayItem(bots, p);
    if (!cJSON_IsString(b) || strlen(b->valuestring) >= sizeof rn->bots[0]) {
      snprintf(why, cap, "bad \"bots\"");
      return false;
    }
    seat_bot[p] = b->valuestring;
  }
  for (int p = 0; p < 4; p++) {
    const char *base = seat_bot[(p - tn + 4) & 3];   /* the bot of turn 0 */
    if (first)
      snprintf(rn->bots[p], sizeof rn->bots[0], "%s", base);
    else if (strcmp(rn->bots[p], base) != 0) {
      snprintf(why, cap, "seat %d is %.31s here, %.31s before: another run",
               p + 1, base, rn->bots[p]);
      return false;
    }
  }
  if (first)
    for (int p = 0; p < 4; p++)
      if (kind_index(rn, rn->bots[p]) < 0)
        snprintf(rn->kinds[rn->nkinds++], sizeof rn->kinds[0], "%s",
                 rn->bots[p]);
  int pv[4];
  for (int p = 0; p < 4; p++) {
    cJSON *x = cJSON_GetArrayItem(pay, p);
    if (!cJSON_IsNumber(x) || !(fabs(x->valuedouble) <= 2.0 * MJ_MAX_SCORE) ||
        x->valuedouble != (int)x->valuedouble) {
      snprintf(why, cap, "bad \"pay\"");
      return false;
    }
    pv[p] = (int)x->valuedouble;
  }
  if ((long long)pv[0] + pv[1] + pv[2] + pv[3] != 0) {
    snprintf(why, cap, "\"pay\" is not zero-sum");
    return false;
  }
  int payer = -1, nw = cJSON_GetArraySize(wins);
  if (from != NULL) {
    if (!cJSON_IsNumber(from) || from->valueint < 0 || from->valueint > 3) {
      snprintf(why, cap, "bad \"from\"");
      return false;
    }
    payer = from->valueint;
  }
  count_game(st, nw, pv);
  st->multi += cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "multi"));
  cJSON *paid = cJSON_GetObjectItemCaseSensitive(o, "paid"), *x0;
  cJSON_ArrayForEach(x0, paid) {
    if (!cJSON_IsNumber(x0) || x0->string == NULL || x0->valuedouble < 0 ||
        x0->valuedouble > 1e12) {
      snprintf(why, cap, "bad \"paid\"");
      return false;
    }
    reasons_add(&st->paid, x0->string, (long)x0->valuedouble);
  }
  if (dup)
    count_duplicate(rn, st, seat_bot, pv, tn);
  for (int k = 0; k < nw; k++) {
    cJSON *w = cJSON_GetArrayItem(wins, k);
    cJSON *pl = cJSON_GetObjectItemCaseSensitive(w, "player");
    cJSON *tot = cJSON_GetObjectItemCaseSensitive(w, "total");
    cJSON *fans = cJSON_GetObjectItemCaseSensitive(w, "fans");
    cJSON *states = cJSON_GetObjectItemCaseSensitive(w, "states");
    if (!cJSON_IsNumber(pl) || pl->valueint < 0 || pl->valueint > 3 ||
        !cJSON_IsNumber(tot) || !(tot->valuedouble >= 0) ||
        tot->valuedouble > MJ_MAX_SCORE || !cJSON_IsArray(fans)) {
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
    count_win(st, pl->valueint, (long)tot->valuedouble, wfrom);
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
    cJSON *lists[2] = { fans, states };
    for (int l = 0; l < 2; l++) {
      cJSON *x;
      cJSON_ArrayForEach(x, lists[l]) {
        cJSON *id = l == 0 ? cJSON_GetObjectItemCaseSensitive(x, "id") : x;
        int f = -1;
        for (int i = 0; cJSON_IsString(id) && i < mj_rules_nfans(rn->r); i++)
          if (strcmp(mj_rules_fan(rn->r, i)->id, id->valuestring) == 0)
            f = i;
        if (f < 0 || f >= MAX_FANS) {
          snprintf(why, cap, "'%.40s' is not a fan of %s",
                   cJSON_IsString(id) ? id->valuestring : "?",
                   mj_rules_id(rn->r));
          return false;
        }
        st->fan_games[f]++;
      }
    }
  }
  return true;
}

enum { STATS_LINE_MAX = 1 << 20 };   /* a sim line is under a few KB */

int cli_stats(mj_host *h, const cli_opts *o, int argc, char **argv)
{
  if (argc < 2) {
    fprintf(stderr, "Usage: hule stats FILE.jsonl... [--ruleset ID] "
            "[--json]\n  the summary of the games in the files (the JSON "
            "lines of hule sim --out),\n  shards merged exactly as one run\n");
    return 1;
  }
  run rn;
  memset(&rn, 0, sizeof rn);
  stats *st = calloc(1, sizeof *st);
  if (st == NULL)
    return 1;
  int status = 0, files = 0;
  bool first = true;
  mj_error e0;
  struct stat seen[64];
  for (int a = 1; a < argc && status == 0; a++) {
    /* a file given twice (by any name) would count its games twice */
    struct stat sb;
    if (stat(argv[a], &sb) == 0) {
      for (int b = 0; b < files && b < 64 && status == 0; b++)
        if (seen[b].st_dev == sb.st_dev && seen[b].st_ino == sb.st_ino) {
          fprintf(stderr, "Error: %s is given twice (the same file as an "
                  "earlier one): its games would count twice\n", argv[a]);
          status = 1;
        }
      if (files < 64)
        seen[files] = sb;
    }
    if (status != 0)
      break;
    FILE *f = mj_file_open_read(argv[a], &e0);
    if (f == NULL) {
      fprintf(stderr, "Error: %s\n", e0.msg);
      status = 1;
      break;
    }
    files++;
    int line = 0;
    char *buf = NULL;
    size_t bcap = 0;
    long n;
    bool longer;
    /* a line at a time, each at most STATS_LINE_MAX: a file of any size
       (or a pipe, or a device) is read in a few MB */
    while (status == 0 &&
           (n = mj_file_line(f, &buf, &bcap, STATS_LINE_MAX, &longer, false)) >= 0) {
      line++;
      if (longer) {
        fprintf(stderr, "Error: %s:%d: a line longer than %d bytes: not a "
                "line of hule sim\n", argv[a], line, STATS_LINE_MAX);
        status = 1;
        break;
      }
      if (n > 0) {
        cJSON *obj = cJSON_ParseWithLength(buf, (size_t)n);
        char why[160] = "not JSON";
        if (obj != NULL && rn.r == NULL) {
          /* the ruleset: --ruleset, else the one the first line names */
          cli_opts mine = *o;
          cJSON *rs = cJSON_GetObjectItemCaseSensitive(obj, "ruleset");
          if (mine.ruleset == NULL && cJSON_IsString(rs))
            mine.ruleset = rs->valuestring;
          rn.r = cli_rules(h, &mine);
          if (rn.r == NULL)
            status = 1;
        }
        if (status == 0 &&
            (obj == NULL || !stats_line(obj, &rn, st, first, why, sizeof why))) {
          fprintf(stderr, "Error: %s:%d: %s\n", argv[a], line, why);
          status = 1;
        }
        first = false;
        cJSON_Delete(obj);
      }
    }
    if (status == 0 && line == 0 && !ferror(f)) {
      fprintf(stderr, "Error: %s is empty (no line of hule sim)\n", argv[a]);
      status = 1;
    }
    if (status == 0 && ferror(f)) {
      fprintf(stderr, "Error: cannot read %s: %s\n", argv[a], strerror(errno));
      status = 1;
    }
    free(buf);
    fclose(f);
  }
  if (status == 0 && st->games == 0) {
    fprintf(stderr, "Error: no games in the files\n");
    status = 1;
  }
  if (status == 0 && o->json) {
    cJSON *out = cJSON_CreateObject();
    cJSON_AddStringToObject(out, "ruleset", mj_rules_id(rn.r));
    cJSON_AddNumberToObject(out, "games", (double)st->games);
    cJSON_AddNumberToObject(out, "wins", (double)st->wins);
    cJSON_AddNumberToObject(out, "drawn", (double)st->drawn);
    cJSON_AddNumberToObject(out, "self_drawn", (double)st->self_drawn);
    cJSON_AddNumberToObject(out, "max_points", (double)st->max_points);
    cJSON *seats = cJSON_AddArrayToObject(out, "seats");
    double n = (double)st->games;
    for (int p = 0; p < 4; p++) {
      cJSON *x = cJSON_CreateObject();
      double wr = (double)st->seat_wins[p] / n;
      long nw = st->seat_wins[p];
      cJSON_AddStringToObject(x, "bot", rn.bots[p]);
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
    for (int i = 0; i < mj_rules_nfans(rn.r) && i < MAX_FANS; i++)
      if (st->fan_games[i] > 0)
        cJSON_AddNumberToObject(fans, mj_rules_fan(rn.r, i)->id,
                                (double)st->fan_games[i]);
    char *t = cJSON_PrintUnformatted(out);
    if (t != NULL) {
      puts(t);
      cJSON_free(t);
    }
    cJSON_Delete(out);
  } else if (status == 0) {
    printf("ruleset %s: %ld games from %d file%s\n", mj_rules_id(rn.r),
           st->games, files, files == 1 ? "" : "s");
    summary_body(stdout, &rn, st);
  }
  free(st);
  return status;
}

/* }==================================================================== */
