/*
** fuzz_score.c
** libFuzzer target: scoring a hand with a context under each ruleset.
** The first byte picks the ruleset (mcr, bao, bao-shangrao); the rest is
** "HAND CONTEXT". Every hand that parses is checked, analysed, scored,
** explained and asked why about one fan.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "hand.h"
#include "host.h"
#include "score.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static mj_host *host;
static const mj_rules *rules[3];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static const char *const ids[3] = { "mcr", "bao", "bao-shangrao" };
  mj_error e;
  if (host == NULL) {
    host = mj_host_new(NULL, &e);
    for (int i = 0; host && i < 3; i++)
      if (mj_host_get(host, ids[i], &rules[i], &e) != MJ_OK)
        abort();
  }
  if (size < 1)
    return 0;
  const mj_rules *r = rules[data[0] % 3];
  static mj_hand *h;
  static mj_score s;
  if (h == NULL)
    h = mj_hand_new();
  if (mj_hand_parse(h, (const char *)data + 1, size - 1, &e) != MJ_OK)
    return 0;
  mj_tileset wild = mj_hand_wild(h, mj_rules_wild(r));
  if (mj_hand_check(h, MJ_CHECK_ANY, &e) == MJ_OK) {
    mj_tileview v;
    mj_tileview_init(&v, h, wild);
    mj_shanten(&v, mj_rules_shapes(r), NULL);
    if (v.ntiles == 13 - 3 * v.melds) {
      uint8_t held[MJ_KINDS];
      mj_wait w[MJ_KINDS];
      mj_hand_all_counts(h, held);
      mj_waits(&v, mj_rules_shapes(r), held, NULL, w);
    }
  }
  if (mj_score_hand(r, h, &s, &e) == MJ_OK) {
    char buf[8192];
    mj_score_explain(r, h, &s, buf, sizeof buf);
    mj_score_fans_line(r, &s, buf, sizeof buf);
    int f = data[size - 1] % mj_rules_nfans(r);
    mj_score_why(r, h, f, buf, sizeof buf, &e);
  }
  return 0;
}
