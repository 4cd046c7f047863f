/*
** bind.h
** Helpers the binding files share.
*/
#ifndef MJ_BIND_H
#define MJ_BIND_H

#include "game.h"
#include "hand.h"
#include "rules.h"
#include "score.h"

typedef struct lua_State lua_State;

mj_hand *mj_lua_checkhand(lua_State *L, int idx);
mj_hand *mj_lua_newhand(lua_State *L);
/* A hand value or a text parsed into one (which replaces the text). */
mj_hand *mj_lua_tohand(lua_State *L, int idx);
/* Ruleset by id at idx, or the current one (mcr when none). */
const mj_rules *mj_lua_optrules(lua_State *L, int idx);

/* A score as a table: total, fans, states, exempt, reading, text...
   [-0, +1, m] */
/* An event as { type, player, tile, from } (seats from 1). [-0, +1, m] */
void mj_lua_push_event(lua_State *L, const mj_event *e);
/* The game's events as texts, a list. [-0, +1, m] */
void mj_lua_push_event_texts(lua_State *L, const mj_game *g);
/* g:event(i) for the index at idx: the event's table, or nothing past
   the ends; the number of results. */
int mj_lua_event_at(lua_State *L, const mj_game *g, int idx);
/* g:discards(p): p's discards in order, in notation, and how many of
   them were claimed (a pond read without a table an event). [-0, +2, m] */
int mj_lua_push_discards(lua_State *L, const mj_game *g, int p);
/* A fan as { id, en }. [-0, +1, m] */
void mj_lua_push_fan(lua_State *L, const mj_fan_def *f);
/* The fans a score counted: a list of { id, en, count, value }, in the
** ruleset's order; by_id: each also under its id (view.c). [-0, +1, m] */
void mj_lua_push_hits(lua_State *L, const mj_rules *r, const mj_score *s,
                      bool by_id);
void mj_lua_push_score(lua_State *L, const mj_rules *r, const mj_hand *h,
                       const mj_score *s);

/* A game's ledger as a list of { payer, payee, amount, reason, event,
   moved, refunded, of } (seats and indexes from 1). [-0, +1, m] */
void mj_lua_push_ledger(lua_State *L, const mj_game *g);

/* Push an empty box and return its slot: what malloc'd memory is put
   there is freed when the box is collected, so it outlives no error
   raised while it is held (make the box first, then the memory).
   [-0, +1, m] */
void **mj_lua_newbox(lua_State *L);

void mj_lua_open_hand(lua_State *L);
void mj_lua_open_game(lua_State *L);
void mj_lua_open_score(lua_State *L);

#endif
