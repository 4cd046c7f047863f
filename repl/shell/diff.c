/*
** diff.c
** What differs between two rulesets (or one with two sets of options),
** in words a club can read: the ruleset's own fields, the table rules,
** the options, the states and hooks, and fan by fan what was added,
** removed, re-valued, excluded otherwise or matched otherwise.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "lang.h"
#include "cli.h"
#include "hooks.h"
#include "host.h"
#include "repl.h"
#include "rules.h"
#include "table_rules.h"
#include "tile.h"

typedef struct differ {
  FILE *f;
  const mj_rules *a, *b;
  int n;                 /* differences said */
  const char *section;   /* its heading, printed before its first line */
} differ;

static void say(differ *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void say(differ *d, const char *fmt, ...)
{
  if (d->section != NULL) {
    fprintf(d->f, "%s:\n", d->section);
    d->section = NULL;
  }
  va_list ap;
  va_start(ap, fmt);
  fputs("  ", d->f);
  vfprintf(d->f, _(fmt), ap);
  fputc('\n', d->f);
  va_end(ap);
  d->n++;
}

static const char *yes_no(bool v) { return v ? "true" : "false"; }

/* {====================================================================
** The ruleset and its table
** ===================================================================== */

static const char *scoring_name(int s)
{
  return s == MJ_SCORING_SUM ? "sum" : s == MJ_SCORING_FAN ? "fan (番)"
                                                            : "doubling";
}

static void shapes_text(unsigned bits, char *buf, size_t cap)
{
  size_t len = 0;
  buf[0] = '\0';
  for (int s = 0; s < MJ_SHAPE_COUNT; s++)
    if (bits >> s & 1)
      len += (size_t)snprintf(buf + len, len < cap ? cap - len : 0, "%s%s",
                              len ? ", " : "", mj_shape_name((mj_shape)s));
}

static void wild_text(const mj_table *t, char *buf, size_t cap)
{
  if (t->wild_rule == MJ_WILD_FIXED) {
    uint8_t c[MJ_KINDS] = { 0 };
    for (int k = 0; k < MJ_KINDS; k++)
      c[k] = (t->wild_fixed >> k) & 1;
    char tiles[128];
    mj_counts_print(c, MJ_KINDS, tiles, sizeof tiles);
    snprintf(buf, cap, _("the tiles %s"), tiles);
  } else if (t->wild_rule == MJ_WILD_INDICATOR) {
    snprintf(buf, cap, ngettext("by an indicator (%d kind)",
                                "by an indicator (%d kinds)", t->wild_kinds),
             t->wild_kinds);
  } else {
    snprintf(buf, cap, _("none"));
  }
}

static void diff_ruleset(differ *d)
{
  d->section = "the ruleset";
  const mj_table *ta = mj_rules_ctable(d->a), *tb = mj_rules_ctable(d->b);
  if (mj_rules_scoring(d->a) != mj_rules_scoring(d->b))
    say(d, "scoring: %s → %s", scoring_name(mj_rules_scoring(d->a)),
        scoring_name(mj_rules_scoring(d->b)));
  char x[200], y[200];
  shapes_text(mj_rules_shapes(d->a)->shapes, x, sizeof x);
  shapes_text(mj_rules_shapes(d->b)->shapes, y, sizeof y);
  if (strcmp(x, y) != 0)
    say(d, "winning shapes: %s → %s", x, y);
  wild_text(ta, x, sizeof x);
  wild_text(tb, y, sizeof y);
  if (strcmp(x, y) != 0)
    say(d, "wild tiles: %s → %s", x, y);
  if (ta->min_points != tb->min_points)
    say(d, "min_points: %d → %d (the least a win must score)",
        ta->min_points, tb->min_points);
  if (mj_rules_knitted_waits(d->a) != mj_rules_knitted_waits(d->b))
    say(d, "knitted_waits: %s → %s (a wait fan on a tile of the 组合龙)",
        yes_no(mj_rules_knitted_waits(d->a)),
        yes_no(mj_rules_knitted_waits(d->b)));
  if (mj_rules_exclusive(d->a) != mj_rules_exclusive(d->b))
    say(d, "context flags a win holds one of at most: %s",
        mj_rules_exclusive(d->b) ? "changed" : "none now");
  if (strcmp(ta->wild_name, tb->wild_name) != 0)
    say(d, "a wild tile is called: %s → %s", ta->wild_name[0] ? ta->wild_name
        : "-", tb->wild_name[0] ? tb->wild_name : "-");
}

static void diff_table(differ *d)
{
  d->section = "table rules";
  const mj_table *ta = mj_rules_ctable(d->a), *tb = mj_rules_ctable(d->b);
#define FLAG(name, def, words)                                               \
  if (ta->name != tb->name)                                                  \
    say(d, "%s: %s → %s (%s)", #name, yes_no(ta->name), yes_no(tb->name),    \
        words);
  MJ_TABLE_FLAGS(FLAG)
#undef FLAG
#define NUMBER(name, def, lo, hi, range, words)                              \
  if (ta->name != tb->name)                                                  \
    say(d, "%s: %d → %d (%s)", #name, (int)ta->name, (int)tb->name, words);
  MJ_TABLE_NUMBERS(NUMBER)
#undef NUMBER
  if (ta->replace_tail != tb->replace_tail)
    say(d, "replacement: %s → %s (where a kong's replacement comes from)",
        ta->replace_tail ? "tail" : "head", tb->replace_tail ? "tail" : "head");
  char cyc[240];   /* the indicator's order: each kind whose next differs */
  size_t cl = 0;
  int nc = 0;
  cyc[0] = '\0';
  for (int k = 0; k < MJ_KINDS; k++)
    if (ta->succ[k] != tb->succ[k] && nc++ < 8) {
      char b1[3], b2[3], b3[3];
      mj_catf(cyc, sizeof cyc, &cl, "%s%s: %s → %s", nc > 1 ? ", " : "",
              mj_tile_str((mj_tile)k, b1), mj_tile_str((mj_tile)ta->succ[k], b2),
              mj_tile_str((mj_tile)tb->succ[k], b3));
    }
  if (nc > 0)
    say(d, "cycles: the tile after an indicator: %s%s", cyc,
        nc > 8 ? ", ..." : "");
  if (memcmp(ta->uma, tb->uma, sizeof ta->uma) != 0)
    say(d, "uma: %d/%d/%d/%d → %d/%d/%d/%d (what each place adds)", ta->uma[0],
        ta->uma[1], ta->uma[2], ta->uma[3], tb->uma[0], tb->uma[1], tb->uma[2],
        tb->uma[3]);
  const char *after[] = { "end", "leave (血战)", "stay (血流)" };
  int aa = ta->leave_on_win ? 1 : ta->stay_on_win ? 2 : 0;
  int ab = tb->leave_on_win ? 1 : tb->stay_on_win ? 2 : 0;
  if (aa != ab)
    say(d, "after_win: %s → %s (what a win does to the hand)", after[aa],
        after[ab]);
}

/* }==================================================================== */

/* {====================================================================
** Options, states and hooks
** ===================================================================== */

static const char *option_of(const mj_rules *r, const char *name)
{
  for (int i = 0; i < mj_rules_noptions(r); i++) {
    const char *n, *v;
    mj_rules_option(r, i, &n, &v);
    if (strcmp(n, name) == 0)
      return v;
  }
  return NULL;
}

static void diff_options(differ *d)
{
  d->section = "options";
  for (int i = 0; i < mj_rules_noptions(d->a); i++) {
    const char *n, *v;
    mj_rules_option(d->a, i, &n, &v);
    const char *w = option_of(d->b, n);
    if (w == NULL)
      say(d, "- %s (was %s)", n, v);
    else if (strcmp(v, w) != 0)
      say(d, "%s: %s → %s", n, v, w);
  }
  for (int i = 0; i < mj_rules_noptions(d->b); i++) {
    const char *n, *v;
    mj_rules_option(d->b, i, &n, &v);
    if (option_of(d->a, n) == NULL)
      say(d, "+ %s (%s)", n, v);
  }
}

static const mj_state_def *state_of(const mj_table *t, const char *name)
{
  for (int i = 0; i < t->nstates; i++)
    if (strcmp(t->states[i].name, name) == 0)
      return &t->states[i];
  return NULL;
}

static void diff_states(differ *d)
{
  d->section = "states and hooks";
  const mj_table *ta = mj_rules_ctable(d->a), *tb = mj_rules_ctable(d->b);
  for (int i = 0; i < ta->nstates; i++) {
    const mj_state_def *s = &ta->states[i], *o = state_of(tb, s->name);
    if (o == NULL)
      say(d, "- state %s%s%s", s->name, s->label[0] ? " " : "",
          repl_desc(s->label));
    else if (strcmp(s->label, o->label) != 0 || s->private_ != o->private_ ||
             s->flag != o->flag || s->token != o->token || s->on != o->on ||
             s->turn != o->turn || s->wild_tile != o->wild_tile)
      say(d, "state %s: declared otherwise", s->name);
  }
  for (int i = 0; i < tb->nstates; i++)
    if (state_of(ta, tb->states[i].name) == NULL)
      say(d, "+ state %s%s%s", tb->states[i].name,
          tb->states[i].label[0] ? " " : "", repl_desc(tb->states[i].label));
  unsigned ha = mj_rules_hooks(d->a), hb = mj_rules_hooks(d->b);
  static const char *const names[] = {
#define HOOK_NAME(k, field, call, when, gets) field,
    MJ_HOOKS(HOOK_NAME)
#undef HOOK_NAME
  };
  for (int k = 0; k < MJ_HOOK_COUNT; k++)
    if ((ha >> k & 1) != (hb >> k & 1))
      say(d, "%s %s", hb >> k & 1 ? "+ hook" : "- hook", names[k]);
}

/* }==================================================================== */

/* {====================================================================
** Fans
** ===================================================================== */

static int fan_by_id(const mj_rules *r, const char *id)
{
  for (int i = 0; i < mj_rules_nfans(r); i++)
    if (strcmp(mj_rules_fan(r, i)->id, id) == 0)
      return i;
  return -1;
}

/* The names fan i excludes, one line ("缺一门, 无字 x2"). */
static void excludes_text(const mj_rules *r, int i, char *buf, size_t cap)
{
  const int *idx;
  const uint8_t *n;
  int k = mj_rules_excludes(r, i, &idx, &n);
  size_t len = 0;
  buf[0] = '\0';
  for (int j = 0; j < k && len < cap; j++) {
    char cnt[16] = "";
    if (n[j] > 0)
      snprintf(cnt, sizeof cnt, " x%d", n[j]);
    len += (size_t)snprintf(buf + len, cap - len, "%s%s%s", j ? ", " : "",
                            mj_rules_fan(r, idx[j])->id, cnt);
  }
}

/* Is name one of the comma-separated items of list? */
static bool listed(const char *list, const char *name)
{
  size_t n = strlen(name);
  for (const char *p = list; *p;) {
    const char *e = strstr(p, ", ");
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (len == n && strncmp(p, name, n) == 0)
      return true;
    if (e == NULL)
      break;
    p = e + 2;
  }
  return false;
}

/* Items of x not in y, comma-separated, into out. */
static void missing(const char *x, const char *y, char *out, size_t cap)
{
  size_t len = 0;
  out[0] = '\0';
  char item[128];
  for (const char *p = x; *p;) {
    const char *e = strstr(p, ", ");
    size_t n = e ? (size_t)(e - p) : strlen(p);
    snprintf(item, sizeof item, "%.*s", (int)n, p);
    if (!listed(y, item) && len < cap)
      len += (size_t)snprintf(out + len, cap - len, "%s%s", len ? ", " : "",
                              item);
    if (e == NULL)
      break;
    p = e + 2;
  }
}

/* Lines of text ("  - ...") under an item, two columns further in. */
static void indented(FILE *f, const char *text)
{
  for (const char *p = text; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    fprintf(f, "  %.*s\n", (int)n, p);
    p += n + (nl != NULL);
  }
}

static void diff_fan(differ *d, int i, int j)
{
  const mj_fan_def *fa = mj_rules_fan(d->a, i), *fb = mj_rules_fan(d->b, j);
  char x[1024], y[1024];
  repl_fan_value(d->a, fa, x, sizeof x);
  repl_fan_value(d->b, fb, y, sizeof y);
  if (strcmp(x, y) != 0)
    say(d, "%s: %s → %s", fa->id, x, y);
  excludes_text(d->a, i, x, sizeof x);
  excludes_text(d->b, j, y, sizeof y);
  char gone[1024], added[1024];
  missing(x, y, gone, sizeof gone);
  missing(y, x, added, sizeof added);
  if (added[0])
    say(d, "%s: now excludes %s", fa->id, added);
  if (gone[0])
    say(d, "%s: no longer excludes %s", fa->id, gone);
  mj_fan_describe(d->a, i, x, sizeof x);
  mj_fan_describe(d->b, j, y, sizeof y);
  if (strcmp(x, y) != 0 || (fa->test >= 0) != (fb->test >= 0)) {
    say(d, "%s: matches otherwise", fa->id);
    fprintf(d->f, _("    was:\n"));
    indented(d->f, x);
    if (fa->test >= 0)
      fputs(_("    - and its test function\n"), d->f);
    fprintf(d->f, _("    now:\n"));
    indented(d->f, y);
    if (fb->test >= 0)
      fputs(_("    - and its test function\n"), d->f);
  }
}

static void diff_fans(differ *d)
{
  char v[128], t[1024];
  d->section = "fans removed";
  for (int i = 0; i < mj_rules_nfans(d->a); i++) {
    const mj_fan_def *f = mj_rules_fan(d->a, i);
    if (fan_by_id(d->b, f->id) < 0) {
      repl_fan_value(d->a, f, v, sizeof v);
      say(d, "- %s%s%s (%s)", f->id, f->en ? " " : "", f->en ? f->en : "", v);
    }
  }
  d->section = "fans added";
  for (int j = 0; j < mj_rules_nfans(d->b); j++) {
    const mj_fan_def *f = mj_rules_fan(d->b, j);
    if (fan_by_id(d->a, f->id) < 0) {
      repl_fan_value(d->b, f, v, sizeof v);
      say(d, "+ %s%s%s (%s)", f->id, f->en ? " " : "", f->en ? f->en : "", v);
      mj_fan_describe(d->b, j, t, sizeof t);
      indented(d->f, t);
      if (f->test >= 0)
        fputs(_("    - and its test function\n"), d->f);
      excludes_text(d->b, j, t, sizeof t);
      if (t[0])
        fprintf(d->f, _("    - excludes %s\n"), t);
    }
  }
  d->section = "fans changed";
  for (int i = 0; i < mj_rules_nfans(d->a); i++) {
    int j = fan_by_id(d->b, mj_rules_fan(d->a, i)->id);
    if (j >= 0)
      diff_fan(d, i, j);
  }
}

/* }==================================================================== */

int repl_diff(FILE *f, const mj_rules *a, const char *an,
              const mj_rules *b, const char *bn)
{
  differ d = { f, a, b, 0, NULL };
  fprintf(f, _("%s (%s, %d fans) → %s (%s, %d fans)\n"), an, repl_desc(mj_rules_title(a)),
          mj_rules_nfans(a), bn, repl_desc(mj_rules_title(b)), mj_rules_nfans(b));
  diff_ruleset(&d);
  diff_table(&d);
  diff_options(&d);
  diff_states(&d);
  diff_fans(&d);
  if (d.n == 0)
    fprintf(f, _("no difference\n"));
  else
    fprintf(f, ngettext("%d difference\n", "%d differences\n", d.n), d.n);
  return d.n;
}

/* A side of diff: a ruleset and the options that follow it. */
typedef struct side {
  const char *name;
  char options[512];
  char label[600];
  mj_host *host;
  const mj_rules *r;
} side;

/* argv: A [NAME=VALUE...] B [NAME=VALUE...]; false with why. */
static bool read_sides(int argc, char **argv, side s[2], char *why,
                       size_t cap)
{
  int k = -1;
  for (int i = 0; i < argc; i++) {
    if (strchr(argv[i], '=') == NULL) {
      if (++k == 2) {
        snprintf(why, cap, _("diff compares two rulesets, not more ('%s')"),
                 argv[i]);
        return false;
      }
      s[k].name = argv[i];
      continue;
    }
    if (k < 0) {
      snprintf(why, cap, _("'%s': the options follow the ruleset they are "
               "for"), argv[i]);
      return false;
    }
    size_t len = strlen(s[k].options);
    if (len + strlen(argv[i]) + 2 > sizeof s[k].options) {
      snprintf(why, cap, _("too many options for %s"), s[k].name);
      return false;
    }
    snprintf(s[k].options + len, sizeof s[k].options - len, "%s%s",
             len ? " " : "", argv[i]);
  }
  if (k != 1) {
    snprintf(why, cap, _("diff needs two rulesets: diff A [NAME=VALUE...] B "
             "[NAME=VALUE...]"));
    return false;
  }
  return true;
}

int repl_diff_command(const cli_opts *o, int argc, char **argv)
{
  side s[2];
  memset(s, 0, sizeof s);
  char why[300];
  if (!read_sides(argc, argv, s, why, sizeof why)) {
    fprintf(stderr, _("Error: %s\n"), why);
    return 1;
  }
  int status = 0;
  for (int k = 0; k < 2 && status == 0; k++) {
    /* a host each: one ruleset under two sets of options is two */
    mj_host_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    for (int i = 0; i < o->ndirs; i++)
      cfg.dirs[i] = o->rules_dirs[i];
    cfg.ndirs = o->ndirs;
    mj_error e;
    s[k].host = mj_host_new(&cfg, &e);
    if (s[k].host == NULL ||
        mj_host_load(s[k].host, s[k].name, s[k].options[0] ? s[k].options
                                                           : NULL,
                     &s[k].r, &e) != MJ_OK) {
      fprintf(stderr, _("Error: %s\n"), e.msg);
      status = 1;
    }
    snprintf(s[k].label, sizeof s[k].label, "%s%s%s", s[k].name,
             s[k].options[0] ? " " : "", s[k].options);
  }
  if (status == 0)
    repl_diff(stdout, s[0].r, s[0].label, s[1].r, s[1].label);
  for (int k = 0; k < 2; k++)
    mj_host_free(s[k].host);
  return status;
}
