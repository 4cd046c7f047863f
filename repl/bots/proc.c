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
#include <dirent.h>
#include <sys/resource.h>
#include <sys/select.h>
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

/* The keeper: hule's child for one bot, between hule and the program.
   A child subreaper (Linux), so every descendant of the program, one
   that called setsid or double-forked included, stays below it; it
   ends them all when the program ends or when hule closes ctl (fd 3;
   or dies: the kernel closes ctl then). It exits with the program's
   status, so that proc_check can say how the program ended. It is the
   hule binary executed again (proc_spawn), so that it holds none of
   hule's memory; fds 0 and 1 are the program's stdin and stdout. */
static void close_from(int first)
{
  long max = sysconf(_SC_OPEN_MAX);
  if (max < 0 || max > 65536)
    max = 65536;
  for (int fd = first; fd < max; fd++)
    close(fd);
}

static void on_child(int sig)
{
  (void)sig;
}

/* Kill every child of this process (the program's descendants, by the
   subreaper) until none is left; bounded by 5 s for a process the
   kernel cannot end at once. */
static void end_descendants(pid_t group)
{
  kill(-group, SIGKILL);
  pid_t self = getpid();
  for (int round = 0; round < 5000; round++) {
    while (waitpid(-1, NULL, WNOHANG) > 0)
      ;
    if (waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD)
      return;
    DIR *d = opendir("/proc");
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
      char path[64], buf[512];
      if (e->d_name[0] < '1' || e->d_name[0] > '9')
        continue;
      snprintf(path, sizeof path, "/proc/%.20s/stat", e->d_name);
      FILE *f = fopen(path, "r");
      if (f == NULL)
        continue;
      size_t n = fread(buf, 1, sizeof buf - 1, f);
      fclose(f);
      buf[n] = '\0';
      const char *rp = strrchr(buf, ')');    /* the name may hold ) */
      int ppid;
      if (rp != NULL && sscanf(rp + 1, " %*c %d", &ppid) == 1 &&
          ppid == self)
        kill((pid_t)atoi(e->d_name), SIGKILL);
    }
    if (d != NULL)
      closedir(d);
    usleep(1000);
  }
}

int proc_keeper_main(const char *program)
{
  const int ctl = 3;
  setpgid(0, 0);      /* no terminal's Ctrl-C: hule asks it to end */
#ifdef __linux__
  prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
  sigset_t chld, none;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigemptyset(&none);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_child;
  sigaction(SIGCHLD, &sa, NULL);
  signal(SIGINT, SIG_IGN);
  pid_t p = fork();
  if (p == 0) {
    /* a group of its own, ended whole; and ended with the keeper,
       should the keeper be killed (Linux) */
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGCHLD, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    close(ctl);
    /* a simple command replaces the shell, so that no shell waiting on
       it holds its stdout open after the program closes it */
    char line[4096];
    if (strpbrk(program, ";&|<>()`$\n") == NULL &&
        snprintf(line, sizeof line, "exec %s", program) < (int)sizeof line)
      program = line;
    execl("/bin/sh", "sh", "-c", program, (char *)NULL);
    _exit(127);
  }
  close(0);
  close(1);
  if (p < 0)
    return 127;
  setpgid(p, p);
  int status = 0;
  bool ended = false;
  for (;;) {
    if (waitpid(p, &status, WNOHANG) == p) {
      ended = true;
      break;
    }
    fd_set rd;
    FD_ZERO(&rd);
    FD_SET(ctl, &rd);
    if (pselect(ctl + 1, &rd, NULL, NULL, NULL, &none) > 0)
      break;            /* hule closed ctl (or died) */
  }
  /* closing its stdin asked it to end: 100 ms for that */
  for (int i = 0; i < 20 && !ended; i++) {
    if (waitpid(p, &status, WNOHANG) == p)
      ended = true;
    else
      usleep(5000);
  }
  end_descendants(p);
  if (ended && WIFSIGNALED(status)) {
    struct rlimit no_core = { 0, 0 };
    setrlimit(RLIMIT_CORE, &no_core);
    signal(WTERMSIG(status), SIG_DFL);
    sigprocmask(SIG_SETMASK, &none, NULL);
    raise(WTERMSIG(status));
    return 128 + WTERMSIG(status);
  }
  return ended && WIFEXITED(status) ? WEXITSTATUS(status) : 0;
}

void proc_free(proc *b)
{
  if (b == NULL)
    return;
  close(b->to);
  close(b->from);
  close(b->ctl);      /* the keeper ends the program and its descendants */
  waitpid(b->pid, NULL, 0);
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
  int ctl[2];
  if (pipe(ctl) != 0) {
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    mj_fail(err, MJ_EIO, 0, "cannot start %s: %s", program, strerror(errno));
    return NULL;
  }
  proc *b = calloc(1, sizeof *b);
  pid_t pid = b != NULL ? fork() : -1;
  if (pid == 0) {
    /* the keeper: fd 0 and 1 the program's, 3 the ctl pipe; nothing
       else of hule's open */
    int fds[3] = { in[0], out[1], ctl[0] };
    for (int i = 0; i < 3; i++)      /* out of the way of 0, 1 and 3 */
      if (fds[i] <= 3 && (fds[i] = fcntl(fds[i], F_DUPFD, 4)) < 0)
        _exit(127);
    if (dup2(fds[0], 0) < 0 || dup2(fds[1], 1) < 0 || dup2(fds[2], 3) < 0)
      _exit(127);
    close_from(4);
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
      exe[n] = '\0';
      execl(exe, PROC_KEEPER, program, (char *)NULL);
    }
    _exit(proc_keeper_main(program));   /* no /proc: the same, forked */
  }
  close(in[0]);
  close(out[1]);
  close(ctl[0]);
  if (pid < 0) {
    close(in[1]);
    close(out[0]);
    close(ctl[1]);
    free(b);
    mj_fail(err, MJ_EIO, 0, "cannot start %s", program);
    return NULL;
  }
  b->ctl = ctl[1];
  fcntl(b->ctl, F_SETFD, FD_CLOEXEC);
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
#ifdef __SANITIZE_ADDRESS__
  ms *= 4;   /* the keeper is this binary again: slow to start sanitized */
#endif
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
  if (b->bye != NULL && !b->pr->dead)
    b->bye(b);
  proc_free(b->pr);
  free(b);
}

static void progbot_over(void *ud, const mj_game *g, int p)
{
  progbot *b = ud;
  if (b->over != NULL && !b->pr->dead)
    b->over(b, g, p);
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
  mj_bot_ext ext = { b->name, b, choose, progbot_free, progbot_over };
  mj_bot *bot = mj_bot_new_ext(&ext, seed);
  if (bot == NULL) {
    progbot_free(b);
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  } else if (state != NULL) {
    *state = b;
  }
  return bot;
}
