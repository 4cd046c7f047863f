/*
** main.c
** hule: the command line. With no command it starts the REPL.
*/
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "repl.h"
#include "host.h"
#include "score.h"

static void usage(FILE *f)
{
  fprintf(
      f,
      "hule: a mahjong engine whose rules live in Lua\n"
      "\n"
      "Usage: hule [OPTIONS] [COMMAND ARGS...]\n"
      "\n"
      "Commands (none: the interactive REPL):\n"
      "  waits HAND           the tiles a ready hand waits on, and how many "
      "are left\n"
      "  shanten HAND         how far a hand is from ready, and the useful "
      "tiles\n"
      "  score \"HAND CTX\"     score a winning hand and explain every fan\n"
      "  sim                  simulate games between bots (hule sim --help)\n"
      "  stats FILE.jsonl...  the summary of sim output files, shards merged\n"
      "  review FILE [seat=S] a saved hand's decisions beside the efficiency "
      "bot's\n"
      "                       (seat=E|S|W|N; --json for one JSON object)\n"
      "  run FILE.lua [ARGS]  run a scenario script with the mj module (full "
      "Lua)\n"
      "  run --sandbox FILE   run someone else's scenario in the ruleset "
      "sandbox\n"
      "\n"
      "Options:\n"
      "  --ruleset ID         the ruleset (default mcr); also --ruleset "
      "FILE.lua\n"
      "  --option NAME=VALUE  a ruleset option, e.g. --option caishen=5z "
      "(repeatable)\n"
      "  --rules DIR          look for rulesets in DIR first (also "
      "HULE_RULES=DIR:DIR)\n"
      "  --batch              read one hand a line from stdin, one result a "
      "line\n"
      "  --json               score as JSON (one object a line with --batch)\n"
      "  --ascii              plain tile notation instead of glyphs and "
      "colours\n"
      "  --help, --version\n");
}

int main(int argc, char **argv)
{
  cli_opts o;
  memset(&o, 0, sizeof o);
  static char optbuf[1024];
  optbuf[0] = '\0';
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      return 0;
    } else if (strcmp(a, "--version") == 0) {
      printf("hule 1.0.0\n");
      return 0;
    } else if (strcmp(a, "--batch") == 0) {
      o.batch = true;
    } else if (strcmp(a, "--json") == 0) {
      o.json = true;
    } else if (strcmp(a, "--ascii") == 0) {
      o.ascii = true;
    } else if ((strcmp(a, "--ruleset") == 0 || strcmp(a, "--rules") == 0 ||
                strcmp(a, "--option") == 0)) {
      if (i + 1 >= argc) {
        fprintf(stderr, "Error: %s needs a value\n", a);
        return 1;
      }
      const char *v = argv[++i];
      if (strcmp(a, "--ruleset") == 0) {
        if (o.ruleset != NULL) {
          fprintf(stderr, "Error: --ruleset given twice ('%s' and '%s')\n",
                  o.ruleset, v);
          return 1;
        }
        o.ruleset = v;
      } else if (strcmp(a, "--rules") == 0) {
        if (o.ndirs >= 6) {
          fprintf(stderr, "Error: at most 6 --rules directories\n");
          return 1;
        }
        struct stat sb;
        if (stat(v, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
          fprintf(stderr, "Error: --rules %s: %s\n", v,
                  stat(v, &sb) != 0 ? "no such directory" : "not a directory");
          return 1;
        }
        o.rules_dirs[o.ndirs++] = v;
      } else {
        if (strlen(optbuf) + strlen(v) + 2 >= sizeof optbuf) {
          fprintf(stderr, "Error: too many options\n");
          return 1;
        }
        if (optbuf[0])
          strcat(optbuf, " ");
        strcat(optbuf, v);
      }
    } else if (a[0] == '-' && a[1] == '-' && i == 1) {
      fprintf(stderr, "Error: unknown option %s (see hule --help)\n", a);
      return 1;
    } else {
      break;
    }
  }
  if (optbuf[0])
    o.options = optbuf;
  mj_host_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  for (int k = 0; k < o.ndirs; k++)
    cfg.dirs[k] = o.rules_dirs[k];
  cfg.ndirs = o.ndirs;
  mj_error e;
  mj_host *host = mj_host_new(&cfg, &e);
  if (host == NULL) {
    fprintf(stderr, "Error: %s\n", e.msg);
    return 1;
  }
  int status;
  if (i >= argc) {
    status = repl_main(host, &o);
  } else {
    /* options may also follow the command (sim reads its own) */
    int n = argc - i;
    bool own = strcmp(argv[i], "sim") == 0 || strcmp(argv[i], "run") == 0;
    char **args = argv + i;
    int k = 1;
    for (int j = 1; j < n && !own; j++) {
      if (strcmp(args[j], "--batch") == 0)
        o.batch = true;
      else if (strcmp(args[j], "--json") == 0)
        o.json = true;
      else if (strcmp(args[j], "--ascii") == 0)
        o.ascii = true;
      else if (strcmp(args[j], "--ruleset") == 0 && j + 1 < n)
        o.ruleset = args[++j];
      else if (strcmp(args[j], "--option") == 0 && j + 1 < n) {
        if (optbuf[0])
          strcat(optbuf, " ");
        strncat(optbuf, args[++j], sizeof optbuf - strlen(optbuf) - 1);
        o.options = optbuf;
      } else
        args[k++] = args[j];
    }
    if (!own)
      n = k;
    const char *cmd = args[0];
    if (strcmp(cmd, "sim") == 0)
      status = cli_sim(host, &o, argc - i, argv + i);
    else if (strcmp(cmd, "waits") == 0)
      status = cli_waits(host, &o, n, args);
    else if (strcmp(cmd, "shanten") == 0)
      status = cli_shanten(host, &o, n, args);
    else if (strcmp(cmd, "score") == 0)
      status = cli_score(host, &o, n, args);
    else if (strcmp(cmd, "run") == 0)
      status = cli_run(host, &o, argc - i, argv + i);
    else if (strcmp(cmd, "stats") == 0)
      status = cli_stats(host, &o, n, args);
    else if (strcmp(cmd, "review") == 0 && n >= 2)
      status = repl_command(host, &o, n, args);
    else {
      fprintf(
          stderr,
          "Error: unknown command \"%s\". Enter \"hule --help\" for help.\n",
          cmd);
      status = 1;
    }
  }
  mj_host_free(host);
  mj_score_release();   /* the scorer's buffer, for leak checkers */
  return status;
}
