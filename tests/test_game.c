/*
** test_game.c
** The game engine: invariants over many bot games (tiles conserved at
** every step, scores summing to zero, logs replaying exactly) and
** scenarios with given walls for each table rule.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "bot.h"
#include "game.h"
#include "match.h"
#include "gameutil.h"
#include "host.h"
#include "action.h"
#include "replay.h"
#include "review.h"
#include "score.h"
#include "testutil.h"

static void mcr_random_games(void **state)
{
  (void)state;
  gu_invariants("mcr", 10000, "random");
}

static void mcr_efficiency_games(void **state)
{
  (void)state;
  gu_invariants("mcr", 300, "efficiency");
}

/* {====================================================================
** Scenarios with given walls
** ===================================================================== */

/* The phases' names, as the bot view and g:phase() write them. */
static void phase_names(void **state)
{
  (void)state;
  assert_string_equal(mj_phase_name(MJ_PHASE_TURN), "turn");
  assert_string_equal(mj_phase_name(MJ_PHASE_ROB), "rob");
  assert_string_equal(mj_phase_name(MJ_PHASE_QUE), "que");
  assert_string_equal(mj_phase_name(MJ_PHASE_OVER), "over");
  assert_string_equal(mj_phase_name((mj_phase)42), "over");
}

static void chow_only_from_previous(void **state)
{
  (void)state;
  const char *hands[4] = {
    "3m159p159s123456z",    /* E, the dealer: draws 7z, discards 3m */
    "12m69p369s123456z",    /* S, the next player: may chow 123m */
    "45m47p147s123456z",    /* W: 45m, but not the next player */
    "24m28p258s123456z",    /* N: 24m, not the next player either */
  };
  mj_game *g = gu_scenario("mcr", hands, "7z", "", 0);
  assert_int_equal(mj_game_own_draw(g, 0), 33);   /* 7z, E's own draw */
  assert_int_equal(mj_game_own_draw(g, 1), MJ_NO_TILE);
  gu_act(g, 0, MJ_ACT_DISCARD, "3m");
  assert_int_equal(mj_game_phase(g), MJ_PHASE_CLAIM);
  assert_true(gu_has(g, 1, MJ_ACT_CHI, "1m"));
  assert_false(gu_has(g, 2, MJ_ACT_CHI, NULL));
  assert_false(gu_has(g, 3, MJ_ACT_CHI, NULL));
  gu_act(g, 1, MJ_ACT_CHI, "1m");
  assert_int_equal(mj_game_phase(g), MJ_PHASE_TURN);
  assert_int_equal(mj_game_turn(g), 1);
  const mj_hand *h = mj_game_hand(g, 1);
  assert_int_equal(mj_hand_nmelds(h), 1);
  assert_int_equal(mj_hand_melds(h)[0].type, MJ_CHOW);
  /* after a chow: a discard, no win; S drew nothing this turn (the last
     draw of the game is E's, and S is not told it as his) */
  assert_false(gu_has(g, 1, MJ_ACT_WIN, NULL));
  assert_int_equal(mj_game_last_draw(g), 33);
  assert_int_equal(mj_game_own_draw(g, 1), MJ_NO_TILE);
  /* the chow event names the tile taken, 3m, and the meld is 123m */
  const mj_event *ev = mj_game_event(g, mj_game_nevents(g) - 1);
  assert_int_equal(ev->type, MJ_EV_CHI);
  assert_int_equal(ev->tile, 0);
  assert_int_equal(ev->claimed, 2);
  char b[64];
  mj_event_print(NULL, ev, (const char *[]){ "E", "S", "W", "N" }, -1, b,
                 sizeof b);
  assert_string_equal(b, "S chows 3m (123m)");
  mj_game_free(g);
}

static void priority_and_head_bump(void **state)
{
  (void)state;
  /* E discards 5p: S may chow, W may pung, N may win; N wins */
  const char *hands[4] = {
    "19m59p189s234567z",
    "134p28m27s234567z",
    "255p37m36s234567z",
    "123456789m11z46p",
  };
  mj_game *g = gu_scenario("mcr", hands, "8p", "", 0);
  gu_act(g, 0, MJ_ACT_DISCARD, "5p");
  assert_true(gu_has(g, 1, MJ_ACT_CHI, "3p"));
  assert_true(gu_has(g, 2, MJ_ACT_PON, NULL));
  assert_true(gu_has(g, 3, MJ_ACT_WIN, NULL));
  gu_act(g, 1, MJ_ACT_CHI, "3p");
  gu_act(g, 2, MJ_ACT_PON, NULL);
  gu_act(g, 3, MJ_ACT_WIN, NULL);
  assert_true(mj_game_over(g));
  int w[MJ_MAX_WINS];
  assert_int_equal(mj_game_winners(g, w), 1);
  assert_int_equal(w[0], 3);
  assert_int_equal(mj_game_payer(g), 0);
  int pay[4];
  mj_game_payments(g, pay);
  assert_int_equal(pay[0] + pay[1] + pay[2] + pay[3], 0);
  assert_true(pay[0] < pay[1]);   /* the discarder pays 8 + fan, the others 8 */
  assert_int_equal(pay[1], -8);
  mj_game_free(g);

  /* a pung beats a chow */
  g = gu_scenario("mcr", hands, "8p", "", 0);
  gu_act(g, 0, MJ_ACT_DISCARD, "5p");
  gu_act(g, 1, MJ_ACT_CHI, "3p");
  gu_act(g, 2, MJ_ACT_PON, NULL);
  gu_act(g, 3, MJ_ACT_PASS, NULL);
  assert_int_equal(mj_game_turn(g), 2);
  assert_int_equal(mj_hand_melds(mj_game_hand(g, 2))[0].type, MJ_PUNG);
  mj_game_free(g);

  /* two may win: the first after the discarder takes it */
  const char *two[4] = {
    "19m59p189s234567z",
    "123456789s22z46p",
    "255p37m36s234567z",
    "123456789m11z46p",
  };
  g = gu_scenario("mcr", two, "8p", "", 0);
  gu_act(g, 0, MJ_ACT_DISCARD, "5p");
  assert_true(gu_has(g, 1, MJ_ACT_WIN, NULL));
  assert_true(gu_has(g, 3, MJ_ACT_WIN, NULL));
  gu_act(g, 3, MJ_ACT_WIN, NULL);
  gu_act(g, 2, MJ_ACT_PASS, NULL);
  gu_act(g, 1, MJ_ACT_WIN, NULL);
  assert_int_equal(mj_game_winners(g, w), 1);
  assert_int_equal(w[0], 1);
  mj_game_free(g);
}

static void kongs_replacement_and_claim_turn(void **state)
{
  (void)state;
  /* E holds 1111m: a concealed kong, replaced from the tail */
  const char *hands[4] = {
    "1111m258p25s1234z",
    "89m19p19s1234567z",
    "28m28p28s1234567z",
    "37m37p37s1234567z",
  };
  mj_game *g = gu_scenario("mcr", hands, "6z", "9s", 0);
  assert_true(gu_has(g, 0, MJ_ACT_CKONG, "1m"));
  gu_act(g, 0, MJ_ACT_CKONG, "1m");
  assert_int_equal(mj_game_turn(g), 0);
  assert_int_equal(mj_game_last_draw(g), 26);   /* 9s, the tail's tile */
  const mj_event *e = mj_game_event(g, mj_game_nevents(g) - 1);
  assert_int_equal(e->type, MJ_EV_DRAW);
  assert_int_equal(e->replacement, 1);
  mj_game_free(g);

  /* after a pung: no kong in that turn, even holding four */
  const char *hands2[4] = {
    "89p19m19s1234567z",
    "99p2222m19s12345z",
    "38m28p28s1234567z",
    "37m37p37s1234567z",
  };
  g = gu_scenario("mcr", hands2, "6z", "", 0);
  gu_act(g, 0, MJ_ACT_DISCARD, "9p");
  gu_act(g, 1, MJ_ACT_PON, NULL);
  assert_int_equal(mj_game_turn(g), 1);
  assert_false(gu_has(g, 1, MJ_ACT_CKONG, NULL));
  assert_true(gu_has(g, 1, MJ_ACT_DISCARD, "2m"));
  mj_game_free(g);
}

static void robbing_a_kong(void **state)
{
  (void)state;
  /* S pungs 5p, later adds the fourth: W and N can both rob; MCR gives
     the win to the first after the kong's owner */
  const char *hands[4] = {
    "59p19m189s234567z",
    "1355p28m28s34567z",
    "123456789m11z46p",
    "123456789s22z46p",
  };
  mj_game *g = gu_scenario("mcr", hands, "7p7z6z8p5p", "", 0);
  gu_act(g, 0, MJ_ACT_DISCARD, "5p");
  gu_act(g, 2, MJ_ACT_PASS, NULL);   /* W and N could win on it: they wait */
  gu_act(g, 3, MJ_ACT_PASS, NULL);
  gu_act(g, 1, MJ_ACT_PON, NULL);
  assert_int_equal(mj_game_turn(g), 1);
  gu_act(g, 1, MJ_ACT_DISCARD, "1p");
  gu_all_pass(g);
  assert_int_equal(mj_game_turn(g), 2);
  gu_act(g, 2, MJ_ACT_DISCARD, "7z");
  gu_all_pass(g);
  gu_act(g, 3, MJ_ACT_DISCARD, "6z");
  gu_all_pass(g);
  gu_act(g, 0, MJ_ACT_DISCARD, "8p");
  gu_all_pass(g);
  assert_int_equal(mj_game_turn(g), 1);
  assert_true(gu_has(g, 1, MJ_ACT_AKONG, "5p"));
  gu_act(g, 1, MJ_ACT_AKONG, "5p");
  assert_int_equal(mj_game_phase(g), MJ_PHASE_ROB);
  assert_true(gu_has(g, 2, MJ_ACT_WIN, NULL));
  assert_true(gu_has(g, 3, MJ_ACT_WIN, NULL));
  gu_act(g, 3, MJ_ACT_WIN, NULL);
  gu_act(g, 2, MJ_ACT_WIN, NULL);
  int w[MJ_MAX_WINS];
  assert_int_equal(mj_game_winners(g, w), 1);
  assert_int_equal(w[0], 2);
  assert_int_equal(mj_game_payer(g), 1);
  const mj_score *s = mj_game_result(g, 0);
  char line[256];
  mj_score_fans_line(mj_game_rules(g), s, line, sizeof line);
  assert_non_null(strstr(line, "抢杠和"));
  mj_game_free(g);
}

static void flowers_replaced(void **state)
{
  (void)state;
  const char *hands[4] = {
    "1f19m19p19s123456z",
    "28m28p28s1234567z",
    "37m37p37s1234567z",
    "46m46p46s1234567z",
  };
  mj_game *g = gu_scenario("mcr", hands, "2f", "5m8m", 0);
  /* the dealt 1f is replaced by the tail's 5m, the drawn 2f by 8m */
  assert_int_equal(mj_game_flowers(g, 0, NULL), 2);
  assert_int_equal(mj_hand_ntiles(mj_game_hand(g, 0)), 14);
  assert_int_equal(mj_hand_counts(mj_game_hand(g, 0))[4], 1);   /* 5m */
  assert_int_equal(mj_hand_counts(mj_game_hand(g, 0))[7], 1);   /* 8m */
  assert_int_equal(mj_game_last_draw(g), 7);
  mj_game_free(g);
}

/* A ruleset with flowers in the wall and dora indicators: a flower where
   an indicator is set aside trades places with the nearest playing tile
   toward the head, so an indicator is never a flower and every win is
   scored (a flower's successor was read past the table once). */
static void indicator_never_a_flower(void **state)
{
  (void)state;
  static const char src[] =
      "return mj.extend('riichi', { id = 'rflow', "
      "table = { tiles = 144, flowers = true } })\n";
  const mj_rules *r;
  mj_error e;
  assert_int_equal(mj_host_load_source(gu_host(), "rflow.lua", src,
                                       sizeof src - 1, NULL, &r, &e), MJ_OK);
  const char *hands[4] = {
    "19m19p19s1234567z", "28m28p28s1234567z",
    "37m37p37s1234567z", "46m46p46s1234567z",
  };
  mj_tile wall[144];
  /* the tail: four replacement tiles, the ura indicator, then a flower
     where the dora indicator is set aside */
  int n = gu_make_wall(wall, hands, "5m", "2m3m4m6m7m1f");
  mj_game_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.wall = wall;
  cfg.wall_n = n;
  cfg.dice = 2;
  mj_game *g = mj_game_new(r, &cfg, &e);
  assert_non_null(g);
  mj_tile ind[5];
  assert_int_equal(mj_game_dora_indicators(g, ind), 1);
  assert_true(ind[0] < MJ_KINDS);
  mj_game_free(g);
  /* bot games: every indicator a playing tile, every hand scored */
  int flowers_seen = 0;
  for (uint64_t seed = 0; seed < 400; seed++) {
    g = gu_play(r, seed, "efficiency", false);
    int k = mj_game_dora_indicators(g, ind);
    for (int i = 0; i < k; i++)
      assert_true(ind[i] < MJ_KINDS);
    flowers_seen += mj_game_flowers(g, 0, NULL) + mj_game_flowers(g, 1, NULL) +
                    mj_game_flowers(g, 2, NULL) + mj_game_flowers(g, 3, NULL);
    mj_game_free(g);
  }
  assert_true(flowers_seen > 0);
}

static void exhaustive_draw_and_dealer(void **state)
{
  (void)state;
  const mj_rules *r = gu_rules("mcr");
  /* a wall of 53 tiles: the deal and one draw; nobody can claim */
  const char *hands[4] = {
    "19m19p19s1234567z",
    "28m28p28s1234567z",
    "37m37p37s1234567z",
    "46m46p46s1234567z",
  };
  mj_tile wall[144];
  int n = 0, k;
  for (int p = 0; p < 4; p++) {
    mj_tiles_parse(hands[p], strlen(hands[p]), 1, false, wall + n, NULL, 13, &k,
                   NULL);
    n += k;
  }
  wall[n++] = 4;   /* 5m */
  mj_game_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.wall = wall;
  cfg.wall_n = n;
  mj_error e;
  mj_game *g = mj_game_new(r, &cfg, &e);
  assert_non_null(g);
  gu_act(g, 0, MJ_ACT_DISCARD, "5m");
  gu_all_pass(g);
  assert_true(mj_game_over(g));
  assert_true(mj_game_drawn(g));
  int pay[4];
  mj_game_payments(g, pay);
  assert_int_equal(pay[0] | pay[1] | pay[2] | pay[3], 0);
  assert_int_equal(mj_game_next_dealer(g), 1);   /* MCR: the deal moves on */
  mj_game_free(g);
}

static void false_win_refused(void **state)
{
  (void)state;
  /* E waits on 1s/4s with 234m 456p 678s 23s 55m: on N's discard that is
     断幺 平和 门前清 喜相逢 = 7, below 8: refused, with the breakdown */
  const char *hands[4] = {
    "234m456p678s23s55m",
    "19m19p19s1234567z",
    "28m28p28s1234567z",
    "4s37m37p7s1234567z",
  };
  mj_game *g = gu_scenario("mcr", hands, "7z9p1p6p", "", 0);
  gu_discards(g, "7z 9p 1p");
  assert_int_equal(mj_game_turn(g), 3);
  gu_act(g, 3, MJ_ACT_DISCARD, "4s");
  assert_int_equal(mj_game_phase(g), MJ_PHASE_CLAIM);
  assert_true(gu_has(g, 0, MJ_ACT_CHI, "2s"));
  assert_false(gu_has(g, 0, MJ_ACT_WIN, NULL));
  mj_action a = { MJ_ACT_WIN, 0, 21, 0 };
  mj_error e;
  assert_int_not_equal(mj_game_act(g, &a, &e), MJ_OK);
  assert_non_null(strstr(e.msg, "no win: "));
  assert_non_null(strstr(e.msg, "平和 2"));
  /* typed at the prompt: the same reason, not "not legal" */
  assert_int_equal(mj_action_parse(g, 0, "hu", &a, &e), MJ_ESTATE);
  assert_non_null(strstr(e.msg, "short of 8"));
  mj_hand *h = mj_hand_new();
  mj_score s;
  assert_int_equal(mj_game_try_win(g, 0, h, &s, &e), MJ_ENOTWIN);
  assert_non_null(strstr(e.msg, "short of 8"));
  mj_hand_free(h);
  mj_game_free(g);
}

/* Matches: MCR's sixteen hands over four wind rounds; 宝 with the winner
   dealing; a match of a number of hands. Scores carried and zero-sum. */
static void matches(void **state)
{
  (void)state;
  static const struct { const char *id; int hands; } m[] = {
    { "mcr", 0 }, { "bao", 0 }, { "bao-shangrao", 0 }, { "mcr", 5 },
  };
  for (size_t k = 0; k < sizeof m / sizeof m[0]; k++) {
    mj_match x;
    mj_match_init(&x, gu_rules(m[k].id), 42 + k, m[k].hands, 1);
    mj_bot *b[4];
    for (int p = 0; p < 4; p++)
      b[p] = mj_bot_new("random", 9 + (uint64_t)p);
    int last_round = 0, hands = 0;
    while (!x.over) {
      mj_error e;
      mj_game *g = mj_match_deal(&x, &e);
      assert_non_null(g);
      assert_true(mj_game_round(g) >= last_round); /* the wind only moves on */
      last_round = mj_game_round(g);
      assert_int_equal(mj_game_dealer(g), x.dealer);
      assert_int_equal(mj_bot_play(g, b, &e), MJ_OK);
      mj_match_record(&x, g);
      mj_game_free(g);
      hands++;
      assert_int_equal(x.scores[0] + x.scores[1] + x.scores[2] + x.scores[3],
                       0);
      assert_true(hands < 1000);
    }
    if (m[k].hands > 0) {
      assert_int_equal(hands, m[k].hands);
    } else {
      assert_int_equal(last_round, 3);   /* it ended in the North round */
      if (strcmp(m[k].id, "mcr") == 0)
        assert_int_equal(hands, 16);      /* each player deals once a round */
      else
        assert_true(hands >= 16);
    }
    for (int p = 0; p < 4; p++)
      mj_bot_free(b[p]);
  }
}

/* Riichi matches between bots, 10,000 hands and more: the four scores
   and the sticks on the table always add up to the start's 100,000; the
   honba goes back to 0 when the deal moves after a win; the pot is
   emptied by a win and at the match's end; the match ends after South 4
   at the latest (with riichi-tenhou, West 4), or once a score is below
   0 (tobi). */
static void riichi_matches(void **state)
{
  (void)state;
  const char *ids[] = { "riichi", "riichi-tenhou" };
  int hands = 0, busts = 0, pots = 0, wests = 0;
  for (uint64_t k = 0; hands < 10000; k++) {
    const mj_rules *r = gu_rules(ids[k % 2]);
    mj_match x;
    mj_match_init(&x, r, 500 + k, 0, 0);
    mj_bot *b[4];
    for (int p = 0; p < 4; p++)
      b[p] = mj_bot_new("efficiency", k * 4 + (uint64_t)p);
    while (!x.over) {
      mj_error e;
      int dealer = x.dealer, honba = x.honba;
      mj_game *g = mj_match_deal(&x, &e);
      assert_non_null(g);
      assert_int_equal(mj_game_honba(g), honba);
      assert_int_equal(mj_bot_play(g, b, &e), MJ_OK);
      int s[4];
      mj_game_scores(g, s);
      assert_int_equal(s[0] + s[1] + s[2] + s[3] + mj_game_pot(g), 100000);
      int w[MJ_MAX_WINS], nw = mj_game_winners(g, w);
      if (nw > 0)
        assert_int_equal(mj_game_pot(g), 0);
      pots += mj_game_pot(g) > 0;
      mj_match_record(&x, g);
      mj_game_free(g);
      hands++;
      assert_int_equal(x.scores[0] + x.scores[1] + x.scores[2] +
                       x.scores[3] + x.pot, 100000);
      if (nw > 0 && x.dealer != dealer)
        assert_int_equal(x.honba, 0);
      else
        assert_int_equal(x.honba, honba + 1);
      assert_true(x.round <= (k % 2 ? 2 : 1) || x.over);
      wests += x.round == 2 && !x.over;
    }
    assert_int_equal(x.pot, 0);
    bool bust = false;
    for (int p = 0; p < 4; p++)
      bust = bust || x.scores[p] < 0;
    busts += bust;
    if (!bust && k % 2 == 0)
      assert_int_equal(x.round, 2);     /* South 4 played to its end */
    for (int p = 0; p < 4; p++)
      mj_bot_free(b[p]);
  }
  assert_true(busts > 0);                /* tobi happens */
  assert_true(pots > 0);                 /* sticks carried */
  assert_true(wests > 0);                /* Tenhou's West round */
}

static void bad_logs(void **state)
{
  (void)state;
  const mj_rules *r = gu_rules("mcr");
  mj_game *g = gu_play(r, 7, "random", false);
  char *log = mj_replay_write(g, NULL, "", NULL, false);
  mj_game_free(g);
  mj_replay rp;
  mj_error e;
  size_t n = strlen(log);
  /* truncated in the middle of a line */
  assert_int_equal(mj_replay_parse(log, n / 2, &rp, &e), MJ_EINVAL);
  assert_non_null(strstr(e.msg, "line"));
  /* cut at a line end, without the end record */
  char *cut = strdup(log);
  char *last = strrchr(cut, '\n');
  *last = '\0';
  last = strrchr(cut, '\n');
  last[1] = '\0';
  assert_int_equal(mj_replay_parse(cut, strlen(cut), &rp, &e), MJ_EINVAL);
  assert_non_null(strstr(e.msg, "cut off"));
  free(cut);
  /* an edited discard */
  char *ed = strdup(log);
  char *p = strstr(ed, "\"ev\":\"discard\"");
  assert_non_null(p);
  char *t = strstr(p, "\"tile\":\"");
  t += 8;
  t[0] = t[0] == '9' ? '8' : (char)(t[0] + 1);
  assert_int_equal(mj_replay_parse(ed, strlen(ed), &rp, &e), MJ_OK);
  mj_game *x = mj_replay_build(&rp, r, -1, &e);
  assert_null(x);
  assert_non_null(strstr(e.msg, "line "));
  mj_replay_free(&rp);
  free(ed);
  /* the ledger of a won hand: an edited amount is refused; a log from
     before the ledger (no "ledger" in its end record) still opens */
  mj_game *w = NULL;
  int wn[MJ_MAX_WINS];
  for (uint64_t seed = 1; w == NULL || mj_game_winners(w, wn) == 0; seed++) {
    mj_game_free(w);
    w = gu_play(r, seed, "efficiency", false);
  }
  char *wl = mj_replay_write(w, NULL, "", NULL, false);
  mj_game_free(w);
  char *led = strstr(wl, "\"ledger\":[[");
  assert_non_null(led);
  char *amount = strchr(strchr(led + 11, ',') + 1, ',') + 1;   /* 3rd item */
  char *edited = strdup(wl);
  edited[amount - wl] = edited[amount - wl] == '9' ? '8' : '9';
  assert_int_equal(mj_replay_parse(edited, strlen(edited), &rp, &e), MJ_OK);
  assert_int_equal(mj_replay_check(&rp, r, NULL, &e), MJ_EINVAL);
  mj_replay_free(&rp);
  char *old = strdup(wl);
  char *o = strstr(old, ",\"ledger\":[[");
  char *close = strstr(o, "]]") + 2;
  memmove(o, close, strlen(close) + 1);
  assert_int_equal(mj_replay_parse(old, strlen(old), &rp, &e), MJ_OK);
  assert_int_equal(mj_replay_check(&rp, r, NULL, &e), MJ_OK);
  mj_replay_free(&rp);
  free(old);
  free(edited);
  free(wl);
  /* garbage */
  assert_int_equal(mj_replay_parse("garbage\n", 8, &rp, &e), MJ_EINVAL);
  assert_non_null(strstr(e.msg, "line 1"));
  assert_int_equal(mj_replay_parse("{\"hule\":2}\n", 11, &rp, &e), MJ_EINVAL);
  assert_int_equal(mj_replay_parse("", 0, &rp, &e), MJ_EINVAL);
  free(log);
}

/* mj_game_replay: each prefix gives the game as it stood; a step can stop
   it; a refused action fails the replay and names its index */
static int count_steps(void *ud, int i, const mj_game *g)
{
  int *seen = ud;
  assert_int_equal(i, seen[0]);
  seen[0]++;
  seen[1] = mj_game_nevents(g);
  return i == seen[2];
}

static void replay_prefixes(void **state)
{
  (void)state;
  const mj_rules *r = gu_rules("mcr");
  mj_game *g = gu_play(r, 11, "efficiency", false);
  int n = mj_game_nactions(g);
  assert_true(n > 10);
  mj_error e;
  mj_game *x = mj_game_replay(r, mj_game_config(g), mj_game_actions(g), n, NULL,
                              NULL, NULL, &e);
  assert_non_null(x);
  assert_int_equal(mj_game_nevents(x), mj_game_nevents(g));
  assert_int_equal(mj_game_over(x), mj_game_over(g));
  mj_game_free(x);
  /* a step sees i = 0, 1, ... and stops the replay at 5 */
  int seen[3] = { 0, 0, 5 };
  x = mj_game_replay(r, mj_game_config(g), mj_game_actions(g), n, count_steps,
                     seen, NULL, &e);
  assert_non_null(x);
  assert_int_equal(seen[0], 6);
  assert_int_equal(mj_game_nactions(x), 5);
  assert_int_equal(seen[1], mj_game_nevents(x));
  mj_game_free(x);
  /* action 3 played twice: refused, index 4 */
  mj_action acts[5];
  memcpy(acts, mj_game_actions(g), sizeof acts);
  acts[4] = acts[3];
  int failed = 0;
  x = mj_game_replay(r, mj_game_config(g), acts, 5, NULL, NULL, &failed, &e);
  assert_null(x);
  assert_int_equal(failed, 4);
  assert_true(e.msg[0] != '\0');
  mj_game_free(g);
}

/* A review item's reason of points: both ready, by their waits' points;
   the bot's a tile from ready, by the draws that reach a valid win, the
   player's as far or ready (with no valid win); neither ready, by the
   chow pattern kept in reach, the bot's as near to ready, or, where
   tiles are wild, by the tiles making a pung, both as near */
static void check_richer(const mj_review_item *it)
{
  if (strstr(it->richer, "making a pung") != NULL) {
    assert_true(it->bot_shanten >= 1);
    assert_int_equal(it->your_shanten, it->bot_shanten);
    return;
  }
  if (strstr(it->richer, "in reach: ") != NULL) {
    assert_non_null(strstr(it->richer, "it keeps "));
    assert_true(it->bot_shanten >= 1);
    assert_true(it->your_shanten >= it->bot_shanten);
    return;
  }
  assert_non_null(strstr(it->richer, "points on average"));
  if (it->bot_shanten == 0) {
    assert_int_equal(it->your_shanten, 0);
    assert_non_null(strstr(it->richer, "ready either way: "));
  } else {
    assert_int_equal(it->bot_shanten, 1);
    assert_true(it->your_shanten <= 1);
    assert_non_null(strstr(it->richer, "a tile from ready: "));
    assert_non_null(strstr(it->richer, it->your_shanten == 0
                                           ? "against a ready hand with no "
                                             "valid win"
                                           : "against "));
  }
}

/* review: every decision of seat 0 with a choice is set beside a fresh
   efficiency bot's; the items are exactly the differing ones (and the
   deal-in); a game of efficiency bots differs nowhere */
static void review_against_the_bot(void **state)
{
  (void)state;
  int dealt_in = 0, differ = 0, why = 0, richer = 0;
  for (uint64_t seed = 1; seed <= 40; seed++) {
    /* mcr, and 宝 with its wilds and 偷机 declines every fourth game */
    const mj_rules *r = gu_rules(seed % 4 == 0 ? "bao" : "mcr");
    mj_game *g = gu_play(r, seed, "random", false);
    mj_review rv;
    mj_error e;
    assert_int_equal(mj_review_game(g, 0, &rv, &e), MJ_OK);
    mj_bot *bot = mj_bot_new("strong", 1);
    mj_game *x = mj_game_new(r, mj_game_config(g), &e);
    int decisions = 0, k = 0;
    for (int i = 0; i < mj_game_nactions(g); i++) {
      const mj_action *a = mj_game_action(g, i);
      mj_action legal[MJ_MAX_LEGAL];
      int nl = a->player == 0 ? mj_game_legal(x, 0, legal, MJ_MAX_LEGAL) : 0;
      if (nl > 1) {
        decisions++;
        mj_action b = legal[mj_bot_choose(bot, x, 0, legal, nl)];
        bool d = b.type != a->type || b.tile != a->tile;
        while (k < rv.nitems && rv.items[k].index < i)
          k++;
        bool listed = k < rv.nitems && rv.items[k].index == i;
        if (d) {
          assert_true(listed);
          assert_true(rv.items[k].differ);
          assert_int_equal(rv.items[k].bot.type, b.type);
          assert_int_equal(rv.items[k].bot.tile, b.tile);
          /* a reason of safety is given only between discards as good */
          if (rv.items[k].why[0]) {
            why++;
            assert_true(rv.items[k].discards);
            assert_int_equal(rv.items[k].your_shanten,
                             rv.items[k].bot_shanten);
            assert_true(strlen(rv.items[k].why) > 0);
            assert_null(strstr(rv.items[k].why, " 0 melds"));
          }
          /* a reason of points only between two ready hands, or for a
             hand a tile from ready against one as far or ready */
          if (rv.items[k].richer[0]) {
            richer++;
            assert_true(rv.items[k].discards);
            check_richer(&rv.items[k]);
          }
        } else {
          assert_true(!listed || (!rv.items[k].differ && rv.items[k].dealt_in));
        }
      }
      assert_int_equal(mj_game_act(x, a, &e), MJ_OK);
    }
    assert_int_equal(decisions, rv.decisions);
    differ += rv.differ;
    if (mj_game_over(g) && mj_game_payer(g) == 0) {
      assert_int_equal(rv.dealt_in, mj_game_result(g, 0)->total);
      dealt_in++;
    } else {
      assert_int_equal(rv.dealt_in, 0);
    }
    mj_review_free(&rv);
    mj_bot_free(bot);
    mj_game_free(x);
    mj_game_free(g);
    /* the bot reviewed against itself */
    g = gu_play(r, seed, "strong", false);
    assert_int_equal(mj_review_game(g, 0, &rv, &e), MJ_OK);
    assert_int_equal(rv.differ, 0);
    assert_true(rv.decisions > 0);
    if (mj_game_over(g) && mj_game_payer(g) == 0) {
      assert_int_equal(rv.dealt_in, mj_game_result(g, 0)->total);
      assert_true(rv.nitems == 1 && rv.items[0].dealt_in);
      dealt_in++;
    } else {
      assert_int_equal(rv.dealt_in, 0);
      assert_int_equal(rv.nitems, 0);
    }
    mj_review_free(&rv);
    mj_game_free(g);
  }
  assert_true(differ > 100);
  assert_true(dealt_in > 0);
  assert_true(why > 0);   /* the review says why a safer tile is better */
  /* an efficiency bot reviewed: ready, it counts waits by their number
     alone, a tile from ready its useful tiles, and the review says when
     the strong bot's choice wins more, of each kind */
  const mj_rules *mcr = gu_rules("mcr");
  int ready = 0, ahead = 0;
  for (uint64_t seed = 1; seed <= 200 && (ready == 0 || ahead == 0); seed++) {
    mj_game *g = gu_play(mcr, seed, "efficiency", false);
    mj_review rv;
    mj_error e;
    assert_int_equal(mj_review_game(g, 0, &rv, &e), MJ_OK);
    for (int k = 0; k < rv.nitems; k++)
      if (rv.items[k].richer[0]) {
        check_richer(&rv.items[k]);
        assert_string_equal(rv.items[k].why, "");
        if (rv.items[k].bot_shanten == 0 ? ready++ == 0 : ahead++ == 0)
          print_message("review, seed %d: the bot's choice wins more: %s\n",
                        (int)seed, rv.items[k].richer);
      }
    mj_review_free(&rv);
    mj_game_free(g);
  }
  assert_true(ready > 0);
  assert_true(ahead > 0);
}

/* }==================================================================== */

/* The shanten of p's hand after discarding t. */
static int shanten_after(const mj_game *g, int p, mj_tile t)
{
  mj_tileview v;
  mj_tileview_init(&v, mj_game_hand(g, p), mj_game_wild(g));
  mj_tileview_remove(&v, t);
  return mj_shanten(&v, mj_rules_shapes(mj_game_rules(g)), NULL);
}

/* What a strong bot and an efficiency bot choose at one decision: the
   strong bot's i is played after f has seen both. */
typedef void (*choices_fn)(const mj_game *g, int p, const mj_action *legal,
                           int i, int j, void *ud);

/* Game `seed` of r played by four strong bots, each decision shown to f
   beside the efficiency bot's choice. */
static void strong_beside_efficiency(const mj_rules *r, uint64_t seed,
                                     choices_fn f, void *ud)
{
  mj_game_cfg cfg = { .seed = seed, .dealer = (int)(seed & 3) };
  mj_error e;
  mj_game *g = mj_game_new(r, &cfg, &e);
  assert_non_null(g);
  mj_bot *strong = mj_bot_new("strong", seed), *eff = mj_bot_new("efficiency",
                                                                   seed);
  mj_action legal[MJ_MAX_LEGAL];
  for (int guard = 0; !mj_game_over(g) && guard < 2000; guard++) {
    unsigned w = mj_game_waiting(g);
    int p = __builtin_ctz(w);
    int n = mj_game_legal(g, p, legal, MJ_MAX_LEGAL);
    int i = mj_bot_choose(strong, g, p, legal, n);
    f(g, p, legal, i, mj_bot_choose(eff, g, p, legal, n), ud);
    assert_int_equal(mj_game_act(g, &legal[i], &e), MJ_OK);
  }
  mj_bot_free(strong);
  mj_bot_free(eff);
  mj_game_free(g);
}

/*
** The strong bot reads the table, counts the points a wait wins and looks
** a step ahead: where it throws another tile than the efficiency bot
** would, it is for safety, or, ready either way, for waits that win more,
** or, a tile from ready, for draws that reach more valid wins, each said
** in words, and never at the cost of a shanten step but from a ready
** hand with no valid win; and it does so often enough to matter (MCR, 60
** games of four strong bots, each decision compared).
*/
typedef struct trades {
  int differ, discards, richer, ahead, pattern;
  int let_go;   /* safer for a tile another let go */
} trades;

static void trade_seen(const mj_game *g, int p, const mj_action *legal, int i,
                       int j, void *ud)
{
  static const char *const names[4] = { "East", "South", "West", "North" };
  trades *x = ud;
  if (mj_game_phase(g) != MJ_PHASE_TURN || legal[i].type != MJ_ACT_DISCARD)
    return;
  x->discards++;
  if (legal[j].type != MJ_ACT_DISCARD || legal[j].tile == legal[i].tile)
    return;
  x->differ++;
  int si = shanten_after(g, p, legal[i].tile),
      sj = shanten_after(g, p, legal[j].tile);
  char why[300];
  if (mj_bot_why_richer(g, p, legal[i].tile, legal[j].tile, why,
                        sizeof why) > 0) {
    /* a step back only from a ready hand with no valid win */
    assert_true(si <= sj || (si == 1 && sj == 0 &&
                             strstr(why, "no valid win") != NULL));
    if (strstr(why, "in reach: ") != NULL) {
      /* neither ready, the bot's hand as near */
      assert_true(si >= 1 && si <= sj);
      x->pattern++;
    } else if (si == 0) {
      x->richer++;
    } else {
      x->ahead++;
    }
  } else {
    assert_true(si <= sj);
    assert_true(mj_bot_why_safer(g, p, legal[i].tile, legal[j].tile,
                                 names, why, sizeof why) > 0);
    x->let_go += strstr(why, "let it go since his last discard") != NULL;
  }
}

static void strong_bot_trades_only_safety_or_points(void **state)
{
  (void)state;
  const mj_rules *r = gu_rules("mcr");
  trades x = { 0 };
  for (uint64_t seed = 1; seed <= 60; seed++)
    strong_beside_efficiency(r, seed, trade_seen, &x);
  int differ = x.differ, discards = x.discards, richer = x.richer,
      ahead = x.ahead, pattern = x.pattern, let_go = x.let_go;
  print_message("strong bot: %d of %d discards differ from the efficiency "
                "bot's, %d for waits that win more, %d for draws that reach "
                "more valid wins, %d for a chow pattern kept in reach; "
                "%d safer for a tile another let go\n",
                differ, discards, richer, ahead, pattern, let_go);
  assert_true(differ * 20 > discards);   /* more than 5% */
  assert_true(richer > 0);
  assert_true(ahead > 0);
  assert_true(pattern > 0);
  assert_true(let_go > 0);
}

/*
** Where hands race open (Taiwanese: no minimum, no ready declaration,
** sixteen tiles) or tiles are wild (推倒胡's 鬼, 宝) the strong bot
** throws another tile than the efficiency bot, not ready, only to keep
** more tiles that make a pung, which any seat's discard may give; at 血战
** (nothing wild, no danger read) two or more from ready: never a shanten
** step, each time said in words (30 games of four strong bots each). A
** ready hand also keeps the waits worth most, and at 血战 a hand one from
** ready looks a step ahead: said in words too.
*/
typedef struct pungs_seen {
  bool ahead;       /* one from ready, a step ahead (nothing wild) */
  int discards, pungs;
} pungs_seen;

static void pung_seen(const mj_game *g, int p, const mj_action *legal, int i,
                      int j, void *ud)
{
  pungs_seen *x = ud;
  if (mj_game_phase(g) != MJ_PHASE_TURN || legal[i].type != MJ_ACT_DISCARD ||
      legal[j].type != MJ_ACT_DISCARD) {
    assert_int_equal(i, j);   /* claims, kongs, wins: its own */
    return;
  }
  x->discards++;
  if (legal[j].tile == legal[i].tile)
    return;
  int si = shanten_after(g, p, legal[i].tile),
      sj = shanten_after(g, p, legal[j].tile);
  assert_int_equal(si, sj);
  char why[300];
  assert_true(mj_bot_why_richer(g, p, legal[i].tile, legal[j].tile, why,
                                sizeof why) > 0);
  const char *words = si == 0               ? "ready either way: "
                      : si == 1 && x->ahead ? "a tile from ready: "
                                            : "making a pung";
  if (strstr(why, words) == NULL)
    fail_msg("shanten %d: %s", si, why);
  x->pungs += strstr(why, "making a pung") != NULL;
}

static void strong_bot_keeps_pungs(void **state)
{
  (void)state;
  static const char *const ids[] = { "taiwan", "tuidao", "bao", "xuezhan" };
  for (int k = 0; k < 4; k++) {
    const mj_rules *r = gu_rules(ids[k]);
    pungs_seen x = { k == 3, 0, 0 };
    for (uint64_t seed = 1; seed <= 30; seed++)
      strong_beside_efficiency(r, seed, pung_seen, &x);
    print_message("%s: %d of %d discards differ from the efficiency bot's "
                  "for tiles that make a pung\n", ids[k], x.pungs,
                  x.discards);
    assert_true(x.pungs * 200 > x.discards);   /* more than 0.5% */
  }
}

/*
** The strong bot's read of danger (mj_bot_deal_in) against the truth:
** at every turn of 80 MCR games of four strong bots, for each kind held,
** the chance it gives beside whether the tile would complete another's
** hand for a win. The chances add up to about the deal-ins there are,
** the tiles that would deal in are rated far above the others, and a
** tile another let go since his hand last changed is rated low.
*/
static void deal_in_read_is_calibrated(void **state)
{
  (void)state;
  const mj_rules *r = gu_rules("mcr");
  double pred = 0, pred_pos = 0, pred_neg = 0, pred_passed = 0;
  long truth = 0, npos = 0, nneg = 0, npassed = 0, passed_wins = 0;
  for (uint64_t seed = 1; seed <= 80; seed++) {
    mj_game_cfg cfg = { .seed = seed * 31, .dealer = (int)(seed & 3) };
    mj_error e;
    mj_game *g = mj_game_new(r, &cfg, &e);
    assert_non_null(g);
    mj_bot *b = mj_bot_new("strong", seed);
    mj_action legal[MJ_MAX_LEGAL];
    for (int guard = 0; !mj_game_over(g) && guard < 3000; guard++) {
      int p = __builtin_ctz(mj_game_waiting(g));
      int n = mj_game_legal(g, p, legal, MJ_MAX_LEGAL);
      if (mj_game_phase(g) == MJ_PHASE_TURN) {
        mj_tileset w = 0, let_go = 0;
        for (int q = 0; q < 4; q++) {
          if (q == p || !mj_game_active(g, q))
            continue;
          w |= gu_wins_now(g, q);
        }
        /* the tiles discarded since the player after p last acted */
        int q = (p + 1) & 3;
        for (int i = mj_game_nactions(g) - 1; i >= 0; i--) {
          const mj_action *a = mj_game_action(g, i);
          if (a->player == q && a->type != MJ_ACT_PASS)
            break;
          if (a->type == MJ_ACT_DISCARD)
            let_go |= MJ_BIT(a->tile);
        }
        const uint8_t *own = mj_hand_counts(mj_game_hand(g, p));
        for (int t = 0; t < MJ_KINDS; t++) {
          if (!own[t])
            continue;
          double x = mj_bot_deal_in(g, p, (mj_tile)t);
          assert_true(x >= 0 && x <= 3);
          bool wins = (w & MJ_BIT(t)) != 0;
          pred += x;
          truth += wins;
          if (wins) {
            pred_pos += x;
            npos++;
          } else {
            pred_neg += x;
            nneg++;
          }
          if (let_go & MJ_BIT(t)) {
            pred_passed += x;
            npassed++;
            passed_wins += (gu_wins_now(g, q) & MJ_BIT(t)) != 0;
          }
        }
      }
      int i = mj_bot_choose(b, g, p, legal, n);
      assert_int_equal(mj_game_act(g, &legal[i], &e), MJ_OK);
    }
    mj_bot_free(b);
    mj_game_free(g);
  }
  print_message("deal-in read: %.1f predicted, %ld true over %ld tiles; "
                "%.4f on the tiles that deal in, %.4f on the others, "
                "%.4f on %ld let go (%ld of them win for him)\n",
                pred, truth, npos + nneg, pred_pos / npos, pred_neg / nneg,
                pred_passed / npassed, npassed, passed_wins);
  assert_true(truth > 100);
  assert_true(pred > 0.7 * truth && pred < 1.4 * truth);
  assert_true(pred_pos / npos > 3.5 * (pred_neg / nneg));   /* 1: blind */
  assert_true(npassed > 100);
  assert_true(pred_passed / npassed < pred / (npos + nneg));
}

/*
** The read of danger sees only the table: two deals that differ only in
** South's concealed tiles (a hand one from ready on 5z, and a scattered
** one), the same discards, give East the same chance for every tile.
*/
static void deal_in_read_sees_no_hidden_tile(void **state)
{
  (void)state;
  const char *south[2] = { "234m567p345s9m55z6z", "19m19p19s1234567z" };
  double chance[2][MJ_KINDS];
  for (int k = 0; k < 2; k++) {
    const char *hands[4] = { "123m456p789s1122z", south[k],
                             "666m888p666s777z9p", "777m333p777s444z5p" };
    mj_game *g = gu_scenario("mcr", hands, "3z8m8s2p4s", "", 0);
    gu_discards(g, "3z 6z 9p 5p");
    assert_int_equal(mj_game_turn(g), 0);
    for (int t = 0; t < MJ_KINDS; t++)
      chance[k][t] = mj_bot_deal_in(g, 0, (mj_tile)t);
    mj_game_free(g);
  }
  for (int t = 0; t < MJ_KINDS; t++)
    assert_true(chance[0][t] == chance[1][t]);
  assert_true(chance[0][MJ_HONOR_FIRST] > 0);
}

/* The context a bot scores a wait in is the game's: a win on the discard
   the game then makes scores the same, dora included (they were left
   out once, so a bot valued every wait without them); at 宝 the wild
   and the seat's 飞宝 count come with it; at 推倒胡 a wait is a
   self-draw. */
static void win_context_is_the_games(void **state)
{
  (void)state;
  const char *hands[4] = {
    "19m19p19s1234567z", "22234m456p678s55s",
    "19m19p19s1234567z", "19m19p19s1234567z",
  };
  /* the tail: four replacement tiles, the ura indicator, the dora's */
  mj_game *g = gu_scenario("riichi", hands, "5s", "3m4m6m7m8m1m", 2);
  mj_tile ind[5];
  assert_int_equal(mj_game_dora_indicators(g, ind), 1);
  assert_int_equal(ind[0], 0);                       /* 1m: 2m is dora */
  gu_act(g, 0, MJ_ACT_DISCARD, "5s");
  mj_hand *h = mj_hand_new();
  mj_hand_copy(h, mj_game_hand(g, 1));
  assert_int_equal(mj_hand_add(h, 22), MJ_OK);      /* 5s */
  mj_game_win_context(g, 1, h, 22);
  assert_int_equal(mj_hand_ctx(h)->ndora, 1);
  assert_int_equal(mj_hand_ctx(h)->nura, 0);
  mj_score s;
  mj_error e;
  assert_int_equal(mj_score_hand(mj_game_rules(g), h, &s, &e), MJ_OK);
  gu_act(g, 1, MJ_ACT_WIN, NULL);
  assert_true(mj_game_over(g));
  assert_int_equal(s.total, mj_game_result(g, 0)->total);
  assert_non_null(strstr(gu_fans(g, 0), "ドラx3"));
  mj_hand_free(h);
  mj_game_free(g);
  /* 宝 (dice 2: 4m turned, 5m wild): the wild kind, and S's 飞宝 */
  const char *bh[4] = {
    "19m19p19s1234567z", "5m2234m456p678s5s7z",
    "19m19p19s1234567z", "19m19p19s1234567z",
  };
  g = gu_scenario("bao", bh, "2z", "2s4m", 2);
  gu_act(g, 0, MJ_ACT_DISCARD, "2z");
  gu_all_pass(g);
  gu_act(g, 1, MJ_ACT_DISCARD, "5m");    /* S throws a 宝 */
  h = mj_hand_new();
  mj_hand_copy(h, mj_game_hand(g, 1));
  assert_int_equal(mj_hand_add(h, 22), MJ_OK);
  mj_game_win_context(g, 1, h, 22);
  const mj_ctx *x = mj_hand_ctx(h);
  assert_int_equal(x->wild, 4);                      /* 5m */
  assert_int_equal(x->feibao, 1);
  mj_hand_free(h);
  mj_game_free(g);
  /* 推倒胡 wins on self-draws alone: a ready hand's waits are scored as
     self-draws (as discard wins, none was a win) */
  const char *th[4] = {
    "123m456p789s11z22z", "2345678m234567p",
    "2345678m234567p", "2345678s345677z",
  };
  g = gu_scenario("tuidao", th, "9m", "", 2);
  mj_plan plan;
  mj_bot_plan(g, 0, 8, &plan);                       /* 9m thrown */
  print_message("tuidao, ready: %s, %d\n", plan.text, plan.fan);
  assert_true(plan.ready);
  assert_true(plan.reaches);
  assert_int_equal(plan.fan, 4);                     /* 2, 无鬼 x2 */
  mj_game_free(g);
}

/* The strong bot's setting: named as written out, refused when wrong
** with what is wrong (the play it changes: tests/scenarios/caution.lua). */
static void strong_bot_caution(void **state)
{
  (void)state;
  mj_error e;
  const char *good[][2] = { { "strong", "strong" },
                            { "strong:caution=4.0", "strong:caution=4" },
                            { "strong:caution=0", "strong:caution=0" },
                            { "strong:caution=0.25", "strong:caution=0.25" },
                            { "strong:caution=100", "strong:caution=100" } };
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    mj_bot *b = mj_bot_make(good[i][0], 1, &e);
    assert_non_null(b);
    assert_string_equal(mj_bot_kind(b), good[i][1]);
    mj_bot_free(b);
  }
  const char *bad[][2] = {
    { "strong:caution=x", "the strong bot's setting is caution=X" },
    { "strong:caution=100.5", "from 0 to 100" },
    { "strong:caution=-0.5", "from 0 to 100" },
    { "strong:caution=1e400", "from 0 to 100" },
    { "strong:caution=2x", "caution=X" },
    { "strong:speed=2", "caution=X" },
    { "efficiency:caution=2", "the efficiency bot takes no setting" },
    { "random:", "the random bot takes no setting" },
    { "strongest", "no bot kind 'strongest'" },
    { "", "no bot kind ''" },
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    e.msg[0] = '\0';
    assert_null(mj_bot_make(bad[i][0], 1, &e));
    assert_non_null(strstr(e.msg, bad[i][1]));
    assert_null(mj_bot_new(bad[i][0], 1));
  }
}

/* The hint's plan: a ready hand names its best wait's fans and value,
   or that it cannot reach 8; a hand short of ready names the fans in
   reach that reach 8 (清龙 here, held whole). */
static void plans_to_the_minimum(void **state)
{
  (void)state;
  const char *dragon[4] = {
    "33m45p123456789s",     /* E: 清龙 held, 33m and 45p */
    "12m69p369s123456z", "45m47p147s123456z", "24m28p258s123456z",
  };
  mj_game *g = gu_scenario("mcr", dragon, "1z", "", 0);
  mj_plan pl;
  mj_bot_plan(g, 0, 27, &pl);                     /* d 1z: ready on 3p 6p */
  assert_true(pl.ready);
  assert_true(pl.reaches);
  assert_true(pl.fan >= 16);
  assert_non_null(strstr(pl.text, "清龙"));
  mj_bot_plan(g, 0, 2, &pl);                      /* d 3m: one short */
  assert_false(pl.ready);
  assert_true(pl.reaches);
  assert_non_null(strstr(pl.text, "清龙"));
  assert_true(pl.fan >= 16 && pl.away >= 2);
  mj_game_free(g);
  const char *poor[4] = {
    "123m123p456789s5z",    /* E: ready on 5z after 9m: 喜相逢, 连六... */
    "12m69p369s123456z", "45m47p147s123456z", "24m28p258s123456z",
  };
  g = gu_scenario("mcr", poor, "9m", "", 0);
  mj_bot_plan(g, 0, 8, &pl);                      /* d 9m */
  assert_true(pl.ready);
  assert_false(pl.reaches);
  assert_true(pl.fan > 0 && pl.fan < 8);
  assert_non_null(strstr(pl.text, "cannot reach 8"));
  mj_game_free(g);
}

/* A match's placement: the most points first, a tie to the player nearer
   the first dealer in turn; riichi-tenhou's result from 30000 with the
   oka to the first and 20-10 uma, Mahjong Soul's from 25000 with 15-5;
   the results sum to zero. */
static void match_placement(void **state)
{
  (void)state;
  const int sc[4] = { 30000, 20000, 30000, 20000 };
  int place[4], res[4];
  mj_match_standings(gu_rules("riichi-tenhou"), sc, 2, place, res);
  /* first dealer 2: seat 2 wins the tie with 0, seat 3 the one with 1 */
  assert_int_equal(place[2], 0);
  assert_int_equal(place[0], 1);
  assert_int_equal(place[3], 2);
  assert_int_equal(place[1], 3);
  assert_int_equal(res[2], 0 + 200 + 200);     /* +40.0 */
  assert_int_equal(res[0], 0 + 100);           /* +10.0 */
  assert_int_equal(res[3], -100 - 100);        /* -20.0 */
  assert_int_equal(res[1], -100 - 200);        /* -30.0 */
  const int ms[4] = { 41500, 2300, 15600, 40600 };
  mj_match_standings(gu_rules("riichi-majsoul"), ms, 0, place, res);
  assert_int_equal(res[0], 315);
  assert_int_equal(res[3], 206);
  assert_int_equal(res[2], -144);
  assert_int_equal(res[1], -377);
  assert_int_equal(res[0] + res[1] + res[2] + res[3], 0);
  /* three seats: return 40000, uma +15/0/-15, the oka 3 x 5000 to the
     first; the fourth place and result left 0 */
  const int s3[4] = { 25000, 45000, 35000, 0 };
  mj_match_standings(gu_rules("riichi-sanma"), s3, 0, place, res);
  assert_int_equal(place[1], 0);
  assert_int_equal(place[2], 1);
  assert_int_equal(place[0], 2);
  assert_int_equal(res[1], 50 + 150 + 150);    /* +35.0 */
  assert_int_equal(res[2], -50);               /* -5.0 */
  assert_int_equal(res[0], -150 - 150);        /* -30.0 */
  assert_int_equal(res[3], 0);
  assert_int_equal(res[0] + res[1] + res[2], 0);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(phase_names),
    cmocka_unit_test(chow_only_from_previous),
    cmocka_unit_test(priority_and_head_bump),
    cmocka_unit_test(kongs_replacement_and_claim_turn),
    cmocka_unit_test(robbing_a_kong),
    cmocka_unit_test(flowers_replaced),
    cmocka_unit_test(indicator_never_a_flower),
    cmocka_unit_test(exhaustive_draw_and_dealer),
    cmocka_unit_test(false_win_refused),
    cmocka_unit_test(bad_logs),
    cmocka_unit_test(replay_prefixes),
    cmocka_unit_test(review_against_the_bot),
    cmocka_unit_test(matches),
    cmocka_unit_test(riichi_matches),
    cmocka_unit_test(mcr_random_games),
    cmocka_unit_test(mcr_efficiency_games),
    cmocka_unit_test(strong_bot_trades_only_safety_or_points),
    cmocka_unit_test(strong_bot_keeps_pungs),
    cmocka_unit_test(deal_in_read_is_calibrated),
    cmocka_unit_test(deal_in_read_sees_no_hidden_tile),
    cmocka_unit_test(strong_bot_caution),
    cmocka_unit_test(win_context_is_the_games),
    cmocka_unit_test(plans_to_the_minimum),
    cmocka_unit_test(match_placement),
  };
  return cmocka_run_group_tests(tests, gu_setup, gu_teardown);
}
