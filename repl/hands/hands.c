/*
** hands.c
** hule waits / shanten / score, one hand from the command line or one a
** line from standard input (--batch); the REPL's teaching commands ask
** the same (hands.h).
*/
#include "i18n.h"
#include "hands.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "fileio.h"
#include "hand.h"
#include "render.h"
#include "score.h"

enum { LINE_MAX_BYTES = 1 << 20 };

static void wait_list(const mj_wait *w, int n, char *buf, size_t cap,
                      bool batch)
{
  size_t len = 0;
  char b[3];
  buf[0] = '\0';
  for (int i = 0; i < n && len + 24 < cap; i++)
    len += (size_t)snprintf(
        buf + len, cap - len, batch ? "%s%s:%d" : "%s%s (%d)",
        i ? (batch ? "," : " ") : "", mj_tile_str(w[i].tile, b), w[i].live);
  if (n == 0)
    snprintf(buf, cap, "-");
}

static int total_live(const mj_wait *w, int n)
{
  int t = 0;
  for (int i = 0; i < n; i++)
    t += w[i].live;
  return t;
}

/* The score batch's answers, gathered here and written in blocks past
   stdio (which would copy each block once more), after what stdio holds;
   anything else written to standard output in a batch puts them out
   first. */
static char answers[1 << 16];
static size_t nanswers;

static void put_answers(void)
{
  if (nanswers == 0)
    return;
  fflush(stdout);
  int fd = fileno(stdout);
  for (size_t done = 0; done < nanswers && fd >= 0;) {
    ssize_t w = write(fd, answers + done, nanswers - done);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      break;                 /* as stdio would: the rest is lost */
    done += (size_t)w;
  }
  nanswers = 0;
}

/* A batch line's error, among the answers. */
static void answer_error(const char *msg)
{
  for (int tries = 0; tries < 2; tries++) {
    size_t room = sizeof answers - nanswers;
    int k = mj_format(answers + nanswers, room, _("ERROR\t%s\n"), msg);
    if (k >= 0 && (size_t)k < room) {
      nanswers += (size_t)k;
      return;
    }
    put_answers();
  }
}

static void flush_answers(void)
{
  put_answers();
  fflush(stdout);
}

/* Parse text into h and check it for mode (-1: no check here, the scorer
   checks a winning hand itself); the error printed as the output asks,
   among the score batch's answers when among_answers. */
static bool read_hand(mj_hand *h, const char *text, size_t n, const mj_rules *r,
                      const cli_opts *o, int mode, bool among_answers)
{
  mj_error e;
  char msg[300];
  mj_status st = mj_hand_parse(h, text, n, &e);
  if (st == MJ_OK && mode >= 0)
    st = mj_hand_check(h, (enum mj_check)mode, &e);
  if (st == MJ_OK && mode >= 0 && r != NULL &&
      mj_hand_sets(h) != mj_rules_ctable(r)->hand / 3)
    st = mj_fail(&e, MJ_EINVAL, 0,
                 _("wrong tile count: %d concealed tiles with %d melds: "
                   "ruleset %s deals %d tiles"),
                 mj_hand_ntiles(h), mj_hand_nmelds(h), mj_rules_id(r),
                 mj_rules_ctable(r)->hand);
  if (st == MJ_OK)
    return true;
  mj_error_text(&e, msg, sizeof msg);
  if (among_answers && o->batch && !o->json) {
    answer_error(msg);
    return false;
  }
  put_answers();
  if (o->json)
    render_error_json(stdout, r, text, n, msg);
  else if (o->batch)
    printf(_("ERROR\t%s\n"), msg);
  else
    fprintf(stderr, _("Error: %s\n"), msg);
  return false;
}



/* The score of the last batch line, kept for the next (freed at the end). */
static mj_score *spare_score;

/* n in decimal at buf; its length. */
static size_t int_text(int n, char *buf)
{
  char t[12];
  size_t k = 0, len = 0;
  unsigned u = n < 0 ? 0u - (unsigned)n : (unsigned)n;
  do
    t[k++] = (char)('0' + u % 10);
  while ((u /= 10) != 0);
  if (n < 0)
    buf[len++] = '-';
  while (k > 0)
    buf[len++] = t[--k];
  return len;
}

typedef bool (*line_fn)(mj_host *host, const mj_rules *r, const cli_opts *o,
                        mj_hand *h, const char *text, size_t n);

/* Run fn on the argument or, with --batch, on each line of stdin. */
static int each_input(mj_host *host, const cli_opts *o, int argc, char **argv,
                      line_fn fn, const char *usage)
{
  const mj_rules *r = cli_rules(host, o);
  if (r == NULL)
    return 1;
  mj_hand *h = mj_hand_new();
  if (h == NULL)
    return 1;
  int status = 0;
  if (o->batch) {
    /* answers leave when no more input is waiting (flush_answers) */
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    cli_reader rd;
    cli_reader_init(&rd, 0);
    char *buf;
    bool cut;
    long n;
    while ((n = cli_reader_line(&rd, &buf, LINE_MAX_BYTES, &cut,
                                flush_answers)) >= 0) {
      if (cut) {
        put_answers();
        char msg[80];
        snprintf(msg, sizeof msg, _("a line longer than %d bytes"),
                 LINE_MAX_BYTES);
        if (o->json)
          render_error_json(stdout, r, buf, n > 80 ? 80 : (size_t)n, msg);
        else
          printf(_("ERROR\t%s\n"), msg);
        status = 2;
        continue;
      }
      /* hand<TAB>context<TAB>anything: keep the first two columns */
      char *t1 = strchr(buf, '\t');
      if (t1 != NULL) {
        *t1 = ' ';
        char *t2 = strchr(t1 + 1, '\t');
        if (t2 != NULL) {
          *t2 = '\0';
          n = t2 - buf;
        }
      }
      if (!fn(host, r, o, h, buf, (size_t)n))
        status = 2;
    }
    cli_reader_free(&rd);
    free(spare_score);
    spare_score = NULL;
    flush_answers();
  } else {
    if (argc < 2) {
      fprintf(stderr, _("Usage: %s\n"), usage);
      mj_hand_free(h);
      return 1;
    }
    /* the hand and its context may come as several arguments */
    size_t len = 0;
    for (int i = 1; i < argc; i++)
      len += strlen(argv[i]) + 1;
    char *text = malloc(len + 1);
    if (text == NULL) {
      mj_hand_free(h);
      return 1;
    }
    text[0] = '\0';
    for (int i = 1; i < argc; i++) {
      strcat(text, argv[i]);
      if (i + 1 < argc)
        strcat(text, " ");
    }
    if (!fn(host, r, o, h, text, strlen(text)))
      status = 1;
    free(text);
  }
  mj_hand_free(h);
  return status;
}

/* The score of h (ready, 13 tiles) won with t, on a discard unless its
   context says self; false when that is no win. */
bool cli_wait_score(const mj_rules *r, const mj_hand *h, mj_tile t,
                       mj_score *s)
{
  mj_hand *x = mj_hand_new();
  mj_error e;
  bool ok = x != NULL;
  if (ok) {
    mj_hand_copy(x, h);
    ok = mj_hand_add(x, t) == MJ_OK;
  }
  if (ok) {
    mj_hand_ctx(x)->win = t;
    ok = mj_score_hand(r, x, s, &e) == MJ_OK && s->win;
  }
  mj_hand_free(x);
  return ok;
}

/* The waits as a person reads them: "9p (2)", and under a minimum each
   wait's value, "9p (2 left, 10 fan)", "1z (2 left, 6 fan: below 8)".
   *short_of gets how many live tiles cannot reach the minimum. */
static void wait_words(const mj_rules *r, const mj_hand *h, const mj_wait *w,
                       int k, char *buf, size_t cap, int *short_of)
{
  int min = mj_rules_ctable(r)->min_points;
  const char *unit = mj_rules_scoring(r) == MJ_SCORING_SUM ? _("fan")
                   : mj_rules_scoring(r) == MJ_SCORING_FAN ? "番" : _("points");
  size_t len = 0;
  *short_of = 0;
  buf[0] = '\0';
  mj_score *s = min > 0 ? malloc(sizeof *s) : NULL;
  for (int i = 0; i < k && len + 60 < cap; i++) {
    char b[3];
    mj_tile_str(w[i].tile, b);
    len += (size_t)snprintf(buf + len, cap - len, _("%s%s (%d"), i ? " " : "", b,
                            w[i].live);
    if (s != NULL && !cli_wait_score(r, h, w[i].tile, s)) {
      len += (size_t)snprintf(buf + len, cap - len, "%s", _(" left: no win)"));
      *short_of += w[i].live;
    } else if (s != NULL) {
      int counted = s->total - s->bonus;
      len += (size_t)snprintf(buf + len, cap - len, counted >= min
                              ? _(" left, %d %s)") : _(" left, %d %s"),
                              s->total, unit);
      if (counted < min) {
        len += (size_t)snprintf(buf + len, cap - len, _(": below %d)"), min);
        *short_of += w[i].live;
      }
    } else {
      len += (size_t)snprintf(buf + len, cap - len, ")");
    }
  }
  free(s);
  if (k == 0)
    snprintf(buf, cap, "-");
}

/* "...: 8 tiles left" and, under a minimum, how many of them win. */
static void print_left(const mj_rules *r, const mj_wait *w, int k,
                       int short_of)
{
  int left = total_live(w, k);
  printf(ngettext(": %d tile left", ": %d tiles left", left), left);
  if (mj_rules_ctable(r)->min_points > 0 && short_of > 0)
  {
    if (short_of == left)
      printf(_(", none of them reaching the %d minimum"),
             mj_rules_ctable(r)->min_points);
    else
      printf(_(", %d of them reaching the %d minimum"), left - short_of,
             mj_rules_ctable(r)->min_points);
  }
  printf("\n");
}

/* waits on a full hand (14 tiles): each discard that leaves it ready,
   with its waits, their live tiles and, under a minimum, their value. */
static bool waits_full(const mj_rules *r, const cli_opts *o, mj_hand *h,
                       const mj_tileview *v, const uint8_t *held)
{
  const mj_shape_cfg *cfg = mj_rules_shapes(r);
  char hand[200], list[900];
  mj_hand_print(h, hand, sizeof hand);
  int sh = mj_shanten(v, cfg, NULL);
  printf(sh < 0 ? _("%s: a winning hand already (score it); the discards "
                    "that keep it ready:\n")
                : _("%s: the discards that leave it ready:\n"), hand);
  int ready = 0;
  for (int t = 0; t < MJ_KINDS; t++) {
    if (mj_hand_counts(h)[t] == 0)
      continue;
    mj_hand *x = mj_hand_new();
    if (x == NULL)
      return false;
    mj_hand_copy(x, h);
    mj_hand_remove(x, (mj_tile)t);
    mj_tileview xv;
    uint8_t xh[MJ_KINDS];
    mj_hand_view(x, mj_hand_wild(x, mj_rules_wild(r)), &xv, xh);
    mj_wait w[MJ_KINDS];
    int k = mj_shanten(&xv, cfg, NULL) == 0
                ? mj_waits(&xv, cfg, held, o->visible, w) : 0;
    if (k > 0) {
      int short_of;
      char b[3];
      wait_words(r, x, w, k, list, sizeof list, &short_of);
      printf(_("  discard %s: waits on %s"), mj_tile_str((mj_tile)t, b), list);
      print_left(r, w, k, short_of);
      ready++;
    }
    mj_hand_free(x);
  }
  if (ready == 0)
    printf(_("  none (%d-shanten after the best discard: try 'shanten')\n"),
           sh);
  return true;
}

bool cli_do_waits(mj_host *host, const mj_rules *r, const cli_opts *o,
                  mj_hand *h, const char *text, size_t n)
{
  (void)host;
  /* a person may ask on his turn, with 14 tiles: the discards' waits */
  bool person = !o->batch && !o->json;
  if (!read_hand(h, text, n, r, o, person ? MJ_CHECK_ANY : MJ_CHECK_WAIT,
                 false))
    return false;
  mj_tileview v;
  uint8_t held[MJ_KINDS];
  mj_hand_view(h, mj_hand_wild(h, mj_rules_wild(r)), &v, held);
  if (person && v.ntiles == 3 * (v.sets - v.melds) + 2)
    return waits_full(r, o, h, &v, held);
  const mj_shape_cfg *cfg = mj_rules_shapes(r);
  mj_wait w[MJ_KINDS];
  int sh = mj_shanten(&v, cfg, NULL);
  int k = mj_waits(&v, cfg, held, o->visible, w);
  char list[900], hand[200];
  mj_hand_print(h, hand, sizeof hand);
  if (o->json) {
    render_tiles_json(stdout, r, h, sh, "waits", w, sh == 0 ? k : 0, NULL, 0);
  } else if (o->batch) {
    wait_list(w, k, list, sizeof list, true);
    printf("%d\t%s\n", sh, list);
  } else if (sh == 0 && k > 0) {
    int short_of;
    wait_words(r, h, w, k, list, sizeof list, &short_of);
    printf(_("%s: ready; waits on %s"), hand, list);
    print_left(r, w, k, short_of);
  } else if (sh == 0 && mj_rules_shapes(r)->absent != 0) {
    printf(_("%s: ready in shape, but no tile it waits on is left: each is "
             "in the hand already or none of ruleset %s's tiles\n"), hand,
           mj_rules_id(r));
  } else if (sh == 0) {
    printf(
        _("%s: ready in shape, but every winning tile is in the hand already\n"),
        hand);
  } else {
    printf(_("%s: not ready (%d-shanten): no waits yet; try 'hule shanten'\n"),
           hand, sh);
  }
  return true;
}

/* Do two discards leave the same: shanten, and useful tiles alike but
   for the two kinds discarded (each keeps the other's)? */
static bool same_result(const render_discard *a, const render_discard *b)
{
  if (a->shanten != b->shanten ||
      total_live(a->w, a->n) != total_live(b->w, b->n))
    return false;
  int i = 0, j = 0;
  for (;;) {
    while (i < a->n && (a->w[i].tile == a->tile || a->w[i].tile == b->tile))
      i++;
    while (j < b->n && (b->w[j].tile == a->tile || b->w[j].tile == b->tile))
      j++;
    if (i == a->n || j == b->n)
      return i == a->n && j == b->n;
    if (a->w[i].tile != b->w[j].tile || a->w[i].live != b->w[j].live)
      return false;
    i++, j++;
  }
}

/* The discards of a 14-tile hand, best first, those with the same result
   on one line: the useful tiles they share (each also keeps some of the
   kinds the line names, its own or the others'). */
static void print_discards(const render_discard *d, int nd)
{
  bool done[MJ_KINDS] = { false };
  char list[600];
  for (int left = nd; left > 0;) {
    int best = -1;
    for (int i = 0; i < nd; i++)
      if (!done[i] &&
          (best < 0 || d[i].shanten < d[best].shanten ||
           (d[i].shanten == d[best].shanten &&
            total_live(d[i].w, d[i].n) > total_live(d[best].w, d[best].n))))
        best = i;
    printf(_("  discard"));
    int members[MJ_KINDS], nm = 0;
    for (int i = best; i < nd; i++)
      if (!done[i] && same_result(&d[i], &d[best])) {
        char b[3];
        printf(" %s", mj_tile_str(d[i].tile, b));
        done[i] = true;
        members[nm++] = i;
        left--;
      }
    /* the useful tiles every member keeps */
    mj_wait common[MJ_KINDS];
    int nc = 0;
    for (int q = 0; q < d[best].n; q++) {
      bool all = true;
      for (int m = 1; m < nm && all; m++) {
        bool has = false;
        for (int x = 0; x < d[members[m]].n; x++)
          has = has || (d[members[m]].w[x].tile == d[best].w[q].tile &&
                        d[members[m]].w[x].live == d[best].w[q].live);
        all = has;
      }
      if (all)
        common[nc++] = d[best].w[q];
    }
    wait_list(common, nc, list, sizeof list, false);
    printf(nm > 1 ? _(": %d-shanten, %2d useful each: %s%s\n")
                  : _(": %d-shanten, %2d useful: %s%s\n"), d[best].shanten,
           total_live(d[best].w, d[best].n), list,
           nc < d[best].n ? _(" + tiles of the kinds on this line") : "");
  }
}

/* A hand short of a tile (13): its shanten and useful tiles. True when
   the answer is whole (JSON, batch). */
static bool shanten_short(const mj_rules *r, const cli_opts *o,
                          const mj_hand *h, const mj_tileview *v,
                          const uint8_t *held, int sh, const char *hand)
{
  mj_wait w[MJ_KINDS];
  char list[600];
  int k = mj_useful(v, mj_rules_shapes(r), held, o->visible, w, NULL);
  if (o->json) {
    render_tiles_json(stdout, r, h, sh, "useful", w, k, NULL, 0);
    return true;
  }
  wait_list(w, k, list, sizeof list, o->batch);
  if (o->batch) {
    printf("%d\t%s\n", sh, list);
    return true;
  }
  if (sh < 0) {
    printf(_("%s: a winning hand\n"), hand);
  } else {
    char state[40];
    if (sh == 0)
      snprintf(state, sizeof state, "%s", _("ready"));
    else
      snprintf(state, sizeof state, _("%d-shanten"), sh);
    printf(ngettext("%s: %s; useful: %s: %d tile\n",
                    "%s: %s; useful: %s: %d tiles\n", total_live(w, k)),
           hand, state, list, total_live(w, k));
  }
  return false;
}

/* A full hand (14): the discards and what each leaves (a batch line lists
   those that keep the best shanten). True when the answer is whole. */
static bool shanten_full(const mj_rules *r, const cli_opts *o,
                         const mj_hand *h, const mj_tileview *v,
                         const uint8_t *held, int sh, const char *hand)
{
  if (o->json)
    ;
  else if (o->batch)
    printf("%d\t", sh);
  else if (sh < 0)
    printf(_("%s: a winning hand (shanten -1)\n"), hand);
  else
    printf(_("%s: %d-shanten after the best discard\n"), hand, sh);
  int first = 1, nd = 0;
  static mj_wait dw[MJ_KINDS][MJ_KINDS];
  render_discard d[MJ_KINDS];
  for (int t = 0; t < MJ_KINDS; t++) {
    if (mj_hand_counts(h)[t] == 0)
      continue;
    mj_tileview x = *v;
    mj_tileview_remove(&x, (mj_tile)t);
    int s2;
    mj_wait *w = dw[nd];
    int k = mj_useful(&x, mj_rules_shapes(r), held, o->visible, w, &s2);
    char b[3];
    d[nd].tile = (mj_tile)t;
    d[nd].shanten = s2;
    d[nd].w = w;
    d[nd++].n = k;
    if (!o->json && o->batch && (s2 == sh || sh < 0)) {
      printf("%s%s:%d", first ? "" : ",", mj_tile_str((mj_tile)t, b),
             total_live(w, k));
      first = 0;
    }
  }
  if (o->json) {
    render_tiles_json(stdout, r, h, sh, NULL, NULL, 0, d, nd);
    return true;
  }
  if (o->batch) {
    printf("%s\n", first ? "-" : "");
    return true;
  }
  print_discards(d, nd);
  return false;
}

bool cli_do_shanten(mj_host *host, const mj_rules *r, const cli_opts *o,
                    mj_hand *h, const char *text, size_t n)
{
  (void)host;
  if (!read_hand(h, text, n, r, o, MJ_CHECK_ANY, false))
    return false;
  const mj_shape_cfg *cfg = mj_rules_shapes(r);
  mj_tileview v;
  uint8_t held[MJ_KINDS];
  mj_hand_view(h, mj_hand_wild(h, mj_rules_wild(r)), &v, held);
  int per[MJ_SHAPE_COUNT];
  int sh = mj_shanten(&v, cfg, per);
  char hand[200];
  mj_hand_print(h, hand, sizeof hand);
  bool full = v.ntiles == 3 * (v.sets - v.melds) + 2;
  if (full ? shanten_full(r, o, h, &v, held, sh, hand)
           : shanten_short(r, o, h, &v, held, sh, hand))
    return true;
  for (int s = 0; s < MJ_SHAPE_COUNT && !o->batch; s++)
    if ((cfg->shapes & MJ_SHAPE_BIT(s)) && per[s] < MJ_SHANTEN_NONE && s != 0 &&
        per[s] <= sh + 1)
      printf(_("  (%s: %d-shanten)\n"),
             mj_shape_title_sets((mj_shape)s, v.sets), per[s]);
  return true;
}

bool cli_do_score(mj_host *host, const mj_rules *r, const cli_opts *o,
                  mj_hand *h, const char *text, size_t n)
{
  (void)host;
  if (!read_hand(h, text, n, r, o, o->json ? MJ_CHECK_WIN : -1, true))
    return false;
  mj_score *s = spare_score != NULL ? spare_score : malloc(sizeof *s);
  spare_score = NULL;
  if (s == NULL)
    return false;
  mj_error e;
  mj_status st = mj_score_hand(r, h, s, &e);
  bool ok = true;
  if (!o->batch || o->json)
    put_answers();
  if (st != MJ_OK) {
    if (o->json)
      render_score_json(stdout, r, h, NULL, e.msg);
    else if (o->batch)
      answer_error(e.msg);
    else
      fprintf(stderr, _("Error: %s\n"), e.msg);
    ok = false;
  } else if (o->json) {   /* with --batch: one object a line */
    mj_score_annotate(r, h, s);
    render_score_json(stdout, r, h, s, NULL);
  } else if (o->batch) {
    /* the hot path of --batch: no printf, no stdio a line */
    enum { LINE = 1024 };
    if (sizeof answers - nanswers < LINE)
      put_answers();
    char *line = answers + nanswers;
    size_t k = int_text(s->total, line);
    line[k++] = '\t';
    k += mj_score_fans_line(r, s, line + k, LINE - k - 1);
    if (k < LINE - 40 && mj_rules_scoring(r) == MJ_SCORING_PARTS) {
      line[k++] = '\t';
      k += mj_score_parts_text(r, s, line + k, LINE - k - 1);
    }
    if (k > LINE - 2)
      k = LINE - 2;
    line[k++] = '\n';
    nanswers += k;
  } else {
    char *buf = malloc(1 << 16);
    if (buf != NULL) {
      mj_score_explain(r, h, s, buf, 1 << 16);
      fputs(buf, stdout);
      free(buf);
    }
  }
  if (o->batch)
    spare_score = s;   /* kept for the next line of the batch */
  else
    free(s);
  return ok;
}

int cli_waits(mj_host *h, const cli_opts *o, int argc, char **argv)
{
  return each_input(
      h, o, argc, argv, cli_do_waits,
      "hule waits [--ruleset ID] [--batch] HAND   (13 - 3*melds tiles, 16 at 16-tile tables)");
}

int cli_shanten(mj_host *h, const cli_opts *o, int argc, char **argv)
{
  return each_input(h, o, argc, argv, cli_do_shanten,
                    "hule shanten [--ruleset ID] [--batch] HAND");
}

int cli_score(mj_host *h, const cli_opts *o, int argc, char **argv)
{
  return each_input(
      h, o, argc, argv, cli_do_score,
      "hule score [--ruleset ID] [--json] [--batch] \"HAND CONTEXT\"");
}
