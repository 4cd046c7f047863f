/*
** fuzz_repl.c
** libFuzzer target: one REPL command line, as if piped in. Commands that
** touch files or run Lua with full rights (lua, run, load, save, open,
** replay, check) are left out: they would let the fuzzer write files.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "repl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static mj_host *host;
static cli_opts opts;
static repl r;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static const char *const skip[] = { "lua",   "run",    "load",
                                      "save",  "open",   "replay",
                                      "check", "reload", NULL };
  mj_error e;
  if (host == NULL) {
    host = mj_host_new(NULL, &e);
    if (host == NULL)
      abort();
    opts.ascii = true;
    repl_init(&r, host, &opts, false);
  }
  if (size > 4096)
    return 0;
  char *line = malloc(size + 1);
  if (line == NULL)
    return 0;
  memcpy(line, data, size);
  line[size] = '\0';
  if (strlen(line) != size || strchr(line, '\n') != NULL) {
    free(line);
    return 0;   /* one line, as the REPL reads them */
  }
  const char *p = line;
  while (*p == ' ' || *p == '\t')
    p++;
  for (int i = 0; skip[i]; i++) {
    size_t n = strlen(skip[i]);
    if (strncmp(p, skip[i], n) == 0 &&
        (p[n] == '\0' || p[n] == ' ' || p[n] == '\t')) {
      free(line);
      return 0;
    }
  }
  repl_line(&r, line);
  free(line);
  return 0;
}
