/*
** table_rules.h
** The one list of the table rules a ruleset's `table = { ... }` may set.
** From it come the defaults (rules.c), the fields the loader accepts
** with their types, and the range checks of the whole numbers
** (lua/compile.c); the meaning of each is its words here.
**
** X(name, kind, member, default, lo, hi, range, words):
**   kind B a flag, I a whole number in lo..hi (range says so in errors),
**   S a text and T a table, both read by the loader by hand; member is
**   the mj_table field a B or I sets (S and T: none, `_`).
*/
#ifndef MJ_TABLE_RULES_H
#define MJ_TABLE_RULES_H

#define MJ_TABLE_RULES(X)                                                    \
  X(tiles, I, tiles, 136, 108, 144, "108 (suits only), 136 or 144",          \
    "tiles in the wall")                                                     \
  X(flowers, B, flowers, 0, 0, 1, "", "flowers in the wall (144 tiles)")     \
  X(hand, I, hand, 13, 13, 13,                                               \
    "13 (other hand sizes are not supported)", "tiles dealt")                \
  X(chow, B, chow, 1, 0, 1, "", "chows claimed from the previous player")    \
  X(rob_kong, B, rob_kong, 1, 0, 1, "", "robbing an added kong")             \
  X(rob_all, B, rob_all, 0, 0, 1, "",                                        \
    "every robber wins (else the first in turn)")                            \
  X(rob_exposed, B, rob_exposed, 0, 0, 1, "",                                \
    "a kong claimed from a discard may be robbed too")                       \
  X(kong_after_claim, B, kong_after_claim, 1, 0, 1, "",                      \
    "a kong may be declared in a chow or pung turn")                         \
  X(replacement, S, _, 0, 0, 0, "", "\"tail\" or \"head\": where a kong's "  \
    "replacement comes from")                                                \
  X(self_draw_only, B, self_draw_only, 0, 0, 1, "", "no win on a discard")   \
  X(dealer_stays_on_draw, B, dealer_stays_on_draw, 1, 0, 1, "",              \
    "an exhaustive draw: the dealer deals again")                            \
  X(dealer_stays_on_win, B, dealer_stays_on_win, 0, 0, 1, "",                \
    "the dealer wins: he deals again")                                       \
  X(winner_deals, B, winner_deals, 0, 0, 1, "",                              \
    "the winner deals next (over the two above)")                            \
  X(rounds, I, rounds, 4, 1, 4, "1..4", "wind rounds in a match")            \
  X(match_hands, I, match_hands, 0, 0, 1000, "0..1000 (0: the wind rounds)", \
    "hands in a match")                                                      \
  X(wild_kinds, I, wild_kinds, 1, 1, 2,                                      \
    "1 or 2 (the kinds after the indicator)",                                \
    "the kinds after the indicator that are wild")                           \
  X(wild_name, S, _, 0, 0, 0, "", "what the table calls a wild tile")        \
  X(claim_wild, B, claim_wild, 1, 0, 1, "", "a discarded wild may be claimed") \
  X(wild_melds, B, wild_melds, 1, 0, 1, "",                                  \
    "wild tiles may be punged or konged at face")                            \
  X(reserve, I, reserve, 0, 0, 16, "0..16 tiles",                            \
    "tiles kept back at the wall's end (买马)")                              \
  X(wild, S, _, 0, 0, 0, "", "\"indicator\" (the tile after it is wild) "    \
    "or false")                                                              \
  X(cycles, T, _, 0, 0, 0, "", "the indicator's order, tile strings such "   \
    "as \"123456789m\"")                                                     \
  X(cap, I, cap, 0, 0, 20, "0..20 番 (0: none)", "the most 番 counted")      \
  X(swap, I, swap, 0, 0, 4, "0..4 tiles", "换三张: tiles of one suit passed") \
  X(swap_to, T, _, 0, 0, 0, "", "to whom 换三张 passes: \"next\", "          \
    "\"across\", \"previous\", by the dice")                                 \
  X(void_suit, B, void_suit, 0, 0, 1, "", "定缺: a suit each must shed")     \
  X(after_win, S, _, 0, 0, 0, "", "\"end\", \"leave\" (血战) or \"stay\" "   \
    "(血流)")                                                                \
  X(multi_win, B, multi_win, 0, 0, 1, "", "all who win on a discard win")    \
  X(pass_lock, B, pass_lock, 0, 0, 1, "",                                    \
    "过手胡: a passed win locks discard wins until one's next draw")         \
  X(kong_discard, B, kong_discard, 0, 0, 1, "",                              \
    "a discard right after one's kong wins with the kong flag (杠上炮)")

#endif
