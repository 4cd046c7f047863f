/*
** score_hand.c
** A hand scored: its context checked against the ruleset, every reading
** walked through the fan engine (score.c), the best kept; the engine's
** reusable state, and the annotations an explanation needs.
*/
#include "score.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "score_int.h"

/* The names of the flags of mask (and "open"), joined by "and". */
static void flag_list(unsigned mask, char *out, size_t cap)
{
  static const char *const flag_names[] = {
    "self", "last", "wall-last", "kong", "rob", "first", "touji", "jiebao",
    "sibao", "kaigang", "qishou", "riichi", "double", "ippatsu"
  };
  size_t len = 0;
  out[0] = '\0';
  for (int k = 0; k < 14; k++)
    if (mask & (1u << k))
      mj_catf(out, cap, &len, "%s%s", len ? " and " : "", flag_names[k]);
  if (mask & MJ_REFUSE_OPEN)
    mj_catf(out, cap, &len, "%s%s", len ? " and " : "", "an open meld");
}

/* What the table plays (no honor in 108 tiles, no flower without them)
   and the context flags r lets a win hold together (exclusive). */
static mj_status check_table(const mj_rules *r, const mj_hand *h,
                             mj_error *err)
{
  const mj_ctx *c = mj_hand_cctx(h);
  if ((r->table.set & (MJ_BIT(MJ_KINDS) - 1)) != MJ_BIT(MJ_KINDS) - 1) {
    uint8_t all[MJ_KINDS];
    mj_hand_all_counts(h, all);
    for (int i = 0; i < c->ndora && i < MJ_MAX_INDICATORS; i++)
      if (c->dora[i] < MJ_KINDS)                  /* the indicators too */
        all[c->dora[i]] |= 1;
    for (int i = 0; i < c->nura && i < MJ_MAX_INDICATORS; i++)
      if (c->ura[i] < MJ_KINDS)
        all[c->ura[i]] |= 1;
    bool suits_only = r->table.set == mj_table_set_of(108);
    for (int t = 0; t < MJ_KINDS; t++)
      if (all[t] && !(r->table.set & MJ_BIT(t))) {
        char b[3];
        return suits_only
          ? mj_fail(err, MJ_EINVAL, 0, "%s is an honor: ruleset %s plays 108 "
                    "tiles, the three suits only", mj_tile_str((mj_tile)t, b),
                    r->id)
          : mj_fail(err, MJ_EINVAL, 0, "%s is none of ruleset %s's tiles "
                    "(its wall has no %s)", mj_tile_str((mj_tile)t, b), r->id,
                    mj_tile_str((mj_tile)t, b));
      }
  }
  bool reds = mj_hand_reds(h) > 0 || c->ind_red != 0;
  for (int su = 0; su < 3 && reds; su++) {   /* red fives: the ruleset's */
    int n = mj_hand_red(h, su);
    for (int i = 0; i < mj_hand_nmelds(h); i++)
      if (mj_hand_melds(h)[i].tile / 9 == su)
        n += mj_hand_meld_red(h, i);
    int ind = 0;   /* and the red ones turned as indicators */
    for (int w = 0; w < 2; w++)
      for (int i = 0; i < (w ? c->nura : c->ndora); i++)
        ind += (c->ind_red >> (w * 8 + i) & 1) &&
               (w ? c->ura[i] : c->dora[i]) / 9 == su;
    n += ind;
    int most = r->table.red_suits >> su & 1 ? r->table.red_fives : 0;
    if (n > most)
      return most == 0
                 ? mj_fail(err, MJ_EINVAL, 0, "0%c is a red five: ruleset %s "
                           "plays without red fives of %c", "mps"[su], r->id,
                           "mps"[su])
             : ind > 0
                 ? mj_fail(err, MJ_EINVAL, 0, "%d red fives of %c in the "
                           "hand and the indicators: ruleset %s has %d",
                           n, "mps"[su], r->id, most)
                 : mj_fail(err, MJ_EINVAL, 0, "%d red fives of %c: ruleset "
                           "%s has %d", n, "mps"[su], r->id, most);
  }
  if (c->flowers > 0 && !r->table.flowers)
    return mj_fail(err, MJ_EINVAL, 0,
                   "flowers=%d: ruleset %s plays without flowers",
                   c->flowers, r->id);
  unsigned both = c->flags & mj_rules_exclusive(r);
  if (both & (both - 1)) {
    char names[80];
    flag_list(both, names, sizeof names);
    return mj_fail(err, MJ_EINVAL, 0,
                   "%s cannot both hold: in ruleset %s a win has one of them "
                   "at most", names, r->id);
  }
  bool open = false;
  for (int i = 0; i < mj_hand_nmelds(h); i++)
    open = open || mj_hand_melds(h)[i].type != MJ_CKONG;
  unsigned has = c->flags | (open ? MJ_REFUSE_OPEN : 0);
  for (int i = 0; i < r->nrefuse; i++)
    if ((has & r->refuse_on[i]) == r->refuse_on[i] &&
        !(has & r->refuse_off[i])) {
      char on[80], off[80];
      flag_list(r->refuse_on[i], on, sizeof on);
      flag_list(r->refuse_off[i], off, sizeof off);
      return mj_fail(err, MJ_EINVAL, 0, "ruleset %s refuses %s%s%s in one "
                     "win", r->id, on, off[0] ? " without " : "", off);
    }
  return MJ_OK;
}

/* The tiles set aside (kita=N) the context counts: each was replaced
   from the tail, as a kong is. */
static int aside_words(const mj_rules *r, const mj_ctx *c)
{
  int n = 0;
  for (int k = 0; k < r->table.ndecls; k++)
    for (int i = 0; r->table.decls[k].word[0] && i < c->nwords; i++)
      if (strcmp(c->words[i].name, r->table.decls[k].word) == 0)
        n += c->words[i].value;
  return n;
}

/* What the hand shows of the robbed kong, the replacement's kong and the
   first draw, and the indicators turned up: none may be more than the
   wall holds. */
static mj_status check_visible(const mj_rules *r, const mj_hand *h,
                               mj_error *err)
{
  const mj_ctx *c = mj_hand_cctx(h);
  uint8_t all[MJ_KINDS];
  mj_hand_all_counts(h, all);
  int kongs = 0;
  for (int i = 0; i < mj_hand_nmelds(h); i++)
    kongs += mj_hand_melds(h)[i].type == MJ_KONG ||
             mj_hand_melds(h)[i].type == MJ_CKONG;
  char b[3];
  if ((c->flags & MJ_CTX_KONG) && (c->flags & MJ_CTX_SELF) && kongs == 0 &&
      aside_words(r, c) == 0 &&
      !(r->table.flower_kong && (c->flowers > 0 || c->flower_set != 0)))
    return mj_fail(err, MJ_EINVAL, 0, "kong (a win on a kong's replacement "
                   "tile) but the hand has no kong");
  if ((c->flags & MJ_CTX_FIRST) && mj_hand_nmelds(h) > 0)
    return mj_fail(err, MJ_EINVAL, 0, "first (a win in the first go-around) "
                   "with a meld declared");
  uint8_t seen[MJ_KINDS];
  memcpy(seen, all, sizeof seen);
  for (int i = 0; i < c->ndora; i++)
    if (c->dora[i] >= MJ_KINDS)
      return mj_fail(err, MJ_EINVAL, 0, "a dora indicator is a playing tile, "
                     "never a flower");
    else
      seen[c->dora[i]]++;
  for (int i = 0; i < c->nura; i++)
    if (c->ura[i] >= MJ_KINDS)
      return mj_fail(err, MJ_EINVAL, 0, "an ura indicator is a playing "
                     "tile, never a flower");
    else
      seen[c->ura[i]]++;
  if ((c->flags & MJ_CTX_ROB) && seen[c->win] > 1)
    return mj_fail(err, MJ_EINVAL, 0, "rob (robbing a kong) but another %s "
                   "is in sight: the other three are in the robbed kong",
                   mj_tile_str(c->win, b));
  int over = MJ_KINDS;   /* the first kind past 4 by its indicators */
  for (int i = 0; i < c->ndora + c->nura; i++) {
    int t = i < c->ndora ? c->dora[i] : c->ura[i - c->ndora];
    if (seen[t] > 4 && all[t] <= 4 && t < over)
      over = t;
  }
  if (over < MJ_KINDS)
    return mj_fail(err, MJ_EINVAL, 0, "5 copies of %s counting the dora "
                   "and ura indicators (at most 4)",
                   mj_tile_str((mj_tile)over, b));
  return MJ_OK;
}

/* The words of the ruleset's own in the context: each one r declares,
   each count within its range. */
static mj_status check_words(const mj_rules *r, const mj_ctx *c,
                             mj_error *err)
{
  for (int i = 0; i < c->nwords; i++) {
    int k = mj_rules_find_word(r, c->words[i].name);
    if (k < 0) {
      char own[80] = "";
      size_t len = 0;
      for (int q = 0; q < r->nwords; q++)
        mj_catf(own, sizeof own, &len, "%s%s=", q ? " " : "",
                r->words[q].name);
      return mj_fail(err, MJ_EINVAL, 0, "unknown context token '%s=' (ruleset "
                     "%s's own words: %s)", c->words[i].name, r->id,
                     len ? own : "none");
    }
    if (c->words[i].value > r->words[k].max)
      return mj_fail(err, MJ_ERANGE, 0, "%s=%d: ruleset %s allows 0..%d",
                     c->words[i].name, c->words[i].value, r->id,
                     r->words[k].max);
  }
  int np = r->table.players;
  if (c->seat >= np || c->round >= np)
    return mj_fail(err, MJ_ERANGE, 0, "%s=%c: ruleset %s seats %d (%.*s)",
                   c->seat >= np ? "seat" : "round",
                   "ESWN"[(c->seat >= np ? c->seat : c->round) & 3], r->id,
                   np, 3 * np - 2, "E, S, W, N");
  return MJ_OK;
}

/*
** What the context says must be possible under r: the tokens that belong
** to a ruleset are those r reads, and 接宝 is won on a wild.
*/
static mj_status check_context(const mj_rules *r, const mj_hand *h,
                               mj_error *err)
{
  const mj_ctx *c = mj_hand_cctx(h);
  unsigned stray = c->owned & ~r->tokens;
  if (stray) {
    char own[80] = "";
    size_t len = 0;
    for (int k = 0; k < MJ_TOKEN_COUNT; k++)
      if (r->tokens & (1u << k))
        mj_catf(own, sizeof own, &len, "%s%s", len ? " " : "",
                mj_ctx_token_name(k));
    return mj_fail(err, MJ_EINVAL, 0,
                   "the context token %s is not read by "
                   "ruleset %s (its own tokens: %s)",
                   mj_ctx_token_name(__builtin_ctz(stray)), r->id,
                   len ? own : "none");
  }
  mj_status st = check_words(r, c, err);
  if (st == MJ_OK)
    st = check_table(r, h, err);
  if (st == MJ_OK)
    st = check_visible(r, h, err);
  if (st != MJ_OK)
    return st;
  if ((c->flags & MJ_CTX_KONG) && !(c->flags & MJ_CTX_SELF) &&
      !r->table.kong_discard)
    return mj_fail(err, MJ_EINVAL, 0,
                   "kong (a win on a kong's replacement tile) requires "
                   "self (ruleset %s has no win on a discard made after "
                   "the discarder's kong)", r->id);
  if ((c->flags & MJ_CTX_JIEBAO) &&
      !(mj_hand_wild(h, mj_rules_wild(r)) & MJ_BIT(c->win))) {
    char b[3];
    return mj_fail(err, MJ_EINVAL, 0,
                   "jiebao (接宝) claims a discarded wild, "
                   "but the winning tile %s is not wild",
                   mj_tile_str(c->win, b));
  }
  /* what the table rules forbid: a chow, a discard win, a meld of wilds */
  const mj_meld *m = mj_hand_melds(h);
  mj_tileset wild =
      mj_hand_wild(h, (r->tokens & MJ_TOKEN_GUI) ? 0 : mj_rules_wild(r));
  for (int i = 0; i < mj_hand_nmelds(h); i++) {
    char b[3];
    if (m[i].type == MJ_CHOW && !r->table.chow)
      return mj_fail(err, MJ_EINVAL, 0,
                     "a chow: ruleset %s has none (table rule chow = false)",
                     r->id);
    if (m[i].type != MJ_CHOW && (wild & MJ_BIT(m[i].tile)) &&
        !r->table.wild_melds)
      return mj_fail(err, MJ_EINVAL, 0,
                     "a meld of %s, a wild tile: in ruleset %s wild tiles "
                     "never enter a pung or kong (table rule wild_melds = "
                     "false)", mj_tile_str(m[i].tile, b), r->id);
  }
  if (r->table.self_draw_only && !(c->flags & (MJ_CTX_SELF | MJ_CTX_ROB))) {
    /* a state that opens a discard win (接宝) lets it through */
    bool opened = false;
    for (int i = 0; i < r->table.nstates; i++) {
      const mj_state_def *d = &r->table.states[i];
      if (d->on == MJ_STATE_DISCARD && d->token >= 0 &&
          (c->flags & mj_ctx_token_flag(d->token)))
        opened = true;
    }
    if (!opened)
      return mj_fail(err, MJ_EINVAL, 0,
                     "a win on a discard: ruleset %s counts self-drawn wins "
                     "only (and robbing a kong); add self", r->id);
  }
  return MJ_OK;
}

/* A result with no win in it. */
static void score_empty(mj_score *out, const mj_rules *r)
{
  out->win = out->meets_min = false;
  out->total = out->bonus = out->base = out->doublings = out->fixed = 0;
  out->fan = out->plus = 0;
  out->nhits = out->nexempt = out->nreadings = out->nstates = 0;
  out->other_total = 0;
  out->other_fan = -1;
  out->min = r->table.min_points;
  out->reading.shape = MJ_SHAPE_NONE;
  out->reading.ngroups = out->reading.nwild = 0;
}

/* The dealt tiles, judged as they are: no winning tile, no reading. */
static mj_status prepare_dealt(eval *E, const mj_rules *r, const mj_hand *h,
                               mj_score *out)
{
  mj_tileview_init(&E->full, h, E->wild);
  E->win_face = false;
  E->unique = -1;
  E->wgroup = -1;
  E->pre_ready = false;
  E->fixed_tiles = false;
  score_empty(out, r);
  return MJ_OK;
}

mj_status mjs_prepare(eval *E, const mj_rules *r, const mj_hand *h,
                      mj_score *out, mj_error *err)
{
  /* every field is set here or before it is read (pre: by mjs_pre_view) */
  E->st = MJ_OK;
  E->nread = 0;
  E->wgroup = -1;
  E->alt_own = E->alt_fixed = 0;
  E->alt_fan = -1;
  E->wild_single = false;
  E->r = r;
  E->h = h;
  E->ctx = mj_hand_cctx(h);
  E->err = err;
  E->best = out;
  mj_error_clear(err);
  if (!r->finished)
    return mj_fail(err, MJ_ESTATE, 0, "the ruleset is not complete");
  mj_status st = mj_hand_check(h, MJ_CHECK_WIN, err);
  if (st != MJ_OK)
    return st;
  if (mj_hand_sets(h) != r->table.hand / 3)
    return mj_fail(err, MJ_EINVAL, 0,
                   "wrong tile count: %d concealed tiles with %d melds: a "
                   "win of ruleset %s has %d tiles (%d sets and a pair)",
                   mj_hand_ntiles(h), mj_hand_nmelds(h), r->id,
                   r->table.hand + 1, r->table.hand / 3);
  st = check_context(r, h, err);
  if (st != MJ_OK)
    return st;
  /* a ruleset reading gui= takes its ghosts from it alone (absent: none) */
  E->wild = mj_hand_wild(h, (r->tokens & MJ_TOKEN_GUI) ? 0 : mj_rules_wild(r));
  mj_hand_all_counts(h, E->held);
  E->nwilds = 0;
  for (mj_tileset w = E->wild; w; w &= w - 1)
    E->nwilds += mj_hand_counts(h)[__builtin_ctzll(w)];
  if (E->ctx->que < 3) {
    /* 定缺: a hand holding its missing suit is no win (血战到底) */
    static const char *const names[] = { "万 m", "筒 p", "条 s" };
    for (int t = E->ctx->que * 9; t < E->ctx->que * 9 + 9; t++)
      if (E->held[t])
        return mj_fail(err, MJ_ENOTWIN, 0,
                       "not a win: the hand holds its missing suit (%s, "
                       "que=%c)", names[E->ctx->que], "mps"[E->ctx->que]);
  }
  E->flags = E->ctx->flags;
  if (E->flags & MJ_CTX_QISHOU)
    return prepare_dealt(E, r, h, out);
  /* the last of its kind: the other three are in one's own melds */
  int in_melds = E->held[E->ctx->win] - mj_hand_counts(h)[E->ctx->win];
  if (in_melds == 3 && (r->tokens & MJ_TOKEN_LAST))
    E->flags |= MJ_CTX_LAST;
  mj_tileview_init(&E->full, h, E->wild);
  /* a wild taken from another player (a discard, a robbed kong) is at
     face value; 接宝 alone takes it as a wild */
  E->win_face = (E->wild & MJ_BIT(E->ctx->win)) &&
                !(E->flags & (MJ_CTX_SELF | MJ_CTX_JIEBAO));
  if (E->win_face) {
    mj_tileview_remove(&E->full, E->ctx->win);
    mj_tileview_add_face(&E->full, E->ctx->win);
  }
  /* the hand before the win (its view is made when first needed) */
  E->unique = -1;
  E->pre_ready = false;
  bool wild_held = false;
  if (E->wild) {
    for (int t = 0; t < MJ_KINDS; t++)
      if ((E->wild & MJ_BIT(t)) && mj_hand_counts(h)[t])
        wild_held = true;
    const mj_tileview *pv = mjs_pre_view(E);
    E->wild_single = mj_wild_single(pv);
  }
  if ((E->flags & MJ_CTX_TOUJI) && !E->wild_single)
    return mj_fail(err, MJ_EINVAL, 0,
                   "touji (偷机) but before the winning tile the hand was not "
                   "in 宝吊头 (four complete melds and one lone wild)");
  E->fixed_tiles = !wild_held;
  if (E->fixed_tiles) {
    /* every reading has the hand's tiles: the concealed ones of the
       view, and the declared melds' */
    mj_tileset present = E->full.at[0], four = E->full.at[3];
    const mj_meld *m = mj_hand_melds(h);
    for (int i = 0; i < mj_hand_nmelds(h); i++) {
      present |= MJ_BIT(m[i].tile);
      if (m[i].type == MJ_CHOW) {
        present |= MJ_BIT(m[i].tile + 1) | MJ_BIT(m[i].tile + 2);
        for (int k = 0; k < 3; k++)
          if (E->held[m[i].tile + k] >= 4)
            four |= MJ_BIT(m[i].tile + k);
      } else if (E->held[m[i].tile] >= 4) {
        four |= MJ_BIT(m[i].tile);
      }
    }
    E->hpresent = present;
    E->hogs = mj_set_count(four);
    mj_view v;
    mjs_build_view(E, NULL, &v);
    mjs_tile_filter(E, &v, E->tile_ok);
  }
  score_empty(out, r);
  return MJ_OK;
}

/* One evaluation buffer per thread kept for its next hand (a nested
** call, from a fan's Lua test, gets its own; mj_score_release frees the
** calling thread's). */
static _Thread_local eval *spare;

eval *mjs_eval_get(void)
{
  eval *E = spare;
  spare = NULL;
  return E != NULL ? E : malloc(sizeof *E);
}

void mj_score_release(void)
{
  free(spare);
  spare = NULL;
  mj_analysis_release();
}

void mjs_eval_put(eval *E)
{
  if (spare == NULL)
    spare = E;
  else
    free(E);
}

void mj_score_annotate(const mj_rules *r, const mj_hand *h, mj_score *s)
{
  if (!s->win || !r->account_once)
    return;
  eval *E = mjs_eval_get();
  mj_score *tmp = malloc(sizeof *tmp);
  if (E != NULL && tmp != NULL && mjs_prepare(E, r, h, tmp, NULL) == MJ_OK)
    mjs_combo_shadowed(E, s);
  free(tmp);
  if (E != NULL)
    mjs_eval_put(E);
}

mj_status mj_score_hand(const mj_rules *r, const mj_hand *h, mj_score *out,
                        mj_error *err)
{
  eval *E = mjs_eval_get();
  if (E == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  mj_status st = mjs_prepare(E, r, h, out, err);
  if (st == MJ_OK) {
    int count = 0;
    if (E->flags & MJ_CTX_QISHOU)
      mjs_on_reading(NULL, E);         /* a declaration: no reading */
    else
      mj_decompose_view(h, &E->full, &r->shapes, mjs_on_reading, E, &count);
    if (E->st == MJ_OK && r->any_none && !(E->flags & MJ_CTX_QISHOU))
      mjs_on_reading(NULL, E);
    st = E->st;
    if (!out->win)
      score_empty(out, r);   /* the last reading tried may be in it */
    out->nreadings = E->nread;
    if (out->win && E->alt_own > 0 && E->alt_fixed > 0) {
      bool fixed_taken = out->reading.shape == MJ_SHAPE_NONE;
      out->other_total = fixed_taken ? E->alt_own : E->alt_fixed;
      out->other_fan = fixed_taken ? -1 : E->alt_fan;
    }
    if (st == MJ_OK && !out->win && E->nread > 0 &&
        r->scoring == MJ_SCORING_PARTS)
      st = mj_fail(err, MJ_ENOTWIN, 0, "no yaku holds: a winning shape, "
                   "but ruleset %s needs a yaku (bonus ones such as dora "
                   "alone make no win)", r->id);
    else if (st == MJ_OK && !out->win)
      st = (E->flags & MJ_CTX_QISHOU)
               ? mj_fail(err, MJ_ENOTWIN, 0, "nothing to declare: the dealt "
                         "tiles make no declaration of the ruleset's")
               : mj_fail(err, MJ_ENOTWIN, 0, "not a winning hand");
  }
  mjs_eval_put(E);
  return st;
}

