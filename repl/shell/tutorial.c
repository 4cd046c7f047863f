/*
** tutorial.c
** A first game that teaches by doing. A lesson is a text file a teacher
** can write (rulesets/lessons/ID.txt, found where rulesets are): lines
** of what to say, commands whose output to show, questions whose answers
** the engine checks (the waits of a hand, its total, whether it is a
** win, a word), what to say after a wrong answer, and a real hand to
** play with a coach. docs/tutorial.md describes the format.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"
#include "lang.h"
#include "tile.h"
#include "fileio.h"
#include "host.h"
#include "repl.h"
#include "score.h"
#include "text.h"

enum { LESSON_MAX = 1 << 16 };

typedef struct lesson {
  char *text;          /* the file, lines cut in place */
  char **lines;
  int n, at;           /* lines, and the next to read */
  char id[64];
  char ask[16];        /* the question waiting: "waits", "score", "win",
                          "word", "go" (Enter), "" none */
  char arg[256];       /* its hand, or its answers ("a|b") */
  char why[512];       /* said after a wrong answer */
  int asked, right;
} lesson;

static lesson *the_lesson;   /* one tutorial at a time */

static void lesson_free(lesson *l)
{
  if (l == NULL)
    return;
  free(l->text);
  free(l->lines);
  free(l);
}

bool tutorial_active(const repl *r)
{
  (void)r;
  return the_lesson != NULL;
}

/* Is answer one of the words of list ("yes|y|是"), ASCII case folded? */
static bool one_of(const char *answer, const char *list)
{
  size_t n = strlen(answer);
  for (const char *p = list; *p;) {
    size_t k = strcspn(p, "|");
    if (k == n && strncasecmp(p, answer, n) == 0)
      return true;
    p += k + (p[k] == '|');
  }
  return false;
}

/* The lesson file of ruleset id: in the rules directories' lessons/, in
   the language in use first (lessons/zh_CN/ID.txt; zh_TW reads zh_CN's
   when it has none of its own). */
static char *lesson_path(repl *r, const char *id)
{
  const char *lang = hule_lang();
  const char *sub[] = { lang, strncmp(lang, "zh", 2) == 0 ? "zh_CN" : "", "" };
  for (int s = strcmp(lang, "en") == 0 ? 2 : 0; s < 3; s++) {
    const char *dir;
    for (int i = 0; (dir = mj_host_dir(r->host, i)) != NULL; i++) {
      size_t n = strlen(dir) + strlen(id) + strlen(sub[s]) + 24;
      char *p = malloc(n);
      if (p == NULL)
        return NULL;
      snprintf(p, n, "%s/lessons/%s%s%s.txt", dir, sub[s], *sub[s] ? "/" : "",
               id);
      FILE *f = fopen(p, "r");
      if (f != NULL) {
        fclose(f);
        return p;
      }
      free(p);
    }
  }
  return NULL;
}

/* Read a lesson: every line's keyword known, every question's hand
   sound (checked by lesson_check). NULL and the error said. */
static lesson *lesson_read(repl *r, const char *path, const char *id)
{
  lesson *l = calloc(1, sizeof *l);
  size_t len;
  mj_error e;
  if (l == NULL)
    return repl_error(r, "out of memory"), NULL;
  if (mj_file_read(path, LESSON_MAX, &l->text, &len, &e) != MJ_OK) {
    free(l);
    return repl_error(r, "%s", e.msg), NULL;
  }
  int cap = 1;
  for (size_t i = 0; i < len; i++)
    cap += l->text[i] == '\n';
  l->lines = calloc((size_t)cap, sizeof *l->lines);
  if (l->lines == NULL) {
    lesson_free(l);
    return repl_error(r, "out of memory"), NULL;
  }
  for (char *p = l->text; p != NULL && *p;) {
    char *nl = strchr(p, '\n');
    if (nl != NULL)
      *nl = '\0';
    if (strlen(p) > 0 && p[strlen(p) - 1] == '\r')
      p[strlen(p) - 1] = '\0';
    l->lines[l->n++] = p;
    p = nl ? nl + 1 : NULL;
  }
  snprintf(l->id, sizeof l->id, "%s", id);
  int said = 0;   /* a lesson says something, or it is none */
  for (int i = 0; i < l->n; i++)
    said += l->lines[i][0] != '\0' && l->lines[i][0] != '#';
  if (said == 0) {
    repl_error(r, "%s: an empty lesson (nothing but comments)", path);
    lesson_free(l);
    return NULL;
  }
  return l;
}

/* The keyword of line s and its argument. */
static const char *keyword(const char *s, char *kw, size_t cap)
{
  size_t k = strcspn(s, " \t");
  snprintf(kw, cap, "%.*s", (int)k, s);
  s += k;
  while (*s == ' ' || *s == '\t')
    s++;
  return s;
}

static const char *const keywords[] = { "title", "say", "run", "ask",
                                        "why", "play", "--", NULL };

/* A lesson's faults, each with its line; 0 when sound. */
static int lesson_check(repl *r, const lesson *l, const char *path)
{
  int bad = 0;
  for (int i = 0; i < l->n; i++) {
    char kw[16];
    const char *arg = keyword(l->lines[i], kw, sizeof kw);
    if (kw[0] == '\0' || kw[0] == '#')
      continue;
    bool known = false;
    for (int k = 0; keywords[k]; k++)
      known = known || strcmp(kw, keywords[k]) == 0;
    if (!known) {
      bad += repl_error(r, "%s:%d: '%s' is not a lesson word (title, say, "
                        "run, ask, why, play, --)", path, i + 1, kw);
      continue;
    }
    if (strcmp(kw, "ask") != 0)
      continue;
    char what[16];
    const char *hand = keyword(arg, what, sizeof what);
    if (strcmp(what, "word") == 0) {
      if (*hand == '\0')
        bad += repl_error(r, "%s:%d: ask word needs its answers", path,
                          i + 1);
      continue;
    }
    if (strcmp(what, "waits") != 0 && strcmp(what, "score") != 0 &&
        strcmp(what, "win") != 0) {
      bad += repl_error(r, "%s:%d: ask waits, score, win or word, not '%s'",
                        path, i + 1, what);
      continue;
    }
    /* the hand as the question needs it: ready for waits; complete,
       and for score a win the ruleset scores */
    mj_hand *h = mj_hand_new();
    mj_score *sc = malloc(sizeof *sc);
    mj_error e;
    bool waits = strcmp(what, "waits") == 0;
    mj_status st = h == NULL || sc == NULL
                       ? mj_fail(&e, MJ_ENOMEM, 0, "out of memory")
                       : mj_hand_parse(h, hand, strlen(hand), &e);
    if (st == MJ_OK)
      st = mj_hand_check(h, waits ? MJ_CHECK_WAIT : MJ_CHECK_WIN, &e);
    if (st == MJ_OK && strcmp(what, "score") == 0)
      st = mj_score_hand(repl_rules(r), h, sc, &e);
    if (st != MJ_OK)
      bad += repl_error(r, "%s:%d: %s: %s", path, i + 1, hand, e.msg);
    mj_hand_free(h);
    free(sc);
  }
  return bad;
}

/* Say the lesson's lines up to its next question, pause or hand. */
static void lesson_go(repl *r, lesson *l)
{
  l->ask[0] = l->why[0] = '\0';
  while (l->at < l->n) {
    char kw[16];
    const char *arg = keyword(l->lines[l->at++], kw, sizeof kw);
    if (strcmp(kw, "title") == 0) {
      printf("== %s ==\n", arg);
    } else if (strcmp(kw, "say") == 0) {
      if (mj_text_width(arg) > 80)   /* a teacher's long line, folded */
        repl_fold(stdout, arg, 0, 0, 80);
      else
        printf("%s\n", arg);
    } else if (strcmp(kw, "run") == 0) {
      char cmd[512];   /* a command, run for the learner to see */
      snprintf(cmd, sizeof cmd, "%.500s", arg);
      printf("» %s\n", cmd);
      repl_line(r, cmd);
      if (the_lesson != l)   /* the command ended or replaced the lesson */
        return;
    } else if (strcmp(kw, "why") == 0) {
      snprintf(l->why, sizeof l->why, "%s", arg);
    } else if (strcmp(kw, "--") == 0) {
      snprintf(l->ask, sizeof l->ask, "go");
      printf(_("(Enter to go on, \"tutorial stop\" to leave)\n"));
      return;
    } else if (strcmp(kw, "ask") == 0) {
      const char *hand = keyword(arg, l->ask, sizeof l->ask);
      snprintf(l->arg, sizeof l->arg, "%s", hand);
      /* the why lines that follow belong to this question */
      while (l->at < l->n && strncmp(l->lines[l->at], "why ", 4) == 0)
        snprintf(l->why, sizeof l->why, "%s", l->lines[l->at++] + 4);
      if (strcmp(l->ask, "waits") == 0 || strcmp(l->ask, "score") == 0) {
        snprintf(r->quiz_hand, sizeof r->quiz_hand, "%s", hand);
        r->quiz_kind = strcmp(l->ask, "waits") == 0 ? 1 : 2;
        printf(_("  %s\n(answer with %s, or \"skip\")\n"), hand,
               r->quiz_kind == 1 ? _("tiles, e.g. 58m") : _("a number"));
      } else if (strcmp(l->ask, "win") == 0) {
        printf(_("  %s\n(answer yes or no)\n"), hand);
      } else {
        printf(_("(your answer, or \"skip\")\n"));
      }
      return;
    } else if (strcmp(kw, "play") == 0) {
      printf(_("The coach comments every decision of this hand (\"hint\" "
             "says more).\n"));
      char cmd[512];   /* the lesson's text goes with the lesson */
      snprintf(cmd, sizeof cmd, "%.500s", arg);
      lesson_free(the_lesson);
      the_lesson = NULL;
      r->coach = true;
      repl_line(r, cmd);
      return;
    }
  }
  bool file = strchr(l->id, '/') != NULL || strstr(l->id, ".txt") != NULL;
  printf(_("That is the end of the lesson (%d of %d answers right). \"new%s%s\" "
         "plays a hand; \"help\" lists every command.\n"), l->right, l->asked,
         file ? "" : " ", file ? "" : l->id);
  lesson_free(the_lesson);
  the_lesson = NULL;
}

/* Is hand text a win under ruleset rs (its minimum met)? -1: unreadable. */
static int is_win(const mj_rules *rs, const char *text, char *why, size_t cap)
{
  mj_hand *h = mj_hand_new();
  mj_score *s = malloc(sizeof *s);
  mj_error e;
  int win = -1;
  if (h != NULL && s != NULL &&
      mj_hand_parse(h, text, strlen(text), &e) == MJ_OK) {
    mj_status st = mj_score_hand(rs, h, s, &e);
    win = st == MJ_OK && s->meets_min;
    if (st != MJ_OK)   /* "not a win: ..." said once */
      snprintf(why, cap, "%.150s",
               strncmp(e.msg, "not a win: ", 11) == 0 ? e.msg + 11 : e.msg);
    else {
      size_t n = mj_score_total_text(rs, s, why, cap);
      if (!s->meets_min && n < cap)
        snprintf(why + n, cap - n, _(", below the minimum of %d"), s->min);
    }
  }
  mj_hand_free(h);
  free(s);
  return win;
}

/* An answer to the lesson's question. */
int tutorial_answer(repl *r, const char *answer)
{
  lesson *l = the_lesson;
  bool skip = strcasecmp(answer, "skip") == 0;
  if (strcmp(l->ask, "go") == 0) {
    lesson_go(r, l);
    return 0;
  }
  if (l->ask[0] == '\0')
    return 0;
  int right = 0;
  if (r->quiz_kind != 0) {   /* waits and totals: the quiz checks them */
    int before = r->quiz_right;
    extern int teach_answer(repl *r, const char *answer);
    if (teach_answer(r, answer) != 0 && r->quiz_kind != 0)
      return 1;              /* not an answer: asked again */
    right = r->quiz_right > before;
    r->quiz_right = before;
  } else if (strcmp(l->ask, "win") == 0) {
    char why[160];
    int win = is_win(repl_rules(r), l->arg, why, sizeof why);
    bool yes = one_of(answer, "yes|y|是|是的|能|对|可以|和");
    bool no = one_of(answer, "no|n|不是|否|不能|不|不对|不可以|不和");
    if (!yes && !no && !skip)
      return repl_error(r, "answer yes or no (or skip)");
    right = !skip && (yes ? win == 1 : win == 0);
    printf(win == 1 ? _("%s It is a win: %s.\n")
                    : _("%s It is not a win: %s.\n"),
           right ? _("Right!") : skip ? _("Skipped.") : _("Not quite."), why);
  } else {
    char copy[256];
    snprintf(copy, sizeof copy, "%s", l->arg);
    for (char *tok = strtok(copy, "|"); tok && !skip; tok = strtok(NULL, "|"))
      right = right || strcasecmp(tok, answer) == 0;
    char first[64];
    snprintf(first, sizeof first, "%.*s", (int)strcspn(l->arg, "|"), l->arg);
    if (right)
      printf("%s\n", _("Right!"));
    else
      printf(_("%s The answer: %s\n"), skip ? _("Skipped.") : _("Not quite."),
             first);
  }
  l->asked++;
  l->right += right;
  if (!right && l->why[0])
    repl_fold(stdout, l->why, 0, 0, 80);
  printf("\n");
  lesson_go(r, l);
  return 0;
}

static int c_tutorial(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  if (argc >= 2 && strcmp(argv[1], "stop") == 0) {
    if (the_lesson == NULL && !r->coach)
      return repl_error(r, "no tutorial is running");
    lesson_free(the_lesson);
    the_lesson = NULL;
    r->coach = false;
    r->quiz_kind = 0;
    printf(_("Tutorial stopped. \"tutorial\" starts it again.\n"));
    return 0;
  }
  bool check = argc >= 2 && strcmp(argv[1], "check") == 0;
  if (argc > 2 + check)
    return repl_usage(r, "tutorial");
  const char *id = argc >= 2 + check ? argv[1 + check]
                                     : mj_rules_id(repl_rules(r));
  char *path = NULL;
  if (strchr(id, '/') != NULL || strstr(id, ".txt") != NULL)
    path = strdup(id);
  else
    path = lesson_path(r, id);
  if (path == NULL)
    return repl_error(r, "no lesson for \"%s\": lessons ship for mcr, "
                      "xuezhan and bao (tutorial xuezhan)", id);
  /* the lesson's ruleset for the tools, when it is one */
  mj_error e;
  const char *rid = strchr(id, '/') || strstr(id, ".txt") ? NULL : id;
  if (rid != NULL && mj_host_use(r->host, rid, &e) != MJ_OK) {
    free(path);
    return repl_error(r, "%s", e.msg);
  }
  lesson *l = lesson_read(r, path, id);
  if (l == NULL || lesson_check(r, l, path) != 0) {
    free(path);
    lesson_free(l);
    return 1;
  }
  if (check) {
    printf(_("%s: %d lines, sound\n"), path, l->n);
    free(path);
    lesson_free(l);
    return 0;
  }
  free(path);
  lesson_free(the_lesson);
  the_lesson = l;
  r->coach = false;
  lesson_go(r, l);
  return 0;
}

void tutorial_done(void)
{
  lesson_free(the_lesson);
  the_lesson = NULL;
}

const repl_cmd repl_tutorial_cmds[] = {
  { "tutorial", "[RULESET|stop|check FILE]",
    N_("a first game that teaches by doing: the tiles, melds, the\n"
    "winning shape, claims, the minimum, reading the table, then a hand\n"
    "with a coach (lessons: mcr, xuezhan, bao)"),
    c_tutorial, ARG_RULESET, "teach" },
  { NULL, NULL, NULL, NULL, 0, NULL }
};
