/*
** proc.h
** A bot's program: a subprocess (sh -c PROGRAM) below a keeper process
** that ends it and all it started, talked to in lines over its stdin
** and stdout, every wait bounded by a deadline. Shared by the protocols bots speak (cmd:, the
** hule protocol; mjai:; botzone:).
*/
#ifndef HULE_PROC_H
#define HULE_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "bot.h"
#include "error.h"

typedef struct proc {
  pid_t pid;               /* its keeper (proc.c), hule's child */
  int to, from;            /* its stdin, its stdout */
  int ctl;                 /* closed: the keeper ends it all */
  char buf[1 << 16];       /* what it wrote, not yet a whole line */
  size_t have;
  bool dead;               /* EOF or a failed write: no more asking */
  char line[1 << 16];      /* the last line read (proc_read_line) */
} proc;

/* The keeper's argv[0]: main runs proc_keeper_main(argv[1]) when it is
   started so (proc.c); and that keeper, which returns its exit status. */
#define PROC_KEEPER "hule (a bot's keeper)"
int proc_keeper_main(const char *program);

/* Milliseconds of a monotonic clock. */
double proc_now_ms(void);

/* Start program; NULL and err (naming it) when it cannot be. */
proc *proc_spawn(const char *program, mj_error *err);

/* Write text and a newline before the deadline; false when it cannot
   (the program ended: p->dead; or it does not read). */
bool proc_send(proc *p, const char *text, double deadline);

/* The next whole line into p->line (its newline dropped): 1; 0 when the
   deadline passed first; -1 when the program ended (p->dead) or wrote a
   line longer than 64 KB (err says which). */
int proc_read_line(proc *p, double deadline, mj_error *err);

/* Close its pipes and end the program and every process it started
   (one that left its process group or session included). */
void proc_free(proc *p);

/* Does program start and keep running for ms milliseconds? label names
   it in err ("cmd:PROGRAM"). */
mj_status proc_check(const char *program, const char *label, int ms,
                     mj_error *err);

/* What a bot played by a program starts with: its process, its name
   ("mjai:PROGRAM") and its time for a decision. */
typedef struct progbot {
  proc *pr;
  int limit_ms;
  char name[300];
  /* set by a protocol that tells the end of a hand and of the session
     (mjai): told that g is over; told before the program is ended */
  void (*over)(struct progbot *b, const mj_game *g, int p);
  void (*bye)(struct progbot *b);
} progbot;

/* A bot played by program: its state, size bytes (zeroed) that begin
   with a progbot, made and the program started, wrapped with choose (and
   a free that ends the program); *state (state may be NULL) is it. kind
   names it ("mjai"); limit_ms 0 is 1000. NULL and err when it cannot be. */
mj_bot *progbot_new(size_t size, const char *kind, const char *program,
                    int limit_ms, uint64_t seed,
                    int (*choose)(void *ud, const mj_game *g, int p,
                                  const mj_action *legal, int n,
                                  mj_error *err),
                    void **state, mj_error *err);

#endif
