/*
** fuzz_parse.c
** libFuzzer target: the notation parser on any bytes. A hand that parses
** prints, and its text parses again to the same hand.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hand.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static mj_hand *h, *again, *careful;
  if (h == NULL) {
    h = mj_hand_new();
    again = mj_hand_new();
    careful = mj_hand_new();
  }
  mj_error e, e2;
  mj_status st = mj_hand_parse(h, (const char *)data, size, &e);
  /* the fast path and the careful parser agree on every input */
  if (mj_hand_parse_careful(careful, (const char *)data, size, &e2) != st ||
      !mj_hand_identical(h, careful) ||
      (st != MJ_OK && strcmp(e.msg, e2.msg) != 0))
    abort();
  if (st != MJ_OK)
    return 0;
  mj_hand_check(h, MJ_CHECK_ANY, &e);
  mj_hand_check(h, MJ_CHECK_WIN, &e);
  mj_hand_check(h, MJ_CHECK_WAIT, &e);
  char buf[1024];
  mj_hand_print_full(h, buf, sizeof buf);
  if (mj_hand_parse(again, buf, strlen(buf), &e) != MJ_OK ||
      !mj_hand_equal(h, again))
    abort();   /* printing must round-trip */
  return 0;
}
