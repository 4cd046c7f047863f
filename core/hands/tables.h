/*
** tables.h
** The layout of the tables gen_tables.c computes at build time and
** tables.c embeds (byte offsets into mj_tables_blob). Internal to core.
*/
#ifndef MJ_TABLES_H
#define MJ_TABLES_H

#include <stddef.h>

enum {
  MJ_SUIT_N = 1953125,        /* 5^9 count vectors of a suit */
  MJ_HONOR_N = 78125,         /* 5^7 of the honors */
  MJ_DEC_SLOTS = 1 << 16,     /* hash slots of the whole splits */
  MJ_DEC_MAX = 1 << 15        /* split entries, at most */
};

/* use[m][p] per suit vector, 5 bytes */
#define MJ_TB_SUSE ((size_t)0)
/* wilds a suit vector needs: low nibble as melds, high with a pair */
#define MJ_TB_SCOST (MJ_TB_SUSE + (size_t)MJ_SUIT_N * 5)
#define MJ_TB_HUSE (MJ_TB_SCOST + (size_t)MJ_SUIT_N)
#define MJ_TB_HCOST (MJ_TB_HUSE + (size_t)MJ_HONOR_N * 5)
/* whole splits: uint64 slots (index + 1, first entry << 22, count << 40),
   then uint32 entries (see gen_tables.c) */
#define MJ_TB_DEC ((MJ_TB_HCOST + (size_t)MJ_HONOR_N + 8 + 63) & ~(size_t)63)
#define MJ_TB_DEC_ENT (MJ_TB_DEC + sizeof(unsigned long long) * MJ_DEC_SLOTS)
/* whole or one tile short: uint16 per suit vector, then per honors
   vector: the ranks whose tile makes it whole (bits 0-8), the number of
   tiles mod 3 (bits 9-10), whole now (bit 11: as melds at 0 mod 3, with
   the pair at 2 mod 3) */
#define MJ_TB_WAIT (MJ_TB_DEC_ENT + 4 * (size_t)MJ_DEC_MAX)
#define MJ_TB_HWAIT (MJ_TB_WAIT + 2 * (size_t)MJ_SUIT_N)
#define MJ_TB_SIZE (MJ_TB_HWAIT + 2 * (size_t)MJ_HONOR_N)

extern const unsigned char mj_tables_blob[];

#endif
