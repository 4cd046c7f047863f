/*
** mjai_events.h
** A riichi game's events as mjai's (FORMATS-riichi.md): for the whole
** table (hule export --mjai), or as one seat sees them (the mjai: bots:
** the others' hands and draws "?").
*/
#ifndef HULE_MJAI_EVENTS_H
#define HULE_MJAI_EVENTS_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "game.h"

/* Where the writing of a hand's events stands. */
typedef struct mjai_conv {
  int seat;                /* whose view: -1 the whole table */
  const mj_event *prev;    /* the event before, an indicator's aside */
  int win;                 /* the wins written */
  int reach;               /* a riichi declared; -1 */
  bool reach_out;          /* its discard made, not yet accepted */
  bool first_dora;         /* the deal's indicator is to come */
  bool robbed;             /* a robbed kan's kakan written */
  bool skip_reach;         /* the seat's own reach was sent already */
  bool kakan_told;         /* the kakan up to be robbed was sent already */
  bool disc_red;           /* the last discard was a red five */
  uint8_t pon_red[4][MJ_KINDS];   /* the reds of each seat's pungs */
} mjai_conv;

static inline void mjai_conv_init(mjai_conv *x, int seat)
{
  *x = (mjai_conv){ seat, NULL, 0, -1, false, true, false, false, false,
                    false, { { 0 } } };
}

/* mjai's name of tile t (red: 5mr; E S W N C F P for the honors). */
const char *mjai_pai(mj_tile t, bool red, char buf[4]);

/* The tile mjai's name v names (5mr: red), false when v names none ("?"
   included). */
bool mjai_parse_pai(const cJSON *v, mj_tile *t, bool *red);

/* A new event object of that type appended to out. */
cJSON *mjai_ev(cJSON *out, const char *type);

/* start_kyoku of the hand dealt (its state before any decision), the
   scores before it, the tehais of every seat but seat (>= 0) hidden. */
void mjai_start_kyoku(const mj_game *dealt, const int scores[4], int seat,
                      cJSON *out);

/* The kakan a seat may rob now (the rob phase: the engine writes the
   added kong's event once nobody robbed it), once, appended to out. */
void mjai_rob_kakan(const mj_game *g, mjai_conv *x, cJSON *out);

/* Event i of g as mjai's (none for some), appended to out. */
void mjai_event(const mj_game *g, int i, mjai_conv *x, cJSON *out);

#endif
