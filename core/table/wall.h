/*
** wall.h
** The seeded generator (xoshiro256**), dice and the wall: a shuffled or
** given sequence of tiles drawn from the head and from the tail.
*/
#ifndef MJ_WALL_H
#define MJ_WALL_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "tile.h"

/* xoshiro256** (Blackman and Vigna), seeded through splitmix64. */
typedef struct mj_rng { uint64_t s[4]; } mj_rng;

void mj_rng_seed(mj_rng *r, uint64_t seed);
uint64_t mj_rng_next(mj_rng *r);
/* Uniform in [0, n), n > 0 (no modulo bias). */
uint32_t mj_rng_below(mj_rng *r, uint32_t n);
/* Two dice: their sum 2..12, each die in *a, *b (may be NULL). */
int mj_rng_dice(mj_rng *r, int *a, int *b);
/* A 64-bit seed derived from a base seed and an index (for game g of a run). */
uint64_t mj_seed_mix(uint64_t seed, uint64_t index);

enum { MJ_WALL_MAX = 144 };

typedef struct mj_wall {
  mj_tile t[MJ_WALL_MAX];
  int n;            /* tiles in the wall at the start */
  int head;         /* next tile drawn from the head */
  int tail;         /* one past the next tile drawn from the tail */
  uint8_t gone[MJ_WALL_MAX];   /* set aside (an indicator) */
  uint8_t red[MJ_WALL_MAX];    /* a red five (0m 0p 0s) */
  bool last_red;    /* the tile drawn last was red */
  int left;         /* tiles left to draw */
} mj_wall;

/* A full set of tiles in a random order: four of each suit or honor
** kind of set, one of each flower in it (mj_table's set). */
void mj_wall_shuffle(mj_wall *w, mj_tileset set, mj_rng *r);
/* How many tiles a full set of those kinds has. */
int mj_set_tiles(mj_tileset set);
/* A wall in the given draw order (head first). The tiles need not be a
** full set (scenarios); at most MJ_WALL_MAX. */
mj_status mj_wall_set(mj_wall *w, const mj_tile *tiles, int n, mj_error *err);

/*
** A wall for a scenario: head[0..nhead) first (the deal, then the draws
** from the head), tail[0..ntail) last (tail[0] is the wall's last tile,
** the first drawn from the tail), and between them the rest of a full
** set of those kinds (as mj_wall_shuffle) shuffled by r. Writes its
** mj_set_tiles(set) tiles to out. Fails when a tile is given more often
** than the set holds it, or when head and tail do not fit.
*/
mj_status mj_wall_compose(mj_tile *out, mj_tileset set, const mj_tile *head,
                          int nhead, const mj_tile *tail, int ntail, mj_rng *r,
                          mj_error *err);

/* Make the first n fives of each suit of suits (bit 1 m, 2 p, 4 s), in
** the wall's order, red (a shuffled wall's are as random as the rest);
** where red is given (one flag a tile, head first), those instead. */
void mj_wall_set_red(mj_wall *w, int n, int suits, const uint8_t *red);

/* Tiles left to draw. */
int mj_wall_left(const mj_wall *w);
/* Draw from the head / the tail; MJ_NO_TILE when empty. */
mj_tile mj_wall_draw(mj_wall *w);
mj_tile mj_wall_draw_tail(mj_wall *w);
/* Set aside the d-th tile counting from the tail (1 = the last tile);
** returns it, MJ_NO_TILE if the wall is too short. playing: an indicator,
** never a flower (a flower there trades places with the nearest playing
** tile toward the head). */
mj_tile mj_wall_set_aside(mj_wall *w, int d, bool playing);

#endif
