/*
** parts.c
** Parts scoring (riichi's han and fu, or any ruleset that counts so): a
** reading's parts from the table the ruleset declares, its fans added
** up, the base points with their limits, and the payments.
*/
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "score_int.h"

int mjs_group_wait(const mj_group *g, mj_tile win)
{
  switch (g->type) {
  case MJ_G_CHOW:
    if (win == g->tile + 1)
      return MJ_WAIT_CLOSED;
    if ((win == g->tile + 2 && g->tile % 9 == 0) ||
        (win == g->tile && g->tile % 9 == 6))
      return MJ_WAIT_EDGE;
    return MJ_WAIT_SIDES;
  case MJ_G_PUNG: return MJ_WAIT_PUNG;
  case MJ_G_PAIR: return MJ_WAIT_SINGLE;
  default: return MJ_WAIT_NONE;
  }
}

int mjs_parts_groups(const mj_decomp *d, mj_tile win, int out[MJ_MAX_GROUPS])
{
  int n = 0;
  for (int i = 0; i < d->ngroups; i++) {
    const mj_group *g = &d->groups[i];
    bool holds = g->type == MJ_G_CHOW ? win >= g->tile && win <= g->tile + 2
               : g->type == MJ_G_PUNG || g->type == MJ_G_PAIR ? g->tile == win
               : false;
    if (g->declared || !holds)
      continue;
    bool seen = false;
    for (int j = 0; j < i && !seen; j++)
      seen = d->groups[j].type == g->type && d->groups[j].tile == g->tile &&
             !d->groups[j].declared;
    if (!seen)
      out[n++] = i;
  }
  return n;
}

int mjs_parts_readings(const mj_decomp *d, eval *E)
{
  int gs[MJ_MAX_GROUPS];
  int n = mjs_parts_groups(d, E->ctx->win, gs);
  for (int k = 0; k < n; k++) {
    E->wgroup = gs[k];
    int rc = mjs_on_one_reading(d, E);
    if (rc != 0)
      return E->wgroup = -1, rc;
  }
  E->wgroup = -1;
  return n > 0 ? 0 : mjs_on_one_reading(d, E);
}

/* Add a line of value v (none when v is 0 or out is NULL). */
static int add(mjs_part *out, int *n, int v, const char *what,
               const char *tile)
{
  if (v != 0 && out != NULL && *n < MJS_MAX_PARTS) {
    snprintf(out[*n].what, sizeof out[*n].what, "%s%s%s", _(what),
             tile ? " " : "", tile ? tile : "");
    out[*n].value = v;
    (*n)++;
  }
  return v;
}

static bool has_fan(const mj_score *s, int fan)
{
  for (int q = 0; fan >= 0 && q < s->nhits; q++)
    if (s->hits[q].fan == fan)
      return true;
  return false;
}

/* The melds: a pung of simples or of the ends, times the concealed and
   the kong factors (a pung won on a discard is open). */
static int meld_parts(const mj_parts *p, const mj_score *s, mjs_part *out,
                      int *n)
{
  static const char *const what[2][2] = {
    { N_("open pung of"), N_("open kong of") },
    { N_("concealed pung of"), N_("concealed kong of") },
  };
  const mj_decomp *d = &s->reading;
  int sum = 0;
  for (int i = 0; i < d->ngroups; i++) {
    const mj_group *g = &d->groups[i];
    if (!is_pung(g->type))
      continue;
    bool end = mj_tile_is_honor(g->tile) || mj_tile_is_terminal(g->tile);
    bool conc = g->type == MJ_G_CKONG ||
                (g->type == MJ_G_PUNG && !g->declared &&
                 !(i == s->wgroup && !(s->flags & MJ_CTX_SELF)));
    bool kong = g->type != MJ_G_PUNG;
    int v = (end ? p->pung_end : p->pung) * (conc ? p->concealed : 1) *
            (kong ? p->kong : 1);
    char t[3];
    sum += add(out, n, v, what[conc][kong], mj_tile_str(g->tile, t));
  }
  return sum;
}

/* The pair: a dragon, the seat's wind, the round's (a double wind at most
   pair_most). */
static int pair_parts(const mj_parts *p, const mj_score *s, const mj_ctx *c,
                      mjs_part *out, int *n)
{
  const mj_decomp *d = &s->reading;
  if (d->shape != MJ_SHAPE_STANDARD)
    return 0;
  for (int i = 0; i < d->ngroups; i++) {
    const mj_group *g = &d->groups[i];
    if (g->type != MJ_G_PAIR)
      continue;
    int v = 0;
    if (mj_tile_is_dragon(g->tile))
      v += p->pair_dragon;
    if (g->tile == MJ_HONOR_FIRST + c->seat)
      v += p->pair_seat;
    if (g->tile == MJ_HONOR_FIRST + c->round)
      v += p->pair_round;
    if (p->pair_most > 0 && v > p->pair_most)
      v = p->pair_most;
    char t[3];
    return add(out, n, v, N_("pair of"), mj_tile_str(g->tile, t));
  }
  return 0;
}

int mjs_parts_lines(const mj_rules *r, const mj_score *s, const mj_ctx *c,
                    mjs_part *out, int *nout)
{
  const mj_parts *p = &r->parts;
  int n = 0;
  bool self = (s->flags & MJ_CTX_SELF) != 0;
  int sum = add(out, &n, p->base, N_("base"), NULL);
  if (!s->open && !self)
    sum += add(out, &n, p->closed_ron, N_("concealed, won on a discard"), NULL);
  if (self && !has_fan(s, p->no_self_fan))
    sum += add(out, &n, p->self_draw, N_("self-drawn"), NULL);
  sum += meld_parts(p, s, out, &n);
  sum += pair_parts(p, s, c, out, &n);
  if (s->wgroup >= 0 && s->reading.shape == MJ_SHAPE_STANDARD) {
    int w = mjs_group_wait(&s->reading.groups[s->wgroup], c->win);
    sum += w == MJ_WAIT_EDGE ? add(out, &n, p->wait_edge, N_("edge wait"), NULL)
         : w == MJ_WAIT_CLOSED
             ? add(out, &n, p->wait_closed, N_("closed wait"), NULL)
         : w == MJ_WAIT_SINGLE
             ? add(out, &n, p->wait_single, N_("single wait"), NULL) : 0;
  }
  if (nout != NULL)
    *nout = n;
  return sum;
}

/* The parts rounded: seven pairs' fixed count, the open hand's least. */
static int rounded_parts(const mj_rules *r, const mj_score *s, int raw)
{
  const mj_parts *p = &r->parts;
  if (s->reading.shape == MJ_SHAPE_PAIRS && p->pairs > 0)
    return p->pairs;
  int v = (raw + p->round_to - 1) / p->round_to * p->round_to;
  if (s->open && v < p->open_least)
    v = p->open_least;
  return v;
}

/* Limit hands, when any counted, leave only themselves. */
static int limit_hands(const mj_rules *r, mj_score *s)
{
  int n = 0, k = 0;
  for (int q = 0; q < s->nhits; q++)
    if (r->fans[s->hits[q].fan].def.role == MJ_ROLE_LIMIT)
      n += r->fans[s->hits[q].fan].def.value;
  if (n == 0)
    return 0;
  for (int q = 0; q < s->nhits; q++)
    if (r->fans[s->hits[q].fan].def.role == MJ_ROLE_LIMIT) {
      s->hits[q].count = 1;
      s->hits[q].value =
          r->fans[s->hits[q].fan].def.value * s->hits[q].count;
      s->hits[k++] = s->hits[q];
    }
  s->nhits = k;
  return n;
}

/* A seat at the table other than the winner's and not, unless the table
   has no other, not_too's (0: the dealer of a hand scored alone). */
static int other_seat(const mj_rules *r, int winner, int not_too)
{
  int np = mj_rules_ctable(r)->players;
  for (int k = 1; k < np; k++) {
    int q = (winner + k) % np;
    if (q != not_too)
      return q;
  }
  return (winner + 1) % np;
}

void mjs_parts_totals(const mj_rules *r, mj_score *s, const mj_ctx *c)
{
  const mj_parts *p = &r->parts;
  s->min = r->table.min_points;
  s->bonus = s->plus = s->base = s->doublings = s->fixed = 0;
  s->dealer = c->seat == 0;
  s->limit = -1;
  s->limit_hands = limit_hands(r, s);
  int fans = 0;
  bool any_real = s->limit_hands > 0;
  for (int q = 0; q < s->nhits && s->limit_hands == 0; q++) {
    const mj_fan_def *f = &r->fans[s->hits[q].fan].def;
    if (f->kind != MJ_FK_COUNT)
      s->hits[q].count = 1;      /* a fan counts once; dora as held */
    int v = s->open && f->open >= 0 ? f->open : f->value;
    s->hits[q].value = v * s->hits[q].count;
    fans += s->hits[q].value;
    if (f->bonus)
      s->bonus += s->hits[q].value;
    else if (s->hits[q].value > 0)
      any_real = true;
  }
  s->fan = fans;
  s->parts = rounded_parts(r, s, mjs_parts_lines(r, s, c, NULL, NULL));
  if (s->limit_hands > 0) {
    s->points = p->limit_hand * s->limit_hands;
    s->limit = p->nlimits + 1;
  } else {
    int e = fans + p->doublings;
    long pts = e > 24 ? 1L << 30 : (long)s->parts << e;
    s->points = pts > 1L << 30 ? 1 << 30 : (int)pts;
    for (int i = p->nlimits - 1; i >= 0 && s->limit < 0; i--)
      if (fans >= p->limit_fans[i]) {
        s->points = p->limit_base[i];
        s->limit = i;
      }
    if (s->limit < 0 && p->cap > 0 && s->points >= p->cap_from) {
      s->points = p->cap;
      s->limit = p->nlimits;
    }
  }
  s->win = any_real;
  int pay[4];
  s->total = mj_parts_pay(r, s, c->seat, 0, (c->flags & MJ_CTX_SELF) ? -1
                          : other_seat(r, c->seat, 0), pay);
  s->meets_min = s->total >= s->min;
}

static int round_up(int x, int to) { return (x + to - 1) / to * to; }

int mj_parts_pay(const mj_rules *r, const mj_score *s, int winner,
                 int dealer, int payer, int pay[4])
{
  const mj_parts *p = &r->parts;
  long base = s->points;
  memset(pay, 0, 4 * sizeof pay[0]);
  if (payer >= 0) {
    int times = winner == dealer ? p->ron_dealer : p->ron;
    int a = round_up((int)(base * times > 1L << 30 ? 1L << 30 : base * times),
                     p->pay_round);
    pay[payer] = -a;
    pay[winner] = a;
    return a;
  }
  int np = mj_rules_ctable(r)->players;
  for (int q = 0; q < 4; q++) {
    if (q == winner || (q >= np && !p->self_split))
      continue;
    int times = winner == dealer ? p->self_by_dealer
              : q == dealer ? p->self_dealer : p->self_other;
    long x = base * times;
    int a = round_up((int)(x > 1L << 28 ? 1L << 28 : x), p->pay_round);
    for (int k = 0; q >= np && k < np; k++)   /* an absent seat's share */
      if (k != winner) {
        int part = round_up((a + np - 2) / (np - 1), p->pay_round);
        pay[k] -= part;
        pay[winner] += part;
      }
    if (q < np) {
      pay[q] -= a;
      pay[winner] += a;
    }
  }
  return pay[winner];
}

void mj_parts_honba(const mj_rules *r, int honba, int winner, int payer,
                    int pay[4])
{
  const mj_parts *p = &r->parts;
  for (int q = 0; q < mj_rules_ctable(r)->players; q++)
    if (q != winner && (payer < 0 || q == payer)) {
      int a = honba * (payer < 0 ? p->honba_self : p->honba_ron);
      pay[q] -= a;
      pay[winner] += a;
    }
}

/* *n in decimal (none when n is NULL), then text, at buf + *len: kept
   within cap and NUL-terminated, *len counting all, as snprintf does. */
static void put_count(char *buf, size_t cap, size_t *len, const int *n,
                      const char *text)
{
  char t[64];
  size_t k = 0;
  /* with room for any count and unit, straight into buf */
  char *o = *len + sizeof t < cap ? buf + *len : t;
  if (n != NULL) {
    char d[12];
    size_t nd = 0;
    unsigned u = *n < 0 ? 0u - (unsigned)*n : (unsigned)*n;
    do
      d[nd++] = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (*n < 0)
      o[k++] = '-';
    while (nd > 0)
      o[k++] = d[--nd];
  }
  for (; *text && k < sizeof t; text++)
    o[k++] = *text;
  if (o != t) {
    o[k] = '\0';
    *len += k;
    return;
  }
  for (size_t i = 0; i < k; i++, (*len)++)
    if (*len + 1 < cap)
      buf[*len] = t[i];
  if (cap > 0)
    buf[*len < cap ? *len : cap - 1] = '\0';
}

size_t mj_score_parts_text(const mj_rules *r, const mj_score *s, char *buf,
                           size_t cap)
{
  const mj_parts *p = &r->parts;
  size_t len = 0;
  if (cap > 0)
    buf[0] = '\0';
  if (r->scoring != MJ_SCORING_PARTS || !s->win)
    return 0;
  if (s->limit_hands >= 1) {
    put_count(buf, cap, &len, s->limit_hands > 1 ? &s->limit_hands : NULL,
              p->limit_unit);
    return len;
  }
  put_count(buf, cap, &len, &s->fan, p->unit);
  put_count(buf, cap, &len, NULL, " ");
  put_count(buf, cap, &len, &s->parts, p->parts_unit);
  return len;
}

/* The payments of s in words: who pays what, rounded, then the honba. */
static void pay_lines(const mj_rules *r, const mj_score *s, const mj_ctx *c,
                      char *buf, size_t cap, size_t *len)
{
  const mj_parts *p = &r->parts;
  bool self = (c->flags & MJ_CTX_SELF) != 0;
  int pay[4];
  int total = mj_parts_pay(r, s, c->seat, 0,
                           self ? -1 : other_seat(r, c->seat, 0), pay);
  if (!self) {
    int times = s->dealer ? p->ron_dealer : p->ron;
    mj_catf(buf, cap, len, _("pay:     the discarder %d x %d = %d -> %d\n"),
            s->points, times, s->points * times, total);
  } else if (s->dealer) {
    mj_catf(buf, cap, len, _("pay:     each of the %d others %d x %d -> %d\n"),
            mj_rules_ctable(r)->players - 1, s->points, p->self_by_dealer,
            -pay[other_seat(r, c->seat, -1)]);
  } else {
    mj_catf(buf, cap, len, _("pay:     the dealer %d x %d -> %d, each other "
            "%d x %d -> %d\n"), s->points, p->self_dealer, -pay[0],
            s->points, p->self_other, -pay[other_seat(r, c->seat, 0)]);
  }
  if (self && p->self_split && mj_rules_ctable(r)->players < 4)
    mj_catf(buf, cap, len, _("absent:  the share of each seat the table "
            "lacks is split between the payers, rounded up\n"));
  if (c->honba > 0 && self)
    mj_catf(buf, cap, len, _("honba:   %d: +%d from each payer, not in the "
            "total\n"), c->honba, p->honba_self * c->honba);
  else if (c->honba > 0)
    mj_catf(buf, cap, len, _("honba:   %d: +%d from the discarder, not in "
            "the total\n"), c->honba, p->honba_ron * c->honba);
}

void mjs_parts_explain(const mj_rules *r, const mj_hand *h, const mj_score *s,
                       char *buf, size_t cap, size_t *len)
{
  const mj_parts *p = &r->parts;
  const mj_ctx *c = mj_hand_cctx(h);
  char pad[200];
  if (s->limit_hands == 0) {
    mjs_part lines[MJS_MAX_PARTS];
    int n = 0;
    int raw = mjs_parts_lines(r, s, c, lines, &n);
    mj_catf(buf, cap, len, "%s:\n", p->parts_unit);
    bool pairs = s->reading.shape == MJ_SHAPE_PAIRS && p->pairs > 0;
    for (int i = 0; i < n && !pairs; i++)
      mj_catf(buf, cap, len, "  %s %s%d\n",
              mj_text_pad(lines[i].what, 36, pad, sizeof pad),
              i > 0 ? "+" : " ", lines[i].value);
    if ((c->flags & MJ_CTX_SELF) && has_fan(s, p->no_self_fan) && !pairs) {
      char t[96];
      snprintf(t, sizeof t, _("self-drawn, none with %s"),
               r->fans[p->no_self_fan].def.id);
      mj_catf(buf, cap, len, "  %s +0\n",
              mj_text_pad(t, 36, pad, sizeof pad));
    }
    if (pairs)
      mj_catf(buf, cap, len, _("  seven pairs: %d %s always\n"), s->parts,
              p->parts_unit);
    else if (s->parts != raw)
      mj_catf(buf, cap, len, s->open && s->parts == p->open_least &&
                      (raw + p->round_to - 1) / p->round_to * p->round_to <
                          p->open_least
                  ? _("  = %d, an open hand has at least %d %s\n")
                  : _("  = %d, rounded up to %d %s\n"),
              raw, s->parts, p->parts_unit);
    else
      mj_catf(buf, cap, len, "  = %d %s\n", s->parts, p->parts_unit);
    long raw_pts = (long)s->parts << (s->fan + p->doublings > 24
                                          ? 24 : s->fan + p->doublings);
    mj_catf(buf, cap, len, _("base:    %d %s x 2^(%d %s + %d) = %ld"), s->parts,
            p->parts_unit, s->fan, p->unit, p->doublings, raw_pts);
    if (s->limit >= 0 && s->limit < p->nlimits)
      mj_catf(buf, cap, len, _("; %d %s or more: %s, %d\n"),
              p->limit_fans[s->limit], p->unit, p->limit_name[s->limit],
              s->points);
    else if (s->limit == p->nlimits)
      mj_catf(buf, cap, len, p->cap_from == p->cap + 1
                  ? _("; over %d: %s, %d\n") : _("; at least %d: %s, %d\n"),
              p->cap_from == p->cap + 1 ? p->cap : p->cap_from,
              p->cap_name[0] ? p->cap_name : _("the cap"), s->points);
    else
      mj_catf(buf, cap, len, "\n");
  } else {
    mj_catf(buf, cap, len, _("base:    %s x %d = %d\n"), p->limit_hand_name,
            s->limit_hands, s->points);
  }
  pay_lines(r, s, c, buf, cap, len);
}
