/*
** compile_int.h
** What the two halves of the ruleset compiler share: compile.c (a fan's
** table) and compile_rules.c (a ruleset's own fields and its calls into
** Lua).
*/
#ifndef MJ_COMPILE_INT_H
#define MJ_COMPILE_INT_H

#include "host_int.h"

/* Where compiling is: a fan (name set) or the ruleset's own fields. */
typedef struct cctx {
  lua_State *L;
  int t;               /* the table read: a fan's, or the ruleset's */
  const char *where;
  const char *name;    /* the fan, NULL for the ruleset's own fields */
  mj_error *err;
  const char *path;    /* the ruleset's file (its own fields only) */
  uint64_t clauses;    /* a fan's clause fields given (bits of their */
  uint64_t flags;      /* tables in compile.c), its flag fields given */
} cctx;

/* An error at the place c is compiling ("file:line: fan 'X': ..."). */
mj_status mjc_bad(cctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A text of the ruleset is clean text (text.h), else an error naming it. */
mj_status mjc_clean(cctx *c, const char *what, const char *s);
/* A text a person reads at idx, "..." or { en = "...", zh = "..." }, as
   the one string "en\x1ezh" (replaced on the stack, cleaned). */
mj_status mjc_get_text(cctx *c, int idx, const char *field,
                       const char **out);
/* The tile set at idx (a table with mask and dyn) into out. */
mj_status mjc_get_set(cctx *c, int idx, const char *field, mj_set *out);

/* The ruleset's parts table (parts scoring) and its refusals
   (compile_parts.c). */
mj_status mjc_parts(cctx *c, mj_rules *r, int scoring);
mj_status mjc_refuse(cctx *c, mj_rules *r);

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

#define TRY(x)                                                                 \
  do {                                                                         \
    mj_status st_ = (x);                                                       \
    if (st_ != MJ_OK)                                                          \
      return st_;                                                              \
  } while (0)

/* compile_words.c: context_words and match_state of the ruleset's table
   at c->t into r; an error names the ruleset's line. */
mj_status mjc_context_words(cctx *c, mj_rules *r);
/* A declaration's field k, its value on the top of the stack, when it is
   one of a set-aside's (aside, word): true, with *st its verdict. */
bool mjc_decl_aside(cctx *c, mj_decl_def *def, const char *k, mj_status *st);
/* Each set-aside's word is a context word of the ruleset. */
mj_status mjc_check_asides(cctx *c, const mj_rules *r, const mj_table *t);
mj_status mjc_match_states(cctx *c, mj_rules *r);

#endif
