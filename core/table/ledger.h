/*
** ledger.h
** The ledger of a hand: every payment an entry, in the order made. The
** hand's payments are the ledger's sum, so they are zero-sum by
** construction, and the table, the logs and explain can show each line.
*/
#ifndef MJ_LEDGER_H
#define MJ_LEDGER_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"

enum { MJ_PAY_WIN };     /* reason 0 is a win; hooks name others */
/* The table's pot (riichi's sticks): a payer or payee that is no seat.
   The scores and the pot add up to what they did at the start. */
enum { MJ_POT = 4 };
/* No score leaves +-MJ_MAX_SCORE: a payment that would take one past it
   is refused (MJ_ERANGE), so a hand's nets stay within +-2 MJ_MAX_SCORE
   and every sum of them fits its type. */
enum { MJ_MAX_SCORE = 1000000000 };
enum { MJ_PAY_MOVED = 1, MJ_PAY_REFUNDED = 2 };
enum { MJ_LEDGER_REASONS = 16, MJ_LEDGER_MAX = 4096 };

typedef struct mj_payment {
  int8_t payer, payee;   /* seats */
  uint8_t reason;        /* index of its name (mj_ledger_reason_name) */
  int8_t winner;         /* a win's: the winner's index k (results) */
  int amount;            /* > 0 */
  int event;             /* the index of the event that caused it */
  int of;                /* a move or refund: the entry it undoes, -1 */
  uint8_t flags;         /* MJ_PAY_MOVED, MJ_PAY_REFUNDED: what later
                            entries did to this one */
} mj_payment;

typedef struct mj_ledger {
  int pay[4];            /* this hand's payments, per seat: the sum */
  int scores[4];         /* the scores at the start plus pay */
  int pot;               /* on the table (MJ_POT's entries) */
  mj_payment *entries;
  int n, cap;
  int nreasons;          /* the names of the reasons, 0 "win" */
  char reasons[MJ_LEDGER_REASONS][48];
} mj_ledger;

/* An empty ledger over the scores at the start (each within the bound,
   else MJ_ERANGE); mj_ledger_free releases its entries. */
mj_status mj_ledger_init(mj_ledger *l, const int scores[4], mj_error *err);
void mj_ledger_free(mj_ledger *l);
/* dst a copy of src (its own entries); false when out of memory. */
bool mj_ledger_copy(mj_ledger *dst, const mj_ledger *src);

/* One payment of amount (> 0) from payer to payee for reason, caused by
   event (winner: the win's index, -1 none). Either may be MJ_POT: the
   pot pays at most what it holds. */
mj_status mj_ledger_pay(mj_ledger *l, int payer, int payee, int amount,
                        int reason, int winner, int event, mj_error *err);
/* A settlement (net amounts, zero-sum) as entries: each seat that pays
   pays the seats that receive, in seat order. */
mj_status mj_ledger_net(mj_ledger *l, const int pay[4], int reason,
                        int winner, int event, mj_error *err);
/* The index of reason's name, added when new: clean text without quote
   or backslash, at most MJ_LEDGER_REASONS a hand. */
mj_status mj_ledger_reason(mj_ledger *l, const char *reason, int *idx,
                           mj_error *err);
const char *mj_ledger_reason_name(const mj_ledger *l, int reason);
/* Is entry i there and neither moved nor refunded? */
mj_status mj_ledger_standing(const mj_ledger *l, int i, mj_error *err);
/* Entry i moved to seat to, or refunded to its payer, as new entries
   (an entry is moved or refunded once). */
mj_status mj_ledger_transfer(mj_ledger *l, int i, int to, int reason,
                             int event, mj_error *err);
mj_status mj_ledger_refund(mj_ledger *l, int i, int reason, int event,
                           mj_error *err);

#endif
