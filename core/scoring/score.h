/*
** score.h
** The fan engine: every reading of a hand through a ruleset's fans, the
** exemptions and selection principles, and one result that explains it.
*/
#ifndef MJ_SCORE_H
#define MJ_SCORE_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "hand.h"
#include "rules.h"
#include "shape.h"

/*
** One reading of a hand as fans see it. Groups are those of the
** decomposition (declared melds first, the pair last).
*/
struct mj_view {
  const mj_hand *hand;         /* the hand scored, with its context */
  const mj_decomp *d;          /* NULL for the "no shape" reading */
  int shape;                   /* MJ_SHAPE_... of this reading */
  unsigned flags;              /* context flags, derived ones included */
  uint8_t seat, round;         /* seat and prevailing wind, 0 = East */
  uint8_t flowers;             /* flowers set aside */
  uint8_t feibao;              /* wilds thrown (飞宝, bao rulesets) */
  mj_tile win;                 /* the winning tile */
  mj_tileset wild;             /* the wild kinds */
  uint8_t cnt[MJ_KINDS];       /* every tile, wilds as what they stand for */
  mj_tileset present;          /* the kinds with cnt > 0 */
  int pair;                    /* pair tile, -1 none */
  uint8_t concealed[MJ_MAX_GROUPS];  /* group counts as concealed */
  union {
    /* chows; pungs (kongs included); kongs; exposed, concealed kongs;
       concealed pungs (a pung completed by a discard is not); declared
       melds not concealed; declared melds; in 七对, pairs of a kind
       held twice (四归 pairs) */
    struct {
      int chows, pungs, kongs, ekongs, ckongs, cpungs, exposed, declared, quads;
    };
    int counts[9];             /* in the order of MJ_C_CHOWS .. MJ_C_QUADS */
  };
  int tile_hogs; /* kinds held four times outside a kong (四归一) */
  int wait;                    /* MJ_WAIT_... for this reading */
  bool wild_acting;            /* some wild stands for another kind */
  bool wild_single;            /* the hand is 宝吊头 (see mj_wild_single) */
  uint8_t wilds;               /* wild tiles held (the concealed 14) */
  uint8_t horses, streak;      /* horses=N, streak=N */
  uint8_t niao;                /* niao=N */
  uint8_t reds;                /* red fives held (0m 0p 0s) */
  uint8_t dora, ura;           /* dora and ura-dora held (the tiles after
                                  the indicators, in the table's cycles) */
  int8_t wgroup;               /* parts scoring: the group the winning
                                  tile completes in this reading, -1 none */
};

enum { MJ_MAX_HITS = 40 };

typedef struct mj_hit {
  int fan;            /* index in the ruleset */
  int count;          /* instances counted */
  int value;          /* what it adds: points x count; or the base, the
                         doublings, the fixed total */
  uint32_t groups;    /* groups of the reading it uses (bit i = group i) */
} mj_hit;

typedef enum mj_why {
  MJ_WHY_EXCLUDED,    /* by: a counted fan's excludes (不计) */
  MJ_WHY_REDUCED,     /* by: takes count of this fan's instances */
  MJ_WHY_MELDS,       /* by: uses these melds already */
  MJ_WHY_ALONE,       /* by: stands alone */
  MJ_WHY_ACCOUNT_ONCE,/* the melds were combined already (套算一次) */
  MJ_WHY_FALLBACK     /* only when no other fan counts */
} mj_why;

typedef struct mj_exempt {
  int fan;            /* the fan not counted */
  int count;          /* how many of its instances */
  int by;             /* fan index, -1 for a principle */
  uint8_t why;        /* mj_why */
  uint32_t groups;    /* the groups it would have used */
} mj_exempt;

typedef struct mj_score {
  bool win;           /* some reading is a win */
  int total;          /* bonus included */
  int bonus;          /* the bonus part (flowers) */
  int min;            /* the ruleset's minimum, 0 none */
  bool meets_min;     /* total - bonus >= min */
  int base, doublings, fixed;  /* doubling scoring: base x 2^doublings, or
                                  the fixed value of a fan standing alone;
                                  番 scoring: the base's 番, the add-ons',
                                  a flat 番 */
  int plus;           /* doubling scoring: added after the doubling
                         (horses: 2 each, or a share each) */
  int fan;            /* 番 scoring: the 番 before the cap (total is
                         2^(min(fan, cap)-1)); parts scoring: the fans
                         (han) counted */
  /* parts scoring (han and fu) */
  int parts;          /* the reading's parts (fu), rounded */
  int points;         /* the base points: parts x 2^(fans + doublings),
                         or a limit's */
  int limit;          /* -1 none; i < nlimits: limit i; nlimits: the cap
                         by points; nlimits + 1: limit hands */
  int limit_hands;    /* limit hands (役満) counted, each so many */
  int wgroup;         /* the group the winning tile completes, -1 none */
  bool open;          /* a meld claimed */
  bool dealer;        /* the winner deals (seat East) */
  int nreadings;      /* readings the hand has (all were scored) */
  mj_decomp reading;  /* the chosen one (shape MJ_SHAPE_NONE: none) */
  unsigned flags;     /* context flags used, derived ones included */
  int other_total;    /* fixed_or_own: the value not taken (0: none) */
  int other_fan;      /* ... the fixed fan it was, -1: the hand's own value */
  int nstates;        /* state fans that hold (shown, never scored) */
  int16_t states[4];  /* ... their fan indexes */
  int nhits;
  mj_hit hits[MJ_MAX_HITS];        /* the fans counted, in rules order */
  int nexempt;
  mj_exempt exempt[MJ_MAX_HITS];   /* fans that held but were not counted */
} mj_score;

/*
** Score a complete hand (14 - 3*melds concealed tiles, win= given): every
** reading, the highest total kept. MJ_ENOTWIN when no reading is a win;
** other errors from the ruleset's own functions.
*/
mj_status mj_score_hand(const mj_rules *r, const mj_hand *h, mj_score *out,
                        mj_error *err);

/* Add to s's exemptions what only a reader needs, kept out of the scoring
   loop: the combination fans whose melds a counted one used first
   (account-once). Explain and why do it themselves; a caller showing
   s->exempt otherwise (JSON, Lua) calls it first. */
void mj_score_annotate(const mj_rules *r, const mj_hand *h, mj_score *s);

/* The total as the explanation's last line says it, in the ruleset's
** units ("3 番 = 3 + 0 -> 4 units (2^(3-1))", "24 fan", "8 = base 2 x2 x2"),
** without "total:". */
size_t mj_score_total_text(const mj_rules *r, const mj_score *s, char *buf,
                           size_t cap);
/* The fans line for a person: the names as the language writes them,
   joined as it joins a list ("清一色、幺九刻x2"). */
size_t mj_score_fans_text(const mj_rules *r, const mj_score *s, char *buf,
                          size_t cap);
/* Fans line as in the vectors: "清一色,幺九刻x2,花牌x2" (rules order). */
size_t mj_score_fans_line(const mj_rules *r, const mj_score *s, char *buf,
                          size_t cap);

/* Parts scoring: the payments of win s into pay[4] (seats 0..3; the
** discarder payer pays, or on a self-draw, payer -1, the three others,
** the dealer as the table says), each rounded up as it says. Returns
** what the winner receives. */
/* The honba's payments added to pay: the payer's (payer -1: each other
   player's) for honba hands. */
void mj_parts_honba(const mj_rules *r, int honba, int winner, int payer,
                    int pay[4]);
int mj_parts_pay(const mj_rules *r, const mj_score *s, int winner, int dealer,
                 int payer, int pay[4]);

/* Parts scoring: the batch's han/fu column ("3han 40fu", "yakuman",
** "2yakuman"); empty for the other scorings. */
size_t mj_score_parts_text(const mj_rules *r, const mj_score *s, char *buf,
                           size_t cap);

/* A full explanation in text, one item a line. */
size_t mj_score_explain(const mj_rules *r, const mj_hand *h, const mj_score *s,
                        char *buf, size_t cap);

/* The reading's groups as text, wilds marked. */
size_t mj_score_reading(const mj_score *s, char *buf, size_t cap);

/*
** Why fan does or does not count for h: which condition of its pattern
** fails in the chosen reading (or in every reading), or what exempted it.
*/
mj_status mj_score_why(const mj_rules *r, const mj_hand *h, int fan, char *buf,
                       size_t cap, mj_error *err);

const char *mj_why_text(mj_why w);

/* The scorer is reentrant and may run in several threads at once; a
   ruleset whose fans call Lua serves one thread at a time (its Lua state
   is single-threaded), a declarative one (mcr) any number. It keeps one
   buffer per thread between calls (and the analysis its memo of useful
   tiles): mj_score_release frees the calling thread's (before a thread
   ends, and at exit for leak checkers). */
void mj_score_release(void);

#endif
