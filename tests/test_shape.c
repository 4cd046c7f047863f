/*
** test_shape.c
** Decompositions: complete (against a plain recursive enumeration),
** without duplicates, wilds recorded; the special shapes.
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
#include "shape.h"
#include "testutil.h"

static const mj_shape_cfg STD = { MJ_SHAPE_BIT(MJ_SHAPE_STANDARD) |
                                  MJ_SHAPE_BIT(MJ_SHAPE_PAIRS), true, 0 };

enum { MAXD = 200000 };

typedef struct keys { char (*k)[96]; int n; const mj_hand *h; } keys;

static int collect(const mj_decomp *d, void *ud)
{
  keys *ks = ud;
  if (ks->n >= MAXD)
    return 1;
  /* the wilds stand for exactly as many tiles as the hand has wilds */
  int w = 0;
  for (int t = 0; t < MJ_KINDS; t++)
    w += d->wild_as[t];
  assert_int_equal(w, d->nwild);
  ref_decomp_key(d, ks->k[ks->n++]);
  return 0;
}

static int cmpkey(const void *a, const void *b) { return strcmp(a, b); }

/* Compare the decompositions of h with the reference; returns how many. */
static int compare(const mj_hand *h, mj_tileset wild, char (*a)[96],
                   char (*b)[96])
{
  keys ks = { a, 0, h };
  int count = 0;
  assert_int_equal(mj_decompose(h, &STD, wild, collect, &ks, &count), MJ_OK);
  assert_int_equal(count, ks.n);
  int nb = ref_decompose(h, &STD, wild, b, MAXD);
  qsort(a, (size_t)ks.n, 96, cmpkey);
  qsort(b, (size_t)nb, 96, cmpkey);
  for (int i = 1; i < ks.n; i++)
    if (strcmp(a[i - 1], a[i]) == 0)
      fail_msg("duplicate decomposition %s", a[i]);
  bool same = ks.n == nb;
  for (int i = 0; same && i < nb; i++)
    same = strcmp(a[i], b[i]) == 0;
  if (!same) {
    char t[128];
    mj_hand_print(h, t, sizeof t);
    for (int i = 0; i < ks.n || i < nb; i++)
      fprintf(stderr, "  %-60s %s\n", i < ks.n ? a[i] : "", i < nb ? b[i] : "");
    fail_msg("%s wild %llx: %d decompositions, reference %d", t,
             (unsigned long long)wild, ks.n, nb);
  }
  return nb;
}

static char (*A)[96], (*B)[96];

static int setup(void **state)
{
  (void)state;
  A = malloc((size_t)MAXD * 96);
  B = malloc((size_t)MAXD * 96);
  return A == NULL || B == NULL;
}

static int teardown(void **state)
{
  (void)state;
  free(A);
  free(B);
  return 0;
}

/* Every single-suit vector that makes a complete hand with 0..3 wilds
** (padded with declared honor pungs), against the reference. */
static void single_suit_exhaustive(void **state)
{
  (void)state;
  mj_hand *h = mj_hand_new();
  long hands = 0, decomps = 0;
  for (uint32_t idx = 0; idx < 1953125; idx++) {
    uint8_t c[9];
    uint32_t x = idx;
    int sum = 0;
    for (int r = 0; r < 9; r++, x /= 5) {
      c[r] = (uint8_t)(x % 5);
      sum += c[r];
    }
    if (sum > 14)
      continue;
    for (int w = 0; w <= 3; w++) {
      int n = sum + w;
      if (n > 14 || n % 3 != 2)
        continue;
      mj_hand_clear(h);
      for (int r = 0; r < 9; r++)
        for (int q = 0; q < c[r]; q++)
          mj_hand_add(h, (mj_tile)r);
      mj_tileset wild = w ? MJ_BIT(33) : 0;     /* 7z is the wild kind */
      for (int q = 0; q < w; q++)
        mj_hand_add(h, 33);
      for (int k = 0; k < (14 - n) / 3; k++) {
        mj_meld m = { MJ_PUNG, (mj_tile)(27 + k), 0, 0 };
        mj_hand_add_meld(h, m);
      }
      decomps += compare(h, wild, A, B);
      hands++;
    }
  }
  assert_true(hands > 400000);
  assert_true(decomps > 100000);
  mj_hand_free(h);
}

static void random_full_hands(void **state)
{
  (void)state;
  trng r = { 99 };
  mj_hand *h = mj_hand_new();
  long total = 0;
  for (int i = 0; i < test_rounds(100000); i++) {
    int melds = trng_below(&r, 3) == 0 ? trng_below(&r, 5) : 0;
    int wilds = trng_below(&r, 5);
    if (wilds > 14 - 3 * melds)
      wilds = 0;
    mj_tile wild = (mj_tile)trng_below(&r, MJ_KINDS);
    random_hand(&r, h, melds, wilds ? wild : MJ_NO_TILE, wilds,
                trng_below(&r, 4) != 0, false);
    total += compare(h, wilds ? MJ_BIT(wild) : 0, A, B);
  }
  assert_true(total > 50000);
  mj_hand_free(h);
}

/* The walk-order key of a standard reading: per kind, 2 for a concealed
   pung there plus 1 for the pair, as one string. */
static int walk_key(const mj_decomp *d, void *ud)
{
  char (*k)[MJ_KINDS + 1] = ud;   /* k[1]: the key before */
  char key[MJ_KINDS + 1];
  memset(key, '0', MJ_KINDS);
  key[MJ_KINDS] = '\0';
  if (d->shape != MJ_SHAPE_STANDARD)
    return 0;
  for (int i = 0; i < d->ngroups; i++) {
    const mj_group *g = &d->groups[i];
    if (!g->declared && g->type == MJ_G_PUNG)
      key[g->tile] += 2;
    else if (g->type == MJ_G_PAIR)
      key[g->tile] += 1;
  }
  /* each reading's key is above the one before */
  if (k[1][0] != '\0' && strcmp(k[1], key) >= 0)
    fail_msg("reading %s comes after %s", key, k[1]);
  memcpy(k[1], key, sizeof key);
  return 0;
}

/* Hands of many readings, without wilds: the readings come in walk
** order (the order decides between readings of equal totals). */
static void walk_order(void **state)
{
  (void)state;
  static const char *hands[] = {
    "11122233344455m", "11112222333344m", "22233344455566p", "11123456789999m",
    "111222333m44455p", "123444555666s77z", "55566677788899m",
  };
  long readings = 0;
  for (size_t i = 0; i < sizeof hands / sizeof hands[0]; i++) {
    mj_hand *h = mj_hand_new();
    mj_error e;
    char k[2][MJ_KINDS + 1] = { "", "" };
    if (mj_hand_parse(h, hands[i], strlen(hands[i]), &e) != MJ_OK)
      fail_msg("%s: %s", hands[i], e.msg);
    int count = 0;
    assert_int_equal(mj_decompose(h, &STD, 0, walk_key, k, &count), MJ_OK);
    readings += count;
    mj_hand_free(h);
  }
  assert_true(readings >= 20);
  /* random hands too */
  trng r = { 7 };
  mj_hand *h = mj_hand_new();
  for (int i = 0; i < test_rounds(20000); i++) {
    char k[2][MJ_KINDS + 1] = { "", "" };
    random_hand(&r, h, 0, MJ_NO_TILE, 0, true, false);
    assert_int_equal(mj_decompose(h, &STD, 0, walk_key, k, NULL), MJ_OK);
  }
  mj_hand_free(h);
}

typedef struct seen { int n; int shapes[MJ_SHAPE_COUNT + 1]; int acting; } seen;

static int note(const mj_decomp *d, void *ud)
{
  seen *s = ud;
  s->n++;
  s->shapes[d->shape]++;
  s->acting += mj_decomp_wild_acting(d);
  return 0;
}

static seen decompose(const char *text, const mj_shape_cfg *cfg,
                      mj_tileset wild)
{
  mj_hand *h = mj_hand_new();
  mj_error e;
  seen s;
  memset(&s, 0, sizeof s);
  if (mj_hand_parse(h, text, strlen(text), &e) != MJ_OK)
    fail_msg("%s: %s", text, e.msg);
  if (mj_decompose(h, cfg, wild, note, &s, NULL) != MJ_OK)
    fail_msg("%s: not a complete hand", text);
  mj_hand_free(h);
  return s;
}

static void special_shapes(void **state)
{
  (void)state;
  const mj_shape_cfg all = { 0x7f, true, 0 };
  seen s = decompose("19m19p19s12345677z", &all, 0);
  assert_int_equal(s.shapes[MJ_SHAPE_ORPHANS], 1);
  assert_int_equal(s.shapes[MJ_SHAPE_JIUYAO], 1);
  /* a wild for the missing 7z and the pair */
  s = decompose("19m19p19s12345666z", &all, 0);
  assert_int_equal(s.shapes[MJ_SHAPE_ORPHANS], 0);
  assert_int_equal(s.shapes[MJ_SHAPE_JIUYAO], 1);
  s = decompose("19m19p19s123456z55m", &all,
                MJ_BIT(4));                           /* 5m wild: 2 of them */
  assert_int_equal(s.shapes[MJ_SHAPE_ORPHANS], 13);   /* pair any of 13 */
  s = decompose("147m258p369s12345z", &all, 0);
  assert_int_equal(s.shapes[MJ_SHAPE_HONORS_KNITTED], 1);
  assert_int_equal(s.shapes[MJ_SHAPE_SHISANLAN], 1);
  s = decompose("147m258p369s111z44z", &all, 0);
  assert_int_equal(s.shapes[MJ_SHAPE_KNITTED], 1);
  /* 十三浪 with other rank sets: 159m 26p 39s */
  s = decompose("159m26p39s1234567z", &all, 0);
  assert_int_equal(s.shapes[MJ_SHAPE_SHISANLAN], 1);
  assert_int_equal(s.shapes[MJ_SHAPE_HONORS_KNITTED], 0);
  /* 九幺 with melds: all terminals and honors in any arrangement */
  s = decompose("19m19p11s22z[111z]{9999s}", &all, 0);
  assert_int_equal(s.shapes[MJ_SHAPE_JIUYAO], 1);
  /* seven pairs with a quad: two pairs, only when allowed */
  const mj_shape_cfg noquads = { MJ_SHAPE_BIT(MJ_SHAPE_PAIRS), false, 0 };
  s = decompose("11112233445566m", &all, 0);
  assert_true(s.shapes[MJ_SHAPE_PAIRS] == 1);
  s = decompose("11112233445566m", &noquads, 0);
  assert_int_equal(s.shapes[MJ_SHAPE_PAIRS], 0);
  /* wild at face vs acting: 123m456p789s 11z + two 5z wilds */
  s = decompose("123m456p789s11555z", &STD, MJ_BIT(31));
  assert_true(s.n > 1);
  assert_true(s.acting < s.n);   /* 55z as the pair at face is one reading */
}

static void eight_wilds(void **state)
{
  (void)state;
  /* two wild kinds, 5s and 9s, four of each: six real tiles, eight wilds */
  mj_hand *h = mj_hand_new();
  assert_int_equal(mj_hand_parse(h, "123m789p55559999s", 17, NULL), MJ_OK);
  int n = compare(h, MJ_BIT(22) | MJ_BIT(26), A, B);
  assert_true(n > 1000);
  /* the decompositions that keep 123m and 789p as they are */
  mj_hand_free(h);
}

/* 十三浪's per-suit rule: ranks pairwise 3 or more apart */
static void lan_sets(void **state)
{
  (void)state;
  assert_int_equal(mj_lan_size(0), 0);
  assert_int_equal(mj_lan_size(1u << 0 | 1u << 3 | 1u << 6), 3);   /* 147 */
  assert_int_equal(mj_lan_size(1u << 0 | 1u << 4 | 1u << 8), 3);   /* 159 */
  assert_int_equal(mj_lan_size(1u << 1 | 1u << 3), -1);            /* 24 */
  assert_int_equal(mj_lan_size(1u << 2 | 1u << 8), 2);             /* 39 */
  int n = 0;
  for (unsigned set = 0; set < 512; set++)
    n += mj_lan_size(set) >= 0;
  assert_int_equal(n, 1 + 9 + 21 +
                          10); /* the empty set, 9 singles, pairs, triples */
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(special_shapes),
    cmocka_unit_test(walk_order),
    cmocka_unit_test(eight_wilds),
    cmocka_unit_test(lan_sets),
    cmocka_unit_test(random_full_hands),
    cmocka_unit_test(single_suit_exhaustive),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
