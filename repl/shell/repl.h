/*
** repl.h
** The interactive shell: its state, the command table and the helpers
** the command files share (output, errors, tiles on the terminal).
*/
#ifndef HULE_REPL_H
#define HULE_REPL_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "host.h"
#include "tile.h"

typedef struct play play;     /* a game against bots, or a replay (play.c) */

typedef struct repl {
  mj_host *host;
  cli_opts *o;
  bool interactive;           /* stdin and stdout are terminals */
  bool glyphs;                /* tiles as Unicode glyphs */
  bool both;                  /* ... each followed by its notation */
  bool color;                 /* ANSI colours */
  int failures;               /* commands that failed (piped sessions) */
  play *play;
  /* a quiz waiting for its answer */
  int quiz_kind;              /* 0 none, 1 waits, 2 total */
  char quiz_hand[128];
  unsigned long quiz_seed;
  int quiz_asked, quiz_right;
  char last_hand[512];         /* the hand explain shows without arguments */
  bool coach;                  /* the tutorial's hand: a hint each decision */
  /* Lua typed in over several lines */
  char *lua_buf;
  size_t lua_len;
} repl;

/* Handlers return 0 (ok), 1 (error, already reported) or 2 (quit). */
typedef int (*repl_fn)(repl *r, int argc, char **argv, const char *rest);

enum { ARG_NONE, ARG_RULESET, ARG_FAN, ARG_FILE, ARG_TILE, ARG_COMMAND };

typedef struct repl_cmd {
  const char *name;
  const char *args;           /* "HAND CONTEXT" */
  const char *help;           /* one line; more lines after '\n' */
  repl_fn fn;
  int complete;               /* what the first argument completes to */
  const char *group;
} repl_cmd;

/* Set by SIGINT; long commands stop when they see it. */
extern volatile sig_atomic_t repl_interrupted;

/* "Error: ..." on stderr (after flushing stdout); returns 1. */
int repl_error(repl *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* "Usage: ..." for a command; returns 1. */
int repl_usage(repl *r, const char *name);


/* Columns a tile takes as repl_tile_row shows it (colour codes take
   none). */
int repl_tile_width(const repl *r, mj_tile t);

/* A tile as a sentence names it: a coloured glyph, plain notation, or
   in Chinese with text tiles its name (五万). */
const char *repl_tile(const repl *r, mj_tile t, char *buf, size_t cap);
/* A tile as a row of tiles shows it: its glyph, code or both (never a
   name: rows keep to 80 columns). */
const char *repl_tile_row(const repl *r, mj_tile t, char *buf, size_t cap);
/* Tiles in order (sorted when sorted is set), as shown. */
void repl_tiles(const repl *r, FILE *f, const mj_tile *tiles, int n,
                bool sorted);
void repl_counts(const repl *r, FILE *f, const uint8_t counts[MJ_KINDS]);
/* Text in a colour (ANSI code such as "1" bold, "2" dim, "31" red) when
   colours are on. */
void repl_color(const repl *r, FILE *f, const char *code, const char *text);

/* A fan's value as the fan pages say it ("24 fan", "x4", "3 番"). */
void repl_fan_value(const mj_rules *rs, const mj_fan_def *d, char *buf,
                    size_t cap);
/* What differs from ruleset a to b, in words, labelled an and bn; the
   number of differences. */
int repl_diff(FILE *f, const mj_rules *a, const char *an, const mj_rules *b,
              const char *bn);
/* diff A [NAME=VALUE...] B [NAME=VALUE...], each loaded in a host of its
   own from o's ruleset directories; 0, or 1 with the error said. */
struct cli_opts;
int repl_diff_command(const struct cli_opts *o, int argc, char **argv);

/* The current ruleset (mcr unless another is in use). */
const mj_rules *repl_rules(repl *r);

/* A command's page for "help COMMAND" (help_pages.c): what it does, an
   example, the related commands; NULL when it has none. The table's
   legend for "help table". */
typedef struct repl_help {
  const char *name, *page, *example, *see;
} repl_help;
const repl_help *repl_help_page(const char *name);
extern const char *const repl_table_legend;

/* Text shown a screen at a time on a terminal (Enter: on, q: stop). */
void repl_page(repl *r, const char *text);

/* Every command table, NULL-terminated (shell.c), and the groups help
   lists them by, NULL-name terminated. */
extern const repl_cmd *const repl_tables[];
typedef struct repl_group {
  const char *name, *title;
} repl_group;
extern const repl_group repl_groups[];

/* Command tables of each part, NULL-name terminated. */
extern const repl_cmd repl_teach_cmds[];
extern const repl_cmd repl_author_cmds[];
extern const repl_cmd repl_play_cmds[];
extern const repl_cmd repl_view_cmds[];
extern const repl_cmd repl_tutorial_cmds[];

/* tutorial.c: is a lesson running; an answer (or Enter) to it; the
   lesson freed at the end of the session. */
bool tutorial_active(const repl *r);
int tutorial_answer(repl *r, const char *answer);
void tutorial_done(void);

/* Play: names the play commands complete (tiles of the hand). */
int play_hand_tiles(repl *r, mj_tile *out, int max);
/* The hand the teaching commands take when none is given during a game:
   the hand's win when it is over, else yours (with its context when
   your draw completes it). False when there is no game. */
bool play_hand_text(repl *r, char *buf, size_t cap);
/* In a game: the tiles you see outside your hand (discards, melds, the
   indicator), by kind, which count against the live copies; false when
   there is no game. */
bool play_visible(repl *r, uint8_t counts[MJ_KINDS]);
/* The game's ruleset id (NULL: no game); whether it is a replay. */
const char *play_ruleset_id(const repl *r);
bool play_replaying(const repl *r);
/* A hand in play with decisions not saved. */
bool play_unsaved(const repl *r);
/* Before leaving a hand in play that is not saved: on a terminal, ask
   (true: leave); piped, never ask (true). */
bool repl_confirm_leave(repl *r);
void play_free(play *p);
/* An empty line during a claim decision: pass. Returns -1 when no game
   is waiting for one. */
int play_default(repl *r);

/* Lua typed at the prompt (continued on the next lines when unfinished). */
int repl_lua(repl *r, const char *code);
/* A line that answers the pending quiz. */
int teach_answer(repl *r, const char *answer);


/* Run the REPL; returns the exit status. */
int repl_main(mj_host *host, cli_opts *o);
/* One REPL command from the command line (hule review FILE ...), run
   as if piped; 1 when it failed. */
int repl_command(mj_host *host, cli_opts *o, int argc, char **argv);
/* Run one command line (for the fuzzer and the tests). */
int repl_line(repl *r, const char *line);
void repl_init(repl *r, mj_host *host, cli_opts *o, bool interactive);
void repl_done(repl *r);

#endif
