/*
** test_analysis.c
** The table-driven analysis against plain recursive references: every
** single-suit vector with 0..3 wilds, random full hands with 0..4 wilds,
** waits, shanten and useful tiles; every winning vector is a win.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "hand.h"
#include "ref.h"
#include "testutil.h"

static const mj_shape_cfg MCR = {
  MJ_SHAPE_BIT(MJ_SHAPE_STANDARD) | MJ_SHAPE_BIT(MJ_SHAPE_PAIRS) |
  MJ_SHAPE_BIT(MJ_SHAPE_ORPHANS) | MJ_SHAPE_BIT(MJ_SHAPE_HONORS_KNITTED) |
  MJ_SHAPE_BIT(MJ_SHAPE_KNITTED), true, 0 };
static const mj_shape_cfg BAO = {
  MJ_SHAPE_BIT(MJ_SHAPE_STANDARD) | MJ_SHAPE_BIT(MJ_SHAPE_PAIRS) |
  MJ_SHAPE_BIT(MJ_SHAPE_SHISANLAN) | MJ_SHAPE_BIT(MJ_SHAPE_JIUYAO), true, 0 };
static const mj_shape_cfg PLAIN = { MJ_SHAPE_BIT(MJ_SHAPE_STANDARD) |
                                    MJ_SHAPE_BIT(MJ_SHAPE_PAIRS), false, 0 };

/* Every vector of one suit, 0..3 wilds: the table's "all tiles fit into
** m melds and p pairs" against the recursive reference. */
static void single_suit_exhaustive(void **state)
{
  (void)state;
  uint8_t c[MJ_KINDS] = { 0 };
  long checked = 0, wins = 0;
  for (uint32_t idx = 0; idx < 1953125; idx++) {
    uint32_t x = idx;
    int sum = 0;
    for (int r = 0; r < 9; r++, x /= 5) {
      c[r] = (uint8_t)(x % 5);
      sum += c[r];
    }
    if (sum > 14)
      continue;
    assert_int_equal(mj_suit_index(c), idx);
    for (int w = 0; w <= 3; w++) {
      int n = sum + w;
      if (n > 14 || n % 3 == 1)
        continue;
      int p = n % 3 == 2, m = (n - 2 * p) / 3;
      bool table = mj_suit_use(idx, m, p) == sum;
      bool ref = ref_complete(c, 0, 9, w, m, p);
      if (table != ref) {
        char b[16];
        fail_msg("suit %s with %d wilds: table %d, reference %d",
                 ref_counts_str(c, 9, b), w, table, ref);
      }
      /* the cost nibble agrees: the fewest wilds completing all tiles */
      if (w == 0) {
        int cost = mj_suit_cost(idx, p);
        assert_true((cost == 0) == ref);
      }
      checked++;
      wins += ref;
    }
  }
  assert_true(checked > 500000);
  assert_true(wins > 10000);
}

/* Build a random view: hand, wild kind, wilds. */
static void random_view(trng *r, mj_hand *h, mj_tileview *v, bool ready)
{
  int melds = trng_below(r, 4) == 0 ? trng_below(r, 5) : 0;
  int wilds = trng_below(r, 5);
  mj_tile wild = (mj_tile)trng_below(r, MJ_KINDS);
  if (wilds > 14 - 3 * melds - 1)
    wilds = 0;
  random_hand(r, h, melds, wilds ? wild : MJ_NO_TILE, wilds,
              trng_below(r, 3) != 0, ready);
  mj_tileview_init(v, h, wilds ? MJ_BIT(wild) : 0);
}

static void random_is_win(void **state)
{
  (void)state;
  trng r = { 12345 };
  mj_hand *h = mj_hand_new();
  int wins = 0;
  for (int i = 0; i < test_rounds(100000); i++) {
    mj_tileview v;
    random_view(&r, h, &v, false);
    const mj_shape_cfg *cfg = i % 3 == 0 ? &MCR : i % 3 == 1 ? &BAO : &PLAIN;
    bool a = mj_is_win(&v, cfg), b = ref_is_win(&v, cfg);
    if (a != b) {
      char t[128];
      mj_hand_print(h, t, sizeof t);
      fail_msg("%s (wild %llx x%d, cfg %d): table %d reference %d", t,
               (unsigned long long)v.wild, v.wilds, i % 3, a, b);
    }
    /* shanten -1 is a win */
    assert_int_equal(mj_shanten(&v, cfg, NULL) == -1, a);
    wins += a;
  }
  assert_true(wins > test_rounds(20000));
  mj_hand_free(h);
}

static void random_shanten(void **state)
{
  (void)state;
  trng r = { 777 };
  mj_hand *h = mj_hand_new();
  for (int i = 0; i < test_rounds(20000); i++) {
    mj_tileview v;
    random_view(&r, h, &v, i % 2 == 0);
    const mj_shape_cfg *cfg = i % 3 == 0 ? &MCR : i % 3 == 1 ? &BAO : &PLAIN;
    int per[MJ_SHAPE_COUNT];
    int a = mj_shanten(&v, cfg, per), b = ref_shanten(&v, cfg);
    if (a != b) {
      char t[128];
      mj_hand_print(h, t, sizeof t);
      fail_msg("%s (wild x%d, cfg %d): table %d reference %d", t, v.wilds,
               i % 3, a, b);
    }
  }
  mj_hand_free(h);
}

/* The useful tiles of view v (of hand h) and its shanten against the
** reference: the draws that lower the reference shanten. Returns the
** shanten. */
static int check_useful(const mj_hand *h, const mj_tileview *v,
                        const mj_shape_cfg *cfg, const uint8_t held[MJ_KINDS],
                        int i)
{
  mj_wait w[MJ_KINDS];
  int sh, n = mj_useful(v, cfg, held, NULL, w, &sh);
  int base = ref_shanten(v, cfg), k = 0;
  assert_int_equal(sh, base);
  for (int t = 0; t < MJ_KINDS && base < MJ_SHANTEN_NONE; t++) {
    if (held[t] >= 4)
      continue;
    mj_tileview x = *v;
    mj_tileview_add(&x, (mj_tile)t);
    if (ref_shanten(&x, cfg) < base) {
      if (k >= n || w[k].tile != t) {
        char ht[128];
        mj_hand_print(h, ht, sizeof ht);
        fail_msg("case %d (%s, wilds %d): useful %d missing", i, ht, v->wilds,
                 t);
      }
      k++;
    }
  }
  assert_int_equal(k, n);
  return base;
}

static void random_waits_and_useful(void **state)
{
  (void)state;
  trng r = { 4242 };
  mj_hand *h = mj_hand_new();
  int ready = 0;
  for (int i = 0; i < test_rounds(20000); i++) {
    mj_tileview v;
    random_view(&r, h, &v, true);
    const mj_shape_cfg *cfg = i % 3 == 0 ? &MCR : i % 3 == 1 ? &BAO : &PLAIN;
    uint8_t held[MJ_KINDS];
    mj_hand_all_counts(h, held);
    mj_wait w[MJ_KINDS];
    int n = mj_waits(&v, cfg, held, NULL, w);
    /* waits: each kind through the reference is-win */
    int k = 0;
    for (int t = 0; t < MJ_KINDS; t++) {
      if (held[t] >= 4)
        continue;
      mj_tileview x = v;
      mj_tileview_add(&x, (mj_tile)t);
      if (ref_is_win(&x, cfg)) {
        if (k >= n || w[k].tile != t)
          fail_msg("case %d: wait %d missing", i, t);
        assert_int_equal(w[k].live, 4 - held[t]);
        k++;
      }
    }
    assert_int_equal(k, n);
    ready += n > 0;
    check_useful(h, &v, cfg, held, i);
  }
  assert_true(ready > 1000);
  mj_hand_free(h);
}

static void vectors_are_wins(int line, char **f, int nf, void *ud)
{
  int *counts = ud;
  char in[512];
  mj_error e;
  if (nf < 4)
    return;
  snprintf(in, sizeof in, "%s %s", f[0], f[1]);
  mj_hand *h = mj_hand_new();
  mj_status st = mj_hand_parse(h, in, strlen(in), &e);
  if (st == MJ_OK)
    st = mj_hand_check(h, MJ_CHECK_WIN, &e);
  /* kong without self is 杠上炮 only where a ruleset says so: not MCR */
  const mj_ctx *cx = mj_hand_cctx(h);
  if (st == MJ_OK && (cx->flags & MJ_CTX_KONG) && !(cx->flags & MJ_CTX_SELF))
    st = MJ_EINVAL;
  bool win = false;
  if (st == MJ_OK) {
    mj_tileview v;
    mj_tileview_init(&v, h, 0);
    win = mj_is_win(&v, &MCR);
  }
  if (strcmp(f[2], "ERROR") == 0) {
    if (win)
      fail_msg("invalid line %d accepted as a win: %s", line, in);
    counts[1]++;
  } else {
    if (!win)
      fail_msg("line %d not a win: %s (%s)", line, in, e.msg);
    counts[0]++;
  }
  mj_hand_free(h);
}

static void vector_wins(void **state)
{
  (void)state;
  int counts[2] = { 0, 0 };
  assert_true(tsv_each("mcr.tsv", vectors_are_wins, counts) > 6000);
  assert_true(tsv_each("mcr-examples.tsv", vectors_are_wins, counts) > 100);
  assert_true(tsv_each("mcr-invalid.tsv", vectors_are_wins, counts) > 150);
  assert_int_equal(counts[0], 6082 + 132);
  assert_int_equal(counts[1], 183);
}

/* Fixed cases worth naming. */
static void known_hands(void **state)
{
  (void)state;
  mj_hand *h = mj_hand_new();
  mj_tileview v;
  struct { const char *hand; int shanten; int nwaits; } cases[] = {
    { "1112345678999m", 0, 9 },                 /* nine gates: every m */
    { "19m19p19s1234567z", 0, 13 },             /* thirteen-sided */
    { "1111m234p567p789s", 1, 0 },              /* no fifth 1m to wait on */
    { "147m258p369s1234z", 0, 3 },              /* knitted: 5z 6z 7z */
    { "11223344556677z", -1, 0 },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    assert_int_equal(
        mj_hand_parse(h, cases[i].hand, strlen(cases[i].hand), NULL), MJ_OK);
    mj_tileview_init(&v, h, 0);
    assert_int_equal(mj_shanten(&v, &MCR, NULL), cases[i].shanten);
    uint8_t held[MJ_KINDS];
    mj_hand_all_counts(h, held);
    mj_wait w[MJ_KINDS];
    assert_int_equal(mj_waits(&v, &MCR, held, NULL, w), cases[i].nwaits);
    /* the one-call form gives the same */
    int sh = 99;
    assert_int_equal(mj_hand_waits(h, 0, &MCR, w, &sh), cases[i].nwaits);
    assert_int_equal(sh, cases[i].shanten);
  }
  /* a wild makes any ready hand wait on the wild kind too */
  assert_int_equal(mj_hand_parse(h, "123m456p789s1122z", 17, NULL), MJ_OK);
  mj_tileview_init(&v, h, MJ_BIT(8));   /* 9m wild, none held */
  mj_wait w[MJ_KINDS];
  int n = mj_waits(&v, &PLAIN, NULL, NULL, w);
  assert_int_equal(n, 3);   /* 1z, 2z, 9m */
  assert_int_equal(w[0].tile, 8);
  /* the hand's wilds: the fixed ones plus its bao= tile */
  assert_int_equal(mj_hand_wild(h, MJ_BIT(33)), MJ_BIT(33));
  assert_int_equal(mj_hand_parse(h, "123m456p789s1122z bao=9m", 24, NULL),
                   MJ_OK);
  assert_int_equal(mj_hand_wild(h, MJ_BIT(33)), MJ_BIT(33) | MJ_BIT(8));
  assert_int_equal(mj_hand_waits(h, mj_hand_wild(h, 0), &PLAIN, w, NULL), 3);
  int sh;
  n = mj_hand_useful(h, mj_hand_wild(h, 0), &PLAIN, w, &sh);
  assert_int_equal(sh, 0);
  assert_int_equal(n, 3);
  mj_hand_free(h);
}

/*
** Hands near the special shapes, which random hands seldom are: most of
** a knitted sequence (0 or 1 meld), pairs, terminals and honors, single
** knitted tiles and honors; with 0..2 wilds, pairs of quads or not. The
** useful tiles and the shanten against the reference.
*/
static void shaped_useful(void **state)
{
  (void)state;
  trng r = { 9191 };
  mj_hand *h = mj_hand_new();
  static const mj_shape_cfg NOQ = {
    MJ_SHAPE_BIT(MJ_SHAPE_STANDARD) | MJ_SHAPE_BIT(MJ_SHAPE_PAIRS) |
    MJ_SHAPE_BIT(MJ_SHAPE_ORPHANS) | MJ_SHAPE_BIT(MJ_SHAPE_HONORS_KNITTED) |
    MJ_SHAPE_BIT(MJ_SHAPE_KNITTED), false, 0 };
  int specials = 0;
  for (int i = 0; i < test_rounds(40000); i++) {
    const mj_shape_cfg *cfg = i % 2 ? &MCR : &NOQ;
    int kind = i % 4, melds = kind == 0 ? trng_below(&r, 2) : 0;
    int wilds = trng_below(&r, 4) == 0 ? 1 + trng_below(&r, 2) : 0;
    mj_tile wild = (mj_tile)trng_below(&r, MJ_KINDS);
    uint8_t c[MJ_KINDS] = { 0 };
    int n = 0, want = 13 - 3 * melds - wilds;
    mj_hand_clear(h);
    if (melds) {
      mj_meld m = { MJ_PUNG, (mj_tile)trng_below(&r, MJ_KINDS), 1, 0 };
      c[m.tile] = 3;   /* counts the meld's copies out of the tiles */
      assert_int_equal(mj_hand_add_meld(h, m), MJ_OK);
    }
    /* a biased part, then random tiles */
    int seq = trng_below(&r, 6), part = 0;
    for (int k = 0; k < 40 && part < want - trng_below(&r, 4); k++) {
      int t;
      if (kind == 0) {   /* the knitted sequence */
        int s = trng_below(&r, 3), j = trng_below(&r, 3);
        t = s * 9 + mj_knitted_seq[seq][s] - 1 + 3 * j;
      } else if (kind == 1) {   /* pairs */
        t = trng_below(&r, MJ_KINDS);
      } else {   /* terminals and honors, or knitted tiles and honors */
        static const uint8_t th[13] = { 0, 8, 9, 17, 18, 26, 27,
                                        28, 29, 30, 31, 32, 33 };
        t = th[trng_below(&r, 13)];
        if (kind == 3 && t < MJ_HONOR_FIRST) {
          int s = trng_below(&r, 3), j = trng_below(&r, 3);
          t = s * 9 + mj_knitted_seq[seq][s] - 1 + 3 * j;
        }
      }
      int copies = kind == 1 ? 2 : 1;
      if (c[t] + copies > 4 || part + copies > want ||
          (wilds && t == wild))
        continue;
      c[t] = (uint8_t)(c[t] + copies);
      part += copies;
    }
    while (part < want) {
      int t = trng_below(&r, MJ_KINDS);
      if (c[t] < 4 && !(wilds && t == wild)) {
        c[t]++;
        part++;
      }
    }
    for (int t = 0; t < MJ_KINDS; t++) {
      int own = c[t] - (melds && mj_hand_melds(h)[0].tile == t ? 3 : 0);
      for (int k = 0; k < own; k++)
        assert_int_equal(mj_hand_add(h, (mj_tile)t), MJ_OK);
    }
    for (int k = 0; k < wilds; k++)
      if (mj_hand_add(h, wild) != MJ_OK)
        break;
    n = mj_hand_ntiles(h);
    if (n != 13 - 3 * melds)
      continue;
    mj_tileview v;
    mj_tileview_init(&v, h, wilds ? MJ_BIT(wild) : 0);
    uint8_t held[MJ_KINDS];
    mj_hand_all_counts(h, held);
    int base = check_useful(h, &v, cfg, held, i), per[MJ_SHAPE_COUNT];
    mj_shanten(&v, cfg, per);
    specials += per[MJ_SHAPE_STANDARD] > base;
  }
  /* most of them are nearer a special shape than the standard one */
  assert_true(specials > test_rounds(10000));
  mj_hand_free(h);
}

/* Each discard's shanten and shapes at once, as one at a time gives. */
static void discard_shanten(void **state)
{
  (void)state;
  trng r = { 515 };
  mj_hand *h = mj_hand_new();
  long checked = 0;
  for (int i = 0; i < test_rounds(20000); i++) {
    mj_tileview v;
    random_view(&r, h, &v, i % 2 == 0);
    const mj_shape_cfg *cfg = i % 3 == 0 ? &MCR : i % 3 == 1 ? &BAO : &PLAIN;
    if (v.ntiles != 13 - 3 * v.melds)
      continue;
    /* a fourteenth tile */
    mj_tile t14 = (mj_tile)trng_below(&r, MJ_KINDS);
    if (!(v.wild & MJ_BIT(t14)) && v.c[t14] >= 4)
      continue;
    mj_tileview_add(&v, t14);
    int sh[MJ_KINDS];
    unsigned which[MJ_KINDS];
    memset(sh, 0x7f, sizeof sh);
    int n = mj_discard_shanten(&v, cfg, MJ_SET_ALL, sh, which), k = 0;
    for (int t = 0; t < MJ_KINDS; t++) {
      bool held = (v.wild & MJ_BIT(t)) ? v.wilds > 0 : v.c[t] > 0;
      if (!held)
        continue;
      mj_tileview x = v;
      mj_tileview_remove(&x, (mj_tile)t);
      unsigned w;
      int s = mj_shanten_shapes(&x, cfg, &w);
      if (s != sh[t] || w != which[t])
        fail_msg("case %d, discard %d: %d/%x one at a time, %d/%x at once", i,
                 t, s, w, sh[t], which[t]);
      k++;
      checked++;
    }
    assert_int_equal(k, n);
  }
  assert_true(checked > test_rounds(50000));
  mj_hand_free(h);
}

/* A five-set view's shanten, is-win, discards (full) or waits and
   useful tiles against the recursive reference under cfg; 1 when it
   wins (full) or is ready. */
static int check_five(const mj_tileview *v, const mj_shape_cfg *cfg, int full)
{
  char b[64];
  int sh = mj_shanten(v, cfg, NULL), want = ref_shanten(v, cfg);
  if (sh != want)
    fail_msg("%s (%d melds, shapes %u): shanten %d, reference %d",
             ref_counts_str(v->c, MJ_KINDS, b), v->melds, cfg->shapes, sh,
             want);
  if (full) {
    bool win = mj_is_win(v, cfg);
    assert_int_equal(win, ref_is_win(v, cfg));
    int ds[MJ_KINDS];
    unsigned which[MJ_KINDS];
    mj_discard_shanten(v, cfg, MJ_SET_ALL, ds, which);
    for (int t = 0; t < MJ_KINDS; t++)
      if (v->c[t]) {
        mj_tileview x = *v;
        mj_tileview_remove(&x, (mj_tile)t);
        assert_int_equal(ds[t], ref_shanten(&x, cfg));
      }
    return win;
  }
  mj_wait w[MJ_KINDS], u[MJ_KINDS];
  int nw = mj_waits(v, cfg, NULL, NULL, w), cur;
  int nu = mj_useful(v, cfg, NULL, NULL, u, &cur);
  mj_tileset ws = 0, us = 0;
  for (int i = 0; i < nw; i++)
    ws |= MJ_BIT(w[i].tile);
  for (int i = 0; i < nu; i++)
    us |= MJ_BIT(u[i].tile);
  for (int t = 0; t < MJ_KINDS; t++) {
    if (v->c[t] >= 4)
      continue;
    mj_tileview x = *v;
    mj_tileview_add(&x, (mj_tile)t);
    assert_int_equal((ws >> t) & 1, ref_is_win(&x, cfg));
    assert_int_equal((us >> t) & 1, ref_shanten(&x, cfg) < cur);
  }
  return nw > 0;
}

/*
** Five sets and a pair (a 16-tile table): random views of 16 and 17
** tiles less three a declared meld, some of them one suit, some of them
** mostly pairs, against the recursive reference: shanten, is-win, waits,
** useful tiles and the shanten after each discard, with the standard
** shape alone and with seven pairs (and a pung, 嚦咕嚦咕) beside it;
** every decomposition of a win covers the hand with five melds and a
** pair.
*/
static void five_sets(void **state)
{
  (void)state;
  static const mj_shape_cfg STD = { MJ_SHAPE_BIT(MJ_SHAPE_STANDARD), false,
                                    0 };
  trng r = { 777 };
  int wins = 0, ready = 0, one_suit = 0, lilgu = 0, lilgu_ready = 0;
  for (int it = 0; it < test_rounds(1500); it++) {
    mj_tileview v;
    memset(&v, 0, sizeof v);
    int melds = trng_below(&r, 3) == 0 ? trng_below(&r, 3) : 0;
    int full = trng_below(&r, 2), n = 16 + full - 3 * melds;
    int suit = trng_below(&r, 3) == 0 ? trng_below(&r, 3) : -1;
    /* a win now and then: five groups and a pair drawn whole; or pairs */
    int mode = trng_below(&r, 3);
    bool whole = mode == 0, pairs = mode == 1 && melds == 0;
    int k = 0;
    while (k < n) {
      int lo = suit >= 0 ? suit * 9 : 0, span = suit >= 0 ? 9 : MJ_KINDS;
      int t = lo + trng_below(&r, span), size = 1;
      if (pairs) {
        size = n - k == 1 || trng_below(&r, 8) == 0 ? 1 : 2;
        if (v.c[t] + size > 4)
          continue;
        v.c[t] = (uint8_t)(v.c[t] + size);
        k += size;
        continue;
      }
      if (whole) {
        int g = trng_below(&r, 3);
        size = n - k == 2 || (n - k) % 3 == 1 ? 2 : 3;
        if (size == 3 && g == 0 && t < MJ_HONOR_FIRST && t % 9 <= 6) {
          if (v.c[t] >= 4 || v.c[t + 1] >= 4 || v.c[t + 2] >= 4)
            continue;
          v.c[t]++, v.c[t + 1]++, v.c[t + 2]++;
          k += 3;
          continue;
        }
        if (n - k < size || v.c[t] + size > 4)
          continue;
        v.c[t] = (uint8_t)(v.c[t] + size);
        k += size;
        continue;
      }
      if (v.c[t] >= 4)
        continue;
      v.c[t]++;
      k++;
    }
    v.ntiles = (uint8_t)n;
    v.melds = (uint8_t)melds;
    v.sets = 5;
    mj_tileview_sync(&v);
    one_suit += suit >= 0 && melds == 0;
    int got = check_five(&v, &STD, full);
    wins += full && got;
    ready += !full && got;
    const mj_shape_cfg LG = {
      MJ_SHAPE_BIT(MJ_SHAPE_STANDARD) | MJ_SHAPE_BIT(MJ_SHAPE_PAIRS),
      trng_below(&r, 2) == 0, 0 };
    int lg = check_five(&v, &LG, full);
    const mj_shape_cfg PAIRS_ONLY = { MJ_SHAPE_BIT(MJ_SHAPE_PAIRS),
                                      LG.pair_quads, 0 };
    int alone = check_five(&v, &PAIRS_ONLY, full);
    assert_true(lg >= got && lg >= alone);
    lilgu += full && alone;
    lilgu_ready += !full && alone;
  }
  assert_true(wins > test_rounds(100));
  assert_true(ready > 50);
  assert_true(one_suit > test_rounds(200));
  assert_true(lilgu > test_rounds(10));
  assert_true(lilgu_ready > test_rounds(20));
}

/* Five-set wins decomposed: each reading is five melds and a pair that
   use the hand's tiles exactly, and as many as the reference finds. */
static void five_sets_readings(void **state)
{
  (void)state;
  static const mj_shape_cfg STD = { MJ_SHAPE_BIT(MJ_SHAPE_STANDARD), false,
                                    0 };
  static const char *const hands[] = {
    "11122233344455566m", "12345678923456799m", "111222333m456p789s11z",
    "123456789m123p55z789s", "1112345678999m[123s]", "11223344556677889m",
    "2223334445556667m", "111m[234p][345p][456p][789s]55z",
  };
  mj_hand *h = mj_hand_new();
  for (size_t i = 0; i < sizeof hands / sizeof *hands; i++) {
    char text[96], ref[64][96];
    snprintf(text, sizeof text, "%s", hands[i]);
    mj_error e;
    assert_int_equal(mj_hand_parse(h, text, strlen(text), &e), MJ_OK);
    if (mj_hand_ntiles(h) + 3 * mj_hand_nmelds(h) != 17)
      continue;   /* 16: a waiting hand */
    assert_int_equal(mj_hand_sets(h), 5);
    int count = 0, nref = ref_decompose(h, &STD, 0, ref, 64);
    assert_int_equal(mj_decompose(h, &STD, 0, NULL, NULL, &count), MJ_OK);
    assert_int_equal(count, nref);
    mj_tileview v;
    mj_tileview_init(&v, h, 0);
    assert_int_equal(v.sets, 5);
    assert_int_equal(mj_is_win(&v, &STD), nref > 0);
  }
  /* seven pairs and a pung (嚦咕嚦咕) beside the standard shape: the
     readings of both, as many as the reference finds */
  static const mj_shape_cfg LG = {
    MJ_SHAPE_BIT(MJ_SHAPE_STANDARD) | MJ_SHAPE_BIT(MJ_SHAPE_PAIRS), false, 0 };
  static const struct { const char *hand; int pairs; } lg[] = {
    { "11223344556677m888p", 1 }, { "1199m1133p1199s55777z", 1 },
    { "11223344556677m{8888p}", 0 }, { "111222333m456p789s11z", 0 },
    { "1122334455667788m9m", 0 },
  };
  for (size_t i = 0; i < sizeof lg / sizeof *lg; i++) {
    char ref[64][96];
    mj_error e;
    assert_int_equal(mj_hand_parse(h, lg[i].hand, strlen(lg[i].hand), &e),
                     MJ_OK);
    assert_int_equal(mj_hand_sets(h), 5);
    int count = 0, nref = ref_decompose(h, &LG, 0, ref, 64), npairs = 0;
    for (int k = 0; k < nref; k++)
      npairs += strncmp(ref[k], "seven_pairs:", 12) == 0;
    assert_int_equal(npairs, lg[i].pairs);
    assert_int_equal(mj_decompose(h, &LG, 0, NULL, NULL, &count), MJ_OK);
    assert_int_equal(count, nref);
  }
  /* a 16-tile hand waits as the reference says */
  assert_int_equal(mj_hand_parse(h, "2223334445556667m", 17, NULL), MJ_OK);
  mj_wait w[MJ_KINDS];
  int n = mj_hand_waits(h, 0, &STD, w, NULL), want = 0;
  mj_tileview v;
  mj_tileview_init(&v, h, 0);
  for (int t = 0; t < MJ_KINDS; t++) {
    mj_tileview x = v;
    mj_tileview_add(&x, (mj_tile)t);
    want += v.c[t] < 4 && ref_is_win(&x, &STD);
  }
  assert_int_equal(n, want);
  assert_true(n >= 4);   /* 1m 4m 7m 8m at least */
  mj_hand_free(h);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(known_hands),
    cmocka_unit_test(vector_wins),
    cmocka_unit_test(single_suit_exhaustive),
    cmocka_unit_test(random_is_win),
    cmocka_unit_test(random_shanten),
    cmocka_unit_test(random_waits_and_useful),
    cmocka_unit_test(shaped_useful),
    cmocka_unit_test(discard_shanten),
    cmocka_unit_test(five_sets),
    cmocka_unit_test(five_sets_readings),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
