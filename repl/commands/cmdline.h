/*
** cmdline.h
** The command line: one table of hule's commands (name, operands, help,
** options, handler) and one option parser for all of them, so every
** command reads its options the same way, before or after its name, and
** says the same things about a mistake. The help, the reference page and
** the man page are printed from the same table.
*/
#ifndef HULE_CMDLINE_H
#define HULE_CMDLINE_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "host.h"

/* An option of a command: "--games" with its value's name ("N"), or a
** flag (arg NULL). set stores a value in the command's settings: false
** when the value is wrong (the error printed). */
typedef struct cl_opt {
  const char *name;
  const char *arg;
  const char *help;
  bool (*set)(void *settings, const char *value);
} cl_opt;

enum { CL_MAX_OPTS = 24 };

/* What the parser made of a command line: the command, its operands
** (argv[0] is the command's name) and its own options in the order given. */
typedef struct cl_args {
  const struct cl_cmd *cmd;
  int argc;
  char **argv;
  int nset;
  const cl_opt *opt[CL_MAX_OPTS];
  const char *val[CL_MAX_OPTS];
} cl_args;

/* The shared options a command takes (bits of cl_cmd.shared). */
enum {
  CL_RULESET = 1 << 0, CL_OPTION = 1 << 1, CL_RULES = 1 << 2,
  CL_BATCH = 1 << 3, CL_JSON = 1 << 4, CL_ASCII = 1 << 5, CL_ECHO = 1 << 6,
  CL_TILES = 1 << 7, CL_LANG = 1 << 8   /* CL_LANG: every command */
};

typedef struct cl_cmd {
  const char *name;
  const char *args;        /* its operands, "HAND CONTEXT" */
  const char *summary;     /* one line */
  const char *help;        /* what it does, in a paragraph or two */
  const char *example;     /* a command line */
  unsigned shared;         /* CL_* it takes */
  const cl_opt *opts;      /* its own options, ended by a NULL name */
  bool rest;               /* operands after the first are its own (run) */
  int (*run)(mj_host *h, cli_opts *o, const cl_args *a);
} cl_cmd;

/* Parse argv into o and a (a->cmd NULL: the REPL). Returns -1 to go on,
** else the exit status (after --help, --version or an error said). */
int cl_parse(int argc, char **argv, cli_opts *o, cl_args *a);

/* Call set of each option given, in order, on settings: false at the
** first that fails. */
bool cl_apply(const cl_args *a, void *settings);

/* The help of hule (cmd NULL) or of one command. */
void cl_help(FILE *f, const cl_cmd *cmd);
/* hule help [COMMAND | --markdown | --man]. */
int cl_help_command(mj_host *h, cli_opts *o, const cl_args *a);

/* The command line's part of the reference page, in Markdown. */
void cl_markdown(FILE *f);

/* The commands, ended by a NULL name. */
extern const cl_cmd cl_commands[];
/* A command by name, or NULL. */
const cl_cmd *cl_find(const char *name);

/* sim's own options (sim.c). */
extern const cl_opt sim_options[];

/* The reference page past the command line (reference.c): the REPL's
   commands and the ruleset language. */
void hule_reference(FILE *f);

#endif
