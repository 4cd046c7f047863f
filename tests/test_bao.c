/*
** test_bao.c
** The 宝 rulesets: every pattern's own example, the table rules in
** scenario games on given walls (the 宝 determination at each cycle edge,
** 偷机 with 宝吊宝 and 宝吊无宝, 接宝, 四个宝, robbing a kong with two
** winners, 天糊, 地糊, 杠开, 飞宝, self-draw only), and the game
** invariants over 10,000 random games of bao and of bao-shangrao.
** The scored hands are in tests/data/bao.tsv (checked through the CLI).
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "gameutil.h"
#include "score.h"

/* Hands far from any win, even with a 宝, that claim nothing the
   scenarios play. */
#define JUNK_E "1199m11599p9s2z6z7z"
#define JUNK_S "4466m4466p46s345z"
#define JUNK_W "2288m2288p258s34z"
#define JUNK_N "3377m3377p347s45z"

/* A state of bao.lua's (R.state) of player p. */
static int seat_state(const mj_game *g, const char *name, int p)
{
  int i = mj_game_state_find(g, name, -1);
  assert_true(i >= 0);
  return mj_game_state(g, p, i);
}

static mj_tile tile(const char *s)
{
  mj_tile t;
  assert_int_equal(mj_tile_parse(s, strlen(s), &t, NULL), MJ_OK);
  return t;
}

/*
** Play a script: tokens like "Ed6z" (East discards 6z), "Shu" (South
** declares a win), "Wpon", "Nkong", "Spass", "Echi3m", "Sck1m" (concealed
** kong), "Sak5p" (added kong), and "-" (everyone who may claim passes).
** East is the dealer, so seat letters are players 0..3.
*/
static void script(mj_game *g, const char *text)
{
  char buf[512];
  snprintf(buf, sizeof buf, "%s", text);
  for (char *tok = strtok(buf, " "); tok != NULL; tok = strtok(NULL, " ")) {
    if (strcmp(tok, "-") == 0) {
      gu_all_pass(g);
      continue;
    }
    const char *seats = "ESWN";
    const char *sp = strchr(seats, tok[0]);
    assert_non_null(sp);
    int p = (int)(sp - seats);
    const char *v = tok + 1;
    static const struct { const char *name; int type; } verbs[] = {
      { "hu", MJ_ACT_WIN }, { "pass", MJ_ACT_PASS }, { "pon", MJ_ACT_PON },
      { "kong", MJ_ACT_KONG }, { "chi", MJ_ACT_CHI }, { "ck", MJ_ACT_CKONG },
      { "ak", MJ_ACT_AKONG }, { "d", MJ_ACT_DISCARD },
    };
    size_t k;
    for (k = 0; k < sizeof verbs / sizeof verbs[0]; k++)
      if (strncmp(v, verbs[k].name, strlen(verbs[k].name)) == 0)
        break;
    assert_true(k < sizeof verbs / sizeof verbs[0]);
    const char *arg = v + strlen(verbs[k].name);
    gu_act(g, p, verbs[k].type, arg[0] ? arg : NULL);
  }
}

static const mj_score *won(const mj_game *g, int player, int total,
                           const char *fans)
{
  int w[MJ_MAX_WINS];
  assert_true(mj_game_over(g));
  int n = mj_game_winners(g, w);
  for (int k = 0; k < n; k++)
    if (w[k] == player) {
      const mj_score *s = mj_game_result(g, k);
      if (strcmp(gu_fans(g, k), fans) != 0 || s->total != total)
        fail_msg("player %d won %d (%s), expected %d (%s)", player, s->total,
                 gu_fans(g, k), total, fans);
      return s;
    }
  fail_msg("player %d did not win", player);
  return NULL;
}

static void payments(const mj_game *g, int e, int s, int w, int n)
{
  int pay[4];
  mj_game_payments(g, pay);
  if (pay[0] != e || pay[1] != s || pay[2] != w || pay[3] != n)
    fail_msg("payments %d %d %d %d, expected %d %d %d %d", pay[0], pay[1],
             pay[2], pay[3], e, s, w, n);
}

/* {====================================================================
** Every pattern's example
** ===================================================================== */

/* Each fan's example scores, and the fan counts in it (a state fan is
   among the states). */
static void examples_of(const char *id)
{
  const mj_rules *r = gu_rules(id);
  mj_hand *h = mj_hand_new();
  mj_score s;
  mj_error e;
  int n = mj_rules_nfans(r);
  assert_true(n > 0);
  for (int i = 0; i < n; i++) {
    const mj_fan_def *f = mj_rules_fan(r, i);
    if (f->example == NULL)
      fail_msg("%s: fan %s has no example", id, f->id);
    if (f->desc == NULL || f->desc[0] == '\0')
      fail_msg("%s: fan %s has no description", id, f->id);
    if (mj_hand_parse(h, f->example, strlen(f->example), &e) != MJ_OK)
      fail_msg("%s: %s: example '%s': %s", id, f->id, f->example, e.msg);
    if (mj_score_hand(r, h, &s, &e) != MJ_OK)
      fail_msg("%s: %s: example '%s' does not score: %s", id, f->id, f->example,
               e.msg);
    bool found = false;
    for (int q = 0; q < s.nhits; q++)
      found = found || s.hits[q].fan == i;
    for (int q = 0; q < s.nstates; q++)
      found = found || s.states[q] == i;
    if (!found) {
      char line[512];
      mj_score_fans_line(r, &s, line, sizeof line);
      fail_msg("%s: %s: example '%s' scores %s", id, f->id, f->example, line);
    }
  }
  mj_hand_free(h);
}

static void every_pattern_example(void **state)
{
  (void)state;
  examples_of("bao");
  examples_of("bao-shangrao");
  examples_of("mcr");
  assert_int_equal(mj_rules_nfans(gu_rules("bao")), 24);   /* 23 and 平糊 */
}

/* }==================================================================== */

/* {====================================================================
** Scenarios
** ===================================================================== */

static void bao_determination(void **state)
{
  (void)state;
  static const struct { const char *indicator, *wild; } edge[] = {
    { "9m", "1m" }, { "9p", "1p" }, { "9s", "1s" },   /* 9 → 1 */
    { "4z", "1z" },                                   /* 北 → 东 */
    { "7z", "5z" },                                   /* 白 → 中 */
    { "5z", "6z" }, { "6z", "7z" }, { "3z", "4z" }, { "4m", "5m" },
  };
  const char *hands[4] = { JUNK_E, JUNK_S, JUNK_W, JUNK_N };
  for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
    /* dice 5: the fifth tile from the tail is turned up */
    char tail[32];
    snprintf(tail, sizeof tail, "1s2s3s4s%s", edge[i].indicator);
    mj_tile wall[144];
    int n = gu_make_wall(wall, hands, "", tail);
    mj_game *g = gu_scenario("bao", hands, "", tail, 5);
    assert_int_equal(mj_game_indicator(g), tile(edge[i].indicator));
    assert_int_equal(mj_game_wild(g), MJ_BIT(tile(edge[i].wild)));
    /* out of play: the deal, the dealer's draw and the indicator */
    assert_int_equal(mj_game_wall_left(g), n - 52 - 1 - 1);
    uint8_t seen[MJ_KINDS];
    mj_game_visible(g, 1, seen);
    assert_int_equal(seen[tile(edge[i].indicator)], 1);
    mj_game_free(g);
  }
  /* a kong's replacement is the tile after the indicator's place is
     skipped: with dice 1 the last tile is the indicator */
  const char *kh[4] = { "1111m123p456s78s1z", JUNK_S, JUNK_W, JUNK_N };
  mj_game *g = gu_scenario("bao", kh, "7z", "9m5z", 1);
  assert_int_equal(mj_game_indicator(g), tile("9m"));
  script(g, "Eck1m");
  assert_int_equal(mj_game_last_draw(g), tile("5z"));
  mj_game_free(g);
}

/* South reaches 宝吊头, declines a win (偷机), and later wins on win_tile. */
static void touji_flow(const char *south, const char *win_tile, int total,
                       const char *fans)
{
  const char *hands[4] = { JUNK_E, south, JUNK_W, JUNK_N };
  char draws[64];
  snprintf(draws, sizeof draws, "6z5z6z6z7z%s", win_tile);
  mj_game *g = gu_scenario("bao", hands, draws, "2s4m", 2);   /* 宝 = 5m */
  script(g, "Ed6z -");
  assert_true(gu_has(g, 1, MJ_ACT_WIN, NULL));   /* 宝吊头: any tile wins */
  assert_false(seat_state(g, "touji", 1));
  script(g, "Sd5z -");                           /* declined: 偷机 */
  assert_true(seat_state(g, "touji", 1));
  script(g, "Wd6z - Nd6z - Ed7z -");
  assert_true(gu_has(g, 1, MJ_ACT_WIN, NULL));
  script(g, "Shu");
  const mj_score *s = won(g, 1, total, fans);
  assert_int_equal(s->nstates, 1);
  assert_string_equal(mj_rules_fan(mj_game_rules(g), s->states[0])->id, "偷机");
  /* a self-draw: the dealer pays double */
  payments(g, -2 * total, 4 * total, -total, -total);
  gu_replay_matches(mj_game_rules(g), g);
  mj_game_free(g);
}

static void touji_then_bao_diao_bao(void **state)
{
  (void)state;
  /* one 宝 acts in 12m+5m, one alone: drawing the third is 宝吊宝 */
  touji_flow("12m456p789s111z55m", "5m", 4, "宝吊宝,平糊");
}

static void touji_then_bao_diao_wu_bao(void **state)
{
  (void)state;
  /* two 宝 as the pair, at their own face */
  touji_flow("123m456p789s111z5m", "5m", 16, "宝吊无宝,平糊自摸,平糊");
  /* three 宝 as a pung: 555m waited as 1z+55m with a lone 5m */
  touji_flow("123m456p789s1z555m", "1z", 16, "宝吊无宝,平糊自摸,平糊");
}

/* 偷机 lasts only while the hand stays in 宝吊头: South declines, then
   throws the lone 宝 (飞宝) and waits on 7p; a 宝 drawn later acts as
   7p: 飞宝 on 平糊, not 宝吊宝. */
static void touji_ends(void **state)
{
  (void)state;
  const char *hands[4] = { JUNK_E, "123m456p789s111z5m", JUNK_W, JUNK_N };
  mj_game *g = gu_scenario("bao", hands, "6z5z6z6z7z7p5z5z7z5m", "2s4m", 2);
  script(g, "Ed6z - Sd5z -");
  assert_true(seat_state(g, "touji", 1));
  script(g, "Wd6z - Nd6z - Ed7z -");
  assert_true(seat_state(g, "touji", 1));     /* drew 7p: still a lone 宝 in hand */
  script(g, "Sd5m -");
  assert_false(seat_state(g, "touji", 1));    /* the lone 宝 thrown: over */
  script(g, "Wd5z - Nd5z - Ed7z -");
  script(g, "Shu");
  const mj_score *s = won(g, 1, 2, "飞宝,平糊");
  assert_int_equal(s->nstates, 0);
  gu_replay_matches(mj_game_rules(g), g);
  mj_game_free(g);
}

/* 天糊 is the fourteen tiles as dealt: a win on a kong's replacement is
   杠开 only. */
static void no_tian_hu_after_kong(void **state)
{
  (void)state;
  const char *hands[4] = { "111m456p789s111z5s", JUNK_S, JUNK_W, JUNK_N };
  mj_game *g = gu_scenario("bao", hands, "1m", "5s4m", 2);
  script(g, "Eck1m");
  assert_int_equal(mj_game_last_draw(g), tile("5s"));
  script(g, "Ehu");
  won(g, 0, 4, "杠开,平糊自摸,平糊");
  mj_game_free(g);
}

/* A 宝 discarded by another player is at face value for a win on it. */
static void discarded_bao_at_face(void **state)
{
  (void)state;
  const char *hands[4] = { JUNK_E, "123m456p789s11z77p", JUNK_W, JUNK_N };
  mj_game *g = gu_scenario("bao", hands, "5m", "2s4m", 2);   /* 宝 = 5m */
  script(g, "Ed5m");
  assert_false(gu_has(g, 1, MJ_ACT_WIN, NULL));
  mj_game_free(g);
  /* on his own draw the 宝 stands for 1z or 7p */
  g = gu_scenario("bao", hands, "6z5m", "2s4m", 2);
  script(g, "Ed6z -");
  assert_true(gu_has(g, 1, MJ_ACT_WIN, NULL));
  mj_game_free(g);
}

static void jie_bao(void **state)
{
  (void)state;
  const char *hands[4] = { JUNK_E, "555m12p19s1234z66z", JUNK_W, JUNK_N };
  mj_game *g = gu_scenario("bao", hands, "5m", "2s4m", 2);   /* 宝 = 5m */
  assert_int_equal(seat_state(g, "drawn", 1), 3);
  script(g, "Ed5m");
  assert_true(gu_has(g, 1, MJ_ACT_WIN, NULL));    /* whatever his hand */
  assert_false(gu_has(g, 2, MJ_ACT_WIN, NULL));
  script(g, "Shu");
  const mj_score *s = won(g, 1, 8, "接宝");
  assert_int_equal(s->other_total, 0);            /* no shape of its own */
  assert_int_equal(mj_game_payer(g), 0);
  payments(g, -16, 16, 0, 0);                     /* the dealer discarded it */
  mj_game_free(g);

  /* a hand that is a win by its shape too gets the better of the two:
     地糊 on 七星十三浪 (16) against 接宝's 8 */
  hands[1] = "555m19p19s1234z67z";
  g = gu_scenario("bao", hands, "5m", "2s4m", 2);
  script(g, "Ed5m Shu");
  s = won(g, 1, 16, "地糊,七星十三浪");
  assert_int_equal(s->other_total, 8);
  assert_string_equal(mj_rules_fan(mj_game_rules(g), s->other_fan)->id, "接宝");
  mj_game_free(g);
  hands[1] = "555m12p19s1234z66z";

  /* in the self-draw-only variant, 接宝 still takes a discard */
  g = gu_scenario("bao-shangrao", hands, "5m", "2s4m", 2);
  script(g, "Ed5m");
  assert_true(gu_has(g, 1, MJ_ACT_WIN, NULL));
  script(g, "Shu");
  won(g, 1, 16, "接宝");
  mj_game_free(g);
}

static void si_ge_bao(void **state)
{
  (void)state;
  const char *hands[4] = { JUNK_E, "555m19p19s1234z67z", JUNK_W, JUNK_N };
  mj_game *g = gu_scenario("bao", hands, "6z5m", "2s4m", 2);
  script(g, "Ed6z -");
  assert_int_equal(seat_state(g, "drawn", 1), 4);
  assert_true(gu_has(g, 1, MJ_ACT_WIN, NULL));
  script(g, "Shu");
  won(g, 1, 16, "四个宝");
  payments(g, -32, 64, -16, -16);
  mj_game_free(g);

  /* declined, the chance is gone */
  g = gu_scenario("bao", hands, "6z5m", "2s4m", 2);
  script(g, "Ed6z - Sd1p -");
  assert_false(mj_game_over(g));
  assert_int_equal(mj_game_turn(g), 2);
  mj_game_free(g);
}

static void rob_kong_two_winners(void **state)
{
  (void)state;
  /* 宝 = 6z. S pungs 5p, later adds the fourth: W and N both rob */
  const char *hands[4] = {
    "59p19m189s234567z",
    "1355p28m28s34567z",
    "123456789m11z46p",
    "123456789s22z46p",
  };
  mj_game *g = gu_scenario("bao", hands, "7p7z3z8p5p", "1z5z", 2);
  assert_int_equal(mj_game_wild(g), MJ_BIT(tile("6z")));
  script(g, "Ed5p Wpass Npass Spon Sd1p - Wd7z - Nd3z - Ed8p -");
  assert_int_equal(mj_game_turn(g), 1);
  script(g, "Sak5p");
  assert_int_equal(mj_game_phase(g), MJ_PHASE_ROB);
  script(g, "Nhu Whu");
  int w[MJ_MAX_WINS];
  assert_int_equal(mj_game_winners(g, w), 2);
  assert_int_equal(w[0], 2);
  assert_int_equal(w[1], 3);
  won(g, 2, 2, "抢杠,平糊");
  won(g, 3, 2, "抢杠,平糊");
  assert_int_equal(mj_game_payer(g), 1);
  payments(g, 0, -4, 2, 2);
  /* the first robber after the kong's owner deals next */
  assert_int_equal(mj_game_next_dealer(g), 2);
  gu_replay_matches(mj_game_rules(g), g);
  mj_game_free(g);
}

static void tian_hu_and_di_hu(void **state)
{
  (void)state;
  const char *tian[4] = { "123m456p789s111z5s", JUNK_S, JUNK_W, JUNK_N };
  mj_game *g = gu_scenario("bao", tian, "5s", "2s4m", 2);
  assert_true(gu_has(g, 0, MJ_ACT_WIN, NULL));
  script(g, "Ehu");
  won(g, 0, 16, "天糊,平糊自摸,平糊");
  payments(g, 96, -32, -32, -32);
  assert_int_equal(mj_game_next_dealer(g), 0);
  mj_game_free(g);

  const char *di[4] = { JUNK_E, "123m456p789s111z5s", JUNK_W, JUNK_N };
  g = gu_scenario("bao", di, "5s", "2s4m", 2);
  script(g, "Ed5s");
  script(g, "Shu");
  won(g, 1, 4, "地糊,平糊");
  payments(g, -8, 8, 0, 0);
  assert_int_equal(mj_game_next_dealer(g), 1);   /* the winner deals */
  mj_game_free(g);

  /* on the dealer's second discard it is no longer 地糊 */
  g = gu_scenario("bao", di, "6z7z6z6z5s", "2s4m", 2);
  script(g, "Ed6z - Sd7z - Wd6z - Nd6z - Ed5s Shu");
  won(g, 1, 1, "平糊");
  mj_game_free(g);
}

static void gang_kai(void **state)
{
  (void)state;
  const char *hands[4] = { JUNK_S, "111m456p789s11z55s", JUNK_W, JUNK_N };
  mj_game *g = gu_scenario("bao", hands, "6z1m", "5s4m", 2);
  script(g, "Ed6z - Sck1m");
  assert_int_equal(mj_game_last_draw(g), tile("5s"));   /* from the tail */
  script(g, "Shu");
  won(g, 1, 4, "杠开,平糊自摸,平糊");
  mj_game_free(g);

  /* no kong in the turn of a pung claim */
  const char *ph[4] = { "99m1199p1199s2z6z7z", "1111m456p789s55s6z", JUNK_W,
                        JUNK_N };
  g = gu_scenario("bao", ph, "5s", "2s4m", 2);
  script(g, "Ed5s");
  assert_true(gu_has(g, 1, MJ_ACT_PON, NULL));
  script(g, "Spon");
  assert_int_equal(mj_game_turn(g), 1);
  assert_false(gu_has(g, 1, MJ_ACT_CKONG, NULL));
  assert_false(gu_has(g, 1, MJ_ACT_AKONG, NULL));
  mj_game_free(g);
}

static void fei_bao(void **state)
{
  (void)state;
  const char *hands[4] = { JUNK_E, "123m456p789s11z55s", JUNK_W, JUNK_N };
  mj_game *g = gu_scenario("bao", hands, "6z5m6z6z7z5m7z7z3z5s", "2s4m", 2);
  script(g, "Ed6z -");
  assert_true(gu_has(g, 1, MJ_ACT_WIN, NULL));   /* 5m acting: declined */
  script(g, "Sd5m - Wd6z - Nd6z - Ed7z - Sd5m - Wd7z - Nd7z - Ed3z - Shu");
  assert_false(seat_state(g, "touji", 1));             /* not 宝吊头 */
  assert_int_equal(seat_state(g, "drawn", 1), 2);
  assert_int_equal(seat_state(g, "feibao", 1), 2);
  won(g, 1, 8, "飞宝x2,平糊自摸,平糊");
  mj_game_free(g);
}

static void self_draw_only(void **state)
{
  (void)state;
  /* S waits on 6s/9s; W could pung the 9s, so the discard is open to claims */
  const char *hands[4] = { "1199m1199p15s2z6z7z", "123m456p78s111z55s",
                           "2288m2288p228s99s", JUNK_N };
  mj_game *g = gu_scenario("bao-shangrao", hands, "9s9s", "2s4m", 2);
  script(g, "Ed9s");
  assert_int_equal(mj_game_phase(g), MJ_PHASE_CLAIM);
  assert_true(gu_has(g, 2, MJ_ACT_PON, NULL));
  assert_false(gu_has(g, 1, MJ_ACT_WIN, NULL));
  mj_action a = { MJ_ACT_WIN, 1, tile("9s"), 0 };
  mj_error e;
  assert_int_not_equal(mj_game_act(g, &a, &e), MJ_OK);
  script(g, "-");
  /* his own first draw: 地糊 in this variant (门清 is the club's own) */
  assert_int_equal(mj_game_turn(g), 1);
  assert_true(gu_has(g, 1, MJ_ACT_WIN, NULL));
  script(g, "Shu");
  won(g, 1, 32, "地糊,平糊自摸,平糊,门清");
  mj_game_free(g);

  /* the option on the plain ruleset does the same */
  const mj_rules *r;
  assert_int_equal(
      mj_host_load(gu_host(), "bao", "self_draw_only=true", &r, &e), MJ_OK);
  g = gu_scenario("bao", hands, "9s9s", "2s4m", 2);
  script(g, "Ed9s");
  assert_false(gu_has(g, 1, MJ_ACT_WIN, NULL));
  mj_game_free(g);
  assert_int_equal(mj_host_load(gu_host(), "bao", NULL, &r, &e), MJ_OK);
  g = gu_scenario("bao", hands, "9s9s", "2s4m", 2);
  script(g, "Ed9s");
  assert_true(gu_has(g, 1, MJ_ACT_WIN, NULL));
  script(g, "Shu Wpass");
  won(g, 1, 4, "地糊,平糊");
  mj_game_free(g);
}

/* }==================================================================== */

static void bao_random_games(void **state)
{
  (void)state;
  gu_invariants("bao", 10000, "random");
}

static void shangrao_random_games(void **state)
{
  (void)state;
  gu_invariants("bao-shangrao", 10000, "random");
}

static void bao_efficiency_games(void **state)
{
  (void)state;
  gu_invariants("bao", 300, "efficiency");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(every_pattern_example),
    cmocka_unit_test(bao_determination),
    cmocka_unit_test(touji_then_bao_diao_bao),
    cmocka_unit_test(touji_then_bao_diao_wu_bao),
    cmocka_unit_test(touji_ends),
    cmocka_unit_test(no_tian_hu_after_kong),
    cmocka_unit_test(discarded_bao_at_face),
    cmocka_unit_test(jie_bao),
    cmocka_unit_test(si_ge_bao),
    cmocka_unit_test(rob_kong_two_winners),
    cmocka_unit_test(tian_hu_and_di_hu),
    cmocka_unit_test(gang_kai),
    cmocka_unit_test(fei_bao),
    cmocka_unit_test(self_draw_only),
    cmocka_unit_test(bao_random_games),
    cmocka_unit_test(shangrao_random_games),
    cmocka_unit_test(bao_efficiency_games),
  };
  return cmocka_run_group_tests(tests, gu_setup, gu_teardown);
}
