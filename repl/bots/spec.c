/*
** spec.c
** A bot by its spec: a built-in kind, a Lua file, or a program spoken to
** in its protocol (cmd:, mjai:, botzone:) (bots.h).
*/
#include "bots.h"

#include <string.h>

#include "bot.h"
#include "cmdbot.h"
#include "mjaibot.h"
#include "botzonebot.h"
#include "host.h"
#include "rules.h"
#include "text.h"

const char *cli_bot_program(const char *spec)
{
  static const char *const kinds[] = { "cmd:", "mjai:", "botzone:",
                                       "botzone-json:", NULL };
  for (int k = 0; kinds[k] != NULL; k++)
    if (strncmp(spec, kinds[k], strlen(kinds[k])) == 0)
      return spec + strlen(kinds[k]);
  return NULL;
}

bool cli_bot_spec_check(const char *spec, mj_error *err)
{
  const char *prog = cli_bot_program(spec);
  if (strncmp(spec, "lua:", 4) == 0 || prog != NULL) {
    if ((prog ? prog : spec + 4)[0] != '\0')
      return true;   /* a file or a program must be named */
    mj_fail(err, MJ_EINVAL, 0, "%.*s needs a %s (%.*s%s)",
            (int)(strchr(spec, ':') - spec + 1), spec,
            prog ? "program" : "file", (int)(strchr(spec, ':') - spec + 1),
            spec, prog ? "'python3 bot.py'" : "mybot.lua");
    return false;
  }
  size_t len = strcspn(spec, ":");
  for (const char *const *k = mj_bot_kinds(); *k; k++)
    if (strlen(*k) == len && strncmp(*k, spec, len) == 0) {
      mj_bot *b = mj_bot_make(spec, 0, err);   /* its setting, if any */
      mj_bot_free(b);
      return b != NULL;
    }
  char all[160] = "";
  size_t n = 0;
  for (const char *const *k = mj_bot_kinds(); *k; k++)
    mj_catf(all, sizeof all, &n, "%s, ", *k);
  mj_fail(err, MJ_EINVAL, 0,
          "no bot kind '%.40s' (%sstrong:caution=X, lua:FILE, cmd:PROGRAM, "
          "mjai:PROGRAM, botzone:PROGRAM)",
          spec, all);
  return false;
}

int cli_bot_list(const char *list, char out[][CLI_BOT_SPEC], int max,
                 mj_error *err)
{
  char tmp[1100];
  snprintf(tmp, sizeof tmp, "%s", list);
  int n = 0;
  char *save = NULL;
  for (char *tok = strtok_r(tmp, ",", &save); tok;
       tok = strtok_r(NULL, ",", &save)) {
    if (n == max)
      return n + 1;
    if (!cli_bot_spec_check(tok, err))
      return -1;
    snprintf(out[n++], CLI_BOT_SPEC, "%s", tok);
  }
  return n;
}

struct mj_bot *cli_bot_new(mj_host *h, const mj_rules *r, const char *spec,
                           uint64_t seed, int limit_ms, mj_error *err)
{
  if (!cli_bot_spec_check(spec, err))
    return NULL;
  if (strncmp(spec, "cmd:", 4) == 0)
    return cmdbot_new(spec + 4, limit_ms, seed, err);
  if (strncmp(spec, "mjai:", 5) == 0) {
    if (r != NULL && mj_rules_ctable(r)->indicators == 0) {
      mj_fail(err, MJ_EINVAL, 0, "mjai: bots play riichi (a ruleset with "
              "dora indicators), not %s", mj_rules_id(r));
      return NULL;
    }
    if (r != NULL && mj_rules_ctable(r)->players != 4) {
      mj_fail(err, MJ_EINVAL, 0, "mjai: bots play four-player riichi; %s "
              "seats %d", mj_rules_id(r), mj_rules_ctable(r)->players);
      return NULL;
    }
    if (r != NULL && mj_rules_ctable(r)->hand != 13) {
      mj_fail(err, MJ_EINVAL, 0, "mjai: bots play riichi's hands of 13 "
              "tiles; %s deals %d", mj_rules_id(r), mj_rules_ctable(r)->hand);
      return NULL;
    }
    return mjaibot_new(spec + 5, limit_ms, seed, err);
  }
  if (strncmp(spec, "botzone", 7) == 0) {
    if (r != NULL && strcmp(mj_rules_id(r), "mcr") != 0) {
      mj_fail(err, MJ_EINVAL, 0, "botzone: bots play Botzone's Chinese "
              "Standard Mahjong, the mcr ruleset, not %s", mj_rules_id(r));
      return NULL;
    }
    return botzonebot_new(cli_bot_program(spec), spec[7] == '-', limit_ms,
                          seed, err);
  }
  if (strncmp(spec, "lua:", 4) == 0)
    return mj_lua_bot_new(h, spec + 4, r, seed, err);
  return mj_bot_make(spec, seed, err);
}
