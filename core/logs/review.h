/*
** review.h
** A hand reviewed after the fact: one seat's decisions replayed, each set
** beside what the strong bot would have done in the same state.
*/
#ifndef MJ_REVIEW_H
#define MJ_REVIEW_H

#include <stdbool.h>

#include "game.h"

typedef struct mj_review_item {
  int index;               /* the decision's index among the game's */
  int number;              /* the player's decision it is, from 1 (of the
                              decisions with a choice) */
  int wall;                /* tiles left in the wall then */
  mj_action yours, bot;    /* what was done; what the bot would do */
  bool differ;
  /* when both are discards: the bot's view of each (after the discard) */
  bool discards;
  int your_shanten, your_useful, bot_shanten, bot_useful;
  const char *your_target, *bot_target;   /* an MCR fan's name, or "-" */
  bool dealt_in;           /* this discard (or added kong) was won on */
  char why[240];           /* the bot's tile is the safer: why ("3 of it
                              in sight; North threw it ..."), or "" */
  char richer[200];        /* the bot's discard wins more: how
                              (mj_bot_why_richer), or "" */
} mj_review_item;

typedef struct mj_review {
  int seat;                /* the player reviewed */
  int decisions;           /* decisions with a choice (two legal actions
                              or more) */
  int differ;              /* of them, where the bot would act otherwise */
  int further;             /* ... and your discard left a worse shanten */
  int dealt_in;            /* the winner's total when you dealt in, or 0 */
  int winner;              /* who won on your tile, -1 none */
  int nitems;              /* the differing decisions, and the deal-in */
  mj_review_item *items;
} mj_review;

/*
** Review player p's decisions in g (finished or not), replaying it from
** its configuration. MJ_ENOMEM, or an error of the ruleset's own code.
*/
mj_status mj_review_game(const mj_game *g, int p, mj_review *out,
                         mj_error *err);
void mj_review_free(mj_review *rv);

#endif
