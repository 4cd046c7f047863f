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
#include "i18n.h"
#include "text.h"
#include "bot.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "analysis.h"
#include "bot_int.h"

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

/*
** Only the shapes that can matter for the next discard and draw: a shape
** two or more steps behind the best one cannot lower the shanten after a
** discard and a draw, so its useful tiles are never counted; leaving it
** out is exact. The knitted straight is kept only while it is ahead of
** four melds and a pair.
*/
void mjb_near_shapes(ctx *c, const mj_tileview *v)
                     {
                     int per[MJ_SHAPE_COUNT];
  const mj_shape_cfg *all = mj_rules_shapes(mj_game_rules(c->g));
  /* a full hand still discards (one step of slack); a short one draws */
  int slack = v->ntiles + 3 * v->melds == 3 * v->sets + 2;
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
  /* an open hand where concealment pays has lost the declaration that
     made any hand a win: it must find a fan of its own */
  if (c->min <= 0 && !c->concealed && mjb_concealment_pays(mj_rules_ctable(r)))
    c->min = 1;
}

/* The table offers a ready declaration to concealed hands only (riichi):
   a concealed hand keeps a way to win that a claim gives up. */
bool mjb_concealment_pays(const mj_table *tb)
{
  for (int k = 0; k < tb->ndecls; k++)
    if (tb->decls[k].with_discard && tb->decls[k].concealed &&
        tb->decls[k].ready)
      return true;
  return false;
}

/* ctx_init, and v the view of p's hand, with the shapes within reach. */
void mjb_ctx_view(ctx *c, const mj_game *g, int p, mj_tileview *v)
                  {
                  ctx_init(c, g, p);
  mj_tileview_init(v, mj_game_hand(g, p), c->wild);
  mjb_near_shapes(c, v);
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

/* Honor t counts in a pung: a dragon, the seat's or the round's wind. */
bool mjb_valuable_honor(const ctx *c, int t)
{
  return t >= 31 || t == MJ_HONOR_FIRST + c->seat_wind ||
         t == MJ_HONOR_FIRST + c->round;
}

/*
** What a hand aims at, in the ruleset's own terms: the first of a part's
** names the ruleset knows as a fan (by its id or an alias), that fan's
** id; else the part said in words. The parts are the estimate's (MCR's
** names first, then other families').
*/
static const char *const aims[][5] = {
  { "清一色", "chinitsu", NULL, NULL, N_("one suit") },
  { "混一色", "honitsu", NULL, NULL, N_("one suit and honors") },
  { "碰碰和", "対々和", "对对胡", "toitoi", N_("all pungs") },
  { "箭刻", NULL, NULL, NULL, N_("a dragon pung") },
  { "风刻", NULL, NULL, NULL, N_("a wind pung") },
  { "五门齐", NULL, NULL, NULL, N_("all five types") },
  { "门前清", "立直", "門前清自摸和", NULL, N_("a concealed hand") },
};

const char *mj_bot_aim_name(const mj_rules *r, const char *part)
{
  for (size_t i = 0; i < sizeof aims / sizeof aims[0]; i++) {
    if (strcmp(aims[i][0], part) != 0)
      continue;
    for (int k = 0; k < 4 && aims[i][k] != NULL; k++) {
      int f = mj_rules_find_fan(r, aims[i][k]);
      if (f >= 0)
        return mj_text_name(mj_rules_fan(r, f)->id);
    }
    return _(aims[i][4]);
  }
  return part;
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
    if (!mjb_valuable_honor(c, t))
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
int mjb_valid_waits(const ctx *c, const mj_tileview *v, const mj_hand *base,
                    const mj_wait *w, int n, int *points)
{
  return mjb_scored_waits(c, v, base, w, n, points, NULL, NULL);
}

int mjb_scored_waits(const ctx *c, const mj_tileview *v, const mj_hand *base,
                     const mj_wait *w, int n, int *points, mj_score *best,
                     mj_tile *best_tile)
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
    mj_game_win_context(c->g, c->p, h, w[i].tile);
    if (mj_rules_ctable(r)->self_draw_only)
      mj_hand_ctx(h)->flags |= MJ_CTX_SELF;
    mj_error e;
    mj_status st = mj_score_hand(r, h, s, &e);
    if (st == MJ_OK && best != NULL &&
        (*best_tile == MJ_NO_TILE || s->total > best->total)) {
      *best = *s;
      *best_tile = w[i].tile;
    }
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
int mjb_value_at(const ctx *c, const mj_tileview *v, const mj_hand *base,
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
      good = mjb_valid_waits(c, v, base, w, n, &points);
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
  if (target_out)      /* the part; its name in the ruleset's terms is
                         mj_bot_aim_name's, found once it is shown */
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
  return mjb_value_at(c, v, base, sh, which, shanten_out, useful_out, fan_out,
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
int mjb_discards_eval(const mj_game *g, int p, mj_discard_eval *out,
                      int max, bool prune);

int mj_bot_discards(const mj_game *g, int p, mj_discard_eval *out, int max)
{
  return mjb_discards_eval(g, p, out, max, false);
}

int mjb_discards_eval(const mj_game *g, int p, mj_discard_eval *out,
                      int max, bool prune)
{
  ctx c;
  mj_tileview v;
  mjb_ctx_view(&c, g, p, &v);
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
        mjb_value_at(&c, &x, h, sh[t], which[t], &out[n].shanten, &out[n].useful,
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
mj_hand *mjb_after_claim(const mj_hand *h, const mj_action *a, mj_tile t)
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
  mj_hand *x = mjb_after_claim(mj_game_hand(c->g, c->p), a, t);
  if (x == NULL)
    return -100000;
  ctx c2 = *c;
  c2.concealed = false;
  mj_tileview v;
  mj_tileview_init(&v, x, c->wild);
  mjb_near_shapes(&c2, &v);
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
          mjb_value_at(&c2, &y, x, sh[k], which[k], NULL, NULL, NULL, NULL, NULL,
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
int mjb_legal_find(const mj_action *legal, int n, int type)
                   {
                   for (int i = 0; i < n; i++)
    if (legal[i].type == type)
      return i;
  return -1;
}

bool mjb_legal_has(const mj_action *legal, int n, int type, mj_tile t)
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
    if (ev[i].tile / 9 == suit && mjb_legal_has(legal, n, MJ_ACT_SWAP, ev[i].tile) &&
        (best < 0 || ev[i].value > ev[best].value))
      best = i;
  for (int i = 0; best >= 0 && i < n; i++)
    if (legal[i].tile == ev[best].tile)
      return i;
  return 0;
}

/* Does the kong legal action a keep p's hand as good (its shanten)? A
   wild tile is never konged. */
static bool kong_keeps(const ctx *c, const mj_game *g, int p,
                       const mj_action *a)
{
  const mj_hand *h = mj_game_hand(g, p);
  mj_tileview v;
  mj_tileview_init(&v, h, c->wild);
  int keep = mj_shanten(&v, c->cfg, NULL);
  mj_hand *x = mj_hand_new();
  if (x == NULL)
    return false;
  mj_hand_copy(x, h);
  int take = a->type == MJ_ACT_CKONG ? 4 : 1;
  for (int q = 0; q < take; q++)
    mj_hand_remove(x, a->tile);
  if (a->type == MJ_ACT_CKONG) {
    mj_meld m = { MJ_CKONG, a->tile, 0, 0 };
    mj_hand_add_meld(x, m);
  } else {
    const mj_meld *m = mj_hand_melds(x);
    for (int q = 0; q < mj_hand_nmelds(x); q++)
      if (m[q].type == MJ_PUNG && m[q].tile == a->tile) {
        mj_meld km = m[q];
        km.type = MJ_KONG;
        mj_hand_set_meld(x, q, km);
      }
  }
  mj_tileview y;
  mj_tileview_init(&y, x, c->wild);
  int after = mj_shanten(&y, c->cfg, NULL);
  mj_hand_free(x);
  return after <= keep && !(c->wild & MJ_BIT(a->tile));
}

/* On one's turn: a concealed or added kong that keeps the hand as good,
   else the discard of the best value. */
static int efficiency_turn(const ctx *c, const mj_game *g, int p,
                           const mj_action *legal, int n)
{
  mj_discard_eval ev[MJ_KINDS];
  int k = mjb_discards_eval(g, p, ev, MJ_KINDS, true);
  int best = -1;
  for (int i = 0; i < k; i++)
    if ((best < 0 || ev[i].value > ev[best].value) &&
        mjb_legal_has(legal, n, MJ_ACT_DISCARD, ev[i].tile))
      best = i;
  if (best < 0)
    best = 0;
  /* an open kong (开杠) is legal only when ready after it: a free chance
     at its tiles, taken; else a kong that keeps the hand */
  int open = mjb_legal_find(legal, n, MJ_ACT_OPEN);
  if (open >= 0)
    return open;
  for (int i = 0; i < n; i++)
    if ((legal[i].type == MJ_ACT_CKONG || legal[i].type == MJ_ACT_AKONG) &&
        kong_keeps(c, g, p, &legal[i]))
      return i;
  for (int i = 0; i < n; i++)
    if (legal[i].type == MJ_ACT_DISCARD && legal[i].tile == ev[best].tile)
      return i;
  for (int i = 0; i < n; i++)
    if (legal[i].type == MJ_ACT_DISCARD)
      return i;
  return 0;
}

int mj_bot_claim_view(const mj_game *g, int p, const mj_action *a,
                      mj_tile *discard, int *useful)
{
  ctx c;
  ctx_init(&c, g, p);
  const mj_hand *h = mj_game_hand(g, p);
  int sh = MJ_SHANTEN_NONE, u = 0;
  *discard = MJ_NO_TILE;
  *useful = 0;
  mj_hand *x = a->type == MJ_ACT_PASS
                   ? NULL
                   : mjb_after_claim(h, a, mj_game_pending(g, NULL));
  const mj_hand *base = x != NULL ? x : h;
  mj_tileview v;
  mj_tileview_init(&v, base, c.wild);
  c.concealed = c.concealed && x == NULL;
  mjb_near_shapes(&c, &v);
  if (x == NULL || a->type == MJ_ACT_KONG) {
    value_of(&c, &v, base, &sh, &u, NULL, NULL);
  } else {
    for (mj_tileset d = v.at[0]; d; d &= d - 1) {
      mj_tile k = (mj_tile)__builtin_ctzll(d);
      mj_tileview y = v;
      mj_tileview_remove(&y, k);
      int s2, u2;
      value_of(&c, &y, base, &s2, &u2, NULL, NULL);
      if (s2 < sh || (s2 == sh && u2 > u))
        sh = s2, u = u2, *discard = k;
    }
  }
  mj_hand_free(x);
  *useful = u;
  return sh;
}

/* A claim: taken only when the hand gets better than by passing. */
static int efficiency_claim(ctx *c, const mj_game *g, int p,
                            const mj_action *legal, int n)
{
  int pass = mjb_legal_find(legal, n, MJ_ACT_PASS);
  if (pass < 0)
    return 0;
  const mj_hand *h = mj_game_hand(g, p);
  mj_tileview v;
  mj_tileview_init(&v, h, c->wild);
  mjb_near_shapes(c, &v);
  int now = value_of(c, &v, h, NULL, NULL, NULL, NULL);
  int best = pass, bestv = now + 30;   /* a claim must gain something clear */
  mj_tile t = mj_game_pending(g, NULL);
  if (c->wild & MJ_BIT(t))
    return pass;
  for (int i = 0; i < n; i++) {
    if (i == pass)
      continue;
    int val = claim_value(c, &legal[i], t);
    if (val > bestv) {
      bestv = val;
      best = i;
    }
  }
  return best;
}

int mjb_efficiency_choose(mj_bot *b, const mj_game *g, int p,
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
  if (mj_game_phase(g) == MJ_PHASE_OFFER) {
    /* the last tile: taken when ready (it may win), else let go (shown,
       it could only deal in) */
    bool ready = mj_game_best_win(g, p, NULL) > 0;
    for (int i = 0; i < n; i++)
      if ((legal[i].type == MJ_ACT_TAKE) == ready)
        return i;
    return 0;
  }
  if (mj_game_phase(g) == MJ_PHASE_DECLARE) {
    /* a declaration the rules offer is made (起手胡 pays and changes no
       tile): the first offered, else the pass */
    for (int i = 0; i < n; i++)
      if (legal[i].type == MJ_ACT_DECLARE)
        return i;
    return n - 1;
  }
  ctx c;
  ctx_init(&c, g, p);
  if (mj_game_phase(g) == MJ_PHASE_TURN)
    return efficiency_turn(&c, g, p, legal, n);
  return efficiency_claim(&c, g, p, legal, n);
}

/* }==================================================================== */

static const bot_vt kinds[] = {
  { "efficiency", mjb_efficiency_choose },
  { "random", random_choose },
  { "strong", mjb_strong_choose },
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
  if (colon != NULL && vt->choose != mjb_strong_choose) {
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

int mj_bot_decide(mj_bot *b, const mj_game *g, int p, mj_action *out)
{
  mj_action legal[MJ_MAX_LEGAL];
  int n = mj_game_legal(g, p, legal, MJ_MAX_LEGAL);
  if (n > 0)
    *out = legal[mj_bot_choose(b, g, p, legal, n)];
  return n;
}

mj_status mj_bot_step(mj_game *g, mj_bot *const bots[4], int p,
                      mj_error *err)
{
  mj_action a;
  if (mj_bot_decide(bots[p], g, p, &a) == 0)
    return mj_fail(err, MJ_ESTATE, 0, "no legal action for player %d", p);
  return mj_game_act(g, &a, err);
}

mj_status mj_bot_play(mj_game *g, mj_bot *const bots[4], mj_error *err)
{
  for (int n = 0; !mj_game_over(g); n++) {
    unsigned w = mj_game_waiting(g);
    if (w == 0 || n == MJ_MAX_DECISIONS)
      return mj_fail(err, MJ_ESTATE, 0, "the game is stuck");
    for (int p = 0; p < mj_game_players(g); p++) {   /* each waiting player in turn */
      if (!(w >> p & 1))
        continue;
      mj_status st = mj_bot_step(g, bots, p, err);
      if (st != MJ_OK)
        return st;
      if (mj_game_phase(g) == MJ_PHASE_TURN || mj_game_over(g))
        break;   /* the claim phase ended */
    }
  }
  for (int p = 0; p < mj_game_players(g); p++)
    mj_bot_game_over(bots[p], g, p);
  if (mj_game_fault(g) != NULL)
    return mj_fail(err, MJ_EINVAL, 0,
                   "the hand stopped on an error of the ruleset: %s",
                   mj_game_fault(g));
  return MJ_OK;
}

void mj_bot_game_over(mj_bot *b, const mj_game *g, int p)
{
  if (b != NULL && b->vt == NULL && b->ext.over != NULL)
    b->ext.over(b->ext.ud, g, p);
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
      snprintf(b->first_failure, sizeof b->first_failure, "%.255s",
               e.msg[0] ? e.msg : "no answer");
    i = mjb_efficiency_choose(b, g, p, legal, n);
    return i >= 0 && i < n ? i : 0;
  }
  int i = b->vt->choose(b, g, p, legal, n);
  if (i < 0 || i >= n)
    i = 0;
  /* the bots make a declaration the rules offer with the discard they
     chose (riichi when ready and concealed), the random one included */
  for (int k = 0; k < n && legal[i].type == MJ_ACT_DISCARD; k++)
    if (legal[k].type == MJ_ACT_DECLARE && MJ_DECL_IS_WITH(legal[k].tile) &&
        MJ_DECL_TILE(legal[k].tile) == legal[i].tile)
      i = k;
  /* and set a tile aside (北抜き: a dora and a fresh tile) where they
     would discard it, or it is a lone one */
  for (int k = 0; k < n && legal[i].type == MJ_ACT_DISCARD; k++) {
    const mj_decl_def *d = legal[k].type == MJ_ACT_DECLARE &&
                           !MJ_DECL_IS_WITH(legal[k].tile)
                           ? mj_game_decl(g, legal[k].tile) : NULL;
    if (d != NULL && d->aside != MJ_NO_TILE &&
        (legal[i].tile == d->aside ||
         mj_hand_counts(mj_game_hand(g, p))[d->aside] == 1))
      i = k;
  }
  return i;
}
