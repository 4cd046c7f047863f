/*
** strong.c
** The strong bot: the efficiency bot reading the table. Each discard's
** progress is weighed against its danger (danger.c), its waits counted
** by their points, a step ahead looked at, and the chow patterns that
** carry MCR hands kept in reach; and the words that say why it differs.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "text.h"
#include "bot_int.h"

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
   two or more from ready (how they were chosen: docs/bots.md) */
enum { DANGER_NEAR = 4000, DANGER_FAR = 8000 };
/* Against a declared-ready hand: the danger weight's factor far from
   ready and one from ready (fold_weight) */
enum { FOLD_FAR = 1000000, FOLD_NEAR = 2 };
/* The weight of a dora kept, not ready (a live useful tile is 4): a
   discard giving one up must keep some 40 more useful tiles */
enum { DORA_WEIGHT = 150 };
/* The weight of one step ahead (ahead_one's sum): a live draw making a
   ready hand of value 500 adds 80 */
static const double AHEAD_WEIGHT = 0.16;
/* Where hands race open (racing_table): the extra weight of a useful
   tile that turns a pair into a pung, which any seat's discard may give
   where a chow's tile comes from the seat before only and a pair's from
   the wall (1 + PUNG_WEIGHT times in all) */
enum { PUNG_WEIGHT = 2 };
/* The weight of a chow pattern in reach (pattern_bonus): 12 a fan as
   value_at counts the fan estimate, PATTERN_WEIGHT times, up to
   PATTERN_CAP fan */
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
** held: the fan; each lacking tile a fifth less), of kind only (-1: any).
*/
double mjb_chow_pattern(const ctx *c, const mj_tileview *v,
                        const mj_hand *base, int only, int *kind_out,
                        int *missing_out)
{
  static const int perm[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                  { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
  const mj_meld *m = mj_hand_melds(base);
  int nm = mj_hand_nmelds(base);
  double best = 0;
  for (int kind = 0; kind < 4; kind++) {
    if (only >= 0 && kind != only)
      continue;
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
  double with = fan + mjb_chow_pattern(c, v, base, -1, NULL, NULL);
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
      int good = mjb_valid_waits(&c2, &z, base, w, nw, &pts);
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
  int value = mjb_value_at(c, v, base, sh, which, NULL, NULL, &fan, NULL, &wins,
                       &points);
  return strong_value(c, v, base, sh, which, value, fan, wins, points);
}

/*
** A claim by strong_value: the best discard after each chow or pung
** against passing (CLAIM_MARGIN more needed). With fan_first (where
** concealment pays: a concealed hand has a win in any ready hand that a
** claim gives up), a claim is taken only when it leaves a valid win in
** sight: ready with a valid win on a live wait; or nearer ready than
** now (shanten sh_now) with a pung of a valuable honor among its melds,
** or one from ready with AHEAD_DRAWS live draws or more that make a
** valid ready hand. Returns the action, or -1 when there is no pass to
** weigh against.
*/
enum { AHEAD_DRAWS = 3 };

/* Hand h holds a pung or kong of a valuable honor (a dragon, the seat's
   or the round's wind) among its melds. */
static bool valuable_pung(const ctx *c, const mj_hand *h)
{
  const mj_meld *m = mj_hand_melds(h);
  for (int i = 0; i < mj_hand_nmelds(h); i++) {
    int t = m[i].tile;
    if (m[i].type != MJ_CHOW && t >= MJ_HONOR_FIRST &&
        mjb_valuable_honor(c, t))
      return true;
  }
  return false;
}

static int strong_claim(const mj_game *g, int p, const mj_action *legal,
                        int n, bool fan_first, int sh_now)
{
  ctx c;
  mj_tileview v;
  mjb_ctx_view(&c, g, p, &v);
  const mj_hand *h = mj_game_hand(g, p);
  int pass = mjb_legal_find(legal, n, MJ_ACT_PASS);
  mj_tile t = mj_game_pending(g, NULL);
  if (pass < 0 || t >= MJ_KINDS || (c.wild & MJ_BIT(t)))
    return fan_first ? pass : -1;
  double bestv =
      fan_first ? -HUGE_VAL : strong_value_of(&c, &v, h) + CLAIM_MARGIN;
  int best = pass;
  for (int i = 0; i < n; i++) {
    if (legal[i].type != MJ_ACT_PON && legal[i].type != MJ_ACT_CHI)
      continue;
    mj_hand *x = mjb_after_claim(h, &legal[i], t);
    if (x == NULL)
      continue;
    ctx c2 = c;
    c2.concealed = false;
    c2.held[t]++;
    if (fan_first && c2.min <= 0)
      c2.min = 1;                 /* a ready hand's waits scored */
    bool honor = valuable_pung(&c, x);
    mj_tileview y;
    mj_tileview_init(&y, x, c.wild);
    mjb_near_shapes(&c2, &y);
    for (mj_tileset d = y.at[0]; d; d &= d - 1) {
      mj_tileview z = y;
      mj_tileview_remove(&z, (mj_tile)__builtin_ctzll(d));
      unsigned which;
      int sh = mj_shanten_shapes(&z, c2.cfg, &which), fan, wins, points;
      int value = mjb_value_at(&c2, &z, x, sh, which, NULL, NULL, &fan,
                               NULL, &wins, &points);
      double val = strong_value(&c2, &z, x, sh, which, value, fan, wins,
                                points);
      bool ok = !fan_first || (sh == 0 && wins > 0);
      if (!ok && sh < sh_now && (honor || sh == 1)) {
        int draws = 0;
        long pts;
        if (!honor)
          ahead_one(&c2, &z, x, which, &draws, &pts);
        ok = honor || draws >= AHEAD_DRAWS;
      }
      if (ok && val > bestv) {
        bestv = val;
        best = i;
      }
    }
    mj_hand_free(x);
  }
  return best;
}

/* A claim under threat: far from ready, no claim (it opens the hand for
   nothing and throws another tile); with a minimum to reach (MCR's 8
   fan) an open hand three or more from ready rarely gets there, and
   nearer a claim is weighed by strong_value. */
static int strong_claim_choice(mj_bot *b, const mj_game *g, int p,
                               const mj_action *legal, int n, double most)
{
  const mj_table *tb = mj_rules_ctable(mj_game_rules(g));
  int i = mjb_efficiency_choose(b, g, p, legal, n);
  mj_tileview v;
  mj_tileview_init(&v, mj_game_hand(g, p), mj_game_wild(g));
  int sh = mj_shanten(&v, mj_rules_shapes(mj_game_rules(g)), NULL);
  int pass = mjb_legal_find(legal, n, MJ_ACT_PASS);
  if (pass >= 0 && (tb->min_points > 0 ? sh >= 3 : most >= 0.5 && sh >= 2))
    return pass;
  if (pass >= 0 && mjb_concealment_pays(tb) && legal[i].type != MJ_ACT_WIN)
    return strong_claim(g, p, legal, n, true, sh);
  if (tb->min_points > 0 && legal[i].type != MJ_ACT_KONG) {
    int s = strong_claim(g, p, legal, n, false, sh);
    if (s >= 0)
      return s;
  }
  return i;
}

/* A discard's worth in progress: its value and the points its waits win;
   one from ready, by one step ahead (strong_value); not ready, by the
   chow pattern in reach too (pattern_bonus). */
static double progress_value(const ctx *c, const mj_tileview *hv,
                             const mj_discard_eval *ev, bool valid_ready)
{
  double value = ev->value + STRONG_POINTS * ev->points;
  if (ev->shanten < 1 || c->min <= 0)
    return value;
  mj_tileview x = *hv;
  mj_tileview_remove(&x, ev->tile);
  const mj_hand *h = mj_game_hand(c->g, c->p);
  if (!valid_ready && ev->shanten == 1) {
    unsigned which;
    mj_shanten_shapes(&x, c->cfg, &which);
    return strong_value(c, &x, h, 1, which, ev->value, ev->fan, 0, 0);
  }
  /* a valid ready hand in reach: no step ahead looked for */
  return value + pattern_bonus(c, &x, h, ev->fan);
}

/* Against another's declared-ready hand (riichi), the weight of danger
   times FOLD_FAR for a hand two or more from ready (it folds: the safest
   tile whatever it costs, progress only between tiles as safe), FOLD_NEAR
   one from ready; 1 otherwise. */
static double fold_weight(const mj_game *g, int p, const mj_discard_eval *ev,
                          int k)
{
  bool declared = false;
  for (int q = 0; q < mj_game_players(g); q++)
    declared = declared || (q != p && mjb_ready_decl(g, q) >= 0);
  int sh = 99;
  for (int i = 0; i < k; i++)
    sh = ev[i].shanten < sh ? ev[i].shanten : sh;
  return !declared ? 1 : sh >= 2 ? FOLD_FAR : sh == 1 ? FOLD_NEAR : 1;
}

/* The dora a discard of t gives up: each indicator pointing at t, and a
   red five when t is the hand's last 5 of a suit holding a red one. */
static int dora_lost(const mj_game *g, int p, mj_tile t)
{
  mj_tile ind[5];
  int k = mj_game_dora_indicators(g, ind), d = 0;
  const mj_table *tb = mj_rules_ctable(mj_game_rules(g));
  for (int i = 0; i < k; i++)
    if (ind[i] < MJ_KINDS && tb->succ[ind[i]] == t)
      d++;
  const mj_hand *h = mj_game_hand(g, p);
  if (t < MJ_HONOR_FIRST && t % 9 == 4 && mj_hand_red(h, t / 9) > 0 &&
      mj_hand_counts(h)[t] <= mj_hand_red(h, t / 9))
    d++;
  return d;
}

/* The discard weighed by danger against progress (DANGER_NEAR,
   DANGER_FAR): a shanten step is 1000, a live useful tile 4. The index of
   ev chosen, -1 when no discard is legal. */
static int strong_discard(const mj_bot *b, const mj_game *g, int p,
                          const mj_action *legal, int n,
                          const mj_discard_eval *ev, int k)
{
  uint8_t seen[MJ_KINDS];
  mjb_seen_by(g, p, seen);
  ctx c;
  mj_tileview hv;
  mjb_ctx_view(&c, g, p, &hv);
  bool valid_ready = false;   /* then nothing else is worth looking at */
  for (int i = 0; i < k; i++)
    valid_ready = valid_ready || (ev[i].shanten == 0 && ev[i].wins > 0);
  mj_tileset passed[4];
  mjb_passed_all(g, p, passed);
  double fold = fold_weight(g, p, ev, k);
  int pick = -1;
  double pick_score = 0;
  for (int i = 0; i < k; i++) {
    if (!mjb_legal_has(legal, n, MJ_ACT_DISCARD, ev[i].tile))
      continue;
    double value = progress_value(&c, &hv, &ev[i], valid_ready);
    if (ev[i].shanten > 0)
      value -= DORA_WEIGHT * dora_lost(g, p, ev[i].tile);
    double weight = fold *
        b->caution * (ev[i].shanten >= 2 ? DANGER_FAR : DANGER_NEAR);
    double score =
        value - weight * mjb_deal_in_chance(g, p, ev[i].tile, seen, passed);
    if (pick < 0 || score > pick_score) {
      pick = i;
      pick_score = score;
    }
  }
  return pick;
}

/*
** What p's hand is worth after discarding t, when that leaves it at
** shanten sh (else -1): ready (0), the points its live waits win,
** summed; one from ready (1), ahead_one's sum (the live draws that make
** it ready times the value of the waits they leave). In *count and
** *points (if not NULL) what it is made of: ready, the live tiles that
** win and their points; one from ready, ahead_one's draws and points.
*/
static long worth_after(const mj_game *g, int p, mj_tile t, int sh,
                        int *count, long *points)
{
  ctx c;
  mj_tileview v;
  mjb_ctx_view(&c, g, p, &v);
  if (c.held[t] == 0)
    return -1;
  mj_tileview_remove(&v, t);
  c.held[t]--;
  unsigned which;
  if (mj_shanten_shapes(&v, c.cfg, &which) != sh)
    return -1;
  const mj_hand *h = mj_game_hand(g, p);
  int n;
  long sum, worth;
  if (sh == 1) {
    worth = ahead_one(&c, &v, h, which, &n, &sum);
  } else {
    mj_wait w[MJ_KINDS];
    int nw = mj_useful_at(&v, c.cfg, c.held, c.seen, w, 0, which), pts;
    n = mjb_valid_waits(&c, &v, h, w, nw, &pts);
    worth = sum = pts;
  }
  if (count != NULL)
    *count = n, *points = sum;
  return worth;
}

/* Among p's discards, the one worth most at shanten sh (worth_after),
   e (the efficiency bot's) unless another is worth more; -1 when e
   leaves the hand elsewhere. */
static int worth_choice(const mj_game *g, int p, const mj_action *legal,
                        int n, int e, int sh)
{
  long most = worth_after(g, p, legal[e].tile, sh, NULL, NULL);
  if (most < 0)
    return -1;
  int best = e;
  for (int i = 0; i < n; i++)
    if (legal[i].type == MJ_ACT_DISCARD && legal[i].tile != legal[e].tile) {
      long a = worth_after(g, p, legal[i].tile, sh, NULL, NULL);
      if (a > most)
        best = i, most = a;
    }
  return best;
}

/* A table where any hand wins with nothing to declare and no minimum to
   reach, of more than 13 tiles (Taiwanese): the hands race open. There
   the danger model lost, and so did passing claims (docs/bots.md). */
static bool racing_table(const mj_table *tb)
{
  return tb->min_points <= 0 && !mjb_concealment_pays(tb) && tb->hand > 13;
}

/*
** p's hand without t: its shanten in *sh, and its useful tiles' live
** copies, each turning a pair into a pung counted 1 + PUNG_WEIGHT times
** (in *pungs, their live copies alone); -1 when p holds no t.
*/
static int pung_weighted(const mj_game *g, int p, mj_tile t, int *sh,
                         int *pungs)
{
  ctx c;
  mj_tileview v;
  mjb_ctx_view(&c, g, p, &v);
  if (v.c[t] == 0)
    return -1;
  mj_tileview_remove(&v, t);
  c.held[t]--;
  unsigned which;
  *sh = mj_shanten_shapes(&v, c.cfg, &which);
  mj_wait w[MJ_KINDS];
  int nw = mj_useful_at(&v, c.cfg, c.held, c.seen, w, *sh, which);
  int sum = 0;
  *pungs = 0;
  for (int j = 0; j < nw; j++) {
    bool pung = (v.at[1] & MJ_BIT(w[j].tile)) != 0;
    sum += w[j].live * (pung ? 1 + PUNG_WEIGHT : 1);
    *pungs += pung ? w[j].live : 0;
  }
  return sum;
}

/*
** The efficiency bot's choice e, but while the hand is not ready, among
** the discards leaving it as near, the one keeping the most useful
** tiles counted by pung_weighted: where claims make the hands (a racing
** table) or wild tiles make most tiles useful, a pung's tile may come
** from three seats.
*/
static int pung_choice(const mj_game *g, int p, const mj_action *legal,
                       int n, int e)
{
  if (mj_game_phase(g) != MJ_PHASE_TURN || legal[e].type != MJ_ACT_DISCARD)
    return e;
  int least, pungs;
  int most = pung_weighted(g, p, legal[e].tile, &least, &pungs);
  if (most < 0 || least == 0)
    return e;
  int best = e;
  for (int i = 0; i < n; i++)
    if (legal[i].type == MJ_ACT_DISCARD && legal[i].tile != legal[e].tile) {
      int sh, a = pung_weighted(g, p, legal[i].tile, &sh, &pungs);
      if (a >= 0 && (sh < least || (sh == least && a > most)))
        best = i, most = a, least = sh;
    }
  return best;
}

/* Where the strong bot reads no danger: nobody wins on a discard, wild
   tiles make any wait (宝, 鬼), a win does not end the hand (血战, 血流),
   or nothing marks a ready hand (no minimum and no declaration: 长沙). */
static bool value_table(const mj_game *g)
{
  const mj_table *tb = mj_rules_ctable(mj_game_rules(g));
  return tb->self_draw_only || mj_game_wild(g) != 0 || tb->leave_on_win ||
         tb->stay_on_win || (tb->min_points <= 0 && !mjb_concealment_pays(tb));
}

/* Where no danger is read (value_table): the efficiency bot's choice,
   but a ready hand keeps the waits worth most (live copies times what
   each wins), not merely the most of them; one from ready (where no tile
   is wild: there nearly every draw is useful and it costs ten times the
   time for nothing measured) looks a step ahead; and further, or where
   tiles are wild, a pung's tile counts higher (pung_choice). */
static int value_choice(mj_bot *b, const mj_game *g, int p,
                        const mj_action *legal, int n)
{
  int e = mjb_efficiency_choose(b, g, p, legal, n);
  if (mj_game_phase(g) != MJ_PHASE_TURN || legal[e].type != MJ_ACT_DISCARD)
    return e;
  int w = worth_choice(g, p, legal, n, e, 0);
  if (w < 0 && mj_game_wild(g) == 0)
    w = worth_choice(g, p, legal, n, e, 1);
  return w >= 0 ? w : pung_choice(g, p, legal, n, e);
}

int mjb_strong_choose(mj_bot *b, const mj_game *g, int p,
                      const mj_action *legal, int n)
{
  mj_phase ph = mj_game_phase(g);
  if (ph != MJ_PHASE_TURN && ph != MJ_PHASE_CLAIM)
    return mjb_efficiency_choose(b, g, p, legal, n);
  for (int i = 0; i < n; i++)
    if (legal[i].type == MJ_ACT_WIN)
      return mjb_efficiency_choose(b, g, p, legal, n);
  double most = 0;   /* how ready the readiest opponent looks */
  for (int q = 0; q < mj_game_players(g); q++)
    if (q != p && mjb_threat_of(g, q) > most)
      most = mjb_threat_of(g, q);
  /* no danger where nobody may win on a discard, none worth reading
     where wild tiles make any wait (宝, ghosts), and none worth avoiding
     where a win does not end the hand (血战, 血流: dealing in costs one
     payment and play goes on), nor where the hands race open with no
     ready declaration to read (racing_table): the efficiency bot's,
     counting pungs' tiles higher there */
  const mj_table *tb = mj_rules_ctable(mj_game_rules(g));
  if (racing_table(tb))
    return pung_choice(g, p, legal, n,
                       mjb_efficiency_choose(b, g, p, legal, n));
  /* nor where nothing marks a ready hand, no minimum and no declaration
     (长沙): there the waits worth most win and reading danger lost
     (value_table: value_choice) */
  if (value_table(g))
    return value_choice(b, g, p, legal, n);
  if (most == 0)
    return mjb_efficiency_choose(b, g, p, legal, n);
  if (ph == MJ_PHASE_CLAIM)
    return strong_claim_choice(b, g, p, legal, n, most);
  mj_discard_eval ev[MJ_KINDS];
  int k = mjb_discards_eval(g, p, ev, MJ_KINDS, true);
  int pick = strong_discard(b, g, p, legal, n, ev, k);
  if (pick < 0)
    return mjb_efficiency_choose(b, g, p, legal, n);
  /* a kong the efficiency bot would declare stays its choice */
  int e = mjb_efficiency_choose(b, g, p, legal, n);
  if (legal[e].type != MJ_ACT_DISCARD)
    return e;
  for (int i = 0; i < n; i++)
    if (legal[i].type == MJ_ACT_DISCARD && legal[i].tile == ev[pick].tile)
      return i;
  return e;
}

/* }==================================================================== */

/* One step ahead of p's hand without t (ahead_one), for the words. */
static long ahead_of_discard(const mj_game *g, int p, mj_tile t, int *draws,
                             long *points)
{
  ctx c;
  mj_tileview v;
  mjb_ctx_view(&c, g, p, &v);
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
  mjb_ctx_view(&c, g, p, &v);
  mj_tileview_remove(&v, t);
  *kind = -1;
  *missing = 9;
  mjb_chow_pattern(&c, &v, mj_game_hand(g, p), -1, kind, missing);
  return pattern_bonus(&c, &v, mj_game_hand(g, p), fan);
}

/* Discard a keeps more useful tiles than b, pungs' counted higher
   (pung_choice), neither ready; "" otherwise. */
static size_t why_pungs(const mj_game *g, int p, const mj_discard_eval *a,
                        const mj_discard_eval *b, char *buf, size_t cap)
{
  size_t len = 0;
  int sa, sb, pa, pb;
  int wa = pung_weighted(g, p, a->tile, &sa, &pa);
  int wb = pung_weighted(g, p, b->tile, &sb, &pb);
  if (wa < 0 || wb < 0 || sa <= 0 || sa != sb || wa <= wb)
    return 0;   /* a wild tile's discard (no view without it) is not this */
  char x[40];
  mj_catf(buf, cap, &len,
          ngettext("a pung's tile may come from any seat's discard: %d "
                   "useful tile left, %d of them making a pung, ",
                   "a pung's tile may come from any seat's discard: %d "
                   "useful tiles left, %d of them making a pung, ",
                   a->useful), a->useful, pa);
  mj_catf(buf, cap, &len, _("against %d and %d with %s"), b->useful, pb,
          mj_tile_word(b->tile, false, x, sizeof x));
  return len;
}

/* Both ready: discard a's waits win more points than b's, in words;
   "" otherwise. Without a minimum the evaluation counts no points:
   they are counted here as value_choice counts them (worth_after). */
static size_t why_waits(const mj_game *g, int p, const mj_discard_eval *a,
                        const mj_discard_eval *b, char *buf, size_t cap)
{
  size_t len = 0;
  int wa = a->wins, wb = b->wins;
  long pa = a->points, pb = b->points;
  if (mj_rules_ctable(mj_game_rules(g))->min_points <= 0) {
    worth_after(g, p, a->tile, 0, &wa, &pa);
    worth_after(g, p, b->tile, 0, &wb, &pb);
  }
  if (wa <= 0 || pa <= pb)
    return 0;
  char x[40];
  mj_catf(buf, cap, &len,
          ngettext("ready either way: %d live tile wins %d points on "
                   "average, ", "ready either way: %d live tiles win %d "
                   "points on average, ", wa),
          wa, (int)((pa + wa / 2) / wa));
  if (wb <= 0)
    mj_catf(buf, cap, &len, _("against no valid win with %s"),
            mj_tile_word(b->tile, false, x, sizeof x));
  else
    mj_catf(buf, cap, &len, _("against %d winning %d with %s"), wb,
            (int)((pb + wb / 2) / wb),
            mj_tile_word(b->tile, false, x, sizeof x));
  return len;
}

size_t mj_bot_why_richer(const mj_game *g, int p, mj_tile t, mj_tile u,
                         char *buf, size_t cap)
{
  size_t len = 0;
  buf[0] = '\0';
  mj_discard_eval ev[MJ_KINDS];
  int n = mjb_discards_eval(g, p, ev, MJ_KINDS, false);
  const mj_discard_eval *a = NULL, *b = NULL;
  for (int i = 0; i < n; i++) {
    if (ev[i].tile == t)
      a = &ev[i];
    if (ev[i].tile == u)
      b = &ev[i];
  }
  if (a == NULL || b == NULL)
    return 0;
  char x[40];
  if (a->shanten > 0 &&
      (racing_table(mj_rules_ctable(mj_game_rules(g))) ||
       (value_table(g) && (mj_game_wild(g) != 0 || a->shanten >= 2))))
    return why_pungs(g, p, a, b, buf, cap);
  if (a->shanten == 0 && b->shanten == 0)
    return why_waits(g, p, a, b, buf, cap);
  /* where no danger is read, nothing wild, the step ahead as
     value_choice takes it */
  bool ahead = value_table(g) && mj_game_wild(g) == 0;
  if ((mj_rules_ctable(mj_game_rules(g))->min_points <= 0 && !ahead) ||
      a->shanten == 0)
    return 0;
  /* a tile from ready, against a tile from ready or a ready hand with no
     valid win: the draws that reach a valid win */
  int da = 0, db = 0;
  long pa = 0, pb = 0, va = 0, vb = 0;
  if (a->shanten == 1 && ahead && b->shanten == 1) {
    va = worth_after(g, p, t, 1, &da, &pa);
    vb = worth_after(g, p, u, 1, &db, &pb);
  } else if (a->shanten == 1 &&
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
    mj_catf(buf, cap, &len, _("it keeps %s (%d fan) in reach: %d of its "
            "tiles missing, "), pattern_name[ka], pattern_fan[ka], ma);
    if (kb < 0 || mb >= 9)
      mj_catf(buf, cap, &len, _("against no such pattern with %s"),
              mj_tile_word(u, false, x, sizeof x));
    else
      mj_catf(buf, cap, &len, _("against %s with %d missing with %s"),
              pattern_name[kb], mb, mj_tile_word(u, false, x, sizeof x));
    return len;
  }
  mj_catf(buf, cap, &len,
          ngettext("a tile from ready: %d live draw makes it ready with a "
                   "valid win, %ld points on average, ", "a tile from ready: "
                   "%d live draws make it ready with a valid win, %ld points "
                   "on average, ", da), da, (pa + da / 2) / da);
  if (b->shanten == 0)
    mj_catf(buf, cap, &len, _("against a ready hand with no valid win with %s"),
            mj_tile_word(u, false, x, sizeof x));
  else if (db == 0)
    mj_catf(buf, cap, &len, _("against none with %s"), mj_tile_word(u, false, x, sizeof x));
  else
    mj_catf(buf, cap, &len, _("against %d (%ld points) with %s"), db,
            (pb + db / 2) / db, mj_tile_word(u, false, x, sizeof x));
  return len;
}

/* Who threatens most, said only with a sign of it on the table; then,
   with nothing said yet, the read of the discards. */
static size_t threat_words(const mj_game *g, int most, double threat,
                           const char *const names[4], char *buf, size_t cap,
                           size_t len)
{
  int melds = mj_hand_nmelds(mj_game_hand(g, most));
  if (melds > 0)
    mj_catf(buf, cap, &len, threat >= 0.5
            ? ngettext("%s%s has %d meld declared and looks close to ready",
                       "%s%s has %d melds declared and looks close to ready",
                       melds)
            : ngettext("%s%s has %d meld declared",
                       "%s%s has %d melds declared", melds),
            len ? _("; ") : "", names[most], melds);
  else if (threat >= 0.5)
    mj_catf(buf, cap, &len, _("%s%s looks close to ready by his discards, "
            "%d tiles from the wall's end"), len ? _("; ") : "", names[most],
            mj_game_wall_left(g));
  if (len == 0)
    mj_catf(buf, cap, &len, _("by the discards so far it is the less likely "
            "to deal in"));
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
    threat[q] = q == p || q >= mj_game_players(g) ? 0 : mjb_threat_of(g, q);
    if (threat[q] > 0 && (most < 0 || threat[q] > threat[most]))
      most = q;
  }
  uint8_t seen[MJ_KINDS];
  mjb_seen_by(g, p, seen);
  mj_tileset passed[4];
  mjb_passed_all(g, p, passed);
  double dt = mjb_deal_in_chance(g, p, t, seen, passed),
         du = mjb_deal_in_chance(g, p, u, seen, passed);
  if (most < 0 || dt >= du)
    return 0;
  char b[40];
  if (seen[t] >= 2)
    mj_catf(buf, cap, &len, _("%d of it in sight"), seen[t]);
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
    for (int i = mj_game_nevents(g) - 1; i >= 0 && claim < 0; i--) {
      const mj_event *e = mj_game_event(g, i);
      if (!mjb_seen_move(e, q))
        continue;
      if (e->type == MJ_EV_CHI || e->type == MJ_EV_PON ||
          e->type == MJ_EV_KONG)
        claim = e->type == MJ_EV_CHI ? MJ_ACT_CHI
                : e->type == MJ_EV_PON ? MJ_ACT_PON : MJ_ACT_KONG;
      else if (e->type == MJ_EV_DISCARD && e->tile == t)
        since = true;
    }
    if ((passed[q] & MJ_BIT(t)) && !(passed[q] & MJ_BIT(u)))
      mj_catf(buf, cap, &len, _("%s%s let it go since his last discard"),
              len ? _("; ") : "", names[q]);
    else if (threw && claim >= 0 && since)
      mj_catf(buf, cap, &len, claim == MJ_ACT_CHI
              ? _("%s%s threw it after his chow")
              : claim == MJ_ACT_PON ? _("%s%s threw it after his pung")
                                    : _("%s%s threw it after his kong"),
              len ? _("; ") : "", names[q]);
    else if (threw)
      mj_catf(buf, cap, &len, _("%s%s threw it"), len ? _("; ") : "",
              names[q]);
    else if (three != MJ_NO_TILE)
      mj_catf(buf, cap, &len, _("%s%s threw %s, three away"), len ? _("; ") : "",
              names[q], mj_tile_word(three, false, b, sizeof b));
  }
  /* the kind of tile: an honor, a terminal, an edge tile wait less */
  int rt = t >= MJ_HONOR_FIRST ? 0 : t % 9 == 0 || t % 9 == 8 ? 1
         : t % 9 == 1 || t % 9 == 7 ? 2 : 3;
  int ru = u >= MJ_HONOR_FIRST ? 0 : u % 9 == 0 || u % 9 == 8 ? 1
         : u % 9 == 1 || u % 9 == 7 ? 2 : 3;
  static const char *const kind[] = {
    N_("%san honor completes fewer waits than %s"),
    N_("%sa terminal completes fewer waits than %s"),
    N_("%sa tile next to the end completes fewer waits than %s") };
  if (rt < ru && rt < 3)
    mj_catf(buf, cap, &len, _(kind[rt]), len ? _("; ") : "",
            mj_tile_word(u, false, b, sizeof b));
  len = threat_words(g, most, threat[most], names, buf, cap, len);
  return len;
}
