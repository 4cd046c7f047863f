/*
** match_file.h
** hule's own match logs, as files (match_file.c).
*/
#ifndef HULE_MATCH_FILE_H
#define HULE_MATCH_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"
#include "game.h"
#include "match.h"
#include "replay.h"
#include "rules.h"

/* A file's text cut into its hands' logs (malloc'd, each and the list),
   their number; -1 and err when memory fails. */
int match_split(const char *text, size_t len, char ***out, mj_error *err);
/* Where a match log's last line, the placement of a match over, begins
   (len: it has none; match_split leaves it out). */
size_t match_tail(const char *text, size_t len);
/* That line for m (malloc'd), NULL while m goes on: {"placement":[places
   by seat, 1 first],"scores":[...],"result":[as the table counts it]}. */
char *match_placement_line(const mj_rules *rs, const mj_match *m);
/* Does the table count a placement's result (riichi's return, oka and
   uma), or only the places? */
bool match_counts_result(const mj_rules *rs);
/* Does hand k (next) follow from the hand before it (prev, finished) as
   a match deals? err says where it does not. */
mj_status match_chain(const mj_rules *rs, const mj_game *prev,
                      const mj_replay *next, int k, mj_error *err);

#endif
