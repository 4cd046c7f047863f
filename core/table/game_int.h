/*
** game_int.h
** The inside of a hand in play, shared by the files of the state machine
** only, each calling only those below it: turn.c (the bookkeeping and the
** draws), win.c (the wins and their settlement), legal.c (the legal
** actions, who may rob), query.c (what a game shows, what its hooks may
** change), aside.c (the tiles set aside in a turn) and game.c (the start
** of a hand and the acting on each decision).
*/
#ifndef MJ_GAME_INT_H
#define MJ_GAME_INT_H

#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "game.h"
#include "ledger.h"
#include "wall.h"

enum { MAX_DISC = 40, MAX_EVENTS = 512 };

/* One player's side of the table. */
typedef struct seat {
  mj_hand *hand;             /* concealed tiles and declared melds */
  mj_tile flowers[8];        /* flowers set aside, in the order drawn */
  int nflowers;
  mj_tile disc[MAX_DISC];    /* the player's discards, oldest first */
  uint8_t taken[MAX_DISC];   /* 1: that discard was claimed by another */
  uint8_t disc_red[MAX_DISC];  /* 1: that discard was a red five */
  int ndisc;                 /* entries in disc[] (capped at MAX_DISC) */
  int16_t state[MJ_MAX_STATES];   /* the ruleset's states (R.state) */
  bool claimed;        /* this turn began with a chow or pung */
  mj_tileset swap_bar; /* the kinds that turn's discard may not be
                          (swap_calling off) */
  bool kong_draw;      /* the last draw replaced a kong */
  bool out;            /* won and left play (leave_on_win) */
  int8_t wins;         /* wins this hand (several with stay_on_win) */
  bool locked;         /* passed a win: no discard win until his draw */
  bool opened;         /* made an open kong: his hand is fixed */
  bool fixed;          /* made a declaration that fixes the hand (riichi) */
  bool lock_forever;   /* a fixed hand passed a win: locked for the hand */
  uint8_t turn_offer;  /* the in-turn declarations offered since the draw */
  int8_t decl_pending; /* a declaration made with the discard up, whose
                          hook runs once the discard is not won on; -1 */
  uint8_t shown[MJ_KINDS];   /* tiles he shows face up (a declaration's),
                                until his next draw */
  int8_t void_suit;    /* the declared missing suit, -1 none */
  int8_t kong_from;    /* the kong_draw replaced a kong of this seat's
                          discard, -1 */
  mj_tile swap[4];     /* the tiles chosen to pass */
  mj_tile aside[8];    /* the tiles set aside (北抜き), in order */
  int naside;
  uint8_t nswap;
  int ndiscarded;            /* discards made (not capped; 天糊/地糊 need 0) */
  uint8_t dealt[MJ_KINDS];   /* the thirteen or fourteen tiles as dealt */
  mj_tileview v;       /* the concealed tiles for the tables, kept in step */
} seat;

struct mj_game {
  const mj_rules *r;         /* the ruleset (outlives the game) */
  int np;                    /* the seats at the table (tbl.players): seats
                                0..np-1 play, the rest of each array is
                                unused */
  mj_game_cfg cfg;           /* as given; cfg.wall points at given_wall */
  int match_state[MJ_MATCH_STATES];   /* the match's numbers, now */
  mj_table tbl;              /* the ruleset's table rules, copied */
  mj_rng rng;                /* seeded from cfg.seed: the shuffle, the dice */
  mj_wall wall;              /* the tiles left, live end and dead end */
  mj_tile indicator;         /* the tile turned for the wild, or MJ_NO_TILE */
  mj_tile wild_kind;         /* the wild it names (indicator rule), or none */
  mj_tileset wild;           /* every wild kind of this hand */
  int dealer, round;         /* the dealer's seat; the prevailing wind */
  int turn;                  /* the player to move, or whose discard is up */
  mj_phase phase;            /* where the hand is (game.h) */
  seat pl[4];
  mj_tile last_draw;         /* the last tile drawn from the wall */
  bool last_draw_red;        /* ... a red five */
  bool pending_red;          /* the tile on offer is a red five */
  uint8_t meld_own_red;      /* the newest meld: red fives from the hand */
  bool last_draw_wall_last;  /* that draw emptied the wall (海底) */
  mj_tile pending;           /* the discard or kong tile others may claim */
  int pending_from;          /* who put it up */
  bool pending_wall_last;    /* it was the last discard of the wall (河底) */
  unsigned options[4];       /* claim options (bits of mj_act_type) */
  mj_action decision[4];     /* each player's choice in this claim phase */
  unsigned decided;          /* players who decided in this claim phase */
  bool any_claim;            /* some discard has been claimed this hand */
  mj_tile given_wall[MJ_WALL_MAX]; /* a copy of cfg.wall: the caller's may go */
  uint8_t given_red[MJ_WALL_MAX];  /* ... and of cfg.wall_red */
  int ndiscards;             /* discards by everyone this hand */
  bool drawn;                /* the hand ended with the wall empty */
  int nwin;                  /* wins so far (several on one discard) */
  int winners[MJ_MAX_WINS];  /* their seats, in the order they won */
  int payer;                 /* who pays: the discarder, -1 for a self-draw */
  mj_score *results[MJ_MAX_WINS];   /* each win's score, in order */
  mj_hand *win_hands[MJ_MAX_WINS];  /* each win's hand with its context */
  mj_ledger led;             /* every payment, the sums, the scores */
  mj_hand *scratch;          /* for the win checks of the legal actions */
  mj_score *scratch_score;   /* their scores */
  mj_event *ev;              /* what happened, in order (the log) */
  int nev, evcap;
  mj_action *act;            /* every decision taken, in order (for replay) */
  int nact, actcap;
  mj_error *fault;           /* a ruleset function failed: the hand stops
                                (written through const: found by a query) */
  int dice;                  /* the dice sum of the hand */
  int swap_off;              /* 换三张: the offset the tiles went by */
  bool pending_kong;         /* the discard up follows its player's kong */
  bool rob_concealed;        /* the kong offered to robbers is concealed
                                (thirteen orphans may rob it) */
  bool rob_aside;            /* the rob phase is of a tile set aside */
  int flower_rob;            /* 七搶一: the seat whose draw stopped on the
                                eighth flower while another holds seven
                                (-1: none); game.c settles it */
  int rob_discarder;         /* robbing an exposed kong: whose discard the
                                kong claimed (-1: an added kong) */
  int offer_left;            /* OFFER: players still to be offered the
                                last tile (g->turn is the one now) */
  bool must_win;             /* the last tile taken wins: only the win */
  bool win_only;             /* the tile up may be claimed by a win only */
  bool opening;              /* the kong being made is an open one */
  int open_player;           /* whose open kong's tiles are up */
  int nopen;                 /* those tiles (0: none up) */
  mj_tile open_tiles[4];
  unsigned open_wins;        /* OPEN: bit i, open_tiles[i] wins for him */
  uint8_t open_claim[4];     /* their claims: bit i, q may win on tile i */
  mj_tile open_queue[4];     /* open_claim_melds: the tiles still to be
                                offered as discards, in order */
  int open_queued;
  int decl_seat;             /* DECLARE: whose offer it is */
  int decl_left;             /* seats still to be offered, his included */
  unsigned decl_offer;       /* the declarations offered him (bits) */
  bool any_turn_decl;        /* the ruleset has in-turn declarations */
  bool abort_req;            /* a hook called the hand off (g:abort): it
                                ends at the next point it can */
  int abort_reason;          /* its name, a ledger reason */
  int abort_by;              /* the seat it names, -1 */
  unsigned decl_done[4];     /* the declarations each has made (bits) */
  int in_hook;               /* a flow hook of this game is running */
  bool looking;              /* it is a test (can_declare): it changes
                                nothing */
  int hook_dealer;           /* the next dealer the hook named, -1 */
  int nind;                  /* indicators turned (table rule indicators) */
  mj_tile ind[5], ura[5];    /* the indicators set aside, and under them */
  bool ind_due;              /* a kong's indicator waits for a discard */
};


void mjg_turn_offers(mj_game *g, int p);
bool mjg_hand_take(mj_game *g, int p, mj_tile t, bool red);
void mjg_end_aborted(mj_game *g);

static inline bool faulted(const mj_game *g)
{
  return g->fault != NULL && g->fault->msg[0] != '\0';
}

static inline bool active(const mj_game *g, int p)
{
  return p >= 0 && p < g->np && !g->pl[p].out;
}

/* The seat k places after p in turn order (-np < k). */
static inline int seat_after(const mj_game *g, int p, int k)
{
  return (p + k + g->np) % g->np;
}

/* p holds a tile of his missing suit (concealed: melds of it cannot be
   made). */
static inline bool holds_void(const mj_game *g, int p)
{
  int v = g->pl[p].void_suit;
  if (v < 0)
    return false;
  const uint8_t *c = mj_hand_counts(g->pl[p].hand);
  for (int t = v * 9; t < v * 9 + 9; t++)
    if (c[t])
      return true;
  return false;
}

static inline bool in_void(const mj_game *g, int p, mj_tile t)
{
  int v = g->pl[p].void_suit;
  return v >= 0 && t < MJ_HONOR_FIRST && t / 9 == v;
}

static inline bool is_wild(const mj_game *g, mj_tile t)
{
  return t < MJ_KINDS && (g->wild & MJ_BIT(t)) != 0;
}

/* The tiles left to play: the wall less the reserve kept back (买马). */
static inline int live_left(const mj_game *g)
{
  int n = mj_wall_left(&g->wall) - g->tbl.reserve;
  return n > 0 ? n : 0;
}

/* turn.c: the bookkeeping, the hands' tiles, the hooks and the draws
   (each as described where it is defined) */
void mjg_event(mj_game *g, int type, int player, mj_tile tile, int from,
               int repl);
void mjg_note_fault(const mj_game *g, const mj_error *e);
int mjg_next_active(const mj_game *g, int p);
int mjg_nactive(const mj_game *g);
void mjg_hand_remove(mj_game *g, int p, mj_tile t);
void mjg_run_hook(mj_game *g, const mj_flow_ev *ev, int *answer);
void mjg_end_hand(mj_game *g);
bool mjg_draw(mj_game *g, int p, bool from_tail, bool kong);
bool mjg_next_draw(mj_game *g, int p);
void mjg_end_drawn(mj_game *g);   /* the wall is done: a drawn hand */
void mjg_record(mj_game *g, const mj_action *a);
void mjg_hand_add(mj_game *g, int p, mj_tile t);
void mjg_hand_meld(mj_game *g, int p, mj_meld m, int replace);
void mjg_seat_hook(mj_game *g, int hook, int p, mj_tile t);
void mjg_end_turn_states(mj_game *g, int p);
void mjg_enter_turn(mj_game *g, int p, bool claimed);
void mjg_turn_indicator(mj_game *g);   /* the next dora indicator */

/* win.c: the wins */
bool mjg_state_opens(const mj_game *g, int p, mj_tile t);
mj_ctx *mjg_win_ctx(const mj_game *g, int p, mj_hand *hand, mj_tile t);
void mjg_ctx_indicators(const mj_game *g, mj_ctx *c);
bool mjg_check_win(const mj_game *g, int p, mj_tile t, unsigned flags,
                   mj_hand *hand, mj_score *s, mj_error *err);
unsigned mjg_self_flags(const mj_game *g, int p);
unsigned mjg_claim_flags(const mj_game *g);
bool mjg_can_win_self(const mj_game *g, int p);
bool mjg_can_win_on(const mj_game *g, int p, mj_tile t, unsigned flags);
/* The flags of a win in the rob phase: robbing a kong, or none on a tile
   set aside. */
unsigned mjg_claim_flags_rob(const mj_game *g);
/* 振聴 (table rule furiten): a tile p's hand waits on is among p's own
   discards. */
bool mjg_furiten(const mj_game *g, int p);
/* No win on a discard for p now: passed one (locked), or furiten. */
bool mjg_barred(const mj_game *g, int p);
void mjg_finish(mj_game *g, const int *w, int n, int payer, mj_tile t,
                unsigned flags);
void mjg_finish_tiles(mj_game *g, const int *w, const mj_tile *tiles, int n,
                      int payer, unsigned flags);

/* legal.c: what the acting checks of the legal actions */
bool mjg_kong_allowed(const mj_game *g, int p);
/* May p's claim of type (a chow's lowest tile low) on the pending tile
   take his red five where he could give a plain one (both are held)?
   Such a claim is listed twice, the second with red set. */
bool mjg_claim_red_choice(const mj_game *g, int p, int type, mj_tile low);
/* The kinds a discard after a call of type (a chow's lowest tile low) on
   t may not be when swap calling is off: t, and a chow's other end. */
mj_tileset mjg_swap_bar(const mj_game *g, int type, mj_tile low, mj_tile t);
/* Would p's call of type (low) on t leave him a discard the swap rule
   allows? (Always, with swap_calling.) */
bool mjg_swap_ok(const mj_game *g, int p, int type, mj_tile low, mj_tile t);
/* Is a legal now? The same answer as finding it in mj_game_legal's list,
   without making the list. */
bool mjg_legal_one(const mj_game *g, const mj_action *a);
bool mjg_open_ok(const mj_game *g, int p, mj_tile t, int kind);
bool mjg_hand_fixed(const mj_game *g, int p);
unsigned mjg_claim_options(const mj_game *g, int p, mj_tile t);
/* Offer the others (not the kong's owner p, nor the discarder of its
   tile, or -1) a win by robbing the kong tile t (or, rob_aside, on the
   tile p set aside): the rob phase, true when someone may. */
bool mjg_offer_rob(mj_game *g, int p, mj_tile t, int discarder);

/* aside.c: the tiles set aside in one's turn (北抜き) */
/* p sets aside a tile of declaration k's kind: the others may win on it,
   else p draws its replacement from the tail. A hook that calls the hand
   off (g:abort) leaves it to the caller to end. */
void mjg_set_aside(mj_game *g, int p, int k);
/* Nobody won on the tile set aside: its player's replacement draw. */
void mjg_aside_replace(mj_game *g);
/* The tiles p has set aside of declaration k's kind. */
int mjg_aside_count(const mj_game *g, int p, int k);
/* 七搶一 (table rule flower_rob): the draw of g->flower_rob stopped on
   the eighth flower; the holder of the seven takes it and its replacement
   from the tail and wins, its drawer paying as a discarder; when the
   ruleset does not score that a win, the drawer keeps it and draws on. */
void mjg_rob_flower(mj_game *g);
/* The seat other than p holding seven flowers, -1 if none (turn.c). */
int mjg_seven_flowers(const mj_game *g, int p);

#endif
