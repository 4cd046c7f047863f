/*
** sim.h
** What the parts of hule sim share (sim.c plays the games, pool.c runs
** them in processes, summary.c adds them up, prints the summary and is
** hule stats): a run, its statistics and its output.
*/
#ifndef HULE_SIM_H
#define HULE_SIM_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "bot.h"
#include "bots.h"
#include "cli.h"
#include "rules.h"

enum { SIM_MAX_FANS = MJ_MAX_FANS };

/* Amounts paid by reason (kong money, 查叫...), names in first-seen order. */
enum { SIM_REASONS = 32 };
typedef struct sim_reasons {
  int n;
  char name[SIM_REASONS][48];
  long sum[SIM_REASONS];
} sim_reasons;

/* A sum of squares of nets: a hand's net is within +-2 MJ_MAX_SCORE,
   its square under 2^63, and a run's sum of them needs more (a GCC and
   Clang extension on 64-bit targets). */
__extension__ typedef __int128 sim_wide;

/* What a range of games adds up to; merged across processes. */
typedef struct sim_stats {
  long games, wins, drawn, self_drawn, points, max_points;
  long all_wins;             /* wins (a game of 血战 has several) */
  long multi;                /* games with a tile won by several (一炮多响) */
  long horse_wins, horses;   /* wins with horses on the winner; horses */
  long liable;               /* wins one player paid for all (全包) */
  sim_reasons paid;              /* the ledger's payments other than wins */
  long seat_wins[4], seat_points[4], seat_net[4], seat_dealins[4];
  /* sums of squares, for the 95% intervals (exact integers: shards merge
     to the single run's figures; 128 bits, as a net may be 2 x 10^9) */
  sim_wide seat_points_sq[4], seat_net_sq[4];
  long fan_games[SIM_MAX_FANS];
  /* duplicate: per bot kind (index in the run's kinds), one sample a wall,
     the kind's net over the wall's four rotations (exact integers) */
  long dup_walls;
  long long dup_net[4];
  sim_wide dup_net_sq[4];
  long long cur[4];          /* the wall being played (never merged) */
  /* decisions of each player's bot (by its place in --bots) that failed
     and were made by the efficiency bot, and the first reason */
  long fallback[4];
  char fallback_why[4][200];
  /* --matches: the whole matches played, and each player's places (1
     first) summed and squared, by its place in --bots */
  long matches, place_sum[4], place_sq[4];
} sim_stats;

/* Where the JSON lines go: written whole, a line at a time; a failed
   write takes the partial line back (a file then ends on a whole line). */
typedef struct sim_sink {
  int fd;                   /* -1: no output */
  const char *path;
  off_t good;               /* bytes of whole lines written */
  int err;                  /* errno of the first failed write, 0 none */
} sim_sink;

typedef struct sim_run {
  mj_host *host;            /* for the bots written in Lua */
  const mj_rules *r;
  const char *options;
  char line_options[256];   /* stats: the options of the games read */
  uint64_t seed;
  long lo, hi;              /* games [lo, hi) */
  int np;                   /* seats at the table (the ruleset's players) */
  char bots[4][CLI_BOT_SPEC];
  sim_sink *out;                /* JSON lines, may be NULL */
  volatile long *progress;  /* games done, shared with the parent */
  bool duplicate;           /* each wall 4 times, the bots rotated */
  bool matches;             /* each game a whole match of hands */
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
} sim_run;

/* The games of a run are played one after another in a process: 0 all
   played, 1 an error, 130 stopped by Ctrl-C (sim.c). */
typedef int (*sim_play_fn)(sim_run *rn, sim_stats *st);

/* Ctrl-C asks the run to stop after the game in play (sim.c). */
extern volatile sig_atomic_t sim_stop;

/* summary.c: the statistics */
void sim_reasons_add(sim_reasons *r, const char *name, long amount);
void sim_count_win(sim_stats *st, int p, long total, int from);
void sim_count_game(sim_stats *st, int nwins, const int pay[4]);
int sim_kind_index(const sim_run *rn, const char *name);
void sim_count_duplicate(const sim_run *rn, sim_stats *st, const char *const seat_bot[4],
                         const int pay[4], int turn);
void sim_merge(sim_stats *a, const sim_stats *b);
/* A match over: each player's place (1 first) into st. */
void sim_count_places(sim_stats *st, const int place[4]);
void sim_summary(FILE *f, const sim_run *rn, const sim_stats *st, double secs,
                 int jobs);
/* Each player's fallback decisions (summary.c); their sum. */
long sim_fallback_report(FILE *f, const sim_run *rn, const sim_stats *st);

/* pool.c: the games of rn in jobs processes, each playing a slice with
   play, their lines and statistics merged in order into rn->out and st */
int sim_run_jobs(mj_host *h, sim_run *rn, sim_stats *st, int jobs, bool bar,
                 double t0, volatile long *prog, sim_play_fn play);
void sim_show_progress(long done, long total, double t0, bool final);
bool sim_sink_write(sim_sink *k, const char *text, size_t len);
double sim_now(void);

/* hule sim (sim.c) and hule stats (summary.c); the exit status. */
struct cl_args;
int cli_sim(mj_host *h, cli_opts *o, const struct cl_args *a);
int cli_stats(mj_host *h, const cli_opts *o, int argc, char **argv);

#endif
