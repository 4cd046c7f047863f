/*
** hand.h
** A hand: concealed tiles, declared melds and the context of a win, with
** the notation of NOTATION.md.
*/
#ifndef MJ_HAND_H
#define MJ_HAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "tile.h"

typedef enum mj_meld_type {
  MJ_CHOW,      /* [123m] */
  MJ_PUNG,      /* [555p] */
  MJ_KONG,      /* [5555p] exposed: claimed or added */
  MJ_CKONG      /* {5555p} concealed */
} mj_meld_type;

/* A declared meld. tile is its lowest tile; from is the seat offset it
** was claimed from (1 = previous player ... 3), 0 for none/unknown. */
typedef struct mj_meld {
  uint8_t type;
  mj_tile tile;
  uint8_t from;
  uint8_t added;     /* an exposed kong made by adding to a pung */
} mj_meld;

static inline int mj_meld_size(const mj_meld *m)
{
  return m->type == MJ_CHOW || m->type == MJ_PUNG ? 3 : 4;
}

enum {
  MJ_CTX_SELF = 1u << 0,        /* self-drawn */
  MJ_CTX_LAST = 1u << 1,        /* 和绝张 */
  MJ_CTX_WALL_LAST = 1u << 2,   /* last tile of the wall */
  MJ_CTX_KONG = 1u << 3,        /* replacement tile after a kong */
  MJ_CTX_ROB = 1u << 4,         /* robbing a kong */
  MJ_CTX_FIRST = 1u << 5,       /* first go-around (天糊/地糊) */
  MJ_CTX_TOUJI = 1u << 6,       /* 偷机 */
  MJ_CTX_JIEBAO = 1u << 7,      /* 接宝 */
  MJ_CTX_SIBAO = 1u << 8,       /* 四个宝 */
  MJ_CTX_KAIGANG = 1u << 9,     /* a tile turned by a 开杠 (长沙) */
  MJ_CTX_QISHOU = 1u << 10,     /* the dealt tiles as a declaration */
  MJ_CTX_RIICHI = 1u << 11,     /* 立直 declared */
  MJ_CTX_DOUBLE = 1u << 12,     /* double riichi */
  MJ_CTX_IPPATSU = 1u << 13     /* 一発 */
};

enum { MJ_MAX_INDICATORS = 5 };

/* A context word a ruleset declares (kita=2, dealer=3): its name and
   count. The parser keeps any word=N it does not know; scoring refuses
   one the ruleset does not declare. */
enum { MJ_CTX_WORDS = 4, MJ_CTX_WORD_LEN = 12, MJ_CTX_WORD_MAX = 999 };
typedef struct mj_ctx_word {
  char name[MJ_CTX_WORD_LEN];
  uint16_t value;
} mj_ctx_word;

/* How a hand was won. Defaults: discard win, seat E, round E. */
typedef struct mj_ctx {
  mj_tile win;        /* MJ_NO_TILE when not given */
  unsigned flags;
  uint8_t seat;       /* 0..3: E S W N */
  uint8_t round;
  uint8_t flowers;    /* 0..8 */
  uint8_t flower_set; /* flowers=15f: bit f is flower (f+1)f, by identity
                         (0: counted only, flowers=N) */
  uint8_t feibao;     /* 宝 the winner discarded */
  mj_tile wild;       /* kind that is wild (bao=), MJ_NO_TILE if none */
  unsigned owned;     /* MJ_TOKEN_ bits: ruleset-owned tokens written */
  uint8_t que;        /* que=: the missing suit (MJ_SUIT_M..S), 0xff none */
  mj_tileset gui;     /* gui=T[,T]: the ghost kinds (0: none) */
  uint8_t horses;     /* horses=N: horses on the winner */
  uint8_t streak;     /* streak=N: wins in a row (节节高) */
  uint8_t niao;       /* niao=N: birds on the winner (扎鸟) */
  uint8_t win_red;    /* the winning tile is a red five (+0p, win=0p) */
  uint8_t ndora, nura;  /* dora=, ura=: the indicators turned up */
  mj_tile dora[MJ_MAX_INDICATORS], ura[MJ_MAX_INDICATORS];
  uint16_t ind_red;   /* bit i: dora[i] is a red five; bit 8+i: ura[i] */
  uint8_t honba;      /* honba=N */
  uint8_t nwords;     /* the ruleset's own words written (kita=2) */
  mj_ctx_word words[MJ_CTX_WORDS];
} mj_ctx;

/* How many of the flowers held by identity are the seat's own (正花):
   flower k (1f..8f) belongs to seat (k - 1) mod 4, 1f and 5f to East. */
int mj_ctx_seat_flowers(const mj_ctx *c);

/* Could tok (n bytes) name a ruleset's context word: 2..11 of a-z and
   _, a letter first? */
bool mj_ctx_word_name(const char *tok, size_t n);

/* The count of the context word name (0 when not written). */
int mj_ctx_word_value(const mj_ctx *c, const char *name);

/*
** Context tokens that belong to a ruleset (NOTATION.md marks them): a
** ruleset reads them only if it declares them, and a hand that writes
** one the ruleset in use does not declare is refused by the scorer.
*/
enum {
  MJ_TOKEN_BAO = 1u << 0,       /* bao=T */
  MJ_TOKEN_TOUJI = 1u << 1,     /* touji */
  MJ_TOKEN_FEIBAO = 1u << 2,    /* feibao=N */
  MJ_TOKEN_JIEBAO = 1u << 3,    /* jiebao */
  MJ_TOKEN_SIBAO = 1u << 4,     /* sibao */
  MJ_TOKEN_QUE = 1u << 5,       /* que=m|p|s (血战到底) */
  MJ_TOKEN_GUI = 1u << 6,       /* gui=T[,T] (推倒胡) */
  MJ_TOKEN_HORSES = 1u << 7,    /* horses=N (推倒胡) */
  MJ_TOKEN_STREAK = 1u << 8,    /* streak=N (推倒胡) */
  MJ_TOKEN_KAIGANG = 1u << 9,   /* kaigang (长沙) */
  MJ_TOKEN_NIAO = 1u << 10,     /* niao=N (长沙) */
  MJ_TOKEN_QISHOU = 1u << 11,   /* qishou (长沙) */
  MJ_TOKEN_RIICHI = 1u << 12,   /* riichi (立直) */
  MJ_TOKEN_DOUBLE = 1u << 13,   /* double (ダブル立直) */
  MJ_TOKEN_IPPATSU = 1u << 14,  /* ippatsu (一発) */
  MJ_TOKEN_DORA = 1u << 15,     /* dora=TILES (3m4p) */
  MJ_TOKEN_URA = 1u << 16,      /* ura=TILES */
  MJ_TOKEN_HONBA = 1u << 17,    /* honba=N */
  MJ_TOKEN_FLOWERS = 1u << 18,  /* flowers=N (read where flowers are played) */
  MJ_TOKEN_LAST = 1u << 19,     /* last (read by a ruleset with a fan of it) */
  MJ_TOKEN_COUNT = 20
};

/* The text of token bit k ("bao=", "touji"); NULL past the last. */
const char *mj_ctx_token_name(int k);
/* The index of hule's own context token name ("win", "kong"), or -1. */
int mj_ctx_token_index(const char *name);
/* Of token bit k: the MJ_CTX_ flag it stands for (0: it takes a value);
   whether it is a count (feibao=, horses=, streak=, niao=); set it in c (a flag
   token: its flag; a count: v, within its range). */
unsigned mj_ctx_token_flag(int k);
bool mj_ctx_token_count(int k);
void mj_ctx_token_set(mj_ctx *c, int k, int v);

void mj_ctx_init(mj_ctx *c);
/* The MJ_CTX_ flag of the token named name ("self", "wall-last"), 0 when
   it is not a flag token. */
unsigned mj_ctx_flag_named(const char *name);

typedef struct mj_hand mj_hand;

/* A hand is four sets and a pair (13 tiles dealt), or five and a pair at
   a 16-tile table; its size says which (mj_hand_sets). */
enum { MJ_MAX_MELDS = 5, MJ_MAX_CONCEALED = 18 };

mj_hand *mj_hand_new(void);
void mj_hand_free(mj_hand *h);
void mj_hand_clear(mj_hand *h);
void mj_hand_copy(mj_hand *dst, const mj_hand *src);

/*
** Parse "HAND [CONTEXT...]" (NOTATION.md), also the "+T" form. On error
** *h is left cleared and err names the column and the problem. Checks
** notation and tile counts (at most 4 of a kind) but not that the hand
** has the size of a win: see mj_hand_check.
*/
mj_status mj_hand_parse(mj_hand *h, const char *text, size_t n, mj_error *err);
/* The same without the fast path for common hands: every check in order,
   for the error message. Tests and the fuzzer compare the two. */
mj_status mj_hand_parse_careful(mj_hand *h, const char *text, size_t n,
                                mj_error *err);

/* Parse only context tokens into *c (col0: column of text[0]). */
mj_status mj_ctx_parse(mj_ctx *c, const char *text, size_t n, int col0,
                       mj_error *err);

enum mj_check {
  MJ_CHECK_WIN,     /* 14 - 3*melds concealed (17 with five sets), win=
                       given and consistent */
  MJ_CHECK_WAIT,    /* 13 - 3*melds concealed (16): waiting to win */
  MJ_CHECK_ANY      /* either */
};

/* Check the hand has the right size (and, for a win, a consistent context). */
mj_status mj_hand_check(const mj_hand *h, enum mj_check mode, mj_error *err);

/* The sets of a win the hand's size implies: 5 when its tiles and melds
   make 16 or more (a 16-tile table's), else 4. */
int mj_hand_sets(const mj_hand *h);

/* Red fives (0m 0p 0s, NOTATION.md): a 5 of their suit in counts and
   melds, and counted apart: the concealed ones of suit (MJ_SUIT_M..S,
   the winning tile's included), meld i's, and all of the hand's. */
int mj_hand_red(const mj_hand *h, int suit);
int mj_hand_meld_red(const mj_hand *h, int i);
int mj_hand_reds(const mj_hand *h);

/* Canonical hand text ("123m55z[555p]{7777s}"). Returns the length needed. */
size_t mj_hand_print(const mj_hand *h, char *buf, size_t cap);

/* Canonical context text ("win=5z self seat=E round=E flowers=0 ..."). */
size_t mj_ctx_print(const mj_ctx *c, char *buf, size_t cap);

/* Hand and context, separated by a space. */
size_t mj_hand_print_full(const mj_hand *h, char *buf, size_t cap);

/* Print one meld ("[123m]", "{5555p}"). */
size_t mj_meld_print(const mj_meld *m, char *buf, size_t cap);

/* Access. counts has MJ_KINDS entries: the concealed tiles. */
const uint8_t *mj_hand_counts(const mj_hand *h);
/* The copy masks of the concealed tiles: [k] the kinds the hand holds
   more than k of (k = 0..3). */
const mj_tileset *mj_hand_copies(const mj_hand *h);
int mj_hand_ntiles(const mj_hand *h);
int mj_hand_nmelds(const mj_hand *h);
const mj_meld *mj_hand_melds(const mj_hand *h);
mj_ctx *mj_hand_ctx(mj_hand *h);
const mj_ctx *mj_hand_cctx(const mj_hand *h);

/* Counts of every tile the hand holds, melds included (MJ_KINDS). */
void mj_hand_all_counts(const mj_hand *h, uint8_t counts[MJ_KINDS]);

/* The kinds wild in this hand: a ruleset's fixed wilds plus the context's
   bao= tile, if any. */
mj_tileset mj_hand_wild(const mj_hand *h, mj_tileset fixed);

/* Change the concealed tiles. add fails at 4 copies or a full hand. */
mj_status mj_hand_add(mj_hand *h, mj_tile t);
mj_status mj_hand_remove(mj_hand *h, mj_tile t);
/* A red five added, or taken (fails when none is held); meld i's red
   fives set. */
mj_status mj_hand_add_red(mj_hand *h, mj_tile t);
mj_status mj_hand_remove_red(mj_hand *h, mj_tile t);
void mj_hand_set_meld_red(mj_hand *h, int i, int n);
/* Append a declared meld (its tiles are not taken from the hand). */
mj_status mj_hand_add_meld(mj_hand *h, mj_meld m);
/* Replace meld i (used to turn a pung into an added kong). */
void mj_hand_set_meld(mj_hand *h, int i, mj_meld m);

bool mj_hand_equal(const mj_hand *a, const mj_hand *b);
/* Every byte the same (how the text was written included): the two
   parsers' results are compared with it. */
bool mj_hand_identical(const mj_hand *a, const mj_hand *b);

#endif
