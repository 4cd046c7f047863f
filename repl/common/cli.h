/*
** cli.h
** The one-shot commands: hule waits, shanten, score, sim, stats, run
** (cmdline.c reads the command line).
*/
#ifndef HULE_CLI_H
#define HULE_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hand.h"
#include "score.h"

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

/* Each returns the process exit status. argv[0] is the command name. */
int cli_waits(mj_host *h, const cli_opts *o, int argc, char **argv);
int cli_shanten(mj_host *h, const cli_opts *o, int argc, char **argv);
int cli_score(mj_host *h, const cli_opts *o, int argc, char **argv);
struct cl_args;
int cli_sim(mj_host *h, cli_opts *o, const struct cl_args *a);
int cli_stats(mj_host *h, const cli_opts *o, int argc, char **argv);
/* hule import FILE [--out FILE]: a tenhou.net/6 log replayed and checked
   round by round (repl/import.c). */
int cli_import(mj_host *h, const cli_opts *o, const char *path,
               const char *out);
/* Memory for a JSON tree whose nodes are never freed one by one: taken
   in blocks, all given back by mjai_arena_drop (all: the blocks too, else
   the first is kept, emptied). Zero-initialised is empty. */
typedef struct mjai_arena { struct mjai_block *head; } mjai_arena;
void *mjai_arena_alloc(mjai_arena *a, size_t n);
void mjai_arena_drop(mjai_arena *a, bool all);
/* text parsed by cJSON into a (NULL where it fails); the tree goes with a
   alone: its nodes are never for cJSON_Delete. */
struct cJSON *mjai_arena_parse(mjai_arena *a, const char *text, size_t len);
/* An mjai log (one event a line) as a tenhou.net/6 log's rounds, in a, for
   hule import (repl/mjai_log.c); NULL (a dropped) and err naming the
   line. */
struct cJSON *mjai_to_tenhou6(const char *text, size_t len, mjai_arena *a,
                              mj_error *err);
/* One line of an mjai log, the tree cJSON_ParseWithLength makes of it (NULL
** where it fails), in memory kept from line to line: valid until
** mjai_line_drop (all: the memory too, else kept for the next line). */
struct cJSON *mjai_parse_line(const char *text, size_t len);
void mjai_line_drop(bool all);
/* hule export --mjai LOG [--out FILE]: a hule riichi log as mjai events
   (repl/export.c). */
int cli_export_mjai(mj_host *h, const char *path, const char *out);
/* hule bot --mjai|--botzone [BOT]: a hule bot as a program of another
   engine's protocol (repl/botserve.c). */
int cli_bot_serve(mj_host *h, cli_opts *o, const struct cl_args *a);
/* The run in the n files as SVG charts (svg) and their numbers as CSV
   (csv), either may be NULL (plot.c); the exit status. */
int stats_plot(int n, char **files, const char *svg, const char *csv);
/* run FILE [ARGS]: argv[1] the file; sandbox: someone else's script. */
int cli_run(mj_host *h, const cli_opts *o, bool sandbox, int argc,
            char **argv);

/* One hand (text) through waits, shanten or score, printed; false (and
** the error printed) when it fails. */
bool cli_do_waits(mj_host *host, const mj_rules *r, const cli_opts *o,
                  mj_hand *h, const char *text, size_t n);
bool cli_do_shanten(mj_host *host, const mj_rules *r, const cli_opts *o,
                    mj_hand *h, const char *text, size_t n);
bool cli_do_score(mj_host *host, const mj_rules *r, const cli_opts *o,
                  mj_hand *h, const char *text, size_t n);

/* The score of h (a ready hand of 13 tiles) won with t, on a discard
** unless its context says self; false when that is no win. */
bool cli_wait_score(const mj_rules *r, const mj_hand *h, mj_tile t,
                    mj_score *s);

/* A decimal number 0..max and nothing else (no sign, space or junk). */
bool cli_parse_count(const char *v, uint64_t max, uint64_t *out);
/* A seed: decimal 0..2^64-1 and nothing else. */
bool cli_parse_seed(const char *v, uint64_t *out);

/* A bot by its spec: a built-in kind ("efficiency", "random"),
   "lua:FILE" (a bot written in Lua) or "cmd:PROGRAM" (a program answering
   each decision within limit_ms, 0: 1000). NULL and err when the kind is
   unknown, the file does not load (file:line) or the program cannot
   start. */
struct mj_bot *cli_bot_new(mj_host *h, const mj_rules *r, const char *spec,
                           uint64_t seed, int limit_ms, mj_error *err);
/* A spec names a kind there is, with a valid setting (a file or a
** program is tried later); if not, err says why. */
bool cli_bot_spec_check(const char *spec, mj_error *err);
/* The program of a bot spoken to as a process (cmd:, mjai:), or NULL. */
const char *cli_bot_program(const char *spec);

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
