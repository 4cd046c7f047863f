/*
** testutil.h
** Helpers shared by the cmocka tests: vector files, random hands.
*/
#ifndef HULE_TESTUTIL_H
#define HULE_TESTUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hand.h"

#ifndef HULE_SOURCE_DIR
#define HULE_SOURCE_DIR "."
#endif

/* Small fast PRNG for tests (xorshift64*). */
typedef struct trng { uint64_t s; } trng;
static inline uint64_t trng_next(trng *r)
{
  r->s ^= r->s >> 12;
  r->s ^= r->s << 25;
  r->s ^= r->s >> 27;
  return r->s * 0x2545F4914F6CDD1DULL;
}
static inline int trng_below(trng *r, int n)
{
  return (int)(trng_next(r) % (uint64_t)n);
}

/*
** Read a vector file: calls fn(line_no, fields, nfields, ud) for each
** line, fields split at tabs. Returns the number of lines, -1 if the
** file is missing.
*/
typedef void (*tsv_fn)(int line, char **fields, int nfields, void *ud);
int tsv_each(const char *name, tsv_fn fn, void *ud);
/* n rounds of a random test, a fifth of them in the quick set
   (HULE_QUICK=1). */
int test_rounds(int n);

/*
** A random hand: with melds declared melds, wilds copies of wild kind
** (wild may be MJ_NO_TILE then wilds is 0), total concealed tiles
** 14 - 3*melds - (ready ? 1 : 0). When winning, the tiles form a win
** (before any wild is put in); otherwise random tiles.
*/
void random_hand(trng *r, mj_hand *h, int melds, mj_tile wild, int wilds,
                 bool winning, bool ready);

#endif
