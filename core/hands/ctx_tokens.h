/*
** ctx_tokens.h
** The tokens of a hand's context ("win=5m self seat=S"), in one list:
** both parsers' table (hand.c), their enum (hand_int.h) and the
** reference follow it.
**
** X(KIND, name, value, flag, owned, words)
**   value  the token takes "=value"
**   flag   the MJ_CTX_ flag it sets (0: none)
**   owned  the MJ_TOKEN_ bit of a token only rulesets that declare it
**          read (0: every ruleset)
*/
#ifndef MJ_CTX_TOKENS_H
#define MJ_CTX_TOKENS_H

#include "i18n.h"   /* N_: the words are translated where shown */

#define MJ_CTX_TOKENS(X)                                                       \
  X(WIN, "win", true, 0, 0, N_("win=T: the winning tile (else the last tile "  \
    "written, or +T after the hand)"))                                         \
  X(SELF, "self", false, MJ_CTX_SELF, 0, N_("won by self-draw"))               \
  X(SEAT, "seat", true, 0, 0, N_("seat=E|S|W|N: the winner's seat wind"))      \
  X(ROUND, "round", true, 0, 0, N_("round=E|S|W|N: the prevailing wind"))      \
  X(FLOWERS, "flowers", true, 0, MJ_TOKEN_FLOWERS, N_("flowers=N: flowers "    \
    "declared, or flowers=15f: the flowers held (rulesets with flowers)"))    \
  X(LAST, "last", false, MJ_CTX_LAST, MJ_TOKEN_LAST,                           \
    N_("the winning tile is the last of its kind (rulesets with a fan of it)")) \
  X(WALL_LAST, "wall-last", false, MJ_CTX_WALL_LAST, 0,                        \
    N_("won with the last tile of the wall"))                                  \
  X(KONG, "kong", false, MJ_CTX_KONG, 0, N_("won on a kong's replacement tile")) \
  X(ROB, "rob", false, MJ_CTX_ROB, 0, N_("won by robbing a kong"))             \
  X(BAO, "bao", true, 0, MJ_TOKEN_BAO, N_("bao=T: the wild tile (宝)"))         \
  X(TOUJI, "touji", false, MJ_CTX_TOUJI, MJ_TOKEN_TOUJI,                       \
    N_("won while 偷机 (having declined a 宝吊头 win)"))                            \
  X(FEIBAO, "feibao", true, 0, MJ_TOKEN_FEIBAO,                                \
    N_("feibao=N: 宝 discarded (飞宝), 0..4"))                                    \
  X(FIRST, "first", false, MJ_CTX_FIRST, 0, N_("won in the first go-around"))  \
  X(JIEBAO, "jiebao", false, MJ_CTX_JIEBAO, MJ_TOKEN_JIEBAO,                   \
    N_("claimed the fourth 宝 (接宝)"))                                           \
  X(SIBAO, "sibao", false, MJ_CTX_SIBAO, MJ_TOKEN_SIBAO,                       \
    N_("drew the fourth 宝 (四个宝)"))                                             \
  X(QUE, "que", true, 0, MJ_TOKEN_QUE, N_("que=m|p|s: the suit shed (定缺)"))    \
  X(GUI, "gui", true, 0, MJ_TOKEN_GUI, N_("gui=T[,T]: the ghost tiles (鬼牌)"))  \
  X(HORSES, "horses", true, 0, MJ_TOKEN_HORSES,                                \
    N_("horses=N: horses on the winner (买马)"))                                 \
  X(STREAK, "streak", true, 0, MJ_TOKEN_STREAK,                                \
    N_("streak=N: the dealer's wins in a row (连庄)"))                           \
  X(KAIGANG, "kaigang", false, MJ_CTX_KAIGANG, MJ_TOKEN_KAIGANG,               \
    N_("won on a tile a 开杠 turned up (with self: 杠上开花; else 杠上炮)"))            \
  X(NIAO, "niao", true, 0, MJ_TOKEN_NIAO, N_("niao=N: birds on the winner "    \
    "(扎鸟), 0..6"))                                                             \
  X(QISHOU, "qishou", false, MJ_CTX_QISHOU, MJ_TOKEN_QISHOU,                   \
    N_("the dealt tiles scored as a declaration (起手胡), not a win"))            \
  X(RIICHI, "riichi", false, MJ_CTX_RIICHI, MJ_TOKEN_RIICHI,                   \
    N_("the winner had declared riichi (立直)"))                                 \
  X(DOUBLE, "double", false, MJ_CTX_DOUBLE, MJ_TOKEN_DOUBLE,                   \
    N_("the winner's riichi was a double riichi (on his first discard)"))      \
  X(IPPATSU, "ippatsu", false, MJ_CTX_IPPATSU, MJ_TOKEN_IPPATSU,               \
    N_("won within a go-around of the riichi, no call between (一発)"))          \
  X(DORA, "dora", true, 0, MJ_TOKEN_DORA, N_("dora=TILES: the dora indicators " \
    "turned up (the indicators, not the dora), up to 5"))                      \
  X(URA, "ura", true, 0, MJ_TOKEN_URA, N_("ura=TILES: the ura-dora indicators " \
    "(a riichi winner's), up to 5"))                                           \
  X(HONBA, "honba", true, 0, MJ_TOKEN_HONBA, N_("honba=N: the honba counter "  \
    "(payments only), 0..99"))

#endif
