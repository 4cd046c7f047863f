/*
** pages.h
** Pictures of games and runs: the viewer's web page (view.c) and the
** charts of a sim's statistics (plot.c).
*/
#ifndef HULE_PAGES_H
#define HULE_PAGES_H

#include <stddef.h>

#include "error.h"
#include "rules.h"

/* What a page holds: its bytes, its steps, the hands shown from their
   saver's seat (saved before their end). */
typedef struct view_counts {
  size_t len;
  int steps, open_hands;
} view_counts;

/* The page of a log's hands (texts, nt of them, read and checked), seen
   from seat want (-1: every seat; a hand saved before its end shows its
   saver's tiles only): malloc'd, with its counts in c; NULL and err. */
char *view_page(const mj_rules *rs, char **texts, int nt, int want,
                const char *file, view_counts *c, mj_error *err);
/* The seat the word seat= names (E, S, W, N: the player at that wind in
   the log's first hand; all or NULL: -1); -2 when it names none. */
int view_seat(const char *first_hand, const char *seat);

/* The run in the n files as SVG charts (svg) and their numbers as CSV
   (csv), either may be NULL (plot.c); the exit status. */
int stats_plot(int n, char **files, const char *svg, const char *csv);

#endif
