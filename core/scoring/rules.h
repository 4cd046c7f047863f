/*
** rules.h
** A compiled ruleset: table rules, winning shapes and fan patterns. The
** lua/ layer builds one from a ruleset script; the core only reads it.
** Rule differences are data here, never branches on a ruleset's name.
*/
#ifndef MJ_RULES_H
#define MJ_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "clauses.h"
#include "error.h"
#include "hand.h"
#include "hooks.h"
#include "shape.h"
#include "tile.h"

/* {====================================================================
** Fan patterns
** ===================================================================== */

/* A tile set that may depend on the context (the seat wind...). */
enum { MJ_DYN_SEAT = 1, MJ_DYN_ROUND = 2, MJ_DYN_WILD = 4 };
typedef struct mj_set {
  mj_tileset mask;
  uint8_t dyn;
} mj_set;

/* The clause kinds, from the one list of clauses.h: MJ_C_ALL (every
** tile in set), MJ_C_SUITS (suits present in [lo, hi]), MJ_C_FLAG (a
** context flag lo set, hi = 1, or not)... */
typedef enum mj_clause_kind {
#define MJ_C_ENUM(k, field, arg, yes, no) MJ_C_##k,
  MJ_CLAUSES(MJ_C_ENUM)
#undef MJ_C_ENUM
  MJ_C_COUNT_KINDS
} mj_clause_kind;

/* The wait of a reading. Edge, closed and single are the hand's only
   wait in the other scorings; in parts scoring every reading has its
   own: where its winning tile sits (two-sided, or the pair-into-pung of
   a double pair wait, as well). */
enum { MJ_WAIT_NONE, MJ_WAIT_EDGE, MJ_WAIT_CLOSED, MJ_WAIT_SINGLE,
       MJ_WAIT_SIDES, MJ_WAIT_PUNG, MJ_WAIT_KINDS };

typedef struct mj_clause {
  uint8_t kind;
  int16_t lo, hi;
  mj_set set;
} mj_clause;

/* A member of a meld pattern: chow"a+1", pung(WINDS), pair(5), ... */
enum { MJ_M_CHOW, MJ_M_PUNG, MJ_M_PAIR, MJ_M_MELD };
typedef struct mj_member {
  uint8_t type;
  int8_t var;        /* rank variable (0 = a, 1 = b...), -1 none */
  int8_t off;        /* offset added to the variable */
  int8_t rank;       /* absolute rank 1..9 (chows: first tile), 0 none */
  int8_t suitvar;    /* suit variable, -1 none: equal vars = same suit,
                        different vars = different suits */
  uint8_t has_set;
  mj_set set;
} mj_member;

enum { MJ_MAX_MEMBERS = 5 };
typedef struct mj_pattern {
  uint8_t n;
  uint8_t same_suit, mixed_suits;
  mj_member m[MJ_MAX_MEMBERS];
} mj_pattern;

typedef enum mj_role {
  MJ_ROLE_ADD,       /* points added (sum scoring) */
  MJ_ROLE_BASE,      /* a base value (doubling scoring): the best counts */
  MJ_ROLE_TIMES,     /* value doublings per count */
  MJ_ROLE_FIXED,     /* a fixed total */
  MJ_ROLE_PLUS,      /* added after the doubling, per count (value -1:
                        the doubled base, one more share) */
  MJ_ROLE_LIMIT      /* parts scoring: so many limit hands (役満) */
} mj_role;

typedef enum mj_fan_kind {
  MJ_FK_PLAIN,       /* clauses only: counts once */
  MJ_FK_PER_MELD,    /* one member: counts once per matching meld */
  MJ_FK_COMBO,       /* melds of one type combined: account-once applies */
  MJ_FK_GROUPS,      /* a pattern over the groups (pair included) */
  MJ_FK_COUNT        /* counts as often as a feature says */
} mj_fan_kind;

/* tile_hogs: kinds held four times outside kongs; fours: kongs included */
enum { MJ_COUNT_FLOWERS = 1, MJ_COUNT_TILE_HOGS, MJ_COUNT_FEIBAO,
       MJ_COUNT_FOURS, MJ_COUNT_HORSES, MJ_COUNT_STREAK,
       MJ_COUNT_NIAO, MJ_COUNT_REDS, MJ_COUNT_DORA, MJ_COUNT_URA,
       MJ_COUNT_SEAT_FLOWERS,
       MJ_COUNT_WORD = 32 /* + k: the ruleset's context word k */ };

enum { MJ_MAX_CLAUSES = 16, MJ_MAX_PATTERNS = 4, MJ_MAX_EXCLUDES = 24 };
/* templates of a fan: a pattern and one more tile of each rank (9) */
enum { MJ_MAX_TEMPLATES = 9 };
enum { MJ_MAX_FANS = 512 };      /* fans in one ruleset */

/* What a ruleset script declares for one fan. Strings are copied. */
enum { MJ_MAX_ALIASES = 8 };

typedef struct mj_fan_def {
  const char *id;           /* rule-book name, the fan's id */
  const char *en;
  const char *desc;
  const char *example;      /* "HAND CONTEXT" */
  const char *aliases[MJ_MAX_ALIASES];   /* other accepted names
                                           (traditional, pinyin...) */
  int value;                /* points, base, doublings or fixed total */
  int open;                 /* parts scoring: the value with a meld
                               claimed (-1: the same) */
  uint8_t role;
  uint8_t kind;
  uint8_t count_of;         /* MJ_FK_COUNT: MJ_COUNT_... */
  char count_word[MJ_CTX_WORD_LEN];   /* count = a context word's name
                                         (resolved when the fan is added) */
  uint8_t fallback;         /* counts only when nothing else does */
  uint8_t bonus;            /* not toward the minimum (flowers) */
  uint8_t alone;            /* excludes every other fan */
  uint8_t state;            /* a state shown with the hand, never scored */
  uint8_t factor;           /* a factor of the payment (birds, self-draw),
                               not a pattern: left out of the fans' line */
  uint8_t dealt;            /* scored on the dealt tiles (a declaration:
                               起手胡, context qishou), never on a win */
  unsigned shapes;          /* allowed shapes, bit MJ_SHAPE_NONE included */
  int nclauses;
  mj_clause clauses[MJ_MAX_CLAUSES];
  int npat;                 /* alternatives */
  mj_pattern pat[MJ_MAX_PATTERNS];
  int nexcl;
  const char *excl[MJ_MAX_EXCLUDES];
  uint8_t excl_n[MJ_MAX_EXCLUDES];   /* 0: the whole fan, n: n counts */
  int nexm;
  const char *exm[MJ_MAX_EXCLUDES];  /* per-meld fans on the same melds */
  int ntpl;                 /* templates of MJ_C_TEMPLATE / MJ_C_BEFORE_WIN */
  uint8_t tpl[MJ_MAX_TEMPLATES][9];
  int test;                 /* >= 0: a callback decides (see mj_rules_vt) */
} mj_fan_def;

/* }==================================================================== */

/* {====================================================================
** Table rules (the game engine reads these)
** ===================================================================== */

typedef enum mj_wild_rule {
  MJ_WILD_NONE,
  MJ_WILD_FIXED,          /* the kinds in wild_fixed */
  MJ_WILD_INDICATOR       /* dice, the d-th tile from the tail, its successor */
} mj_wild_rule;

/*
** A player's state of the ruleset's own (R.state): a number per player,
** set by the flow hooks. Public ones show on everyone's table, private
** ones on their owner's only (and to all once the hand is over). A state
** with a token feeds that context token to its owner's wins while it is
** not zero (a flag token when set, a count token with its value), on the
** wins it names: self-drawn, on a discard (also where the table forbids
** discard wins: the state opens that win) or both; wild_tile restricts it
** to wins on a wild tile. A state that lasts the turn is cleared when its
** owner discards or declares a kong.
*/
enum { MJ_MAX_STATES = 8 };
enum { MJ_STATE_ANY, MJ_STATE_SELF, MJ_STATE_DISCARD };
typedef struct mj_state_def {
  char name[24];          /* what hooks call it: g:get(p, "touji") */
  char label[64];         /* what the table shows ("偷机"); "" hidden;
                             in two languages "en\x1ezh" (mj_text_shown) */
  int8_t token;           /* index of the MJ_TOKEN_ it feeds, -1 none */
  uint8_t on;             /* MJ_STATE_: which wins the token goes to */
  bool wild_tile;         /* only wins on a wild tile */
  bool turn;              /* cleared after its owner's discard or kong */
  bool call;              /* cleared when anyone claims a meld or makes a
                             kong (一発) */
  bool flag;              /* a yes/no state (hooks see a boolean) */
  bool private_;          /* shown to its owner only until the hand ends */
} mj_state_def;

/* A declaration the ruleset lets a player make (R.declarations): offered
   after the deal, each player in turn from the dealer (the dealer on his
   fourteen tiles), when R.can_declare says so; R.on_declare does it. */
enum { MJ_MAX_DECLS = 8 };
typedef struct mj_decl_def {
  char name[24];          /* what the player types: declare 起手胡 */
  char label[64];         /* what the table shows (as a state's label) */
  bool with_discard;      /* made with a discard in one's turn (riichi),
                             not after the deal */
  bool in_turn;           /* made in one's turn after a draw, before the
                             discard, when R.can_declare offers it
                             (九種九牌) */
  bool first;             /* ... only on one's first draw, nobody having
                             called */
  bool concealed;         /* ... by a hand without a claimed meld */
  bool ready;             /* ... whose discard leaves it ready */
  bool fix;               /* ... then the hand is fixed */
  int min_score;          /* ... by a player with at least this score */
  int min_wall;           /* ... with at least this many tiles to draw */
  mj_tile aside;          /* a set-aside action (北抜き): in one's turn, a
                             tile of this kind is set aside face up and
                             replaced from the tail; others may win on it;
                             as often as held. MJ_NO_TILE: none */
  char word[MJ_CTX_WORD_LEN];   /* ... the context word of the wins that
                                   counts the tiles set aside ("": none) */
} mj_decl_def;

typedef struct mj_table {
  int tiles;              /* 136 or 144 */
  bool flowers;           /* flowers in the wall, replaced from the tail */
  int players;            /* seats at the table, 2..MJ_SEATS */
  int hand;               /* tiles dealt (13) */
  bool chow;              /* chows allowed (from the previous player) */
  bool rob_kong;          /* robbing an added kong */
  bool rob_all;           /* every robber wins (else the first in turn) */
  bool rob_concealed_orphans;  /* 国士無双 robs a concealed kong */
  bool swap_calling;      /* 食い替え allowed after a chow or pung */
  bool rob_exposed;       /* a kong claimed from a discard may be robbed
                             too (明杠可抢; else added kongs only) */
  bool kong_after_claim;  /* a kong may be declared in a chow/pung turn */
  bool replace_tail;      /* kong replacement from the tail */
  bool self_draw_only;    /* no win on a discard (robbing a kong is no
                             discard; a state may open one) */
  bool dealer_stays_on_draw;  /* exhaustive draw: the dealer deals again */
  bool dealer_stays_on_win;   /* the dealer wins: he deals again */
  bool winner_deals;      /* the winner deals next (overrides the above) */
  int min_points;         /* 0: any win */
  int rounds;             /* wind rounds in a match (4) */
  int match_hands;        /* a match is this many hands (0: the rounds) */
  uint8_t wild_rule;
  mj_tileset wild_fixed;
  int succ[MJ_KINDS];     /* indicator successor of each kind */
  int wild_kinds;         /* indicator: the next kind wild (1) or the next
                             two (2) */
  char wild_name[16];     /* what the table calls a wild tile (宝, 鬼) */
  mj_tileset set;         /* the kinds the wall holds: four of each suit
                             or honor kind, one of each flower */
  char turned_name[64];   /* what it calls a tile turned after a win (扎鸟,
                             买马), "en\x1ezh" or one text; "" none */
  bool claim_wild;        /* a discarded wild may be claimed (pung, kong,
                             win; default true) */
  bool wild_melds;        /* wild tiles may be punged or konged at face
                             (default true) */
  int reserve;            /* tiles kept back at the wall's end (买马): the
                             hand is drawn when this many are left */
  int cap;                /* 番 scoring: the most 番 counted (0: none) */
  int red_fives;          /* red 5s of each suit (0m 0p 0s; 0: none) */
  int red_suits;          /* ... of these suits (bit 1 m, 2 p, 4 s) */
  /* decisions before play and the shape of the hand (血战 and kin) */
  int swap;               /* 换三张: tiles of one suit each passes (0: off) */
  uint8_t swap_to[3];     /* seat offsets by the dice sum mod nswap_to
                             (1 next, 2 across, 3 previous) */
  int nswap_to;
  bool void_suit;         /* 定缺: each declares a suit he must shed
                             first, may not pung, kong or win with */
  bool leave_on_win;      /* a winner leaves and play goes on (血战) */
  bool stay_on_win;       /* a winner stays, his hand fixed, and may win
                             again; the wall's end ends the hand (血流) */
  bool multi_win;         /* all who win on a discard win (一炮多响) */
  bool pass_lock;         /* 过手胡: a passed win locks discard wins until
                             one's next draw */
  bool kong_discard;      /* a discard right after one's kong wins with
                             the kong flag (杠上炮) */
  bool last_offer;        /* 海底: the last tile offered in turn */
  int open_kong;          /* 开杠: tiles an open kong turns up (0: none) */
  int indicators;         /* dora indicators kept in the dead wall */
  int start_score;        /* each score at a match's start */
  int return_score;       /* placement counts from it (0: start_score) */
  int uma[4];             /* placement adds, in thousands, first to last */
  int target;             /* the match goes on past its rounds until a
                             player has this (0: it ends there) */
  bool bust;              /* a score below 0 ends the match */
  bool stop_when_top;     /* the last hand's dealer winning while first
                             ends the match */
  bool furiten;           /* no discard win on a tile among one's discards */
  bool indicator_after_discard;   /* an open kong's indicator waits */
  bool flower_kong;       /* a flower's replacement wins as a kong's */
  bool flower_rob;        /* 七搶一 */
  bool first_any_discard; /* first: a discard of the first go-around */
  bool explain_pay;       /* score shows what each payer pays */
  bool open_claim_melds;  /* ... claimed in turn as discards, then */
  int nstates;            /* the ruleset's per-player states */
  mj_state_def states[MJ_MAX_STATES];
  /* Which draws and discards the hooks hear of (R.watch): all when
     watch is off; else the tiles of watch_tiles (wilds too with
     watch_wild) and every tile of a player with a state of watch_states
     set. The rest cost the game nothing. */
  bool watch;
  bool watch_wild;
  mj_tileset watch_tiles;
  uint8_t watch_states;   /* bits of states */
  int ndecls;             /* the declarations a player may make */
  mj_decl_def decls[MJ_MAX_DECLS];
} mj_table;

/* }==================================================================== */

/* Settlement: what the ruleset function is told and answers. */
typedef struct mj_settle_in {
  int winner;             /* seat 0..3 */
  unsigned active;        /* bit p: p was still in play (血战), winner too */
  int kong_from;          /* a win on the replacement of a kong made with
                             this seat's discard (点杠花), else -1 */
  int payer;              /* discarder (or kong owner), -1 for a self-draw */
  int dealer;
  int total;              /* the hand's score, bonus included */
  int total_no_bonus;
  bool self_drawn;
  unsigned flags;         /* MJ_CTX_ of the win */
  const struct mj_score *score;   /* the win's fans and reading */
  const struct mj_ctx *ctx;       /* the win's context (may be NULL) */
  int honba;              /* the hand's counter (本場) */
  int16_t states[4][MJ_MAX_STATES];   /* every seat's states (R.state) */
  const struct mj_game *game;     /* the game of the win (NULL: a hand
                                     scored alone) */
} mj_settle_in;

typedef struct mj_view mj_view;   /* score.h */

/* Flow hooks: the ruleset's code run at the hand's events (hooks.h). */
typedef enum mj_hook {
#define MJ_HOOK_ENUM(k, field, call, when, gets) MJ_HOOK_##k,
  MJ_HOOKS(MJ_HOOK_ENUM)
#undef MJ_HOOK_ENUM
  MJ_HOOK_COUNT
} mj_hook;

enum { MJ_KONG_EXPOSED, MJ_KONG_ADDED, MJ_KONG_CONCEALED };

typedef struct mj_flow_ev {
  uint8_t hook;           /* MJ_HOOK_ */
  int8_t player;          /* KONG: its owner; DRAW, DISCARD, DECLINE */
  int8_t from;            /* KONG: the discarder of an exposed kong;
                             WIN: the payer (-1: self-drawn) */
  uint8_t kind;           /* KONG: MJ_KONG_ */
  mj_tile tile;
  int nwin;               /* WIN: the winners of this tile, in turn order */
  int8_t winners[4];
  int first_win;          /* WIN: index of the first in the game's results */
} mj_flow_ev;

typedef struct mj_game mj_game;   /* game.h */

/* How the core reaches a ruleset's own code (Lua functions). */
typedef struct mj_rules_vt {
  /* A fan's test function: count (0 no) or -1 with err set. */
  int (*fan_test)(void *ud, int test, const mj_view *v, mj_error *err);
  /* Payments of a win into pay[4] (positive: receives). */
  mj_status (*settle)(void *ud, const mj_settle_in *in, int pay[4],
                      mj_error *err);
  /* A flow hook (the bit of mj_rules_hooks); DEALER answers in *answer. */
  mj_status (*flow)(void *ud, mj_game *g, const mj_flow_ev *ev, int *answer,
                    mj_error *err);
  /* A game is freed (from NULL), or made a copy of one (to: the copy):
     the ruleset's own per-game data follows (lua/locals.c). */
  void (*game_copy)(void *ud, const mj_game *from, const mj_game *to);
} mj_rules_vt;

typedef struct mj_rules mj_rules;

mj_rules *mj_rules_new(const char *id);
void mj_rules_free(mj_rules *r);

/* Identity and description; strings are copied. */
mj_status mj_rules_set_info(mj_rules *r, const char *title, const char *version,
                            const char *desc, const char *source);
void mj_rules_set_shapes(mj_rules *r, mj_shape_cfg cfg, unsigned wait_shapes);
/* Sum: points add up. Doubling: the best base doubled per doubling, or
** a fixed total. Fan (番): the best base's 番 plus the add-ons' (or a
** flat 番), capped at the table's cap, is 2^(F-1) units. */
enum { MJ_SCORING_SUM, MJ_SCORING_DOUBLING, MJ_SCORING_FAN,
       MJ_SCORING_PARTS };
/* "sum", "doubling", "fan", "parts" -> MJ_SCORING_ (-1: none). */
int mj_scoring_from_name(const char *name);
void mj_rules_set_scoring(mj_rules *r, int scoring, bool account_once);
void mj_rules_set_vt(mj_rules *r, const mj_rules_vt *vt, void *ud);

/*
** Parts scoring (riichi's han and fu): each reading's parts (fu) come
** from its melds, pair, wait and win as this table says, rounded up; the
** fans' values add up (han); the base is parts x 2^(fans + doublings),
** capped, or a limit by fans; limit hands (役満) are so many times the
** limit base. Payments are made from the base and rounded up; the
** hand's total is what the winner receives.
*/
enum { MJ_MAX_LIMITS = 8 };

/* The numbers of the table, in one list (the loader reads them by it,
   the reference prints it): X(name, default, words). */
#define MJ_PARTS_NUMBERS(X)                                                  \
  X(base, 0, "parts every winning hand has (riichi: 20)")                    \
  X(closed_ron, 0, "a concealed hand won on a discard (10)")                 \
  X(self_draw, 0, "a self-drawn win (2; none with the no_self fan)")         \
  X(open_least, 0, "an open hand has at least this (30)")                    \
  X(pairs, 0, "seven pairs: always this (25; 0: counted)")                   \
  X(pung, 0, "a pung of simples (2)")                                        \
  X(pung_end, 0, "a pung of terminals or honors (4)")                        \
  X(concealed, 1, "a concealed pung or kong: times this (2)")                \
  X(kong, 1, "a kong: times this (4)")                                       \
  X(pair_dragon, 0, "a pair of dragons (2)")                                 \
  X(pair_seat, 0, "a pair of the seat's wind (2)")                           \
  X(pair_round, 0, "a pair of the round's wind (2)")                         \
  X(pair_most, 0, "a pair's parts at most (4; 0: no cap)")                   \
  X(wait_edge, 0, "an edge wait, 12 for 3 (2)")                              \
  X(wait_closed, 0, "a closed wait, 13 for 2 (2)")                           \
  X(wait_single, 0, "a single wait on the pair (2)")                         \
  X(round_to, 1, "parts rounded up to this (10)")                            \
  X(doublings, 0, "base = parts x 2^(fans + this) (2)")                      \
  X(cap, 0, "a base over this is this (2000; 0: no cap)")                    \
  X(cap_from, 0, "... or a base of at least this (kiriage: 1920)")           \
  X(limit_hand, 0, "a limit hand's base, each (8000)")                       \
  X(ron, 1, "won on a discard: the discarder pays base x this (4)")          \
  X(ron_dealer, 1, "... the dealer won it (6)")                              \
  X(self_dealer, 1, "self-drawn: the dealer pays base x this (2)")           \
  X(self_other, 1, "... each other player (1)")                              \
  X(self_by_dealer, 1, "... each, when the dealer drew it (2)")              \
  X(pay_round, 1, "each payment rounded up to this (100)")                  \
  X(honba_ron, 0, "won on a discard: the discarder pays this more for each " \
    "honba (300)")                                                           \
  X(honba_self, 0, "self-drawn: each payer pays this more for each honba "   \
    "(100)")                                                                 \
  X(self_split, 0, "at a table of fewer than four, a self-draw's absent "   \
    "shares are split among the payers, each part rounded up to pay_round " \
    "(1; 0: not paid, ツモ損)")

typedef struct mj_parts {
#define MJ_PARTS_FIELD(name, def, words) int name;
  MJ_PARTS_NUMBERS(MJ_PARTS_FIELD)
#undef MJ_PARTS_FIELD
  char unit[16], parts_unit[16];   /* what fans and parts are called */
  int no_self_fan;          /* the fan whose self-draw adds no parts (平和),
                               -1 none */
  char no_self_name[64];    /* its name until mj_rules_finish */
  int nlimits;              /* limits by fans: from limit_fans[i] fans
                               the base is limit_base[i] */
  int limit_fans[MJ_MAX_LIMITS], limit_base[MJ_MAX_LIMITS];
  char limit_name[MJ_MAX_LIMITS][32];
  char cap_name[32];        /* the cap's name (満貫) */
  char limit_hand_name[32]; /* a limit hand's (役満) */
  char limit_unit[16];      /* ... in the batch's han/fu column ("yakuman") */
} mj_parts;
mj_status mj_rules_set_parts(mj_rules *r, const mj_parts *p, mj_error *err);
const mj_parts *mj_rules_parts(const mj_rules *r);
/* The hooks the ruleset has (bits 1 << MJ_HOOK_). */
void mj_rules_set_hooks(mj_rules *r, unsigned hooks);
unsigned mj_rules_hooks(const mj_rules *r);
/* Run hook ev->hook, when the ruleset has it (else MJ_OK, nothing). */
/* The ruleset hears that to is a copy of from, or (to NULL) that from is
   freed. */
void mj_rules_game_copy(const mj_rules *r, const mj_game *from,
                        const mj_game *to);
mj_status mj_rules_flow(const mj_rules *r, mj_game *g, const mj_flow_ev *ev,
                        int *answer, mj_error *err);
/* A fan that stands alone (a fixed-value win such as 接宝) competes with
** the hand's own value when the hand is also a win by its shape: the
** better of the two counts (off: the fixed value replaces the hand's). */
void mj_rules_set_fixed_or_own(mj_rules *r, bool on);
/* May a wait fan (边张, 坎张, 单钓将) count when the winning tile is one of
** the knitted straight's (组合龙) nine? (on, the default: when the tile
** also completes the meld or pair outside it, as the reference scorer
** has it; off: never, as some rule books have it) */
void mj_rules_set_knitted_waits(mj_rules *r, bool on);
bool mj_rules_knitted_waits(const mj_rules *r);
/* What a point is called in sum scoring ("fan" unless the ruleset says). */
void mj_rules_set_unit(mj_rules *r, const char *unit);
const char *mj_rules_unit(const mj_rules *r);
/* A win may not hold every flag of on while holding none of off (context
** flags MJ_CTX_, and MJ_REFUSE_OPEN: a meld claimed): riichi refuses
** { riichi, open } and { first, !self }. */
#define MJ_REFUSE_OPEN (1u << 31)
enum { MJ_MAX_REFUSALS = 16 };
mj_status mj_rules_add_refusal(mj_rules *r, unsigned on, unsigned off,
                               mj_error *err);
/* Would a win holding the flags has be refused? */
bool mj_rules_refuses(const mj_rules *r, unsigned has);
/* Context flags (MJ_CTX_) of which a hand may hold one at most. */
void mj_rules_set_exclusive(mj_rules *r, unsigned flags);
unsigned mj_rules_exclusive(const mj_rules *r);
/* Ruleset-owned context tokens (MJ_TOKEN_ bits) the ruleset reads beyond
** those mj_rules_finish derives from its fans and table rules. */
void mj_rules_declare_tokens(mj_rules *r, unsigned tokens);
/* The ruleset-owned context tokens it reads (after mj_rules_finish). */
unsigned mj_rules_tokens(const mj_rules *r);
/* A context word of the ruleset's own: kita=N, 0..max; desc "en\x1ezh"
   or one text (may be NULL). */
typedef struct mj_word_def {
  char name[MJ_CTX_WORD_LEN];
  int max;
  char *desc;
} mj_word_def;
mj_status mj_rules_add_word(mj_rules *r, const char *name, int max,
                            const char *desc, mj_error *err);
int mj_rules_nwords(const mj_rules *r);
const mj_word_def *mj_rules_word(const mj_rules *r, int k);
/* The index of the context word name, or -1. */
int mj_rules_find_word(const mj_rules *r, const char *name);
/* Numbers a ruleset keeps across the hands of a match (连庄 counts,
   敲响): named in R.match_state, carried by the match, logged. */
enum { MJ_MATCH_STATES = 8, MJ_MATCH_STATE_MAX = 30000 };
/* The match's own numbers: named, up to MJ_MATCH_STATES, carried from
   hand to hand of a match. */
mj_status mj_rules_add_match_state(mj_rules *r, const char *name,
                                   mj_error *err);
int mj_rules_nmatch_states(const mj_rules *r);
const char *mj_rules_match_state(const mj_rules *r, int k);
int mj_rules_find_match_state(const mj_rules *r, const char *name);
/* A fan of no shape wins with this many wild tiles held (四鬼胡牌); 0 when
   the ruleset has none. */
int mj_rules_anyhand_wilds(const mj_rules *r);
/* The same by the flowers held (八仙過海): 0 when no fan wins so. */
int mj_rules_anyhand_flowers(const mj_rules *r);
mj_table *mj_rules_table(mj_rules *r);
/* The kinds a wall of tiles (108, 136, 144) holds when the table rule
   kinds does not say. */
mj_tileset mj_table_set_of(int tiles);
const mj_table *mj_rules_ctable(const mj_rules *r);

/* Add a fan; its excludes are resolved by mj_rules_finish. */
mj_status mj_rules_add_fan(mj_rules *r, const mj_fan_def *def, mj_error *err);
/* Resolve names, order the exclusions. After this the ruleset is read-only. */
mj_status mj_rules_finish(mj_rules *r, mj_error *err);

/* Record an option setting for display ("caishen=5z"). */
mj_status mj_rules_add_option(mj_rules *r, const char *name, const char *value);

const char *mj_rules_id(const mj_rules *r);
const char *mj_rules_title(const mj_rules *r);
const char *mj_rules_version(const mj_rules *r);
const char *mj_rules_desc(const mj_rules *r);
const char *mj_rules_source(const mj_rules *r);
int mj_rules_noptions(const mj_rules *r);
void mj_rules_option(const mj_rules *r, int i, const char **name,
                     const char **value);
const mj_shape_cfg *mj_rules_shapes(const mj_rules *r);
mj_tileset mj_rules_wild(const mj_rules *r);   /* the fixed wilds (none: 0) */
int mj_rules_scoring(const mj_rules *r);

int mj_rules_nfans(const mj_rules *r);
const mj_fan_def *mj_rules_fan(const mj_rules *r, int i);
/* The fan with this id, English name or alias (case-insensitive for
** ASCII); -1 if none. */
/* A fan by any of its names: id, English, an alias. Names compare
   without case, spaces, '-' or '_', and with 胡 and 和 alike (碰碰胡 is
   碰碰和). -1 when none. */
int mj_rules_find_fan(const mj_rules *r, const char *name);
/* The fans fan i excludes, resolved: indices and counts (0: whole). */
int mj_rules_excludes(const mj_rules *r, int i, const int **idx,
                      const uint8_t **n);
int mj_rules_excludes_melds(const mj_rules *r, int i, const int **idx);

/* Describe a fan's pattern in words, one clause per line ("  - ..."). */
size_t mj_fan_describe(const mj_rules *r, int i, char *buf, size_t cap);
/* Describe one clause ("every tile is one of 19m19p19s1234567z"). */
size_t mj_clause_describe(const mj_clause *c, char *buf, size_t cap);

/* Payments for a win through the ruleset's settlement (or the default:
** the payer pays the total, a self-draw each of the others). */
mj_status mj_rules_settle(const mj_rules *r, const mj_settle_in *in, int pay[4],
                          mj_error *err);

#endif
