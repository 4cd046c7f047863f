/*
** text.c
** Clean text: valid UTF-8 without control characters (see text.h).
*/
#include "text.h"

#include <stdint.h>
#include <stdio.h>

/* The length of the UTF-8 sequence at s (0: not one, or a control
   character), *cp its code point. */
static size_t seq(const unsigned char *s, size_t n, uint32_t *cp)
{
  unsigned c = s[0];
  if (c < 0x20 || c == 0x7f)
    return *cp = c, 0;
  if (c < 0x80)
    return *cp = c, 1;
  size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
  if (len == 0 || c > 0xf4 || len > n)
    return *cp = c, 0;
  uint32_t v = c & (0x3f >> (len - 1));
  for (size_t i = 1; i < len; i++) {
    if ((s[i] & 0xc0) != 0x80)
      return *cp = c, 0;
    v = v << 6 | (s[i] & 0x3f);
  }
  /* overlong forms, surrogates, past U+10FFFF, and the C1 controls */
  static const uint32_t least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
  if (v < least[len] || (v >= 0xd800 && v <= 0xdfff) || v > 0x10ffff)
    return *cp = c, 0;
  *cp = v;
  return v >= 0x80 && v <= 0x9f ? 0 : len;
}

bool mj_text_clean(const char *s, size_t n, size_t *at)
{
  const unsigned char *u = (const unsigned char *)s;
  for (size_t i = 0; i < n;) {
    uint32_t cp;
    size_t k = seq(u + i, n - i, &cp);
    if (k == 0) {
      if (at != NULL)
        *at = i;
      return false;
    }
    i += k;
  }
  return true;
}

const char *mj_text_fault(const char *s, size_t n, size_t at, char *buf,
                          size_t cap)
{
  uint32_t cp;
  const unsigned char *u = (const unsigned char *)s + at;
  seq(u, n - at, &cp);
  if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f && u[0] == 0xc2))
    snprintf(buf, cap, "a control character (U+%04X)", (unsigned)cp);
  else
    snprintf(buf, cap, "a byte that is not UTF-8 (0x%02x)", u[0]);
  return buf;
}

char *mj_text_escape(const char *s, char *out, size_t cap)
{
  const unsigned char *u = (const unsigned char *)s;
  size_t o = 0, n = 0;
  while (u[n])
    n++;
  for (size_t i = 0; i < n && o + 1 < cap;) {
    uint32_t cp;
    size_t k = seq(u + i, n - i, &cp);
    if (k == 0) {
      if (o + 5 >= cap)
        break;
      o += (size_t)snprintf(out + o, cap - o, "\\x%02x", u[i]);
      i++;
      continue;
    }
    if (o + k >= cap)
      break;
    for (size_t j = 0; j < k; j++)
      out[o++] = (char)u[i + j];
    i += k;
  }
  if (cap > 0)
    out[o < cap ? o : cap - 1] = '\0';
  return out;
}
