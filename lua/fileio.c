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

mj_status mj_file_write_atomic(const char *path, const char *data, size_t len,
                               mj_error *err)
{
  char tmp[4096];
  if (snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof tmp)
    return mj_fail(err, MJ_EINVAL, 0, "%s: the path is too long", path);
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return mj_fail(err, MJ_EIO, 0, "cannot write %s: %s", path, strerror(errno));
  size_t done = 0;
  while (done < len) {
    ssize_t k = write(fd, data + done, len - done);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0) {
      int e = errno;
      close(fd);
      unlink(tmp);
      return mj_fail(err, MJ_EIO, 0, "cannot write %s: %s", path, strerror(e));
    }
    done += (size_t)k;
  }
  if (fsync(fd) != 0 || close(fd) != 0) {
    int e = errno;
    unlink(tmp);
    return mj_fail(err, MJ_EIO, 0, "cannot write %s: %s", path, strerror(e));
  }
  if (rename(tmp, path) != 0) {
    int e = errno;
    unlink(tmp);
    return mj_fail(err, MJ_EIO, 0, "cannot write %s: %s", path, strerror(e));
  }
  return MJ_OK;
}

mj_status mj_file_read(const char *path, size_t max, char **out, size_t *len,
                       mj_error *err)
{
  *out = NULL;
  *len = 0;
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return mj_fail(err, MJ_EIO, 0, "cannot open %s: %s", path, strerror(errno));
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    return mj_fail(err, MJ_EIO, 0, "%s is a directory", path);
  }
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size > max) {
    fclose(f);
    return mj_fail(err, MJ_ERANGE, 0, "%s is %lld bytes: at most %zu are read", path,
                   (long long)st.st_size, max);
  }
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap + 1);
  while (buf != NULL) {
    size_t k = fread(buf + n, 1, cap - n, f);
    n += k;
    if (n < cap)
      break;
    if (cap >= max) {
      free(buf);
      fclose(f);
      return mj_fail(err, MJ_ERANGE, 0, "%s is larger than %zu bytes", path, max);
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
    return mj_fail(err, MJ_EIO, 0, "cannot read %s", path);
  }
  buf[n] = '\0';
  *out = buf;
  *len = n;
  return MJ_OK;
}
