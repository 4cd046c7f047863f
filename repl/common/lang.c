/*
** lang.c
** Choosing the language of the messages (lang.h). glibc's gettext reads
** LANGUAGE only when the messages' locale is not "C", and a fresh Debian
** has no locale but C.UTF-8: so the choice is made here, by name, and
** given to gettext as LANGUAGE over C.UTF-8 when the locale asked for
** is not installed. Numbers keep the C locale (batch and JSON output do
** not change with the language).
*/
#include "lang.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"
#include "text.h"
#include "tile.h"

#ifndef HULE_LOCALEDIR
#define HULE_LOCALEDIR "/usr/local/share/locale"
#endif

extern int _nl_msg_cat_cntr;   /* glibc: bumped, cached translations go */

static char localedir[4096];
static char current[32] = "en";

static const char *const known[] = { "zh_CN", "zh_TW" };

static bool has_catalog(const char *dir, const char *lang)
{
  char path[4200];
  struct stat sb;
  snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/%s.mo", dir, lang,
           MJ_TEXTDOMAIN);
  return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* The directory of the catalogs: HULE_LOCALEDIR, else locale/ beside
   the executable when it holds one, else the installed one. */
static void find_localedir(void)
{
  const char *env = getenv("HULE_LOCALEDIR");
  if (env != NULL && *env != '\0' && strlen(env) < sizeof localedir) {
    strcpy(localedir, env);
    return;
  }
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 8);
  if (n > 0) {
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash != NULL) {
      strcpy(slash + 1, "locale");
      for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (has_catalog(exe, known[i])) {
          strcpy(localedir, exe);
          return;
        }
    }
  }
  snprintf(localedir, sizeof localedir, "%s", HULE_LOCALEDIR);
}

/* name as a catalog's name: "zh" and "zh_SG" are zh_CN, "zh_HK" and
   "zh_MO" zh_TW, the codeset and modifier dropped; "en" for English,
   C and POSIX. Empty when name is too long or odd. */
static void normalize(const char *name, char *out, size_t cap)
{
  size_t n = strcspn(name, ".@:");
  out[0] = '\0';
  if (n == 0 || n >= cap || n >= 16)
    return;
  memcpy(out, name, n);
  out[n] = '\0';
  for (size_t i = 0; i < n; i++)
    if (!((out[i] >= 'a' && out[i] <= 'z') || (out[i] >= 'A' &&
          out[i] <= 'Z') || out[i] == '_' || out[i] == '-')) {
      out[0] = '\0';
      return;
    }
  if (n > 2 && out[2] == '-')
    out[2] = '_';
  if (strcmp(out, "C") == 0 || strcmp(out, "POSIX") == 0 ||
      strncmp(out, "en", 2) == 0)
    snprintf(out, cap, "en");
  else if (strcmp(out, "zh") == 0 || strcmp(out, "zh_SG") == 0 ||
           strcmp(out, "zh_Hans") == 0)
    snprintf(out, cap, "zh_CN");
  else if (strcmp(out, "zh_HK") == 0 || strcmp(out, "zh_MO") == 0 ||
           strcmp(out, "zh_Hant") == 0)
    snprintf(out, cap, "zh_TW");
}

static void apply(const char *lang)
{
  snprintf(current, sizeof current, "%s", lang);
  mj_text_native_names = strncmp(lang, "zh", 2) == 0;
  mj_text_untranslated = strcmp(lang, "en") == 0;
  setenv("LANGUAGE", lang, 1);
  ++_nl_msg_cat_cntr;
}

bool hule_lang_set(const char *name, char *err, size_t cap)
{
  char n[32];
  normalize(name, n, sizeof n);
  if (n[0] != '\0' && strcmp(n, "en") == 0) {
    apply("en");
    return true;
  }
  /* a Traditional catalog missing, Simplified serves */
  if (strcmp(n, "zh_TW") == 0 && !has_catalog(localedir, n))
    snprintf(n, sizeof n, "zh_CN");
  if (n[0] != '\0' && has_catalog(localedir, n)) {
    apply(n);
    return true;
  }
  const char *l[8];
  int k = hule_lang_list(l, 8);
  char have[128] = "";
  for (int i = 0; i < k; i++)
    snprintf(have + strlen(have), sizeof have - strlen(have), "%s%s",
             i ? ", " : "", l[i]);
  snprintf(err, cap, _("no messages in the language \"%s\" are installed "
                       "(there are: %s)"), name, have);
  return false;
}

const char *hule_lang(void)
{
  return current;
}

bool repl_lang_zh(void)
{
  return strncmp(current, "zh", 2) == 0;
}

const char *repl_desc(const char *text)
{
  static char buf[4][2048];   /* four in one printf */
  static int k;
  if (text == NULL)
    return NULL;
  k = (k + 1) & 3;
  return mj_text_shown(text, buf[k], sizeof buf[k]);
}

int hule_lang_list(const char **out, int cap)
{
  int k = 0;
  if (k < cap)
    out[k++] = "en";
  for (size_t i = 0; i < sizeof known / sizeof *known && k < cap; i++)
    if (has_catalog(localedir, known[i]))
      out[k++] = known[i];
  return k;
}

/* The first language the environment names that hule can speak. */
static void choose_from_env(void)
{
  char err[256];
  const char *lg = getenv("LANGUAGE");
  if (lg != NULL && *lg != '\0') {
    char buf[256];
    snprintf(buf, sizeof buf, "%s", lg);
    for (char *save = NULL, *p = strtok_r(buf, ":", &save); p != NULL;
         p = strtok_r(NULL, ":", &save))
      if (hule_lang_set(p, err, sizeof err))
        return;
  }
  const char *vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
  for (size_t i = 0; i < 3; i++) {
    const char *v = getenv(vars[i]);
    if (v != NULL && *v != '\0') {
      if (!hule_lang_set(v, err, sizeof err))
        apply("en");
      return;
    }
  }
  apply("en");
}

void hule_lang_init(void)
{
  find_localedir();
  bindtextdomain(MJ_TEXTDOMAIN, localedir);
  bind_textdomain_codeset(MJ_TEXTDOMAIN, "UTF-8");
  if (setlocale(LC_CTYPE, "") == NULL)
    setlocale(LC_CTYPE, "C.UTF-8");
  const char *m = setlocale(LC_MESSAGES, "");
  if (m == NULL || strcmp(m, "C") == 0 || strcmp(m, "POSIX") == 0)
    setlocale(LC_MESSAGES, "C.UTF-8");
  choose_from_env();
}

/* The character at s: its byte length and display columns. */
static int one_char(const char *s, int *len)
{
  unsigned char c = (unsigned char)*s;
  int n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
  char b[5] = { 0 };
  for (int i = 0; i < n; i++) {
    if (s[i] == '\0') {
      n = i > 0 ? i : 1;
      break;
    }
    b[i] = s[i];
  }
  *len = n;
  return mj_text_width(b);
}

/* Punctuation that never begins a line: Chinese closing marks. */
static bool closing(const char *s)
{
  static const char *const marks[] = { "，", "。", "；", "：", "、", "）",
                                       "！", "？", "」", "”", NULL };
  for (int i = 0; marks[i]; i++)
    if (strncmp(s, marks[i], strlen(marks[i])) == 0)
      return true;
  return false;
}

void repl_fold(FILE *f, const char *text, int indent, int first, int width)
{
  int col = first;
  bool space = false;
  const char *p = text;
  while (*p) {
    if (*p == '\n' || *p == ' ') {
      if (*p == '\n') {
        fputc('\n', f);
        col = 0;
      }
      space = *p++ == ' ' && col > 0;
      continue;
    }
    /* a word, or one wide character; closing marks stay with it */
    const char *q = p;
    int w = 0, len, cw = one_char(q, &len);
    if (cw == 2) {
      q += len, w = 2;
    } else {
      while (*q && *q != ' ' && *q != '\n' && (cw = one_char(q, &len)) < 2)
        q += len, w += cw;
    }
    while (*q && closing(q))
      w += one_char(q, &len), q += len;
    if (col > indent && col + w + space > width) {
      fprintf(f, "\n%*s", indent, "");
      col = indent;
      space = false;
    } else if (col < indent) {
      fprintf(f, "%*s", indent - col, "");
      col = indent;
      space = false;
    }
    if (space) {
      fputc(' ', f);
      col++;
    }
    fwrite(p, 1, (size_t)(q - p), f);
    col += w;
    p = q;
    space = false;
  }
  fputc('\n', f);
}

/* The payment reasons of the shipped rulesets, for the catalog: a
   ruleset's reason is its own word, shown translated when the catalog
   has it. */
static const char *const reasons[] = {
  N_("win"), N_("kong"), N_("genzhuang"), N_("not ready"), N_("pig"),
  N_("transfer"),
};

const char *repl_reason(const char *reason)
{
  (void)reasons;
  return reason != NULL && *reason ? _(reason) : reason;
}
