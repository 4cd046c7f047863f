/*
** fuzz_rules_score.c
** libFuzzer target: a generated ruleset, then hands scored under it, so
** that its test functions and settlement run under the budgets. The
** input is the ruleset's Lua source, a NUL byte, then one hand a line.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "score.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static mj_host *host;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  mj_error e;
  if (host == NULL) {
    mj_host_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.load_budget = 2000000;
    cfg.call_budget = 200000;
    cfg.rules_mem = (size_t)16 << 20;
    host = mj_host_new(&cfg, &e);
    if (host == NULL)
      abort();
  }
  const char *text = (const char *)data;
  const char *nul = memchr(text, '\0', size);
  size_t srclen = nul != NULL ? (size_t)(nul - text) : size;
  const mj_rules *r;
  if (mj_host_load_source(host, "fuzz.lua", text, srclen, NULL, &r, &e) !=
      MJ_OK)
    return 0;
  mj_hand *h = mj_hand_new();
  mj_score *s = malloc(sizeof *s);
  if (h != NULL && s != NULL && nul != NULL) {
    const char *p = nul + 1, *end = text + size;
    while (p < end) {
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      size_t n = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
      if (mj_hand_parse(h, p, n, &e) == MJ_OK) {
        mj_score_hand(r, h, s, &e);
        mj_settle_in in = { .winner = 0, .active = 15, .kong_from = -1,
                            .payer = -1, .dealer = 0, .total = s->total,
                            .total_no_bonus = s->total, .self_drawn = true,
                            .score = s };
        int pay[4];
        if (s->win)
          mj_rules_settle(r, &in, pay, &e);
      }
      p += n + 1;
    }
  }
  mj_hand_free(h);
  free(s);
  return 0;
}
