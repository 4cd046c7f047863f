/*
** bots.h
** Bots as programs, both ways: a bot by its spec, built in or a program
** hule speaks to (spec.c); one of hule's bots as a program of another
** engine's protocol (botserve.c).
*/
#ifndef HULE_BOTS_H
#define HULE_BOTS_H

#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "error.h"

/* A bot by its spec: a built-in kind ("efficiency", "random"),
   "lua:FILE" (a bot written in Lua) or "cmd:PROGRAM" (a program answering
   each decision within limit_ms, 0: 1000). NULL and err when the kind is
   unknown, the file does not load (file:line) or the program cannot
   start. */
struct mj_bot *cli_bot_new(mj_host *h, const mj_rules *r, const char *spec,
                           uint64_t seed, int limit_ms, mj_error *err);
/* A spec names a kind there is, with a valid setting (a file or a
** program is tried later); if not, err says why. */
bool cli_bot_spec_check(const char *spec, mj_error *err);
/* A comma-separated list of specs, each checked, into out (at most max
** of them kept); how many the list names (more than max when it names
** more), -1 with err when one is wrong. */
enum { CLI_BOT_SPEC = 256 };
int cli_bot_list(const char *list, char out[][CLI_BOT_SPEC], int max,
                 mj_error *err);
/* The program of a bot spoken to as a process (cmd:, mjai:), or NULL. */
const char *cli_bot_program(const char *spec);

/* hule bot --mjai|--botzone [BOT]: the bot spec (a built-in kind or
   lua:FILE) as a program of mjai (riichi) or Botzone (MCR); the exit
   status. */
int cli_bot_serve(mj_host *h, cli_opts *o, bool mjai, const char *spec);

#endif
