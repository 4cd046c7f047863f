/*
** replay.h
** The event log of a hand as JSON Lines: the replay and the save file.
** Line 1 is a header (ruleset, seed, seats); then, in order, every
** decision ("act") and every event it caused ("ev"); the last line is the
** hand's end or a save mark. Reading a log replays the decisions and
** checks each logged event against the engine's, so an edited or
** truncated log is refused with the line and the reason.
*/
#ifndef MJ_REPLAY_H
#define MJ_REPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"
#include "game.h"

enum { MJ_REPLAY_MAX_BYTES = 16 << 20 };

typedef struct mj_logged_event {
  mj_event ev;
  int line;
} mj_logged_event;

typedef struct mj_replay {
  char ruleset[64];
  char version[32];
  char options[256];
  char digest[24];         /* of the ruleset's source ("" in older logs) */
  char *text;              /* the log as read, for mj_replay_check */
  size_t len;
  char players[4][320];
  int np;                  /* the seats its header names (2..4) */
  mj_game_cfg cfg;
  mj_tile wall[MJ_WALL_MAX];
  uint8_t wall_red[MJ_WALL_MAX];   /* its red fives ("red") */
  int nact;
  mj_action *acts;
  int *act_lines;
  int nev;
  mj_logged_event *evs;
  bool over, saved;
  int lines;
} mj_replay;

/*
** Write the log of g as JSON Lines into a malloc'd string (caller frees).
** players names the four seats (may be NULL); options are the ruleset
** options the game used; saved marks a game saved before its end.
*/
char *mj_replay_write(const mj_game *g, const char *const players[4],
                      const char *options, const char *digest, bool saved);

/* Parse a log (checks its form only). */
mj_status mj_replay_parse(const char *text, size_t len, mj_replay *out,
                          mj_error *err);
void mj_replay_free(mj_replay *rp);

/*
** The game after the first upto decisions (upto < 0: all), each logged
** event checked against the engine's. r must be the log's ruleset.
*/
mj_game *mj_replay_build(const mj_replay *rp, const mj_rules *r, int upto,
                         mj_error *err);

/*
** Verify everything the log states: the whole game is replayed under r
** and written again, and every line of the log must say what the game
** says (the deal, each decision and event, each win with its hand, total
** and fans, the end with payments and scores; none missing, none added).
** digest (may be NULL) is that of r's source: a log made under other
** rules is refused naming both. The first difference is the error.
*/
mj_status mj_replay_check(const mj_replay *rp, const mj_rules *r,
                          const char *digest, mj_error *err);

#endif
