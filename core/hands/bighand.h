/*
** bighand.h
** The analysis of five-set hands (bighand.c), for analysis.c: a view
** whose sets (mj_tileview) are more than four is answered here. The
** standard shape only; the others are four-set shapes.
*/
#ifndef MJ_BIGHAND_H
#define MJ_BIGHAND_H

#include "analysis.h"

int mjb_shanten(const mj_tileview *v);
int mjb_shanten_which(const mj_tileview *v, const mj_shape_cfg *cfg,
                      unsigned *which);
bool mjb_is_win(const mj_tileview *v, const mj_shape_cfg *cfg);
/* The kinds completing a ready view, and those lowering shanten cur. */
mj_tileset mjb_waits(const mj_tileview *v, const mj_shape_cfg *cfg);
mj_tileset mjb_useful(const mj_tileview *v, const mj_shape_cfg *cfg, int cur);
int mjb_discard_shanten(const mj_tileview *v, const mj_shape_cfg *cfg,
                        mj_tileset tiles, int sh[MJ_KINDS],
                        unsigned which[MJ_KINDS]);
/* Free the calling thread's cache. */
void mjb_release(void);

/* A five-set view with a declared meld has four sets or fewer left to
   make, as a four-set view with a meld less has: the tables answer it
   (the five-set path only what they cannot hold). */
static inline bool five_as_four(const mj_tileview *v, mj_tileview *x)
{
  if (v->melds == 0)
    return false;
  *x = *v;
  x->sets = 4;
  x->melds--;
  return true;
}

#endif
