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
#include "tile.h"

/* Botzone's name of t: W1 B1 T1 (m p s), F1..F4 winds, J1..J3 中发白,
   H1..H8 flowers. */
const char *bz_tile(mj_tile t, char b[4]);
/* The tile a Botzone name names; false when none. */
bool bz_parse(const char *s, mj_tile *t);

/* A Botzone Chinese Standard Mahjong bot played by PROGRAM, each turn
   within limit_ms (0: 1000); NULL and err when it cannot be started. */
mj_bot *botzonebot_new(const char *program, bool json, int limit_ms,
                       uint64_t seed, mj_error *err);

#endif
