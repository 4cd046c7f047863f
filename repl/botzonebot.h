/*
** botzonebot.h
** MCR bots of Botzone: "botzone:PROGRAM" (simple interaction) and
** "botzone-json:PROGRAM" (JSON interaction); see botzonebot.c.
*/
#ifndef HULE_BOTZONEBOT_H
#define HULE_BOTZONEBOT_H

#include <stdbool.h>
#include <stdint.h>

#include "bot.h"
#include "error.h"

/* A Botzone Chinese Standard Mahjong bot played by PROGRAM, each turn
   within limit_ms (0: 1000); NULL and err when it cannot be started. */
mj_bot *botzonebot_new(const char *program, bool json, int limit_ms,
                       uint64_t seed, mj_error *err);

#endif
