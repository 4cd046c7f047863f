/*
** fuzz_ruleset.c
** libFuzzer target: loading a ruleset from any Lua source, in the
** sandbox, with the memory cap and the instruction budget.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static mj_host *host;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static char path[64];
  mj_error e;
  if (host == NULL) {
    mj_host_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.load_budget = 2000000;   /* keep each run short */
    cfg.load_mem = (size_t)16 << 20;
    host = mj_host_new(&cfg, &e);
    if (host == NULL)
      abort();
    snprintf(path, sizeof path, "/tmp/hule-fuzz-%ld.lua", (long)getpid());
  }
  FILE *f = fopen(path, "wb");
  if (f == NULL)
    return 0;
  fwrite(data, 1, size, f);
  fclose(f);
  const mj_rules *r;
  mj_host_load(host, path, NULL, &r, &e);
  return 0;
}
