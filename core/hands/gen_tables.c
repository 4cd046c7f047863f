/*
** gen_tables.c
** Build-time generator of the per-suit analysis tables (see analysis.c).
**
** For every count vector v of one suit (9 ranks, 0..4 copies, at most 14
** tiles; index sum v[r]*5^r) and every m in 0..4, p in 0..1 it computes
** use[m][p]: the largest number of v's tiles that fit into m melds and p
** pairs of that suit, where a meld or pair may still miss tiles and no
** rank is ever asked for more than 4 copies. Everything the core knows
** about standard hands (is-win with wild tiles, shanten, waits, useful
** tiles) is derived from it. The same is computed for the seven honors
** (pungs and pairs only).
**
** Then, for the decomposer, every suit vector that splits wholly into
** melds (and one pair when its size is 2 mod 3): its splits, in the order
** the decomposer's walk meets them, in a hash table keyed by the index.
**
** Usage: gen_tables OUTPUT.bin
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tables.h"

#define NEG (-100)
enum { SUIT_N = MJ_SUIT_N, HONOR_N = MJ_HONOR_N, MAXT = 14 };

/* State (A, B) with A + B <= 4: chows started one and two ranks back. */
static int state_index(int a, int b) { return a * 5 + b; }   /* 25 slots */

/*
** DP from the top rank down. cur/nxt hold, for each suffix vector and
** state, 10 values (m*2+p): the best usage of the suffix tiles by groups
** that start in the suffix, NEG when impossible.
*/
static void suit_tables(uint8_t *use5, uint8_t *cost)
{
  int8_t *nxt = NULL, *cur = NULL;
  size_t nsuf_next = 1;
  /* beyond rank 8: only the empty state with no groups left */
  nxt = malloc(25 * 10);
  for (int i = 0; i < 250; i++)
    nxt[i] = NEG;
  nxt[state_index(0, 0) * 10 + 0] = 0;
  uint8_t *sumn = calloc(1, 1), *sumc;
  for (int r = 8; r >= 0; r--) {
    size_t nsuf = nsuf_next * 5;
    cur = malloc(nsuf * 25 * 10);
    sumc = malloc(nsuf);
    for (size_t i = 0; i < nsuf * 250; i++)
      cur[i] = NEG;
    for (size_t s = 0; s < nsuf; s++) {
      int c = (int)(s % 5);
      size_t s2 = s / 5;
      int sum = c + sumn[s2];
      sumc[s] = (uint8_t)(sum > 15 ? 15 : sum);
      if (sum > MAXT)
        continue;
      for (int a = 0; a <= 4; a++)
        for (int b = 0; a + b <= 4; b++) {
          if (r == 0 && (a || b))
            continue;
          if (r == 1 && b)
            continue;
          int8_t *out = cur + (s * 25 + (size_t)state_index(a, b)) * 10;
          int xmax = r <= 6 ? 4 : 0;
          for (int x = 0; x <= xmax; x++)
            for (int y = 0; y <= 1; y++)
              for (int z = 0; z <= 1; z++) {
                int d = a + b + x + 3 * y + 2 * z;
                if (d > 4)
                  continue;
                int gain = c < d ? c : d;
                const int8_t *in =
                    nxt + (s2 * 25 + (size_t)state_index(x, a)) * 10;
                for (int m = x + y; m <= 4; m++)
                  for (int p = z; p <= 1; p++) {
                    int v = in[(m - x - y) * 2 + (p - z)];
                    if (v == NEG)
                      continue;
                    if (v + gain > out[m * 2 + p])
                      out[m * 2 + p] = (int8_t)(v + gain);
                  }
              }
        }
    }
    free(nxt);
    free(sumn);
    nxt = cur;
    sumn = sumc;
    nsuf_next = nsuf;
  }
  for (size_t s = 0; s < SUIT_N; s++) {
    const int8_t *v = nxt + s * 250;   /* state (0,0) */
    uint64_t packed = 0;
    int n = sumn[s];
    int c0 = 15, c1 = 15;
    if (n <= MAXT) {
      for (int i = 0; i < 10; i++) {
        int u = v[i] < 0 ? 0 : v[i];
        packed |= (uint64_t)u << (4 * i);
        int m = i / 2, p = i % 2;
        if (u == n) {
          int need = 3 * m + 2 * p - n;
          if (p == 0 && need < c0)
            c0 = need;
          if (p == 1 && need < c1)
            c1 = need;
        }
      }
    }
    for (int i = 0; i < 5; i++)
      use5[s * 5 + (size_t)i] = (uint8_t)(packed >> (8 * i));
    cost[s] = (uint8_t)((c0 > 15 ? 15 : c0) | (c1 > 15 ? 15 : c1) << 4);
  }
  free(nxt);
  free(sumn);
}

/* Honors: each kind holds at most one group (a pung and a pair of one
** kind would need five copies). */
static void honor_tables(uint8_t *use5, uint8_t *cost)
{
  for (int s = 0; s < HONOR_N; s++) {
    int c[7], n = 0;
    for (int k = 0, x = s; k < 7; k++, x /= 5) {
      c[k] = x % 5;
      n += c[k];
    }
    int best[5][2];
    for (int m = 0; m < 5; m++)
      best[m][0] = best[m][1] = NEG;
    best[0][0] = 0;
    for (int k = 0; k < 7; k++) {
      int nb[5][2];
      memcpy(nb, best, sizeof nb);
      for (int m = 0; m < 5; m++)
        for (int p = 0; p < 2; p++) {
          if (best[m][p] == NEG)
            continue;
          if (m < 4) {
            int v = best[m][p] + (c[k] < 3 ? c[k] : 3);
            if (v > nb[m + 1][p])
              nb[m + 1][p] = v;
          }
          if (p == 0) {
            int v = best[m][p] + (c[k] < 2 ? c[k] : 2);
            if (v > nb[m][1])
              nb[m][1] = v;
          }
        }
      memcpy(best, nb, sizeof nb);
    }
    uint64_t packed = 0;
    int c0 = 15, c1 = 15;
    for (int i = 0; i < 10; i++) {
      int m = i / 2, p = i % 2;
      int u = best[m][p] < 0 ? 0 : best[m][p];
      packed |= (uint64_t)u << (4 * i);
      if (n <= MAXT && u == n) {
        int need = 3 * m + 2 * p - n;
        if (p == 0 && need < c0)
          c0 = need;
        if (p == 1 && need < c1)
          c1 = need;
      }
    }
    for (int i = 0; i < 5; i++)
      use5[(size_t)s * 5 + (size_t)i] = (uint8_t)(packed >> (8 * i));
    cost[s] = (uint8_t)((c0 > 15 ? 15 : c0) | (c1 > 15 ? 15 : c1) << 4);
  }
}

/* {====================================================================
** Whole splits of one suit
** ===================================================================== */

enum { DEC_SLOTS = MJ_DEC_SLOTS, DEC_MAX = MJ_DEC_MAX };

static uint32_t dec_ent[DEC_MAX];
static int dec_n;

/*
** Walk ranks r..8 as the decomposer does (pung outer, pair inner, the
** chows at a rank what is left), appending each whole split: bits 0-3
** the pair's rank + 1 (0 none), 4-6 the number of melds, then 5 bits a
** meld from bit 7 (rank, and 16 for a pung), ascending.
*/
static void split_rec(const int *c, int r, int a, int b, int melds, int pair,
                      uint32_t code, int ng)
{
  if (r == 9) {
    if (a == 0 && b == 0 && melds == 0 && pair == 0 && dec_n < DEC_MAX)
      dec_ent[dec_n++] = code | (uint32_t)ng << 4;
    return;
  }
  int rem = c[r] - a - b, xmax = r <= 6 ? 4 : 0;
  if (rem < 0)
    return;
  for (int y = 0; y <= 1 && y <= melds; y++)
    for (int z = 0; z <= pair; z++) {
      int x = rem - 3 * y - 2 * z;
      if (x < 0 || x > xmax || x + y > melds)
        continue;
      uint32_t nc = code;
      int n = ng;
      for (int i = 0; i < x; i++, n++)
        nc |= (uint32_t)r << (7 + 5 * n);
      if (y)
        nc |= (uint32_t)(r | 16) << (7 + 5 * n++);
      if (z)
        nc |= (uint32_t)(r + 1);
      split_rec(c, r + 1, x, a, melds - x - y, pair - z, nc, n);
    }
}

static uint32_t dec_hash(uint32_t idx) { return (idx * 2654435761u) >> 16; }

/* The splits of every whole suit vector; slots hold idx + 1 (22 bits),
   the first entry (<< 22) and the count (<< 40). */
static void split_tables(uint64_t *slots, const uint8_t *cost)
{
  for (uint32_t s = 1; s < SUIT_N; s++) {
    int k = cost[s], c[9], n = 0;
    if ((k & 15) != 0 && (k >> 4) != 0)
      continue;   /* not whole */
    for (int r = 0, x = (int)s; r < 9; r++, x /= 5) {
      c[r] = x % 5;
      n += c[r];
    }
    if (n % 3 == 1)
      continue;
    int first = dec_n;
    split_rec(c, 0, 0, 0, n / 3, n % 3 == 2, 0, 0);
    if (dec_n == first)
      continue;
    uint32_t h = dec_hash(s) & (DEC_SLOTS - 1);
    while (slots[h] != 0)
      h = (h + 1) & (DEC_SLOTS - 1);
    slots[h] = (uint64_t)(s + 1) | (uint64_t)first << 22 |
               (uint64_t)(dec_n - first) << 40;
  }
}

/*
** For each vector of ranks (nine of a suit, seven honors): the ranks whose
** tile makes it whole (whole as melds at 2 mod 3 tiles, with a pair at 1
** mod 3), never a fifth copy; the number of tiles mod 3; whether it is
** whole already.
*/
static void wait_table(uint8_t *out, const uint8_t *cost, int ranks,
                       uint32_t size)
{
  static const uint32_t pow5[9] = { 1,    5,     25,    125,   625,
                                    3125, 15625, 78125, 390625 };
  for (uint32_t s = 0; s < size; s++) {
    int c[9], n = 0;
    for (int r = 0, x = (int)s; r < ranks; r++, x /= 5) {
      c[r] = x % 5;
      n += c[r];
    }
    uint16_t m = 0;
    if (n < MAXT && n % 3 != 0)
      for (int r = 0; r < ranks; r++) {
        if (c[r] == 4)
          continue;
        int k = cost[s + pow5[r]];
        if ((n % 3 == 2 ? k & 15 : k >> 4) == 0)
          m |= (uint16_t)(1u << r);
      }
    m |= (uint16_t)((n % 3) << 9);
    if (n <= MAXT &&
        (n % 3 == 0 ? (cost[s] & 15) == 0 : n % 3 == 2 && (cost[s] >> 4) == 0))
      m |= 1u << 11;
    memcpy(out + 2 * (size_t)s, &m, 2);
  }
}

/* }==================================================================== */

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: gen_tables OUTPUT.bin\n");
    return 2;
  }
  size_t total = MJ_TB_SIZE;
  uint8_t *blob = calloc(1, total);
  if (blob == NULL)
    return 1;
  uint8_t *suse = blob, *scost = suse + (size_t)SUIT_N * 5;
  uint8_t *huse = scost + SUIT_N, *hcost = huse + (size_t)HONOR_N * 5;
  suit_tables(suse, scost);
  honor_tables(huse, hcost);
  uint64_t *slots = calloc(DEC_SLOTS, sizeof *slots);
  if (slots == NULL)
    return 1;
  split_tables(slots, scost);
  if (dec_n >= DEC_MAX) {
    fprintf(stderr, "gen_tables: too many splits\n");
    return 1;
  }
  memcpy(blob + MJ_TB_DEC, slots, sizeof(uint64_t) * DEC_SLOTS);
  memcpy(blob + MJ_TB_DEC_ENT, dec_ent, sizeof dec_ent);
  free(slots);
  wait_table(blob + MJ_TB_WAIT, scost, 9, SUIT_N);
  wait_table(blob + MJ_TB_HWAIT, hcost, 7, HONOR_N);
  FILE *f = fopen(argv[1], "wb");
  if (f == NULL || fwrite(blob, 1, total, f) != total || fclose(f) != 0) {
    perror(argv[1]);
    return 1;
  }
  free(blob);
  return 0;
}
