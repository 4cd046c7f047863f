/*
** review.c
** A hand reviewed after the fact (see review.h). The game is replayed
** decision by decision; before each of the seat's own decisions with a
** choice the strong bot is asked what it would do, seeing what the
** seat saw.
*/
#include "i18n.h"
#include "review.h"

#include <stdlib.h>
#include <string.h>

#include "bot.h"

static bool same_action(const mj_action *a, const mj_action *b)
{
  return a->type == b->type && a->tile == b->tile;
}

/* The bot's view of the discard of t, from evals[0..n). */
static const mj_discard_eval *eval_of(const mj_discard_eval *ev, int n,
                                      mj_tile t)
{
  for (int i = 0; i < n; i++)
    if (ev[i].tile == t)
      return &ev[i];
  return NULL;
}

static mj_review_item *push(mj_review *rv, int *cap)
{
  if (rv->nitems == *cap) {
    int c = *cap ? *cap * 2 : 16;
    mj_review_item *p = realloc(rv->items, sizeof *p * (size_t)c);
    if (p == NULL)
      return NULL;
    rv->items = p;
    *cap = c;
  }
  mj_review_item *it = &rv->items[rv->nitems++];
  memset(it, 0, sizeof *it);
  it->your_target = it->bot_target = "-";
  return it;
}

/* Fill the discard columns of it from the bot's evaluations. */
static void compare_discards(const mj_game *x, int p, mj_review_item *it)
{
  mj_discard_eval ev[MJ_KINDS];
  int n = mj_bot_discards(x, p, ev, MJ_KINDS);
  const mj_discard_eval *a = eval_of(ev, n, it->yours.tile),
                        *b = eval_of(ev, n, it->bot.tile);
  if (a == NULL || b == NULL)
    return;
  it->discards = true;
  it->your_shanten = a->shanten, it->your_useful = a->useful;
  it->bot_shanten = b->shanten, it->bot_useful = b->useful;
  it->your_target = mj_bot_aim_name(mj_game_rules(x), a->target);
  it->bot_target = mj_bot_aim_name(mj_game_rules(x), b->target);
}

/* The decision at action index i of p (a, the bot's b) added to out,
   with the shanten, useful tiles and reasons of a discard that differs;
   false when memory ran out. */
static bool add_item(const mj_game *x, int p, int i, const mj_action *a,
                     const mj_action *b, mj_review *out, int *cap)
{
  /* the others named as the table names them from p's seat */
  static const char *const rel[4] = { N_("you"), N_("Right"), N_("Across"),
                                      N_("Left") };
  const char *seats[4];
  for (int q = 0; q < 4; q++)
    seats[q] = _(rel[mj_seat_rel(mj_game_players(x), q - p)]);
  mj_review_item *it = push(out, cap);
  if (it == NULL)
    return false;
  it->index = i;
  it->number = out->decisions;
  it->wall = mj_game_wall_left(x);
  it->yours = *a;
  it->bot = *b;
  it->differ = !same_action(a, b);
  out->differ += it->differ;
  if (it->differ && a->type == MJ_ACT_DISCARD && b->type == MJ_ACT_DISCARD) {
    compare_discards(x, p, it);
    if (it->discards)
      mj_bot_why_richer(x, p, b->tile, a->tile, it->richer,
                        sizeof it->richer);
    if (it->discards && it->bot_shanten == it->your_shanten &&
        it->richer[0] == '\0')
      mj_bot_why_safer(x, p, b->tile, a->tile, seats, it->why,
                       sizeof it->why);
    out->further += it->discards && it->your_shanten > it->bot_shanten;
  }
  return true;
}

mj_status mj_review_game(const mj_game *g, int p, mj_review *out,
                         mj_error *err)
{
  memset(out, 0, sizeof *out);
  out->seat = p;
  out->winner = -1;
  const mj_game_cfg *cfg = mj_game_config(g);
  mj_bot *bot = mj_bot_new("strong", cfg->seed * 4 + (uint64_t)p);
  mj_game *x = mj_game_new(mj_game_rules(g), cfg, err);
  if (bot == NULL || x == NULL) {
    mj_bot_free(bot);
    mj_game_free(x);
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  }
  int cap = 0, n = mj_game_nactions(g), last_out = -1, last_item = -1;
  mj_status st = MJ_OK;
  for (int i = 0; i < n && st == MJ_OK; i++) {
    const mj_action *a = mj_game_action(g, i);
    if (a->player == p) {
      mj_action b;
      int nl = mj_bot_decide(bot, x, p, &b);
      bool gives = a->type == MJ_ACT_DISCARD || a->type == MJ_ACT_AKONG;
      if (nl > 1) {
        out->decisions++;
        if (!same_action(a, &b) || gives) {
          if (!add_item(x, p, i, a, &b, out, &cap)) {
            st = mj_fail(err, MJ_ENOMEM, 0, "out of memory");
            break;
          }
          if (gives)
            last_item = out->nitems - 1;
        }
      }
      if (gives)
        last_out = i;
    }
    if (mj_game_act(x, a, err) != MJ_OK)
      st = mj_game_fault(x) != NULL ? MJ_ERULES : MJ_EINVAL;
  }
  /* dealt in: the hand was won on the last tile this seat gave */
  int w[MJ_MAX_WINS];
  if (st == MJ_OK && mj_game_over(g) && mj_game_payer(g) == p &&
      mj_game_winners(g, w) > 0 && last_out >= 0) {
    out->winner = w[0];
    out->dealt_in = mj_game_result(g, 0)->total;
    if (last_item >= 0 && out->items[last_item].index == last_out)
      out->items[last_item].dealt_in = true;
  }
  /* keep only the differing decisions and the deal-in */
  int k = 0;
  for (int i = 0; i < out->nitems; i++)
    if (out->items[i].differ || out->items[i].dealt_in)
      out->items[k++] = out->items[i];
  out->nitems = k;
  mj_bot_free(bot);
  mj_game_free(x);
  if (st != MJ_OK)
    mj_review_free(out);
  return st;
}

void mj_review_free(mj_review *rv)
{
  free(rv->items);
  rv->items = NULL;
  rv->nitems = 0;
}
