/*
** game.c
** The hand's state machine. Table rules come from the ruleset (mj_table);
** nothing here asks which ruleset it is.
*/
#include "game.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

enum { MAX_DISC = 40, MAX_EVENTS = 512 };

/* One player's side of the table. */
typedef struct seat {
  mj_hand *hand;             /* concealed tiles and declared melds */
  mj_tile flowers[8];        /* flowers set aside, in the order drawn */
  int nflowers;
  mj_tile disc[MAX_DISC];    /* the player's discards, oldest first */
  uint8_t taken[MAX_DISC];   /* 1: that discard was claimed by another */
  int ndisc;                 /* entries in disc[] (capped at MAX_DISC) */
  int16_t state[MJ_MAX_STATES];   /* the ruleset's states (R.state) */
  bool claimed;        /* this turn began with a chow or pung */
  bool kong_draw;      /* the last draw replaced a kong */
  bool out;            /* won and left play (leave_on_win) */
  int8_t wins;         /* wins this hand (several with stay_on_win) */
  bool locked;         /* passed a win: no discard win until his draw */
  int8_t void_suit;    /* the declared missing suit, -1 none */
  int8_t kong_from;    /* the kong_draw replaced a kong of this seat's
                          discard, -1 */
  mj_tile swap[4];     /* the tiles chosen to pass */
  uint8_t nswap;
  int ndiscarded;            /* discards made (not capped; 天糊/地糊 need 0) */
  uint8_t dealt[MJ_KINDS];   /* the thirteen or fourteen tiles as dealt */
  mj_tileview v;       /* the concealed tiles for the tables, kept in step */
} seat;

struct mj_game {
  const mj_rules *r;         /* the ruleset (outlives the game) */
  mj_game_cfg cfg;           /* as given; cfg.wall points at given_wall */
  mj_table tbl;              /* the ruleset's table rules, copied */
  mj_rng rng;                /* seeded from cfg.seed: the shuffle, the dice */
  mj_wall wall;              /* the tiles left, live end and dead end */
  mj_tile indicator;         /* the tile turned for the wild, or MJ_NO_TILE */
  mj_tile wild_kind;         /* the wild it names (indicator rule), or none */
  mj_tileset wild;           /* every wild kind of this hand */
  int dealer, round;         /* the dealer's seat; the prevailing wind */
  int turn;                  /* the player to move, or whose discard is up */
  mj_phase phase;            /* where the hand is (game.h) */
  seat pl[4];
  mj_tile last_draw;         /* the last tile drawn from the wall */
  bool last_draw_wall_last;  /* that draw emptied the wall (海底) */
  mj_tile pending;           /* the discard or kong tile others may claim */
  int pending_from;          /* who put it up */
  bool pending_wall_last;    /* it was the last discard of the wall (河底) */
  unsigned options[4];       /* claim options (bits of mj_act_type) */
  mj_action decision[4];     /* each player's choice in this claim phase */
  unsigned decided;          /* players who decided in this claim phase */
  bool any_claim;            /* some discard has been claimed this hand */
  mj_tile given_wall[MJ_WALL_MAX]; /* a copy of cfg.wall: the caller's may go */
  int ndiscards;             /* discards by everyone this hand */
  bool drawn;                /* the hand ended with the wall empty */
  int nwin;                  /* wins so far (several on one discard) */
  int winners[MJ_MAX_WINS];  /* their seats, in the order they won */
  int payer;                 /* who pays: the discarder, -1 for a self-draw */
  mj_score *results[MJ_MAX_WINS];   /* each win's score, in order */
  mj_hand *win_hands[MJ_MAX_WINS];  /* each win's hand with its context */
  mj_ledger led;             /* every payment, the sums, the scores */
  mj_hand *scratch;          /* for the win checks of the legal actions */
  mj_score *scratch_score;   /* their scores */
  mj_event *ev;              /* what happened, in order (the log) */
  int nev, evcap;
  mj_action *act;            /* every decision taken, in order (for replay) */
  int nact, actcap;
  mj_error *fault;           /* a ruleset function failed: the hand stops
                                (written through const: found by a query) */
  int dice;                  /* the dice sum of the hand */
  int swap_off;              /* 换三张: the offset the tiles went by */
  bool pending_kong;         /* the discard up follows its player's kong */
  int rob_discarder;         /* robbing an exposed kong: whose discard the
                                kong claimed (-1: an added kong) */
  int in_hook;               /* a flow hook of this game is running */
  int hook_dealer;           /* the next dealer the hook named, -1 */
};

/* {====================================================================
** Bookkeeping
** ===================================================================== */

static void event(mj_game *g, int type, int player, mj_tile tile, int from,
                  int repl)
{
  if (g->nev >= g->evcap) {
    int cap = g->evcap ? g->evcap * 2 : 256;
    mj_event *p = realloc(g->ev, sizeof *p * (size_t)cap);
    if (p == NULL)
      return;
    g->ev = p;
    g->evcap = cap;
  }
  mj_event *e = &g->ev[g->nev++];
  e->type = (uint8_t)type;
  e->player = (int8_t)player;
  e->tile = tile;
  e->from = (int8_t)from;
  e->replacement = (uint8_t)repl;
  e->claimed = MJ_NO_TILE;
}

static void record(mj_game *g, const mj_action *a)
{
  if (g->nact >= g->actcap) {
    int cap = g->actcap ? g->actcap * 2 : 256;
    mj_action *p = realloc(g->act, sizeof *p * (size_t)cap);
    if (p == NULL)
      return;
    g->act = p;
    g->actcap = cap;
  }
  g->act[g->nact++] = *a;
}

/* Record the first failure of the ruleset's own code (a fan's test, the
   settlement): the hand stops there, never silently. */
static void note_fault(const mj_game *g, const mj_error *e)
{
  if (g->fault != NULL && g->fault->msg[0] == '\0')
    *g->fault = *e;
}

void mj_game_note_fault(const mj_game *g, const mj_error *e)
{
  note_fault(g, e);
}

static bool faulted(const mj_game *g)
{
  return g->fault != NULL && g->fault->msg[0] != '\0';
}

static bool active(const mj_game *g, int p) { return !g->pl[p & 3].out; }

/* The first player still in after p in turn order (p itself if alone). */
static int next_active(const mj_game *g, int p)
{
  for (int k = 1; k <= 4; k++)
    if (active(g, (p + k) & 3))
      return (p + k) & 3;
  return p;
}

static int nactive(const mj_game *g)
{
  int n = 0;
  for (int p = 0; p < 4; p++)
    n += active(g, p);
  return n;
}

/* p holds a tile of his missing suit (concealed: melds of it cannot be
   made). */
static bool holds_void(const mj_game *g, int p)
{
  int v = g->pl[p].void_suit;
  if (v < 0)
    return false;
  const uint8_t *c = mj_hand_counts(g->pl[p].hand);
  for (int t = v * 9; t < v * 9 + 9; t++)
    if (c[t])
      return true;
  return false;
}

static bool in_void(const mj_game *g, int p, mj_tile t)
{
  int v = g->pl[p].void_suit;
  return v >= 0 && t < MJ_HONOR_FIRST && t / 9 == v;
}

static bool is_wild(const mj_game *g, mj_tile t)
{
  return t < MJ_KINDS && (g->wild & MJ_BIT(t)) != 0;
}

/* The tiles left to play: the wall less the reserve kept back (买马). */
static int live_left(const mj_game *g)
{
  int n = mj_wall_left(&g->wall) - g->tbl.reserve;
  return n > 0 ? n : 0;
}

int mj_game_seat_wind(const mj_game *g, int p)
{
  return (p - g->dealer + 4) & 3;
}

/* }==================================================================== */

/* {====================================================================
** Draws
** ===================================================================== */

/* Changes of a hand go through these, which keep the seat's view. */
static void hand_add(mj_game *g, int p, mj_tile t)
{
  mj_hand_add(g->pl[p].hand, t);
  mj_tileview_add(&g->pl[p].v, t);
}

static void hand_remove(mj_game *g, int p, mj_tile t)
{
  mj_hand_remove(g->pl[p].hand, t);
  mj_tileview_remove(&g->pl[p].v, t);
}

static void hand_meld(mj_game *g, int p, mj_meld m, int replace)
{
  if (replace >= 0)
    mj_hand_set_meld(g->pl[p].hand, replace, m);
  else
    mj_hand_add_meld(g->pl[p].hand, m);
  mj_tileview_init(&g->pl[p].v, g->pl[p].hand, g->wild);
}

/* Run a flow hook of the ruleset, if it has one; its failure stops the
   hand. */
static void run_hook(mj_game *g, const mj_flow_ev *ev, int *answer)
{
  if (!(mj_rules_hooks(g->r) >> ev->hook & 1) || faulted(g))
    return;
  mj_error e;
  mj_error_clear(&e);
  g->in_hook++;
  mj_status st = mj_rules_flow(g->r, g, ev, answer, &e);
  g->in_hook--;
  if (st != MJ_OK)
    note_fault(g, &e);
}

/* Does the ruleset's R.watch let the hooks hear of p's draw or discard
   of t? */
static bool watched(const mj_game *g, int p, mj_tile t)
{
  const mj_table *tb = &g->tbl;
  if (!tb->watch || (tb->watch_tiles & MJ_BIT(t)) ||
      (tb->watch_wild && is_wild(g, t)))
    return true;
  for (unsigned b = tb->watch_states; b; b &= b - 1)
    if (g->pl[p].state[__builtin_ctz(b)] != 0)
      return true;
  return false;
}

/* A hook of one seat and a tile: a draw, a discard, a declined win. */
static void seat_hook(mj_game *g, int hook, int p, mj_tile t)
{
  if ((mj_rules_hooks(g->r) >> hook & 1) &&
      (hook == MJ_HOOK_DECLINE || watched(g, p, t))) {
    mj_flow_ev ev = { .hook = (uint8_t)hook, .player = (int8_t)p, .from = -1,
                      .tile = t };
    run_hook(g, &ev, NULL);
  }
}

/* The states of p that last the turn end (a discard, a kong). */
static void end_turn_states(mj_game *g, int p)
{
  for (int i = 0; i < g->tbl.nstates; i++)
    if (g->tbl.states[i].turn)
      g->pl[p].state[i] = 0;
}

/* The hand is over: the ruleset's end (查叫...) and its next dealer. */
static void end_hand(mj_game *g)
{
  g->phase = MJ_PHASE_OVER;
  mj_flow_ev ev = { .hook = MJ_HOOK_END, .player = -1, .from = -1 };
  run_hook(g, &ev, NULL);
  int d = -1;
  ev.hook = MJ_HOOK_DEALER;
  run_hook(g, &ev, &d);
  if (d >= 0 && d < 4)
    g->hook_dealer = d;
}

/* The wall ran out: an exhaustive draw when nobody won (in 血战 the
   hand's winners keep their wins). */
static void end_drawn(mj_game *g)
{
  g->drawn = g->nwin == 0;
  event(g, MJ_EV_DRAWN, -1, MJ_NO_TILE, -1, 0);
  end_hand(g);
}

/*
** Player p draws from the head (or the tail), flowers replaced from the
** tail; kong says the draw replaces a kong. Returns false when the wall
** ran out (the hand is then over).
*/
static bool draw(mj_game *g, int p, bool from_tail, bool kong)
{
  seat *pl = &g->pl[p];
  bool tail = from_tail;
  for (;;) {
    mj_tile t = live_left(g) == 0 ? MJ_NO_TILE
                : tail ? mj_wall_draw_tail(&g->wall) : mj_wall_draw(&g->wall);
    if (t == MJ_NO_TILE) {
      end_drawn(g);
      return false;
    }
    if (mj_tile_is_flower(t)) {
      if (pl->nflowers < 8)
        pl->flowers[pl->nflowers++] = t;
      event(g, MJ_EV_FLOWER, p, t, -1, tail);
      tail = g->tbl.replace_tail;
      continue;
    }
    hand_add(g, p, t);
    event(g, MJ_EV_DRAW, p, t, -1, tail);
    pl->locked = false;
    if (!kong)
      pl->kong_from = -1;
    g->last_draw = t;
    g->last_draw_wall_last = live_left(g) == 0;
    pl->kong_draw = kong;
    seat_hook(g, MJ_HOOK_DRAW, p, t);
    return true;
  }
}

static void enter_turn(mj_game *g, int p, bool claimed)
{
  g->phase = MJ_PHASE_TURN;
  g->turn = p;
  g->pl[p].claimed = claimed;
  g->decided = 0;
  memset(g->options, 0, sizeof g->options);
}

/* The next player draws; false when the wall is empty. */
static bool next_draw(mj_game *g, int p)
{
  if (!draw(g, p, false, false))
    return false;
  enter_turn(g, p, false);
  return true;
}

/* }==================================================================== */

/* {====================================================================
** Wins
** ===================================================================== */

static int visible_of(const mj_game *g, mj_tile t, bool skip_pending)
{
  int n = 0;
  for (int q = 0; q < 4; q++) {
    const seat *pl = &g->pl[q];
    for (int i = 0; i < pl->ndisc; i++)
      if (pl->disc[i] == t && !pl->taken[i])
        n++;
    const mj_meld *m = mj_hand_melds(pl->hand);
    for (int i = 0; i < mj_hand_nmelds(pl->hand); i++) {
      if (m[i].type == MJ_CHOW)
        n += t >= m[i].tile && t <= m[i].tile + 2;
      else if (m[i].tile == t)
        n += mj_meld_size(&m[i]);
    }
  }
  if (g->indicator == t)
    n++;
  if (skip_pending && g->pending == t && g->phase == MJ_PHASE_CLAIM) {
    /* the discard itself is the winning tile, unless taken already */
    const seat *d = &g->pl[g->pending_from];
    if (d->ndisc > 0 && d->disc[d->ndisc - 1] == t && !d->taken[d->ndisc - 1])
      n--;
  }
  return n;
}

/* p's states that give a win with t (self-drawn or not) their token,
   as bits of mj_table.states. */
static unsigned states_on(const mj_game *g, int p, mj_tile t, bool self)
{
  unsigned on = 0;
  for (int i = 0; i < g->tbl.nstates; i++) {
    const mj_state_def *d = &g->tbl.states[i];
    if (d->token >= 0 && g->pl[p].state[i] != 0 &&
        d->on != (self ? MJ_STATE_DISCARD : MJ_STATE_SELF) &&
        (!d->wild_tile || is_wild(g, t)))
      on |= 1u << i;
  }
  return on;
}

/* A state of p opens a win on the discard t that the table forbids. */
static bool state_opens(const mj_game *g, int p, mj_tile t)
{
  unsigned on = states_on(g, p, t, false);
  for (; on; on &= on - 1)
    if (g->tbl.states[__builtin_ctz(on)].on == MJ_STATE_DISCARD)
      return true;
  return false;
}

/* The context of a win by p with t, what the seat and the hand say (no
   flag yet): the winds, flowers, the wild, the missing suit. */
static mj_ctx *win_ctx(const mj_game *g, int p, mj_hand *hand, mj_tile t)
{
  const seat *pl = &g->pl[p];
  mj_ctx *c = mj_hand_ctx(hand);
  mj_ctx_init(c);
  c->win = t;
  c->seat = (uint8_t)mj_game_seat_wind(g, p);
  c->round = (uint8_t)g->round;
  c->flowers = (uint8_t)(pl->nflowers > 8 ? 8 : pl->nflowers);
  if (mj_rules_tokens(g->r) & MJ_TOKEN_GUI)
    c->gui = g->wild;               /* the ghosts, as gui= says them */
  else if (g->wild_kind != MJ_NO_TILE &&
           g->tbl.wild_rule == MJ_WILD_INDICATOR)
    c->wild = g->wild_kind;
  if (pl->void_suit >= 0)
    c->que = (uint8_t)pl->void_suit;
  return c;
}

/* Enough wilds held to win whatever the shape (四鬼胡牌). */
static bool any_shape_wilds(const mj_game *g, int p, mj_tile t, bool self)
{
  int aw = mj_rules_anyhand_wilds(g->r);
  if (aw <= 0)
    return false;
  int n = !self && is_wild(g, t);
  for (mj_tileset w = g->wild; w; w &= w - 1)
    n += mj_hand_counts(g->pl[p].hand)[__builtin_ctzll(w)];
  return n >= aw;
}

/* The tables' quick answer, before anything is built: does p's hand with
   t make a winning shape? */
static bool shape_wins(const mj_game *g, int p, mj_tile t, bool self,
                       mj_error *err)
{
  const seat *pl = &g->pl[p];
  mj_tileview v = pl->v;
  if (!self) {
    if (t >= MJ_KINDS || mj_hand_counts(pl->hand)[t] >= 4)
      return false;
    mj_tileview_add_face(&v, t);   /* another's wild is at face value */
  }
  if (!mj_is_win(&v, mj_rules_shapes(g->r))) {
    if (err != NULL)
      mj_fail(err, MJ_ENOTWIN, 0, "not a winning hand");
    return false;
  }
  return true;
}

/* A win below the minimum, with the breakdown a learner needs: "5 fan:
   平和 2, 断幺 2, 花牌 1 — 4 without the flowers, 4 short of 8". */
static bool short_of_min(const mj_game *g, const mj_score *s, mj_error *err)
{
  char line[400];
  size_t len = 0;
  line[0] = '\0';
  for (int i = 0; i < s->nhits; i++)
    mj_catf(line, sizeof line, &len, "%s%s %d", i ? ", " : "",
            mj_rules_fan(g->r, s->hits[i].fan)->id, s->hits[i].value);
  int counted = s->total - s->bonus;
  char bonus[64] = "";
  if (s->bonus > 0)
    snprintf(bonus, sizeof bonus, "%d without the flowers, ", counted);
  mj_fail(err, MJ_ENOTWIN, 0, "%d fan: %s — %s%d short of %d", s->total,
          line, bonus, s->min - counted, s->min);
  return false;
}

/*
** Could p win with t (self: already in the hand; otherwise added) and
** these flags? Fills hand (the 14 tiles and the context) and s.
*/
static bool check_win(const mj_game *g, int p, mj_tile t, unsigned flags,
                      mj_hand *hand, mj_score *s, mj_error *err)
{
  const seat *pl = &g->pl[p];
  bool self = (flags & MJ_CTX_SELF) != 0;
  if (pl->void_suit >= 0 && (holds_void(g, p) || (!self && in_void(g, p, t)))) {
    if (err != NULL)
      mj_fail(err, MJ_ENOTWIN, 0, "the hand holds its missing suit (%c)",
              "mps"[pl->void_suit]);
    return false;
  }
  /* the tokens of the ruleset's states: a flag token may make any hand
     a win (a fixed win such as 接宝), so the tables cannot refuse it */
  unsigned on = states_on(g, p, t, self), sflags = 0;
  for (unsigned b = on; b; b &= b - 1)
    sflags |= mj_ctx_token_flag(g->tbl.states[__builtin_ctz(b)].token);
  flags |= sflags;
  /* enough wilds held may win whatever the shape (四鬼胡牌) */
  if (sflags == 0 && !any_shape_wilds(g, p, t, self) &&
      !shape_wins(g, p, t, self, err))
    return false;
  mj_hand_copy(hand, pl->hand);
  if (!self && mj_hand_add(hand, t) != MJ_OK) {
    mj_fail(err, MJ_ESTATE, 0, "no room for the tile");
    return false;
  }
  mj_ctx *c = win_ctx(g, p, hand, t);
  for (; on; on &= on - 1) {
    int i = __builtin_ctz(on);
    mj_ctx_token_set(c, g->tbl.states[i].token, pl->state[i]);
  }
  if (mj_hand_counts(hand)[t] == 1 && visible_of(g, t, !self) == 3 &&
      !(flags & MJ_CTX_ROB))
    flags |= MJ_CTX_LAST;
  /* the first go-around: the tiles as dealt (a kong's replacement is a
     fifteenth tile), or the dealer's first discard, before any claim */
  if (!g->any_claim && pl->ndiscarded == 0 && mj_hand_nmelds(pl->hand) == 0 &&
      (self || (g->pending_from == g->dealer && g->ndiscards == 1)))
    flags |= MJ_CTX_FIRST;
  c->flags = flags;
  mj_error own;
  mj_status st = mj_score_hand(g->r, hand, s, err != NULL ? err : &own);
  if (st != MJ_OK) {
    if (st == MJ_ERULES)
      note_fault(g, err != NULL ? err : &own);
    return false;
  }
  if (!s->meets_min)
    return short_of_min(g, s, err);
  return true;
}

/* Flags of a win by p on its own draw now. */
static unsigned self_flags(const mj_game *g, int p)
{
  unsigned f = MJ_CTX_SELF;
  if (g->last_draw_wall_last)
    f |= MJ_CTX_WALL_LAST;
  if (g->pl[p].kong_draw)
    f |= MJ_CTX_KONG;
  return f;
}

/* Flags of a win on the tile on offer now: a discard (the wall's last,
   the one after its player's kong with kong_discard) or a robbed kong. */
static unsigned claim_flags(const mj_game *g)
{
  if (g->phase == MJ_PHASE_ROB)
    return MJ_CTX_ROB;
  unsigned f = g->pending_wall_last ? MJ_CTX_WALL_LAST : 0;
  if (g->tbl.kong_discard && g->pending_kong)
    f |= MJ_CTX_KONG;
  return f;
}

static bool can_win_self(const mj_game *g, int p)
{
  return check_win(g, p, g->last_draw, self_flags(g, p), g->scratch,
                   g->scratch_score, NULL);
}

static bool can_win_on(const mj_game *g, int p, mj_tile t, unsigned flags)
{
  return check_win(g, p, t, flags, g->scratch, g->scratch_score, NULL);
}

/* The players still in, as bits. */
static unsigned active_mask(const mj_game *g)
{
  unsigned m = 0;
  for (int p = 0; p < 4; p++)
    if (active(g, p))
      m |= 1u << p;
  return m;
}

/* Record a win by the players in w[0..n) (in order) and settle; then the
   hand ends, or (leave_on_win) the winners leave and play goes on with
   the next player still in after the last of them. */
/* The settlement of win k of p (was_active: the seats in play before
   it), netted in the ledger; false when the ruleset's settlement failed
   (the fault noted). */
static bool settle_win(mj_game *g, int k, int p, int payer, bool self,
                       unsigned was_active)
{
  mj_settle_in in;
  in.winner = p;
  in.active = was_active;
  in.kong_from = self && g->pl[p].kong_draw ? g->pl[p].kong_from : -1;
  in.payer = self ? -1 : payer;
  in.dealer = g->dealer;
  in.total = g->results[k]->total;
  in.total_no_bonus = g->results[k]->total - g->results[k]->bonus;
  in.self_drawn = self;
  in.flags = mj_hand_cctx(g->win_hands[k])->flags;
  int pay[4];
  mj_error e;
  if (mj_rules_settle(g->r, &in, pay, &e) != MJ_OK) {
    note_fault(g, &e);
    return false;
  }
  int sum = pay[0] + pay[1] + pay[2] + pay[3];
  for (int q = 0; q < 4 && sum == 0; q++)
    if (pay[q] != 0 && !(was_active >> q & 1)) {
      mj_fail(&e, MJ_ERULES, 0, "the settlement of a win charges or pays "
              "seat %d, who has left play", q + 1);
      note_fault(g, &e);
      return false;
    }
  if (sum != 0) {
    mj_fail(&e, MJ_ERULES, 0, "the settlement of a win is not zero-sum "
            "(%+d %+d %+d %+d)", pay[0], pay[1], pay[2], pay[3]);
    note_fault(g, &e);
    return false;
  }
  if (mj_ledger_net(&g->led, pay, MJ_PAY_WIN, g->nwin - 1, g->nev - 1,
                    &e) != MJ_OK) {
    note_fault(g, &e);
    return false;
  }
  return true;
}

/* After the wins of a tile: the hand ends, or (血战, 血流) the winners
   leave or stay, the winning tile set aside, and play goes on. */
static void after_wins(mj_game *g, const mj_flow_ev *ev, const int *w,
                       mj_tile t, unsigned flags)
{
  if (!(g->tbl.leave_on_win || g->tbl.stay_on_win) || faulted(g)) {
    end_hand(g);
    return;
  }
  for (int j = 0; j < ev->nwin; j++)
    if (g->tbl.leave_on_win)
      g->pl[ev->winners[j]].out = true;
    else if (flags & MJ_CTX_SELF)
      hand_remove(g, ev->winners[j], t);
  int last = ev->nwin > 0 ? ev->winners[ev->nwin - 1] : w[0];
  if (nactive(g) <= 1 || g->nwin >= MJ_MAX_WINS) {
    end_hand(g);
    return;
  }
  g->pending = MJ_NO_TILE;
  next_draw(g, next_active(g, last));
}

static void finish(mj_game *g, const int *w, int n, int payer, mj_tile t,
                   unsigned flags)
{
  g->payer = payer;
  unsigned was_active = active_mask(g);
  mj_flow_ev ev = { .hook = MJ_HOOK_WINNING, .from = (int8_t)payer,
                    .tile = t, .first_win = g->nwin };
  /* before the scoring: what the ruleset does as the wins are declared
     (the horses turned, states set for the score) */
  for (int j = 0; j < n && j < 4; j++)
    ev.winners[ev.nwin++] = (int8_t)w[j];
  run_hook(g, &ev, NULL);
  if (faulted(g)) {
    g->phase = MJ_PHASE_OVER;
    return;
  }
  ev.hook = MJ_HOOK_WIN;
  ev.nwin = 0;
  for (int j = 0; j < n && g->nwin < MJ_MAX_WINS; j++) {
    int p = w[j];
    int k = g->nwin;
    if (g->win_hands[k] == NULL)
      g->win_hands[k] = mj_hand_new();
    if (g->results[k] == NULL)
      g->results[k] = malloc(sizeof(mj_score));
    if (g->win_hands[k] == NULL || g->results[k] == NULL)
      continue;
    bool self = (flags & MJ_CTX_SELF) != 0;
    if (!check_win(g, p, t, flags, g->win_hands[k], g->results[k], NULL))
      continue;
    g->winners[g->nwin++] = p;
    g->pl[p].wins++;
    ev.winners[ev.nwin++] = (int8_t)p;
    event(g, MJ_EV_WIN, p, t, self ? -1 : payer, 0);
    if (!settle_win(g, k, p, payer, self, was_active)) {
      g->phase = MJ_PHASE_OVER;
      return;
    }
  }
  run_hook(g, &ev, NULL);
  after_wins(g, &ev, w, t, flags);
}

/* }==================================================================== */

/* {====================================================================
** Setup
** ===================================================================== */

/* A game's fields before the deal: the rules, the given wall, the
   seats' empty hands; false (err set, g freed) when memory or the wall
   fails. */
static bool game_init(mj_game *g, const mj_rules *r, const mj_game_cfg *cfg,
                      mj_error *err)
{
  g->r = r;
  g->cfg = *cfg;
  if (cfg->wall != NULL) {
    memcpy(g->given_wall, cfg->wall, (size_t)cfg->wall_n);
    g->cfg.wall = g->given_wall;
  }
  g->tbl = *mj_rules_ctable(r);
  g->dealer = cfg->dealer & 3;
  g->round = cfg->round & 3;
  g->indicator = MJ_NO_TILE;
  g->wild_kind = MJ_NO_TILE;
  g->pending = MJ_NO_TILE;
  g->pending_from = -1;
  g->rob_discarder = -1;
  g->payer = -1;
  g->hook_dealer = -1;
  for (int p = 0; p < 4; p++)
    g->pl[p].void_suit = g->pl[p].kong_from = -1;
  g->scratch = mj_hand_new();
  g->scratch_score = malloc(sizeof *g->scratch_score);
  g->fault = calloc(1, sizeof *g->fault);
  for (int p = 0; p < 4; p++)
    g->pl[p].hand = mj_hand_new();
  if (g->scratch == NULL || g->scratch_score == NULL || g->fault == NULL ||
      g->pl[0].hand == NULL ||
      g->pl[1].hand == NULL || g->pl[2].hand == NULL || g->pl[3].hand == NULL) {
    mj_game_free(g);
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    return false;
  }
  mj_rng_seed(&g->rng, cfg->seed);
  if (cfg->wall == NULL) {
    mj_wall_shuffle(&g->wall, g->tbl.tiles, &g->rng);
  } else if (mj_wall_set(&g->wall, cfg->wall, cfg->wall_n, err) != MJ_OK) {
    mj_game_free(g);
    return false;
  }
  return true;
}

/* The deal: thirteen tiles each from the head, the dealer first; the
   flowers dealt replaced from the tail, the dealer first. False when the
   wall is too short. */
static bool deal(mj_game *g)
{
  for (int k = 0; k < 4; k++) {
    int p = (g->dealer + k) & 3;
    for (int i = 0; i < g->tbl.hand; i++) {
      mj_tile t = mj_wall_draw(&g->wall);
      if (t == MJ_NO_TILE)
        return false;
      if (mj_tile_is_flower(t)) {
        g->pl[p].flowers[g->pl[p].nflowers++] = t;
        continue;   /* replaced below */
      }
      mj_hand_add(g->pl[p].hand, t);
      g->pl[p].dealt[t]++;
    }
  }
  for (int k = 0; k < 4; k++)
    event(g, MJ_EV_DEAL, (g->dealer + k) & 3, MJ_NO_TILE, -1, 0);
  for (int k = 0; k < 4; k++) {
    int p = (g->dealer + k) & 3;
    seat *pl = &g->pl[p];
    for (int f = 0; f < pl->nflowers; f++)
      event(g, MJ_EV_FLOWER, p, pl->flowers[f], -1, 0);
    int need = g->tbl.hand - mj_hand_ntiles(pl->hand);
    while (need > 0) {
      mj_tile t = mj_wall_draw_tail(&g->wall);
      if (t == MJ_NO_TILE)
        break;
      if (mj_tile_is_flower(t)) {
        pl->flowers[pl->nflowers++] = t;
        event(g, MJ_EV_FLOWER, p, t, -1, 1);
        continue;
      }
      mj_hand_add(pl->hand, t);
      event(g, MJ_EV_DRAW, p, t, -1, 1);
      need--;
    }
  }
  return true;
}

/* The wild tiles: fixed by the rules, or after an indicator the dice set
   aside. */
static void choose_wild(mj_game *g)
{
  if (g->tbl.wild_rule == MJ_WILD_FIXED) {
    g->wild = g->tbl.wild_fixed & MJ_SET_ALL;
  } else if (g->tbl.wild_rule == MJ_WILD_INDICATOR) {
    mj_tile ind = mj_wall_set_aside(&g->wall, g->dice);
    if (ind != MJ_NO_TILE && ind < MJ_KINDS) {
      g->indicator = ind;
      g->wild_kind = (mj_tile)g->tbl.succ[ind];
      g->wild = MJ_BIT(g->wild_kind);
      if (g->tbl.wild_kinds == 2)    /* the next two kinds */
        g->wild |= MJ_BIT(g->tbl.succ[g->wild_kind]);
      event(g, MJ_EV_INDICATOR, -1, ind, -1, 0);
    }
  }
  for (int p = 0; p < 4; p++)
    mj_tileview_init(&g->pl[p].v, g->pl[p].hand, g->wild);
}

mj_game *mj_game_new(const mj_rules *r, const mj_game_cfg *cfg, mj_error *err)
{
  mj_game *g = calloc(1, sizeof *g);
  if (g == NULL) {
    mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    return NULL;
  }
  if (mj_ledger_init(&g->led, cfg->scores, err) != MJ_OK) {
    free(g);
    return NULL;
  }
  if (cfg->wall != NULL && (cfg->wall_n < 0 || cfg->wall_n > MJ_WALL_MAX)) {
    free(g);
    mj_fail(err, MJ_ERANGE, 0, "a wall has at most %d tiles", MJ_WALL_MAX);
    return NULL;
  }
  if (!game_init(g, r, cfg, err))
    return NULL;
  g->dice = cfg->dice > 0 ? cfg->dice : mj_rng_dice(&g->rng, NULL, NULL);
  if (!deal(g)) {
    mj_game_free(g);
    mj_fail(err, MJ_EINVAL, 0, "the wall is too short to deal");
    return NULL;
  }
  choose_wild(g);
  mj_flow_ev start = { .hook = MJ_HOOK_START, .player = -1, .from = -1,
                       .tile = MJ_NO_TILE };
  run_hook(g, &start, NULL);
  /* the dealer's fourteenth tile */
  next_draw(g, g->dealer);
  /* the decisions before play: the tiles passed, the missing suits */
  if (g->phase == MJ_PHASE_TURN && g->tbl.swap > 0)
    g->phase = MJ_PHASE_SWAP;
  else if (g->phase == MJ_PHASE_TURN && g->tbl.void_suit)
    g->phase = MJ_PHASE_QUE;
  return g;
}

void mj_game_free(mj_game *g)
{
  if (g == NULL)
    return;
  for (int p = 0; p < 4; p++)
    mj_hand_free(g->pl[p].hand);
  for (int k = 0; k < MJ_MAX_WINS; k++) {
    mj_hand_free(g->win_hands[k]);
    free(g->results[k]);
  }
  mj_hand_free(g->scratch);
  free(g->scratch_score);
  free(g->fault);
  free(g->ev);
  free(g->act);
  mj_ledger_free(&g->led);
  free(g);
}

mj_game *mj_game_clone(const mj_game *g)
{
  mj_game *c = malloc(sizeof *c);
  if (c == NULL)
    return NULL;
  *c = *g;
  if (g->cfg.wall != NULL)
    c->cfg.wall = c->given_wall;
  bool ok = true;
  if (!mj_ledger_copy(&c->led, &g->led))
    ok = false;
  c->scratch = mj_hand_new();
  c->scratch_score = malloc(sizeof *c->scratch_score);
  c->fault = malloc(sizeof *c->fault);
  if (c->scratch == NULL || c->scratch_score == NULL || c->fault == NULL)
    ok = false;
  else
    *c->fault = *g->fault;
  for (int p = 0; p < 4; p++) {
    c->pl[p].hand = mj_hand_new();
    if (c->pl[p].hand != NULL)
      mj_hand_copy(c->pl[p].hand, g->pl[p].hand);
    else
      ok = false;
  }
  for (int k = 0; k < MJ_MAX_WINS; k++) {
    c->win_hands[k] = NULL;
    c->results[k] = NULL;
    if (g->win_hands[k] && (c->win_hands[k] = mj_hand_new()) != NULL)
      mj_hand_copy(c->win_hands[k], g->win_hands[k]);
    if (g->results[k] && (c->results[k] = malloc(sizeof(mj_score))) != NULL)
      *c->results[k] = *g->results[k];
  }
  c->ev = malloc(sizeof *c->ev * (size_t)(g->evcap ? g->evcap : 1));
  c->act = malloc(sizeof *c->act * (size_t)(g->actcap ? g->actcap : 1));
  if (c->ev == NULL || c->act == NULL)
    ok = false;
  else {
    if (g->nev > 0)
      memcpy(c->ev, g->ev, sizeof *c->ev * (size_t)g->nev);
    if (g->nact > 0)   /* none yet: g->act may be NULL */
      memcpy(c->act, g->act, sizeof *c->act * (size_t)g->nact);
  }
  if (!ok) {
    mj_game_free(c);
    return NULL;
  }
  return c;
}

/* }==================================================================== */

/* {====================================================================
** Legal actions
** ===================================================================== */

static int add(mj_action *out, int n, int max, int type, int p, mj_tile t)
{
  if (n < max) {
    out[n].type = (uint8_t)type;
    out[n].player = (uint8_t)p;
    out[n].tile = t;
  }
  return n + 1;
}

static bool kong_allowed(const mj_game *g, int p)
{
  return (!g->pl[p].claimed || g->tbl.kong_after_claim) &&
         live_left(g) > 0;
}

/* The suits p may still pick a tile to pass from: bit s set. */
static unsigned swap_suits(const mj_game *g, int p)
{
  const seat *pl = &g->pl[p];
  const uint8_t *c = mj_hand_counts(pl->hand);
  unsigned ok = 0;
  for (int su = 0; su < 3; su++) {
    int n = 0;
    for (int t = su * 9; t < su * 9 + 9; t++)
      n += c[t];
    if (pl->nswap > 0 && pl->swap[0] / 9 != su)
      continue;
    if (n + pl->nswap >= g->tbl.swap && n > 0)
      ok |= 1u << su;
  }
  return ok;
}

static int before_play_actions(const mj_game *g, int p, mj_action *out,
                               int max)
{
  const seat *pl = &g->pl[p];
  int n = 0;
  if (g->phase == MJ_PHASE_SWAP) {
    if (pl->nswap >= g->tbl.swap)
      return 0;
    unsigned su = swap_suits(g, p);
    const uint8_t *c = mj_hand_counts(pl->hand);
    for (int t = 0; t < MJ_HONOR_FIRST; t++)
      if (c[t] && (su >> (t / 9) & 1))
        n = add(out, n, max, MJ_ACT_SWAP, p, (mj_tile)t);
    return n;
  }
  if (pl->void_suit >= 0)
    return 0;
  for (int su = 0; su < 3; su++)
    n = add(out, n, max, MJ_ACT_QUE, p, (mj_tile)(su * 9));
  return n;
}

/* Won and stays in play (stay_on_win): he may only win again, and
   otherwise throws what he draws. */
static bool hand_fixed(const mj_game *g, int p)
{
  return g->tbl.stay_on_win && g->pl[p].wins > 0;
}

static int turn_actions(const mj_game *g, int p, mj_action *out, int max)
{
  const seat *pl = &g->pl[p];
  const uint8_t *c = mj_hand_counts(pl->hand);
  int n = 0;
  if (!pl->claimed && can_win_self(g, p))
    n = add(out, n, max, MJ_ACT_WIN, p, g->last_draw);
  if (hand_fixed(g, p))   /* won and stays: his hand is as it won */
    return add(out, n, max, MJ_ACT_DISCARD, p, g->last_draw);
  if (kong_allowed(g, p)) {
    for (int t = 0; t < MJ_KINDS; t++)
      if (c[t] == 4 && !in_void(g, p, (mj_tile)t) &&
          (g->tbl.wild_melds || !is_wild(g, (mj_tile)t)))
        n = add(out, n, max, MJ_ACT_CKONG, p, (mj_tile)t);
    const mj_meld *m = mj_hand_melds(pl->hand);
    for (int i = 0; i < mj_hand_nmelds(pl->hand); i++)
      if (m[i].type == MJ_PUNG && c[m[i].tile] > 0)
        n = add(out, n, max, MJ_ACT_AKONG, p, m[i].tile);
  }
  /* the kinds held: the view's mask, plus the wild kinds held; while the
     missing suit is held, only it */
  if (holds_void(g, p)) {
    for (int t = pl->void_suit * 9; t < pl->void_suit * 9 + 9; t++)
      if (c[t])
        n = add(out, n, max, MJ_ACT_DISCARD, p, (mj_tile)t);
    return n;
  }
  mj_tileset held = pl->v.at[0];
  for (mj_tileset w = g->wild; w; w &= w - 1)
    if (c[__builtin_ctzll(w)] > 0)
      held |= w & -w;
  for (; held; held &= held - 1)
    n = add(out, n, max, MJ_ACT_DISCARD, p, (mj_tile)__builtin_ctzll(held));
  return n;
}

/* The chows a hand c can make with the discard t: bit lo set for the
   chow whose lowest rank (0-based) is lo. */
static unsigned chow_starts(const uint8_t *c, mj_tile t)
{
  unsigned lows = 0;
  if (t >= MJ_HONOR_FIRST)
    return 0;
  int r = t % 9;
  for (int lo = r - 2; lo <= r; lo++) {
    if (lo < 0 || lo > 6)
      continue;
    bool ok = true;
    for (int k = lo; k <= lo + 2; k++)
      if (k != r && c[t - r + k] == 0)
        ok = false;
    if (ok)
      lows |= 1u << lo;
  }
  return lows;
}

/* The claims p has on the pending discard: bits of mj_act_type. */
static unsigned claim_options(const mj_game *g, int p, mj_tile t)
{
  const seat *pl = &g->pl[p];
  const uint8_t *c = mj_hand_counts(pl->hand);
  unsigned o = 0;
  if (pl->out || (!g->tbl.claim_wild && is_wild(g, t)))
    return 0;             /* a discarded ghost cannot be claimed */
  bool more = live_left(g) > 0 && !in_void(g, p, t) && !hand_fixed(g, p) &&
              (g->tbl.wild_melds || !is_wild(g, t));
  if (((!g->tbl.self_draw_only && !pl->locked) || state_opens(g, p, t)) &&
      can_win_on(g, p, t, claim_flags(g)))
    o |= 1u << MJ_ACT_WIN;
  if (more && c[t] >= 2)
    o |= 1u << MJ_ACT_PON;
  if (more && c[t] >= 3)
    o |= 1u << MJ_ACT_KONG;
  if (more && g->tbl.chow && p == ((g->pending_from + 1) & 3) &&
      chow_starts(c, t))
    o |= 1u << MJ_ACT_CHI;
  return o;
}

static int claim_actions(const mj_game *g, int p, mj_action *out, int max)
{
  int n = 0;
  unsigned o = g->options[p];
  mj_tile t = g->pending;
  if (o == 0 || (g->decided >> p & 1))
    return 0;
  if (o & (1u << MJ_ACT_WIN))
    n = add(out, n, max, MJ_ACT_WIN, p, t);
  if (o & (1u << MJ_ACT_KONG))
    n = add(out, n, max, MJ_ACT_KONG, p, t);
  if (o & (1u << MJ_ACT_PON))
    n = add(out, n, max, MJ_ACT_PON, p, t);
  if (o & (1u << MJ_ACT_CHI)) {
    unsigned lows = chow_starts(mj_hand_counts(g->pl[p].hand), t);
    for (; lows; lows &= lows - 1)
      n = add(out, n, max, MJ_ACT_CHI, p,
              (mj_tile)(t - t % 9 + __builtin_ctz(lows)));
  }
  n = add(out, n, max, MJ_ACT_PASS, p, t);
  return n;
}

int mj_game_legal(const mj_game *g, int p, mj_action *out, int max)
{
  if (p < 0 || p > 3)
    return 0;
  switch (g->phase) {
  case MJ_PHASE_TURN:
    return p == g->turn ? turn_actions(g, p, out, max) : 0;
  case MJ_PHASE_CLAIM:
  case MJ_PHASE_ROB:
    return claim_actions(g, p, out, max);
  case MJ_PHASE_SWAP:
  case MJ_PHASE_QUE:
    return faulted(g) ? 0 : before_play_actions(g, p, out, max);
  default:
    return 0;
  }
}

unsigned mj_game_waiting(const mj_game *g)
{
  if (faulted(g))
    return 0;
  switch (g->phase) {
  case MJ_PHASE_TURN:
    return 1u << g->turn;
  case MJ_PHASE_CLAIM:
  case MJ_PHASE_ROB: {
    unsigned w = 0;
    for (int p = 0; p < 4; p++)
      if (g->options[p] && !(g->decided >> p & 1))
        w |= 1u << p;
    return w;
  }
  case MJ_PHASE_SWAP:
  case MJ_PHASE_QUE: {
    unsigned w = 0;
    for (int p = 0; p < 4; p++)
      if (g->phase == MJ_PHASE_SWAP ? g->pl[p].nswap < g->tbl.swap
                                    : g->pl[p].void_suit < 0)
        w |= 1u << p;
    return w;
  }
  default:
    return 0;
  }
}

/* }==================================================================== */

/* {====================================================================
** Acting
** ===================================================================== */

static void open_claims(mj_game *g, int from, mj_tile t)
{
  g->pending = t;
  g->pending_from = from;
  g->pending_wall_last = live_left(g) == 0;
  g->decided = 0;
  g->phase = MJ_PHASE_CLAIM;
  bool any = false;
  for (int q = 0; q < 4; q++) {
    g->options[q] = q == from ? 0 : claim_options(g, q, t);
    any = any || g->options[q];
  }
  if (any)
    return;
  g->pending = MJ_NO_TILE;
  next_draw(g, next_active(g, from));
}

/* 过手胡: who could win and did not is locked until his next draw. */
static void lock_passed_wins(mj_game *g)
{
  if (!g->tbl.pass_lock)
    return;
  for (int q = 0; q < 4; q++)
    if ((g->options[q] & (1u << MJ_ACT_WIN)) && (g->decided >> q & 1) &&
        g->decision[q].type != MJ_ACT_WIN)
      g->pl[q].locked = true;
}

/* A kong was declared: the ruleset's kong hook (its money...). */
static void kong_hook(mj_game *g, int p, mj_tile t, int kind, int from)
{
  mj_flow_ev ev = { .hook = MJ_HOOK_KONG, .player = (int8_t)p,
                    .from = (int8_t)from, .kind = (uint8_t)kind, .tile = t };
  run_hook(g, &ev, NULL);
}

/* The pending discard is taken: by a meld (a claim, which ends the
   first-turn chances) or by a win. */
static void take_discard(mj_game *g, bool meld)
{
  seat *d = &g->pl[g->pending_from];
  if (d->ndisc > 0)
    d->taken[d->ndisc - 1] = 1;
  if (meld)
    g->any_claim = true;
}

/* Offer the others (not the kong's owner p, nor the discarder of its
   tile, or -1) a win by robbing the kong tile t: the rob phase, true
   when someone may. */
static bool offer_rob(mj_game *g, int p, mj_tile t, int discarder)
{
  g->pending = t;
  g->pending_from = p;
  g->pending_wall_last = false;
  g->rob_discarder = discarder;
  g->decided = 0;
  bool any = false;
  for (int q = 0; q < 4; q++) {
    g->options[q] = 0;
    if (q != p && q != discarder && g->tbl.rob_kong && active(g, q) &&
        !g->pl[q].locked && can_win_on(g, q, t, MJ_CTX_ROB))
      g->options[q] = 1u << MJ_ACT_WIN;
    any = any || g->options[q];
  }
  if (any)
    g->phase = MJ_PHASE_ROB;
  return any;
}

/* The exposed kong of p on from's discard t, made: the replacement. */
static void make_exposed_kong(mj_game *g, int p, int from, mj_tile t)
{
  for (int i = 0; i < 3; i++)
    hand_remove(g, p, t);
  mj_meld m = { MJ_KONG, t, (uint8_t)((p - from + 4) & 3), 0 };
  hand_meld(g, p, m, -1);
  seat *d = &g->pl[from];
  if (d->ndisc > 0)
    d->taken[d->ndisc - 1] = 1;
  g->any_claim = true;
  event(g, MJ_EV_KONG, p, t, from, 0);
  g->pending = MJ_NO_TILE;
  g->rob_discarder = -1;
  g->pl[p].kong_from = (int8_t)from;
  kong_hook(g, p, t, MJ_KONG_EXPOSED, from);
  if (faulted(g))
    return;
  if (draw(g, p, g->tbl.replace_tail, true))
    enter_turn(g, p, false);
}

static void resolve_claims(mj_game *g)
{
  int from = g->pending_from;
  mj_tile t = g->pending;
  lock_passed_wins(g);
  /* wins first, the first in turn after the discarder (all of them with
     multi_win) */
  int w[4], nw = 0;
  unsigned f = claim_flags(g);
  for (int k = 1; k < 4; k++) {
    int q = (from + k) & 3;
    if ((g->decided >> q & 1) && g->decision[q].type == MJ_ACT_WIN) {
      w[nw++] = q;
      if (!g->tbl.multi_win)
        break;
    }
  }
  if (nw > 0) {
    take_discard(g, false);
    finish(g, w, nw, from, t, f);
    return;
  }
  /* then a kong or a pung (one player at most can), then a chow */
  for (int pass = 0; pass < 2; pass++)
    for (int k = 1; k < 4; k++) {
      int q = (from + k) & 3;
      if (!(g->decided >> q & 1))
        continue;
      const mj_action *a = &g->decision[q];
      if (pass == 0 && a->type == MJ_ACT_KONG && g->tbl.rob_exposed &&
          offer_rob(g, q, t, from))
        return;            /* 明杠可抢: the others may rob it first */
      if (pass == 0 && (a->type == MJ_ACT_KONG || a->type == MJ_ACT_PON)) {
        int need = a->type == MJ_ACT_KONG ? 3 : 2;
        for (int i = 0; i < need; i++)
          hand_remove(g, q, t);
        mj_meld m = { (uint8_t)(a->type == MJ_ACT_KONG ? MJ_KONG : MJ_PUNG), t,
                      (uint8_t)((q - from + 4) & 3), 0 };
        hand_meld(g, q, m, -1);
        take_discard(g, true);
        event(g, a->type == MJ_ACT_KONG ? MJ_EV_KONG : MJ_EV_PON, q, t, from,
              0);
        g->pending = MJ_NO_TILE;
        if (a->type == MJ_ACT_KONG) {
          g->pl[q].kong_from = (int8_t)from;
          kong_hook(g, q, t, MJ_KONG_EXPOSED, from);
          if (faulted(g))
            return;
          if (draw(g, q, g->tbl.replace_tail, true))
            enter_turn(g, q, false);
        } else {
          enter_turn(g, q, true);
        }
        return;
      }
      if (pass == 1 && a->type == MJ_ACT_CHI) {
        for (int k2 = a->tile; k2 <= a->tile + 2; k2++)
          if (k2 != t)
            hand_remove(g, q, (mj_tile)k2);
        mj_meld m = { MJ_CHOW, a->tile, 1, 0 };
        hand_meld(g, q, m, -1);
        take_discard(g, true);
        event(g, MJ_EV_CHI, q, a->tile, from, 0);
        g->ev[g->nev - 1].claimed = t;
        g->pending = MJ_NO_TILE;
        enter_turn(g, q, true);
        return;
      }
    }
  g->pending = MJ_NO_TILE;
  next_draw(g, next_active(g, from));
}

static void complete_added_kong(mj_game *g)
{
  int p = g->pending_from;
  mj_tile t = g->pending;
  seat *pl = &g->pl[p];
  const mj_meld *m = mj_hand_melds(pl->hand);
  for (int i = 0; i < mj_hand_nmelds(pl->hand); i++)
    if (m[i].type == MJ_PUNG && m[i].tile == t) {
      mj_meld k = m[i];
      k.type = MJ_KONG;
      k.added = 1;
      hand_meld(g, p, k, i);
      break;
    }
  event(g, MJ_EV_AKONG, p, t, -1, 0);
  g->pending = MJ_NO_TILE;
  pl->kong_from = -1;
  kong_hook(g, p, t, MJ_KONG_ADDED, -1);
  if (faulted(g))
    return;
  if (draw(g, p, g->tbl.replace_tail, true))
    enter_turn(g, p, false);
}

static void resolve_rob(mj_game *g)
{
  int from = g->pending_from;
  int w[4], n = 0;
  lock_passed_wins(g);
  for (int k = 1; k < 4; k++) {
    int q = (from + k) & 3;
    if ((g->decided >> q & 1) && g->decision[q].type == MJ_ACT_WIN)
      w[n++] = q;
  }
  if (n == 0) {
    if (g->rob_discarder >= 0)
      make_exposed_kong(g, from, g->rob_discarder, g->pending);
    else
      complete_added_kong(g);
    return;
  }
  if (!g->tbl.rob_all)
    n = 1;
  if (g->rob_discarder >= 0) {   /* the tile leaves the discarder's river */
    seat *d = &g->pl[g->rob_discarder];
    if (d->ndisc > 0)
      d->taken[d->ndisc - 1] = 1;
    g->rob_discarder = -1;
  }
  /* the robbed tile leaves the kong's owner */
  finish(g, w, n, from, g->pending, MJ_CTX_ROB);
}

/* Is a legal now? (The same as finding it in mj_game_legal's list.) */
static bool legal_one(const mj_game *g, const mj_action *a)
{
  int p = a->player;
  const seat *pl = &g->pl[p];
  const uint8_t *c = mj_hand_counts(pl->hand);
  if (g->phase == MJ_PHASE_TURN) {
    if (p != g->turn)
      return false;
    switch (a->type) {
    case MJ_ACT_DISCARD:
      return a->tile < MJ_KINDS && c[a->tile] > 0 &&
             (!hand_fixed(g, p) || a->tile == g->last_draw);
    case MJ_ACT_WIN:
      return !pl->claimed && a->tile == g->last_draw && can_win_self(g, p);
    case MJ_ACT_CKONG:
      return a->tile < MJ_KINDS && c[a->tile] == 4 && kong_allowed(g, p) &&
             !hand_fixed(g, p) && (g->tbl.wild_melds || !is_wild(g, a->tile));
    case MJ_ACT_AKONG: {
      if (a->tile >= MJ_KINDS || c[a->tile] == 0 || !kong_allowed(g, p) ||
          hand_fixed(g, p))
        return false;
      const mj_meld *m = mj_hand_melds(pl->hand);
      for (int i = 0; i < mj_hand_nmelds(pl->hand); i++)
        if (m[i].type == MJ_PUNG && m[i].tile == a->tile)
          return true;
      return false;
    }
    default:
      return false;
    }
  }
  if (g->phase != MJ_PHASE_CLAIM && g->phase != MJ_PHASE_ROB)
    return false;
  if ((g->decided >> p & 1) || !g->options[p])
    return false;
  if (a->type == MJ_ACT_PASS)
    return true;
  if (a->tile != g->pending && a->type != MJ_ACT_CHI)
    return false;
  if (a->type == MJ_ACT_CHI) {
    if (!(g->options[p] & (1u << MJ_ACT_CHI)) || a->tile >= MJ_HONOR_FIRST ||
        a->tile % 9 > 6 || g->pending >= MJ_HONOR_FIRST ||
        a->tile / 9 != g->pending / 9 || g->pending < a->tile ||
        g->pending > a->tile + 2)
      return false;
    for (int k = a->tile; k <= a->tile + 2; k++)
      if (k != g->pending && c[k] == 0)
        return false;
    return true;
  }
  return a->type < MJ_ACT_COUNT && (g->options[p] & (1u << a->type)) != 0;
}

static bool in_list(const mj_action *a, const mj_action *list, int n)
{
  for (int i = 0; i < n; i++)
    if (list[i].type == a->type && list[i].tile == a->tile)
      return true;
  return false;
}

static mj_status apply_action(mj_game *g, const mj_action *act, mj_error *err);

/* The decisions before play: a tile to pass (passed when all have chosen,
   by the dice), a missing suit (revealed when all have declared). */
static void before_play(mj_game *g, const mj_action *a)
{
  int p = a->player;
  seat *pl = &g->pl[p];
  if (a->type == MJ_ACT_SWAP) {
    hand_remove(g, p, a->tile);
    pl->swap[pl->nswap++] = a->tile;
    if (mj_game_waiting(g) != 0)
      return;
    int n = g->tbl.nswap_to > 0 ? g->tbl.nswap_to : 1;
    g->swap_off = g->tbl.nswap_to > 0 ? g->tbl.swap_to[g->dice % n] : 2;
    for (int k = 0; k < 4; k++) {
      int q = (g->dealer + k) & 3, to = (q + g->swap_off) & 3;
      for (int i = 0; i < g->pl[q].nswap; i++)
        hand_add(g, to, g->pl[q].swap[i]);
      event(g, MJ_EV_SWAP, q, g->pl[q].swap[0], to, 0);
    }
    /* the dealer's "drawn" tile: one he still holds */
    const uint8_t *c = mj_hand_counts(g->pl[g->dealer].hand);
    if (g->last_draw >= MJ_KINDS || c[g->last_draw] == 0) {
      int d = (g->dealer - g->swap_off + 4) & 3;
      g->last_draw = g->pl[d].swap[g->pl[d].nswap - 1];
    }
    g->phase = g->tbl.void_suit ? MJ_PHASE_QUE : MJ_PHASE_TURN;
    return;
  }
  pl->void_suit = (int8_t)(a->tile / 9);
  if (mj_game_waiting(g) != 0)
    return;
  for (int k = 0; k < 4; k++) {
    int q = (g->dealer + k) & 3;
    event(g, MJ_EV_QUE, q, (mj_tile)(g->pl[q].void_suit * 9), -1, 0);
  }
  g->phase = MJ_PHASE_TURN;
}

mj_status mj_game_act(mj_game *g, const mj_action *a, mj_error *err)
{
  mj_status st = apply_action(g, a, err);
  if (st == MJ_OK && faulted(g))
    return mj_fail(err, MJ_EINVAL, 0,
                   "the hand stopped on an error of the ruleset: %s",
                   g->fault->msg);
  return st;
}

static mj_status apply_action(mj_game *g, const mj_action *act, mj_error *err)
{
  mj_action legal[MJ_MAX_LEGAL];
  mj_action norm = *act;
  const mj_action *a = &norm;
  int p = a->player;
  /* the tile of a win, a pung or a kong claim is the one on offer */
  if (g->phase == MJ_PHASE_TURN && norm.type == MJ_ACT_WIN)
    norm.tile = g->last_draw;
  else if ((g->phase == MJ_PHASE_CLAIM || g->phase == MJ_PHASE_ROB) &&
           (norm.type == MJ_ACT_WIN || norm.type == MJ_ACT_PON ||
            norm.type == MJ_ACT_KONG || norm.type == MJ_ACT_PASS))
    norm.tile = g->pending;
  if (faulted(g))
    return mj_fail(err, MJ_EINVAL, 0,
                   "the hand stopped on an error of the ruleset: %s",
                   g->fault->msg);
  if (g->phase == MJ_PHASE_OVER)
    return mj_fail(err, MJ_ESTATE, 0, "the hand is over");
  if (p > 3)
    return mj_fail(err, MJ_EINVAL, 0, "no player %d", p);
  if (!(mj_game_waiting(g) >> p & 1))
    return mj_fail(err, MJ_ESTATE, 0, "it is not player %d's move", p);
  int n = legal_one(g, a) ? 1 : 0;
  if (n) {
    legal[0] = *a;
  } else {
    n = mj_game_legal(g, p, legal, MJ_MAX_LEGAL);
  }
  if (!in_list(a, legal, n)) {
    if (a->type == MJ_ACT_WIN)
      return mj_game_why_no_win(g, p, err);
    return mj_fail(err, MJ_ESTATE, 0, "the action is not legal now");
  }
  record(g, a);
  seat *pl = &g->pl[p];
  if (g->phase == MJ_PHASE_SWAP || g->phase == MJ_PHASE_QUE) {
    before_play(g, a);
    return MJ_OK;
  }
  if (g->phase == MJ_PHASE_TURN) {
    /* a discard instead of a win on one's draw (偷机 in 宝), when the
       ruleset asks */
    if ((mj_rules_hooks(g->r) >> MJ_HOOK_DECLINE & 1) &&
        a->type == MJ_ACT_DISCARD && !pl->claimed && g->last_draw < MJ_KINDS &&
        can_win_self(g, p)) {
      event(g, MJ_EV_DECLINE, p, g->last_draw, -1, 0);
      seat_hook(g, MJ_HOOK_DECLINE, p, g->last_draw);
      if (faulted(g))
        return MJ_OK;
    }
    switch (a->type) {
    case MJ_ACT_WIN:
      finish(g, &p, 1, -1, g->last_draw, self_flags(g, p));
      return MJ_OK;
    case MJ_ACT_DISCARD: {
      hand_remove(g, p, a->tile);
      if (pl->ndisc < MAX_DISC) {
        pl->disc[pl->ndisc] = a->tile;
        pl->taken[pl->ndisc] = 0;
        pl->ndisc++;
      }
      pl->ndiscarded++;
      g->ndiscards++;
      end_turn_states(g, p);
      g->pending_kong = pl->kong_draw;
      pl->kong_draw = false;
      event(g, MJ_EV_DISCARD, p, a->tile, -1, 0);
      seat_hook(g, MJ_HOOK_DISCARD, p, a->tile);
      if (faulted(g))
        return MJ_OK;
      open_claims(g, p, a->tile);
      return MJ_OK;
    }
    case MJ_ACT_CKONG: {
      for (int i = 0; i < 4; i++)
        hand_remove(g, p, a->tile);
      mj_meld m = { MJ_CKONG, a->tile, 0, 0 };
      hand_meld(g, p, m, -1);
      event(g, MJ_EV_CKONG, p, a->tile, -1, 0);
      end_turn_states(g, p);
      pl->kong_from = -1;
      kong_hook(g, p, a->tile, MJ_KONG_CONCEALED, -1);
      if (faulted(g))
        return MJ_OK;
      if (draw(g, p, g->tbl.replace_tail, true))
        enter_turn(g, p, false);
      return MJ_OK;
    }
    case MJ_ACT_AKONG:
      hand_remove(g, p, a->tile);
      end_turn_states(g, p);
      if (!offer_rob(g, p, a->tile, -1))
        complete_added_kong(g);
      return MJ_OK;
    default:
      return mj_fail(err, MJ_ESTATE, 0, "not a move for one's turn");
    }
  }
  /* a claim phase: note the decision, resolve when everyone decided */
  g->decision[p] = *a;
  g->decided |= 1u << p;
  if (a->type == MJ_ACT_PASS)
    event(g, MJ_EV_PASS, p, g->pending, g->pending_from, 0);
  if (mj_game_waiting(g) == 0) {
    if (g->phase == MJ_PHASE_ROB)
      resolve_rob(g);
    else
      resolve_claims(g);
  }
  return MJ_OK;
}

mj_status mj_game_why_no_win(const mj_game *g, int p, mj_error *err)
{
  mj_hand *h = mj_hand_new();
  mj_score *s = malloc(sizeof *s);
  mj_error e;
  mj_error_clear(&e);
  if (h != NULL && s != NULL)
    mj_game_try_win(g, p, h, s, &e);
  mj_hand_free(h);
  free(s);
  return mj_fail(err, MJ_ESTATE, 0, "no win: %s",
                 e.msg[0] ? e.msg : "not legal now");
}

mj_status mj_game_try_win(const mj_game *g, int p, mj_hand *hand, mj_score *s,
                          mj_error *err)
{
  if (g->phase == MJ_PHASE_TURN && p == g->turn) {
    if (g->pl[p].claimed)
      return mj_fail(err, MJ_ESTATE, 0, "after a chow or pung, discard first");
    return check_win(g, p, g->last_draw, self_flags(g, p), hand, s, err)
               ? MJ_OK
               : MJ_ENOTWIN;
  }
  if ((g->phase == MJ_PHASE_CLAIM || g->phase == MJ_PHASE_ROB) &&
      p != g->pending_from) {
    bool opens = g->phase == MJ_PHASE_CLAIM && state_opens(g, p, g->pending);
    if (g->phase == MJ_PHASE_CLAIM && g->tbl.self_draw_only && !opens)
      return mj_fail(err, MJ_ENOTWIN, 0,
                     "only self-drawn wins count (self_draw_only)");
    if (g->pl[p].out)
      return mj_fail(err, MJ_ESTATE, 0, "you have won and left play");
    if (g->pl[p].locked && !opens)
      return mj_fail(err, MJ_ENOTWIN, 0,
                     "过手胡: you passed a win; no win on a discard until "
                     "your next draw");
    return check_win(g, p, g->pending, claim_flags(g), hand, s, err)
               ? MJ_OK
               : MJ_ENOTWIN;
  }
  return mj_fail(err, MJ_ESTATE, 0, "there is no tile to win on now");
}

/* }==================================================================== */

/* {====================================================================
** Queries
** ===================================================================== */

const mj_rules *mj_game_rules(const mj_game *g) { return g->r; }
const mj_game_cfg *mj_game_config(const mj_game *g) { return &g->cfg; }
const char *mj_phase_name(mj_phase ph)
{
  static const char *const names[] = { "turn", "claim", "rob",
                                       "swap", "que",   "over" };
  return (unsigned)ph < 6 ? names[ph] : "over";
}

mj_phase mj_game_phase(const mj_game *g) { return g->phase; }
int mj_game_turn(const mj_game *g) { return g->turn; }
int mj_game_dealer(const mj_game *g) { return g->dealer; }
int mj_game_round(const mj_game *g) { return g->round; }
const mj_hand *mj_game_hand(const mj_game *g, int p)
{
  return g->pl[p & 3].hand;
}
int mj_game_wall_left(const mj_game *g) { return live_left(g); }
mj_tile mj_game_last_draw(const mj_game *g) { return g->last_draw; }
mj_tile mj_game_own_draw(const mj_game *g, int p)
{
  if (g->phase != MJ_PHASE_TURN || g->turn != p || g->pl[p & 3].claimed)
    return MJ_NO_TILE;
  return g->last_draw;
}
mj_tile mj_game_indicator(const mj_game *g) { return g->indicator; }
mj_tileset mj_game_wild(const mj_game *g) { return g->wild; }
int mj_game_state(const mj_game *g, int p, int i)
{
  return i >= 0 && i < g->tbl.nstates ? g->pl[p & 3].state[i] : 0;
}
int mj_game_state_find(const mj_game *g, const char *name, int token)
{
  for (int i = 0; i < g->tbl.nstates; i++)
    if (name != NULL ? strcmp(g->tbl.states[i].name, name) == 0
                     : g->tbl.states[i].token == token)
      return i;
  return -1;
}
bool mj_game_over(const mj_game *g)
{
  return g->phase == MJ_PHASE_OVER || faulted(g);
}
const char *mj_game_fault(const mj_game *g)
{
  return faulted(g) ? g->fault->msg : NULL;
}
bool mj_game_drawn(const mj_game *g) { return g->drawn; }
int mj_game_payer(const mj_game *g) { return g->payer; }
int mj_game_nevents(const mj_game *g) { return g->nev; }
const mj_event *mj_game_event(const mj_game *g, int i) { return &g->ev[i]; }
int mj_game_nactions(const mj_game *g) { return g->nact; }
const mj_action *mj_game_action(const mj_game *g, int i) { return &g->act[i]; }
const mj_action *mj_game_actions(const mj_game *g) { return g->act; }

mj_game *mj_game_replay(const mj_rules *r, const mj_game_cfg *cfg,
                        const mj_action *acts, int n, mj_replay_step step,
                        void *ud, int *failed, mj_error *err)
{
  if (failed != NULL)
    *failed = -1;
  mj_game *g = mj_game_new(r, cfg, err);
  for (int i = 0; g != NULL && i <= n; i++) {
    if (step != NULL && step(ud, i, g) != 0)
      break;
    if (i == n)
      break;
    if (mj_game_act(g, &acts[i], err) != MJ_OK) {
      if (failed != NULL)
        *failed = i;
      mj_game_free(g);
      g = NULL;
    }
  }
  return g;
}
const uint8_t *mj_game_dealt(const mj_game *g, int p)
{
  return g->pl[p & 3].dealt;
}

mj_tile mj_game_pending(const mj_game *g, int *from)
{
  if (from != NULL)
    *from = g->pending_from;
  return g->pending;
}

int mj_game_discards(const mj_game *g, int p, const mj_tile **tiles,
                     const uint8_t **taken)
{
  *tiles = g->pl[p & 3].disc;
  if (taken != NULL)
    *taken = g->pl[p & 3].taken;
  return g->pl[p & 3].ndisc;
}

int mj_game_flowers(const mj_game *g, int p, const mj_tile **tiles)
{
  if (tiles != NULL)
    *tiles = g->pl[p & 3].flowers;
  return g->pl[p & 3].nflowers;
}

void mj_game_visible(const mj_game *g, int p, uint8_t counts[MJ_KINDS])
{
  memset(counts, 0, MJ_KINDS);
  for (int q = 0; q < 4; q++) {
    const seat *pl = &g->pl[q];
    for (int i = 0; i < pl->ndisc; i++)
      if (!pl->taken[i] && pl->disc[i] < MJ_KINDS)
        counts[pl->disc[i]]++;
    if (q == p)
      continue;
    const mj_meld *m = mj_hand_melds(pl->hand);
    for (int i = 0; i < mj_hand_nmelds(pl->hand); i++) {
      if (m[i].type == MJ_CKONG)
        continue;   /* face down */
      if (m[i].type == MJ_CHOW)
        for (int k = 0; k < 3; k++)
          counts[m[i].tile + k]++;
      else
        counts[m[i].tile] += (uint8_t)mj_meld_size(&m[i]);
    }
  }
  if (g->indicator < MJ_KINDS)
    counts[g->indicator]++;
}

int mj_game_winners(const mj_game *g, int out[MJ_MAX_WINS])
{
  for (int k = 0; k < g->nwin; k++)
    out[k] = g->winners[k];
  return g->nwin;
}

int mj_game_wins(const mj_game *g, int p) { return g->pl[p & 3].wins; }

const mj_score *mj_game_result(const mj_game *g, int k)
{
  return k >= 0 && k < g->nwin ? g->results[k] : NULL;
}

const mj_hand *mj_game_win_hand(const mj_game *g, int k)
{
  return k >= 0 && k < g->nwin ? g->win_hands[k] : NULL;
}

void mj_game_payments(const mj_game *g, int pay[4])
{
  memcpy(pay, g->led.pay, sizeof g->led.pay);
}

int mj_game_ledger(const mj_game *g, const mj_payment **out)
{
  *out = g->led.entries;
  return g->led.n;
}

const char *mj_game_reason(const mj_game *g, int reason)
{
  return mj_ledger_reason_name(&g->led, reason);
}

bool mj_game_in_hook(const mj_game *g) { return g->in_hook > 0; }

static mj_status hook_only(const mj_game *g, mj_error *err)
{
  if (g->in_hook <= 0)
    return mj_fail(err, MJ_ESTATE, 0,
                   "the ledger changes only inside a flow hook");
  return MJ_OK;
}

mj_status mj_game_turn_tiles(mj_game *g, int n, mj_tile *out, int *got,
                             mj_error *err)
{
  *got = 0;
  mj_status st = hook_only(g, err);
  if (st != MJ_OK)
    return st;
  if (n < 0 || n > 16)
    return mj_fail(err, MJ_EINVAL, 0, "turn 0..16 tiles, not %d", n);
  for (int i = 0; i < n; i++) {
    mj_tile t = mj_wall_draw(&g->wall);
    if (t == MJ_NO_TILE)
      break;
    out[(*got)++] = t;
    event(g, MJ_EV_TURNED, -1, t, -1, 0);
  }
  return MJ_OK;
}

mj_status mj_game_turned_for(mj_game *g, int k, int p, mj_error *err)
{
  mj_status st = hook_only(g, err);
  if (st != MJ_OK)
    return st;
  if (p < 0 || p > 3)
    return mj_fail(err, MJ_EINVAL, 0, "a seat is 1..4");
  for (int i = 0, n = 0; i < g->nev; i++)
    if (g->ev[i].type == MJ_EV_TURNED && n++ == k) {
      g->ev[i].player = (int8_t)p;
      return MJ_OK;
    }
  return mj_fail(err, MJ_EINVAL, 0, "no turned tile %d this hand", k + 1);
}

mj_status mj_game_set_state(mj_game *g, int p, int i, int v, mj_error *err)
{
  mj_status st = hook_only(g, err);
  if (st != MJ_OK)
    return st;
  if (p < 0 || p > 3 || i < 0 || i >= g->tbl.nstates)
    return mj_fail(err, MJ_EINVAL, 0, "no state %d of seat %d", i, p + 1);
  if (v < 0 || v > 30000)
    return mj_fail(err, MJ_EINVAL, 0, "a state is 0..30000, not %d", v);
  g->pl[p].state[i] = (int16_t)v;
  return MJ_OK;
}

mj_status mj_game_pay(mj_game *g, int payer, int payee, int amount,
                      const char *reason, int *index, mj_error *err)
{
  int r;
  mj_status st = hook_only(g, err);
  if (st != MJ_OK ||
      (st = mj_ledger_reason(&g->led, reason, &r, err)) != MJ_OK)
    return st;
  if (payer < 0 || payer > 3 || payee < 0 || payee > 3 || payer == payee)
    return mj_fail(err, MJ_EINVAL, 0,
                   "a payment is between two different seats 1..4");
  if (amount <= 0 || amount > 1000000)
    return mj_fail(err, MJ_EINVAL, 0, "a payment's amount is 1..1000000");
  if (g->led.n >= MJ_LEDGER_MAX)
    return mj_fail(err, MJ_ERANGE, 0, "at most %d payments a hand",
                   MJ_LEDGER_MAX);
  st = mj_ledger_pay(&g->led, payer, payee, amount, r, -1, g->nev - 1, err);
  if (st == MJ_OK && index != NULL)
    *index = g->led.n - 1;
  return st;
}

mj_status mj_game_transfer(mj_game *g, int i, int to, const char *reason,
                           mj_error *err)
{
  int r = 0;
  mj_status st = hook_only(g, err);
  if (st != MJ_OK || (st = mj_ledger_standing(&g->led, i, err)) != MJ_OK ||
      (st = mj_ledger_reason(&g->led, reason, &r, err)) != MJ_OK)
    return st;
  return mj_ledger_transfer(&g->led, i, to, r, g->nev - 1, err);
}

mj_status mj_game_refund(mj_game *g, int i, const char *reason, mj_error *err)
{
  int r = 0;
  mj_status st = hook_only(g, err);
  if (st != MJ_OK || (st = mj_ledger_standing(&g->led, i, err)) != MJ_OK ||
      (st = mj_ledger_reason(&g->led, reason, &r, err)) != MJ_OK)
    return st;
  return mj_ledger_refund(&g->led, i, r, g->nev - 1, err);
}

bool mj_game_active(const mj_game *g, int p) { return active(g, p); }

int mj_game_void_suit(const mj_game *g, int p, int viewer)
{
  const seat *pl = &g->pl[p & 3];
  if (viewer >= 0 && viewer != p && g->phase == MJ_PHASE_QUE)
    return -1;
  return pl->void_suit;
}

bool mj_game_holds_void(const mj_game *g, int p)
{
  return holds_void(g, p & 3);
}

int mj_game_dice(const mj_game *g) { return g->dice; }
int mj_game_swap_offset(const mj_game *g) { return g->swap_off; }
int mj_game_swap_tiles(const mj_game *g, int p, const mj_tile **tiles)
{
  *tiles = g->pl[p & 3].swap;
  return g->pl[p & 3].nswap;
}

int mj_game_best_win(const mj_game *g, int p, mj_tile *best)
{
  p &= 3;
  const seat *pl = &g->pl[p];
  int top = 0;
  if (best != NULL)
    *best = MJ_NO_TILE;
  if (holds_void(g, p) || mj_hand_ntiles(pl->hand) % 3 != 1)
    return 0;
  mj_hand *h = mj_hand_new();
  mj_score *s = malloc(sizeof *s);
  for (int t = 0; h != NULL && s != NULL && t < MJ_KINDS; t++) {
    if (in_void(g, p, (mj_tile)t) || mj_hand_counts(pl->hand)[t] >= 4)
      continue;
    mj_tileview v = pl->v;
    mj_tileview_add_face(&v, (mj_tile)t);
    if (!mj_is_win(&v, mj_rules_shapes(g->r)))
      continue;
    mj_hand_copy(h, pl->hand);
    if (mj_hand_add(h, (mj_tile)t) != MJ_OK)
      continue;
    win_ctx(g, p, h, (mj_tile)t);   /* no flag: a discard win, plain */
    mj_error e;
    mj_status st = mj_score_hand(g->r, h, s, &e);
    if (st == MJ_ERULES)
      note_fault(g, &e);
    if (st == MJ_OK && s->meets_min && s->total > top) {
      top = s->total;
      if (best != NULL)
        *best = (mj_tile)t;
    }
  }
  mj_hand_free(h);
  free(s);
  return top;
}

void mj_game_scores(const mj_game *g, int scores[4])
{
  memcpy(scores, g->led.scores, sizeof g->led.scores);
}

int mj_game_next_dealer(const mj_game *g)
{
  const mj_table *t = &g->tbl;
  if (g->hook_dealer >= 0)
    return g->hook_dealer;
  if (g->drawn || g->nwin == 0)
    return t->dealer_stays_on_draw ? g->dealer : (g->dealer + 1) & 3;
  if (t->winner_deals)
    return g->winners[0];
  for (int k = 0; k < g->nwin; k++)
    if (g->winners[k] == g->dealer && t->dealer_stays_on_win)
      return g->dealer;
  return (g->dealer + 1) & 3;
}

/* }==================================================================== */

void mj_game_seat_view(const mj_game *g, int p, mj_seat_view *v)
{
  p &= 3;
  memset(v, 0, sizeof *v);
  v->seat = p;
  v->wind = mj_game_seat_wind(g, p);
  v->round = g->round;
  v->dealer = g->dealer;
  v->wall = live_left(g);
  v->phase = g->phase;
  mj_hand_print(g->pl[p].hand, v->hand, sizeof v->hand);
  v->draw = mj_game_own_draw(g, p);
  v->tile = MJ_NO_TILE;
  v->from = -1;
  if (g->phase == MJ_PHASE_CLAIM || g->phase == MJ_PHASE_ROB) {
    v->tile = g->pending;
    v->from = g->pending_from;
  }
  v->wild = g->wild;
  v->indicator = g->indicator;
  for (int q = 0; q < 4; q++) {
    const seat *s = &g->pl[q];
    v->players[q].score = g->led.scores[q];
    v->players[q].tiles = mj_hand_ntiles(s->hand);
    const mj_meld *m = mj_hand_melds(s->hand);
    int nm = mj_hand_nmelds(s->hand);
    for (int i = 0; i < nm && i < 4; i++) {
      char *out = v->players[q].melds[i];
      if (m[i].type == MJ_CKONG && q != p) {
        snprintf(out, 20, "{concealed kong}");
      } else {
        char t[3];
        mj_tile_str(m[i].tile, t);
        int r = t[0] - '0';
        if (m[i].type == MJ_CHOW)
          snprintf(out, 20, "[%d%d%d%c]", r, r + 1, r + 2, t[1]);
        else {   /* [555p], [5555p], {5555p} */
          int k = m[i].type == MJ_PUNG ? 3 : 4, n = 0;
          out[n++] = m[i].type == MJ_CKONG ? '{' : '[';
          while (k-- > 0)
            out[n++] = t[0];
          out[n++] = t[1];
          out[n++] = m[i].type == MJ_CKONG ? '}' : ']';
          out[n] = '\0';
        }
      }
    }
    v->players[q].nmelds = nm < 4 ? nm : 4;
    v->players[q].ndisc = s->ndisc;
    v->players[q].disc = s->disc;
    v->players[q].missing = mj_game_void_suit(g, q, p);
    v->players[q].active = active(g, q);
  }
}
