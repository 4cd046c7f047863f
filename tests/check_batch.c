/*
** check_batch.c
** Runs "hule score --ruleset ID --batch" on a vector file and compares
** every line: the total (column 3) always, the fans (column 4, as a
** multiset) and the han and fu (column 5, riichi's) unless the line is
** listed in the ties file; an ERROR line
** must give ERROR. A line "# options: NAME=VALUE ..." scores the lines
** after it under those ruleset options (the worked hands of an option in
** the same file). Usage: check_batch HULE ID VECTORS [TIES]
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAXF = 64 };

typedef struct fanset { int n; char name[MAXF][64]; int count[MAXF]; } fanset;

static void parse_fans(const char *s, fanset *fs)
{
  fs->n = 0;
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", s);
  for (char *tok = strtok(buf, ","); tok && fs->n < MAXF;
       tok = strtok(NULL, ",")) {
    int k = 1;
    char *x = strrchr(tok, 'x');
    if (x && x[1] && strspn(x + 1, "0123456789") == strlen(x + 1)) {
      k = atoi(x + 1);
      *x = '\0';
    }
    int i;
    for (i = 0; i < fs->n; i++)
      if (strcmp(fs->name[i], tok) == 0)
        break;
    if (i == fs->n) {
      snprintf(fs->name[i], 64, "%s", tok);
      fs->count[i] = 0;
      fs->n++;
    }
    fs->count[i] += k;
  }
}

static int same(const fanset *a, const fanset *b)
{
  if (a->n != b->n)
    return 0;
  for (int i = 0; i < a->n; i++) {
    int j;
    for (j = 0; j < b->n; j++)
      if (strcmp(a->name[i], b->name[j]) == 0)
        break;
    if (j == b->n || a->count[i] != b->count[j])
      return 0;
  }
  return 1;
}

int main(int argc, char **argv)
{
  if (argc < 4) {
    fprintf(stderr, "usage: check_batch HULE RULESET VECTORS [TIES]\n");
    return 2;
  }
  static int tie[100000];
  if (argc > 4) {
    FILE *t = fopen(argv[4], "r");
    char l[512];
    while (t && fgets(l, sizeof l, t)) {
      int n = atoi(l);
      if (n > 0 && n < 100000)
        tie[n] = 1;
    }
    if (t)
      fclose(t);
  }
  /* RULESET may carry options: "xuezhan yaojiu=true zimo=jiafan"; a line
     "# options: NAME=VALUE ..." in the file scores the lines after it
     under those options too (each section its own batch run) */
  char rs[256], base[1024] = "";
  snprintf(rs, sizeof rs, "%s", argv[2]);
  char *sp = strchr(rs, ' ');
  if (sp != NULL) {
    *sp = '\0';
    snprintf(base, sizeof base, "%s", sp + 1);
  }
  FILE *in = fopen(argv[3], "r");
  if (in == NULL) {
    fprintf(stderr, "check_batch: cannot read %s\n", argv[3]);
    return 2;
  }
  static char lines[20000][512];
  int nlines = 0;
  while (nlines < 20000 && fgets(lines[nlines], sizeof lines[0], in))
    nlines++;
  fclose(in);
  int line = 0, bad = 0, fans_checked = 0;
  char extra[1024] = "";
  for (int from = 0; from < nlines;) {
    if (strncmp(lines[from], "# options:", 10) == 0) {
      snprintf(extra, sizeof extra, "%s", lines[from] + 10);
      extra[strcspn(extra, "\r\n")] = '\0';
      from++;
      line++;
      continue;
    }
    int to = from;
    while (to < nlines && strncmp(lines[to], "# options:", 10) != 0)
      to++;
    char tmp[] = "/tmp/check_batch_XXXXXX";
    int fd = mkstemp(tmp);
    FILE *t = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (t == NULL) {
      fprintf(stderr, "check_batch: cannot write a temporary file\n");
      return 2;
    }
    for (int i = from; i < to; i++)
      fputs(lines[i], t);
    fclose(t);
    char all[2048], opts[2048] = "";
    snprintf(all, sizeof all, "%s %s", base, extra);
    size_t len = 0;
    for (char *o = strtok(all, " "); o != NULL; o = strtok(NULL, " "))
      len += (size_t)snprintf(opts + len, sizeof opts - len, " --option '%s'",
                              o);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "'%s' score --ruleset '%s'%s --batch < '%s'",
             argv[1], rs, opts, tmp);
    FILE *out = popen(cmd, "r");
    if (out == NULL) {
      fprintf(stderr, "check_batch: cannot run %s\n", argv[1]);
      remove(tmp);
      return 2;
    }
    char want[4096], got[4096];
    for (int i = from; i < to; i++) {
      line++;
      snprintf(want, sizeof want, "%s", lines[i]);
      want[strcspn(want, "\r\n")] = '\0';
      if (!fgets(got, sizeof got, out)) {
        fprintf(stderr, "line %d: no output\n", line);
        bad++;
        break;
      }
      got[strcspn(got, "\r\n")] = '\0';
      char *f[6] = { want, NULL, NULL, NULL, NULL, NULL };
      for (int k = 1; k < 6; k++) {
        char *p = f[k - 1] ? strchr(f[k - 1], '\t') : NULL;
        if (p) {
          *p = '\0';
          f[k] = p + 1;
        }
      }
      char *gt = strchr(got, '\t');
      char *gfans = gt ? gt + 1 : (char *)"";
      if (gt)
        *gt = '\0';
      char *gparts = strchr(gfans, '\t');   /* han and fu (riichi) */
      if (gparts)
        *gparts++ = '\0';
      if (f[2] == NULL)
        continue;
      if (strcmp(f[2], "ERROR") == 0) {
        if (strcmp(got, "ERROR") != 0) {
          fprintf(stderr, "line %d: %s %s: expected ERROR, got %s\n", line,
                  f[0], f[1], got);
          bad++;
        }
        continue;
      }
      if (strcmp(got, f[2]) != 0) {
        fprintf(stderr, "line %d: %s %s: total %s, expected %s (%s)\n", line,
                f[0], f[1], got, f[2], gfans);
        bad++;
        continue;
      }
      if (tie[line] || f[3] == NULL)
        continue;
      fanset a, b;
      parse_fans(f[3], &a);
      parse_fans(gfans, &b);
      fans_checked++;
      if (!same(&a, &b)) {
        fprintf(stderr, "line %d: %s %s: fans %s, expected %s\n", line, f[0],
                f[1], gfans, f[3]);
        bad++;
      } else if (f[4] != NULL && gparts != NULL && strcmp(f[4], gparts)) {
        fprintf(stderr, "line %d: %s %s: %s, expected %s\n", line, f[0],
                f[1], gparts, f[4]);
        bad++;
      }
    }
    pclose(out);
    remove(tmp);
    from = to;
  }
  printf("%s: %d lines, %d fan lists compared, %d disagreements\n", argv[3],
         line, fans_checked, bad);
  return bad ? 1 : 0;
}
