/*
** fileio.h
** Files the program writes and reads back: saves written atomically
** (a temporary file, fsync, rename) and reads with a size limit.
*/
#ifndef MJ_FILEIO_H
#define MJ_FILEIO_H

#include <stddef.h>

#include "error.h"

/* Write data to path so that path holds either its old content or all
** of data, never a part: PATH.tmp.PID, fsync, rename. */
mj_status mj_file_write_atomic(const char *path, const char *data, size_t len,
                               mj_error *err);

/* Read a whole file of at most max bytes into a new buffer (NUL ended,
** freed by the caller). Larger files are refused without reading them. */
mj_status mj_file_read(const char *path, size_t max, char **out, size_t *len,
                       mj_error *err);

#endif
