/*
** main.c
** hule: the command line (cmdline.c) runs a command, or the REPL.
*/
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "i18n.h"
#include "lang.h"
#include "cmdline.h"
#include "repl.h"
#include "host.h"
#include "proc.h"
#include "score.h"

int main(int argc, char **argv)
{
  if (argc == 2 && strcmp(argv[0], PROC_KEEPER) == 0)
    return proc_keeper_main(argv[1]);
  hule_lang_init();
  /* --lang first, so that even the parser's errors speak it */
  for (int i = 1; i + 1 < argc && strcmp(argv[i], "--") != 0; i++)
    if (strcmp(argv[i], "--lang") == 0) {
      char err[256];
      if (!hule_lang_set(argv[i + 1], err, sizeof err)) {
        fprintf(stderr, _("Error: --lang %s: %s\n"), argv[i + 1], err);
        return 1;
      }
    }
  cli_opts o;
  memset(&o, 0, sizeof o);
  cl_args a;
  int status = cl_parse(argc, argv, &o, &a);
  if (status >= 0)
    return status;
  if (o.batch || o.json) {   /* what a program reads: never translated */
    char err[64];
    hule_lang_set("en", err, sizeof err);
  }
  mj_host_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  for (int k = 0; k < o.ndirs; k++)
    cfg.dirs[k] = o.rules_dirs[k];
  cfg.ndirs = o.ndirs;
  mj_error e;
  mj_host *host = mj_host_new(&cfg, &e);
  if (host == NULL) {
    fprintf(stderr, _("Error: %s\n"), e.msg);
    return 1;
  }
  status = a.cmd == NULL ? repl_main(host, &o) : a.cmd->run(host, &o, &a);
  mj_host_free(host);
  mj_score_release();   /* the scorer's buffer, for leak checkers */
  return status;
}
