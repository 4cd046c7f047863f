/*
** shell.c
** The REPL's shell: reading lines (GNU readline on a terminal, plain
** reads from a pipe), history, completion, Ctrl-C, the command table,
** help and dispatch, and how tiles look on the terminal.
*/
#define _POSIX_C_SOURCE 200809L
#include "i18n.h"
#include "lang.h"
#include "action.h"
#include "repl.h"
#include "text.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "fileio.h"
#include "rules.h"
#include "ctx_tokens.h"

volatile sig_atomic_t repl_interrupted;

enum { HISTORY_CAP = 1000, LINE_MAX = 1 << 20 };

/* {====================================================================
** Output
** ===================================================================== */

int repl_error(repl *r, const char *fmt, ...)
{
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, _(fmt), ap);
  va_end(ap);
  fflush(stdout);
  if (r->color)
    fprintf(stderr, _("\033[31mError:\033[0m %s\n"), msg);
  else
    fprintf(stderr, _("Error: %s\n"), msg);
  fflush(stderr);
  r->failures++;
  return 1;
}

void repl_color(const repl *r, FILE *f, const char *code, const char *text)
{
  if (r->color)
    fprintf(f, "\033[%sm%s\033[0m", code, text);
  else
    fputs(text, f);
}

static const char *tile_color(mj_tile t)
{
  switch (mj_tile_suit(t)) {
  case MJ_SUIT_M: return "31";
  case MJ_SUIT_P: return "34";
  case MJ_SUIT_S: return "32";
  case MJ_SUIT_Z: return t == 31 ? "31" : t == 32 ? "32" : "1";
  default: return "35";
  }
}

int repl_tile_width(const repl *r, mj_tile t)
{
  if (!r->glyphs || t >= MJ_ALL_TILES)
    return t < MJ_ALL_TILES ? 2 : 1;
  /* 🀄 alone is wide (East Asian Width W); both: the notation after */
  return (t == 31 ? 2 : 1) + (r->both ? 2 : 0);
}

const char *repl_tile(const repl *r, mj_tile t, char *buf, size_t cap)
{
  if (!r->glyphs && repl_lang_zh() && t < MJ_ALL_TILES) {
    snprintf(buf, cap, "%s", mj_text_name(mj_tile_name(t)));  /* 五万 */
    return buf;
  }
  return repl_tile_row(r, t, buf, cap);
}

const char *repl_tile_row(const repl *r, mj_tile t, char *buf, size_t cap)
{
  char b[3];
  if (r->glyphs && t < MJ_ALL_TILES) {
    const char *n = r->both ? mj_tile_str(t, b) : "";
    if (r->color)
      snprintf(buf, cap, "\033[%sm%s\033[0m%s", tile_color(t),
               mj_tile_glyph(t), n);
    else
      snprintf(buf, cap, "%s%s", mj_tile_glyph(t), n);
  } else {
    snprintf(buf, cap, "%s", t < MJ_ALL_TILES ? mj_tile_str(t, b) : "?");
  }
  return buf;
}

void repl_tiles(const repl *r, FILE *f, const mj_tile *tiles, int n,
                bool sorted)
{
  bool flowers = n > 0;
  for (int i = 0; i < n; i++)
    flowers = flowers && tiles[i] >= MJ_FLOWER0 && tiles[i] < MJ_ALL_TILES;
  if (!r->glyphs && flowers && repl_lang_zh()) {   /* 春夏, not 12f */
    for (int i = 0; i < n; i++)
      fputs(mj_text_name(mj_tile_name(tiles[i])), f);
    return;
  }
  if (!r->glyphs) {
    char buf[512];
    if (sorted)
      mj_tiles_print(tiles, n, buf, sizeof buf);
    else
      mj_tiles_print_ordered(tiles, n, buf, sizeof buf);
    fputs(n ? buf : "-", f);
    return;
  }
  mj_tile tmp[160];
  if (n > 160)
    n = 160;
  memcpy(tmp, tiles, (size_t)n);
  if (sorted)
    for (int i = 1; i < n; i++)
      for (int j = i; j > 0 && tmp[j - 1] > tmp[j]; j--) {
        mj_tile x = tmp[j];
        tmp[j] = tmp[j - 1];
        tmp[j - 1] = x;
      }
  for (int i = 0; i < n; i++) {
    char b[32];
    fprintf(f, "%s%s", i ? " " : "", repl_tile_row(r, tmp[i], b, sizeof b));
  }
  if (n == 0)
    fputs("-", f);
}

void repl_counts(const repl *r, FILE *f, const uint8_t counts[MJ_KINDS])
{
  mj_tile t[160];
  int n = 0;
  for (int k = 0; k < MJ_KINDS; k++)
    for (int c = 0; c < counts[k] && n < 160; c++)
      t[n++] = (mj_tile)k;
  repl_tiles(r, f, t, n, true);
}

const mj_rules *repl_rules(repl *r)
{
  const mj_rules *rs = mj_host_current(r->host);
  if (rs == NULL) {
    mj_error e;
    if (mj_host_get(r->host, "mcr", &rs, &e) != MJ_OK)
      return NULL;
    mj_host_use(r->host, "mcr", &e);
  }
  return rs;
}

/* }==================================================================== */

/* {====================================================================
** The command table
** ===================================================================== */

static int c_help(repl *r, int argc, char **argv, const char *rest);
static int c_quit(repl *r, int argc, char **argv, const char *rest);
static int c_tiles(repl *r, int argc, char **argv, const char *rest);
static int c_lang(repl *r, int argc, char **argv, const char *rest);

static const repl_cmd shell_cmds[] = {
  { "help", "[COMMAND|tiles|context]",
    N_("list the commands, or explain one; help tiles: the tiles and their "
    "notation; help context: the context words a hand may take"), c_help,
    ARG_COMMAND, "shell" },
  { "tiles", "[both|glyph|text]",
    N_("how tiles are shown: each glyph with its notation (both, the\n"
    "default on a terminal), glyphs alone, or the notation alone"),
    c_tiles, ARG_NONE, "shell" },
  { "lang", "[en|zh]",
    N_("the language of the messages: English (en) or Chinese (zh)"),
    c_lang, ARG_NONE, "shell" },
  { "quit", "", N_("leave hule (also exit, or Ctrl-D)"), c_quit, ARG_NONE,
    "shell" },
  { "exit", "", N_("leave hule"), c_quit, ARG_NONE, NULL },
  { NULL, NULL, NULL, NULL, 0, NULL }
};

const repl_cmd *const repl_tables[] = {
  shell_cmds, repl_teach_cmds, repl_tutorial_cmds, repl_play_cmds, repl_view_cmds,
  repl_author_cmds, NULL
};
#define tables repl_tables

const repl_group repl_groups[] = {
  { "play", N_("Play against the bots") },
  { "teach", N_("Learn the rules") },
  { "author", N_("Write rules and scripts") },
  { "shell", N_("The shell") },
  { NULL, NULL }
};

static const repl_cmd *find_cmd(const char *name)
{
  for (int t = 0; tables[t]; t++)
    for (const repl_cmd *c = tables[t]; c->name; c++)
      if (strcmp(c->name, name) == 0)
        return c;
  return NULL;
}

/* The word a placeholder of a command's arguments is in the language
   chosen (HAND: 手牌), or NULL for one left as written (E, N, ID). */
static const char *placeholder(const char *w, size_t n)
{
#define IS(x) (n == sizeof x - 1 && memcmp(w, x, n) == 0)
  if (IS("HAND")) return C_("placeholder", "HAND");
  if (IS("HANDS")) return C_("placeholder", "HANDS");
  if (IS("CONTEXT")) return C_("placeholder", "CONTEXT");
  if (IS("FAN")) return C_("placeholder", "FAN");
  if (IS("TILE")) return C_("placeholder", "TILE");
  if (IS("TILES")) return C_("placeholder", "TILES");
  if (IS("FILE")) return C_("placeholder", "FILE");
  if (IS("RULESET")) return C_("placeholder", "RULESET");
  if (IS("NAME")) return C_("placeholder", "NAME");
  if (IS("VALUE")) return C_("placeholder", "VALUE");
  if (IS("COMMAND")) return C_("placeholder", "COMMAND");
  if (IS("CODE")) return C_("placeholder", "CODE");
  if (IS("ARGS")) return C_("placeholder", "ARGS");
  if (IS("KIND")) return C_("placeholder", "KIND");
#undef IS
  return NULL;
}

/* A command's arguments as the language writes their placeholders
   ("FAN HAND [CONTEXT]": "番名 手牌 [情境]"); the rest as it is. */
static const char *args_shown(const char *args, char *buf, size_t cap)
{
  size_t len = 0;
  buf[0] = '\0';
  for (const char *p = args; *p;) {
    size_t n = 0;
    while (p[n] >= 'A' && p[n] <= 'Z')
      n++;
    const char *w = n > 0 ? placeholder(p, n) : NULL;
    if (n == 0)
      n = 1;
    if (w != NULL)
      mj_catf(buf, cap, &len, "%s", w);
    else
      mj_catf(buf, cap, &len, "%.*s", (int)n, p);
    p += n;
  }
  return buf;
}

int repl_usage(repl *r, const char *name)
{
  const repl_cmd *c = find_cmd(name);
  char a[256];
  fflush(stdout);
  fprintf(stderr, _("Usage: %s %s\n"), name,
          c ? args_shown(c->args, a, sizeof a) : "");
  r->failures++;
  return 1;
}

static const char *nearest_cmd(const char *name)
{
  const char *best = NULL;
  int bd = 3;
  for (int t = 0; tables[t]; t++)
    for (const repl_cmd *c = tables[t]; c->name; c++) {
      int d = mj_text_distance(name, c->name);
      if (strncmp(name, c->name, strlen(name)) == 0 && strlen(name) >= 2)
        d = 1;
      if (d < bd) {
        bd = d;
        best = c->name;
      }
    }
  return best;
}

static void help_one(FILE *f, const repl_cmd *c)
{
  char head[256], a[256], pad[300];
  snprintf(head, sizeof head, "%s%s%s", c->name, c->args[0] ? " " : "",
           args_shown(c->args, a, sizeof a));
  if (mj_text_width(head) < 26)
    fprintf(f, "  %s ", mj_text_pad(head, 26, pad, sizeof pad));
  else
    fprintf(f, "  %s\n%29s", head, "");
  /* the English lines were broken by hand: folded again, at 80 */
  char text[1024];
  snprintf(text, sizeof text, "%s", _(c->help));
  for (char *nl = strchr(text, '\n'); nl != NULL; nl = strchr(nl, '\n')) {
    bool wide = (nl > text && (unsigned char)nl[-1] >= 0x80) ||
                (unsigned char)nl[1] >= 0x80;
    memmove(nl + !wide, nl + 1, strlen(nl + 1) + 1);
    if (!wide)
      *nl = ' ';
  }
  repl_fold(f, text, 29, 29, 80);
}

/* help tiles: every tile as shown, beside its notation. */
static void help_tiles(const repl *r)
{
  static const char *const rows[] = {
    N_("characters (m)"), N_("dots (p)"), N_("bamboo (s)"),
    N_("honors (z): E S W N, red 中, green 发, white 白"), N_("flowers (f)") };
  static const int first[] = { 0, 9, 18, MJ_HONOR_FIRST, MJ_FLOWER0 };
  static const int count[] = { 9, 9, 9, 7, 8 };
  printf(_("Tiles are written rank then suit: 5m, 123p, 77z; a hand is "
         "written\n123m456p789s11z.\n"));
  for (int k = 0; k < 5; k++) {
    printf(_("%s:\n "), _(rows[k]));
    for (int i = 0; i < count[k]; i++) {
      char b[40], t[3];
      mj_tile x = (mj_tile)(first[k] + i);
      printf(" %s %s", mj_tile_str(x, t),
             r->glyphs ? repl_tile(r, x, b, sizeof b) : mj_tile_name(x));
    }
    printf("\n");
  }
  printf(_("The letters E S W N and C F P name the honors too: C 中 (5z), "
           "F 发 (6z),\nP 白 (7z). Tenhou and Mahjong Soul number the "
           "dragons the other way\n(their 5z is 白, their 7z 中): hule's "
           "5z is 中 in every ruleset, riichi\nincluded; write C F P where "
           "a hand may be read either way.\n"));
  if (!r->glyphs)
    printf(_("(on a terminal each tile is shown as its glyph; --ascii keeps "
           "the notation)\n"));
}

/* help COMMAND: the summary, then the page (what, an example, what goes
   with it). */
static void help_page(const repl_cmd *c)
{
  const repl_help *h = repl_help_page(c->name);
  char a[256];
  printf(_("Usage: %s%s%s\n"), c->name, c->args[0] ? " " : "",
         args_shown(c->args, a, sizeof a));
  help_one(stdout, c);
  if (h == NULL)
    return;
  printf(_("\n%s\n\nExample:\n  %s\n\nSee also: %s\n"), _(h->page), h->example,
         h->see);
}

static void help_list(FILE *f);

/* Long text a screen at a time when both ends are a terminal. */
void repl_page(repl *r, const char *text)
{
  int rows = 24;
  struct winsize ws;
  if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 4)
    rows = ws.ws_row;
  const char *p = text;
  int n = 0;
  while (*p) {
    const char *nl = strchr(p, '\n');
    size_t k = nl ? (size_t)(nl - p + 1) : strlen(p);
    fwrite(p, 1, k, stdout);
    p += k;
    if (!r->interactive || !*p || ++n < rows - 1)
      continue;
    n = 0;
    fputs(_("-- more: Enter for the next screen, q to stop --"), stdout);
    fflush(stdout);
    char ans[16];
    bool stop = fgets(ans, sizeof ans, stdin) == NULL || ans[0] == 'q' ||
                repl_interrupted;
    fputs("\r\033[K", stdout);
    if (stop)
      break;
  }
  fflush(stdout);
}

/* help context: the tokens a hand's context may hold under the ruleset
   in use, hule's and the ruleset's own words, each with its words. */
static void context_line(const char *name, const char *words)
{
  char pad[64];
  printf("  %s ", mj_text_pad(name, 14, pad, sizeof pad));
  repl_fold(stdout, words, 17, 17, 80);
}

static void help_context(repl *r)
{
  const mj_rules *rs = repl_rules(r);
  unsigned own = rs != NULL ? mj_rules_tokens(rs) : 0;
  char d[512];
  printf(_("Context tokens follow a hand (123m456p789s11z55m+5m self "
           "seat=S).\nThose %s reads:\n"), rs ? mj_rules_id(rs) : "?");
#define TOKEN_LINE(k, name, value, flag, owned, words)                       \
  if (!(owned) || (own & (owned)))                                            \
    context_line(value ? name "=" : name, _(words));
  MJ_CTX_TOKENS(TOKEN_LINE)
#undef TOKEN_LINE
  int n = rs != NULL ? mj_rules_nwords(rs) : 0;
  if (n > 0)
    printf(_("and its own words:\n"));
  for (int k = 0; k < n; k++) {
    const mj_word_def *w = mj_rules_word(rs, k);
    char name[32];
    snprintf(name, sizeof name, "%s=", w->name);
    snprintf(d, sizeof d, _("%s=N, 0..%d%s%s"), w->name, w->max,
             w->desc ? _(": ") : "", w->desc ? repl_desc(w->desc) : "");
    context_line(name, d);
  }
}

static int c_help(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  if (argc >= 2 && strcmp(argv[1], "context") == 0) {
    help_context(r);
    return 0;
  }
  if (argc >= 2 && strcmp(argv[1], "tiles") == 0) {
    help_tiles(r);
    printf("\n");
    help_page(find_cmd("tiles"));   /* and the command's own page */
    return 0;
  }
  if (argc >= 2 && strcmp(argv[1], "table") == 0) {
    fputs(_(repl_table_legend), stdout);
    printf("\n");
    help_page(find_cmd("table"));   /* and the command's own page */
    return 0;
  }
  if (argc >= 2) {
    const repl_cmd *c = find_cmd(argv[1]);
    int verb = c == NULL ? mj_action_verb(argv[1]) : -1;
    static const char *const verb_cmd[] = {
      [MJ_ACT_DISCARD] = "d", [MJ_ACT_WIN] = "hu",   [MJ_ACT_PASS] = "pass",
      [MJ_ACT_PON] = "pon",   [MJ_ACT_CHI] = "chi",  [MJ_ACT_KONG] = "kong",
      [MJ_ACT_SWAP] = "swap", [MJ_ACT_QUE] = "que",  [MJ_ACT_DECLARE] = "declare",
      [MJ_ACT_TAKE] = "take", [MJ_ACT_OPEN] = "kaigang",
    };
    if (verb >= 0 && verb < (int)(sizeof verb_cmd / sizeof verb_cmd[0]) &&
        verb_cmd[verb] != NULL)   /* 碰 is pon: its page */
      c = find_cmd(verb_cmd[verb]);
    if (c == NULL) {
      const char *near = nearest_cmd(argv[1]);
      if (near)
        return repl_error(r, "no command \"%s\"; did you mean \"%s\"?", argv[1],
                          near);
      return repl_error(r, "no command \"%s\". Enter \"help\" for the list.",
                        argv[1]);
    }
    help_page(c);
    return 0;
  }
  char *text = NULL;
  size_t len = 0;
  FILE *out = r->interactive ? open_memstream(&text, &len) : NULL;
  help_list(out != NULL ? out : stdout);   /* paged on a terminal */
  if (out != NULL) {
    fclose(out);
    repl_page(r, text);
    free(text);
  }
  return 0;
}

static void help_list(FILE *f)
{
  fprintf(f, _("hule: mahjong at the terminal. Commands (help COMMAND for more):\n"));
  for (const repl_group *gr = repl_groups; gr->name; gr++) {
    fprintf(f, _("\n%s:\n"), _(gr->title));
    for (int t = 0; tables[t]; t++)
      for (const repl_cmd *c = tables[t]; c->name; c++)
        if (c->group && strcmp(c->group, gr->name) == 0)
          help_one(f, c);
  }
  fprintf(f, _("\nHands are written as in 123m456p789s11z[555p]+5z; context tokens "
         "follow\n"
         "(self, seat=S, bao=5m ...). Tab completes commands, rulesets, fans, "
         "files\n"
         "and, in a game, your tiles. New here? \"tutorial\" teaches by "
         "playing;\n\"help table\" explains the table.\n"));
}

static int c_lang(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  if (argc > 2)
    return repl_usage(r, "lang");
  const char *l[8];
  int n = hule_lang_list(l, 8);
  if (argc == 1) {
    printf(_("messages in %s (installed: "), hule_lang());
    for (int i = 0; i < n; i++)
      printf("%s%s", i ? " " : "", l[i]);
    printf(")\n");
    return 0;
  }
  char err[256];
  if (!hule_lang_set(argv[1], err, sizeof err))
    return repl_error(r, "%s", err);
  printf(_("messages in English\n"));   /* said in the language chosen */
  return 0;
}

static int c_tiles(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  static const char *const modes[] = { "text", "glyph", "both" };
  if (argc == 1) {
    printf(_("tiles are shown as %s\n"), modes[r->glyphs + r->both]);
    return 0;
  }
  int m = -1;
  for (int i = 0; i < 3 && argc == 2; i++)
    if (strcmp(argv[1], modes[i]) == 0)
      m = i;
  if (m < 0)
    return repl_usage(r, "tiles");
  r->glyphs = m > 0;
  r->both = m == 2;
  char b[40];
  printf(_("tiles are shown as %s: 1p is %s\n"), modes[m],
         repl_tile(r, 9, b, sizeof b));
  return 0;
}

static int c_quit(repl *r, int argc, char **argv, const char *rest)
{
  (void)argc;
  (void)argv;
  (void)rest;
  return repl_confirm_leave(r) ? 2 : 0;
}

/* }==================================================================== */

/* {====================================================================
** Dispatch
** ===================================================================== */

enum { MAX_ARGS = 64 };

/* Split at blanks; "double quotes" group. Returns argc, -1 if unbalanced. */
static int split(char *s, char **argv, int max)
{
  int n = 0;
  while (*s) {
    while (*s == ' ' || *s == '\t')
      s++;
    if (!*s)
      break;
    if (n >= max)
      return n;
    if (*s == '"') {
      argv[n++] = ++s;
      while (*s && *s != '"')
        s++;
      if (!*s)
        return -1;
      *s++ = '\0';
    } else {
      argv[n++] = s;
      while (*s && *s != ' ' && *s != '\t')
        s++;
      if (*s)
        *s++ = '\0';
    }
  }
  return n;
}

static int lua_more(repl *r, const char *line);

/* A line cut into words: its command run, else an answer (tutorial,
   quiz), a bare tile discarded in a game, or an unknown word said so. */
static int dispatch(repl *r, int argc, char **argv, const char *restc,
                    const char *line, size_t n)
{
  int st = 0;
  char whole[1024];   /* the line as typed, for an answer */
  snprintf(whole, sizeof whole, "%.*s", (int)n, line);
  const repl_cmd *c = find_cmd(argv[0]);
  if (c != NULL) {
    st = c->fn(r, argc, argv, restc);
  } else if (tutorial_active(r)) {
    st = tutorial_answer(r, whole);
  } else if (r->quiz_kind != 0) {
    extern int teach_answer(repl *r, const char *answer);
    st = teach_answer(r, whole);
  } else if (r->play != NULL && mj_action_verb(argv[0]) >= 0) {
    /* an action's other names in a game: 碰, 打 5m, tsumo, gang */
    st = find_cmd("pass")->fn(r, argc, argv, restc);
  } else if (r->play != NULL &&
             (mj_tile_parse(argv[0], strlen(argv[0]), &(mj_tile){ 0 },
                            NULL) == MJ_OK)) {
    /* a bare tile in a game: discard it */
    const repl_cmd *d = find_cmd("d");
    char *dv[2] = { (char *)"d", argv[0] };
    st = d->fn(r, 2, dv, argv[0]);
  } else {
    const char *near = nearest_cmd(argv[0]);
    if (near != NULL)
      st = repl_error(r,
                      "unknown command \"%s\"; did you mean \"%s\"? Enter "
                      "\"help\" for help.",
                      argv[0], near);
    else
      st = repl_error(r, "unknown command \"%s\". Enter \"help\" for help.",
                      argv[0]);
  }
  return st;
}

int repl_line(repl *r, const char *line)
{
  repl_interrupted = 0;
  mj_host_clear_interrupt(r->host);
  /* an unfinished Lua statement takes the line */
  if (r->lua_buf != NULL)
    return lua_more(r, line);
  while (*line == ' ' || *line == '\t')
    line++;
  size_t n = strlen(line);
  while (n > 0 &&
         (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
    n--;
  if (n == 0) {
    if (tutorial_active(r))
      return tutorial_answer(r, "");
    play_default(r);
    return 0;
  }
  if (line[0] == '#')
    return 0;
  char *copy = malloc(n + 1);
  if (copy == NULL)
    return repl_error(r, "out of memory");
  memcpy(copy, line, n);
  copy[n] = '\0';
  /* the rest of the line after the command word, unsplit */
  const char *rest = line;
  while (*rest && *rest != ' ' && *rest != '\t')
    rest++;
  while (*rest == ' ' || *rest == '\t')
    rest++;
  char *restc = strndup(rest, n - (size_t)(rest - line));
  char *argv[MAX_ARGS];
  int argc;
  size_t w = strcspn(copy, " \t");
  if (w == 3 && strncmp(copy, "lua", 3) == 0) {
    /* Lua code is the command's text as typed: no words, no quotes */
    copy[3] = '\0';
    argv[0] = copy;
    argv[1] = restc;
    argc = restc != NULL && restc[0] ? 2 : 1;
  } else {
    argc = split(copy, argv, MAX_ARGS);
  }
  int st = restc == NULL ? repl_error(r, "out of memory")
            : argc < 0    ? repl_error(r, "a \" is not closed")
            : argc > 0    ? dispatch(r, argc, argv, restc, line, n)
                          : 0;
  free(copy);
  free(restc);
  fflush(stdout);
  return st;
}

/* {====================================================================
** Lua at the prompt
** ===================================================================== */

static void lua_out(void *ud, const char *text, size_t len)
{
  (void)ud;
  fwrite(text, 1, len, stdout);
}

/* Run the buffered chunk; keep it when it is unfinished. */
static int lua_run(repl *r)
{
  bool incomplete;
  mj_error e;
  mj_host_set_output(r->host, lua_out, r);
  mj_status st = mj_host_eval(r->host, r->lua_buf, r->lua_len, &incomplete, &e);
  if (st == MJ_OK || !incomplete) {
    free(r->lua_buf);
    r->lua_buf = NULL;
    r->lua_len = 0;
    if (st != MJ_OK)
      return repl_error(r, "%s", e.msg);
  }
  return 0;
}

int repl_lua(repl *r, const char *code)
{
  free(r->lua_buf);
  r->lua_len = strlen(code);
  r->lua_buf = strdup(code);
  if (r->lua_buf == NULL)
    return repl_error(r, "out of memory");
  return lua_run(r);
}

static int lua_more(repl *r, const char *line)
{
  size_t n = strlen(line);
  if (r->lua_len + n + 2 > LINE_MAX) {
    free(r->lua_buf);
    r->lua_buf = NULL;
    return repl_error(r, "the Lua chunk is longer than %d bytes", LINE_MAX);
  }
  char *b = realloc(r->lua_buf, r->lua_len + n + 2);
  if (b == NULL)
    return repl_error(r, "out of memory");
  b[r->lua_len++] = '\n';
  memcpy(b + r->lua_len, line, n + 1);
  r->lua_len += n;
  r->lua_buf = b;
  return lua_run(r);
}

/* }==================================================================== */

/* {====================================================================
** Completion
** ===================================================================== */

static repl *the_repl;   /* readline's callbacks take no user data */

static char **matches_from(const char *text, const char *const *words, int n)
{
  char **m = NULL;
  int k = 0;
  size_t len = strlen(text);
  for (int i = 0; i < n; i++)
    if (strncmp(words[i], text, len) == 0) {
      char **x = realloc(m, sizeof *m * (size_t)(k + 2));
      if (x == NULL)
        break;
      m = x;
      m[k++] = strdup(words[i]);
    }
  if (k == 0) {
    free(m);
    return NULL;
  }
  /* readline wants the common prefix first */
  size_t pre = strlen(m[0]);
  for (int i = 1; i < k; i++) {
    size_t j = 0;
    while (j < pre && m[i][j] == m[0][j])
      j++;
    pre = j;
  }
  char **x = realloc(m, sizeof *m * (size_t)(k + 2));
  if (x == NULL)
    return m;
  m = x;
  memmove(m + 1, m, sizeof *m * (size_t)k);
  m[0] = k == 1 ? strdup(m[1]) : strndup(m[1], pre);
  if (k == 1) {
    free(m[1]);
    m[1] = NULL;
  } else {
    m[k + 1] = NULL;
  }
  return m;
}

/* A fan's name as a completion of the word at start: the whole name
   when it is the argument's first word; a name of several words
   ("Pure Straight") when the words before start are its own, from the
   word being completed on. Returns the new count of words. */
static int fan_word(const char *name, int start, const char **words, int n)
{
  const char *line = rl_line_buffer;
  int a = (int)strcspn(line, " ");   /* the argument begins after "fan " */
  while (line[a] == ' ')
    a++;
  if (n >= 600 || a > start)
    return n;
  size_t typed = (size_t)(start - a);
  if (typed == 0 || (strncmp(name, line + a, typed) == 0 &&
                     name[typed - 1] == ' '))
    words[n++] = name + typed;
  return n;
}

static char **complete(const char *text, int start, int end)
{
  (void)end;
  repl *r = the_repl;
  rl_attempted_completion_over = 1;
  const char *words[600];
  char store[600][64];
  int n = 0;
  /* which word of the line is it? */
  char cmd[32] = "";
  int w = 0;
  for (int i = 0; i < start; ) {
    while (i < start && rl_line_buffer[i] == ' ')
      i++;
    if (i >= start)
      break;
    int b = i;
    while (i < start && rl_line_buffer[i] != ' ')
      i++;
    if (w == 0)
      snprintf(cmd, sizeof cmd, "%.*s", i - b, rl_line_buffer + b);
    w++;
  }
  if (w == 0) {
    for (int t = 0; tables[t]; t++)
      for (const repl_cmd *c = tables[t]; c->name && n < 600; c++)
        words[n++] = c->name;
    return matches_from(text, words, n);
  }
  const repl_cmd *c = find_cmd(cmd);
  int kind = c ? c->complete : ARG_NONE;
  if (c && strcmp(c->name, "why") == 0 && w > 1)
    kind = ARG_TILE;
  if (kind == ARG_FILE) {
    rl_attempted_completion_over = 0;
    return rl_completion_matches(text, rl_filename_completion_function);
  }
  if (kind == ARG_COMMAND) {
    for (int t = 0; tables[t]; t++)
      for (const repl_cmd *x = tables[t]; x->name && n < 600; x++)
        words[n++] = x->name;
  } else if (kind == ARG_RULESET) {
    char ids[64][64];
    int k = mj_host_available(r->host, ids, 64);
    for (int i = 0; i < k && n < 600; i++) {
      snprintf(store[n], sizeof store[n], "%.63s", ids[i]);
      words[n] = store[n];
      n++;
    }
  } else if (kind == ARG_FAN) {
    const mj_rules *rs = repl_rules(r);
    /* every name without a space: simplified, English, traditional,
       pinyin (a space would end the word being completed) */
    for (int i = 0; rs && i < mj_rules_nfans(rs) && n < 600 - 2 - MJ_MAX_ALIASES;
         i++) {
      const mj_fan_def *f = mj_rules_fan(rs, i);
      const char *names[2 + MJ_MAX_ALIASES] = { f->id, f->en };
      memcpy(names + 2, f->aliases, sizeof f->aliases);
      for (int k = 0; k < 2 + MJ_MAX_ALIASES; k++)
        if (names[k] != NULL)
          n = fan_word(names[k], start, words, n);
    }
  } else if (kind == ARG_TILE && r->play != NULL) {
    mj_tile t[20];
    int k = play_hand_tiles(r, t, 20);
    for (int i = 0; i < k && n < 600; i++) {
      char b[3];
      snprintf(store[n], sizeof store[n], "%s", mj_tile_str(t[i], b));
      words[n] = store[n];
      n++;
    }
  }
  return matches_from(text, words, n);
}

/* }==================================================================== */

/* {====================================================================
** Reading lines
** ===================================================================== */

/* Readline behind four macros, as lua.c does. */
#define line_init(r) rl_readline_name = "hule"
#define line_read(prompt) readline(prompt)
#define line_save(text) add_history(text)
#define line_free(text) free(text)

bool repl_confirm_leave(repl *r)
{
  if (!r->interactive || !play_unsaved(r))
    return true;
  char *answer = line_read("The hand in play is not saved (\"save FILE\" "
                           "keeps it). Leave it? [y/N] ");
  bool yes = answer != NULL && (answer[0] == 'y' || answer[0] == 'Y');
  if (answer != NULL)
    line_free(answer);
  else
    putchar('\n');
  if (!yes)
    printf(_("The hand goes on.\n"));
  return yes;
}

static void on_sigint(int sig)
{
  (void)sig;
  repl_interrupted = 1;
  if (the_repl != NULL)   /* stops the running Lua too */
    mj_host_interrupt(the_repl->host);
}

/* readline's input: a Ctrl-C while editing ends the line, emptied. */
static int read_key(FILE *f)
{
  for (;;) {
    unsigned char c;
    ssize_t k = read(fileno(f), &c, 1);
    if (k == 1)
      return c;
    if (k == 0)
      return EOF;
    if (errno != EINTR)
      return EOF;
    if (repl_interrupted) {
      rl_replace_line("", 0);
      rl_point = rl_end = 0;
      fputs("^C", stdout);
      return '\n';
    }
  }
}

static char history_path[4096];
static bool history_ok;

static void history_open(void)
{
  const char *home = getenv("HOME");
  if (home == NULL || !*home)
    return;
  snprintf(history_path, sizeof history_path, "%s/.hule_history", home);
  stifle_history(HISTORY_CAP);
  struct stat st;
  if (stat(history_path, &st) == 0 && !S_ISREG(st.st_mode)) {
    fprintf(stderr, _("Warning: %s is not a regular file; going on without "
            "a history\n"), history_path);
    return;
  }
  if (stat(history_path, &st) == 0)
    read_history(history_path);
  history_ok = true;
}

static void history_add(const char *line)
{
  line_save(line);
  if (!history_ok)
    return;
  int rc = access(history_path, F_OK) == 0 ? append_history(1, history_path)
                                           : write_history(history_path);
  if (rc != 0) {
    fprintf(stderr, _("Warning: cannot write the history to %s: %s; "
            "going on without saving it\n"), history_path, strerror(rc));
    history_ok = false;
  }
}

static void history_close(void)
{
  if (history_ok)
    history_truncate_file(history_path, HISTORY_CAP);
}

void repl_init(repl *r, mj_host *host, cli_opts *o, bool interactive)
{
  memset(r, 0, sizeof *r);
  r->host = host;
  r->o = o;
  r->interactive = interactive;
  /* NO_COLOR means no colour and nothing else (no-color.org) */
  const char *nc = getenv("NO_COLOR");
  r->glyphs = interactive && !o->ascii;
  r->both = r->glyphs;   /* on a terminal: each glyph with its notation */
  if (o->tiles != NULL) {   /* asked for: on a terminal or not */
    r->glyphs = strcmp(o->tiles, "text") != 0;
    r->both = strcmp(o->tiles, "both") == 0;
  }
  r->color = interactive && !o->ascii && !(nc != NULL && nc[0] != '\0');
}

void repl_done(repl *r)
{
  tutorial_done();
  play_free(r->play);
  r->play = NULL;
  free(r->lua_buf);
  r->lua_buf = NULL;
}

/* The prompt: what the next line goes to. In a game whose ruleset is
   not the one the teaching tools use, both are named. */
static const char *prompt_of(repl *r)
{
  static char buf[160];
  if (r->lua_buf != NULL)
    return ">> ";
  if (tutorial_active(r))
    return "tutorial> ";
  if (r->quiz_kind != 0)
    return "quiz> ";
  if (r->play != NULL) {
    const char *mode = play_replaying(r) ? "replay" : "play";
    const char *gid = play_ruleset_id(r), *tid = mj_rules_id(repl_rules(r));
    if (gid != NULL && strcmp(gid, tid) != 0)
      snprintf(buf, sizeof buf, "hule (%s %s, tools %s)> ", mode, gid, tid);
    else
      snprintf(buf, sizeof buf, "hule (%s)> ", mode);
    return buf;
  }
  return "hule> ";
}

int repl_command(mj_host *host, cli_opts *o, int argc, char **argv)
{
  repl r;
  repl_init(&r, host, o, false);
  char line[2048];
  size_t len = 0;
  line[0] = '\0';
  bool quote = false;
  for (int i = 0; i < argc; i++) {  /* quoted: a file name may have spaces */
    mj_catf(line, sizeof line, &len, "%s\"%s\"", i ? " " : "", argv[i]);
    quote = quote || strchr(argv[i], '"') != NULL;
  }
  int status;
  if (len >= sizeof line || quote) {
    fprintf(stderr, _("Error: %s\n"), quote ? "an argument holds a '\"'"
                                          : "the command line is too long");
    status = 1;
  } else {
    repl_line(&r, line);
    status = r.failures > 0;
  }
  repl_done(&r);
  return status;
}

int repl_main(mj_host *host, cli_opts *o)
{
  repl r;
  bool interactive = isatty(0) && isatty(1);
  repl_init(&r, host, o, interactive);
  the_repl = &r;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;   /* no SA_RESTART: a read returns to see the flag */
  sigaction(SIGINT, &sa, NULL);
  if (o->ruleset != NULL) {
    const mj_rules *rs = cli_rules(host, o);
    mj_error e;
    if (rs == NULL || mj_host_use(host, mj_rules_id(rs), &e) != MJ_OK)
      return 1;
  }
  int status = 0;
  if (interactive) {
    line_init(&r);
    rl_catch_signals = 0;
    rl_getc_function = read_key;
    rl_attempted_completion_function = complete;
    rl_basic_word_break_characters = " \t";
    history_open();
    printf(
        _("hule %s: mahjong whose rules live in Lua. Ruleset: %s.\n"
        "Type \"help\" for the commands, \"new\" to play, Ctrl-D to leave.\n"),
        "1.0.0", mj_rules_id(repl_rules(&r)));
    for (;;) {
      repl_interrupted = 0;
      char *line = line_read(prompt_of(&r));
      if (line == NULL) {
        putchar('\n');
        if (repl_confirm_leave(&r))
          break;
        continue;
      }
      if (repl_interrupted) {   /* Ctrl-C: the line is dropped */
        free(r.lua_buf);
        r.lua_buf = NULL;
        line_free(line);
        continue;
      }
      if (line[0] != '\0')
        history_add(line);
      int st = repl_line(&r, line);
      line_free(line);
      if (st == 2)
        break;
    }
    history_close();
  } else {
    char *buf = NULL;
    size_t cap = 0;
    bool cut;
    long n;
    while ((n = cli_getline(stdin, &buf, &cap, LINE_MAX, &cut)) >= 0) {
      if (cut) {
        repl_error(&r, "a line longer than %d bytes was skipped", LINE_MAX);
        continue;
      }
      if (memchr(buf, '\0', (size_t)n) != NULL) {
        repl_error(&r, "a line with a NUL byte was skipped");
        continue;
      }
      if (o->echo) {   /* an error in "hule < s.txt > out" can be placed */
        printf("%s%s\n", prompt_of(&r), buf);
        fflush(stdout);
      }
      int st = repl_line(&r, buf);
      fflush(stdout);   /* a program on the other end sees each answer */
      if (st == 2)
        break;
    }
    free(buf);
    if (r.lua_buf != NULL)
      repl_error(&r, "the input ended inside an unfinished Lua statement");
    status = r.failures > 0;
  }
  repl_done(&r);
  return status;
}
