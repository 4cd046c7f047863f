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

#include "analysis.h"
#include "hand.h"
#include "ref.h"
#include "testutil.h"

#ifdef HULE_BENCH_EXTRA
#include "bench_extra.h"
#endif

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
static const mj_shape_cfg CFG = { 0x1f, true };   /* the MCR shapes */
static const mj_shape_cfg STD = { 1, false };

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
    } while ((el = now() - t0) < min_time / 3);
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
static long op_shanten(const mj_tileview *v) { return mj_shanten(v, &CFG, NULL); }
static long op_shanten_ref(const mj_tileview *v) { return ref_shanten(v, &CFG); }
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

static void line(const char *what, double fast, double slow)
{
  printf("%-34s %12.0f /s   reference %10.0f /s   ratio %8.1fx\n", what, fast, slow,
         fast / slow);
}

int main(void)
{
  hands hs = { calloc(7000, sizeof(mj_tileview)), calloc(7000, sizeof(mj_tileview)), 0 };
  if (tsv_each("mcr.tsv", load_line, &hs) < 0) {
    fprintf(stderr, "bench: cannot read %s/vectors/mcr.tsv\n", HULE_SHARED_DIR);
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
#ifdef HULE_BENCH_EXTRA
  bench_extra();
#endif
  free(hs.v);
  free(hs.ready);
  return 0;
}
