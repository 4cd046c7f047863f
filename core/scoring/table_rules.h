/*
** table_rules.h
** The one list of the table rules a ruleset's `table = { ... }` may set,
** in three parts by kind. From it come the defaults (rules.c), the
** fields the loader accepts with their types, the flags and numbers it
** sets, and the range checks of the numbers (lua/compile.c); the meaning
** of each is its words. Each flag's and number's field in mj_table has
** its name.
**
**   MJ_TABLE_FLAGS(X)    X(name, default, words)
**   MJ_TABLE_NUMBERS(X)  X(name, default, lo, hi, range, words): range is
**                        what an error past lo..hi says
**   MJ_TABLE_OTHERS(X)   X(name, Lua type, words): a text or a table the
**                        loader reads by hand
*/
#ifndef MJ_TABLE_RULES_H
#define MJ_TABLE_RULES_H

#define MJ_TABLE_FLAGS(X)                                                    \
  X(flowers, 0, "flowers in the wall (144 tiles)")                           \
  X(chow, 1, "chows claimed from the previous player")                       \
  X(rob_kong, 1, "robbing an added kong")                                    \
  X(rob_all, 0, "every robber wins (else the first in turn)")                \
  X(rob_concealed_orphans, 0, "a concealed kong may be robbed by a win "  \
    "of thirteen orphans (国士無双) on its tile")                             \
  X(rob_exposed, 0, "a kong claimed from a discard may be robbed too")       \
  X(kong_after_claim, 1, "a kong may be declared in a chow or pung turn")    \
  X(self_draw_only, 0, "no win on a discard")                                \
  X(dealer_stays_on_draw, 1, "an exhaustive draw: the dealer deals again")   \
  X(dealer_stays_on_win, 0, "the dealer wins: he deals again")               \
  X(winner_deals, 0, "the winner deals next (over the two above)")           \
  X(claim_wild, 1, "a discarded wild may be claimed")                        \
  X(wild_melds, 1, "wild tiles may be punged or konged at face")             \
  X(void_suit, 0, "定缺: a suit each must shed")                             \
  X(multi_win, 0, "all who win on a discard win")                            \
  X(pass_lock, 0, "过手胡: a passed win locks discard wins until one's "     \
    "next draw")                                                             \
  X(kong_discard, 0, "a discard right after one's kong wins with the kong "  \
    "flag (杠上炮)")                                                          \
  X(last_offer, 0, "海底: the wall's last tile is offered to each in turn "  \
    "from the one due to draw; the taker must win with it if he can, else "  \
    "it is his discard, claimed only by a win; all refusing: a drawn hand; " \
    "no kong takes it")                                                      \
  X(open_claim_melds, 0, "开杠's tiles nobody wins on may then be claimed "  \
    "in turn as discards, one of them at most (else they are won on only)")  \
  X(furiten, 0, "振聴: no win on a discard or a robbed kong while a tile "   \
    "the hand waits on is among one's own discards (claimed ones too); "     \
    "with pass_lock, a win passed by a fixed hand (riichi) locks discard "   \
    "wins for the rest of the hand")                                         \
  X(bust, 0, "飛び: the match ends once a score is below 0")                 \
  X(stop_when_top, 0, "アガリ止め: in the match's last hand (or later), "    \
    "a dealer who wins while first (and at target) ends the match")          \
  X(swap_calling, 1, "食い替え: a chow's or pung's player may discard "    \
    "the tile he claimed and, of a chow, the tile at its other end (off: "   \
    "he may not, and a call that leaves nothing else is not offered)")      \
  X(explain_pay, 0, "score's explanation ends with what each payer pays, "  \
    "the ruleset's settle asked for the hand (the dealer East)")             \
  X(first_any_discard, 0, "a win on any discard of the first go-around "   \
    "before one's own first discard, no call before, is in the first "      \
    "go-around (first; else on the dealer's first discard only)")          \
  X(flower_kong, 0, "a win on a flower's replacement counts as one on a "  \
    "kong's (槓上開花)")                                                      \
  X(flower_rob, 0, "七搶一: a player holding seven flowers takes the "     \
    "eighth when another draws it, with its replacement from the tail, "    \
    "and wins at once (any hand, as a fan of eight flowers not self-drawn "  \
    "scores it); its drawer pays as a discarder")                            \
  X(indicator_after_discard, 0, "an exposed or added kong turns its "        \
    "indicator after its player's next discard (a concealed kong's: at "      \
    "once)")

#define MJ_TABLE_NUMBERS(X)                                                  \
  X(tiles, 136, 4, 144, "108 (suits only), 136 or 144, or what kinds gives", \
    "tiles in the wall")                                                     \
  X(players, 4, 2, 4, "2..4", "seats at the table: the deal, the turn "    \
    "order, the seat winds and the payments go round so many")               \
  X(hand, 13, 13, 16, "13 or 16", "tiles dealt: a win is four sets and a " \
    "pair, or five at 16")                                                   \
  X(rounds, 4, 1, 4, "1..4", "wind rounds in a match")                       \
  X(match_hands, 0, 0, 1000, "0..1000 (0: the wind rounds)",                 \
    "hands in a match")                                                      \
  X(wild_kinds, 1, 1, 2, "1 or 2 (the kinds after the indicator)",           \
    "the kinds after the indicator that are wild")                           \
  X(reserve, 0, 0, 16, "0..16 tiles",                                        \
    "tiles kept back at the wall's end (买马)")                              \
  X(cap, 0, 0, 20, "0..20 番 (0: none)", "the most 番 counted")              \
  X(red_fives, 0, 0, 4, "0..4 of each suit (0: none)",                       \
    "red fives (0m 0p 0s): so many of each suit's 5s are red")               \
  X(red_suits, 7, 1, 7, "1..7 (1 m, 2 p, 4 s: 6 for 0p and 0s)",          \
    "the suits whose fives red_fives makes red")                             \
  X(swap, 0, 0, 4, "0..4 tiles", "换三张: tiles of one suit passed")         \
  X(target, 0, 0, 1000000, "0..1000000 (0: none)", "after the last wind "   \
    "round, the match goes on (one round more at most) until a player has "  \
    "this (Tenhou's West round: 30000)")                                     \
  X(start_score, 0, 0, 1000000, "0..1000000",                                \
    "each player's score when a match (or a lone hand) starts (riichi: "     \
    "25000)")                                                                \
  X(return_score, 0, 0, 1000000, "0..1000000 (0: the start score)",       \
    "a match's placement counts each score from this; the first player "    \
    "also takes the difference from the start score times the players "     \
    "(oka; riichi: 30000)")                                                  \
  X(indicators, 0, 0, 5, "0..5 (0: none)", "dora: so many indicators (and "   \
    "under each an ura indicator) set aside before the replacement tiles; "  \
    "one is turned at the deal, one more for each kong; the wins get them "  \
    "as dora= (ura= for a riichi or double winner)")                         \
  X(open_kong, 0, 0, 4, "0..4 tiles (0: none)", "开杠: a kong its player "    \
    "is ready after may instead turn so many tiles from the tail: he may "   \
    "win on one (kaigang, self-drawn), else they are his discards, which "   \
    "only a win may claim; then his hand is fixed")

#define MJ_TABLE_OTHERS(X)                                                   \
  X(replacement, LUA_TSTRING, "\"tail\" or \"head\": where a kong's "        \
    "replacement comes from")                                                \
  X(wild_name, LUA_TSTRING, "what the table calls a wild tile")              \
  X(kinds, LUA_TSTRING, "the tile kinds the wall holds, four of each, in "   \
    "notation (three-player riichi: \"19m123456789p123456789s1234567z\"); "  \
    "tiles must then be four a kind, eight more with flowers")               \
  X(turned_name, LUA_TSTRING, "what the table calls a tile turned up after a " \
    "win (\"bird\" or { en = \"bird\", zh = \"扎鸟\" }), shown in the event "   \
    "that turns it")                                                          \
  X(wild, LUA_TSTRING, "\"indicator\" (the tile after it is wild) or false") \
  X(cycles, LUA_TTABLE, "the indicator's order, tile strings such as "       \
    "\"123456789m\"")                                                        \
  X(swap_to, LUA_TTABLE, "to whom 换三张 passes: \"next\", \"across\", "     \
    "\"previous\", by the dice")                                             \
  X(after_win, LUA_TSTRING, "\"end\", \"leave\" (血战) or \"stay\" (血流)") \
  X(uma, LUA_TTABLE, "a match's placement: what each place adds, in "      \
    "thousands, first to last, summing to 0 (riichi: { 20, 10, -10, -20 })")

#endif
