/*
** explain.c
** The text of a score: the fan line of the vectors, the reading, the
** explanation fan by fan; and why a fan does or does not count.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "text.h"
#include "score_int.h"

/* {====================================================================
** Text
** ===================================================================== */

#define cat mj_catf

/* A fan's English name beside its own, unless the language is the
   fan names' own. */
static bool english(const mj_fan_def *f)
{
  return f->en != NULL && !mj_text_native_names;
}

const char *mj_why_text(mj_why w)
{
  switch (w) {
  case MJ_WHY_EXCLUDED: return _("excluded by");
  case MJ_WHY_REDUCED: return _("taken in by");
  case MJ_WHY_MELDS: return _("its melds are counted in");
  case MJ_WHY_ALONE: return _("stands aside for");
  case MJ_WHY_ACCOUNT_ONCE:
    return _("account-once (套算一次): its melds are combined already in");
  case MJ_WHY_FALLBACK: return _("counts only when no other fan does");
  }
  return "?";
}

/* Why an exemption: "excluded by 七对", "account-once (套算一次): the
   melds are combined already" (when no one fan took them). */
static void exempt_reason(const mj_rules *r, const mj_exempt *e, char *buf,
                          size_t cap, size_t *len)
{
  if (e->by >= 0)
    cat(buf, cap, len, "%s %s", mj_why_text((mj_why)e->why),
        mj_text_name(r->fans[e->by].def.id));
  else if (e->why == MJ_WHY_ACCOUNT_ONCE)
    cat(buf, cap, len, _("account-once (套算一次): the melds are combined "
        "already"));
  else
    cat(buf, cap, len, "%s", mj_why_text((mj_why)e->why));
}

/* Append n bytes of t at buf + *len (never past cap - 1, NUL kept). */
static void put(char *buf, size_t cap, size_t *len, const char *t, size_t n)
{
  if (*len + 1 < cap) {
    size_t room = cap - 1 - *len;
    memcpy(buf + *len, t, n < room ? n : room);
    buf[*len + (n < room ? n : room)] = '\0';
  }
  *len += n;
}

/* The counted fans joined by sep, each its id (a program's line) or its
   name as the language writes it, with xN past one (and for a parts
   ruleset's counts). By hand, not printf: the batch scorer prints one a
   line. */
static size_t fans_join(const mj_rules *r, const mj_score *s, char *buf,
                        size_t cap, const char *sep, bool shown)
{
  size_t len = 0, sn = strlen(sep);
  if (cap > 0)
    buf[0] = '\0';
  for (int q = 0; q < s->nhits; q++) {
    const fan_c *f = &r->fans[s->hits[q].fan];
    int c = s->hits[q].count;
    if (f->def.factor)
      continue;                  /* birds and the like: not a pattern */
    if (len > 0)
      put(buf, cap, &len, sep, sn);
    const char *name = shown ? mj_text_name(f->def.id) : f->def.id;
    put(buf, cap, &len, name, shown ? strlen(name) : f->id_len);
    if (c > 1 || (f->def.kind == MJ_FK_COUNT &&
                  r->scoring == MJ_SCORING_PARTS)) {
      char t[16];
      size_t k = sizeof t;
      for (unsigned u = (unsigned)c; u != 0; u /= 10)
        t[--k] = (char)('0' + u % 10);
      t[--k] = 'x';
      put(buf, cap, &len, t + k, sizeof t - k);
    }
  }
  return len;
}

/* The batch prints one a hand: where every fan's id fits its 16-byte
   copy (the id and ",") and the buffer has room for the stores, one
   store a fan, and its count written in place. */
size_t mj_score_fans_line(const mj_rules *r, const mj_score *s, char *buf,
                          size_t cap)
{
  if (cap < 20 * (size_t)s->nhits + 1)
    return fans_join(r, s, buf, cap, ",", false);
  size_t len = 0;
  for (int q = 0; q < s->nhits; q++) {
    const fan_c *f = &r->fans[s->hits[q].fan];
    unsigned c = (unsigned)s->hits[q].count;
    if (f->def.factor)
      continue;
    if (f->line_id[0] == '\0' || c == 0 || c > 99)
      return fans_join(r, s, buf, cap, ",", false);
    memcpy(buf + len, f->line_id, 16);
    len += f->id_len;
    if (c > 1 || (f->def.kind == MJ_FK_COUNT &&
                  r->scoring == MJ_SCORING_PARTS)) {
      buf[len++] = 'x';
      if (c >= 10)
        buf[len++] = (char)('0' + c / 10);
      buf[len++] = (char)('0' + c % 10);
    }
    buf[len++] = ',';
  }
  if (len == 0) {
    buf[0] = '\0';
    return 0;
  }
  buf[len - 1] = '\0';   /* the last "," */
  return len - 1;
}

size_t mj_score_fans_text(const mj_rules *r, const mj_score *s, char *buf,
                          size_t cap)
{
  return fans_join(r, s, buf, cap, _(","), true);
}

size_t mj_score_reading(const mj_score *s, char *buf, size_t cap)
{
  if (s->reading.shape == MJ_SHAPE_NONE) {
    if (cap > 0)
      snprintf(buf, cap, _("(no winning shape needed)"));
    return strlen(buf);
  }
  return mj_decomp_print(&s->reading, buf, cap);
}

static void groups_text(const mj_decomp *d, uint32_t groups, char *buf,
                        size_t cap)
{
  size_t len = 0;
  buf[0] = '\0';
  for (int i = 0; i < d->ngroups; i++)
    if (groups >> i & 1) {
      mj_decomp one = *d;
      one.ngroups = 1;
      one.nwild = 0;
      one.groups[0] = d->groups[i];
      char t[32];
      mj_decomp_print(&one, t, sizeof t);
      cat(buf, cap, &len, "%s%s", len ? " " : "", t);
    }
}

static size_t explain(const mj_rules *r, const mj_hand *h, const mj_score *s,
                      char *buf, size_t cap);

size_t mj_score_explain(const mj_rules *r, const mj_hand *h, const mj_score *s,
                        char *buf, size_t cap)
{
  mj_score *full = malloc(sizeof *full);
  if (full == NULL)
    return explain(r, h, s, buf, cap);
  *full = *s;
  mj_score_annotate(r, h, full);
  size_t len = explain(r, h, full, buf, cap);
  free(full);
  return len;
}

/* A fan's value as the ruleset counts it: "  8 fan", "+2 番", "x4". */
static void hit_value(const mj_rules *r, const mj_fan_def *f, int value,
                      char *val, size_t cap)
{
  if (r->scoring == MJ_SCORING_SUM)
    snprintf(val, cap, "%3d %s", value, _(mj_rules_unit(r)));
  else if (r->scoring == MJ_SCORING_PARTS && f->role == MJ_ROLE_LIMIT)
    snprintf(val, cap, value > 1 ? _("double %s") : "%s",
             mj_rules_parts(r)->limit_hand_name);
  else if (r->scoring == MJ_SCORING_PARTS)
    snprintf(val, cap, "%3d %s", value, mj_rules_parts(r)->unit);
  else if (r->scoring == MJ_SCORING_FAN)
    snprintf(val, cap, f->role == MJ_ROLE_TIMES ? _("+%d 番")
                       : f->role == MJ_ROLE_FIXED ? _("%d 番 flat") : _("%d 番"),
             value);
  else if (f->role == MJ_ROLE_TIMES)
    snprintf(val, cap, "x%d", 1 << (value > 20 ? 20 : value));
  else if (f->role == MJ_ROLE_FIXED)
    snprintf(val, cap, _("fixed %d"), value);
  else if (f->role == MJ_ROLE_PLUS)
    snprintf(val, cap, "+%d", value);
  else
    snprintf(val, cap, _("base %d"), value);
}

/* Each fan that counted: its name, value and melds. */
static void hit_lines(const mj_rules *r, const mj_score *s, char *buf,
                      size_t cap, size_t *len)
{
  char t[512], u[256], val[40], pad[600];
  for (int q = 0; q < s->nhits; q++) {
    const mj_hit *hh = &s->hits[q];
    const mj_fan_def *f = &r->fans[hh->fan].def;
    hit_value(r, f, hh->value, val, sizeof val);
    snprintf(t, sizeof t, "%s%s%s", mj_text_name(f->id), english(f) ? " " : "",
             english(f) ? f->en : "");
    if (hh->count > 1) {
      size_t n = strlen(t);
      snprintf(t + n, sizeof t - n, " x%d", hh->count);
    }
    u[0] = '\0';
    if (hh->groups && s->reading.shape != MJ_SHAPE_NONE)
      groups_text(&s->reading, hh->groups, u, sizeof u);
    cat(buf, cap, len, "  %s %10s%s%s\n", mj_text_pad(t, 36, pad, sizeof pad),
        val, u[0] ? "   " : "", u);
  }
}

/* The total line, as the ruleset scores (without the minimum). */
static void total_line(const mj_rules *r, const mj_score *s, char *buf,
                       size_t cap, size_t *len)
{
  if (r->scoring == MJ_SCORING_PARTS) {
    char t[64];
    mj_score_parts_text(r, s, t, sizeof t);
    cat(buf, cap, len, _("total:   %d (%s)"), s->total, t);
  } else if (r->scoring == MJ_SCORING_SUM) {
    cat(buf, cap, len, _("total:   %d %s"), s->total, _(mj_rules_unit(r)));
    if (s->bonus)
      cat(buf, cap, len, _(" (%d without the %d bonus)"), s->total - s->bonus,
          s->bonus);
  } else if (r->scoring == MJ_SCORING_FAN) {
    int f = s->fan;
    if (s->fixed)
      cat(buf, cap, len, _("total:   %d 番 (flat)"), f);
    else
      cat(buf, cap, len, _("total:   %d 番 = %d + %d"), f, s->base ? s->base : 1,
          s->doublings);
    int capped = r->table.cap > 0 && f > r->table.cap ? r->table.cap : f;
    if (capped != f)
      cat(buf, cap, len, _(", capped at %d 番"), capped);
    cat(buf, cap, len, ngettext(" -> %d unit (2^(%d-1))",
                                " -> %d units (2^(%d-1))", s->total),
        s->total, capped);
    if (capped != f && f <= 21)
      cat(buf, cap, len, _("; %d uncapped"), 1 << (f - 1));
  } else if (s->fixed) {
    cat(buf, cap, len, _("total:   %d (fixed)"), s->total);
  } else {
    cat(buf, cap, len, _("total:   %d = base %d"), s->total,
        s->base ? s->base : 1);
    for (int i = 0; i < s->doublings; i++)
      cat(buf, cap, len, " x2");
    if (s->plus)
      cat(buf, cap, len, " + %d", s->plus);
  }
}

size_t mj_score_total_text(const mj_rules *r, const mj_score *s, char *buf,
                           size_t cap)
{
  char t[256];
  size_t len = 0;
  t[0] = '\0';
  total_line(r, s, t, sizeof t, &len);
  const char *lead = _("total:   ");
  size_t n = strlen(lead);
  const char *v = t + (strncmp(t, lead, n) == 0 ? n : 0);
  return (size_t)snprintf(buf, cap, "%s", v);
}

/*
** What each payer pays for the win (table rule explain_pay): the
** ruleset's settlement asked for the hand, the dealer East, the winner
** at his seat; a discard win once for each possible discarder.
*/
static void pay_lines(const mj_rules *r, const mj_hand *h, const mj_score *s,
                      char *buf, size_t cap, size_t *len)
{
  const mj_ctx *c = mj_hand_cctx(h);
  int np = r->table.players, w = c->seat;
  bool self = (c->flags & MJ_CTX_SELF) != 0;
  static const char winds[] = "ESWN";
  mj_settle_in in;
  memset(&in, 0, sizeof in);
  in.winner = w;
  in.active = (1u << np) - 1;
  in.kong_from = -1;
  in.dealer = 0;
  in.total = s->total;
  in.total_no_bonus = s->total - s->bonus;
  in.self_drawn = self;
  in.flags = c->flags;
  in.score = s;
  in.ctx = c;
  in.honba = c->honba;
  cat(buf, cap, len, "%s", self ? _("pay:     self-drawn, each payer:")
                                 : _("pay:     the discarder, whoever:"));
  for (int q = 0; q < np; q++) {
    if (q == w)
      continue;
    int pay[4] = { 0, 0, 0, 0 };
    in.payer = self ? -1 : q;
    mj_error e;
    if (w >= np || mj_rules_settle(r, &in, pay, &e) != MJ_OK) {
      cat(buf, cap, len, _(" not known (%s)"),
          w >= np ? _("no such seat") : e.msg);
      break;
    }
    cat(buf, cap, len, " %c%s %d", winds[q], q == 0 ? _(" (dealer)") : "",
        -pay[q]);
  }
  cat(buf, cap, len, "\n");
}

static size_t explain(const mj_rules *r, const mj_hand *h, const mj_score *s,
                      char *buf, size_t cap)
{
  size_t len = 0;
  char t[512];
  if (cap > 0)
    buf[0] = '\0';
  mj_hand_print_full(h, t, sizeof t);
  cat(buf, cap, &len, _("hand:    %s\n"), t);
  mj_score_reading(s, t, sizeof t);
  cat(buf, cap, &len, _("reading: %s  [%s]"), t,
      mj_shape_title_sets((mj_shape)s->reading.shape, mj_hand_sets(h)));
  if (s->nreadings > 1)
    cat(buf, cap, &len, _("\n         (best of %d readings)"), s->nreadings);
  cat(buf, cap, &len, "\n");
  for (int q = 0; q < s->nstates; q++) {
    const mj_fan_def *f = &r->fans[s->states[q]].def;
    snprintf(t, sizeof t, "%s%s%s", mj_text_name(f->id), english(f) ? " " : "",
             english(f) ? f->en : "");
    char pad[192];
    cat(buf, cap, &len, "  %s %10s\n", mj_text_pad(t, 36, pad, sizeof pad),
        _("(state)"));
  }
  hit_lines(r, s, buf, cap, &len);
  if (s->nexempt > 0) {
    cat(buf, cap, &len, _("not counted:\n"));
    for (int q = 0; q < s->nexempt; q++) {
      const mj_exempt *e = &s->exempt[q];
      const mj_fan_def *f = &r->fans[e->fan].def;
      cat(buf, cap, &len, _("  %s: "), mj_text_name(f->id));
      exempt_reason(r, e, buf, cap, &len);
      cat(buf, cap, &len, "\n");
    }
  }
  if (r->scoring == MJ_SCORING_PARTS && s->win)
    mjs_parts_explain(r, h, s, buf, cap, &len);
  total_line(r, s, buf, cap, &len);
  if (s->min > 0)
    cat(buf, cap, &len,
        s->meets_min ? _("; meets the %d minimum\n")
                     : _("; below the %d minimum: not a valid win\n"),
        s->min);
  else
    cat(buf, cap, &len, "\n");
  if (r->table.explain_pay && s->win)
    pay_lines(r, h, s, buf, cap, &len);
  if (s->other_total > 0 && s->other_fan >= 0)
    cat(buf, cap, &len,
        _("instead of: %s, fixed %d (the better of the two counts)\n"),
        mj_text_name(r->fans[s->other_fan].def.id), s->other_total);
  else if (s->other_total > 0)
    cat(buf, cap, &len,
        _("instead of: the hand's own value, %d (the better of the "
        "two counts)\n"),
        s->other_total);
  return len;
}

/* }==================================================================== */

/* {====================================================================
** Why
** ===================================================================== */

typedef struct why_ctx {
  eval *E;
  int fan;
  bool found;        /* some reading has the fan counted */
  int total;
  mj_decomp d;
  int wgroup;        /* ... the group its winning tile went to */
  bool any;          /* some reading was scored (a winning shape) */
  mj_decomp first;   /* the first reading, and its group */
  int first_group;
} why_ctx;

/* One reading (parts scoring: one place of the winning tile). */
static int why_one(why_ctx *w, const mj_decomp *d, int wgroup)
{
  w->E->into = &w->E->cur;
  w->E->wgroup = wgroup;
  bool ok = mjs_score_reading(w->E, d);
  w->E->wgroup = -1;
  if (!ok)
    return 1;
  if (!w->any) {
    w->any = true;
    w->first = *d;
    w->first_group = wgroup;
  }
  const mj_score *s = &w->E->cur;
  for (int q = 0; q < s->nhits; q++)
    if (s->hits[q].fan == w->fan && (!w->found || s->total > w->total)) {
      w->found = true;
      w->total = s->total;
      w->d = *d;
      w->wgroup = wgroup;
    }
  return 0;
}

static int why_reading(const mj_decomp *d, void *ud)
{
  why_ctx *w = ud;
  int gs[MJ_MAX_GROUPS];
  int n = w->E->r->scoring == MJ_SCORING_PARTS &&
                  (d->shape == MJ_SHAPE_STANDARD || d->shape == MJ_SHAPE_PAIRS)
              ? mjs_parts_groups(d, w->E->ctx->win, gs) : 0;
  for (int k = 0; k < n; k++)
    if (why_one(w, d, gs[k]))
      return 1;
  return n > 0 ? 0 : why_one(w, d, -1);
}

/* What the hand has that a failed clause c asked otherwise ("this hand
   has 1", "this hand has 1m 9s"): the words into buf, or false. */
static bool clause_fact(const eval *E, const mj_clause *c, const mj_view *v,
                        char *buf, size_t cap)
{
  char t[200];
  int n = -1;
  mj_tileset m = 0;
  switch (c->kind) {
  case MJ_C_NONE: m = v->present & set_mask(E, &c->set); break;
  case MJ_C_ALL: m = v->present & ~set_mask(E, &c->set); break;
  case MJ_C_EVERY: m = set_mask(E, &c->set) & ~v->present; break;
  case MJ_C_SUITS: n = mjs_suits_present(v->present); break;
  case MJ_C_CHOWS: n = v->chows; break;
  case MJ_C_PUNGS: n = v->pungs; break;
  case MJ_C_KONGS: n = v->kongs; break;
  case MJ_C_EXPOSED_KONGS: n = v->ekongs; break;
  case MJ_C_CONCEALED_KONGS: n = v->ckongs; break;
  case MJ_C_CONCEALED_PUNGS: n = v->cpungs; break;
  case MJ_C_EXPOSED: n = v->exposed; break;
  case MJ_C_DECLARED: n = v->declared; break;
  case MJ_C_FLOWERS: n = v->flowers; break;
  case MJ_C_WILDS: n = v->wilds; break;
  case MJ_C_PAIR:
  case MJ_C_PAIR_NOT:
    if (v->pair < 0)
      return false;
    snprintf(buf, cap, _("its pair is %s"),
             mj_tile_word((mj_tile)v->pair, false, t, sizeof t));
    return true;
  default: return false;
  }
  if (n >= 0) {
    snprintf(buf, cap, _("this hand has %d"), n);
    return true;
  }
  if (m == 0)
    return false;
  mj_set_print(m, t, sizeof t);
  snprintf(buf, cap, c->kind == MJ_C_EVERY ? _("this hand lacks %s")
                                           : _("this hand has %s"), t);
  return true;
}

/* The first reason fan i does not match view v. */
static void fail_reason(eval *E, int i, const mj_view *v, char *buf, size_t cap)
{
  const mj_fan_def *f = &E->r->fans[i].def;
  char t[400];
  if (!(f->shapes & MJ_SHAPE_BIT(v->shape))) {
    snprintf(buf, cap, _("it needs another shape (%s); the hand is read as %s"),
             mj_shape_title_sets((mj_shape)__builtin_ctz(f->shapes),
                                 mj_hand_sets(E->h)),
             mj_shape_title_sets((mj_shape)v->shape, mj_hand_sets(E->h)));
    return;
  }
  size_t len = 0;
  for (int k = 0; k < f->nclauses; k++)
    if (!mjs_clause_ok(E, f, &f->clauses[k], v)) {
      char fact[240];
      mj_clause_describe(&f->clauses[k], t, sizeof t);
      /* a count is a noun ("exactly 4 pungs"), the rest a sentence */
#define MJ_C_COUNTED(K, field, arg, yes, no) [MJ_C_##K] = #arg[0] == 'R',
      static const bool counted[] = { MJ_CLAUSES(MJ_C_COUNTED) };
#undef MJ_C_COUNTED
      bool noun = counted[f->clauses[k].kind];
      if (len > 0)
        cat(buf, cap, &len, "%s", _("; "));
      if (clause_fact(E, &f->clauses[k], v, fact, sizeof fact))
        cat(buf, cap, &len, noun ? _("it needs %.300s, and %s")
                                 : _("it needs that %.300s, and %s"), t, fact);
      else
        cat(buf, cap, &len, noun ? _("it needs %.300s, which this hand does "
                                     "not have")
                                 : _("it needs that %.300s, which this hand "
                                     "does not hold"), t);
    }
  if (len > 0)
    return;
  if (f->npat > 0) {
    snprintf(buf, cap, _("no melds of the hand form its pattern"));
    return;
  }
  if (f->kind == MJ_FK_COUNT) {
    snprintf(buf, cap, _("the count it depends on is zero"));
    return;
  }
  snprintf(buf, cap, _("its test function says no"));
}

/* The fan counted or exempted in the best reading: the sentence into
   buf; true when that is the whole answer. */
static bool why_in_best(const mj_rules *r, const mj_score *best, int fan,
                        char *buf, size_t cap, size_t *len)
{
  const mj_fan_def *f = &r->fans[fan].def;
  for (int q = 0; q < best->nhits; q++)
    if (best->hits[q].fan == fan) {
      cat(buf, cap, len, best->hits[q].count > 1
                         ? _("%s counts more than once in the chosen reading.\n")
                         : _("%s counts in the chosen reading.\n"), mj_text_name(f->id));
      return true;
    }
  for (int q = 0; q < best->nexempt; q++)
    if (best->exempt[q].fan == fan) {
      const mj_exempt *e = &best->exempt[q];
      cat(buf, cap, len, _("%s matches, but "), mj_text_name(f->id));
      exempt_reason(r, e, buf, cap, len);
      if (e->why == MJ_WHY_EXCLUDED)
        cat(buf, cap, len, _(" (不计: %s already implies it)"),
            mj_text_name(r->fans[e->by].def.id));
      cat(buf, cap, len, "%s", _(".\n"));
      return true;   /* (a fan exempted is not among the hits) */
    }
  return false;
}

/* A counted fan that excludes it wholly is the reason, whatever its
   pattern would say (七对 excludes 单钓将): true if there is one. */
static bool why_excluded(const mj_rules *r, const mj_score *best, int fan,
                         char *buf, size_t cap, size_t *len)
{
  for (int q = 0; q < best->nhits; q++) {
    const fan_c *by = &r->fans[best->hits[q].fan];
    for (int k = 0; k < by->nexcl; k++)
      if (by->excl[k] == fan && by->excl_n[k] == 0) {
        cat(buf, cap, len,
            _("%s does not count: %s counts, and excludes it (不计: %s "
            "already implies it).\n"),
            mj_text_name(r->fans[fan].def.id), mj_text_name(by->def.id),
            mj_text_name(by->def.id));
        return true;
      }
  }
  return false;
}

/* Not matched in the chosen reading: why, and does another reading do
   it. */
static mj_status why_not(const mj_rules *r, const mj_hand *h, int fan,
                         const mj_score *best, bool excluded, char *buf,
                         size_t cap, size_t *len, mj_error *err)
{
  const mj_fan_def *f = &r->fans[fan].def;
  eval *E = malloc(sizeof *E);
  if (E == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  mj_score tmp;
  mj_status st = mjs_prepare(E, r, h, &tmp, err);
  if (st != MJ_OK) {
    free(E);
    return st;
  }
  why_ctx w = { E, fan, false, 0, { 0 }, -1, false, { 0 }, -1 };
  mj_decompose(h, &r->shapes, E->wild, why_reading, &w, NULL);
  mj_view v;
  E->wgroup = r->scoring != MJ_SCORING_PARTS ? -1
              : best->win ? best->wgroup : w.first_group;
  mjs_build_view(E, best->win && best->reading.shape != MJ_SHAPE_NONE
                        ? &best->reading : w.any ? &w.first : NULL, &v);
  char t[400], d[200];
  fail_reason(E, fan, &v, t, sizeof t);
  E->wgroup = -1;
  if (best->win && !excluded) {
    mj_score_reading(best, d, sizeof d);
    cat(buf, cap, len, _("%s does not count in the chosen reading (%s): %s.\n"),
        mj_text_name(f->id), d, t);
  } else if (!best->win && w.any) {
    mj_decomp_print(&w.first, d, sizeof d);
    cat(buf, cap, len, _("%s does not count (%s): %s; and no other fan holds, "
        "so the hand is no win.\n"), mj_text_name(f->id), d, t);
  } else if (!best->win) {
    cat(buf, cap, len,
        _("%s does not count: the tiles are not a winning hand.\n"),
        mj_text_name(f->id));
  }
  if (w.found && best->win) {
    mj_decomp_print(&w.d, d, sizeof d);
    cat(buf, cap, len,
        _("Read as %s it would count, but that reading totals %d, "
        "less than the %d chosen (take the highest).\n"),
        d, w.total, best->total);
  }
  free(E);
  return MJ_OK;
}

mj_status mj_score_why(const mj_rules *r, const mj_hand *h, int fan, char *buf,
                       size_t cap, mj_error *err)
{
  if (fan < 0 || fan >= r->nfans)
    return mj_fail(err, MJ_EINVAL, 0, "no such fan");
  mj_score best;
  mj_status st = mj_score_hand(r, h, &best, err);
  if (st == MJ_OK)
    mj_score_annotate(r, h, &best);
  size_t len = 0;
  if (cap > 0)
    buf[0] = '\0';
  if (st != MJ_OK && st != MJ_ENOTWIN)
    return st;
  if (st == MJ_OK && why_in_best(r, &best, fan, buf, cap, &len))
    return MJ_OK;
  bool excluded = st == MJ_OK && why_excluded(r, &best, fan, buf, cap, &len);
  return why_not(r, h, fan, &best, excluded, buf, cap, &len, err);
}

/* }==================================================================== */
