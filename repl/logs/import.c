/*
** import.c
** hule import: a tenhou.net/6 game log (FORMATS-riichi.md) replayed
** round by round through a riichi ruleset. Each round's wall is rebuilt
** from its deals, takes and indicators (the turn order worked out from
** the takes' calls), its moves made through the game as any player's
** would be, and its recorded result (who won, from whom, the points,
** the yaku and the deltas) compared with what the game made of them: the
** first difference stops the import, naming the round and the field. The
** log is a claim, every field of it: nothing of it is trusted.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "i18n.h"
#include "fileio.h"
#include "game.h"
#include "ledger.h"
#include "match.h"
#include "text.h"
#include "replay.h"
#include "rules.h"
#include "score.h"

#include "logs.h"

enum { MAX_MOVES = 64, MAX_LOG = 8 << 20 };

/* One round of the log, its parts checked for shape. */
/* An array's items by index (cJSON's lists walk from the head). */
typedef struct items6 {
  const cJSON *at[40];
  int n;
} items6;

typedef struct round6 {
  int np;                  /* the seats */
  int kyoku, honba, sticks, scores[4];
  int dora[5], ndora, ura[5], nura;
  cJSON *hai[4], *result;
  items6 takes[4], discs[4];
} round6;

/* Item i of v, NULL past its ends. */
static const cJSON *item(const items6 *v, int i)
{
  return i >= 0 && i < v->n ? v->at[i] : NULL;
}

typedef struct imp {
  const mj_rules *r;
  int no;                  /* the round's index, 0 first */
  char where[48];          /* "round 3 (East 3, 1 honba)" */
  mj_error *err;
  bool mjai;               /* from an mjai log: no points text, no yaku */
  int np;                  /* the seats: 4, or 3 (三, the fourth empty) */
} imp;

static mj_status bad(imp *x, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static mj_status bad(imp *x, const char *fmt, ...)
{
  char m[240];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m, sizeof m, _(fmt), ap);
  va_end(ap);
  return mj_fail(x->err, MJ_EINVAL, 0, "%.47s: %s", x->where, m);
}

/* A tenhou tile (11..47, 51..53) as ours, its red in *red; false when
   it is none. */
static bool tile6(int v, mj_tile *t, bool *red)
{
  static const mj_tile honors[7] = { 27, 28, 29, 30, 33, 32, 31 };
  *red = false;
  if (v >= 51 && v <= 53) {
    *t = (mj_tile)((v - 51) * 9 + 4);
    *red = true;
    return true;
  }
  int su = v / 10, n = v % 10;
  if (su >= 1 && su <= 3 && n >= 1 && n <= 9) {
    *t = (mj_tile)((su - 1) * 9 + n - 1);
    return true;
  }
  if (su == 4 && n >= 1 && n <= 7) {
    *t = honors[n - 1];
    return true;
  }
  return false;
}

/* A call string ("c275226", "p252525", "m39393939", "3636k3636",
   "161616a16", "r35", a North set aside "f44"): its letter, where it
   stands, and its tiles. */
typedef struct call6 {
  char kind;               /* c p m k a r f */
  int at;                  /* the letter's index */
  int n;                   /* tiles */
  int v[5];                /* tenhou numbers, the claimed or added one
                              first */
} call6;

static bool parse_call(const char *s, call6 *c)
{
  size_t n = strlen(s);
  memset(c, 0, sizeof *c);
  if (n < 3 || n > 11)
    return false;
  int pos = -1;
  for (size_t i = 0; i < n; i++) {
    if (s[i] >= '0' && s[i] <= '9')
      continue;
    if (pos >= 0 || !strchr("cpmkarf", s[i]))
      return false;
    pos = (int)i;
  }
  if (pos < 0 || pos % 2 != 0 || (n - 1) % 2 != 0)
    return false;
  c->kind = s[pos];
  c->at = pos;
  c->v[c->n++] = (s[pos + 1] - '0') * 10 + (s[pos + 2] - '0');
  for (size_t i = 0; i + 1 < n; i += 2) {
    if ((int)i == pos) {
      i++;                 /* the letter and the tile after it, done */
      if (i + 1 >= n)
        break;
      continue;
    }
    if (c->n < 5)
      c->v[c->n++] = (s[i] - '0') * 10 + (s[i + 1] - '0');
  }
  return true;
}

/* A called tile's seat at a table of np: the letter at 0 is the left
   player (上家, the one before), 2 across, 4 (6 for an open kong) the
   right (the one after). */
static int call_from(const call6 *c, int p, int np)
{
  int off = c->at == 0 ? np - 1 : c->at == 2 ? 2 : 1;
  return (p + off) % np;
}

static int int_at(const cJSON *a, int i, int lo, int hi, bool *ok)
{
  const cJSON *j = cJSON_GetArrayItem(a, i);
  if (!cJSON_IsNumber(j) || j->valuedouble < lo || j->valuedouble > hi ||
      j->valuedouble != (int)j->valuedouble) {
    *ok = false;
    return lo;
  }
  return (int)j->valuedouble;
}

/* Round i of the log's "log" array, its shape checked. */
static mj_status read_round(imp *x, const cJSON *rj, round6 *rd)
{
  memset(rd, 0, sizeof *rd);
  rd->np = x->np;
  bool ok = cJSON_IsArray(rj) && cJSON_GetArraySize(rj) == 17;
  const cJSON *h = ok ? cJSON_GetArrayItem(rj, 0) : NULL;
  const cJSON *sc = ok ? cJSON_GetArrayItem(rj, 1) : NULL;
  if (!ok || !cJSON_IsArray(h) || cJSON_GetArraySize(h) != 3 ||
      !cJSON_IsArray(sc) || cJSON_GetArraySize(sc) != 4)
    return bad(x, "a round is an array of 17 items, the first "
               "[kyoku, honba, sticks] and then the four scores");
  rd->kyoku = int_at(h, 0, 0, 15, &ok);
  if (ok && rd->kyoku % 4 >= x->np)
    return bad(x, "kyoku %d names seat %d as the dealer: the table has %d",
               rd->kyoku, rd->kyoku % 4, x->np);
  rd->honba = int_at(h, 1, 0, 100, &ok);
  rd->sticks = int_at(h, 2, 0, 100, &ok);
  for (int p = 0; p < 4; p++)
    rd->scores[p] = int_at(sc, p, -1000000, 1000000, &ok);
  if (!ok)
    return bad(x, "kyoku is 0..15, honba and sticks 0..100, scores whole "
               "numbers");
  const cJSON *d = cJSON_GetArrayItem(rj, 2), *u = cJSON_GetArrayItem(rj, 3);
  if (!cJSON_IsArray(d) || !cJSON_IsArray(u) || cJSON_GetArraySize(d) < 1 ||
      cJSON_GetArraySize(d) > 5 || cJSON_GetArraySize(u) > 5)
    return bad(x, "the dora indicators are 1..5 tiles, the ura 0..5");
  rd->ndora = cJSON_GetArraySize(d);
  rd->nura = cJSON_GetArraySize(u);
  for (int i = 0; i < rd->ndora; i++)
    rd->dora[i] = int_at(d, i, 11, 53, &ok);
  for (int i = 0; i < rd->nura; i++)
    rd->ura[i] = int_at(u, i, 11, 53, &ok);
  for (int p = 0; p < 4; p++) {
    rd->hai[p] = cJSON_GetArrayItem(rj, 4 + 3 * p);
    const cJSON *take = cJSON_GetArrayItem(rj, 5 + 3 * p);
    const cJSON *disc = cJSON_GetArrayItem(rj, 6 + 3 * p);
    if (p >= x->np) {      /* no seat: nothing dealt, taken or thrown */
      if (!cJSON_IsArray(rd->hai[p]) || cJSON_GetArraySize(rd->hai[p]) != 0 ||
          !cJSON_IsArray(take) || cJSON_GetArraySize(take) != 0 ||
          !cJSON_IsArray(disc) || cJSON_GetArraySize(disc) != 0 ||
          rd->scores[p] != 0)
        return bad(x, "a three-player log leaves the fourth seat empty: "
                   "no tiles, score 0");
      continue;
    }
    if (!cJSON_IsArray(rd->hai[p]) || cJSON_GetArraySize(rd->hai[p]) != 13 ||
        !cJSON_IsArray(take) || !cJSON_IsArray(disc) ||
        cJSON_GetArraySize(take) > 40 || cJSON_GetArraySize(disc) > 40)
      return bad(x, "each seat has 13 dealt tiles and lists of takes and "
                 "discards");
    const cJSON *j;
    cJSON_ArrayForEach(j, take)
      rd->takes[p].at[rd->takes[p].n++] = j;
    cJSON_ArrayForEach(j, disc)
      rd->discs[p].at[rd->discs[p].n++] = j;
  }
  rd->result = cJSON_GetArrayItem(rj, 16);
  if (!cJSON_IsArray(rd->result) || !cJSON_IsString(
                                        cJSON_GetArrayItem(rd->result, 0)))
    return bad(x, "the result is an array that starts with its name");
  return ok ? MJ_OK : bad(x, "an indicator is not a tile");
}

/* {====================================================================
** The wall: the order of the draws worked out from the takes
** ===================================================================== */

typedef struct wall6 {
  mj_tile t[MJ_WALL_MAX];
  uint8_t red[MJ_WALL_MAX];
  int nlive, nrep;
  int live[MJ_WALL_MAX], rep[8];   /* tenhou numbers, in the order drawn */
  int8_t claimer[MJ_WALL_MAX];     /* who called discard k, -1 none */
} wall6;

/* Is take k of seat q a call on from's discard of v? */
static bool claims(const round6 *rd, int q, int k, int from, int v)
{
  const cJSON *j = item(&rd->takes[q], k);
  call6 c;
  if (!cJSON_IsString(j) || !parse_call(j->valuestring, &c) ||
      !strchr("cpm", c.kind) || call_from(&c, q, rd->np) != from)
    return false;
  mj_tile a, b;
  bool ra, rb;
  return tile6(c.v[0], &a, &ra) && tile6(v, &b, &rb) && a == b && ra == rb;
}

/* Where the walk through a round's takes and discards stands. */
typedef struct pos6 {
  int ti[4], di[4];
  int cur, last, nlive, nrep, ndisc;
  bool drawn, rep;         /* cur takes next (a kong's replacement) */
} pos6;

/* Walk the round as the turns go from p: every take that is a tile drawn
   from the live wall or as a kong's replacement, in order, into w. A
   call may be made on a later discard of the same tile than the first
   it could claim, so each chance to call is tried, then let go: true
   when the walk uses every take and discard, *budget the tries left. */
static bool walk_from(const round6 *rd, wall6 *w, pos6 p, int *budget)
{
  int nt[4], nd[4], np = rd->np;
  for (int q = 0; q < 4; q++) {
    nt[q] = rd->takes[q].n;
    nd[q] = rd->discs[q].n;
  }
  for (int steps = 0; steps < 400; steps++) {
    int cur = p.cur;
    if (p.drawn) {
      if (p.ti[cur] >= nt[cur])
        break;                         /* the round ended */
      const cJSON *j = item(&rd->takes[cur], p.ti[cur]++);
      if (!cJSON_IsNumber(j))
        return false;                  /* a call where he draws */
      p.last = (int)j->valuedouble;
      if (p.rep) {
        if (p.nrep >= 8)
          return false;
        w->rep[p.nrep++] = p.last;
      } else {
        if (p.nlive >= MJ_WALL_MAX)
          return false;
        w->live[p.nlive++] = p.last;
      }
      p.rep = false;
    }
    if (p.di[cur] >= nd[cur])
      break;                           /* won on his draw, or the end */
    const cJSON *d = item(&rd->discs[cur], p.di[cur]++);
    call6 c = { 0 };
    if (cJSON_IsString(d) && !parse_call(d->valuestring, &c))
      return false;
    if (c.kind == 'a' || c.kind == 'k' || c.kind == 'f') {
      p.drawn = p.rep = true;          /* a kong or a North set aside: */
      continue;                        /* its replacement next */
    }
    int v = c.kind == 'r' ? c.v[0]
          : cJSON_IsNumber(d) ? (int)d->valuedouble : -1;
    if (v == 60)
      v = p.last;
    if (v < 11 || p.ndisc >= MJ_WALL_MAX)
      return false;
    int k0 = p.ndisc++;
    /* a call on it (a pung or a kong before a chow), or none */
    for (int pass = 0; pass < 2; pass++)
      for (int k = 1; k < np; k++) {
        int q = (cur + k) % np;
        if (p.ti[q] >= nt[q] || !claims(rd, q, p.ti[q], cur, v))
          continue;
        const cJSON *j = item(&rd->takes[q], p.ti[q]);
        bool chow = strchr(j->valuestring, 'c') != NULL;
        if (chow != (pass == 1) || --*budget < 0)
          continue;
        pos6 t = p;
        t.ti[q]++;
        t.cur = q;
        t.drawn = t.rep = false;
        if (strchr(j->valuestring, 'm') != NULL) {   /* an open kong */
          if (t.di[q] < nd[q] &&
              cJSON_IsNumber(item(&rd->discs[q], t.di[q])))
            t.di[q]++;                   /* its 0: no discard */
          t.drawn = t.rep = true;
        }
        w->claimer[k0] = (int8_t)q;
        if (walk_from(rd, w, t, budget))
          return true;
      }
    w->claimer[k0] = -1;
    p.cur = (cur + 1) % np;
    p.drawn = true;
  }
  for (int q = 0; q < 4; q++)
    if (p.ti[q] != nt[q] || p.di[q] != nd[q])
      return false;
  w->nlive = p.nlive;
  w->nrep = p.nrep;
  return true;
}

static mj_status walk(imp *x, const round6 *rd, wall6 *w)
{
  pos6 p;
  memset(&p, 0, sizeof p);
  p.cur = rd->kyoku % 4;
  p.drawn = true;
  int budget = 20000;
  if (walk_from(rd, w, p, &budget))
    return MJ_OK;
  return bad(x, "the takes and discards follow no order of turns (each "
             "seat's calls claiming discards of the seat their letter "
             "names)");
}

/* The tiles of v's kind and red in count, one more. */
static bool count_in(uint8_t n[MJ_KINDS], uint8_t reds[3], int v, mj_tile *t,
                     bool *red)
{
  if (!tile6(v, t, red) || n[*t] >= 4 || (*red && reds[*t / 9] >= 1))
    return false;
  n[*t]++;
  if (*red)
    reds[*t / 9]++;
  return true;
}

/* The wall of the round: the deals from the dealer, the live draws in
   order, the others' tiles in between, and at the tail the replacements
   then each indicator over its ura, unknown ones filled from what is
   left. */
static mj_status build_wall(imp *x, const round6 *rd, wall6 *w, int aka)
{
  uint8_t n[MJ_KINDS] = { 0 }, reds[3] = { 0 };
  mj_tile head[MJ_WALL_MAX];
  uint8_t hred[MJ_WALL_MAX];
  int nh = 0;
  bool red;
  int total = mj_rules_ctable(x->r)->tiles;
  mj_tileset set = mj_rules_ctable(x->r)->set;
  for (int k = 0; k < rd->np; k++) {
    int p = (rd->kyoku + k) % rd->np;
    for (int i = 0; i < 13; i++, nh++) {
      const cJSON *j = cJSON_GetArrayItem(rd->hai[p], i);
      if (!cJSON_IsNumber(j) ||
          !count_in(n, reds, (int)j->valuedouble, &head[nh], &red))
        return bad(x, "a dealt tile is no tile, or one too many");
      hred[nh] = red;
    }
  }
  for (int i = 0; i < w->nlive; i++, nh++) {
    if (!count_in(n, reds, w->live[i], &head[nh], &red))
      return bad(x, "a drawn tile is no tile, or one too many");
    hred[nh] = red;
  }
  /* the tail, from the wall's last tile: four replacements, ura and
     dora, then the replacements past four (北抜き and kongs) */
  enum { NT = 18 };
  int tv[NT];
  for (int i = 0; i < NT; i++)
    tv[i] = 0;
  for (int i = 0; i < w->nrep; i++)
    tv[i < 4 ? i : 14 + i - 4] = w->rep[i];
  for (int i = 0; i < rd->ndora; i++)
    tv[5 + 2 * i] = rd->dora[i];
  for (int i = 0; i < rd->nura; i++)
    tv[4 + 2 * i] = rd->ura[i];
  mj_tile tail[NT];
  uint8_t tred[NT] = { 0 };
  for (int i = 0; i < NT; i++) {
    if (tv[i] == 0)
      continue;
    if (!count_in(n, reds, tv[i], &tail[i], &red))
      return bad(x, "an indicator or replacement is no tile, or one too "
                 "many");
    tred[i] = red;
  }
  int ntail = w->nrep > 4 ? 14 + w->nrep - 4 : 14;
  if (nh + ntail > total)
    return bad(x, "more tiles drawn than the wall holds");
  /* what is left fills the unknown places */
  mj_tile rest[MJ_WALL_MAX];
  uint8_t rred[MJ_WALL_MAX] = { 0 };
  int nr = 0;
  for (int t = 0; t < MJ_KINDS; t++)
    for (int c = n[t]; c < 4 && (set & MJ_BIT(t)); c++) {
      bool five = t < MJ_HONOR_FIRST && t % 9 == 4;
      rred[nr] = five && reds[t / 9] < aka && c == 3;
      rest[nr++] = (mj_tile)t;
    }
  int ri = 0;
  for (int i = 0; i < ntail; i++)
    if (tv[i] == 0) {
      tail[i] = rest[ri];
      tred[i] = rred[ri++];
    }
  memset(w->red, 0, sizeof w->red);
  for (int i = 0; i < nh; i++)
    w->t[i] = head[i], w->red[i] = hred[i];
  for (int i = nh; i < total - ntail; i++, ri++)
    w->t[i] = rest[ri], w->red[i] = rred[ri];
  for (int i = 0; i < ntail; i++)
    w->t[total - 1 - i] = tail[i], w->red[total - 1 - i] = tred[i];
  return MJ_OK;
}

/* }==================================================================== */

/* {====================================================================
** The moves, made through the game
** ===================================================================== */

typedef struct play6 {
  const round6 *rd;
  const wall6 *w;          /* who called which discard */
  int ti[4], di[4];
  int winners[4], from[4], nwin;   /* the recorded wins */
  bool kyuushu;
} play6;

/* The legal action of p that is (type, tile, red); false if none. */
static bool find_legal(const mj_game *g, int p, int type, mj_tile t, int red,
                       mj_action *out)
{
  mj_action l[MJ_MAX_LEGAL];
  int n = mj_game_legal(g, p, l, MJ_MAX_LEGAL);
  for (int i = 0; i < n; i++)
    if (l[i].type == type && (t == MJ_NO_TILE || l[i].tile == t) &&
        (red < 0 || l[i].red == red)) {
      *out = l[i];
      return true;
    }
  return false;
}

static mj_status act(imp *x, mj_game *g, const mj_action *a, const char *what)
{
  mj_error e;
  if (mj_game_act(g, a, &e) != MJ_OK) {
    return bad(x, "%s is refused: %s", what, e.msg);
  }
  return MJ_OK;
}

/* Seat p in his turn: the log's next discard, kong, riichi, a win on
   his draw, or 九種九牌. */
static mj_status turn_move(imp *x, play6 *s, mj_game *g, int p)
{
  const round6 *rd = s->rd;
  mj_action a;
  bool red;
  mj_tile t;
  if (s->di[p] >= rd->discs[p].n) {
    bool self = false;
    for (int k = 0; k < s->nwin; k++)
      self = self || (s->winners[k] == p && s->from[k] == p);
    if (!s->kyuushu && !self)
      return bad(x, "the log ends the round (%s) with seat %s to discard",
                 cJSON_GetArrayItem(rd->result, 0)->valuestring,
                 (const char *[]){ "0", "1", "2", "3" }[p]);
    int type = s->kyuushu ? MJ_ACT_DECLARE : MJ_ACT_WIN;
    if (!find_legal(g, p, type, MJ_NO_TILE, -1, &a))
      return bad(x, "seat %s has no discard left and cannot %s",
                 (const char *[]){ "0", "1", "2", "3" }[p],
                 s->kyuushu ? "call 九種九牌" : "win on his draw");
    return act(x, g, &a, s->kyuushu ? "九種九牌" : "the self-drawn win");
  }
  const cJSON *d = item(&rd->discs[p], s->di[p]++);
  call6 c = { 0 };
  if (cJSON_IsString(d) && !parse_call(d->valuestring, &c))
    return bad(x, "the discard \"%s\" is not one", d->valuestring);
  if (c.kind == 'f') {     /* a North set aside (北抜き) */
    mj_action l[MJ_MAX_LEGAL];
    int n = mj_game_legal(g, p, l, MJ_MAX_LEGAL);
    for (int i = 0; i < n; i++) {
      const mj_decl_def *dd = l[i].type == MJ_ACT_DECLARE &&
                              !MJ_DECL_IS_WITH(l[i].tile)
                              ? mj_game_decl(g, l[i].tile) : NULL;
      if (dd != NULL && tile6(c.v[0], &t, &red) && dd->aside == t)
        return act(x, g, &l[i], "the North set aside");
    }
    return bad(x, "setting \"%s\" aside is not legal", d->valuestring);
  }
  if (c.kind == 'a' || c.kind == 'k') {
    if (!tile6(c.v[0], &t, &red) ||
        !find_legal(g, p, c.kind == 'a' ? MJ_ACT_CKONG : MJ_ACT_AKONG, t, -1,
                    &a))
      return bad(x, "the kong \"%s\" is not legal", d->valuestring);
    return act(x, g, &a, "a kong");
  }
  int v = c.kind == 'r' ? c.v[0] : cJSON_IsNumber(d) ? (int)d->valuedouble
                                                     : -1;
  bool tsumogiri = v == 60;
  if (tsumogiri) {
    t = mj_game_last_draw(g);
    red = -1;
  } else if (!tile6(v, &t, &red)) {
    return bad(x, "a discard is no tile");
  }
  if (c.kind == 'r') {
    mj_action l[MJ_MAX_LEGAL];
    int n = mj_game_legal(g, p, l, MJ_MAX_LEGAL);
    for (int i = 0; i < n; i++)
      if (l[i].type == MJ_ACT_DECLARE && MJ_DECL_IS_WITH(l[i].tile) &&
          MJ_DECL_TILE(l[i].tile) == t && (tsumogiri || l[i].red == red))
        return act(x, g, &l[i], "the riichi");
    return bad(x, "riichi with that discard is not legal");
  }
  /* a tsumogiri throws the tile drawn, red or not; the game checks the
     discard as its list of legal moves would, without making the list */
  a = (mj_action){ MJ_ACT_DISCARD, (uint8_t)p, t,
                   (uint8_t)(tsumogiri ? mj_game_last_draw_red(g) : red) };
  char what[64], b[3];
  mj_tile_str(t, b);
  if (a.red)
    b[0] = '0';
  snprintf(what, sizeof what, _("seat %d's discard of %s"), p, b);
  return act(x, g, &a, what);
}

/* Seat q may claim the tile on offer: the log's win, call, or a pass. */
static mj_status claim_move(imp *x, play6 *s, mj_game *g, int q)
{
  const round6 *rd = s->rd;
  int from;
  mj_tile t = mj_game_pending(g, &from);
  mj_action a = { MJ_ACT_PASS, (uint8_t)q, t, 0 };
  bool last = s->di[from] >= rd->discs[from].n;
  for (int k = 0; k < s->nwin; k++)
    if (s->winners[k] == q && s->from[k] == from && last) {
      if (!find_legal(g, q, MJ_ACT_WIN, MJ_NO_TILE, -1, &a))
        return bad(x, "the recorded win on a discard is no win here");
      return act(x, g, &a, "the win");
    }
  const cJSON *j = item(&rd->takes[q], s->ti[q]);
  call6 c;
  int ndisc = 0;
  for (int i = 0; i < mj_game_nevents(g); i++)
    ndisc += mj_game_event(g, i)->type == MJ_EV_DISCARD;
  bool called = ndisc > 0 && ndisc <= MJ_WALL_MAX &&
                s->w->claimer[ndisc - 1] == q;
  if (mj_game_phase(g) == MJ_PHASE_CLAIM && called && cJSON_IsString(j) &&
      parse_call(j->valuestring, &c) && strchr("cpm", c.kind) &&
      call_from(&c, q, rd->np) == from) {
    mj_tile ct;
    bool red;
    if (tile6(c.v[0], &ct, &red) && ct == t) {
      int type = c.kind == 'c' ? MJ_ACT_CHI : c.kind == 'p' ? MJ_ACT_PON
                                                            : MJ_ACT_KONG;
      mj_tile lo = MJ_NO_TILE;
      if (c.kind == 'c') {         /* the chow's lowest tile */
        lo = ct;
        for (int i = 1; i < c.n; i++) {
          mj_tile u;
          if (tile6(c.v[i], &u, &red) && u < lo)
            lo = u;
        }
      }
      /* the red fives the log's call takes from the hand: the same
         call the game offers taking them, else the only one */
      int want = 0;
      for (int i = 1; i < c.n; i++)
        want += c.v[i] >= 51 && c.v[i] <= 53;
      if (!(want > 0 && c.kind != 'm' && find_legal(g, q, type, lo, 1, &a)) &&
          !find_legal(g, q, type, lo, 0, &a))
        return bad(x, "the call \"%s\" is not legal", j->valuestring);
      s->ti[q]++;
      if (c.kind == 'm' && s->di[q] < rd->discs[q].n &&
          cJSON_IsNumber(item(&rd->discs[q], s->di[q])))
        s->di[q]++;              /* the open kong's 0 */
      mj_status st = act(x, g, &a, "the call");
      const mj_event *e = mj_game_event(g, mj_game_nevents(g) - 1);
      if (st == MJ_OK && (e->type == MJ_EV_CHI || e->type == MJ_EV_PON ||
                          e->type == MJ_EV_KONG) && e->red != want)
        return bad(x, "seat %d's call \"%s\": red fives from the hand: the "
                   "log says %d, the hand gives %d", q, j->valuestring, want,
                   e->red);
      return st;
    }
  }
  return act(x, g, &a, "a pass");
}

/* Play the round to its end through the game. */
static mj_status play_round(imp *x, play6 *s, mj_game *g)
{
  int last_turn = -1, last_n = -1;
  for (int steps = 0; steps < 2000 && !mj_game_over(g); steps++) {
    unsigned w = mj_game_waiting(g);
    if (w == 0)
      return bad(x, "the game waits on nobody");
    if (mj_game_phase(g) == MJ_PHASE_TURN) {
      int p = mj_game_turn(g);
      /* a turn begun by a draw: the log's take */
      int n = mj_game_nevents(g);
      const mj_event *e = mj_game_event(g, n - 1);
      if (e->type == MJ_EV_DRAW && e->player == p &&
          (p != last_turn || n != last_n)) {
        s->ti[p]++;
      }
      last_turn = p, last_n = n;
      mj_status st = turn_move(x, s, g, p);
      if (st != MJ_OK)
        return st;
      continue;
    }
    for (int q = 0; q < s->rd->np; q++)
      if (w >> q & 1) {
        mj_status st = claim_move(x, s, g, q);
        if (st != MJ_OK)
          return st;
      }
  }
  return mj_game_over(g) ? MJ_OK
                         : bad(x, "the round does not end");
}

/* }==================================================================== */

/* {====================================================================
** The result, compared
** ===================================================================== */

/* The yaku of a recorded win as (fan, count) pairs sorted; -1 when one is
   unknown, its name in bad_name. */
static int recorded_yaku(const mj_rules *r, const cJSON *info, int out[][2],
                         int max, char *bad_name, size_t cap)
{
  int n = 0;
  for (int i = 4; i < cJSON_GetArraySize(info) && n < max; i++) {
    const cJSON *y = cJSON_GetArrayItem(info, i);
    if (!cJSON_IsString(y))
      return -1;
    char name[96];
    snprintf(name, sizeof name, "%s", y->valuestring);
    char *paren = strchr(name, '(');
    int han = 1;
    if (paren != NULL) {
      han = atoi(paren + 1);
      *paren = '\0';
    }
    int f = mj_rules_find_fan(r, name);
    char *sp = strchr(name, ' ');
    if (f < 0 && sp != NULL) {      /* 自風 東, 場風 南 */
      *sp = '\0';
      f = mj_rules_find_fan(r, name);
    }
    if (f < 0) {
      snprintf(bad_name, cap, "%s", y->valuestring);
      return -1;
    }
    bool count = mj_rules_fan(r, f)->kind == MJ_FK_COUNT;
    if (count && han == 0)
      continue;                    /* 裏ドラ(0飜) */
    out[n][0] = f, out[n][1] = count ? han : 1;
    n++;
  }
  return n;
}

static int pair_cmp(const void *a, const void *b)
{
  const int *x = a, *y = b;
  return x[0] != y[0] ? x[0] - y[0] : x[1] - y[1];
}

/* Our win k's yaku as the same pairs. */
static int our_yaku(const mj_rules *r, const mj_score *s, int out[][2],
                    int max)
{
  int n = 0;
  for (int q = 0; q < s->nhits && n < max; q++) {
    if (mj_rules_fan(r, s->hits[q].fan)->factor)
      continue;
    bool count = mj_rules_fan(r, s->hits[q].fan)->kind == MJ_FK_COUNT;
    out[n][0] = s->hits[q].fan;
    out[n][1] = count ? s->hits[q].count : 1;
    n++;
  }
  return n;
}

/* The recorded points text against win k's payments. */
static bool same_points(const mj_game *g, int k, const char *text, int who,
                        int from, int dealer)
{
  int np = mj_game_players(g);
  const char *fu = strstr(text, "符"), *han = strstr(text, "飜");
  const mj_score *s = mj_game_result(g, k);
  if (fu != NULL && han != NULL) {
    if (atoi(text) != s->parts || atoi(fu + strlen("符")) != s->fan)
      return false;
  }
  /* the amount: the digits before 点 */
  const char *pt = strstr(text, "点");
  if (pt == NULL)
    return false;
  const char *b = pt;
  while (b > text && ((b[-1] >= '0' && b[-1] <= '9') || b[-1] == '-'))
    b--;
  int a1 = atoi(b), a2 = 0;
  const char *dash = strchr(b, '-');
  if (dash != NULL && dash < pt)
    a2 = atoi(dash + 1);
  bool all = strstr(text, "∀") != NULL;
  int total = who != from ? a1 : all || who == dealer ? (np - 1) * a1
                                                    : (np - 2) * a1 + a2;
  return total == s->total;
}

/* The recorded wins (res) against the game's: winners, points, yaku. */
static mj_status compare_wins(imp *x, const round6 *rd, const play6 *s,
                              const mj_game *g)
{
  const cJSON *res = rd->result;
  int w[MJ_MAX_WINS], nw = mj_game_winners(g, w);
  if (nw != s->nwin)
    return bad(x, "the winners: the log has %s, the replay %s",
               s->nwin == 1 ? "one" : "several",
               nw == 0 ? "none" : nw == 1 ? "one" : "several");
  for (int k = 0; k < nw; k++) {
    const cJSON *info = cJSON_GetArrayItem(res, 2 + 2 * k);
    if (w[k] != s->winners[k] && nw == 1)
      return bad(x, "the winner differs");
    int j = 0;
    while (j < s->nwin && s->winners[j] != w[k])
      j++;
    if (j == s->nwin)
      return bad(x, "the winner differs");
    info = cJSON_GetArrayItem(res, 2 + 2 * j);
    const cJSON *pts = cJSON_GetArrayItem(info, 3);
    if (x->mjai && cJSON_IsString(pts) && pts->valuestring[0] == '\0')
      continue;                    /* mjai: the deltas say it all */
    if (!cJSON_IsString(pts) ||
        !same_points(g, k, pts->valuestring, s->winners[j], s->from[j],
                     rd->kyoku % 4)) {
      char ours[64];
      snprintf(ours, sizeof ours, "%d (%d han %d fu)",
               mj_game_result(g, k)->total, mj_game_result(g, k)->fan,
               mj_game_result(g, k)->parts);
      return bad(x, "the points: the log says %s, the replay %s",
                 cJSON_IsString(pts) ? pts->valuestring : "?", ours);
    }
    int a[24][2], b[24][2];
    char unknown[96] = "";
    int na = recorded_yaku(x->r, info, a, 24, unknown, sizeof unknown);
    if (na < 0)
      return bad(x, "the yaku \"%s\" is none of the ruleset's", unknown);
    int nb = our_yaku(x->r, mj_game_result(g, k), b, 24);
    qsort(a, (size_t)na, sizeof a[0], pair_cmp);
    qsort(b, (size_t)nb, sizeof b[0], pair_cmp);
    if (na != nb || memcmp(a, b, sizeof a[0] * (size_t)na) != 0) {
      char line[256];
      mj_score_fans_line(x->r, mj_game_result(g, k), line, sizeof line);
      return bad(x, "the yaku differ: the replay has %s", line);
    }
  }
  return MJ_OK;
}

static mj_status compare(imp *x, const round6 *rd, const play6 *s,
                         const mj_game *g, int base_pay[4])
{
  const cJSON *res = rd->result;
  const char *name = cJSON_GetArrayItem(res, 0)->valuestring;
  int nres = cJSON_GetArraySize(res);
  int rec[4] = { 0, 0, 0, 0 };
  bool win = strcmp(name, "和了") == 0;
  for (int i = 1; i < nres; i += win ? 2 : 1) {
    const cJSON *dl = cJSON_GetArrayItem(res, i);
    if (!cJSON_IsArray(dl) || cJSON_GetArraySize(dl) != 4)
      return bad(x, "the result's deltas are four numbers");
    bool ok = true;
    for (int p = 0; p < 4; p++)
      rec[p] += int_at(dl, p, -1000000, 1000000, &ok);
    if (!ok)
      return bad(x, "the result's deltas are four numbers");
  }
  int w[MJ_MAX_WINS], nw = mj_game_winners(g, w);
  if (win) {
    mj_status st = compare_wins(x, rd, s, g);
    if (st != MJ_OK)
      return st;
  } else {
    if (nw > 0)
      return bad(x, "the log has no win (%s), the replay has one", name);
    const char *ours = "流局";
    int n = mj_game_nevents(g);
    const mj_event *e = mj_game_event(g, n - 1);
    if (e->type == MJ_EV_ABORT)
      ours = mj_game_reason(g, e->tile);
    bool same = !strcmp(name, ours) || !strcmp(name, "ryukyoku") ||
                (!strcmp(name, "三家和了") &&
                                        !strcmp(ours, "三家和")) ||
                ((!strcmp(name, "流し満貫") || !strcmp(name, "全員聴牌") ||
                  !strcmp(name, "全員不聴")) && !strcmp(ours, "流局"));
    if (!same)
      return bad(x, "the end: the log has %s, the replay %s", name, ours);
  }
  /* the deltas: the hand's payments, a riichi stick put down left out
     (the log counts it in the next round's scores) */
  int pay[4];
  mj_game_payments(g, pay);
  const mj_payment *l;
  int nl = mj_game_ledger(g, &l);
  for (int i = 0; i < nl; i++)
    if (l[i].payee == MJ_POT && l[i].payer < 4)
      pay[l[i].payer] += l[i].amount;
  for (int p = 0; p < 4; p++) {
    base_pay[p] = pay[p];
    if (nres > 1 && pay[p] != rec[p]) {
      char m[120];
      snprintf(m, sizeof m, _("seat %d's delta: the log has %+d, the replay "
               "%+d"), p, rec[p], pay[p]);
      return bad(x, "%s", m);
    }
  }
  return MJ_OK;
}

/* }==================================================================== */

/* The recorded winners of the round, in its order. */
static mj_status recorded_wins(imp *x, const round6 *rd, play6 *s)
{
  const cJSON *res = rd->result;
  const char *name = cJSON_GetArrayItem(res, 0)->valuestring;
  s->kyuushu = strcmp(name, "九種九牌") == 0;
  if (strcmp(name, "和了") != 0)
    return MJ_OK;
  int n = cJSON_GetArraySize(res);
  if (n < 3 || n % 2 != 1 || n > 7)
    return bad(x, "a win's result is deltas and [who, from, pao, points, "
               "yaku...] for each winner");
  for (int i = 2; i < n; i += 2) {
    const cJSON *info = cJSON_GetArrayItem(res, i);
    if (!cJSON_IsArray(info) || cJSON_GetArraySize(info) < 4)
      return bad(x, "a win's result is [who, from, pao, points text, "
                 "yaku...]: this one has no points text");
    bool ok = true;
    int who = int_at(info, 0, 0, 3, &ok);
    int from = int_at(info, 1, 0, 3, &ok);
    if (!ok)
      return bad(x, "a win names its winner and payer as seats 0..3");
    s->winners[s->nwin] = who;
    s->from[s->nwin++] = from;
  }
  return MJ_OK;
}

/* What a round leaves to the next: scores, sticks, honba, the deal, and
   the dealer's wins in a row (the hule log's chain). */
typedef struct chain6 {
  int scores[4], pot, honba, dealer, streak;
} chain6;

/* Does round rd follow from the round before (ch)? */
static mj_status follows(imp *x, const round6 *rd, const chain6 *ch)
{
  char m[160] = "";
  if (memcmp(ch->scores, rd->scores, sizeof ch->scores) != 0)
    snprintf(m, sizeof m, _("the scores at its start are not those the "
             "round before left (%d %d %d %d)"), ch->scores[0],
             ch->scores[1], ch->scores[2], ch->scores[3]);
  else if (rd->sticks * 1000 != ch->pot)
    snprintf(m, sizeof m, _("%d sticks on the table, the round before left "
             "%d"), rd->sticks, ch->pot / 1000);
  else if (rd->honba != ch->honba)
    snprintf(m, sizeof m, _("honba %d, the round before makes it %d"),
             rd->honba, ch->honba);
  else if (rd->kyoku % 4 != ch->dealer)
    snprintf(m, sizeof m, _("seat %d deals, the round before gives the deal "
             "to seat %d"), rd->kyoku % 4, ch->dealer);
  return m[0] != '\0' ? bad(x, "%s", m) : MJ_OK;
}

/* What the round played in g leaves to the next. */
static void chain_after(const round6 *rd, const mj_game *g, chain6 *ch)
{
  mj_game_scores(g, ch->scores);
  ch->pot = mj_game_pot(g);
  ch->dealer = mj_game_next_dealer(g);
  int wn[MJ_MAX_WINS], nwn = mj_game_winners(g, wn);
  bool kept = ch->dealer == rd->kyoku % 4, dealer_won = false;
  ch->honba = kept || nwn == 0 ? rd->honba + 1 : 0;
  for (int k = 0; k < nwn; k++)
    dealer_won = dealer_won || wn[k] == rd->kyoku % 4;
  ch->streak = dealer_won ? ch->streak + 1 : 0;
}

/* Round i of log (rj), replayed and compared; its game in *out. */
static mj_status import_round(imp *x, const cJSON *rj, int i, int reds,
                              chain6 *ch, mj_game **out)
{
  static const char *const winds[4] = { "East", "South", "West", "North" };
  round6 rd;
  *out = NULL;
  snprintf(x->where, sizeof x->where, _("round %d"), i + 1);
  mj_status st = read_round(x, rj, &rd);
  if (st != MJ_OK)
    return st;
  snprintf(x->where, sizeof x->where, _("round %d (%s %d, %d honba)"), i + 1,
           winds[(rd.kyoku / 4) & 3], rd.kyoku % 4 + 1, rd.honba);
  if (i > 0 && (st = follows(x, &rd, ch)) != MJ_OK)
    return st;
  wall6 w;
  memset(&w, 0, sizeof w);
  play6 s;
  memset(&s, 0, sizeof s);
  s.rd = &rd;
  s.w = &w;
  if ((st = walk(x, &rd, &w)) != MJ_OK ||
      (st = build_wall(x, &rd, &w, reds)) != MJ_OK ||
      (st = recorded_wins(x, &rd, &s)) != MJ_OK)
    return st;
  mj_game_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.seed = (uint64_t)i + 1;
  cfg.dealer = rd.kyoku % 4;
  cfg.round = (rd.kyoku / 4) & 3;
  cfg.wall = w.t;
  cfg.wall_n = mj_rules_ctable(x->r)->tiles;
  cfg.wall_red = w.red;
  cfg.hand = i + 1;
  cfg.honba = rd.honba;
  cfg.streak = ch->streak;
  cfg.pot = rd.sticks * 1000;
  memcpy(cfg.scores, rd.scores, sizeof cfg.scores);
  mj_game *g = mj_game_new(x->r, &cfg, x->err);
  if (g == NULL)
    return MJ_EINVAL;
  *out = g;
  int pay[4];
  if ((st = play_round(x, &s, g)) != MJ_OK ||
      (st = compare(x, &rd, &s, g, pay)) != MJ_OK)
    return st;
  chain_after(&rd, g, ch);
  return MJ_OK;
}

/* The log at path read as JSON into a: its root, or NULL (said). */
static cJSON *read_log(const char *path, mjai_arena *a, int *reds,
                       bool *mjai)
{
  mj_error e;
  char *text;
  size_t len;
  if (mj_file_read(path, MAX_LOG, &text, &len, &e) != MJ_OK) {
    fprintf(stderr, _("Error: %s\n"), e.msg);
    return NULL;
  }
  /* an mjai log: one event a line, the first with a "type" */
  const char *nl = memchr(text, '\n', len);
  cJSON *first = cJSON_ParseWithLength(text, nl ? (size_t)(nl - text) : len);
  *mjai = cJSON_IsObject(first) &&
          cJSON_IsString(cJSON_GetObjectItemCaseSensitive(first, "type"));
  cJSON_Delete(first);
  cJSON *root = *mjai ? mjai_to_tenhou6(text, len, a, &e)
                      : mjai_arena_parse(a, text, len);
  free(text);
  if (*mjai && root == NULL) {
    fprintf(stderr, _("Error: %s: %s\n"), path, e.msg);
    return NULL;
  }
  const cJSON *log = cJSON_GetObjectItemCaseSensitive(root, "log");
  const cJSON *rule = cJSON_GetObjectItemCaseSensitive(root, "rule");
  const cJSON *aka = cJSON_GetObjectItemCaseSensitive(rule, "aka");
  *reds = cJSON_IsNumber(aka) ? (int)aka->valuedouble : 1;
  if (root == NULL || !cJSON_IsArray(log) || cJSON_GetArraySize(log) < 1 ||
      cJSON_GetArraySize(log) > 64) {
    fprintf(stderr, _("Error: %s: not a tenhou.net/6 log (an object with a "
            "\"log\" of 1..64 rounds)\n"), path);
  } else if (*reds < 0 || *reds > 1) {
    fprintf(stderr, _("Error: %s: rule.aka is 0 or 1 (red fives of each "
            "suit)\n"), path);
  } else {
    return root;
  }
  mjai_arena_drop(a, true);
  return NULL;
}

/* The players' names of the log, kept in the hule log where they are
   clean text of at most 64 bytes ("?" otherwise). */
static void read_names(const cJSON *root, char names[4][65],
                       const char *players[4])
{
  const cJSON *nj = cJSON_GetObjectItemCaseSensitive(root, "name");
  for (int p = 0; p < 4; p++) {
    const cJSON *y = cJSON_IsArray(nj) ? cJSON_GetArrayItem(nj, p) : NULL;
    const char *v = cJSON_IsString(y) ? y->valuestring : "";
    size_t n = strlen(v);
    bool ok = n > 0 && n <= 64 && mj_text_clean(v, n, NULL) &&
              !strpbrk(v, "\"\\");
    snprintf(names[p], sizeof names[p], "%s", ok ? v : "?");
    players[p] = names[p];
  }
}

/* Import the log at path; out (may be NULL) gets the hule log. */
int cli_import(mj_host *h, const cli_opts *o, const char *path,
               const char *out)
{
  (void)o;
  mj_error e;
  int reds;
  bool mjai;
  const mj_rules *r;
  mjai_arena tree = { NULL };
  cJSON *root = read_log(path, &tree, &reds, &mjai);
  if (root == NULL)
    return 1;
  const cJSON *log = cJSON_GetObjectItemCaseSensitive(root, "log");
  /* three players: 三 in the rule, or the first round's fourth seat dealt
     nothing; Tenhou's rules of their table either way */
  const cJSON *disp = cJSON_GetObjectItemCaseSensitive(
      cJSON_GetObjectItemCaseSensitive(root, "rule"), "disp");
  const cJSON *hai3 = cJSON_GetArrayItem(cJSON_GetArrayItem(log, 0), 13);
  int np = (cJSON_IsString(disp) && strstr(disp->valuestring, "三")) ||
           (cJSON_IsArray(hai3) && cJSON_GetArraySize(hai3) == 0) ? 3 : 4;
  if (mj_host_get(h, np == 3 ? "riichi-sanma" : "riichi-tenhou", &r, &e) !=
      MJ_OK) {
    fprintf(stderr, _("Error: %s\n"), e.msg);
    mjai_arena_drop(&tree, true);
    return 1;
  }
  imp x = { r, 0, "", &e, mjai, np };
  char names[4][65];
  const char *players[4];
  read_names(root, names, players);
  int status = 0, rounds = cJSON_GetArraySize(log);
  char *outtext = NULL;
  size_t outlen = 0;
  chain6 ch;
  memset(&ch, 0, sizeof ch);
  for (int i = 0; i < rounds && status == 0; i++) {
    mj_game *g;
    x.no = i;
    mj_status st = import_round(&x, cJSON_GetArrayItem(log, i), i, reds, &ch,
                                &g);
    if (st == MJ_OK && out != NULL) {
      char *one = mj_replay_write(g, players, "", mj_host_digest(h, r),
                                  false);
      size_t n = one ? strlen(one) : 0;
      char *grown = one ? realloc(outtext, outlen + n + 1) : NULL;
      if (grown == NULL) {
        st = mj_fail(&e, MJ_ENOMEM, 0, "out of memory");
      } else {
        outtext = grown;
        memcpy(outtext + outlen, one, n + 1);
        outlen += n;
      }
      free(one);
    }
    mj_game_free(g);
    if (st != MJ_OK) {
      fprintf(stderr, _("Error: %s: %s\n"), path, e.msg);
      status = 1;
    }
  }
  if (status == 0 && out != NULL &&
      mj_file_write_atomic(out, outtext ? outtext : "", outlen, &e) != MJ_OK) {
    fprintf(stderr, _("Error: %s\n"), e.msg);
    status = 1;
  }
  if (status == 0)
  {
    if (out != NULL)
      printf(ngettext("%s: %d round replayed through %s, every "
                      "result the same; written to %s\n",
                      "%s: %d rounds replayed through %s, every "
                      "result the same; written to %s\n", rounds),
             path, rounds, mj_rules_id(r), out);
    else
      printf(ngettext("%s: %d round replayed through %s, every "
                      "result the same\n",
                      "%s: %d rounds replayed through %s, every "
                      "result the same\n", rounds), path, rounds,
             mj_rules_id(r));
  }
  free(outtext);
  mjai_arena_drop(&tree, true);
  return status;
}
