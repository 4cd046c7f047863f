/*
** play_int.h
** The REPL's game inside, shared by play.c (dealing, the table, your
** decisions) and play_log.c (saving, opening, replaying, reviewing).
*/
#ifndef HULE_PLAY_INT_H
#define HULE_PLAY_INT_H

#include "game.h"
#include "match.h"
#include "repl.h"
#include "replay.h"

enum { YOU = 0 };

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
};

/* The seats as the table names them, and the winds. */
extern const char *const play_names[4];
extern const char *const play_winds[4];

/* play.c: the table shown, the events since last shown, the end of a
   hand; bots decide until you must; a new game; the next hand. */
void play_show_table(repl *r, play *p);
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

#endif
