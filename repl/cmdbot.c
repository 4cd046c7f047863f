/*
** cmdbot.c
** Bots as programs ("--bots cmd:PROGRAM"), the way tournament platforms
** run them: a subprocess (sh -c PROGRAM) gets one JSON line per decision
** on its stdin and answers one JSON line on its stdout. Protocol 1:
**
**   hule -> bot  {"hule_bot":1,"id":N,"view":{...},"legal":["d 5m",...]}
**   bot -> hule  {"id":N,"action":"d 5m"}   or   {"id":N,"index":1}
**
** An answer late (past the limit; the first may take 10 s, for the
** program's start-up), wrong (not legal, not JSON, another id) or
** missing (the program died) is replaced by the efficiency bot's choice
** for that decision and counted; nothing waits past the limit, and an
** answer to another decision than the one asked (other than one that
** timed out) is wrong at once. The program leads a process group of its
** own, ended whole (forks included) when the bot is freed.
*/
#include "cmdbot.h"

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

#include <cjson/cJSON.h>

#include "action.h"

typedef struct cmdbot {
  pid_t pid;
  int to, from;            /* its stdin, its stdout */
  int limit_ms;
  long id;                 /* the decision asked last */
  char name[300];          /* "cmd:PROGRAM" */
  char buf[1 << 16];       /* what it wrote, not yet a whole line */
  size_t have;
  bool dead;               /* EOF or a failed write: no more asking */
  long late[8];            /* decisions that timed out, not yet answered */
  int nlate;
  const mj_game *g;        /* the game of the decision asked (its names) */
} cmdbot;

static double now_ms(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* {====================================================================
** The request: the seat's view (mj_game_seat_view) and the legal actions
** ===================================================================== */

/* The seat view's writer into cJSON: a stack of the records open. */
typedef struct json_sink {
  cJSON *stack[8];
  int depth;
} json_sink;

static void j_add(json_sink *k, const char *key, cJSON *x)
{
  cJSON *top = k->stack[k->depth - 1];
  if (key != NULL)
    cJSON_AddItemToObject(top, key, x);
  else
    cJSON_AddItemToArray(top, x);
}

static void j_open(void *ud, const char *key, bool array)
{
  json_sink *k = ud;
  cJSON *x = array ? cJSON_CreateArray() : cJSON_CreateObject();
  j_add(k, key, x);
  if (k->depth < 8)
    k->stack[k->depth++] = x;
}

static void j_close(void *ud, const char *key)
{
  ((json_sink *)ud)->depth--;
}

static void j_str(void *ud, const char *key, const char *v)
{
  j_add(ud, key, cJSON_CreateString(v));
}

static void j_num(void *ud, const char *key, long v)
{
  j_add(ud, key, cJSON_CreateNumber((double)v));
}

static void j_flag(void *ud, const char *key, bool v)
{
  j_add(ud, key, cJSON_CreateBool(v));
}

static char *request(const mj_game *g, int p, const mj_action *legal, int n,
                     long id)
{
  mj_seat_view v;
  mj_game_seat_view(g, p, &v);
  char b[48];
  cJSON *o = cJSON_CreateObject();
  cJSON_AddNumberToObject(o, "hule_bot", 1);
  cJSON_AddNumberToObject(o, "id", (double)id);
  json_sink k = { { o }, 1 };
  mj_emit e = { &k, j_open, j_close, j_str, j_num, j_flag };
  mj_seat_view_emit(&v, "view", &e);
  cJSON *l = cJSON_AddArrayToObject(o, "legal");
  for (int i = 0; i < n; i++) {
    mj_action_print_in(g, &legal[i], b, sizeof b);
    cJSON_AddItemToArray(l, cJSON_CreateString(b));
  }
  char *text = cJSON_PrintUnformatted(o);
  cJSON_Delete(o);
  return text;
}

/* }==================================================================== */

/* Write all of text and a newline before the deadline. */
static bool send_line(cmdbot *b, const char *text, double deadline)
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
      return false;
    int left = (int)(deadline - now_ms());
    struct pollfd pf = { b->to, POLLOUT, 0 };
    if (left <= 0 || poll(&pf, 1, left) <= 0)
      return false;
  }
  return true;
}

/* An answer's id said, as a whole number (-1 when it is none). */
static long said_id(const cJSON *id)
{
  double dv = id->valuedouble;   /* cast only what fits a long */
  return dv >= 0 && dv < 1e15 && dv == (double)(long)dv ? (long)dv : -1;
}

/* Was id the answer to a decision that timed out? It is forgotten. */
static bool was_late(cmdbot *b, long id)
{
  for (int i = 0; i < b->nlate; i++)
    if (b->late[i] == id) {
      b->late[i] = b->late[--b->nlate];
      return true;
    }
  return false;
}

/* The legal action an answer names ("action" as text, or "index" from 1):
   its index, or -1 with err set. */
static int named_action(const cmdbot *b, const cJSON *o,
                        const mj_action *legal, int n, mj_error *err)
{
  cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "action");
  cJSON *ix = cJSON_GetObjectItemCaseSensitive(o, "index");
  if (cJSON_IsString(a)) {
    for (int i = 0; i < n; i++) {
      char t[48];
      mj_action_print_in(b->g, &legal[i], t, sizeof t);
      if (strcmp(t, a->valuestring) == 0)
        return i;
    }
    return mj_fail(err, MJ_EINVAL, 0, "%s: '%.40s' is not among the legal "
                   "actions", b->name, a->valuestring), -1;
  }
  if (cJSON_IsNumber(ix) && ix->valuedouble >= 1 && ix->valuedouble <= n)
    return (int)ix->valuedouble - 1;
  return mj_fail(err, MJ_EINVAL, 0, "%s: the answer names no legal action",
                 b->name), -1;
}

/* One whole line of the program's: the index of the action it names;
   -1 with err set; -2 for a late answer, skipped. */
static int answer_line(cmdbot *b, const char *line, const mj_action *legal,
                       int n, mj_error *err)
{
  cJSON *o = cJSON_Parse(line);
  cJSON *id = cJSON_GetObjectItemCaseSensitive(o, "id");
  int found;
  if (o == NULL || !cJSON_IsNumber(id)) {
    found = (mj_fail(err, MJ_EINVAL, 0, "%s: an answer is a JSON line "
                     "{\"id\": N, \"action\": ...}", b->name), -1);
  } else if (said_id(id) != b->id) {
    /* the answer to a decision that timed out: skipped; any other id is
       wrong at once (waiting would only wait the limit out) */
    long said = said_id(id);
    found = was_late(b, said) ? -2
          : (mj_fail(err, MJ_EINVAL, 0, "%s: answered decision %ld while "
                     "asked decision %ld", b->name, said, b->id), -1);
  } else {
    found = named_action(b, o, legal, n, err);
  }
  cJSON_Delete(o);
  return found;
}

/* No answer in time: the decision is remembered as late. */
static int timed_out(cmdbot *b, mj_error *err)
{
  if (b->nlate == (int)(sizeof b->late / sizeof b->late[0]))
    memmove(b->late, b->late + 1, sizeof b->late - sizeof b->late[0]),
        b->nlate--;
  b->late[b->nlate++] = b->id;
  return mj_fail(err, MJ_ERANGE, 0, "%s: no answer within %d ms", b->name,
                 b->limit_ms), -1;
}

/* The answer to decision id, read before the deadline: the index among
   legal[0..n), or -1 with err set. */
static int read_answer(cmdbot *b, const mj_action *legal, int n, double deadline,
                       mj_error *err)
{
  for (;;) {
    char *nl = memchr(b->buf, '\n', b->have);
    if (nl != NULL) {
      *nl = '\0';
      size_t used = (size_t)(nl - b->buf) + 1;
      int found = answer_line(b, b->buf, legal, n, err);
      memmove(b->buf, nl + 1, b->have - used);
      b->have -= used;
      if (found == -2)
        continue;
      return found;
    }
    if (b->have == sizeof b->buf) {
      b->have = 0;
      return mj_fail(err, MJ_EINVAL, 0, "%s: a line longer than 64 KB",
                     b->name), -1;
    }
    int left = (int)(deadline - now_ms());
    struct pollfd pf = { b->from, POLLIN, 0 };
    int r = left > 0 ? poll(&pf, 1, left) : 0;
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return timed_out(b, err);
    ssize_t k = read(b->from, b->buf + b->have, sizeof b->buf - b->have);
    if (k < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (k <= 0) {
      b->dead = true;
      return mj_fail(err, MJ_EIO, 0, "%s: the program ended", b->name), -1;
    }
    b->have += (size_t)k;
  }
}

static int cmdbot_choose(void *ud, const mj_game *g, int p,
                         const mj_action *legal, int n, mj_error *err)
{
  cmdbot *b = ud;
  if (b->dead)
    return mj_fail(err, MJ_EIO, 0, "%s: the program ended", b->name), -1;
  /* the first answer may take the program's start-up too: 10 s at least */
  double limit = b->id == 0 && b->limit_ms < 10000 ? 10000 : b->limit_ms;
  double deadline = now_ms() + limit;
  b->g = g;
  char *text = request(g, p, legal, n, ++b->id);
  if (text == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory"), -1;
  bool sent = send_line(b, text, deadline);
  free(text);
  if (!sent) {
    b->dead = errno == EPIPE;
    return mj_fail(err, MJ_EIO, 0, "%s: cannot write to it (%s)", b->name,
                   errno == EPIPE ? "it ended" : "it does not read"), -1;
  }
  return read_answer(b, legal, n, deadline, err);
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

static void cmdbot_free(void *ud)
{
  cmdbot *b = ud;
  if (b == NULL)
    return;
  close(b->to);
  close(b->from);
  end_group(b->pid);
  free(b);
}

/* Start program (sh -c) with pipes to its stdin and stdout, leading a
   process group of its own; NULL and err when it cannot be started. */
static cmdbot *spawn(const char *program, mj_error *err)
{
  if (program[0] == '\0') {
    mj_fail(err, MJ_EINVAL, 0, "cmd: needs a program (cmd:'python3 bot.py')");
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
  cmdbot *b = calloc(1, sizeof *b);
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
  snprintf(b->name, sizeof b->name, "cmd:%s", program);
  return b;
}

mj_bot *cmdbot_new(const char *program, int limit_ms, uint64_t seed,
                   mj_error *err)
{
  cmdbot *b = spawn(program, err);
  if (b == NULL)
    return NULL;
  b->limit_ms = limit_ms > 0 ? limit_ms : 1000;
  mj_bot_ext ext = { b->name, b, cmdbot_choose, cmdbot_free };
  mj_bot *bot = mj_bot_new_ext(&ext, seed);
  if (bot == NULL) {
    cmdbot_free(b);
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  }
  return bot;
}

mj_status cmdbot_check(const char *program, int ms, mj_error *err)
{
  cmdbot *b = spawn(program, err);
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
                 "decision (exit status %d%s)", b->name, si.si_status,
                 si.si_status == 127 ? ": not found" : "");
  else if (ended)
    st = mj_fail(err, MJ_EIO, 0, "%s: the program ended before its first "
                 "decision (signal %d)", b->name, si.si_status);
  cmdbot_free(b);
  return st;
}
