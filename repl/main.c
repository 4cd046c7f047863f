/*
** main.c
** hule: the command line (cmdline.c) runs a command, or the REPL.
*/
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cmdline.h"
#include "repl.h"
#include "host.h"
#include "score.h"

int main(int argc, char **argv)
{
  cli_opts o;
  memset(&o, 0, sizeof o);
  cl_args a;
  int status = cl_parse(argc, argv, &o, &a);
  if (status >= 0)
    return status;
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
  status = a.cmd == NULL ? repl_main(host, &o) : a.cmd->run(host, &o, &a);
  mj_host_free(host);
  mj_score_release();   /* the scorer's buffer, for leak checkers */
  return status;
}
