/*
** view.c
** The viewer's page (hule view LOG, the REPL's view): a saved game or match as one self-contained HTML page
** (pages/view.html, its data inlined as JSON), stepped through in a
** browser move by move and hand by hand. The page is given only what
** the seat it is made for may see: a tile hidden from that seat is not
** in the file at all, so no script, print or "view source" shows it.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "i18n.h"
#include "lang.h"
#include "action.h"
#include "fileio.h"
#include "pages.h"
#include "render.h"
#include "replay.h"
#include "score.h"
#include "text.h"

extern const char hule_view_page[];
extern const size_t hule_view_page_len;

enum { MAX_RIVER = 64 };

static const char *const wind_names[4] = { N_("East"), N_("South"),
                                           N_("West"), N_("North") };

/* A seat's discards as the page marks them: claimed, the win's, the
   one that made a declaration (riichi's sideways tile). */
typedef struct river {
  int n;
  char tile[MAX_RIVER][3];
  char mark[MAX_RIVER];   /* '.', 'c' claimed, 'w' won on, 'r' declared */
} river;

/* One hand being turned into steps. */
typedef struct vhand {
  const mj_rules *rs;
  mj_game *g;
  int view;              /* the seat whose tiles are shown; -1: all */
  int names_wind[4];
  const char *names[4];  /* for mj_event_print: the seat winds */
  river rv[4];
  int last_discarder;    /* of the table's last event that was a discard */
  char prev_seat[4][1024];
  char prev_head[160];
} vhand;

/* A tile in the page's two letters ("5m", "0p" red, "1f"). */
static void tile2(mj_tile t, bool red, char out[3])
{
  char b[4];
  mj_tile_str(t, b);
  out[0] = red ? '0' : b[0];
  out[1] = b[1];
  out[2] = '\0';
}

/* {=====================================================================
** What a seat shows
** ====================================================================== */

/* Is seat q's hand face up on the page now? */
static bool seat_open(const vhand *v, int q)
{
  return v->view < 0 || q == v->view || mj_game_over(v->g);
}

/* The concealed tiles of h in order, red fives first of their fives,
   without one copy of drawn (shown apart). */
static void concealed(const mj_hand *h, mj_tile drawn, bool drawn_red,
                      char *out, size_t cap)
{
  uint8_t c[MJ_KINDS];
  memcpy(c, mj_hand_counts(h), MJ_KINDS);
  int red[4] = { 0, 0, 0, 0 };   /* by suit; honors have none */
  for (int s = 0; s < 3; s++)
    red[s] = mj_hand_red(h, s);
  if (drawn < MJ_KINDS && c[drawn] > 0) {
    c[drawn]--;
    if (drawn_red && drawn < MJ_HONOR_FIRST && red[drawn / 9] > 0)
      red[drawn / 9]--;
  }
  size_t len = 0;
  for (int t = 0; t < MJ_KINDS; t++)
    for (int k = 0; k < c[t] && len + 3 <= cap; k++) {
      int suit = t < MJ_HONOR_FIRST ? t / 9 : 3;
      bool is_red = t % 9 == 4 && suit < 3 && red[suit] > 0;
      if (is_red)
        red[suit]--;
      tile2((mj_tile)t, is_red, out + len);
      len += 2;
    }
  out[len] = '\0';
}

/* h's melds: a letter for the kind (c chow, p pung, k kong, a added
   kong, K concealed kong, X one hidden from this seat), then its tiles. */
static cJSON *melds(const mj_hand *h, bool hide)
{
  cJSON *a = cJSON_CreateArray();
  const mj_meld *m = mj_hand_melds(h);
  for (int i = 0; a != NULL && i < mj_hand_nmelds(h); i++) {
    char s[16];
    int n = mj_meld_size(&m[i]), reds = mj_hand_meld_red(h, i);
    s[0] = m[i].type == MJ_CHOW ? 'c' : m[i].type == MJ_PUNG ? 'p'
           : m[i].type == MJ_CKONG ? (hide ? 'X' : 'K')
           : m[i].added ? 'a' : 'k';
    for (int k = 0; k < n; k++) {
      mj_tile t = (mj_tile)(m[i].type == MJ_CHOW ? m[i].tile + k : m[i].tile);
      bool red = mj_tile_rank(t) == 5 && t < MJ_HONOR_FIRST && reds > 0;
      reds -= red;
      if (hide && m[i].type == MJ_CKONG)
        memcpy(s + 1 + 2 * k, "??", 3);
      else
        tile2(t, red, s + 1 + 2 * k);
    }
    cJSON_AddItemToArray(a, cJSON_CreateString(s));
  }
  return a;
}

/* The ruleset's states q shows (private ones to their owner), the
   missing suit once known, and whether q left play on a win. */
static void marks(const vhand *v, int q, bool open, char *out, size_t cap)
{
  const mj_table *tb = mj_rules_ctable(v->rs);
  size_t len = 0;
  out[0] = '\0';
  for (int i = 0; i < tb->nstates; i++) {
    const mj_state_def *d = &tb->states[i];
    int x = mj_game_state(v->g, q, i);
    if (d->label[0] == '\0' || x == 0 || (d->private_ && !open))
      continue;
    mj_catf(out, cap, &len, "%s%s", len ? " · " : "", repl_desc(d->label));
    if (!d->flag)
      mj_catf(out, cap, &len, " %d", x);
  }
  int vs = mj_game_void_suit(v->g, q, open ? -1 : v->view);
  if (vs >= 0)
    mj_catf(out, cap, &len, "%s缺 %c", len ? " · " : "", "mps"[vs]);
  if (!mj_game_active(v->g, q))
    mj_catf(out, cap, &len, "%s%s", len ? " · " : "", _("won: out of play"));
  uint8_t shown[MJ_KINDS];
  char st[48];
  mj_game_shown(v->g, q, shown);
  if (!open && mj_counts_print(shown, MJ_KINDS, st, sizeof st) > 0)
    mj_catf(out, cap, &len, _("%sshowing %s"), len ? " · " : "", st);
}

/* The red flag of q's latest draw, if it was a red five. */
static bool draw_red(const mj_game *g, int q)
{
  for (int i = mj_game_nevents(g) - 1; i >= 0; i--) {
    const mj_event *e = mj_game_event(g, i);
    if (e->type == MJ_EV_DRAW && e->player == q)
      return e->red;
  }
  return false;
}

/* Seat q as the page shows it now, as a JSON object. */
static cJSON *seat_json(const vhand *v, int q)
{
  const mj_game *g = v->g;
  bool open = seat_open(v, q);
  const mj_hand *h = mj_game_hand(g, q), *won = render_won_hand(g, q);
  if (won != NULL)
    h = won, open = true;
  mj_tile drawn = won == NULL ? mj_game_own_draw(g, q) : MJ_NO_TILE;
  bool red = drawn != MJ_NO_TILE && draw_red(g, q);
  const mj_hand *at_end = mj_game_over(g) ? render_last_win(g, q) : NULL;
  if (at_end != NULL) {   /* the hand won, its winning tile apart */
    h = at_end;
    drawn = mj_hand_cctx(h)->win;
    red = mj_hand_cctx(h)->win_red;
  }
  cJSON *o = cJSON_CreateObject();
  char buf[160];
  int sc[4];
  mj_game_scores(g, sc);
  cJSON_AddNumberToObject(o, "s", sc[q]);
  if (open) {
    concealed(h, drawn, red, buf, sizeof buf);
    cJSON_AddStringToObject(o, "h", buf);
  } else {
    cJSON_AddNumberToObject(o, "n", mj_hand_ntiles(h) -
                                        (drawn != MJ_NO_TILE ? 1 : 0));
  }
  if (drawn != MJ_NO_TILE) {
    tile2(drawn, red, buf);
    cJSON_AddStringToObject(o, "x", open ? buf : "??");
  }
  cJSON_AddItemToObject(o, "m", melds(h, !open));
  const river *rv = &v->rv[q];
  char d[3 * MAX_RIVER + 1];
  for (int i = 0; i < rv->n; i++) {
    memcpy(d + 3 * i, rv->tile[i], 2);
    d[3 * i + 2] = rv->mark[i];
  }
  d[3 * rv->n] = '\0';
  cJSON_AddStringToObject(o, "d", d);
  const mj_tile *fl;
  int nf = mj_game_flowers(g, q, &fl);
  mj_tiles_print(fl, nf, buf, sizeof buf);
  if (nf > 0)
    cJSON_AddStringToObject(o, "f", buf);
  nf = mj_game_aside(g, q, &fl);
  mj_tiles_print(fl, nf, buf, sizeof buf);
  if (nf > 0)
    cJSON_AddStringToObject(o, "x", buf);
  marks(v, q, open, buf, sizeof buf);
  if (buf[0])
    cJSON_AddStringToObject(o, "k", buf);
  return o;
}

/* The table's line: wall, wild tiles or dora indicators, the pot. */
static void head_text(const vhand *v, char *out, size_t cap)
{
  const mj_game *g = v->g;
  size_t len = 0;
  char a[4];
  out[0] = '\0';
  mj_catf(out, cap, &len, _("wall %d"), mj_game_wall_left(g));
  mj_tileset w = mj_game_wild(g);
  if (w != 0 || mj_game_indicator(g) != MJ_NO_TILE)
    mj_catf(out, cap, &len, "|%s", mj_rules_ctable(v->rs)->wild_name);
  for (; w; w &= w - 1)
    mj_catf(out, cap, &len, " %s", mj_tile_str((mj_tile)__builtin_ctzll(w), a));
  if (mj_game_indicator(g) != MJ_NO_TILE)
    mj_catf(out, cap, &len, _(" (indicator %s)"),
            mj_tile_str(mj_game_indicator(g), a));
  mj_tile ind[5];
  int n = mj_game_dora_indicators(g, ind);
  for (int i = 0; i < n; i++)
    mj_catf(out, cap, &len, i ? " %s" : _("|dora indicator %s"),
            mj_tile_str(ind[i], a));
  if (mj_game_honba(g) > 0 && (mj_rules_tokens(v->rs) & MJ_TOKEN_HONBA))
    mj_catf(out, cap, &len, _("|%d honba"), mj_game_honba(g));
  if (mj_game_pot(g) > 0)
    mj_catf(out, cap, &len, _("|on the table %d"), mj_game_pot(g));
}

/* }===================================================================== */

/* {=====================================================================
** Steps
** ====================================================================== */

/* The events from `from` on, as the viewer may read them, into arr;
   the rivers follow them. with: the decision was a declaration made
   with a discard. Whether any of them was a win. */
static bool events(vhand *v, int from, bool with, cJSON *arr)
{
  const mj_game *g = v->g;
  bool win = false;
  const mj_payment *l;
  int nl = mj_game_ledger(g, &l);
  for (int i = from; i < mj_game_nevents(g); i++) {
    const mj_event *e = mj_game_event(g, i);
    char b[200];
    river *rv = &v->rv[e->player & 3];
    bool see = v->view < 0 || e->player == v->view || mj_game_over(g);
    b[0] = '\0';
    if (e->type == MJ_EV_DISCARD && rv->n < MAX_RIVER) {
      tile2(e->tile, e->red, rv->tile[rv->n]);
      rv->mark[rv->n++] = with ? 'r' : '.';
      v->last_discarder = e->player;
    } else if ((e->type == MJ_EV_CHI || e->type == MJ_EV_PON ||
                e->type == MJ_EV_KONG || e->type == MJ_EV_WIN) &&
               e->from >= 0 && e->from == v->last_discarder &&
               v->rv[e->from].n > 0) {
      river *fr = &v->rv[e->from];
      char *mk = &fr->mark[fr->n - 1];
      *mk = e->type == MJ_EV_WIN ? 'w' : *mk == 'r' ? 'R' : 'c';
    }
    if (e->type != MJ_EV_DISCARD && e->type != MJ_EV_DRAW)
      v->last_discarder = e->type == MJ_EV_PASS ? v->last_discarder : -1;
    win = win || e->type == MJ_EV_WIN;
    if (e->type == MJ_EV_DEAL || e->type == MJ_EV_PASS ||
        (e->type == MJ_EV_DECLINE && !see))
      continue;
    if (e->type == MJ_EV_DRAW && !see)
      snprintf(b, sizeof b, _("%s draws a tile"), v->names[e->player & 3]);
    else
      mj_event_print(g, e, v->names, -1, b, sizeof b);
    cJSON_AddItemToArray(arr, cJSON_CreateString(b));
    for (int k = 0; k < nl; k++)
      if (l[k].event == i) {
        snprintf(b, sizeof b, _("%s pays %s %d (%s)"),
                 l[k].payer == MJ_POT ? _("the pot") : v->names[l[k].payer & 3],
                 l[k].payee == MJ_POT ? _("the pot") : v->names[l[k].payee & 3],
                 l[k].amount, repl_reason(mj_game_reason(g, l[k].reason)));
        cJSON_AddItemToArray(arr, cJSON_CreateString(b));
      }
  }
  return win;
}

/* The step after a decision (NULL before the first): its text, the
   events, and what changed on the table since the step before. */
static cJSON *step_json(vhand *v, const mj_action *a, int from)
{
  cJSON *st = cJSON_CreateObject(), *ev = cJSON_CreateArray();
  char b[200];
  bool with = a != NULL && a->type == MJ_ACT_DECLARE &&
              MJ_DECL_IS_WITH(a->tile);
  if (a != NULL) {
    char act[48];
    mj_action_print_in(v->g, a, act, sizeof act);
    /* another's pass, swap or missing suit is his to know: said only
       through the events it caused (a pass shows he could claim) */
    bool secret = (a->type == MJ_ACT_PASS || a->type == MJ_ACT_SWAP ||
                   a->type == MJ_ACT_QUE) && v->view >= 0 &&
                  a->player != v->view && !mj_game_over(v->g);
    snprintf(b, sizeof b, "%s: %s", v->names[a->player & 3], act);
    if (!secret)
      cJSON_AddStringToObject(st, "a", b);
  }
  if (events(v, from, with, ev))
    cJSON_AddTrueToObject(st, "win");
  cJSON_AddItemToObject(st, "e", ev);
  head_text(v, b, sizeof b);
  if (strcmp(b, v->prev_head) != 0) {
    cJSON_AddStringToObject(st, "t", b);
    snprintf(v->prev_head, sizeof v->prev_head, "%s", b);
  }
  cJSON *seats = cJSON_CreateArray();
  for (int q = 0; q < mj_game_players(v->g); q++) {
    cJSON *o = seat_json(v, q);
    char *text = cJSON_PrintUnformatted(o);
    if (text != NULL && strcmp(text, v->prev_seat[q]) != 0) {
      snprintf(v->prev_seat[q], sizeof v->prev_seat[q], "%s", text);
      cJSON *pair = cJSON_CreateArray();
      cJSON_AddItemToArray(pair, cJSON_CreateNumber(q));
      cJSON_AddItemToArray(pair, o);
      cJSON_AddItemToArray(seats, pair);
    } else {
      cJSON_Delete(o);
    }
    cJSON_free(text);
  }
  cJSON_AddItemToObject(st, "s", seats);
  return st;
}

/* }===================================================================== */

/* {=====================================================================
** Hands
** ====================================================================== */

/* The end of the hand as the REPL says it: each win explained, the
   ledger, the payments and scores. */
static char *end_text(const vhand *v)
{
  const mj_game *g = v->g;
  size_t cap = 1 << 16, len = 0;
  char *out = malloc(cap);
  if (out == NULL)
    return NULL;
  out[0] = '\0';
  int w[MJ_MAX_WINS];
  int nw = mj_game_winners(g, w);
  for (int i = 0; nw == 0 && i < mj_game_nevents(g); i++)
    if (mj_game_event(g, i)->type == MJ_EV_ABORT)
      mj_catf(out, cap, &len, _("The hand is called off: %s.\n"),
              mj_game_reason(g, mj_game_event(g, i)->tile));
  if (nw == 0 && len == 0)
    mj_catf(out, cap, &len, "%s", _("The hand is drawn: nobody won.\n"));
  for (int k = 0; k < nw && len + 1024 < cap; k++) {
    mj_catf(out, cap, &len, _("%s won.\n"), v->names[w[k]]);
    len += mj_score_explain(v->rs, mj_game_win_hand(g, k),
                            mj_game_result(g, k), out + len, cap - len);
    len = len < cap ? len : cap - 1;
  }
  const mj_payment *l;
  int nl = mj_game_ledger(g, &l), pay[4], sc[4];
  for (int i = 0; i < nl; i++)
    mj_catf(out, cap, &len, _("%s%s pays %s %d (%s)\n"), i ? "        "
            : _("ledger: "), l[i].payer == MJ_POT ? _("the pot")
            : v->names[l[i].payer & 3], l[i].payee == MJ_POT ? _("the pot")
            : v->names[l[i].payee & 3], l[i].amount,
            repl_reason(mj_game_reason(g, l[i].reason)));
  mj_game_payments(g, pay);
  mj_game_scores(g, sc);
  char row[200];
  size_t rl = 0;
  row[0] = '\0';
  for (int q = 0; q < mj_game_players(v->g); q++)
    mj_catf(row, sizeof row, &rl, "%s%s %+d", q ? "  " : "", v->names[q],
            pay[q]);
  mj_catf(out, cap, &len, _("payments:  %s"), row);
  rl = 0;
  for (int q = 0; q < mj_game_players(v->g); q++)
    mj_catf(row, sizeof row, &rl, "%s%s %d", q ? "  " : "", v->names[q],
            sc[q]);
  mj_catf(out, cap, &len, _("\nscores:    %s"), row);
  mj_catf(out, cap, &len, "\n");
  return out;
}

/* The hand's own facts: its number, wind, dealer, who sits where. */
static void hand_head(const vhand *v, const mj_replay *rp, int view,
                      cJSON *o)
{
  const mj_game *g = v->g;
  char b[200];
  snprintf(b, sizeof b, _("hand %d · %s round"),
           rp->cfg.hand > 0 ? rp->cfg.hand : 1,
           _(wind_names[mj_game_round(g) & 3]));
  cJSON_AddStringToObject(o, "title", b);
  cJSON *names = cJSON_CreateArray();
  for (int q = 0; q < rp->np; q++) {
    snprintf(b, sizeof b, "%s%s", strcmp(rp->players[q], "?") == 0 ? ""
             : rp->players[q], q == view ? _(" (this page's seat)") : "");
    cJSON_AddItemToArray(names, cJSON_CreateString(b));
  }
  cJSON_AddItemToObject(o, "players", names);
  cJSON *winds = cJSON_CreateArray();
  for (int q = 0; q < rp->np; q++)
    cJSON_AddItemToArray(winds, cJSON_CreateString(v->names[q]));
  cJSON_AddItemToObject(o, "winds", winds);
  cJSON_AddNumberToObject(o, "dealer", mj_game_dealer(g));
  cJSON_AddNumberToObject(o, "view", view);
  char ws[2 * MJ_KINDS + 1] = "";
  int n = 0;
  for (mj_tileset w = mj_game_wild(g); w; w &= w - 1)
    tile2((mj_tile)__builtin_ctzll(w), false, ws + 2 * n++);
  cJSON_AddStringToObject(o, "wild", ws);
}

/* A step that says and changes nothing. */
static bool empty_step(const cJSON *st)
{
  return !cJSON_HasObjectItem(st, "a") && !cJSON_HasObjectItem(st, "t") &&
         cJSON_GetArraySize(cJSON_GetObjectItem(st, "e")) == 0 &&
         cJSON_GetArraySize(cJSON_GetObjectItem(st, "s")) == 0;
}

/* The seat that saved an unfinished hand: the one its log calls "you"
   (else the first), the only one whose tiles it may show. */
static int saver(const mj_replay *rp)
{
  for (int q = 0; q < 4; q++)
    if (strcasecmp(rp->players[q], "you") == 0)
      return q;
  return 0;
}

/* Hand k (its log text) as an object of steps; the seat it is seen from
   is want (-1: all) when the hand was played out, else the saver's. */
static cJSON *hand_json(const mj_rules *rs, const char *text, int want,
                        int *nsteps, mj_error *err)
{
  mj_replay rp;
  if (mj_replay_parse(text, strlen(text), &rp, err) != MJ_OK)
    return NULL;
  vhand v;
  memset(&v, 0, sizeof v);
  v.rs = rs;
  v.last_discarder = -1;
  v.g = mj_replay_build(&rp, rs, 0, err);
  bool ok = v.g != NULL;
  v.view = rp.over || want >= 0 ? want : saver(&rp);
  for (int q = 0; ok && q < 4; q++) {
    v.names_wind[q] = mj_game_seat_wind(v.g, q);
    v.names[q] = _(wind_names[v.names_wind[q] & 3]);
  }
  cJSON *o = cJSON_CreateObject(), *steps = cJSON_CreateArray();
  if (ok) {
    hand_head(&v, &rp, v.view, o);
    cJSON_AddItemToArray(steps, step_json(&v, NULL, 0));
  }
  for (int i = 0; ok && i < rp.nact; i++) {
    int from = mj_game_nevents(v.g);
    ok = mj_game_act(v.g, &rp.acts[i], err) == MJ_OK;
    cJSON *st = ok ? step_json(&v, &rp.acts[i], from) : NULL;
    if (st != NULL && empty_step(st))
      cJSON_Delete(st);   /* nothing this seat could see */
    else if (st != NULL)
      cJSON_AddItemToArray(steps, st);
  }
  *nsteps = cJSON_GetArraySize(steps);
  cJSON_AddItemToObject(o, "steps", steps);
  char *end = ok && mj_game_over(v.g) ? end_text(&v) : NULL;
  if (end != NULL)
    cJSON_AddStringToObject(o, "end", end);
  else if (ok)
    cJSON_AddStringToObject(o, "end", "");
  free(end);
  mj_game_free(v.g);
  mj_replay_free(&rp);
  if (!ok) {
    cJSON_Delete(o);
    return NULL;
  }
  return o;
}

/* }===================================================================== */

/* {=====================================================================
** The page
** ====================================================================== */

/* The page: the template with the data in place of its marker, every
   "<" of the data written \u003c (it is only ever inside a JSON string),
   so that no text of it (a player's name, a title, a fan's name) opens a
   comment or closes the script. */
static char *page(const char *json, size_t *len)
{
  static const char marker[] = "/*HULE_DATA*/";
  const char *at = strstr(hule_view_page, marker);
  size_t jl = strlen(json), extra = 0;
  for (const char *s = json; (s = strchr(s, '<')) != NULL; s++)
    extra += 5;
  if (at == NULL)
    return NULL;
  size_t head = (size_t)(at - hule_view_page);
  size_t tail = hule_view_page_len - head - (sizeof marker - 1);
  char *out = malloc(head + jl + extra + tail + 1);
  if (out == NULL)
    return NULL;
  memcpy(out, hule_view_page, head);
  size_t o = head;
  for (const char *s = json; *s; s++) {
    if (*s == '<') {
      memcpy(out + o, "\\u003c", 6);
      o += 6;
    } else {
      out[o++] = *s;
    }
  }
  memcpy(out + o, at + sizeof marker - 1, tail);
  o += tail;
  out[o] = '\0';
  *len = o;
  return out;
}

int view_seat(const char *text, const char *seat)
{
  if (seat == NULL || strcmp(seat, "all") == 0)
    return -1;
  mj_replay rp;
  mj_error e;
  const char *w = strchr("ESWN", seat[0]);
  if (strlen(seat) != 1 || w == NULL ||
      mj_replay_parse(text, strlen(text), &rp, &e) != MJ_OK)
    return -2;
  int q = (int)(w - "ESWN") < rp.np ? ((int)(w - "ESWN") + rp.cfg.dealer) % rp.np
                                     : -2;
  mj_replay_free(&rp);
  return q;
}

/* The data of the page: every hand of the file, each as its steps. */
/* The page's own words, in the language in use; the page keeps its
   English ones for a key missing. {1} {2} ... are the values it puts in. */
static const char *const page_words[][2] = {
  { "move", N_("move") }, { "hand", N_("hand") }, { "deal", N_("deal") },
  { "end", N_("end") }, { "next_win", N_("next win") },
  { "t_prev_hand", N_("previous hand (↑ or PageUp)") },
  { "t_prev", N_("previous move (← or p)") },
  { "t_next", N_("next move (→, space or n)") },
  { "t_next_hand", N_("next hand (↓ or PageDown)") },
  { "t_start", N_("the deal (Home)") },
  { "t_end", N_("the end of the hand (End)") },
  { "t_next_win", N_("the next win (w)") },
  { "moves", N_("Moves") }, { "the_end", N_("The end of the hand") },
  { "face_down", N_("face down") }, { "dealer", N_(" (dealer)") },
  { "flowers", N_("flowers {1}") }, { "aside", N_("set aside {1}") }, { "tiles", N_("{1} tiles") },
  { "pos", N_("hand {1} of {2} · step {3} of {4}") },
  { "the_deal", N_("the deal") }, { "doc", N_("hule view · {1} · hand {2}") },
};

static void add_words(cJSON *d)
{
  cJSON *w = cJSON_CreateObject();
  for (size_t i = 0; i < sizeof page_words / sizeof *page_words; i++)
    cJSON_AddStringToObject(w, page_words[i][0], _(page_words[i][1]));
  cJSON_AddItemToObject(d, "L", w);
  cJSON_AddStringToObject(d, "lang", repl_lang_zh() ? "zh" : "en");
}

static cJSON *view_data(const mj_rules *rs, char **texts, int nt, int want,
                        const char *file, int *total, int *open_hands,
                        mj_error *err)
{
  cJSON *d = cJSON_CreateObject(), *hands = cJSON_CreateArray();
  cJSON_AddStringToObject(d, "file", file);
  cJSON_AddStringToObject(d, "ruleset", mj_rules_id(rs));
  cJSON_AddStringToObject(d, "seat", want < 0 ? "all" : "one");
  add_words(d);
  *open_hands = 0;
  cJSON_AddItemToObject(d, "hands", hands);
  *total = 0;
  for (int k = 0; k < nt; k++) {
    int n = 0;
    cJSON *h = hand_json(rs, texts[k], want, &n, err);
    if (h == NULL) {
      cJSON_Delete(d);
      return NULL;
    }
    cJSON_AddItemToArray(hands, h);
    *total += n;
    *open_hands += cJSON_GetObjectItem(h, "view")->valueint < 0;
  }
  return d;
}

char *view_page(const mj_rules *rs, char **texts, int nt, int want,
                const char *file, view_counts *c, mj_error *err)
{
  memset(c, 0, sizeof *c);
  cJSON *d = view_data(rs, texts, nt, want, file, &c->steps, &c->open_hands,
                       err);
  if (d == NULL)
    return NULL;
  char *json = cJSON_PrintUnformatted(d);
  cJSON_Delete(d);
  char *html = json != NULL ? page(json, &c->len) : NULL;
  cJSON_free(json);
  if (html == NULL)
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  return html;
}
