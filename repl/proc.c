/*
** proc.c
** A bot's program as a subprocess talked to in lines (proc.h).
*/
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

double proc_now_ms(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Write all of text and a newline before the deadline. */
bool proc_send(proc *b, const char *text, double deadline)
{
  size_t n = strlen(text), off = 0;
  char nl = '\n';
  while (off <= n) {
    const char *src = off < n ? text + off : &nl;
    size_t len = off < n ? n - off : 1;
    ssize_t k = write(b->to, src, len);
    if (k > 0) {
      off += (size_t)k;
      continue;
    }
    if (k < 0 && errno != EAGAIN && errno != EINTR)
      return b->dead = errno == EPIPE, false;
    int left = (int)(deadline - proc_now_ms());
    struct pollfd pf = { b->to, POLLOUT, 0 };
    if (left <= 0 || poll(&pf, 1, left) <= 0)
      return false;
  }
  return true;
}

int proc_read_line(proc *b, double deadline, mj_error *err)
{
  for (;;) {
    char *nl = memchr(b->buf, '\n', b->have);
    if (nl != NULL) {
      size_t used = (size_t)(nl - b->buf) + 1;
      memcpy(b->line, b->buf, used - 1);
      b->line[used - 1] = '\0';
      memmove(b->buf, nl + 1, b->have - used);
      b->have -= used;
      return 1;
    }
    if (b->have == sizeof b->buf) {
      b->have = 0;
      return mj_fail(err, MJ_EINVAL, 0, "a line longer than 64 KB"), -1;
    }
    int left = (int)(deadline - proc_now_ms());
    struct pollfd pf = { b->from, POLLIN, 0 };
    int r = left > 0 ? poll(&pf, 1, left) : 0;
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return 0;
    ssize_t k = read(b->from, b->buf + b->have, sizeof b->buf - b->have);
    if (k < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (k <= 0) {
      b->dead = true;
      return mj_fail(err, MJ_EIO, 0, "the program ended"), -1;
    }
    b->have += (size_t)k;
  }
}

/* End the program and everything it started: its process group (it
   leads one, see cmdbot_new). The leader is reaped last, so that its
   group id cannot have been taken by another process meanwhile. */
static void end_group(pid_t pid)
{
  siginfo_t si;
  /* closing its stdin asked it to end: 100 ms for that */
  for (int i = 0; i < 20; i++) {
    memset(&si, 0, sizeof si);
    if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        si.si_pid == pid)
      break;
    usleep(5000);
  }
  kill(-pid, SIGKILL);
  waitpid(pid, NULL, 0);
}

void proc_free(proc *b)
{
  if (b == NULL)
    return;
  close(b->to);
  close(b->from);
  end_group(b->pid);
  free(b);
}

/* Start program (sh -c) with pipes to its stdin and stdout, leading a
   process group of its own; NULL and err when it cannot be started. */
proc *proc_spawn(const char *program, mj_error *err)
{
  if (program[0] == '\0') {
    mj_fail(err, MJ_EINVAL, 0, "a program is needed (cmd:'python3 bot.py')");
    return NULL;
  }
  signal(SIGPIPE, SIG_IGN);   /* a bot that ended: a failed write */
  int in[2], out[2];
  if (pipe(in) != 0) {
    mj_fail(err, MJ_EIO, 0, "cannot start %s: %s", program, strerror(errno));
    return NULL;
  }
  if (pipe(out) != 0) {
    close(in[0]);
    close(in[1]);
    mj_fail(err, MJ_EIO, 0, "cannot start %s: %s", program, strerror(errno));
    return NULL;
  }
  proc *b = calloc(1, sizeof *b);
  pid_t pid = b != NULL ? fork() : -1;
  if (pid == 0) {
    /* a group of its own, ended whole with the game; and ended with
       hule, should hule die first (Linux) */
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    execl("/bin/sh", "sh", "-c", program, (char *)NULL);
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  if (pid < 0) {
    close(in[1]);
    close(out[0]);
    free(b);
    mj_fail(err, MJ_EIO, 0, "cannot start %s", program);
    return NULL;
  }
  setpgid(pid, pid);    /* also here: no race with the first kill */
  b->pid = pid;
  b->to = in[1];
  b->from = out[0];
  fcntl(b->to, F_SETFL, O_NONBLOCK);
  fcntl(b->to, F_SETFD, FD_CLOEXEC);
  fcntl(b->from, F_SETFD, FD_CLOEXEC);
  return b;
}

mj_status proc_check(const char *program, const char *label, int ms,
                     mj_error *err)
{
  proc *b = proc_spawn(program, err);
  if (b == NULL)
    return MJ_EIO;
  siginfo_t si;
  bool ended = false;
  for (int t = 0; t < ms && !ended; t += 10) {
    memset(&si, 0, sizeof si);
    ended = waitid(P_PID, (id_t)b->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0
            && si.si_pid == b->pid;
    if (!ended)
      usleep(10000);
  }
  mj_status st = MJ_OK;
  if (ended && si.si_code == CLD_EXITED)
    st = mj_fail(err, MJ_EIO, 0, "%s: the program ended before its first "
                 "decision (exit status %d%s)", label, si.si_status,
                 si.si_status == 127 ? ": not found" : "");
  else if (ended)
    st = mj_fail(err, MJ_EIO, 0, "%s: the program ended before its first "
                 "decision (signal %d)", label, si.si_status);
  proc_free(b);
  return st;
}

static void progbot_free(void *ud)
{
  progbot *b = ud;
  if (b == NULL)
    return;
  proc_free(b->pr);
  free(b);
}

mj_bot *progbot_new(size_t size, const char *kind, const char *program,
                    int limit_ms, uint64_t seed,
                    int (*choose)(void *ud, const mj_game *g, int p,
                                  const mj_action *legal, int n,
                                  mj_error *err),
                    void **state, mj_error *err)
{
  if (program[0] == '\0') {
    mj_fail(err, MJ_EINVAL, 0, "%s: needs a program (%s:'python3 bot.py')",
            kind, kind);
    return NULL;
  }
  progbot *b = calloc(1, size);
  if (b == NULL) {
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    return NULL;
  }
  b->pr = proc_spawn(program, err);
  if (b->pr == NULL) {
    free(b);
    return NULL;
  }
  snprintf(b->name, sizeof b->name, "%s:%s", kind, program);
  b->limit_ms = limit_ms > 0 ? limit_ms : 1000;
  mj_bot_ext ext = { b->name, b, choose, progbot_free };
  mj_bot *bot = mj_bot_new_ext(&ext, seed);
  if (bot == NULL) {
    progbot_free(b);
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  } else if (state != NULL) {
    *state = b;
  }
  return bot;
}
