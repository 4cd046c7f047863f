/*
** bot.c
** Bots. "random" plays any legal action (it takes a win when it has one);
** "efficiency" keeps the hand closest to ready with the most live useful
** tiles, and when the ruleset has a minimum (MCR's 8 fan) steers toward
** hands that reach it: a flush, all pungs, honor pungs; a ready hand's
** waits count only when the win would be valid. "strong" is the
** efficiency bot reading the table (the chance each discard deals in, by
** a model of what the table shows), counting its waits by their points,
** looking a step ahead and keeping chow patterns in reach.
*/
#include "bot.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "analysis.h"

typedef struct bot_vt {
  const char *name;
  int (*choose)(mj_bot *b, const mj_game *g, int p, const mj_action *legal,
                int n);
} bot_vt;

struct mj_bot {
  const bot_vt *vt;
  mj_rng rng;
  mj_bot_ext ext;      /* a bot of the user's (vt NULL) */
  int failures;        /* its decisions the efficiency bot made instead */
  char first_failure[256];
  double caution;      /* strong: its weight of danger, 1 as shipped */
  char name[40];       /* the kind, its setting written out */
};

/* {====================================================================
** Random
** ===================================================================== */

static int random_choose(mj_bot *b, const mj_game *g, int p,
                         const mj_action *legal, int n)
{
  (void)g;
  (void)p;
  for (int i = 0; i < n; i++)
    if (legal[i].type == MJ_ACT_WIN)
      return i;
  return (int)mj_rng_below(&b->rng, (uint32_t)n);
}

/* }==================================================================== */

/* {====================================================================
** Efficiency
** ===================================================================== */

typedef struct ctx {
  const mj_game *g;
  int p;
  const mj_shape_cfg *cfg;
  mj_tileset wild;
  uint8_t held[MJ_KINDS];      /* the player's tiles, melds included */
  uint8_t seen[MJ_KINDS];      /* tiles visible elsewhere */
  int min;                     /* the ruleset's minimum, 0 none */
  int seat_wind, round;
  bool concealed;              /* no exposed meld so far */
  mj_shape_cfg near;           /* the shapes within reach (see near_shapes) */
} ctx;

/*
** Only the shapes that can matter for the next discard and draw: a shape
** two or more steps behind the best one cannot lower the shanten after a
** discard and a draw, so its useful tiles are never counted; leaving it
** out is exact. The knitted straight is kept only while it is ahead of
** four melds and a pair.
*/
static void near_shapes(ctx *c, const mj_tileview *v)
{
  int per[MJ_SHAPE_COUNT];
  const mj_shape_cfg *all = mj_rules_shapes(mj_game_rules(c->g));
  /* a full hand still discards (one step of slack); a short one draws */
  int slack = v->ntiles + 3 * v->melds == 14;
  /* the knitted straight (the costly one) only as far as it matters:
     when it might be within the slack of the best */
  mj_shape_cfg rest = *all;
  rest.shapes &= ~MJ_SHAPE_BIT(MJ_SHAPE_KNITTED);
  int best = mj_shanten(v, &rest, per);
  if (all->shapes & MJ_SHAPE_BIT(MJ_SHAPE_KNITTED)) {
    per[MJ_SHAPE_KNITTED] =
        mj_shape_shanten_below(v, all, MJ_SHAPE_KNITTED, best + slack + 1);
    if (per[MJ_SHAPE_KNITTED] < best)
      best = per[MJ_SHAPE_KNITTED];
  }
  c->near = *all;
  for (int s = 0; s < MJ_SHAPE_COUNT; s++)
    if ((c->near.shapes & MJ_SHAPE_BIT(s)) && s != MJ_SHAPE_STANDARD &&
        per[s] > best + slack)
      c->near.shapes &= ~MJ_SHAPE_BIT(s);
  /* the knitted straight with a meld and a pair (the costly one) only
     when it leads: the bot plays toward it then, not on the way */
  if ((c->near.shapes & MJ_SHAPE_BIT(MJ_SHAPE_KNITTED)) &&
      per[MJ_SHAPE_KNITTED] >= per[MJ_SHAPE_STANDARD])
    c->near.shapes &= ~MJ_SHAPE_BIT(MJ_SHAPE_KNITTED);
  c->cfg = &c->near;
}

static void ctx_init(ctx *c, const mj_game *g, int p)
{
  const mj_rules *r = mj_game_rules(g);
  c->g = g;
  c->p = p;
  c->cfg = mj_rules_shapes(r);
  c->wild = mj_game_wild(g);
  mj_hand_all_counts(mj_game_hand(g, p), c->held);
  mj_game_visible(g, p, c->seen);
  c->min = mj_rules_ctable(r)->min_points;
  c->seat_wind = mj_game_seat_wind(g, p);
  c->round = mj_game_round(g);
  c->concealed = true;
  const mj_hand *h = mj_game_hand(g, p);
  const mj_meld *m = mj_hand_melds(h);
  for (int i = 0; i < mj_hand_nmelds(h); i++)
    if (m[i].type != MJ_CKONG)
      c->concealed = false;
}

/* ctx_init, and v the view of p's hand, with the shapes within reach. */
static void ctx_view(ctx *c, const mj_game *g, int p, mj_tileview *v)
{
  ctx_init(c, g, p);
  mj_tileview_init(v, mj_game_hand(g, p), c->wild);
  near_shapes(c, v);
}

/*
** A rough count of the fan the hand is heading to, from its shape: used
** only to prefer, between equally fast discards, the one that keeps a
** valid hand in reach.
*/
/* The sum of n (at most 9) small counts, eight at a time. */
static inline int bytes_sum(const uint8_t *p, int n)
{
  uint64_t x = 0;
  memcpy(&x, p, n < 8 ? (size_t)n : 8);
  int sum = (int)((x * 0x0101010101010101ULL) >> 56);
  return n > 8 ? sum + p[8] : sum;
}

static int estimate_fan(const ctx *c, const mj_tileview *v, const mj_hand *h,
                        const char **target)
{
  int suit[3] = { 0, 0, 0 }, honors = 0, pairs = 0, pungs = 0, fan = 0;
  int top = 0;   /* the largest part, named in *target */
  *target = "-";
#define PART(n, name)                                                         \
  do {                                                                        \
    fan += (n);                                                               \
    if ((n) > top)                                                            \
      top = (n), *target = (name);                                            \
  } while (0)
  for (int s = 0; s < 3; s++)
    suit[s] = bytes_sum(v->c + 9 * s, 9);
  honors = bytes_sum(v->c + MJ_HONOR_FIRST, 7);
  const mj_meld *m = mj_hand_melds(h);
  int nm = mj_hand_nmelds(h);
  for (int i = 0; i < nm; i++) {
    if (m[i].tile < MJ_HONOR_FIRST)
      suit[m[i].tile / 9] += 3;
    else
      honors += 3;
    if (m[i].type != MJ_CHOW)
      pungs++;
  }
  pungs += mj_set_count(v->at[2]);
  pairs += mj_set_count(v->at[1] & ~v->at[2]);
  int main = suit[0] > suit[1] ? (suit[0] > suit[2] ? 0 : 2)
                               : (suit[1] > suit[2] ? 1 : 2);
  int other = suit[0] + suit[1] + suit[2] - suit[main];
  if (other == 0)
    PART(honors ? 6 : 24, honors ? "混一色" : "清一色");
  else if (other <= 2)
    PART(honors ? 4 : 10, honors ? "混一色" : "清一色");
  if (pungs + pairs >= 5 && pungs >= 2)
    PART(6, "碰碰和");
  /* honor pungs and pairs: dragons, the seat and the prevailing wind */
  for (int t = MJ_HONOR_FIRST; t < MJ_KINDS; t++) {
    int k = v->c[t];
    for (int i = 0; i < nm; i++)
      if (m[i].type != MJ_CHOW && m[i].tile == t)
        k = 3;
    bool valuable = t >= 31 || t == MJ_HONOR_FIRST + c->seat_wind ||
                    t == MJ_HONOR_FIRST + c->round;
    if (!valuable)
      continue;
    bool dragon = t >= 31;
    if (k >= 3)
      PART(2 + (!dragon && t == MJ_HONOR_FIRST + c->seat_wind &&
                        t == MJ_HONOR_FIRST + c->round
                    ? 2
                    : 0),
           dragon ? "箭刻" : "风刻");
    else if (k == 2)
      PART(1, dragon ? "箭刻" : "风刻");
  }
  /* all five types */
  int types = (suit[0] > 0) + (suit[1] > 0) + (suit[2] > 0);
  bool winds = false, dragons = false;
  for (int t = MJ_HONOR_FIRST; t < 31; t++)
    winds = winds || v->c[t];
  for (int t = 31; t < 34; t++)
    dragons = dragons || v->c[t];
  if (types == 3 && winds && dragons)
    PART(4, "五门齐");
  if (c->concealed)
    PART(2, "门前清");
#undef PART
  return fan;
}

/*
** The live waits of a ready view whose win would meet the minimum, and in
** *points the sum over them of the live copies times the hand's points.
** The winning hand is scored as a discard win (self-draws score more).
*/
static int valid_waits(const ctx *c, const mj_tileview *v, const mj_hand *base,
                       const mj_wait *w, int n, int *points)
{
  const mj_rules *r = mj_game_rules(c->g);
  int good = 0;
  *points = 0;
  mj_hand *h = mj_hand_new();
  mj_score *s = malloc(sizeof *s);
  if (h == NULL || s == NULL) {
    mj_hand_free(h);
    free(s);
    return 0;
  }
  for (int i = 0; i < n; i++) {
    if (w[i].live == 0)
      continue;
    /* the hand: the base's melds, the view's tiles (wilds as the first
       wild kind), the wait */
    mj_hand_copy(h, base);
    const uint8_t *bc = mj_hand_counts(base);
    for (int t = 0; t < MJ_KINDS; t++)
      for (int k = bc[t]; k > 0; k--)
        mj_hand_remove(h, (mj_tile)t);
    for (int t = 0; t < MJ_KINDS; t++)
      for (int k = 0; k < v->c[t]; k++)
        mj_hand_add(h, (mj_tile)t);
    if (c->wild != 0)
      for (int k = 0; k < v->wilds; k++)
        mj_hand_add(h, (mj_tile)__builtin_ctzll(c->wild));
    if (mj_hand_add(h, w[i].tile) != MJ_OK)
      continue;
    mj_ctx *x = mj_hand_ctx(h);
    mj_ctx_init(x);
    x->win = w[i].tile;
    x->seat = (uint8_t)c->seat_wind;
    x->round = (uint8_t)c->round;
    mj_error e;
    mj_status st = mj_score_hand(r, h, s, &e);
    if (st == MJ_OK && s->meets_min) {
      good += w[i].live;
      *points += w[i].live * s->total;
    } else if (st == MJ_ERULES) {
      mj_game_note_fault(c->g, &e);   /* the ruleset failed: the hand stops */
      break;
    }
  }
  mj_hand_free(h);
  free(s);
  return good;
}

/* Value of keeping view v (one tile short of a full hand), whose shanten
** sh and shapes which are known. */
static int value_at(const ctx *c, const mj_tileview *v, const mj_hand *base,
                    int sh, unsigned which, int *shanten_out, int *useful_out,
                    int *fan_out, const char **target_out, int *wins_out,
                    int *points_out)
{
  int points = 0, good = 0;
  mj_wait w[MJ_KINDS];
  int n = mj_useful_at(v, c->cfg, c->held, c->seen, w, sh, which);
  int useful = 0;
  for (int i = 0; i < n; i++)
    useful += w[i].live;
  const char *target;
  int fan = estimate_fan(c, v, base, &target);
  int value = -1000 * sh + 4 * useful;
  if (c->min > 0) {
    if (sh == 0) {
      /* ready: only valid waits count */
      good = valid_waits(c, v, base, w, n, &points);
      value = good > 0 ? 4 * good + 200 : -1000 + useful;
    } else {
      value += 12 * (fan < c->min ? fan : c->min);
    }
  }
  if (shanten_out)
    *shanten_out = sh;
  if (useful_out)
    *useful_out = useful;
  if (fan_out)
    *fan_out = fan;
  if (target_out)
    *target_out = target;
  if (wins_out)
    *wins_out = good;
  if (points_out)
    *points_out = points;
  return value;
}

static int value_of(const ctx *c, const mj_tileview *v, const mj_hand *base,
                    int *shanten_out, int *useful_out, int *fan_out,
                    const char **target_out)
{
  unsigned which;
  int sh = mj_shanten_shapes(v, c->cfg, &which);
  return value_at(c, v, base, sh, which, shanten_out, useful_out, fan_out,
                  target_out, NULL, NULL);
}

/*
** The most shanten a discard may leave and still be valued in full,
** given the least any discard leaves. A discard further back loses by
** 1,000 a step against at most 4 x 136 useful tiles and 12 x the minimum
** of fan; when the best are ready with a minimum to reach, their value
** may be -1,000 (no valid wait), as low as one step back.
*/
static int prune_limit(const ctx *c, int least)
{
  int limit = least + (4 * 136 + 12 * c->min) / 1000;
  return limit + (c->min > 0 && least == 0 ? 1 : 0);
}

/* The shanten and shapes each discard of tiles leaves full view v with
** (mj_discard_shanten), and the prune_limit of the least of them. */
static int discards_limit(const ctx *c, const mj_tileview *v,
                          mj_tileset tiles, int sh[MJ_KINDS],
                          unsigned which[MJ_KINDS])
{
  int least = MJ_SHANTEN_NONE;
  mj_discard_shanten(v, c->cfg, tiles, sh, which);
  for (mj_tileset x = tiles; x; x &= x - 1)
    if (sh[__builtin_ctzll(x)] < least)
      least = sh[__builtin_ctzll(x)];
  return prune_limit(c, least);
}

/*
** Each discard's evaluation (mj_bot_discards). With prune, only the
** discards that can be chosen are valued in full: a discard leaving the
** hand a shanten step further than the best loses by 1,000 against at
** most 4 x 136 useful tiles and 12 x 8 fan, so it gets the shanten and a
** value no choice takes, unless the best are ready with no valid wait
** (with a minimum to reach, those are worth about as much as a step back)
** or a wild tile is held (its discard is valued 3,000 down).
*/
static int discards_eval(const mj_game *g, int p, mj_discard_eval *out,
                         int max, bool prune);

int mj_bot_discards(const mj_game *g, int p, mj_discard_eval *out, int max)
{
  return discards_eval(g, p, out, max, false);
}

static int discards_eval(const mj_game *g, int p, mj_discard_eval *out,
                         int max, bool prune)
{
  ctx c;
  mj_tileview v;
  ctx_view(&c, g, p, &v);
  const mj_hand *h = mj_game_hand(g, p);
  /* only the discards the rules allow now (定缺: the missing suit first) */
  mj_tileset allowed = ~(mj_tileset)0;
  if (mj_game_void_suit(g, p, -1) >= 0 && mj_game_holds_void(g, p)) {
    int vs = mj_game_void_suit(g, p, -1);
    allowed = 0;
    for (int t = vs * 9; t < vs * 9 + 9; t++)
      allowed |= MJ_BIT(t);
  }
  int n = 0, sh[MJ_KINDS];
  unsigned which[MJ_KINDS];
  mj_tileset held = mj_hand_copies(h)[0] & allowed;   /* wilds too */
  int limit = discards_limit(&c, &v, held, sh, which);
  if (!prune)
    limit = MJ_SHANTEN_NONE;
  for (int t = 0; t < MJ_KINDS; t++)   /* a wild's discard is valued apart */
    if ((c.wild & MJ_BIT(t)) && mj_hand_counts(h)[t] > 0)
      limit = MJ_SHANTEN_NONE;
  for (int t = 0; t < MJ_KINDS && n < max; t++) {
    if (!(held & MJ_BIT(t)))
      continue;
    mj_tileview x = v;
    mj_tileview_remove(&x, (mj_tile)t);
    out[n].tile = (mj_tile)t;
    if (sh[t] > limit) {
      out[n].shanten = sh[t];
      out[n].useful = 0;
      out[n].fan = 0;
      out[n].target = "-";
      out[n].wins = 0;
      out[n].points = 0;
      out[n].value = -1000 * sh[t] - 100000;
      n++;
      continue;
    }
    out[n].value =
        value_at(&c, &x, h, sh[t], which[t], &out[n].shanten, &out[n].useful,
                 &out[n].fan, &out[n].target, &out[n].wins,
                 &out[n].points);
    /* keep wild tiles; break ties toward isolated honors and terminals */
    if (c.wild & MJ_BIT(t))
      out[n].value -= 3000;
    else if (t >= MJ_HONOR_FIRST && mj_hand_counts(h)[t] == 1)
      out[n].value += 2;
    else if (t < MJ_HONOR_FIRST && (t % 9 == 0 || t % 9 == 8))
      out[n].value += 1;
    n++;
  }
  return n;
}

/* Shanten and useful tiles of the player's hand as it would be after a
** claim of t making the meld, with the best discard that follows. */
/* The hand h after a claim a of t (NULL: out of memory). */
static mj_hand *after_claim(const mj_hand *h, const mj_action *a, mj_tile t)
{
  mj_hand *x = mj_hand_new();
  if (x == NULL)
    return NULL;
  mj_hand_copy(x, h);
  int type = MJ_PUNG;
  mj_tile low = t;
  if (a->type == MJ_ACT_PON) {
    mj_hand_remove(x, t);
    mj_hand_remove(x, t);
  } else if (a->type == MJ_ACT_KONG) {
    for (int i = 0; i < 3; i++)
      mj_hand_remove(x, t);
    type = MJ_KONG;
  } else {
    for (int k = a->tile; k <= a->tile + 2; k++)
      if (k != t)
        mj_hand_remove(x, (mj_tile)k);
    type = MJ_CHOW;
    low = a->tile;
  }
  mj_meld m = { (uint8_t)type, low, 1, 0 };
  mj_hand_add_meld(x, m);
  return x;
}

static int claim_value(const ctx *c, const mj_action *a, mj_tile t)
{
  mj_hand *x = after_claim(mj_game_hand(c->g, c->p), a, t);
  if (x == NULL)
    return -100000;
  ctx c2 = *c;
  c2.concealed = false;
  mj_tileview v;
  mj_tileview_init(&v, x, c->wild);
  near_shapes(&c2, &v);
  int best = -1000000;
  if (a->type == MJ_ACT_KONG) {
    best = value_of(&c2, &v, x, NULL, NULL, NULL, NULL) +
           50; /* a kong draws again */
  } else {
    /* only the discards that can be the best are valued in full */
    int sh[MJ_KINDS];
    unsigned which[MJ_KINDS];
    mj_tileset held = v.at[0];   /* not the wilds: they are kept */
    int limit = discards_limit(&c2, &v, held, sh, which);
    for (int k = 0; k < MJ_KINDS; k++) {
      if (!(held & MJ_BIT(k)) || sh[k] > limit)
        continue;
      mj_tileview y = v;
      mj_tileview_remove(&y, (mj_tile)k);
      int val =
          value_at(&c2, &y, x, sh[k], which[k], NULL, NULL, NULL, NULL, NULL,
                   NULL);
      if (val > best)
        best = val;
    }
  }
  mj_hand_free(x);
  return best;
}

/* The ruleset's state feeding context token bit tok (-1: none). */
static int state_of_token(const mj_game *g, unsigned tok)
{
  return mj_game_state_find(g, NULL, __builtin_ctz(tok));
}

/*
** With 偷机 in the rules (a state feeding the touji token), a hand that is one 宝 alone and four melds wins
** on any tile. Then a discard win (worth less) is passed for the certain
** self-draw, and a self-draw may be declined, the drawn tile thrown, to
** wait for a 宝 (宝吊宝, 宝吊无宝) while the wall is long. Returns the
** action to take instead of the win, or -1 to win.
*/
static int bao_instead_of_win(const mj_game *g, int p, const mj_action *legal,
                              int n)
{
  const mj_table *tb = mj_rules_ctable(mj_game_rules(g));
  mj_tileset wild = mj_game_wild(g);
  int touji = state_of_token(g, MJ_TOKEN_TOUJI);
  if (touji < 0 || wild == 0)
    return -1;
  const mj_hand *h = mj_game_hand(g, p);
  mj_tileview v;
  mj_tileview_init(&v, h, wild);
  int left = mj_game_wall_left(g);
  mj_phase ph = mj_game_phase(g);
  mj_tile drawn = mj_game_last_draw(g);
  if (ph == MJ_PHASE_TURN) {
    if (drawn >= MJ_KINDS || (wild & MJ_BIT(drawn)))
      return -1;
    mj_tileview_remove(&v, drawn);
  }
  if (!mj_wild_single(&v)) {
    /* not there yet: on one's turn, a discard may get there (the win
       with the 宝 as the pair is given up for 宝吊头's double) */
    if (ph != MJ_PHASE_TURN || left <= 30)
      return -1;
    mj_tileview_add(&v, drawn);
    for (int i = 0; i < n; i++) {
      mj_tile t = legal[i].tile;
      if (legal[i].type != MJ_ACT_DISCARD || t >= MJ_KINDS ||
          (wild & MJ_BIT(t)))
        continue;
      mj_tileview_remove(&v, t);
      bool single = mj_wild_single(&v);
      mj_tileview_add(&v, t);
      if (single)
        return i;
    }
    return -1;
  }
  int want = -1;
  if (ph == MJ_PHASE_CLAIM) {
    mj_tile t = mj_game_pending(g, NULL);
    int js = state_of_token(g, MJ_TOKEN_JIEBAO);
    bool jiebao = js >= 0 && (wild & MJ_BIT(t)) && mj_game_state(g, p, js);
    if (!jiebao && left > 6 && !tb->self_draw_only)
      want = MJ_ACT_PASS;
  } else if (ph == MJ_PHASE_TURN && left > (mj_game_state(g, p, touji) ? 20 : 30)) {
    want = MJ_ACT_DISCARD;
  }
  for (int i = 0; i < n && want >= 0; i++)
    if (legal[i].type == want &&
        (want != MJ_ACT_DISCARD || legal[i].tile == drawn))
      return i;
  return -1;
}

/* The first legal action of a type, or -1. */
static int legal_find(const mj_action *legal, int n, int type)
{
  for (int i = 0; i < n; i++)
    if (legal[i].type == type)
      return i;
  return -1;
}

static bool legal_has(const mj_action *legal, int n, int type, mj_tile t)
{
  for (int i = 0; i < n; i++)
    if (legal[i].type == type && legal[i].tile == t)
      return true;
  return false;
}

/* Before play: pass the tiles of the weakest suit (fewest tiles, three
** at least), the least useful first; declare missing the suit held
** least. */
static int before_play_choice(const mj_game *g, int p, const mj_action *legal,
                              int n)
{
  const uint8_t *c = mj_hand_counts(mj_game_hand(g, p));
  int count[3] = { 0, 0, 0 };
  for (int t = 0; t < MJ_HONOR_FIRST; t++)
    count[t / 9] += c[t];
  int suit = -1;
  for (int i = 0; i < n; i++) {
    int su = legal[i].tile / 9;
    if (legal[i].tile < MJ_HONOR_FIRST &&
        (suit < 0 || count[su] < count[suit]))
      suit = su;
  }
  if (suit < 0)
    return 0;
  if (legal[0].type == MJ_ACT_QUE) {
    for (int i = 0; i < n; i++)
      if (legal[i].tile / 9 == suit)
        return i;
    return 0;
  }
  mj_discard_eval ev[MJ_KINDS];
  int k = mj_bot_discards(g, p, ev, MJ_KINDS);
  int best = -1;
  for (int i = 0; i < k; i++)
    if (ev[i].tile / 9 == suit && legal_has(legal, n, MJ_ACT_SWAP, ev[i].tile) &&
        (best < 0 || ev[i].value > ev[best].value))
      best = i;
  for (int i = 0; best >= 0 && i < n; i++)
    if (legal[i].tile == ev[best].tile)
      return i;
  return 0;
}

static int efficiency_choose(mj_bot *b, const mj_game *g, int p,
                             const mj_action *legal, int n)
{
  (void)b;
  for (int i = 0; i < n; i++)
    if (legal[i].type == MJ_ACT_WIN) {
      int other = bao_instead_of_win(g, p, legal, n);
      return other >= 0 ? other : i;
    }
  if (mj_game_phase(g) == MJ_PHASE_SWAP || mj_game_phase(g) == MJ_PHASE_QUE)
    return before_play_choice(g, p, legal, n);
  ctx c;
  ctx_init(&c, g, p);
  if (mj_game_phase(g) == MJ_PHASE_TURN) {
    mj_discard_eval ev[MJ_KINDS];
    int k = discards_eval(g, p, ev, MJ_KINDS, true);
    int best = -1;
    for (int i = 0; i < k; i++)
      if ((best < 0 || ev[i].value > ev[best].value) &&
          legal_has(legal, n, MJ_ACT_DISCARD, ev[i].tile))
        best = i;
    if (best < 0)
      best = 0;
    /* a concealed or added kong that keeps the hand as good */
    for (int i = 0; i < n; i++)
      if (legal[i].type == MJ_ACT_CKONG || legal[i].type == MJ_ACT_AKONG) {
        const mj_hand *h = mj_game_hand(g, p);
        mj_tileview v;
        mj_tileview_init(&v, h, c.wild);
        int keep = mj_shanten(&v, c.cfg, NULL);
        mj_hand *x = mj_hand_new();
        if (x == NULL)
          continue;
        mj_hand_copy(x, h);
        int take = legal[i].type == MJ_ACT_CKONG ? 4 : 1;
        for (int q = 0; q < take; q++)
          mj_hand_remove(x, legal[i].tile);
        if (legal[i].type == MJ_ACT_CKONG) {
          mj_meld m = { MJ_CKONG, legal[i].tile, 0, 0 };
          mj_hand_add_meld(x, m);
        } else {
          const mj_meld *m = mj_hand_melds(x);
          for (int q = 0; q < mj_hand_nmelds(x); q++)
            if (m[q].type == MJ_PUNG && m[q].tile == legal[i].tile) {
              mj_meld km = m[q];
              km.type = MJ_KONG;
              mj_hand_set_meld(x, q, km);
            }
        }
        mj_tileview y;
        mj_tileview_init(&y, x, c.wild);
        int after = mj_shanten(&y, c.cfg, NULL);
        mj_hand_free(x);
        if (after <= keep && !(c.wild & MJ_BIT(legal[i].tile)))
          return i;
      }
    for (int i = 0; i < n; i++)
      if (legal[i].type == MJ_ACT_DISCARD && legal[i].tile == ev[best].tile)
        return i;
    for (int i = 0; i < n; i++)
      if (legal[i].type == MJ_ACT_DISCARD)
        return i;
    return 0;
  }
  /* a claim: take it only when the hand gets better than by passing */
  int pass = legal_find(legal, n, MJ_ACT_PASS);
  if (pass < 0)
    return 0;
  const mj_hand *h = mj_game_hand(g, p);
  mj_tileview v;
  mj_tileview_init(&v, h, c.wild);
  near_shapes(&c, &v);
  int now = value_of(&c, &v, h, NULL, NULL, NULL, NULL);
  int best = pass, bestv = now + 30;   /* a claim must gain something clear */
  mj_tile t = mj_game_pending(g, NULL);
  if (c.wild & MJ_BIT(t))
    return pass;
  for (int i = 0; i < n; i++) {
    if (i == pass)
      continue;
    int val = claim_value(&c, &legal[i], t);
    if (val > bestv) {
      bestv = val;
      best = i;
    }
  }
  return best;
}

/* }==================================================================== */

/* {====================================================================
** Strong: efficiency, and defence
** ===================================================================== */

/*
** How likely seat q is ready, as the table shows it: declared melds say
** most (a hand with three is near its end), then the discards made (the
** hand's age). From 0 to 0.9.
*/
static double threat_of(const mj_game *g, int q)
{
  if (!mj_game_active(g, q))
    return 0;
  int melds = mj_hand_nmelds(mj_game_hand(g, q));
  const mj_tile *d;
  const uint8_t *taken;
  int nd = mj_game_discards(g, q, &d, &taken);
  double t = 0.05 + 0.15 * melds + 0.012 * (nd > 5 ? nd - 5 : 0);
  if (melds >= 3)
    t += 0.2;
  return t > 0.9 ? 0.9 : t;
}

/*
** The tiles discarded since seat q's hand last changed (its last
** discard, claim or kong): q let each of them go, so (as a player takes
** a valid win) none completes q's hand for a win now. Only the public
** part of the log is read: which seat acted, and the discarded tiles.
*/
static mj_tileset passed_by(const mj_game *g, int q)
{
  mj_tileset s = 0;
  for (int i = mj_game_nactions(g) - 1; i >= 0; i--) {
    const mj_action *a = mj_game_action(g, i);
    if (a->player == q && a->type != MJ_ACT_PASS)
      break;
    if (a->type == MJ_ACT_DISCARD && a->tile < MJ_KINDS)
      s |= MJ_BIT(a->tile);
  }
  return s;
}

/* Whether two of the declared chows ml[0..m) make two thirds of a chow
** pattern (三色三步高, 花龙, 清龙, 三色三同顺, 一色三步高) whose third
** chow holds t (a number tile). */
static bool in_pattern_third(const mj_meld *ml, int m, mj_tile t)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++) {
      if (i == j || ml[i].type != MJ_CHOW || ml[j].type != MJ_CHOW)
        continue;
      int a = ml[i].tile, b = ml[j].tile;
      int sa = a / 9, sb = b / 9, ra = a % 9, rb = b % 9;
      int third[4], n = 0;
      if (sa != sb) {
        int sc = 3 - sa - sb;
        if (ra == rb)
          third[n++] = 9 * sc + ra;                 /* 三色三同顺 */
        if (rb == ra + 1 && ra + 2 <= 6)
          third[n++] = 9 * sc + ra + 2;             /* 三色三步高 */
        if (rb == ra + 1 && ra >= 1)
          third[n++] = 9 * sc + ra - 1;
        if (rb == ra + 2 && ra + 1 <= 6)
          third[n++] = 9 * sc + ra + 1;
        if (ra % 3 == 0 && rb % 3 == 0 && ra != rb)
          third[n++] = 9 * sc + 9 - ra - rb;        /* 花龙 */
      } else {
        if (ra % 3 == 0 && rb % 3 == 0 && ra < rb)
          third[n++] = 9 * sa + 9 - ra - rb;        /* 清龙 */
        if (rb == ra + 1 && ra + 2 <= 6)
          third[n++] = 9 * sa + ra + 2;             /* 一色三步高 */
        if (rb == ra + 2 && ra + 4 <= 6)
          third[n++] = 9 * sa + ra + 4;
        if (rb == ra + 2)
          third[n++] = 9 * sa + ra + 1;
      }
      for (int k = 0; k < n; k++)
        if (third[k] >= 0 && t >= third[k] && t <= third[k] + 2 &&
            (int)t / 9 == third[k] / 9)
          return true;
    }
  return false;
}

/* The features of "t completes q's hand" (danger_features), their count. */
enum { DF_N = 46 };

/*
** What the table shows of whether tile t would complete seat q's hand
** for a win, as numbers (the model's inputs): q's melds, discards and the
** wall (how far the hand has gone), the kind of tile and its copies
** left, and what q's discards say of it (thrown, three away, the suit,
** the neighbours), whether q let it go since his hand last changed,
** walls (a neighbour all in sight), honors worth a fan to q.
*/
static void danger_features(const mj_game *g, int q, mj_tile t,
                            const uint8_t seen[MJ_KINDS], mj_tileset passed,
                            float x[DF_N])
{
  memset(x, 0, sizeof(float) * DF_N);
  const mj_hand *hq = mj_game_hand(g, q);
  int m = mj_hand_nmelds(hq);
  const mj_meld *ml = mj_hand_melds(hq);
  const mj_tile *d;
  const uint8_t *taken;
  int nd = mj_game_discards(g, q, &d, &taken);
  bool honor = t >= MJ_HONOR_FIRST;
  int r = honor ? -1 : t % 9, suit = honor ? 3 : t / 9;
  int left = 4 - seen[t];
  x[0] = 1;
  if (m >= 1 && m <= 4)
    x[m] = 1;
  x[5] = (float)nd / 10;
  x[6] = x[5] * x[5];
  x[7] = (float)mj_game_wall_left(g) / 100;
  x[8] = honor;
  x[9] = !honor && (r == 0 || r == 8);
  x[10] = !honor && (r == 1 || r == 7);
  x[11] = left <= 0;
  x[12] = left == 1;
  x[13] = left == 2;
  bool threw = false, lo3 = false, hi3 = false, near = false;
  int in_suit = 0;
  for (int i = 0; i < nd; i++) {
    threw = threw || d[i] == t;
    if (honor || d[i] >= MJ_HONOR_FIRST || d[i] / 9 != suit)
      continue;
    in_suit++;
    lo3 = lo3 || d[i] + 3 == t;
    hi3 = hi3 || d[i] == t + 3;
    near = near || (d[i] != t && abs((int)d[i] - (int)t) <= 2);
  }
  x[14] = threw;
  x[15] = (passed & MJ_BIT(t)) != 0;
  if (!honor) {
    bool full = r < 3 ? hi3 : r > 5 ? lo3 : lo3 && hi3;
    x[16] = full;
    x[17] = !full && (lo3 || hi3);
    x[18] = nd ? (float)in_suit / nd : 0;
    x[21] = near;
    /* a neighbour all in sight: no two-sided wait through it */
    bool wall_lo = r >= 1 && seen[t - 1] >= 4, wall_hi = r <= 7 &&
                                                         seen[t + 1] >= 4;
    x[22] = wall_lo || wall_hi;
  }
  int melds_in = 0, melds_other = 0, honor_melds = 0, chows = 0, pungs = 0;
  for (int i = 0; i < m; i++) {
    if (ml[i].type == MJ_CKONG)
      continue;   /* face down: its tile is not in sight */
    chows += ml[i].type == MJ_CHOW;
    pungs += ml[i].type != MJ_CHOW;
    int ms = ml[i].tile >= MJ_HONOR_FIRST ? 3 : ml[i].tile / 9;
    honor_melds += ms == 3;
    if (ms == suit)
      melds_in++;
    else if (ms != 3)
      melds_other++;
  }
  x[19] = (float)melds_in;
  x[20] = !honor && m >= 1 && melds_in > 0 && melds_other == 0;
  if (honor)
    x[23] = t >= 31 || t == MJ_HONOR_FIRST + mj_game_seat_wind(g, q) ||
            t == MJ_HONOR_FIRST + mj_game_round(g);
  /* how far q's hand looks to have gone, against the kind of tile */
  float age = (float)m / 4 + (float)nd / 20;
  bool mid = !honor && r >= 2 && r <= 6;
  x[24] = age * mid;
  x[25] = age * honor;
  x[26] = age * x[14];
  x[27] = age * x[16];
  x[28] = age * x[18];
  x[29] = age * x[20];
  x[30] = age * (left <= 1);
  /* q's last three discards: a middle tile thrown late tells a hand
     giving up its shape, close to its end */
  int late = 0;
  for (int i = nd - 3 < 0 ? 0 : nd - 3; i < nd; i++)
    late += d[i] < MJ_HONOR_FIRST && d[i] % 9 >= 2 && d[i] % 9 <= 6;
  x[31] = (float)late / 3;
  /* the 8 fan q's hand must reach, read from his declared melds: two
     chows of a chow pattern and t in its third; pungs and no chow (all
     pungs); one suit and honors (a flush) */
  x[32] = !honor && chows >= 2 && in_pattern_third(ml, m, t);
  bool pp = pungs >= 2 && chows == 0;
  x[33] = pp && (honor || r == 0 || r == 8);
  x[34] = pp && !honor && r != 0 && r != 8;
  x[35] = honor && m >= 1 && melds_other + (melds_in > 0) <= 1 &&
          m - honor_melds >= 1;
  x[36] = (float)honor_melds * honor;
  /* q's hand changed by a claim at his last turn (a claim often makes a
     hand ready) */
  int acts = 0;
  for (int i = mj_game_nactions(g) - 1; i >= 0 && acts < 2; i--) {
    const mj_action *a = mj_game_action(g, i);
    if (a->player != q || a->type == MJ_ACT_PASS)
      continue;
    acts++;
    if (acts == 2)
      x[37] = a->type == MJ_ACT_CHI || a->type == MJ_ACT_PON ||
              a->type == MJ_ACT_KONG;
  }
  x[38] = x[37] * (m >= 3);
  x[39] = (float)(mj_game_wall_left(g) < 20) * age;
  /* the shapes that wait on t, by the copies of their tiles not in
     sight (a shape of tiles mostly in sight is seldom held) */
  int u[5] = { 0, 0, 0, 0, 0 };   /* t-2 .. t+2 */
  for (int k = -2; k <= 2; k++) {
    int tk = (int)t + k;
    if (k == 0 || (!honor && r + k >= 0 && r + k <= 8))
      u[k + 2] = 4 - seen[tk] > 0 ? 4 - seen[tk] : 0;
  }
  x[40] = (float)(u[3] * u[4]) / 9;   /* t+1 t+2 */
  x[41] = (float)(u[0] * u[1]) / 9;   /* t-2 t-1 */
  x[42] = (float)(u[1] * u[3]) / 9;   /* t-1 t+1 */
  x[43] = (float)(u[2] * (u[2] - 1)) / 6;   /* a pair of t */
  x[44] = (float)u[2] / 3;            /* a single t */
  x[45] = age * (x[40] + x[41] + x[42]) / 3;
}

/*
** The model's weights, in danger_features' order: a logistic regression
** of "t completes q's hand for a win", fitted by tests/danger_fit.py on
** 6.5 million cases that tests/danger_data.c wrote from 4,000 MCR games
** (four strong bots, and two strong against two efficiency, as they
** played before this read), the truth read from q's hand; on the cases
** held out its AUC is 0.88. Fit it again when the bots or the features
** change.
*/
static const float DANGER_W[DF_N] = {
  -8.182f, 0.225f, 0.266f, 0.016f, 0.907f, 4.378f, -0.977f, -0.747f,
  -0.887f, -0.662f, -0.469f, -0.132f, 0.034f, -0.175f, -2.172f, -2.103f,
  -0.096f, -0.081f, -0.224f, 0.091f, -0.541f, 0.090f, -0.345f, 0.144f,
  -0.269f, -0.112f, 0.265f, -0.077f, -0.287f, 0.595f, -0.365f, 0.858f,
  1.405f, 0.136f, -0.096f, -0.687f, 0.800f, 0.171f, 0.189f, 0.031f,
  -0.115f, -0.062f, -0.080f, 0.214f, 0.167f, 0.981f
};

/* How likely t completes q's hand for a win, by the model. */
static double win_chance(const mj_game *g, int q, mj_tile t,
                         const uint8_t seen[MJ_KINDS], mj_tileset passed)
{
  float x[DF_N];
  danger_features(g, q, t, seen, passed, x);
  double z = 0;
  for (int i = 0; i < DF_N; i++)
    z += DANGER_W[i] * x[i];
  return 1 / (1 + exp(-z));
}

/* The tiles p sees: those in sight, and p's own. */
static void seen_by(const mj_game *g, int p, uint8_t seen[MJ_KINDS])
{
  mj_game_visible(g, p, seen);
  const uint8_t *own = mj_hand_counts(mj_game_hand(g, p));
  for (int t = 0; t < MJ_KINDS; t++)
    seen[t] = (uint8_t)(seen[t] + own[t]);
}

/* passed_by for each seat but p (p's own: none). */
static void passed_all(const mj_game *g, int p, mj_tileset passed[4])
{
  for (int q = 0; q < 4; q++)
    passed[q] = q == p ? 0 : passed_by(g, q);
}

/* How likely discarding t now deals in: the model's chance summed over
** the others still in play. */
static double deal_in_chance(const mj_game *g, int p, mj_tile t,
                             const uint8_t seen[MJ_KINDS],
                             const mj_tileset passed[4])
{
  double sum = 0;
  for (int q = 0; q < 4; q++)
    if (q != p && mj_game_active(g, q))
      sum += win_chance(g, q, t, seen, passed[q]);
  return sum;
}

/*
** The strong bot is the efficiency bot reading the table: each discard's
** progress is weighed against its danger (how ready the others look,
** times how likely the tile completes their waits), so between discards
** that keep the hand about as good it throws the safest; far from ready
** under threat it stops claiming.
*/
enum {
  STRONG_POINTS = 8,   /* the weight of a wait's points, ready */
  CLAIM_MARGIN = 60    /* what a claim must gain over passing */
};
/* The weight of the chance a discard deals in (deal_in_chance), against
   the value of what it keeps: a hand ready or a tile from it, and a hand
   two or more from ready (MCR, duplicate, 12,000 walls, seed 33, and the
   deal-in rate of four strong bots over 8,000 hands, seed 21: the table
   read of before +3.57 a hand, 17-19%; the model at 2,000 +3.52, 17%;
   4,000 and 8,000 +3.44, 15-17%; 8,000 +3.01, 15-16%; 12,000 ready
   +2.32, 13-15%; 30,000 -0.99, 9-10%) */
enum { DANGER_NEAR = 4000, DANGER_FAR = 8000 };
/* The weight of one step ahead (ahead_one's sum): a live draw making a
   ready hand of value 500 adds 80 (MCR, duplicate, 12,000 walls: 0.04
   to 1 all gave +1.97 to +2.06 a hand, 0.005 +1.30, 0.01 +1.65) */
static const double AHEAD_WEIGHT = 0.16;
/* The weight of a chow pattern in reach (pattern_bonus): 12 a fan as
   value_at counts the fan estimate, PATTERN_WEIGHT times, up to
   PATTERN_CAP fan (MCR, duplicate, 12,000 walls, seed 33: +3.29 a hand
   without, +3.37 weight 2 cap 8, +3.46 cap 16, weights 1 to 4 and caps
   16 to 32 +3.46 to +3.47; from one away too +3.53, in claims too +3.57) */
enum { PATTERN_WEIGHT = 2, PATTERN_CAP = 16 };

/* chow_pattern's kinds: 0 三色三步高 (starts a, a+1, a+2 over the suits),
   1 花龙 (1, 4, 7 over the suits), 2 清龙 (1, 4, 7 in one suit), 3
   三色三同顺; their names, for the words, and fan */
static const char *const pattern_name[4] = { "三色三步高", "花龙", "清龙",
                                             "三色三同顺" };
static const int pattern_fan[4] = { 6, 8, 16, 8 };

/*
** The chow patterns that carry most MCR hands past the minimum (三色三步高
** 6, 花龙 8, 清龙 16, 三色三同顺 8): for each way of placing one, the tiles
** of its three chows the hand lacks (a declared chow of it counts whole;
** a lacking tile with no live copy rules it out, and so do two declared
** melds outside it). Returns the best fan times how near it is (all nine
** held: the fan; each lacking tile a fifth less).
*/
static double chow_pattern(const ctx *c, const mj_tileview *v,
                           const mj_hand *base, int *kind_out,
                           int *missing_out)
{
  static const int perm[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                  { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
  const mj_meld *m = mj_hand_melds(base);
  int nm = mj_hand_nmelds(base);
  double best = 0;
  for (int kind = 0; kind < 4; kind++) {
    int nstart = kind == 0 ? 5 : kind == 3 ? 7 : 1;
    int nperm = kind == 2 ? 3 : kind == 3 ? 1 : 6;
    for (int a = 0; a < nstart; a++)
      for (int pi = 0; pi < nperm; pi++) {
        int chow[3];   /* the lowest tile of each chow */
        for (int k = 0; k < 3; k++) {
          int suit = kind == 2 ? pi : kind == 3 ? k : perm[pi][k];
          int rank = kind == 0 ? a + k : kind == 3 ? a : 3 * k;
          chow[k] = 9 * suit + rank;
        }
        int missing = 0, outside = 0;
        bool used[3] = { false, false, false };
        for (int i = 0; i < nm; i++) {
          bool in = false;
          for (int k = 0; k < 3 && !in; k++)
            if (!used[k] && m[i].type == MJ_CHOW && m[i].tile == chow[k])
              used[k] = in = true;
          outside += !in;
        }
        if (outside > 1)
          continue;
        for (int k = 0; k < 3 && missing < 9; k++) {
          if (used[k])
            continue;
          for (int j = 0; j < 3; j++) {
            int t = chow[k] + j;
            if (v->c[t] > 0)
              continue;
            missing++;
            if (c->seen[t] + c->held[t] >= 4)
              missing = 9;   /* out of reach */
          }
        }
        double x = pattern_fan[kind] * (1 - missing / 5.0);
        if (x > best) {
          best = x;
          if (kind_out)
            *kind_out = kind;
          if (missing_out)
            *missing_out = missing;
        }
      }
  }
  return best;
}


/*
** What a chow pattern in reach adds to a hand not ready whose fan
** estimate is fan: the fan it would add, as far as it is in reach, up to
** PATTERN_CAP. The fan estimate sees a pattern only once most of it is
** held; this sees it from two or three tiles away, so the discards keep
** the tiles that lead to one. Nothing without a minimum to reach.
*/
static double pattern_bonus(const ctx *c, const mj_tileview *v,
                            const mj_hand *base, int fan)
{
  if (c->min <= 0)
    return 0;
  double with = fan + chow_pattern(c, v, base, NULL, NULL);
  double f0 = fan < PATTERN_CAP ? fan : PATTERN_CAP;
  double f1 = with < PATTERN_CAP ? with : PATTERN_CAP;
  return PATTERN_WEIGHT * 12 * (f1 - f0);
}

/*
** One step ahead for a hand one tile from ready (MCR's minimum makes
** many of its draws worthless: the ready hand they make has no valid
** win). For view x (13 - 3*melds tiles, shanten 1, shapes which), each
** draw that makes it ready is followed by the discard leaving the
** richest valid waits (4 a live winning copy, STRONG_POINTS a point it
** wins, as a ready hand is valued). The sum over the draws of their live
** copies times that value; in *draws the live copies of the draws that
** reach a valid win, in *points the sum over them of the average points
** of their waits.
*/
static long ahead_one(const ctx *c, const mj_tileview *x, const mj_hand *base,
                      unsigned which, int *draws, long *points)
{
  mj_wait u[MJ_KINDS];
  int nu = mj_useful_at(x, c->cfg, c->held, c->seen, u, 1, which);
  long sum = 0;
  *draws = 0;
  *points = 0;
  for (int i = 0; i < nu; i++) {
    if (u[i].live == 0)
      continue;
    mj_tileview y = *x;
    mj_tileview_add(&y, u[i].tile);
    ctx c2 = *c;
    c2.held[u[i].tile]++;   /* a copy fewer to wait on */
    int sh[MJ_KINDS];
    unsigned wh[MJ_KINDS];
    mj_discard_shanten(&y, c->cfg, y.at[0], sh, wh);
    int best = 0, best_avg = 0;
    for (mj_tileset d = y.at[0]; d; d &= d - 1) {
      int t = __builtin_ctzll(d);
      if (sh[t] != 0)
        continue;
      mj_tileview z = y;
      mj_tileview_remove(&z, (mj_tile)t);
      mj_wait w[MJ_KINDS];
      int nw = mj_useful_at(&z, c->cfg, c2.held, c->seen, w, 0, wh[t]);
      int pts;
      int good = valid_waits(&c2, &z, base, w, nw, &pts);
      int val = 4 * good + STRONG_POINTS * pts;
      if (val > best) {
        best = val;
        best_avg = pts / good;
      }
    }
    sum += (long)u[i].live * best;
    if (best > 0) {
      *draws += u[i].live;
      *points += (long)u[i].live * best_avg;
    }
  }
  return sum;
}

/*
** The strong bot's value of a hand of 13 - 3*melds tiles (view v, hand
** base for its melds), of shanten sh (shapes which) and efficiency value
** value: a ready hand with a valid win above all, by its waits and their
** points; then, with a minimum to reach, a hand one tile from ready by
** one step ahead, at the level of a ready hand with no valid win;
** otherwise the efficiency bot's value.
*/
static double strong_value(const ctx *c, const mj_tileview *v,
                           const mj_hand *base, int sh, unsigned which,
                           int value, int fan, int wins, int points)
{
  if (sh == 0 && wins > 0)
    return 100000 + value + STRONG_POINTS * points;
  if (sh == 0 || c->min <= 0)
    return value;
  double r = value + pattern_bonus(c, v, base, fan);
  if (sh == 1) {
    int draws;
    long pts;
    r += AHEAD_WEIGHT * (double)ahead_one(c, v, base, which, &draws, &pts);
  }
  return r;
}

/* The same for a view whose shanten is not known yet. */
static double strong_value_of(const ctx *c, const mj_tileview *v,
                              const mj_hand *base)
{
  unsigned which;
  int sh = mj_shanten_shapes(v, c->cfg, &which);
  int fan, wins, points;
  int value = value_at(c, v, base, sh, which, NULL, NULL, &fan, NULL, &wins,
                       &points);
  return strong_value(c, v, base, sh, which, value, fan, wins, points);
}

/*
** A claim by strong_value: the best discard after each chow or pung
** against passing (CLAIM_MARGIN more needed). Returns the action, or -1
** when there is no pass to weigh against.
*/
static int strong_claim(const mj_game *g, int p, const mj_action *legal,
                        int n)
{
  ctx c;
  mj_tileview v;
  ctx_view(&c, g, p, &v);
  const mj_hand *h = mj_game_hand(g, p);
  int pass = legal_find(legal, n, MJ_ACT_PASS);
  mj_tile t = mj_game_pending(g, NULL);
  if (pass < 0 || t >= MJ_KINDS || (c.wild & MJ_BIT(t)))
    return -1;
  double bestv = strong_value_of(&c, &v, h) + CLAIM_MARGIN;
  int best = pass;
  for (int i = 0; i < n; i++) {
    if (legal[i].type != MJ_ACT_PON && legal[i].type != MJ_ACT_CHI)
      continue;
    mj_hand *x = after_claim(h, &legal[i], t);
    if (x == NULL)
      continue;
    ctx c2 = c;
    c2.concealed = false;
    c2.held[t]++;
    mj_tileview y;
    mj_tileview_init(&y, x, c.wild);
    near_shapes(&c2, &y);
    for (mj_tileset d = y.at[0]; d; d &= d - 1) {
      mj_tileview z = y;
      mj_tileview_remove(&z, (mj_tile)__builtin_ctzll(d));
      double val = strong_value_of(&c2, &z, x);
      if (val > bestv) {
        bestv = val;
        best = i;
      }
    }
    mj_hand_free(x);
  }
  return best;
}

static int strong_choose(mj_bot *b, const mj_game *g, int p,
                         const mj_action *legal, int n)
{
  mj_phase ph = mj_game_phase(g);
  if (ph != MJ_PHASE_TURN && ph != MJ_PHASE_CLAIM)
    return efficiency_choose(b, g, p, legal, n);
  for (int i = 0; i < n; i++)
    if (legal[i].type == MJ_ACT_WIN)
      return efficiency_choose(b, g, p, legal, n);
  double most = 0;   /* how ready the readiest opponent looks */
  for (int q = 0; q < 4; q++)
    if (q != p && threat_of(g, q) > most)
      most = threat_of(g, q);
  /* no danger where nobody may win on a discard, none worth reading
     where wild tiles make any wait (宝, ghosts), and none worth avoiding
     where a win does not end the hand (血战, 血流: dealing in costs one
     payment and play goes on; measured by duplicate matches, 血战, 8,000
     hands: reading it -0.04 ± 0.05 a hand, weighed more -0.16 ± 0.06):
     the efficiency bot's */
  const mj_table *tb = mj_rules_ctable(mj_game_rules(g));
  if (most == 0 || tb->self_draw_only || mj_game_wild(g) != 0 ||
      tb->leave_on_win || tb->stay_on_win)
    return efficiency_choose(b, g, p, legal, n);
  uint8_t seen[MJ_KINDS];
  seen_by(g, p, seen);
  if (ph == MJ_PHASE_CLAIM) {
    /* far from ready under threat: no claim (it opens the hand for
       nothing and throws another tile); with a minimum to reach (MCR's
       8 fan) an open hand three or more from ready rarely gets there,
       and nearer a claim is weighed by strong_value (MCR, duplicate,
       12,000 walls: +3.22 a hand against +2.42 leaving claims to the
       efficiency bot and passing from two away; passing from two away
       +2.94, weighing every claim +2.80) */
    int i = efficiency_choose(b, g, p, legal, n);
    mj_tileview v;
    mj_tileview_init(&v, mj_game_hand(g, p), mj_game_wild(g));
    int sh = mj_shanten(&v, mj_rules_shapes(mj_game_rules(g)), NULL);
    int pass = legal_find(legal, n, MJ_ACT_PASS);
    if (pass >= 0 && (tb->min_points > 0 ? sh >= 3 : most >= 0.5 && sh >= 2))
      return pass;
    if (tb->min_points > 0 && legal[i].type != MJ_ACT_KONG) {
      int s = strong_claim(g, p, legal, n);
      if (s >= 0)
        return s;
    }
    return i;
  }
  mj_discard_eval ev[MJ_KINDS];
  int k = discards_eval(g, p, ev, MJ_KINDS, true);
  /* the weight of danger against progress (DANGER_NEAR, DANGER_FAR):
     a shanten step is 1000, a live useful tile 4. Ready, the
     waits count by the points they win too (a live copy of a 16-point
     win is worth 8 x 16 more; MCR, duplicate, 20,000 walls: +0.16 a
     hand against the waits counted alone); one from ready, by one step
     ahead (strong_value; 12,000 walls: +2.42 against +0.78); not
     ready, by the chow pattern in reach too (pattern_bonus; 20,000
     walls, seed 21: +3.65 against +2.99) */
  ctx c;
  mj_tileview hv;
  ctx_view(&c, g, p, &hv);
  bool valid_ready = false;   /* then nothing else is worth looking at */
  for (int i = 0; i < k; i++)
    valid_ready = valid_ready || (ev[i].shanten == 0 && ev[i].wins > 0);
  mj_tileset passed[4];
  passed_all(g, p, passed);
  int pick = -1;
  double pick_score = 0;
  for (int i = 0; i < k; i++) {
    if (!legal_has(legal, n, MJ_ACT_DISCARD, ev[i].tile))
      continue;
    double value = ev[i].value + STRONG_POINTS * ev[i].points;
    if (ev[i].shanten >= 1 && c.min > 0) {
      mj_tileview x = hv;
      mj_tileview_remove(&x, ev[i].tile);
      if (!valid_ready && ev[i].shanten == 1) {
        unsigned which;
        mj_shanten_shapes(&x, c.cfg, &which);
        value = strong_value(&c, &x, mj_game_hand(g, p), 1, which,
                             ev[i].value, ev[i].fan, 0, 0);
      } else {
        /* a valid ready hand in reach: no step ahead looked for */
        value += pattern_bonus(&c, &x, mj_game_hand(g, p), ev[i].fan);
      }
    }
    double weight =
        b->caution * (ev[i].shanten >= 2 ? DANGER_FAR : DANGER_NEAR);
    double score =
        value - weight * deal_in_chance(g, p, ev[i].tile, seen, passed);
    if (pick < 0 || score > pick_score) {
      pick = i;
      pick_score = score;
    }
  }
  if (pick < 0)
    return efficiency_choose(b, g, p, legal, n);
  /* a kong the efficiency bot would declare stays its choice */
  int e = efficiency_choose(b, g, p, legal, n);
  if (legal[e].type != MJ_ACT_DISCARD)
    return e;
  for (int i = 0; i < n; i++)
    if (legal[i].type == MJ_ACT_DISCARD && legal[i].tile == ev[pick].tile)
      return i;
  return e;
}

/* }==================================================================== */

static const bot_vt kinds[] = {
  { "efficiency", efficiency_choose },
  { "random", random_choose },
  { "strong", strong_choose },
};

const char *const *mj_bot_kinds(void)
{
  static const char *const names[] = { "efficiency", "random", "strong", NULL };
  return names;
}

/* The largest caution a strong bot takes: at 100 it throws the safest
   tile whatever its hand loses. */
static const double CAUTION_MAX = 100;

mj_bot *mj_bot_make(const char *spec, uint64_t seed, mj_error *err)
{
  const char *colon = strchr(spec, ':');
  size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
  const bot_vt *vt = NULL;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (strlen(kinds[i].name) == len && strncmp(spec, kinds[i].name, len) == 0)
      vt = &kinds[i];
  if (vt == NULL) {
    char all[96] = "";
    size_t n = 0;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
      mj_catf(all, sizeof all, &n, "%s, ", kinds[i].name);
    mj_fail(err, MJ_EINVAL, 0, "no bot kind '%.*s' (kinds: %sstrong:caution=X)",
            (int)(len < 40 ? len : 40), spec, all);
    return NULL;
  }
  double caution = 1;
  if (colon != NULL && vt->choose != strong_choose) {
    mj_fail(err, MJ_EINVAL, 0, "'%.60s': the %s bot takes no setting", spec,
            vt->name);
    return NULL;
  }
  if (colon != NULL) {
    /* strong:caution=X, X a number from 0 to CAUTION_MAX */
    const char *v = colon + 1;
    char *end = NULL;
    /* a decimal number only: strtod would also read 0x10, inf, 1e2 */
    if (strncmp(v, "caution=", 8) == 0 && v[8] != '\0' &&
        strspn(v + 8, "0123456789.") == strlen(v + 8) &&
        isdigit((unsigned char)v[8]))
      caution = strtod(v + 8, &end);
    if (end == NULL || *end != '\0' ||
        !(caution >= 0 && caution <= CAUTION_MAX)) {
      mj_fail(err, MJ_EINVAL, 0, "'%.60s': the strong bot's setting is "
              "caution=X, X a number from 0 to 100 (1 as shipped)", spec);
      return NULL;
    }
  }
  mj_bot *b = calloc(1, sizeof *b);
  if (b == NULL) {
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    return NULL;
  }
  b->vt = vt;
  b->caution = caution;
  /* its name as the kind, the setting written out (saved games name it) */
  if (colon != NULL)
    snprintf(b->name, sizeof b->name, "%s:caution=%.6g", vt->name, caution);
  else
    snprintf(b->name, sizeof b->name, "%s", vt->name);
  mj_rng_seed(&b->rng, seed);
  return b;
}

mj_bot *mj_bot_new(const char *kind, uint64_t seed)
{
  return mj_bot_make(kind, seed, NULL);
}

mj_bot *mj_bot_new_ext(const mj_bot_ext *ext, uint64_t seed)
{
  mj_bot *b = calloc(1, sizeof *b);
  if (b == NULL)
    return NULL;
  b->ext = *ext;
  mj_rng_seed(&b->rng, seed);
  return b;
}

void mj_bot_free(mj_bot *b)
{
  if (b != NULL && b->vt == NULL && b->ext.free != NULL)
    b->ext.free(b->ext.ud);
  free(b);
}

const char *mj_bot_kind(const mj_bot *b)
{
  return b->vt != NULL ? b->name : b->ext.name;
}

int mj_bot_failures(const mj_bot *b, const char **first)
{
  if (first != NULL)
    *first = b->first_failure;
  return b->failures;
}

mj_status mj_bot_play(mj_game *g, mj_bot *const bots[4], mj_error *err)
{
  mj_action legal[MJ_MAX_LEGAL];
  int guard = 0;
  while (!mj_game_over(g)) {
    unsigned w = mj_game_waiting(g);
    if (w == 0 || ++guard > 10000)
      return mj_fail(err, MJ_ESTATE, 0, "the game is stuck");
    for (int p = 0; p < 4; p++) {
      if (!(w >> p & 1))
        continue;
      int n = mj_game_legal(g, p, legal, MJ_MAX_LEGAL);
      int i = mj_bot_choose(bots[p], g, p, legal, n);
      if (i < 0)
        return mj_fail(err, MJ_ESTATE, 0, "no legal action for player %d", p);
      mj_status st = mj_game_act(g, &legal[i], err);
      if (st != MJ_OK)
        return st;
      if (mj_game_phase(g) == MJ_PHASE_TURN || mj_game_over(g))
        break;   /* the claim phase ended */
    }
  }
  if (mj_game_fault(g) != NULL)
    return mj_fail(err, MJ_EINVAL, 0,
                   "the hand stopped on an error of the ruleset: %s",
                   mj_game_fault(g));
  return MJ_OK;
}

int mj_bot_choose(mj_bot *b, const mj_game *g, int p, const mj_action *legal,
                  int n)
{
  if (n <= 0)
    return -1;
  if (b->vt == NULL) {
    /* a bot of the user's: when it fails (an error, no answer, an action
       not legal), the efficiency bot decides and the failure is kept */
    mj_error e;
    mj_error_clear(&e);
    int i = b->ext.choose(b->ext.ud, g, p, legal, n, &e);
    if (i >= 0 && i < n)
      return i;
    if (b->failures++ == 0)
      snprintf(b->first_failure, sizeof b->first_failure, "%s",
               e.msg[0] ? e.msg : "no answer");
    i = efficiency_choose(b, g, p, legal, n);
    return i >= 0 && i < n ? i : 0;
  }
  int i = b->vt->choose(b, g, p, legal, n);
  return i >= 0 && i < n ? i : 0;
}

/* One step ahead of p's hand without t (ahead_one), for the words. */
static long ahead_of_discard(const mj_game *g, int p, mj_tile t, int *draws,
                             long *points)
{
  ctx c;
  mj_tileview v;
  ctx_view(&c, g, p, &v);
  mj_tileview_remove(&v, t);
  unsigned which;
  mj_shanten_shapes(&v, c.cfg, &which);
  return ahead_one(&c, &v, mj_game_hand(g, p), which, draws, points);
}

/* The pattern_bonus of p's hand without t (its fan estimate fan), and
** the pattern itself in *kind and *missing (-1 and 9: none). */
static double pattern_of_discard(const mj_game *g, int p, mj_tile t, int fan,
                                 int *kind, int *missing)
{
  ctx c;
  mj_tileview v;
  ctx_view(&c, g, p, &v);
  mj_tileview_remove(&v, t);
  *kind = -1;
  *missing = 9;
  chow_pattern(&c, &v, mj_game_hand(g, p), kind, missing);
  return pattern_bonus(&c, &v, mj_game_hand(g, p), fan);
}

size_t mj_bot_why_richer(const mj_game *g, int p, mj_tile t, mj_tile u,
                         char *buf, size_t cap)
{
  size_t len = 0;
  buf[0] = '\0';
  mj_discard_eval ev[MJ_KINDS];
  int n = discards_eval(g, p, ev, MJ_KINDS, false);
  const mj_discard_eval *a = NULL, *b = NULL;
  for (int i = 0; i < n; i++) {
    if (ev[i].tile == t)
      a = &ev[i];
    if (ev[i].tile == u)
      b = &ev[i];
  }
  if (a == NULL || b == NULL)
    return 0;
  char x[4];
  if (a->shanten == 0 && b->shanten == 0) {
    if (a->wins == 0 || a->points <= b->points)
      return 0;
    mj_catf(buf, cap, &len,
            "ready either way: %d live tile%s win%s %d points on average, ",
            a->wins, a->wins == 1 ? "" : "s", a->wins == 1 ? "s" : "",
            (a->points + a->wins / 2) / a->wins);
    if (b->wins == 0)
      mj_catf(buf, cap, &len, "against no valid win with %s",
              mj_tile_str(u, x));
    else
      mj_catf(buf, cap, &len, "against %d winning %d with %s", b->wins,
              (b->points + b->wins / 2) / b->wins, mj_tile_str(u, x));
    return len;
  }
  if (mj_rules_ctable(mj_game_rules(g))->min_points <= 0 || a->shanten == 0)
    return 0;
  /* a tile from ready, against a tile from ready or a ready hand with no
     valid win: the draws that reach a valid win */
  int da = 0, db = 0;
  long pa = 0, pb = 0, va = 0, vb = 0;
  if (a->shanten == 1 &&
      (b->shanten == 1 || (b->shanten == 0 && b->wins == 0))) {
    va = ahead_of_discard(g, p, t, &da, &pa);
    if (b->shanten == 1)
      vb = ahead_of_discard(g, p, u, &db, &pb);
  }
  if (da == 0 || va <= vb) {
    /* neither ready: the chow pattern kept in reach */
    int ka, ma, kb = -1, mb = 9;
    double xa = pattern_of_discard(g, p, t, a->fan, &ka, &ma);
    double xb = b->shanten == 0 ? 0
              : pattern_of_discard(g, p, u, b->fan, &kb, &mb);
    if (xa <= xb)
      return 0;
    mj_catf(buf, cap, &len, "it keeps %s (%d fan) in reach: %d of its "
            "tiles missing, ", pattern_name[ka], pattern_fan[ka], ma);
    if (kb < 0 || mb >= 9)
      mj_catf(buf, cap, &len, "against no such pattern with %s",
              mj_tile_str(u, x));
    else
      mj_catf(buf, cap, &len, "against %s with %d missing with %s",
              pattern_name[kb], mb, mj_tile_str(u, x));
    return len;
  }
  mj_catf(buf, cap, &len,
          "a tile from ready: %d live draw%s make%s it ready with a valid "
          "win, %ld points on average, ",
          da, da == 1 ? "" : "s", da == 1 ? "s" : "", (pa + da / 2) / da);
  if (b->shanten == 0)
    mj_catf(buf, cap, &len, "against a ready hand with no valid win with %s",
            mj_tile_str(u, x));
  else if (db == 0)
    mj_catf(buf, cap, &len, "against none with %s", mj_tile_str(u, x));
  else
    mj_catf(buf, cap, &len, "against %d (%ld points) with %s", db,
            (pb + db / 2) / db, mj_tile_str(u, x));
  return len;
}

size_t mj_bot_why_safer(const mj_game *g, int p, mj_tile t, mj_tile u,
                        const char *const names[4], char *buf, size_t cap)
{
  size_t len = 0;
  buf[0] = '\0';
  double threat[4];
  int most = -1;
  for (int q = 0; q < 4; q++) {
    threat[q] = q == p ? 0 : threat_of(g, q);
    if (threat[q] > 0 && (most < 0 || threat[q] > threat[most]))
      most = q;
  }
  uint8_t seen[MJ_KINDS];
  seen_by(g, p, seen);
  mj_tileset passed[4];
  passed_all(g, p, passed);
  double dt = deal_in_chance(g, p, t, seen, passed),
         du = deal_in_chance(g, p, u, seen, passed);
  if (most < 0 || dt >= du)
    return 0;
  char b[4];
  if (seen[t] >= 2)
    mj_catf(buf, cap, &len, "%d of it in sight", seen[t]);
  for (int q = 0; q < 4; q++) {
    if (q == p || threat[q] == 0)
      continue;
    const mj_tile *d;
    const uint8_t *taken;
    int nd = mj_game_discards(g, q, &d, &taken);
    bool threw = false;
    mj_tile three = MJ_NO_TILE;
    for (int i = 0; i < nd; i++) {
      threw = threw || d[i] == t;
      if (t < MJ_HONOR_FIRST && d[i] < MJ_HONOR_FIRST && d[i] / 9 == t / 9 &&
          (d[i] == t + 3 || d[i] + 3 == t))
        three = d[i];
    }
    /* his last claim, and whether he threw t since */
    int claim = -1;
    bool since = false;
    for (int i = mj_game_nactions(g) - 1; i >= 0 && claim < 0; i--) {
      const mj_action *a = mj_game_action(g, i);
      if (a->player != q)
        continue;
      if (a->type == MJ_ACT_CHI || a->type == MJ_ACT_PON ||
          a->type == MJ_ACT_KONG)
        claim = a->type;
      else if (a->type == MJ_ACT_DISCARD && a->tile == t)
        since = true;
    }
    if ((passed[q] & MJ_BIT(t)) && !(passed[q] & MJ_BIT(u)))
      mj_catf(buf, cap, &len, "%s%s let it go since his last discard",
              len ? "; " : "", names[q]);
    else if (threw && claim >= 0 && since)
      mj_catf(buf, cap, &len, "%s%s threw it after his %s", len ? "; " : "",
              names[q], claim == MJ_ACT_CHI ? "chow"
                        : claim == MJ_ACT_PON ? "pung" : "kong");
    else if (threw)
      mj_catf(buf, cap, &len, "%s%s threw it", len ? "; " : "", names[q]);
    else if (three != MJ_NO_TILE)
      mj_catf(buf, cap, &len, "%s%s threw %s, three away", len ? "; " : "",
              names[q], mj_tile_str(three, b));
  }
  /* the kind of tile: an honor, a terminal, an edge tile wait less */
  int rt = t >= MJ_HONOR_FIRST ? 0 : t % 9 == 0 || t % 9 == 8 ? 1
         : t % 9 == 1 || t % 9 == 7 ? 2 : 3;
  int ru = u >= MJ_HONOR_FIRST ? 0 : u % 9 == 0 || u % 9 == 8 ? 1
         : u % 9 == 1 || u % 9 == 7 ? 2 : 3;
  static const char *const kind[] = { "an honor", "a terminal",
                                      "a tile next to the end" };
  if (rt < ru && rt < 3)
    mj_catf(buf, cap, &len, "%s%s completes fewer waits than %s",
            len ? "; " : "", kind[rt], mj_tile_str(u, b));
  int melds = mj_hand_nmelds(mj_game_hand(g, most));
  mj_catf(buf, cap, &len, "%s%s looks %s: %d meld%s declared", len ? "; " : "",
          names[most], threat[most] >= 0.5 ? "close to ready" : "on his way",
          melds, melds == 1 ? "" : "s");
  return len;
}

double mj_bot_deal_in(const mj_game *g, int p, mj_tile t)
{
  uint8_t seen[MJ_KINDS];
  seen_by(g, p, seen);
  mj_tileset passed[4];
  passed_all(g, p, passed);
  return deal_in_chance(g, p, t, seen, passed);
}

int mj_bot_danger_features(const mj_game *g, int p, int q, mj_tile t,
                           float *x, int cap)
{
  uint8_t seen[MJ_KINDS];
  seen_by(g, p, seen);
  float f[DF_N];
  danger_features(g, q, t, seen, passed_by(g, q), f);
  for (int i = 0; i < DF_N && i < cap; i++)
    x[i] = f[i];
  return DF_N;
}
