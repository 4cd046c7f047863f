/*
** rules_int.h
** The inside of a compiled ruleset, shared by rules.c, score.c and
** game.c only.
*/
#ifndef MJ_RULES_INT_H
#define MJ_RULES_INT_H

#include "rules.h"

enum { MJ_MAX_OPTIONS = 32 };

typedef struct fan_c {
  mj_fan_def def;            /* strings owned by the ruleset */
  int nexcl;
  int excl[MJ_MAX_EXCLUDES];
  uint8_t excl_n[MJ_MAX_EXCLUDES];
  int nexm;
  int exm[MJ_MAX_EXCLUDES];
  uint8_t combo_type;        /* MJ_M_CHOW or MJ_M_PUNG for MJ_FK_COMBO */
  uint8_t combo_k;
  /* the tile clauses folded into masks, for a quick test per hand */
  mj_tileset q_all, q_none, q_every, q_any;
  unsigned q_set, q_clear;   /* context flags that must be set / clear */
  int8_t q_suits_lo, q_suits_hi, q_types_lo, q_types_hi;
  bool q_slow;               /* other tile clauses: test them one by one */
  bool q_tiles;              /* has tile clauses at all */
  bool q_simple_meld;        /* per-meld fan: one member with a set only */
  int8_t gate;               /* a count clause tried before anything else:
                                index into mj_view counts (-1 none) */
  int8_t gate_lo, gate_hi;
  /* combination patterns in a form matched without bindings */
  struct qpat {
    uint8_t mode;            /* 0 ranks relative, 1 absolute, 2 one set, 3 general */
    uint8_t suit;            /* 0 any, 1 same, 2 all different */
    int8_t v[MJ_MAX_MEMBERS];
    mj_set set;
  } qp[MJ_MAX_PATTERNS];
} fan_c;

/* The fields the scorer reads for every fan of every hand, packed
   together so that the per-hand passes stay in a few cache lines. */
typedef struct fan_q {
  mj_tileset q_all, q_none, q_every, q_any;
  unsigned q_set, q_clear;
  unsigned shapes;
  int8_t q_suits_lo, q_suits_hi, q_types_lo, q_types_hi;
  int8_t gate, gate_lo, gate_hi;
  uint8_t q_slow, kind, nclauses;
} fan_q;

struct mj_rules {
  char *id, *title, *version, *desc, *source;
  mj_shape_cfg shapes;
  unsigned wait_shapes;
  int scoring;
  bool account_once;
  bool finished;
  bool any_none;             /* some fan needs no winning shape */
  bool uses_wait;            /* some fan has a wait clause */
  const mj_rules_vt *vt;
  void *ud;
  mj_table table;
  int nfans;
  fan_c *fans;
  fan_q *quick;              /* per fan, filled by mj_rules_finish */
  int *order;                /* the order exclusions are applied in */
  int nplain;                /* fans without tile clauses, not combos */
  int *plain;
  int ntiled;                /* fans with tile clauses */
  int *tiled;
  int *order_pos;            /* position of each fan in order */
  /* combo fans by meld type (0 chow, 1 pung) and arity 2..4 */
  int ncombo[2][5];
  int *combo[2][5];
  int nopts;
  char *opt_name[MJ_MAX_OPTIONS], *opt_value[MJ_MAX_OPTIONS];
};

#endif
