/*
** text.c
** Clean text: valid UTF-8 without control characters (see text.h).
*/
#include "text.h"
#include "i18n.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Names in their own language (Chinese) before English ones: set by
   the language chosen (i18n.h). */
bool mj_text_native_names;
bool mj_text_untranslated;

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
    snprintf(buf, cap, _("a control character (U+%04X)"), (unsigned)cp);
  else
    snprintf(buf, cap, _("a byte that is not UTF-8 (0x%02x)"), u[0]);
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

/* The code points of UTF-8 text s (ASCII folded to lower case) into out;
   their number, or -1 past max. */
static int code_points(const char *s, unsigned *out, int max)
{
  int n = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p; n++) {
    if (n == max)
      return -1;
    int len = *p >= 0xF0 ? 4 : *p >= 0xE0 ? 3 : *p >= 0xC0 ? 2 : 1;
    unsigned c = len == 1 ? (unsigned)tolower(*p) : *p;
    for (int k = 1; k < len && p[k]; k++)
      c = c << 8 | p[k];
    out[n] = c;
    for (int k = 0; k < len && *p; k++)
      p++;
  }
  return n;
}

/* Edit distance in characters (a swap counts one), for "did you mean". */
int mj_text_distance(const char *sa, const char *sb)
{
  unsigned a[31], b[31];
  int la = code_points(sa, a, 30), lb = code_points(sb, b, 30);
  if (la < 0 || lb < 0)
    return 99;
  int d[32][32];
  for (int i = 0; i <= la; i++)
    d[i][0] = i;
  for (int j = 0; j <= lb; j++)
    d[0][j] = j;
  for (int i = 1; i <= la; i++)
    for (int j = 1; j <= lb; j++) {
      int x = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
      if (d[i - 1][j] + 1 < x)
        x = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < x)
        x = d[i][j - 1] + 1;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
          d[i - 2][j - 2] + 1 < x)
        x = d[i - 2][j - 2] + 1;   /* a swap */
      d[i][j] = x;
    }
  return d[la][lb];
}

const char *mj_text_shown(const char *s, char *buf, size_t cap)
{
  const char *sep = strchr(s, '\x1e');
  if (sep == NULL)
    return s;
  if (mj_text_native_names && sep[1] != '\0')
    return mj_text_name(sep + 1);
  snprintf(buf, cap, "%.*s", (int)(sep - s), s);
  return buf;
}

const char *mj_tile_word(mj_tile t, bool red, char *buf, size_t cap)
{
  if (t == MJ_NO_TILE) {
    buf[0] = '\0';
  } else if (mj_text_native_names && t < MJ_ALL_TILES) {
    snprintf(buf, cap, "%s%s", red ? _("red ") : "",
             mj_text_name(mj_tile_name(t)));
  } else {
    char s[3];
    mj_tile_str(t, s);
    if (red && s[0] == '5')
      s[0] = '0';
    snprintf(buf, cap, "%s", s);
  }
  return buf;
}

const char *mj_text_name(const char *s)
{
  if (s == NULL || !mj_text_native_names)
    return s;
  size_t n = strlen(s), i = 0;
  while (i < n && (unsigned char)s[i] < 0x80)
    i++;
  char key[1024];
  if (i == n || n + 6 > sizeof key)
    return s;                    /* ASCII is no Chinese name */
  memcpy(key, "name\004", 5);
  memcpy(key + 5, s, n + 1);
  const char *t = dgettext(MJ_TEXTDOMAIN, key);
  return t == key ? s : t;
}

bool mj_text_is(const char *s, const char *word, size_t n)
{
  const char *sep = strchr(s, '\x1e');
  size_t en = sep != NULL ? (size_t)(sep - s) : strlen(s);
  if (en == n && strncmp(s, word, n) == 0)
    return true;
  return sep != NULL && strlen(sep + 1) == n && strncmp(sep + 1, word, n) == 0;
}
