/*
** tile.c
** Tile notation, sets and names.
*/
#include "i18n.h"
#include "tile.h"

#include <stdio.h>
#include <string.h>
#include <threads.h>

static const char suit_letter[] = "mpszf";

mj_tileset mj_set_terminals(void)
{
  return MJ_BIT(0) | MJ_BIT(8) | MJ_BIT(9) | MJ_BIT(17) | MJ_BIT(18) |
         MJ_BIT(26);
}

const mj_tile mj_terminals_honors[13] = { 0,  8,  9,  17, 18, 26, 27,
                                          28, 29, 30, 31, 32, 33 };

mj_tileset mj_set_honors(void) { return (mj_tileset)0x7f << MJ_HONOR_FIRST; }
mj_tileset mj_set_winds(void) { return (mj_tileset)0xf << MJ_HONOR_FIRST; }
mj_tileset mj_set_dragons(void) { return (mj_tileset)0x7 << 31; }

mj_tileset mj_set_suit(int suit)
{
  if (suit < 3)
    return (mj_tileset)0x1ff << (9 * suit);
  if (suit == 3)
    return mj_set_honors();
  return (mj_tileset)0xff << 34;
}

const char *mj_tile_code(mj_tile t)
{
  static const char codes[MJ_ALL_TILES + 1][3] = {
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
    "1z", "2z", "3z", "4z", "5z", "6z", "7z",
    "1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f", "??" };
  return codes[t < MJ_ALL_TILES ? t : MJ_ALL_TILES];
}

const char *mj_tile_str(mj_tile t, char buf[3])
{
  if (t >= MJ_ALL_TILES) {
    buf[0] = '?';
    buf[1] = '?';
  } else {
    buf[0] = (char)('0' + mj_tile_rank(t));
    buf[1] = suit_letter[mj_tile_suit(t)];
  }
  buf[2] = '\0';
  return buf;
}

/* U+1F000..U+1F029: winds, dragons, characters, bamboo, dots, plants,
** seasons. Our order is m p s z f, so map through a table. */
static unsigned glyph_code(mj_tile t)
{
  int r = mj_tile_rank(t);
  switch (mj_tile_suit(t)) {
  case MJ_SUIT_M: return 0x1F007 + (unsigned)(r - 1);
  case MJ_SUIT_P: return 0x1F019 + (unsigned)(r - 1);
  case MJ_SUIT_S: return 0x1F010 + (unsigned)(r - 1);
  case MJ_SUIT_Z: return 0x1F000 + (unsigned)(r - 1);
  default:        /* 1f..4f seasons, 5f..8f plants */
    return r <= 4 ? 0x1F026 + (unsigned)(r - 1) : 0x1F022 + (unsigned)(r - 5);
  }
}

/* The glyphs and the English suit names, made once (for any thread). */
static char glyphs[MJ_ALL_TILES][5];
static char names_en[MJ_KINDS][24];
static once_flag tables_once = ONCE_FLAG_INIT;

static void make_tables(void)
{
  static const char *const suits[] = { "characters", "dots", "bamboo" };
  for (int k = 0; k < MJ_ALL_TILES; k++) {
    unsigned c = glyph_code((mj_tile)k);
    glyphs[k][0] = (char)(0xF0 | (c >> 18));
    glyphs[k][1] = (char)(0x80 | ((c >> 12) & 0x3f));
    glyphs[k][2] = (char)(0x80 | ((c >> 6) & 0x3f));
    glyphs[k][3] = (char)(0x80 | (c & 0x3f));
    glyphs[k][4] = '\0';
  }
  for (int k = 0; k < MJ_HONOR_FIRST; k++)
    snprintf(names_en[k], sizeof names_en[k], "%d of %s",
             mj_tile_rank((mj_tile)k), suits[mj_tile_suit((mj_tile)k)]);
}

const char *mj_tile_glyph(mj_tile t)
{
  call_once(&tables_once, make_tables);
  return t < MJ_ALL_TILES ? glyphs[t] : "?";
}

static const char *const names_zh[MJ_ALL_TILES] = {
  "一万", "二万", "三万", "四万", "五万", "六万", "七万", "八万", "九万",
  "一饼", "二饼", "三饼", "四饼", "五饼", "六饼", "七饼", "八饼", "九饼",
  "一条", "二条", "三条", "四条", "五条", "六条", "七条", "八条", "九条",
  "东风", "南风", "西风", "北风", "红中", "发财", "白板",
  "春", "夏", "秋", "冬", "梅", "兰", "竹", "菊"
};

const char *mj_tile_name(mj_tile t)
{
  return t < MJ_ALL_TILES ? names_zh[t] : "?";
}

const char *mj_tile_name_en(mj_tile t)
{
  static const char *const honors[] = {
    "East wind", "South wind", "West wind", "North wind",
    "Red dragon", "Green dragon", "White dragon"
  };
  static const char *const flowers[] = {
    "Spring", "Summer", "Autumn", "Winter",
    "Plum", "Orchid", "Bamboo", "Chrysanthemum"
  };
  if (t >= MJ_ALL_TILES)
    return "?";
  if (t >= MJ_FLOWER0)
    return flowers[t - MJ_FLOWER0];
  if (t >= MJ_HONOR_FIRST)
    return honors[t - MJ_HONOR_FIRST];
  call_once(&tables_once, make_tables);
  return names_en[t];
}

/* Honor letters accepted on input: E S W N C F P. */
#define CL_SUIT MJ_CL_SUIT
#define CL_HONOR MJ_CL_HONOR
#define char_class mj_char_class
const uint8_t mj_char_class[256] = {
  ['0'] = 10, ['1'] = 1, ['2'] = 2, ['3'] = 3, ['4'] = 4, ['5'] = 5,
  ['6'] = 6, ['7'] = 7, ['8'] = 8, ['9'] = 9,
  ['m'] = CL_SUIT + MJ_SUIT_M, ['p'] = CL_SUIT + MJ_SUIT_P,
  ['s'] = CL_SUIT + MJ_SUIT_S, ['z'] = CL_SUIT + MJ_SUIT_Z,
  ['f'] = CL_SUIT + MJ_SUIT_F,
  ['E'] = CL_HONOR + 27, ['S'] = CL_HONOR + 28, ['W'] = CL_HONOR + 29,
  ['N'] = CL_HONOR + 30, ['C'] = CL_HONOR + 31, ['F'] = CL_HONOR + 32,
  ['P'] = CL_HONOR + 33,
};

static const char *const tile_hint = N_("tiles are 1-9m/p/s, 1-7z, 1-8f");

static mj_status bad_char(mj_error *err, int col, char c)
{
  if (c >= 0x20 && c < 0x7f)
    return mj_fail(err, MJ_EINVAL, col, "'%c' is not a tile (%s)", c,
                   _(tile_hint));
  return mj_fail(err, MJ_EINVAL, col,
                 "byte 0x%02x is not a tile (%s)", (unsigned char)c, _(tile_hint));
}

mj_status mj_tiles_parse(const char *s, size_t n, int col0, bool allow_flowers,
                         mj_tile *out, int *cols, int max, int *count,
                         mj_error *err)
{
  return mj_tiles_parse_red(s, n, col0, allow_flowers, out, cols, NULL, max,
                            count, err);
}

mj_status mj_tiles_parse_red(const char *s, size_t n, int col0,
                             bool allow_flowers, mj_tile *out, int *cols,
                             uint8_t *red, int max, int *count, mj_error *err)
{
  int k = 0;
  size_t run = 0, i;   /* pending digits start at run, end at i */
  bool pending = false;

  for (i = 0; i < n; i++) {
    char c = s[i];
    int col = col0 + (int)i;
    int cl = char_class[(unsigned char)c];
    if (cl >= 1 && cl <= 10) {
      if (!pending) {
        run = i;
        pending = true;
      }
      continue;
    }
    int suit = cl >= CL_SUIT && cl < CL_HONOR ? cl - CL_SUIT : -1;
    if (suit >= 0) {
      if (!pending)
        return mj_fail(err, MJ_EINVAL, col,
                       "suit letter '%c' has no digits before it", c);
      for (size_t j = run; j < i; j++) {
        int r = s[j] - '0';
        int maxr = suit < 3 ? 9 : (suit == 3 ? 7 : 8);
        if (r == 0 && (red == NULL || suit > MJ_SUIT_S))
          return mj_fail(err, MJ_EINVAL, col0 + (int)j, red == NULL
                         ? "'0' is not a tile (%s)"
                         : "'0' is a red five only in m, p and s (%s)",
                         _(tile_hint));
        if (r > maxr)
          return mj_fail(err, MJ_EINVAL, col0 + (int)j,
                         "bad tile %d%c (%s)", r, c, _(tile_hint));
        if (suit == MJ_SUIT_F && !allow_flowers)
          return mj_fail(err, MJ_EINVAL, col0 + (int)j,
                         "flower %d%c is not part of a hand (use flowers=N)",
                         r, c);
        if (k >= max)
          return mj_fail(err, MJ_ERANGE, col0 + (int)j,
                         "too many tiles (at most %d here)", max);
        if (cols != NULL)
          cols[k] = col0 + (int)j;
        if (red != NULL)
          red[k] = r == 0;   /* a red five is a 5 for every shape */
        out[k++] = mj_tile_make(suit, r == 0 ? 5 : r);
      }
      pending = false;
      continue;
    }
    int h = cl >= CL_HONOR ? cl - CL_HONOR : -1;
    if (h >= 0) {
      if (pending)
        return mj_fail(err, MJ_EINVAL, col,
                       "digits before '%c' need a suit letter (m, p, s, z)", c);
      if (k >= max)
        return mj_fail(err, MJ_ERANGE, col, "too many tiles (at most %d here)",
                       max);
      if (cols != NULL)
        cols[k] = col;
      if (red != NULL)
        red[k] = 0;
      out[k++] = (mj_tile)h;
      continue;
    }
    return bad_char(err, col, c);
  }
  if (pending)
    return mj_fail(err, MJ_EINVAL, col0 + (int)run,
                   "digits '%.*s' have no suit letter (m, p, s, z)",
                   (int)(n - run > 20 ? 20 : n - run), s + run);
  *count = k;
  return MJ_OK;
}

mj_status mj_tile_parse(const char *s, size_t n, mj_tile *t, mj_error *err)
{
  mj_tile buf[2];
  int cnt = 0;
  mj_status st = mj_tiles_parse(s, n, 0, true, buf, NULL, 2, &cnt, err);
  if (st == MJ_ERANGE || (st == MJ_OK && cnt != 1))
    return mj_fail(err, MJ_EINVAL, 0, "'%.*s' is not one tile (%s)",
                   (int)(n > 20 ? 20 : n), s, _(tile_hint));
  if (st != MJ_OK) {
    if (err != NULL)
      err->column = 0;
    return st;
  }
  *t = buf[0];
  return MJ_OK;
}

/* Append text to buf at *len without overflowing; *len counts all. */
static void put(char *buf, size_t cap, size_t *len, const char *text, size_t n)
{
  if (*len < cap) {
    size_t room = cap - 1 - *len;
    memcpy(buf + *len, text, n < room ? n : room);
  }
  *len += n;
  if (cap > 0)
    buf[*len < cap ? *len : cap - 1] = '\0';
}

size_t mj_counts_print(const uint8_t *counts, int nkinds, char *buf, size_t cap)
{
  size_t len = 0;
  if (cap > 0)
    buf[0] = '\0';
  for (int suit = 0; suit < 5; suit++) {
    bool any = false;
    for (int t = 0; t < nkinds; t++) {
      if (mj_tile_suit((mj_tile)t) != suit)
        continue;
      for (int c = 0; c < counts[t]; c++) {
        char d = (char)('0' + mj_tile_rank((mj_tile)t));
        put(buf, cap, &len, &d, 1);
        any = true;
      }
    }
    if (any)
      put(buf, cap, &len, &suit_letter[suit], 1);
  }
  return len;
}

size_t mj_set_print(mj_tileset s, char *buf, size_t cap)
{
  size_t len = 0;
  if (cap > 0)
    buf[0] = '\0';
  for (s &= MJ_SET_ALL; s; s &= s - 1) {
    char b[4];
    mj_tile_str((mj_tile)__builtin_ctzll(s), b);
    put(buf, cap, &len, b, strlen(b));
  }
  return len;
}

size_t mj_tiles_print(const mj_tile *tiles, int n, char *buf, size_t cap)
{
  uint8_t counts[MJ_ALL_TILES] = { 0 };
  for (int i = 0; i < n; i++)
    if (tiles[i] < MJ_ALL_TILES)
      counts[tiles[i]]++;
  return mj_counts_print(counts, MJ_ALL_TILES, buf, cap);
}

size_t mj_tiles_print_ordered(const mj_tile *tiles, int n, char *buf,
                              size_t cap)
{
  size_t len = 0;
  if (cap > 0)
    buf[0] = '\0';
  for (int i = 0; i < n; i++) {
    char d = (char)('0' + mj_tile_rank(tiles[i]));
    put(buf, cap, &len, &d, 1);
    if (i + 1 == n || mj_tile_suit(tiles[i + 1]) != mj_tile_suit(tiles[i]))
      put(buf, cap, &len, &suit_letter[mj_tile_suit(tiles[i])], 1);
  }
  return len;
}

static bool wide(unsigned c)
{
  return (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0x303e) ||
         (c >= 0x3041 && c <= 0x33ff) || (c >= 0x3400 && c <= 0x4dbf) ||
         (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xa000 && c <= 0xa4cf) ||
         (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) ||
         (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) ||
         (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1f000 && c <= 0x1f02f) ||
         (c >= 0x1f300 && c <= 0x1f64f) || (c >= 0x20000 && c <= 0x3fffd);
}

int mj_text_width(const char *s)
{
  int w = 0;
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    unsigned c = *p;
    int n = c < 0x80 ? 0 : c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
    if (c >= 0x80 && n == 0) {   /* a stray continuation byte */
      p++;
      w++;
      continue;
    }
    c &= n == 0 ? 0x7f : (0x3f >> n);
    p++;
    for (int i = 0; i < n && (*p & 0xc0) == 0x80; i++)
      c = c << 6 | (*p++ & 0x3f);
    w += wide(c) ? 2 : 1;
  }
  return w;
}

const char *mj_text_pad(const char *s, int width, char *buf, size_t cap)
{
  int pad = width - mj_text_width(s);
  snprintf(buf, cap, "%s%*s", s, pad > 0 ? pad : 0, "");
  return buf;
}

const char *mj_text_pad_left(const char *s, int width, char *buf, size_t cap)
{
  int pad = width - mj_text_width(s);
  snprintf(buf, cap, "%*s%s", pad > 0 ? pad : 0, "", s);
  return buf;
}
