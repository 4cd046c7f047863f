/*
** game.h
** One hand of mahjong as a state machine driven by the ruleset: the deal,
** draws, discards, claims with their priority, kongs, robbing a kong,
** flowers, the wild tile, the exhaustive draw, the win and its payments.
** Every decision goes through mj_game_act; the list of decisions replays
** the hand exactly.
*/
#ifndef MJ_GAME_H
#define MJ_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "events.h"
#include "hand.h"
#include "rules.h"
#include "ledger.h"
#include "score.h"
#include "tile.h"
#include "wall.h"

typedef enum mj_act_type {
  MJ_ACT_DISCARD, /* tile: discard it */
  MJ_ACT_WIN,   /* declare a win (on one's draw, a discard or a robbed kong) */
  MJ_ACT_CKONG, /* tile: a concealed kong */
  MJ_ACT_AKONG, /* tile: add it to one's exposed pung */
  MJ_ACT_PASS,  /* let the discard (or the kong) go */
  MJ_ACT_CHI,   /* tile: the lowest tile of the chow made with the discard */
  MJ_ACT_PON,
  MJ_ACT_KONG, /* an exposed kong with the discard */
  MJ_ACT_SWAP, /* tile: one of the tiles to pass before play (换三张) */
  MJ_ACT_QUE,  /* tile: the first tile of the suit declared missing (定缺) */
  MJ_ACT_DECLARE, /* tile: the index of the ruleset's declaration made;
                     in one's turn, the declaration with its discard,
                     MJ_DECL_WITH(k, tile) */
  MJ_ACT_TAKE,  /* take the wall's last tile offered (海底, last_offer) */
  MJ_ACT_OPEN,  /* tile: an open kong of it (开杠, open_kong): concealed,
                   added or, claimed, of the discard */
  MJ_ACT_COUNT
} mj_act_type;

/* A declaration k made with the discard t, as one action's tile (k < 4). */
#define MJ_DECL_WITH(k, t) ((mj_tile)(64 + (t) + 34 * (k)))
#define MJ_DECL_IS_WITH(x) ((x) >= 64 && (x) < 64 + 34 * 4)
#define MJ_DECL_OF(x) (((x) - 64) / 34)
#define MJ_DECL_TILE(x) ((mj_tile)(((x) - 64) % 34))

typedef struct mj_action {
  uint8_t type;
  uint8_t player;
  mj_tile tile;
  uint8_t red;          /* a discard: the red five of tile (0p); a chow
                           or a pung: the meld takes the hand's red five
                           where a plain one could go (both held) */
} mj_action;

typedef enum mj_phase {
  MJ_PHASE_TURN,     /* the player to move has drawn (or claimed) */
  MJ_PHASE_CLAIM,    /* others may claim the discard */
  MJ_PHASE_ROB,      /* others may rob an added kong */
  MJ_PHASE_SWAP,     /* before play: each picks the tiles to pass */
  MJ_PHASE_QUE,      /* before play: each declares his missing suit */
  MJ_PHASE_DECLARE,  /* before play: each in turn may make declarations */
  MJ_PHASE_OFFER,    /* the wall's last tile is offered (last_offer) */
  MJ_PHASE_OPEN,     /* an open kong's tiles are up: may its player win? */
  MJ_PHASE_OVER
} mj_phase;

/* The phase's name as the notation and the bot protocol write it:
** "turn", "claim", "rob", "swap", "que", "declare", "offer", "open",
** "over". */
const char *mj_phase_name(mj_phase ph);

/* The event types (events.h): MJ_EV_DEAL ... */
typedef enum mj_event_type {
#define MJ_EV_ENUM(k, name, words) MJ_EV_##k,
  MJ_EVENTS(MJ_EV_ENUM)
#undef MJ_EV_ENUM
  MJ_EV_COUNT
} mj_event_type;

typedef struct mj_event {
  uint8_t type;
  int8_t player;
  mj_tile tile;
  int8_t from;       /* who the tile came from (claims, wins), -1 */
  uint8_t replacement; /* a draw from the tail (kong, flower) */
  mj_tile claimed;   /* a chow: the discard taken (tile is the meld's
                        lowest); otherwise MJ_NO_TILE */
  uint8_t red;       /* a draw or a discard of a red five (0p); a meld
                        called or declared: the red fives it took from
                        the hand; an added kong: the added tile's */
} mj_event;

typedef struct mj_game mj_game;

/* The ledger of a hand (mj_payment, MJ_MAX_SCORE): ledger.h. */

typedef struct mj_game_cfg {
  uint64_t seed;
  int dealer;              /* seat 0..3 */
  int round;               /* prevailing wind 0..3 */
  const mj_tile *wall;     /* a given wall, head first (NULL: shuffle) */
  int wall_n;
  const uint8_t *wall_red; /* its red fives, a flag a tile (NULL: the
                              first of each suit's 5s, as the table says) */
  int dice;                /* dice sum for the wild indicator (0: roll) */
  int scores[4];           /* scores at the start */
  int hand;                /* its number in a match, 1 first (0: none) */
  int streak;              /* the dealer's wins in a row before it (节节高) */
  int honba;               /* the hand's counter (本場): hands drawn or kept
                              by the dealer since the deal last moved */
  int pot;                 /* on the table at the start (riichi's sticks) */
  int match_state[MJ_MATCH_STATES];   /* the ruleset's match numbers at the
                                         start (R.match_state), 0..30000 */
} mj_game_cfg;

/* A new hand, dealt. The ruleset must outlive the game. */
mj_game *mj_game_new(const mj_rules *r, const mj_game_cfg *cfg, mj_error *err);
void mj_game_free(mj_game *g);
mj_game *mj_game_clone(const mj_game *g);

const mj_rules *mj_game_rules(const mj_game *g);
const mj_game_cfg *mj_game_config(const mj_game *g);
/* The match numbers as the hand has them now (its hooks may set them),
   MJ_MATCH_STATES of them; set one (0..MJ_MATCH_STATE_MAX). */
const int *mj_game_match_state(const mj_game *g);
mj_status mj_game_set_match_state(mj_game *g, int k, int v, mj_error *err);
mj_phase mj_game_phase(const mj_game *g);
int mj_game_turn(const mj_game *g);        /* the player to move (TURN) */
int mj_game_dealer(const mj_game *g);
int mj_game_round(const mj_game *g);
int mj_game_seat_wind(const mj_game *g, int player);   /* 0 = East */
/* The seats at the table (the table rule players, 2..MJ_SEATS): seats
   0..n-1 play. */
int mj_game_players(const mj_game *g);
/* How a table of n seats names the seat d places after one's own in
   turn order, as an index of { self, next (right), across, previous
   (left) }: of three seats the second after is the previous; of two the
   other is across. */
int mj_seat_rel(int n, int d);

/* Bit p set: player p must decide now. */
unsigned mj_game_waiting(const mj_game *g);

/* The most legal actions a player can have at one decision: the
   discards (at most 14 kinds), kongs, a win and the claims; the size of
   every list given to mj_game_legal. */
enum { MJ_MAX_LEGAL = 64 };

/* The legal actions of player p now (none when p need not decide). */
int mj_game_legal(const mj_game *g, int p, mj_action *out, int max);

/*
** Apply one decision. An illegal action is refused with a reason (a win
** below the ruleset's minimum: the breakdown). In the claim phases each
** deciding player acts once; the claims are resolved when all have.
*/
mj_status mj_game_act(mj_game *g, const mj_action *a, mj_error *err);

/*
** A new game from cfg with acts[0..n) played in order: the one way to
** replay a prefix (logs, undo, the event boundaries of a saved log).
** step, when not NULL, sees the game before each action i and once more
** after the last (i == n); a nonzero return stops the replay there and
** the game so far is returned. An action the engine refuses fails the
** whole replay: NULL, *failed (when not NULL) = its index, err the reason.
*/
typedef int (*mj_replay_step)(void *ud, int i, const mj_game *g);
mj_game *mj_game_replay(const mj_rules *r, const mj_game_cfg *cfg,
                        const mj_action *acts, int n, mj_replay_step step,
                        void *ud, int *failed, mj_error *err);

/* Why p cannot win now, as err's message ("no win: 5 fan: 平和 2, ...
   — 3 short of 8", "no win: not a winning hand"); returns MJ_ESTATE. */
mj_status mj_game_why_no_win(const mj_game *g, int p, mj_error *err);

/* What a win by p now would score (for the REPL's false-win message). */
mj_status mj_game_try_win(const mj_game *g, int p, mj_hand *hand, mj_score *s,
                          mj_error *err);

/* What each player holds and shows. */
const mj_hand *mj_game_hand(const mj_game *g, int p);
int mj_game_discards(const mj_game *g, int p, const mj_tile **tiles,
                     const uint8_t **taken);
int mj_game_flowers(const mj_game *g, int p, const mj_tile **tiles);
int mj_game_wall_left(const mj_game *g);
mj_tile mj_game_last_draw(const mj_game *g);            /* the mover's draw */
bool mj_game_last_draw_red(const mj_game *g);           /* ... a red five */
/* The tile p drew to begin the turn now in play, MJ_NO_TILE when it is
   not p's turn or the turn began with a claim (what p may be told). */
mj_tile mj_game_own_draw(const mj_game *g, int p);
mj_tile mj_game_pending(const mj_game *g, int *from); /* discard or kong tile */
mj_tile mj_game_indicator(const mj_game *g);           /* MJ_NO_TILE if none */
/* The dora indicators turned so far (table rule indicators) into out[5];
   how many. */
int mj_game_dora_indicators(const mj_game *g, mj_tile out[5]);
mj_tileset mj_game_wild(const mj_game *g);
/* Player p's state i of the ruleset's own (mj_table.states). */
int mj_game_state(const mj_game *g, int p, int i);
/* The index of the ruleset's state named name, or the one feeding the
   token of index token (name NULL); -1 when it has none. */
int mj_game_state_find(const mj_game *g, const char *name, int token);
/* Tiles player p sees outside his own hand: discards, melds, the
** indicator (counts by kind). */
void mj_game_visible(const mj_game *g, int p, uint8_t counts[MJ_KINDS]);

/* The end. */
/* The error of the ruleset's own code (a fan's test, the settlement) that
** stopped the hand, NULL if none: the hand is then over, no action is
** taken, and nothing was paid for the win it stopped. */
const char *mj_game_fault(const mj_game *g);
/* A caller that scored a hand of g's (a bot weighing a wait) reports the
** ruleset's failure here: the hand stops with it. */
void mj_game_note_fault(const mj_game *g, const mj_error *e);
bool mj_game_over(const mj_game *g);
bool mj_game_drawn(const mj_game *g);                /* exhaustive draw */
/* The wins so far, their seats in order (a seat may win again with
   stay_on_win); at most MJ_MAX_WINS, the hand ends at the last. */
enum { MJ_MAX_WINS = 32 };
int mj_game_winners(const mj_game *g, int out[MJ_MAX_WINS]);
/* The wins of seat p this hand. */
int mj_game_wins(const mj_game *g, int p);
const mj_score *mj_game_result(const mj_game *g, int k);   /* of winner k */
const mj_hand *mj_game_win_hand(const mj_game *g, int k);
int mj_game_payer(const mj_game *g);                 /* -1 for a self-draw */
void mj_game_payments(const mj_game *g, int pay[4]);
/* The ledger, in order; its length. */
int mj_game_ledger(const mj_game *g, const mj_payment **out);
const char *mj_game_reason(const mj_game *g, int reason);   /* "win" ... */

/* {====================================================================
** What flow hooks may do (only while a hook of this game runs: else
** MJ_ESTATE). Each change goes into the ledger, so the hand stays
** zero-sum and replays exactly.
** ===================================================================== */
/* A payment; its index in the ledger into *index. */
mj_status mj_game_pay(mj_game *g, int payer, int payee, int amount,
                      const char *reason, int *index, mj_error *err);
/* Entry i's money moves from its payee to seat to (呼叫转移), or goes
   back to its payer (退税): a new entry, and i marked. */
mj_status mj_game_transfer(mj_game *g, int i, int to, const char *reason,
                           mj_error *err);
mj_status mj_game_refund(mj_game *g, int i, const char *reason,
                         mj_error *err);
bool mj_game_in_hook(const mj_game *g);
/* Turn up to n tiles from the head of the wall (the reserve first kept
   for it: 买马), face up for all: each an event; into out, *got. */
mj_status mj_game_turn_tiles(mj_game *g, int n, mj_tile *out, int *got,
                             mj_error *err);
/* The k-th tile turned this hand (0 first) names seat p (a horse's
   seat): its event says so, for all to see. */
mj_status mj_game_turned_for(mj_game *g, int k, int p, mj_error *err);
/* p shows tiles[0..n) of his concealed hand face up to all until his
   next draw (a declaration's tiles: 起手胡). */
mj_status mj_game_show(mj_game *g, int p, const mj_tile *tiles, int n,
                       mj_error *err);
/* The tiles p shows now (counts by kind). */
void mj_game_shown(const mj_game *g, int p, uint8_t counts[MJ_KINDS]);
/* A hook calls the hand off, drawn (an abortive draw: 九種九牌, 四風連打,
   四家立直), named name (a payment reason's rules), caused by seat by
   (-1 none): from an in-turn declaration's hook at once, else once the
   discard now up is not won on (before any meld on it). */
mj_status mj_game_abort(mj_game *g, int by, const char *name, mj_error *err);
/* Set p's state i (mj_table.states) to v (0..30000). */
mj_status mj_game_set_state(mj_game *g, int p, int i, int v, mj_error *err);

/* Still in play (not left after a win). */
bool mj_game_active(const mj_game *g, int p);
/* p's missing suit (0 m, 1 p, 2 s), -1 none declared; viewer -1 sees all,
   a player sees another's only once all have declared. */
int mj_game_void_suit(const mj_game *g, int p, int viewer);
/* p holds a tile of his missing suit (花猪 at the end). */
bool mj_game_holds_void(const mj_game *g, int p);
/* The best total p could win on a discard now over every completing tile
   kind (pattern and hand add-ons only, no situational flag), 0: not
   ready. Seen copies are ignored. */
int mj_game_best_win(const mj_game *g, int p, mj_tile *best);
/* Fill hand's context for a plain discard win by p with t, as the game
   would: winds, flowers, wilds, sets aside, p's own states, indicators. */
void mj_game_win_context(const mj_game *g, int p, mj_hand *hand, mj_tile t);
/* The dice sum of the hand (the indicator, the pass of 换三张). */
int mj_game_dice(const mj_game *g);
/* The seat offset the tiles were passed by (0: no pass yet). */
int mj_game_swap_offset(const mj_game *g);
/* The tiles p chose to pass (hidden from the others), n. */
int mj_game_swap_tiles(const mj_game *g, int p, const mj_tile **tiles);
void mj_game_scores(const mj_game *g, int scores[4]);
/* The kinds p's hand (3n+1 tiles) wins on by its shape, none of which
   it holds four of (its waits: 聴牌 when any); 0 when not ready. */
mj_tileset mj_game_waits(const mj_game *g, int p);
/* What the pot holds now (riichi's sticks), and the hand's honba. */
int mj_game_pot(const mj_game *g);
int mj_game_honba(const mj_game *g);
/* The next hand's dealer and whether the prevailing wind moves on. */
int mj_game_next_dealer(const mj_game *g);

/*
** What seat p may know now, and nothing more: its own hand and draw, the
** public table (discards, melds with another's concealed kong face
** down, missing suits once revealed, scores). What bots of the user's
** are given (a Lua table, a JSON line), made in this one place.
*/
typedef struct mj_seat_view {
  int seat, wind, round, dealer;   /* seats 0..3, winds 0..3 (E..N) */
  int nplayers;                    /* seats at the table: players[0..n-1] */
  int wall;                        /* tiles left to draw */
  mj_phase phase;
  char hand[160];                  /* own tiles and melds, as text */
  mj_tile draw;                    /* own draw this turn, or MJ_NO_TILE */
  mj_tile tile;                    /* a claim: the tile up, from whom */
  int from;
  mj_tileset wild;
  mj_tile indicator;
  struct {
    int score, tiles;              /* tiles: concealed count */
    int nmelds;
    char melds[4][20];             /* "[555p]", "{concealed kong}" */
    int ndisc;
    const mj_tile *disc;
    int missing;                   /* 0 m, 1 p, 2 s, -1 not known */
    bool active;
    char shown[48];                /* tiles shown face up, "" none */
    char aside[24];                /* tiles set aside (北抜き), "" none */
  } players[4];
} mj_seat_view;
void mj_game_seat_view(const mj_game *g, int p, mj_seat_view *v);

/* A writer of nested records (a Lua table, a JSON object): open starts an
** object or an array under key (NULL: an element of the array it is in,
** or the outermost record), close ends the last one opened. */
typedef struct mj_emit {
  void *ud;
  void (*open)(void *ud, const char *key, bool array);
  void (*close)(void *ud, const char *key);
  void (*str)(void *ud, const char *key, const char *v);
  void (*num)(void *ud, const char *key, long v);
  void (*flag)(void *ud, const char *key, bool v);
} mj_emit;

/* The one serializer of a seat view, as the record key (seatview.c): the
** bots in Lua and the bot programs are given the same fields this way. */
void mj_seat_view_emit(const mj_seat_view *v, const char *key,
                       const mj_emit *e);

/* The tiles an open kong has turned up, while they may be won on (else
   0), and whose kong it is. */
int mj_game_open_tiles(const mj_game *g, const mj_tile **tiles, int *player);

/* Why p is furiten (table rule furiten) now, in words ("3p is among
   your discards", "you passed a win"); "" when he is not. */
size_t mj_game_furiten_text(const mj_game *g, int p, char *buf, size_t cap);

/* The ruleset's declaration k (R.declarations), NULL past the last. */
const mj_decl_def *mj_game_decl(const mj_game *g, int k);
/* The declarations p has made (bit k: mj_game_decl(g, k)). */
unsigned mj_game_declared(const mj_game *g, int p);

/* The tiles p has set aside in his turns (北抜き), in order. */
int mj_game_aside(const mj_game *g, int p, const mj_tile **tiles);

/* The log: events and the decisions that made them. */
int mj_game_nevents(const mj_game *g);
const mj_event *mj_game_event(const mj_game *g, int i);
int mj_game_nactions(const mj_game *g);
const mj_action *mj_game_action(const mj_game *g, int i);
const mj_action *mj_game_actions(const mj_game *g);   /* all, in order */
/* The tiles dealt to p (before flowers were replaced). */
const uint8_t *mj_game_dealt(const mj_game *g, int p);

#endif
