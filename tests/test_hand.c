/*
** test_hand.c
** Notation: parse, print, round trips, every error with its position,
** a fuzz-style loop over random and mutated input, and the copy masks a
** hand keeps with its counts.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hand.h"
#include "testutil.h"
#include "tile.h"

static mj_hand *H;

static int setup(void **state)
{
  (void)state;
  H = mj_hand_new();
  return H == NULL;
}

static int teardown(void **state)
{
  (void)state;
  mj_hand_free(H);
  return 0;
}

static mj_status parse(const char *s, mj_error *e)
{
  return mj_hand_parse(H, s, strlen(s), e);
}

static const char *full(char *buf, size_t cap)
{
  mj_hand_print_full(H, buf, cap);
  return buf;
}

static void canonical_form(void **state)
{
  (void)state;
  mj_error e;
  char buf[256];
  assert_int_equal(parse("EESS C C 321m {7777p}[555p]", &e), MJ_EINVAL);
  assert_int_equal(parse("EESSCC321m{7777p}[555p] win=C self", &e), MJ_OK);
  mj_hand_print(H, buf, sizeof buf);
  assert_string_equal(buf, "123m112255z{7777p}[555p]");
  assert_string_equal(
      full(buf, sizeof buf),
      "123m112255z{7777p}[555p] win=5z self seat=E round=E");
  /* flowers=N is printed when written (a ruleset without flowers refuses
     it) or when some were declared */
  assert_int_equal(parse("123m112255z{7777p}[555p] win=5z flowers=0", &e),
                   MJ_OK);
  assert_string_equal(full(buf, sizeof buf),
                      "123m112255z{7777p}[555p] win=5z seat=E round=E "
                      "flowers=0");
  /* the +T form adds the tile and names it the winning tile */
  assert_int_equal(parse("123m456p789s5z[555s]+5z", &e), MJ_OK);
  assert_int_equal(mj_hand_ntiles(H), 11);
  assert_int_equal(mj_hand_cctx(H)->win, 31);
  mj_hand_print(H, buf, sizeof buf);
  assert_string_equal(buf, "123m456p789s55z[555s]");
  /* melds keep their order, their tiles are sorted */
  assert_int_equal(parse("22z[987m][EEEE]{2222p} seat=S round=W flowers=3", &e),
                   MJ_OK);
  assert_string_equal(full(buf, sizeof buf),
                      "22z[789m][1111z]{2222p} seat=S round=W flowers=3");
}

static void expect_error(const char *text, int column, const char *piece);

/* Red fives (NOTATION.md): 0m 0p 0s read anywhere among the suit's
   digits, a 5 for every shape, printed as a 5 ahead of the plain 5s. */
static void red_fives(void **state)
{
  (void)state;
  mj_error e;
  char buf[256];
  static const char *const same[][2] = {
    { "406m", "406m" },           { "044566m", "440566m" },
    { "034m", "340m" },           { "[505p]", "[055p]" },
    { "[5055s]", "[0555s]" },     { "[430m]", "[340m]" },
    { "[640p]", "[406p]" },       { "[706s]", "[067s]" },
    { "0m0p0s", "0m0p0s" },       { "5550m", "0555m" },
  };
  for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
    assert_int_equal(parse(same[i][0], &e), MJ_OK);
    mj_hand_print(H, buf, sizeof buf);
    assert_string_equal(buf, same[i][1]);
  }
  /* a 5 for every shape: 0m counts as 5m, and apart as red */
  assert_int_equal(parse("123m406p789s11z[055s]+0p", &e), MJ_OK);
  assert_int_equal(mj_hand_counts(H)[13], 2);     /* 5p twice */
  assert_int_equal(mj_hand_red(H, MJ_SUIT_P), 2);
  assert_int_equal(mj_hand_meld_red(H, 0), 1);
  assert_int_equal(mj_hand_reds(H), 3);
  assert_int_equal(mj_hand_melds(H)[0].type, MJ_PUNG);
  assert_true(mj_hand_cctx(H)->win_red);
  assert_string_equal(full(buf, sizeof buf),
                      "123m4006p789s11z[055s] win=0p seat=E round=E");
  /* the hand as printed reads back the same */
  mj_hand *b = mj_hand_new();
  assert_int_equal(mj_hand_parse(b, buf, strlen(buf), &e), MJ_OK);
  assert_true(mj_hand_equal(H, b));
  /* a red five is not a plain one */
  assert_int_equal(mj_hand_parse(b, "123m456p789s11z[055s] win=6p", 28, &e),
                   MJ_OK);
  assert_false(mj_hand_equal(H, b));
  /* win=0p needs a red 5p among the concealed tiles */
  assert_int_equal(parse("123m456p789s11z[555s]+5p win=0p", &e), MJ_EINVAL);
  assert_int_equal(parse("123m406p789s1z[555s]+5p", &e), MJ_OK);
  assert_int_equal(mj_hand_check(H, MJ_CHECK_WIN, &e), MJ_OK);
  /* removing a 5: the plain ones go first */
  assert_int_equal(parse("05m", &e), MJ_OK);
  assert_int_equal(mj_hand_remove(H, 4), MJ_OK);
  assert_int_equal(mj_hand_red(H, MJ_SUIT_M), 1);
  assert_int_equal(mj_hand_remove(H, 4), MJ_OK);
  assert_int_equal(mj_hand_red(H, MJ_SUIT_M), 0);
  mj_hand_free(b);
  /* riichi's context tokens: read, printed in order, checked */
  assert_int_equal(parse("123m456p789s11z0m+5m ippatsu ura=9s1z riichi "
                         "honba=2 dora=0p7z", &e), MJ_OK);
  assert_string_equal(full(buf, sizeof buf),
                      "12305m456p789s11z win=5m seat=E round=E "
                      "riichi ippatsu dora=0p7z ura=9s1z honba=2");
  assert_int_equal(mj_hand_cctx(H)->ndora, 2);
  assert_int_equal(mj_hand_cctx(H)->ind_red, 1);   /* dora[0], the red 5p */
  assert_int_equal(mj_hand_cctx(H)->ura[1], 27);
  assert_int_equal(mj_hand_parse(b = mj_hand_new(), buf, strlen(buf), &e),
                   MJ_OK);
  assert_true(mj_hand_equal(H, b));
  mj_hand_free(b);
  expect_error("123m456p789s11z55m+5m ippatsu", -1, "ippatsu without riichi");
  assert_int_equal(parse("123m456p789s11z55m+5m double ura=1z", &e), MJ_OK);
  assert_int_equal(mj_hand_check(H, MJ_CHECK_WIN, &e), MJ_OK);
  expect_error("123m456p789s11z55m+5m ura=1z", -1, "ura= without riichi");
  expect_error("123m456p789s11z55m+5m dora=123456z", 28,
               "at most 5 indicators");
  expect_error("123m456p789s11z55m+5m dora=3m,4p", 28, "unexpected ','");
  expect_error("123m456p789s11z55m+5m dora=8z", 28, "bad dora=");
  /* 0 is a red five only in a suit */
  expect_error("123m0z", 5, "'0' is a red five only in m, p and s");
  expect_error("123m456p789s11z+0z", 17, "'0' is a red five only in m, p and s");
}

static void context_tokens(void **state)
{
  (void)state;
  mj_error e;
  char buf[256];
  assert_int_equal(
      parse("19m19p19s1234567z5z win=5z self seat=N round=S flowers=2 "
            "last wall-last bao=9m touji feibao=2 first",
            &e),
      MJ_OK);
  const mj_ctx *c = mj_hand_cctx(H);
  assert_int_equal(c->seat, 3);
  assert_int_equal(c->round, 1);
  assert_int_equal(c->flowers, 2);
  assert_int_equal(c->wild, 8);
  assert_int_equal(c->feibao, 2);
  assert_true(c->flags & MJ_CTX_TOUJI);
  assert_string_equal(
      full(buf, sizeof buf),
      "19m19p19s12345567z win=5z self seat=N round=S flowers=2 last "
      "wall-last bao=9m touji feibao=2 first");
}

struct rt { int lines, exact, failed; const char *file; };

static void round_trip_line(int line, char **f, int nf, void *ud)
{
  struct rt *rt = ud;
  char in[512], out[512], again[512];
  mj_error e;
  if (nf < 2)
    return;
  snprintf(in, sizeof in, "%s %s", f[0], f[1]);
  rt->lines++;
  if (mj_hand_parse(H, in, strlen(in), &e) != MJ_OK) {
    /* only the invalid file may hold unparsable lines */
    if (strcmp(rt->file, "mcr-invalid.tsv") != 0)
      fail_msg("%s:%d does not parse: %s", rt->file, line, e.msg);
    rt->failed++;
    return;
  }
  mj_hand_print_full(H, out, sizeof out);
  if (strcmp(in, out) == 0)
    rt->exact++;
  mj_hand *h2 = mj_hand_new();
  assert_int_equal(mj_hand_parse(h2, out, strlen(out), &e), MJ_OK);
  assert_true(mj_hand_equal(H, h2));
  mj_hand_print_full(h2, again, sizeof again);
  assert_string_equal(out, again);
  mj_hand_free(h2);
}

static void round_trip_vectors(void **state)
{
  (void)state;
  static const char *files[] = { "mcr.tsv", "mcr-examples.tsv",
                                 "mcr-invalid.tsv" };
  for (int i = 0; i < 3; i++) {
    struct rt rt = { 0, 0, 0, files[i] };
    int n = tsv_each(files[i], round_trip_line, &rt);
    if (n < 0)
      fail_msg("missing %s/%s", HULE_DATA_DIR, files[i]);
    assert_int_equal(rt.lines, n);
    if (i < 2)   /* the scored vectors are written canonically */
      assert_int_equal(rt.exact, n);
  }
}

/* One bad input: the status, the column and a piece of the message. */
static void expect_error(const char *text, int column, const char *piece)
{
  mj_error e;
  mj_status st = mj_hand_parse(H, text, strlen(text), &e);
  if (st == MJ_OK)
    st = mj_hand_check(H, MJ_CHECK_WIN, &e);
  if (st == MJ_OK)
    fail_msg("accepted: %s", text);
  if (strstr(e.msg, piece) == NULL)
    fail_msg("%s: message \"%s\" lacks \"%s\"", text, e.msg, piece);
  if (column >= 0 && e.column != column)
    fail_msg("%s: column %d, expected %d (%s)", text, e.column, column, e.msg);
}

static void every_error(void **state)
{
  (void)state;
  expect_error("123m456p789s11z0z win=1z", 16, "'0' is a red five only in m, p and s");
  expect_error("123m456p789s18z win=1z", 14, "bad tile 8z");
  expect_error("123m4x6p789s11z win=1z", 6, "'x' is not a tile");
  expect_error("12355555m789s11z win=1z", 8, "more than 4 of 5m");
  expect_error("123m456p789s11z[135m] win=1z", 16,
               "a chow must be three consecutive");
  expect_error("123m456p789s11z[1234m] win=1z", 16, "four identical");
  expect_error("123m456p789s11z{123m} win=1z", 16, "concealed kong");
  expect_error("123m456p789s11z[789s win=1z", 16, "unterminated meld");
  expect_error("123m456p789s11z] win=1z", 16, "closes no meld");
  expect_error("123m456p789s111z win=1z", 0, "wrong tile count: 12 concealed");
  expect_error("123m456p789s11z222z win=3z", 0, "winning tile 3z is not among");
  expect_error("123m456p789s11z222z", 0, "missing win=");
  expect_error("123m456p789s11z22z win=1z bogus", 27,
               "unknown context token 'bogus'");
  expect_error("123m456p789s11z22z win=1z self self", 32,
               "duplicate token self");
  expect_error("123m456p789s11z22z win=1z seat=X", 32, "bad seat=");
  expect_error("123m456p789s11z22z win=1z flowers=9", 35, "bad flowers=");
  expect_error("123m456p789s11z22z win=10z", 24, "bad win=");
  expect_error("123m456p789s11z22z win", 20, "needs a value");
  expect_error("123m456p789s11z22z win=1z self=1", 27, "takes no value");
  expect_error("123m456p789s11z[789s] win=1z self kong", 0, "has no kong");
  expect_error("123m456p789s11z[789s] win=3m self rob", 0,
               "cannot be self-drawn");
  expect_error("123m456p789s11z[789s] win=1z rob", 0, "also held");
  expect_error("123m456p789s11z[789s] win=1z last", 0, "last (the winning tile is the last copy)");
  expect_error("123 win=1z", 1, "no suit letter");
  expect_error("m123 win=1z", 1, "no digits before it");
  expect_error("12E win=1z", 3, "need a suit letter");
  expect_error("1f2m win=2m", 1, "flower 1f is not part of a hand");
  expect_error("", 1, "empty input");
  expect_error("   ", 1, "empty input");
  expect_error("123m456p789s11223344z55667z win=2z", -1, "too many tiles");
  expect_error("[123m][456m][789m][111p][222p][333p]11z win=1z", 31,
               "more than 5 melds");
  expect_error("123m+", 5, "'+' must be followed by one tile");
  expect_error("123m456p789s1z+2z win=1z", 0, "disagree");
  /* a red five won, and a plain one named: both parsers refuse it (the
     fast one used to keep 0m, the careful one 5m) */
  expect_error("123m456p789s3m5m+0m self win=5m", 0,
               "+0m and win=5m disagree");
  expect_error("123m456p789s3m5m+5m self win=0m", 0,
               "+5m and win=0m disagree");
  expect_error("11z\xff\xfe win=1z", 4, "byte 0xff is not a tile");
}

static void two_hundred_tiles(void **state)
{
  (void)state;
  char big[1024];
  int n = 0;
  for (int i = 0; i < 200; i++)
    n += snprintf(big + n, sizeof big - (size_t)n, "%dm", 1 + i % 9);
  mj_error e;
  assert_int_equal(mj_hand_parse(H, big, (size_t)n, &e), MJ_EINVAL);
  assert_non_null(strstr(e.msg, "at most 17"));
}

/* Random bytes and mutations of valid hands: never crash, and every
** failure has a message; every success prints something that parses. */
static void fuzz_loop(void **state)
{
  (void)state;
  static const char *seeds[] = {
    "99m777789p555s[6666z] win=9p seat=E round=W flowers=0",
    "123m456p789s5z[555s]+5z",
    "19m19p19s1234567z5z win=5z self last bao=9m touji feibao=2",
    "{1111m}[2222p][345s][EEE]CC win=C self kong",
  };
  static const char alphabet[] =
      "0123456789mpszfESWNCFP[]{}+= \twinselfbaolastrob";
  trng r = { 0x9e3779b97f4a7c15ULL };
  char buf[300], out[600];
  mj_error e;
  for (int iter = 0; iter < 200000; iter++) {
    size_t n;
    if (iter % 2 == 0) {
      n = (size_t)trng_below(&r, 60);
      for (size_t i = 0; i < n; i++)
        buf[i] = iter % 4 == 0
                     ? (char)trng_below(&r, 256)
                     : alphabet[trng_below(&r, (int)sizeof alphabet - 1)];
    } else {
      const char *s = seeds[trng_below(&r, 4)];
      n = strlen(s);
      memcpy(buf, s, n);
      int muts = 1 + trng_below(&r, 4);
      for (int k = 0; k < muts; k++) {
        int op = trng_below(&r, 3);
        size_t at = n ? (size_t)trng_below(&r, (int)n) : 0;
        if (op == 0 && n > 0) {
          buf[at] = alphabet[trng_below(&r, (int)sizeof alphabet - 1)];
        } else if (op == 1 && n > 0) {
          memmove(buf + at, buf + at + 1, n - at - 1);
          n--;
        } else if (n + 1 < sizeof buf) {
          memmove(buf + at + 1, buf + at, n - at);
          buf[at] = alphabet[trng_below(&r, (int)sizeof alphabet - 1)];
          n++;
        }
      }
    }
    mj_status st = mj_hand_parse(H, buf, n, &e);
    if (st != MJ_OK) {
      assert_true(e.msg[0] != '\0');
      assert_true(e.column >= 0 && e.column <= (int)n + 1);
      continue;
    }
    mj_hand_print_full(H, out, sizeof out);
    mj_hand *h2 = mj_hand_new();
    assert_int_equal(mj_hand_parse(h2, out, strlen(out), &e), MJ_OK);
    assert_true(mj_hand_equal(H, h2));
    mj_hand_free(h2);
    (void)mj_hand_check(H, MJ_CHECK_WIN, &e);
  }
}

static void tiles_and_names(void **state)
{
  (void)state;
  char b[3];
  mj_tile t;
  assert_int_equal(mj_tile_parse("E", 1, &t, NULL), MJ_OK);
  assert_int_equal(t, 27);
  assert_int_equal(mj_tile_parse("7z", 2, &t, NULL), MJ_OK);
  assert_string_equal(mj_tile_str(t, b), "7z");
  for (int k = 0; k < 256; k++)   /* the constant codes: the same text */
    assert_string_equal(mj_tile_code((mj_tile)k), mj_tile_str((mj_tile)k, b));
  assert_string_equal(mj_tile_name(t), "白板");
  assert_string_equal(mj_tile_name(0), "一万");
  assert_string_equal(mj_tile_name_en(31), "Red dragon");
  assert_string_equal(mj_tile_glyph(27), "\xF0\x9F\x80\x80");    /* U+1F000 */
  assert_string_equal(mj_tile_glyph(0), "\xF0\x9F\x80\x87");     /* U+1F007 */
  assert_string_equal(mj_tile_glyph(31), "\xF0\x9F\x80\x84");    /* 中 */
  assert_int_equal(mj_tile_parse("12m", 3, &t, NULL), MJ_EINVAL);
  assert_int_equal(mj_tile_parse("", 0, &t, NULL), MJ_EINVAL);
  mj_tile list[20];
  int n = 0;
  assert_int_equal(
      mj_tiles_parse("1f2f123m", 8, 1, true, list, NULL, 20, &n, NULL), MJ_OK);
  assert_int_equal(n, 5);
  char out[64];
  mj_tiles_print(list, n, out, sizeof out);
  assert_string_equal(out, "123m12f");
  mj_tiles_print_ordered(list, n, out, sizeof out);
  assert_string_equal(out, "12f123m");
  /* printing never overflows */
  char tiny[4];
  size_t need = mj_tiles_print(list, n, tiny, sizeof tiny);
  assert_int_equal(need, 7);
  assert_string_equal(tiny, "123");
  /* a set of kinds, one by one in tile order */
  assert_int_equal(mj_set_print(MJ_BIT(26) | MJ_BIT(18), out, sizeof out), 4);
  assert_string_equal(out, "1s9s");
  assert_int_equal(mj_set_print(0, out, sizeof out), 0);
  assert_string_equal(out, "");
  assert_int_equal(mj_set_print(MJ_BIT(0) | MJ_BIT(33), tiny, 3), 4);
  assert_string_equal(tiny, "1m");
}

/* The copy masks agree with the counts. */
static void check_copies(const mj_hand *h)
{
  const uint8_t *c = mj_hand_counts(h);
  const mj_tileset *at = mj_hand_copies(h);
  for (int k = 0; k < 4; k++)
    for (int t = 0; t < MJ_KINDS; t++)
      if (((at[k] >> t) & 1) != (c[t] > k))
        fail_msg("kind %d, %d copies: mask %d says %s", t, c[t], k,
                 (at[k] >> t & 1) ? "more" : "not more");
}

/* Adds, removes, parses and clears in a random order keep the copy
   masks equal to the counts. */
static void copy_masks(void **state)
{
  (void)state;
  trng r = { 31 };
  mj_hand *h = mj_hand_new();
  static const char *texts[] = { "1111m2222p3333s44z", "19m19p19s1234567z",
                                 "123m[555z]{6666p}", "5m", "not a hand" };
  for (int i = 0; i < 100000; i++) {
    int op = trng_below(&r, 20);
    if (op < 10)
      mj_hand_add(h, (mj_tile)trng_below(&r, MJ_KINDS));
    else if (op < 18)
      mj_hand_remove(h, (mj_tile)trng_below(&r, MJ_KINDS));
    else if (op == 18) {
      const char *t = texts[trng_below(&r, 5)];
      mj_hand_parse(h, t, strlen(t), NULL);
    } else {
      mj_hand_clear(h);
    }
    check_copies(h);
  }
  mj_hand_free(h);
}

/* The fast path and the careful parser: the same hand, or the same error,
   for every vector line and for 300,000 mutations of them. */
typedef struct two_parsers {
  char lines[12000][160];
  int n;
} two_parsers;

static void keep_line(int line, char **f, int nf, void *ud)
{
  (void)line;
  two_parsers *tp = ud;
  if (nf >= 2 && tp->n < 12000)
    snprintf(tp->lines[tp->n++], sizeof tp->lines[0], "%s %s", f[0], f[1]);
}

/* The hand alone (riichi's context tokens are its ruleset's). */
static void keep_hand(int line, char **f, int nf, void *ud)
{
  (void)line;
  two_parsers *tp = ud;
  if (nf >= 1 && tp->n < 12000)
    snprintf(tp->lines[tp->n++], sizeof tp->lines[0], "%s", f[0]);
}

static void same_by_both(const char *t, size_t n, int *fast_ok)
{
  static mj_hand *a, *b;
  if (a == NULL) {
    a = mj_hand_new();
    b = mj_hand_new();
  }
  mj_error e1, e2;
  mj_status s1 = mj_hand_parse(a, t, n, &e1),
            s2 = mj_hand_parse_careful(b, t, n, &e2);
  if (s1 != s2 || !mj_hand_identical(a, b) ||
      (s1 != MJ_OK && (strcmp(e1.msg, e2.msg) != 0 || e1.column != e2.column)))
    fail_msg("the parsers differ on \"%.*s\": %s / %s", (int)n, t,
             s1 == MJ_OK ? "ok" : e1.msg, s2 == MJ_OK ? "ok" : e2.msg);
  *fast_ok += s1 == MJ_OK;
}

static void fast_path_agrees(void **state)
{
  (void)state;
  two_parsers *tp = calloc(1, sizeof *tp);
  tsv_each("mcr.tsv", keep_line, tp);
  tsv_each("mcr-invalid.tsv", keep_line, tp);
  tsv_each("riichi.tsv", keep_hand, tp);   /* red fives: 0m 0p 0s */
  tsv_each("riichi.tsv", keep_line, tp);   /* and riichi's tokens */
  assert_true(tp->n > 6000);
  int ok = 0;
  for (int i = 0; i < tp->n; i++)
    same_by_both(tp->lines[i], strlen(tp->lines[i]), &ok);
  /* found by fuzzing: a NUL inside a token; +T past the most tiles */
  static const char nul[] = "147m25s1234z+5z bao\0\0\0=9\0mf win=5z";
  same_by_both(nul, sizeof nul - 1, &ok);
  static const char many[] = "123m45619m19p19s123567z+1z";
  same_by_both(many, sizeof many - 1, &ok);
  /* found by fuzzing: bytes just below the digits read as a chow */
  static const char below[] = "[\xba/0m]";
  same_by_both(below, sizeof below - 1, &ok);
  /* a red five named by win=, read by the fast path too */
  static const char *const reds[] = {
    "340m33355p[234s][666s] win=0m self seat=W round=E",
    "340m33355p[234s][666s] win=0z", "340m33355p[234s][666s] win=0f",
    "345m33355p[234s][666s] win=0m", "34m33355p[234s][666s]+0m win=0m",
    "34m33355p[234s][666s]+5m win=0m", "340m33355p[234s][666s] win=0m win=5m",
  };
  for (size_t k = 0; k < sizeof reds / sizeof reds[0]; k++)
    same_by_both(reds[k], strlen(reds[k]), &ok);
  static const char alphabet[] = "0123456789mpszfESWNCFP[]{}+= \t/:\xba"
                                 "winseatroundflowerslastkongrobselffirst"
                                 "bao=touji riichi double ippatsu dora="
                                 "ura=honba=";
  trng r = { 77 };
  for (int k = 0; k < 300000; k++) {
    char t[200];
    const char *src = tp->lines[trng_below(&r, tp->n)];
    size_t n = strlen(src);
    memcpy(t, src, n);
    for (int m = 1 + trng_below(&r, 3); m > 0; m--) {
      size_t at = (size_t)trng_below(&r, (int)n + 1);
      char c = alphabet[trng_below(&r, (int)sizeof alphabet - 1)];
      int op = trng_below(&r, 3);
      if (op == 0 && at < n)
        t[at] = c;                              /* change */
      else if (op == 1 && at < n) {
        memmove(t + at, t + at + 1, n - at - 1);   /* drop */
        n--;
      } else if (n + 1 < sizeof t) {
        memmove(t + at + 1, t + at, n - at);      /* insert */
        t[at] = c;
        n++;
      }
    }
    same_by_both(t, n, &ok);
  }
  printf("  %d of %d inputs parse\n", ok, tp->n + 300000);
  assert_true(ok > 6000 + 10000);   /* many mutations still parse */
  free(tp);
}

/* mj_format writes what snprintf writes, returns what it returns, at
   every size of buffer (truncated in the middle of a conversion too). */
#define FORMAT_ALIKE(...)                                                      \
  for (size_t cap = 0; cap < 48; cap++) {                                      \
    char a[48], b[48];                                                         \
    memset(a, 'x', sizeof a);                                                  \
    memset(b, 'x', sizeof b);                                                  \
    int ra = mj_format(cap ? a : NULL, cap, __VA_ARGS__);                      \
    int rb = snprintf(cap ? b : NULL, cap, __VA_ARGS__);                       \
    assert_int_equal(ra, rb);                                                  \
    assert_memory_equal(a, b, sizeof a);                                       \
  }

static void format_like_snprintf(void **state)
{
  (void)state;
  const char *word = "宝吊头 wild";
  FORMAT_ALIKE("plain text, no conversion");
  FORMAT_ALIKE("%s", "");
  FORMAT_ALIKE("ERROR\t%s\n", word);
  FORMAT_ALIKE("a%sb%dc%ud", "mid", -42, 4000000000u);
  FORMAT_ALIKE("%d %d %d", INT_MIN, INT_MAX, 0);
  FORMAT_ALIKE("%.*s|%.*s|%.*s", 3, "abcdef", 0, "abc", -1, "whole");
  FORMAT_ALIKE("seat=%c round=%c%c", 'E', 'S', 'W');
  FORMAT_ALIKE("100%% of %s%%", "it");
  /* what it leaves to vsnprintf, after it has begun */
  FORMAT_ALIKE("%s then %5d", "width", 7);
  FORMAT_ALIKE("%s %x %ld", "hex", 255u, 123456789012L);
  FORMAT_ALIKE("%-8s|%08.3f", "flags", 3.14159);
  FORMAT_ALIKE("%2$s %1$s", "second", "first");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(canonical_form),
    cmocka_unit_test(red_fives),
    cmocka_unit_test(context_tokens),
    cmocka_unit_test(round_trip_vectors),
    cmocka_unit_test(every_error),
    cmocka_unit_test(two_hundred_tiles),
    cmocka_unit_test(fuzz_loop),
    cmocka_unit_test(tiles_and_names),
    cmocka_unit_test(copy_masks),
    cmocka_unit_test(fast_path_agrees),
    cmocka_unit_test(format_like_snprintf),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
