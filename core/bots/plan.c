/*
** plan.c
** The plan a hand can follow to a minimum (MCR's 8 fan): the fans in
** reach with the tiles in sight, how many tiles each lacks, and the
** cheapest set of them that reaches the minimum; for a ready hand, the
** fans its best live wait scores. The hint shows it for every discard.
*/
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "text.h"
#include "bot_int.h"
#include "error.h"
#include "score.h"

/* What a route needs of the others it is combined with. */
enum {
  T_HONOR = 1,      /* holds honors */
  T_NOHONOR = 2,    /* allows none */
  T_PUNGS = 4,      /* no chows */
  T_CHOWS = 8,      /* chows */
  T_ALONE = 16,     /* a shape of its own: stands alone */
  T_CONCEALED = 32, /* no claim */
  T_FLUSH = 64      /* one suit */
};

typedef struct route {
  const char *name;
  int fan, away;
  unsigned tags;
} route;

enum { MAX_ROUTES = 24 };

static void add(route *r, int *n, const char *name, int fan, int away,
                unsigned tags)
{
  if (*n < MAX_ROUTES && away >= 0 && away <= 9)
    r[(*n)++] = (route){ name, fan, away, tags };
}

static bool compatible(unsigned a, unsigned b)
{
  if ((a | b) & T_ALONE)
    return false;
  if (((a & T_HONOR) && (b & T_NOHONOR)) || ((b & T_HONOR) && (a & T_NOHONOR)))
    return false;
  if (((a & T_PUNGS) && (b & T_CHOWS)) || ((b & T_PUNGS) && (a & T_CHOWS)))
    return false;
  return !((a & T_FLUSH) && (b & T_FLUSH));
}

/* Tiles of kind t in the hand, a declared pung or kong of it counting 3. */
static int have(const mj_tileview *v, const mj_hand *h, int t)
{
  int k = v->c[t];
  const mj_meld *m = mj_hand_melds(h);
  for (int i = 0; i < mj_hand_nmelds(h); i++)
    if (m[i].type != MJ_CHOW && m[i].tile == t)
      k = 3;
  return k;
}

/* A pung of t: the tiles it lacks (-1: too few live copies). */
static int pung_away(const ctx *c, const mj_tileview *v, const mj_hand *h,
                     int t)
{
  int k = have(v, h, t);
  if (k >= 3)
    return 0;
  int live = 4 - c->held[t] - c->seen[t];
  return live >= 3 - k ? 3 - k : -1;
}

/* The flushes: one suit (清一色), or one suit and honors (混一色). */
static void flushes(const ctx *c, const mj_tileview *v, const mj_hand *h,
                    route *r, int *n)
{
  int suit[3] = { 0, 0, 0 }, honors = 0;
  for (int t = 0; t < MJ_KINDS; t++)
    if (t < MJ_HONOR_FIRST)
      suit[t / 9] += v->c[t];
    else
      honors += v->c[t];
  int main = suit[0] >= suit[1] ? (suit[0] >= suit[2] ? 0 : 2)
                                : (suit[1] >= suit[2] ? 1 : 2);
  bool out = false, honor_meld = false;
  const mj_meld *m = mj_hand_melds(h);
  for (int i = 0; i < mj_hand_nmelds(h); i++) {
    if (m[i].tile >= MJ_HONOR_FIRST)
      honor_meld = true;
    else if (m[i].tile / 9 != main)
      out = true;
  }
  if (out)
    return;
  int other = suit[0] + suit[1] + suit[2] - suit[main];
  add(r, n, "混一色", 6, other + (honors + honor_meld == 0 ? 2 : 0),
      T_HONOR | T_FLUSH);
  if (!honor_meld)
    add(r, n, "清一色", 24, other + honors, T_NOHONOR | T_FLUSH);
  (void)c;
}

/* All pungs (碰碰和): the pungs lacking, from the pairs first. */
static void all_pungs(const ctx *c, const mj_tileview *v, const mj_hand *h,
                      route *r, int *n)
{
  const mj_meld *m = mj_hand_melds(h);
  int pungs = 0, pairs = 0;
  for (int i = 0; i < mj_hand_nmelds(h); i++) {
    if (m[i].type == MJ_CHOW)
      return;
    pungs++;
  }
  for (int t = 0; t < MJ_KINDS; t++)
    if (v->c[t] >= 3)
      pungs++;
    else if (v->c[t] == 2 && c->held[t] + c->seen[t] < 4)
      pairs++;
  int need = 4 - pungs;
  if (need < 0)
    need = 0;
  int away = need + (pairs >= need + 1 ? 0 : need + 1 - pairs);
  add(r, n, "碰碰和", 6, away, T_PUNGS);
}

/* Five types (五门齐): each suit, a wind and a dragon in a set or the
   pair; a type not held lacks a pair's two tiles, a lone tile one. */
static void five_types(const mj_tileview *v, const mj_hand *h, route *r,
                       int *n)
{
  int held[5] = { 0, 0, 0, 0, 0 };
  for (int t = 0; t < MJ_KINDS; t++) {
    int ty = t < MJ_HONOR_FIRST ? t / 9 : t < MJ_HONOR_FIRST + 4 ? 3 : 4;
    held[ty] += v->c[t];
  }
  const mj_meld *m = mj_hand_melds(h);
  for (int i = 0; i < mj_hand_nmelds(h); i++) {
    int t = m[i].tile;
    held[t < MJ_HONOR_FIRST ? t / 9 : t < MJ_HONOR_FIRST + 4 ? 3 : 4] += 3;
  }
  int away = 0;
  for (int k = 0; k < 5; k++)
    away += held[k] == 0 ? 2 : held[k] == 1 ? 1 : 0;
  add(r, n, "五门齐", 6, away, T_HONOR);
}

/* The small fans that top a plan up: dragon and wind pungs, a concealed
   hand, all simples. */
static void small_fans(const ctx *c, const mj_tileview *v, const mj_hand *h,
                       route *r, int *n)
{
  for (int t = MJ_HONOR_FIRST; t < MJ_KINDS; t++) {
    bool dragon = t >= MJ_HONOR_FIRST + 4;
    bool seat = t == MJ_HONOR_FIRST + c->seat_wind;
    bool round = t == MJ_HONOR_FIRST + c->round;
    if (!(dragon || seat || round) || have(v, h, t) < 2)
      continue;
    int a = pung_away(c, v, h, t);
    if (dragon)
      add(r, n, "箭刻", 2, a, T_HONOR);
    if (seat)
      add(r, n, "门风刻", 2, a, T_HONOR);
    if (round)
      add(r, n, "圈风刻", 2, a, T_HONOR);
  }
  if (c->concealed)
    add(r, n, "门前清", 2, 0, T_CONCEALED);
  int outside = 0;
  const mj_meld *m = mj_hand_melds(h);
  for (int i = 0; i < mj_hand_nmelds(h); i++) {
    int t = m[i].tile, k = m[i].type == MJ_CHOW ? t % 9 + 2 : t % 9;
    if (t >= MJ_HONOR_FIRST || t % 9 == 0 || k == 8)
      return;   /* a terminal or honor declared: no 断幺 */
  }
  for (int t = 0; t < MJ_KINDS; t++)
    if (t >= MJ_HONOR_FIRST || t % 9 == 0 || t % 9 == 8)
      outside += v->c[t];
  add(r, n, "断幺", 2, outside, T_NOHONOR);
}

/* The routes in reach of view v (13 - 3*melds tiles) on hand h's melds. */
static int routes(const ctx *c, const mj_tileview *v, const mj_hand *h,
                  route *r)
{
  static const char *const pattern[4] = { "三色三步高", "花龙", "清龙",
                                          "三色三同顺" };
  static const int pattern_fan[4] = { 6, 8, 16, 8 };
  int n = 0;
  for (int kind = 0; kind < 4; kind++) {
    int k = -1, missing = 9;
    if (mjb_chow_pattern(c, v, h, kind, &k, &missing) > 0 && k == kind)
      add(r, &n, pattern[kind], pattern_fan[kind], missing, T_CHOWS);
  }
  flushes(c, v, h, r, &n);
  all_pungs(c, v, h, r, &n);
  five_types(v, h, r, &n);
  int per[MJ_SHAPE_COUNT];
  mj_shanten(v, c->cfg, per);
  if (per[MJ_SHAPE_PAIRS] != MJ_SHANTEN_NONE)
    add(r, &n, "七对", 24, per[MJ_SHAPE_PAIRS] + 1, T_ALONE);
  if (per[MJ_SHAPE_HONORS_KNITTED] != MJ_SHANTEN_NONE)
    add(r, &n, "全不靠", 12, per[MJ_SHAPE_HONORS_KNITTED] + 1, T_ALONE);
  if (per[MJ_SHAPE_KNITTED] != MJ_SHANTEN_NONE)
    add(r, &n, "组合龙", 12, per[MJ_SHAPE_KNITTED] + 1, T_ALONE);
  if (per[MJ_SHAPE_ORPHANS] != MJ_SHANTEN_NONE)
    add(r, &n, "十三幺", 88, per[MJ_SHAPE_ORPHANS] + 1, T_ALONE);
  small_fans(c, v, h, r, &n);
  return n;
}

/* The cheapest set of routes reaching min: each route in turn, topped up
   by the nearest ones that go with it; the fewest tiles lacking, then
   the most fan. */
static void cheapest(const route *r, int n, int min, mj_plan *out)
{
  int order[MAX_ROUTES];
  for (int i = 0; i < n; i++) {   /* nearest first, then the richest */
    int j = i;
    for (; j > 0 && (r[order[j - 1]].away > r[i].away ||
                     (r[order[j - 1]].away == r[i].away &&
                      r[order[j - 1]].fan < r[i].fan));
         j--)
      order[j] = order[j - 1];
    order[j] = i;
  }
  out->away = 99;
  for (int i = 0; i < n; i++) {
    const route *a = &r[order[i]];
    int pick[4] = { order[i] }, np = 1, fan = a->fan, away = a->away;
    unsigned tags = a->tags;
    for (int k = 0; k < n && fan < min && np < 4; k++) {
      const route *b = &r[order[k]];
      bool dup = false;
      for (int q = 0; q < np; q++)
        dup = dup || pick[q] == order[k];
      if (dup || !compatible(tags, b->tags))
        continue;
      pick[np++] = order[k];
      fan += b->fan;
      away += b->away;
      tags |= b->tags;
    }
    if (fan < min || away > out->away ||
        (away == out->away && fan <= out->fan))
      continue;
    out->away = away;
    out->fan = fan;
    for (int q = 1; q < np; q++)   /* named the largest first */
      for (int j = q; j > 0 && r[pick[j - 1]].fan < r[pick[j]].fan; j--) {
        int x = pick[j];
        pick[j] = pick[j - 1];
        pick[j - 1] = x;
      }
    size_t len = 0;
    out->text[0] = '\0';
    for (int q = 0; q < np; q++)
      mj_catf(out->text, sizeof out->text, &len, "%s%s", q ? " + " : "",
              r[pick[q]].name);
  }
}

/* A ready view: the best live wait's fans, the three largest named. */
static void ready_plan(const ctx *c, const mj_tileview *v, const mj_hand *h,
                       unsigned which, mj_plan *out)
{
  mj_wait w[MJ_KINDS];
  int nw = mj_useful_at(v, c->cfg, c->held, c->seen, w, 0, which), pts;
  mj_score s;
  mj_tile bt = MJ_NO_TILE;
  mjb_scored_waits(c, v, h, w, nw, &pts, &s, &bt);
  out->ready = true;
  out->away = 0;
  if (bt == MJ_NO_TILE) {
    snprintf(out->text, sizeof out->text, _("cannot win: no live wait"));
    return;
  }
  out->fan = s.total;
  out->reaches = s.meets_min;
  const mj_rules *rs = mj_game_rules(c->g);
  bool used[MJ_MAX_HITS] = { false };
  size_t len = 0;
  out->text[0] = '\0';
  if (!s.meets_min)
    mj_catf(out->text, sizeof out->text, &len, _("cannot reach %d: "), c->min);
  for (int k = 0; k < 3 && k < s.nhits; k++) {
    int top = -1;
    for (int q = 0; q < s.nhits; q++)
      if (!used[q] && (top < 0 || s.hits[q].value > s.hits[top].value))
        top = q;
    used[top] = true;
    mj_catf(out->text, sizeof out->text, &len, "%s%s", k ? " + " : "",
            mj_text_name(mj_rules_fan(rs, s.hits[top].fan)->id));
  }
  if (s.nhits > 3)
    mj_catf(out->text, sizeof out->text, &len, " + ...");
}

void mj_bot_plan(const mj_game *g, int p, mj_tile t, mj_plan *out)
{
  memset(out, 0, sizeof *out);
  ctx c;
  mj_tileview v;
  mjb_ctx_view(&c, g, p, &v);
  const mj_hand *h = mj_game_hand(g, p);
  if (t != MJ_NO_TILE)
    mj_tileview_remove(&v, t);
  unsigned which;
  int sh = mj_shanten_shapes(&v, c.cfg, &which);
  if (sh == 0) {
    ready_plan(&c, &v, h, which, out);
    return;
  }
  route r[MAX_ROUTES];
  int n = routes(&c, &v, h, r);
  cheapest(r, n, c.min > 0 ? c.min : 8, out);
  out->reaches = out->away < 99;
  if (!out->reaches)
    snprintf(out->text, sizeof out->text, _("no %d-fan plan in sight"), c.min);
  else if (out->away < sh + 1)   /* no plan is nearer than the hand is */
    out->away = sh + 1;
}
