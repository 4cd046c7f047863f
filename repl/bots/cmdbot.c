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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "action.h"
#include "proc.h"

typedef struct cmdbot {
  progbot pb;              /* first: its process, "cmd:PROGRAM", limit */
  long id;                 /* the decision asked last */
  long late[8];            /* decisions that timed out, not yet answered */
  int nlate;
  const mj_game *g;        /* the game of the decision asked (its names) */
} cmdbot;

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

/* The legal action an answer names ("action" as text, or "index", a whole
   number from 1):
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
                   "actions", b->pb.name, a->valuestring), -1;
  }
  if (cJSON_IsNumber(ix) && ix->valuedouble >= 1 && ix->valuedouble <= n &&
      ix->valuedouble == (double)(int)ix->valuedouble)
    return (int)ix->valuedouble - 1;
  return mj_fail(err, MJ_EINVAL, 0, "%s: the answer names no legal action",
                 b->pb.name), -1;
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
                     "{\"id\": N, \"action\": ...}", b->pb.name), -1);
  } else if (said_id(id) != b->id) {
    /* the answer to a decision that timed out: skipped; any other id is
       wrong at once (waiting would only wait the limit out) */
    long said = said_id(id);
    found = was_late(b, said) ? -2
          : (mj_fail(err, MJ_EINVAL, 0, "%s: answered decision %ld while "
                     "asked decision %ld", b->pb.name, said, b->id), -1);
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
  return mj_fail(err, MJ_ERANGE, 0, "%s: no answer within %d ms", b->pb.name,
                 b->pb.limit_ms), -1;
}

/* The answer to decision id, read before the deadline: the index among
   legal[0..n), or -1 with err set. */
static int read_answer(cmdbot *b, const mj_action *legal, int n, double deadline,
                       mj_error *err)
{
  for (;;) {
    mj_error pe;
    int r = proc_read_line(b->pb.pr, deadline, &pe);
    if (r == 0)
      return timed_out(b, err);
    if (r < 0)
      return mj_fail(err, b->pb.pr->dead ? MJ_EIO : MJ_EINVAL, 0, "%s: %s", b->pb.name, pe.msg), -1;
    int found = answer_line(b, b->pb.pr->line, legal, n, err);
    if (found != -2)
      return found;
  }
}

static int cmdbot_choose(void *ud, const mj_game *g, int p,
                         const mj_action *legal, int n, mj_error *err)
{
  cmdbot *b = ud;
  if (b->pb.pr->dead)
    return mj_fail(err, MJ_EIO, 0, "%s: the program ended", b->pb.name), -1;
  /* the first answer may take the program's start-up too: 10 s at least */
  double limit = b->id == 0 && b->pb.limit_ms < 10000 ? 10000 : b->pb.limit_ms;
  double deadline = proc_now_ms() + limit;
  b->g = g;
  char *text = request(g, p, legal, n, ++b->id);
  if (text == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory"), -1;
  bool sent = proc_send(b->pb.pr, text, deadline);
  free(text);
  if (!sent)
    return mj_fail(err, MJ_EIO, 0, "%s: cannot write to it (%s)", b->pb.name,
                   b->pb.pr->dead ? "it ended" : "it does not read"), -1;
  return read_answer(b, legal, n, deadline, err);
}

mj_bot *cmdbot_new(const char *program, int limit_ms, uint64_t seed,
                   mj_error *err)
{
  return progbot_new(sizeof(cmdbot), "cmd", program, limit_ms, seed,
                     cmdbot_choose, NULL, err);
}

mj_status cmdbot_check(const char *program, int ms, mj_error *err)
{
  char label[300];
  snprintf(label, sizeof label, "cmd:%s", program);
  return proc_check(program, label, ms, err);
}
