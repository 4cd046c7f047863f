/*
** fileio.c
** Atomic saves and bounded reads.
*/
#define _POSIX_C_SOURCE 200809L
#include "fileio.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int mj_file_temp(const char *near, char *path, size_t cap, mj_error *err)
{
  /* in the directory of near (or TMPDIR, or /tmp), a name nobody can
     guess or plant: mkstemp opens it O_EXCL, mode 0600 */
  const char *slash = near != NULL ? strrchr(near, '/') : NULL;
  int n;
  if (near != NULL && slash == NULL)
    n = snprintf(path, cap, ".hule-XXXXXX");
  else if (near != NULL)
    n = snprintf(path, cap, "%.*s/.hule-XXXXXX", (int)(slash - near), near);
  else {
    const char *dir = getenv("TMPDIR");
    n = snprintf(path, cap, "%s/hule-XXXXXX",
                 dir != NULL && *dir ? dir : "/tmp");
  }
  if (n < 0 || (size_t)n >= cap) {
    mj_fail(err, MJ_EINVAL, 0, "%s: the path is too long",
            near ? near : "TMPDIR");
    return -1;
  }
  int fd = mkstemp(path);
  if (fd < 0)
    mj_fail(err, MJ_EIO, 0, "cannot create a file beside %s: %s",
            near ? near : path, strerror(errno));
  return fd;
}

static const char *file_kind(mode_t m)
{
  return S_ISDIR(m)    ? "a directory"
         : S_ISFIFO(m) ? "a FIFO"
         : S_ISCHR(m)  ? "a character device"
         : S_ISBLK(m)  ? "a block device"
         : S_ISSOCK(m) ? "a socket"
                       : "not a regular file";
}

mj_status mj_file_check_target(const char *path, mj_error *err)
{
  struct stat st;
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
    return mj_fail(err, MJ_EIO, 0,
                   "cannot write %s: it is %s, and only a regular file is "
                   "replaced", path, file_kind(st.st_mode));
  return MJ_OK;
}

mj_status mj_file_write_all(int fd, const char *data, size_t len)
{
  size_t done = 0;
  while (done < len) {
    ssize_t k = write(fd, data + done, len - done);
    if (k < 0 && errno == EINTR)
      continue;
    if (k < 0)
      return MJ_EIO;
    if (k == 0) {
      errno = ENOSPC;
      return MJ_EIO;
    }
    done += (size_t)k;
  }
  return MJ_OK;
}

mj_status mj_file_write_atomic(const char *path, const char *data, size_t len,
                               mj_error *err)
{
  if (mj_file_check_target(path, err) != MJ_OK)
    return MJ_EIO;
  char tmp[4096];
  int fd = mj_file_temp(path, tmp, sizeof tmp, err);
  if (fd < 0)
    return MJ_EIO;
  /* the mode: an existing file's, else what the umask gives a new one */
  struct stat st;
  mode_t mode;
  if (stat(path, &st) == 0) {
    mode = st.st_mode & 07777;
  } else {
    mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask;
  }
  int e = 0;
  if (fchmod(fd, mode) != 0 || mj_file_write_all(fd, data, len) != MJ_OK ||
      fsync(fd) != 0)
    e = errno;
  if (close(fd) != 0 && e == 0)
    e = errno;
  if (e == 0 && rename(tmp, path) != 0)
    e = errno;
  if (e != 0) {
    unlink(tmp);
    return mj_fail(err, MJ_EIO, 0, "cannot write %s: %s", path, strerror(e));
  }
  return MJ_OK;
}

FILE *mj_file_open_read(const char *path, mj_error *err)
{
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    mj_fail(err, MJ_EIO, 0, "cannot open %s: %s", path, strerror(errno));
    return NULL;
  }
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    mj_fail(err, MJ_EIO, 0, "%s is a directory", path);
    return NULL;
  }
  /* opened: reads may wait for a writer that is there */
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  FILE *f = fdopen(fd, "rb");
  if (f == NULL) {
    close(fd);
    mj_fail(err, MJ_ENOMEM, 0, "cannot read %s: %s", path, strerror(errno));
  }
  return f;
}

long mj_file_line(FILE *f, char **buf, size_t *cap, size_t max, bool *longer,
                  bool skip_rest)
{
  size_t n = 0;
  int c = EOF;
  *longer = false;
  if (*buf == NULL || *cap == 0) {
    *cap = 256;
    *buf = malloc(*cap);
    if (*buf == NULL)
      return -1;
  }
  while ((c = getc(f)) != EOF && c != '\n') {
    if (n >= max) {
      *longer = true;
      if (skip_rest)
        continue;
      break;
    }
    if (n + 1 >= *cap) {
      size_t nc = *cap * 2;
      char *p = realloc(*buf, nc);
      if (p == NULL)
        return -1;
      *buf = p;
      *cap = nc;
    }
    (*buf)[n++] = (char)c;
  }
  if (c == EOF && n == 0 && !*longer)
    return -1;
  if (n > 0 && (*buf)[n - 1] == '\r')
    n--;
  (*buf)[n] = '\0';
  return (long)n;
}

mj_status mj_file_read(const char *path, size_t max, char **out, size_t *len,
                       mj_error *err)
{
  *out = NULL;
  *len = 0;
  FILE *f = mj_file_open_read(path, err);
  if (f == NULL)
    return MJ_EIO;
  struct stat st;
  bool regular = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode);
  if (regular && (size_t)st.st_size > max) {
    fclose(f);
    return mj_fail(err, MJ_ERANGE, 0, "%s is %lld bytes: at most %zu are read",
                   path, (long long)st.st_size, max);
  }
  /* a regular file's size is known: one read (another byte would be
     its growth, read on the way round) */
  size_t cap = regular && st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
  size_t n = 0;
  char *buf = malloc(cap + 1);
  while (buf != NULL) {
    size_t k = fread(buf + n, 1, cap - n, f);
    n += k;
    if (n < cap)
      break;
    if (cap >= max) {
      free(buf);
      fclose(f);
      return mj_fail(err, MJ_ERANGE, 0, "%s is larger than %zu bytes", path,
                     max);
    }
    cap = cap * 2 > max ? max : cap * 2;
    char *nb = realloc(buf, cap + 1);
    if (nb == NULL)
      free(buf);
    buf = nb;
  }
  bool bad = ferror(f);
  fclose(f);
  if (buf == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory reading %s", path);
  if (bad) {
    free(buf);
    return mj_fail(err, MJ_EIO, 0, "cannot read %s: %s", path, strerror(errno));
  }
  buf[n] = '\0';
  *out = buf;
  *len = n;
  return MJ_OK;
}
