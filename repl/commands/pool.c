/*
** pool.c
** hule sim --jobs K: the games of a run in K processes, each playing a
** slice of them into a file of its own and sending its statistics back
** through a pipe; their lines concatenated in order, their statistics
** merged, a progress bar redrawn.
*/
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <poll.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "fileio.h"
#include "host.h"
#include "sim.h"

bool sim_sink_write(sim_sink *k, const char *text, size_t len)
{
  if (k->err != 0)
    return false;
  if (mj_file_write_all(k->fd, text, len) != MJ_OK) {
    k->err = errno;
    if (ftruncate(k->fd, k->good) == 0)   /* no half line left behind */
      lseek(k->fd, k->good, SEEK_SET);
    return false;
  }
  k->good += (off_t)len;
  return true;
}

double sim_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void sim_show_progress(long done, long total, double t0, bool final)
{
  int width = 30, fill = total ? (int)(done * width / total) : width;
  double el = sim_now() - t0;
  fputc('\r', stderr);
  fprintf(stderr, _("[%.*s%*s] %3ld%% %ld/%ld games  %.0f/s "), fill,
          "##############################", width - fill, "",
          total ? done * 100 / total : 100, done, total,
          el > 0 ? (double)done / el : 0.0);
  if (final)
    fputc('\n', stderr);
  fflush(stderr);
}

/* The child processes of --jobs: each plays a slice of the games into a
   file of its own, and sends its stats through a pipe. */
typedef struct job {
  pid_t pid;
  int fd;                  /* its JSON lines (a temporary file) */
  char path[4096];
  int pipe;                /* its stats */
} job;

/* The child of job j of jobs: its slice of the games into its file, its
   stats through the pipe; it never returns. */
static _Noreturn void run_child(mj_host *h, const sim_run *rn, sim_stats *st, job *jb,
                      int j, int jobs, int pf[2], volatile long *prog,
                      sim_play_fn play)
{
  close(pf[0]);
  sim_run sub = *rn;
  sim_sink mine = { jb[j].fd, jb[j].path, 0, 0 };
  long total = rn->hi - rn->lo, unit = rn->duplicate ? 4 : 1;
  long units = total / unit;
  sub.lo = rn->lo + unit * (units * j / jobs);
  sub.hi = j + 1 == jobs ? rn->hi : rn->lo + unit * (units * (j + 1) / jobs);
  sub.progress = prog ? prog + 1 + j : NULL;
  sub.out = rn->out != NULL ? &mine : NULL;
  sim_stats *ss = calloc(1, sizeof *ss);
  int rc = ss ? play(&sub, ss) : 1;
  if (rc == 1 && mine.err != 0)
    fprintf(stderr, _("Error: cannot write %s: %s\n"), rn->out->path,
            strerror(mine.err));
  if (ss == NULL ||
      mj_file_write_all(pf[1], (const char *)ss, sizeof *ss) != MJ_OK)
    rc = 1;
  free(ss);
  close(pf[1]);
  if (jb[j].fd >= 0)
    close(jb[j].fd);
  free(st);       /* the parent's, inherited: freed for leak checkers */
  free(jb);
  mj_host_free(h);
  _exit(rc);
}

/* Wait for the children, with the bar; a Ctrl-C reaches them too. The
   status: 0, 1 when one failed; *stopped when one was interrupted. */
static int wait_children(int alive, int jobs, bool bar, long total, double t0,
                         volatile long *prog, bool *stopped)
{
  int status = 0;
  while (alive > 0) {
    int ws;
    pid_t done = waitpid(-1, &ws, bar ? WNOHANG : 0);
    if (done > 0) {
      alive--;
      if (WIFEXITED(ws) && WEXITSTATUS(ws) == 130)
        *stopped = true;
      else if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 0)
        status = 1;
    } else if (done < 0 && errno != EINTR) {
      break;
    } else if (done == 0) {
      long sum = 0;
      for (int j = 0; j < jobs; j++)
        sum += prog[1 + j];
      sim_show_progress(sum, total, t0, false);
      usleep(100000);
    }
  }
  if (bar)
    sim_show_progress(total, total, t0, true);
  return status;
}

/* Job j's lines copied out in order, its stats merged: false when its
   stats did not come whole. */
static bool collect(const sim_run *rn, sim_stats *st, job *jb)
{
  char buf[65536];
  if (jb->fd >= 0) {
    ssize_t k;
    lseek(jb->fd, 0, SEEK_SET);
    while ((k = read(jb->fd, buf, sizeof buf)) > 0)
      if (!sim_sink_write(rn->out, buf, (size_t)k))
        break;
    close(jb->fd);
    unlink(jb->path);
  }
  sim_stats *ss = calloc(1, sizeof *ss);
  size_t got = 0;
  ssize_t k;
  while (ss != NULL && got < sizeof *ss &&
         (k = read(jb->pipe, (char *)ss + got, sizeof *ss - got)) > 0)
    got += (size_t)k;
  bool ok = ss != NULL && got == sizeof *ss;
  if (ok)
    sim_merge(st, ss);
  free(ss);
  close(jb->pipe);
  return ok;
}

int sim_run_jobs(mj_host *h, sim_run *rn, sim_stats *st, int jobs, bool bar,
                 double t0, volatile long *prog, sim_play_fn play)
{
  job *jb = calloc((size_t)jobs, sizeof *jb);
  if (jb == NULL)
    return 1;
  int status = 0, started = 0;
  mj_error e;
  fflush(NULL);
  for (int j = 0; j < jobs; j++) {
    jb[j].fd = -1;
    int pf[2];
    if (rn->out != NULL &&
        (jb[j].fd = mj_file_temp(rn->out->path, jb[j].path, sizeof jb[j].path,
                                 &e)) < 0) {
      fprintf(stderr, _("Error: %s\n"), e.msg);
      status = 1;
      break;
    }
    if (pipe(pf) != 0 || (jb[j].pid = fork()) < 0) {
      fprintf(stderr, _("Error: cannot start a process: %s\n"), strerror(errno));
      if (jb[j].fd >= 0) {
        close(jb[j].fd);
        unlink(jb[j].path);
      }
      status = 1;
      break;
    }
    started++;
    if (jb[j].pid == 0)
      run_child(h, rn, st, jb, j, jobs, pf, prog, play);
    close(pf[1]);
    jb[j].pipe = pf[0];
  }
  bool stopped = false;
  if (wait_children(started, jobs, bar, rn->hi - rn->lo, t0, prog, &stopped))
    status = 1;
  /* the lines in the order of the games, then the stats */
  for (int j = 0; j < started; j++)
    if (!collect(rn, st, &jb[j]))
      status = 1;
  free(jb);
  if (status == 0 && (stopped || sim_stop))
    status = 130;
  return status;
}
