/*
** fileio.h
** Files the program writes and reads back: saves written atomically
** (a temporary file, fsync, rename) and reads with a size limit.
*/
#ifndef MJ_FILEIO_H
#define MJ_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "error.h"

/* Create and open a new file of a name nobody can guess beside near (in
** its directory; near NULL: in TMPDIR or /tmp), O_EXCL, mode 0600. Its
** name goes to path. Returns the descriptor, or -1 with err set. */
int mj_file_temp(const char *near, char *path, size_t cap, mj_error *err);

/* May path be written? Refused (MJ_EIO, err naming it) when something
** exists there that is not a regular file: a FIFO, a device, a socket, a
** directory. A missing file may be created. */
mj_status mj_file_check_target(const char *path, mj_error *err);

/* Write all of data to fd (MJ_EIO and errno set on failure). */
mj_status mj_file_write_all(int fd, const char *data, size_t len);

/* Write data to path so that path holds either its old content or all
** of data, never a part: a new file beside it (mj_file_temp), fsync,
** rename. Only a regular file is replaced (mj_file_check_target); an
** existing file's mode is kept; errors name the path and the
** system's reason. */
mj_status mj_file_write_atomic(const char *path, const char *data, size_t len,
                               mj_error *err);

/* Read a whole file of at most max bytes into a new buffer (NUL ended,
** freed by the caller). Larger files are refused without reading them. */
mj_status mj_file_read(const char *path, size_t max, char **out, size_t *len,
                       mj_error *err);

/* Open path for reading without waiting: a FIFO with no writer reads as
** empty instead of blocking the open; a directory is refused. NULL and
** err (naming the path) on failure. */
FILE *mj_file_open_read(const char *path, mj_error *err);

/* One line of f (its newline and a '\r' before it dropped) into *buf,
** growing it, of at most max bytes. A longer line sets *longer and keeps
** its first max bytes; the rest is read and dropped up to the newline
** when skip_rest, else left unread (a reader that stops there holds no
** more than max, whatever the file). Returns the length, or -1 at the
** end (or on a read error: ferror). */
long mj_file_line(FILE *f, char **buf, size_t *cap, size_t max, bool *longer,
                  bool skip_rest);

#endif
