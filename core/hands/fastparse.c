/*
** fastparse.c
** mj_hand_parse: the one-pass reader of the common hand, and the careful
** parser (hand.c) for anything else.
*/
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "hand_int.h"

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

/* The context tokens by their first letter (bit k: token k). */
static uint32_t tok_first[256];

/* Every meld text the fast path reads, and the tokens by their first
   letter, before main (the tables are constant after that, so threads
   share them). */
__attribute__((constructor)) static void meld_tables(void)
{
  for (int k = 0; k < TOK_COUNT; k++)
    tok_first[(unsigned char)mj_ctx_tokens[k].name[0]] |= 1u << k;
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


/* A meld with red fives (0m 0p 0s) in the word w: as fast_meld reads it
   with each 0 a 5, *reds the 0s; 0 if it is none (an honor's 0 too). */
static unsigned red_meld(uint64_t w, unsigned *reds)
{
  unsigned end = 1;
  while (end < 8 && (w >> 8 * end & 0xff) != ']' &&
         (w >> 8 * end & 0xff) != '}')
    end++;
  for (unsigned p = 1; p < end; p++)
    if ((w >> 8 * p & 0xff) == '0') {
      w += (uint64_t)('5' - '0') << 8 * p;
      ++*reds;
    }
  unsigned m = *reds ? fast_meld(w) : 0;
  if (m == 0 || (m >> 16) != end + 1 || (m >> 8 & 0xff) >= MJ_HONOR_FIRST)
    return 0;
  return m;
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
  c->owned |= MJ_TOKEN_FLOWERS;
  *seen = 1u << TOK_WIN | 1u << TOK_SEAT | 1u << TOK_ROUND | 1u << TOK_FLOWERS;
  if (o == 12) {
    c->flags |= MJ_CTX_SELF;
    *seen |= 1u << TOK_SELF;
  }
  return o + 24;
}

/* The tokens of nearly every line, by their first letter and text:
   win=5m, seat=E, round=E, flowers=0, self, kong, last, wall-last, rob;
   the token (or -1) and its width in *w. Written out one by one on
   purpose: a loop over a table of them costs the batch noticeably more
   (docs/performance.md) */
static inline int common_token(const unsigned char *t, size_t left, int *w)
{
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
  int tk = -1;
  switch (le) {
  case WORD4('w', 'i', 'n', '='):
    if (left >= 6)
      tk = TOK_WIN, *w = 6;
    break;
  case WORD4('s', 'e', 'a', 't'):
    if (left >= 6 && t[4] == '=')
      tk = TOK_SEAT, *w = 6;
    break;
  case WORD4('s', 'e', 'l', 'f'): tk = TOK_SELF, *w = 4; break;
  case WORD4('r', 'o', 'u', 'n'):
    if (left >= 7 && t[4] == 'd' && t[5] == '=')
      tk = TOK_ROUND, *w = 7;
    break;
  case WORD4('f', 'l', 'o', 'w'):
    if (left >= 9 && memcmp(t + 4, "ers=", 4) == 0)
      tk = TOK_FLOWERS, *w = 9;
    break;
  case WORD4('k', 'o', 'n', 'g'): tk = TOK_KONG, *w = 4; break;
  case WORD4('l', 'a', 's', 't'): tk = TOK_LAST, *w = 4; break;
  case WORD4('w', 'a', 'l', 'l'):
    if (left >= 9 && memcmp(t + 4, "-last", 5) == 0)
      tk = TOK_WALL_LAST, *w = 9;
    break;
  default:
    if (left >= 3 && t[0] == 'r' && t[1] == 'o' && t[2] == 'b')
      tk = TOK_ROB, *w = 3;
    break;
  }
#undef WORD4
  return tk;
}

/* A common token tk of width w at t into c; false when its value is bad. */
static inline bool set_common(mj_ctx *c, int tk, const unsigned char *t, int w)
{
  switch (tk) {
  case TOK_WIN: {
    unsigned d = t[4] - '1';
    int suit = mj_char_class[t[5]] - MJ_CL_SUIT;
    bool red = t[4] == '0' && suit >= 0 && suit < MJ_SUIT_Z;   /* win=0p */
    if (red)
      d = 4;
    if (d >= 9 || suit < 0 || suit > MJ_SUIT_Z || (suit == MJ_SUIT_Z && d > 6))
      return false;
    c->win = (mj_tile)(suit * 9 + (int)d);
    c->win_red = red;
    return true;
  }
  case TOK_SEAT:
  case TOK_ROUND: {
    int x;
    switch (t[w - 1]) {
    case 'E': x = 0; break;
    case 'S': x = 1; break;
    case 'W': x = 2; break;
    case 'N': x = 3; break;
    default: return false;
    }
    *(tk == TOK_SEAT ? &c->seat : &c->round) = (uint8_t)x;
    return true;
  }
  case TOK_FLOWERS:
    if ((unsigned)(t[8] - '0') > 8u)
      return false;
    c->flowers = (uint8_t)(t[8] - '0');
    c->owned |= MJ_TOKEN_FLOWERS;
    return true;
  default:                                 /* self, ... */
    c->flags |= mj_ctx_tokens[tk].flag;
    c->owned |= mj_ctx_tokens[tk].owned;
    return true;
  }
}

/* dora=TILES, ura=TILES: digits 0..9 and their suit letters only, as
   the careful parser reads them (0 a red five); false for anything
   else, which it reads or refuses. */
static bool fast_indicators(mj_ctx *c, int k, const unsigned char *v,
                            size_t n)
{
  mj_tile *out = k == TOK_DORA ? c->dora : c->ura;
  unsigned shift = k == TOK_DORA ? 0 : 8, red = 0;
  int nt = 0;
  size_t i = 0;
  while (i < n) {
    size_t j = i;
    while (j < n && v[j] >= '0' && v[j] <= '9')
      j++;
    if (j == i || j >= n)
      return false;
    int suit = v[j] == 'm' ? 0 : v[j] == 'p' ? 1 : v[j] == 's' ? 2
             : v[j] == 'z' ? 3 : -1;
    if (suit < 0)
      return false;
    for (; i < j; i++) {
      int d = v[i] - '0';
      if (d == 0 && suit < 3) {
        red |= 1u << nt;
        d = 5;
      }
      if (d == 0 || (suit == 3 && d > 7) || nt >= MJ_MAX_INDICATORS)
        return false;
      out[nt++] = (mj_tile)(suit * 9 + d - 1);
    }
    i = j + 1;
  }
  if (nt == 0)
    return false;
  *(k == TOK_DORA ? &c->ndora : &c->nura) = (uint8_t)nt;
  c->ind_red = (uint16_t)((c->ind_red & ~(0xffu << shift)) | red << shift);
  c->owned |= mj_ctx_tokens[k].owned;
  return true;
}

/* Any other token of every ruleset, through the table, at s[*i]; false
   when it is not one (the careful parser then says why). */
static bool other_token(const unsigned char *s, size_t *i, size_t n,
                        mj_ctx *c, unsigned *seen)
{
  size_t b = *i, eq = 0, e = *i;
  for (; e < n && !fast_space(s[e]); e++)
    if (s[e] == '=' && eq == 0)
      eq = e;
  *i = e;
  const unsigned char *tok = s + b, *v = eq ? s + eq + 1 : NULL;
  size_t nlen = (eq ? eq : e) - b, vlen = eq ? e - eq - 1 : 0;
  int k = TOK_COUNT, x;
  for (uint32_t bits = tok_first[tok[0]]; bits != 0; bits &= bits - 1) {
    int q = __builtin_ctz(bits);
    if (mj_ctx_tokens[q].len == nlen &&
        memcmp(mj_ctx_tokens[q].name, tok, nlen) == 0) {
      k = q;
      break;
    }
  }
  if (k == TOK_COUNT || (*seen & 1u << k) ||
      mj_ctx_tokens[k].value != (eq != 0))
    return false;
  if (mj_ctx_tokens[k].owned && k != TOK_RIICHI && k != TOK_DOUBLE &&
      k != TOK_IPPATSU && k != TOK_HONBA && k != TOK_DORA && k != TOK_URA)
    return false;   /* the others' values: the careful parser */
  *seen |= 1u << k;
  switch (k) {
  case TOK_WIN:
    return (c->win = fast_tile(v, vlen)) != MJ_NO_TILE;
  case TOK_SEAT:
  case TOK_ROUND:
    if ((x = mjh_wind_value((const char *)v, vlen)) < 0)
      return false;
    *(k == TOK_SEAT ? &c->seat : &c->round) = (uint8_t)x;
    return true;
  case TOK_FLOWERS:
    if ((x = mjh_small_int((const char *)v, vlen, 8)) < 0)
      return false;
    c->flowers = (uint8_t)x;
    c->owned |= MJ_TOKEN_FLOWERS;
    return true;
  case TOK_HONBA:
    if ((x = mjh_small_int((const char *)v, vlen, 99)) < 0)
      return false;
    c->honba = (uint8_t)x;
    c->owned |= MJ_TOKEN_HONBA;
    return true;
  case TOK_DORA:
  case TOK_URA:
    return fast_indicators(c, k, v, vlen);
  default:
    c->flags |= mj_ctx_tokens[k].flag;
    c->owned |= mj_ctx_tokens[k].owned;
    return true;
  }
}
_Static_assert(TOK_COUNT <= 32, "a token's bit in seen");

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
    const unsigned char *t = s + i;
    size_t left = n - i;
    int w = 0, tk = common_token(t, left, &w);
    if (tk >= 0 && (left == (size_t)w || fast_space(t[w])) &&
        !(seen & 1u << tk)) {
      if (!set_common(c, tk, t, w))
        return false;
      seen |= 1u << tk;
      i += (size_t)w;
    } else if (!other_token(s, &i, n, c, &seen)) {
      return false;
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
/* The same but for the copy masks, which the fast parser writes whole. */
static inline void clear_but_copies(mj_hand *h)
{
  _Static_assert(offsetof(mj_hand, at) == 48 && sizeof h->at == 32,
                 "the copy masks are vectors 3 and 4");
  const v16_any zero = { 0 };
  v16_any *d = (v16_any *)(void *)h;
  const v16_any *e = (const v16_any *)(const void *)&mj_empty_hand;
  d[0] = zero;
  d[1] = zero;
  d[2] = zero;
  for (int k = 5; k < HAND_VECTORS; k++)
    d[k] = e[k];
}

/* A run of digits 0..9 and its suit letter at s[*i], a byte at a time:
   the runs with a red five (0m 0p 0s) in them. */
static bool red_run(mj_hand *h, const unsigned char *s, size_t n, size_t *i,
                    size_t *nt)
{
  size_t j = *i;
  while (j < n && s[j] >= '0' && s[j] <= '9')
    j++;
  unsigned suit = j < n ? (unsigned)(mj_char_class[s[j]] - MJ_CL_SUIT) : 99u;
  if (suit > MJ_SUIT_Z)
    return false;
  for (size_t q = *i; q < j; q++) {
    unsigned d = s[q] - '0';
    if (d == 0) {
      if (suit == MJ_SUIT_Z)
        return false;
      d = 5;
      h->red[suit]++;
    }
    h->counts[suit * 9 + d - 1]++;
  }
  *nt += j - *i;
  *i = j + 1;
  return true;
}

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
      if (__builtin_expect(row == NULL, 0)) {
        if (!red_run(h, s, n, &i, &nt))
          return false;
        continue;
      }
      nt += len;
      i += len + 1;
      count_word(row, w, len);
    } else if (cl - 1 < 9u && len == 8 && i + 16 <= n &&
               (len2 = lead_digits(w2 = word8_le(s + i + 8, 8))) < 8) {
      /* a run of eight digits or more, in two words */
      uint8_t *row = run_row(cnt, w2, len2);
      if (__builtin_expect(row == NULL, 0)) {
        if (!red_run(h, s, n, &i, &nt))
          return false;
        continue;
      }
      nt += 8 + len2;
      i += 8 + len2 + 1;
      count_word(row, w, 8);
      if (len2 > 0)
        count_word(row, w2, len2);
    } else if (cl - 1 < 9u) {   /* a long run, or near the end */
      size_t j = digits_end(s, i + 1, n);
      unsigned suit =
          j < n ? (unsigned)(mj_char_class[s[j]] - MJ_CL_SUIT) : 99u;
      if (__builtin_expect(suit > MJ_SUIT_Z, 0)) {
        if (!red_run(h, s, n, &i, &nt))
          return false;
        continue;
      }
      nt += j - i;
      uint8_t *row = cnt + suit * 9;
      const unsigned char *p = s + i, *end = s + j;
      do
        row[(size_t)*p - '1']++;
      while (++p < end);
      i = j + 1;
    } else if (cl == MJ_CL_ZERO) {   /* a run that opens with a red five */
      if (!red_run(h, s, n, &i, &nt))
        return false;
    } else if (cl >= MJ_CL_HONOR) {
      cnt[cl - MJ_CL_HONOR]++;
      nt++;
      i++;
    } else if (c == '[' || c == '{') {
      uint64_t mw = word8_le(s + i, n - i);
      unsigned m = fast_meld(mw), reds = 0;
      if (__builtin_expect(m == 0, 0))
        m = red_meld(mw, &reds);
      if (__builtin_expect(m == 0 || h->nmelds >= MJ_MAX_MELDS, 0))
        return false;
      h->meld_red[h->nmelds] = (uint8_t)reds;
      h->melds[h->nmelds++] =
          (mj_meld){ .type = (uint8_t)m, .tile = (mj_tile)(m >> 8) };
      i += m >> 16;
    } else if (c == '+') {   /* +T, then a space or the end */
      size_t tl = 1;
      mj_tile t = MJ_NO_TILE;
      unsigned rs;
      if (i + 1 < n && mj_char_class[s[i + 1]] >= MJ_CL_HONOR) {
        t = (mj_tile)(mj_char_class[s[i + 1]] - MJ_CL_HONOR);
      } else if (i + 2 < n && s[i + 1] == '0' &&
                 (rs = (unsigned)(mj_char_class[s[i + 2]] - MJ_CL_SUIT)) <
                     MJ_SUIT_Z) {   /* +0p: a red five wins */
        t = (mj_tile)(rs * 9 + 4);
        tl = 2;
        h->red[rs]++;
        h->ctx.win_red = 1;
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
  bool plus_red = h->ctx.win_red;   /* +0m */
  fast f = { s, i, n };
  if (!fast_context(&f, &h->ctx))
    return false;
  if (plus != MJ_NO_TILE) {
    /* both named, or a red five in either: the careful parser's */
    if (h->ctx.win != MJ_NO_TILE &&
        (h->ctx.win != plus || plus_red || h->ctx.win_red))
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
