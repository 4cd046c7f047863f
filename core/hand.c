/*
** hand.c
** Hands: notation parse/print, validation and simple mutation.
*/
#include "hand.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* counts[] with spare bytes after the kinds, kept zero: the fast parser
   counts "8z" and "9z" there and reads the counts 16 bytes at a time */
enum { COUNTS_SPACE = 48 };

struct mj_hand {
  uint8_t counts[COUNTS_SPACE];   /* concealed tiles, the winning tile
                                     included (MJ_KINDS of them) */
  mj_tileset at[4];           /* kinds with more than k of them (kept with
                                 counts: change them only by put_tile
                                 and take_tile) */
  uint8_t ntiles;
  uint8_t nmelds;
  bool plus;                  /* the winning tile was written +T */
  mj_meld melds[MJ_MAX_MELDS];
  mj_ctx ctx;
};

void mj_ctx_init(mj_ctx *c)
{
  memset(c, 0, sizeof *c);
  c->win = MJ_NO_TILE;
  c->wild = MJ_NO_TILE;
  c->que = 0xff;
}

mj_hand *mj_hand_new(void)
{
  mj_hand *h = malloc(sizeof *h);
  if (h != NULL)
    mj_hand_clear(h);
  return h;
}

void mj_hand_free(mj_hand *h)
{
  free(h);
}

/* The empty hand, its context as mj_ctx_init leaves it. */
static const mj_hand empty_hand = {
  .ctx = { .win = MJ_NO_TILE, .wild = MJ_NO_TILE, .que = 0xff }
};

typedef uint8_t v16_any __attribute__((vector_size(16), aligned(1), may_alias));
enum { HAND_VECTORS = sizeof(mj_hand) / 16 };
_Static_assert(sizeof(mj_hand) % 16 == 0, "mj_hand is whole vectors");

void mj_hand_clear(mj_hand *h)
{
  /* copied 16 bytes at a time: a plain struct copy became a rep stos, 24
     instructions where this is 18, and every parse begins with it */
  v16_any *d = (v16_any *)(void *)h;
  const v16_any *e = (const v16_any *)(const void *)&empty_hand;
  for (int k = 0; k < HAND_VECTORS; k++)
    d[k] = e[k];
}

/* The same but for the copy masks, which the fast parser writes whole. */
static inline void clear_but_copies(mj_hand *h)
{
  _Static_assert(offsetof(mj_hand, at) == 48 && sizeof h->at == 32,
                 "the copy masks are vectors 3 and 4");
  const v16_any zero = { 0 };
  v16_any *d = (v16_any *)(void *)h;
  const v16_any *e = (const v16_any *)(const void *)&empty_hand;
  d[0] = zero;
  d[1] = zero;
  d[2] = zero;
  for (int k = 5; k < HAND_VECTORS; k++)
    d[k] = e[k];
}

void mj_hand_copy(mj_hand *dst, const mj_hand *src)
{
  *dst = *src;
}

const uint8_t *mj_hand_counts(const mj_hand *h) { return h->counts; }
const mj_tileset *mj_hand_copies(const mj_hand *h) { return h->at; }

/* One concealed tile more or less of kind t (at most four). */
static void put_tile(mj_hand *h, mj_tile t)
{
  h->at[h->counts[t] & 3] |= MJ_BIT(t);
  h->counts[t]++;
  h->ntiles++;
}

static void take_tile(mj_hand *h, mj_tile t)
{
  h->counts[t]--;
  h->at[h->counts[t] & 3] &= ~MJ_BIT(t);
  h->ntiles--;
}
int mj_hand_ntiles(const mj_hand *h) { return h->ntiles; }
int mj_hand_nmelds(const mj_hand *h) { return h->nmelds; }
const mj_meld *mj_hand_melds(const mj_hand *h) { return h->melds; }
mj_ctx *mj_hand_ctx(mj_hand *h) { return &h->ctx; }
const mj_ctx *mj_hand_cctx(const mj_hand *h) { return &h->ctx; }

/* The melds' tiles added to counts[]. */
static inline void add_melds(const mj_hand *h, uint8_t *counts)
{
  for (int i = 0; i < h->nmelds; i++) {
    const mj_meld *m = &h->melds[i];
    if (m->type == MJ_CHOW) {
      counts[m->tile]++;
      counts[m->tile + 1]++;
      counts[m->tile + 2]++;
    } else {
      counts[m->tile] += (uint8_t)mj_meld_size(m);
    }
  }
}

void mj_hand_all_counts(const mj_hand *h, uint8_t counts[MJ_KINDS])
{
  memcpy(counts, h->counts, MJ_KINDS);
  add_melds(h, counts);
}

mj_tileset mj_hand_wild(const mj_hand *h, mj_tileset fixed)
{
  mj_tileset w = fixed & MJ_SET_ALL;
  if (h->ctx.wild < MJ_KINDS)
    w |= MJ_BIT(h->ctx.wild);
  return w | (h->ctx.gui & MJ_SET_ALL);
}

mj_status mj_hand_add(mj_hand *h, mj_tile t)
{
  if (t >= MJ_KINDS || h->counts[t] >= 4 || h->ntiles >= MJ_MAX_CONCEALED)
    return MJ_ERANGE;
  put_tile(h, t);
  return MJ_OK;
}

mj_status mj_hand_remove(mj_hand *h, mj_tile t)
{
  if (t >= MJ_KINDS || h->counts[t] == 0)
    return MJ_EINVAL;
  take_tile(h, t);
  return MJ_OK;
}

mj_status mj_hand_add_meld(mj_hand *h, mj_meld m)
{
  if (h->nmelds >= MJ_MAX_MELDS)
    return MJ_ERANGE;
  h->melds[h->nmelds++] = m;
  return MJ_OK;
}

void mj_hand_set_meld(mj_hand *h, int i, mj_meld m)
{
  if (i >= 0 && i < h->nmelds)
    h->melds[i] = m;
}

bool mj_hand_identical(const mj_hand *a, const mj_hand *b)
{
  return memcmp(a, b, sizeof *a) == 0;
}

bool mj_hand_equal(const mj_hand *a, const mj_hand *b)
{
  if (memcmp(a->counts, b->counts, MJ_KINDS) != 0 || a->nmelds != b->nmelds)
    return false;
  for (int i = 0; i < a->nmelds; i++)
    if (a->melds[i].type != b->melds[i].type ||
        a->melds[i].tile != b->melds[i].tile)
      return false;
  const mj_ctx *x = &a->ctx, *y = &b->ctx;
  return x->win == y->win && x->flags == y->flags && x->seat == y->seat &&
         x->round == y->round && x->flowers == y->flowers &&
         x->feibao == y->feibao && x->wild == y->wild && x->que == y->que &&
         x->gui == y->gui && x->horses == y->horses && x->streak == y->streak;
}

/* {====================================================================
** Parsing
** ===================================================================== */

static bool is_space(char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/*
** Check that adding tile t (at column col) keeps at most 4 copies in
** total: all[] counts concealed and melded tiles seen so far.
*/
static mj_status count_tile(uint8_t all[MJ_KINDS], mj_tile t, int col,
                            mj_error *err)
{
  char b[3];
  if (++all[t] > 4)
    return mj_fail(err, MJ_EINVAL, col, "more than 4 of %s (%d copies)",
                   mj_tile_str(t, b), all[t]);
  return MJ_OK;
}

static mj_status parse_meld(mj_hand *h, const char *s, size_t n, int col,
                            bool concealed, uint8_t all[MJ_KINDS],
                            mj_error *err)
{
  mj_tile t[5];
  int k = 0;
  char open = concealed ? '{' : '[', close = concealed ? '}' : ']';
  int cols[5];
  mj_status st = mj_tiles_parse(s, n, col + 1, false, t, cols, 5, &k, err);
  if (st == MJ_ERANGE)
    return mj_fail(err, MJ_EINVAL, col, "a meld has 3 or 4 tiles: %c%.*s%c",
                   open, (int)(n > 20 ? 20 : n), s, close);
  if (st != MJ_OK)
    return st;
  if (h->nmelds >= MJ_MAX_MELDS)
    return mj_fail(err, MJ_EINVAL, col, "more than %d melds", MJ_MAX_MELDS);
  /* sort the meld's tiles */
  for (int i = 1; i < k; i++)
    for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
      mj_tile x = t[j];
      t[j] = t[j - 1];
      t[j - 1] = x;
    }
  mj_meld m = { 0, t[0], 0, 0 };
  bool same = k > 0;
  for (int i = 1; i < k; i++)
    same = same && t[i] == t[0];
  if (concealed) {
    if (k != 4 || !same)
      return mj_fail(
          err, MJ_EINVAL, col,
          "{...} must be a concealed kong of 4 identical tiles: {%.*s}",
          (int)(n > 20 ? 20 : n), s);
    m.type = MJ_CKONG;
  } else if (k == 4) {
    if (!same)
      return mj_fail(err, MJ_EINVAL, col,
                     "a kong must be four identical tiles: [%.*s]", (int)n, s);
    m.type = MJ_KONG;
  } else if (k == 3) {
    if (same)
      m.type = MJ_PUNG;
    else if (mj_tile_is_number(t[0]) && t[1] == t[0] + 1 && t[2] == t[0] + 2 &&
             mj_tile_suit(t[0]) == mj_tile_suit(t[2]))
      m.type = MJ_CHOW;
    else
      return mj_fail(
          err, MJ_EINVAL, col,
          "3-tile meld is neither chow nor pung: a chow must be three "
          "consecutive tiles of one suit: [%.*s]",
          (int)n, s);
  } else {
    return mj_fail(err, MJ_EINVAL, col, "a meld has 3 or 4 tiles: %c%.*s%c",
                   open, (int)(n > 20 ? 20 : n), s, close);
  }
  for (int i = 0; i < k; i++)
    if ((st = count_tile(all, t[i], cols[i], err)) != MJ_OK)
      return st;
  h->melds[h->nmelds++] = m;
  return MJ_OK;
}

static mj_status parse_hand_part(mj_hand *h, const char *s, size_t n,
                                 mj_tile *plus, mj_error *err)
{
  uint8_t all[MJ_KINDS] = { 0 };
  size_t i = 0;
  *plus = MJ_NO_TILE;
  while (i < n) {
    char c = s[i];
    int col = (int)i + 1;
    if (c == '[' || c == '{') {
      char close = c == '[' ? ']' : '}';
      size_t j = i + 1;
      while (j < n && s[j] != close && s[j] != '[' && s[j] != '{' &&
             s[j] != ']' && s[j] != '}')
        j++;
      if (j >= n || s[j] != close)
        return mj_fail(err, MJ_EINVAL, col,
                       "unterminated meld: '%c' has no '%c'", c, close);
      mj_status st =
          parse_meld(h, s + i + 1, j - i - 1, col, c == '{', all, err);
      if (st != MJ_OK)
        return st;
      i = j + 1;
      continue;
    }
    if (c == ']' || c == '}')
      return mj_fail(err, MJ_EINVAL, col, "'%c' closes no meld", c);
    if (c == '+') {
      mj_tile t[2];
      int k = 0;
      for (size_t q = i + 1; q < n; q++)
        if (s[q] == '[' || s[q] == '{')
          return mj_fail(err, MJ_EINVAL, col + (int)(q - i),
                         "the +T winning tile comes last, after the melds");
      mj_status st = mj_tiles_parse(s + i + 1, n - i - 1, col + 1, false, t,
                                    NULL, 2, &k, err);
      if (st == MJ_ERANGE || (st == MJ_OK && k != 1))
        return mj_fail(err, MJ_EINVAL, col, "'+' must be followed by one tile");
      if (st != MJ_OK)
        return st;
      if (h->ntiles >= MJ_MAX_CONCEALED)
        return mj_fail(err, MJ_EINVAL, col, "too many concealed tiles");
      if ((st = count_tile(all, t[0], col + 1, err)) != MJ_OK)
        return st;
      put_tile(h, t[0]);
      *plus = t[0];
      return MJ_OK;
    }
    size_t j = i;
    while (j < n && s[j] != '[' && s[j] != '{' && s[j] != '+' && s[j] != ']' &&
           s[j] != '}')
      j++;
    mj_tile t[MJ_MAX_CONCEALED];
    int cols[MJ_MAX_CONCEALED];
    int k = 0;
    int room = MJ_MAX_CONCEALED - h->ntiles;
    mj_status st =
        mj_tiles_parse(s + i, j - i, col, false, t, cols, room, &k, err);
    if (st == MJ_ERANGE)
      return mj_fail(err, MJ_EINVAL, err->column,
                     "too many tiles: a hand has at most 14 concealed tiles");
    if (st != MJ_OK)
      return st;
    for (int q = 0; q < k; q++) {
      if ((st = count_tile(all, t[q], cols[q], err)) != MJ_OK)
        return st;
      put_tile(h, t[q]);
    }
    i = j;
  }
  if (h->ntiles == 0 && h->nmelds == 0)
    return mj_fail(err, MJ_EINVAL, 1, "empty hand");
  return MJ_OK;
}

static int wind_value(const char *v, size_t n)
{
  if (n == 1) {
    switch (v[0]) {
    case 'E': return 0;
    case 'S': return 1;
    case 'W': return 2;
    case 'N': return 3;
    default: return -1;
    }
  }
  if (n == 2 && v[1] == 'z' && v[0] >= '1' && v[0] <= '4')
    return v[0] - '1';
  return -1;
}

static int small_int(const char *v, size_t n, int max)
{
  if (n == 0 || n > 2)
    return -1;
  int x = 0;
  for (size_t i = 0; i < n; i++) {
    if (v[i] < '0' || v[i] > '9')
      return -1;
    x = x * 10 + (v[i] - '0');
  }
  return x <= max ? x : -1;
}

enum {
  TOK_WIN, TOK_SELF, TOK_SEAT, TOK_ROUND, TOK_FLOWERS, TOK_LAST, TOK_WALL_LAST,
  TOK_KONG, TOK_ROB, TOK_BAO, TOK_TOUJI, TOK_FEIBAO, TOK_FIRST, TOK_JIEBAO,
  TOK_SIBAO, TOK_QUE, TOK_GUI, TOK_HORSES, TOK_STREAK, TOK_COUNT
};

static const struct {
  const char *name;
  uint8_t len;       /* of name */
  bool value;        /* takes "=value" */
  unsigned flag;
  unsigned owned;    /* MJ_TOKEN_ bit of a ruleset-owned token */
} tokens[TOK_COUNT] = { { "win", 3, true, 0, 0 },
                        { "self", 4, false, MJ_CTX_SELF, 0 },
                        { "seat", 4, true, 0, 0 },
                        { "round", 5, true, 0, 0 },
                        { "flowers", 7, true, 0, 0 },
                        { "last", 4, false, MJ_CTX_LAST, 0 },
                        { "wall-last", 9, false, MJ_CTX_WALL_LAST, 0 },
                        { "kong", 4, false, MJ_CTX_KONG, 0 },
                        { "rob", 3, false, MJ_CTX_ROB, 0 },
                        { "bao", 3, true, 0, MJ_TOKEN_BAO },
                        { "touji", 5, false, MJ_CTX_TOUJI, MJ_TOKEN_TOUJI },
                        { "feibao", 6, true, 0, MJ_TOKEN_FEIBAO },
                        { "first", 5, false, MJ_CTX_FIRST, 0 },
                        { "jiebao", 6, false, MJ_CTX_JIEBAO, MJ_TOKEN_JIEBAO },
                        { "sibao", 5, false, MJ_CTX_SIBAO, MJ_TOKEN_SIBAO },
                        { "que", 3, true, 0, MJ_TOKEN_QUE },
                        { "gui", 3, true, 0, MJ_TOKEN_GUI },
                        { "horses", 6, true, 0, MJ_TOKEN_HORSES },
                        { "streak", 6, true, 0, MJ_TOKEN_STREAK } };

unsigned mj_ctx_token_flag(int k)
{
  for (int j = 0; j < TOK_COUNT; j++)
    if (tokens[j].owned == 1u << k)
      return tokens[j].flag;
  return 0;
}

bool mj_ctx_token_count(int k)
{
  return (1u << k) & (MJ_TOKEN_FEIBAO | MJ_TOKEN_HORSES | MJ_TOKEN_STREAK);
}

void mj_ctx_token_set(mj_ctx *c, int k, int v)
{
  int max = 1u << k == MJ_TOKEN_FEIBAO ? 4 : 99;
  uint8_t x = (uint8_t)(v < 0 ? 0 : v > max ? max : v);
  switch (1u << k) {
  case MJ_TOKEN_FEIBAO: c->feibao = x; break;
  case MJ_TOKEN_HORSES: c->horses = x; break;
  case MJ_TOKEN_STREAK: c->streak = x; break;
  default: c->flags |= mj_ctx_token_flag(k); break;
  }
}

const char *mj_ctx_token_name(int k)
{
  static const char *const names[MJ_TOKEN_COUNT] = {
    "bao=", "touji", "feibao=", "jiebao", "sibao", "que=", "gui=", "horses=",
    "streak="
  };
  return k >= 0 && k < MJ_TOKEN_COUNT ? names[k] : NULL;
}

mj_status mj_ctx_parse(mj_ctx *c, const char *s, size_t n, int col0,
                       mj_error *err)
{
  unsigned seen = 0;
  size_t i = 0;
  while (i < n) {
    while (i < n && is_space(s[i]))
      i++;
    if (i >= n)
      break;
    size_t b = i;
    while (i < n && !is_space(s[i]))
      i++;
    const char *tok = s + b;
    size_t len = i - b;
    int col = col0 + (int)b;
    const char *eq = memchr(tok, '=', len);
    size_t nlen = eq ? (size_t)(eq - tok) : len;
    const char *v = eq ? eq + 1 : NULL;
    size_t vlen = eq ? len - nlen - 1 : 0;
    int k;
    for (k = 0; k < TOK_COUNT; k++)
      if (tokens[k].len == nlen && memcmp(tokens[k].name, tok, nlen) == 0)
        break;
    if (k == TOK_COUNT)
      return mj_fail(err, MJ_EINVAL, col, "unknown context token '%.*s'",
                     (int)(len > 30 ? 30 : len), tok);
    if (tokens[k].value && !eq)
      return mj_fail(err, MJ_EINVAL, col, "%s needs a value: %s=...",
                     tokens[k].name, tokens[k].name);
    if (!tokens[k].value && eq)
      return mj_fail(err, MJ_EINVAL, col, "%s takes no value", tokens[k].name);
    if (seen & (1u << k))
      return mj_fail(err, MJ_EINVAL, col, "duplicate token %s", tokens[k].name);
    seen |= 1u << k;
    c->owned |= tokens[k].owned;
    int x;
    mj_tile t;
    mj_error sub;
    switch (k) {
    case TOK_WIN:
    case TOK_BAO:
      if (mj_tile_parse(v, vlen, &t, &sub) != MJ_OK || t >= MJ_KINDS)
        return mj_fail(
            err, MJ_EINVAL, col + (int)nlen + 1,
            "bad %s= '%.*s' (one tile: 1-9m/p/s, 1-7z or E S W N C F P)",
            tokens[k].name, (int)(vlen > 20 ? 20 : vlen), v);
      if (k == TOK_WIN)
        c->win = t;
      else
        c->wild = t;
      break;
    case TOK_SEAT:
    case TOK_ROUND:
      if ((x = wind_value(v, vlen)) < 0)
        return mj_fail(err, MJ_EINVAL, col + (int)nlen + 1,
                       "bad %s= '%.*s' (E, S, W or N)", tokens[k].name,
                       (int)(vlen > 20 ? 20 : vlen), v);
      if (k == TOK_SEAT)
        c->seat = (uint8_t)x;
      else
        c->round = (uint8_t)x;
      break;
    case TOK_FLOWERS:
      if ((x = small_int(v, vlen, 8)) < 0)
        return mj_fail(err, MJ_EINVAL, col + (int)nlen + 1,
                       "bad flowers= '%.*s' (0..8)",
                       (int)(vlen > 20 ? 20 : vlen), v);
      c->flowers = (uint8_t)x;
      break;
    case TOK_FEIBAO:
      if ((x = small_int(v, vlen, 4)) < 0)
        return mj_fail(err, MJ_EINVAL, col + (int)nlen + 1,
                       "bad feibao= '%.*s' (0..4)",
                       (int)(vlen > 20 ? 20 : vlen), v);
      c->feibao = (uint8_t)x;
      break;
    case TOK_QUE:
      if (vlen != 1 || (v[0] != 'm' && v[0] != 'p' && v[0] != 's'))
        return mj_fail(err, MJ_EINVAL, col + (int)nlen + 1,
                       "bad que= '%.*s' (the missing suit: m, p or s)",
                       (int)(vlen > 20 ? 20 : vlen), v);
      c->que = (uint8_t)(v[0] == 'm' ? MJ_SUIT_M
                         : v[0] == 'p' ? MJ_SUIT_P : MJ_SUIT_S);
      break;
    case TOK_GUI: {
      /* one or two kinds, comma-separated: gui=7z or gui=5z,6z */
      const char *comma = memchr(v, ',', vlen);
      size_t l1 = comma ? (size_t)(comma - v) : vlen;
      mj_tile g1, g2 = MJ_NO_TILE;
      bool ok = mj_tile_parse(v, l1, &g1, &sub) == MJ_OK && g1 < MJ_KINDS;
      if (ok && comma)
        ok = mj_tile_parse(comma + 1, vlen - l1 - 1, &g2, &sub) == MJ_OK &&
             g2 < MJ_KINDS && g2 != g1;
      if (!ok)
        return mj_fail(err, MJ_EINVAL, col + (int)nlen + 1,
                       "bad gui= '%.*s' (one or two ghost kinds: 7z or "
                       "5z,6z)", (int)(vlen > 20 ? 20 : vlen), v);
      c->gui = MJ_BIT(g1) | (g2 != MJ_NO_TILE ? MJ_BIT(g2) : 0);
      break;
    }
    case TOK_HORSES:
    case TOK_STREAK:
      if ((x = small_int(v, vlen, 99)) < 0)
        return mj_fail(err, MJ_EINVAL, col + (int)nlen + 1,
                       "bad %s= '%.*s' (0..99)", tokens[k].name,
                       (int)(vlen > 20 ? 20 : vlen), v);
      *(k == TOK_HORSES ? &c->horses : &c->streak) = (uint8_t)x;
      break;
    default:
      c->flags |= tokens[k].flag;
      break;
    }
  }
  return MJ_OK;
}

/* {====================================================================
** The fast path
** ===================================================================== */

/*
** The common hand, read in one pass that only counts: concealed runs
** from eight-byte words, [melds] and {concealed kongs} from tables of
** their texts, +T, and the context tokens without a ruleset's own. Anything else, or anything wrong, returns false and the
** careful parser below reads the text again, for its error message: the
** two give the same hand for every text this one accepts (a test and the
** fuzzer compare them).
*/
typedef struct fast {
  const unsigned char *s;
  size_t i, n;
} fast;

/* c is a digit 1..9 (its class is its value) */
static inline bool fast_digit(unsigned char c)
{
  return (unsigned)(c - '1') < 9u;
}

/*
** Eight bytes from p as a little-endian word, zeros past the end of the
** text (left bytes are there).
*/
static inline uint64_t word8_le(const unsigned char *p, size_t left)
{
  uint64_t w = 0;
  if (left >= 8) {
    memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
  } else {
    for (size_t k = 0; k < left; k++)
      w |= (uint64_t)p[k] << (8 * k);
  }
  return w;
}

/*
** How many of the bytes of the little-endian word w, from its low end, are
** digits 1..9 before the first that is not (8 if all are): each byte's
** high bit cleared before the sums, so no carry crosses a byte; a byte
** with it set is no digit.
*/
static inline unsigned lead_digits(uint64_t w)
{
  const uint64_t hi = 0x8080808080808080ULL, lo7 = 0x7f7f7f7f7f7f7f7fULL;
  uint64_t x = w & lo7;
  uint64_t dig = (x + 0x4f4f4f4f4f4f4f4fULL) &   /* >= '1' */
                 ~(x + 0x4646464646464646ULL) &  /* <= '9' */
                 ~w & hi;
  uint64_t non = ~dig & hi;
  return non != 0 ? (unsigned)__builtin_ctzll(non) >> 3 : 8;
}

/* The end of the digits 1..9 from s[i], eight bytes at a time where
   eight are left, then one by one. */
static inline size_t digits_end(const unsigned char *s, size_t i, size_t n)
{
  for (; i + 8 <= n; i += 8) {
    unsigned k = lead_digits(word8_le(s + i, 8));
    if (k < 8)
      return i + k;
  }
  while (i < n && fast_digit(s[i]))
    i++;
  return i;
}

/* The first len (1..8) bytes of w, digits 1..9, counted in row[]: each
   from the word as it moves down, no loop */
static inline void count_word(uint8_t *row, uint64_t w, unsigned len)
{
#define DIGIT() (row[(size_t)(w & 0xffu) - '1']++, w >>= 8)
  switch (len) {
  case 8: DIGIT(); __attribute__((fallthrough));
  case 7: DIGIT(); __attribute__((fallthrough));
  case 6: DIGIT(); __attribute__((fallthrough));
  case 5: DIGIT(); __attribute__((fallthrough));
  case 4: DIGIT(); __attribute__((fallthrough));
  case 3: DIGIT(); __attribute__((fallthrough));
  case 2: DIGIT(); __attribute__((fallthrough));
  default: DIGIT(); break;
  }
#undef DIGIT
}

/* The counts' row of the suit whose letter is byte len of w (after the
   run's digits), NULL if that byte is no suit letter (m p s z). */
static inline uint8_t *run_row(uint8_t *cnt, uint64_t w, unsigned len)
{
  unsigned suit =
      mj_char_class[(unsigned)(w >> (8 * len)) & 0xffu] - MJ_CL_SUIT;
  return suit > MJ_SUIT_Z ? NULL : cnt + suit * 9;
}

/*
** The melds the fast path reads, known by their text: the bytes from the
** bracket as a little-endian word, 6 of them for a pung, a chow in any
** order or an honor kong by letters, 7 for a kong, 5 for an honor pung by
** letters. Each length has its table, every text in a slot of its own
** under a multiplicative hash (the multipliers were found by a search over
** all the texts; the tables' builder checks them). An entry is the text's
** bytes with the meld's type and tile in its top byte; an empty slot is
** zero, which no text is.
*/
typedef struct meld_table {
  uint64_t mul;
  int bits;
  uint64_t *slot;
} meld_table;

static uint64_t meld6_slots[1 << 9], meld7_slots[1 << 7], meld5_slots[1 << 4];
static const meld_table meld6 = { 145254053073486627ULL, 9, meld6_slots },
                        meld7 = { 10338730036061962549ULL, 7, meld7_slots },
                        meld5 = { 11311824479506114159ULL, 4, meld5_slots };

static inline uint64_t meld_entry(const meld_table *t, uint64_t text)
{
  return t->slot[(text * t->mul) >> (64 - t->bits)];
}

static void meld_put(const meld_table *t, const char *text, int type,
                     int tile)
{
  uint64_t key = 0;
  for (int k = 0; text[k] != '\0'; k++)
    key |= (uint64_t)(unsigned char)text[k] << (8 * k);
  uint64_t *e = &t->slot[(key * t->mul) >> (64 - t->bits)];
  if (*e != 0)
    abort();   /* a multiplier no longer keeps the texts apart */
  *e = key | (uint64_t)(type << 6 | tile) << 56;
}

/* Every meld text the fast path reads, before main (the tables are
   constant after that, so threads share them). */
__attribute__((constructor)) static void meld_tables(void)
{
  static const char suits[] = "mpsz", honors[] = "ESWNCFP";
  static const int order[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                   { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
  for (int s = 0; s < 4; s++)
    for (int d = 1; d <= (s == 3 ? 7 : 9); d++) {
      char x = (char)('0' + d), u = suits[s];
      int t = s * 9 + d - 1;
      meld_put(&meld6, (char[]){ '[', x, x, x, u, ']', 0 }, MJ_PUNG, t);
      meld_put(&meld7, (char[]){ '[', x, x, x, x, u, ']', 0 }, MJ_KONG, t);
      meld_put(&meld7, (char[]){ '{', x, x, x, x, u, '}', 0 }, MJ_CKONG, t);
      for (int o = 0; o < 6 && s < 3 && d <= 7; o++)   /* chows, any order */
        meld_put(&meld6,
                 (char[]){ '[', (char)(x + order[o][0]),
                           (char)(x + order[o][1]), (char)(x + order[o][2]),
                           u, ']', 0 },
                 MJ_CHOW, t);
    }
  for (int k = 0; k < 7; k++) {
    char l = honors[k];
    int t = MJ_HONOR_FIRST + k;
    meld_put(&meld5, (char[]){ '[', l, l, l, ']', 0 }, MJ_PUNG, t);
    meld_put(&meld6, (char[]){ '[', l, l, l, l, ']', 0 }, MJ_KONG, t);
    meld_put(&meld6, (char[]){ '{', l, l, l, l, '}', 0 }, MJ_CKONG, t);
  }
}

/*
** The meld whose bracket begins w: length << 16 | tile << 8 | type, 0 if
** it is none the fast path reads.
*/
static inline unsigned fast_meld(uint64_t w)
{
  const uint64_t low56 = 0x00ffffffffffffffULL;
  uint64_t k = w & 0xffffffffffffULL, e = meld_entry(&meld6, k);
  unsigned len = 6;
  if (__builtin_expect((e & low56) != k, 0)) {
    k = w & low56;
    e = meld_entry(&meld7, k);
    len = 7;
    if ((e & low56) != k) {
      k = w & 0xffffffffffULL;
      e = meld_entry(&meld5, k);
      len = 5;
      if ((e & low56) != k)
        return 0;
    }
  }
  return len << 16 | (unsigned)(e >> 56 & 63) << 8 | (unsigned)(e >> 62);
}


/*
** The counts checked (no kind more than four times, the melds' copies
** with the hand's; nothing in the spare bytes, "8z" and "9z") and the copy
** masks made from them (at[k]: the kinds with more than k): with SSE2 a
** byte compare and a movemask for 16 kinds at a time, else kind by kind.
*/
static bool fast_counts(mj_hand *h)
{
  static const uint8_t most[COUNTS_SPACE] = {
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
  };
  uint8_t melded[COUNTS_SPACE];
  if (h->nmelds > 0) {
    memset(melded, 0, sizeof melded);
    add_melds(h, melded);
  }
#if defined(__SSE2__)
  const __m128i *c = (const __m128i *)(const void *)h->counts,
                *q = (const __m128i *)(const void *)most;
  __m128i v[3], over = _mm_setzero_si128();
  for (int k = 0; k < 3; k++) {
    v[k] = _mm_loadu_si128(c + k);
    __m128i all = v[k];
    if (h->nmelds > 0)
      all = _mm_add_epi8(
          all, _mm_loadu_si128((const __m128i *)(const void *)melded + k));
    over = _mm_or_si128(over, _mm_subs_epu8(all, _mm_loadu_si128(q + k)));
  }
  if (_mm_movemask_epi8(_mm_cmpeq_epi8(over, _mm_setzero_si128())) != 0xffff)
    return false;
  /* the counts' bits as planes (each 0..4: bits 0, 1, 2), each byte's bit
     brought to its top and gathered by movemask */
  uint64_t plane[3] = { 0, 0, 0 };
  for (int k = 0; k < 3; k++) {
    __m128i x = _mm_slli_epi16(v[k], 5);   /* bit 2 on top, in each byte */
    plane[2] |= (uint64_t)(unsigned)_mm_movemask_epi8(x) << (16 * k);
    x = _mm_add_epi8(x, x);
    plane[1] |= (uint64_t)(unsigned)_mm_movemask_epi8(x) << (16 * k);
    x = _mm_add_epi8(x, x);
    plane[0] |= (uint64_t)(unsigned)_mm_movemask_epi8(x) << (16 * k);
  }
  h->at[0] = plane[0] | plane[1] | plane[2];
  h->at[1] = plane[1] | plane[2];
  h->at[2] = (plane[0] & plane[1]) | plane[2];
  h->at[3] = plane[2];   /* four */
#else
  for (int t = 0; t < COUNTS_SPACE; t++)
    if (h->counts[t] + (h->nmelds > 0 ? melded[t] : 0) > most[t])
      return false;
  memset(h->at, 0, sizeof h->at);
  for (int t = 0; t < MJ_KINDS; t++)
    for (int k = 0; k < h->counts[t]; k++)
      h->at[k] |= MJ_BIT(t);
#endif
  return true;
}

/* One tile as a token's value ("5m", "E"); MJ_NO_TILE if not. */
static mj_tile fast_tile(const unsigned char *v, size_t n)
{
  int a = n >= 1 ? mj_char_class[v[0]] : 0;
  if (n == 1 && a >= MJ_CL_HONOR)
    return (mj_tile)(a - MJ_CL_HONOR);
  int suit = n == 2 ? mj_char_class[v[1]] - MJ_CL_SUIT : -1;
  if (n != 2 || a < 1 || a > 9 || suit < 0 || suit > MJ_SUIT_Z ||
      (suit == MJ_SUIT_Z && a > 7))
    return MJ_NO_TILE;
  return (mj_tile)(suit * 9 + a - 1);
}

static const bool space_of[256] = { [' '] = true, ['\t'] = true,
                                    ['\r'] = true, ['\n'] = true };

static inline bool fast_space(unsigned char c) { return space_of[c]; }

/* Eight bytes at p, as one word. */
static inline uint64_t word8(const void *p)
{
  uint64_t x;
  memcpy(&x, p, 8);
  return x;
}

/* 64 + a suit letter's first kind (m p s z), 0 for any other byte. */
static const uint8_t suit_first[256] = { ['m'] = 64, ['p'] = 64 + 9,
                                         ['s'] = 64 + 18, ['z'] = 64 + 27 };

/* A wind's letter: 1 + its number (E S W N), 0 if none. */
static const uint8_t wind_of[256] = { ['E'] = 1, ['S'] = 2, ['W'] = 3,
                                      ['N'] = 4 };

/*
** The context nearly every line has, in its usual order and spacing:
** "win=T [self ]seat=W round=W flowers=N" (T a suited tile), compared
** under masks (the values' bytes masked off, then read one by one): its
** head as an eight-byte word, its body as two 16-byte vectors with SSE2,
** else three words. Returns its length, or 0 when the text is
** anything else (the tokens are then read one by one).
*/
static size_t fast_usual(const unsigned char *t, size_t left, mj_ctx *c,
                         unsigned *seen)
{
  static const char ff = (char)0xff;
  static const char head[8] = { 'w', 'i', 'n', '=', 0, 0, ' ', 0 };
  static const char head_m[8] = { ff, ff, ff, ff, 0, 0, ff, 0 };
#if defined(__SSE2__)
  /* the body as its bytes 0..15 and 8..23, masked */
  static const char body[32] = "seat=\0 round=\0 found=\0 flowers=";
  static const char body_m[32] = { ff, ff, ff, ff, ff, 0,  ff, ff,
                                   ff, ff, ff, ff, ff, 0,  ff, ff,
                                   ff, ff, ff, ff, ff, 0,  ff, ff,
                                   ff, ff, ff, ff, ff, ff, ff, 0 };
#else
  static const char body[24] = "seat=\0 round=\0 flowers=";
  static const char body_m[24] = { ff, ff, ff, ff, ff, 0,  ff, ff,
                                   ff, ff, ff, ff, ff, 0,  ff, ff,
                                   ff, ff, ff, ff, ff, ff, ff, 0 };
#endif
  if (left < 31 || (word8(t) & word8(head_m)) != word8(head))
    return 0;
  size_t o = memcmp(t + 7, "self ", 5) == 0 ? 12 : 7;
  const unsigned char *b = t + o;
  if (left < o + 24 || (left > o + 24 && !fast_space(b[24])))
    return 0;
#if defined(__SSE2__)
  const __m128i *bm = (const __m128i *)(const void *)body_m,
                *bp = (const __m128i *)(const void *)body;
  __m128i x = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)b),
                            _mm_loadu_si128(bm)),
          y = _mm_and_si128(
              _mm_loadu_si128((const __m128i *)(const void *)(b + 8)),
              _mm_loadu_si128(bm + 1));
  if (_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(x, _mm_loadu_si128(bp)),
                                      _mm_cmpeq_epi8(y, _mm_loadu_si128(bp + 1)))) !=
      0xffff)
    return 0;
#else
  if ((word8(b) & word8(body_m)) != word8(body) ||
      (word8(b + 8) & word8(body_m + 8)) != word8(body + 8) ||
      (word8(b + 16) & word8(body_m + 16)) != word8(body + 16))
    return 0;
#endif
  unsigned d = t[4] - '1', fl = b[23] - '0';
  unsigned tile = suit_first[t[5]] + d - 64u;   /* wraps unless a suit */
  unsigned seat = wind_of[b[5]] - 1u, round = wind_of[b[13]] - 1u;
  if (d >= 9 || tile >= MJ_KINDS || (seat | round) > 3 || fl > 8)
    return 0;
  c->win = (mj_tile)tile;
  c->seat = (uint8_t)seat;
  c->round = (uint8_t)round;
  c->flowers = (uint8_t)fl;
  *seen = 1u << TOK_WIN | 1u << TOK_SEAT | 1u << TOK_ROUND | 1u << TOK_FLOWERS;
  if (o == 12) {
    c->flags |= MJ_CTX_SELF;
    *seen |= 1u << TOK_SELF;
  }
  return o + 24;
}

static bool fast_context(fast *f, mj_ctx *c)
{
  const unsigned char *s = f->s;
  size_t i = f->i, n = f->n;
  unsigned seen = 0;
  if (i < n && s[i] == ' ') {   /* the usual context, the end of the text */
    size_t u = fast_usual(s + i + 1, n - i - 1, c, &seen);
    if (u != 0 && (i += 1 + u) == n)
      return true;
  }
  for (;;) {
    while (i < n && fast_space(s[i]))
      i++;
    if (i >= n)
      return true;
    /* the tokens of nearly every line, by their first letter and text:
       win=5m, seat=E, round=E, flowers=0, self; the rest through the
       table below. Written out one by one on purpose: a loop over a table
       of them costs the batch about 140 instructions a hand (measured
       with callgrind) */
    const unsigned char *t = s + i;
    size_t left = n - i;
    int tk = -1, w = 0;
    uint32_t word = 0;
    if (left >= 4)
      memcpy(&word, t, 4);
    /* the first four letters as one word (of either byte order) */
#define WORD4(a, b, c, d)                                                    \
  ((uint32_t)(unsigned char)(a) | (uint32_t)(unsigned char)(b) << 8 |        \
   (uint32_t)(unsigned char)(c) << 16 | (uint32_t)(unsigned char)(d) << 24)
    static const uint32_t probe = WORD4('w', 'i', 'n', '=');
    uint32_t le = word;
    if (memcmp(&probe, "win=", 4) != 0)   /* big-endian: turn it round */
      le = (word >> 24) | (word >> 8 & 0xff00) | (word << 8 & 0xff0000) |
           word << 24;
    switch (le) {
    case WORD4('w', 'i', 'n', '='):
      if (left >= 6)
        tk = TOK_WIN, w = 6;
      break;
    case WORD4('s', 'e', 'a', 't'):
      if (left >= 6 && t[4] == '=')
        tk = TOK_SEAT, w = 6;
      break;
    case WORD4('s', 'e', 'l', 'f'): tk = TOK_SELF, w = 4; break;
    case WORD4('r', 'o', 'u', 'n'):
      if (left >= 7 && t[4] == 'd' && t[5] == '=')
        tk = TOK_ROUND, w = 7;
      break;
    case WORD4('f', 'l', 'o', 'w'):
      if (left >= 9 && memcmp(t + 4, "ers=", 4) == 0)
        tk = TOK_FLOWERS, w = 9;
      break;
    case WORD4('k', 'o', 'n', 'g'): tk = TOK_KONG, w = 4; break;
    case WORD4('l', 'a', 's', 't'): tk = TOK_LAST, w = 4; break;
    case WORD4('w', 'a', 'l', 'l'):
      if (left >= 9 && memcmp(t + 4, "-last", 5) == 0)
        tk = TOK_WALL_LAST, w = 9;
      break;
    default:
      if (left >= 3 && t[0] == 'r' && t[1] == 'o' && t[2] == 'b')
        tk = TOK_ROB, w = 3;
      break;
    }
#undef WORD4
    if (tk >= 0 && (left == (size_t)w || fast_space(t[w])) &&
        !(seen & 1u << tk)) {
      int x = 0;
      switch (tk) {
      case TOK_WIN: {
        unsigned d = t[4] - '1';
        int suit = mj_char_class[t[5]] - MJ_CL_SUIT;
        if (d >= 9 || suit < 0 || suit > MJ_SUIT_Z ||
            (suit == MJ_SUIT_Z && d > 6))
          return false;
        c->win = (mj_tile)(suit * 9 + (int)d);
        break;
      }
      case TOK_SEAT:
      case TOK_ROUND:
        switch (t[w - 1]) {
        case 'E': x = 0; break;
        case 'S': x = 1; break;
        case 'W': x = 2; break;
        case 'N': x = 3; break;
        default: return false;
        }
        *(tk == TOK_SEAT ? &c->seat : &c->round) = (uint8_t)x;
        break;
      case TOK_FLOWERS:
        if ((unsigned)(t[8] - '0') > 8u)
          return false;
        c->flowers = (uint8_t)(t[8] - '0');
        break;
      default: c->flags |= tokens[tk].flag; break;   /* self, kong, ... */
      }
      seen |= 1u << tk;
      i += (size_t)w;
      continue;
    }
    size_t b = i, eq = 0;
    for (; i < n && !fast_space(s[i]); i++)
      if (s[i] == '=' && eq == 0)
        eq = i;
    const unsigned char *tok = s + b, *v = eq ? s + eq + 1 : NULL;
    size_t nlen = (eq ? eq : i) - b, vlen = eq ? i - eq - 1 : 0;
    int k = 0;
    while (k < TOK_COUNT &&
           (tokens[k].len != nlen || tokens[k].name[0] != (char)tok[0] ||
            memcmp(tokens[k].name, tok, nlen) != 0))
      k++;
    if (k == TOK_COUNT || tokens[k].owned || (seen & 1u << k) ||
        tokens[k].value != (eq != 0))
      return false;
    seen |= 1u << k;
    int x;
    switch (k) {
    case TOK_WIN:
      if ((c->win = fast_tile(v, vlen)) == MJ_NO_TILE)
        return false;
      break;
    case TOK_SEAT:
    case TOK_ROUND:
      if ((x = wind_value((const char *)v, vlen)) < 0)
        return false;
      *(k == TOK_SEAT ? &c->seat : &c->round) = (uint8_t)x;
      break;
    case TOK_FLOWERS:
      if ((x = small_int((const char *)v, vlen, 8)) < 0)
        return false;
      c->flowers = (uint8_t)x;
      break;
    default:
      c->flags |= tokens[k].flag;
      break;
    }
  }
}

/*
** The hand part in one pass: digit runs with their suit letter, honor
** letters, melds, +T, up to the first space; then the context. The loop
** only counts (a kind's count may pass four, "8z" and "9z" land in the
** spare bytes); the counts are checked and the copy masks made at the
** end, for all kinds at once.
*/
static bool fast_parse(mj_hand *h, const char *text, size_t n)
{
  const unsigned char *s = (const unsigned char *)text;
  size_t i = 0;
  if (n > 0 && fast_space(s[0]))
    return false;   /* leading spaces: the careful parser */
  size_t nt = 0;
  mj_tile plus = MJ_NO_TILE;
  uint8_t *cnt = h->counts;
  while (i < n) {
    unsigned c = s[i], cl = mj_char_class[c];
    uint64_t w = 0, w2;
    unsigned len = 0, len2;
    if (cl - 1 < 9u && i + 8 <= n &&
        (len = lead_digits(w = word8_le(s + i, 8))) < 8) {
      /* digits and their suit letter within a word */
      uint8_t *row = run_row(cnt, w, len);
      if (__builtin_expect(row == NULL, 0))
        return false;
      nt += len;
      i += len + 1;
      count_word(row, w, len);
    } else if (cl - 1 < 9u && len == 8 && i + 16 <= n &&
               (len2 = lead_digits(w2 = word8_le(s + i + 8, 8))) < 8) {
      /* a run of eight digits or more, in two words */
      uint8_t *row = run_row(cnt, w2, len2);
      if (__builtin_expect(row == NULL, 0))
        return false;
      nt += 8 + len2;
      i += 8 + len2 + 1;
      count_word(row, w, 8);
      if (len2 > 0)
        count_word(row, w2, len2);
    } else if (cl - 1 < 9u) {   /* a long run, or near the end */
      size_t j = digits_end(s, i + 1, n);
      unsigned suit =
          j < n ? (unsigned)(mj_char_class[s[j]] - MJ_CL_SUIT) : 99u;
      if (__builtin_expect(suit > MJ_SUIT_Z, 0))
        return false;
      nt += j - i;
      uint8_t *row = cnt + suit * 9;
      const unsigned char *p = s + i, *end = s + j;
      do
        row[(size_t)*p - '1']++;
      while (++p < end);
      i = j + 1;
    } else if (cl >= MJ_CL_HONOR) {
      cnt[cl - MJ_CL_HONOR]++;
      nt++;
      i++;
    } else if (c == '[' || c == '{') {
      unsigned m = fast_meld(word8_le(s + i, n - i));
      if (__builtin_expect(m == 0 || h->nmelds >= MJ_MAX_MELDS, 0))
        return false;
      h->melds[h->nmelds++] =
          (mj_meld){ .type = (uint8_t)m, .tile = (mj_tile)(m >> 8) };
      i += m >> 16;
    } else if (c == '+') {   /* +T, then a space or the end */
      size_t tl = 1;
      mj_tile t = MJ_NO_TILE;
      if (i + 1 < n && mj_char_class[s[i + 1]] >= MJ_CL_HONOR) {
        t = (mj_tile)(mj_char_class[s[i + 1]] - MJ_CL_HONOR);
      } else if (i + 2 < n) {
        t = fast_tile(s + i + 1, 2);
        tl = 2;
      }
      i += 1 + tl;
      if (t == MJ_NO_TILE || (i < n && !fast_space(s[i])))
        return false;
      cnt[t]++;
      nt++;
      plus = t;
    } else if (fast_space((unsigned char)c)) {
      break;
    } else {
      return false;
    }
  }
  /* at most 18 tiles: no count wrapped round */
  if (nt > MJ_MAX_CONCEALED || (nt == 0 && h->nmelds == 0) || !fast_counts(h))
    return false;
  h->ntiles = (uint8_t)nt;
  fast f = { s, i, n };
  if (!fast_context(&f, &h->ctx))
    return false;
  if (plus != MJ_NO_TILE) {
    if (h->ctx.win != MJ_NO_TILE && h->ctx.win != plus)
      return false;
    h->ctx.win = plus;
    h->plus = true;
  }
  return true;
}

/* }==================================================================== */

mj_status mj_hand_parse(mj_hand *h, const char *text, size_t n, mj_error *err)
{
  clear_but_copies(h);
  mj_error_clear(err);
  if (fast_parse(h, text, n))
    return MJ_OK;
  return mj_hand_parse_careful(h, text, n, err);
}

mj_status mj_hand_parse_careful(mj_hand *h, const char *text, size_t n,
                                mj_error *err)
{
  size_t i = 0, b;
  mj_tile plus;
  mj_status st;
  mj_hand_clear(h);
  mj_error_clear(err);
  while (i < n && is_space(text[i]))
    i++;
  b = i;
  while (i < n && !is_space(text[i]))
    i++;
  if (i == b) {
    return mj_fail(err, MJ_EINVAL, 1, "empty input: expected a hand such as "
                   "123m456p789s11z[555p]");
  }
  st = parse_hand_part(h, text + b, i - b, &plus, err);
  if (st != MJ_OK && err != NULL && err->column > 0)
    err->column += (int)b;     /* columns of the whole text */
  if (st == MJ_OK)
    st = mj_ctx_parse(&h->ctx, text + i, n - i, (int)i + 1, err);
  if (st == MJ_OK && plus != MJ_NO_TILE) {
    if (h->ctx.win != MJ_NO_TILE && h->ctx.win != plus) {
      char a[3], c[3];
      st = mj_fail(err, MJ_EINVAL, 0, "+%s and win=%s disagree",
                   mj_tile_str(plus, a), mj_tile_str(h->ctx.win, c));
    } else {
      h->ctx.win = plus;
      h->plus = true;
    }
  }
  if (st != MJ_OK)
    mj_hand_clear(h);
  return st;
}

/* }==================================================================== */

mj_status mj_hand_check(const mj_hand *h, enum mj_check mode, mj_error *err)
{
  int need = 14 - 3 * h->nmelds;
  const mj_ctx *c = &h->ctx;
  char b[3];
  bool ok = mode == MJ_CHECK_WIN ? h->ntiles == need
          : mode == MJ_CHECK_WAIT ? h->ntiles == need - 1
          : (h->ntiles == need || h->ntiles == need - 1);
  if (!ok) {
    if (mode == MJ_CHECK_ANY)
      return mj_fail(
          err, MJ_EINVAL, 0,
          "wrong tile count: %d concealed tiles with %d melds (need %d or %d)",
          h->ntiles, h->nmelds, need - 1, need);
    if (h->plus && mode == MJ_CHECK_WIN)
      return mj_fail(err, MJ_EINVAL, 0,
                     "wrong tile count: %d concealed tiles with %d melds "
                     "(need %d): +T is the fourteenth tile, so %d concealed "
                     "tiles come before it",
                     h->ntiles, h->nmelds, need, need - 1);
    return mj_fail(
        err, MJ_EINVAL, 0,
        "wrong tile count: %d concealed tiles with %d melds (need %d)",
        h->ntiles, h->nmelds, mode == MJ_CHECK_WIN ? need : need - 1);
  }
  if (mode != MJ_CHECK_WIN)
    return MJ_OK;
  if (c->win == MJ_NO_TILE)
    return mj_fail(err, MJ_EINVAL, 0, "missing win= (the winning tile)");
  if (h->counts[c->win] == 0)
    return mj_fail(err, MJ_EINVAL, 0,
                   "winning tile %s is not among the concealed tiles",
                   mj_tile_str(c->win, b));
  bool self = (c->flags & MJ_CTX_SELF) != 0;
  if (c->flags & MJ_CTX_KONG) {
    bool has_kong = false;
    for (int i = 0; i < h->nmelds; i++)
      has_kong = has_kong || h->melds[i].type >= MJ_KONG;
    /* without self it is 杠上炮 where a ruleset reads it so (the
       scorer asks the ruleset) */
    if (self && !has_kong)
      return mj_fail(err, MJ_EINVAL, 0,
                     "kong (杠上开花) but the hand has no kong");
  }
  if (c->flags & MJ_CTX_ROB) {
    uint8_t all[MJ_KINDS];
    mj_hand_all_counts(h, all);
    if (self)
      return mj_fail(err, MJ_EINVAL, 0, "rob (抢杠和) cannot be self-drawn");
    if (c->flags & MJ_CTX_WALL_LAST)
      return mj_fail(err, MJ_EINVAL, 0, "rob and wall-last cannot both hold");
    if (c->flags & MJ_CTX_KONG)
      return mj_fail(err, MJ_EINVAL, 0, "rob and kong cannot both hold");
    if (all[c->win] != 1)
      return mj_fail(
          err, MJ_EINVAL, 0,
          "rob (抢杠和) but the winning tile is also held by the winner");
  }
  if ((c->flags & MJ_CTX_LAST) && h->counts[c->win] != 1)
    return mj_fail(
        err, MJ_EINVAL, 0,
        "last (和绝张) but the winning tile is also among the concealed tiles");
  if ((c->flags & (MJ_CTX_JIEBAO | MJ_CTX_SIBAO)) ==
      (MJ_CTX_JIEBAO | MJ_CTX_SIBAO))
    return mj_fail(err, MJ_EINVAL, 0, "jiebao and sibao cannot both hold");
  if ((c->flags & MJ_CTX_JIEBAO) && self)
    return mj_fail(err, MJ_EINVAL, 0,
                   "jiebao (接宝) claims a discard: it cannot be self");
  if ((c->flags & MJ_CTX_SIBAO) && !self)
    return mj_fail(err, MJ_EINVAL, 0,
                   "sibao (四个宝) is won on one's own draw: add self");
  if ((c->flags & MJ_CTX_TOUJI) && !self)
    return mj_fail(err, MJ_EINVAL, 0,
                   "touji (偷机) wins are self-drawn: add self");
  if ((c->flags & MJ_CTX_FIRST) && c->seat == 0 && !self)
    return mj_fail(err, MJ_EINVAL, 0,
                   "first for the dealer (seat E) is a win on his own first "
                   "fourteen tiles: add self, or give the winner's seat");
  return MJ_OK;
}

/* {====================================================================
** Printing
** ===================================================================== */

static void put(char *buf, size_t cap, size_t *len, const char *text)
{
  size_t n = strlen(text);
  if (*len < cap) {
    size_t room = cap - 1 - *len;
    memcpy(buf + *len, text, n < room ? n : room);
  }
  *len += n;
  if (cap > 0)
    buf[*len < cap ? *len : cap - 1] = '\0';
}

size_t mj_meld_print(const mj_meld *m, char *buf, size_t cap)
{
  char t[8];
  int r = mj_tile_rank(m->tile);
  char s = "mpsz"[mj_tile_suit(m->tile) & 3];
  size_t len = 0;
  if (cap > 0)
    buf[0] = '\0';
  put(buf, cap, &len, m->type == MJ_CKONG ? "{" : "[");
  if (m->type == MJ_CHOW) {
    t[0] = (char)('0' + r);
    t[1] = (char)('1' + r);
    t[2] = (char)('2' + r);
    t[3] = s;
    t[4] = '\0';
  } else {
    int k = mj_meld_size(m);
    for (int i = 0; i < k; i++)
      t[i] = (char)('0' + r);
    t[k] = s;
    t[k + 1] = '\0';
  }
  put(buf, cap, &len, t);
  put(buf, cap, &len, m->type == MJ_CKONG ? "}" : "]");
  return len;
}

size_t mj_hand_print(const mj_hand *h, char *buf, size_t cap)
{
  size_t len = mj_counts_print(h->counts, MJ_KINDS, buf, cap);
  for (int i = 0; i < h->nmelds; i++) {
    char m[16];
    mj_meld_print(&h->melds[i], m, sizeof m);
    put(buf, cap, &len, m);
  }
  return len;
}

size_t mj_ctx_print(const mj_ctx *c, char *buf, size_t cap)
{
  static const char winds[] = "ESWN";
  char t[40], b[3];
  size_t len = 0;
  if (cap > 0)
    buf[0] = '\0';
  if (c->win != MJ_NO_TILE) {
    snprintf(t, sizeof t, "win=%s ", mj_tile_str(c->win, b));
    put(buf, cap, &len, t);
  }
  if (c->flags & MJ_CTX_SELF)
    put(buf, cap, &len, "self ");
  snprintf(t, sizeof t, "seat=%c round=%c flowers=%d", winds[c->seat & 3],
           winds[c->round & 3], c->flowers);
  put(buf, cap, &len, t);
  if (c->flags & MJ_CTX_LAST)
    put(buf, cap, &len, " last");
  if (c->flags & MJ_CTX_WALL_LAST)
    put(buf, cap, &len, " wall-last");
  if (c->flags & MJ_CTX_KONG)
    put(buf, cap, &len, " kong");
  if (c->flags & MJ_CTX_ROB)
    put(buf, cap, &len, " rob");
  if (c->wild != MJ_NO_TILE) {
    snprintf(t, sizeof t, " bao=%s", mj_tile_str(c->wild, b));
    put(buf, cap, &len, t);
  }
  if (c->flags & MJ_CTX_TOUJI)
    put(buf, cap, &len, " touji");
  if (c->feibao > 0) {
    snprintf(t, sizeof t, " feibao=%d", c->feibao);
    put(buf, cap, &len, t);
  }
  if (c->flags & MJ_CTX_FIRST)
    put(buf, cap, &len, " first");
  if (c->flags & MJ_CTX_JIEBAO)
    put(buf, cap, &len, " jiebao");
  if (c->flags & MJ_CTX_SIBAO)
    put(buf, cap, &len, " sibao");
  if (c->que != 0xff) {
    snprintf(t, sizeof t, " que=%c", "mps"[c->que % 3]);
    put(buf, cap, &len, t);
  }
  if (c->gui != 0) {
    put(buf, cap, &len, " gui=");
    const char *sep = "";
    for (int k = 0; k < MJ_KINDS; k++)
      if (c->gui & MJ_BIT(k)) {
        snprintf(t, sizeof t, "%s%s", sep, mj_tile_str((mj_tile)k, b));
        put(buf, cap, &len, t);
        sep = ",";
      }
  }
  if (c->horses > 0) {
    snprintf(t, sizeof t, " horses=%d", c->horses);
    put(buf, cap, &len, t);
  }
  if (c->streak > 0) {
    snprintf(t, sizeof t, " streak=%d", c->streak);
    put(buf, cap, &len, t);
  }
  return len;
}

size_t mj_hand_print_full(const mj_hand *h, char *buf, size_t cap)
{
  size_t len = mj_hand_print(h, buf, cap);
  char ctx[200];
  mj_ctx_print(&h->ctx, ctx, sizeof ctx);
  put(buf, cap, &len, " ");
  put(buf, cap, &len, ctx);
  return len;
}
