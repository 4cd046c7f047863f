/*
** mjaibot.h
** Riichi bots speaking mjai: "mjai:PROGRAM" (see mjaibot.c).
*/
#ifndef HULE_MJAIBOT_H
#define HULE_MJAIBOT_H

#include <stdint.h>

#include "bot.h"
#include "error.h"

/* Start PROGRAM (sh -c) as a riichi bot told its seat's events in mjai
   and answering each decision within limit_ms (0: 1000); NULL and err
   when it cannot be started. */
mj_bot *mjaibot_new(const char *program, int limit_ms, uint64_t seed,
                    mj_error *err);

#endif
