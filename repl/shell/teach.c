/*
** teach.c
** The REPL's teaching commands: score and explain a hand, why a fan did
** not count, the list of fans and one fan in words, waits, shanten, and a
** quiz on random hands.
*/
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "lang.h"
#include "analysis.h"
#include "repl.h"
#include "hands.h"
#include "text.h"
#include "rules.h"
#include "score.h"
#include "wall.h"

/* The hand text of a command: the rest of its line. */
static int hand_cmd(repl *r, const char *name, const char *rest,
                    bool (*fn)(mj_host *, const mj_rules *, const cli_opts *,
                               mj_hand *, const char *, size_t))
{
  char mine[512];
  uint8_t seen[MJ_KINDS];
  bool in_game = false;
  if (rest[0] == '\0') {
    /* in a game: your hand, or the hand's win, and the live tiles as you
       see the table */
    if (!play_hand_text(r, mine, sizeof mine))
      return repl_usage(r, name);
    printf("(%s)\n", mine);
    rest = mine;
    in_game = play_visible(r, seen);
  }
  const mj_rules *rs = repl_rules(r);
  if (rs == NULL)
    return repl_error(r, "no ruleset could be loaded");
  mj_hand *h = mj_hand_new();
  if (h == NULL)
    return repl_error(r, "out of memory");
  cli_opts o = *r->o;
  o.batch = o.json = false;
  o.visible = in_game ? seen : NULL;
  fflush(stdout);
  bool ok = fn(r->host, rs, &o, h, rest, strlen(rest));
  mj_hand_free(h);
  if (!ok)
    r->failures++;
  return ok ? 0 : 1;
}

static int c_score(repl *r, int argc, char **argv, const char *rest)
{
  (void)argc;
  (void)argv;
  int st = hand_cmd(r, "score", rest, cli_do_score);
  if (st == 0)
    snprintf(r->last_hand, sizeof r->last_hand, "%s", rest);
  return st;
}

static int c_explain(repl *r, int argc, char **argv, const char *rest)
{
  char mine[512];
  if (argc < 2 && play_hand_text(r, mine, sizeof mine)) {
    if (strstr(mine, "win=") == NULL)
      return repl_error(r, "your hand (%s) is not complete: explain HAND, "
                        "or after the hand, its win", mine);
    return hand_cmd(r, "explain", mine, cli_do_score);
  }
  if (argc < 2) {
    if (r->last_hand[0] == '\0')
      return repl_error(
          r,
          "no hand to explain yet: explain HAND CONTEXT, or score one first");
    char copy[512];
    snprintf(copy, sizeof copy, "%s", r->last_hand);
    return hand_cmd(r, "explain", copy, cli_do_score);
  }
  return c_score(r, argc, argv, rest);
}

static int c_waits(repl *r, int argc, char **argv, const char *rest)
{
  (void)argc;
  (void)argv;
  return hand_cmd(r, "waits", rest, cli_do_waits);
}

static int c_shanten(repl *r, int argc, char **argv, const char *rest)
{
  (void)argc;
  (void)argv;
  return hand_cmd(r, "shanten", rest, cli_do_shanten);
}

/* A fan by any of its names; reports the error. */
static int find_fan(repl *r, const mj_rules *rs, const char *name)
{
  int f = mj_rules_find_fan(rs, name);
  if (f >= 0)
    return f;
  for (int i = 0; i < mj_rules_nfans(rs); i++)   /* as the language writes it */
    if (strcmp(mj_text_name(mj_rules_fan(rs, i)->id), name) == 0)
      return i;
  /* the nearest name, to suggest: a typo in any of a fan's names, or a
     part of its English name */
  int best = -1, bd = 3, len = 0;   /* the name's length in characters */
  for (const char *c = name; *c; c++)
    len += (*c & 0xc0) != 0x80;
  for (int i = 0; i < mj_rules_nfans(rs); i++) {
    const mj_fan_def *d = mj_rules_fan(rs, i);
    const char *names[2 + MJ_MAX_ALIASES] = { d->id, d->en };
    for (int k = 0; k < MJ_MAX_ALIASES; k++)
      names[2 + k] = d->aliases[k];
    for (int k = 0; k < 2 + MJ_MAX_ALIASES; k++) {
      if (names[k] == NULL)
        continue;
      int dist = mj_text_distance(name, names[k]);
      if (dist < bd && dist * 2 <= len) {
        bd = dist;
        best = i;
      }
    }
    if (best < 0 && d->en && strlen(name) >= 3 && strstr(d->en, name) != NULL)
      best = i, bd = 2;
  }
  if (best >= 0 && (mj_text_native_names || !mj_rules_fan(rs, best)->en))
    repl_error(r, "no fan \"%s\" in %s; did you mean %s?", name,
               mj_rules_id(rs), mj_text_name(mj_rules_fan(rs, best)->id));
  else if (best >= 0)
    repl_error(r, "no fan \"%s\" in %s; did you mean %s (%s)?", name,
               mj_rules_id(rs), mj_text_name(mj_rules_fan(rs, best)->id),
               mj_rules_fan(rs, best)->en);
  else
    repl_error(r, "no fan \"%s\" in %s; \"fans\" lists them", name,
               mj_rules_id(rs));
  return -1;
}

static int c_why(repl *r, int argc, char **argv, const char *rest)
{
  if (argc < 2)
    return repl_usage(r, "why");
  const mj_rules *rs = repl_rules(r);
  if (rs == NULL)
    return repl_error(r, "no ruleset could be loaded");
  /* the fan name may have spaces (English): try the longest prefix */
  int f = -1;
  const char *hand = NULL;
  char mine[512];
  if (play_hand_text(r, mine, sizeof mine) &&
      (f = mj_rules_find_fan(rs, rest)) >= 0) {
    hand = mine;          /* in a game, "why FAN": your hand or the win */
    if (strstr(mine, "win=") == NULL)
      return repl_error(r, "your hand (%s) is not complete: why FAN HAND, "
                        "or after the hand, its win", mine);
    printf("(%s)\n", mine);
  } else if (argc < 3) {
    return f < 0 && find_fan(r, rs, rest) < 0 ? 1 : repl_usage(r, "why");
  }
  char name[256];
  for (int k = argc - 1; k >= 2 && f < 0; k--) {
    size_t len = 0;
    name[0] = '\0';
    for (int i = 1; i < k; i++)
      mj_catf(name, sizeof name, &len, "%s%s", i > 1 ? " " : "", argv[i]);
    if (len >= sizeof name)
      continue;            /* longer than any fan's name */
    f = mj_rules_find_fan(rs, name);
    if (f >= 0) {
      /* the hand starts at argv[k] within rest */
      const char *p = rest;
      for (int i = 1; i < k; i++) {
        p = strstr(p, argv[i]);
        p = p ? p + strlen(argv[i]) : rest;
      }
      while (*p == ' ')
        p++;
      hand = p;
    }
  }
  if (f < 0)
    return find_fan(r, rs, argv[1]) < 0 ? 1 : repl_usage(r, "why");
  mj_hand *h = mj_hand_new();
  if (h == NULL)
    return repl_error(r, "out of memory");
  mj_error e;
  char buf[8192];
  int st = 0;
  if (mj_hand_parse(h, hand, strlen(hand), &e) != MJ_OK ||
      mj_hand_check(h, MJ_CHECK_WIN, &e) != MJ_OK)
    st = repl_error(r, "%s", mj_error_text(&e, buf, sizeof buf));
  else if (mj_score_why(rs, h, f, buf, sizeof buf, &e) != MJ_OK)
    st = repl_error(r, "%s", e.msg);
  else {
    size_t n = strlen(buf);
    if (n > 0 && buf[n - 1] == '\n')
      buf[n - 1] = '\0';
    repl_fold(stdout, buf, 0, 0, 80);   /* sentences, folded at 80 */
    snprintf(r->last_hand, sizeof r->last_hand, "%s", hand);   /* explain */
  }
  mj_hand_free(h);
  return st;
}

void repl_fan_value(const mj_rules *rs, const mj_fan_def *d, char *buf,
                    size_t cap)
{
  if (d->state)
    snprintf(buf, cap, "%s", _("state"));
  else if (d->role == MJ_ROLE_PLUS && d->value < 0)
    snprintf(buf, cap, "%s", _("+1 share each"));   /* the total once more */
  else if (d->role == MJ_ROLE_PLUS)
    snprintf(buf, cap, _("+%d each"), d->value);
  else if (mj_rules_scoring(rs) == MJ_SCORING_SUM)
    snprintf(buf, cap, "%d %s", d->value, _(mj_rules_unit(rs)));
  else if (mj_rules_scoring(rs) == MJ_SCORING_FAN)
    snprintf(buf, cap, d->role == MJ_ROLE_TIMES ? _("+%d 番")
                       : d->role == MJ_ROLE_FIXED ? _("%d 番 flat") : _("%d 番"),
             d->value);
  else if (d->role == MJ_ROLE_TIMES)
    snprintf(buf, cap, "x%d", 1 << d->value);
  else if (d->role == MJ_ROLE_FIXED)
    snprintf(buf, cap, _("fixed %d"), d->value);
  else
    snprintf(buf, cap, _("base %d"), d->value);
}

static int sort_key(const mj_rules *rs, const mj_fan_def *d)
{
  if (mj_rules_scoring(rs) == MJ_SCORING_SUM || d->role == MJ_ROLE_BASE)
    return d->value;
  if (d->role == MJ_ROLE_FIXED)
    return 1000 + d->value;
  return 100 + d->value;   /* doublings */
}

static int c_fans(repl *r, int argc, char **argv, const char *rest)
{
  (void)argv;
  (void)rest;
  if (argc > 1)
    return repl_usage(r, "fans");
  const mj_rules *rs = repl_rules(r);
  if (rs == NULL)
    return repl_error(r, "no ruleset could be loaded");
  int n = mj_rules_nfans(rs);
  int *order = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
  if (order == NULL)
    return repl_error(r, "out of memory");
  for (int i = 0; i < n; i++)
    order[i] = i;
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && sort_key(rs, mj_rules_fan(rs, order[j - 1])) <
                              sort_key(rs, mj_rules_fan(rs, order[j])); j--) {
      int x = order[j];
      order[j] = order[j - 1];
      order[j - 1] = x;
    }
  printf(mj_rules_scoring(rs) == MJ_SCORING_SUM ? _("%s: %d fans, by points\n")
                                                : _("%s: %d patterns\n"),
         repl_desc(mj_rules_title(rs)), n);
  for (int i = 0; i < n; i++) {
    const mj_fan_def *d = mj_rules_fan(rs, order[i]);
    char v[32], pad[160];
    repl_fan_value(rs, d, v, sizeof v);
    char vp[64];
    printf("  %s  %s %s\n", mj_text_pad_left(v, 9, vp, sizeof vp),
           mj_text_pad(mj_text_name(d->id), 12, pad, sizeof pad),
           d->en && !repl_lang_zh() ? d->en : "");
  }
  free(order);
  return 0;
}

static int c_fan(repl *r, int argc, char **argv, const char *rest)
{
  (void)argv;
  if (argc < 2)
    return repl_usage(r, "fan");
  const mj_rules *rs = repl_rules(r);
  if (rs == NULL)
    return repl_error(r, "no ruleset could be loaded");
  int f = find_fan(r, rs, rest);
  if (f < 0)
    return 1;
  const mj_fan_def *d = mj_rules_fan(rs, f);
  char v[32], buf[8192];
  repl_fan_value(rs, d, v, sizeof v);
  printf("%s", mj_text_name(d->id));
  for (int k = 0; k < MJ_MAX_ALIASES && d->aliases[k]; k++)
    if (strcmp(d->aliases[k], mj_text_name(d->id)) != 0)
      printf(" / %s", d->aliases[k]);
  if (d->en && !repl_lang_zh())
    printf(" — %s", d->en);
  printf(_(": %s\n"), v);
  if (repl_desc(d->desc))
    printf("  %s\n", repl_desc(d->desc));
  mj_fan_describe(rs, f, buf, sizeof buf);
  if (buf[0]) {
    printf(_("pattern:\n"));
    fputs(buf, stdout);
  }
  const int *ex;
  const uint8_t *exn;
  int k = mj_rules_excludes(rs, f, &ex, &exn);
  if (k > 0) {
    char list[1024];
    size_t ll = 0;
    list[0] = '\0';
    for (int i = 0; i < k; i++)
      mj_catf(list, sizeof list, &ll, "%s%s", i ? C_("list", ", ") : "",
              mj_text_name(mj_rules_fan(rs, ex[i])->id));
    printf(_("not counted with it: %s\n"), list);
  }
  if (d->example) {
    printf(_("example: %s\n"), d->example);
    mj_hand *h = mj_hand_new();
    mj_score *s = malloc(sizeof *s);
    mj_error e;
    if (h && s &&
        mj_hand_parse(h, d->example, strlen(d->example), &e) == MJ_OK &&
        mj_score_hand(rs, h, s, &e) == MJ_OK) {
      char tot[160];
      mj_score_fans_text(rs, s, buf, sizeof buf);
      mj_score_total_text(rs, s, tot, sizeof tot);
      printf(s->meets_min ? _("  scores %s: %s\n")
                          : _("  scores %s: %s (below the minimum: no win)\n"),
             tot, buf);
    }
    mj_hand_free(h);
    free(s);
  }
  return 0;
}

/* {====================================================================
** Quiz
** ===================================================================== */

/* A random winning standard hand (four melds and a pair, five at a
   16-tile table, all concealed) of the ruleset's tiles, drawn by rng;
   false after too many tries. */
static bool random_win(mj_rng *g, const mj_rules *rs, mj_hand *h, char *text,
                       size_t cap)
{
  for (int tries = 0; tries < 200; tries++) {
    uint8_t c[MJ_KINDS] = { 0 };
    bool ok = true;
    int sets = mj_rules_ctable(rs)->hand / 3;
    for (int m = 0; m < sets && ok; m++) {
      int t = (int)mj_rng_below(g, MJ_KINDS);
      if (mj_rng_below(g, 3) > 0 && t < MJ_HONOR_FIRST && t % 9 <= 6) {
        ok = c[t] < 4 && c[t + 1] < 4 && c[t + 2] < 4;
        c[t]++, c[t + 1]++, c[t + 2]++;
      } else {
        ok = c[t] + 3 <= 4;
        c[t] += 3;
      }
    }
    int p = (int)mj_rng_below(g, MJ_KINDS);
    if (!ok || c[p] + 2 > 4)
      continue;
    c[p] += 2;
    /* the winning tile: any of them */
    int k = (int)mj_rng_below(g, (uint32_t)(3 * sets + 2)), win = 0;
    for (int t = 0, seen = 0; t < MJ_KINDS; t++)
      if (seen + c[t] > k) {
        win = t;
        break;
      } else {
        seen += c[t];
      }
    char tiles[64], w[3], wild[3];
    mj_counts_print(c, MJ_KINDS, tiles, sizeof tiles);
    size_t len = (size_t)snprintf(text, cap, "%s win=%s%s", tiles,
                                  mj_tile_str((mj_tile)win, w),
                                  mj_rng_below(g, 3) == 0 ? " self" : "");
    if (mj_rules_ctable(rs)->wild_rule == MJ_WILD_INDICATOR)
      snprintf(text + len, cap - len, " bao=%s",
               mj_tile_str((mj_tile)mj_rng_below(g, MJ_KINDS), wild));
    mj_error e;
    if (mj_hand_parse(h, text, strlen(text), &e) == MJ_OK &&
        mj_hand_check(h, MJ_CHECK_WIN, &e) == MJ_OK)
      return true;
  }
  return false;
}

static int c_quiz(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  const mj_rules *rs = repl_rules(r);
  if (rs == NULL)
    return repl_error(r, "no ruleset could be loaded");
  int kind = 0;
  if (argc >= 2 && strcmp(argv[1], "waits") == 0)
    kind = 1;
  else if (argc >= 2 &&
           (strcmp(argv[1], "score") == 0 || strcmp(argv[1], "total") == 0))
    kind = 2;
  else if (argc >= 2 && strncmp(argv[1], "seed=", 5) != 0)
    return repl_usage(r, "quiz");
  for (int i = 1; i < argc; i++)
    if (strncmp(argv[i], "seed=", 5) == 0)
      r->quiz_seed = strtoul(argv[i] + 5, NULL, 10);
  if (kind == 0)
    kind = r->quiz_asked % 2 ? 2 : 1;
  mj_rng g;
  mj_rng_seed(&g, r->quiz_seed++ * 7919 + 17);
  mj_hand *h = mj_hand_new();
  if (h == NULL)
    return repl_error(r, "out of memory");
  char text[128];
  for (;;) {
    if (!random_win(&g, rs, h, text, sizeof text)) {
      mj_hand_free(h);
      return repl_error(r, "could not deal a quiz hand");
    }
    if (kind == 2) {
      mj_score s;
      mj_error e;
      if (mj_score_hand(rs, h, &s, &e) == MJ_OK)
        break;
      continue;
    }
    /* waits: take the winning tile away */
    char *sp = strchr(text, ' ');
    mj_tile win = mj_hand_cctx(h)->win;
    uint8_t c[MJ_KINDS];
    memcpy(c, mj_hand_counts(h), MJ_KINDS);
    c[win]--;
    char tiles[64], tail[64] = "";
    mj_counts_print(c, MJ_KINDS, tiles, sizeof tiles);
    const char *bao = strstr(sp, " bao=");
    if (bao)
      snprintf(tail, sizeof tail, "%s", bao);
    snprintf(text, sizeof text, "%s%s", tiles, tail);
    break;
  }
  mj_hand_free(h);
  snprintf(r->quiz_hand, sizeof r->quiz_hand, "%s", text);
  r->quiz_kind = kind;
  r->quiz_asked++;
  if (kind == 1)
    printf(_("Quiz %d (%s): which tiles does this hand wait on?\n  %s\n"
           "Answer with tiles (e.g. 58m 3z), or \"skip\".\n"),
           r->quiz_asked, mj_rules_id(rs), text);
  else
    printf(_("Quiz %d (%s): what does this hand score?\n  %s\n"
           "Answer with a number, or \"skip\".\n"),
           r->quiz_asked, mj_rules_id(rs), text);
  return 0;
}

/* The verdict's first word. */
static const char *verdict(bool right, bool skip)
{
  return right ? _("Right!") : skip ? _("Skipped.") : _("Not quite.");
}

/* The waits of h that win: under a minimum, those whose value reaches
   it; the others said into why ("9p completes the shape but scores 6
   fan, below the 8 minimum"). */
static void winning_waits(const mj_rules *rs, const mj_hand *h,
                          const mj_wait *w, int k, uint8_t want[MJ_KINDS],
                          char *why, size_t cap)
{
  int min = mj_rules_ctable(rs)->min_points;
  size_t len = 0;
  why[0] = '\0';
  mj_score *s = min > 0 ? malloc(sizeof *s) : NULL;
  for (int i = 0; i < k; i++) {
    want[w[i].tile] = 1;
    if (s == NULL)
      continue;
    char b[3];
    mj_tile_str(w[i].tile, b);
    if (!cli_wait_score(rs, h, w[i].tile, s)) {
      want[w[i].tile] = 0;
      mj_catf(why, cap, &len, _(" %s completes the shape but is no win."), b);
    } else if (s->total - s->bonus < min) {
      want[w[i].tile] = 0;
      mj_catf(why, cap, &len, _(" %s completes the shape but scores %d %s, "
              "below the %d minimum: no win."), b, s->total,
              mj_rules_scoring(rs) == MJ_SCORING_SUM ? _(mj_rules_unit(rs))
              : mj_rules_scoring(rs) == MJ_SCORING_FAN ? "番" : _("points"), min);
    }
  }
  free(s);
}

/* The answer to a waits quiz: 1 when it must be asked again. */
static int answer_waits(repl *r, const mj_rules *rs, mj_hand *h,
                        const char *answer, bool skip, const cli_opts *o)
{
  mj_wait w[MJ_KINDS];
  int k = mj_hand_waits(h, mj_hand_wild(h, mj_rules_wild(rs)),
                        mj_rules_shapes(rs), w, NULL);
  uint8_t want[MJ_KINDS] = { 0 }, got[MJ_KINDS] = { 0 };
  char why[512];
  winning_waits(rs, h, w, k, want, why, sizeof why);
  char buf[256];
  snprintf(buf, sizeof buf, "%s", skip ? "" : answer);
  for (char *tok = strtok(buf, " ,"); tok; tok = strtok(NULL, " ,")) {
    mj_tile t[MJ_KINDS];
    int m = 0;
    mj_error e;
    if (mj_tiles_parse(tok, strlen(tok), 1, false, t, NULL, MJ_KINDS, &m,
                       &e) != MJ_OK)
      return repl_error(r, "%s; answer with tiles such as 58m 3z", e.msg);
    for (int i = 0; i < m; i++)
      got[t[i]] = 1;
  }
  bool right = !skip && memcmp(want, got, sizeof want) == 0;
  char list[128];
  mj_counts_print(want, MJ_KINDS, list, sizeof list);
  bool any = false;
  for (int i = 0; i < MJ_KINDS; i++)
    any = any || want[i];
  printf(why[0] ? _("%s The waits that win are %s.%s\n")
                : _("%s The waits are %s.%s\n"), verdict(right, skip),
         any ? list : _("none"), why);
  r->quiz_right += right;
  cli_do_waits(r->host, rs, o, h, r->quiz_hand, strlen(r->quiz_hand));
  return 0;
}

/* The answer to a score quiz: 1 when it must be asked again (or the hand
   does not score, *fatal set). */
static int answer_total(repl *r, const mj_rules *rs, mj_hand *h,
                        const char *answer, bool skip, const cli_opts *o,
                        bool *fatal)
{
  mj_score s;
  mj_error e;
  if (mj_score_hand(rs, h, &s, &e) != MJ_OK) {
    *fatal = true;
    return repl_error(r, "%s", e.msg);
  }
  char *end;
  long v = strtol(answer, &end, 10);
  if (!skip && (end == answer || *end != '\0'))
    return repl_error(r, "answer with a number, or \"skip\"");
  bool right = !skip && v == s.total;
  printf(_("%s It scores %d.\n"), verdict(right, skip), s.total);
  r->quiz_right += right;
  cli_do_score(r->host, rs, o, h, r->quiz_hand, strlen(r->quiz_hand));
  return 0;
}

int teach_answer(repl *r, const char *answer)
{
  const mj_rules *rs = repl_rules(r);
  int kind = r->quiz_kind;
  r->quiz_kind = 0;
  if (rs == NULL)
    return repl_error(r, "no ruleset could be loaded");
  bool skip = strcmp(answer, "skip") == 0;
  mj_hand *h = mj_hand_new();
  if (h == NULL)
    return repl_error(r, "out of memory");
  mj_error e;
  if (mj_hand_parse(h, r->quiz_hand, strlen(r->quiz_hand), &e) != MJ_OK) {
    mj_hand_free(h);
    return repl_error(r, "%s", e.msg);
  }
  cli_opts o = *r->o;
  o.batch = o.json = false;
  bool fatal = false;
  int st = kind == 1 ? answer_waits(r, rs, h, answer, skip, &o)
                     : answer_total(r, rs, h, answer, skip, &o, &fatal);
  mj_hand_free(h);
  if (st != 0) {
    if (!fatal)
      r->quiz_kind = kind;   /* ask again */
    return st;
  }
  if (!tutorial_active(r))
    printf(_("Score so far: %d of %d. \"quiz\" for another.\n"), r->quiz_right,
           r->quiz_asked);
  return 0;
}

/* }==================================================================== */

const repl_cmd repl_teach_cmds[] = {
  { "score", "HAND [CONTEXT]",
    N_("score a winning hand: each fan, what it exempts, the total\n"
    "e.g. score 123m456p789s11z55m+5m self"),
    c_score, ARG_NONE, "teach" },
  { "explain", "[HAND CONTEXT]",
    N_("the full explanation (of the last hand without arguments)"), c_explain,
    ARG_NONE, "teach" },
  { "why", "FAN HAND [CONTEXT]", N_("why a fan did or did not count for a hand"),
    c_why, ARG_FAN, "teach" },
  { "fans", "", N_("the current ruleset's fans by points"), c_fans, ARG_NONE,
    "teach" },
  { "fan", "NAME",
    N_("one fan: points, pattern in words, exemptions, an example\n"
    "(Chinese, traditional or English names)"),
    c_fan, ARG_FAN, "teach" },
  { "waits", "HAND", N_("the tiles a ready hand waits on"), c_waits, ARG_NONE,
    "teach" },
  { "shanten", "HAND", N_("how far from ready, and the useful tiles"), c_shanten,
    ARG_NONE, "teach" },
  { "quiz", "[waits|score] [seed=N]",
    N_("a random hand: name its waits or its total"), c_quiz, ARG_NONE, "teach" },
  { NULL, NULL, NULL, NULL, 0, NULL }
};
