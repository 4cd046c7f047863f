/*
** fan_fields.h
** The fields of a fan's table other than its conditions (those are
** core/scoring/clauses.h and its flag fields), in one list: the loader accepts
** them (compile.c) and the reference describes them.
**
** X(field, words); "where" is set by the prelude, never by an author.
*/
#ifndef MJ_FAN_FIELDS_H
#define MJ_FAN_FIELDS_H

#define MJ_FAN_FIELDS(X)                                                       \
  X("where", "set by mj.ruleset: the file and line of the fan")               \
  X("en", "its English name")                                                  \
  X("desc", "a line of teaching text, or { en = ..., zh = ... } in both")     \
  X("example", "a winning hand in notation that scores it")                   \
  X("aliases", "other names people use for it (a list)")                       \
  X("points", "its value in a sum ruleset")                                    \
  X("base", "doubling ruleset: a base value")                                  \
  X("times", "doubling ruleset: a doubling, 2, 4, 8...")                       \
  X("fixed", "doubling ruleset: a fixed total")                                \
  X("plus", "doubling ruleset: an amount added (or \"share\")")               \
  X("fan", "番 ruleset: its 番")                                               \
  X("add", "番 ruleset: 番 added to the others")                               \
  X("flat", "番 ruleset: a flat 番 total")                                     \
  X("han", "parts ruleset: its han (fans added up)")                           \
  X("open", "parts ruleset: its han with a meld claimed (0: concealed "       \
    "hands only)")                                                             \
  X("yakuman", "parts ruleset: a limit hand, counted so many times")           \
  X("shape", "the shapes it needs: \"standard\", \"seven_pairs\", "          \
    "\"thirteen_orphans\", \"honors_knitted\", \"knitted_straight\", "        \
    "\"shisanlan\", \"jiuyao\", \"none\", or a list")                         \
  X("honors", "true: some tile is an honor; false: none is")                   \
  X("melds", "a meld combination: chow\"a\", pung\"a+1\", pair(DRAGONS), "    \
    "meld() with rank variables and offsets")                                  \
  X("alt", "another combination that also counts")                             \
  X("alts", "several other combinations that also count")                      \
  X("same_suit", "the combination's melds are of one suit")                    \
  X("mixed_suits", "the combination's melds are of three suits")               \
  X("count", "counted per item: \"flowers\", \"tile_hogs\", \"fours\", "    \
    "\"feibao\", \"horses\", \"streak\", \"niao\", \"reds\", \"dora\" or "     \
    "\"ura\" (the tiles after the indicators)")             \
  X("excludes", "不计: fans it implies (a name, or { name, n })")              \
  X("excludes_melds", "fans whose melds it already used")                      \
  X("alone", "it stands alone: no other fan counts with it")                  \
  X("fallback", "it counts only when no other fan does")                       \
  X("bonus", "it does not count toward the minimum")                           \
  X("state", "a state shown with the hand, never scored")                      \
  X("factor", "a factor of the payment (birds, a self-draw's share), not a "  \
    "pattern: counted, explained, left out of the batch's list of fans")       \
  X("dealt", "scored on the dealt tiles, a declaration (起手胡; context "        \
    "qishou), never on a win")                                                 \
  X("test", "function(view) returning true, false or a count")

#endif
