/*
** bench.c
** Throughput of the engine, each figure next to a baseline measured in
** the same run: the plain recursive references of tests/ref.c for the
** analysis. Run with "cmake --build build --target bench".
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analysis.h"
#include "hand.h"
#include "ref.h"
#include "testutil.h"

#include "host.h"
#include "score.h"
#include "bot.h"
#include "game.h"

extern char **environ;

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct hands { mj_tileview *v; mj_tileview *ready; int n; } hands;

static void load_line(int line, char **f, int nf, void *ud)
{
  hands *hs = ud;
  char in[512];
  (void)line;
  if (nf < 2)
    return;
  snprintf(in, sizeof in, "%s %s", f[0], f[1]);
  mj_hand *h = mj_hand_new();
  if (mj_hand_parse(h, in, strlen(in), NULL) == MJ_OK &&
      mj_hand_check(h, MJ_CHECK_WIN, NULL) == MJ_OK) {
    mj_tileview_init(&hs->v[hs->n], h, 0);
    /* the ready hand: the winning tile taken out */
    hs->ready[hs->n] = hs->v[hs->n];
    mj_tileview_remove(&hs->ready[hs->n], mj_hand_cctx(h)->win);
    hs->n++;
  }
  mj_hand_free(h);
}

static volatile long sink;
static const mj_shape_cfg CFG = { 0x1f, true, 0 };   /* the MCR shapes */
static const mj_shape_cfg STD = { 1, false, 0 };

typedef long (*op_fn)(const mj_tileview *v);

/*
** Run op over all views until min_time passed, three times; returns the
** best rate (views per second): the machine's other load only slows.
*/
static double rate(op_fn op, const mj_tileview *arr, int n, double min_time)
{
  double best = 0;
  for (int rep = 0; rep < 3; rep++) {
    long done = 0;
    double t0 = now(), el;
    do {
      for (int i = 0; i < n; i++)
        sink += op(&arr[i]);
      done += n;
    } while ((el = now() - t0) < min_time / 8);
    if ((double)done / el > best)
      best = (double)done / el;
  }
  return best;
}

static long op_win(const mj_tileview *v) { return mj_is_win(v, &CFG); }
static long op_win_ref(const mj_tileview *v) { return ref_is_win(v, &CFG); }
static long op_win_std(const mj_tileview *v) { return mj_is_win(v, &STD); }
static long op_win_std_ref(const mj_tileview *v)
{
  return ref_complete(v->c, 0, MJ_KINDS, v->wilds, 4 - v->melds, 1);
}
static long op_waits(const mj_tileview *v)
{
  mj_wait w[MJ_KINDS];
  return mj_waits(v, &CFG, NULL, NULL, w);
}
static long op_waits_ref(const mj_tileview *v)
{
  long k = 0;
  for (int t = 0; t < MJ_KINDS; t++) {
    mj_tileview x = *v;
    if (x.c[t] >= 4)
      continue;
    mj_tileview_add(&x, (mj_tile)t);
    k += ref_is_win(&x, &CFG);
  }
  return k;
}
static long op_shanten(const mj_tileview *v)
{
  return mj_shanten(v, &CFG, NULL);
}
static long op_shanten_ref(const mj_tileview *v)
{
  return ref_shanten(v, &CFG);
}
static long op_useful(const mj_tileview *v)
{
  mj_wait w[MJ_KINDS];
  return mj_useful(v, &CFG, NULL, NULL, w, NULL);
}
static long op_useful_ref(const mj_tileview *v)
{
  long k = 0;
  int base = ref_shanten(v, &CFG);
  for (int t = 0; t < MJ_KINDS; t++) {
    mj_tileview x = *v;
    if (x.c[t] >= 4)
      continue;
    mj_tileview_add(&x, (mj_tile)t);
    k += ref_shanten(&x, &CFG) < base;
  }
  return k;
}

static mj_hand *score_hands[7000];
static int nscore;

static void load_score(int line, char **f, int nf, void *ud)
{
  char in[512];
  (void)line;
  (void)ud;
  if (nf < 2)
    return;
  snprintf(in, sizeof in, "%s %s", f[0], f[1]);
  mj_hand *h = mj_hand_new();
  if (mj_hand_parse(h, in, strlen(in), NULL) == MJ_OK &&
      mj_hand_check(h, MJ_CHECK_WIN, NULL) == MJ_OK)
    score_hands[nscore++] = h;
  else
    mj_hand_free(h);
}

/* Scoring rate of ruleset r over the hands: the best of eight passes
   (the fastest pass is the one least disturbed by the rest of the
   machine). */
static double score_rate(const mj_rules *r, double min_time)
{
  mj_score *s = malloc(sizeof *s);
  double best = 0;
  for (int rep = 0; rep < 8; rep++) {
    long done = 0;
    double t0 = now(), el;
    do {
      for (int i = 0; i < nscore; i++) {
        mj_score_hand(r, score_hands[i], s, NULL);
        sink += s->total;
      }
      done += nscore;
    } while ((el = now() - t0) < min_time / 8);
    if ((double)done / el > best)
      best = (double)done / el;
  }
  free(s);
  return best;
}

static void line(const char *what, double fast, double slow);

/*
** Hands a second through whole programs: a batch is one command over a
** vector file copied `copies` times (mcr.tsv thirty times: 182,460
** lines), start-up and output included. Two batches compared are run in
** turn, round by round, so that both see the same spells of the machine;
** each keeps its best round (the one least disturbed by the rest).
*/
typedef struct batch {
  char in[32];
  char cmd[1600];
  long lines;
  double best;      /* lines a second; 0 until a run succeeds */
  bool failed;
} batch;

static bool batch_open(batch *b, const char *path, int copies,
                       const char *fmt, const char *arg)
{
  memset(b, 0, sizeof *b);
  snprintf(b->in, sizeof b->in, "/tmp/hule-bench-XXXXXX");
  int fd = mkstemp(b->in);
  if (fd < 0)
    return false;
  FILE *f = fdopen(fd, "w");
  FILE *src = fopen(path, "r");
  if (f != NULL && src != NULL) {
    char buf[1024];
    for (int k = 0; k < copies; k++) {
      rewind(src);
      while (fgets(buf, sizeof buf, src) != NULL) {
        fputs(buf, f);
        b->lines++;
      }
    }
  }
  if (src != NULL)
    fclose(src);
  if (f != NULL)
    fclose(f);
  else
    close(fd);
  char prog[1200];
  snprintf(prog, sizeof prog, fmt, arg);
  snprintf(b->cmd, sizeof b->cmd, "%s < %s > /dev/null", prog, b->in);
  b->failed = b->lines == 0;
  return !b->failed;
}

static void batch_run(batch *b)
{
  if (b->failed)
    return;
  double t0 = now();
  int st = system(b->cmd);           /* 2: some lines were no hand (ERROR) */
  if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) > 2) {
    b->failed = true;
    return;
  }
  double r = b->lines / (now() - t0);
  if (r > b->best)
    b->best = r;
}

static double batch_close(batch *b)
{
  if (b->in[0] != '\0')
    remove(b->in);
  return b->failed ? 0 : b->best;
}

/* The two batches in turn, `rounds` times each. */
static void batch_race(batch *a, batch *b, int rounds)
{
  for (int i = 0; i < rounds; i++) {
    batch_run(a);
    batch_run(b);
  }
}

static void batch_of(batch *b, const char *tsv, int copies, const char *fmt,
                     const char *arg)
{
  char path[600];
  snprintf(path, sizeof path, "%s/%s", HULE_DATA_DIR, tsv);
  batch_open(b, path, copies, fmt, arg);
}

static void hule_batch(batch *b, const char *tsv, const char *ruleset)
{
  char fmt[1000];
  snprintf(fmt, sizeof fmt, "'%s' score --ruleset %%s --batch", HULE_BIN);
  batch_of(b, tsv, 30, fmt, ruleset);
}

/* MCR's whole batch, raced against the C++ MCR scorer (tests/cppref/
   README.md) when HULE_CPPREF names its driver: mcr.tsv's hands
   converted, thirty times each. Returns hule's rate. */
static double bench_mcr_batch(double fast)
{
  const char *drv = getenv("HULE_CPPREF");
  bool use = drv != NULL && drv[0] != '\0' && strchr(drv, '\'') == NULL;
  char conv[] = "/tmp/hule-cppref-XXXXXX";
  batch h, c = { .failed = true };   /* c: no file until opened */
  hule_batch(&h, "mcr.tsv", "mcr");
  if (use) {
    int fd = mkstemp(conv);
    if (fd >= 0) {
      close(fd);
      char cmd[1600];
      snprintf(cmd, sizeof cmd, "python3 '%s/tests/cppref/conv.py' < "
               "'%s/mcr.tsv' > %s", HULE_SOURCE_DIR, HULE_DATA_DIR, conv);
      if (system(cmd) == 0)
        batch_open(&c, conv, 30, "'%s'", drv);
      remove(conv);
    }
  }
  if (c.failed)
    for (int i = 0; i < 3; i++)
      batch_run(&h);
  else
    batch_race(&h, &c, 5);
  double whole = batch_close(&h), cpp = batch_close(&c);
  printf("%-34s %12.0f /s   in process %9.0f /s   ratio %8.2fx\n",
         "hule score --batch, whole process", whole, fast, whole / fast);
  if (!use)
    printf("%-34s (not measured: HULE_CPPREF names no driver; "
           "tests/cppref/README.md)\n", "the C++ MCR scorer");
  else if (cpp <= 0)
    printf("%-34s (%s did not run: no ratio)\n", "the C++ MCR scorer", drv);
  else {
    printf("%-34s %12.0f /s   (tests/cppref: the same hands, in turn)\n",
           "the C++ MCR scorer, whole process", cpp);
    printf("%-34s %12.0f /s   C++ %15.0f /s   ratio %8.2fx   goal 3x\n",
           "hule score --batch, whole", whole, cpp, whole / cpp);
  }
  return whole;
}

/* Riichi's scoring in process and as a whole process, the batch raced
   against the pure-Python scorer of the same rules (tests/riichi_ref.py,
   which the suite checks against every line of the vectors), all on
   riichi.tsv in this run; mcr: MCR's whole batch, measured before. */
static void bench_riichi_score(mj_host *host, double mcr)
{
  mj_error e;
  const mj_rules *r;
  if (mj_host_load(host, "riichi", NULL, &r, &e) != MJ_OK) {
    fprintf(stderr, "bench: %s\n", e.msg);
    return;
  }
  tsv_each("riichi.tsv", load_score, NULL);
  int n = nscore;
  double fast = score_rate(r, 1.5);
  for (int i = 0; i < nscore; i++)
    mj_hand_free(score_hands[i]);
  nscore = 0;
  batch h, p;
  hule_batch(&h, "riichi.tsv", "riichi");
  batch_of(&p, "riichi.tsv", 2, "python3 '%s/tests/riichi_ref.py'",
           HULE_SOURCE_DIR);
  batch_race(&h, &p, 5);
  double whole = batch_close(&h), py = batch_close(&p);
  printf("\nscoring riichi.tsv with rulesets/riichi.lua (%d hands in "
         "process, all 4,000 lines as batches):\n", n);
  printf("%-34s %12.0f /s   MCR %16.0f /s   ratio %8.2fx\n",
         "riichi score --batch, whole process", whole, mcr, whole / mcr);
  printf("%-34s %12.0f /s   (goal: MCR's, 1,000,000)\n",
         "riichi score, in process", fast);
  if (py <= 0) {
    printf("%-34s (python3 did not run: no ratio)\n", "pure-Python scorer");
    return;
  }
  printf("%-34s %12.0f /s   (tests/riichi_ref.py, the same lines, in "
         "turn)\n", "pure-Python scorer, whole process", py);
  printf("%-34s %12.0f /s   Python %13.0f /s   ratio %8.2fx   goal 100x\n",
         "riichi score --batch, whole", whole, py, whole / py);
  printf("%-34s %12.0f /s   Python %13.0f /s   ratio %8.2fx\n",
         "riichi score, in process", fast, py, fast / py);
}

static void bench_score(void)
{
  mj_error e;
  mj_host *host = mj_host_new(NULL, &e);
  if (host == NULL) {
    fprintf(stderr, "bench: %s\n", e.msg);
    return;
  }
  /* loading time of mcr.lua */
  double t0 = now();
  const mj_rules *r;
  int loads = 0;
  do {
    if (mj_host_load(host, "mcr", NULL, &r, &e) != MJ_OK) {
      fprintf(stderr, "bench: %s\n", e.msg);
      mj_host_free(host);
      return;
    }
    loads++;
  } while (now() - t0 < 0.5);
  double load_ms = (now() - t0) / loads * 1000;
  tsv_each("mcr.tsv", load_score, NULL);
  /* the same fans, each also decided through a Lua function */
  char dir[] = "/tmp/hule-bench-XXXXXX";
  const mj_rules *rl = NULL;
  if (mkdtemp(dir) != NULL) {
    char path[300];
    snprintf(path, sizeof path, "%s/mcr-lua.lua", dir);
    FILE *f = fopen(path, "w");
    if (f != NULL) {
      fputs("local R = mj.extend(\"mcr\", { id = \"mcr-lua\" })\n"
            "for _, f in ipairs(R.fans) do\n"
            "  f.test = function(v) return true end\n"
            "end\n"
            "return R\n", f);
      fclose(f);
      if (mj_host_load(host, path, NULL, &rl, &e) != MJ_OK)
        fprintf(stderr, "bench: %s\n", e.msg);
      remove(path);
    }
    rmdir(dir);
  }
  printf("\nscoring %d hands of vectors/mcr.tsv with rulesets/mcr.lua:\n",
         nscore);
  double fast = score_rate(r, 1.5);
  double slow = rl ? score_rate(rl, 1.0) : 1;
  line("score (patterns compiled to C)", fast, slow);
  printf("%-34s (the reference: every fan also decided by a Lua function)\n",
         "");
  printf("%-34s %12.0f /s   (goal 1,000,000)\n", "  hands per second", fast);
  double whole = bench_mcr_batch(fast);
  printf("%-34s %12.2f ms\n", "loading mcr.lua", load_ms);
  for (int i = 0; i < nscore; i++)
    mj_hand_free(score_hands[i]);
  nscore = 0;
  bench_riichi_score(host, whole);
  mj_host_free(host);
}

/* {====================================================================
** Games and start-up
** ===================================================================== */

/* Games per second of ruleset r with four bots of kind, over min_time. */
static double game_rate(const mj_rules *r, const char *kind, double min_time,
                        uint64_t base)
{
  mj_bot *b[4];
  for (int p = 0; p < 4; p++)
    b[p] = mj_bot_new(kind, base + (uint64_t)p);
  long done = 0;
  double t0 = now(), t;
  do {
    for (int k = 0; k < 20; k++) {
      mj_game_cfg cfg;
      memset(&cfg, 0, sizeof cfg);
      cfg.seed = mj_seed_mix(base, (uint64_t)done);
      cfg.dealer = (int)(done & 3);
      mj_error e;
      mj_game *g = mj_game_new(r, &cfg, &e);
      if (g != NULL) {
        mj_bot_play(g, b, &e);
        mj_game_free(g);
      }
      done++;
    }
  } while ((t = now() - t0) < min_time);
  for (int p = 0; p < 4; p++)
    mj_bot_free(b[p]);
  return (double)done / t;
}

/* The same in two processes at once: their summed rate. */
static double game_rate_2(const mj_rules *r, const char *kind, double min_time)
{
  int fd[2];
  if (pipe(fd) != 0)
    return 0;
  pid_t pid = fork();
  if (pid == 0) {
    double x = game_rate(r, kind, min_time, 77);
    if (write(fd[1], &x, sizeof x) != (ssize_t)sizeof x)
      _exit(1);
    _exit(0);
  }
  double mine = game_rate(r, kind, min_time, 99), theirs = 0;
  if (pid > 0) {
    if (read(fd[0], &theirs, sizeof theirs) != (ssize_t)sizeof theirs)
      theirs = 0;
    waitpid(pid, NULL, 0);
  }
  close(fd[0]);
  close(fd[1]);
  return mine + theirs;
}

static void bench_games(void)
{
  mj_error e;
  mj_host *host = mj_host_new(NULL, &e);
  const mj_rules *r;
  if (host == NULL || mj_host_get(host, "mcr", &r, &e) != MJ_OK) {
    fprintf(stderr, "bench: %s\n", e.msg);
    mj_host_free(host);
    return;
  }
  printf("\nfull MCR games, one core (baseline: the goal):\n");
  double rnd = game_rate(r, "random", 1.5, 1);
  double eff = game_rate(r, "efficiency", 1.5, 1);
  printf("%-34s %12.0f /s   goal %15.0f /s   ratio %8.2fx\n",
         "games, four random bots", rnd, 20000.0, rnd / 20000.0);
  printf("%-34s %12.0f /s   goal %15.0f /s   ratio %8.2fx\n",
         "games, four efficiency bots", eff, 3000.0, eff / 3000.0);
  double strong = game_rate(r, "strong", 1.0, 1);
  printf("%-34s %12.0f /s   goal %15.0f /s   ratio %8.2fx\n",
         "games, four strong bots", strong, 300.0, strong / 300.0);
  double rnd2 = game_rate_2(r, "random", 1.0);
  printf("%-34s %12.0f /s   one process %8.0f /s   ratio %8.2fx\n",
         "random games, 2 processes", rnd2, rnd, rnd2 / rnd);
  /* 宝, 血战 and 推倒胡 (the flow hooks: 换三张, 定缺, play on after a
     win, kong money, 查叫 at the end; horses, 跟庄, liabilities) */
  const mj_rules *bao, *xz, *td;
  if (mj_host_get(host, "bao", &bao, &e) == MJ_OK &&
      mj_host_get(host, "xuezhan", &xz, &e) == MJ_OK &&
      mj_host_get(host, "tuidao", &td, &e) == MJ_OK) {
    double b = game_rate(bao, "efficiency", 1.5, 1);
    double x = game_rate(xz, "efficiency", 1.5, 1);
    double t = game_rate(td, "efficiency", 1.5, 1);
    printf("\nfull games of other rulesets, four efficiency bots, one core:\n");
    printf("%-34s %12.0f /s   MCR %16.0f /s   ratio %8.2fx\n",
           "宝 games", b, eff, b / eff);
    printf("%-34s %12.0f /s   goal %15.0f /s   ratio %8.2fx\n",
           "血战 games (hooks in Lua)", x, 1000.0, x / 1000.0);
    printf("%-34s %12.0f /s   goal %15.0f /s   ratio %8.2fx\n",
           "推倒胡 games (hooks in Lua)", t, 1000.0, t / 1000.0);
  } else {
    fprintf(stderr, "bench: %s\n", e.msg);
  }
  const mj_rules *ri;
  if (mj_host_get(host, "riichi", &ri, &e) == MJ_OK) {
    double x = game_rate(ri, "efficiency", 1.5, 1);
    printf("%-34s %12.0f /s   goal %15.0f /s   ratio %8.2fx\n",
           "riichi games (hooks in Lua)", x, 2000.0, x / 2000.0);
    printf("%-34s %12.0f /s   MCR %16.0f /s   ratio %8.2fx\n",
           "riichi games against MCR's", x, eff, x / eff);
  }
  mj_host_free(host);
}

/* Milliseconds to start hule, read "quit" and leave, against /bin/true. */
static double spawn_ms(const char *cmd, int n)
{
  double t0 = now();
  for (int i = 0; i < n; i++)
    if (system(cmd) != 0)
      return -1;
  return (now() - t0) / n * 1000;
}

/* Milliseconds a run of argv takes, the process alone (started without
   a shell, its output to /dev/null): the best of n, and the median. */
static void exec_ms(char *const argv[], int n, double *best, double *median)
{
  double t[64];
  n = n > 64 ? 64 : n;
  *best = *median = -1;
  if (n <= 0)
    return;
  /* posix_spawn, not fork: the child shares the parent's memory until it
     execs, so the time is the program's, not the copy of bench's page
     tables */
  posix_spawn_file_actions_t fa;
  if (posix_spawn_file_actions_init(&fa) != 0)
    return;
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  for (int i = 0; i < n; i++) {
    double t0 = now();
    pid_t pid;
    int st;
    if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) != 0 ||
        waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
        WEXITSTATUS(st) != 0) {
      posix_spawn_file_actions_destroy(&fa);
      return;
    }
    t[i] = (now() - t0) * 1000;
  }
  posix_spawn_file_actions_destroy(&fa);
  for (int i = 1; i < n; i++)         /* sorted, for the median */
    for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
      double x = t[j];
      t[j] = t[j - 1];
      t[j - 1] = x;
    }
  *best = t[0];
  *median = t[n / 2];
}

/* A whole riichi match (East-South, played by the bots at the REPL,
   written as mjai events) imported: every hand replayed and checked, the
   process alone, beside hule's own start-up and /bin/true's (goal: a full
   hanchan under 10 ms). */
static void bench_import(void)
{
  char dir[] = "/tmp/hule-bench-XXXXXX", cmd[1600];
  if (mkdtemp(dir) == NULL)
    return;
  snprintf(cmd, sizeof cmd, "cd %s && (echo 'new riichi seed=19'; i=0; "
           "while [ $i -lt 20 ]; do echo auto; echo next; i=$((i+1)); done; "
           "echo 'save m.jsonl') | '%s' > /dev/null 2>&1; '%s' export "
           "--mjai m.jsonl --out m.mjai > /dev/null", dir, HULE_BIN, HULE_BIN);
  int ok = system(cmd) == 0;
  char file[64], bin[] = HULE_BIN, imp[] = "import", ver[] = "--version",
       tru[] = "/bin/true";
  snprintf(file, sizeof file, "%s/m.mjai", dir);
  char *const args[] = { bin, imp, file, NULL }, *const vargs[] = { bin, ver, NULL },
              *const targs[] = { tru, NULL };
  double best, median, vbest, vmed, tbest, tmed;
  exec_ms(args, ok ? 40 : 0, &best, &median);
  exec_ms(vargs, 40, &vbest, &vmed);
  exec_ms(targs, 40, &tbest, &tmed);
  if (ok && best >= 0)
    printf("%-34s %8.2f ms median (%.2f best)   hule --version %.2f, "
           "/bin/true %.2f   goal under 10 ms\n",
           "import a riichi match (whole)", median, best, vmed, tmed);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd) != 0)
    fprintf(stderr, "bench: %s left behind\n", dir);
}

static void bench_startup(void)
{
  char cmd[1200];
  snprintf(cmd, sizeof cmd, "echo quit | '%s' > /dev/null", HULE_BIN);
  double base = spawn_ms("echo quit | /bin/true > /dev/null", 40);
  double hule = spawn_ms(cmd, 40);
  /* and up to the first answer: the ruleset is loaded on first use */
  snprintf(cmd, sizeof cmd, "echo 'fans' | '%s' > /dev/null", HULE_BIN);
  double first = spawn_ms(cmd, 40);
  printf("\nREPL start-up (goal under 50 ms):\n");
  printf("%-34s %12.2f ms   /bin/true %9.2f ms   ratio %8.2fx\n",
         "start and quit", hule, base, hule / base);
  printf("%-34s %12.2f ms   /bin/true %9.2f ms   ratio %8.2fx\n",
         "start, load mcr, answer", first, base, first / base);
  bench_import();
}

/* }==================================================================== */

static void line(const char *what, double fast, double slow)
{
  printf("%-34s %12.0f /s   reference %10.0f /s   ratio %8.1fx\n", what, fast,
         slow, fast / slow);
}

int main(int argc, char **argv)
{
  if (argc > 1 && strcmp(argv[1], "startup") == 0) {   /* that part alone */
    bench_startup();
    return 0;
  }
  if (argc > 1 && strcmp(argv[1], "score") == 0) {     /* the scorers alone */
    bench_score();
    return 0;
  }
  if (argc > 1) {
    fprintf(stderr, "bench: unknown part %s (startup, score, or none: "
            "all)\n", argv[1]);
    return 2;
  }
  hands hs = { calloc(7000, sizeof(mj_tileview)),
               calloc(7000, sizeof(mj_tileview)), 0 };
  if (tsv_each("mcr.tsv", load_line, &hs) < 0) {
    fprintf(stderr, "bench: cannot read %s/mcr.tsv\n", HULE_DATA_DIR);
    return 1;
  }
  printf("hule bench: %d hands of vectors/mcr.tsv, single thread\n\n", hs.n);
  line("is-win (14 tiles, MCR shapes)", rate(op_win, hs.v, hs.n, 1.0),
       rate(op_win_ref, hs.v, hs.n, 1.0));
  line("is-win (standard shape only)", rate(op_win_std, hs.v, hs.n, 1.0),
       rate(op_win_std_ref, hs.v, hs.n, 1.0));
  line("waits (13 tiles)", rate(op_waits, hs.ready, hs.n, 1.0),
       rate(op_waits_ref, hs.ready, hs.n, 1.0));
  line("shanten (13 tiles)", rate(op_shanten, hs.ready, hs.n, 1.0),
       rate(op_shanten_ref, hs.ready, hs.n, 1.0));
  line("useful tiles (13 tiles)", rate(op_useful, hs.ready, hs.n, 1.0),
       rate(op_useful_ref, hs.ready, hs.n / 10, 1.0));
  bench_score();
  bench_games();
  bench_startup();
  free(hs.v);
  free(hs.ready);
  return 0;
}
