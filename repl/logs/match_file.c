/*
** match_file.c
** hule's own match logs, as files: cut into the logs of their hands, the
** placement line that ends a match over, and whether a hand follows from
** the one before it as a match deals (match_file.h). The hands
** themselves are core/logs/replay.c's.
*/
#include "match_file.h"

#include <stdlib.h>
#include <string.h>

#include "text.h"

bool match_counts_result(const mj_rules *rs)
{
  const mj_table *t = mj_rules_ctable(rs);
  return t->uma[0] != 0 ||
         (t->return_score != 0 && t->return_score != t->start_score);
}

static const char placement_head[] = "{\"placement\":";

size_t match_tail(const char *text, size_t len)
{
  size_t end = len;
  while (end > 0 && text[end - 1] == '\n')
    end--;
  size_t b = end;
  while (b > 0 && text[b - 1] != '\n')
    b--;
  if (end - b >= sizeof placement_head - 1 &&
      memcmp(text + b, placement_head, sizeof placement_head - 1) == 0)
    return b;
  return len;
}

char *match_placement_line(const mj_rules *rs, const mj_match *m)
{
  if (!m->over)
    return NULL;
  int place[4], res[4];
  mj_match_standings(rs, m->scores, m->first_dealer, place, res);
  char *line = malloc(200);
  if (line == NULL)
    return NULL;
  size_t len = 0;
  line[0] = '\0';
  mj_catf(line, 200, &len, "%s[", placement_head);
  for (int q = 0; q < m->np; q++)
    mj_catf(line, 200, &len, "%s%d", q ? "," : "", place[q] + 1);
  mj_catf(line, 200, &len, "],\"scores\":[");
  for (int q = 0; q < m->np; q++)
    mj_catf(line, 200, &len, "%s%d", q ? "," : "", m->scores[q]);
  mj_catf(line, 200, &len, "]");
  if (match_counts_result(rs)) {
    mj_catf(line, 200, &len, ",\"result\":[");
    for (int q = 0; q < m->np; q++)
      mj_catf(line, 200, &len, "%s%s%d.%d", q ? "," : "",
              res[q] < 0 ? "-" : "", abs(res[q]) / 10, abs(res[q]) % 10);
    mj_catf(line, 200, &len, "]");
  }
  mj_catf(line, 200, &len, "}\n");
  return line;
}

int match_split(const char *text, size_t len, char ***out, mj_error *err)
{
  static const char head[] = "{\"hule\":";
  int n = 0, cap = 0;
  len = match_tail(text, len);   /* a match's placement is no hand */
  char **hands = NULL;
  size_t start = 0;
  for (size_t i = 0; i <= len; i++) {
    bool line_start = i == 0 || text[i - 1] == '\n';
    bool cut = i == len || (i > 0 && line_start &&
                            len - i >= sizeof head - 1 &&
                            memcmp(text + i, head, sizeof head - 1) == 0);
    if (!cut || i == start)
      continue;
    if (n == cap) {
      cap = cap ? 2 * cap : 8;
      char **x = realloc(hands, (size_t)cap * sizeof *x);
      if (x == NULL)
        break;
      hands = x;
    }
    hands[n] = malloc(i - start + 1);
    if (hands[n] == NULL)
      break;
    memcpy(hands[n], text + start, i - start);
    hands[n++][i - start] = '\0';
    start = i;
  }
  if (start < len) {   /* out of memory on the way */
    for (int k = 0; k < n; k++)
      free(hands[k]);
    free(hands);
    *out = NULL;
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    return -1;
  }
  *out = hands;
  return n;
}

mj_status match_chain(const mj_rules *rs, const mj_game *prev,
                      const mj_replay *next, int k, mj_error *err)
{
  const mj_game_cfg *a = mj_game_config(prev);
  mj_match m;
  mj_match_init(&m, rs, 0, mj_rules_ctable(rs)->match_hands, a->dealer);
  m.hand_no = a->hand > 0 ? a->hand : 1;
  m.round = a->round;
  m.streak = a->streak;
  bool round_known = a->hand <= 1;   /* the first dealer is this one */
  if (!mj_game_over(prev))
    return mj_fail(err, MJ_EINVAL, 0, "hand %d: the hand before it did not "
                   "end", k + 1);
  mj_match_record(&m, prev);
  const mj_game_cfg *b = &next->cfg;
  int sc[4];
  mj_game_scores(prev, sc);
  if (m.over)
    return mj_fail(err, MJ_EINVAL, 0, "hand %d: the match was over before "
                   "it", k + 1);
  if (b->hand != m.hand_no + 1)
    return mj_fail(err, MJ_EINVAL, 0, "hand %d: it says hand %d, not %d",
                   k + 1, b->hand, m.hand_no + 1);
  if (memcmp(mj_game_match_state(prev), b->match_state,
             sizeof b->match_state) != 0)
    return mj_fail(err, MJ_EINVAL, 0, "hand %d: its match_state is not the "
                   "one the hand before it ended with", k + 1);
  if (memcmp(sc, b->scores, sizeof sc) != 0)
    return mj_fail(err, MJ_EINVAL, 0, "hand %d: its starting scores %d %d "
                   "%d %d are not the end of the hand before (%d %d %d %d)",
                   k + 1, b->scores[0], b->scores[1], b->scores[2],
                   b->scores[3], sc[0], sc[1], sc[2], sc[3]);
  if (b->dealer != m.dealer || b->streak != m.streak ||
      (round_known && b->round != m.round))
    return mj_fail(err, MJ_EINVAL, 0, "hand %d: its dealer, wind or streak "
                   "(%d, %d, %d) do not follow from the hand before (%d, %d, "
                   "%d)", k + 1, b->dealer, b->round, b->streak, m.dealer,
                   m.round, m.streak);
  return MJ_OK;
}
