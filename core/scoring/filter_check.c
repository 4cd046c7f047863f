/*
** filter_check.c
** The fan filter checked against clause-by-clause matching, for the
** tests (filter_is_sound): every fan whose clauses and pattern match a
** reading must be among the filter's candidates.
*/
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "filter.h"
#include "rules_int.h"
#include "score_int.h"

/* {====================================================================
** The filter against clause-by-clause matching (for the tests)
** ===================================================================== */

typedef struct check_ctx {
  eval *E;
  int bad;              /* first fan the filter dropped wrongly, -1 none */
  long fans;            /* fans that matched, in all readings */
} check_ctx;

static int check_reading(const mj_decomp *d, void *ud)
{
  check_ctx *c = ud;
  eval *E = c->E;
  const mj_rules *r = E->r;
  int nw = r->filter.nw;
  mj_view v;
  mjs_build_view(E, d, &v);
  mjs_view_wait(E, &v);
  uint64_t cand[MJ_FW_MAX];
  if (E->fixed_tiles)
    memcpy(cand, E->tile_ok, sizeof(uint64_t) * (size_t)nw);
  else
    mjs_tile_filter(E, &v, cand);
  mjs_read_filter(E, &v, cand);
  rstate *rs = &E->rs;
  memset(rs, 0, offsetof(rstate, nacc) + sizeof rs->nacc);
  if (d != NULL &&
      (d->shape == MJ_SHAPE_STANDARD || d->shape == MJ_SHAPE_KNITTED))
    for (int t = 0; t < 2; t++)
      mjs_combos(E, &v, t, rs);
  for (int i = 0; i < r->nfans && c->bad < 0; i++) {
    const mj_fan_def *f = &r->fans[i].def;
    bool ok = (f->shapes & MJ_SHAPE_BIT(v.shape)) != 0;
    for (int k = 0; k < f->nclauses && ok; k++)
      ok = mjs_clause_ok(E, f, &f->clauses[k], &v);
    if (!ok)
      continue;
    if (f->kind != MJ_FK_COMBO) {
      rs->cnt[i] = 0;
      if (!mjs_match_fan(E, i, &v, rs))
        return 1;
    }
    if (rs->cnt[i] > 0) {
      c->fans++;
      if (!fs_has(cand, r->order_pos[i]))
        c->bad = i;
    }
  }
  return c->bad >= 0;
}

int mj_score_filter_check(const mj_rules *r, const mj_hand *h, long *fans,
                          mj_error *err)
{
  eval *E = malloc(sizeof *E);
  if (E == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory"), -2;
  mj_score tmp;
  check_ctx c = { E, -1, 0 };
  if (mjs_prepare(E, r, h, &tmp, err) == MJ_OK) {
    mj_decompose_view(h, &E->full, &r->shapes, check_reading, &c, NULL);
    if (c.bad < 0 && r->any_none)
      check_reading(NULL, &c);
  }
  free(E);
  if (fans != NULL)
    *fans += c.fans;
  return c.bad;
}

/* }==================================================================== */
