/*
** hooks.h
** The flow hooks a ruleset may define, in one list: the enum (rules.h),
** the fields the loader reads (lua/flow.c) and the reference follow it.
**
** X(KIND, field, call, when, receives)
*/
#ifndef MJ_HOOKS_H
#define MJ_HOOKS_H

#define MJ_HOOKS(X)                                                            \
  X(KONG, "on_kong", "R.on_kong(g, k)",                                        \
    "a kong was declared, before its replacement",                            \
    "k.player, k.kind (\"exposed\", \"added\", \"concealed\"), k.tile, "       \
    "k.from")                                                                  \
  X(WIN, "on_win", "R.on_win(g, w)", "the wins on one tile were settled",     \
    "w.winners (in turn order), w.payer, w.tile")                              \
  X(END, "on_end", "R.on_end(g)",                                              \
    "the hand is over (wall end, or the last winner)", "nothing more")         \
  X(DEALER, "next_dealer", "R.next_dealer(g)",                                 \
    "after on_end: return a seat 1..4 (nil: the table rule)", "nothing more") \
  X(START, "on_start", "R.on_start(g)",                                        \
    "dealt and the wild known, before the dealer's first draw",               \
    "nothing more")                                                            \
  X(DRAW, "on_draw", "R.on_draw(g, p, tile)", "p drew tile (not a flower)",   \
    "the seat 1..4 and the tile")                                              \
  X(DISCARD, "on_discard", "R.on_discard(g, p, tile)",                         \
    "p discarded tile, before anyone may claim it",                           \
    "the seat 1..4 and the tile")                                              \
  X(DECLINE, "on_decline", "R.on_decline(g, p, tile)",                         \
    "p could win on his draw of tile and discards instead",                   \
    "the seat 1..4 and the tile")                                              \
  X(WINNING, "on_winning", "R.on_winning(g, w)",                               \
    "wins are declared on a tile, before they are scored (horses turned, "    \
    "states set)", "w.winners, w.payer, w.tile")                              \
  X(CAN_DECLARE, "can_declare", "R.can_declare(g, p, name)",                   \
    "a declaration of R.declarations may be offered to p: return true to "    \
    "offer it (no can_declare: always offered)",                              \
    "the seat 1..4 and the declaration's name")                               \
  X(DECLARE, "on_declare", "R.on_declare(g, p, name)",                         \
    "p made the declaration (its payments, its states)",                      \
    "the seat 1..4 and the declaration's name")

#endif
