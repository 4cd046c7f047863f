/*
** mjai_events.c
** A riichi game's events as mjai's (FORMATS-riichi.md), for the whole
** table (hule export --mjai) or as one seat sees them (the mjai: bots):
** start_kyoku, tsumo, dahai, the calls and kans, dora, reach and
** reach_accepted, hora, ryukyoku.
*/
#include "mjai_events.h"

#include <stdio.h>
#include <string.h>

#include "hand.h"
#include "ledger.h"
#include "score.h"

/* mjai's name of tile t (red: 5mr). */
const char *mjai_pai(mj_tile t, bool red, char buf[4])
{
  static const char *const honors[7] = { "E", "S", "W", "N", "C", "F", "P" };
  if (t >= MJ_HONOR_FIRST && t < MJ_KINDS)
    return honors[t - MJ_HONOR_FIRST];
  if (t >= MJ_HONOR_FIRST)
    return "?";
  snprintf(buf, 4, "%d%c%s", t % 9 + 1, "mps"[t / 9], red ? "r" : "");
  return buf;
}

bool mjai_parse_pai(const cJSON *v, mj_tile *t, bool *red)
{
  static const char honors[] = "ESWNCFP";   /* hule's 1z..7z */
  if (!cJSON_IsString(v))
    return false;
  const char *s = v->valuestring;
  const char *h = s[0] != '\0' && s[1] == '\0' ? strchr(honors, s[0]) : NULL;
  if (h != NULL) {
    *t = (mj_tile)(MJ_HONOR_FIRST + (h - honors));
    *red = false;
    return true;
  }
  const char *suit = s[0] >= '1' && s[0] <= '9' && s[1] ? strchr("mps", s[1])
                                                        : NULL;
  if (suit == NULL || (s[2] != '\0' && !(s[0] == '5' && strcmp(s + 2, "r")
                                                           == 0)))
    return false;
  *t = (mj_tile)((suit - "mps") * 9 + s[0] - '1');
  *red = s[2] == 'r';
  return true;
}

cJSON *mjai_ev(cJSON *out, const char *type)
{
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "type", type);
  cJSON_AddItemToArray(out, o);
  return o;
}

static void add_pai(cJSON *o, const char *key, mj_tile t, bool red)
{
  char b[4];
  cJSON_AddStringToObject(o, key, mjai_pai(t, red, b));
}

static void add_ints(cJSON *o, const char *key, const int v[4])
{
  cJSON *a = cJSON_AddArrayToObject(o, key);
  for (int p = 0; p < 4; p++)
    cJSON_AddItemToArray(a, cJSON_CreateNumber(v[p]));
}

/* The tiles of p's hand text (its concealed part, 0p red) as mjai's,
   without one copy of skip (the dealer's first draw; MJ_NO_TILE none). */
static void add_tehai(cJSON *arr, const mj_hand *h, mj_tile skip,
                      bool skip_red, bool hide)
{
  char text[128];
  mj_tile t[16];
  uint8_t red[16];
  int n = 0;
  mj_error e;
  mj_hand_print(h, text, sizeof text);
  char *br = strchr(text, '[');      /* melds: none at the deal */
  if (br != NULL)
    *br = '\0';
  if (mj_tiles_parse_red(text, strlen(text), 1, false, t, NULL, red, 16, &n,
                         &e) != MJ_OK)
    n = 0;
  cJSON *a = cJSON_CreateArray();
  for (int i = 0; i < n; i++) {
    char b[4];
    if (t[i] == skip && (red[i] != 0) == skip_red) {
      skip = MJ_NO_TILE;
      continue;
    }
    cJSON_AddItemToArray(a, cJSON_CreateString(hide ? "?"
                                               : mjai_pai(t[i], red[i], b)));
  }
  cJSON_AddItemToArray(arr, a);
}

/* The consumed tiles of a call of t: k copies, or a chow's other two;
   the first reds of its fives red. */
static void add_consumed(cJSON *o, const mj_event *e, int k, int reds)
{
  cJSON *a = cJSON_AddArrayToObject(o, "consumed");
  char b[4];
  if (e->type == MJ_EV_CHI) {
    for (int u = e->tile; u <= e->tile + 2; u++)
      if (u != e->claimed)
        cJSON_AddItemToArray(a, cJSON_CreateString(
            mjai_pai((mj_tile)u, u % 9 == 4 && reds-- > 0, b)));
    return;
  }
  for (int i = 0; i < k; i++)
    cJSON_AddItemToArray(a, cJSON_CreateString(
        mjai_pai(e->tile, e->tile % 9 == 4 && e->tile < MJ_HONOR_FIRST &&
                              reds-- > 0, b)));
}

/* Win k's deltas: the ledger's entries of that win and the sticks. */
static void win_deltas(const mj_game *g, int k, int winner, int d[4])
{
  const mj_payment *l;
  int n = mj_game_ledger(g, &l);
  memset(d, 0, 4 * sizeof d[0]);
  for (int i = 0; i < n; i++) {
    bool of_win = l[i].winner == k || (l[i].payer == MJ_POT &&
                                       l[i].payee == winner);
    if (!of_win)
      continue;
    if (l[i].payer < 4)
      d[l[i].payer] -= l[i].amount;
    if (l[i].payee < 4)
      d[l[i].payee] += l[i].amount;
  }
}

void mjai_start_kyoku(const mj_game *dealt, const int scores[4], int seat,
                      cJSON *out)
{
  const mj_game_cfg *cfg = mj_game_config(dealt);
  static const char *const winds[4] = { "E", "S", "W", "N" };
  cJSON *o = mjai_ev(out, "start_kyoku");
  cJSON_AddStringToObject(o, "bakaze", winds[cfg->round & 3]);
  mj_tile ind[5];
  int nind = mj_game_dora_indicators(dealt, ind);
  add_pai(o, "dora_marker", nind > 0 ? ind[0] : 0, false);
  cJSON_AddNumberToObject(o, "kyoku", (cfg->dealer & 3) + 1);
  cJSON_AddNumberToObject(o, "honba", cfg->honba);
  cJSON_AddNumberToObject(o, "kyotaku", cfg->pot / 1000);
  cJSON_AddNumberToObject(o, "oya", cfg->dealer & 3);
  add_ints(o, "scores", scores);
  cJSON *th = cJSON_AddArrayToObject(o, "tehais");
  mj_tile first = MJ_NO_TILE;       /* the dealer's first draw */
  bool first_red = false;
  for (int i = 0; i < mj_game_nevents(dealt) && first == MJ_NO_TILE; i++) {
    const mj_event *e = mj_game_event(dealt, i);
    if (e->type == MJ_EV_DRAW)
      first = e->tile, first_red = e->red;
  }
  for (int p = 0; p < 4; p++)
    add_tehai(th, mj_game_hand(dealt, p),
              p == (cfg->dealer & 3) ? first : MJ_NO_TILE, first_red,
              seat >= 0 && p != seat);
}

/* A call's event: chi, pon, daiminkan, ankan, kakan; the claimed tile
   red as its discard was, the consumed ones red as the event says the
   hand gave them (a kakan's: the pon's, its added tile as the event
   says). */
static void call_event(const mj_game *g, const mj_event *e, mjai_conv *x,
                       cJSON *out)
{
  static const char *const names[] = { "chi", "pon", "daiminkan", "ankan",
                                       "kakan" };
  int k = e->type == MJ_EV_CHI ? 0 : e->type == MJ_EV_PON ? 1
        : e->type == MJ_EV_KONG ? 2 : e->type == MJ_EV_CKONG ? 3 : 4;
  cJSON *o = mjai_ev(out, names[k]);
  cJSON_AddNumberToObject(o, "actor", e->player);
  int reds = e->red;
  mj_tile five = e->tile < MJ_HONOR_FIRST ? e->tile : 0;
  if (k <= 2) {
    cJSON_AddNumberToObject(o, "target", e->from);
    add_pai(o, "pai", k == 0 ? e->claimed : e->tile, x->disc_red);
  } else if (k == 4) {
    add_pai(o, "pai", e->tile, e->red != 0);
    reds = x->pon_red[e->player & 3][five];
  }
  if (k == 1)
    x->pon_red[e->player & 3][five] = (uint8_t)(reds + x->disc_red);
  add_consumed(o, e, k == 3 ? 4 : k == 2 || k == 4 ? 3 : 2, reds);
}

/* A win's hora: who, from whom, the tile, its deltas, the ura. */
static void win_event(const mj_game *end, const mj_event *e, int k,
                      cJSON *out)
{
  cJSON *o = mjai_ev(out, "hora");
  cJSON_AddNumberToObject(o, "actor", e->player);
  cJSON_AddNumberToObject(o, "target", e->from >= 0 ? e->from : e->player);
  add_pai(o, "pai", e->tile, false);
  int d[4];
  win_deltas(end, k, e->player, d);
  add_ints(o, "deltas", d);
  const mj_hand *h = mj_game_win_hand(end, k);
  cJSON *u = cJSON_AddArrayToObject(o, "ura_markers");
  const mj_ctx *c = h != NULL ? mj_hand_cctx(h) : NULL;
  for (int j = 0; c != NULL && j < c->nura; j++) {
    char b[4];
    cJSON_AddItemToArray(u, cJSON_CreateString(mjai_pai(c->ura[j], false, b)));
  }
}

/* The drawn hand's ryukyoku, its deltas without the sticks put down. */
static void drawn_event(const mj_game *end, cJSON *out)
{
  cJSON *o = mjai_ev(out, "ryukyoku");
  int pay[4];
  mj_game_payments(end, pay);
  const mj_payment *l;
  int nl = mj_game_ledger(end, &l);
  for (int j = 0; j < nl; j++)
    if (l[j].payee == MJ_POT && l[j].payer < 4)
      pay[l[j].payer] += l[j].amount;
  add_ints(o, "deltas", pay);
}

/* A win: a robbed kan is no event of ours, so its kakan comes first,
   once (unless told while it could be robbed), then the hora. */
static void robbed_win(const mj_game *end, const mj_event *e, mjai_conv *x,
                       cJSON *out)
{
  const mj_hand *h = mj_game_win_hand(end, x->win);
  bool rob = h != NULL && (mj_hand_cctx(h)->flags & MJ_CTX_ROB);
  x->robbed = x->robbed || (rob && x->kakan_told);
  x->kakan_told = x->kakan_told && !rob;
  if (rob && !x->robbed) {
    mj_event k = *e;
    k.type = MJ_EV_AKONG;
    k.player = e->from;
    call_event(end, &k, x, out);
    x->robbed = true;
  }
  win_event(end, e, x->win++, out);
}

void mjai_rob_kakan(const mj_game *g, mjai_conv *x, cJSON *out)
{
  int from;
  mj_tile t = mj_game_pending(g, &from);
  if (mj_game_phase(g) != MJ_PHASE_ROB || x->kakan_told || t >= MJ_KINDS ||
      from < 0)
    return;
  mj_event k = { .type = MJ_EV_AKONG, .player = (int8_t)from, .tile = t,
                 .from = -1, .claimed = MJ_NO_TILE };
  call_event(g, &k, x, out);
  x->kakan_told = true;
}

void mjai_event(const mj_game *end, int i, mjai_conv *x, cJSON *out)
{
  const mj_event *e = mj_game_event(end, i);
  cJSON *o;
  /* a riichi stands once its discard was not won on */
  if (x->reach >= 0 && x->reach_out && e->type != MJ_EV_WIN &&
      e->type != MJ_EV_INDICATOR) {
    o = mjai_ev(out, "reach_accepted");
    cJSON_AddNumberToObject(o, "actor", x->reach);
    x->reach = -1;
    x->reach_out = false;
  }
  switch (e->type) {
  case MJ_EV_DRAW:
    o = mjai_ev(out, "tsumo");
    cJSON_AddNumberToObject(o, "actor", e->player);
    if (x->seat >= 0 && e->player != x->seat)
      cJSON_AddStringToObject(o, "pai", "?");   /* another's draw */
    else
      add_pai(o, "pai", e->tile, e->red);
    break;
  case MJ_EV_DISCARD:
    x->disc_red = e->red;
    o = mjai_ev(out, "dahai");
    cJSON_AddNumberToObject(o, "actor", e->player);
    add_pai(o, "pai", e->tile, e->red);
    cJSON_AddBoolToObject(o, "tsumogiri", x->prev != NULL &&
                          x->prev->type == MJ_EV_DRAW &&
                          x->prev->player == e->player &&
                          x->prev->tile == e->tile &&
                          x->prev->red == e->red);
    break;
  case MJ_EV_DECLARE: {
    const mj_decl_def *d = mj_game_decl(end, e->tile);
    if (d != NULL && d->with_discard) {
      if (!(x->skip_reach && e->player == x->seat)) {
        o = mjai_ev(out, "reach");
        cJSON_AddNumberToObject(o, "actor", e->player);
      }
      x->skip_reach = false;
      x->reach = e->player;
    }
    break;
  }
  case MJ_EV_CHI: case MJ_EV_PON: case MJ_EV_KONG: case MJ_EV_CKONG:
  case MJ_EV_AKONG:
    if (e->type == MJ_EV_AKONG && x->kakan_told)   /* told while it */
      x->kakan_told = false;                       /* could be robbed */
    else
      call_event(end, e, x, out);
    break;
  case MJ_EV_INDICATOR:
    if (!x->first_dora) {
      o = mjai_ev(out, "dora");
      add_pai(o, "dora_marker", e->tile, false);
    }
    x->first_dora = false;       /* the deal's: in start_kyoku */
    break;
  case MJ_EV_WIN:
    robbed_win(end, e, x, out);
    break;
  case MJ_EV_DRAWN: case MJ_EV_ABORT:
    if (mj_game_winners(end, (int[MJ_MAX_WINS]){ 0 }) == 0)
      drawn_event(end, out);
    break;
  default:
    break;
  }
  if (x->reach >= 0 && e->type == MJ_EV_DISCARD && e->player == x->reach)
    x->reach_out = true;
  if (e->type != MJ_EV_INDICATOR)
    x->prev = e;
}

