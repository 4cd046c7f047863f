/*
** mjai_log.c
** An mjai game log (one event a line, FORMATS-riichi.md) turned into the
** rounds of a tenhou.net/6 log, which hule import then replays and
** checks: each kyoku's hands dealt, each seat's takes (draws and calls)
** and discards (riichi, kans) in tenhou's notation, the indicators, and
** the result (the wins' deltas; mjai gives no points text nor yaku, so
** those are not compared). The whole game's view is needed: a seat's
** view, with others' tiles as "?", is refused.
*/
#include <stdbool.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "error.h"

#include "logs.h"

/* Is the event's type the literal lit? (its first byte tells most apart) */
#define IS(type, lit) ((type)[0] == (lit)[0] && strcmp((type), (lit)) == 0)

/* o's member named key, as cJSON_GetObjectItemCaseSensitive finds it
   (the first of that name; NULL for no object), without the library's
   call and a strcmp for every member: a line's object has a handful. */
static const cJSON *field(const cJSON *o, const char *key)
{
  for (const cJSON *c = o != NULL ? o->child : NULL; c != NULL; c = c->next)
    if (c->string != NULL && c->string[0] == key[0] &&
        strcmp(c->string, key) == 0)
      return c;
  return NULL;
}

/* tenhou's number of an mjai tile ("5mr" 51, "E" 41, "P" 45), or 0. */
static int t6(const cJSON *j)
{
  if (!cJSON_IsString(j))
    return 0;
  const char *s = j->valuestring;
  const char *h = strchr("ESWNPFC", s[0]);
  if (s[0] != '\0' && h != NULL && s[1] == '\0')
    return 41 + (int)(h - "ESWNPFC");
  const char *su = s[0] != '\0' ? strchr("mps", s[1]) : NULL;
  if (s[0] < '1' || s[0] > '9' || su == NULL || s[1] == '\0')
    return 0;
  int suit = (int)(su - "mps");
  if (s[2] == 'r' && s[3] == '\0' && s[0] == '5')
    return 51 + suit;
  return s[2] == '\0' ? (suit + 1) * 10 + (s[0] - '0') : 0;
}

/* A tenhou tile with its red five made plain (51 -> 15). */
static int plain(int v)
{
  return v > 50 ? (v - 50) * 10 + 5 : v;
}

typedef struct kyoku {
  cJSON *round;            /* the 17 items */
  cJSON *take[4], *disc[4], *dora, *ura, *result;
  bool reach[4];           /* a reach whose dahai comes next */
  char pons[4][4][16];     /* each seat's pon strings (for a kakan) */
  int npons[4];
  int last_tsumo;          /* the actor of the last tsumo, -1 */
  bool wins;
} kyoku;

static mj_status bad_line(mj_error *err, int line, const char *what)
{
  return mj_fail(err, MJ_EINVAL, 0, "line %d: %s", line, what);
}

/* A call string: the letter where the target sits (left 0, across 2,
   right 4; an open kong's right 6), the claimed tile after it. */
static void call_string(char *out, size_t cap, char letter, int rel,
                        int claimed, const int *own, int n)
{
  int at = rel == 3 ? 0 : rel == 2 ? 1 : n;   /* tiles before the letter */
  size_t len = 0;
  for (int i = 0; i < n + 1; i++) {
    if (i == at)
      len += (size_t)snprintf(out + len, cap - len, "%c%d", letter, claimed);
    if (i < n)
      len += (size_t)snprintf(out + len, cap - len, "%d", own[i]);
  }
}

static mj_status start_kyoku(kyoku *k, const cJSON *o, int line,
                             mj_error *err)
{
  memset(k, 0, sizeof *k);
  k->last_tsumo = -1;
  const cJSON *bk = field(o, "bakaze");
  const cJSON *ky = field(o, "kyoku");
  const cJSON *hb = field(o, "honba");
  const cJSON *kt = field(o, "kyotaku");
  const cJSON *sc = field(o, "scores");
  const cJSON *th = field(o, "tehais");
  const char *w = cJSON_IsString(bk) ? strchr("ESWN", bk->valuestring[0])
                                     : NULL;
  if (w == NULL || bk->valuestring[0] == '\0' || !cJSON_IsNumber(ky) ||
      ky->valuedouble < 1 || ky->valuedouble > 4 || !cJSON_IsNumber(hb) ||
      !cJSON_IsNumber(kt) || !cJSON_IsArray(sc) ||
      cJSON_GetArraySize(sc) != 4 || !cJSON_IsArray(th) ||
      cJSON_GetArraySize(th) != 4)
    return bad_line(err, line, "start_kyoku needs bakaze, kyoku 1..4, "
                    "honba, kyotaku, four scores and four tehais");
  k->round = cJSON_CreateArray();
  cJSON *h = cJSON_CreateArray();
  cJSON_AddItemToArray(h, cJSON_CreateNumber((double)(w - "ESWN") * 4 +
                                             ky->valuedouble - 1));
  cJSON_AddItemToArray(h, cJSON_CreateNumber(hb->valuedouble));
  cJSON_AddItemToArray(h, cJSON_CreateNumber(kt->valuedouble));
  cJSON_AddItemToArray(k->round, h);
  cJSON_AddItemToArray(k->round, cJSON_Duplicate(sc, true));
  k->dora = cJSON_CreateArray();
  int d = t6(field(o, "dora_marker"));
  cJSON_AddItemToArray(k->dora, cJSON_CreateNumber(d));
  cJSON_AddItemToArray(k->round, k->dora);
  k->ura = cJSON_CreateArray();
  cJSON_AddItemToArray(k->round, k->ura);
  for (int p = 0; p < 4; p++) {
    const cJSON *hand = cJSON_GetArrayItem(th, p);
    cJSON *hai = cJSON_CreateArray();
    for (int i = 0; i < cJSON_GetArraySize(hand); i++) {
      int v = t6(cJSON_GetArrayItem(hand, i));
      if (v == 0) {
        cJSON_Delete(hai);
        return bad_line(err, line, "a tehai tile is unknown (\"?\": a "
                        "seat's view, not the whole game) or no tile");
      }
      cJSON_AddItemToArray(hai, cJSON_CreateNumber(v));
    }
    cJSON_AddItemToArray(k->round, hai);
    cJSON_AddItemToArray(k->round, k->take[p] = cJSON_CreateArray());
    cJSON_AddItemToArray(k->round, k->disc[p] = cJSON_CreateArray());
  }
  return MJ_OK;
}

/* The int array of "consumed", at most max; its count, -1 when bad. */
static int consumed(const cJSON *o, int *v, int max)
{
  const cJSON *c = field(o, "consumed");
  int n = cJSON_IsArray(c) ? cJSON_GetArraySize(c) : -1;
  if (n < 0 || n > max)
    return -1;
  for (int i = 0; i < n; i++)
    if ((v[i] = t6(cJSON_GetArrayItem(c, i))) == 0)
      return -1;
  return n;
}

/* A call, kan, draw or discard of actor a into the kyoku. */
static mj_status move(kyoku *k, const char *type, const cJSON *o, int a,
                      int line, mj_error *err)
{
  int pai = t6(field(o, "pai")), c[4], n;
  const cJSON *tj = field(o, "target");
  int target = cJSON_IsNumber(tj) ? (int)tj->valuedouble & 3 : -1;
  char s[16];
  if (IS(type, "tsumo")) {
    if (pai == 0)
      return bad_line(err, line, "a tsumo of no tile (\"?\": a seat's view)");
    cJSON_AddItemToArray(k->take[a], cJSON_CreateNumber(pai));
    k->last_tsumo = a;
  } else if (IS(type, "dahai")) {
    bool tg = cJSON_IsTrue(field(o, "tsumogiri"));
    if (pai == 0)
      return bad_line(err, line, "a dahai of no tile");
    if (k->reach[a]) {
      snprintf(s, sizeof s, "r%d", tg ? 60 : pai);
      cJSON_AddItemToArray(k->disc[a], cJSON_CreateString(s));
      k->reach[a] = false;
    } else {
      cJSON_AddItemToArray(k->disc[a], cJSON_CreateNumber(tg ? 60 : pai));
    }
    k->last_tsumo = -1;
  } else if (IS(type, "chi") || IS(type, "pon") ||
             IS(type, "daiminkan")) {
    int want = type[0] == 'd' ? 3 : 2;
    if (pai == 0 || target < 0 || (n = consumed(o, c, 3)) != want)
      return bad_line(err, line, "a call needs its pai, target and "
                      "consumed tiles");
    int rel = (target - a + 4) & 3;
    call_string(s, sizeof s, type[0] == 'c' ? 'c' : type[0] == 'p' ? 'p'
                                                                    : 'm',
                rel, pai, c, n);
    cJSON_AddItemToArray(k->take[a], cJSON_CreateString(s));
    if (type[0] == 'd')
      cJSON_AddItemToArray(k->disc[a], cJSON_CreateNumber(0));
    if (type[0] == 'p' && k->npons[a] < 4)
      snprintf(k->pons[a][k->npons[a]++], sizeof k->pons[a][0], "%s", s);
  } else if (IS(type, "ankan")) {
    if ((n = consumed(o, c, 4)) != 4)
      return bad_line(err, line, "an ankan consumes four tiles");
    snprintf(s, sizeof s, "%d%d%da%d", c[0], c[1], c[2], c[3]);
    cJSON_AddItemToArray(k->disc[a], cJSON_CreateString(s));
  } else if (IS(type, "kakan")) {
    /* the pon's string with k and the added tile where its p was */
    const char *pon = NULL;
    for (int i = 0; i < k->npons[a] && pon == NULL && pai != 0; i++) {
      const char *pp = strchr(k->pons[a][i], 'p');
      int v = pp != NULL ? (pp[1] - '0') * 10 + (pp[2] - '0') : 0;
      if (v != 0 && plain(v) == plain(pai))
        pon = k->pons[a][i];
    }
    if (pon == NULL)
      return bad_line(err, line, "a kakan of no pon of its actor's");
    size_t at = (size_t)(strchr(pon, 'p') - pon);
    snprintf(s, sizeof s, "%.*sk%d%s", (int)at, pon, pai, pon + at + 1);
    cJSON_AddItemToArray(k->disc[a], cJSON_CreateString(s));
  }
  return MJ_OK;
}

/* The kyoku's end: a win (hora: its deltas, the ura), a drawn hand. */
static mj_status ending(kyoku *k, const char *type, const cJSON *o, int a,
                        int line, mj_error *err)
{
  const cJSON *d = field(o, "deltas");
  if (d != NULL && (!cJSON_IsArray(d) || cJSON_GetArraySize(d) != 4))
    return bad_line(err, line, "deltas are four numbers");
  if (IS(type, "hora")) {
    const cJSON *tj = field(o, "target");
    if (!cJSON_IsNumber(tj) || d == NULL)
      return bad_line(err, line, "a hora needs its target and deltas");
    if (k->result == NULL) {
      k->result = cJSON_CreateArray();
      cJSON_AddItemToArray(k->result, cJSON_CreateString("和了"));
    }
    cJSON_AddItemToArray(k->result, cJSON_Duplicate(d, true));
    cJSON *info = cJSON_CreateArray();
    cJSON_AddItemToArray(info, cJSON_CreateNumber(a));
    cJSON_AddItemToArray(info, cJSON_CreateNumber((int)tj->valuedouble & 3));
    cJSON_AddItemToArray(info, cJSON_CreateNumber(a));
    cJSON_AddItemToArray(info, cJSON_CreateString(""));  /* no points */
    cJSON_AddItemToArray(k->result, info);
    const cJSON *u = field(o, "ura_markers");
    bool none = cJSON_GetArraySize(k->ura) == 0;   /* the first winner's */
    for (int i = 0; none && i < cJSON_GetArraySize(u) && i < 5; i++)
      cJSON_AddItemToArray(k->ura,
                           cJSON_CreateNumber(t6(cJSON_GetArrayItem(u, i))));
    return MJ_OK;
  }
  /* ryukyoku: right after a seat's tsumo, its 九種九牌 */
  k->result = cJSON_CreateArray();
  cJSON_AddItemToArray(k->result, cJSON_CreateString(
                                      k->last_tsumo >= 0 ? "九種九牌"
                                                         : "ryukyoku"));
  if (d != NULL && k->last_tsumo < 0)
    cJSON_AddItemToArray(k->result, cJSON_Duplicate(d, true));
  return MJ_OK;
}

/* One event of the log (line), into the kyoku k (its round, when it ends,
   appended to log). */
static mj_status event(kyoku *k, bool *open, const cJSON *o, cJSON *log,
                       int line, mj_error *err)
{
  const cJSON *tj = field(o, "type");
  const char *type = cJSON_IsString(tj) ? tj->valuestring : "";
  const cJSON *aj = field(o, "actor");
  int a = cJSON_IsNumber(aj) && aj->valuedouble >= 0 &&
                  aj->valuedouble <= 3 ? (int)aj->valuedouble : -1;
  if (IS(type, "start_kyoku")) {
    if (*open)
      return bad_line(err, line, "a start_kyoku before end_kyoku");
    mj_status st = start_kyoku(k, o, line, err);
    *open = st == MJ_OK;
    if (st != MJ_OK && k->round != NULL)
      cJSON_Delete(k->round);
    return st;
  }
  if (!*open)
    return MJ_OK;               /* start_game, end_game, none */
  if (IS(type, "end_kyoku")) {
    if (k->result == NULL)
      return bad_line(err, line, "a kyoku ended with no hora or ryukyoku");
    cJSON_AddItemToArray(k->round, k->result);
    cJSON_AddItemToArray(log, k->round);
    *open = false;
    return MJ_OK;
  }
  if (IS(type, "dora")) {
    int d = t6(field(o, "dora_marker"));
    if (d == 0)
      return bad_line(err, line, "a dora_marker is no tile");
    cJSON_AddItemToArray(k->dora, cJSON_CreateNumber(d));
    return MJ_OK;
  }
  if (IS(type, "ryukyoku") || IS(type, "hora"))
    return k->result != NULL && type[0] == 'r'
               ? bad_line(err, line, "two ends to one kyoku")
               : ending(k, type, o, a, line, err);
  if (a < 0)
    return !IS(type, "reach_accepted") && !IS(type, "none")
               ? bad_line(err, line, "an event of no actor 0..3") : MJ_OK;
  if (IS(type, "reach")) {
    k->reach[a] = true;
    return MJ_OK;
  }
  return move(k, type, o, a, line, err);
}

/* {====================================================================
** Trees in blocks: a line's parse, kept from line to line (its tree is
** read and copied from, then dropped whole before the next line), and
** the whole log's tree, dropped whole at the end, so their nodes need no
** malloc nor free each (the parse's own cost, twice over)
** ===================================================================== */

typedef struct mjai_block {
  struct mjai_block *next;
  size_t used, cap;
  max_align_t data[];
} mjai_block;

void *mjai_arena_alloc(mjai_arena *a, size_t n)
{
  n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t);
  mjai_block *b = a->head;
  if (b == NULL || b->used + n > b->cap) {
    size_t cap = n > 32 ? n : 32;   /* units of max_align_t */
    mjai_block *nb = malloc(sizeof *nb + cap * sizeof(max_align_t));
    if (nb == NULL)
      return NULL;
    nb->next = b;
    nb->used = 0;
    nb->cap = cap;
    a->head = b = nb;
  }
  void *p = b->data + b->used;
  b->used += n;
  return p;
}

void mjai_arena_drop(mjai_arena *a, bool all)
{
  while (a->head != NULL && (all || a->head->next != NULL)) {
    mjai_block *next = a->head->next;
    free(a->head);
    a->head = next;
  }
  if (a->head != NULL)
    a->head->used = 0;
}

static mjai_arena line_arena;   /* the first block is kept; those past go */
static mjai_arena *hooked;      /* where cJSON allocates now, NULL: malloc */

static void *hook_alloc(size_t n)
{
  return mjai_arena_alloc(hooked, n);
}

static void hook_free(void *p)
{
  (void)p;                  /* the whole tree goes at once */
}

/* cJSON's memory from a (NULL: malloc again); the one before, returned. */
static mjai_arena *hook(mjai_arena *a)
{
  mjai_arena *before = hooked;
  cJSON_Hooks arena = { hook_alloc, hook_free };
  cJSON_InitHooks(a != NULL ? &arena : NULL);
  hooked = a;
  return before;
}

/* Drop the line's tree: keep one block, emptied (all == false), or none. */
void mjai_line_drop(bool all)
{
  mjai_arena_drop(&line_arena, all);
}

cJSON *mjai_arena_parse(mjai_arena *a, const char *text, size_t len)
{
  mjai_arena *before = hook(a);
  cJSON *o = cJSON_ParseWithLength(text, len);
  hook(before);
  return o;
}

/* The common line (objects, arrays, integers, strings without escapes,
   true, false, null) read straight into the blocks, the tree cJSON would
   make of it; NULL for anything else (a fraction, an escape, a control
   byte, deep nesting, text after the value), which cJSON then reads. */
typedef struct reader {
  const char *p, *end;
  int depth;
} reader;

static cJSON *fast_value(reader *r);

static void skip_space(reader *r)
{
  while (r->p < r->end &&
         (*r->p == ' ' || *r->p == '\t' || *r->p == '\r' || *r->p == '\n'))
    r->p++;
}

static cJSON *new_node(int type)
{
  cJSON *n = mjai_arena_alloc(&line_arena, sizeof *n);
  if (n != NULL) {
    memset(n, 0, sizeof *n);
    n->type = type;
  }
  return n;
}

/* A string's bytes up to its closing quote, copied; NULL past the plain. */
static char *fast_string(reader *r)
{
  const char *q = ++r->p;          /* past the opening quote */
  while (q < r->end && *q != '"') {
    if (*q == '\\' || (unsigned char)*q < 0x20)
      return NULL;
    q++;
  }
  if (q == r->end)
    return NULL;
  char *out = mjai_arena_alloc(&line_arena, (size_t)(q - r->p) + 1);
  if (out == NULL)
    return NULL;
  memcpy(out, r->p, (size_t)(q - r->p));
  out[q - r->p] = '\0';
  r->p = q + 1;
  return out;
}

static cJSON *fast_number(reader *r)
{
  const char *q = r->p;
  bool neg = q < r->end && *q == '-';
  q += neg;
  long long v = 0;
  int digits = 0;
  while (q < r->end && *q >= '0' && *q <= '9' && digits < 15) {
    v = v * 10 + (*q++ - '0');
    digits++;
  }
  if (digits == 0 || (q < r->end && strchr("0123456789.eE+-", *q) != NULL))
    return NULL;                   /* a fraction, an exponent: cJSON's */
  cJSON *n = new_node(cJSON_Number);
  if (n == NULL)
    return NULL;
  double d = neg ? -(double)v : (double)v;     /* exact: 15 digits */
  n->valuedouble = d;
  n->valueint = d >= INT_MAX ? INT_MAX : d <= INT_MIN ? INT_MIN : (int)d;
  r->p = q;
  return n;
}

static bool fast_word(reader *r, const char *w)
{
  size_t n = strlen(w);
  if ((size_t)(r->end - r->p) < n || memcmp(r->p, w, n) != 0)
    return false;
  r->p += n;
  return true;
}

/* The items of an array or object (close its closing bracket), linked as
   cJSON links them: next in order, the first's prev the last. */
static cJSON *fast_items(reader *r, int type, char close)
{
  cJSON *c = new_node(type), *last = NULL;
  if (c == NULL || ++r->depth > 64)
    return NULL;
  r->p++;
  skip_space(r);
  if (r->p < r->end && *r->p == close) {
    r->p++;
    r->depth--;
    return c;
  }
  for (;;) {
    char *key = NULL;
    if (type == cJSON_Object) {
      if (r->p == r->end || *r->p != '"' || (key = fast_string(r)) == NULL)
        return NULL;
      skip_space(r);
      if (r->p == r->end || *r->p++ != ':')
        return NULL;
    }
    cJSON *v = fast_value(r);
    if (v == NULL)
      return NULL;
    v->string = key;
    if (last == NULL)
      c->child = v;
    else
      last->next = v, v->prev = last;
    last = v;
    c->child->prev = last;
    skip_space(r);
    if (r->p < r->end && *r->p == ',') {
      r->p++;
      skip_space(r);
      continue;
    }
    if (r->p < r->end && *r->p == close) {
      r->p++;
      r->depth--;
      return c;
    }
    return NULL;
  }
}

static cJSON *fast_value(reader *r)
{
  skip_space(r);
  if (r->p == r->end)
    return NULL;
  switch (*r->p) {
  case '{': return fast_items(r, cJSON_Object, '}');
  case '[': return fast_items(r, cJSON_Array, ']');
  case '"': {
    char *str = fast_string(r);
    cJSON *n = str != NULL ? new_node(cJSON_String) : NULL;
    if (n != NULL)
      n->valuestring = str;
    return n;
  }
  case 't':
    if (fast_word(r, "true")) {
      cJSON *n = new_node(cJSON_True);
      if (n != NULL)
        n->valueint = 1;
      return n;
    }
    return NULL;
  case 'f': return fast_word(r, "false") ? new_node(cJSON_False) : NULL;
  case 'n': return fast_word(r, "null") ? new_node(cJSON_NULL) : NULL;
  default: return fast_number(r);
  }
}

/* The line parsed into the blocks: by the reader above, else by cJSON
   with the blocks as its memory. */
cJSON *mjai_parse_line(const char *text, size_t len)
{
  reader r = { text, text + len, 0 };
  cJSON *o = fast_value(&r);
  skip_space(&r);
  if (o != NULL && r.p == r.end)
    return o;
  mjai_line_drop(false);
  return mjai_arena_parse(&line_arena, text, len);
}

/* }==================================================================== */

cJSON *mjai_to_tenhou6(const char *text, size_t len, mjai_arena *a,
                       mj_error *err)
{
  mjai_arena *before = hook(a);
  cJSON *root = cJSON_CreateObject();
  cJSON *rule = cJSON_AddObjectToObject(root, "rule");
  cJSON_AddNumberToObject(rule, "aka", 1);
  cJSON *log = cJSON_AddArrayToObject(root, "log");
  kyoku k;
  memset(&k, 0, sizeof k);
  bool open = false;
  int line = 0;
  mj_status st = MJ_OK;
  for (size_t i = 0; i < len && st == MJ_OK;) {
    size_t j = i;
    while (j < len && text[j] != '\n')
      j++;
    line++;
    if (j > i) {
      cJSON *o = mjai_parse_line(text + i, j - i);
      st = cJSON_IsObject(o) ? event(&k, &open, o, log, line, err)
                             : bad_line(err, line, "not a JSON object");
      const cJSON *tj = cJSON_IsObject(o) ? field(o, "type") : NULL;
      if (st == MJ_OK && cJSON_IsString(tj) && IS(tj->valuestring, "start_game") &&
          cJSON_IsArray(field(o, "names")) &&
          !cJSON_GetObjectItemCaseSensitive(root, "name"))   /* the players */
        cJSON_AddItemToObject(root, "name",
                              cJSON_Duplicate(field(o, "names"), true));
      mjai_line_drop(false);
    }
    i = j + 1;
  }
  mjai_line_drop(true);
  hook(before);
  if (st == MJ_OK && open)
    st = bad_line(err, line, "the log ends inside a kyoku");
  if (st != MJ_OK) {
    mjai_arena_drop(a, true);
    return NULL;
  }
  return root;
}
