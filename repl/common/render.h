/*
** render.h
** Output: JSON of score results, tiles for the terminal.
*/
#ifndef HULE_RENDER_H
#define HULE_RENDER_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis.h"
#include "game.h"
#include "hand.h"
#include "rules.h"
#include "score.h"

/* A score (or, with s NULL, the error msg) as one JSON object line. */
void render_score_json(FILE *f, const mj_rules *r, const mj_hand *h,
                       const mj_score *s, const char *msg);
/* A line of input that is not a hand, as one JSON object:
   {"input": text, "ruleset": id, "error": msg}. */
void render_error_json(FILE *f, const mj_rules *r, const char *text, size_t n,
                       const char *msg);

/* A review of one seat's decisions (core/logs/review.h) as one JSON object. */
struct mj_review;
void render_review_json(FILE *f, const mj_game *g, const struct mj_review *rv,
                        const char *seat);

/* A discard of a 14-tile hand and what it leaves. */
typedef struct render_discard {
  mj_tile tile;
  int shanten;
  const mj_wait *w;
  int n;
} render_discard;

/* waits / shanten as one JSON object: the hand, the shanten, the tiles
   under key ("waits", "useful"; NULL: none) with their live counts, and
   for 14 tiles each discard (d may be NULL). */
void render_tiles_json(FILE *f, const mj_rules *r, const mj_hand *h,
                       int shanten, const char *key, const mj_wait *w, int n,
                       const render_discard *d, int nd);

/* The hand q won with last (NULL: none); the same only while q is out
   of play on a win in a hand that goes on (血战: shown face up). */
const mj_hand *render_last_win(const mj_game *g, int q);
const mj_hand *render_won_hand(const mj_game *g, int q);

#endif
