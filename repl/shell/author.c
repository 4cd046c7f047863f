/*
** author.c
** The REPL's commands for rule authors: the rulesets loaded and
** available, switching, loading and reloading files, Lua at the prompt,
** a lint of a ruleset over random hands, and scenario scripts.
*/
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "i18n.h"
#include "lang.h"
#include "tile.h"
#include "bot.h"
#include "game.h"
#include "repl.h"
#include "rules.h"
#include "score.h"
#include "wall.h"

static int c_rulesets(repl *r, int argc, char **argv, const char *rest)
{
  (void)argv;
  (void)rest;
  if (argc > 1)
    return repl_usage(r, "rulesets");
  const mj_rules *cur = repl_rules(r);
  int n = mj_host_count(r->host);
  printf(_("loaded:\n"));
  for (int i = 0; i < n; i++) {
    const mj_rules *rs = mj_host_at(r->host, i);
    const char *path = mj_host_path_at(r->host, i);
    char pad[256];
    printf("  %s %-14s %s %s\n", rs == cur ? "*" : " ", mj_rules_id(rs),
           mj_text_pad(repl_desc(mj_rules_title(rs)), 40, pad, sizeof pad),
           path ? path : "");
  }
  char ids[64][64];
  int k = mj_host_available(r->host, ids, 64);
  printf(_("available:"));
  for (int i = 0; i < k; i++)
    printf(" %s", ids[i]);
  printf(_("\n(* in use; \"use ID\" switches, \"load FILE\" loads a file)\n"));
  return 0;
}

static int c_use(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  if (argc != 2)
    return repl_usage(r, "use");
  mj_error e;
  if (mj_host_use(r->host, argv[1], &e) != MJ_OK)
    return repl_error(r, "%s", e.msg);
  const mj_rules *rs = mj_host_current(r->host);
  printf(_("using %s: %s (%d fans)\n"), mj_rules_id(rs), repl_desc(mj_rules_title(rs)),
         mj_rules_nfans(rs));
  const char *gid = play_ruleset_id(r);
  if (gid != NULL && strcmp(gid, mj_rules_id(rs)) != 0)
    printf(_("The teaching tools use %s; the game in play stays %s (new %s "
           "deals one).\n"), mj_rules_id(rs), gid, mj_rules_id(rs));
  return 0;
}

/* argv[first..] as NAME=VALUE options in opts; false (said) if not. */
static bool options_of(repl *r, int argc, char **argv, int first, char *opts,
                       size_t cap)
{
  size_t len = 0;
  opts[0] = '\0';
  for (int i = first; i < argc; i++) {
    if (strchr(argv[i], '=') == NULL) {
      repl_error(r, "'%s': options are NAME=VALUE", argv[i]);
      return false;
    }
    mj_catf(opts, cap, &len, "%s%s", len ? " " : "", argv[i]);
  }
  if (len >= cap) {
    repl_error(r, "the options are longer than %zu bytes", cap - 1);
    return false;
  }
  return true;
}

static int c_load(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  if (argc < 2)
    return repl_usage(r, "load");
  char opts[1024];
  if (!options_of(r, argc, argv, 2, opts, sizeof opts))
    return 1;
  const mj_rules *rs;
  mj_error e;
  if (mj_host_load(r->host, argv[1], opts[0] ? opts : NULL, &rs, &e) != MJ_OK)
    return repl_error(r, "%s", e.msg);
  mj_host_use(r->host, mj_rules_id(rs), &e);
  printf(_("loaded %s: %s, %d fans; now in use\n"), mj_rules_id(rs),
         repl_desc(mj_rules_title(rs)), mj_rules_nfans(rs));
  return 0;
}

static int c_reload(repl *r, int argc, char **argv, const char *rest)
{
  (void)argv;
  (void)rest;
  if (argc > 1)
    return repl_usage(r, "reload");
  int n;
  mj_error e;
  if (mj_host_reload(r->host, &n, &e) != MJ_OK)
    return repl_error(r, "%s (the previous version stays in use)", e.msg);
  if (n == 0)
    printf(_("nothing changed since it was loaded\n"));
  else
    printf(ngettext("reloaded %d ruleset\n", "reloaded %d rulesets\n", n), n);
  return 0;
}

static int c_lua(repl *r, int argc, char **argv, const char *rest)
{
  (void)argv;
  if (argc < 2)
    return repl_usage(r, "lua");
  return repl_lua(r, rest);
}

static int c_run(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  if (argc < 2)
    return repl_usage(r, "run");
  mj_error e;
  fflush(stdout);
  if (mj_host_dofile(r->host, argv[1], argc - 2, argv + 2, &e) != MJ_OK)
    return repl_error(r, "%s", e.msg);
  return 0;
}

/* {====================================================================
** check: a lint of a ruleset
** ===================================================================== */

/* The concealed tiles of a random hand of a special shape into c (14
   tiles, no meld). False when the shape has no random form here. */
static bool special_tiles(mj_rng *g, int shape, uint8_t *c)
{
  const mj_tile *th = mj_terminals_honors;
  int n = 0;
  switch (shape) {
  case MJ_SHAPE_JIUYAO:           /* terminals and honors, any mix */
    while (n < 14) {
      int t = th[mj_rng_below(g, 13)];
      if (c[t] < 4)
        c[t]++, n++;
    }
    return true;
  case MJ_SHAPE_ORPHANS:          /* the thirteen, one of them twice */
    for (int i = 0; i < 13; i++)
      c[th[i]] = 1;
    c[th[mj_rng_below(g, 13)]]++;
    return true;
  case MJ_SHAPE_SHISANLAN:        /* per suit ranks 3 apart, honors single */
  case MJ_SHAPE_HONORS_KNITTED: { /* a knitted sequence's tiles and honors */
    int seq = (int)mj_rng_below(g, 6);
    int pool[16], np = 0;
    for (int s = 0; s < 3; s++)
      for (int r = mj_knitted_seq[seq][s]; r <= 9; r += 3)
        pool[np++] = s * 9 + r - 1;
    for (int t = MJ_HONOR_FIRST; t < MJ_KINDS; t++)
      pool[np++] = t;
    for (int i = np - 1; i > 0; i--) {   /* 14 of the 16, at random */
      int j = (int)mj_rng_below(g, (uint32_t)i + 1), x = pool[i];
      pool[i] = pool[j];
      pool[j] = x;
    }
    for (int i = 0; i < 14; i++)
      c[pool[i]]++;
    return true;
  }
  default:
    return false;
  }
}

/* A random standard hand or seven pairs into c and the declared melds'
   text. False when the draw failed. */
static bool meld_tiles(mj_rng *g, bool pairs, int sets, int kinds,
                       uint8_t *c, char *melds, size_t cap)
{
  size_t ml = 0;
  /* a flush, half the time in one suit */
  int suit = (int)mj_rng_below(g, 3), bias = (int)mj_rng_below(g, 3);
  int retries = 20;
  for (int m = 0; m < (pairs ? 7 : sets); m++) {
    int t = (int)mj_rng_below(g, (uint32_t)kinds);
    if (bias == 0 && t < MJ_HONOR_FIRST)
      t = suit * 9 + t % 9;
    if (pairs) {
      if (c[t] == 2 && retries-- > 0 && mj_rng_below(g, 4) != 0) {
        m--;          /* a kind four times (two pairs) a quarter as often */
        continue;
      }
      if (c[t] + 2 > 4)
        return false;
      c[t] += 2;
      continue;
    }
    bool chow = mj_rng_below(g, 2) && t < MJ_HONOR_FIRST && t % 9 <= 6;
    int kong = !chow && mj_rng_below(g, 8) == 0;
    int need = chow ? 1 : 3 + kong;
    if (chow ? (c[t] >= 4 || c[t + 1] >= 4 || c[t + 2] >= 4) : c[t] + need > 4)
      return false;
    int r = mj_tile_rank((mj_tile)t);
    char s = "mpsz"[mj_tile_suit((mj_tile)t)];
    bool declared = kong || mj_rng_below(g, 3) == 0;
    if (chow) {
      c[t]++, c[t + 1]++, c[t + 2]++;
      if (declared) {
        ml += (size_t)snprintf(melds + ml, cap - ml, "[%d%d%d%c]", r, r + 1,
                               r + 2, s);
        c[t]--, c[t + 1]--, c[t + 2]--;
      }
    } else if (declared) {
      bool hidden = kong && mj_rng_below(g, 2);
      ml += (size_t)snprintf(melds + ml, cap - ml, "%c", hidden ? '{' : '[');
      for (int k = 0; k < need; k++)
        ml += (size_t)snprintf(melds + ml, cap - ml, "%d", r);
      ml +=
          (size_t)snprintf(melds + ml, cap - ml, "%c%c", s, hidden ? '}' : ']');
    } else {
      c[t] += (uint8_t)need;
    }
  }
  if (!pairs) {
    int p = (int)mj_rng_below(g, (uint32_t)kinds);
    if (c[p] + 2 > 4)
      return false;
    c[p] += 2;
  }
  return true;
}

/* A random tile among the counts c (total > 0). */
static int pick_tile(mj_rng *g, const uint8_t *c, int total)
{
  int k = (int)mj_rng_below(g, (uint32_t)total);
  for (int t = 0, seen = 0; t < MJ_KINDS; t++) {
    if (seen + c[t] > k)
      return t;
    seen += c[t];
  }
  return 0;
}

/* A random dealt hand (13 tiles, the dealer's 14) declared as such
   (qishou), for the fans of the dealt tiles. */
static bool dealt_hand(mj_rng *g, int kinds, int players, mj_hand *h)
{
  uint8_t c[MJ_KINDS] = { 0 };
  int seat = (int)mj_rng_below(g, (uint32_t)players);
  for (int n = 0; n < (seat == 0 ? 14 : 13);) {
    int t = (int)mj_rng_below(g, (uint32_t)kinds);
    if (c[t] < 4)
      c[t]++, n++;
  }
  char text[120], tiles[64];
  mj_counts_print(c, MJ_KINDS, tiles, sizeof tiles);
  snprintf(text, sizeof text, "%s qishou seat=%c", tiles, "ESWN"[seat]);
  mj_error e;
  return mj_hand_parse(h, text, strlen(text), &e) == MJ_OK &&
         mj_hand_check(h, MJ_CHECK_WIN, &e) == MJ_OK;
}

/*
** A random winning hand for the lint: of every shape the ruleset allows
** (melds, some declared, a pair; or a special shape), with a random
** context of the tokens the ruleset reads. False when the draw failed.
*/
static bool lint_hand(mj_rng *g, const mj_rules *rs, mj_hand *h)
{
  char text[200];
  uint8_t c[MJ_KINDS] = { 0 };
  char melds[96] = "";
  /* the shape: standard four times as often as each other one */
  unsigned shapes = mj_rules_shapes(rs)->shapes;
  int cand[MJ_SHAPE_COUNT + 3], nc = 0;
  for (int s = 0; s < MJ_SHAPE_COUNT; s++)
    if (shapes & MJ_SHAPE_BIT(s))
      for (int k = 0; k < (s == MJ_SHAPE_STANDARD ? 4 : 1); k++)
        cand[nc++] = s;
  int shape = nc ? cand[mj_rng_below(g, (uint32_t)nc)] : MJ_SHAPE_STANDARD;
  const mj_table *tb = mj_rules_ctable(rs);
  int kinds = (tb->set & MJ_BIT(MJ_HONOR_FIRST)) ? MJ_KINDS : MJ_HONOR_FIRST;
  if ((mj_rules_tokens(rs) & MJ_TOKEN_QISHOU) && mj_rng_below(g, 8) == 0)
    return dealt_hand(g, kinds, tb->players, h);
  bool ok = shape == MJ_SHAPE_STANDARD || shape == MJ_SHAPE_PAIRS
          ? meld_tiles(g, shape == MJ_SHAPE_PAIRS, tb->hand / 3, kinds, c,
                       melds, sizeof melds)
          : special_tiles(g, shape, c);
  int total = 0;
  for (int t = 0; t < MJ_KINDS; t++) {
    total += c[t];
    if (c[t] && !(tb->set & MJ_BIT(t)))
      return false;   /* a kind the table's wall does not hold */
  }
  if (!ok || total == 0)
    return false;
  /* the wild kind, and up to two tiles of the hand that a wild stands for */
  int wild = -1;
  if (mj_rules_tokens(rs) & MJ_TOKEN_BAO) {
    wild = (int)mj_rng_below(g, MJ_KINDS);
    for (int k = (int)mj_rng_below(g, 3); k > 0 && c[wild] < 4; k--) {
      int t = pick_tile(g, c, total);
      if (t != wild)
        c[t]--, c[wild]++;
    }
  }
  int win = pick_tile(g, c, total);
  /* the context: only tokens the ruleset reads */
  static const struct { const char *text; unsigned token;
  } extra[] = { { "", 0 },
                { " self", 0 },
                { " last", 0 },
                { " wall-last", 0 },
                { " kong", 0 },
                { " rob", 0 },
                { " self kong", 0 },
                { " self wall-last", 0 },
                { " first self", 0 },
                { " first", 0 },
                { " touji self", MJ_TOKEN_TOUJI },
                { " feibao=1", MJ_TOKEN_FEIBAO },
                { " jiebao", MJ_TOKEN_JIEBAO },
                { " self sibao", MJ_TOKEN_SIBAO },
                { " kaigang", MJ_TOKEN_KAIGANG },
                { " self kaigang", MJ_TOKEN_KAIGANG },
                { " niao=1", MJ_TOKEN_NIAO },
                { " riichi", MJ_TOKEN_RIICHI },
                { " self riichi ippatsu", MJ_TOKEN_IPPATSU },
                { " double", MJ_TOKEN_DOUBLE },
                { " dora=3m4p5s1z", MJ_TOKEN_DORA },
                { " riichi ura=3m4p5s1z", MJ_TOKEN_URA } };
  int x = (int)mj_rng_below(g, sizeof extra / sizeof extra[0]);
  if (extra[x].token & ~mj_rules_tokens(rs))
    x = 0;
  char w[3], tiles[64];
  mj_counts_print(c, MJ_KINDS, tiles, sizeof tiles);
  char *five = strchr(tiles, '5');
  const char *suit = five != NULL ? five + strspn(five, "0123456789") : "z";
  if (tb->red_fives > 0 && *suit != 'z' &&
      (tb->red_suits >> (strchr("mps", *suit) - "mps") & 1) &&
      mj_rng_below(g, 4) == 0)
    *five = '0';               /* a red five, where the ruleset has them */
  size_t len = (size_t)snprintf(
      text, sizeof text, "%s%s win=%s%s seat=%c round=%c", tiles, melds,
      mj_tile_str((mj_tile)win, w), extra[x].text,
      "ESWN"[mj_rng_below(g, (uint32_t)tb->players)],
      "ESWN"[mj_rng_below(g, (uint32_t)tb->players)]);
  if (tb->flowers && mj_rng_below(g, 2)) {   /* by identity */
    unsigned set = mj_rng_below(g, 256);
    len += (size_t)snprintf(text + len, sizeof text - len, " flowers=");
    for (int f = 0; f < 8 && set; f++)
      if (set >> f & 1)
        len += (size_t)snprintf(text + len, sizeof text - len, "%d", f + 1);
    len += (size_t)snprintf(text + len, sizeof text - len, set ? "f" : "0");
  } else if (tb->flowers) {
    len += (size_t)snprintf(text + len, sizeof text - len, " flowers=%d",
                            (int)mj_rng_below(g, 3));
  }
  if (wild >= 0)
    snprintf(text + len, sizeof text - len, " bao=%s",
             mj_tile_str((mj_tile)wild, w));
  mj_error e;
  return mj_hand_parse(h, text, strlen(text), &e) == MJ_OK &&
         mj_hand_check(h, MJ_CHECK_WIN, &e) == MJ_OK;
}

/* A lint in progress: the ruleset, what its fans did, what went wrong. */
typedef struct lint {
  const mj_rules *rs;
  int n, problems;
  long failed;                   /* scorings the ruleset's own code broke */
  char first_failure[sizeof ((mj_error *)0)->msg];
  long *matched, *counted, scored;
  int *by;                       /* the fan that last exempted each */
  mj_hand *h;
  mj_score *s;
  long games, won, drawn;        /* games played by bots */
  char game_fault[sizeof ((mj_error *)0)->msg];
  long carried;                  /* game 1 again differs after so many */
} lint;

static void lint_failure(lint *L, const mj_error *e)
{
  if (L->failed++ == 0)
    snprintf(L->first_failure, sizeof L->first_failure, "%s", e->msg);
}

/* Fans that share an English name. */
static void lint_names(lint *L)
{
  for (int i = 0; i < L->n; i++)
    for (int j = i + 1; j < L->n; j++) {
      const mj_fan_def *a = mj_rules_fan(L->rs, i), *b = mj_rules_fan(L->rs, j);
      if (a->en && b->en && strcmp(a->en, b->en) == 0) {
        printf(_("  warning: %s and %s share the English name \"%s\"\n"), a->id,
               b->id, a->en);
        L->problems++;
      }
    }
}

/* Each fan's own example scores, and scores it. */
static void lint_examples(lint *L)
{
  mj_error e;
  for (int i = 0; i < L->n; i++) {
    const mj_fan_def *d = mj_rules_fan(L->rs, i);
    if (d->example == NULL) {
      printf(_("  note: %s has no example hand\n"), d->id);
      continue;
    }
    mj_status st = mj_hand_parse(L->h, d->example, strlen(d->example), &e);
    if (st == MJ_OK)
      st = mj_score_hand(L->rs, L->h, L->s, &e);
    if (st == MJ_ERULES) {    /* reported once, below */
      lint_failure(L, &e);
      continue;
    }
    bool has = false;
    for (int q = 0; st == MJ_OK && q < L->s->nhits; q++)
      has = has || L->s->hits[q].fan == i;
    for (int q = 0; st == MJ_OK && q < L->s->nstates; q++)
      has = has || L->s->states[q] == i;
    if (st != MJ_OK) {
      printf(_("  warning: %s: its example \"%s\" does not score: %s\n"), d->id,
             d->example, e.msg);
      L->problems++;
    } else if (has && !L->s->meets_min) {
      char tot[160];
      mj_score_total_text(L->rs, L->s, tot, sizeof tot);
      printf(_("  warning: %s: its example \"%s\" scores %s, below the "
             "minimum of %d: no win to teach by\n"), d->id, d->example, tot,
             L->s->min);
      L->problems++;
    } else if (has) {
      L->counted[i]++;   /* it can count: a sample that never shows it
                            counting is chance, not an exemption's fault */
    } else {
      char line[512];
      mj_score_fans_line(L->rs, L->s, line, sizeof line);
      printf(_("  warning: %s: its example \"%s\" scores %s, without it\n"), d->id,
             d->example, line);
      L->problems++;
    }
  }
}

/* Random winning hands scored, what matched and counted tallied. The
   ruleset's code failing on the examples fails on random hands too:
   then they are not tried (one report, no wait). */
static void lint_random(repl *r, lint *L, long hands)
{
  mj_rng g;
  mj_rng_seed(&g, 2024);
  mj_error e;
  time_t shown = time(NULL);
  for (long k = 0; k < hands * 4 && L->scored < hands && !repl_interrupted &&
                   L->failed == 0;
       k++) {
    if (r->interactive && (k & 1023) == 0 && time(NULL) - shown >= 2) {
      printf(_("  ... %ld of %ld hands\n"), L->scored, hands);
      fflush(stdout);
      shown = time(NULL);
    }
    if (!lint_hand(&g, L->rs, L->h))
      continue;
    mj_status st = mj_score_hand(L->rs, L->h, L->s, &e);
    if (st == MJ_OK)
      mj_score_annotate(L->rs, L->h, L->s);
    if (st == MJ_ERULES)
      lint_failure(L, &e);
    if (st != MJ_OK)
      continue;
    L->scored++;
    const mj_score *s = L->s;
    for (int q = 0; q < s->nhits; q++) {
      L->matched[s->hits[q].fan]++;
      L->counted[s->hits[q].fan]++;
    }
    for (int q = 0; q < s->nstates; q++)
      L->matched[s->states[q]]++;
    for (int q = 0; q < s->nexempt; q++) {
      L->matched[s->exempt[q].fan]++;
      L->by[s->exempt[q].fan] = s->exempt[q].by;
    }
  }
}

/* Game 1 (seed 1, dealer 0) played by fresh efficiency bots: what it
   did, in a line, or NULL. */
static char *lint_first_game(const mj_rules *rs)
{
  mj_bot *bots[4] = { NULL, NULL, NULL, NULL };
  char *text = NULL;
  mj_game_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.seed = 1;
  mj_error e;
  mj_game *g = mj_game_new(rs, &cfg, &e);
  for (int p = 0; p < 4; p++)
    bots[p] = mj_bot_new("efficiency", (uint64_t)p + 1);
  if (g != NULL && bots[0] && bots[1] && bots[2] && bots[3] &&
      mj_bot_play(g, bots, &e) == MJ_OK && mj_game_fault(g) == NULL &&
      (text = malloc(120)) != NULL) {
    /* what the game did: its events, decisions, payments (writing its
       log would run the hooks once more) */
    int pay[4];
    const mj_payment *l;
    mj_game_payments(g, pay);
    snprintf(text, 120, "%d %d %d %d %d %d %d", mj_game_nevents(g),
             mj_game_nactions(g), mj_game_ledger(g, &l), pay[0], pay[1],
             pay[2], pay[3]);
  }
  mj_game_free(g);
  for (int p = 0; p < 4; p++)
    mj_bot_free(bots[p]);
  return text;
}

/* Games played by four efficiency bots: the ruleset's hooks and its
   settlement run as at a table; the first fault stops them (reported
   once, with the seed that shows it). Game 1 is played again at the end:
   a ruleset that keeps state from game to game in its own Lua (a local
   its hooks change) plays it otherwise, and a game of a run would not
   be what --game G alone plays. */
static void lint_games(lint *L, long games)
{
  char *first = lint_first_game(L->rs);
  mj_bot *bots[4] = { NULL, NULL, NULL, NULL };
  for (int p = 0; p < 4; p++)
    if ((bots[p] = mj_bot_new("efficiency", (uint64_t)p + 1)) == NULL)
      goto done;
  for (long k = 0; k < games && !repl_interrupted && !L->game_fault[0];
       k++) {
    mj_game_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.seed = (uint64_t)k + 1;
    cfg.dealer = (int)(k % mj_rules_ctable(L->rs)->players);
    mj_error e;
    mj_game *g = mj_game_new(L->rs, &cfg, &e);
    if (g == NULL) {
      snprintf(L->game_fault, sizeof L->game_fault, "%s", e.msg);
      break;
    }
    mj_status st = mj_bot_play(g, bots, &e);
    const char *fault = mj_game_fault(g);
    if (fault != NULL || st != MJ_OK)
      snprintf(L->game_fault, sizeof L->game_fault, _("game %ld (seed %ld): "
               "%.400s"), k + 1, k + 1, fault != NULL ? fault : e.msg);
    else if (mj_game_winners(g, (int[MJ_MAX_WINS]){ 0 }) > 0)
      L->won++;
    else
      L->drawn++;
    L->games++;
    mj_game_free(g);
  }
  char *again = first != NULL && !L->game_fault[0] && !repl_interrupted
                ? lint_first_game(L->rs) : NULL;
  if (again != NULL && strcmp(first, again) != 0)
    L->carried = L->games;
  free(again);
done:
  free(first);
  for (int p = 0; p < 4; p++)
    mj_bot_free(bots[p]);
}

/* The findings of the random hands, and the last line. */
static void lint_report(lint *L)
{
  if (repl_interrupted)
    printf(_("  (interrupted after %ld hands)\n"), L->scored);
  if (L->failed > 0) {
    printf(ngettext("  error: the ruleset's own code failed %ld time; the "
                    "first: %s\n  (checking stopped there: fix the ruleset "
                    "and check again)\n",
                    "  error: the ruleset's own code failed %ld times; the "
                    "first: %s\n  (checking stopped there: fix the ruleset "
                    "and check again)\n", L->failed),
           L->failed, L->first_failure);
    L->problems++;
  }
  int never = 0;
  for (int i = 0; i < L->n && L->failed == 0; i++) {
    const mj_fan_def *d = mj_rules_fan(L->rs, i);
    if (L->matched[i] == 0) {
      never++;
      printf(_("  note: %s never matched in %ld random hands%s\n"), d->id,
             L->scored, d->example ? " (rare, or needs a rare context)" : "");
    } else if (L->counted[i] == 0 && !d->state && !d->fallback) {
      /* (a fallback fan stands aside whenever another counts: by design) */
      char by_text[160] = "";
      if (L->by[i] >= 0)
        snprintf(by_text, sizeof by_text, _(" (by %s)"),
                 mj_rules_fan(L->rs, L->by[i])->id);
      bool often = L->matched[i] >= 20;
      printf(
          _("  %s: %s matched %ld times but never counted: always exempted%s\n"),
          often ? "warning" : "note", d->id, L->matched[i], by_text);
      L->problems += often;
    }
  }
  if (L->carried > 0) {
    printf(_("  error: game 1 played again after %ld games went otherwise: "
           "the ruleset keeps state from game to game (a table of R or of "
           "the environment its hooks change in place?); keep it in a local, "
           "R.state or match_state, which each game starts afresh\n"), L->carried);
    L->problems++;
  }
  if (L->game_fault[0]) {
    printf(_("  error: a game failed: %s\n"), L->game_fault);
    L->problems++;
  } else if (L->games > 0) {
    printf(_("  %ld games played by bots: %ld won, %ld drawn; the hooks and "
           "the settlement ran without fault\n"), L->games, L->won, L->drawn);
  }
  printf(ngettext("%d fan, ", "%d fans, ", L->n), L->n);
  printf(_("%ld hands scored, %d never matched, "), L->scored, never);
  printf(ngettext("%d problem\n", "%d problems\n", L->problems), L->problems);
}

/* A host of its own: the lint never changes what the session uses. */
static mj_host *lint_host(const repl *r, mj_error *e)
{
  mj_host_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  for (int i = 0; i < r->o->ndirs; i++)
    cfg.dirs[i] = r->o->rules_dirs[i];
  cfg.ndirs = r->o->ndirs;
  return mj_host_new(&cfg, e);
}

static int c_check(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  if (argc < 2)
    return repl_usage(r, "check");
  /* [HANDS] then NAME=VALUE options (else the command line's --option) */
  int first = argc > 2 && strchr(argv[2], '=') == NULL ? 3 : 2;
  char *end = NULL;
  long hands = first == 3 ? strtol(argv[2], &end, 10) : 20000;
  if (end != NULL && (*end != '\0' || end == argv[2]))
    return repl_error(r, "check: '%s' is neither a number of hands nor "
                      "NAME=VALUE", argv[2]);
  if (hands < 100 || hands > 10000000)
    return repl_error(r, "check: the number of hands is 100..10000000");
  char opts[1024];
  if (!options_of(r, argc, argv, first, opts, sizeof opts))
    return 1;
  mj_error e;
  mj_host *h2 = lint_host(r, &e);
  if (h2 == NULL)
    return repl_error(r, "%s", e.msg);
  lint L;
  memset(&L, 0, sizeof L);
  if (mj_host_load(h2, argv[1], opts[0] ? opts : r->o->options, &L.rs,
                   &e) != MJ_OK) {
    mj_host_free(h2);
    return repl_error(r, "%s", e.msg);
  }
  L.n = mj_rules_nfans(L.rs);
  L.matched = calloc((size_t)L.n, sizeof(long));
  L.counted = calloc((size_t)L.n, sizeof(long));
  L.by = malloc(sizeof(int) * (size_t)L.n);
  L.h = mj_hand_new();
  L.s = malloc(sizeof *L.s);
  int status = 0;
  if (!L.matched || !L.counted || !L.by || !L.h || !L.s) {
    status = repl_error(r, "out of memory");
  } else {
    printf(_("checking %s (%s, %d fans) over %ld random winning hands...\n"),
           mj_rules_id(L.rs), mj_rules_source(L.rs) ? mj_rules_source(L.rs)
                                                    : "", L.n, hands);
    for (int i = 0; i < L.n; i++)
      L.by[i] = -1;
    lint_names(&L);
    lint_examples(&L);
    lint_random(r, &L, hands);
    if (L.failed == 0)
      lint_games(&L, hands / 100 < 200 ? hands / 100 : 200);
    lint_report(&L);
    if (L.failed > 0 || L.game_fault[0] || L.carried > 0) {
      /* errors fail a piped session */
      r->failures++;
      status = 1;
    }
  }
  free(L.matched);
  free(L.counted);
  free(L.by);
  mj_hand_free(L.h);
  free(L.s);
  mj_host_free(h2);
  return status;
}

/* }==================================================================== */

static int c_diff(repl *r, int argc, char **argv, const char *rest)
{
  (void)rest;
  if (argc < 3)
    return repl_usage(r, "diff");
  fflush(stdout);
  if (repl_diff_command(r->o, argc - 1, argv + 1) != 0) {
    r->failures++;
    return 1;
  }
  return 0;
}

const repl_cmd repl_author_cmds[] = {
  { "rulesets", "", N_("the rulesets loaded and available"), c_rulesets, ARG_NONE,
    "author" },
  { "use", "ID", N_("switch to a loaded or available ruleset"), c_use, ARG_RULESET,
    "author" },
  { "load", "FILE [NAME=VALUE...]",
    N_("load a ruleset file (with options) and use it"), c_load, ARG_FILE,
    "author" },
  { "reload", "", N_("re-read the ruleset files changed since they were loaded"),
    c_reload, ARG_NONE, "author" },
  { "lua", "CODE",
    N_("run Lua with the mj module; an unfinished statement continues\n"
    "on the next lines (e.g. lua mj.score(\"...\").total)"),
    c_lua, ARG_NONE, "author" },
  { "check", "FILE|ID [HANDS] [NAME=VALUE...]",
    N_("lint a ruleset: examples, fans that never match or never\n"
    "count over random hands, duplicate names; games by bots\n"
    "run its hooks and settlement (NAME=VALUE: with those options)"),
    c_check, ARG_FILE, "author" },
  { "diff", "A [NAME=VALUE...] B [NAME=VALUE...]",
    N_("what differs between two rulesets, or one with other options:\n"
    "fans added, removed, re-valued or excluded otherwise; table\n"
    "rules, options, states and hooks (e.g. diff mcr house.lua)"),
    c_diff, ARG_RULESET, "author" },
  { "run", "FILE.lua [ARGS]", N_("run a scenario script"), c_run, ARG_FILE,
    "author" },
  { NULL, NULL, NULL, NULL, 0, NULL }
};
