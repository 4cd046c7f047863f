/*
** render.c
** Output formats.
*/
#include "render.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

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

void render_error_json(FILE *f, const mj_rules *r, const char *text, size_t n,
                       const char *msg)
{
  cJSON *o = cJSON_CreateObject();
  char *in = malloc(n + 1);
  if (o == NULL || in == NULL) {
    cJSON_Delete(o);
    free(in);
    return;
  }
  memcpy(in, text, n);
  in[n] = '\0';
  cJSON_AddStringToObject(o, "input", in);
  cJSON_AddStringToObject(o, "ruleset", mj_rules_id(r));
  cJSON_AddStringToObject(o, "error", msg);
  free(in);
  print_json(f, o);
}

void render_score_json(FILE *f, const mj_rules *r, const mj_hand *h, const mj_score *s,
                       const char *msg)
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
    cJSON_AddStringToObject(o, "shape", mj_shape_name((mj_shape)s->reading.shape));
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
      cJSON_AddItemToArray(st, cJSON_CreateString(mj_rules_fan(r, s->states[i])->id));
    if (s->other_total > 0) {   /* the value not taken (fixed_or_own) */
      cJSON *x = cJSON_AddObjectToObject(o, "instead_of");
      cJSON_AddStringToObject(x, "id", s->other_fan >= 0
                              ? mj_rules_fan(r, s->other_fan)->id : "own value");
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
