/*
** game_methods.h
** What a script's game (mj.game{...}) offers, in one list: the methods
** of lua/bind_game.c and the reference follow it. A name a hook's g also
** has (flow_methods.h) means the same there.
**
** X(name, how, call, words): how is FN (its own function g_name), INFO
** (the game's state, no argument) or SEAT (of a seat).
*/
#ifndef MJ_GAME_METHODS_H
#define MJ_GAME_METHODS_H

#define MJ_GAME_METHODS(X)                                                     \
  X(act, FN, "g:act(p, text)", "player p (1..4 or \"E\", \"S\", \"W\", "      \
    "\"N\") does what the text says (\"d 5m\", \"hu\", \"declare 起手胡\"); "  \
    "refused: an error, nothing changed")                                      \
  X(try, FN, "g:try(p, text)", "the same, answering false and why instead "   \
    "of raising")                                                              \
  X(can, FN, "g:can(p, text)", "whether p may do it now")                     \
  X(legal, FN, "g:legal(p)", "p's legal actions now, as texts")               \
  X(pass, FN, "g:pass()", "every claim and declaration waiting is let go "    \
    "(not a turn, not the offer of the last tile)")                            \
  X(play, FN, "g:play(bots)", "bots play to the end (a kind, or a list of "   \
    "four)")                                                                   \
  X(step, FN, "g:step(bots)", "bots make one decision")                       \
  X(hand, FN, "g:hand(p)", "p's hand in notation")                            \
  X(discards, FN, "g:discards(p)", "p's discards in notation, and how many " \
    "were claimed")                                                            \
  X(state, FN, "g:state(p, name)", "p's state of the ruleset's (R.state)")    \
  X(aside, SEAT, "g:aside(p)", "the tiles p set aside in his turns (北抜き), " \
    "in notation")                                                             \
  X(flowers, SEAT, "g:flowers(p)", "the flowers p holds, set aside face up " \
    "in the order drawn, in notation (\"15f\")")                              \
  X(players, INFO, "g:players()", "the seats at the table")                  \
  X(indicator, FN, "g:indicator()", "the tile turned for the wild tile")      \
  X(wild, FN, "g:wild()", "the wild tiles of the hand")                       \
  X(payments, FN, "g:payments()", "the four nets of the hand so far")         \
  X(ledger, FN, "g:ledger()", "every payment: payer, payee, amount, reason")  \
  X(scores, FN, "g:scores()", "the four scores")                              \
  X(winners, FN, "g:winners()", "the seats that won, in order")               \
  X(result, FN, "g:result(p)", "p's win: total and fans")                     \
  X(events, FN, "g:events()", "the events as texts, a list")                  \
  X(nevents, FN, "g:nevents()", "how many events so far")                     \
  X(event, FN, "g:event(i)", "event i: type, player, tile, from")             \
  X(log, FN, "g:log()", "the hand's replay log (JSON Lines)")                 \
  X(save, FN, "g:save(path)", "the log written to path (refused in the "      \
    "sandbox)")                                                                \
  X(turn, INFO, "g:turn()", "the player to move")                             \
  X(dealer, INFO, "g:dealer()", "the dealer's seat")                          \
  X(wall_left, INFO, "g:wall_left()", "tiles left to draw")                   \
  X(over, INFO, "g:over()", "the hand is over")                               \
  X(drawn, INFO, "g:drawn()", "it ended with nobody winning")                 \
  X(next_dealer, INFO, "g:next_dealer()", "who deals the next hand")          \
  X(pot, INFO, "g:pot()", "what the table's pot holds (riichi's sticks)")     \
  X(honba, INFO, "g:honba()", "the hand's counter (本場)")                    \
  X(last_draw, INFO, "g:last_draw()", "the last tile drawn")                  \
  X(payer, INFO, "g:payer()", "who pays the win (nil: self-drawn)")           \
  X(phase, INFO, "g:phase()", "turn, claim, rob, swap, que, declare, offer, " \
    "open or over")                                                            \
  X(dice, INFO, "g:dice()", "the dice's sum")                                 \
  X(swap_to, INFO, "g:swap_to()", "where 换三张 passed the tiles (nil "       \
    "before)")                                                                 \
  X(active, SEAT, "g:active(p)", "p is still in play")                        \
  X(missing, SEAT, "g:missing(p)", "p's missing suit (定缺)")                  \
  X(wins, SEAT, "g:wins(p)", "p's wins this hand")

#endif
