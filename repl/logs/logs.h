/*
** logs.h
** Other engines' logs, both ways: a tenhou.net/6 or mjai log imported
** (import.c, mjai_log.c), a hule log exported as mjai events (export.c).
*/
#ifndef HULE_LOGS_H
#define HULE_LOGS_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"
#include "error.h"

/* hule import FILE [--out FILE]: a tenhou.net/6 log replayed and checked
   round by round (repl/logs/import.c). */
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
   hule import (repl/logs/mjai_log.c); NULL (a dropped) and err naming the
   line. */
struct cJSON *mjai_to_tenhou6(const char *text, size_t len, mjai_arena *a,
                              mj_error *err);
/* One line of an mjai log, the tree cJSON_ParseWithLength makes of it (NULL
** where it fails), in memory kept from line to line: valid until
** mjai_line_drop (all: the memory too, else kept for the next line). */
struct cJSON *mjai_parse_line(const char *text, size_t len);
void mjai_line_drop(bool all);
/* hule export --mjai LOG [--out FILE]: a hule riichi log as mjai events
   (repl/logs/export.c). */
int cli_export_mjai(mj_host *h, const char *path, const char *out);

#endif
