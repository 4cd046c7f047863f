/*
** check_session.c
** Pipes a REPL session into hule and compares everything it prints
** (stdout and stderr, in order) with the expected transcript. The source
** directory is written <src> in transcripts, so they hold on any machine.
** Usage: check_session HULE WORKDIR SRCDIR SESSION.in EXPECTED.out [--update]
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *slurp(FILE *f, size_t *n)
{
  size_t cap = 1 << 16, len = 0;
  char *b = malloc(cap + 1);
  size_t k;
  while (b && (k = fread(b + len, 1, cap - len, f)) > 0) {
    len += k;
    if (len == cap) {
      cap *= 2;
      char *nb = realloc(b, cap + 1);
      if (nb == NULL) {
        free(b);
        return NULL;
      }
      b = nb;
    }
  }
  if (b)
    b[len] = '\0';
  *n = len;
  return b;
}

/* s with every occurrence of from replaced by to (a new string). */
static char *replace(const char *s, const char *from, const char *to)
{
  size_t fl = strlen(from), tl = strlen(to), n = 0;
  for (const char *p = s; (p = strstr(p, from)) != NULL; p += fl)
    n++;
  char *out = malloc(strlen(s) + n * (tl > fl ? tl - fl : 0) + 1), *o = out;
  if (out == NULL)
    return NULL;
  for (const char *p = s;;) {
    const char *q = strstr(p, from);
    if (q == NULL) {
      strcpy(o, p);
      break;
    }
    memcpy(o, p, (size_t)(q - p));
    o += q - p;
    memcpy(o, to, tl);
    o += tl;
    p = q + fl;
  }
  return out;
}

int main(int argc, char **argv)
{
  if (argc < 6) {
    fprintf(stderr,
            "usage: check_session HULE WORKDIR SRCDIR SESSION.in EXPECTED.out "
            "[--update]\n");
    return 2;
  }
  /* the session, with <src> standing for the source directory */
  FILE *in = fopen(argv[4], "r");
  if (in == NULL) {
    fprintf(stderr, "cannot open %s\n", argv[4]);
    return 2;
  }
  size_t n;
  char *text = slurp(in, &n);
  fclose(in);
  char *session = text ? replace(text, "<src>", argv[3]) : NULL;
  free(text);
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s/session.%ld.in", argv[2], (long)getpid());
  FILE *t = fopen(tmp, "w");
  if (session == NULL || t == NULL)
    return 2;
  fputs(session, t);
  fclose(t);
  free(session);
  char cmd[8192];
  /* the language the session's name says (play.zh.in: Chinese, over a
     locale that need not be installed), English otherwise */
  char lang[32] = "C.UTF-8";
  const char *base = strrchr(argv[4], '/') ? strrchr(argv[4], '/') + 1
                                           : argv[4];
  const char *dot = strchr(base, '.');
  if (dot != NULL && strcmp(dot, ".in") != 0 && strlen(dot) < 16) {
    int k = (int)strcspn(dot + 1, ".");   /* play.zh.in: zh */
    snprintf(lang, sizeof lang, "%.*s%s.UTF-8", k, dot + 1,
             k == 2 && strncmp(dot + 1, "zh", 2) == 0 ? "_CN" : "");
  }
  snprintf(cmd, sizeof cmd,
           "cd '%s' && env -u NO_COLOR -u LANGUAGE -u LC_ALL -u LC_MESSAGES "
           "LANG=%s HULE_RULES= HOME=/nonexistent "
           "'%s' < '%s' 2>&1; echo \"[exit $?]\"",
           argv[2], lang, argv[1], tmp);
  FILE *p = popen(cmd, "r");
  if (p == NULL)
    return 2;
  char *raw = slurp(p, &n);
  pclose(p);
  remove(tmp);
  if (raw == NULL)
    return 2;
  char *got = replace(raw, argv[3], "<src>");
  free(raw);
  if (argc > 6 && strcmp(argv[6], "--update") == 0) {
    FILE *f = fopen(argv[5], "w");
    if (f == NULL)
      return 2;
    fputs(got, f);
    fclose(f);
    free(got);
    return 0;
  }
  FILE *f = fopen(argv[5], "r");
  if (f == NULL) {
    fprintf(stderr, "%s: missing (run with --update to write it)\n", argv[5]);
    fputs(got, stdout);
    free(got);
    return 1;
  }
  char *want = slurp(f, &n);
  fclose(f);
  if (want == NULL)
    return 2;
  int status = 0;
  if (strcmp(got, want) != 0) {
    /* the first differing line */
    const char *a = got, *b = want;
    int line = 1;
    while (*a && *a == *b) {
      if (*a == '\n')
        line++;
      a++, b++;
    }
    while (a > got && a[-1] != '\n')
      a--;
    while (b > want && b[-1] != '\n')
      b--;
    fprintf(stderr,
            "%s: differs at line %d\n  expected: %.*s\n  got:      %.*s\n",
            argv[5], line, (int)strcspn(b, "\n"), b, (int)strcspn(a, "\n"), a);
    status = 1;
  }
  free(got);
  free(want);
  return status;
}
