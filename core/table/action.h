/*
** action.h
** Actions and events as text (the game itself knows no words).
*/
#ifndef MJ_ACTION_H
#define MJ_ACTION_H

#include <stddef.h>

#include "game.h"

const char *mj_act_name(int type);

/*
** Read an action of player p as typed: "d 5m" (or "5m"), "chi" or
** "chi 345m" (or "chi 3m"), "pon", "kong" or "kong 5m" (exposed, concealed
** or added, whichever is legal), "hu", "pass". It must be legal now; the
** error lists what is.
*/
mj_status mj_action_parse(const mj_game *g, int p, const char *text,
                          mj_action *out, mj_error *err);

/* The action type a verb names ("pon", "碰", "tsumo", "打"; any case),
   -1 when none does. */
int mj_action_verb(const char *word);

/* Like mj_action_parse, and "swap 1m2m3m" is the three actions of passing
** those tiles, legal together (tried on a copy of the game) or refused. */
mj_status mj_action_parse_many(const mj_game *g, int p, const char *text,
                               mj_action *out, int max, int *n, mj_error *err);

/* An event as text, players named by names[] ("E draws 5m"); the player
** you (-1: none) is addressed in the second person ("You draw 5m"); g
** (or NULL) names the ruleset's declarations. */
size_t mj_event_print(const mj_game *g, const mj_event *e,
                      const char *const names[4], int you, char *buf,
                      size_t cap);
/* "d 5m", "chi 345m", "pon", "kong", "hu", "pass", "ckong 5m", "akong 5m" */
size_t mj_action_print(const mj_action *a, char *buf, size_t cap);
/* The same, a declaration by its name in g's rules ("declare 起手胡"; the
   one above says "declare 1"). */
size_t mj_action_print_in(const mj_game *g, const mj_action *a, char *buf,
                          size_t cap);

#endif
