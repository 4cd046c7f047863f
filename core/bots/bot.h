/*
** bot.h
** Computer players behind one small interface: given the game and the
** legal actions of a player, choose one.
*/
#ifndef MJ_BOT_H
#define MJ_BOT_H

#include <stdint.h>

#include "game.h"

typedef struct mj_bot mj_bot;

/* The kinds there are, NULL-terminated: "efficiency", "random",
** "strong". */
const char *const *mj_bot_kinds(void);

/* A new bot of a kind (NULL if the kind is unknown); seed drives its
** random choices, so a game with bots replays exactly. The kind may
** carry a setting: "strong:caution=X" weighs danger X times as shipped
** (0 to 100: 0 never looks at it, 2 twice as much). */
mj_bot *mj_bot_new(const char *kind, uint64_t seed);
/* The same, saying in err what is wrong with the kind. */
mj_bot *mj_bot_make(const char *kind, uint64_t seed, mj_error *err);
void mj_bot_free(mj_bot *b);
const char *mj_bot_kind(const mj_bot *b);

/* A bot of the user's (a Lua file, a program): choose gives the index
** among legal[0..n), or -1 with err set, and then the efficiency bot
** decides instead (counted: mj_bot_failures). free (may be NULL) frees
** ud with the bot. name is kept as given (it must outlive the bot). */
typedef struct mj_bot_ext {
  const char *name;
  void *ud;
  int (*choose)(void *ud, const mj_game *g, int p, const mj_action *legal,
                int n, mj_error *err);
  void (*free)(void *ud);
  /* told that game g, in which it played seat p, is over (may be NULL) */
  void (*over)(void *ud, const mj_game *g, int p);
} mj_bot_ext;
mj_bot *mj_bot_new_ext(const mj_bot_ext *ext, uint64_t seed);
/* The decisions a user's bot failed; the first failure's message. */
int mj_bot_failures(const mj_bot *b, const char **first);

/* Tell b that g, in which it played seat p, is over: a program bot then
** hears the hand's end (mjai's hora or ryukyoku and end_kyoku). */
void mj_bot_game_over(mj_bot *b, const mj_game *g, int p);

/* Index of the chosen action among legal[0..n). */
int mj_bot_choose(mj_bot *b, const mj_game *g, int p, const mj_action *legal,
                  int n);

/* The most decisions one hand takes: a loop over a hand that makes more
** is stuck (the one runaway guard of every loop of bots). */
enum { MJ_MAX_DECISIONS = 10000 };

/* What bot b does as player p now (legal -> choose) into *out; the number
** of legal actions (0: p has nothing to decide, and *out is unset). */
int mj_bot_decide(mj_bot *b, const mj_game *g, int p, mj_action *out);

/* One decision (legal -> choose -> act) of player p by bots[p]. Who
** decides next is the caller's order: mj_bot_play asks every player the
** game waits on in turn, a script or the REPL the first. */
mj_status mj_bot_step(mj_game *g, mj_bot *const bots[4], int p,
                      mj_error *err);

/* Play the game to its end with bots[p] deciding for player p. */
mj_status mj_bot_play(mj_game *g, mj_bot *const bots[4], mj_error *err);

/*
** The efficiency bot's view of each discard: shanten after it, the live
** useful tiles, and the value it gives it (the REPL's hint). Returns how
** many entries (one per distinct tile) were written.
*/
typedef struct mj_discard_eval {
  mj_tile tile;
  int shanten;
  int useful;        /* live useful tiles */
  int value;         /* higher is better */
  int fan;           /* the bot's estimate of the fan the hand can reach */
  const char *target;  /* its largest part ("-": none), named as the
                          ruleset names it by mj_bot_aim_name */
  int wins;          /* ready: the live copies of the waits that make a
                        valid win (the minimum met); else 0 */
  int points;        /* ready: those copies times the points each wins (as
                        a discard win), summed; else 0 */
} mj_discard_eval;

int mj_bot_discards(const mj_game *g, int p, mj_discard_eval *out, int max);
/* What a hand aims at (an evaluation's target) in the ruleset's own
   terms: the first of the part's names the ruleset knows as a fan, that
   fan's name; else the part in words. */
const char *mj_bot_aim_name(const mj_rules *r, const char *part);

/*
** The plan p's hand can follow to the ruleset's minimum (MCR's 8 fan)
** after discarding t (MJ_NO_TILE: the hand as it is, 13 tiles): the
** fans of the cheapest set in reach with the tiles p sees (chow
** patterns, flushes, all pungs, five types, the special shapes and the
** small fans that top them up), their value and the tiles they lack;
** for a ready hand, the fans its best live wait scores as a discard win.
*/
typedef struct mj_plan {
  char text[128];   /* "花龙 + 箭刻", "cannot reach 8: 喜相逢 + ..." */
  int fan;          /* the plan's value complete (ready: the best wait's) */
  int away;         /* tiles it lacks, at least shanten + 1 (ready: 0) */
  bool ready;       /* the hand is ready: text and fan from its waits */
  bool reaches;     /* it reaches the minimum */
} mj_plan;

void mj_bot_plan(const mj_game *g, int p, mj_tile t, mj_plan *out);

/* A claim decision as the bots see it: for the legal action a (pass, a
** chow, a pung or a kong of the discard on offer), the shanten p's hand
** would have after it (after the best discard that follows, *discard;
** MJ_NO_TILE for a pass or a kong) and its useful live tiles. */
int mj_bot_claim_view(const mj_game *g, int p, const mj_action *a,
                      mj_tile *discard, int *useful);

/*
** Why discarding t is safer than discarding u for p, in words, as the
** strong bot judges it ("3 of it in sight; Right threw it; Across looks
** ready: 3 melds"); names are the seats' (as mj_event_print's). Empty
** when t is not safer.
*/
/*
** Why discarding t rather than u wins more for p, as the strong bot
** judges it: both leaving the hand ready, by the points its waits win
** ("ready either way: 4 live tiles win 32 points on average, against 6
** winning 9 with 4p"); t leaving it a tile from ready and u as far or
** ready with no valid win (a minimum to reach), by the draws that make a
** valid win ("a tile from ready: 14 live draws make it ready with a
** valid win, 12 points on average, against 6 (9 points) with 4p").
** Empty otherwise, or when t's are not worth more.
*/
size_t mj_bot_why_richer(const mj_game *g, int p, mj_tile t, mj_tile u,
                         char *buf, size_t cap);

size_t mj_bot_why_safer(const mj_game *g, int p, mj_tile t, mj_tile u,
                        const char *const names[4], char *buf, size_t cap);

/*
** How likely discarding t now deals in, as the strong bot reads the table
** from p's seat: the chance, summed over the others in play, that t
** completes that player's hand for a win (a logistic model of what the
** table shows: melds, discards, the wall, the tile's kind and copies in
** sight, what the player threw and let go). Reads nothing p may not see.
*/
double mj_bot_deal_in(const mj_game *g, int p, mj_tile t);

/* The model's inputs for "t completes q's hand", as p sees the table,
** into x[0..cap); returns their number (for tests/danger_data.c, which
** writes the cases the model is fitted on). */
int mj_bot_danger_features(const mj_game *g, int p, int q, mj_tile t,
                           float *x, int cap);

#endif
