/*
** combo.c
** Combination fans under the account-once principle (套算一次): the melds
** of one type combined into the fans they make, each meld used once per
** fan family; and the tables of the first fan each sorted pair or triple
** of melds makes, built once scoring has asked for them often enough.
*/
#include <stdlib.h>
#include <string.h>

#include "score_int.h"

/* {====================================================================
** Combinations: account-once
** ===================================================================== */

/* A group's sort key: rank, then suit; the honors after (rank * 4 +
   suit for the suits, 100 + the tile for the honors), read by kind. */
static const uint8_t rank_key[MJ_KINDS] = {
  0, 4, 8, 12, 16, 20, 24, 28, 32, 1, 5, 9, 13, 17, 21, 25, 29, 33, 2, 6, 10,
  14, 18, 22, 26, 30, 34, 127, 128, 129, 130, 131, 132, 133
};

static inline int group_rank_key(const mj_group *g)
{
  return rank_key[g->tile];
}

/* Count combination fan f on the groups of mask (see mjs_combos). */
static inline void combo_count(eval *E, rstate *rs, int f, uint32_t mask,
                               bool add)
{
  int pos = E->r->order_pos[f];
  rs->combo_hit[pos >> 6] |= 1ULL << (pos & 63);
  rs->cnt[f] = add ? rs->cnt[f] + 1 : 1;
  rs->mask[f] = add ? rs->mask[f] | mask : mask;
}

static void make_tables(mj_rules *r);

/* A look-up without the tables: the MJ_COMBO_LAZY-th makes them (one
   thread does; the others go on without until they are published). */
static void asked_without(const mj_rules *r)
{
  mj_rules *w = (mj_rules *)r;   /* only the atomic fields are written */
  if (atomic_fetch_add_explicit(&w->combo_asked, 1, memory_order_relaxed) + 1 <
      MJ_COMBO_LAZY)
    return;
  int idle = 0;
  if (atomic_compare_exchange_strong(&w->combo_state, &idle, 1)) {
    make_tables(w);
    atomic_store_explicit(&w->combo_state, 2, memory_order_release);
  }
}

/* The table of the k-meld fans of type t (k 2 or 3), NULL while it is
   not made (the look-up then counts towards making it). */
static inline const int8_t *table_of(const eval *E, int t, int k)
{
  const mj_rules *r = E->r;
  const int8_t *tab =
      atomic_load_explicit(k == 2 ? &r->combo2[t] : &r->combo3[t],
                           memory_order_acquire);
  if (tab == NULL &&
      atomic_load_explicit(&r->combo_state, memory_order_relaxed) == 0)
    asked_without(r);
  return tab;
}

static inline int table_at(const int8_t *tab, int k,
                           const mj_group *const *gs)
{
  size_t i = (size_t)gs[0]->tile * MJ_KINDS + gs[1]->tile;
  return tab[k == 2 ? i : i * MJ_KINDS + gs[2]->tile];
}

/* The index in combo[t][k] of the first fan the sorted groups match, -1
   none: from the tables once they are made. */
static inline int first_fan(const eval *E, int t, int k,
                            const mj_group *const *gs)
{
  const int8_t *tab = k == 2 || k == 3 ? table_of(E, t, k) : NULL;
  if (tab != NULL)
    return table_at(tab, k, gs);
  for (int q = 0; q < E->r->ncombo[t][k]; q++)
    if (mjs_fan_pos(E, E->r->combo[t][k][q], gs, k))
      return q;
  return -1;
}

/* The melds of one kind (chows, or pungs and kongs) of a reading, sorted
   by rank then suit: what the combination fans look at. */
typedef struct melds {
  int type;                  /* 0 chows, 1 pungs */
  int n;
  int idx[4];                /* their groups in the reading */
  const mj_group *gs[4];
} melds;

static void gather(melds *M, const mj_decomp *d, int type)
{
  int key[4], n = 0;
  M->type = type;
  for (int i = 0; i < d->ngroups && n < 4; i++) {
    int gt = d->groups[i].type;
    if (type == 0 ? gt == MJ_G_CHOW : is_pung(gt)) {
      key[n] = group_rank_key(&d->groups[i]);
      M->idx[n++] = i;
    }
  }
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && key[j - 1] > key[j]; j--) {
      int x = M->idx[j], y = key[j];
      M->idx[j] = M->idx[j - 1], key[j] = key[j - 1];
      M->idx[j - 1] = x, key[j - 1] = y;
    }
  for (int i = 0; i < n; i++)
    M->gs[i] = &d->groups[M->idx[i]];
  M->n = n;
}

/* The table of k melds of type t when it is made and each of its tiles
   match one fan at most, else NULL. */
static const int8_t *only_table(const eval *E, int t, int k)
{
  const int8_t *tab = table_of(E, t, k);
  return tab != NULL && E->r->combo_one[t][k] ? tab : NULL;
}

/* The fans of the k sorted groups sg (of mask) that count without
   account-once: by the table when it holds them, else one by one. */
static void subset_fans(eval *E, const melds *M, rstate *rs, int k,
                        const mj_group *const *sg, uint32_t mask,
                        const int8_t *only)
{
  int *const *list = E->r->combo[M->type];
  if (only != NULL) {
    int q = table_at(only, k, sg);
    if (q >= 0)
      combo_count(E, rs, list[k][q], mask, true);
    return;
  }
  for (int q = 0; q < E->r->ncombo[M->type][k]; q++)
    if (mjs_fan_pos(E, list[k][q], sg, k))
      combo_count(E, rs, list[k][q], mask, true);
}

/* Without account-once: every subset of two or more melds that matches
   a fan counts. */
static void every_subset(eval *E, const melds *M, rstate *rs)
{
  const int *cnt = E->r->ncombo[M->type];
  const mj_group *const *gs = M->gs;
  int n = M->n;
  uint32_t bit[4];
  for (int i = 0; i < n; i++)
    bit[i] = 1u << M->idx[i];
  if (cnt[2] > 0) {
    const int8_t *only = only_table(E, M->type, 2);
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++) {
        const mj_group *sg[2] = { gs[i], gs[j] };
        subset_fans(E, M, rs, 2, sg, bit[i] | bit[j], only);
      }
  }
  if (cnt[3] > 0 && n >= 3) {
    const int8_t *only = only_table(E, M->type, 3);
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++)
        for (int l = j + 1; l < n; l++) {
          const mj_group *sg[3] = { gs[i], gs[j], gs[l] };
          subset_fans(E, M, rs, 3, sg, bit[i] | bit[j] | bit[l], only);
        }
  }
  if (cnt[4] > 0 && n == 4)
    subset_fans(E, M, rs, 4, gs, bit[0] | bit[1] | bit[2] | bit[3], NULL);
}

/* Four melds in one fan take every combination of them: true if so. */
static bool four_melds(eval *E, const melds *M, rstate *rs)
{
  const mj_rules *r = E->r;
  const mj_group *const *gs = M->gs;
  bool one_suit = gs[0]->tile < MJ_HONOR_FIRST;
  for (int i = 1; i < M->n; i++)
    one_suit = one_suit && gs[i]->tile / 9 == gs[0]->tile / 9;
  if (M->n < 4)
    return false;
  for (int q = 0; q < r->ncombo[M->type][4]; q++) {
    int f = r->combo[M->type][4][q];
    if ((one_suit || !r->fans[f].q_one_suit) && mjs_fan_pos(E, f, gs, 4)) {
      combo_count(E, rs, f, (1u << M->idx[0]) | (1u << M->idx[1]) |
                  (1u << M->idx[2]) | (1u << M->idx[3]), false);
      return true;
    }
  }
  return false;
}

/* Beside a three-meld fan (melds sb[0..2]), the fourth meld sb[3] adds
   the first pair fan in the list it makes with one of the three (the
   first of them on a tie). */
static void fourth_meld(eval *E, const melds *M, const int *sb, rstate *rs)
{
  int x = sb[3], bq = -1, by = -1;
  for (int j = 0; j < 3; j++) {
    int y = sb[j];
    const mj_group *pg[2] = { M->gs[x < y ? x : y], M->gs[x < y ? y : x] };
    int q = first_fan(E, M->type, 2, pg);
    if (q >= 0 && (bq < 0 || q < bq)) {
      bq = q;
      by = y;
    }
  }
  if (bq >= 0)
    combo_count(E, rs, E->r->combo[M->type][2][bq],
                (1u << M->idx[x]) | (1u << M->idx[by]), true);
}

/* The best three-meld fan, the fourth meld's pair fan, and the pair fans
   inside the three marked as not counted: true if there was one. */
static bool three_melds(eval *E, const melds *M, rstate *rs)
{
  static const int subs[4][4] = {
    { 0, 1, 2, 3 }, { 0, 1, 3, 2 }, { 0, 2, 3, 1 }, { 1, 2, 3, 0 }
  };
  const mj_rules *r = E->r;
  int *const *list = r->combo[M->type];
  const int *cnt = r->ncombo[M->type];
  if (M->n < 3 || cnt[3] == 0)
    return false;
  int nsub = M->n == 4 ? 4 : 1, best_f = -1, best_s = -1;
  for (int s = 0; s < nsub; s++) {
    const mj_group *sg[3] = { M->gs[subs[s][0]], M->gs[subs[s][1]],
                              M->gs[subs[s][2]] };
    int q = first_fan(E, M->type, 3, sg);
    if (q >= 0 && (best_f < 0 ||
                   r->fans[list[3][q]].def.value > r->fans[best_f].def.value)) {
      best_f = list[3][q];
      best_s = s;
    }
  }
  if (best_f < 0)
    return false;
  const int *sb = subs[best_s];
  combo_count(E, rs, best_f, (1u << M->idx[sb[0]]) | (1u << M->idx[sb[1]]) |
              (1u << M->idx[sb[2]]), false);
  if (M->n == 4 && cnt[2] > 0)
    fourth_meld(E, M, sb, rs);
  for (int i = 0; i < 3 && cnt[2] > 0; i++)
    for (int j = i + 1; j < 3; j++) {
      const mj_group *pg[2] = { M->gs[sb[i]], M->gs[sb[j]] };
      int q = first_fan(E, M->type, 2, pg);
      if (q >= 0 && rs->nacc < 32) {
        acc_rec *a = &rs->acc[rs->nacc++];
        a->fan = list[2][q];
        a->by = best_f;
        a->groups = (1u << M->idx[sb[i]]) | (1u << M->idx[sb[j]]);
      }
    }
  return true;
}

/* The related pairs of melds: pf[k] the fan of melds pi[k], pj[k]; their
   number. *limit gets how many may count: melds less unrelated groups. */
static int related_pairs(eval *E, const melds *M, int pf[6], int pi[6],
                         int pj[6], int *limit)
{
  int np = 0, parent[4] = { 0, 1, 2, 3 };
  for (int i = 0; i < M->n; i++)
    for (int j = i + 1; j < M->n; j++) {
      const mj_group *pg[2] = { M->gs[i], M->gs[j] };
      int q = first_fan(E, M->type, 2, pg);
      if (q < 0)
        continue;
      pf[np] = E->r->combo[M->type][2][q], pi[np] = i, pj[np] = j, np++;
      int a = i, b = j;   /* union */
      while (parent[a] != a)
        a = parent[a];
      while (parent[b] != b)
        b = parent[b];
      parent[a] = b;
    }
  int comps = 0;
  for (int i = 0; i < M->n; i++)
    comps += parent[i] == i;
  *limit = M->n - comps;
  return np;
}

/* Pairs: every related pair, at most (melds - unrelated groups) fans,
   dropped from the last fan in the list: first repeats, then any. */
static void pairs(eval *E, const melds *M, rstate *rs)
{
  const int *cnt = E->r->ncombo[M->type];
  int pf[6], pi[6], pj[6], limit;
  int np = related_pairs(E, M, pf, pi, pj, &limit);
  bool keep[6];
  for (int k = 0; k < np; k++)
    keep[k] = true;
  int count = np;
  for (int floor = 1; floor >= 0 && count > limit; floor--)
    for (int q = cnt[2] - 1; q >= 0 && count > limit; q--) {
      int f = E->r->combo[M->type][2][q], have = 0;
      for (int k = 0; k < np; k++)
        have += keep[k] && pf[k] == f;
      for (int k = np - 1; k >= 0 && have > floor && count > limit; k--)
        if (keep[k] && pf[k] == f) {
          keep[k] = false;
          have--;
          count--;
        }
    }
  for (int k = 0; k < np; k++) {
    uint32_t m = (1u << M->idx[pi[k]]) | (1u << M->idx[pj[k]]);
    if (keep[k])
      combo_count(E, rs, pf[k], m, true);
    else if (rs->nacc < 32) {
      acc_rec *a = &rs->acc[rs->nacc++];
      a->fan = pf[k];
      a->by = -1;
      a->groups = m;
    }
  }
}

void mjs_combos(eval *E, const mj_view *v, int type, rstate *rs)
{
  melds M;
  gather(&M, v->d, type);
  if (M.n < 2)
    return;
  if (!E->r->account_once)
    every_subset(E, &M, rs);
  else if (!four_melds(E, &M, rs) && !three_melds(E, &M, rs) &&
           E->r->ncombo[type][2] > 0)
    pairs(E, &M, rs);
}

/* Is fan f counted or exempted in s already? */
static bool listed(const mj_score *s, int f)
{
  for (int i = 0; i < s->nhits; i++)
    if (s->hits[i].fan == f)
      return true;
  for (int i = 0; i < s->nexempt; i++)
    if (s->exempt[i].fan == f)
      return true;
  return false;
}

void mjs_combo_shadowed(const eval *E, mj_score *s)
{
  const mj_rules *r = E->r;
  const mj_decomp *d = &s->reading;
  if (!r->account_once || !s->win || d->shape == MJ_SHAPE_NONE)
    return;
  int nhits = s->nhits;
  for (int h = 0; h < nhits; h++) {
    const fan_c *fc = &r->fans[s->hits[h].fan];
    uint32_t mask = s->hits[h].groups;
    int t = fc->combo_type == MJ_M_CHOW ? 0 : 1, k = fc->combo_k;
    if (fc->def.kind != MJ_FK_COMBO || r->ncombo[t][k] < 2 ||
        __builtin_popcount(mask) != k)
      continue;
    /* the hit's melds, in the order the combination tables read */
    const mj_group *gs[4];
    int n = 0;
    for (int i = 0; i < d->ngroups && n < 4; i++)
      if (mask >> i & 1)
        gs[n++] = &d->groups[i];
    for (int i = 1; i < n; i++)
      for (int j = i;
           j > 0 && group_rank_key(gs[j - 1]) > group_rank_key(gs[j]); j--) {
        const mj_group *x = gs[j];
        gs[j] = gs[j - 1];
        gs[j - 1] = x;
      }
    for (int q = 0; q < r->ncombo[t][k]; q++) {
      int f2 = r->combo[t][k][q];
      if (f2 == s->hits[h].fan || listed(s, f2) ||
          s->nexempt >= MJ_MAX_HITS || !mjs_fan_pos(E, f2, gs, k))
        continue;
      mj_exempt *e = &s->exempt[s->nexempt++];
      e->fan = f2;
      e->count = 1;
      e->by = s->hits[h].fan;
      e->why = MJ_WHY_ACCOUNT_ONCE;
      e->groups = mask;
    }
  }
}

/* Do the patterns of the k-meld combination fans of type t read the
   context (seat or round wind, wilds)? Then no table holds them. */
static bool combos_dynamic(const mj_rules *r, int t, int k)
{
  for (int q = 0; q < r->ncombo[t][k]; q++) {
    const mj_fan_def *f = &r->fans[r->combo[t][k][q]].def;
    for (int p = 0; p < f->npat; p++)
      for (int m = 0; m < f->pat[p].n; m++)
        if (f->pat[p].m[m].has_set && f->pat[p].m[m].set.dyn)
          return true;
  }
  return r->ncombo[t][k] > 120;
}

/* The first fan of combo[t][k] the sorted groups match (-1 none), as
   first_fan without the tables; *one false if a second matches too
   (asked without account-once alone, where every subset counts). */
static int fans_at(const eval *E, int t, int k, const mj_group *const *gs,
                   bool *one)
{
  int first = -1;
  for (int q = 0; q < E->r->ncombo[t][k]; q++)
    if (mjs_fan_pos(E, E->r->combo[t][k][q], gs, k)) {
      if (first >= 0 || E->r->account_once) {
        *one = *one && first < 0;
        return first >= 0 ? first : q;
      }
      first = q;
    }
  return first;
}

/* Make the tables (combo2, combo3) of the combination fans whose
   patterns do not read the context; out of memory, a table is left out
   (its fans are then matched one by one, as before it was made). */
static void make_tables(mj_rules *r)
{
  static const mj_ctx none;
  eval *E = calloc(1, sizeof *E);
  if (E == NULL)
    return;
  E->r = r;
  E->ctx = &none;
  for (int t = 0; t < 2; t++) {
    int gtype = t == 0 ? MJ_G_CHOW : MJ_G_PUNG,
        top = t == 0 ? MJ_HONOR_FIRST : MJ_KINDS;
    mj_group g[3] = { { (uint8_t)gtype, 0, 0, 0 }, { (uint8_t)gtype, 0, 0, 0 },
                      { (uint8_t)gtype, 0, 0, 0 } };
    const mj_group *gs[3] = { &g[0], &g[1], &g[2] };
    int8_t *tab;
    bool one2 = true, one3 = true;
    if (r->ncombo[t][2] > 0 && !combos_dynamic(r, t, 2) &&
        (tab = malloc((size_t)MJ_KINDS * MJ_KINDS)) != NULL) {
      memset(tab, -1, (size_t)MJ_KINDS * MJ_KINDS);
      for (int a = 0; a < top; a++)
        for (int b = 0; b < top; b++) {
          g[0].tile = (mj_tile)a, g[1].tile = (mj_tile)b;
          tab[a * MJ_KINDS + b] = (int8_t)fans_at(E, t, 2, gs, &one2);
        }
      r->combo_one[t][2] = one2;
      atomic_store_explicit(&r->combo2[t], tab, memory_order_release);
    }
    size_t size = (size_t)MJ_KINDS * MJ_KINDS * MJ_KINDS;
    if (r->ncombo[t][3] > 0 && !combos_dynamic(r, t, 3) &&
        (tab = malloc(size)) != NULL) {
      memset(tab, -1, size);
      /* groups come sorted by rank, then suit: only those orders */
      for (int a = 0; a < top; a++)
        for (int b = 0; b < top; b++)
          for (int c = 0; c < top; c++) {
            g[0].tile = (mj_tile)a, g[1].tile = (mj_tile)b,
            g[2].tile = (mj_tile)c;
            if (group_rank_key(&g[0]) > group_rank_key(&g[1]) ||
                group_rank_key(&g[1]) > group_rank_key(&g[2]))
              continue;
            tab[((size_t)a * MJ_KINDS + (size_t)b) * MJ_KINDS + (size_t)c] =
              (int8_t)fans_at(E, t, 3, gs, &one3);
          }
      r->combo_one[t][3] = one3;
      atomic_store_explicit(&r->combo3[t], tab, memory_order_release);
    }
  }
  free(E);
}

void mj_combo_reset(mj_rules *r)
{
  for (int t = 0; t < 2; t++) {
    free(atomic_exchange(&r->combo2[t], NULL));
    free(atomic_exchange(&r->combo3[t], NULL));
  }
  atomic_store(&r->combo_asked, 0);
  atomic_store(&r->combo_state, 0);
}

/* }==================================================================== */
