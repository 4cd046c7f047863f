/*
** gameutil.c
** Helpers for the game tests (gameutil.h).
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "action.h"
#include "gameutil.h"
#include "replay.h"
#include "score.h"
#include "analysis.h"

static mj_host *H;

int gu_setup(void **state)
{
  (void)state;
  mj_error e;
  H = mj_host_new(NULL, &e);
  return H == NULL;
}

int gu_teardown(void **state)
{
  (void)state;
  mj_host_free(H);
  mj_score_release();
  return 0;
}

mj_host *gu_host(void) { return H; }

const mj_rules *gu_rules(const char *id)
{
  const mj_rules *r;
  mj_error e;
  if (mj_host_get(H, id, &r, &e) != MJ_OK)
    fail_msg("%s: %s", id, e.msg);
  return r;
}

/* Every tile is somewhere: hands, melds, discards, flowers, the wall. */
void gu_check_tiles(const mj_game *g, int total)
{
  int n = mj_game_wall_left(g) + (mj_game_indicator(g) != MJ_NO_TILE);
  for (int p = 0; p < 4; p++) {
    const mj_hand *h = mj_game_hand(g, p);
    n += mj_hand_ntiles(h);
    for (int i = 0; i < mj_hand_nmelds(h); i++)
      n += mj_meld_size(&mj_hand_melds(h)[i]);
    const mj_tile *d;
    const uint8_t *taken;
    int nd = mj_game_discards(g, p, &d, &taken);
    for (int i = 0; i < nd; i++)
      n += !taken[i];
    n += mj_game_flowers(g, p, NULL);
  }
  /* a robbed kong's tile is held by no one until the hand ends, and a
     tile won on a discard or a kong is only in the winning hand */
  int from;
  if (mj_game_phase(g) == MJ_PHASE_ROB &&
      mj_game_pending(g, &from) != MJ_NO_TILE)
    n++;
  int w[MJ_MAX_WINS];
  if (mj_game_over(g) && mj_game_winners(g, w) > 0 && mj_game_payer(g) >= 0)
    n++;
  if (n != total)
    fail_msg("%d tiles accounted for, %d in the set", n, total);
}

/* Play one game with bots, checking the tiles after every action. */
mj_game *gu_play(const mj_rules *r, uint64_t seed, const char *kind, bool check)
{
  mj_game_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.seed = seed;
  cfg.dealer = (int)(seed & 3);
  cfg.round = (int)(seed >> 2 & 3);
  mj_error e;
  mj_game *g = mj_game_new(r, &cfg, &e);
  if (g == NULL)
    fail_msg("new game: %s", e.msg);
  mj_bot *b[4];
  for (int p = 0; p < 4; p++)
    b[p] = mj_bot_new(kind, seed * 4 + (uint64_t)p);
  int total = mj_rules_ctable(r)->tiles;
  mj_action legal[MJ_MAX_LEGAL];
  int steps = 0;
  while (!mj_game_over(g)) {
    unsigned w = mj_game_waiting(g);
    assert_true(w != 0);
    assert_true(++steps < 2000);
    for (int p = 0; p < 4; p++) {
      if (!(w >> p & 1))
        continue;
      int n = mj_game_legal(g, p, legal, MJ_MAX_LEGAL);
      assert_true(n > 0);
      int i = mj_bot_choose(b[p], g, p, legal, n);
      if (mj_game_act(g, &legal[i], &e) != MJ_OK)
        fail_msg("seed %llu: %s", (unsigned long long)seed, e.msg);
      if (check)
        gu_check_tiles(g, total);
      break;
    }
  }
  for (int p = 0; p < 4; p++)
    mj_bot_free(b[p]);
  return g;
}

void gu_replay_matches(const mj_rules *r, const mj_game *g)
{
  char *log = mj_replay_write(g, NULL, "", NULL, false);
  assert_non_null(log);
  mj_replay rp;
  mj_error e;
  if (mj_replay_parse(log, strlen(log), &rp, &e) != MJ_OK)
    fail_msg("parse: %s", e.msg);
  mj_game *x = mj_replay_build(&rp, r, -1, &e);
  if (x == NULL)
    fail_msg("replay: %s", e.msg);
  assert_int_equal(mj_game_nevents(x), mj_game_nevents(g));
  for (int i = 0; i < mj_game_nevents(g); i++)
    assert_memory_equal(mj_game_event(x, i), mj_game_event(g, i),
                        sizeof(mj_event));
  int a[4], b[4];
  mj_game_scores(g, a);
  mj_game_scores(x, b);
  assert_memory_equal(a, b, sizeof a);
  /* and writing it again gives the same text, byte for byte */
  char *again = mj_replay_write(x, NULL, "", NULL, false);
  assert_string_equal(log, again);
  free(again);
  mj_game_free(x);
  mj_replay_free(&rp);
  free(log);
}

void gu_invariants(const char *id, int games, const char *kind)
{
  const mj_rules *r = gu_rules(id);
  int wins = 0;
  for (int i = 0; i < games; i++) {
    mj_game *g = gu_play(r, (uint64_t)i, kind, i < 2000);
    int s[4], w[MJ_MAX_WINS], pay[4], sum[4] = { 0, 0, 0, 0 };
    mj_game_scores(g, s);
    assert_int_equal(s[0] + s[1] + s[2] + s[3], 0);
    /* the payments are the ledger's sum, entry by entry */
    const mj_payment *l;
    int nl = mj_game_ledger(g, &l);
    for (int k = 0; k < nl; k++) {
      assert_true(l[k].amount > 0);
      assert_true(l[k].payer != l[k].payee);
      assert_true(l[k].payer >= 0 && l[k].payer < 4);
      assert_true(l[k].payee >= 0 && l[k].payee < 4);
      assert_true(l[k].event >= 0 && l[k].event < mj_game_nevents(g));
      if (strcmp(mj_game_reason(g, l[k].reason), "win") == 0)
        assert_int_equal(mj_game_event(g, l[k].event)->type, MJ_EV_WIN);
      sum[l[k].payer] -= l[k].amount;
      sum[l[k].payee] += l[k].amount;
    }
    mj_game_payments(g, pay);
    assert_memory_equal(sum, pay, sizeof sum);
    assert_true(nl > 0 || mj_game_winners(g, w) == 0 ||
                (pay[0] | pay[1] | pay[2] | pay[3]) == 0);
    wins += mj_game_winners(g, w) > 0;
    if (i % 10 == 0)
      gu_replay_matches(r, g);
    mj_game_free(g);
  }
  assert_true(wins > 0);
}

/*
** A wall: the four hands dealt (dealer first, 13 each), the draws from
** the head in order, the draws from the tail in order; the rest filled
** with tiles nobody uses.
*/
int gu_make_wall(mj_tile *out, const char *hands[4], const char *draws,
                 const char *tail)
{
  mj_tile head[144], back[32];
  int nh = 0, nb = 0, k;
  uint8_t used[MJ_ALL_TILES] = { 0 };
  for (int p = 0; p < 4; p++) {
    assert_int_equal(mj_tiles_parse(hands[p], strlen(hands[p]), 1, true,
                                    head + nh, NULL, 14, &k, NULL),
                     MJ_OK);
    assert_int_equal(k, 13);
    nh += k;
  }
  assert_int_equal(mj_tiles_parse(draws, strlen(draws), 1, true, head + nh,
                                  NULL, 60, &k, NULL),
                   MJ_OK);
  nh += k;
  assert_int_equal(
      mj_tiles_parse(tail, strlen(tail), 1, true, back, NULL, 32, &nb, NULL),
      MJ_OK);
  for (int i = 0; i < nh; i++)
    used[head[i]]++;
  for (int i = 0; i < nb; i++)
    used[back[i]]++;
  int n = 0;
  for (int i = 0; i < nh; i++)
    out[n++] = head[i];
  /* filler: honors and terminals nobody asked for, in a fixed order */
  for (int t = MJ_KINDS - 1; t >= 0 && n < 120 - nb; t--)
    while (used[t] < 4 && n < 120 - nb) {
      used[t]++;
      out[n++] = (mj_tile)t;
    }
  for (int i = nb - 1; i >= 0; i--)
    out[n++] = back[i];
  return n;
}

mj_game *gu_scenario(const char *id, const char *hands[4], const char *draws,
                     const char *tail, int dice)
{
  mj_tile wall[144];
  int n = gu_make_wall(wall, hands, draws, tail);
  mj_game_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.wall = wall;
  cfg.wall_n = n;
  cfg.dice = dice > 0 ? dice : 2;
  mj_error e;
  mj_game *g = mj_game_new(gu_rules(id), &cfg, &e);
  if (g == NULL)
    fail_msg("scenario: %s", e.msg);
  return g;
}

bool gu_has(const mj_game *g, int p, int type, const char *tile)
{
  mj_action l[MJ_MAX_LEGAL];
  mj_tile t = MJ_NO_TILE;
  if (tile)
    assert_int_equal(mj_tile_parse(tile, strlen(tile), &t, NULL), MJ_OK);
  int n = mj_game_legal(g, p, l, MJ_MAX_LEGAL);
  for (int i = 0; i < n; i++)
    if (l[i].type == type && (tile == NULL || l[i].tile == t))
      return true;
  return false;
}

void gu_act(mj_game *g, int p, int type, const char *tile)
{
  mj_action a = { (uint8_t)type, (uint8_t)p, MJ_NO_TILE, 0 };
  if (tile)
    assert_int_equal(mj_tile_parse(tile, strlen(tile), &a.tile, NULL), MJ_OK);
  else
    a.tile = mj_game_pending(g, NULL);
  if (type == MJ_ACT_WIN && mj_game_phase(g) == MJ_PHASE_TURN)
    a.tile = mj_game_last_draw(g);
  mj_error e;
  if (mj_game_act(g, &a, &e) != MJ_OK)
    fail_msg("act %s by %d: %s", mj_act_name(type), p, e.msg);
}

/* Everyone who may claim passes. */
void gu_all_pass(mj_game *g)
{
  unsigned w;
  while (mj_game_phase(g) != MJ_PHASE_TURN && !mj_game_over(g) &&
         (w = mj_game_waiting(g)))
    for (int p = 0; p < 4; p++)
      if (w >> p & 1) {
        gu_act(g, p, MJ_ACT_PASS, NULL);
        break;
      }
}

const char *gu_fans(const mj_game *g, int k)
{
  static char line[512];
  mj_score_fans_line(mj_game_rules(g), mj_game_result(g, k), line, sizeof line);
  return line;
}

/* The kinds on which q wins on a discard now, the minimum met. */
mj_tileset gu_wins_now(const mj_game *g, int q)
{
  const mj_rules *r = mj_game_rules(g);
  const mj_hand *hq = mj_game_hand(g, q);
  mj_wait w[MJ_KINDS];
  int sh;
  int n = mj_hand_waits(hq, mj_game_wild(g), mj_rules_shapes(r), w, &sh);
  mj_tileset out = 0;
  if (sh != 0)
    return 0;
  mj_score *s = malloc(sizeof *s);
  mj_hand *h = mj_hand_new();
  assert_non_null(s);
  assert_non_null(h);
  for (int i = 0; i < n; i++) {
    mj_hand_copy(h, hq);
    if (mj_hand_add(h, w[i].tile) != MJ_OK)
      continue;
    mj_ctx *x = mj_hand_ctx(h);
    mj_ctx_init(x);
    x->win = w[i].tile;
    x->seat = (uint8_t)mj_game_seat_wind(g, q);
    x->round = (uint8_t)mj_game_round(g);
    mj_error e;
    if (mj_score_hand(r, h, s, &e) == MJ_OK && s->meets_min)
      out |= MJ_BIT(w[i].tile);
  }
  mj_hand_free(h);
  free(s);
  return out;
}

/* Each tile of the list (space-separated) discarded in turn by the
** player to move, everyone passing it. */
void gu_discards(mj_game *g, const char *tiles)
{
  char t[4];
  int used;
  while (sscanf(tiles, " %3s%n", t, &used) == 1) {
    gu_act(g, mj_game_turn(g), MJ_ACT_DISCARD, t);
    gu_all_pass(g);
    tiles += used;
  }
}
