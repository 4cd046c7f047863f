/*
** analysis.h
** Is-win, waits, shanten and useful tiles, with wild tiles, from
** precomputed per-suit tables.
*/
#ifndef MJ_ANALYSIS_H
#define MJ_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "hand.h"
#include "shape.h"
#include "tile.h"

/*
** The concealed tiles as the analysis sees them: counts without the wild
** tiles, the number of wilds, and what the declared melds imply.
*/
typedef struct mj_tileview {
  uint8_t c[MJ_KINDS];  /* concealed tiles by kind, wilds left out */
  uint8_t wilds;        /* concealed tiles of a wild kind */
  uint8_t melds;        /* declared melds */
  uint8_t melds_th;     /* declared melds made only of terminals/honors */
  uint8_t ntiles;       /* concealed tiles, wilds included */
  uint8_t sets;         /* sets of a win: 4, or 5 at a 16-tile table
                           (init reads it from the hand's size) */
  mj_tileset wild;      /* the wild kinds (0: none) */
  uint32_t idx[4];      /* table index of each suit and the honors, and */
  mj_tileset at[4];     /* at[i]: kinds with more than i copies; both kept
                           by init/add/remove: change c[] only through them
                           (or call mj_tileview_sync) */
} mj_tileview;

/* Build a view of h where concealed tiles of the kinds in wild are wild. */
void mj_tileview_init(mj_tileview *v, const mj_hand *h, mj_tileset wild);

/* Add or remove one concealed tile (a tile of a wild kind is a wild). */
void mj_tileview_add(mj_tileview *v, mj_tile t);
void mj_tileview_remove(mj_tileview *v, mj_tile t);
/* The same at face value: a tile of a wild kind counts as itself (a wild
** won from another player's discard, say). remove_face takes such a
** tile back. */
void mj_tileview_add_face(mj_tileview *v, mj_tile t);
void mj_tileview_remove_face(mj_tileview *v, mj_tile t);

/* Recompute idx[] after changing c[] directly. */
void mj_tileview_sync(mj_tileview *v);

/* A complete hand (14 - 3*melds tiles) that is a win in some shape. */
bool mj_is_win(const mj_tileview *v, const mj_shape_cfg *cfg);
bool mj_is_win_shape(const mj_tileview *v, const mj_shape_cfg *cfg, mj_shape s);
/* Of the shapes (bits, within cfg's), those in which the hand is a win. */
unsigned mj_win_shapes(const mj_tileview *v, const mj_shape_cfg *cfg,
                       unsigned shapes);

/*
** Shanten: how many tiles short of ready (0 = ready, -1 = a win). For a
** hand of 13 - 3*melds tiles, or 14 - 3*melds (then: after the best
** discard). per_shape (may be NULL) receives each shape's number, 99 for
** shapes that are off or impossible.
*/
enum { MJ_SHANTEN_NONE = 99 };
int mj_shanten(const mj_tileview *v, const mj_shape_cfg *cfg,
               int per_shape[MJ_SHAPE_COUNT]);

/* Shape s's shanten when it is under goal; otherwise some number not
** under goal (the knitted straight is cut short then). */
int mj_shape_shanten_below(const mj_tileview *v, const mj_shape_cfg *cfg,
                           mj_shape s, int goal);

typedef struct mj_wait {
  mj_tile tile;
  uint8_t live;     /* copies not in the hand, melds or the visible tiles */
} mj_wait;

/*
** Waits of a ready hand (13 - 3*melds tiles): the kinds that complete it,
** skipping kinds whose four copies the hand already holds. held[] counts
** every tile of the player (concealed and melds) and visible[] the tiles
** seen elsewhere (either may be NULL). Returns the number written to out.
*/
int mj_waits(const mj_tileview *v, const mj_shape_cfg *cfg,
             const uint8_t held[MJ_KINDS], const uint8_t visible[MJ_KINDS],
             mj_wait out[MJ_KINDS]);

/* How many kinds the ready hand waits on, counting up to max only (held
** copies are not looked at). */
int mj_count_waits(const mj_tileview *v, const mj_shape_cfg *cfg, int max);

/*
** Useful tiles of a hand of 13 - 3*melds tiles: the draws that lower its
** shanten. Returns the number written; *shanten receives the shanten.
*/
int mj_useful(const mj_tileview *v, const mj_shape_cfg *cfg,
              const uint8_t held[MJ_KINDS], const uint8_t visible[MJ_KINDS],
              mj_wait out[MJ_KINDS], int *shanten);

/* Free the calling thread's memo of useful tiles (mj_score_release calls
   it); a later question makes it anew. */
void mj_analysis_release(void);

/*
** The same in two steps, for a caller that wants the shanten first (and
** the useful tiles of some views only): mj_shanten_shapes gives the
** least shanten and in *which the bits (MJ_SHAPE_BIT) of the shapes that
** reach it; mj_useful_at takes both back.
*/
int mj_shanten_shapes(const mj_tileview *v, const mj_shape_cfg *cfg,
                      unsigned *which);
int mj_useful_at(const mj_tileview *v, const mj_shape_cfg *cfg,
                 const uint8_t held[MJ_KINDS], const uint8_t visible[MJ_KINDS],
                 mj_wait out[MJ_KINDS], int cur, unsigned which);

/*
** For a full hand (14 - 3*melds tiles), the shanten and shapes of the
** hand left by each discard: for every kind t of tiles the hand holds,
** sh[t] and which[t] are those mj_shanten_shapes gives for the view
** without one t. Kinds not held are skipped. Returns how many were set.
*/
int mj_discard_shanten(const mj_tileview *v, const mj_shape_cfg *cfg,
                       mj_tileset tiles, int sh[MJ_KINDS],
                       unsigned which[MJ_KINDS]);

/*
** The analysis of a hand as it stands, in one call each: mj_hand_view
** fills the view (the wild kinds as given) and held[] (every tile of the
** player, melds included); mj_hand_waits and mj_hand_useful then give the
** waits or the useful tiles, and the shanten in *shanten (may be NULL;
** mj_hand_waits computes it only when asked).
*/
void mj_hand_view(const mj_hand *h, mj_tileset wild, mj_tileview *v,
                  uint8_t held[MJ_KINDS]);
int mj_hand_waits(const mj_hand *h, mj_tileset wild, const mj_shape_cfg *cfg,
                  mj_wait out[MJ_KINDS], int *shanten);
int mj_hand_useful(const mj_hand *h, mj_tileset wild, const mj_shape_cfg *cfg,
                   mj_wait out[MJ_KINDS], int *shanten);

/* Fewest wilds completing all the real tiles into melds only (no pair). */
int mj_melds_need(const mj_tileview *v);

/* 宝吊头: a hand one tile short whose real tiles and all but one wild make
   complete melds, so that the lone wild pairs with any tile. */
static inline bool mj_wild_single(const mj_tileview *v)
{
  return v->wilds >= 1 && mj_melds_need(v) <= v->wilds - 1;
}

/* Raw table access, for tests and tools. */
uint32_t mj_suit_index(const uint8_t c[9]);
/* Largest number of the suit's tiles usable in m melds and p pairs. */
int mj_suit_use(uint32_t index, int m, int p);
/* Fewest wilds completing all of the suit's tiles into melds (+ a pair
** when p): 15 when more than 14 or impossible. */
int mj_suit_cost(uint32_t index, int p);

#endif
