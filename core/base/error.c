/*
** error.c
** Status codes and error records.
*/
#include "i18n.h"
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

mj_status mj_fail(mj_error *e, mj_status st, int column, const char *fmt, ...)
{
  if (e != NULL) {
    va_list ap;
    e->column = column;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, _(fmt), ap);
    va_end(ap);
  }
  return st;
}

const char *mj_error_text(const mj_error *e, char *buf, size_t cap)
{
  if (cap == 0)
    return buf;
  if (e->column > 0)
    snprintf(buf, cap, _("error at column %d: %s"), e->column, e->msg);
  else
    snprintf(buf, cap, "%s", e->msg);
  return buf;
}

const char *mj_status_name(mj_status st)
{
  switch (st) {
  case MJ_OK: return "ok";
  case MJ_EINVAL: return "invalid input";
  case MJ_ENOMEM: return "out of memory";
  case MJ_ERANGE: return "limit exceeded";
  case MJ_ENOTWIN: return "not a winning hand";
  case MJ_ESTATE: return "illegal in this state";
  case MJ_EIO: return "i/o error";
  case MJ_ERULES: return "ruleset error";
  }
  return "unknown status";
}

void mj_catf(char *buf, size_t cap, size_t *len, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(*len < cap ? buf + *len : NULL, *len < cap ? cap - *len : 0,
                    fmt, ap);
  va_end(ap);
  if (n > 0)
    *len += (size_t)n;
}
