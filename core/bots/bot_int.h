/*
** bot_int.h
** The inside of the C bots, shared by bot.c (random, efficiency and the
** bots' API), strong.c (the strong bot) and danger.c (its read of the
** table's danger) only.
*/
#ifndef MJ_BOT_INT_H
#define MJ_BOT_INT_H

#include "analysis.h"
#include "bot.h"

typedef struct bot_vt {
  const char *name;
  int (*choose)(mj_bot *b, const mj_game *g, int p, const mj_action *legal,
                int n);
} bot_vt;

struct mj_bot {
  const bot_vt *vt;
  mj_rng rng;
  mj_bot_ext ext;      /* a bot of the user's (vt NULL) */
  int failures;        /* its decisions the efficiency bot made instead */
  char first_failure[256];
  double caution;      /* strong: its weight of danger, 1 as shipped */
  char name[40];       /* the kind, its setting written out */
};

typedef struct ctx {
  const mj_game *g;
  int p;
  const mj_shape_cfg *cfg;
  mj_tileset wild;
  uint8_t held[MJ_KINDS];      /* the player's tiles, melds included */
  uint8_t seen[MJ_KINDS];      /* tiles visible elsewhere */
  int min;                     /* the ruleset's minimum, 0 none */
  int seat_wind, round;
  bool concealed;              /* no exposed meld so far */
  mj_shape_cfg near;           /* the shapes within reach (see near_shapes) */
} ctx;

/* bot.c: the efficiency bot and its parts (each as described where it
   is defined): the context and view of a seat, the discards weighed,
   the value of a hand, the waits that make a valid win, a claim's hand,
   the legal list searched */
bool mjb_concealment_pays(const mj_table *tb);
bool mjb_valuable_honor(const ctx *c, int t);
mj_hand *mjb_after_claim(const mj_hand *h, const mj_action *a, mj_tile t);
void mjb_ctx_view(ctx *c, const mj_game *g, int p, mj_tileview *v);
int mjb_discards_eval(const mj_game *g, int p, mj_discard_eval *out,
                      int max, bool prune);
int mjb_efficiency_choose(mj_bot *b, const mj_game *g, int p,
                          const mj_action *legal, int n);
int mjb_legal_find(const mj_action *legal, int n, int type);
bool mjb_legal_has(const mj_action *legal, int n, int type, mj_tile t);
void mjb_near_shapes(ctx *c, const mj_tileview *v);
int mjb_valid_waits(const ctx *c, const mj_tileview *v, const mj_hand *base,
                    const mj_wait *w, int n, int *points);
/* The same, and in *best the score of the live wait that scores most
   (*best_tile, which the caller sets to MJ_NO_TILE first; left so when
   no wait scores). */
int mjb_scored_waits(const ctx *c, const mj_tileview *v, const mj_hand *base,
                     const mj_wait *w, int n, int *points, mj_score *best,
                     mj_tile *best_tile);
int mjb_value_at(const ctx *c, const mj_tileview *v, const mj_hand *base,
                 int sh, unsigned which, int *shanten_out, int *useful_out,
                 int *fan_out, const char **target_out, int *wins_out,
                 int *points_out);

/* danger.c: how ready q looks (0..0.9), the tiles p sees, those q let
   go since his hand last changed, and the chance a discard deals in */
double mjb_deal_in_chance(const mj_game *g, int p, mj_tile t,
                          const uint8_t seen[MJ_KINDS],
                          const mj_tileset passed[4]);
void mjb_passed_all(const mj_game *g, int p, mj_tileset passed[4]);
void mjb_seen_by(const mj_game *g, int p, uint8_t seen[MJ_KINDS]);
double mjb_threat_of(const mj_game *g, int q);
/* The declaration in force by which q said he is ready, or -1. */
int mjb_ready_decl(const mj_game *g, int q);
/* A move of q's the table saw change his hand: a discard, a claim made
   (not one that lost to another's), a kong, a pass of tiles (danger.c). */
bool mjb_seen_move(const mj_event *e, int q);
mj_tileset mjb_passed_by(const mj_game *g, int q);

/* strong.c: the strong bot's choice; the MCR chow pattern in reach
   (kinds 0 三色三步高, 1 花龙, 2 清龙, 3 三色三同顺) */
double mjb_chow_pattern(const ctx *c, const mj_tileview *v,
                        const mj_hand *base, int only, int *kind_out,
                        int *missing_out);
int mjb_strong_choose(mj_bot *b, const mj_game *g, int p,
                      const mj_action *legal, int n);


#endif
