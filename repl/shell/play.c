/*
** play.c
** The REPL's game: you against the bots. Dealing, the table redrawn
** after each turn, your decisions as short commands, hints, undo, saving
** and opening games, and stepping through a saved game.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "i18n.h"
#include "bot.h"
#include "fileio.h"
#include "game.h"
#include "action.h"
#include "match.h"
#include "repl.h"
#include "render.h"
#include "replay.h"
#include "review.h"
#include "rules.h"
#include "score.h"
#include "play_int.h"
#include "lang.h"
#include "bots.h"


static uint64_t time_seed(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^
         (uint64_t)getpid() << 20;
}


const char *const play_names[4] = { N_("You"), N_("Right"), N_("Across"),
                                     N_("Left") };
const char *const play_winds[4] = { "E", "S", "W", "N" };
int play_seats = 4;

void play_free(play *p)
{
  if (p == NULL)
    return;
  mj_game_free(p->g);
  if (p->host != NULL)
    mj_host_release(p->host, p->rs);
  for (int i = 0; i < 4; i++)
    mj_bot_free(p->bots[i]);
  if (p->replaying)
    mj_replay_free(&p->rp);
  match_clear(p);
  free(p);
}

int play_hand_tiles(repl *r, mj_tile *out, int max)
{
  if (r->play == NULL || r->play->g == NULL)
    return 0;
  const uint8_t *c = mj_hand_counts(mj_game_hand(r->play->g, YOU));
  int n = 0;
  for (int t = 0; t < MJ_KINDS && n < max; t++)
    if (c[t])
      out[n++] = (mj_tile)t;
  return n;
}

const char *play_ruleset_id(const repl *r)
{
  return r->play != NULL ? mj_rules_id(r->play->rs) : NULL;
}

bool play_replaying(const repl *r)
{
  return r->play != NULL && r->play->replaying;
}

bool play_unsaved(const repl *r)
{
  const play *p = r->play;
  return p != NULL && p->g != NULL && !p->replaying && !mj_game_over(p->g) &&
         mj_game_nactions(p->g) > 0 && mj_game_nactions(p->g) != p->saved_n;
}

bool play_visible(repl *r, uint8_t counts[MJ_KINDS])
{
  play *p = r->play;
  if (p == NULL || p->g == NULL)
    return false;
  mj_game_visible(p->g, YOU, counts);
  return true;
}

bool play_hand_text(repl *r, char *buf, size_t cap)
{
  play *p = r->play;
  if (p == NULL || p->g == NULL)
    return false;
  mj_game *g = p->g;
  if (mj_game_over(g) && mj_game_win_hand(g, 0) != NULL) {
    mj_hand_print_full(mj_game_win_hand(g, 0), buf, cap);
    return true;
  }
  mj_hand *h = mj_hand_new();
  mj_score *s = malloc(sizeof *s);
  bool done = false;
  if (h != NULL && s != NULL && mj_game_own_draw(g, YOU) != MJ_NO_TILE &&
      mj_game_try_win(g, YOU, h, s, NULL) != MJ_ESTATE &&
      mj_hand_ntiles(h) == mj_hand_ntiles(mj_game_hand(g, YOU))) {
    mj_hand_print_full(h, buf, cap);   /* complete: win=, self, seat... */
    done = mj_hand_ctx(h)->win != MJ_NO_TILE;
  }
  if (!done)
    mj_hand_print(mj_game_hand(g, YOU), buf, cap);
  mj_hand_free(h);
  free(s);
  return true;
}

/* The tiles an open kong turned up, and what you may do on them. */
static void open_prompt(repl *r, const mj_game *g, const mj_action *l, int n)
{
  const mj_tile *up;
  int opener, nup = mj_game_open_tiles(g, &up, &opener);
  char b[40];
  if (opener == YOU)
    printf(_("Your 开杠 turned up"));
  else
    printf(_("%s's 开杠 turned up"), play_name(opener));
  for (int i = 0; i < nup; i++)
    printf(" %s", repl_tile(r, up[i], b, sizeof b));
  printf(": ");
  for (int i = 0; i < n; i++) {
    char a[48];
    mj_action_print_in(g, &l[i], a, sizeof a);
    printf(i ? _(" or %s") : "%s", a);
  }
  printf("\n");
}

/* After 换三张: where the tiles went, and what came to you. */
static void show_received(play *p)
{
  int off = mj_game_swap_offset(p->g);
  const mj_tile *got;
  int from = (YOU - off + 4) & 3, ng = mj_game_swap_tiles(p->g, from, &got);
  if (mj_rules_ctable(p->rs)->swap <= 0 || ng <= 0)
    return;
  char ts[40];
  mj_tiles_print(got, ng, ts, sizeof ts);
  printf(off == 1 ? _("换三张: the dice sent the tiles to the right; you "
                     "received %s from %s\n")
         : off == 2 ? _("换三张: the dice sent the tiles across; you received "
                        "%s from %s\n")
         : _("换三张: the dice sent the tiles to the left; you received %s "
             "from %s\n"), ts, play_name(from));
}

/* What you may do now, as a line. */
static void prompt_line(repl *r, play *p)
{
  mj_game *g = p->g;
  if (mj_game_over(g) || p->replaying)
    return;
  mj_action l[MJ_MAX_LEGAL];
  int n = mj_game_legal(g, YOU, l, MJ_MAX_LEGAL);
  if (n == 0)
    return;
  char b[40];
  if (mj_game_phase(g) == MJ_PHASE_SWAP) {
    const mj_tile *chosen;
    int k = mj_game_swap_tiles(g, YOU, &chosen);
    int left = mj_rules_ctable(p->rs)->swap - k;
    printf(ngettext("换三张: pass %d tile of one suit, named together (swap "
                    "1m2m3m);\nthey go to a seat the dice choose\n",
                    "换三张: pass %d tiles of one suit, named together (swap "
                    "1m2m3m);\nthey go to a seat the dice choose\n", left),
           left);
    return;
  }
  if (mj_game_phase(g) == MJ_PHASE_QUE) {
    show_received(p);
    printf(_("定缺: declare your missing suit: que m, que p or que s\n"));
    return;
  }
  if (mj_game_open_tiles(g, NULL, NULL) > 0) {
    open_prompt(r, g, l, n);     /* an open kong's tiles: a win on one */
    return;
  }
  if (mj_game_phase(g) == MJ_PHASE_OFFER) {
    printf(_("海底: the wall's last tile is offered to you: take (win with it "
           "if it wins, else it is your discard) or pass\n"));
    return;
  }
  if (mj_game_phase(g) == MJ_PHASE_DECLARE) {
    printf(_("Before play you may declare:"));
    for (int i = 0; i < n; i++)
      if (l[i].type == MJ_ACT_DECLARE)
        printf(_(" %s (declare %s)"), repl_desc(mj_game_decl(g, l[i].tile)->label),
               mj_game_decl(g, l[i].tile)->name);
    printf(_("; or pass\n"));
    return;
  }
  if (mj_game_phase(g) == MJ_PHASE_TURN) {
    mj_tile t = mj_game_own_draw(g, YOU);
    if (t != MJ_NO_TILE) {
      printf(_("Your turn, you drew %s: "), repl_tile(r, t, b, sizeof b));
    } else {
      printf(_("Your turn: "));
    }
    printf(_("d TILE"));
  } else {
    int from;
    mj_tile t = mj_game_pending(g, &from);
    printf(mj_game_phase(g) == MJ_PHASE_ROB ? _("%s adds to a kong %s: ")
                                            : _("%s discarded %s: "),
           from >= 0 ? play_name(from) : "?", repl_tile(r, t, b, sizeof b));
  }
  bool first = mj_game_phase(g) != MJ_PHASE_TURN;
  int said = -1;               /* declarations with a discard: once each */
  for (int i = 0; i < n; i++) {
    if (l[i].type == MJ_ACT_DISCARD)
      continue;
    char a[32];
    if (l[i].type == MJ_ACT_DECLARE && MJ_DECL_IS_WITH(l[i].tile)) {
      int k = MJ_DECL_OF(l[i].tile);
      if (k == said)
        continue;
      said = k;
      printf(_("%s%s TILE ("), first ? "" : _(", "), mj_game_decl(g, k)->name);
      for (int j = i, c = 0; j < n; j++)
        if (l[j].type == MJ_ACT_DECLARE && MJ_DECL_IS_WITH(l[j].tile) &&
            MJ_DECL_OF(l[j].tile) == k)
          printf("%s%s", c++ ? " " : "",
                 repl_tile(r, MJ_DECL_TILE(l[j].tile), b, sizeof b));
      printf(")");
      first = false;
      continue;
    }
    mj_action_print_in(g, &l[i], a, sizeof a);
    printf("%s%s", first ? "" : _(", "), a);
    first = false;
  }
  if (mj_game_phase(g) != MJ_PHASE_TURN)
    printf(_(" (Enter: pass)"));
  printf(_("   [hint]\n"));
  char fur[120];
  if (mj_game_furiten_text(g, YOU, fur, sizeof fur) > 0)
    printf(_("furiten: %s; you may win only by self-draw\n"), fur);
}

/* What you may do now; in the tutorial's hand, the coach's word too. */
static void show_prompt(repl *r, play *p)
{
  prompt_line(r, p);
  if (r->coach && !p->replaying && !mj_game_over(p->g) &&
      (mj_game_waiting(p->g) & 1u << YOU)) {
    printf(_("Coach: "));
    repl_line(r, "hint");
  }
}

/* Is the hand just over the match's last? */
static bool last_of_match(const play *p)
{
  mj_match m = p->match;
  mj_match_record(&m, p->g);
  return m.over;
}

/* "Left pays you 8 (win)" after lead, as the ledger holds it. */
static void print_payment(const mj_game *g, const mj_payment *x,
                          const char *lead)
{
  const char *why = repl_reason(mj_game_reason(g, x->reason));
  const char *payer = x->payer == MJ_POT ? NULL : play_name(x->payer & 3);
  const char *payee = x->payee == MJ_POT ? NULL : play_name(x->payee & 3);
  fputs(lead, stdout);
  if (x->payer == YOU && payee == NULL)
    printf(_("You pay the pot %d (%s)\n"), x->amount, why);
  else if (x->payer == YOU)
    printf(_("You pay %s %d (%s)\n"), payee, x->amount, why);
  else if (payer == NULL && x->payee == YOU)
    printf(_("The pot pays you %d (%s)\n"), x->amount, why);
  else if (payer == NULL)
    printf(_("The pot pays %s %d (%s)\n"), payee ? payee : "?", x->amount,
           why);
  else if (x->payee == YOU)
    printf(_("%s pays you %d (%s)\n"), payer, x->amount, why);
  else if (payee == NULL)
    printf(_("%s pays the pot %d (%s)\n"), payer, x->amount, why);
  else
    printf(_("%s pays %s %d (%s)\n"), payer, payee, x->amount, why);
}

/* Print the events since the last time, keeping others' tiles hidden,
   and the money paid as it happens (kong money, 跟庄, the wins of a hand
   that goes on) after the event that caused it; the end of a hand lists
   the whole ledger. */
void play_show_events(repl *r, play *p)
{
  mj_game *g = p->g;
  int n = mj_game_nevents(g);
  int col = 0;
  const mj_payment *l;
  int nl = mj_game_over(g) ? 0 : mj_game_ledger(g, &l);
  for (int i = p->shown; i < n; i++) {
    const mj_event *e = mj_game_event(g, i);
    char b[160];
    /* a draw (or a declined claim) is the drawer's to know: replaying,
       the viewer's (all of them once the hand is over) */
    bool secret = e->type == MJ_EV_DRAW || e->type == MJ_EV_DECLINE;
    bool hide = e->type == MJ_EV_DEAL || e->type == MJ_EV_PASS ||
                (secret && !p->replaying && e->player != YOU) ||
                (secret && p->replaying && p->view_seat >= 0 &&
                 e->player != p->view_seat && !mj_game_over(p->g)) ||
                (e->type == MJ_EV_DRAW && e->player == YOU && !p->replaying);
    const mj_table *tb = mj_rules_ctable(p->rs);
    if (e->type == MJ_EV_WIN && (tb->leave_on_win || tb->stay_on_win)) {
      if (col > 0)
        printf("\n");
      play_show_win_now(r, p, i);   /* the hand goes on: the win face up now */
      col = 0;
    } else if (!hide) {   /* your own draw: the prompt names it */
      /* replaying from another seat: nothing is "yours" to name */
      int you = p->replaying && p->view_seat >= 0 && p->view_seat != YOU &&
                        !mj_game_over(g)
                    ? -1
                    : YOU;
      const char *names[4] = { play_name(0), play_name(1), play_name(2),
                               play_name(3) };
      mj_event_print(g, e, names, you, b, sizeof b);
      if (col > 0 && col + mj_text_width(b) > 76) {
        printf("\n");
        col = 0;
      }
      printf("%s%s", col ? (r->o->ascii ? " - " : " · ") : "", b);
      col += mj_text_width(b) + 3;
    }
    for (int k = 0; k < nl; k++)
      if (l[k].event == i) {
        print_payment(g, &l[k], col ? "\n" : "");
        col = 0;
      }
  }
  if (col > 0)
    printf("\n");
  p->shown = n;
}

/* 查叫 at the wall's end of a hand a win does not end (血战): who was
   still in, 花猪, ready (and the best he could win) or not, and what the
   wall's end moved ("nothing owed" when nothing). */
static void show_wall_end(repl *r, play *p)
{
  mj_game *g = p->g;
  const mj_table *tb = mj_rules_ctable(p->rs);
  int n = mj_game_nevents(g), drawn = -1, in = 0;
  for (int i = 0; i < n; i++)
    if (mj_game_event(g, i)->type == MJ_EV_DRAWN)
      drawn = i;
  if (drawn < 0 || !(tb->leave_on_win || tb->stay_on_win))
    return;
  for (int q = 0; q < mj_game_players(g); q++)
    in += mj_game_active(g, q) && mj_game_wins(g, q) == 0;
  printf(_("查叫 (the wall is out, %d still in without a win):\n"), in);
  for (int q = 0; q < mj_game_players(g) && in >= 2; q++) {
    if (!mj_game_active(g, q) || mj_game_wins(g, q) > 0)
      continue;
    int vs = mj_game_void_suit(g, q, -1);
    bool pig = mj_game_holds_void(g, q);
    mj_tile bt;
    int best = pig ? 0 : mj_game_best_win(g, q, &bt);
    char b[40];
    char pad[32];
    const char *name = mj_text_pad(play_name(q), 6, pad, sizeof pad);
    if (pig)
      printf(_("  %s 花猪: still holds his missing suit (%c)\n"), name,
             "mps"[vs]);
    else if (best > 0)
      printf(q == YOU ? _("  %s ready: the best you could win is %d (on %s)\n")
                      : _("  %s ready: the best he could win is %d (on %s)\n"),
             name, best, repl_tile(r, bt, b, sizeof b));
    else
      printf(_("  %s not ready\n"), name);
  }
  const mj_payment *l;
  int nl = mj_game_ledger(g, &l), k = 0;
  for (int i = 0; i < nl; i++)
    if (l[i].event >= drawn) {
      print_payment(g, &l[i], "  ");
      k++;
    }
  if (k == 0)
    printf(in < 2 ? _("  nothing owed (查叫 needs two still in)\n")
                  : _("  nothing owed\n"));
}

void play_show_end(repl *r, play *p)
{
  if (r->coach && !p->replaying) {
    r->coach = false;
    printf(_("The tutorial's hand is over: the coach leaves you. \"review\" "
           "goes over your decisions, \"next\" deals on.\n"));
  }
  mj_game *g = p->g;
  int w[MJ_MAX_WINS];
  int nw = mj_game_winners(g, w);
  char *buf = malloc(1 << 15);
  if (buf == NULL)
    return;
  if (nw == 0)
    printf(_("The hand is drawn: nobody won.\n"));
  for (int k = 0; k < nw; k++) {
    if (w[k] == YOU)
      printf(_("You won — well played.\n"));
    else
      printf(_("%s won.\n"), play_name(w[k]));
    mj_score_explain(p->rs, mj_game_win_hand(g, k), mj_game_result(g, k), buf,
                     1 << 15);
    fputs(buf, stdout);
    mj_hand_print_full(mj_game_win_hand(g, k), r->last_hand,
                       sizeof r->last_hand);
  }
  free(buf);
  show_wall_end(r, p);
  int pay[4], sc[4];
  mj_game_payments(g, pay);
  mj_game_scores(g, sc);
  const mj_payment *l;
  int nl = mj_game_ledger(g, &l);
  for (int i = 0; i < nl; i++)   /* every payment, as the ledger holds it */
    print_payment(g, &l[i], i ? "        " : _("ledger: "));
  char row[200];
  size_t rl = 0;
  row[0] = '\0';
  for (int q = 0; q < mj_game_players(g); q++)
    mj_catf(row, sizeof row, &rl, "%s%s %+d", q ? "  " : "", play_name(q),
            pay[q]);
  printf(_("payments:  %s"), row);
  rl = 0;
  for (int q = 0; q < mj_game_players(g); q++)
    mj_catf(row, sizeof row, &rl, "%s%s %d", q ? "  " : "", play_name(q),
            sc[q]);
  printf(_("\nscores:    %s"), row);
  if (p->replaying && p->cur + 1 < p->npast)
    printf(_("\nThe end of hand %d: \"next\" goes on to the next hand of the "
           "match, \"match\" shows them all.\n"), p->match.hand_no);
  else if (p->replaying)
    printf(_("\nThe end of the log: \"prev\" or \"goto N\" steps back, "
           "\"new\" plays a hand.\n"));
  else if (last_of_match(p))
    printf(_("\nThat was the match's last hand: the match is over. \"match\" "
           "shows its table, \"new\" starts another, \"save FILE\" keeps "
           "every hand of it.\n"));
  else
    printf(_("\n\"next\" deals the next hand, \"match\" shows the match so "
           "far,\n\"new\" starts over, \"save FILE\" keeps the match.\n"));
}

/*
** A tile that would complete your hand below the minimum is no win: say
** so with the breakdown, once per tile on offer (kept in p->notes until
** the events are shown).
*/
static void note_short_win(repl *r, play *p)
{
  mj_game *g = p->g;
  int key = mj_game_nevents(g), from = -1;
  if (p->noted == key || mj_game_over(g))
    return;
  p->noted = key;
  mj_tile t = mj_game_pending(g, &from);
  if (mj_game_phase(g) == MJ_PHASE_TURN)
    t = mj_game_own_draw(g, YOU);
  else if (from == YOU)
    return;
  if (t == MJ_NO_TILE)
    return;
  mj_hand *h = mj_hand_new();
  mj_score *s = malloc(sizeof *s);
  mj_error e;
  if (h != NULL && s != NULL) {
    s->win = false;
    if (mj_game_try_win(g, YOU, h, s, &e) == MJ_ENOTWIN && s->win &&
        !s->meets_min) {
      char b[40];
      size_t len = strlen(p->notes);
      mj_catf(p->notes, sizeof p->notes, &len,
              _("%s would complete your hand, but it is no win:\n  %s\n"),
              repl_tile(r, t, b, sizeof b), e.msg);
    }
  }
  mj_hand_free(h);
  free(s);
}

/* Bots decide until you must, or the hand ends; then show it all. */
void play_advance(repl *r, play *p, bool bot_for_you)
{
  mj_game *g = p->g;
  unsigned bots = bot_for_you ? 0xFu : 0xFu & ~(1u << YOU);
  for (int n = 0; !mj_game_over(g) && !repl_interrupted &&
                  n < MJ_MAX_DECISIONS; n++) {
    if (!p->replaying)
      note_short_win(r, p);
    unsigned w = mj_game_waiting(g) & bots;
    if (w == 0)
      break;   /* the game waits on you (or on nobody) */
    mj_error e;
    if (mj_bot_step(g, p->bots, __builtin_ctz(w), &e) != MJ_OK) {
      if (mj_game_fault(g) == NULL)
        repl_error(r, "a bot's move was refused: %s", e.msg);
      break;
    }
  }
  play_show_events(r, p);
  if (!p->replaying)
    note_short_win(r, p);
  if (p->notes[0]) {
    fputs(p->notes, stdout);
    p->notes[0] = '\0';
  }
  if (mj_game_fault(g) != NULL) {
    repl_error(r, "the hand stopped on an error of the ruleset %s: %s\n"
               "(fix the ruleset, \"reload\", and \"new\" to play again)",
               mj_rules_id(p->rs), mj_game_fault(g));
    return;
  }
  if (mj_game_over(g) && !p->replaying)   /* a program bot hears the end */
    for (int q = 0; q < mj_game_players(g); q++)
      mj_bot_game_over(p->bots[q], g, q);
  play_show_table(r, p);
  if (mj_game_over(g))
    play_show_end(r, p);
  else
    show_prompt(r, p);
}

/* }==================================================================== */

/* {====================================================================
** Starting games
** ===================================================================== */

play *play_new(mj_host *host, const mj_rules *rs,
                      const char *const kinds[4], uint64_t seed, mj_error *err)
{
  play *p = calloc(1, sizeof *p);
  if (p == NULL) {
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    return NULL;
  }
  p->rs = rs;
  p->host = host;
  mj_host_hold(host, rs);
  p->seed = seed;
  /* the bots, one may be written in Lua; your seat's is for hint, auto */
  p->bots[YOU] = mj_bot_new("strong", seed * 4);
  if (p->bots[YOU] == NULL)
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  for (int q = 1; q < 4 && p->bots[q - 1] != NULL; q++)
    p->bots[q] =
        cli_bot_new(host, rs, kinds[q], seed * 4 + (uint64_t)q, 0, err);
  for (int q = 0; q < 4; q++)
    if (p->bots[q] == NULL) {
      play_free(p);
      return NULL;
    }
  return p;
}

static int deal(repl *r, play *p)
{
  p->kept = false;
  mj_error e;
  p->g = mj_match_deal(&p->match, &e);
  if (p->g == NULL)
    return repl_error(r, "%s", e.msg);
  play_seats = mj_game_players(p->g);
  p->shown = 0;
  static const char *const winds[] = { N_("East"), N_("South"), N_("West"),
                                       N_("North") };
  char of[16] = "";        /* a match of so many hands: "/8" */
  if (p->match.hands > 0)
    snprintf(of, sizeof of, "/%d", p->match.hands);
  printf(
      mj_game_dealer(p->g) == YOU
          ? _("Hand %d%s of %s (seed %llu), %s round, you sit %s and deal.\n")
          : _("Hand %d%s of %s (seed %llu), %s round, you sit %s.\n"),
      p->match.hand_no, of, mj_rules_id(p->rs), (unsigned long long)p->seed,
      _(winds[p->match.round & 3]), _(winds[mj_game_seat_wind(p->g, YOU)]));
  play_advance(r, p, false);
  return 0;
}

/* bots=KIND,... into kinds[1..3] (in named), the last named playing the
   seats left; how many it names (4: more than any table seats), -1
   when wrong, said. */
static int new_bots(repl *r, const char *arg, char named[][CLI_BOT_SPEC],
                    const char *kinds[4])
{
  mj_error e;
  int n = cli_bot_list(arg + 5, named, 3, &e);
  if (n < 0)
    return repl_error(r, "%s", e.msg), -1;
  if (n == 0)
    return repl_error(r, "'%s': no bot kind named", arg), -1;
  for (int q = 1; q < 4; q++)
    kinds[q] = named[(q <= n ? q : n) - 1];
  return n;
}

static int c_new(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  const char *rid = NULL;
  uint64_t seed = 0;
  bool seeded = false;
  const char *kinds[4] = { "strong", "strong", "strong", "strong" };
  char named[3][CLI_BOT_SPEC], opts[1024] = "";
  const char *bots_arg = NULL;
  int nkinds = 0;
  size_t olen = 0;
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "seed=", 5) == 0) {
      if (seeded)
        return repl_error(r, "'%s': the seed is given twice", argv[i]);
      if (!cli_parse_seed(argv[i] + 5, &seed))
        return repl_error(
            r, "'%s': the seed is a decimal number 0..18446744073709551615",
            argv[i]);
      seeded = true;
    } else if (strncmp(argv[i], "bots=", 5) == 0) {
      bots_arg = argv[i];
      if ((nkinds = new_bots(r, argv[i], named, kinds)) < 0)
        return 1;
    } else if (strchr(argv[i], '=') != NULL) {   /* the ruleset's options */
      mj_catf(opts, sizeof opts, &olen, "%s%s", olen ? " " : "", argv[i]);
    } else if (rid == NULL) {
      rid = argv[i];
    } else {
      return repl_usage(r, "new");
    }
  }
  if (olen >= sizeof opts)
    return repl_error(r, "the options are longer than %zu bytes",
                      sizeof opts - 1);
  if (!repl_confirm_leave(r))
    return 0;
  const mj_rules *rs;
  mj_error e;
  const char *use = NULL;   /* the ruleset made current once all is well */
  if (olen > 0) {     /* loaded with them: load's NAME=VALUE */
    const mj_rules *cur = rid == NULL ? repl_rules(r) : NULL;
    if (rid == NULL && cur == NULL)
      return repl_error(r, "no ruleset could be loaded");
    if (mj_host_load(r->host, rid ? rid : mj_rules_id(cur), opts, &rs,
                     &e) != MJ_OK)
      return repl_error(r, "%s", e.msg);
    use = mj_rules_id(rs);
  } else if (rid != NULL) {
    if (mj_host_get(r->host, rid, &rs, &e) != MJ_OK)
      return repl_error(r, "%s", e.msg);
    use = rid;
  } else {
    rs = repl_rules(r);
    if (rs == NULL)
      return repl_error(r, "no ruleset could be loaded");
  }
  int others = mj_rules_ctable(rs)->players - 1;
  if (nkinds > others)
    return repl_error(r, "'%s': one kind, or one for each of the %d other "
                      "players of %s, not more", bots_arg, others,
                      mj_rules_id(rs));
  if (use != NULL)
    mj_host_use(r->host, use, &e);
  if (!seeded) {
    /* a different game each time, unless a seed is given */
    static uint64_t counter;
    seed = (uint64_t)time_seed() + ++counter;
  }
  play *p = play_new(r->host, rs, kinds, seed, &e);
  if (p == NULL)
    return repl_error(r, "%s", e.msg);
  play_free(r->play);
  r->play = p;
  mj_match_init(&p->match, rs, seed, mj_rules_ctable(rs)->match_hands, YOU);
  return deal(r, p);
}

/* The next hand of the match. */
int play_next_hand(repl *r, play *p)
{
  if (p->match.over)
    return repl_error(r, "the match is over: \"new\" starts another");
  if (!mj_game_over(p->g))
    return repl_error(
        r, "the hand is not over: play on, or \"new\" to start over");
  if (match_keep_hand(p) != 0)
    return repl_error(r, "out of memory");
  mj_match_record(&p->match, p->g);
  if (p->match.over) {
    printf(_("The match is over (%d hands):\n"), p->match.hand_no);
    match_show(p, NULL);
    printf(_("\"new\" starts another; \"save FILE\" keeps the whole match.\n"));
    return 0;
  }
  mj_game_free(p->g);
  p->g = NULL;
  return deal(r, p);
}

/* }==================================================================== */

/* {====================================================================
** Your decisions
** ===================================================================== */

static int need_game(repl *r)
{
  if (r->play == NULL)
    return repl_error(
        r, "no game: \"new\" deals one (\"new bao\" for the 宝 rules)");
  if (r->play->replaying)
    return repl_error(r,
                      "this is a replay: next, prev, goto N; \"new\" to play");
  return 0;
}

/* Refuses a move once the hand is over, saying what may come next: the
   next hand, or nothing more when it was the match's last (or the
   log's). */
static int hand_over_error(repl *r)
{
  play *p = r->play;
  if (p->replaying && p->cur + 1 >= p->npast)
    return repl_error(r, "the log is over: \"prev\" or \"goto N\" steps "
                      "back, \"new\" plays a hand");
  if (!p->replaying && (p->match.over || last_of_match(p)))
    return repl_error(r, "the match is over: \"match\" shows its table, "
                      "\"new\" starts another");
  return repl_error(r, "the hand is over: \"next\" deals the next one");
}

static int decide(repl *r, const char *text)
{
  if (need_game(r))
    return 1;
  play *p = r->play;
  if (mj_game_fault(p->g) != NULL)
    return repl_error(r, "the hand stopped on an error of the ruleset: %s",
                      mj_game_fault(p->g));
  if (mj_game_over(p->g))
    return hand_over_error(r);
  mj_action a[8];
  mj_error e;
  int n;
  if (mj_action_parse_many(p->g, YOU, text, a, 8, &n, &e) != MJ_OK)
    return repl_error(r, "%s", e.msg);
  /* 过手胡: letting a discard win go locks discard wins until one draws */
  mj_action l[MJ_MAX_LEGAL];
  int nl = mj_game_legal(p->g, YOU, l, MJ_MAX_LEGAL);
  bool could_win = false;
  for (int i = 0; i < nl; i++)
    could_win = could_win || l[i].type == MJ_ACT_WIN;
  could_win = could_win && mj_game_phase(p->g) != MJ_PHASE_TURN &&
              mj_rules_ctable(p->rs)->pass_lock && n > 0 &&
              a[0].type != MJ_ACT_WIN;
  int from;
  mj_tile t = mj_game_pending(p->g, &from);
  for (int i = 0; i < n; i++)   /* several: tried together on a copy */
    if (mj_game_act(p->g, &a[i], &e) != MJ_OK && mj_game_fault(p->g) == NULL)
      return repl_error(r, "%s", e.msg);
  if (could_win) {
    char b[40];
    printf(_("过手胡: you let a win on %s go; until your next draw you may not "
           "win on a discard (a self-draw still may).\n"),
           repl_tile(r, t, b, sizeof b));
  }
  play_advance(r, p, false);
  return 0;
}

static int c_act(repl *r, int argc, char **argv, const char *rest)
{
  (void)argc;
  char text[128];
  snprintf(text, sizeof text, "%s %s", argv[0], rest);
  return decide(r, text);
}

int play_default(repl *r)
{
  play *p = r->play;
  if (p == NULL || p->replaying || p->g == NULL || mj_game_over(p->g) ||
      mj_game_phase(p->g) == MJ_PHASE_TURN ||
      !(mj_game_waiting(p->g) & 1u << YOU))
    return -1;
  return decide(r, "pass");
}

/* A turn's hint: why the bot's discard if it is not the fastest, and
   each discard's shanten, useful tiles and (with a minimum) plan. */
static void hint_turn(repl *r, play *p, const mj_action *c)
{
  mj_game *g = p->g;
  mj_discard_eval ev[MJ_KINDS];
  int k = mj_bot_discards(g, YOU, ev, MJ_KINDS);
  for (int i = 1; i < k; i++)
    for (int j = i; j > 0 && ev[j - 1].value < ev[j].value; j--) {
      mj_discard_eval x = ev[j];
      ev[j] = ev[j - 1];
      ev[j - 1] = x;
    }
  /* a safer tile than the fastest one: say why */
  if (c->type == MJ_ACT_DISCARD && k > 0 && ev[0].tile != c->tile) {
    char why[300], x[40];
    if (mj_bot_why_richer(g, YOU, c->tile, ev[0].tile, why, sizeof why) > 0)
      printf(_("  it wins more: %s\n"), why);
    else if (mj_bot_why_safer(g, YOU, c->tile, ev[0].tile,
                              (const char *[]){ play_name(0), play_name(1),
                                                play_name(2), play_name(3) },
                              why, sizeof why) > 0)
      printf(_("  safer than %s, as good a hand: %s\n"),
             repl_tile(r, ev[0].tile, x, sizeof x), why);
  }
  bool aims = mj_rules_ctable(p->rs)->min_points > 0;
  printf(aims ? _("  discard  shanten  useful tiles left  the plan to the "
                 "minimum (its fan, tiles away)\n")
              : _("  discard  shanten  useful tiles left\n"));
  for (int i = 0; i < k && i < 6; i++) {
    char b[40];
    /* padded by the columns the tile takes, not the bytes it is */
    printf("  %s%*s  %7d  %17d", repl_tile_row(r, ev[i].tile, b, sizeof b),
           7 - repl_tile_width(r, ev[i].tile), "", ev[i].shanten,
           ev[i].useful);
    if (aims) {
      mj_plan pl;
      mj_bot_plan(g, YOU, ev[i].tile, &pl);
      if (pl.ready && pl.fan > 0)
        printf(_("  %s (%d fan on its best wait)"), pl.text, pl.fan);
      else if (pl.ready || !pl.reaches)
        printf("  %s", pl.text);
      else
        printf(_("  %s (%d fan, %d away)"), pl.text, pl.fan, pl.away);
    }
    printf("\n");
  }
  printf(_("(shanten: draws from ready, 0 = ready; useful: live tiles that "
         "bring the hand closer)\n"));
}

/* 换三张's hint: the strong bot's tiles, chosen one by one on a copy of
   the game, named as the one decision they are. */
static int hint_swap(repl *r, play *p)
{
  mj_game *c = mj_game_clone(p->g);
  if (c == NULL)
    return repl_error(r, "out of memory");
  mj_tile chosen[8];
  int nc = 0;
  mj_action l[MJ_MAX_LEGAL];
  int n, steps = 0;
  mj_error e;
  while (mj_game_phase(c) == MJ_PHASE_SWAP && steps++ < 8 &&
         (n = mj_game_legal(c, YOU, l, MJ_MAX_LEGAL)) > 0) {
    int best = mj_bot_choose(p->bots[YOU], c, YOU, l, n);
    if (l[best].type != MJ_ACT_SWAP || mj_game_act(c, &l[best], &e) != MJ_OK)
      break;
    chosen[nc++] = l[best].tile;
  }
  mj_game_free(c);
  char ts[40];
  mj_tiles_print(chosen, nc, ts, sizeof ts);
  printf(_("The strong bot would: swap %s\n"), ts);
  printf(_("  (the shortest suit that has enough, and of it the tiles that do "
         "least for the hand)\n"));
  return 0;
}

/* A claim's hint: each choice's shanten and useful tiles, and why the
   bot's choice is the better. */
static void hint_claim(repl *r, play *p, const mj_action *l, int n, int best)
{
  mj_game *g = p->g;
  int pass = -1, sh[MJ_MAX_LEGAL], us[MJ_MAX_LEGAL];
  bool concealed = true;
  const mj_hand *h = mj_game_hand(g, YOU);
  for (int i = 0; i < mj_hand_nmelds(h); i++)
    concealed = concealed && mj_hand_melds(h)[i].type == MJ_CKONG;
  printf(_("  choice            shanten  useful tiles left\n"));
  for (int i = 0; i < n && i < MJ_MAX_LEGAL; i++) {
    if (l[i].type == MJ_ACT_WIN) {
      sh[i] = -1;
      continue;
    }
    mj_tile d;
    char a[32], b[40], col[64];
    sh[i] = mj_bot_claim_view(g, YOU, &l[i], &d, &us[i]);
    mj_action_print_in(g, &l[i], a, sizeof a);
    if (d != MJ_NO_TILE)
      snprintf(col, sizeof col, "%s, d %s", a, repl_tile(r, d, b, sizeof b));
    else
      snprintf(col, sizeof col, "%s", a);
    printf("  %s%*s %7d  %17d\n", col, 16 - (int)strlen(col) > 0
                                          ? 16 - (int)strlen(col) : 0, "",
           sh[i], us[i]);
    if (l[i].type == MJ_ACT_PASS)
      pass = i;
  }
  if (pass < 0 || l[best].type == MJ_ACT_WIN)
    return;
  if (best != pass) {
    if (l[best].type == MJ_ACT_KONG && sh[best] == sh[pass] &&
        us[best] <= us[pass])
      printf(_("  why: the kong costs the hand nothing (still %d from ready) "
             "and draws a tile from the tail\n"), sh[pass]);
    else if (sh[best] < sh[pass])
      printf(_("  why: the hand goes from %d to %d from ready\n"), sh[pass],
             sh[best]);
    else
      printf(_("  why: the hand stays %d from ready with more useful tiles "
             "(%d, not %d)\n"), sh[pass], us[best], us[pass]);
    return;
  }
  int gain = -1;   /* the claim that would gain most */
  for (int i = 0; i < n; i++)
    if (i != pass && l[i].type != MJ_ACT_WIN &&
        (sh[i] < sh[pass] || (sh[i] == sh[pass] && us[i] > us[pass])) &&
        (gain < 0 || sh[i] < sh[gain] ||
         (sh[i] == sh[gain] && us[i] > us[gain])))
      gain = i;
  if (gain < 0) {
    printf(_("  why pass: no claim brings the hand nearer to ready or gives "
           "it more useful tiles\n"));
    return;
  }
  char a[32];
  mj_action_print_in(g, &l[gain], a, sizeof a);
  printf(mj_rules_ctable(p->rs)->min_points > 0 && concealed
         ? _("  why pass: %s would gain (shanten %d, %d useful tiles), but the "
             "bot opens a hand only for a clear gain: a concealed hand keeps "
             "门前清 or 不求人 toward the minimum\n")
         : _("  why pass: %s would gain (shanten %d, %d useful tiles), but the "
             "bot opens a hand only for a clear gain\n"), a, sh[gain],
         us[gain]);
}

static int c_hint(repl *r, int argc, char **argv, const char *rest)
{
  (void)argc;
  (void)argv;
  (void)rest;
  if (need_game(r))
    return 1;
  play *p = r->play;
  mj_game *g = p->g;
  mj_action l[MJ_MAX_LEGAL];
  int n = mj_game_legal(g, YOU, l, MJ_MAX_LEGAL);
  if (n == 0)
    return repl_error(r, mj_game_over(g) ? "the hand is over"
                                         : "it is not your decision");
  for (int i = 0; i < n; i++)
    if (l[i].type == MJ_ACT_WIN) {
      mj_hand *h = mj_hand_new();
      mj_score *s = malloc(sizeof *s);
      mj_error e;
      if (h && s && mj_game_try_win(g, YOU, h, s, &e) == MJ_OK) {
        char line[512];
        mj_score_fans_text(p->rs, s, line, sizeof line);
        printf(_("You can win: %d (%s). Say hu.\n"), s->total, line);
      }
      mj_hand_free(h);
      free(s);
    }
  if (mj_game_phase(g) == MJ_PHASE_SWAP)
    return hint_swap(r, p);
  int best = mj_bot_choose(p->bots[YOU], g, YOU, l, n);
  char a[32];
  mj_action_print_in(g, &l[best], a, sizeof a);
  if (mj_game_phase(g) == MJ_PHASE_TURN) {
    printf(_("The strong bot would: %s\n"), a);
    hint_turn(r, p, &l[best]);
  } else {
    printf(_("The strong bot would: %s\n"), a);
    hint_claim(r, p, l, n, best);
  }
  return 0;
}

static int c_undo(repl *r, int argc, char **argv, const char *rest)
{
  (void)argc;
  (void)argv;
  (void)rest;
  if (need_game(r))
    return 1;
  play *p = r->play;
  int na = mj_game_nactions(p->g), last = -1;
  for (int i = 0; i < na; i++)
    if (mj_game_action(p->g, i)->player == YOU)
      last = i;
  if (last < 0)
    return repl_error(r, "nothing to undo in this hand");
  mj_error e;
  mj_game *x =
      mj_game_replay(p->rs, mj_game_config(p->g), mj_game_actions(p->g), last,
                     NULL, NULL, NULL, &e);
  if (x == NULL)
    return repl_error(r, "cannot undo: %s", e.msg);
  char a[32];
  mj_action_print_in(p->g, mj_game_action(p->g, last), a, sizeof a);
  mj_game_free(p->g);
  p->g = x;
  p->shown = mj_game_nevents(x);
  printf(_("Took back \"%s\".\n"), a);
  play_show_table(r, p);
  show_prompt(r, p);
  return 0;
}

static int c_auto(repl *r, int argc, char **argv, const char *rest)
{
  (void)argc;
  (void)argv;
  (void)rest;
  if (need_game(r))
    return 1;
  if (mj_game_over(r->play->g))
    return hand_over_error(r);
  printf(_("The strong bot plays your seat to the end of the hand.\n"));
  play_advance(r, r->play, true);
  return 0;
}

static int c_table(repl *r, int argc, char **argv, const char *rest)
{
  (void)argc;
  (void)argv;
  (void)rest;
  if (r->play == NULL)
    return repl_error(r, "no game: \"new\" deals one");
  play_show_table(r, r->play);
  show_prompt(r, r->play);
  return 0;
}

/* }==================================================================== */

const repl_cmd repl_play_cmds[] = {
  { "new", "[RULESET] [seed=N] [bots=KIND,...] [NAME=VALUE...]",
    N_("deal a new game against the bots, one at each other seat\n"
    "(bots: strong, efficiency, random, lua:FILE, cmd:, mjai:, botzone:;\n"
    "strong:caution=X weighs danger X times as shipped, 0 to 100; other\n"
    "NAME=VALUE: the ruleset's options, as load takes them; e.g.\n"
    "new bao seed=7 bots=efficiency, new taiwan lilgu=true)"),
    c_new, ARG_RULESET, "play" },
  { "d", "TILE", N_("discard a tile (a bare tile works too: 5p)"), c_act, ARG_TILE,
    "play" },
  { "discard", "TILE", N_("discard a tile (d for short)"), c_act, ARG_TILE,
    NULL },
  { "chi", "[TILES]", N_("chow the discard (chi 345m when there is a choice)"),
    c_act, ARG_TILE, "play" },
  { "pon", "", N_("pung the discard"), c_act, ARG_NONE, "play" },
  { "kong", "[TILE]", N_("a kong: of the discard, concealed, or added to a pung"),
    c_act, ARG_TILE, "play" },
  { "hu", "", N_("declare a win"), c_act, ARG_NONE, "play" },
  { "swap", "TILES", N_("换三张: the three tiles of one suit you pass (swap "
    "1m2m3m)"), c_act, ARG_TILE, "play" },
  { "que", "m|p|s", N_("定缺: declare your missing suit"), c_act, ARG_NONE,
    "play" },
  { "declare", "NAME", N_("make a declaration the rules offer before play "
    "(declare 起手胡 in 长沙)"), c_act, ARG_NONE, "play" },
  { "take", "", N_("take the wall's last tile offered to you (海底 in 长沙)"),
    c_act, ARG_NONE, "play" },
  { "kaigang", "[TILE]", N_("开杠 (in 长沙): a kong whose tiles are turned up "
    "at once, when you are ready after it"), c_act, ARG_TILE, "play" },
  { "pass", "", N_("let the discard go (an empty line too)"), c_act, ARG_NONE,
    "play" },
  { "hint", "",
    N_("the recommended action, with shanten and useful tiles of each discard"),
    c_hint, ARG_NONE, "play" },
  { "undo", "", N_("take back your last action"), c_undo, ARG_NONE, "play" },
  { "review", "[FILE] [seat=E|S|W|N]",
    N_("your decisions of this hand (or of a saved log) beside the strong\n"
    "bot's: where they differ, the shanten, the useful tiles and the fan\n"
    "aimed at; a discard that dealt in, with the winner's hand"),
    play_c_review, ARG_FILE, "play" },
  { "auto", "", N_("let the strong bot finish the hand for you"), c_auto,
    ARG_NONE, "play" },
  { "table", "", N_("show the table again"), c_table, ARG_NONE, "play" },
  { "next", "", N_("the next hand (or, replaying, the next decision)"), play_c_next,
    ARG_NONE, "play" },
  { "match", "", N_("the match hand by hand: dealer, winners with their fans, "
    "payments, scores"), play_c_match, ARG_NONE, "play" },
  { "save", "FILE", N_("save the match (every hand's replay log) to FILE"),
    play_c_save, ARG_FILE, "play" },
  { "open", "FILE", N_("open a saved game and play on (a match: from its last "
    "hand)"), play_c_open, ARG_FILE, "play" },
  { "replay", "FILE [seat=E|S|W|N]",
    N_("step through a saved game, every hand of its match: next, prev,\n"
    "goto N, goto hand N (unfinished: only the saver's tiles, or seat=S's)"),
    play_c_replay,
    ARG_FILE, "play" },
  { "prev", "", N_("replaying: the previous decision"), play_c_prev, ARG_NONE, "play" },
  { "goto", "N|end|hand N", N_("replaying: the state after decision N, or the "
    "start of hand N"), play_c_goto, ARG_NONE, "play" },
  { NULL, NULL, NULL, NULL, 0, NULL }
};
