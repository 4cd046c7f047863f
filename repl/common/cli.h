/*
** cli.h
** What every room of repl/ shares: the command line's settings, the
** ruleset they name, lines read whole, counts and seeds parsed strictly
** (cli.c). The commands themselves are declared in their rooms' headers.
*/
#ifndef HULE_CLI_H
#define HULE_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rules.h"

#include "host.h"

/* Shared settings of the command line. */
typedef struct cli_opts {
  const char *rules_dirs[MJ_HOST_USER_DIRS];
  int ndirs;
  const char *ruleset;     /* --ruleset ID (NULL: mcr) */
  const char *options;     /* --option name=value... */
  bool batch, json, ascii;
  bool echo;               /* a piped REPL prints each command first */
  const char *tiles;       /* --tiles glyph|both|text (NULL: glyph on a
                              terminal, text elsewhere) */
  /* in a game: the tiles the player sees outside his hand (discards,
     melds, the indicator), which count against the live copies */
  const uint8_t *visible;
} cli_opts;

/* A decimal number 0..max and nothing else (no sign, space or junk). */
bool cli_parse_count(const char *v, uint64_t max, uint64_t *out);
/* A seed: decimal 0..2^64-1 and nothing else. */
bool cli_parse_seed(const char *v, uint64_t *out);

/* The ruleset the options name, loaded; prints the error and returns
** NULL on failure. */
const mj_rules *cli_rules(mj_host *h, const cli_opts *o);

/* Read one line of any length from f into *buf (grown as needed, limited
** to max bytes: longer lines are cut and *cut set). Returns the length,
** -1 at the end. */
long cli_getline(FILE *f, char **buf, size_t *cap, size_t max, bool *cut);

/*
** Lines from a file descriptor through a buffer of our own, returned in
** place (no copy): the batch commands read a block at a time. Before it
** waits for more input the reader calls wait (the batch commands flush
** their answers there), so a program driving hule as a coprocess gets
** each answer as soon as no more input is waiting.
*/
typedef struct cli_reader {
  int fd;
  char *buf;
  size_t cap, start, end;
  bool eof;
  char head[256];    /* the start of a line cut for being too long */
} cli_reader;

void cli_reader_init(cli_reader *rd, int fd);
void cli_reader_free(cli_reader *rd);
/* The next line (without its \n or \r\n) into *line, NUL-terminated; its
** length, or -1 at the end. A line longer than max is skipped and *cut
** set (*line then holds its first bytes). */
long cli_reader_line(cli_reader *rd, char **line, size_t max, bool *cut,
                     void (*wait)(void));

#endif
