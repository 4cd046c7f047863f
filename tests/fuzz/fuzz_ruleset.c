/*
** fuzz_ruleset.c
** libFuzzer target: loading a ruleset from any Lua source, in the
** sandbox, with the memory cap and the budgets. The source is loaded
** from memory: no file is left behind.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static mj_host *host;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  mj_error e;
  if (host == NULL) {
    mj_host_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.load_budget = 2000000;   /* keep each run short */
    cfg.rules_mem = (size_t)16 << 20;
    host = mj_host_new(&cfg, &e);
    if (host == NULL)
      abort();
  }
  const mj_rules *r;
  mj_host_load_source(host, "fuzz.lua", (const char *)data, size, NULL, &r, &e);
  return 0;
}
