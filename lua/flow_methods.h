/*
** flow_methods.h
** What a hook's game handle g offers, in one list: the methods of
** lua/flow.c and the reference follow it.
**
** X(name, call, words)
*/
#ifndef MJ_FLOW_METHODS_H
#define MJ_FLOW_METHODS_H

#define MJ_FLOW_METHODS(X)                                                     \
  X(pay, "g:pay(payer, payee, amount, reason)", "a payment (amount "          \
    "1..1000000, reason a name of at most 47 bytes); either may be \"pot\", " \
    "the table's pot (riichi's sticks: carried from hand to hand, paid out "  \
    "only what it holds); returns its index in the ledger")                   \
  X(pot, "g:pot()", "what the pot holds now")                                \
  X(abort, "g:abort(name [, p])", "the hand is called off, drawn, named "    \
    "(an abortive draw: 九種九牌, 四風連打, 四家立直), p causing it: at once "   \
    "from an in-turn declaration's on_declare, else once the discard now "   \
    "up is not won on, before any meld on it")                               \
  X(waits, "g:waits(p)", "the kinds p's hand waits on, by its shape, in "    \
    "notation (\"\" when not ready): 聴牌 at a drawn hand")                   \
  X(honba, "g:honba()", "the hand's counter (本場): hands drawn or kept by "  \
    "the dealer since the deal last moved")                                   \
  X(pay_each, "g:pay_each(payee, amount, reason)", "each other player "       \
    "still in pays; returns how many paid")                                    \
  X(transfer, "g:transfer(i, to, reason)", "entry i's money goes on to seat " \
    "to (呼叫转移)")                                                          \
  X(refund, "g:refund(i, reason)", "entry i's money goes back to its payer " \
    "(退税)")                                                                 \
  X(ledger, "g:ledger()", "every payment: payer, payee, amount, reason, "     \
    "event, moved, refunded, of")                                              \
  X(turn_tiles, "g:turn_tiles(n)", "turns up to n tiles from the head of "    \
    "the wall (the reserve kept for it first), face up; returns them")         \
  X(turned_for, "g:turned_for(k, seat)", "the k-th tile turned this call "    \
    "names seat (a horse, a bird): its event says so")                         \
  X(show, "g:show(p, tiles)", "p shows those of his tiles face up to all "  \
    "until his next draw (a declaration's: 起手胡)")                           \
  X(get, "g:get(p, name)", "p's state name (R.state): a number, or a "        \
    "boolean for a flag")                                                      \
  X(set, "g:set(p, name, value)", "sets p's state (0..30000, or a boolean)")  \
  X(active, "g:active(p)", "p is still in play (not left after a win)")       \
  X(wins, "g:wins(p)", "p's wins this hand")                                   \
  X(dealer, "g:dealer()", "the dealer's seat 1..n")                           \
  X(players, "g:players()", "n, the seats at the table (table rule players): " \
    "seats are 1..n, the one after p is p % n + 1")                          \
  X(streak, "g:streak()", "the dealer's wins in a row before this hand")      \
  X(missing, "g:missing(p)", "p's missing suit (定缺): \"m\", \"p\", \"s\" "  \
    "or nil")                                                                  \
  X(holds_missing, "g:holds_missing(p)", "p holds a tile of his missing "     \
    "suit (花猪)")                                                             \
  X(best_win, "g:best_win(p)", "the best total p could win on a discard now " \
    "(0: not ready), and its tile")                                            \
  X(hand, "g:hand(p)", "p's hand in notation (his own concealed tiles "       \
    "and melds)")                                                              \
  X(score_hand, "g:score_hand(p, context)", "p's hand scored by the "         \
    "ruleset with the context (\"qishou\": the dealt tiles as a "             \
    "declaration): total and fans, or nil and why")                            \
  X(count, "g:count(p, tile)", "copies of tile in p's concealed hand "        \
    "(\"wild\": his wild tiles)")                                              \
  X(is_wild, "g:is_wild(tile)", "tile is wild this hand")                     \
  X(wild_single, "g:wild_single(p [, tile])", "p's hand, without tile, is "   \
    "one lone wild and complete melds (宝吊头)")                              \
  X(wall_left, "g:wall_left()", "tiles left to draw")                         \
  X(discards, "g:discards(p)", "p's discards in order, in notation, and how " \
    "many of them were claimed (by a meld or a win)")                          \
  X(nevents, "g:nevents()", "how many events so far")                         \
  X(event, "g:event(i)", "event i: type, player, tile, from (events below)")  \
  X(events, "g:events()", "the events as texts, a list")                     \
  X(match_get, "g:match_get(name)", "the match's number name (R.match_"     \
    "state): it lasts from hand to hand of a match, 0 at its start")        \
  X(match_set, "g:match_set(name, value)", "sets the match's number name "  \
    "(0..30000) for this hand and the next ones")

#endif
