/*
** cmdbot.h
** Bots as programs: "cmd:PROGRAM" (see cmdbot.c for the protocol).
*/
#ifndef HULE_CMDBOT_H
#define HULE_CMDBOT_H

#include <stdint.h>

#include "bot.h"
#include "error.h"

/* Start PROGRAM (sh -c) as a bot answering each decision within limit_ms
   (0: 1000); NULL and err when it cannot be started. */
mj_bot *cmdbot_new(const char *program, int limit_ms, uint64_t seed,
                   mj_error *err);

/* Does PROGRAM start? It runs for up to ms milliseconds, asked nothing;
   one that ends in that time is refused (err names its exit status),
   one still running is ended. */
mj_status cmdbot_check(const char *program, int ms, mj_error *err);

#endif
