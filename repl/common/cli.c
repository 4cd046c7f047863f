/*
** cli.c
** What every command shares: the ruleset the options name, lines read
** whole from a file or a descriptor, counts and seeds parsed strictly
** (cli.h).
*/
#include "i18n.h"
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fileio.h"

const mj_rules *cli_rules(mj_host *h, const cli_opts *o)
{
  const mj_rules *r;
  mj_error e;
  const char *id = o->ruleset ? o->ruleset : "mcr";
  if (mj_host_load(h, id, o->options, &r, &e) != MJ_OK) {
    fprintf(stderr, _("Error: %s\n"), e.msg);
    return NULL;
  }
  return r;
}

long cli_getline(FILE *f, char **buf, size_t *cap, size_t max, bool *cut)
{
  return mj_file_line(f, buf, cap, max, cut, true);
}

void cli_reader_init(cli_reader *rd, int fd)
{
  memset(rd, 0, sizeof *rd);
  rd->fd = fd;
}

void cli_reader_free(cli_reader *rd)
{
  free(rd->buf);
  rd->buf = NULL;
}

/* Read more into the buffer (compacted first); false at the end. */
static bool reader_fill(cli_reader *rd, void (*wait)(void))
{
  if (rd->start > 0) {
    memmove(rd->buf, rd->buf + rd->start, rd->end - rd->start);
    rd->end -= rd->start;
    rd->start = 0;
  }
  if (rd->end + 1 >= rd->cap) {
    size_t nc = rd->cap ? rd->cap * 2 : 1 << 16;
    char *p = realloc(rd->buf, nc);
    if (p == NULL)
      return false;
    rd->buf = p;
    rd->cap = nc;
  }
  if (wait != NULL)
    wait();
  for (;;) {
    ssize_t k = read(rd->fd, rd->buf + rd->end, rd->cap - rd->end - 1);
    if (k > 0) {
      rd->end += (size_t)k;
      return true;
    }
    if (k < 0 && errno == EINTR)
      continue;
    rd->eof = true;
    return false;
  }
}

long cli_reader_line(cli_reader *rd, char **line, size_t max, bool *cut,
                     void (*wait)(void))
{
  *cut = false;
  size_t cut_len = 0;
  for (;;) {
    char *b = rd->buf + rd->start;
    size_t have = rd->end - rd->start;
    char *nl = have ? memchr(b, '\n', have) : NULL;
    if (nl != NULL || (rd->eof && have > 0)) {
      size_t n = nl != NULL ? (size_t)(nl - b) : have;
      rd->start += nl != NULL ? n + 1 : n;
      if (*cut) {
        *line = rd->head;
        return (long)cut_len;
      }
      if (n > max) {   /* long, but whole in the buffer */
        *cut = true;
        cut_len = n < sizeof rd->head ? n : sizeof rd->head - 1;
        memcpy(rd->head, b, cut_len);
        rd->head[cut_len] = '\0';
        *line = rd->head;
        return (long)cut_len;
      }
      if (n > 0 && b[n - 1] == '\r')
        n--;
      b[n] = '\0';
      *line = b;
      return (long)n;
    }
    if (rd->eof) {
      if (*cut) {
        *line = rd->head;
        return (long)cut_len;
      }
      return -1;
    }
    if (have > max) {   /* too long: keep its start, drop the rest */
      if (!*cut) {
        *cut = true;
        cut_len = sizeof rd->head - 1;
        memcpy(rd->head, b, cut_len);
        rd->head[cut_len] = '\0';
      }
      rd->start = rd->end;
    }
    if (!reader_fill(rd, wait) && !rd->eof)
      return -1;   /* out of memory */
  }
}

/* A decimal number 0..max and nothing else (no sign, no space, no junk). */
bool cli_parse_count(const char *v, uint64_t max, uint64_t *out)
{
  uint64_t x = 0;
  if (*v == '\0')
    return false;
  for (const char *c = v; *c; c++) {
    if (*c < '0' || *c > '9' || x > (max - (uint64_t)(*c - '0')) / 10)
      return false;
    x = x * 10 + (uint64_t)(*c - '0');
  }
  *out = x;
  return true;
}

bool cli_parse_seed(const char *v, uint64_t *out)
{
  return cli_parse_count(v, UINT64_MAX, out);
}
