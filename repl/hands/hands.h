/*
** hands.h
** One hand through waits, shanten or score (hands.c): the command line's
** hule waits / shanten / score, and the REPL's teaching commands.
*/
#ifndef HULE_HANDS_H
#define HULE_HANDS_H

#include "cli.h"
#include "hand.h"
#include "score.h"

/* Each returns the process exit status. argv[0] is the command name. */
int cli_waits(mj_host *h, const cli_opts *o, int argc, char **argv);
int cli_shanten(mj_host *h, const cli_opts *o, int argc, char **argv);
int cli_score(mj_host *h, const cli_opts *o, int argc, char **argv);

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

#endif
