/*
** hand.c
** Hands: notation parse/print, validation and simple mutation; the
** one-call forms of the analysis (a hand's view, waits, useful tiles).
*/
#include "i18n.h"
#include "hand.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "hand_int.h"

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
const mj_hand mj_empty_hand = {
  .ctx = { .win = MJ_NO_TILE, .wild = MJ_NO_TILE, .que = 0xff }
};


void mj_hand_clear(mj_hand *h)
{
  /* copied 16 bytes at a time: a plain struct copy became a rep stos, 24
     instructions where this is 18, and every parse begins with it */
  v16_any *d = (v16_any *)(void *)h;
  const v16_any *e = (const v16_any *)(const void *)&mj_empty_hand;
  for (int k = 0; k < HAND_VECTORS; k++)
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
int mj_hand_red(const mj_hand *h, int suit)
{
  return suit >= 0 && suit < 3 ? h->red[suit] : 0;
}

int mj_hand_meld_red(const mj_hand *h, int i)
{
  return i >= 0 && i < h->nmelds ? h->meld_red[i] : 0;
}

int mj_hand_reds(const mj_hand *h)
{
  int n = h->red[0] + h->red[1] + h->red[2];
  for (int i = 0; i < h->nmelds; i++)
    n += h->meld_red[i];
  return n;
}

int mj_hand_ntiles(const mj_hand *h) { return h->ntiles; }
int mj_hand_nmelds(const mj_hand *h) { return h->nmelds; }
const mj_meld *mj_hand_melds(const mj_hand *h) { return h->melds; }
mj_ctx *mj_hand_ctx(mj_hand *h) { return &h->ctx; }
const mj_ctx *mj_hand_cctx(const mj_hand *h) { return &h->ctx; }


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
  int su = t / 9;   /* the plain 5s go first, the red ones last */
  if (su < 3 && t % 9 == 4 && h->red[su] > h->counts[t])
    h->red[su]--;
  return MJ_OK;
}

mj_status mj_hand_add_red(mj_hand *h, mj_tile t)
{
  if (t >= MJ_HONOR_FIRST || t % 9 != 4 || h->red[t / 9] >= 4)
    return MJ_EINVAL;
  mj_status st = mj_hand_add(h, t);
  if (st == MJ_OK)
    h->red[t / 9]++;
  return st;
}

mj_status mj_hand_remove_red(mj_hand *h, mj_tile t)
{
  if (t >= MJ_HONOR_FIRST || t % 9 != 4 || h->red[t / 9] == 0)
    return MJ_EINVAL;
  take_tile(h, t);
  h->red[t / 9]--;
  return MJ_OK;
}

void mj_hand_set_meld_red(mj_hand *h, int i, int n)
{
  if (i >= 0 && i < h->nmelds)
    h->meld_red[i] = (uint8_t)(n < 0 ? 0 : n > 4 ? 4 : n);
}

mj_status mj_hand_add_meld(mj_hand *h, mj_meld m)
{
  if (h->nmelds >= MJ_MAX_MELDS)
    return MJ_ERANGE;
  h->meld_red[h->nmelds] = 0;
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
        a->melds[i].tile != b->melds[i].tile ||
        a->meld_red[i] != b->meld_red[i])
      return false;
  if (memcmp(a->red, b->red, sizeof a->red) != 0 ||
      a->ctx.win_red != b->ctx.win_red)
    return false;
  const mj_ctx *x = &a->ctx, *y = &b->ctx;
  return x->win == y->win && x->flags == y->flags && x->seat == y->seat &&
         x->round == y->round && x->flowers == y->flowers &&
         x->feibao == y->feibao && x->wild == y->wild && x->que == y->que &&
         x->gui == y->gui && x->horses == y->horses && x->streak == y->streak &&
         x->niao == y->niao && x->honba == y->honba &&
         x->ndora == y->ndora && x->nura == y->nura &&
         x->ind_red == y->ind_red &&
         memcmp(x->dora, y->dora, x->ndora) == 0 &&
         memcmp(x->ura, y->ura, x->nura) == 0;
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
  uint8_t red[5];
  int k = 0;
  char open = concealed ? '{' : '[', close = concealed ? '}' : ']';
  int cols[5];
  mj_status st =
      mj_tiles_parse_red(s, n, col + 1, false, t, cols, red, 5, &k, err);
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
  int r = 0;
  for (int i = 0; i < k; i++)
    r += red[i];
  h->meld_red[h->nmelds] = (uint8_t)r;
  h->melds[h->nmelds++] = m;
  return MJ_OK;
}

/* "+T" at s[i]: the winning tile, last of the hand. */
static mj_status parse_plus(mj_hand *h, const char *s, size_t n, size_t i,
                            uint8_t all[MJ_KINDS], mj_tile *plus,
                            mj_error *err)
{
  int col = (int)i + 1;
  mj_tile t[2];
  uint8_t red[2];
  int k = 0;
  for (size_t q = i + 1; q < n; q++)
    if (s[q] == '[' || s[q] == '{')
      return mj_fail(err, MJ_EINVAL, col + (int)(q - i),
                     "the +T winning tile comes last, after the melds");
  mj_status st = mj_tiles_parse_red(s + i + 1, n - i - 1, col + 1, false,
                                    t, NULL, red, 2, &k, err);
  if (st == MJ_ERANGE || (st == MJ_OK && k != 1))
    return mj_fail(err, MJ_EINVAL, col, "'+' must be followed by one tile");
  if (st != MJ_OK)
    return st;
  if (h->ntiles >= MJ_MAX_CONCEALED)
    return mj_fail(err, MJ_EINVAL, col, "too many concealed tiles");
  if ((st = count_tile(all, t[0], col + 1, err)) != MJ_OK)
    return st;
  put_tile(h, t[0]);
  if (red[0]) {
    h->red[t[0] / 9]++;
    h->ctx.win_red = 1;
  }
  *plus = t[0];
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
    if (c == '+')
      return parse_plus(h, s, n, i, all, plus, err);
    size_t j = i;
    while (j < n && s[j] != '[' && s[j] != '{' && s[j] != '+' && s[j] != ']' &&
           s[j] != '}')
      j++;
    mj_tile t[MJ_MAX_CONCEALED];
    uint8_t red[MJ_MAX_CONCEALED];
    int cols[MJ_MAX_CONCEALED];
    int k = 0;
    int room = MJ_MAX_CONCEALED - h->ntiles;
    mj_status st = mj_tiles_parse_red(s + i, j - i, col, false, t, cols, red,
                                      room, &k, err);
    if (st == MJ_ERANGE)
      return mj_fail(err, MJ_EINVAL, err->column,
                     "too many tiles: a hand has at most 17 concealed tiles");
    if (st != MJ_OK)
      return st;
    for (int q = 0; q < k; q++) {
      if ((st = count_tile(all, t[q], cols[q], err)) != MJ_OK)
        return st;
      put_tile(h, t[q]);
      h->red[t[q] / 9 & 3] += red[q];
    }
    i = j;
  }
  if (h->ntiles == 0 && h->nmelds == 0)
    return mj_fail(err, MJ_EINVAL, 1, "empty hand");
  return MJ_OK;
}

int mjh_wind_value(const char *v, size_t n)
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
  return -1;
}

int mjh_small_int(const char *v, size_t n, int max)
{
  if (n == 0 || n > 3)
    return -1;
  int x = 0;
  for (size_t i = 0; i < n; i++) {
    if (v[i] < '0' || v[i] > '9')
      return -1;
    x = x * 10 + (v[i] - '0');
  }
  return x <= max ? x : -1;
}

const mj_ctx_token mj_ctx_tokens[TOK_COUNT] = {
#define MJ_TOK_ROW(k, name, value, flag, owned, words)                        \
  { name, sizeof name - 1, value, flag, owned },
  MJ_CTX_TOKENS(MJ_TOK_ROW)
#undef MJ_TOK_ROW
};

unsigned mj_ctx_flag_named(const char *name)
{
  for (int j = 0; j < TOK_COUNT; j++)
    if (!mj_ctx_tokens[j].value && strcmp(mj_ctx_tokens[j].name, name) == 0)
      return mj_ctx_tokens[j].flag;
  return 0;
}

unsigned mj_ctx_token_flag(int k)
{
  for (int j = 0; j < TOK_COUNT; j++)
    if (mj_ctx_tokens[j].owned == 1u << k)
      return mj_ctx_tokens[j].flag;
  return 0;
}

bool mj_ctx_token_count(int k)
{
  return (1u << k) & (MJ_TOKEN_FEIBAO | MJ_TOKEN_HORSES | MJ_TOKEN_STREAK |
                   MJ_TOKEN_NIAO | MJ_TOKEN_HONBA);
}

void mj_ctx_token_set(mj_ctx *c, int k, int v)
{
  int max = 1u << k == MJ_TOKEN_FEIBAO ? 4 : 1u << k == MJ_TOKEN_NIAO ? 6 : 99;
  uint8_t x = (uint8_t)(v < 0 ? 0 : v > max ? max : v);
  switch (1u << k) {
  case MJ_TOKEN_FEIBAO: c->feibao = x; break;
  case MJ_TOKEN_HORSES: c->horses = x; break;
  case MJ_TOKEN_STREAK: c->streak = x; break;
  case MJ_TOKEN_NIAO: c->niao = x; break;
  case MJ_TOKEN_HONBA: c->honba = x; break;
  default: c->flags |= mj_ctx_token_flag(k); break;
  }
}

int mj_ctx_token_index(const char *name)
{
  for (int k = 0; k < TOK_COUNT; k++)
    if (strcmp(mj_ctx_tokens[k].name, name) == 0)
      return k;
  return -1;
}

const char *mj_ctx_token_name(int k)
{
  static const char *const names[MJ_TOKEN_COUNT] = {
    "bao=", "touji", "feibao=", "jiebao", "sibao", "que=", "gui=", "horses=",
    "streak=", "kaigang", "niao=", "qishou", "riichi", "double", "ippatsu",
    "dora=", "ura=", "honba=", "flowers=", "last"
  };
  return k >= 0 && k < MJ_TOKEN_COUNT ? names[k] : NULL;
}

/* "bad NAME= 'V' (HINT)" at column at. */
static mj_status bad_ctx_value(mj_error *err, int at, int k, const char *v,
                           size_t vlen, const char *hint)
{
  return mj_fail(err, MJ_EINVAL, at, "bad %s= '%.*s' (%s)",
                 mj_ctx_tokens[k].name, (int)(vlen > 20 ? 20 : vlen), v,
                 _(hint));
}

/* gui=7z or gui=5z,6z: one or two ghost kinds; 0 when v is not that. */
static mj_tileset ghost_kinds(const char *v, size_t vlen)
{
  const char *comma = memchr(v, ',', vlen);
  size_t l1 = comma ? (size_t)(comma - v) : vlen;
  mj_tile g1, g2 = MJ_NO_TILE;
  if (mj_tile_parse(v, l1, &g1, NULL) != MJ_OK || g1 >= MJ_KINDS)
    return 0;
  if (comma && (mj_tile_parse(comma + 1, vlen - l1 - 1, &g2, NULL) != MJ_OK ||
                g2 >= MJ_KINDS || g2 == g1))
    return 0;
  return MJ_BIT(g1) | (g2 != MJ_NO_TILE ? MJ_BIT(g2) : 0);
}

/* The value v of token k into c; at is the value's column. */
/* dora=TILES or ura=TILES: the indicators as one tile string, up to
   MJ_MAX_INDICATORS (a red five is its 5), of the 34 kinds. */
static mj_status indicators(mj_ctx *c, int k, const char *v, size_t vlen,
                            int at, mj_error *err)
{
  mj_tile *out = k == TOK_DORA ? c->dora : c->ura;
  uint8_t *n = k == TOK_DORA ? &c->ndora : &c->nura;
  int shift = k == TOK_DORA ? 0 : 8;
  mj_tile t[MJ_MAX_INDICATORS + 1];
  uint8_t red[MJ_MAX_INDICATORS + 1];
  int nt = 0;
  *n = 0;
  c->ind_red &= (uint16_t)~(0xffu << shift);
  if (memchr(v, ',', vlen) != NULL)
    return bad_ctx_value(err, at, k, v, vlen, "unexpected ','; the indicators "
                     "are one tile string: 3m4p, 35m7z");
  if (mj_tiles_parse_red(v, vlen, 0, false, t, NULL, red,
                         MJ_MAX_INDICATORS + 1, &nt, NULL) != MJ_OK || nt < 1)
    return bad_ctx_value(err, at, k, v, vlen, "indicator tiles: 1z, 3m4p, 35m7z");
  if (nt > MJ_MAX_INDICATORS)
    return bad_ctx_value(err, at, k, v, vlen, "at most 5 indicators");
  for (int q = 0; q < nt; q++) {
    if (t[q] >= MJ_KINDS)
      return bad_ctx_value(err, at, k, v, vlen, "indicator tiles: 1z, 3m4p, 35m7z");
    if (red[q])
      c->ind_red |= (uint16_t)(1u << (shift + q));
    out[(*n)++] = t[q];
  }
  return MJ_OK;
}

/* flowers=15f: the flowers held, each by its identity (1f..8f). */
static mj_status flower_tiles(mj_ctx *c, const char *v, size_t vlen, int at,
                              mj_error *err)
{
  mj_tile t[8];
  int n = 0;
  if (mj_tiles_parse(v, vlen, at, true, t, NULL, 8, &n, NULL) != MJ_OK)
    n = -1;
  unsigned set = 0;
  for (int i = 0; i < n; i++) {
    if (t[i] < MJ_FLOWER0 || t[i] >= MJ_ALL_TILES ||
        (set & 1u << (t[i] - MJ_FLOWER0)))
      n = -1;
    else
      set |= 1u << (t[i] - MJ_FLOWER0);
  }
  if (n <= 0)
    return bad_ctx_value(err, at, TOK_FLOWERS, v, vlen,
                         "a count 0..8, or the flowers held: 1f..8f, each "
                         "once (15f)");
  c->flower_set = (uint8_t)set;
  c->flowers = (uint8_t)n;
  return MJ_OK;
}

static mj_status ctx_value(mj_ctx *c, int k, const char *v, size_t vlen,
                           int at, mj_error *err)
{
  int x;
  mj_tile t;
  switch (k) {
  case TOK_WIN:
  case TOK_BAO: {
    mj_tile tt[2];
    uint8_t red[2] = { 0, 0 };
    int nt = 0;
    if (mj_tiles_parse_red(v, vlen, 0, false, tt, NULL,
                           k == TOK_WIN ? red : NULL, 2, &nt, NULL) != MJ_OK ||
        nt != 1 || (t = tt[0]) >= MJ_KINDS)
      return bad_ctx_value(err, at, k, v, vlen,
                       "one tile: 1-9m/p/s, 1-7z or E S W N C F P");
    *(k == TOK_WIN ? &c->win : &c->wild) = t;
    if (k == TOK_WIN)
      c->win_red = red[0];
    return MJ_OK;
  }
  case TOK_SEAT:
  case TOK_ROUND:
    if ((x = mjh_wind_value(v, vlen)) < 0)
      return bad_ctx_value(err, at, k, v, vlen, "E, S, W or N");
    *(k == TOK_SEAT ? &c->seat : &c->round) = (uint8_t)x;
    return MJ_OK;
  case TOK_FLOWERS:
    if (vlen > 0 && v[vlen - 1] == 'f')
      return flower_tiles(c, v, vlen, at, err);
    /* fall through */
  case TOK_FEIBAO:
    if ((x = mjh_small_int(v, vlen, k == TOK_FLOWERS ? 8 : 4)) < 0)
      return bad_ctx_value(err, at, k, v, vlen, k == TOK_FLOWERS ? "0..8" : "0..4");
    *(k == TOK_FLOWERS ? &c->flowers : &c->feibao) = (uint8_t)x;
    return MJ_OK;
  case TOK_QUE:
    if (vlen != 1 || (v[0] != 'm' && v[0] != 'p' && v[0] != 's'))
      return bad_ctx_value(err, at, k, v, vlen, "the missing suit: m, p or s");
    c->que = (uint8_t)(v[0] == 'm' ? MJ_SUIT_M
                       : v[0] == 'p' ? MJ_SUIT_P : MJ_SUIT_S);
    return MJ_OK;
  case TOK_GUI:
    if ((c->gui = ghost_kinds(v, vlen)) == 0)
      return bad_ctx_value(err, at, k, v, vlen,
                       "one or two ghost kinds: 7z or 5z,6z");
    return MJ_OK;
  case TOK_HORSES:
  case TOK_STREAK:
    if ((x = mjh_small_int(v, vlen, 99)) < 0)
      return bad_ctx_value(err, at, k, v, vlen, "0..99");
    *(k == TOK_HORSES ? &c->horses : &c->streak) = (uint8_t)x;
    return MJ_OK;
  case TOK_NIAO:
    if ((x = mjh_small_int(v, vlen, 6)) < 0)
      return bad_ctx_value(err, at, k, v, vlen, "0..6");
    c->niao = (uint8_t)x;
    return MJ_OK;
  case TOK_HONBA:
    if ((x = mjh_small_int(v, vlen, 99)) < 0)
      return bad_ctx_value(err, at, k, v, vlen, "0..99");
    c->honba = (uint8_t)x;
    return MJ_OK;
  case TOK_DORA:
  case TOK_URA:
    return indicators(c, k, v, vlen, at, err);
  default:
    c->flags |= mj_ctx_tokens[k].flag;
    return MJ_OK;
  }
}

bool mj_ctx_word_name(const char *tok, size_t n)
{
  if (n < 2 || n >= MJ_CTX_WORD_LEN)
    return false;
  for (size_t i = 0; i < n; i++)
    if (!((tok[i] >= 'a' && tok[i] <= 'z') || (i > 0 && tok[i] == '_')))
      return false;
  return true;
}

/* A ruleset's word=N, kept for the ruleset to read (checked there). */
static mj_status ctx_word(mj_ctx *c, const char *name, size_t n,
                          const char *v, size_t vlen, int col, mj_error *err)
{
  int x = mjh_small_int(v, vlen, MJ_CTX_WORD_MAX);
  if (x < 0)
    return mj_fail(err, MJ_EINVAL, col + (int)n + 1, "%.*s=%.*s: a count "
                   "0..%d", (int)n, name, (int)(vlen > 20 ? 20 : vlen), v,
                   MJ_CTX_WORD_MAX);
  for (int i = 0; i < c->nwords; i++)
    if (strlen(c->words[i].name) == n && memcmp(c->words[i].name, name, n) == 0)
      return mj_fail(err, MJ_EINVAL, col, "duplicate token %.*s", (int)n, name);
  if (c->nwords >= MJ_CTX_WORDS)
    return mj_fail(err, MJ_EINVAL, col, "more than %d words of a ruleset's "
                   "own (%.*s=)", MJ_CTX_WORDS, (int)n, name);
  memcpy(c->words[c->nwords].name, name, n);
  c->words[c->nwords].name[n] = '\0';
  c->words[c->nwords++].value = (uint16_t)x;
  return MJ_OK;
}

int mj_ctx_seat_flowers(const mj_ctx *c)
{
  int n = 0;
  for (int f = 0; f < 8; f++)
    n += (c->flower_set >> f & 1) && f % 4 == c->seat;
  return n;
}

int mj_ctx_word_value(const mj_ctx *c, const char *name)
{
  for (int i = 0; i < c->nwords; i++)
    if (strcmp(c->words[i].name, name) == 0)
      return c->words[i].value;
  return 0;
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
    int k;
    for (k = 0; k < TOK_COUNT; k++)
      if (mj_ctx_tokens[k].len == nlen && memcmp(mj_ctx_tokens[k].name, tok, nlen) == 0)
        break;
    if (k == TOK_COUNT && eq != NULL && mj_ctx_word_name(tok, nlen)) {
      mj_status st = ctx_word(c, tok, nlen, eq + 1, len - nlen - 1, col, err);
      if (st != MJ_OK)
        return st;
      continue;
    }
    if (k == TOK_COUNT)
      return mj_fail(err, MJ_EINVAL, col, "unknown context token '%.*s'",
                     (int)(len > 30 ? 30 : len), tok);
    if (mj_ctx_tokens[k].value && !eq)
      return mj_fail(err, MJ_EINVAL, col, "%s needs a value: %s=...",
                     mj_ctx_tokens[k].name, mj_ctx_tokens[k].name);
    if (!mj_ctx_tokens[k].value && eq)
      return mj_fail(err, MJ_EINVAL, col, "%s takes no value", mj_ctx_tokens[k].name);
    if (seen & (1u << k))
      return mj_fail(err, MJ_EINVAL, col, "duplicate token %s", mj_ctx_tokens[k].name);
    seen |= 1u << k;
    c->owned |= mj_ctx_tokens[k].owned;
    mj_status st = ctx_value(c, k, eq ? eq + 1 : NULL, eq ? len - nlen - 1 : 0,
                             col + (int)nlen + 1, err);
    if (st != MJ_OK)
      return st;
  }
  return MJ_OK;
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
  bool plus_red = h->ctx.win_red;   /* +0m: a red five won */
  if (st == MJ_OK)
    st = mj_ctx_parse(&h->ctx, text + i, n - i, (int)i + 1, err);
  if (st == MJ_OK && plus != MJ_NO_TILE) {
    bool red_plus = h->red[plus / 9 & 3] > 0 && h->ctx.win_red;
    if (h->ctx.win != MJ_NO_TILE &&
        (h->ctx.win != plus || (h->ctx.win_red && !red_plus) ||
         (plus_red && !h->ctx.win_red))) {
      char a[3], c[3];
      mj_tile_str(plus, a);
      mj_tile_str(h->ctx.win, c);
      a[0] = plus_red ? '0' : a[0];        /* the tiles as written */
      c[0] = h->ctx.win_red ? '0' : c[0];
      st = mj_fail(err, MJ_EINVAL, 0, "+%s and win=%s disagree", a, c);
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

/* A 开杠's tile (kaigang) holds with no other such token, and a self-drawn
   one needs a kong; the first go-around has no claimed meld; a robbed
   kong is another's tile, which the winner does not hold. */
static mj_status check_kaigang_first(const mj_hand *h, mj_error *err)
{
  const mj_ctx *c = &h->ctx;
  bool self = (c->flags & MJ_CTX_SELF) != 0;
  if (c->flags & MJ_CTX_KAIGANG) {
    bool has_kong = false;
    for (int i = 0; i < h->nmelds; i++)
      has_kong = has_kong || h->melds[i].type >= MJ_KONG;
    if (c->flags & (MJ_CTX_KONG | MJ_CTX_ROB | MJ_CTX_WALL_LAST | MJ_CTX_FIRST))
      return mj_fail(err, MJ_EINVAL, 0,
                     "kaigang (a tile a 开杠 turned up) cannot hold with "
                     "kong, rob, wall-last or first");
    if (self && !has_kong)
      return mj_fail(err, MJ_EINVAL, 0,
                     "kaigang with self (杠上开花) but the hand has no kong");
  }
  if (c->flags & MJ_CTX_FIRST) {
    for (int i = 0; i < h->nmelds; i++)
      if (h->melds[i].type != MJ_CKONG)
        return mj_fail(err, MJ_EINVAL, 0,
                       "first (the first go-around, before any claim) with "
                       "a claimed meld");
  }
  if (c->flags & MJ_CTX_ROB) {
    uint8_t all[MJ_KINDS];
    mj_hand_all_counts(h, all);
    if (self)
      return mj_fail(err, MJ_EINVAL, 0, "rob (a win on a tile added to a "
                     "kong) cannot be self-drawn");
    if (c->flags & MJ_CTX_WALL_LAST)
      return mj_fail(err, MJ_EINVAL, 0, "rob and wall-last cannot both hold");
    if (c->flags & MJ_CTX_KONG)
      return mj_fail(err, MJ_EINVAL, 0, "rob and kong cannot both hold");
    if (all[c->win] != 1)
      return mj_fail(
          err, MJ_EINVAL, 0,
          "rob (a win on a tile added to a kong) but the winning "
          "tile is also held by the winner");
  }
  return MJ_OK;
}

/* A hand given as a declaration of its dealt tiles (qishou): the dealer's
   fourteen or another's thirteen, no meld, nothing of a win. */
static mj_status check_dealt(const mj_hand *h, mj_error *err)
{
  const mj_ctx *c = &h->ctx;
  int need = c->seat == 0 ? 14 : 13;
  if (h->nmelds > 0)
    return mj_fail(err, MJ_EINVAL, 0,
                   "qishou scores the dealt tiles: no meld can be declared");
  if (h->ntiles != need)
    return mj_fail(err, MJ_EINVAL, 0,
                   "wrong tile count: %d tiles dealt to seat %c (need %d: "
                   "the dealer, seat E, has 14, the others 13)",
                   h->ntiles, "ESWN"[c->seat & 3], need);
  if (c->win != MJ_NO_TILE || h->plus)
    return mj_fail(err, MJ_EINVAL, 0,
                   "qishou is a declaration, not a win: no win= or +T");
  if (c->flags & ~MJ_CTX_QISHOU)
    return mj_fail(err, MJ_EINVAL, 0,
                   "qishou is a declaration, not a win: no token of a win "
                   "(self, first, wall-last, kong, kaigang, rob ...)");
  if (c->niao > 0)
    return mj_fail(err, MJ_EINVAL, 0,
                   "qishou is paid without birds: no niao=");
  return MJ_OK;
}

int mj_hand_sets(const mj_hand *h)
{
  return h->ntiles + 3 * h->nmelds > 15 ? 5 : 4;
}

mj_status mj_hand_check(const mj_hand *h, enum mj_check mode, mj_error *err)
{
  int need = 3 * mj_hand_sets(h) + 2 - 3 * h->nmelds;
  const mj_ctx *c = &h->ctx;
  char b[3];
  if (mode == MJ_CHECK_WIN && (c->flags & MJ_CTX_QISHOU))
    return check_dealt(h, err);
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
                     "(need %d): +T is the winning tile, so %d concealed "
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
  if (c->win_red && h->red[c->win / 9 & 3] == 0)
    return mj_fail(err, MJ_EINVAL, 0, "winning tile 0%c (a red five) is not "
                   "among the concealed tiles", "mps"[c->win / 9 % 3]);
  bool self = (c->flags & MJ_CTX_SELF) != 0;
  if (c->flags & MJ_CTX_KONG) {
    bool has_kong = false;
    for (int i = 0; i < h->nmelds; i++)
      has_kong = has_kong || h->melds[i].type >= MJ_KONG;
    /* without self it is 杠上炮 where a ruleset reads it so (the
       scorer asks the ruleset); a ruleset's word may count tiles set
       aside, each replaced from the tail (kita=1), and so may a flower
       (flower_kong): the scorer checks */
    if (self && !has_kong && c->nwords == 0 && c->flowers == 0 &&
        c->flower_set == 0)
      return mj_fail(err, MJ_EINVAL, 0,
                     "kong (a win on a kong's replacement tile) but "
                     "the hand has no kong");
  }
  mj_status st = check_kaigang_first(h, err);
  if (st != MJ_OK)
    return st;
  bool riichi = (c->flags & (MJ_CTX_RIICHI | MJ_CTX_DOUBLE)) != 0;
  if (!riichi && (c->nura > 0 || (c->flags & MJ_CTX_IPPATSU)))
    return mj_fail(err, MJ_EINVAL, 0, "%s without riichi or double: only a "
                   "riichi winner has %s", c->nura ? "ura=" : "ippatsu",
                   c->nura ? "ura-dora" : "ippatsu");
  if ((c->flags & MJ_CTX_LAST) && h->counts[c->win] != 1)
    return mj_fail(
        err, MJ_EINVAL, 0,
        "last (the winning tile is the last copy) but another "
        "copy is among the concealed tiles");
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

/* The concealed tiles with their red fives: a 0 sorted as a 5, ahead of
   the plain 5s ("440566m"). */
static size_t print_red(const mj_hand *h, char *buf, size_t cap)
{
  size_t len = 0;
  if (cap > 0)
    buf[0] = '\0';
  for (int su = 0; su < 4; su++) {
    char t[48];
    int n = 0;
    for (int r = 0; r < (su < 3 ? 9 : 7); r++) {
      int c = h->counts[9 * su + r];
      for (int k = 0; k < c && n < 40; k++)
        t[n++] = (char)(r == 4 && su < 3 && k < h->red[su] ? '0' : '1' + r);
    }
    if (n == 0)
      continue;
    t[n++] = "mpsz"[su];
    t[n] = '\0';
    put(buf, cap, &len, t);
  }
  return len;
}

size_t mj_hand_print(const mj_hand *h, char *buf, size_t cap)
{
  bool red = h->red[0] + h->red[1] + h->red[2] > 0;
  size_t len = red ? print_red(h, buf, cap)
                   : mj_counts_print(h->counts, MJ_KINDS, buf, cap);
  for (int i = 0; i < h->nmelds; i++) {
    char m[16];
    mj_meld_print(&h->melds[i], m, sizeof m);
    for (int k = 0, r = h->meld_red[i]; m[k] && r > 0; k++)
      if (m[k] == '5') {   /* its red fives first: [055p], [340m] */
        m[k] = '0';
        r--;
      }
    put(buf, cap, &len, m);
  }
  return len;
}

/* " name=N" when N is not 0. */
static void put_count(char *buf, size_t cap, size_t *len, const char *name,
                      int n)
{
  char t[32];
  if (n > 0) {
    snprintf(t, sizeof t, "%s%d", name, n);
    put(buf, cap, len, t);
  }
}

/* riichi's tokens: riichi double ippatsu dora= ura= honba= */
static void print_riichi(const mj_ctx *c, char *buf, size_t cap, size_t *len)
{
  char t[16], b[3];
  if (c->flags & MJ_CTX_RIICHI)
    put(buf, cap, len, " riichi");
  if (c->flags & MJ_CTX_DOUBLE)
    put(buf, cap, len, " double");
  if (c->flags & MJ_CTX_IPPATSU)
    put(buf, cap, len, " ippatsu");
  for (int w = 0; w < 2; w++) {
    int n = w ? c->nura : c->ndora;
    for (int i = 0; i < n; i++) {
      snprintf(t, sizeof t, "%s%s", i ? "" : w ? " ura=" : " dora=",
               mj_tile_str(w ? c->ura[i] : c->dora[i], b));
      if (c->ind_red & (1u << (w * 8 + i)))
        t[strlen(t) - 2] = '0';
      put(buf, cap, len, t);
    }
  }
  put_count(buf, cap, len, " honba=", c->honba);
}

/* flowers=15f (by identity) or flowers=N (counted only). */
static void print_flowers(const mj_ctx *c, char *buf, size_t cap, size_t *len)
{
  char t[16];
  if (c->flower_set != 0) {
    put(buf, cap, len, " flowers=");
    for (int f = 0; f < 8; f++)
      if (c->flower_set & 1u << f) {
        snprintf(t, sizeof t, "%d", f + 1);
        put(buf, cap, len, t);
      }
    put(buf, cap, len, "f");
  } else if (c->flowers > 0 || (c->owned & MJ_TOKEN_FLOWERS)) {
    snprintf(t, sizeof t, " flowers=%d", c->flowers);
    put(buf, cap, len, t);
  }
}

size_t mj_ctx_print(const mj_ctx *c, char *buf, size_t cap)
{
  static const char winds[] = "ESWN";
  char t[40], b[3];
  size_t len = 0;
  if (cap > 0)
    buf[0] = '\0';
  if (c->win != MJ_NO_TILE) {
    mj_tile_str(c->win, b);
    if (c->win_red)
      b[0] = '0';
    snprintf(t, sizeof t, "win=%s ", b);
    put(buf, cap, &len, t);
  }
  if (c->flags & MJ_CTX_SELF)
    put(buf, cap, &len, "self ");
  snprintf(t, sizeof t, "seat=%c round=%c", winds[c->seat & 3],
           winds[c->round & 3]);
  put(buf, cap, &len, t);
  print_flowers(c, buf, cap, &len);
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
  put_count(buf, cap, &len, " horses=", c->horses);
  put_count(buf, cap, &len, " streak=", c->streak);
  if (c->flags & MJ_CTX_KAIGANG)
    put(buf, cap, &len, " kaigang");
  put_count(buf, cap, &len, " niao=", c->niao);
  if (c->flags & MJ_CTX_QISHOU)
    put(buf, cap, &len, " qishou");
  print_riichi(c, buf, cap, &len);
  for (int i = 0; i < c->nwords; i++) {
    snprintf(t, sizeof t, " %s=%d", c->words[i].name, c->words[i].value);
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

/* The one-call forms of analysis.c: a hand's view, waits and useful
   tiles. */
void mj_hand_view(const mj_hand *h, mj_tileset wild, mj_tileview *v,
                  uint8_t held[MJ_KINDS])
{
  mj_tileview_init(v, h, wild);
  mj_hand_all_counts(h, held);
}

int mj_hand_waits(const mj_hand *h, mj_tileset wild, const mj_shape_cfg *cfg,
                  mj_wait out[MJ_KINDS], int *shanten)
{
  mj_tileview v;
  uint8_t held[MJ_KINDS];
  mj_hand_view(h, wild, &v, held);
  if (shanten != NULL)
    *shanten = mj_shanten(&v, cfg, NULL);
  return mj_waits(&v, cfg, held, NULL, out);
}

int mj_hand_useful(const mj_hand *h, mj_tileset wild, const mj_shape_cfg *cfg,
                   mj_wait out[MJ_KINDS], int *shanten)
{
  mj_tileview v;
  uint8_t held[MJ_KINDS];
  mj_hand_view(h, wild, &v, held);
  return mj_useful(&v, cfg, held, NULL, out, shanten);
}
