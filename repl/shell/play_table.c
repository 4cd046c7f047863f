/*
** play_table.c
** The REPL's table (play_int.h): the title line, each seat's row as
** that seat may see it (hands, melds, marks, discards), and a win
** shown at once when the hand goes on.
*/
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "lang.h"
#include "bot.h"
#include "game.h"
#include "action.h"
#include "match.h"
#include "repl.h"
#include "render.h"
#include "rules.h"
#include "score.h"
#include "play_int.h"

/* {====================================================================
** The table
** ===================================================================== */

/* The win k of the hand, the event at index ev: which of the wins it is. */
static int win_index(const mj_game *g, int ev)
{
  int k = 0;
  for (int i = 0; i < ev; i++)
    k += mj_game_event(g, i)->type == MJ_EV_WIN;
  return k;
}

/* A win that does not end the hand (血战): the winner shows his hand at
   once, with its fans and value; the payments follow from the ledger. */
void play_show_win_now(repl *r, play *p, int ev)
{
  mj_game *g = p->g;
  const mj_event *e = mj_game_event(g, ev);
  char b[160], line[512], tiles[256];
  const char *names[4] = { play_name(0), play_name(1), play_name(2),
                           play_name(3) };
  mj_event_print(g, e, names, YOU, b, sizeof b);
  int k = win_index(g, ev);
  const mj_score *s = mj_game_result(g, k);
  const mj_hand *h = mj_game_win_hand(g, k);
  if (s == NULL || h == NULL) {
    printf("%s\n", b);
    return;
  }
  mj_score_fans_text(p->rs, s, line, sizeof line);
  mj_hand_print(h, tiles, sizeof tiles);
  const char *fans = line[0] ? line : _("no fan");
  if (mj_rules_scoring(p->rs) == MJ_SCORING_FAN)
    printf(ngettext("%s: %s — %s, %d 番 = %d unit\n",
                    "%s: %s — %s, %d 番 = %d units\n", s->total),
           b, tiles, fans, s->fan, s->total);
  else
    printf(_("%s: %s — %s, %d\n"), b, tiles, fans, s->total);
  (void)r;
}

/* The declared melds; others' concealed kongs face down when hide. */
static void show_melds(repl *r, const mj_hand *h, bool hide)
{
  const mj_meld *m = mj_hand_melds(h);
  for (int i = 0; i < mj_hand_nmelds(h); i++) {
    mj_tile t[4];
    int n = mj_meld_size(&m[i]);
    if (hide && m[i].type == MJ_CKONG) {
      fputs(r->glyphs ? " {🀫 🀫 🀫 🀫}" : _(" {concealed kong}"), stdout);
      continue;
    }
    for (int k = 0; k < n; k++)
      t[k] = (mj_tile)(m[i].type == MJ_CHOW ? m[i].tile + k : m[i].tile);
    fputs(m[i].type == MJ_CKONG ? " {" : " [", stdout);
    repl_tiles(r, stdout, t, n, false);
    fputs(m[i].type == MJ_CKONG ? "}" : "]", stdout);
  }
}

/* The wild's name ("宝", "鬼"), or "wild" for an ASCII terminal. */
static const char *wild_word(const repl *r, const play *p)
{
  return r->o->ascii ? _("wild") : mj_rules_ctable(p->rs)->wild_name;
}

/* A hand face up, its wild tiles set apart after the wild's name ("宝",
   "鬼") and the tile just drawn (or MJ_NO_TILE) after "drew". */
static void show_hand(repl *r, const mj_hand *h, mj_tileset wild,
                      const char *wild_name, mj_tile drawn)
{
  uint8_t c[MJ_KINDS], w[MJ_KINDS] = { 0 };
  memcpy(c, mj_hand_counts(h), MJ_KINDS);
  if (drawn < MJ_KINDS && c[drawn] > 0)
    c[drawn]--;
  else
    drawn = MJ_NO_TILE;
  int nw = 0;
  for (int t = 0; t < MJ_KINDS; t++)
    if (wild & MJ_BIT(t)) {
      w[t] = c[t], nw += c[t];
      c[t] = 0;
    }
  repl_counts(r, stdout, c);
  if (nw > 0) {
    printf("  %s ", wild_name);
    repl_counts(r, stdout, w);
  }
  show_melds(r, h, false);
  if (drawn != MJ_NO_TILE) {
    char b[40];
    printf(_("  drew %s"), repl_tile(r, drawn, b, sizeof b));
  }
}

/* May the table show seat q's concealed tiles and private states? The
   player's own; replaying an unfinished hand, the viewer's alone; every
   seat once the hand is over. */
static bool seat_open(const play *p, int q)
{
  if (mj_game_over(p->g))
    return true;
  if (p->replaying)
    return p->view_seat < 0 || q == p->view_seat;
  return q == YOU;
}

/* The seat whose view the table is: the player's, or the replay's. */
static int viewer(const play *p)
{
  return p->replaying && p->view_seat >= 0 ? p->view_seat : YOU;
}

/* The table's title line, and the money paid during the hand. */
static void table_head(repl *r, play *p)
{
  mj_game *g = p->g;
  const char *dot = r->o->ascii ? " - " : " · ";
  static const char *const rounds[] = { N_("East round"), N_("South round"),
                                        N_("West round"), N_("North round") };
  printf(_("%s %s%shand %d%s%s%swall %d"), r->o->ascii ? "--" : "──",
         mj_rules_id(p->rs), dot, p->match.hand_no, dot,
         _(rounds[mj_game_round(g) & 3]), dot, mj_game_wall_left(g));
  const char *wname = wild_word(r, p);
  if (mj_game_wild(g) != 0 || mj_game_indicator(g) != MJ_NO_TILE) {
    char a[40], b[40];
    printf("%s%s", dot, wname);
    for (mj_tileset w = mj_game_wild(g); w; w &= w - 1)
      printf(" %s", repl_tile(r, (mj_tile)__builtin_ctzll(w), a, sizeof a));
    if (mj_game_indicator(g) != MJ_NO_TILE)
      printf(_(" (indicator %s)"),
             repl_tile(r, mj_game_indicator(g), b, sizeof b));
  }
  mj_tile ind[5];
  int nind = mj_game_dora_indicators(g, ind);
  for (int i = 0; i < nind; i++) {
    char a[40];
    if (i == 0)
      printf(_("%sdora indicator %s"), dot, repl_tile(r, ind[i], a, sizeof a));
    else
      printf(" %s", repl_tile(r, ind[i], a, sizeof a));
  }
  if (mj_game_honba(g) > 0 && (mj_rules_tokens(p->rs) & MJ_TOKEN_HONBA))
    printf(_("%s%d honba"), dot, mj_game_honba(g));
  if (mj_game_pot(g) > 0)
    printf(_("%son the table %d"), dot, mj_game_pot(g));
  printf(" %s\n", r->o->ascii ? "--" : "──");
  const mj_payment *led;
  if (!mj_game_over(g) && mj_game_ledger(g, &led) > 0) {
    /* money paid during the hand (kongs, wins that did not end it) */
    int pay[4];
    mj_game_payments(g, pay);
    printf(_("paid so far:"));
    for (int q = 0; q < mj_game_players(g); q++)
      printf("  %s %+d", play_name(q), pay[q]);
    printf("\n");
  }
}

/* Seat q's states, missing suit and wins, as far as this seat may know
   (open: all of them). */
static void seat_marks(const repl *r, play *p, int q, bool open)
{
  mj_game *g = p->g;
  /* the ruleset's states: the public ones, the private ones to their
     owner (a count once not zero, a flag when set) */
  const mj_table *tb = mj_rules_ctable(p->rs);
  for (int i = 0, sep = 0; i < tb->nstates; i++) {
    const mj_state_def *d = &tb->states[i];
    int v = mj_game_state(g, q, i);
    if (d->label[0] == '\0' || v == 0 || (d->private_ && !open))
      continue;
    printf("%s%s", sep++ ? ", " : "  ", repl_desc(d->label));
    if (!d->flag)
      printf(" %d", v);
  }
  /* the missing suit, once all have declared (one's own at once) */
  int vs = mj_game_void_suit(g, q, open ? -1 : viewer(p));
  if (vs >= 0)   /* --ascii: the words of an ASCII terminal */
    printf(r->o->ascii ? _("  void %c") : _("  缺 %c"), "mps"[vs]);
  if (!mj_game_active(g, q))
    printf(_("  (won: out of play)"));
  else if (mj_game_wins(g, q) > 0 && tb->stay_on_win)
    printf(_("  (won %d: plays on, hand fixed)"), mj_game_wins(g, q));
}

/* Seat q's discards (a claimed one in brackets) and flowers. */
/* Whether q's last discard is the table's last (marked as such). */
static bool last_discard_of(const mj_game *g, int q)
{
  for (int i = mj_game_nevents(g) - 1; i >= 0; i--) {
    const mj_event *e = mj_game_event(g, i);
    if (e->type == MJ_EV_DISCARD)
      return e->player == q;
  }
  return false;
}

static void seat_discards(repl *r, play *p, int q)
{
  const mj_tile *d;
  const uint8_t *taken;
  int nd = mj_game_discards(p->g, q, &d, &taken);
  bool last = nd > 0 && !taken[nd - 1] && last_discard_of(p->g, q);
  const char *lead = _("discards: ");
  printf("%s", lead);
  if (nd == 0)
    printf("-");
  /* wrapped at 80 columns, under the first discard */
  int start = 15 + mj_text_width(lead), col = start;
  for (int i = 0; i < nd; i++) {
    char b[40];
    repl_tile_row(r, d[i], b, sizeof b);
    int w = repl_tile_width(r, d[i]) + (taken[i] ? 2 : 0) + (i ? 1 : 0);
    if (i > 0 && col + w > 78) {
      printf("\n%*s", start, "");
      col = start;
      w -= 1;
    } else if (i > 0) {
      printf(" ");
    }
    printf(taken[i] ? "(%s)" : "%s", b);
    col += w;
  }
  if (last)            /* the table's last discard */
    printf("%s", r->o->ascii ? "<" : "◂");
  col += last;
  const mj_tile *x;
  int nx = mj_game_aside(p->g, q, &x);
  if (nx > 0) {        /* set aside in his turns (北抜き), face up */
    int xw = mj_text_width(_("   set aside: "));
    for (int i = 0; i < nx; i++)
      xw += repl_tile_width(r, x[i]) + 1;
    if (col + xw > 80)
      printf("\n%15s", "");
    printf(_("   set aside: "));
    repl_tiles(r, stdout, x, nx, true);
    col = col + xw > 80 ? 15 + xw : col + xw;
  }
  int nf = mj_game_flowers(p->g, q, &d);
  if (nf > 0) {
    int fw = 2 + mj_text_width(_("   flowers: "));
    for (int i = 0; i < nf; i++)
      fw += repl_tile_width(r, d[i]) + 1;
    if (col + fw > 80)   /* on a line of their own */
      printf("\n%15s", "");
    printf(_("   flowers: "));
    repl_tiles(r, stdout, d, nf, true);   /* in order, as every hand */
  }
}

void play_show_table(repl *r, play *p)
{
  mj_game *g = p->g;
  int scores[4];
  mj_game_scores(g, scores);
  int dealer = mj_game_dealer(g);
  const char *wname = wild_word(r, p);
  table_head(r, p);
  for (int q = mj_game_players(g) - 1; q >= 0; q--) {
    char label[64], pad[32];
    snprintf(label, sizeof label, "%s %s%s",
             mj_text_pad(play_name(q), 6, pad, sizeof pad),
             play_winds[mj_game_seat_wind(g, q)], q == dealer ? "*" : " ");
    repl_color(r, stdout, q == YOU ? "1" : "0", label);
    printf(" %6d ", scores[q]);
    const mj_hand *h = mj_game_hand(g, q);
    /* what this seat may know: its own tiles and state; all at the end */
    bool open = seat_open(p, q);
    const mj_hand *won = render_won_hand(g, q);
    if (won != NULL && !open) {   /* a winner who left: face up (血战) */
      show_hand(r, won, mj_game_wild(g), wname, MJ_NO_TILE);
      show_melds(r, won, false);
    } else if (open) {
      show_hand(r, h, mj_game_wild(g), wname,
                q == YOU && !mj_game_over(g) ? mj_game_own_draw(g, q)
                                             : MJ_NO_TILE);
    } else {
      printf(_("(%d tiles)"), mj_hand_ntiles(h));
      show_melds(r, h, true);
      uint8_t shown[MJ_KINDS];
      char st[48];
      mj_game_shown(g, q, shown);
      if (mj_counts_print(shown, MJ_KINDS, st, sizeof st) > 0)
        printf(_(" showing %s"), st);
    }
    seat_marks(r, p, q, open);
    printf("\n%15s", "");
    seat_discards(r, p, q);
    printf("\n");
  }
}

/* }==================================================================== */
