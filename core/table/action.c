/*
** action.c
** Actions and events as text: a player's command read (in English or
** Chinese words) against the legal actions, an action and an event
** printed. The game's state machine (game.c) knows no words.
*/
#include "i18n.h"
#include "text.h"
#include "action.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const act_names[] = {
  "discard", "win", "ckong", "akong", "pass", "chi", "pon", "kong", "swap",
  "que", "declare", "take", "open"
};
_Static_assert(sizeof act_names / sizeof act_names[0] == MJ_ACT_COUNT,
               "a name for every action");

const char *mj_act_name(int type)
{
  return type >= 0 && type < MJ_ACT_COUNT ? act_names[type] : "?";
}

size_t mj_action_print(const mj_action *a, char *buf, size_t cap)
{
  char t[3];
  switch (a->type) {
  case MJ_ACT_DISCARD:
    mj_tile_str(a->tile, t);
    if (a->red)          /* the red five: 0p */
      t[0] = '0';
    return (size_t)snprintf(buf, cap, "d %s", t);
  case MJ_ACT_WIN:
    return (size_t)snprintf(buf, cap, "hu");
  case MJ_ACT_CKONG:
  case MJ_ACT_AKONG:
    return (size_t)snprintf(buf, cap, "kong %s", mj_tile_str(a->tile, t));
  case MJ_ACT_CHI: {   /* the hand's red five taken: chi 406m */
    int r = mj_tile_rank(a->tile);
    return (size_t)snprintf(buf, cap, "chi %d%d%d%c", r, r + 1 == 5 && a->red
                            ? 0 : r + 1, r + 2 == 5 && a->red ? 0 : r + 2,
                            "mps"[mj_tile_suit(a->tile) % 3]);
  }
  case MJ_ACT_PON:     /* the hand's red five taken: pon 0m */
    if (a->red && a->tile < MJ_HONOR_FIRST)
      return (size_t)snprintf(buf, cap, "pon 0%c", "mps"[a->tile / 9]);
    return (size_t)snprintf(buf, cap, "pon");
  case MJ_ACT_KONG:
    return (size_t)snprintf(buf, cap, "kong");
  case MJ_ACT_PASS:
    return (size_t)snprintf(buf, cap, "pass");
  case MJ_ACT_SWAP:
    return (size_t)snprintf(buf, cap, "swap %s", mj_tile_str(a->tile, t));
  case MJ_ACT_QUE:
    return (size_t)snprintf(buf, cap, "que %c",
                            a->tile < MJ_HONOR_FIRST ? "mps"[a->tile / 9] : '?');
  case MJ_ACT_DECLARE:
    if (MJ_DECL_IS_WITH(a->tile))
      return (size_t)snprintf(buf, cap, "declare %d %s",
                              MJ_DECL_OF(a->tile) + 1,
                              mj_tile_str(MJ_DECL_TILE(a->tile), t));
    return (size_t)snprintf(buf, cap, "declare %d", a->tile + 1);
  case MJ_ACT_TAKE:
    return (size_t)snprintf(buf, cap, "take");
  case MJ_ACT_OPEN:
    return (size_t)snprintf(buf, cap, "kaigang %s", mj_tile_str(a->tile, t));
  default:
    return (size_t)snprintf(buf, cap, "?");
  }
}

size_t mj_action_print_in(const mj_game *g, const mj_action *a, char *buf,
                          size_t cap)
{
  bool with = a->type == MJ_ACT_DECLARE && MJ_DECL_IS_WITH(a->tile);
  const mj_decl_def *d =
      a->type == MJ_ACT_DECLARE && g != NULL
          ? mj_game_decl(g, with ? MJ_DECL_OF(a->tile) : a->tile)
          : NULL;
  char t[3];
  if (d != NULL && with) {
    mj_tile_str(MJ_DECL_TILE(a->tile), t);
    if (a->red)
      t[0] = '0';
    return (size_t)snprintf(buf, cap, "declare %s %s", d->name, t);
  }
  if (d != NULL)
    return (size_t)snprintf(buf, cap, "declare %s", d->name);
  if (a->type == MJ_ACT_WIN && g != NULL &&
      mj_game_open_tiles(g, NULL, NULL) > 0)   /* which of the tiles up */
    return (size_t)snprintf(buf, cap, "hu %s", mj_tile_str(a->tile, t));
  return mj_action_print(a, buf, cap);
}

static const char *const w_swap[] = { "swap", "换", "换三张", NULL };

static bool word_is(const char *w, size_t n, const char *const *names)
{
  for (; *names; names++)
    if (strlen(*names) == n && strncmp(w, *names, n) == 0)
      return true;
  return false;
}

/* The legal actions of p as "d 1m..9m, chi 345m, pass" into buf. */
static void legal_text(const mj_game *g, int p, char *buf, size_t cap)
{
  mj_action l[MJ_MAX_LEGAL];
  int n = mj_game_legal(g, p, l, MJ_MAX_LEGAL);
  size_t len = 0;
  uint8_t disc[MJ_ALL_TILES] = { 0 };
  bool any_disc = false;
  buf[0] = '\0';
  for (int i = 0; i < n; i++)
    if (l[i].type == MJ_ACT_DISCARD && l[i].tile < MJ_ALL_TILES) {
      disc[l[i].tile] = 1;
      any_disc = true;
    }
  if (any_disc) {
    char t[80];
    mj_counts_print(disc, MJ_ALL_TILES, t, sizeof t);
    len += (size_t)snprintf(buf + len, cap - len, "d TILE (%s)", t);
  }
  if (mj_game_phase(g) == MJ_PHASE_SWAP && n > 0) {
    /* 换三张 is one decision: the tiles of one suit, named together */
    const mj_tile *chosen;
    int left = mj_rules_ctable(mj_game_rules(g))->swap -
               mj_game_swap_tiles(g, p, &chosen);
    const uint8_t *c = mj_hand_counts(mj_game_hand(g, p));
    char from[120] = "";
    size_t fl = 0;
    for (int su = 0; su < 3; su++) {
      uint8_t one[MJ_KINDS] = { 0 };
      int k = 0;
      for (int i = 0; i < n; i++)
        if (l[i].type == MJ_ACT_SWAP && l[i].tile / 9 == su)
          k += one[l[i].tile] = c[l[i].tile];
      char t[40];
      if (k >= left) {
        mj_counts_print(one, MJ_KINDS, t, sizeof t);
        mj_catf(from, sizeof from, &fl, "%s%s", fl ? " " : "", t);
      }
    }
    len = (size_t)snprintf(buf, cap, _("swap %d tiles of one suit together, "
                           "from %s"), left, from);
    if (len < cap)
      snprintf(buf + len, cap - len, _(" (e.g. swap %s)"),
               left == 3 ? "1m2m3m" : left == 2 ? "1m2m" : left == 1 ? "1m"
                                                                     : "1m2m3m4m");
    return;
  }
  for (int i = 0; i < n && len < cap; i++) {
    if (l[i].type == MJ_ACT_DISCARD)
      continue;
    char a[48];
    mj_action_print_in(g, &l[i], a, sizeof a);
    len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", a);
  }
  if (n == 0)
    snprintf(buf, cap, mj_game_over(g) ? "nothing: the hand is over"
                                       : "nothing: it is not your decision");
}

/* The action a verb (lower case, vn bytes) names; -1 when none does. */
static int verb_type(const char *lower, size_t vn)
{
  static const char *const w_disc[] = { "d", "discard", "drop", "打", NULL };
  static const char *const w_win[] = { "hu",      "win", "ron", "tsumo",
                                       "mahjong", "胡",  "和",  NULL };
  static const char *const w_pass[] = { "pass", "skip", "过", NULL };
  static const char *const w_pon[] = { "pon", "pung", "peng", "碰", NULL };
  static const char *const w_chi[] = { "chi", "chow", "吃", NULL };
  static const char *const w_kong[] = { "kong",  "gang", "kan", "ckong",
                                        "akong", "杠",   NULL };
  static const char *const w_que[] = { "que", "定缺", "缺", NULL };
  static const char *const w_decl[] = { "declare", "报", NULL };
  static const char *const w_take[] = { "take", "要", NULL };
  static const char *const w_open[] = { "kaigang", "开杠", NULL };
  static const struct { const char *const *words; int type; } verbs[] = {
    { w_disc, MJ_ACT_DISCARD }, { w_win, MJ_ACT_WIN },
    { w_pass, MJ_ACT_PASS },    { w_pon, MJ_ACT_PON },
    { w_chi, MJ_ACT_CHI },      { w_kong, MJ_ACT_KONG },
    { w_swap, MJ_ACT_SWAP },    { w_que, MJ_ACT_QUE },
    { w_decl, MJ_ACT_DECLARE }, { w_take, MJ_ACT_TAKE },
    { w_open, MJ_ACT_OPEN }
  };
  if (vn == 0)
    return MJ_ACT_DISCARD;   /* a bare tile */
  for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
    if (word_is(lower, vn, verbs[i].words))
      return verbs[i].type;
  return -1;
}

/* The argument of an action of type: one tile, or a chow's three (its
   first kept), a suit for que; none for a win, a pass or a pung (the tile
   is the one on offer anyway). */
static mj_status action_tiles(int type, const char *arg, size_t an,
                              mj_tile tiles[3], int *nt, mj_error *err)
{
  *nt = 0;
  if (type == MJ_ACT_QUE) {
    /* the suit by its letter or its Chinese name (que 筒) */
    static const char *const words[][5] = {
      { "m", "万", "萬", "wan", NULL }, { "p", "筒", "饼", "餅", "tong" },
      { "s", "条", "條", "索", "tiao" } };
    int su = -1;
    for (int k = 0; k < 3 && su < 0; k++)
      for (int w = 0; w < 5 && words[k][w] != NULL; w++)
        if (strlen(words[k][w]) == an && strncmp(words[k][w], arg, an) == 0)
          su = k;
    if (su < 0)
      return mj_fail(err, MJ_EINVAL, 0, "que takes the missing suit: que m, "
                     "que p or que s (or 万, 筒, 条)");
    tiles[0] = (mj_tile)(su * 9);
    *nt = 1;
  } else if (an > 0) {
    mj_error e2;
    if (mj_tiles_parse(arg, an, 1, false, tiles, NULL, 3, nt, &e2) != MJ_OK)
      return mj_fail(err, MJ_EINVAL, 0, "'%.*s': %s", (int)an, arg, e2.msg);
    if (type == MJ_ACT_CHI && *nt == 3) {
      if (tiles[1] != tiles[0] + 1 || tiles[2] != tiles[0] + 2 ||
          tiles[0] >= MJ_HONOR_FIRST || mj_tile_rank(tiles[0]) > 7)
        return mj_fail(err, MJ_EINVAL, 0,
                       "'%.*s' is not a chow (three in a row)", (int)an, arg);
      *nt = 1;
    } else if (*nt != 1) {
      return mj_fail(err, MJ_EINVAL, 0, "'%.*s': name one tile", (int)an, arg);
    }
    if (type == MJ_ACT_WIN || type == MJ_ACT_PASS || type == MJ_ACT_PON)
      *nt = 0;
  }
  if (type == MJ_ACT_DISCARD && *nt == 0)
    return mj_fail(err, MJ_EINVAL, 0, "discard which tile? say d 5m");
  if (type == MJ_ACT_SWAP && *nt == 0)
    return mj_fail(err, MJ_EINVAL, 0,
                   "pass which tiles? say swap 1m2m3m (one suit)");
  return MJ_OK;
}

/* The declaration an argument names (its name, its label or its number
   from 1; none: whichever is offered) as tiles[0]. */
static mj_status declaration_arg(const mj_game *g, const char *arg, size_t an,
                                 mj_tile tiles[3], int *nt, mj_error *err)
{
  *nt = 0;
  if (an == 0)
    return MJ_OK;
  /* "riichi 5p": a declaration made with a discard names the discard */
  const char *sp = memchr(arg, ' ', an);
  if (sp != NULL) {
    size_t nlen = (size_t)(sp - arg), rest = an - nlen;
    while (rest > 0 && *sp == ' ')
      sp++, rest--;
    mj_status st = declaration_arg(g, arg, nlen, tiles, nt, err);
    mj_tile dt;
    if (st != MJ_OK)
      return st;
    if (mj_tile_parse(sp, rest, &dt, NULL) != MJ_OK || dt >= MJ_KINDS)
      return mj_fail(err, MJ_EINVAL, 0, "'%.*s' is not a tile: say declare "
                     "%s 5p (the tile discarded with it)",
                     (int)(rest > 20 ? 20 : rest), sp,
                     mj_game_decl(g, tiles[0])->name);
    tiles[0] = MJ_DECL_WITH(tiles[0], dt);
    return MJ_OK;
  }
  for (int k = 0; mj_game_decl(g, k) != NULL; k++) {
    const mj_decl_def *d = mj_game_decl(g, k);
    char num[16];
    snprintf(num, sizeof num, "%d", k + 1);
    if ((strlen(d->name) == an && strncmp(arg, d->name, an) == 0) ||
        mj_text_is(d->label, arg, an) ||
        (strlen(num) == an && strncmp(arg, num, an) == 0)) {
      tiles[0] = (mj_tile)k;
      *nt = 1;
      return MJ_OK;
    }
  }
  char names[200] = "";
  size_t len = 0;
  for (int k = 0; mj_game_decl(g, k) != NULL && len < sizeof names; k++)
    len += (size_t)snprintf(names + len, sizeof names - len, "%s%s",
                            k ? ", " : "", mj_game_decl(g, k)->name);
  return mj_fail(err, MJ_EINVAL, 0, "no declaration '%.*s' in these rules%s%s",
                 (int)(an > 40 ? 40 : an), arg, len ? "; there are: " : "",
                 len ? names : " (they have none)");
}

/* The legal actions of l that an action of type with tile (nt 1) or
   without (nt 0) may mean: how many, the first in *found. */
static int matching(const mj_game *g, const mj_action *l, int nl, int type,
                    mj_tile tile, int nt, bool red, int *found)
{
  int matches = 0;
  *found = -1;
  /* a five: the red one when asked (0p), else the plain one, else the
     red one when it is the only one held; a chow or a pung of a five
     likewise takes the hand's red one when asked (chi 406m, pon 0m) */
  for (int pass = 0; pass < 2 && matches == 0; pass++)
    for (int i = 0; i < nl; i++) {
      int lt = l[i].type;
      bool kind = lt == type || (type == MJ_ACT_KONG &&
                                 (lt == MJ_ACT_CKONG || lt == MJ_ACT_AKONG));
      if (!kind || (nt == 1 && lt != MJ_ACT_KONG && l[i].tile != tile) ||
          (pass == 0 && l[i].red != red) || (pass == 1 && red))
        continue;
      if (*found < 0)
        *found = i;
      matches++;
    }
  /* "chi 4m": the tile may be any of the chow's own two */
  for (int pass = 0; pass < 2 && matches == 0 && type == MJ_ACT_CHI &&
                     nt == 1; pass++)
    for (int i = 0; i < nl; i++)
      if (l[i].type == MJ_ACT_CHI && tile >= l[i].tile &&
          tile <= l[i].tile + 2 && tile != mj_game_pending(g, NULL) &&
          ((pass == 0 && l[i].red == red) || (pass == 1 && !red))) {
        if (*found < 0)
          *found = i;
        matches++;
      }
  return matches;
}

/* Why no legal action matches (text, n bytes, of type with tile). */
static mj_status no_match(const mj_game *g, int p, int type, mj_tile tile,
                          const char *text, size_t n, const char *legal,
                          mj_error *err)
{
  char b[3];
  if (type == MJ_ACT_WIN && (mj_game_waiting(g) >> p & 1))
    return mj_game_why_no_win(g, p, err);
  char why[120];
  if (type == MJ_ACT_WIN && mj_game_phase(g) == MJ_PHASE_CLAIM &&
      mj_game_furiten_text(g, p, why, sizeof why) > 0)
    return mj_fail(err, MJ_ENOTWIN, 0, "furiten: %s; you may win only by "
                   "self-draw", why);
  if (type != MJ_ACT_DISCARD || mj_game_phase(g) != MJ_PHASE_TURN ||
      mj_game_turn(g) != p)
    return mj_fail(err, MJ_EINVAL, 0, "'%.*s' is not legal now; you may: %s",
                   (int)n, text, legal);
  int vs = mj_game_void_suit(g, p, p);
  bool held = tile < MJ_KINDS && mj_hand_counts(mj_game_hand(g, p))[tile] > 0;
  if (held && vs >= 0)
    return mj_fail(err, MJ_EINVAL, 0, "while you hold your missing suit (%c) "
                   "you discard it first; you may: %s", "mps"[vs], legal);
  if (held)
    return mj_fail(err, MJ_EINVAL, 0, "%s may not be discarded now; you may: "
                   "%s", mj_tile_str(tile, b), legal);
  return mj_fail(err, MJ_EINVAL, 0, "you have no %s to discard; you may: %s",
                 mj_tile_str(tile, b), legal);
}

/* A tile named in Chinese as a player types it (一万, 五筒, 三条, 东, 中, 红中,
   发财 ...) into its notation in out; false when s (n bytes) is none. */
static bool chinese_tile(const char *s, size_t n, char out[3])
{
  static const char *const short_honors[] = { "东", "南", "西", "北",
                                              "中", "发", "白" };
  static const char *const suits[][4] = { { "万", "萬", NULL, NULL },
                                          { "饼", "筒", "餅", NULL },
                                          { "条", "索", "條", NULL } };
  static const char *const ranks[] = { "一", "二", "三", "四", "五", "六",
                                       "七", "八", "九" };
  for (int t = 0; t < MJ_KINDS; t++) {
    bool hit = strlen(mj_tile_name((mj_tile)t)) == n &&
               strncmp(mj_tile_name((mj_tile)t), s, n) == 0;
    if (t >= MJ_HONOR_FIRST) {
      const char *w = short_honors[t - MJ_HONOR_FIRST];
      hit = hit || (strlen(w) == n && strncmp(w, s, n) == 0);
    } else {
      for (int k = 0; k < 3 && suits[t / 9][k] != NULL && !hit; k++) {
        char name[16];
        snprintf(name, sizeof name, "%s%s", ranks[t % 9], suits[t / 9][k]);
        hit = strlen(name) == n && strncmp(name, s, n) == 0;
      }
    }
    if (hit) {
      mj_tile_str((mj_tile)t, out);
      return true;
    }
  }
  return false;
}

/* s (n bytes) with a tile named in Chinese, alone or after the verb
   (d 一万, pon 中), in its notation; its new length. */
static size_t chinese_word(char *s, size_t n)
{
  const char *sp = memchr(s, ' ', n);
  size_t at = sp != NULL ? (size_t)(sp - s) + 1 : 0;
  char t[3];
  if (!chinese_tile(s + at, n - at, t))
    return n;
  memcpy(s + at, t, 3);
  return at + 2;
}

/* A red five (0p) in s's last word, n bytes, made its 5: was there one?
   The word asks for the red one (d 0p, riichi 0p, chi 406m, pon 0m). */
static bool red_five_word(char *s, size_t n)
{
  size_t w = n;
  while (w > 0 && s[w - 1] != ' ')
    w--;
  if (n - w < 2 || !strchr("mps", s[n - 1]))
    return false;
  for (size_t i = w; i < n - 1; i++)
    if (s[i] == '0') {
      s[i] = '5';
      return true;
    }
  return false;
}

int mj_action_verb(const char *word)
{
  char lower[16];
  size_t n = strlen(word);
  if (n == 0 || n >= sizeof lower)
    return -1;
  for (size_t i = 0; i <= n; i++)
    lower[i] = (char)(word[i] >= 'A' && word[i] <= 'Z' ? word[i] + 32
                                                       : word[i]);
  return verb_type(lower, n);
}

mj_status mj_action_parse(const mj_game *g, int p, const char *text,
                          mj_action *out, mj_error *err)
{
  char legal[512];
  while (*text == ' ' || *text == '\t')
    text++;
  size_t n = strlen(text);
  while (n > 0 &&
         (text[n - 1] == ' ' || text[n - 1] == '\t' || text[n - 1] == '\n'))
    n--;
  if (n == 0 || n > 64)
    return mj_fail(err, MJ_EINVAL, 0,
                   "say an action, such as d 5m, chi, pon, kong, hu, pass");
  char copy[72];
  memcpy(copy, text, n);
  copy[n] = '\0';
  n = chinese_word(copy, n);
  bool red = red_five_word(copy, n);
  text = copy;
  /* the verb: letters (or one multi-byte word), then the argument */
  size_t vn = 0;
  while (vn < n && text[vn] != ' ' && !(text[vn] >= '0' && text[vn] <= '9'))
    vn++;
  const char *arg = text + vn;
  while (arg < text + n && *arg == ' ')
    arg++;
  size_t an = n - (size_t)(arg - text);
  char lower[16] = "";
  if (vn < sizeof lower) {
    for (size_t i = 0; i < vn; i++)
      lower[i] =
          (char)((text[i] >= 'A' && text[i] <= 'Z') ? text[i] + 32 : text[i]);
    lower[vn] = '\0';
  }
  int type = verb_type(lower, vn);
  for (int k = 0; type < 0 && mj_game_decl(g, k) != NULL; k++) {
    const mj_decl_def *d = mj_game_decl(g, k);
    if ((strlen(d->name) == vn && strncasecmp(text, d->name, vn) == 0) ||
        mj_text_is(d->label, text, vn)) {
      type = MJ_ACT_DECLARE;   /* "riichi 5p": the declaration's name */
      arg = text;
      an = n;
    }
  }
  mj_tile t1;
  if (type < 0 && mj_tile_parse(text, n, &t1, NULL) == MJ_OK) {
    type = MJ_ACT_DISCARD;   /* a tile written with an honor letter ("E") */
    arg = text;
    an = n;
  } else if (type < 0) {
    legal_text(g, p, legal, sizeof legal);
    return mj_fail(err, MJ_EINVAL, 0, "'%.*s' is not an action; you may: %s",
                   (int)n, text, legal);
  }
  if ((type == MJ_ACT_CHI || type == MJ_ACT_PON) && !red)
    red = red_five_word(copy + (arg - copy), an);   /* chi 406m */
  mj_tile tiles[3] = { MJ_NO_TILE, MJ_NO_TILE, MJ_NO_TILE };
  int nt;
  mj_status st = type == MJ_ACT_DECLARE
                     ? declaration_arg(g, arg, an, tiles, &nt, err)
                     : action_tiles(type, arg, an, tiles, &nt, err);
  if (st != MJ_OK)
    return st;
  mj_action l[MJ_MAX_LEGAL];
  int nl = mj_game_legal(g, p, l, MJ_MAX_LEGAL), found;
  int matches = matching(g, l, nl, type, tiles[0], nt, red, &found);
  legal_text(g, p, legal, sizeof legal);
  if (matches == 0)
    return no_match(g, p, type, tiles[0], text, n, legal, err);
  if (matches > 1)
    return mj_fail(err, MJ_EINVAL, 0,
                   "'%.*s' could mean more than one; say which: %s", (int)n,
                   text, legal);
  *out = l[found];
  return MJ_OK;
}

mj_status mj_action_parse_many(const mj_game *g, int p, const char *text,
                               mj_action *out, int max, int *n, mj_error *err)
{
  *n = 0;
  while (*text == ' ' || *text == '\t')
    text++;
  /* the verb as mj_action_parse reads it: up to a space or a digit */
  size_t vn = strcspn(text, " \t0123456789");
  char lower[16];
  for (size_t i = 0; i < vn && i < sizeof lower; i++)
    lower[i] = (char)(text[i] >= 'A' && text[i] <= 'Z' ? text[i] + 32
                                                       : text[i]);
  const char *arg = text + vn;
  while (*arg == ' ' || *arg == '\t')
    arg++;
  if (vn >= sizeof lower || !word_is(lower, vn, w_swap) || *arg == '\0') {
    if (max < 1)
      return mj_fail(err, MJ_ERANGE, 0, "no room for the action");
    mj_status st = mj_action_parse(g, p, text, &out[0], err);
    *n = st == MJ_OK;
    return st;
  }
  /* "swap 1m2m3m": each tile in turn, tried on a copy of the game, so
     that all of them are legal together or none is taken */
  mj_tile tiles[8];
  int nt = 0;
  mj_error e2;
  if (mj_tiles_parse(arg, strlen(arg), 1, false, tiles, NULL, 8, &nt, &e2) !=
      MJ_OK)
    return mj_fail(err, MJ_EINVAL, 0, "'%s': %s", arg, e2.msg);
  if (nt > max)
    return mj_fail(err, MJ_ERANGE, 0, "at most %d tiles", max);
  const mj_tile *chosen;
  int left = mj_rules_ctable(mj_game_rules(g))->swap -
             mj_game_swap_tiles(g, p, &chosen);
  if (mj_game_phase(g) == MJ_PHASE_SWAP && nt != left && left > 0)
    return mj_fail(err, MJ_EINVAL, 0,
                   "换三张 passes %d tiles of one suit together, not %d: "
                   "name them at once (swap 1m2m3m)", left, nt);
  for (int i = 1; i < nt; i++)
    if (tiles[i] / 9 != tiles[0] / 9 || tiles[i] >= MJ_HONOR_FIRST)
      return mj_fail(err, MJ_EINVAL, 0,
                     "'%s': 换三张 passes tiles of one suit (%c and %c "
                     "here)", arg, "mpsz"[tiles[0] / 9 > 3 ? 3 : tiles[0] / 9],
                     "mpsz"[tiles[i] / 9 > 3 ? 3 : tiles[i] / 9]);
  mj_game *c = mj_game_clone(g);
  if (c == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  mj_status st = MJ_OK;
  for (int i = 0; i < nt && st == MJ_OK; i++) {
    char one[16], b[3];
    snprintf(one, sizeof one, "swap %s", mj_tile_str(tiles[i], b));
    st = mj_action_parse(c, p, one, &out[i], err);
    if (st == MJ_OK)
      st = mj_game_act(c, &out[i], err);
    if (st != MJ_OK && i > 0) {
      char why[sizeof err->msg];
      snprintf(why, sizeof why, "'%s': not with the tiles before it: %.150s",
               arg, err->msg);
      memcpy(err->msg, why, sizeof why);
    }
  }
  mj_game_free(c);
  if (st == MJ_OK)
    *n = nt;
  return st;
}

/* "Left chows 4m (345m)": the tile taken and the run it made. */
static size_t chow_text(const mj_event *e, const char *who, bool second,
                        char *buf, size_t cap)
{
  char c[40], t[3], r = (char)('0' + mj_tile_rank(e->tile));
  mj_tile_str(e->tile, t);
  if (e->claimed == MJ_NO_TILE)
    return (size_t)snprintf(buf, cap, second ? _("%s chow %s")
                                             : _("%s chows %s"), who,
                            mj_tile_word(e->tile, false, c, sizeof c));
  char run[5] = { r, (char)(r + 1), (char)(r + 2), t[1], '\0' };
  return (size_t)snprintf(buf, cap, second ? _("%s chow %s (%s)")
                                           : _("%s chows %s (%s)"),
                          who, mj_tile_word(e->claimed, false, c, sizeof c), run);
}

/* Has anyone won in this hand? */
static bool won_before(const mj_game *g)
{
  for (int i = 0; i < mj_game_nevents(g); i++)
    if (mj_game_event(g, i)->type == MJ_EV_WIN)
      return true;
  return false;
}

/* "You pass three tiles 247p to Right": the tiles named only to who
   passes or gets them. */
static size_t swap_text(const mj_game *g, const mj_event *e, const char *who,
                        const char *to, int you, char *buf, size_t cap)
{
  const mj_tile *st;
  int ns = mj_game_swap_tiles(g, e->player, &st);
  char ts[32] = "";
  if (you >= 0 && (e->player == you || e->from == you))
    mj_tiles_print(st, ns, ts, sizeof ts);
  bool second = e->player == you;
  if (e->from == you && you >= 0)
    return (size_t)snprintf(buf, cap, ngettext("%s passes %d tile %s to you",
                            "%s passes %d tiles %s to you", ns), who, ns, ts);
  if (ts[0] != '\0')
    return (size_t)snprintf(buf, cap, ngettext("%s pass %d tile %s to %s",
                            "%s pass %d tiles %s to %s", ns), who, ns, ts, to);
  return (size_t)snprintf(buf, cap, second
                          ? ngettext("%s pass %d tile to %s",
                                     "%s pass %d tiles to %s", ns)
                          : ngettext("%s passes %d tile to %s",
                                     "%s passes %d tiles to %s", ns),
                          who, ns, to);
}

/* "the hand is called off: 九種九牌 by East, a drawn hand" */
static size_t abort_text(const mj_game *g, const mj_event *e, const char *who,
                         char *buf, size_t cap)
{
  const char *why = g != NULL ? mj_game_reason(g, e->tile) : "?";
  if (e->player >= 0)
    return (size_t)snprintf(buf, cap, _("the hand is called off: %s by %s, "
                            "a drawn hand"), why, who);
  return (size_t)snprintf(buf, cap, _("the hand is called off: %s, a drawn "
                          "hand"), why);
}

/* A tile turned after a win (a horse, a bird), named as the table calls
   it ("bird (扎鸟): 1p turned up, for Left"). */
static size_t turned_text(const mj_game *g, const mj_event *e, const char *t,
                          const char *who, bool second, char *buf, size_t cap)
{
  const char *tn = g != NULL ? mj_rules_ctable(mj_game_rules(g))->turned_name
                             : "";
  if (tn[0] != '\0') {
    char nb[64], x[160];
    if (e->player >= 0 && second)
      snprintf(x, sizeof x, _("%s turned up, for you"), t);
    else if (e->player >= 0)
      snprintf(x, sizeof x, _("%s turned up, for %s"), t, who);
    else
      snprintf(x, sizeof x, _("%s turned up"), t);
    return (size_t)snprintf(buf, cap, _("%s: %s"),
                            mj_text_shown(tn, nb, sizeof nb), x);
  }
  if (e->player >= 0 && second)
    return (size_t)snprintf(buf, cap, _("%s turned from the wall, for you"),
                            t);
  if (e->player >= 0)
    return (size_t)snprintf(buf, cap, _("%s turned from the wall, for %s"),
                            t, who);
  return (size_t)snprintf(buf, cap, _("%s turned from the wall"), t);
}

/* One sentence of an event, its verb's form for "you" or for another. */
static size_t say(char *buf, size_t cap, bool second, const char *you_fmt,
                  const char *other_fmt, const char *who, const char *t)
{
  return (size_t)snprintf(buf, cap, second ? you_fmt : other_fmt, who, t);
}

size_t mj_event_print(const mj_game *g, const mj_event *e,
                      const char *const names[4], int you, char *buf,
                      size_t cap)
{
  char t[40];
  const char *who = e->player >= 0 && e->player < 4 ? names[e->player] : "";
  const char *from = e->from >= 0 && e->from < 4 ? names[e->from] : "";
  bool second =
      you >= 0 && e->player == you; /* "You discard", not "discards" */
  mj_tile_word(e->type == MJ_EV_QUE || e->type == MJ_EV_DECLARE ||
            e->type == MJ_EV_ABORT ? MJ_NO_TILE : e->tile,
            e->red && mj_tile_rank(e->tile) == 5, t, sizeof t);
  switch (e->type) {
  case MJ_EV_DEAL:
    return say(buf, cap, second, _("%s are dealt their tiles%s"),
               _("%s is dealt his tiles%s"), who, "");
  case MJ_EV_INDICATOR:
    return (size_t)snprintf(buf, cap, e->from == 0
                            ? _("the dora indicator %s is turned up")
                            : e->from == 1
                            ? _("the ura indicator %s is turned up")
                            : _("the indicator %s is turned up"), t);
  case MJ_EV_DRAW:
    if (e->replacement)
      return say(buf, cap, second, _("%s draw %s from the tail"),
                 _("%s draws %s from the tail"), who, t);
    return say(buf, cap, second, _("%s draw %s"), _("%s draws %s"), who, t);
  case MJ_EV_FLOWER:
    if (e->from >= 0)   /* 七搶一: the eighth, taken from its drawer */
      return (size_t)snprintf(buf, cap,
                              second ? _("%s take %s's flower %s (七搶一)")
                                     : _("%s takes %s's flower %s (七搶一)"),
                              who, from, t);
    return say(buf, cap, second, _("%s show the flower %s"),
               _("%s shows the flower %s"), who, t);
  case MJ_EV_ASIDE:
    return say(buf, cap, second, _("%s set %s aside"),
               _("%s sets %s aside"), who, t);
  case MJ_EV_DISCARD:
    return say(buf, cap, second, _("%s discard %s"), _("%s discards %s"),
               who, t);
  case MJ_EV_CHI:
    return chow_text(e, who, second, buf, cap);
  case MJ_EV_PON:
    return say(buf, cap, second, _("%s pung %s"), _("%s pungs %s"), who, t);
  case MJ_EV_KONG:
    return say(buf, cap, second, _("%s kong %s (exposed)"),
               _("%s kongs %s (exposed)"), who, t);
  case MJ_EV_CKONG:   /* its tile is its owner's to know */
    if (second && t[0])
      return say(buf, cap, true, _("%s declare a concealed kong of %s"), "",
                 who, t);
    return say(buf, cap, second, _("%s declare a concealed kong%s"),
               _("%s declares a concealed kong%s"), who, "");
  case MJ_EV_AKONG:
    return say(buf, cap, second, _("%s add %s to a pung"),
               _("%s adds %s to a pung"), who, t);
  case MJ_EV_PASS:
    return say(buf, cap, second, _("%s pass%s"), _("%s passes%s"), who, "");
  case MJ_EV_WIN:
    if (e->from >= 0)
      return (size_t)snprintf(buf, cap, second ? _("%s win on %s from %s")
                              : _("%s wins on %s from %s"), who, t, from);
    return say(buf, cap, second, _("%s win, self-drawn %s"),
               _("%s wins, self-drawn %s"), who, t);
  case MJ_EV_DRAWN:
    return (size_t)snprintf(buf, cap, "%s", won_before(g)
                            ? _("the wall is empty: the hand ends (查叫 for "
                                "those still in)")
                            : _("the wall is empty: a drawn hand"));
  case MJ_EV_DECLINE:
    return say(buf, cap, second, _("%s decline a win%s"),
               _("%s declines a win%s"), who, "");
  case MJ_EV_SWAP:
    return swap_text(g, e, who, from, you, buf, cap);
  case MJ_EV_QUE: {
    char q[2] = { e->tile < MJ_HONOR_FIRST ? "mps"[e->tile / 9] : '?', '\0' };
    return say(buf, cap, second, _("%s are missing %s"),
               _("%s is missing %s"), who, q);
  }
  case MJ_EV_TURNED:   /* a horse names a seat */
    return turned_text(g, e, t, who, second, buf, cap);
  case MJ_EV_DECLARE: {
    const mj_decl_def *d = g != NULL ? mj_game_decl(g, e->tile) : NULL;
    char lb[sizeof d->label];
    if (d != NULL)
      return say(buf, cap, second, _("%s declare %s"), _("%s declares %s"),
                 who, mj_text_shown(d->label, lb, sizeof lb));
    char n[12];
    snprintf(n, sizeof n, "%d", e->tile + 1);
    return say(buf, cap, second, _("%s make declaration %s"),
               _("%s makes declaration %s"), who, n);
  }
  case MJ_EV_REFUSE:
    return say(buf, cap, second, _("%s let the wall's last tile go%s"),
               _("%s lets the wall's last tile go%s"), who, "");
  case MJ_EV_OPEN:
    return say(buf, cap, second, _("%s turn up %s (开杠)"),
               _("%s turns up %s (开杠)"), who, t);
  case MJ_EV_ABORT:
    return abort_text(g, e, who, buf, cap);
  default: return (size_t)snprintf(buf, cap, "?");
  }
}
