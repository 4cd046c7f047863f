/*
** fuzz_replay.c
** libFuzzer target: a replay log. Parsed; when it parses, replayed under
** its ruleset, each logged event checked, and verified line by line.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "host.h"
#include "replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static mj_host *host;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  mj_error e;
  if (host == NULL) {
    host = mj_host_new(NULL, &e);
    if (host == NULL)
      abort();
  }
  mj_replay rp;
  if (mj_replay_parse((const char *)data, size, &rp, &e) != MJ_OK)
    return 0;
  const mj_rules *r;
  /* only the shipped rulesets: a log never names a file to load */
  if (mj_host_is_builtin(host, rp.ruleset) &&
      mj_host_get(host, rp.ruleset, &r, &e) == MJ_OK) {
    mj_replay_check(&rp, r, mj_host_digest(host, r), &e);
    mj_game *g = mj_replay_build(&rp, r, -1, &e);
    if (g != NULL) {
      char *again = mj_replay_write(g, NULL, "", NULL, false);
      free(again);
      mj_game_free(g);
    }
  }
  mj_replay_free(&rp);
  return 0;
}
