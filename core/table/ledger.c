/*
** ledger.c
** The ledger of a hand (ledger.h).
*/
#include "ledger.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

mj_status mj_ledger_init(mj_ledger *l, const int scores[4], mj_error *err)
{
  memset(l, 0, sizeof *l);
  for (int p = 0; p < 4; p++)
    if (scores[p] < -MJ_MAX_SCORE || scores[p] > MJ_MAX_SCORE)
      return mj_fail(err, MJ_ERANGE, 0, "seat %d's score %d is past %d "
                     "points either way", p + 1, scores[p], MJ_MAX_SCORE);
  memcpy(l->scores, scores, sizeof l->scores);
  snprintf(l->reasons[0], sizeof l->reasons[0], "win");
  l->nreasons = 1;
  return MJ_OK;
}

void mj_ledger_free(mj_ledger *l)
{
  free(l->entries);
  l->entries = NULL;
  l->n = l->cap = 0;
}

bool mj_ledger_copy(mj_ledger *dst, const mj_ledger *src)
{
  *dst = *src;
  dst->entries = NULL;
  dst->n = dst->cap = 0;
  if (src->n == 0)
    return true;
  dst->entries = malloc(sizeof *dst->entries * (size_t)src->n);
  if (dst->entries == NULL)
    return false;
  memcpy(dst->entries, src->entries, sizeof *dst->entries * (size_t)src->n);
  dst->n = dst->cap = src->n;
  return true;
}

mj_status mj_ledger_pay(mj_ledger *l, int payer, int payee, int amount,
                        int reason, int winner, int event, mj_error *err)
{
  if (amount <= 0 || payer == payee)
    return MJ_OK;
  if (payer < 0 || payer > MJ_POT || payee < 0 || payee > MJ_POT)
    return mj_fail(err, MJ_EINVAL, 0, "a payment between seats 1..4 or "
                   "with the pot");
  long long after_payer = payer == MJ_POT ? (long long)l->pot - amount
                        : (long long)l->scores[payer] - amount;
  long long after_payee = payee == MJ_POT ? (long long)l->pot + amount
                        : (long long)l->scores[payee] + amount;
  if (payer == MJ_POT && after_payer < 0)
    return mj_fail(err, MJ_ERANGE, 0, "the pot holds %d, not %d", l->pot,
                   amount);
  /* a score past the bound is refused before it is made: a hand's, a
     match's and a simulation's sums then never wrap */
  if (after_payer < -MJ_MAX_SCORE || after_payee > MJ_MAX_SCORE)
    return mj_fail(err, MJ_ERANGE, 0,
                   "a payment of %d from seat %d to seat %d would take a "
                   "score past %d points either way (the one has %lld, the "
                   "other %lld after it)", amount, payer + 1, payee + 1,
                   MJ_MAX_SCORE, after_payer, after_payee);
  if (l->n >= l->cap) {
    int cap = l->cap ? l->cap * 2 : 8;
    mj_payment *p = realloc(l->entries, sizeof *p * (size_t)cap);
    if (p == NULL)
      return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    l->entries = p;
    l->cap = cap;
  }
  l->entries[l->n++] = (mj_payment){ (int8_t)payer, (int8_t)payee,
                                     (uint8_t)reason, (int8_t)winner,
                                     amount, event, -1, 0 };
  if (payer == MJ_POT)
    l->pot -= amount;
  else
    l->pay[payer] -= amount, l->scores[payer] -= amount;
  if (payee == MJ_POT)
    l->pot += amount;
  else
    l->pay[payee] += amount, l->scores[payee] += amount;
  return MJ_OK;
}

mj_status mj_ledger_net(mj_ledger *l, const int pay[4], int reason,
                        int winner, int event, mj_error *err)
{
  int left[4];
  memcpy(left, pay, sizeof left);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4 && left[i] < 0; j++)
      if (left[j] > 0) {
        int x = -left[i] < left[j] ? -left[i] : left[j];
        mj_status st = mj_ledger_pay(l, i, j, x, reason, winner, event, err);
        if (st != MJ_OK)
          return st;
        left[i] += x, left[j] -= x;
      }
  return MJ_OK;
}

mj_status mj_ledger_reason(mj_ledger *l, const char *reason, int *idx,
                           mj_error *err)
{
  size_t n = reason != NULL ? strlen(reason) : 0;
  if (n == 0 || n >= sizeof l->reasons[0])
    return mj_fail(err, MJ_EINVAL, 0,
                   "a payment's reason is a name of 1..%d bytes",
                   (int)sizeof l->reasons[0] - 1);
  bool ok = mj_text_clean(reason, n, NULL);
  for (size_t i = 0; i < n && ok; i++)
    ok = reason[i] != '"' && reason[i] != '\\';
  if (!ok)
    return mj_fail(err, MJ_EINVAL, 0,
                   "a payment's reason is clean text (UTF-8, no control "
                   "character), with no quote or backslash");
  for (int i = 0; i < l->nreasons; i++)
    if (strcmp(l->reasons[i], reason) == 0)
      return *idx = i, MJ_OK;
  if (l->nreasons >= MJ_LEDGER_REASONS)
    return mj_fail(err, MJ_ERANGE, 0, "at most %d payment reasons a hand",
                   MJ_LEDGER_REASONS);
  snprintf(l->reasons[l->nreasons], sizeof l->reasons[0], "%s", reason);
  *idx = l->nreasons++;
  return MJ_OK;
}

const char *mj_ledger_reason_name(const mj_ledger *l, int reason)
{
  return reason >= 0 && reason < l->nreasons ? l->reasons[reason] : "?";
}

mj_status mj_ledger_standing(const mj_ledger *l, int i, mj_error *err)
{
  if (i < 0 || i >= l->n)
    return mj_fail(err, MJ_EINVAL, 0, "no ledger entry %d", i + 1);
  if (l->entries[i].flags)
    return mj_fail(err, MJ_ESTATE, 0, "ledger entry %d was %s already",
                   i + 1, l->entries[i].flags & MJ_PAY_MOVED ? "moved"
                                                             : "refunded");
  return MJ_OK;
}

/* Entry i undone by a new entry from its payee to `to`, marked flag. */
static mj_status undo(mj_ledger *l, int i, int to, int reason, int event,
                      uint8_t flag, mj_error *err)
{
  mj_payment e = l->entries[i];
  mj_status st = mj_ledger_pay(l, e.payee, to, e.amount, reason, -1, event,
                               err);
  if (st != MJ_OK)
    return st;
  l->entries[l->n - 1].of = i;
  l->entries[i].flags |= flag;
  return MJ_OK;
}

mj_status mj_ledger_transfer(mj_ledger *l, int i, int to, int reason,
                             int event, mj_error *err)
{
  mj_status st = mj_ledger_standing(l, i, err);
  if (st != MJ_OK)
    return st;
  if (to < 0 || to > MJ_POT || to == l->entries[i].payee)
    return mj_fail(err, MJ_EINVAL, 0,
                   "a transfer goes to another seat 1..4 than the payee");
  return undo(l, i, to, reason, event, MJ_PAY_MOVED, err);
}

mj_status mj_ledger_refund(mj_ledger *l, int i, int reason, int event,
                           mj_error *err)
{
  mj_status st = mj_ledger_standing(l, i, err);
  if (st != MJ_OK)
    return st;
  return undo(l, i, l->entries[i].payer, reason, event, MJ_PAY_REFUNDED, err);
}
