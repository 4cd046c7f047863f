/*
** ruleset_fields.h
** The fields of a ruleset an author gives (in mj.ruleset{...}, R:set{...}
** or R.field = ...), in one list: the loader refuses any other name at
** the line that writes it, with the nearest known name, and a value of
** another type (builder.c hands the list to the prelude); the reference
** describes them. Hooks are hooks.h's, and belong here too.
**
** X(field, Lua type, words)
*/
#ifndef MJ_RULESET_FIELDS_H
#define MJ_RULESET_FIELDS_H

#define MJ_RULESET_FIELDS(X)                                                  \
  X("id", "string", "its name: letters, digits, - and _")                     \
  X("title", "text", "a line that names it for people")                       \
  X("version", "string", "its version, written in logs (default \"1\")")      \
  X("description", "text", "a paragraph: what it is, where from")             \
  X("source", "string", "the rule book it follows")                           \
  X("shapes", "table", "the winning shapes: \"standard\", \"seven_pairs\", "  \
    "\"thirteen_orphans\", ... (default standard only)")                      \
  X("wait_shapes", "table", "the shapes whose waits count as ready")          \
  X("pair_quads", "boolean", "four of a kind may be two pairs (default "      \
    "true)")                                                                  \
  X("scoring", "string", "\"sum\", \"doubling\", \"fan\" (番) or \"parts\" "    \
    "(han and fu)")                                                           \
  X("parts", "table", "parts scoring: the parts (fu) table, the limits and "  \
    "the payments (see the reference)")                                       \
  X("refuse", "table", "context a win may not hold together: lists of flags " \
    "and \"open\" ({ \"riichi\", \"open\" })")                              \
  X("account_once", "boolean", "MCR's principles: 不重复, 不拆移, 不得相同, " \
    "套算一次")                                                               \
  X("fixed_or_own", "boolean", "a fixed-value win or the hand's own value, "  \
    "the better")                                                             \
  X("knitted_waits", "boolean", "a wait fan may count on a tile of the "       \
    "组合龙 that also completes the meld or pair outside it (default "       \
    "true; false: never on its tiles)")                                       \
  X("min_points", "number", "the least a win must score")                     \
  X("unit", "string", "what a point is called in sum scoring (default "       \
    "\"fan\"; 长沙: \"分\")")                                               \
  X("context", "table", "the ruleset's own context tokens it reads")          \
  X("match_state", "table", "numbers of the match's own, by name "          \
    "({ \"run\" }): g:match_get and g:match_set in the hooks; each lasts "  \
    "from hand to hand of a match and is logged, 0 at the match's start")    \
  X("context_words", "table", "context words of its own, each { \"kita\", "  \
    "max = 4, desc = \"...\" }: written kita=N in a hand's context, read by "  \
    "a fan's count = \"kita\" and by tests as v.words.kita")                 \
  X("exclusive", "table", "context flags a win holds one of at most "         \
    "({ \"first\", \"wall-last\", \"kong\", \"rob\" })")                     \
  X("options", "table", "options: name = { default =, desc =, choices =, "     \
    "min =, max =, kind = \"tile\" }")                                       \
  X("table", "table", "the table rules (the reference's table)")              \
  X("wild", "table", "a fixed wild tile set, or false")                       \
  X("state", "table", "per-player states: { \"name\", label =, ... }")        \
  X("watch", "table", "the draws and discards the hooks hear of")             \
  X("declarations", "table", "what a player may declare: { { \"name\", "     \
    "label =, when = \"deal\" } }")                                          \
  X("settle", "function", "settle(w): the four payments of a win")            \
  X("on_kong", "function", "the hook: a kong was declared")                   \
  X("on_win", "function", "the hook: the wins on one tile were settled")      \
  X("on_end", "function", "the hook: the hand is over")                       \
  X("next_dealer", "function", "the hook: who deals next")                    \
  X("on_start", "function", "the hook: dealt, before the first draw")         \
  X("on_draw", "function", "the hook: a player drew a tile")                  \
  X("on_discard", "function", "the hook: a player discarded a tile")          \
  X("on_decline", "function", "the hook: a player passed a win on his draw")  \
  X("on_winning", "function", "the hook: wins declared, before scoring")      \
  X("can_declare", "function", "the hook: may p make the declaration now?")   \
  X("on_declare", "function", "the hook: p made a declaration")

/* The fields of a state (state = { { "name", ... } }), of a declaration
   (declarations = { { "name", ... } }) and of an option's declaration
   (options = { name = { ... } }): X(field, words). */
#define MJ_STATE_FIELDS(X)                                                    \
  X("label", "what the table shows (none: not shown)")                        \
  X("private", "shown to its owner only until the hand ends")                 \
  X("flag", "a yes/no state")                                                 \
  X("token", "while set, it feeds this context token to its owner's wins")    \
  X("on", "which wins get the token: \"self\", \"discard\" or \"any\"")      \
  X("wild_tile", "only wins on a wild tile")                                  \
  X("turn", "cleared when its owner discards or declares a kong")             \
  X("call", "cleared when anyone claims a meld or declares a kong (一発)")

#define MJ_DECL_FIELDS(X)                                                     \
  X("label", "what the table shows (default: the name)")                      \
  X("when", "\"deal\": after the deal, each in turn from the dealer; "        \
    "\"discard\": with a discard in one's turn (declare riichi 5p)")          \
  X("concealed", "(with a discard) only by a hand without a claimed meld")   \
  X("ready", "(with a discard) only with a discard that leaves it ready")     \
  X("fix", "(with a discard) the hand is then fixed: it throws what it "      \
    "draws unless it wins, and may make only a concealed kong that changes "  \
    "no wait")                                                                \
  X("min_score", "(with a discard) only by a player with this score or "    \
    "more")                                                                   \
  X("min_wall", "(with a discard) only with this many tiles left to draw")

#define MJ_OPTION_FIELDS(X)                                                   \
  X("default", "its value when the player gives none")                        \
  X("desc", "what it does, for help and diff")                                \
  X("choices", "the values it may take, a list")                              \
  X("min", "the least value (a number)")                                      \
  X("max", "the most value (a number)")                                       \
  X("kind", "\"tile\": its value is a tile (false: none)")

#endif
