/*
** error.c
** Status codes and error records.
*/
#include "i18n.h"
#include "error.h"

#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* One conversion's text into buf at *n (never past cap - 1). */
static void put_text(char *buf, size_t cap, size_t *n, const char *s,
                     size_t len)
{
  size_t room = *n + 1 < cap ? cap - 1 - *n : 0;
  if (room > 0)
    memcpy(buf + *n, s, len < room ? len : room);
  *n += len;
}

int mj_vformat(char *buf, size_t cap, const char *fmt, va_list ap)
{
  va_list aq;
  va_copy(aq, ap);
  size_t n = 0;
  const char *p = fmt;
  char num[24];
  bool own = true;    /* false: a conversion left to vsnprintf */
  for (; *p; p++) {
    const char *lit = p;
    while (*p && *p != '%')
      p++;
    put_text(buf, cap, &n, lit, (size_t)(p - lit));
    if (*p == '\0')
      break;
    p++;
    if (*p == '%') {
      put_text(buf, cap, &n, "%", 1);
    } else if (*p == 's' || (p[0] == '.' && p[1] == '*' && p[2] == 's')) {
      int prec = -1;
      if (*p == '.') {
        prec = va_arg(ap, int);
        p += 2;
      }
      const char *s = va_arg(ap, const char *);
      if (s == NULL) {
        own = false;                    /* vsnprintf's own "(null)" */
        break;
      }
      size_t len = prec < 0 ? strlen(s) : strnlen(s, (size_t)prec);
      put_text(buf, cap, &n, s, len);
    } else if (*p == 'd' || *p == 'u' || *p == 'c') {
      int v = *p == 'u' ? 0 : va_arg(ap, int);
      unsigned u = *p == 'u' ? va_arg(ap, unsigned)
                   : v >= 0  ? (unsigned)v : 0u - (unsigned)v;
      size_t k = sizeof num;
      if (*p == 'c') {
        num[--k] = (char)v;
      } else {
        do
          num[--k] = (char)('0' + u % 10);
        while ((u /= 10) != 0);
        if (*p == 'd' && v < 0)
          num[--k] = '-';
      }
      put_text(buf, cap, &n, num + k, sizeof num - k);
    } else {
      own = false;                      /* flags, widths, other types */
      break;
    }
  }
  int r;
  if (!own) {
    r = vsnprintf(buf, cap, fmt, aq);
  } else {
    if (cap > 0)
      buf[n < cap ? n : cap - 1] = '\0';
    r = n > INT_MAX ? -1 : (int)n;
  }
  va_end(aq);
  return r;
}

int mj_format(char *buf, size_t cap, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int r = mj_vformat(buf, cap, fmt, ap);
  va_end(ap);
  return r;
}

mj_status mj_fail(mj_error *e, mj_status st, int column, const char *fmt, ...)
{
  if (e != NULL) {
    va_list ap;
    e->column = column;
    va_start(ap, fmt);
    mj_vformat(e->msg, sizeof e->msg, _(fmt), ap);
    va_end(ap);
  }
  return st;
}

const char *mj_error_text(const mj_error *e, char *buf, size_t cap)
{
  if (cap == 0)
    return buf;
  if (e->column > 0)
    mj_format(buf, cap, _("error at column %d: %s"), e->column, e->msg);
  else
    mj_format(buf, cap, "%s", e->msg);
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
