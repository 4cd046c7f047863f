/*
** bighand.h
** The analysis of five-set hands (bighand.c), for analysis.c: a view
** whose sets (mj_tileview) are more than four is answered here. The
** standard shape, and seven_pairs as a 16-tile table has it (嚦咕嚦咕:
** seven pairs and a pung, no meld); the others are four-set shapes.
*/
#ifndef MJ_BIGHAND_H
#define MJ_BIGHAND_H

#include "analysis.h"

int mjb_shanten(const mj_tileview *v);
int mjb_shanten_which(const mj_tileview *v, const mj_shape_cfg *cfg,
                      unsigned *which);
bool mjb_is_win(const mj_tileview *v, const mj_shape_cfg *cfg);
/* The shapes (among shapes) a whole view wins with. */
unsigned mjb_win_shapes(const mj_tileview *v, const mj_shape_cfg *cfg,
                        unsigned shapes);
/* Shape s's shanten of a view with no meld (the others: five_as_four). */
int mjb_shape_shanten(const mj_tileview *v, const mj_shape_cfg *cfg,
                      mj_shape s);
/* Seven pairs and a pung: a view with no meld (MJ_SHANTEN_NONE else). */
int mjb_pairs_shanten(const mj_tileview *v, bool quads);
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
   (the five-set path only what they cannot hold). Only the standard
   shape carries over (x->cfg: cfg without the others), as the view no
   longer shows the meld that rules them out. */
typedef struct four_view {
  mj_tileview v;
  mj_shape_cfg cfg;
} four_view;

static inline bool five_as_four(const mj_tileview *v, const mj_shape_cfg *cfg,
                                four_view *x)
{
  if (v->melds == 0)
    return false;
  x->v = *v;
  x->v.sets = 4;
  x->v.melds--;
  x->cfg = *cfg;
  x->cfg.shapes &= MJ_SHAPE_BIT(MJ_SHAPE_STANDARD);
  return true;
}

#endif
