/*
** cmdline.c
** The command line's one table and one parser (cmdline.h).
*/
#include "cmdline.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "i18n.h"
#include "lang.h"
#include "bots.h"
#include "hands.h"
#include "logs.h"
#include "pages.h"
#include "repl.h"
#include "sim.h"
#include "text.h"

/* {====================================================================
** The shared options
** ===================================================================== */

typedef struct shared_opt {
  const char *name, *arg, *help;
  unsigned bit;
  bool many;
} shared_opt;

static const shared_opt shared[] = {
  { "--ruleset", "ID", N_("the ruleset: a shipped one (mcr, bao, xuezhan, "
    "tuidao...) or FILE.lua (default mcr)"), CL_RULESET, false },
  { "--option", "NAME=VALUE", N_("a ruleset option, such as caishen=5z "
    "(repeatable)"), CL_OPTION, true },
  { "--rules", "DIR", N_("look for rulesets in DIR first (repeatable; also "
    "HULE_RULES=DIR:DIR)"), CL_RULES, true },
  { "--batch", NULL, N_("read one hand a line from standard input, answer one "
    "line each"), CL_BATCH, false },
  { "--json", NULL, N_("answer in JSON (one object a line with --batch)"),
    CL_JSON, false },
  { "--ascii", NULL, N_("plain ASCII: tiles in notation, no glyphs, colours or "
    "box lines"), CL_ASCII, false },
  { "--echo", NULL, N_("the REPL prints each command before its output (for "
    "input from a file)"), CL_ECHO, false },
  { "--tiles", "MODE", N_("how the REPL shows tiles: both (each glyph with its "
    "notation, the default on a terminal), glyph or text"), CL_TILES,
    false },
  { "--lang", "LANG", N_("the language of the messages: en or zh (the "
    "locale's when not given; LANGUAGE, LC_ALL, LC_MESSAGES, LANG)"),
    CL_LANG, false },
  { NULL, NULL, NULL, 0, false }
};

/* What the REPL (no command) takes. */
static const unsigned repl_shared = CL_RULESET | CL_OPTION | CL_RULES |
                                    CL_ASCII | CL_ECHO | CL_TILES;

static const shared_opt *find_shared(const char *name)
{
  for (const shared_opt *s = shared; s->name; s++)
    if (strcmp(s->name, name) == 0)
      return s;
  return NULL;
}

static const cl_opt *find_own(const cl_cmd *c, const char *name)
{
  for (const cl_opt *p = c != NULL ? c->opts : NULL; p && p->name; p++)
    if (strcmp(p->name, name) == 0)
      return p;
  return NULL;
}

/* The option of another command, for a clearer refusal. */
static const cl_cmd *owner_of(const char *name)
{
  for (const cl_cmd *c = cl_commands; c->name; c++)
    if (find_own(c, name) != NULL)
      return c;
  return NULL;
}

/* }==================================================================== */

/* {====================================================================
** Parsing
** ===================================================================== */

typedef struct parse_state {
  cli_opts *o;
  cl_args *a;
  unsigned given;          /* shared options seen (the once-only ones) */
  size_t optlen;            /* of optbuf, below */
} parse_state;

static char optbuf[1024];   /* --option's values, joined by spaces */

/* "hule sim" or "hule" for the messages. */
static void where(char *buf, size_t cap, const cl_cmd *c)
{
  snprintf(buf, cap, "hule%s%s", c ? " " : "", c ? c->name : "");
}

static int refuse_unknown(const cl_cmd *c, const char *name)
{
  char w[48];
  where(w, sizeof w, c);
  const cl_cmd *other = owner_of(name);
  const shared_opt *s = find_shared(name);
  if (s != NULL || (other != NULL && other != c)) {
    if (s != NULL)
      fprintf(stderr, _("Error: %s takes no %s (it is an option of other "
              "commands; see %s --help)\n"), w, name, w);
    else
      fprintf(stderr, _("Error: %s takes no %s (it is an option of hule %s; "
              "see %s --help)\n"), w, name, other->name, w);
    return 1;
  }
  const char *best = NULL;
  int bd = 3;
  for (const cl_opt *p = c ? c->opts : NULL; p && p->name; p++)
    if (mj_text_distance(name, p->name) < bd)
      bd = mj_text_distance(name, p->name), best = p->name;
  for (const shared_opt *q = shared; q->name; q++)
    if ((c ? c->shared : repl_shared) & q->bit &&
        mj_text_distance(name, q->name) < bd)
      bd = mj_text_distance(name, q->name), best = q->name;
  if (best != NULL)
    fprintf(stderr, _("Error: unknown option %s of %s; did you mean %s? (see "
            "%s --help)\n"), name, w, best, w);
  else
    fprintf(stderr, _("Error: unknown option %s of %s (see %s --help)\n"), name,
            w, w);
  return 1;
}

static int set_shared(parse_state *ps, const shared_opt *s, const char *v)
{
  cli_opts *o = ps->o;
  if (!s->many && (ps->given & s->bit)) {
    fprintf(stderr, _("Error: %s given twice\n"), s->name);
    return 1;
  }
  ps->given |= s->bit;
  struct stat sb;
  switch (s->bit) {
  case CL_RULESET: o->ruleset = v; break;
  case CL_LANG: {   /* main set it first; a test's parse sets it here */
    char err[256];
    if (!hule_lang_set(v, err, sizeof err)) {
      fprintf(stderr, _("Error: --lang %s: %s\n"), v, err);
      return 1;
    }
    break;
  }
  case CL_BATCH: o->batch = true; break;
  case CL_JSON: o->json = true; break;
  case CL_ASCII: o->ascii = true; break;
  case CL_ECHO: o->echo = true; break;
  case CL_TILES:
    if (strcmp(v, "glyph") != 0 && strcmp(v, "both") != 0 &&
        strcmp(v, "text") != 0) {
      fprintf(stderr, _("Error: --tiles %s: say glyph, both or text\n"), v);
      return 1;
    }
    o->tiles = v;
    break;
  case CL_RULES:
    if (o->ndirs >= MJ_HOST_USER_DIRS) {
      fprintf(stderr, _("Error: at most %d --rules directories\n"),
              MJ_HOST_USER_DIRS);
      return 1;
    }
    if (stat(v, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
      fprintf(stderr, _("Error: --rules %s: %s\n"), v,
              stat(v, &sb) != 0 ? "no such directory" : "not a directory");
      return 1;
    }
    o->rules_dirs[o->ndirs++] = v;
    break;
  default:   /* CL_OPTION */
    if (ps->optlen + strlen(v) + 2 >= sizeof optbuf) {
      fprintf(stderr, _("Error: too many --option values (%zu bytes at most)\n"),
              sizeof optbuf - 2);
      return 1;
    }
    ps->optlen += (size_t)snprintf(optbuf + ps->optlen,
                                   sizeof optbuf - ps->optlen, "%s%s",
                                   ps->optlen ? " " : "", v);
    o->options = optbuf;
  }
  return -1;
}

static int set_own(parse_state *ps, const cl_opt *p, const char *v)
{
  cl_args *a = ps->a;
  for (int i = 0; i < a->nset; i++)
    if (a->opt[i] == p) {
      fprintf(stderr, _("Error: %s given twice\n"), p->name);
      return 1;
    }
  if (a->nset == CL_MAX_OPTS) {
    fprintf(stderr, _("Error: too many options\n"));
    return 1;
  }
  a->opt[a->nset] = p;
  a->val[a->nset++] = v != NULL ? v : "";
  return -1;
}

/* One option at argv[*i] for command c (NULL: before any command, where
** only shared options stand; they are checked against the command later).
** Advances *i past its value. -1 to go on, else an exit status. */
static int one_option(parse_state *ps, const cl_cmd *c, int argc, char **argv,
                      int *i)
{
  const char *name = argv[*i];
  const shared_opt *s = find_shared(name);
  const cl_opt *own = s == NULL ? find_own(c, name) : NULL;
  if (s == NULL && own == NULL) {
    if (c == NULL && owner_of(name) != NULL) {
      fprintf(stderr, _("Error: %s is an option of hule %s: put it after the "
              "command (see hule %s --help)\n"), name, owner_of(name)->name,
              owner_of(name)->name);
      return 1;
    }
    return refuse_unknown(c, name);
  }
  if (s != NULL && c != NULL && !((c->shared | CL_LANG) & s->bit))
    return refuse_unknown(c, name);
  const char *arg = s ? s->arg : own->arg;
  const char *v = NULL;
  if (arg != NULL) {
    if (*i + 1 >= argc) {
      fprintf(stderr, _("Error: %s needs a value (%s %s)\n"), name, name, arg);
      return 1;
    }
    v = argv[++*i];
  }
  return s ? set_shared(ps, s, v) : set_own(ps, own, v);
}

/* The shared options given before the command must be ones it takes. */
static int check_leading(const parse_state *ps, const cl_cmd *c)
{
  unsigned takes = (c ? c->shared : repl_shared) | CL_LANG;
  const cli_opts *o = ps->o;
  unsigned used = ps->given | (o->ndirs ? CL_RULES : 0) |
                  (o->options ? CL_OPTION : 0);
  for (const shared_opt *s = shared; s->name; s++)
    if ((used & s->bit) && !(takes & s->bit))
      return refuse_unknown(c, s->name);
  return -1;
}

static int version(void)
{
  printf("hule %s\n", HULE_VERSION);
  return 0;
}

int cl_parse(int argc, char **argv, cli_opts *o, cl_args *a)
{
  memset(a, 0, sizeof *a);
  parse_state ps = { o, a, 0, 0 };
  optbuf[0] = '\0';
  int i = 1, st;
  for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
    if (strcmp(argv[i], "--") == 0) {
      i++;
      break;
    }
    if (strcmp(argv[i], "--help") == 0)
      return cl_help(stdout, NULL), 0;
    if (strcmp(argv[i], "--version") == 0)
      return version();
    if ((st = one_option(&ps, NULL, argc, argv, &i)) >= 0)
      return st;
  }
  if (i < argc && strcmp(argv[i], "-h") == 0)
    return cl_help(stdout, NULL), 0;
  if (i >= argc)
    return check_leading(&ps, NULL);
  const cl_cmd *c = cl_find(argv[i]);
  if (c == NULL) {
    fprintf(stderr, _("Error: unknown command \"%s\". Enter \"hule --help\" "
            "for help.\n"), argv[i]);
    return 1;
  }
  if ((st = check_leading(&ps, c)) >= 0)
    return st;
  a->cmd = c;
  a->argv = argv + i;   /* the operands, gathered in place */
  a->argc = 1;
  bool ended = false;
  for (i++; i < argc; i++) {
    const char *x = argv[i];
    bool rest = c->rest && a->argc >= 2;   /* the script's own arguments */
    if (!ended && !rest && strcmp(x, "--") == 0) {
      ended = true;
      continue;
    }
    if (ended || rest || x[0] != '-' || x[1] != '-') {
      a->argv[a->argc++] = argv[i];
      continue;
    }
    if (strcmp(x, "--help") == 0)
      return cl_help(stdout, c), 0;
    if ((st = one_option(&ps, c, argc, argv, &i)) >= 0)
      return st;
  }
  a->argv[a->argc] = NULL;
  return -1;
}

bool cl_apply(const cl_args *a, void *settings)
{
  for (int i = 0; i < a->nset; i++)
    if (a->opt[i]->set != NULL && !a->opt[i]->set(settings, a->val[i]))
      return false;
  return true;
}

/* }==================================================================== */

/* {====================================================================
** The commands
** ===================================================================== */

static int do_waits(mj_host *h, cli_opts *o, const cl_args *a)
{
  return cli_waits(h, o, a->argc, a->argv);
}

static int do_shanten(mj_host *h, cli_opts *o, const cl_args *a)
{
  return cli_shanten(h, o, a->argc, a->argv);
}

static int do_score(mj_host *h, cli_opts *o, const cl_args *a)
{
  return cli_score(h, o, a->argc, a->argv);
}

static int do_stats(mj_host *h, cli_opts *o, const cl_args *a)
{
  const char *svg = NULL, *csv = NULL;
  for (int i = 0; i < a->nset; i++) {
    if (strcmp(a->opt[i]->name, "--plot") == 0)
      svg = a->val[i];
    else if (strcmp(a->opt[i]->name, "--csv") == 0)
      csv = a->val[i];
  }
  int st = cli_stats(h, o, a->argc, a->argv);
  if (st == 0 && (svg != NULL || csv != NULL))
    st = stats_plot(a->argc - 1, a->argv + 1, svg, csv);
  return st;
}

static int do_import(mj_host *h, cli_opts *o, const cl_args *a)
{
  const char *out = NULL;
  for (int i = 0; i < a->nset; i++)
    if (strcmp(a->opt[i]->name, "--out") == 0)
      out = a->val[i];
  if (a->argc != 2) {
    fprintf(stderr, _("Usage: hule import FILE.json [--out FILE.jsonl]\n"));
    return 1;
  }
  return cli_import(h, o, a->argv[1], out);
}

static int do_export(mj_host *h, cli_opts *o, const cl_args *a)
{
  (void)o;
  const char *out = NULL;
  bool mjai = false;
  for (int i = 0; i < a->nset; i++) {
    if (strcmp(a->opt[i]->name, "--out") == 0)
      out = a->val[i];
    else if (strcmp(a->opt[i]->name, "--mjai") == 0)
      mjai = true;
  }
  if (a->argc != 2 || !mjai) {
    fprintf(stderr, _("Usage: hule export --mjai LOG.jsonl [--out "
            "FILE.jsonl]\n"));
    return 1;
  }
  return cli_export_mjai(h, a->argv[1], out);
}

static int do_review(mj_host *h, cli_opts *o, const cl_args *a)
{
  if (a->argc < 2) {
    fprintf(stderr, _("Usage: hule review FILE [seat=E|S|W|N] [--json]\n"));
    return 1;
  }
  return repl_command(h, o, a->argc, a->argv);
}

/* hule view LOG [--seat S] [--out FILE.html]: the REPL's view command,
   its options as its words seat= and out=. */
static int do_view(mj_host *h, cli_opts *o, const cl_args *a)
{
  if (a->argc != 2) {
    fprintf(stderr, _("Usage: hule view LOG.jsonl [--seat E|S|W|N|all] "
            "[--out FILE.html]\n"));
    return 1;
  }
  char seat[64] = "", out[4200] = "";
  for (int i = 0; i < a->nset; i++) {
    if (strcmp(a->opt[i]->name, "--seat") == 0)
      snprintf(seat, sizeof seat, "seat=%s", a->val[i]);
    else if (strcmp(a->opt[i]->name, "--out") == 0)
      snprintf(out, sizeof out, "out=%s", a->val[i]);
  }
  char *argv[4] = { "view", a->argv[1], NULL, NULL };
  int argc = 2;
  if (seat[0])
    argv[argc++] = seat;
  if (out[0])
    argv[argc++] = out;
  return repl_command(h, o, argc, argv);
}

/* hule run FILE [ARGS]: argv[1] the file; sandbox: someone else's
   script. */
static int run_file(mj_host *h, const cli_opts *o, bool sandbox, int argc,
                    char **argv)
{
  if (argc < 2) {
    fprintf(
        stderr,
        _("Usage: hule run FILE.lua [ARGS...]\n"
        "       hule run --sandbox FILE.lua [ARGS...]   (someone else's)\n"));
    return 1;
  }
  if (o->ruleset != NULL && cli_rules(h, o) == NULL)
    return 1;
  if (o->ruleset != NULL) {
    mj_error e;
    const mj_rules *r = cli_rules(h, o);
    if (mj_host_use(h, mj_rules_id(r), &e) != MJ_OK) {
      fprintf(stderr, _("Error: %s\n"), e.msg);
      return 1;
    }
  }
  mj_error e;
  if ((sandbox ? mj_host_dofile_sandboxed(h, argv[1], argc - 2, argv + 2, &e)
               : mj_host_dofile(h, argv[1], argc - 2, argv + 2, &e)) != MJ_OK) {
    fflush(stdout);
    fprintf(stderr, _("Error: %s\n"), e.msg);
    return 1;
  }
  return 0;
}

/* hule bot --mjai|--botzone [BOT]. */
static int do_bot(mj_host *h, cli_opts *o, const cl_args *a)
{
  bool mjai = false, botzone = false;
  for (int i = 0; i < a->nset; i++) {
    mjai = mjai || strcmp(a->opt[i]->name, "--mjai") == 0;
    botzone = botzone || strcmp(a->opt[i]->name, "--botzone") == 0;
  }
  if (mjai == botzone || a->argc > 2) {
    fprintf(stderr, _("Usage: hule bot --mjai|--botzone [BOT] (BOT: "
            "efficiency, strong (the default) or lua:FILE)\n"));
    return 1;
  }
  return cli_bot_serve(h, o, mjai, a->argc == 2 ? a->argv[1] : "strong");
}

static bool set_sandbox(void *settings, const char *v)
{
  *(bool *)settings = true;
  return true;
}

static int do_run(mj_host *h, cli_opts *o, const cl_args *a)
{
  bool sandbox = false;
  cl_apply(a, &sandbox);
  return run_file(h, o, sandbox, a->argc, a->argv);
}

/* hule check FILE|ID [HANDS]: the REPL's check command. */
static int do_check(mj_host *h, cli_opts *o, const cl_args *a)
{
  if (a->argc < 2) {
    fprintf(stderr, _("Usage: hule check FILE|ID [HANDS] [NAME=VALUE...]\n"));
    return 1;
  }
  return repl_command(h, o, a->argc, a->argv) != 0;
}

static int do_diff(mj_host *h, cli_opts *o, const cl_args *a)
{
  (void)h;
  return repl_diff_command(o, a->argc - 1, a->argv + 1);
}

static const cl_opt run_options[] = {
  { "--sandbox", NULL, N_("run it as someone else's: in the rulesets' sandbox "
    "(no files, no os, budgets)"), set_sandbox },
  { NULL, NULL, NULL, NULL }
};

static bool set_flag_text(void *settings, const char *v)
{
  return true;
}

static const cl_opt import_options[] = {
  { "--out", "FILE.jsonl", N_("write the game as a hule log (one hand log "
    "after another), for replay, review and explain"), NULL },
  { NULL, NULL, NULL, NULL }
};

static const cl_opt view_options[] = {
  { "--seat", "E|S|W|N|all", N_("show only what that seat could see (the seat "
    "wind in the file's first hand, followed through a match); all, the "
    "default, shows every hand of a finished hand"), NULL },
  { "--out", "FILE.html", N_("the page to write (default: the log's name "
    "with .html)"), NULL },
  { NULL, NULL, NULL, NULL }
};

static const cl_opt bot_options[] = {
  { "--mjai", NULL, N_("speak mjai: one JSON event a line in, one action "
    "a line out (riichi)"), NULL },
  { "--botzone", NULL, N_("speak Botzone's Chinese Standard Mahjong: its "
    "simple or JSON interaction, started each turn or kept running (MCR)"),
    NULL },
  { NULL, NULL, NULL, NULL }
};

static const cl_opt export_options[] = {
  { "--mjai", NULL, N_("as mjai events, one JSON object a line (riichi)"),
    NULL },
  { "--out", "FILE.jsonl", N_("write to FILE instead of standard output"),
    NULL },
  { NULL, NULL, NULL, NULL }
};

static const cl_opt help_opts[] = {
  { "--markdown", NULL, N_("the reference page in Markdown"),
    set_flag_text },
  { "--man", NULL, N_("the manual page, in roff"), set_flag_text },
  { NULL, NULL, NULL, NULL }
};

static const cl_opt no_options[] = { { NULL, NULL, NULL, NULL } };

static const cl_opt stats_options[] = {
  { "--plot", "FILE.svg", /* xgettext:no-c-format */ N_("also draw the run as SVG charts: points per win, "
    "each bot kind's rates and net points with 95% intervals, the fans per "
    "win"), NULL },
  { "--csv", "FILE.csv", N_("also write the numbers behind the charts"), NULL },
  { NULL, NULL, NULL, NULL }
};

#define HAND_OPTS (CL_RULESET | CL_OPTION | CL_RULES | CL_BATCH | CL_JSON | \
                   CL_ASCII)

const cl_cmd cl_commands[] = {
  { "waits", "HAND",
    N_("the tiles a ready hand waits on, and how many are left"),
    N_("Lists each tile that completes HAND (13 tiles, melds in brackets) with "
    "the copies not in the hand. With --batch, one hand a line from "
    "standard input."),
    "hule waits 1112345678999m", HAND_OPTS, no_options, false, do_waits },
  { "shanten", "HAND",
    N_("how far a hand is from ready, and the useful tiles"),
    N_("Gives the shanten number of HAND (how many tiles from ready) in each "
    "shape the ruleset allows, and the tiles that bring it closer."),
    "hule shanten 123m456p789s1z2z3z4z", HAND_OPTS, no_options, false,
    do_shanten },
  { "score", "\"HAND CONTEXT\"",
    N_("score a winning hand and explain every fan"),
    N_("Scores a winning hand under the ruleset: the reading chosen, each fan "
    "with its points and melds, what matched but did not count and why, "
    "and the total against the minimum. The context follows the hand: "
    "win=TILE, self, seat=, round=, flowers= and the ruleset's own tokens "
    "(hule help tiles in the REPL, docs/cli.md)."),
    "hule score '123m456p789s11z55m+5m self'", HAND_OPTS, no_options, false,
    do_score },
  { "sim", "",
    N_("simulate games between bots"),
    /* xgettext:no-c-format */ N_("Plays --games games between four bots and prints each bot's results "
    "with 95% intervals; --out keeps one JSON line a game for hule stats. "
    "The same --seed plays the same games, whatever --jobs or --shard."),
    "hule sim --games 1000 --bots strong,efficiency,efficiency,efficiency "
    "--seed 7", CL_RULESET | CL_OPTION | CL_RULES, sim_options,
    false, cli_sim },
  { "stats", "FILE.jsonl...",
    N_("the summary of sim output files, shards merged"),
    N_("Reads the JSON lines of hule sim --out (one file or the shards of a "
    "run) and prints the summary exactly as one run of all of them would."),
    "hule stats part1.jsonl part2.jsonl --plot run.svg", CL_RULESET |
    CL_OPTION | CL_RULES | CL_JSON, stats_options, false, do_stats },
  { "diff", "A [NAME=VALUE...] B [NAME=VALUE...]",
    N_("what differs between two rulesets, or one with other options"),
    N_("Loads two rulesets (ids or files, each followed by its options) and "
    "lists what differs: the ruleset's scoring, shapes and wild tiles, "
    "table rules, options, states and hooks, and fan by fan what was "
    "added, removed, re-valued, excluded otherwise or matched otherwise "
    "(\"自摸: 1 fan → 4 fan\")."),
    "hule diff mcr mcr ming_an_gang=true", CL_RULES, no_options, false,
    do_diff },
  { "check", "FILE|ID [HANDS] [NAME=VALUE...]",
    N_("lint a ruleset: its examples, fans and games"),
    N_("Loads a ruleset (a file or an id) and checks it as its author would: "
    "each fan's example scores it, no fan never matches or never counts "
    "over HANDS random winning hands (20000), no two share a name, and "
    "games between bots run its hooks and settle. NAME=VALUE (or --option) "
    "loads it with those options. Exits 1 on an error."),
    "hule check house.lua", CL_RULES | CL_OPTION, no_options, false,
    do_check },
  { "review", "FILE [seat=E|S|W|N]",
    N_("a saved hand's decisions beside the strong bot's"),
    N_("Replays a saved game (the REPL's save) and lists the seat's decisions "
    "where the strong bot would have done otherwise, with its reasons."),
    "hule review game.jsonl seat=E", CL_RULES | CL_JSON | CL_ASCII,
    no_options, false, do_review },
  { "import", "FILE.json",
    N_("replay a real game's log (tenhou.net/6) and check every round"),
    N_("Reads a tenhou.net/6 JSON log and replays each round through "
    "riichi-tenhou from its deals, draws, calls and discards; each round's "
    "recorded result (the winners, the points, the yaku, the deltas) must "
    "come out the same, or the import stops naming the round and what "
    "differs. --out writes the game as a hule log."),
    "hule import game.json --out game.jsonl", CL_RULES, import_options,
    false, do_import },
  { "export", "--mjai LOG.jsonl",
    N_("write a saved riichi game as mjai events"),
    N_("Replays a hule log of a riichi game (saved at the REPL, or written by "
    "hule import) and writes it as mjai events, one JSON object a line: "
    "the hands dealt, every draw, discard, call, kan, new dora and riichi, "
    "the wins with their deltas and ura indicators, the drawn hands."),
    "hule export --mjai game.jsonl --out game.mjai.jsonl", CL_RULES,
    export_options, false, do_export },
  { "bot", "--mjai|--botzone [BOT]",
    N_("run one of hule's bots as a program of mjai or Botzone"),
    N_("Reads another engine's messages on standard input and answers each "
    "on standard output, as a bot program of its protocol: --mjai (riichi; "
    "the events of the seat's view, answered by actions) or --botzone (MCR; "
    "Botzone's requests). BOT is efficiency, strong (the default) or "
    "lua:FILE; it decides as at hule's own table. A message it cannot read "
    "is said on standard error and answered as nothing to do."),
    "hule bot --mjai strong", CL_RULESET | CL_OPTION | CL_RULES,
    bot_options, false, do_bot },
  { "view", "LOG.jsonl",
    N_("a saved game or match as a web page to step through"),
    N_("Writes one self-contained HTML page (no network, no other file) that "
    "replays a saved game or match, or an imported Tenhou game, hand by "
    "hand and move by move: every seat's hand, the discards with claims "
    "marked, melds, the wall, the scores and each win's explanation. "
    "Keys: right and left step, down and up change hand, w finds the next "
    "win. A tile the seat may not see is not in the page at all."),
    "hule view game.jsonl --seat E --out game.html", CL_RULES, view_options,
    false, do_view },
  { "run", "FILE.lua [ARGS...]",
    N_("run a scenario script with the mj module"),
    N_("Runs a Lua script that deals, plays and checks hands through the mj "
    "module (docs/scripting.md); the arguments after the file are the "
    "script's own (its arg table). Full Lua unless --sandbox."),
    "hule run dispute.lua", CL_RULESET | CL_OPTION | CL_RULES, run_options,
    true, do_run },
  { "help", "[COMMAND]",
    N_("this help, or a command's; --markdown or --man: the reference"),
    N_("Without an argument, the list of commands and shared options; with a "
    "command, its page. --markdown prints the command line's reference "
    "and the ruleset language's reference (docs/reference.md), --man the "
    "manual page (hule.1)."),
    "hule help sim", 0, help_opts, false, cl_help_command },
  { NULL, NULL, NULL, NULL, NULL, 0, NULL, false, NULL }
};

const cl_cmd *cl_find(const char *name)
{
  for (const cl_cmd *c = cl_commands; c->name; c++)
    if (strcmp(c->name, name) == 0)
      return c;
  return NULL;
}

/* }==================================================================== */

/* {====================================================================
** Help, the reference page and the man page
** ===================================================================== */

/* Text folded to width columns after an indent (ASCII words). */
static void opt_line(FILE *f, const char *name, const char *arg,
                     const char *help)
{
  int col = fprintf(f, "  %s%s%s", name, arg ? " " : "", arg ? arg : "");
  if (col >= 24) {
    fputc('\n', f);
    col = 0;
  }
  repl_fold(f, help, 24, col, 78);
}

void cl_help(FILE *f, const cl_cmd *c)
{
  if (c == NULL) {
    fprintf(f, _("hule: a mahjong engine whose rules live in Lua\n\n"
            "Usage: hule [OPTIONS] [COMMAND [ARGS...]]\n\n"
            "Commands (none: the interactive REPL; hule help COMMAND for "
            "more):\n"));
    for (const cl_cmd *k = cl_commands; k->name; k++) {
      opt_line(f, k->name, k->args, _(k->summary));
    }
    fprintf(f, _("\nOptions (before or after the command that takes them):\n"));
    for (const shared_opt *s = shared; s->name; s++)
      opt_line(f, s->name, s->arg, _(s->help));
    opt_line(f, "--help, --version", NULL, _("this help; the version"));
    return;
  }
  fprintf(f, _("Usage: hule %s%s%s [OPTIONS]\n\n"), c->name, *c->args ? " " : "",
          c->args);
  repl_fold(f, _(c->summary), 2, 0, 78);
  fputc('\n', f);
  repl_fold(f, _(c->help), 2, 0, 78);
  if ((c->opts && c->opts->name) || c->shared)
    fprintf(f, _("\nOptions:\n"));
  for (const cl_opt *p = c->opts; p && p->name; p++)
    opt_line(f, p->name, p->arg, _(p->help));
  for (const shared_opt *s = shared; s->name; s++)
    if (c->shared & s->bit)
      opt_line(f, s->name, s->arg, _(s->help));
  fprintf(f, _("\nExample:\n  %s\n"), c->example);
}

static void md_opts(FILE *f, const cl_cmd *c)
{
  if (c->opts && c->opts->name) {
    fprintf(f, "| option | meaning |\n|---|---|\n");
    for (const cl_opt *p = c->opts; p->name; p++)
      fprintf(f, "| `%s%s%s` | %s |\n", p->name, p->arg ? " " : "",
              p->arg ? p->arg : "", p->help);
    fputc('\n', f);
  }
  const char *sep = "Shared options: ";
  for (const shared_opt *s = shared; s->name; s++)
    if (c->shared & s->bit) {
      fprintf(f, "%s`%s`", sep, s->name);
      sep = ", ";
    }
  if (c->shared)
    fprintf(f, ".\n\n");
}

void cl_markdown(FILE *f)
{
  fprintf(f, "## The command line\n\n"
          "`hule [OPTIONS] [COMMAND [ARGS...]]`: with no command, the "
          "REPL ([repl.md](repl.md)). An option goes before or after the "
          "command that takes it; each may be given once, but `--option` "
          "and `--rules`; `--` ends the options.\n\n"
          "| option | meaning |\n|---|---|\n");
  for (const shared_opt *s = shared; s->name; s++)
    fprintf(f, "| `%s%s%s` | %s |\n", s->name, s->arg ? " " : "",
            s->arg ? s->arg : "", s->help);
  fputc('\n', f);
  for (const cl_cmd *c = cl_commands; c->name; c++) {
    fprintf(f, "### hule %s%s%s\n\n%s.\n\n%s\n\n", c->name,
            *c->args ? " " : "", c->args, c->summary, c->help);
    md_opts(f, c);
    fprintf(f, "```sh\n%s\n```\n\n", c->example);
  }
}

/* roff text: a leading dot or quote escaped, backslashes and dashes. */
static void roff(FILE *f, const char *s)
{
  if (*s == '.' || *s == '\'')
    fputs("\\&", f);
  for (; *s; s++) {
    if (*s == '\\')
      fputs("\\e", f);
    else if (*s == '-')
      fputs("\\-", f);
    else
      fputc(*s, f);
  }
}

static void man_opt(FILE *f, const char *name, const char *arg,
                    const char *help)
{
  fputs(arg ? ".TP\n.BI \"" : ".TP\n.B \"", f);
  roff(f, name);
  if (arg) {
    fputs(" \" \"", f);
    roff(f, arg);
  }
  fputs("\"\n", f);
  roff(f, help);
  fputc('\n', f);
}

static void man(FILE *f)
{
  fprintf(f, ".TH HULE 1 \"\" \"hule %s\" \"User Commands\"\n"
          ".SH NAME\nhule \\- a mahjong engine whose rules live in Lua\n"
          ".SH SYNOPSIS\n.B hule\n[\\fIOPTIONS\\fR] [\\fICOMMAND\\fR "
          "[\\fIARGS\\fR...]]\n.SH DESCRIPTION\n", HULE_VERSION);
  roff(f, "With no command, hule opens its REPL: play a hand against bots, "
       "score and explain hands, load and check rulesets, run scripts "
       "(help inside it lists its commands). The commands below do one "
       "thing and exit.");
  fputs("\n.SH OPTIONS\n", f);
  for (const shared_opt *s = shared; s->name; s++)
    man_opt(f, s->name, s->arg, s->help);
  fputs(".SH COMMANDS\n", f);
  for (const cl_cmd *c = cl_commands; c->name; c++) {
    fputs(".SS ", f);
    roff(f, c->name);
    fputs(" ", f);
    roff(f, c->args);
    fputc('\n', f);
    roff(f, c->help);
    fputc('\n', f);
    for (const cl_opt *p = c->opts; p && p->name; p++)
      man_opt(f, p->name, p->arg, p->help);
    fputs(".PP\nExample:\n.RS\n.B ", f);
    roff(f, c->example);
    fputs("\n.RE\n", f);
  }
  fputs(".SH ENVIRONMENT\n.TP\n.B HULE_RULES\ndirectories searched for "
        "rulesets, separated by colons\n.TP\n.B NO_COLOR\nno colours in the "
        "REPL\n.SH SEE ALSO\nThe manual in the docs directory of the "
        "sources: repl.md, cli.md, rules.md, flow.md, scripting.md, "
        "bots.md.\n", f);
}

int cl_help_command(mj_host *h, cli_opts *o, const cl_args *a)
{
  if (a->nset > 1 || (a->nset == 1 && a->argc > 1)) {
    fprintf(stderr, _("Error: hule help takes one of COMMAND, --markdown and "
            "--man\n"));
    return 1;
  }
  if (a->nset == 1) {
    char err[64];
    hule_lang_set("en", err, sizeof err);   /* the docs' pages: English */
    if (a->opt[0] == &help_opts[0]) {
      printf("# Reference\n\n<!-- made by `hule help --markdown` from the "
             "tables the code uses: change the code, then run `hule help "
             "--markdown > docs/reference.md` -->\n\n");
      cl_markdown(stdout);
      hule_reference(stdout);
    }
    else
      man(stdout);
    return 0;
  }
  if (a->argc > 2) {
    fprintf(stderr, _("Error: hule help takes one command\n"));
    return 1;
  }
  const cl_cmd *c = a->argc == 2 ? cl_find(a->argv[1]) : NULL;
  if (a->argc == 2 && c == NULL) {
    fprintf(stderr, _("Error: no command \"%s\" (hule help lists them)\n"),
            a->argv[1]);
    return 1;
  }
  cl_help(stdout, c);
  return 0;
}

/* }==================================================================== */
