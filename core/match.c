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
  m->first_dealer = m->dealer = dealer & 3;
  for (int p = 0; p < 4; p++)
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
  memcpy(cfg.scores, m->scores, sizeof cfg.scores);
  mj_game *g = mj_game_new(m->r, &cfg, err);
  if (g != NULL)
    m->hand_no++;
  return g;
}

void mj_match_record(mj_match *m, const mj_game *g)
{
  mj_game_scores(g, m->scores);
  int next = mj_game_next_dealer(g);
  int w[MJ_MAX_WINS], nw = mj_game_winners(g, w);
  bool dealer_won = false;
  for (int k = 0; k < nw; k++)
    dealer_won = dealer_won || w[k] == m->dealer;
  m->streak = dealer_won ? m->streak + 1 : 0;
  int rounds = mj_rules_ctable(m->r)->rounds;
  if (rounds < 1 || rounds > 4)
    rounds = 4;
  /* the wind moves on when the deal comes back to the first dealer */
  if (next != m->dealer && next == m->first_dealer)
    m->round++;
  m->dealer = next;
  if (m->hands > 0 ? m->hand_no >= m->hands : m->round >= rounds)
    m->over = true;
  if (m->hand_no >= 64 * rounds)   /* a deal that never comes back */
    m->over = true;
  if (m->round > 3)
    m->round = 3;
}
