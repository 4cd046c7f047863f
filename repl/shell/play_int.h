/*
** play_int.h
** The REPL's game inside, shared by play.c (dealing, the table, your
** decisions) and play_log.c (saving, opening, replaying, reviewing).
*/
#ifndef HULE_PLAY_INT_H
#define HULE_PLAY_INT_H

#include "game.h"
#include "i18n.h"
#include "match.h"
#include "repl.h"
#include "match_file.h"
#include "replay.h"

enum { YOU = 0 };

/* A finished hand in the match table. */
typedef struct match_row {
  int hand, dealer, round;
  int nw, winners[MJ_MAX_WINS], totals[MJ_MAX_WINS];
  char fans[MJ_MAX_WINS][96];
  int pay[4], scores[4];
} match_row;

struct play {
  mj_game *g;
  mj_host *host;
  const mj_rules *rs;  /* held (mj_host_hold) while the play lasts */
  char options[256];
  mj_bot *bots[4];
  uint64_t seed;
  mj_match match;      /* the hands so far, dealer, wind and scores */
  int shown;           /* events already printed */
  bool replaying;      /* stepping through a saved game */
  mj_replay rp;
  int pos;             /* decisions applied, while replaying */
  int view_seat;       /* replaying an unfinished hand: the one seat whose
                          tiles are shown (-1: a finished hand, all) */
  int noted;           /* event count when a short win was last looked at */
  int saved_n;         /* decisions when last saved or opened (0: never) */
  char notes[1024];    /* said after the events: wins below the minimum */
  /* the match's hands before this one: their logs (playing; replaying,
     every hand of the file) and their rows of the match table */
  char **past;
  int npast;
  match_row *rows;
  int nrows;
  int cur;             /* replaying: the hand shown, an index in past */
  bool kept;           /* the hand in play is among rows (its end seen) */
};

/* The seats as the table names them, and the winds. */
extern const char *const play_names[4];
/* The seats at the table of the hand on the screen (set where it is
   dealt or loaded). */
extern int play_seats;
/* Seat q's name as the table says it, in the language chosen: Right is
   the next in turn, Left the one before (three seats: no Across). */
#define play_name(q) _(play_names[mj_seat_rel(play_seats, (q))])
extern const char *const play_winds[4];

/* play.c: the table shown, the events since last shown, the end of a
   hand; bots decide until you must; a new game; the next hand. */
void play_show_table(repl *r, play *p);
/* play_table.c: a win that does not end the hand, shown at once. */
void play_show_win_now(repl *r, play *p, int ev);
void play_show_events(repl *r, play *p);
void play_show_end(repl *r, play *p);
void play_advance(repl *r, play *p, bool bot_for_you);
play *play_new(mj_host *host, const mj_rules *rs, const char *const kinds[4],
               uint64_t seed, mj_error *err);
int play_next_hand(repl *r, play *p);

/* play_log.c: the commands of saved games */
int play_c_save(repl *r, int argc, char **argv, const char *rest);
int play_c_open(repl *r, int argc, char **argv, const char *rest);
int play_c_replay(repl *r, int argc, char **argv, const char *rest);
int play_c_next(repl *r, int argc, char **argv, const char *rest);
int play_c_prev(repl *r, int argc, char **argv, const char *rest);
int play_c_goto(repl *r, int argc, char **argv, const char *rest);
int play_c_review(repl *r, int argc, char **argv, const char *rest);
/* Read and verify a log in full (every hand of a match, each following
   from the one before): its hands' texts (n of them, freed by
   play_free_texts), the last hand parsed into rp, its ruleset held in
   *rs. On an error, said through r, nothing is left loaded: 1. */
int play_read_log(repl *r, const char *path, mj_replay *rp,
                  const mj_rules **rs, char ***texts, int *n);
void play_free_texts(char **t, int n);

/* match_log.c: the hands of a match. match_hand_log: the log of the
   hand in play (malloc'd); match_keep_hand: the finished hand kept
   (its log and row), -1 out of memory; match_log_text: the logs kept
   and current, one after another (malloc'd); match_rows_of: the rows of the
   finished hands among texts; match_show: the match table (current:
   the hand in play, shown when finished and not yet kept);
   match_clear: frees past and rows. */
char *match_hand_log(play *p);
int match_keep_hand(play *p);
char *match_log_text(play *p, const char *current);
int match_rows_of(play *p, char **texts, int n, mj_error *err);
void match_show(const play *p, const mj_game *current);
/* The places of a match over, first to last, with their results where
   the table counts them (riichi: +55.3). */
void match_standings(const mj_rules *rs, const mj_match *m);
void match_clear(play *p);
int play_c_match(repl *r, int argc, char **argv, const char *rest);

#endif
