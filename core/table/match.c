/*
** match.c
** A match: hands one after another, the scores carried, the deal and the
** prevailing wind moving as the ruleset says.
*/
#include "match.h"

#include <string.h>

void mj_match_init(mj_match *m, const mj_rules *r, uint64_t seed, int hands,
                   int dealer)
{
  memset(m, 0, sizeof *m);
  m->r = r;
  m->seed = seed;
  m->hands = hands < 0 ? 0 : hands;
  m->np = mj_rules_ctable(r)->players;
  m->first_dealer = m->dealer = (dealer & 3) % m->np;
  for (int p = 0; p < m->np; p++)
    m->scores[p] = mj_rules_ctable(r)->start_score;
}

mj_game *mj_match_deal(mj_match *m, mj_error *err)
{
  if (m->over) {
    mj_fail(err, MJ_ESTATE, 0, "the match is over");
    return NULL;
  }
  mj_game_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.seed = mj_seed_mix(m->seed, (uint64_t)m->hand_no);
  cfg.dealer = m->dealer;
  cfg.round = m->round;
  cfg.hand = m->hand_no + 1;
  cfg.streak = m->streak;
  memcpy(cfg.match_state, m->state, sizeof cfg.match_state);
  cfg.honba = m->honba;
  cfg.pot = m->pot;
  memcpy(cfg.scores, m->scores, sizeof cfg.scores);
  mj_game *g = mj_game_new(m->r, &cfg, err);
  if (g != NULL)
    m->hand_no++;
  return g;
}

/* The first player: the most points, a tie to the one nearest the first
   dealer in turn. */
static int first_player(const mj_match *m)
{
  int top = m->first_dealer;
  for (int k = 1; k < m->np; k++) {
    int p = (m->first_dealer + k) % m->np;
    if (m->scores[p] > m->scores[top])
      top = p;
  }
  return top;
}

void mj_match_standings(const mj_rules *r, const int scores[4],
                        int first_dealer, int place[4], int result[4])
{
  const mj_table *t = mj_rules_ctable(r);
  int ret = t->return_score > 0 ? t->return_score : t->start_score;
  int np = t->players;
  for (int p = np; p < 4; p++)
    place[p] = result[p] = 0;
  for (int p = 0; p < np; p++) {
    int dp = (p - first_dealer + np) % np;
    place[p] = 0;
    for (int q = 0; q < np; q++) {
      int dq = (q - first_dealer + np) % np;
      if (scores[q] > scores[p] || (scores[q] == scores[p] && dq < dp))
        place[p]++;
    }
  }
  for (int p = 0; p < np; p++) {
    /* exact: scores are whole points, the result in hundreds of them */
    long v = ((long)scores[p] - ret) / 100 + 10L * t->uma[place[p]];
    if (place[p] == 0)
      v += (long)np * (ret - t->start_score) / 100;
    result[p] = (int)v;
  }
}

/* Is the match over after a hand of wind round m->round (rounds played
   when it equals rounds)? won: the dealer won and keeps the deal. */
static bool wind_rounds_over(const mj_match *m, const mj_table *t,
                             int rounds, bool won)
{
  int top = m->scores[first_player(m)];
  bool at_target = t->target == 0 || top >= t->target;
  if (t->bust)
    for (int p = 0; p < m->np; p++)
      if (m->scores[p] < 0)
        return true;
  /* the last round's last hand: the dealer keeping the deal while first */
  bool last_hand = m->round == rounds - 1 &&
                   (m->dealer + 1) % m->np == m->first_dealer;
  if (t->stop_when_top && won && at_target && m->round >= rounds - 1 &&
      (last_hand || m->round >= rounds) && first_player(m) == m->dealer)
    return true;
  if (m->round < rounds)
    return false;
  /* past the last round: on until someone reaches the target, one more
     round at most */
  return at_target || m->round > rounds || rounds == 4;
}

void mj_match_record(mj_match *m, const mj_game *g)
{
  const mj_table *t = mj_rules_ctable(m->r);
  mj_game_scores(g, m->scores);
  memcpy(m->state, mj_game_match_state(g), sizeof m->state);
  m->pot = mj_game_pot(g);
  int next = mj_game_next_dealer(g);
  int w[MJ_MAX_WINS], nw = mj_game_winners(g, w);
  bool dealer_won = false;
  for (int k = 0; k < nw; k++)
    dealer_won = dealer_won || w[k] == m->dealer;
  m->streak = dealer_won ? m->streak + 1 : 0;
  bool kept = next == m->dealer;
  m->honba = kept || nw == 0 ? m->honba + 1 : 0;
  int rounds = t->rounds;
  if (rounds < 1 || rounds > 4)
    rounds = 4;
  bool dealer_stop = dealer_won && kept && t->stop_when_top;
  /* the wind moves on when the deal comes back to the first dealer */
  if (next != m->dealer && next == m->first_dealer)
    m->round++;
  if (dealer_stop && wind_rounds_over(m, t, rounds, true))
    m->over = true;
  m->dealer = next;
  if (m->hands > 0 ? m->hand_no >= m->hands
                   : wind_rounds_over(m, t, rounds, false))
    m->over = true;
  if (m->hand_no >= 64 * rounds)   /* a deal that never comes back */
    m->over = true;
  if (m->round > 3)
    m->round = 3;
  if (m->over && m->pot > 0) {     /* the sticks left: the first's */
    m->scores[first_player(m)] += m->pot;
    m->pot = 0;
  }
}
