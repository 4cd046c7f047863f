/*
** testutil.c
** Helpers shared by the tests.
*/
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

int tsv_each(const char *name, tsv_fn fn, void *ud)
{
  char path[512], line[4096];
  snprintf(path, sizeof path, "%s/%s", HULE_DATA_DIR, name);
  FILE *f = fopen(path, "r");
  if (f == NULL)
    return -1;
  int n = 0;
  while (fgets(line, sizeof line, f) != NULL) {
    size_t len = strlen(line);
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
      line[--len] = '\0';
    char *fields[16];
    int nf = 0;
    char *p = line;
    fields[nf++] = p;
    while ((p = strchr(p, '\t')) != NULL && nf < 16) {
      *p++ = '\0';
      fields[nf++] = p;
    }
    n++;
    fn(n, fields, nf, ud);
  }
  fclose(f);
  return n;
}

static bool put_tile(uint8_t *all, mj_tile t, mj_tile wild)
{
  if (t == wild || all[t] >= 4)
    return false;
  all[t]++;
  return true;
}

void random_hand(trng *r, mj_hand *h, int melds, mj_tile wild, int wilds,
                 bool winning, bool ready)
{
  uint8_t all[MJ_KINDS];
  for (;;) {
    memset(all, 0, sizeof all);
    mj_hand_clear(h);
    int ok = 1;
    if (wild < MJ_KINDS)
      all[wild] = (uint8_t)wilds;
    for (int i = 0; i < melds && ok; i++) {
      int type = trng_below(r, 4);
      mj_tile t;
      if (type == 0) {
        int s = trng_below(r, 3), rk = trng_below(r, 7);
        t = (mj_tile)(s * 9 + rk);
        ok = put_tile(all, t, wild) && put_tile(all, (mj_tile)(t + 1), wild) &&
             put_tile(all, (mj_tile)(t + 2), wild);
      } else {
        t = (mj_tile)trng_below(r, MJ_KINDS);
        int k = type == 1 ? 3 : 4;
        for (int q = 0; q < k && ok; q++)
          ok = put_tile(all, t, wild);
      }
      mj_meld m = { (uint8_t)(type == 0 ? MJ_CHOW : type == 1 ? MJ_PUNG
                              : type == 2 ? MJ_KONG : MJ_CKONG), t, 0, 0 };
      mj_hand_add_meld(h, m);
    }
    if (!ok)
      continue;
    int need = 14 - 3 * melds - (ready ? 1 : 0) - wilds;
    mj_tile tiles[14];
    int n = 0;
    if (winning) {
      /* melds then a pair, drop tiles beyond need (and the wild slots) */
      int target = 14 - 3 * melds;
      mj_tile full[14];
      int k = 0;
      while (k + 2 < target && ok) {
        if (trng_below(r, 2)) {
          int s = trng_below(r, 3), rk = trng_below(r, 7);
          mj_tile t = (mj_tile)(s * 9 + rk);
          full[k++] = t;
          full[k++] = (mj_tile)(t + 1);
          full[k++] = (mj_tile)(t + 2);
        } else {
          mj_tile t = (mj_tile)trng_below(r, MJ_KINDS);
          full[k++] = t;
          full[k++] = t;
          full[k++] = t;
        }
      }
      mj_tile p = (mj_tile)trng_below(r, MJ_KINDS);
      full[k++] = p;
      full[k++] = p;
      /* shuffle, keep need of them */
      for (int i = k - 1; i > 0; i--) {
        int j = trng_below(r, i + 1);
        mj_tile x = full[i];
        full[i] = full[j];
        full[j] = x;
      }
      for (int i = 0; i < k && n < need && ok; i++) {
        if (!put_tile(all, full[i], wild))
          ok = 0;
        tiles[n++] = full[i];
      }
    } else {
      while (n < need && ok) {
        mj_tile t = (mj_tile)trng_below(r, MJ_KINDS);
        if (put_tile(all, t, wild))
          tiles[n++] = t;
      }
    }
    if (!ok || n != need)
      continue;
    for (int i = 0; i < n; i++)
      mj_hand_add(h, tiles[i]);
    for (int i = 0; i < wilds; i++)
      mj_hand_add(h, wild);
    return;
  }
}

int test_rounds(int n)
{
  const char *q = getenv("HULE_QUICK");
  return q != NULL && strcmp(q, "1") == 0 ? n / 5 : n;
}
