/*
** match.h
** A match of hands: the scores carried, the deal and the wind moving.
*/
#ifndef MJ_MATCH_H
#define MJ_MATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

/*
** A match: hands one after another, the scores carried, the deal and the
** prevailing wind moving as the ruleset says. It ends after hands hands,
** or (hands 0) when the table's wind rounds (four) are played.
*/
typedef struct mj_match {
  const mj_rules *r;
  uint64_t seed;
  int hands;            /* 0: the wind rounds */
  int hand_no;          /* hands dealt so far */
  int first_dealer;     /* who dealt the match's first hand */
  int np;               /* seats at the table (table rule players) */
  int dealer, round;
  int scores[4];
  int streak;           /* the dealer's wins in a row (节节高) */
  int state[MJ_MATCH_STATES];   /* the ruleset's numbers (R.match_state) */
  int honba;            /* hands drawn or kept by the dealer since the
                           deal last moved (本場) */
  int pot;              /* on the table (riichi's sticks); at the match's
                           end, the first player's */
  bool over;
} mj_match;

void mj_match_init(mj_match *m, const mj_rules *r, uint64_t seed, int hands,
                   int dealer);
/* The next hand of the match (its seed mixed from the match's and the
** hand's number). NULL (and err) when the match is over. */
mj_game *mj_match_deal(mj_match *m, mj_error *err);
/* Record a finished hand: scores, the next dealer, the wind, the end. */
void mj_match_record(mj_match *m, const mj_game *g);

/* The placement of scores (place[p]: 0 for the first; a tie to the
   player nearest first_dealer in turn) and, as the table's return score,
   oka and uma count it, each player's result in tenths of a thousand
   points (+55.3 is 553). */
void mj_match_standings(const mj_rules *r, const int scores[4],
                        int first_dealer, int place[4], int result[4]);

#endif
