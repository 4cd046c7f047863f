/*
** danger_data.c
** The cases the strong bot's read of danger is fitted on: MCR games of
** bots, and at every turn, for each kind the mover holds and each other
** player in play, the model's inputs (mj_bot_danger_features) and whether
** the tile would complete that player's hand for a win (the truth, read
** from his hand). Not a test: "cmake --build build --target danger-data"
** builds it; tests/danger_fit.py fits the model on what it writes.
**
**   danger_data GAMES SEED BOT,BOT,BOT,BOT OUT.bin
**
** Each case is DF_N + 1 float32: the inputs, then 1 or 0.
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
#include "gameutil.h"

int main(int argc, char **argv)
{
  if (argc != 5) {
    fprintf(stderr, "usage: danger_data GAMES SEED BOT,BOT,BOT,BOT OUT.bin\n");
    return 2;
  }
  int games = atoi(argv[1]);
  uint64_t seed = strtoull(argv[2], NULL, 10);
  char kinds[4][32];
  if (games <= 0 || sscanf(argv[3], "%31[a-z],%31[a-z],%31[a-z],%31[a-z]",
                           kinds[0], kinds[1], kinds[2], kinds[3]) != 4) {
    fprintf(stderr, "danger_data: GAMES > 0 and four bot kinds, got '%s' '%s'\n",
            argv[1], argv[3]);
    return 2;
  }
  for (int i = 0; i < 4; i++) {
    mj_bot *b = mj_bot_new(kinds[i], 1);
    if (b == NULL) {
      fprintf(stderr, "danger_data: no bot kind '%s' (kinds:", kinds[i]);
      for (const char *const *k = mj_bot_kinds(); *k; k++)
        fprintf(stderr, " %s", *k);
      fprintf(stderr, ")\n");
      return 2;
    }
    mj_bot_free(b);
  }
  FILE *f = fopen(argv[4], "wb");
  if (f == NULL) {
    perror(argv[4]);
    return 1;
  }
  if (gu_setup(NULL) != 0)
    return 1;
  const mj_rules *r = gu_rules("mcr");
  long cases = 0, wins = 0;
  for (int gi = 0; gi < games; gi++) {
    mj_game_cfg cfg = { .seed = seed + (uint64_t)gi * 7919, .dealer = gi & 3 };
    mj_error e;
    mj_game *g = mj_game_new(r, &cfg, &e);
    mj_bot *b[4];
    for (int i = 0; i < 4; i++) {
      /* the kinds turn through the seats game by game */
      b[i] = mj_bot_new(kinds[(i + gi) & 3], cfg.seed + (uint64_t)i);
      if (g == NULL || b[i] == NULL) {
        fprintf(stderr, "danger_data: cannot start game %d\n", gi);
        return 1;
      }
    }
    mj_action legal[MJ_MAX_LEGAL];
    for (int guard = 0; !mj_game_over(g) && guard < 3000; guard++) {
      int p = __builtin_ctz(mj_game_waiting(g));
      int n = mj_game_legal(g, p, legal, MJ_MAX_LEGAL);
      if (mj_game_phase(g) == MJ_PHASE_TURN) {
        const uint8_t *own = mj_hand_counts(mj_game_hand(g, p));
        for (int q = 0; q < 4; q++) {
          if (q == p || !mj_game_active(g, q))
            continue;
          mj_tileset w = gu_wins_now(g, q);
          for (int t = 0; t < MJ_KINDS; t++) {
            if (!own[t])
              continue;
            float x[64];
            int k = mj_bot_danger_features(g, p, q, (mj_tile)t, x, 63);
            x[k] = (w & MJ_BIT(t)) != 0;
            wins += x[k] > 0;
            cases++;
            if (fwrite(x, sizeof(float), (size_t)k + 1, f) != (size_t)k + 1) {
              perror(argv[4]);
              return 1;
            }
          }
        }
      }
      int i = mj_bot_choose(b[p], g, p, legal, n);
      if (mj_game_act(g, &legal[i], &e) != MJ_OK) {
        fprintf(stderr, "danger_data: game %d: %s\n", gi, e.msg);
        return 1;
      }
    }
    for (int i = 0; i < 4; i++)
      mj_bot_free(b[i]);
    mj_game_free(g);
  }
  if (fclose(f) != 0) {
    perror(argv[4]);
    return 1;
  }
  gu_teardown(NULL);
  fprintf(stderr, "%ld cases, %ld that would deal in\n", cases, wins);
  return 0;
}
