/*
** test_mjai_json.c
** hule import's reader of mjai lines against cJSON: for the lines of a
** game, for the edge cases of JSON (escapes, fractions, exponents, big
** and negative numbers, deep nesting, text after the value, broken
** lines) and for 20,000 lines made from them by random edits, the tree
** it makes is the one cJSON_ParseWithLength makes, or both fail.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "logs.h"

static const char *const lines[] = {
  "{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}",
  "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,"
  "\"kyotaku\":0,\"oya\":0,\"dora_marker\":\"5mr\",\"scores\":[25000,25000,"
  "25000,25000],\"tehais\":[[\"1m\",\"2m\"],[\"E\",\"P\"],[],[\"9s\"]]}",
  "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"?\"}",
  "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"5pr\",\"tsumogiri\":true}",
  "{\"type\":\"pon\",\"actor\":2,\"target\":0,\"pai\":\"C\",\"consumed\":"
  "[\"C\",\"C\"]}",
  "{\"type\":\"hora\",\"actor\":1,\"target\":3,\"deltas\":[-8000,8000,0,0],"
  "\"ura_markers\":[],\"scores\":[17000,33000,25000,25000]}",
  "{\"type\":\"ryukyoku\",\"deltas\":[1500,-1500,1500,-1500]}",
  "{\"type\":\"end_game\"}",
  "  { \"a\" : [ 1 , 2 , [ 3 , [ ] ] ] , \"b\" : { } , \"c\" : null }  ",
  "{\"t\":true,\"f\":false,\"n\":null,\"z\":-0,\"x\":0}",
  "{\"big\":2147483647,\"bigger\":2147483648,\"neg\":-2147483649,"
  "\"huge\":999999999999999,\"more\":9999999999999999}",
  "{\"f\":1.5,\"e\":1e3,\"E\":-2E-2,\"p\":+1}",
  "{\"s\":\"a\\\"b\",\"u\":\"\\u00e9\",\"nl\":\"x\\ny\"}",
  "{\"utf\":\"東南西北\",\"k\":\"\"}",
  "{\"dup\":1,\"dup\":2}",
  "{\"a\":1} trailing",
  "{\"a\":1}}",
  "{\"a\":1,}",
  "{\"a\" 1}",
  "{\"a\":[1 2]}",
  "{\"a\":\"unterminated}",
  "{\"a\":tru}",
  "[1,2,3]",
  "\"just a string\"",
  "42",
  "",
  "   ",
  "{",
  "{\"ctl\":\"a\tb\"}",
  "{\"a\":01}",
  "{\"a\":-}",
  "{\"a\":.5}",
  "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
  "1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
};

/* The same tree, node for node: types, names, strings, numbers (bit for
   bit: an overflow's infinity too), ints, and in the same order (cJSON's
   own compare looks objects' items up by name, the first of a name). */
static bool same_tree(const cJSON *a, const cJSON *b)
{
  for (; a != NULL && b != NULL; a = a->next, b = b->next) {
    if (a->type != b->type || a->valueint != b->valueint ||
        memcmp(&a->valuedouble, &b->valuedouble, sizeof(double)) != 0 ||
        (a->string == NULL) != (b->string == NULL) ||
        (a->string != NULL && strcmp(a->string, b->string) != 0) ||
        (a->valuestring == NULL) != (b->valuestring == NULL) ||
        (a->valuestring != NULL &&
         strcmp(a->valuestring, b->valuestring) != 0) ||
        !same_tree(a->child, b->child))
      return false;
    /* cJSON's links: each item's prev the one before, the first's the
       last */
    if (b->child != NULL) {
      const cJSON *last = b->child;
      for (; last->next != NULL; last = last->next)
        if (last->next->prev != last)
          return false;
      if (b->child->prev != last)
        return false;
    }
  }
  return a == NULL && b == NULL;
}

static void check(const char *text, size_t len)
{
  cJSON *a = cJSON_ParseWithLength(text, len);
  cJSON *b = mjai_parse_line(text, len);
  if ((a == NULL) != (b == NULL))
    fail_msg("%.*s: cJSON %s, the reader %s", (int)len, text,
             a ? "reads it" : "fails", b ? "reads it" : "fails");
  if (a != NULL && !same_tree(a, b))
    fail_msg("%.*s: the trees differ", (int)len, text);
  cJSON_Delete(a);
  mjai_line_drop(false);
}

static void lines_read_as_cjson_reads_them(void **state)
{
  (void)state;
  for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
    check(lines[i], strlen(lines[i]));
  mjai_line_drop(true);
}

static void edited_lines_too(void **state)
{
  (void)state;
  static const char pieces[] = "{}[]\",:0123456789.-+eEtrufalsn \\u\t\x01";
  char buf[512];
  srand(7);
  for (int k = 0; k < 20000; k++) {
    const char *src = lines[(size_t)rand() % (sizeof lines / sizeof lines[0])];
    size_t n = strlen(src);
    if (n >= sizeof buf - 8)
      n = sizeof buf - 8;
    memcpy(buf, src, n);
    for (int e = 1 + rand() % 3; e > 0; e--) {
      size_t at = n ? (size_t)rand() % n : 0;
      char c = pieces[(size_t)rand() % (sizeof pieces - 1)];
      switch (rand() % 3) {
      case 0: if (n) buf[at] = c; break;                      /* replace */
      case 1: memmove(buf + at + 1, buf + at, n - at); buf[at] = c; n++; break;
      default: if (n) { memmove(buf + at, buf + at + 1, n - at - 1); n--; }
      }
    }
    check(buf, n);
  }
  mjai_line_drop(true);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(lines_read_as_cjson_reads_them),
    cmocka_unit_test(edited_lines_too),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
