/*
** play_log.c
** Saved games at the REPL: save, open (and play on), replay a log step
** by step, and review a hand's decisions beside the strong bot's.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"
#include "action.h"
#include "bot.h"
#include "fileio.h"
#include "play_int.h"
#include "render.h"
#include "review.h"
#include "rules.h"
#include "score.h"
#include "bots.h"
#include "pages.h"

/* {====================================================================
** Saving, opening, replaying
** ===================================================================== */

int play_c_save(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  if (argc != 2)
    return repl_usage(r, "save");
  if (r->play == NULL || r->play->g == NULL)
    return repl_error(r, "no game to save");
  play *p = r->play;
  if (p->replaying)
    return repl_error(r, "replaying: the log is saved already (its file)");
  /* the hands finished before this one, then this one (kept already
     when the match is over) */
  char *cur = p->kept ? NULL : match_hand_log(p);
  char *text = p->kept ? match_log_text(p, "") : cur ? match_log_text(p, cur)
                                                     : NULL;
  free(cur);
  mj_match m = p->match;   /* a match over ends with its placement */
  if (!m.over && mj_game_over(p->g))
    mj_match_record(&m, p->g);
  char *last = match_placement_line(p->rs, &m);
  if (text != NULL && last != NULL) {
    size_t a = strlen(text), b = strlen(last);
    char *x = realloc(text, a + b + 1);
    if (x != NULL)
      memcpy(x + a, last, b + 1);
    else
      free(text);
    text = x;
  }
  free(last);
  if (text == NULL)
    return repl_error(r, "out of memory");
  mj_error e;
  mj_status st = mj_file_write_atomic(argv[1], text, strlen(text), &e);
  free(text);
  if (st != MJ_OK)
    return repl_error(r, "%s", e.msg);
  int hands = p->npast + !p->kept;
  printf(ngettext("saved to %s: %d hand of the match, %d decisions in hand "
                  "%d\n", "saved to %s: %d hands of the match, %d decisions "
                  "in hand %d\n", hands), argv[1], hands,
         mj_game_nactions(p->g), p->match.hand_no);
  p->saved_n = mj_game_nactions(p->g);
  return 0;
}

/*
** The ruleset a log names, held once for the caller: one the session has
** loaded with the same options, or a shipped one loaded apart with the
** log's options. A log never makes hule load a file it names.
*/
static const mj_rules *log_rules(repl *r, const mj_replay *rp, mj_error *e)
{
  const mj_rules *rs = mj_host_find_loaded(r->host, rp->ruleset);
  const char *opts = rs ? mj_host_options_of(r->host, rs) : NULL;
  if (rs != NULL && opts != NULL && strcmp(opts, rp->options) == 0) {
    mj_host_hold(r->host, rs);
    return rs;
  }
  char found[512];
  if (mj_host_is_builtin(r->host, rp->ruleset) ||
      mj_host_find_file(r->host, rp->ruleset, found, sizeof found)) {
    if (mj_host_load_detached(r->host, rp->ruleset, rp->options, &rs, e) !=
        MJ_OK)
      return NULL;
    return rs;
  }
  if (rs != NULL)
    mj_fail(e, MJ_EINVAL, 0,
            "the log is a game of %s with options \"%s\"; the loaded %s "
            "has \"%s\": load it so (load FILE %s)",
            rp->ruleset, rp->options, rp->ruleset, opts ? opts : "",
            rp->options);
  else
    mj_fail(
        e, MJ_EINVAL, 0,
        "the log is a game of ruleset '%s', which is not loaded: load "
        "its file first (load FILE), or name its folder (--rules DIR, "
        "where %s.lua is)", rp->ruleset, rp->ruleset);
  return NULL;
}

/* Parse, hold the rules of and verify one hand's log (text); on error
   nothing is held. */
static int check_hand(repl *r, const char *path, const char *text, int k,
                      int n, mj_replay *rp, const mj_rules **rs)
{
  mj_error e;
  char where[64] = "";
  if (n > 1)
    snprintf(where, sizeof where, _(" (hand %d of %d in the file)"), k + 1, n);
  if (mj_replay_parse(text, strlen(text), rp, &e) != MJ_OK)
    return repl_error(r, "%s%s: %s", path, where, e.msg);
  *rs = log_rules(r, rp, &e);
  if (*rs == NULL) {
    mj_replay_free(rp);
    return repl_error(r, "%s%s: %s", path, where, e.msg);
  }
  const char *digest = mj_host_digest(r->host, *rs);
  if (mj_replay_check(rp, *rs, rp->digest[0] ? digest : NULL, &e) != MJ_OK) {
    mj_host_release(r->host, *rs);
    mj_replay_free(rp);
    return repl_error(r, "%s%s: %s", path, where, e.msg);
  }
  return 0;
}

void play_free_texts(char **t, int n)
{
  for (int i = 0; i < n; i++)
    free(t[i]);
  free(t);
}

/* A match log's last line, its placement, is a claim: the one the hands
   give, or the log is refused (and its ruleset released). */
static int check_placement(repl *r, const char *path, const mj_rules *rs,
                           char **t, int nt, const char *claim)
{
  play m;
  memset(&m, 0, sizeof m);
  m.rs = rs;
  mj_error e;
  char *want = NULL;
  int st = 0;
  if (match_rows_of(&m, t, nt, &e) != 0)
    st = repl_error(r, "%s: %s", path, e.msg);
  else if ((want = match_placement_line(rs, &m.match)) == NULL)
    st = repl_error(r, "%s: the last line claims a placement, but the "
                    "match is not over", path);
  else if (strcspn(claim, "\n") != strlen(want) - 1 ||
           strncmp(claim, want, strlen(want) - 1) != 0)
    st = repl_error(r, "%s: the last line's placement is not the one the "
                    "hands give: %.*s", path, (int)strlen(want) - 1, want);
  free(want);
  match_clear(&m);
  if (st != 0)
    mj_host_release(r->host, rs);
  return st;
}

/*
** Read and verify a log in full: every hand of a match log, each hand
** following from the one before it. *texts (n of them) are the hands'
** logs, rp the last hand's parsed, *rs its ruleset held once for the
** caller. On any error nothing is left loaded or changed.
*/
int play_read_log(repl *r, const char *path, mj_replay *rp,
                  const mj_rules **rs, char ***texts, int *n)
{
  char *text;
  size_t len;
  mj_error e;
  if (mj_file_read(path, MJ_REPLAY_MAX_BYTES, &text, &len, &e) != MJ_OK)
    return repl_error(r, "%s", e.msg);
  char **t;
  int nt = match_split(text, len, &t, &e);
  size_t tail = match_tail(text, len);
  char *claim = tail < len ? strndup(text + tail, len - tail) : NULL;
  free(text);
  if (nt < 0) {
    free(claim);
    return repl_error(r, "%s: %s", path, e.msg);
  }
  if (nt == 0) {
    free(t);
    free(claim);
    return repl_error(r, "%s: line 1: an empty log", path);
  }
  mj_game *prev = NULL;          /* the hand before, finished */
  const mj_rules *prs = NULL;    /* its ruleset, held */
  int st = 0;
  for (int k = 0; k < nt && st == 0; k++) {
    if (k > 0)
      mj_replay_free(rp);
    st = check_hand(r, path, t[k], k, nt, rp, rs);
    if (st == 0 && prev != NULL &&
        (strcmp(rp->ruleset, mj_rules_id(prs)) != 0 ||
         strcmp(rp->options, mj_host_options_of(r->host, prs)
                                 ? mj_host_options_of(r->host, prs)
                                 : rp->options) != 0)) {
      st = repl_error(r, "%s: hand %d: a game of %s (\"%s\"), not of the "
                      "match's ruleset %s", path, k + 1, rp->ruleset,
                      rp->options, mj_rules_id(prs));
      mj_host_release(r->host, *rs);
      mj_replay_free(rp);
    } else if (st == 0 && prev != NULL &&
               match_chain(*rs, prev, rp, k, &e) != MJ_OK) {
      st = repl_error(r, "%s: %s", path, e.msg);
      mj_host_release(r->host, *rs);
      mj_replay_free(rp);
    }
    mj_game_free(prev);
    prev = NULL;
    if (prs != NULL)
      mj_host_release(r->host, prs);
    prs = NULL;
    if (st == 0 && k + 1 < nt) {
      prev = mj_replay_build(rp, *rs, -1, &e);
      if (prev == NULL) {
        st = repl_error(r, "%s: %s", path, e.msg);
        mj_host_release(r->host, *rs);
        mj_replay_free(rp);
      } else {
        prs = *rs;
      }
    }
  }
  if (st == 0 && claim != NULL &&
      (st = check_placement(r, path, *rs, t, nt, claim)) != 0)
    mj_replay_free(rp);
  free(claim);
  if (st != 0) {
    play_free_texts(t, nt);
    return st;
  }
  if (texts != NULL) {
    *texts = t;
    *n = nt;
  } else {
    play_free_texts(t, nt);
  }
  return 0;
}

/*
** What a log states that no replay can check, said as such: who played
** each seat (a person plays as a bot might), and, for a hand past the
** first, its number and the scores before it (a log holds one hand; the
** scores after it are checked against them and the payments).
*/
static void log_claims(const mj_replay *rp, int hands)
{
  bool named = false;
  for (int k = 0; k < 4; k++)
    named = named || strcmp(rp->players[k], "?") != 0;
  printf("%s", named ? _("players as the log names them (not checked):\n ") : "");
  for (int k = 0; k < rp->np && named; k++)
    printf(" %c %s%s", "ESWN"[(k - rp->cfg.dealer + rp->np) % rp->np],
           rp->players[k], k < rp->np - 1 ? "," : "\n");
  if (hands > 1)
    return;   /* a match log: each hand was checked against the one before */
  bool prior = rp->cfg.hand > 1;
  char sc[64];
  size_t len = 0;
  sc[0] = '\0';
  for (int k = 0; k < rp->np; k++) {
    prior = prior || rp->cfg.scores[k] != 0;
    mj_catf(sc, sizeof sc, &len, "%s%d", k ? " " : "", rp->cfg.scores[k]);
  }
  if (prior)
    printf(_("hand %d of a match, the scores before it as the log says: "
           "%s\n(not checked: the log holds this hand only)\n"),
           rp->cfg.hand > 0 ? rp->cfg.hand : 1, sc);
}

int play_c_open(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  if (argc != 2)
    return repl_usage(r, "open");
  if (!repl_confirm_leave(r))
    return 0;
  mj_replay rp;
  const mj_rules *rs;
  char **texts;
  int nt;
  if (play_read_log(r, argv[1], &rp, &rs, &texts, &nt))
    return 1;
  mj_error e;
  mj_game *g = mj_replay_build(&rp, rs, -1, &e);
  if (g == NULL) {
    mj_host_release(r->host, rs);
    mj_replay_free(&rp);
    play_free_texts(texts, nt);
    return repl_error(r, "%s: %s", argv[1], e.msg);
  }
  const char *kinds[4] = { "efficiency", "efficiency", "efficiency",
                           "efficiency" };
  for (int q = 1; q < 4; q++)
    if (strncmp(rp.players[q], "bot:", 4) == 0 &&
        cli_bot_spec_check(rp.players[q] + 4, NULL))
      kinds[q] = rp.players[q] + 4;   /* a Lua bot's file is loaded again */
  play *p = play_new(r->host, rs, kinds, rp.cfg.seed, &e);
  mj_host_release(r->host, rs);    /* the play holds it now */
  if (p != NULL && match_rows_of(p, texts, nt - 1, &e) != 0) {
    play_free(p);
    p = NULL;
  }
  if (p == NULL) {
    mj_game_free(g);
    mj_replay_free(&rp);
    play_free_texts(texts, nt);
    return repl_error(r, "%s", e.msg);
  }
  /* the hands before the last are the match's past, kept as read */
  int first_dealer = rp.cfg.dealer;
  if (nt > 1) {
    mj_replay r0;
    if (mj_replay_parse(texts[0], strlen(texts[0]), &r0, &e) == MJ_OK) {
      if (r0.cfg.hand <= 1)
        first_dealer = r0.cfg.dealer;
      mj_replay_free(&r0);
    }
  }
  p->past = texts;
  p->npast = nt - 1;
  free(texts[nt - 1]);
  snprintf(p->options, sizeof p->options, "%s", rp.options);
  /* the match goes on from the saved hand */
  mj_match_init(&p->match, rs, rp.cfg.seed, mj_rules_ctable(rs)->match_hands,
                first_dealer);
  p->match.dealer = rp.cfg.dealer;
  p->match.streak = rp.cfg.streak;
  p->match.honba = rp.cfg.honba;
  p->match.pot = rp.cfg.pot;
  p->match.round = rp.cfg.round;
  p->match.hand_no = rp.cfg.hand > 0 ? rp.cfg.hand : 1;
  memcpy(p->match.scores, rp.cfg.scores, sizeof p->match.scores);
  p->g = g;
  play_seats = mj_game_players(g);
  p->shown = mj_game_nevents(g);
  p->saved_n = mj_game_nactions(g);   /* on disk already */
  play_free(r->play);
  r->play = p;
  printf(nt > 1 ? _("opened %s: %s, hand %d, %d decisions so far (the hands "
                    "before it kept: \"match\" shows them)\n")
                 : _("opened %s: %s, hand %d, %d decisions so far\n"),
         argv[1], mj_rules_id(rs), p->match.hand_no, mj_game_nactions(g));
  log_claims(&rp, nt);
  mj_replay_free(&rp);
  play_advance(r, p, false);
  return 0;
}

static int replay_show(repl *r, play *p, int pos)
{
  mj_error e;
  mj_game *g = mj_replay_build(&p->rp, p->rs, pos, &e);
  if (g == NULL)
    return repl_error(r, "%s", e.msg);
  int from = p->g ? mj_game_nevents(p->g) : 0;
  bool forward = pos == p->pos + 1;
  mj_game_free(p->g);
  p->g = g;
  play_seats = mj_game_players(g);
  p->pos = pos;
  p->shown = forward ? from : mj_game_nevents(g);
  printf(_("decision %d of %d"), pos, p->rp.nact);
  if (pos > 0) {
    char a[32];
    const mj_action *x = mj_game_action(g, pos - 1);
    mj_action_print_in(g, x, a, sizeof a);
    printf(": %s %s", play_name(x->player & 3), a);
  }
  printf("\n");
  play_show_events(r, p);
  play_show_table(r, p);
  if (mj_game_over(g))
    play_show_end(r, p);
  else if (pos == p->rp.nact)
    printf(_("The log was saved here: \"open FILE\" plays on from it, "
           "\"prev\" steps back.\n"));
  return 0;
}

/* "[FILE] [seat=W]" in either order, each at most once. */
static bool file_and_seat(int argc, char **argv, const char **file,
                          const char **seat)
{
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "seat=", 5) == 0 && *seat == NULL)
      *seat = argv[i] + 5;
    else if (*file == NULL && strchr(argv[i], '=') == NULL)
      *file = argv[i];
    else
      return false;
  }
  return true;
}

/* The seat of a log named by "seat=W" (-1: none asked, -2: not a wind),
   and the one its players call "you" (-1: none). */
static int log_seat(const mj_game *g, const char *wind)
{
  for (int k = 0; wind != NULL && k < 4; k++)
    if (strlen(wind) == 1 && "ESWN"[mj_game_seat_wind(g, k)] == wind[0])
      return k;
  return wind != NULL ? -2 : -1;
}

static int you_of(const mj_replay *rp)
{
  for (int k = 0; k < 4; k++)
    if (strcasecmp(rp->players[k], "you") == 0)
      return k;
  return -1;
}

/* The hand numbers a replayed file holds, as "1 to 4" or "3". */
static const char *hands_held(const play *p)
{
  static char buf[48];
  int lo = p->nrows > 0 ? p->rows[0].hand : 1;
  int hi = p->nrows > 0 ? p->rows[p->nrows - 1].hand : 1;
  if (p->npast > p->nrows)   /* the last one unfinished */
    hi = (p->nrows > 0 ? hi : lo - 1) + (p->npast - p->nrows);
  if (p->npast <= 1 || lo == hi)
    snprintf(buf, sizeof buf, "%d", lo);
  else
    snprintf(buf, sizeof buf, "%d to %d", lo, hi);
  return buf;
}

/* Replaying: make hand k of the file the one shown (its log parsed into
   p->rp, its seat of view set), without showing it. */
static int replay_hand(repl *r, play *p, int k, const char *seat)
{
  mj_replay rp;
  mj_error e;
  if (mj_replay_parse(p->past[k], strlen(p->past[k]), &rp, &e) != MJ_OK)
    return repl_error(r, "%s", e.msg);
  /* a hand saved before its end is seen from one seat: the saver's, or
     the one asked for; the others' tiles stay hidden */
  mj_game *end = mj_replay_build(&rp, p->rs, -1, &e);
  int asked = end != NULL ? log_seat(end, seat) : -1;
  bool finished = end != NULL && mj_game_over(end);
  mj_game_free(end);
  if (asked == -2) {
    mj_replay_free(&rp);
    return repl_error(r, "replay: seat=E, S, W or N (the seat wind), not "
                      "'%s'", seat);
  }
  mj_replay_free(&p->rp);
  p->rp = rp;
  if (rp.cfg.wall != NULL)   /* the copy's own wall, not the local's */
    p->rp.cfg.wall = p->rp.wall;
  if (rp.cfg.wall_red != NULL)
    p->rp.cfg.wall_red = p->rp.wall_red;
  p->cur = k;
  p->view_seat = finished ? -1 : asked >= 0 ? asked : you_of(&p->rp);
  if (!finished && p->view_seat < 0)
    p->view_seat = 0;
  p->match.hand_no = p->rp.cfg.hand > 0 ? p->rp.cfg.hand : 1;
  mj_game_free(p->g);
  p->g = NULL;
  p->pos = -2;
  if (p->npast > 1)
    printf(_("Hand %d of the match (%d of %d in the file).\n"),
           p->match.hand_no, k + 1, p->npast);
  if (p->view_seat >= 0)
  {
    if (p->view_seat == YOU)
      printf(_("The hand was saved before its end: the table shows your "
               "tiles only.\n"));
    else
      printf(_("The hand was saved before its end: the table shows %s's "
               "tiles only.\n"), play_name(p->view_seat));
  }
  return 0;
}

int play_c_replay(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  const char *file = NULL, *seat = NULL;
  if (!file_and_seat(argc, argv, &file, &seat))
    return repl_usage(r, "replay");
  if (file == NULL)
    return repl_usage(r, "replay");
  if (!repl_confirm_leave(r))
    return 0;
  play *p = calloc(1, sizeof *p);
  if (p == NULL)
    return repl_error(r, "out of memory");
  char **texts;
  int nt;
  if (play_read_log(r, file, &p->rp, &p->rs, &texts, &nt)) {
    free(p);
    return 1;
  }
  p->host = r->host;      /* takes the hold read_log made */
  p->replaying = true;
  p->past = texts;
  p->npast = nt;
  mj_error e;
  if (match_rows_of(p, texts, nt, &e) != 0) {
    play_free(p);
    return repl_error(r, "%s", e.msg);
  }
  log_claims(&p->rp, nt);
  if (replay_hand(r, p, 0, seat) != 0) {
    play_free(p);
    return 1;
  }
  play_free(r->play);
  r->play = p;
  printf(ngettext("replaying %s: %s, %d hand; next, prev, goto N, goto hand "
                  "N, match\n", "replaying %s: %s, %d hands; next, prev, "
                  "goto N, goto hand N, match\n", nt),
         file, mj_rules_id(p->rs), nt);
  return replay_show(r, p, 0);
}

int play_c_next(repl *r, int argc, char **argv, const char *rest)
{
  (void)argc;
  (void)argv;
  (void)rest;
  play *p = r->play;
  if (p == NULL)
    return repl_error(
        r, "no game: \"new\" deals one, \"replay FILE\" replays one");
  if (!p->replaying)
    return play_next_hand(r, p);
  if (p->pos >= p->rp.nact && p->cur + 1 < p->npast) {
    if (replay_hand(r, p, p->cur + 1, NULL) != 0)
      return 1;
    return replay_show(r, p, 0);
  }
  if (p->pos >= p->rp.nact)
    return repl_error(r, p->npast > 1 ? N_("that was the last decision of "
                      "the match's last hand") : N_("that was the last "
                      "decision"));
  return replay_show(r, p, p->pos + 1);
}

int play_c_prev(repl *r, int argc, char **argv, const char *rest)
{
  (void)argc;
  (void)argv;
  (void)rest;
  play *p = r->play;
  if (p == NULL || !p->replaying)
    return repl_error(
        r, "not replaying: \"replay FILE\" first (\"undo\" takes back a move)");
  if (p->pos == 0 && p->cur > 0) {   /* back to the hand before's end */
    if (replay_hand(r, p, p->cur - 1, NULL) != 0)
      return 1;
    return replay_show(r, p, p->rp.nact);
  }
  if (p->pos == 0)
    return repl_error(r, p->npast > 1 ? N_("this is the start of the match")
                                      : N_("this is the start of the hand"));
  return replay_show(r, p, p->pos - 1);
}

int play_c_goto(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  if ((argc != 2 && !(argc == 3 && strcmp(argv[1], "hand") == 0)) ||
      (argc == 2 && strcmp(argv[1], "hand") == 0))
    return repl_usage(r, "goto");
  play *p = r->play;
  if (p == NULL || !p->replaying)
    return repl_error(r, "not replaying: \"replay FILE\" first");
  char *end;
  if (argc == 3) {   /* goto hand N: its start, N as the match numbers it */
    long h = strtol(argv[2], &end, 10);
    for (int k = 0; *end == '\0' && k < p->npast; k++) {
      mj_replay x;
      mj_error e;
      if (mj_replay_parse(p->past[k], strlen(p->past[k]), &x, &e) != MJ_OK)
        continue;
      int no = x.cfg.hand > 0 ? x.cfg.hand : 1;
      mj_replay_free(&x);
      if (no == h)
        return replay_hand(r, p, k, NULL) != 0 ? 1 : replay_show(r, p, 0);
    }
    return repl_error(r, p->npast > 1 ? N_("goto hand: the file holds hands "
                                           "%s")
                                      : N_("goto hand: the file holds hand %s"),
                      hands_held(p));
  }
  long n = strcmp(argv[1], "end") == 0 ? p->rp.nact : strtol(argv[1], &end, 10);
  if ((strcmp(argv[1], "end") != 0 && *end) || n < 0 || n > p->rp.nact)
    return repl_error(r, "goto: a decision number from 0 to %d, or end",
                      p->rp.nact);
  return replay_show(r, p, (int)n);
}

/* }==================================================================== */

/* {====================================================================
** Review
** ===================================================================== */

/* One reviewed decision as text. */
static void review_item(repl *r, const mj_game *g, const mj_review_item *it,
                        const char *const who[4], int winner)
{
  char a[32], b[32], t1[40], t2[40];
  mj_action_print(&it->yours, a, sizeof a);
  mj_action_print(&it->bot, b, sizeof b);
  printf(_("decision %d (action %d), wall %d: %s"), it->number, it->index + 1,
         it->wall, a);
  if (it->differ)
    printf(_("; the strong bot: %s"), b);
  if (it->dealt_in)
    printf(_(" (dealt in: %s won %d)"), who[winner & 3],
           mj_game_result(g, 0)->total);
  printf("\n");
  if (it->discards) {
    printf(_("               shanten  useful  aims at\n"));
    printf(_("  yours  %s%*s  %7d  %6d  %s\n"),
           repl_tile(r, it->yours.tile, t1, sizeof t1),
           3 - repl_tile_width(r, it->yours.tile), "", it->your_shanten,
           it->your_useful, it->your_target);
    printf(_("  bot's  %s%*s  %7d  %6d  %s\n"),
           repl_tile(r, it->bot.tile, t2, sizeof t2),
           3 - repl_tile_width(r, it->bot.tile), "", it->bot_shanten,
           it->bot_useful, it->bot_target);
    if (it->why[0])
      printf(_("  the bot's is as good and safer: %s\n"), it->why);
    if (it->richer[0])
      printf(_("  the bot's choice wins more: %s\n"), it->richer);
  }
  if (it->dealt_in) {
    char h[256];
    mj_hand_print_full(mj_game_win_hand(g, 0), h, sizeof h);
    printf(_("  %s's hand: %s\n"), who[winner & 3], h);
  }
}

/* A review of seat p in g, as text or (--json) one JSON line. */
static int review_show(repl *r, const mj_game *g, int p,
                       const char *const who[4], const char *label)
{
  mj_review rv;
  mj_error e;
  if (mj_review_game(g, p, &rv, &e) != MJ_OK)
    return repl_error(r, "review: %s", e.msg);
  if (r->o->json) {
    render_review_json(stdout, g, &rv, label);
  } else {
    int hand = mj_game_config(g)->hand;
    printf(mj_game_over(g)
           ? _("Review of %s in hand %d of %s: %d decisions with a choice.\n")
           : _("Review of %s in hand %d of %s: %d decisions with a choice so "
               "far.\n"), label, hand > 0 ? hand : 1,
           mj_rules_id(mj_game_rules(g)), rv.decisions);
    for (int i = 0; i < rv.nitems; i++)
      review_item(r, g, &rv.items[i], who, rv.winner);
    printf(_("%d of %d decisions differ from the strong bot's; %d left "
           "the hand further from ready"),
           rv.differ, rv.decisions, rv.further);
    if (rv.dealt_in > 0)
      printf(_("; dealt in for %d"), rv.dealt_in);
    printf("%s", _(".\n"));
  }
  mj_review_free(&rv);
  return 0;
}

/* Review one hand's log (checked already) for the seat asked (NULL:
   the one the log calls "you", else East). */
static int review_log_hand(repl *r, const char *file, const char *text,
                           const mj_rules *rs, const char *seat, bool many)
{
  static const char winds_of[] = "ESWN";
  mj_replay rp;
  mj_error e;
  if (mj_replay_parse(text, strlen(text), &rp, &e) != MJ_OK)
    return repl_error(r, "%s: %s", file, e.msg);
  mj_game *g = mj_replay_build(&rp, rs, -1, &e);
  int st;
  if (g == NULL) {
    st = repl_error(r, "%s: %s", file, e.msg);
  } else {
    /* the seat asked for, else the one the log calls "You", else East */
    int q = -1;
    for (int k = 0; k < 4; k++)
      if (seat != NULL ? winds_of[mj_game_seat_wind(g, k)] == seat[0]
                       : q < 0 && strcasecmp(rp.players[k], "you") == 0)
        q = k;
    for (int k = 0; q < 0 && k < 4; k++)
      if (mj_game_seat_wind(g, k) == 0)
        q = k;
    int you = you_of(&rp);
    if (!mj_game_over(g) && seat != NULL && q != you && you >= 0) {
      if (many)   /* the match's other hands are reviewed still */
        printf(_("Hand %d was saved before its end: another seat's decisions "
               "are hidden until it ends.\n"), rp.cfg.hand > 0 ? rp.cfg.hand
                                                               : 1);
      st = many ? 0
                : repl_error(r, "review: the hand in %s was saved before "
                             "its end: another seat's decisions are hidden "
                             "until it ends", file);
      mj_game_free(g);
      mj_replay_free(&rp);
      return st;
    }
    const char *who[4];
    char labels[4][48];
    for (int k = 0; k < 4; k++) {
      snprintf(labels[k], sizeof labels[k], "%c (%s)",
               winds_of[mj_game_seat_wind(g, k)], rp.players[k]);
      who[k] = labels[k];
    }
    st = review_show(r, g, q, who, who[q]);
  }
  mj_game_free(g);
  mj_replay_free(&rp);
  return st;
}


int play_c_review(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  const char *file = NULL, *seat = NULL;
  if (!file_and_seat(argc, argv, &file, &seat))
    return repl_usage(r, "review");
  static const char winds_of[] = "ESWN";
  if (seat != NULL && (strlen(seat) != 1 || !strchr(winds_of, seat[0])))
    return repl_error(r, "review: seat=E, S, W or N (the seat wind), not "
                      "'%s'", seat);
  if (file == NULL) {
    play *p = r->play;
    if (p == NULL || p->g == NULL)
      return repl_error(r, "no hand to review: play one (\"new\"), or "
                        "review FILE");
    int q = YOU;
    for (int k = 0; seat != NULL && k < 4; k++)
      if (winds_of[mj_game_seat_wind(p->g, k)] == seat[0])
        q = k;
    if (q != YOU && !mj_game_over(p->g) && !p->replaying)
      return repl_error(r, "review: another seat's decisions are hidden "
                        "until the hand ends");
  {
    const char *names[4] = { play_name(0), play_name(1), play_name(2),
                             play_name(3) };
    return review_show(r, p->g, q, names, names[q]);
  }
  }
  mj_replay last;
  const mj_rules *rs;
  char **texts;
  int nt;
  if (play_read_log(r, file, &last, &rs, &texts, &nt))
    return 1;
  mj_replay_free(&last);
  int st = 0;
  for (int k = 0; k < nt && st == 0; k++)
    st = review_log_hand(r, file, texts[k], rs, seat, nt > 1);
  if (st == 0 && nt > 1) {   /* the match, hand by hand */
    play m;
    memset(&m, 0, sizeof m);
    m.rs = rs;
    mj_error e;
    if (match_rows_of(&m, texts, nt, &e) == 0) {
      printf(_("The match in %s:\n"), file);
      m.replaying = true;
      match_show(&m, NULL);
    }
    match_clear(&m);
  }
  play_free_texts(texts, nt);
  mj_host_release(r->host, rs);
  return st;
}

/* }==================================================================== */

/* {=====================================================================
** view: a saved game or match as the viewer's page (pages/view.c)
** ====================================================================== */

/* "FILE [seat=E|S|W|N|all] [out=FILE.html]" */
static bool view_args(int argc, char **argv, const char **file,
                      const char **seat, const char **out)
{
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "seat=", 5) == 0 && *seat == NULL)
      *seat = argv[i] + 5;
    else if (strncmp(argv[i], "out=", 4) == 0 && *out == NULL)
      *out = argv[i] + 4;
    else if (*file == NULL && strchr(argv[i], '=') == NULL)
      *file = argv[i];
    else
      return false;
  }
  return *file != NULL && (*out == NULL || **out != '\0');
}

/* The page's name when none is given: the log's, its extension .html. */
static void default_out(const char *file, char *out, size_t cap)
{
  snprintf(out, cap, "%s", file);
  char *dot = strrchr(out, '.'), *slash = strrchr(out, '/');
  if (dot != NULL && (slash == NULL || dot > slash))
    *dot = '\0';
  size_t len = strlen(out);
  mj_catf(out, cap, &len, ".html");
}

static int c_view(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  const char *file = NULL, *seat = NULL, *out = NULL;
  if (!view_args(argc, argv, &file, &seat, &out))
    return repl_usage(r, "view");
  mj_replay rp;
  const mj_rules *rs;
  char **texts;
  int nt;
  if (play_read_log(r, file, &rp, &rs, &texts, &nt))
    return 1;
  mj_replay_free(&rp);
  int want = view_seat(texts[0], seat);
  view_counts c;
  mj_error e;
  char *html = want == -2 ? NULL
             : view_page(rs, texts, nt, want, file, &c, &e), name[4096];
  mj_host_release(r->host, rs);
  play_free_texts(texts, nt);
  if (want == -2)
    return repl_error(r, "view: seat=E, S, W, N (the seat wind in the "
                      "file's first hand) or all, not '%s'", seat);
  if (html == NULL)
    return repl_error(r, "%s", e.msg);
  if (out == NULL)
    default_out(file, name, sizeof name);
  int st = mj_file_write_atomic(out ? out : name, html, c.len, &e) != MJ_OK
               ? repl_error(r, "%s", e.msg) : 0;
  if (st == 0)
    printf(ngettext("wrote %s: %d hand, %d steps, %zu bytes; %s\n",
                    "wrote %s: %d hands, %d steps, %zu bytes; %s\n", nt),
           out ? out : name, nt, c.steps, c.len,
           want >= 0 ? _("the others' tiles hidden until each hand's end")
           : c.open_hands == nt ? _("every seat's tiles shown")
           : _("a hand saved before its end shows the saver's tiles only"));
  free(html);
  return st;
}

const repl_cmd repl_view_cmds[] = {
  { "view", "FILE [seat=E|S|W|N|all] [out=FILE.html]",
    N_("a saved game or match as a web page to step through in a browser\n"
    "(self-contained: no network; seat=S shows only what S could see)"),
    c_view, ARG_FILE, "play" },
  { NULL, NULL, NULL, NULL, 0, NULL }
};

/* }===================================================================== */
