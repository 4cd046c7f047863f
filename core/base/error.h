/*
** error.h
** Status codes and the error record every fallible core call fills in.
*/
#ifndef MJ_ERROR_H
#define MJ_ERROR_H

#include <stdarg.h>
#include <stddef.h>

typedef enum mj_status {
  MJ_OK = 0,
  MJ_EINVAL,     /* bad input: text, tiles, arguments */
  MJ_ENOMEM,     /* allocation failed */
  MJ_ERANGE,     /* a limit was exceeded */
  MJ_ENOTWIN,    /* the tiles are not a winning hand */
  MJ_ESTATE,     /* the action is not legal in this state */
  MJ_EIO,        /* a file could not be read or written */
  MJ_ERULES      /* a ruleset's own function failed (a test, the settlement) */
} mj_status;

/*
** An error names what went wrong and, for text input, where: column is
** 1-based in the text given to the parser, 0 when no position applies.
*/
typedef struct mj_error {
  int column;
  char msg[512];
} mj_error;

/* vsnprintf's text and return, made without it for the conversions
   messages use most (%s, %.*s, %d, %u, %c, %%): some ten times cheaper
   for the batch's error lines. Any other conversion goes to vsnprintf. */
int mj_vformat(char *buf, size_t cap, const char *fmt, va_list ap)
#if defined(__GNUC__)
  __attribute__((format(printf, 3, 0)))
#endif
  ;
int mj_format(char *buf, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 3, 4)))
#endif
  ;

/* Fill *e (which may be NULL) and return st. */
mj_status mj_fail(mj_error *e, mj_status st, int column, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 4, 5)))
#endif
  ;

/* Clear *e (which may be NULL); inline, as every parse of a hand does it. */
static inline void mj_error_clear(mj_error *e)
{
  if (e != NULL) {
    e->column = 0;
    e->msg[0] = '\0';
  }
}

/* Write "error at column N: msg" (or just msg) into buf; returns buf. */
const char *mj_error_text(const mj_error *e, char *buf, size_t cap);

const char *mj_status_name(mj_status st);

/* Append printf-style text at buf + *len (never past cap) and advance
   *len by the full length, so that a too-small buffer is visible. */
void mj_catf(char *buf, size_t cap, size_t *len, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 4, 5)))
#endif
  ;

#endif
