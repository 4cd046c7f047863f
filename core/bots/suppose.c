/*
** suppose.c
** A hand as one seat saw it, made a game again (suppose.h). Every tile a
** seat holds came from a place in the wall: its deal, a draw from the
** head, a replacement from the tail. The seat's own places hold what it
** saw; another seat's places are supposed, in the order things were
** seen: a tile he shows is given to the last place he drew that he still
** holds (the tile just drawn for a tsumogiri), a riichi leaves him a
** ready hand made of tiles nobody has seen, and whatever is left of those
** fills the places nothing said. The wall laid out as the engine deals
** and draws, the decisions are played again through mj_game_act.
*/
#include "suppose.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

enum { MAX_SLOTS = 160 };

/* One place a seat took a tile from. */
typedef struct slot {
  mj_tile t;          /* MJ_NO_TILE: not supposed yet */
  uint8_t red;
  bool held;
  bool owed;          /* supposed for a tile it shows later (a kong's) */
} slot;

typedef struct sup {
  const mj_seen *s;
  const mj_table *tbl;
  slot sl[4][MAX_SLOTS];
  int nsl[4];
  int item_slot[MJ_SEEN_MAX];   /* a draw's slot, -1 */
  mj_tile kong[MJ_SEEN_MAX];    /* a concealed kong not shown: supposed */
  bool drew[4];                 /* the seat's last move was a draw */
  int pool[MJ_ALL_TILES];       /* copies nobody has seen */
  int pool_red[3];              /* of the fives among them, the red ones */
  int next;                     /* where next_unseen looks first */
  mj_error *err;
} sup;

void mj_seen_start(mj_seen *s, int seat, const mj_game_cfg *cfg,
                   const mj_tile *dealt, const uint8_t *red, int n)
{
  memset(s, 0, offsetof(mj_seen, item));
  s->n = 0;
  s->seat = seat & 3;
  s->cfg = *cfg;
  s->cfg.wall = NULL;
  s->cfg.wall_n = 0;
  s->cfg.wall_red = NULL;
  memset(s->flower, MJ_NO_TILE, sizeof s->flower);
  s->ndealt = n < 0 ? 0 : n > MJ_MAX_CONCEALED ? MJ_MAX_CONCEALED : n;
  for (int i = 0; i < s->ndealt; i++) {
    s->dealt[i] = dealt[i];
    s->dealt_red[i] = red != NULL && red[i];
  }
}

mj_status mj_seen_add(mj_seen *s, const mj_seen_item *it, mj_error *err)
{
  if (s->n >= MJ_SEEN_MAX)
    return mj_fail(err, MJ_ERANGE, 0, "a hand of more than %d moves",
                   MJ_SEEN_MAX);
  s->item[s->n++] = *it;
  return MJ_OK;
}

/* {====================================================================
** What each move shows
** ===================================================================== */

static bool is_five(mj_tile t)
{
  return t < MJ_HONOR_FIRST && t % 9 == 4;
}

/* The tiles move it took from its player's hand, into out (red flags in
   red): a discard's, a meld's own (pending: the discard it claimed). */
static int released(const mj_seen_item *it, mj_tile pending,
                    mj_tile out[4], uint8_t red[4])
{
  const mj_action *a = &it->a;
  int n = 0, k = 0;
  mj_tile t = a->tile;
  switch (a->type) {
  case MJ_ACT_DISCARD:
    out[0] = t;
    red[0] = a->red != 0;
    return 1;
  case MJ_ACT_DECLARE:
    if (!MJ_DECL_IS_WITH(t))
      return 0;
    out[0] = MJ_DECL_TILE(t);
    red[0] = a->red != 0;
    return 1;
  case MJ_ACT_CHI:
    for (int u = t; u <= t + 2 && u < MJ_HONOR_FIRST; u++)
      if (u != pending || k++ > 0)
        out[n++] = (mj_tile)u;
    break;
  case MJ_ACT_PON: n = 2; break;
  case MJ_ACT_KONG: n = 3; break;
  case MJ_ACT_CKONG: n = 4; break;
  case MJ_ACT_AKONG: n = 1; break;
  default:
    return 0;
  }
  if (a->type != MJ_ACT_CHI)
    for (int i = 0; i < n; i++)
      out[i] = a->type == MJ_ACT_CKONG || a->type == MJ_ACT_AKONG ? t
                                                                  : pending;
  int reds = it->red;
  for (int i = 0; i < n; i++)
    red[i] = is_five(out[i]) && reds > 0 ? (reds--, 1) : 0;
  return n;
}

/* Count tile t (red) as seen: false when the set has no such copy. */
static bool take(sup *x, mj_tile t, bool red)
{
  if (t >= MJ_ALL_TILES || x->pool[t] <= 0)
    return false;
  if (red && (!is_five(t) || x->pool_red[t / 9] <= 0))
    return false;
  x->pool[t]--;
  if (red)
    x->pool_red[t / 9]--;
  return true;
}

/* The copies nobody has seen: the set less every tile seen. */
static mj_status count_pool(sup *x)
{
  const mj_seen *s = x->s;
  char b[8];
  for (int t = 0; t < MJ_ALL_TILES; t++)   /* the set the table lists */
    x->pool[t] = !(x->tbl->set & MJ_BIT(t)) ? 0 : t < MJ_KINDS ? 4 : 1;
  for (int i = 0; i < 3; i++)
    x->pool_red[i] = x->tbl->red_suits >> i & 1 ? x->tbl->red_fives : 0;
  bool ok = true;
  mj_tile bad = 0;
  for (int i = 0; i < s->ndealt && ok; i++)
    ok = take(x, bad = s->dealt[i], s->dealt_red[i]);
  for (int q = 0; q < x->tbl->players; q++) {
    ok = ok && s->flowers[q] >= 0 && s->flowers[q] <= 8;
    for (int i = 0; ok && i < s->flowers[q]; i++)
      if (s->flower[q][i] != MJ_NO_TILE || q == s->seat)
        ok = mj_tile_is_flower(s->flower[q][i]) &&
             take(x, bad = s->flower[q][i], false);
  }
  mj_tile pending = MJ_NO_TILE;
  for (int i = 0; i < s->n && ok; i++) {
    const mj_seen_item *it = &s->item[i];
    if (it->kind != MJ_SEEN_ACT) {
      if (it->tile != MJ_NO_TILE)
        ok = take(x, bad = it->tile, it->red);
      continue;
    }
    mj_tile out[4];
    uint8_t red[4];
    int n = released(it, pending, out, red);
    if (it->player != s->seat)
      for (int k = 0; k < n && ok; k++)
        ok = out[k] == MJ_NO_TILE || take(x, bad = out[k], red[k]);
    if (it->a.type == MJ_ACT_DISCARD || (it->a.type == MJ_ACT_DECLARE &&
                                         n == 1))
      pending = out[0];
  }
  if (!ok)
    return mj_fail(x->err, MJ_EINVAL, 0, "more copies of %s seen than the "
                   "set holds", bad < MJ_ALL_TILES ? mj_tile_str(bad, b)
                                                   : "a tile");
  return MJ_OK;
}

/* }==================================================================== */

/* {====================================================================
** The others' places, supposed
** ===================================================================== */

/* Copies of t left to suppose that are not red. */
static int plain(const sup *x, int t)
{
  return x->pool[t] - (is_five((mj_tile)t) ? x->pool_red[t / 9] : 0);
}

/* The place seat q shows (t, red) from: one kept for it already, the
   tile just drawn for a tsumogiri, else the last place still held that
   is not a fresh draw kept; -1 when he holds nothing unsupposed. */
static int pick(sup *x, int q, mj_tile t, bool red, bool tsumogiri)
{
  slot *sl = x->sl[q];
  int n = x->nsl[q];
  for (int i = n - 1; i >= 0; i--)
    if (sl[i].held && sl[i].owed && sl[i].t == t && sl[i].red == red)
      return i;
  if (n > 0 && sl[n - 1].held && sl[n - 1].t == MJ_NO_TILE &&
      (tsumogiri || !x->drew[q]))
    return n - 1;
  for (int i = n - 2; i >= 0; i--)
    if (sl[i].held && sl[i].t == MJ_NO_TILE)
      return i;
  return n > 0 && sl[n - 1].held && sl[n - 1].t == MJ_NO_TILE ? n - 1 : -1;
}

/* Suppose a set of three from what nobody has seen into sl[0..3]: a
   pung of a kind not avoid, else a chow; false when none is left. */
static bool make_set(sup *x, slot *sl[3], int avoid)
{
  for (int t = 0; t < MJ_KINDS; t++)
    if (t != avoid && plain(x, t) >= 3) {
      for (int i = 0; i < 3; i++)
        sl[i]->t = (mj_tile)t, sl[i]->red = 0, x->pool[t]--;
      return true;
    }
  for (int t = 0; t < MJ_HONOR_FIRST; t++)
    if (t % 9 <= 6 && plain(x, t) >= 1 && plain(x, t + 1) >= 1 &&
        plain(x, t + 2) >= 1 && (avoid < t || avoid > t + 2)) {
      for (int i = 0; i < 3; i++)
        sl[i]->t = (mj_tile)(t + i), sl[i]->red = 0, x->pool[t + i]--;
      return true;
    }
  return false;
}

/* Seat q declared a ready hand (riichi) at item i: the places it holds
   made a ready hand: three of each kind it later makes a concealed kong
   of, sets from what nobody has seen, and one tile it waits on. */
static mj_status make_ready(sup *x, int q, int i)
{
  const mj_seen *s = x->s;
  slot *free_sl[MJ_MAX_CONCEALED];
  int nf = 0;
  for (int k = 0; k < x->nsl[q] && nf < MJ_MAX_CONCEALED; k++)
    if (x->sl[q][k].held && x->sl[q][k].t == MJ_NO_TILE)
      free_sl[nf++] = &x->sl[q][k];
  for (int j = i + 1; j < s->n; j++) {
    const mj_seen_item *it = &s->item[j];
    if (it->kind != MJ_SEEN_ACT || it->player != q ||
        it->a.type != MJ_ACT_CKONG || nf < 3)
      continue;
    int reds = it->red;
    for (int k = 0; k < 3; k++) {
      slot *sl = free_sl[--nf];
      sl->t = it->a.tile;
      sl->red = is_five(sl->t) && reds > 0 ? (reds--, 1) : 0;
      sl->owed = true;
    }
  }
  if (nf % 3 != 1)
    return mj_fail(x->err, MJ_EINVAL, 0, "seat %d declared with a hand of "
                   "%d tiles", q, nf);
  int wait = -1;
  for (int t = MJ_KINDS - 1; t >= 0 && wait < 0; t--)
    if (plain(x, t) >= 1)
      wait = t;
  if (wait < 0)
    return mj_fail(x->err, MJ_EINVAL, 0, "no tile is left to suppose");
  free_sl[--nf]->t = (mj_tile)wait;
  x->pool[wait]--;
  for (int k = 0; k + 3 <= nf; k += 3)
    if (!make_set(x, free_sl + k, wait))
      return mj_fail(x->err, MJ_EINVAL, 0, "no ready hand is left to "
                     "suppose for seat %d", q);
  return MJ_OK;
}

/* Item i, a move of seat q: the tiles it shows given to the places he
   holds them in; a riichi's hand made ready. */
static mj_status shown_by(sup *x, int i, mj_tile *pending)
{
  const mj_seen *s = x->s;
  const mj_seen_item *it = &s->item[i];
  int q = it->player & 3;
  mj_tile out[4];
  uint8_t red[4];
  int n = released(it, *pending, out, red);
  if (it->a.type == MJ_ACT_DISCARD || (it->a.type == MJ_ACT_DECLARE &&
                                       n == 1))
    *pending = out[0];
  x->kong[i] = it->a.tile;
  if (n == 4 && out[0] == MJ_NO_TILE && q != s->seat) {
    int k = 0;         /* a concealed kong not shown: of a kind unseen */
    while (k < MJ_KINDS && plain(x, k) < 4)
      k++;
    if (k == MJ_KINDS)
      return mj_fail(x->err, MJ_EINVAL, 0, "no kind is left unseen for "
                     "seat %d's concealed kong", q);
    x->pool[k] -= 4;
    x->kong[i] = (mj_tile)k;
    for (int j = 0; j < 4; j++)
      out[j] = (mj_tile)k, red[j] = 0;
  }
  for (int k = 0; k < n && q != s->seat; k++) {
    int j = pick(x, q, out[k], red[k], it->tsumogiri && k == 0 &&
                 n == 1);
    if (j < 0) {
      char b[8];
      return mj_fail(x->err, MJ_EINVAL, 0, "seat %d shows %s, more "
                     "tiles than it holds", q, mj_tile_str(out[k], b));
    }
    x->sl[q][j].t = out[k];
    x->sl[q][j].red = red[k];
    x->sl[q][j].held = false;
    x->sl[q][j].owed = false;
  }
  x->drew[q] = false;
  if (q != s->seat && it->a.type == MJ_ACT_DECLARE && n == 1) {
    const mj_decl_def *d = MJ_DECL_OF(it->a.tile) < x->tbl->ndecls
                               ? &x->tbl->decls[MJ_DECL_OF(it->a.tile)]
                               : NULL;
    if (d != NULL && d->ready) {
      mj_status st = make_ready(x, q, i);
      if (st != MJ_OK)
        return st;
    }
  }
  return MJ_OK;
}

/* Walk what was seen in order: the places each seat took tiles from,
   the others' supposed by what they showed. */
static mj_status suppose_shown(sup *x)
{
  const mj_seen *s = x->s;
  int hand = x->tbl->hand;
  for (int q = 0; q < x->tbl->players; q++) {
    for (int i = 0; i < hand; i++) {
      slot *sl = &x->sl[q][i];
      bool own = q == s->seat && i < s->ndealt;
      sl->t = own ? s->dealt[i] : MJ_NO_TILE;
      sl->red = own && s->dealt_red[i];
      sl->held = true;
    }
    x->nsl[q] = hand;
  }
  if (s->ndealt != hand)
    return mj_fail(x->err, MJ_EINVAL, 0, "the hand dealt has %d tiles, not "
                   "%d", s->ndealt, hand);
  mj_tile pending = MJ_NO_TILE;
  for (int i = 0; i < s->n; i++) {
    const mj_seen_item *it = &s->item[i];
    int q = it->player & 3;
    x->item_slot[i] = -1;
    if (it->kind == MJ_SEEN_DRAW) {
      if (x->nsl[q] >= MAX_SLOTS)
        return mj_fail(x->err, MJ_ERANGE, 0, "too many draws");
      if (q == s->seat && it->tile == MJ_NO_TILE)
        return mj_fail(x->err, MJ_EINVAL, 0, "a draw of the seat's own "
                       "without its tile");
      slot *sl = &x->sl[q][x->nsl[q]];
      sl->t = it->tile;
      sl->red = it->red;
      sl->held = !mj_tile_is_flower(it->tile) || it->tile == MJ_NO_TILE;
      x->item_slot[i] = x->nsl[q]++;
      x->drew[q] = true;
      continue;
    }
    if (it->kind != MJ_SEEN_ACT)
      continue;
    mj_status st = shown_by(x, i, &pending);
    if (st != MJ_OK)
      return st;
  }
  return MJ_OK;
}

enum { NO_FLOWER, ANY_TILE, FLOWER_ONLY };

/* A copy nobody has seen: for a place a seat holds (NO_FLOWER), for the
   wall (ANY_TILE), for a flower dealt (FLOWER_ONLY); red when only red
   ones are left of its kind. The kinds are taken in turn from where the
   last one was, so a supposed hand is not four of one kind and the next
   (a chow then refused for the swap it would force, say). */
static bool next_unseen(sup *x, int which, mj_tile *t, uint8_t *red)
{
  int lo = which == FLOWER_ONLY ? MJ_FLOWER0 : 0;
  int span = (which == NO_FLOWER ? MJ_FLOWER0 : MJ_ALL_TILES) - lo;
  for (int j = 0; j < span; j++) {
    int k = lo + (x->next + j) % span;
    if (x->pool[k] <= 0)
      continue;
    x->next = k - lo + 1;
    *t = (mj_tile)k;
    *red = is_five(*t) && plain(x, k) == 0;
    x->pool[k]--;
    if (*red)
      x->pool_red[k / 9]--;
    return true;
  }
  return false;
}

/* }==================================================================== */

/* {====================================================================
** The wall, laid out as the engine takes from it
** ===================================================================== */

typedef struct layout {
  mj_tile t[MJ_WALL_MAX];
  uint8_t red[MJ_WALL_MAX];
  bool set[MJ_WALL_MAX], gone[MJ_WALL_MAX];
  int n, head, tail;
} layout;

static bool put(layout *w, int pos, mj_tile t, uint8_t red)
{
  if (pos < 0 || pos >= w->n || w->set[pos] || t == MJ_NO_TILE)
    return false;
  w->t[pos] = t;
  w->red[pos] = red;
  w->set[pos] = true;
  return true;
}

static int from_head(layout *w)
{
  while (w->head < w->tail && w->gone[w->head])
    w->head++;
  return w->head < w->tail ? w->head++ : -1;
}

static int from_tail(layout *w)
{
  while (w->tail > w->head && w->gone[w->tail - 1])
    w->tail--;
  return w->tail > w->head ? --w->tail : -1;
}

static mj_status lay_out(sup *x, layout *w)
{
  const mj_seen *s = x->s;
  int hand = x->tbl->hand, dealer = s->cfg.dealer % x->tbl->players;
  bool ok = true;
  memset(w, 0, sizeof *w);
  w->n = w->tail = x->tbl->tiles;
  /* the deal: thirteen from the head each, the flowers among them, then
     their replacements from the tail */
  mj_tile fl[4][8];
  for (int q = 0; q < x->tbl->players; q++)
    for (int f = 0; f < s->flowers[q] && ok; f++) {
      uint8_t r;
      fl[q][f] = s->flower[q][f];
      if (fl[q][f] == MJ_NO_TILE)
        ok = next_unseen(x, FLOWER_ONLY, &fl[q][f], &r);
    }
  if (!ok)
    return mj_fail(x->err, MJ_EINVAL, 0, "more flowers dealt than the set "
                   "holds");
  for (int k = 0; k < x->tbl->players; k++) {
    int q = (dealer + k) % x->tbl->players, nf = s->flowers[q];
    for (int i = 0; i < hand; i++) {
      int pos = from_head(w);
      ok = ok && (i < hand - nf ? put(w, pos, x->sl[q][i].t, x->sl[q][i].red)
                                : put(w, pos, fl[q][i - (hand - nf)], 0));
    }
  }
  for (int k = 0; k < x->tbl->players; k++) {
    int q = (dealer + k) % x->tbl->players, nf = s->flowers[q];
    for (int i = hand - nf; i < hand; i++)
      ok = ok && put(w, from_tail(w), x->sl[q][i].t, x->sl[q][i].red);
  }
  /* the dora indicators, each over its ura, the farthest first */
  int ind_pos[5], nind = 0;
  for (int d = 4 + 2 * x->tbl->indicators; d > 4; d--) {
    int pos = w->tail - d;
    if (pos < w->head)
      return mj_fail(x->err, MJ_EINVAL, 0, "the wall is too short");
    w->gone[pos] = true;
    if (d % 2 == 0)
      ind_pos[(d - 6) / 2] = pos;
  }
  /* the draws, in order */
  for (int i = 0; i < s->n && ok; i++) {
    const mj_seen_item *it = &s->item[i];
    if (it->kind == MJ_SEEN_INDICATOR) {
      ok = nind < x->tbl->indicators &&
           put(w, ind_pos[nind++], it->tile, it->red);
      continue;
    }
    if (it->kind != MJ_SEEN_DRAW)
      continue;
    int pos = it->rep && x->tbl->replace_tail ? from_tail(w) : from_head(w);
    const slot *sl = &x->sl[it->player & 3][x->item_slot[i]];
    ok = put(w, pos, sl->t, sl->red);
  }
  if (!ok)
    return mj_fail(x->err, MJ_EINVAL, 0, "more tiles drawn or turned than "
                   "the wall holds where they were taken");
  for (int pos = 0; pos < w->n; pos++)
    if (!w->set[pos] &&
        !next_unseen(x, ANY_TILE, &w->t[pos], &w->red[pos]))
      return mj_fail(x->err, MJ_EINVAL, 0, "the wall is short of tiles");
  return MJ_OK;
}

/* }==================================================================== */

/* {====================================================================
** The decisions, played again
** ===================================================================== */

/* Every seat that may claim the tile up lets it go, until a turn begins
   (or the hand ends). */
static mj_status let_go(mj_game *g, int except, mj_error *err)
{
  for (int q = 0; q < mj_game_players(g); q++) {
    if (mj_game_phase(g) == MJ_PHASE_TURN || mj_game_over(g))
      break;
    if (!(mj_game_waiting(g) >> q & 1) || q == except)
      continue;
    mj_action l[MJ_MAX_LEGAL];
    int n = mj_game_legal(g, q, l, MJ_MAX_LEGAL), k = 0;
    while (k < n && l[k].type != MJ_ACT_PASS)
      k++;
    if (k == n)
      return mj_fail(err, MJ_ESTATE, 0, "seat %d may not let it go", q);
    if (mj_game_act(g, &l[k], err) != MJ_OK)
      return MJ_EINVAL;
  }
  return MJ_OK;
}

/* A chow or a pung that took the hand's red five where the game offers
   the choice: the offered one with red set; else a as it is. */
static mj_action with_red(const mj_game *g, const mj_action *a, bool red)
{
  mj_action l[MJ_MAX_LEGAL];
  int n = red && (a->type == MJ_ACT_CHI || a->type == MJ_ACT_PON)
              ? mj_game_legal(g, a->player, l, MJ_MAX_LEGAL) : 0;
  for (int i = 0; i < n; i++)
    if (l[i].type == a->type && l[i].red &&
        (a->type == MJ_ACT_PON || l[i].tile == a->tile))
      return l[i];
  return *a;
}

/* Decision a, the claims before it let go by those it is not; a claim
   that took the hand's red five (red) takes it again. */
static mj_status play(mj_game *g, const mj_action *a, bool red,
                      mj_error *err)
{
  for (int guard = 0; guard < 8; guard++) {
    if (mj_game_over(g))
      return mj_fail(err, MJ_ESTATE, 0, "a move after the hand ended");
    if (mj_game_phase(g) == MJ_PHASE_TURN)
      return mj_game_act(g, a, err);
    unsigned w = mj_game_waiting(g);
    bool mine = (w >> a->player & 1) && a->type != MJ_ACT_DISCARD &&
                a->type != MJ_ACT_CKONG && a->type != MJ_ACT_AKONG;
    mj_action b = mine ? with_red(g, a, red) : *a;
    if (mine && mj_game_act(g, &b, err) != MJ_OK)
      return MJ_EINVAL;
    if (let_go(g, mine ? a->player : -1, err) != MJ_OK)
      return MJ_EINVAL;
    if (mine)
      return MJ_OK;
    if (mj_game_waiting(g) == 0)
      return mj_fail(err, MJ_ESTATE, 0, "the game waits on nobody");
  }
  return mj_fail(err, MJ_ESTATE, 0, "a move out of turn");
}

/* The seat's draws as the game made them, after the deal's (each flower
   dealt and its replacement), into got; how many. */
static int game_draws(const mj_game *g, const mj_seen *s, mj_tile *got)
{
  int ng = 0, skip = 2 * s->flowers[s->seat];
  for (int i = 0; i < mj_game_nevents(g) && ng < MAX_SLOTS; i++) {
    const mj_event *e = mj_game_event(g, i);
    if (e->player == s->seat &&
        (e->type == MJ_EV_DRAW || e->type == MJ_EV_FLOWER) && skip-- <= 0)
      got[ng++] = e->tile;
  }
  return ng;
}

static int seen_draws(const mj_seen *s, mj_tile *want)
{
  int nw = 0;
  for (int i = 0; i < s->n && nw < MAX_SLOTS; i++)
    if (s->item[i].kind == MJ_SEEN_DRAW && s->item[i].player == s->seat)
      want[nw++] = s->item[i].tile;
  return nw;
}

bool mj_seen_ahead(const mj_seen *s, const mj_game *g)
{
  mj_tile want[MAX_SLOTS], got[MAX_SLOTS];
  return game_draws(g, s, got) > seen_draws(s, want);
}

/* The seat's draws as the game made them begin with the ones seen (the
   game may have drawn its next tile already). */
static bool same_draws(const mj_game *g, const mj_seen *s)
{
  mj_tile want[MAX_SLOTS], got[MAX_SLOTS];
  int nw = seen_draws(s, want), ng = game_draws(g, s, got);
  return ng >= nw && memcmp(want, got, (size_t)nw * sizeof want[0]) == 0;
}

/* The game made again, the places nothing said filled from kind start
   on (next_unseen). */
static mj_game *suppose_from(const mj_seen *s, const mj_rules *r, int start,
                             mj_error *err)
{
  const mj_table *tbl = mj_rules_ctable(r);
  if (tbl->wild_rule != MJ_WILD_NONE && tbl->wild_rule != MJ_WILD_FIXED)
    return mj_fail(err, MJ_EINVAL, 0, "a wild tile turned from the wall "
                   "cannot be supposed"), NULL;
  if (tbl->swap > 0 || tbl->tiles > MJ_WALL_MAX)
    return mj_fail(err, MJ_EINVAL, 0, "tiles passed before play cannot be "
                   "supposed"), NULL;
  sup *x = calloc(1, sizeof *x);
  layout *w = calloc(1, sizeof *w);
  mj_game *g = NULL;
  if (x == NULL || w == NULL) {
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    goto done;
  }
  x->s = s;
  x->tbl = tbl;
  x->err = err;
  x->next = start;
  if (count_pool(x) != MJ_OK || suppose_shown(x) != MJ_OK)
    goto done;
  for (int q = 0; q < x->tbl->players; q++)
    for (int i = 0; i < x->nsl[q]; i++)
      if (x->sl[q][i].t == MJ_NO_TILE &&
          !next_unseen(x, NO_FLOWER, &x->sl[q][i].t, &x->sl[q][i].red)) {
        mj_fail(err, MJ_EINVAL, 0, "the hands hold more tiles than the set");
        goto done;
      }
  if (lay_out(x, w) != MJ_OK)
    goto done;
  mj_game_cfg cfg = s->cfg;
  cfg.wall = w->t;
  cfg.wall_n = w->n;
  cfg.wall_red = w->red;
  g = mj_game_new(r, &cfg, err);
  for (int i = 0; g != NULL && i < s->n; i++) {
    mj_status st = MJ_OK;
    if (s->item[i].kind == MJ_SEEN_DRAW)     /* the tile up let go */
      st = let_go(g, -1, err);
    else if (s->item[i].kind == MJ_SEEN_ACT) {
      mj_action a = s->item[i].a;
      if (a.type == MJ_ACT_CKONG)
        a.tile = x->kong[i];
      st = play(g, &a, s->item[i].red > 0, err);
    }
    if (st != MJ_OK) {
      char why[sizeof err->msg];
      snprintf(why, sizeof why, "%s", err->msg);
      mj_fail(err, MJ_EINVAL, 0, "move %d: %s", i + 1, why);
      mj_game_free(g);
      g = NULL;
    }
  }
  if (g != NULL && !same_draws(g, s)) {
    mj_fail(err, MJ_EINVAL, 0, "the seat's draws do not follow the moves");
    mj_game_free(g);
    g = NULL;
  }
done:
  free(x);
  free(w);
  return g;
}

/* Tiles supposed can make a move seen impossible (another's hand
   supposed all of a kind a chow's swap rule forbids discarding): then
   other tiles are supposed, from a few other kinds on; the first
   attempt's error stands when none plays. */
mj_game *mj_seen_game(const mj_seen *s, const mj_rules *r, mj_error *err)
{
  static const int starts[] = { 0, 9, 18, 27, 5, 14 };
  mj_game *g = suppose_from(s, r, 0, err);
  for (size_t i = 1; g == NULL && i < sizeof starts / sizeof starts[0]; i++) {
    mj_error again;
    mj_error_clear(&again);
    g = suppose_from(s, r, starts[i], &again);
  }
  if (g != NULL && err != NULL)
    mj_error_clear(err);
  return g;
}
