/*
** render.c
** Output formats.
*/
#include "render.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "action.h"
#include "review.h"

/* Print o as one line and free it. */
static void print_json(FILE *f, cJSON *o)
{
  char *text = cJSON_PrintUnformatted(o);
  if (text != NULL) {
    fputs(text, f);
    fputc('\n', f);
    cJSON_free(text);
  }
  cJSON_Delete(o);
}

/* text[0..n) as valid UTF-8 without NUL (a bad byte becomes U+FFFD),
   at most max bytes of it; malloc'd. */
static char *clean_utf8(const char *text, size_t n, size_t max)
{
  char *out = malloc((n < max ? n : max) * 3 + 4);
  if (out == NULL)
    return NULL;
  size_t o = 0;
  const unsigned char *s = (const unsigned char *)text;
  for (size_t i = 0; i < n && i < max;) {
    unsigned c = s[i];
    size_t k = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3
             : (c & 0xf8) == 0xf0 ? 4 : 0;
    bool ok = k > 0 && c != 0 && i + k <= n && !(k == 2 && c < 0xc2) &&
              !(k == 4 && c > 0xf4);
    for (size_t j = 1; ok && j < k; j++)
      ok = (s[i + j] & 0xc0) == 0x80;
    if (ok && k == 3)   /* no overlong forms, no surrogates */
      ok = !(c == 0xe0 && s[i + 1] < 0xa0) && !(c == 0xed && s[i + 1] >= 0xa0);
    if (ok && k == 4)
      ok = !(c == 0xf0 && s[i + 1] < 0x90) && !(c == 0xf4 && s[i + 1] >= 0x90);
    if (ok) {
      memcpy(out + o, s + i, k);
      o += k;
      i += k;
    } else {
      memcpy(out + o, "\xef\xbf\xbd", 3);
      o += 3;
      i++;
    }
  }
  out[o] = '\0';
  return out;
}

void render_error_json(FILE *f, const mj_rules *r, const char *text, size_t n,
                       const char *msg)
{
  cJSON *o = cJSON_CreateObject();
  char *in = clean_utf8(text, n, 1024);
  if (o == NULL || in == NULL) {
    cJSON_Delete(o);
    free(in);
    return;
  }
  cJSON_AddStringToObject(o, "input", in);
  cJSON_AddStringToObject(o, "ruleset", mj_rules_id(r));
  cJSON_AddStringToObject(o, "error", msg);
  free(in);
  print_json(f, o);
}

void render_score_json(FILE *f, const mj_rules *r, const mj_hand *h,
                       const mj_score *s, const char *msg)
{
  cJSON *o = cJSON_CreateObject();
  char buf[1024];
  if (o == NULL)
    return;
  mj_hand_print_full(h, buf, sizeof buf);
  cJSON_AddStringToObject(o, "hand", buf);
  cJSON_AddStringToObject(o, "ruleset", mj_rules_id(r));
  if (s == NULL) {
    cJSON_AddStringToObject(o, "error", msg ? msg : "error");
  } else {
    cJSON_AddNumberToObject(o, "total", s->total);
    cJSON_AddNumberToObject(o, "bonus", s->bonus);
    cJSON_AddNumberToObject(o, "total_without_bonus", s->total - s->bonus);
    cJSON_AddNumberToObject(o, "minimum", s->min);
    cJSON_AddBoolToObject(o, "meets_minimum", s->meets_min);
    cJSON_AddStringToObject(o, "shape",
                            mj_shape_name((mj_shape)s->reading.shape));
    mj_score_reading(s, buf, sizeof buf);
    cJSON_AddStringToObject(o, "reading", buf);
    cJSON_AddNumberToObject(o, "readings", s->nreadings);
    cJSON *fans = cJSON_AddArrayToObject(o, "fans");
    for (int i = 0; i < s->nhits; i++) {
      const mj_fan_def *fd = mj_rules_fan(r, s->hits[i].fan);
      cJSON *x = cJSON_CreateObject();
      cJSON_AddStringToObject(x, "id", fd->id);
      if (fd->en)
        cJSON_AddStringToObject(x, "en", fd->en);
      cJSON_AddNumberToObject(x, "count", s->hits[i].count);
      cJSON_AddNumberToObject(x, "value", s->hits[i].value);
      cJSON *g = cJSON_AddArrayToObject(x, "groups");
      for (int k = 0; k < s->reading.ngroups; k++)
        if (s->hits[i].groups >> k & 1)
          cJSON_AddItemToArray(g, cJSON_CreateNumber(k));
      cJSON_AddItemToArray(fans, x);
    }
    cJSON *st = cJSON_AddArrayToObject(o, "states");
    for (int i = 0; i < s->nstates; i++)
      cJSON_AddItemToArray(
          st, cJSON_CreateString(mj_rules_fan(r, s->states[i])->id));
    if (s->other_total > 0) {   /* the value not taken (fixed_or_own) */
      cJSON *x = cJSON_AddObjectToObject(o, "instead_of");
      cJSON_AddStringToObject(
          x, "id",
          s->other_fan >= 0 ? mj_rules_fan(r, s->other_fan)->id : "own value");
      cJSON_AddNumberToObject(x, "total", s->other_total);
    }
    cJSON *ex = cJSON_AddArrayToObject(o, "exempt");
    for (int i = 0; i < s->nexempt; i++) {
      const mj_exempt *e = &s->exempt[i];
      cJSON *x = cJSON_CreateObject();
      cJSON_AddStringToObject(x, "id", mj_rules_fan(r, e->fan)->id);
      cJSON_AddNumberToObject(x, "count", e->count);
      cJSON_AddStringToObject(x, "why", mj_why_text((mj_why)e->why));
      if (e->by >= 0)
        cJSON_AddStringToObject(x, "by", mj_rules_fan(r, e->by)->id);
      cJSON_AddItemToArray(ex, x);
    }
  }
  print_json(f, o);
}

static void add_waits(cJSON *o, const char *key, const mj_wait *w, int n)
{
  cJSON *a = cJSON_AddArrayToObject(o, key);
  char b[3];
  int live = 0;
  for (int i = 0; i < n; i++) {
    cJSON *x = cJSON_CreateObject();
    cJSON_AddStringToObject(x, "tile", mj_tile_str(w[i].tile, b));
    cJSON_AddNumberToObject(x, "live", w[i].live);
    cJSON_AddItemToArray(a, x);
    live += w[i].live;
  }
  char k2[40];
  snprintf(k2, sizeof k2, "%s_live", key);
  cJSON_AddNumberToObject(o, k2, live);
}

void render_tiles_json(FILE *f, const mj_rules *r, const mj_hand *h,
                       int shanten, const char *key, const mj_wait *w, int n,
                       const render_discard *d, int nd)
{
  cJSON *o = cJSON_CreateObject();
  char buf[512];
  if (o == NULL)
    return;
  mj_hand_print(h, buf, sizeof buf);
  cJSON_AddStringToObject(o, "hand", buf);
  cJSON_AddStringToObject(o, "ruleset", mj_rules_id(r));
  cJSON_AddNumberToObject(o, "shanten", shanten);
  if (key != NULL)
    add_waits(o, key, w, n);
  if (d != NULL) {
    cJSON *a = cJSON_AddArrayToObject(o, "discards");
    char b[3];
    for (int i = 0; i < nd; i++) {
      cJSON *x = cJSON_CreateObject();
      cJSON_AddStringToObject(x, "discard", mj_tile_str(d[i].tile, b));
      cJSON_AddNumberToObject(x, "shanten", d[i].shanten);
      add_waits(x, "useful", d[i].w, d[i].n);
      cJSON_AddItemToArray(a, x);
    }
  }
  print_json(f, o);
}

void render_review_json(FILE *f, const mj_game *g, const mj_review *rv,
                        const char *seat)
{
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "ruleset", mj_rules_id(mj_game_rules(g)));
  cJSON_AddStringToObject(o, "seat", seat);
  cJSON_AddNumberToObject(o, "decisions", rv->decisions);
  cJSON_AddNumberToObject(o, "differ", rv->differ);
  cJSON_AddNumberToObject(o, "further", rv->further);
  cJSON_AddNumberToObject(o, "dealt_in", rv->dealt_in);
  cJSON *items = cJSON_AddArrayToObject(o, "items");
  for (int i = 0; i < rv->nitems; i++) {
    const mj_review_item *it = &rv->items[i];
    cJSON *x = cJSON_CreateObject();
    char a[32];
    cJSON_AddNumberToObject(x, "decision", it->number);
    cJSON_AddNumberToObject(x, "action", it->index + 1);
    cJSON_AddNumberToObject(x, "wall", it->wall);
    mj_action_print(&it->yours, a, sizeof a);
    cJSON_AddStringToObject(x, "yours", a);
    mj_action_print(&it->bot, a, sizeof a);
    cJSON_AddStringToObject(x, "bot", a);
    if (it->discards) {
      cJSON_AddNumberToObject(x, "your_shanten", it->your_shanten);
      cJSON_AddNumberToObject(x, "your_useful", it->your_useful);
      cJSON_AddStringToObject(x, "your_target", it->your_target);
      cJSON_AddNumberToObject(x, "bot_shanten", it->bot_shanten);
      cJSON_AddNumberToObject(x, "bot_useful", it->bot_useful);
      cJSON_AddStringToObject(x, "bot_target", it->bot_target);
      if (it->why[0])
        cJSON_AddStringToObject(x, "bot_safer", it->why);
      if (it->richer[0])
        cJSON_AddStringToObject(x, "bot_richer", it->richer);
    }
    if (it->dealt_in) {
      char h[256];
      cJSON_AddBoolToObject(x, "dealt_in", true);
      mj_hand_print_full(mj_game_win_hand(g, 0), h, sizeof h);
      cJSON_AddStringToObject(x, "winner_hand", h);
      cJSON_AddNumberToObject(x, "winner_total", rv->dealt_in);
    }
    cJSON_AddItemToArray(items, x);
  }
  print_json(f, o);
}

const mj_hand *render_last_win(const mj_game *g, int q)
{
  int w[MJ_MAX_WINS];
  for (int k = mj_game_winners(g, w) - 1; k >= 0; k--)
    if (w[k] == q)
      return mj_game_win_hand(g, k);
  return NULL;
}

const mj_hand *render_won_hand(const mj_game *g, int q)
{
  return mj_game_active(g, q) || mj_game_over(g) ? NULL : render_last_win(g, q);
}
