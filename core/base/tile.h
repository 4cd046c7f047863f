/*
** tile.h
** Tile kinds as small integers, tile sets, notation (NOTATION.md) and
** display names.
*/
#ifndef MJ_TILE_H
#define MJ_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "error.h"

/*
** 0..8 characters 1m..9m, 9..17 dots 1p..9p, 18..26 bamboo 1s..9s,
** 27..33 honors 1z..7z (E S W N, red 中, green 发, white 白),
** 34..41 flowers 1f..8f.
*/
typedef uint8_t mj_tile;

enum {
  MJ_KINDS = 34,          /* playing tile kinds */
  MJ_HONOR_FIRST = 27,    /* 1z: the first honor; below it the suits */
  MJ_DRAGON_FIRST = 31,   /* 5z: the first dragon; the winds before it */
  MJ_FLOWER0 = 34,        /* first flower */
  MJ_ALL_TILES = 42,      /* kinds including flowers */
  MJ_NO_TILE = 0xff
};

enum { MJ_SUIT_M, MJ_SUIT_P, MJ_SUIT_S, MJ_SUIT_Z, MJ_SUIT_F };

/* A set of tile kinds: bit k for kind k (flowers included). */
typedef uint64_t mj_tileset;

#define MJ_BIT(t) ((mj_tileset)1 << (t))
#define MJ_SET_ALL ((mj_tileset)0x3ffffffffULL)   /* the 34 kinds */

static inline int mj_tile_suit(mj_tile t)
{
  return t < MJ_HONOR_FIRST ? t / 9 : (t < MJ_KINDS ? MJ_SUIT_Z : MJ_SUIT_F);
}
static inline int mj_tile_rank(mj_tile t)
{
  return t < MJ_HONOR_FIRST ? t % 9 + 1
         : t < MJ_KINDS     ? t - MJ_HONOR_FIRST + 1
                            : t - MJ_FLOWER0 + 1;
}
static inline bool mj_tile_is_number(mj_tile t) { return t < MJ_HONOR_FIRST; }
static inline bool mj_tile_is_honor(mj_tile t)
{
  return t >= MJ_HONOR_FIRST && t < MJ_KINDS;
}
static inline bool mj_tile_is_wind(mj_tile t)
{
  return t >= MJ_HONOR_FIRST && t < MJ_DRAGON_FIRST;
}
static inline bool mj_tile_is_dragon(mj_tile t)
{
  return t >= MJ_DRAGON_FIRST && t < MJ_KINDS;
}
static inline bool mj_tile_is_flower(mj_tile t)
{
  return t >= MJ_FLOWER0 && t < MJ_ALL_TILES;
}
static inline bool mj_tile_is_terminal(mj_tile t)
{
  return t < MJ_HONOR_FIRST && (t % 9 == 0 || t % 9 == 8);
}
static inline mj_tile mj_tile_make(int suit, int rank)
{
  return (mj_tile)(suit < MJ_SUIT_Z   ? suit * 9 + rank - 1
                   : suit == MJ_SUIT_Z ? MJ_HONOR_FIRST + rank - 1
                                       : MJ_FLOWER0 + rank - 1);
}

/* Named sets used by rulesets and the bots. */
mj_tileset mj_set_terminals(void);     /* 1 and 9 of the suits */
mj_tileset mj_set_honors(void);

/* What each byte is in tile notation, one lookup a character (the batch
   scorer parses a million hands a second): 1..9 a digit, 10 the digit 0,
   MJ_CL_SUIT + suit a suit letter, MJ_CL_HONOR + kind an honor letter
   (E S W N C F P), 0 anything else. */
enum { MJ_CL_ZERO = 10, MJ_CL_SUIT = 16, MJ_CL_HONOR = 32 };
extern const uint8_t mj_char_class[256];

/* The thirteen terminal and honor kinds, in order (十三幺's tiles). */
extern const mj_tile mj_terminals_honors[13];
mj_tileset mj_set_winds(void);
mj_tileset mj_set_dragons(void);
mj_tileset mj_set_suit(int suit);

/* The number of kinds in s: SWAR, no library call on targets without a
   popcount instruction (the baseline x86-64 has none). */
static inline int mj_set_count(mj_tileset s)
{
  s = s - ((s >> 1) & 0x5555555555555555ULL);
  s = (s & 0x3333333333333333ULL) + ((s >> 2) & 0x3333333333333333ULL);
  s = (s + (s >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return (int)((s * 0x0101010101010101ULL) >> 56);
}

/*
** The kinds of which c[] (counts 0..4 per kind) holds more than k, for
** each k in 0..3 into at[k]: eight kinds at a time, a byte each.
*/
static inline void mj_count_masks(const uint8_t c[MJ_KINDS], mj_tileset at[4])
{
  uint8_t b[40] = { 0 };
  memcpy(b, c, MJ_KINDS);
  at[0] = at[1] = at[2] = at[3] = 0;
  for (int w = 0; w < 5; w++) {
    uint64_t x;
    memcpy(&x, b + 8 * w, 8);
    for (int k = 0; k < 4; k++) {
      /* byte + 0x7f - k has its top bit set when the byte is above k */
      uint64_t m = ((x + (uint64_t)(0x7f - k) * 0x0101010101010101ULL) >>
                    7) & 0x0101010101010101ULL;
      at[k] |= (mj_tileset)((m * 0x0102040810204080ULL) >> 56) << (8 * w);
    }
  }
}

/* "5m", "7z", "3f" into buf (at least 3 bytes); returns buf. */
const char *mj_tile_str(mj_tile t, char buf[3]);

/* The same text as a constant string ("??" past the tiles): one address
   a tile, which Lua's string cache finds again without hashing. */
const char *mj_tile_code(mj_tile t);

/* Unicode glyph (U+1F000 block) of a tile, as UTF-8. */
const char *mj_tile_glyph(mj_tile t);

/* Chinese name: 五万, 东风, 红中, 春 ... */
const char *mj_tile_name(mj_tile t);

/* English name: "5 of characters", "East wind", "Red dragon", ... */
const char *mj_tile_name_en(mj_tile t);

/* Columns a UTF-8 string takes on a terminal: East Asian wide
   characters and the tile glyphs count two, others one. */
int mj_text_width(const char *s);

/* s padded with spaces to width columns (left-aligned) into buf. */
const char *mj_text_pad(const char *s, int width, char *buf, size_t cap);
/* s padded with spaces on the left to width columns (right-aligned). */
const char *mj_text_pad_left(const char *s, int width, char *buf, size_t cap);

/*
** Parse one tile such as "5m", "7z", "E" from s[0..n). Returns MJ_OK and
** the tile, or MJ_EINVAL with a message (no column: the caller knows).
*/
mj_status mj_tile_parse(const char *s, size_t n, mj_tile *t, mj_error *err);

/*
** Parse a tile list in notation ("123m55z1f", letters allowed, no
** brackets) into out[0..max). Flowers are accepted when allow_flowers.
** cols (may be NULL) receives the column of each tile.
** Columns in errors are offset by col0 (the column of s[0], 1-based).
*/
mj_status mj_tiles_parse(const char *s, size_t n, int col0, bool allow_flowers,
                         mj_tile *out, int *cols, int max, int *count,
                         mj_error *err);
/* The same, reading 0m 0p 0s as red fives: a 5 in out[], red[k] set
   (red[] as long as out[]); 0 elsewhere is still an error. */
mj_status mj_tiles_parse_red(const char *s, size_t n, int col0,
                             bool allow_flowers, mj_tile *out, int *cols,
                             uint8_t *red, int max, int *count, mj_error *err);

/*
** Print counts (MJ_ALL_TILES entries, or MJ_KINDS when nkinds says so)
** in canonical notation: sorted, runs of a suit merged ("123m55z").
** Returns the length the full text needs; writes at most cap-1 bytes.
*/
size_t mj_counts_print(const uint8_t *counts, int nkinds, char *buf,
                       size_t cap);

/* Print the kinds of a set one by one in tile order ("5m", "1s9s": the
** wild kinds of a game), not merged. Returns the length the full text
** needs; writes at most cap-1 bytes. */
size_t mj_set_print(mj_tileset s, char *buf, size_t cap);

/* Print a list of tiles in canonical form (sorted and merged). */
size_t mj_tiles_print(const mj_tile *tiles, int n, char *buf, size_t cap);

/* Print a list of tiles in the given order, suits merged only for
** neighbours ("1m2m3p" -> "12m3p"): used for walls in draw order. */
size_t mj_tiles_print_ordered(const mj_tile *tiles, int n, char *buf,
                              size_t cap);

#endif
