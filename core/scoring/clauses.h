/*
** clauses.h
** The kinds of a fan's conditions (clauses), in one list, as Lua keeps
** its opcodes: the enum (rules.h), the Lua fields that make them
** (lua/compile.c) and their words (rules.c, for "fan" and "why") are
** generated from it. Adding a condition is one line here and one case in
** the matcher (score.c mjs_clause_ok) and the filter (filter.c).
**
** X(KIND, field, ARG, yes, no)
**   KIND   the enum name: MJ_C_KIND
**   field  the fan table's field that makes it (NULL: made otherwise)
**   ARG    what the field takes, MJ_ARG_ARG: a tile SET; a RANGE (n or
**          { min =, max = }); a BOOL; a WAIT name; a TEMPLATE of ranks;
**          FLAG (the context-flag fields of MJ_FLAG_FIELDS below)
**   yes    its words, printf'd with the set or range text (%s); for a
**          BOOL, the words when true
**   no     for a BOOL, the words when false (else NULL)
**
** The order is the enum's: CHOWS .. QUADS stay together (a view keeps
** those counts in one array, in this order).
*/
#ifndef MJ_CLAUSES_H
#include "i18n.h"   /* N_: the words below are translated where shown */

#define MJ_CLAUSES_H

#define MJ_CLAUSES(X)                                                          \
  X(ALL, "all", SET, N_("every tile is %s"), NULL)                                 \
  X(NONE, "none", SET, N_("no tile is %s"), NULL)                                  \
  X(ANY, "any", SET, N_("some tile is %s"), NULL)                                  \
  X(EVERY, "every", SET, N_("the hand holds each of %s"), NULL)                    \
  X(SUITS, "suits", RANGE, N_("%s of the suits m, p, s present"), NULL)           \
  X(TYPES, "types", RANGE,                                                     \
    N_("%s of the five types (m, p, s, winds, dragons) present"), NULL)            \
  X(EACH_GROUP, "each_group", SET, N_("every meld and the pair hold %s"), NULL)    \
  X(PAIR, "pair", SET, N_("the pair is %s"), NULL)                                 \
  X(CHOWS, "chows", RANGE, N_("%s chows"), NULL)                                   \
  X(PUNGS, "pungs", RANGE, N_("%s pungs or kongs"), NULL)                          \
  X(KONGS, "kongs", RANGE, N_("%s kongs"), NULL)                                   \
  X(EXPOSED_KONGS, "exposed_kongs", RANGE, N_("%s exposed kongs"), NULL)          \
  X(CONCEALED_KONGS, "concealed_kongs", RANGE, N_("%s concealed kongs"), NULL)    \
  X(CONCEALED_PUNGS, "concealed_pungs", RANGE,                                 \
    N_("%s concealed pungs (concealed kongs included; a pung completed by a "     \
    "discard is exposed)"), NULL)                                               \
  X(EXPOSED, "exposed", RANGE,                                                 \
    N_("%s exposed melds (chow, pung, exposed kong)"), NULL)                       \
  X(DECLARED, "declared", RANGE, N_("%s declared melds"), NULL)                    \
  X(QUADS, "quads", RANGE, N_("%s four-of-a-kind used as two pairs"), NULL)        \
  X(FLAG, NULL, FLAG, "%s", NULL)                                              \
  X(DEALER, "dealer", BOOL, N_("the winner is the dealer"),                        \
    N_("the winner is not the dealer"))                                            \
  X(WAIT, "wait", WAIT, N_("the hand waited on one tile only, %s"), NULL)         \
  X(WILD_ACTING, "wild_acting", BOOL, N_("a wild tile stands for another tile"),   \
    N_("no wild tile stands for another tile"))                                    \
  X(WILD_SINGLE, "wild_single", BOOL,                                          \
    N_("before the winning draw: four complete melds and a lone wild tile "       \
    "(宝吊头)"), N_("not before the winning draw: four complete melds and a "      \
    "lone wild tile (宝吊头)"))                                                 \
  X(WIN_TILE, "win_tile", SET, N_("the winning tile is %s"), NULL)                 \
  X(WILD_IN_PLAY, "wild_in_play", BOOL, N_("wild tiles are in play this hand"),    \
    N_("no tile is wild this hand"))                                               \
  X(WILDS, "wilds", RANGE, N_("%s wild tiles held (at face or not)"), NULL)       \
  X(TEMPLATE, "template", TEMPLATE,                                            \
    N_("the tiles form the fan's pattern in one suit"), NULL)                      \
  X(BEFORE_WIN, "before_win", TEMPLATE,                                        \
    N_("before the win, the concealed tiles form the fan's pattern in one suit"),  \
    NULL)                                                                      \
  X(FLOWERS, "flowers", RANGE, N_("%s flowers"), NULL)                             \
  X(KNITTED, "knitted", BOOL,                                                  \
    N_("the hand holds a knitted straight (147, 258 and 369 in the three "        \
    "suits)"), N_("not: the hand holds a knitted straight (147, 258 and 369 in "   \
    "the three suits)"))                                                        \
  X(PAIR_NOT, "pair_not", SET, N_("the pair is none of %s"), NULL)

/* The context-flag fields: each makes an MJ_C_FLAG clause on its flag.
** Y(field, MJ_CTX_ flag, words) */
#define MJ_FLAG_FIELDS(Y)                                                      \
  Y("self", MJ_CTX_SELF, N_("won by self-draw"))                                   \
  Y("last", MJ_CTX_LAST, N_("won on the last tile of its kind (和绝张)"))          \
  Y("wall_last", MJ_CTX_WALL_LAST, N_("won with the last tile of the wall"))      \
  Y("kong", MJ_CTX_KONG, N_("won on a kong's replacement tile"))                   \
  Y("rob", MJ_CTX_ROB, N_("won by robbing a kong"))                                \
  Y("first", MJ_CTX_FIRST, N_("won in the first go-around"))                       \
  Y("touji", MJ_CTX_TOUJI, N_("won while 偷机 (having declined a 宝吊头 win)"))   \
  Y("jiebao", MJ_CTX_JIEBAO, N_("claimed the fourth 宝 (接宝)"))                   \
  Y("sibao", MJ_CTX_SIBAO, N_("drew the fourth 宝 (四个宝)"))                    \
  Y("kaigang", MJ_CTX_KAIGANG, N_("won on a tile a 开杠 turned up"))            \
  Y("riichi", MJ_CTX_RIICHI, N_("won after declaring riichi"))                     \
  Y("double", MJ_CTX_DOUBLE, N_("won after a double riichi (on one's first "      \
    "discard)"))                                                                \
  Y("ippatsu", MJ_CTX_IPPATSU, N_("won within a go-around of one's riichi, no "   \
    "call between"))

/* What a clause's field takes. */
enum {
  MJ_ARG_SET,
  MJ_ARG_RANGE,
  MJ_ARG_BOOL,
  MJ_ARG_WAIT,
  MJ_ARG_TEMPLATE,
  MJ_ARG_FLAG
};

#endif
