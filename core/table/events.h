/*
** events.h
** What can happen in a hand, in one list: the event types of game.h,
** their names in logs and in hooks (g:event(i).type), and the reference
** follow it.
**
** X(KIND, name, words)
*/
#ifndef MJ_EVENTS_H
#define MJ_EVENTS_H

#define MJ_EVENTS(X)                                                           \
  X(DEAL, "deal", "player was dealt his tiles")                                \
  X(INDICATOR, "indicator", "tile was turned up to name the wild tile, or "  \
    "as a dora indicator (from 0)")                                            \
  X(DRAW, "draw", "player drew tile (from the tail: a kong's or a flower's "  \
    "replacement)")                                                            \
  X(FLOWER, "flower", "player set the flower tile aside")                      \
  X(DISCARD, "discard", "player discarded tile")                               \
  X(CHI, "chi", "player chowed from's discard (tile: the chow's lowest)")      \
  X(PON, "pon", "player punged from's discard tile")                           \
  X(KONG, "kong", "player konged from's discard tile")                         \
  X(CKONG, "ckong", "player declared a concealed kong of tile")                \
  X(AKONG, "akong", "player added tile to his pung")                           \
  X(PASS, "pass", "player let from's tile go")                                 \
  X(WIN, "win", "player won on tile (from: who pays, none: self-drawn)")       \
  X(DRAWN, "drawn", "the wall ran out: the hand ended")                        \
  X(DECLINE, "decline", "player could win on his draw of tile and did not")   \
  X(SWAP, "swap", "player passed his tiles (换三张) to from")                  \
  X(QUE, "que", "player's missing suit (定缺) is tile's")                      \
  X(TURNED, "turned", "tile was turned from the wall by a hook (a horse, a "  \
    "bird); player: the seat it names, if named")                              \
  X(DECLARE, "declare", "player made the ruleset's declaration (tile: its "   \
    "index, from 0)")                                                          \
  X(REFUSE, "refuse", "player let the wall's last tile go (海底)")            \
  X(OPEN, "open", "player's open kong (开杠) turned tile up from the tail")  \
  X(ABORT, "abort", "the hand was called off by the ruleset, drawn "         \
    "(九種九牌, 四風連打...): tile is its name's index among the payments' "   \
    "reasons; player who caused it, if one did")                              \
  X(ASIDE, "aside", "player set tile aside face up in his turn (北抜き), "  \
    "a declaration's; replaced from the tail unless won on")

#endif
