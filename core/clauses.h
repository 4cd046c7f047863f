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
#define MJ_CLAUSES_H

#define MJ_CLAUSES(X)                                                          \
  X(ALL, "all", SET, "every tile is %s", NULL)                                 \
  X(NONE, "none", SET, "no tile is %s", NULL)                                  \
  X(ANY, "any", SET, "some tile is %s", NULL)                                  \
  X(EVERY, "every", SET, "the hand holds each of %s", NULL)                    \
  X(SUITS, "suits", RANGE, "%s of the suits m, p, s present", NULL)           \
  X(TYPES, "types", RANGE,                                                     \
    "%s of the five types (m, p, s, winds, dragons) present", NULL)            \
  X(EACH_GROUP, "each_group", SET, "every meld and the pair hold %s", NULL)    \
  X(PAIR, "pair", SET, "the pair is %s", NULL)                                 \
  X(CHOWS, "chows", RANGE, "%s chows", NULL)                                   \
  X(PUNGS, "pungs", RANGE, "%s pungs or kongs", NULL)                          \
  X(KONGS, "kongs", RANGE, "%s kongs", NULL)                                   \
  X(EXPOSED_KONGS, "exposed_kongs", RANGE, "%s exposed kongs", NULL)          \
  X(CONCEALED_KONGS, "concealed_kongs", RANGE, "%s concealed kongs", NULL)    \
  X(CONCEALED_PUNGS, "concealed_pungs", RANGE,                                 \
    "%s concealed pungs (concealed kongs included; a pung completed by a "     \
    "discard is exposed)", NULL)                                               \
  X(EXPOSED, "exposed", RANGE,                                                 \
    "%s exposed melds (chow, pung, exposed kong)", NULL)                       \
  X(DECLARED, "declared", RANGE, "%s declared melds", NULL)                    \
  X(QUADS, "quads", RANGE, "%s four-of-a-kind used as two pairs", NULL)        \
  X(FLAG, NULL, FLAG, "%s", NULL)                                              \
  X(DEALER, "dealer", BOOL, "the winner is the dealer",                        \
    "the winner is not the dealer")                                            \
  X(WAIT, "wait", WAIT, "the hand waited on one tile only, %s", NULL)         \
  X(WILD_ACTING, "wild_acting", BOOL, "a wild tile stands for another tile",   \
    "no wild tile stands for another tile")                                    \
  X(WILD_SINGLE, "wild_single", BOOL,                                          \
    "before the winning draw: four complete melds and a lone wild tile "       \
    "(宝吊头)", "not before the winning draw: four complete melds and a "      \
    "lone wild tile (宝吊头)")                                                 \
  X(WIN_TILE, "win_tile", SET, "the winning tile is %s", NULL)                 \
  X(WILD_IN_PLAY, "wild_in_play", BOOL, "wild tiles are in play this hand",    \
    "no tile is wild this hand")                                               \
  X(WILDS, "wilds", RANGE, "%s wild tiles held (at face or not)", NULL)       \
  X(TEMPLATE, "template", TEMPLATE,                                            \
    "the tiles form the fan's pattern in one suit", NULL)                      \
  X(BEFORE_WIN, "before_win", TEMPLATE,                                        \
    "before the win, the concealed tiles form the fan's pattern in one suit",  \
    NULL)                                                                      \
  X(FLOWERS, "flowers", RANGE, "%s flowers", NULL)                             \
  X(KNITTED, "knitted", BOOL,                                                  \
    "the hand holds a knitted straight (147, 258 and 369 in the three "        \
    "suits)", "not: the hand holds a knitted straight (147, 258 and 369 in "   \
    "the three suits)")                                                        \
  X(PAIR_NOT, "pair_not", SET, "the pair is none of %s", NULL)

/* The context-flag fields: each makes an MJ_C_FLAG clause on its flag.
** Y(field, MJ_CTX_ flag, words) */
#define MJ_FLAG_FIELDS(Y)                                                      \
  Y("self", MJ_CTX_SELF, "won by self-draw")                                   \
  Y("last", MJ_CTX_LAST, "won on the last tile of its kind (和绝张)")          \
  Y("wall_last", MJ_CTX_WALL_LAST, "won with the last tile of the wall")      \
  Y("kong", MJ_CTX_KONG, "won on a kong's replacement tile")                   \
  Y("rob", MJ_CTX_ROB, "won by robbing a kong")                                \
  Y("first", MJ_CTX_FIRST, "won in the first go-around")                       \
  Y("touji", MJ_CTX_TOUJI, "won while 偷机 (having declined a 宝吊头 win)")   \
  Y("jiebao", MJ_CTX_JIEBAO, "claimed the fourth 宝 (接宝)")                   \
  Y("sibao", MJ_CTX_SIBAO, "drew the fourth 宝 (四个宝)")                    \
  Y("kaigang", MJ_CTX_KAIGANG, "won on a tile a 开杠 turned up")            \
  Y("riichi", MJ_CTX_RIICHI, "won after declaring riichi")                     \
  Y("double", MJ_CTX_DOUBLE, "won after a double riichi (on one's first "      \
    "discard)")                                                                \
  Y("ippatsu", MJ_CTX_IPPATSU, "won within a go-around of one's riichi, no "   \
    "call between")

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
