/*
** danger.c
** The strong bot's read of danger: how ready each other player looks,
** and how likely a tile completes his hand, by a logistic model of what
** the table shows (its features and fitted weights).
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot_int.h"

/* The declaration in force by which q said his hand is ready (riichi:
   a decl with ready), or -1. */
int mjb_ready_decl(const mj_game *g, int q)
{
  unsigned d = mj_game_declared(g, q);
  for (int k = 0; d != 0; k++, d >>= 1)
    if ((d & 1) && mj_game_decl(g, k) != NULL && mj_game_decl(g, k)->ready)
      return k;
  return -1;
}

/*
** The tiles q cannot win on from a discard now, as the table shows: his
** own discards under furiten; and, his hand fixed by declaration k with
** pass_lock, every tile discarded since (passing a win would have locked
** him out of all).
*/
static mj_tileset safe_against(const mj_game *g, int q, int k)
{
  const mj_table *tb = mj_rules_ctable(mj_game_rules(g));
  mj_tileset safe = 0;
  const mj_tile *d;
  const uint8_t *taken;
  int nd = mj_game_discards(g, q, &d, &taken);
  for (int i = 0; tb->furiten && i < nd; i++)
    safe |= d[i] < MJ_KINDS ? MJ_BIT(d[i]) : 0;
  const mj_decl_def *def = mj_game_decl(g, k);
  if (!(tb->furiten && tb->pass_lock && def != NULL && def->fix))
    return safe;
  bool since = false;
  for (int i = 0; i < mj_game_nevents(g); i++) {
    const mj_event *e = mj_game_event(g, i);
    since = since || (e->type == MJ_EV_DECLARE && e->player == q &&
                      e->tile == k);
    if (since && e->type == MJ_EV_DISCARD && e->tile < MJ_KINDS)
      safe |= MJ_BIT(e->tile);
  }
  return safe;
}

/*
** How likely t wins for a player known ready (a declaration), by the
** shapes a wait on t may take: each two-sided wait (t with t-3, t with
** t+3) possible unless its other end is safe (筋) or the tiles between
** are all in sight (壁), and a small share for the other waits (pairs,
** singles, closed and edge waits), less as t's copies are seen. The
** figures are set by hand; their effect is measured (docs/bots.md).
*/
static double ready_chance(mj_tile t, const uint8_t seen[MJ_KINDS],
                           mj_tileset safe)
{
  if (safe & MJ_BIT(t))
    return 0;
  double other = seen[t] >= 3 ? 0.01 : seen[t] == 2 ? 0.025 : 0.04;
  if (t >= MJ_HONOR_FIRST)
    return other * 1.5;
  int r = t % 9, open = 0;
  if (r >= 3 && !(safe & MJ_BIT(t - 3)) && seen[t - 1] < 4 && seen[t - 2] < 4)
    open++;
  if (r <= 5 && !(safe & MJ_BIT(t + 3)) && seen[t + 1] < 4 && seen[t + 2] < 4)
    open++;
  return other + 0.055 * open;
}

/*
** How likely seat q is ready, as the table shows it: declared melds say
** most (a hand with three is near its end), then the discards made (the
** hand's age). From 0 to 0.9.
*/
double mjb_threat_of(const mj_game *g, int q)
{
  if (!mj_game_active(g, q))
    return 0;
  if (mjb_ready_decl(g, q) >= 0)
    return 0.95;   /* he said so: a declaration made only ready */
  /* his melds as a share of the four sets a hand makes (of five at a
     16-tile table) */
  int sets = mj_rules_ctable(mj_game_rules(g))->hand / 3;
  double melds = mj_hand_nmelds(mj_game_hand(g, q)) * 4.0 / sets;
  const mj_tile *d;
  const uint8_t *taken;
  int nd = mj_game_discards(g, q, &d, &taken);
  double t = 0.05 + 0.15 * melds + 0.012 * (nd > 5 ? nd - 5 : 0);
  if (melds >= 3)
    t += 0.2;
  return t > 0.9 ? 0.9 : t;
}

/* A move of q's the table saw change his hand (a claim only when it was
   made: one that lost to another's is not seen, nor a pass). */
bool mjb_seen_move(const mj_event *e, int q)
{
  if (e->player != q)
    return false;
  switch (e->type) {
  case MJ_EV_DISCARD: case MJ_EV_CHI: case MJ_EV_PON: case MJ_EV_KONG:
  case MJ_EV_CKONG: case MJ_EV_AKONG: case MJ_EV_SWAP: case MJ_EV_QUE:
    return true;
  default:
    return false;
  }
}

/*
** The tiles discarded since seat q's hand last changed (its last
** discard, claim or kong): q let each of them go, so (as a player takes
** a valid win) none completes q's hand for a win now. Only what the
** table saw is read: the seats' moves, and the discarded tiles.
*/
mj_tileset mjb_passed_by(const mj_game *g, int q)
{
  mj_tileset s = 0;
  for (int i = mj_game_nevents(g) - 1; i >= 0; i--) {
    const mj_event *e = mj_game_event(g, i);
    if (mjb_seen_move(e, q))
      break;
    if (e->type == MJ_EV_DISCARD && e->tile < MJ_KINDS)
      s |= MJ_BIT(e->tile);
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

/* The features of "t completes q's hand" (danger_features), in the
   model's order: the one list the enum, the weights and the fitting
   data follow (the age is q's melds over 4 plus discards over 20). */
#define DANGER_FEATURES \
  X(BIAS, "always 1") \
  X(MELDS1, "q has declared one meld") \
  X(MELDS2, "two melds") \
  X(MELDS3, "three melds") \
  X(MELDS4, "four melds") \
  X(DISCARDS, "q's discards, over 10") \
  X(DISCARDS_SQ, "that, squared") \
  X(WALL, "the wall left, over 100") \
  X(HONOR, "t is an honor") \
  X(TERMINAL, "t is a 1 or a 9") \
  X(TWO_EIGHT, "t is a 2 or an 8") \
  X(LEFT0, "no copy of t out of sight") \
  X(LEFT1, "one copy") \
  X(LEFT2, "two copies") \
  X(THROWN, "q threw t") \
  X(PASSED, "q let t go since his hand last changed") \
  X(SUJI, "q threw the tiles three away on each side t has") \
  X(SUJI_HALF, "q threw one of them") \
  X(SUIT_SHARE, "the share of q's discards in t's suit") \
  X(MELDS_IN_SUIT, "q's melds in t's suit") \
  X(ONE_SUIT, "q's melds all in t's suit") \
  X(NEAR_THROWN, "q threw a tile within two of t") \
  X(WALL_NEIGHBOUR, "a neighbour of t all in sight") \
  X(VALUED_HONOR, "t is a dragon or q's seat or round wind") \
  X(AGE_MIDDLE, "the hand's age, t a middle tile") \
  X(AGE_HONOR, "the age, t an honor") \
  X(AGE_THROWN, "the age, q threw t") \
  X(AGE_SUJI, "the age, SUJI") \
  X(AGE_SUIT_SHARE, "the age times SUIT_SHARE") \
  X(AGE_ONE_SUIT, "the age, ONE_SUIT") \
  X(AGE_FEW_LEFT, "the age, at most one copy left") \
  X(LATE_MIDDLES, "middle tiles among q's last three discards, over 3") \
  X(PATTERN_THIRD, "t in the third chow of a pattern two declared chows start") \
  X(PUNGS_TERMINAL, "pungs, no chow, t a terminal or honor") \
  X(PUNGS_SIMPLE, "pungs, no chow, t a simple") \
  X(HONOR_FLUSH, "t an honor, q's melds of one suit and honors") \
  X(HONOR_MELDS, "q's honor melds, t an honor") \
  X(CLAIMED, "q claimed at his last turn") \
  X(CLAIMED_THREE, "that, with three melds") \
  X(WALL_END, "the wall under 20, times the age") \
  X(SHAPE_ABOVE, "t+1 t+2 out of sight (copies multiplied, over 9)") \
  X(SHAPE_BELOW, "t-2 t-1") \
  X(SHAPE_CLOSED, "t-1 t+1") \
  X(SHAPE_PAIR, "a pair of t") \
  X(SHAPE_SINGLE, "a single t") \
  X(AGE_SHAPES, "the age times the three chow shapes")

enum {
#define X(name, doc) DF_##name,
  DANGER_FEATURES
#undef X
  DF_N
};

/*
** What the table shows of whether tile t would complete seat q's hand
** for a win, as numbers (the model's inputs): q's melds, discards and the
** wall (how far the hand has gone), the kind of tile and its copies
** left, and what q's discards say of it (thrown, three away, the suit,
** the neighbours), whether q let it go since his hand last changed,
** walls (a neighbour all in sight), honors worth a fan to q.
*/
/* What the features of one tile t for seat q are read from. */
typedef struct dsrc {
  const mj_game *g;
  int q;
  mj_tile t;
  const uint8_t *seen;
  const mj_meld *ml;
  int m;                       /* q's melds */
  const mj_tile *d;
  int nd;                      /* q's discards */
  bool honor;
  int r, suit, left;           /* t's rank (-1 an honor), suit (3), copies */
} dsrc;

/* The tile and what q's discards say of it: thrown, three away, the
   suit, its neighbours; a neighbour all in sight. */
static void df_discards(const dsrc *s, mj_tileset passed, float *x)
{
  const mj_tile *d = s->d;
  mj_tile t = s->t;
  bool threw = false, lo3 = false, hi3 = false, near = false;
  int in_suit = 0;
  for (int i = 0; i < s->nd; i++) {
    threw = threw || d[i] == t;
    if (s->honor || d[i] >= MJ_HONOR_FIRST || d[i] / 9 != s->suit)
      continue;
    in_suit++;
    lo3 = lo3 || d[i] + 3 == t;
    hi3 = hi3 || d[i] == t + 3;
    near = near || (d[i] != t && abs((int)d[i] - (int)t) <= 2);
  }
  x[DF_THROWN] = threw;
  x[DF_PASSED] = (passed & MJ_BIT(t)) != 0;
  if (!s->honor) {
    int r = s->r;
    bool full = r < 3 ? hi3 : r > 5 ? lo3 : lo3 && hi3;
    x[DF_SUJI] = full;
    x[DF_SUJI_HALF] = !full && (lo3 || hi3);
    x[DF_SUIT_SHARE] = s->nd ? (float)in_suit / s->nd : 0;
    x[DF_NEAR_THROWN] = near;
    /* a neighbour all in sight: no two-sided wait through it */
    bool wall_lo = r >= 1 && s->seen[t - 1] >= 4, wall_hi = r <= 7 &&
                                                            s->seen[t + 1] >= 4;
    x[DF_WALL_NEIGHBOUR] = wall_lo || wall_hi;
  }
}

/* q's declared melds (face up) by kind and suit. */
typedef struct mcount {
  int in, other, honor, chows, pungs;
} mcount;

static mcount count_melds(const dsrc *s)
{
  mcount c = { 0, 0, 0, 0, 0 };
  for (int i = 0; i < s->m; i++) {
    if (s->ml[i].type == MJ_CKONG)
      continue;   /* face down: its tile is not in sight */
    c.chows += s->ml[i].type == MJ_CHOW;
    c.pungs += s->ml[i].type != MJ_CHOW;
    int ms = s->ml[i].tile >= MJ_HONOR_FIRST ? 3 : s->ml[i].tile / 9;
    c.honor += ms == 3;
    if (ms == s->suit)
      c.in++;
    else if (ms != 3)
      c.other++;
  }
  return c;
}

/* The 8 fan q's hand must reach, read from his declared melds: two chows
   of a chow pattern and t in its third; pungs and no chow (all pungs);
   one suit and honors (a flush). */
static void df_melds(const dsrc *s, const mcount *c, float *x)
{
  bool honor = s->honor;
  int r = s->r, m = s->m;
  mj_tile t = s->t;
  x[DF_MELDS_IN_SUIT] = (float)c->in;
  x[DF_ONE_SUIT] = !honor && m >= 1 && c->in > 0 && c->other == 0;
  if (honor)
    x[DF_VALUED_HONOR] = t >= 31 ||
                         t == MJ_HONOR_FIRST + mj_game_seat_wind(s->g, s->q) ||
                         t == MJ_HONOR_FIRST + mj_game_round(s->g);
  x[DF_PATTERN_THIRD] = !honor && c->chows >= 2 &&
                        in_pattern_third(s->ml, m, t);
  bool pp = c->pungs >= 2 && c->chows == 0;
  x[DF_PUNGS_TERMINAL] = pp && (honor || r == 0 || r == 8);
  x[DF_PUNGS_SIMPLE] = pp && !honor && r != 0 && r != 8;
  x[DF_HONOR_FLUSH] = honor && m >= 1 && c->other + (c->in > 0) <= 1 &&
                      m - c->honor >= 1;
  x[DF_HONOR_MELDS] = (float)c->honor * honor;
}

/* How far q's hand looks to have gone (age), against the kind of tile;
   q's last three discards (a middle tile thrown late tells a hand giving
   up its shape, close to its end); a claim at his last turn. */
static void df_age(const dsrc *s, float age, float *x)
{
  bool mid = !s->honor && s->r >= 2 && s->r <= 6;
  x[DF_AGE_MIDDLE] = age * mid;
  x[DF_AGE_HONOR] = age * s->honor;
  x[DF_AGE_THROWN] = age * x[DF_THROWN];
  x[DF_AGE_SUJI] = age * x[DF_SUJI];
  x[DF_AGE_SUIT_SHARE] = age * x[DF_SUIT_SHARE];
  x[DF_AGE_ONE_SUIT] = age * x[DF_ONE_SUIT];
  x[DF_AGE_FEW_LEFT] = age * (s->left <= 1);
  int late = 0, nd = s->nd;
  for (int i = nd - 3 < 0 ? 0 : nd - 3; i < nd; i++)
    late += s->d[i] < MJ_HONOR_FIRST && s->d[i] % 9 >= 2 && s->d[i] % 9 <= 6;
  x[DF_LATE_MIDDLES] = (float)late / 3;
}

/* q's hand changed by a claim at his last turn (a claim often makes a
   hand ready); the wall's end. */
static void df_claimed(const dsrc *s, float age, float *x)
{
  int acts = 0;
  for (int i = mj_game_nevents(s->g) - 1; i >= 0 && acts < 2; i--) {
    const mj_event *e = mj_game_event(s->g, i);
    if (!mjb_seen_move(e, s->q))
      continue;
    acts++;
    if (acts == 2)
      x[DF_CLAIMED] = e->type == MJ_EV_CHI || e->type == MJ_EV_PON ||
                      e->type == MJ_EV_KONG;
  }
  x[DF_CLAIMED_THREE] = x[DF_CLAIMED] * (s->m >= 3);
  x[DF_WALL_END] = (float)(mj_game_wall_left(s->g) < 20) * age;
}

/* The shapes that wait on t, by the copies of their tiles not in sight
   (a shape of tiles mostly in sight is seldom held). */
static void df_shapes(const dsrc *s, float age, float *x)
{
  int u[5] = { 0, 0, 0, 0, 0 };   /* t-2 .. t+2 */
  for (int k = -2; k <= 2; k++) {
    int tk = (int)s->t + k;
    if (k == 0 || (!s->honor && s->r + k >= 0 && s->r + k <= 8))
      u[k + 2] = 4 - s->seen[tk] > 0 ? 4 - s->seen[tk] : 0;
  }
  x[DF_SHAPE_ABOVE] = (float)(u[3] * u[4]) / 9;   /* t+1 t+2 */
  x[DF_SHAPE_BELOW] = (float)(u[0] * u[1]) / 9;   /* t-2 t-1 */
  x[DF_SHAPE_CLOSED] = (float)(u[1] * u[3]) / 9;   /* t-1 t+1 */
  x[DF_SHAPE_PAIR] = (float)(u[2] * (u[2] - 1)) / 6;   /* a pair of t */
  x[DF_SHAPE_SINGLE] = (float)u[2] / 3;            /* a single t */
  x[DF_AGE_SHAPES] = age * (x[DF_SHAPE_ABOVE] + x[DF_SHAPE_BELOW] +
                            x[DF_SHAPE_CLOSED]) / 3;
}

static void danger_features(const mj_game *g, int q, mj_tile t,
                            const uint8_t seen[MJ_KINDS], mj_tileset passed,
                            float x[DF_N])
{
  memset(x, 0, sizeof(float) * DF_N);
  const mj_hand *hq = mj_game_hand(g, q);
  const uint8_t *taken;
  dsrc s = { g, q, t, seen, mj_hand_melds(hq), mj_hand_nmelds(hq), NULL, 0,
             t >= MJ_HONOR_FIRST, -1, 3, 4 - seen[t] };
  s.nd = mj_game_discards(g, q, &s.d, &taken);
  if (!s.honor)
    s.r = t % 9, s.suit = t / 9;
  x[DF_BIAS] = 1;
  if (s.m >= 1 && s.m <= 4)
    x[DF_MELDS1 + s.m - 1] = 1;
  x[DF_DISCARDS] = (float)s.nd / 10;
  x[DF_DISCARDS_SQ] = x[DF_DISCARDS] * x[DF_DISCARDS];
  x[DF_WALL] = (float)mj_game_wall_left(g) / 100;
  x[DF_HONOR] = s.honor;
  x[DF_TERMINAL] = !s.honor && (s.r == 0 || s.r == 8);
  x[DF_TWO_EIGHT] = !s.honor && (s.r == 1 || s.r == 7);
  x[DF_LEFT0] = s.left <= 0;
  x[DF_LEFT1] = s.left == 1;
  x[DF_LEFT2] = s.left == 2;
  df_discards(&s, passed, x);
  mcount c = count_melds(&s);
  df_melds(&s, &c, x);
  float age = (float)s.m / 4 + (float)s.nd / 20;
  df_age(&s, age, x);
  df_claimed(&s, age, x);
  df_shapes(&s, age, x);
}

/*
** The model's weights, in danger_features' order: a logistic regression
** of "t completes q's hand for a win", fitted by tests/danger_fit.py on
** the cases tests/danger_data.c writes from simulated MCR games, the
** truth read from q's hand (the fit's data and quality: docs/bots.md).
** Fit it again when the bots or the features change.
*/
static const float DANGER_W[DF_N] = {
  [DF_BIAS] = -8.182f,
  [DF_MELDS1] = 0.225f,
  [DF_MELDS2] = 0.266f,
  [DF_MELDS3] = 0.016f,
  [DF_MELDS4] = 0.907f,
  [DF_DISCARDS] = 4.378f,
  [DF_DISCARDS_SQ] = -0.977f,
  [DF_WALL] = -0.747f,
  [DF_HONOR] = -0.887f,
  [DF_TERMINAL] = -0.662f,
  [DF_TWO_EIGHT] = -0.469f,
  [DF_LEFT0] = -0.132f,
  [DF_LEFT1] = 0.034f,
  [DF_LEFT2] = -0.175f,
  [DF_THROWN] = -2.172f,
  [DF_PASSED] = -2.103f,
  [DF_SUJI] = -0.096f,
  [DF_SUJI_HALF] = -0.081f,
  [DF_SUIT_SHARE] = -0.224f,
  [DF_MELDS_IN_SUIT] = 0.091f,
  [DF_ONE_SUIT] = -0.541f,
  [DF_NEAR_THROWN] = 0.090f,
  [DF_WALL_NEIGHBOUR] = -0.345f,
  [DF_VALUED_HONOR] = 0.144f,
  [DF_AGE_MIDDLE] = -0.269f,
  [DF_AGE_HONOR] = -0.112f,
  [DF_AGE_THROWN] = 0.265f,
  [DF_AGE_SUJI] = -0.077f,
  [DF_AGE_SUIT_SHARE] = -0.287f,
  [DF_AGE_ONE_SUIT] = 0.595f,
  [DF_AGE_FEW_LEFT] = -0.365f,
  [DF_LATE_MIDDLES] = 0.858f,
  [DF_PATTERN_THIRD] = 1.405f,
  [DF_PUNGS_TERMINAL] = 0.136f,
  [DF_PUNGS_SIMPLE] = -0.096f,
  [DF_HONOR_FLUSH] = -0.687f,
  [DF_HONOR_MELDS] = 0.800f,
  [DF_CLAIMED] = 0.171f,
  [DF_CLAIMED_THREE] = 0.189f,
  [DF_WALL_END] = 0.031f,
  [DF_SHAPE_ABOVE] = -0.115f,
  [DF_SHAPE_BELOW] = -0.062f,
  [DF_SHAPE_CLOSED] = -0.080f,
  [DF_SHAPE_PAIR] = 0.214f,
  [DF_SHAPE_SINGLE] = 0.167f,
  [DF_AGE_SHAPES] = 0.981f,
};

/* How likely t completes q's hand for a win: by its shapes when q said
   he is ready, else by the model. */
static double win_chance(const mj_game *g, int q, mj_tile t,
                         const uint8_t seen[MJ_KINDS], mj_tileset passed)
{
  int k = mjb_ready_decl(g, q);
  if (k >= 0)
    return ready_chance(t, seen, safe_against(g, q, k) | passed);
  float x[DF_N];
  danger_features(g, q, t, seen, passed, x);
  double z = 0;
  for (int i = 0; i < DF_N; i++)
    z += DANGER_W[i] * x[i];
  return 1 / (1 + exp(-z));
}

/* The tiles p sees: those in sight, and p's own. */
void mjb_seen_by(const mj_game *g, int p, uint8_t seen[MJ_KINDS])
                 {
                 mj_game_visible(g, p, seen);
  const uint8_t *own = mj_hand_counts(mj_game_hand(g, p));
  for (int t = 0; t < MJ_KINDS; t++)
    seen[t] = (uint8_t)(seen[t] + own[t]);
}

/* passed_by for each seat but p (p's own: none). */
void mjb_passed_all(const mj_game *g, int p, mj_tileset passed[4])
                    {
                    for (int q = 0; q < 4; q++)
    passed[q] = q == p ? 0 : mjb_passed_by(g, q);
}

/* How likely discarding t now deals in: the model's chance summed over
** the others still in play. */
double mjb_deal_in_chance(const mj_game *g, int p, mj_tile t,
                          const uint8_t seen[MJ_KINDS],
                          const mj_tileset passed[4])
{
  double sum = 0;
  for (int q = 0; q < mj_game_players(g); q++)
    if (q != p && mj_game_active(g, q))
      sum += win_chance(g, q, t, seen, passed[q]);
  return sum;
}


double mj_bot_deal_in(const mj_game *g, int p, mj_tile t)
{
  uint8_t seen[MJ_KINDS];
  mjb_seen_by(g, p, seen);
  mj_tileset passed[4];
  mjb_passed_all(g, p, passed);
  return mjb_deal_in_chance(g, p, t, seen, passed);
}

int mj_bot_danger_features(const mj_game *g, int p, int q, mj_tile t,
                           float *x, int cap)
{
  uint8_t seen[MJ_KINDS];
  mjb_seen_by(g, p, seen);
  float f[DF_N];
  danger_features(g, q, t, seen, mjb_passed_by(g, q), f);
  for (int i = 0; i < DF_N && i < cap; i++)
    x[i] = f[i];
  return DF_N;
}
