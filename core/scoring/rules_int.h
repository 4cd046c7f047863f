/*
** rules_int.h
** The inside of a compiled ruleset, shared by rules.c, score.c and
** game.c only.
*/
#ifndef MJ_RULES_INT_H
#define MJ_RULES_INT_H

#include <stdatomic.h>

#include "filter.h"
#include "rules.h"

enum { MJ_MAX_OPTIONS = 32 };

typedef struct fan_c {
  mj_fan_def def;            /* strings owned by the ruleset */
  size_t id_len;             /* strlen(def.id), for the batch's fan line */
  char line_id[16];          /* the id and ",", zero-padded, when they
                                fit in 16 bytes (one store a fan); else "" */
  int nexcl;
  int excl[MJ_MAX_EXCLUDES];
  uint8_t excl_n[MJ_MAX_EXCLUDES];
  int npart;                 /* the excludes that take n counts, apart */
  int part[MJ_MAX_EXCLUDES];
  uint8_t part_n[MJ_MAX_EXCLUDES];
  int nexm;
  int exm[MJ_MAX_EXCLUDES];
  uint8_t combo_type;        /* MJ_M_CHOW or MJ_M_PUNG for MJ_FK_COMBO */
  uint8_t combo_k;
  bool q_simple_meld;        /* per-meld fan: one member with a set only */
  bool q_one_suit;           /* every alternative wants one suit */
  /* combination patterns in a form matched without bindings */
  struct qpat {
    uint8_t mode; /* 0 ranks relative, 1 absolute, 2 one set, 3 general */
    uint8_t suit;            /* 0 any, 1 same, 2 all different */
    uint8_t twin;            /* bit m: member m is member m-1 again */
    int8_t v[MJ_MAX_MEMBERS];
    mj_set set;
  } qp[MJ_MAX_PATTERNS];
} fan_c;

struct mj_rules {
  char *id, *title, *version, *desc, *source;
  mj_shape_cfg shapes;
  unsigned wait_shapes;
  int scoring;
  bool account_once;
  bool fixed_or_own;         /* a fan that stands alone competes with the
                                hand's own value: the better counts */
  bool knitted_waits;        /* a wait may count on a tile of the 组合龙 */
  unsigned exclusive;        /* MJ_CTX_ flags a hand holds one of at most */
  int nrefuse;               /* refusals: the flags on, the flags off */
  unsigned refuse_on[MJ_MAX_REFUSALS], refuse_off[MJ_MAX_REFUSALS];
  char unit[16];             /* what a point is called (sum scoring) */
  mj_parts parts;            /* parts scoring */
  unsigned tokens;           /* MJ_TOKEN_ bits read (declared or derived) */
  int nmatch;                /* its match numbers (R.match_state) */
  char match_names[MJ_MATCH_STATES][MJ_CTX_WORD_LEN];
  int nwords;                /* its own context words (kita=2) */
  mj_word_def words[MJ_CTX_WORDS];
  bool finished;
  bool any_none;             /* some fan needs no winning shape */
  int anyhand_flowers;       /* ... or with this many flowers held */
  int anyhand_wilds;         /* such a fan wins with this many wilds held
                                (四鬼胡牌), 0 none */
  const mj_rules_vt *vt;
  unsigned hooks;          /* bits 1 << MJ_HOOK_ */
  void *ud;
  mj_table table;
  int nfans;
  fan_c *fans;
  int *order;                /* the order exclusions are applied in */
  int *order_pos;            /* position of each fan in order */
  /* combo fans by meld type (0 chow, 1 pung) and arity 2..4 */
  int ncombo[2][5];
  int *combo[2][5];
  mj_filter filter;          /* filled by mj_rules_finish */
  /* combination fans by table, per meld type, when their patterns do not
     read the context: the index in combo[t][2] (combo[t][3]) of the
     first fan the sorted groups with tiles a, b (a, b, c) match, -1 none.
     Made once scoring has looked without them MJ_COMBO_LAZY times (a
     ruleset loaded to score a few hands does without), by one thread,
     published atomically: scorers share a ruleset (combo.c) */
  _Atomic(int8_t *) combo2[2], combo3[2];
  /* combo_one[t][k]: no tiles of table k match two fans of type t, so
     the first is the only one (written before the table is published) */
  bool combo_one[2][4];
  atomic_int combo_asked;    /* look-ups made without the tables */
  atomic_int combo_state;    /* 0 not made, 1 being made, 2 made */
  int nopts;
  char *opt_name[MJ_MAX_OPTIONS], *opt_value[MJ_MAX_OPTIONS];
};

/*
** For the tests (score.c): score h fan by fan, every clause tested one
** by one, and return the first fan that matches some reading where the
** fan filter dropped it (-1 none; -2 out of memory). *fans (may be NULL)
** is increased by the fans that matched.
*/
int mj_score_filter_check(const mj_rules *r, const mj_hand *h, long *fans,
                          mj_error *err);

/* Forget the combination tables (combo.c), to be made again once asked
** for MJ_COMBO_LAZY times; called by mj_rules_finish. */
enum { MJ_COMBO_LAZY = 4096 };
void mj_combo_reset(mj_rules *r);

#endif
