/*
** rules.c
** Compiled rulesets: storage, name resolution, descriptions.
*/
#include "i18n.h"
#include "rules_int.h"
#include "table_rules.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup(const char *s)
{
  if (s == NULL)
    return NULL;
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p != NULL)
    memcpy(p, s, n);
  return p;
}

mj_tileset mj_table_set_of(int tiles)
{
  mj_tileset s = tiles == 108 ? (MJ_BIT(MJ_HONOR_FIRST) - 1)
                              : (MJ_BIT(MJ_KINDS) - 1);
  if (tiles == 144)
    for (int f = 0; f < 8; f++)
      s |= MJ_BIT(MJ_FLOWER0 + f);
  return s;
}

static void default_table(mj_table *t)
{
  memset(t, 0, sizeof *t);
  /* the flags and numbers from the one list; the rest by hand */
#define FLAG(name, dflt, words) t->name = (dflt) != 0;
#define NUMBER(name, dflt, lo, hi, range, words) t->name = (dflt);
  MJ_TABLE_FLAGS(FLAG)
  MJ_TABLE_NUMBERS(NUMBER)
#undef FLAG
#undef NUMBER
  t->replace_tail = true;
  t->set = mj_table_set_of(t->tiles);
  memcpy(t->wild_name, "wild", 5);
  for (int k = 0; k < MJ_KINDS; k++)
    t->succ[k] = k;
}

mj_rules *mj_rules_new(const char *id)
{
  mj_rules *r = calloc(1, sizeof *r);
  if (r == NULL)
    return NULL;
  r->id = dup(id);
  r->fans = calloc(MJ_MAX_FANS, sizeof *r->fans);
  if (r->id == NULL || r->fans == NULL) {
    mj_rules_free(r);
    return NULL;
  }
  r->shapes.shapes = MJ_SHAPE_BIT(MJ_SHAPE_STANDARD);
  r->wait_shapes = MJ_SHAPE_BIT(MJ_SHAPE_STANDARD);
  r->knitted_waits = true;
  default_table(&r->table);
  return r;
}

static void free_def_strings(mj_fan_def *d)
{
  free((char *)d->id);
  free((char *)d->en);
  free((char *)d->desc);
  free((char *)d->example);
  for (int i = 0; i < MJ_MAX_ALIASES; i++)
    free((char *)d->aliases[i]);
  for (int i = 0; i < d->nexcl; i++)
    free((char *)d->excl[i]);
  for (int i = 0; i < d->nexm; i++)
    free((char *)d->exm[i]);
}

void mj_rules_free(mj_rules *r)
{
  if (r == NULL)
    return;
  free(r->id);
  free(r->title);
  for (int k = 0; k < r->nwords; k++)
    free(r->words[k].desc);
  free(r->version);
  free(r->desc);
  free(r->source);
  if (r->fans != NULL)
    for (int i = 0; i < r->nfans; i++)
      free_def_strings(&r->fans[i].def);
  free(r->fans);
  mj_filter_clear(&r->filter);
  for (int t = 0; t < 2; t++) {
    free(atomic_load(&r->combo2[t]));
    free(atomic_load(&r->combo3[t]));
  }
  free(r->order);
  free(r->order_pos);
  for (int t = 0; t < 2; t++)
    for (int k = 0; k < 5; k++)
      free(r->combo[t][k]);
  for (int i = 0; i < r->nopts; i++) {
    free(r->opt_name[i]);
    free(r->opt_value[i]);
  }
  free(r);
}

static mj_status set_str(char **dst, const char *s)
{
  char *p = dup(s);
  if (s != NULL && p == NULL)
    return MJ_ENOMEM;
  free(*dst);
  *dst = p;
  return MJ_OK;
}

mj_status mj_rules_set_info(mj_rules *r, const char *title, const char *version,
                            const char *desc, const char *source)
{
  if (set_str(&r->title, title) || set_str(&r->version, version) ||
      set_str(&r->desc, desc) || set_str(&r->source, source))
    return MJ_ENOMEM;
  return MJ_OK;
}

void mj_rules_set_shapes(mj_rules *r, mj_shape_cfg cfg, unsigned wait_shapes)
{
  r->shapes = cfg;
  r->wait_shapes = wait_shapes;
}

void mj_rules_set_scoring(mj_rules *r, int scoring, bool account_once)
{
  r->scoring = scoring;
  r->account_once = account_once;
}

int mj_scoring_from_name(const char *name)
{
  static const char *const names[] = { "sum", "doubling", "fan", "parts" };
  for (int i = 0; name != NULL && i < 4; i++)
    if (strcmp(name, names[i]) == 0)
      return i;
  return -1;
}

mj_status mj_rules_set_parts(mj_rules *r, const mj_parts *p, mj_error *err)
{
  if (p->round_to < 1 || p->pay_round < 1 || p->doublings < 0 ||
      p->doublings > 8 || p->nlimits < 0 || p->nlimits > MJ_MAX_LIMITS)
    return mj_fail(err, MJ_EINVAL, 0, "parts: a rounding below 1, "
                   "doublings past 0..8 or more than %d limits",
                   MJ_MAX_LIMITS);
  for (int i = 1; i < p->nlimits; i++)
    if (p->limit_fans[i] <= p->limit_fans[i - 1])
      return mj_fail(err, MJ_EINVAL, 0,
                     "parts: the limits must go up by %s", p->unit);
  r->parts = *p;
  r->parts.no_self_fan = -1;
  return MJ_OK;
}

const mj_parts *mj_rules_parts(const mj_rules *r) { return &r->parts; }

void mj_rules_set_fixed_or_own(mj_rules *r, bool on) { r->fixed_or_own = on; }
void mj_rules_set_knitted_waits(mj_rules *r, bool on) { r->knitted_waits = on; }
bool mj_rules_knitted_waits(const mj_rules *r) { return r->knitted_waits; }
void mj_rules_set_exclusive(mj_rules *r, unsigned flags) { r->exclusive = flags; }

mj_status mj_rules_add_refusal(mj_rules *r, unsigned on, unsigned off,
                               mj_error *err)
{
  if (r->nrefuse >= MJ_MAX_REFUSALS)
    return mj_fail(err, MJ_EINVAL, 0, "at most %d refusals",
                   MJ_MAX_REFUSALS);
  if (on == 0 || (on & off))
    return mj_fail(err, MJ_EINVAL, 0, "a refusal names a flag that holds, "
                   "and none both with and without '!'");
  r->refuse_on[r->nrefuse] = on;
  r->refuse_off[r->nrefuse++] = off;
  return MJ_OK;
}
bool mj_rules_refuses(const mj_rules *r, unsigned has)
{
  for (int i = 0; i < r->nrefuse; i++)
    if ((has & r->refuse_on[i]) == r->refuse_on[i] &&
        !(has & r->refuse_off[i]))
      return true;
  return false;
}

void mj_rules_set_unit(mj_rules *r, const char *unit)
{
  snprintf(r->unit, sizeof r->unit, "%s", unit && *unit ? unit : "fan");
}
const char *mj_rules_unit(const mj_rules *r) { return r->unit[0] ? r->unit : "fan"; }
unsigned mj_rules_exclusive(const mj_rules *r) { return r->exclusive; }
void mj_rules_declare_tokens(mj_rules *r, unsigned tokens)
{
  r->tokens |= tokens;
}
unsigned mj_rules_tokens(const mj_rules *r) { return r->tokens; }

mj_status mj_rules_add_word(mj_rules *r, const char *name, int max,
                            const char *desc, mj_error *err)
{
  size_t n = strlen(name);
  if (!mj_ctx_word_name(name, n))
    return mj_fail(err, MJ_EINVAL, 0, "context word '%.40s': 2..%d of a-z "
                   "and _", name, MJ_CTX_WORD_LEN - 1);
  if (mj_ctx_token_index(name) >= 0)
    return mj_fail(err, MJ_EINVAL, 0, "context word '%s' is a token of "
                   "hule's own (help context lists them)", name);
  if (mj_rules_find_word(r, name) >= 0)
    return mj_fail(err, MJ_EINVAL, 0, "context word '%s' twice", name);
  if (r->nwords >= MJ_CTX_WORDS)
    return mj_fail(err, MJ_ERANGE, 0, "more than %d context words",
                   MJ_CTX_WORDS);
  if (max < 1 || max > MJ_CTX_WORD_MAX)
    return mj_fail(err, MJ_ERANGE, 0, "context word '%s': max is 1..%d",
                   name, MJ_CTX_WORD_MAX);
  mj_word_def *w = &r->words[r->nwords];
  memset(w, 0, sizeof *w);
  memcpy(w->name, name, n + 1);
  w->max = max;
  if (desc != NULL && (w->desc = dup(desc)) == NULL)
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  r->nwords++;
  return MJ_OK;
}

int mj_rules_nwords(const mj_rules *r) { return r->nwords; }

mj_status mj_rules_add_match_state(mj_rules *r, const char *name,
                                   mj_error *err)
{
  size_t n = strlen(name);
  bool ok = n >= 1 && n < MJ_CTX_WORD_LEN;
  for (size_t i = 0; ok && i < n; i++)
    ok = (name[i] >= 'a' && name[i] <= 'z') || name[i] == '_';
  if (!ok)
    return mj_fail(err, MJ_EINVAL, 0, "match state '%.40s': 1..%d of a-z "
                   "and _", name, MJ_CTX_WORD_LEN - 1);
  if (mj_rules_find_match_state(r, name) >= 0)
    return mj_fail(err, MJ_EINVAL, 0, "match state '%s' twice", name);
  if (r->nmatch >= MJ_MATCH_STATES)
    return mj_fail(err, MJ_ERANGE, 0, "more than %d match states",
                   MJ_MATCH_STATES);
  memcpy(r->match_names[r->nmatch++], name, n + 1);
  return MJ_OK;
}

int mj_rules_nmatch_states(const mj_rules *r) { return r->nmatch; }

const char *mj_rules_match_state(const mj_rules *r, int k)
{
  return k >= 0 && k < r->nmatch ? r->match_names[k] : NULL;
}

int mj_rules_find_match_state(const mj_rules *r, const char *name)
{
  for (int k = 0; k < r->nmatch; k++)
    if (strcmp(r->match_names[k], name) == 0)
      return k;
  return -1;
}

const mj_word_def *mj_rules_word(const mj_rules *r, int k)
{
  return k >= 0 && k < r->nwords ? &r->words[k] : NULL;
}

int mj_rules_find_word(const mj_rules *r, const char *name)
{
  for (int k = 0; k < r->nwords; k++)
    if (strcmp(r->words[k].name, name) == 0)
      return k;
  return -1;
}
int mj_rules_anyhand_wilds(const mj_rules *r) { return r->anyhand_wilds; }
int mj_rules_anyhand_flowers(const mj_rules *r)
{
  return r->anyhand_flowers;
}

/* The ruleset-owned tokens fan f reads. */
static unsigned fan_tokens(const mj_fan_def *f)
{
  static const struct { unsigned flag, token; } owned[] = {
    { MJ_CTX_TOUJI, MJ_TOKEN_TOUJI }, { MJ_CTX_JIEBAO, MJ_TOKEN_JIEBAO },
    { MJ_CTX_SIBAO, MJ_TOKEN_SIBAO }, { MJ_CTX_LAST, MJ_TOKEN_LAST }
  };
  unsigned t = 0;
  for (int k = 0; k < f->nclauses; k++)
    if (f->clauses[k].kind == MJ_C_FLAG)
      for (size_t i = 0; i < sizeof owned / sizeof owned[0]; i++)
        if ((unsigned)f->clauses[k].lo & owned[i].flag)
          t |= owned[i].token;
  if (f->kind == MJ_FK_COUNT && f->count_of == MJ_COUNT_FEIBAO)
    t |= MJ_TOKEN_FEIBAO;
  if (f->kind == MJ_FK_COUNT && f->count_of == MJ_COUNT_HORSES)
    t |= MJ_TOKEN_HORSES;
  if (f->kind == MJ_FK_COUNT && f->count_of == MJ_COUNT_STREAK)
    t |= MJ_TOKEN_STREAK;
  if (f->kind == MJ_FK_COUNT && f->count_of == MJ_COUNT_DORA)
    t |= MJ_TOKEN_DORA;
  if (f->kind == MJ_FK_COUNT && f->count_of == MJ_COUNT_URA)
    t |= MJ_TOKEN_URA;
  return t;
}

void mj_rules_set_hooks(mj_rules *r, unsigned hooks) { r->hooks = hooks; }
unsigned mj_rules_hooks(const mj_rules *r) { return r->hooks; }

mj_status mj_rules_flow(const mj_rules *r, mj_game *g, const mj_flow_ev *ev,
                        int *answer, mj_error *err)
{
  if (!(r->hooks >> ev->hook & 1) || r->vt == NULL || r->vt->flow == NULL)
    return MJ_OK;
  return r->vt->flow(r->ud, g, ev, answer, err);
}

void mj_rules_game_copy(const mj_rules *r, const mj_game *from,
                        const mj_game *to)
{
  if (r != NULL && r->vt != NULL && r->vt->game_copy != NULL)
    r->vt->game_copy(r->ud, from, to);
}

void mj_rules_set_vt(mj_rules *r, const mj_rules_vt *vt, void *ud)
{
  r->vt = vt;
  r->ud = ud;
}

mj_table *mj_rules_table(mj_rules *r) { return &r->table; }
const mj_table *mj_rules_ctable(const mj_rules *r) { return &r->table; }
const char *mj_rules_id(const mj_rules *r) { return r->id; }
const char *mj_rules_title(const mj_rules *r)
{
  return r->title ? r->title : r->id;
}
const char *mj_rules_version(const mj_rules *r)
{
  return r->version ? r->version : "0";
}
const char *mj_rules_desc(const mj_rules *r) { return r->desc ? r->desc : ""; }
const char *mj_rules_source(const mj_rules *r)
{
  return r->source ? r->source : "";
}
const mj_shape_cfg *mj_rules_shapes(const mj_rules *r) { return &r->shapes; }
mj_tileset mj_rules_wild(const mj_rules *r)
{
  return r->table.wild_fixed & MJ_SET_ALL;
}
int mj_rules_scoring(const mj_rules *r) { return r->scoring; }
int mj_rules_nfans(const mj_rules *r) { return r->nfans; }
int mj_rules_noptions(const mj_rules *r) { return r->nopts; }

void mj_rules_option(const mj_rules *r, int i, const char **name,
                     const char **value)
{
  *name = r->opt_name[i];
  *value = r->opt_value[i];
}

mj_status mj_rules_add_option(mj_rules *r, const char *name, const char *value)
{
  if (r->nopts >= MJ_MAX_OPTIONS)
    return MJ_ERANGE;
  /* kept in name order: the same list whatever order they came in */
  int at = r->nopts;
  while (at > 0 && strcmp(r->opt_name[at - 1], name) > 0) {
    r->opt_name[at] = r->opt_name[at - 1];
    r->opt_value[at] = r->opt_value[at - 1];
    at--;
  }
  r->opt_name[at] = dup(name);
  r->opt_value[at] = dup(value);
  r->nopts++;
  return MJ_OK;
}

const mj_fan_def *mj_rules_fan(const mj_rules *r, int i)
{
  return i >= 0 && i < r->nfans ? &r->fans[i].def : NULL;
}

/* The next character of a name as compared: spaces, '-' and '_' skipped,
   ASCII folded to lower case, 胡 read as 和 and 么 as 幺 (as players
   write them). Advances *p; 0 at the end. */
static unsigned name_char(const char **p)
{
  while (**p == ' ' || **p == '-' || **p == '_')
    (*p)++;
  const unsigned char *s = (const unsigned char *)*p;
  if (s[0] == 0)
    return 0;
  if (s[0] == 0xE8 && s[1] == 0x83 && s[2] == 0xA1) {   /* 胡 */
    *p += 3;
    return 0xE5928C;                                   /* 和 */
  }
  if (s[0] == 0xE4 && s[1] == 0xB9 && s[2] == 0x88) {   /* 么 */
    *p += 3;
    return 0xE5B9BA;                                   /* 幺 */
  }
  if (s[0] >= 0xE0 && s[0] < 0xF0 && s[1] && s[2]) {
    *p += 3;
    return (unsigned)s[0] << 16 | (unsigned)s[1] << 8 | s[2];
  }
  (*p)++;
  return (unsigned)tolower(s[0]);
}

static bool same_name(const char *a, const char *b)
{
  if (a == NULL || b == NULL)
    return false;
  unsigned x, y;
  do {
    x = name_char(&a);
    y = name_char(&b);
    if (x != y)
      return false;
  } while (x != 0);
  return true;
}

int mj_rules_find_fan(const mj_rules *r, const char *name)
{
  for (int i = 0; i < r->nfans; i++) {
    const mj_fan_def *d = &r->fans[i].def;
    if (same_name(d->id, name) || same_name(d->en, name))
      return i;
    for (int k = 0; k < MJ_MAX_ALIASES; k++)
      if (same_name(d->aliases[k], name))
        return i;
  }
  return -1;
}

static int find_id(const mj_rules *r, const char *name)
{
  for (int i = 0; i < r->nfans; i++)
    if (strcmp(r->fans[i].def.id, name) == 0)
      return i;
  return -1;
}

/* Members sorted by rank/offset so combos match groups sorted by rank. */
static int member_key(const mj_member *m)
{
  if (m->rank)
    return m->rank * 16;
  if (m->var >= 0)
    return (m->var * 40 + m->off + 20) * 16;
  return 0;
}

mj_status mj_rules_add_fan(mj_rules *r, const mj_fan_def *def, mj_error *err)
{
  if (r->finished)
    return mj_fail(err, MJ_ESTATE, 0, "the ruleset is complete: no more fans");
  if (r->nfans >= MJ_MAX_FANS)
    return mj_fail(err, MJ_ERANGE, 0, "too many fans (at most %d)",
                   MJ_MAX_FANS);
  if (def->id == NULL || def->id[0] == '\0')
    return mj_fail(err, MJ_EINVAL, 0, "a fan needs a name");
  if (find_id(r, def->id) >= 0)
    return mj_fail(err, MJ_EINVAL, 0, "duplicate fan '%s'", def->id);
  int word = def->kind == MJ_FK_COUNT && def->count_of == MJ_COUNT_WORD
                 ? mj_rules_find_word(r, def->count_word) : 0;
  if (word < 0)
    return mj_fail(err, MJ_EINVAL, 0, "fan '%s': count = \"%s\" is none of "
                   "hule's counts (\"flowers\", \"tile_hogs\", \"fours\", "
                   "\"feibao\", \"horses\", \"streak\", \"niao\", \"reds\", "
                   "\"dora\", \"ura\", \"seat_flowers\") and no context word of "
                   "the ruleset "
                   "(declare it in context_words)", def->id, def->count_word);
  fan_c *f = &r->fans[r->nfans];
  memset(f, 0, sizeof *f);
  f->def = *def;
  mj_fan_def *d = &f->def;
  if (d->kind == MJ_FK_COUNT && d->count_of == MJ_COUNT_WORD)
    d->count_of = (uint8_t)(MJ_COUNT_WORD + word);
  d->id = dup(def->id);
  f->id_len = d->id != NULL ? strlen(d->id) : 0;
  if (f->id_len > 0 && f->id_len < sizeof f->line_id - 1) {
    memcpy(f->line_id, d->id, f->id_len);
    f->line_id[f->id_len] = ',';
  }
  d->en = dup(def->en);
  d->desc = dup(def->desc);
  d->example = dup(def->example);
  for (int i = 0; i < MJ_MAX_ALIASES; i++)
    d->aliases[i] = dup(def->aliases[i]);
  for (int i = 0; i < def->nexcl; i++)
    d->excl[i] = dup(def->excl[i]);
  for (int i = 0; i < def->nexm; i++)
    d->exm[i] = dup(def->exm[i]);
  r->nfans++;
  /* sort members of each pattern for positional matching */
  for (int p = 0; p < d->npat; p++) {
    mj_pattern *pt = &d->pat[p];
    for (int i = 1; i < pt->n; i++)
      for (int j = i;
           j > 0 && member_key(&pt->m[j - 1]) > member_key(&pt->m[j]); j--) {
        mj_member x = pt->m[j];
        pt->m[j] = pt->m[j - 1];
        pt->m[j - 1] = x;
      }
  }
  if (d->kind == MJ_FK_COMBO) {
    if (d->npat == 0 || d->pat[0].n < 2 || d->pat[0].n > 4)
      return mj_fail(err, MJ_EINVAL, 0,
                     "fan '%s': a combination has 2 to 4 melds", d->id);
    f->combo_type = d->pat[0].m[0].type == MJ_M_CHOW ? MJ_M_CHOW : MJ_M_PUNG;
    f->combo_k = d->pat[0].n;
    for (int p = 1; p < d->npat; p++)
      if (d->pat[p].n != f->combo_k)
        return mj_fail(err, MJ_EINVAL, 0,
                       "fan '%s': alternatives must have as many melds", d->id);
  }
  if (d->shapes & MJ_SHAPE_BIT(MJ_SHAPE_NONE)) {
    r->any_none = true;
    /* a win of no shape by the wilds held (四鬼胡牌): the game's quick
       refusal by shape must let such hands through */
    for (int k = 0; k < d->nclauses; k++)
      if (d->clauses[k].kind == MJ_C_WILDS && d->clauses[k].lo > 0 &&
          (r->anyhand_wilds == 0 || d->clauses[k].lo < r->anyhand_wilds))
        r->anyhand_wilds = d->clauses[k].lo;
      else if (d->clauses[k].kind == MJ_C_FLOWERS && d->clauses[k].lo > 0 &&
               (r->anyhand_flowers == 0 ||
                d->clauses[k].lo < r->anyhand_flowers))
        r->anyhand_flowers = d->clauses[k].lo;   /* 八仙過海 */
  }
  return MJ_OK;
}

/* The quick forms of a fan's patterns (see fan_c). */
static void fold_quick(fan_c *f)
{
  const mj_fan_def *d = &f->def;
  for (int p = 0; p < d->npat; p++) {
    const mj_pattern *pt = &d->pat[p];
    struct qpat *q = &f->qp[p];
    q->suit = pt->same_suit ? 1 : pt->mixed_suits ? 2 : 0;
    bool rel = true, abs = true, set = true;
    for (int m = 0; m < pt->n; m++) {
      const mj_member *mm = &pt->m[m];
      rel = rel && mm->var == 0 && mm->rank == 0 && !mm->has_set &&
            mm->suitvar < 0;
      abs =
          abs && mm->var < 0 && mm->rank > 0 && !mm->has_set && mm->suitvar < 0;
      set = set && mm->var < 0 && mm->rank == 0 && mm->has_set &&
            mm->suitvar < 0 && mm->set.mask == pt->m[0].set.mask &&
            mm->set.dyn == pt->m[0].set.dyn;
      q->v[m] = (int8_t)(rel ? mm->off : mm->rank);
    }
    q->mode = rel ? 0 : abs ? 1 : set ? 2 : 3;
    q->twin = 0;
    for (int m = 1; m < pt->n; m++) {
      const mj_member *a = &pt->m[m - 1], *b = &pt->m[m];
      if (a->type == b->type && a->var == b->var && a->off == b->off &&
          a->rank == b->rank && a->suitvar == b->suitvar &&
          a->has_set == b->has_set &&
          (!a->has_set ||
           (a->set.mask == b->set.mask && a->set.dyn == b->set.dyn)))
        q->twin |= (uint8_t)(1u << m);
    }
    q->set = pt->m[0].set;
  }
  f->q_one_suit = d->npat > 0;
  for (int p = 0; p < d->npat; p++)
    f->q_one_suit = f->q_one_suit && d->pat[p].same_suit;
  f->q_simple_meld = false;
  if (d->kind == MJ_FK_PER_MELD && d->npat == 1) {
    const mj_member *m = &d->pat[0].m[0];
    f->q_simple_meld = m->has_set && m->var < 0 && m->rank == 0 &&
                       m->suitvar < 0 &&
                       (m->type == MJ_M_PUNG || m->type == MJ_M_CHOW);
  }
}

/* Fan i's exclusions by name into indices (whole, and on its melds). */
static mj_status link_exclusions(mj_rules *r, int i, mj_error *err)
{
  fan_c *f = &r->fans[i];
  f->nexcl = f->npart = 0;
  for (int k = 0; k < f->def.nexcl; k++) {
    int j = find_id(r, f->def.excl[k]);
    if (j < 0)
      return mj_fail(err, MJ_EINVAL, 0,
                     "fan '%s' excludes '%s', which is not a fan", f->def.id,
                     f->def.excl[k]);
    if (j == i)
      return mj_fail(err, MJ_EINVAL, 0, "fan '%s' excludes itself",
                     f->def.id);
    f->excl[f->nexcl] = j;
    f->excl_n[f->nexcl] = f->def.excl_n[k];
    f->nexcl++;
    if (f->def.excl_n[k] != 0) {
      f->part[f->npart] = j;
      f->part_n[f->npart++] = f->def.excl_n[k];
    }
  }
  f->nexm = 0;
  for (int k = 0; k < f->def.nexm; k++) {
    int j = find_id(r, f->def.exm[k]);
    if (j < 0)
      return mj_fail(err, MJ_EINVAL, 0,
                     "fan '%s' excludes '%s' on its melds, which is not a fan",
                     f->def.id, f->def.exm[k]);
    if (r->fans[j].def.kind != MJ_FK_PER_MELD)
      return mj_fail(err, MJ_EINVAL, 0,
                     "fan '%s': '%s' counts per meld only if it is a "
                     "one-meld fan", f->def.id, f->def.exm[k]);
    f->exm[f->nexm++] = j;
  }
  return MJ_OK;
}

/* The exclusion order: a fan before the fans it excludes (Kahn), ties
   and cycles broken by registration order; and each fan's place in it. */
static mj_status exclusion_order(mj_rules *r, mj_error *err)
{
  size_t n1 = (size_t)(r->nfans ? r->nfans : 1);
  free(r->order);
  free(r->order_pos);
  r->order = malloc(sizeof(int) * n1);
  r->order_pos = malloc(sizeof(int) * n1);
  int *indeg = calloc(n1, sizeof(int));
  bool *done = calloc(n1, sizeof(bool));
  if (r->order == NULL || r->order_pos == NULL || indeg == NULL ||
      done == NULL) {
    free(indeg);
    free(done);
    return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
  }
  for (int i = 0; i < r->nfans; i++) {
    for (int k = 0; k < r->fans[i].nexcl; k++)
      indeg[r->fans[i].excl[k]]++;
    for (int k = 0; k < r->fans[i].nexm; k++)
      indeg[r->fans[i].exm[k]]++;
  }
  for (int n = 0; n < r->nfans; n++) {
    int pick = -1;
    for (int i = 0; i < r->nfans && pick < 0; i++)
      if (!done[i] && indeg[i] == 0)
        pick = i;
    for (int i = 0; i < r->nfans && pick < 0; i++)
      if (!done[i])
        pick = i;   /* a cycle: registration order decides */
    done[pick] = true;
    r->order[n] = pick;
    for (int k = 0; k < r->fans[pick].nexcl; k++)
      indeg[r->fans[pick].excl[k]]--;
    for (int k = 0; k < r->fans[pick].nexm; k++)
      indeg[r->fans[pick].exm[k]]--;
  }
  free(indeg);
  free(done);
  for (int n = 0; n < r->nfans; n++)
    r->order_pos[r->order[n]] = n;
  return MJ_OK;
}

/* The combination fans by type and arity, in registration order. */
static mj_status combo_lists(mj_rules *r, mj_error *err)
{
  for (int t = 0; t < 2; t++)
    for (int k = 0; k < 5; k++) {
      free(r->combo[t][k]);
      r->combo[t][k] = malloc(sizeof(int) * (size_t)(r->nfans ? r->nfans : 1));
      r->ncombo[t][k] = 0;
      if (r->combo[t][k] == NULL)
        return mj_fail(err, MJ_ENOMEM, 0, "out of memory");
    }
  for (int i = 0; i < r->nfans; i++) {
    const fan_c *f = &r->fans[i];
    if (f->def.kind != MJ_FK_COMBO)
      continue;
    int t = f->combo_type == MJ_M_CHOW ? 0 : 1;
    r->combo[t][f->combo_k][r->ncombo[t][f->combo_k]++] = i;
  }
  return MJ_OK;
}

mj_status mj_rules_finish(mj_rules *r, mj_error *err)
{
  /* the wild kind of the hand (bao=) is read where the wall names it */
  if (r->table.wild_rule == MJ_WILD_INDICATOR)
    r->tokens |= MJ_TOKEN_BAO;
  if (r->table.flowers)
    r->tokens |= MJ_TOKEN_FLOWERS;
  /* the kinds no wall of the table holds: no wait, no useful tile */
  r->shapes.absent = (MJ_BIT(MJ_KINDS) - 1) & ~r->table.set;
  mj_status st = MJ_OK;
  for (int i = 0; i < r->nfans && st == MJ_OK; i++) {
    r->tokens |= fan_tokens(&r->fans[i].def);
    fold_quick(&r->fans[i]);
    st = link_exclusions(r, i, err);
  }
  if (st == MJ_OK)
    st = exclusion_order(r, err);
  if (st == MJ_OK && r->parts.no_self_name[0]) {
    r->parts.no_self_fan = mj_rules_find_fan(r, r->parts.no_self_name);
    if (r->parts.no_self_fan < 0)
      st = mj_fail(err, MJ_EINVAL, 0, "parts: no fan is called '%s'",
                   r->parts.no_self_name);
  }
  if (st == MJ_OK)
    st = combo_lists(r, err);
  if (st == MJ_OK)
    st = mj_filter_build(&r->filter, r, err);
  if (st != MJ_OK)
    return st;
  mj_combo_reset(r);
  r->finished = true;
  return MJ_OK;
}

int mj_rules_excludes(const mj_rules *r, int i, const int **idx,
                      const uint8_t **n)
{
  *idx = r->fans[i].excl;
  *n = r->fans[i].excl_n;
  return r->fans[i].nexcl;
}

int mj_rules_excludes_melds(const mj_rules *r, int i, const int **idx)
{
  *idx = r->fans[i].exm;
  return r->fans[i].nexm;
}

mj_status mj_rules_settle(const mj_rules *r, const mj_settle_in *in, int pay[4],
                          mj_error *err)
{
  for (int i = 0; i < 4; i++)
    pay[i] = 0;
  if (r->vt != NULL && r->vt->settle != NULL) {
    mj_status st = r->vt->settle(r->ud, in, pay, err);
    if (st != MJ_OK)
      return st;
  } else if (in->payer >= 0) {
    pay[in->payer] -= in->total;
    pay[in->winner] += in->total;
  } else {
    for (int i = 0; i < 4; i++)
      if (i != in->winner && (in->active >> i & 1)) {
        pay[i] -= in->total;
        pay[in->winner] += in->total;
      }
  }
  int sum = 0;
  for (int i = 0; i < 4; i++)
    sum += pay[i];
  if (sum != 0)
    return mj_fail(err, MJ_ERULES, 0,
                   "settle: the payments do not sum to zero (%+d %+d %+d %+d)",
                   pay[0], pay[1], pay[2], pay[3]);
  return MJ_OK;
}

/* {====================================================================
** Descriptions
** ===================================================================== */

#define cat mj_catf

static size_t set_text(const mj_set *s, char *buf, size_t cap)
{
  size_t len = 0;
  uint8_t counts[MJ_ALL_TILES] = { 0 };
  int any = 0;
  for (int t = 0; t < MJ_KINDS; t++)
    if (s->mask & MJ_BIT(t)) {
      counts[t] = 1;
      any = 1;
    }
  if (cap > 0)
    buf[0] = '\0';
  /* the sets that have names */
  static const struct { mj_tileset mask; const char *name; } named[] = {
    { 0x7ffffffULL, N_("a suit tile (1-9 m, p or s)") },
    { 0x3f8000000ULL, N_("an honor") },
    { 0x78000000ULL, N_("a wind") },
    { 0x380000000ULL, N_("a dragon") },
    { 0x3ffffffffULL, N_("any tile") },
    { 0x4020100ULL | 0x40201ULL, N_("a terminal (1 or 9)") },
    { 0x3f8000000ULL | 0x4020100ULL | 0x40201ULL, N_("a terminal or an honor") },
    { 0x7ffffffULL & ~(0x4020100ULL | 0x40201ULL), N_("a simple (2-8)") },
  };
  for (size_t i = 0; any && i < sizeof named / sizeof named[0]; i++)
    if (s->mask == named[i].mask) {
      cat(buf, cap, &len, "%s", _(named[i].name));
      any = 0;
    }
  if (any) {
    if (__builtin_popcountll(s->mask) > 1 && !s->dyn)
      cat(buf, cap, &len, "%s", _("one of "));
    char t[120];
    mj_counts_print(counts, MJ_KINDS, t, sizeof t);
    cat(buf, cap, &len, "%s", t);
  }
  if (s->dyn & MJ_DYN_SEAT)
    cat(buf, cap, &len, "%s%s", len ? _(" or ") : "", _("the seat wind"));
  if (s->dyn & MJ_DYN_ROUND)
    cat(buf, cap, &len, "%s%s", len ? _(" or ") : "",
        _("the prevailing wind"));
  if (s->dyn & MJ_DYN_WILD)
    cat(buf, cap, &len, "%s%s", len ? _(" or ") : "", _("the wild tile"));
  if (len == 0)
    cat(buf, cap, &len, "%s", _("(no tile)"));
  return len;
}

static const char *range_text(const mj_clause *c, char *b, size_t cap)
{
  if (c->lo == c->hi)
    snprintf(b, cap, _("exactly %d"), c->lo);
  else if (c->hi >= 99)
    snprintf(b, cap, _("at least %d"), c->lo);
  else if (c->lo <= 0)
    snprintf(b, cap, _("at most %d"), c->hi);
  else
    snprintf(b, cap, _("%d to %d"), c->lo, c->hi);
  return b;
}

static const char *flag_name(int flag)
{
#define MJ_FLAG_WORDS(field, f, words) if (flag == (f)) return _(words);
  MJ_FLAG_FIELDS(MJ_FLAG_WORDS)
#undef MJ_FLAG_WORDS
  return _("a context flag");
}

/* The argument and the words of each clause kind (clauses.h). */
static const struct {
  uint8_t arg;
  const char *yes, *no;
} clause_words[MJ_C_COUNT_KINDS] = {
#define MJ_C_WORDS(k, field, a, y, n) [MJ_C_##k] = { MJ_ARG_##a, y, n },
  MJ_CLAUSES(MJ_C_WORDS)
#undef MJ_C_WORDS
};

size_t mj_clause_describe(const mj_clause *c, char *buf, size_t cap)
{
  char s[160];
  size_t len = 0;
  if (cap > 0)
    buf[0] = '\0';
  if (c->kind >= MJ_C_COUNT_KINDS) {
    cat(buf, cap, &len, "?");
    return len;
  }
  const char *yes = _(clause_words[c->kind].yes);
  switch (clause_words[c->kind].arg) {
  case MJ_ARG_SET:
    if (c->kind == MJ_C_EVERY) {   /* each kind, not the set's name */
      uint8_t counts[MJ_ALL_TILES] = { 0 };
      for (int t = 0; t < MJ_KINDS; t++)
        counts[t] = (c->set.mask >> t) & 1;
      mj_counts_print(counts, MJ_KINDS, s, sizeof s);
    } else {
      set_text(&c->set, s, sizeof s);
    }
    cat(buf, cap, &len, yes, s);
    break;
  case MJ_ARG_RANGE:
    cat(buf, cap, &len, yes, range_text(c, s, sizeof s));
    break;
  case MJ_ARG_BOOL:
    cat(buf, cap, &len, "%s", c->hi ? yes : _(clause_words[c->kind].no));
    break;
  case MJ_ARG_FLAG:
    cat(buf, cap, &len, c->hi ? "%s" : _("not %s"), flag_name(c->lo));
    break;
  case MJ_ARG_WAIT: {
    const char *w = c->lo == MJ_WAIT_EDGE ? _("an edge wait (12 for 3, 89 for 7)")
        : c->lo == MJ_WAIT_CLOSED ? _("a closed wait (the middle of a chow)")
        : c->lo == MJ_WAIT_SIDES ? _("a two-sided wait (23 for 1 or 4)")
        : c->lo == MJ_WAIT_PUNG ? _("a pair made a pung (a double pair wait)")
        : _("a single wait (the pair)");
    if (c->lo == MJ_WAIT_SIDES || c->lo == MJ_WAIT_PUNG)
      cat(buf, cap, &len, _("the winning tile completed %s"), w);
    else
      cat(buf, cap, &len, yes, w);
    break;
  }
  default:
    cat(buf, cap, &len, "%s", yes);
    break;
  }
  return len;
}

static size_t member_text(const mj_member *m, char *buf, size_t cap)
{
  static const char *const type[] = { N_("chow"), N_("pung"), N_("pair"),
                                      N_("meld") };
  char s[160];
  size_t len = 0;
  if (cap > 0)
    buf[0] = '\0';
  cat(buf, cap, &len, "%s", _(type[m->type & 3]));
  if (m->rank) {
    if (m->type == MJ_M_CHOW)
      cat(buf, cap, &len, " %d%d%d", m->rank, m->rank + 1, m->rank + 2);
    else
      cat(buf, cap, &len, _(" of %d"), m->rank);
  } else if (m->var >= 0) {
    if (m->off)
      cat(buf, cap, &len, " %c%+d", 'a' + m->var, m->off);
    else
      cat(buf, cap, &len, " %c", 'a' + m->var);
  }
  if (m->has_set) {
    set_text(&m->set, s, sizeof s);
    cat(buf, cap, &len, _(" of %s"), s);
  }
  if (m->suitvar >= 0)
    cat(buf, cap, &len, _(" (suit %c)"), 'x' + m->suitvar);
  return len;
}

static const char *shape_list(unsigned shapes, char *buf, size_t cap)
{
  size_t len = 0;
  buf[0] = '\0';
  for (int s = 0; s <= MJ_SHAPE_COUNT; s++)
    if (shapes & MJ_SHAPE_BIT(s))
      cat(buf, cap, &len, "%s%s", len ? _(", ") : "", mj_shape_title((mj_shape)s));
  return buf;
}

size_t mj_fan_describe(const mj_rules *r, int i, char *buf, size_t cap)
{
  const fan_c *f = &r->fans[i];
  const mj_fan_def *d = &f->def;
  size_t len = 0;
  char t[400];
  if (cap > 0)
    buf[0] = '\0';
  unsigned all = (1u << MJ_SHAPE_COUNT) - 1;
  if ((d->shapes & all) != (r->shapes.shapes & all) ||
      (d->shapes >> MJ_SHAPE_NONE & 1))
    cat(buf, cap, &len, _("  - shape: %s\n"), shape_list(d->shapes, t, sizeof t));
  for (int k = 0; k < d->nclauses; k++) {
    mj_clause_describe(&d->clauses[k], t, sizeof t);
    cat(buf, cap, &len, "  - %s\n", t);
  }
  for (int p = 0; p < d->npat; p++) {
    const mj_pattern *pt = &d->pat[p];
    cat(buf, cap, &len, "  - %s", p ? _("or: ") : "");
    for (int m = 0; m < pt->n; m++) {
      member_text(&pt->m[m], t, sizeof t);
      cat(buf, cap, &len, "%s%s", m ? _(", ") : "", t);
    }
    if (pt->same_suit)
      cat(buf, cap, &len, "%s", _(" (all in one suit)"));
    if (pt->mixed_suits)
      cat(buf, cap, &len, "%s", _(" (each in a different suit)"));
    if (d->kind == MJ_FK_PER_MELD)
      cat(buf, cap, &len, "%s", _(" -- counts once for each such meld"));
    cat(buf, cap, &len, "\n");
  }
  if (d->kind == MJ_FK_COUNT)
    cat(buf, cap, &len, "%s",
        d->count_of == MJ_COUNT_FLOWERS ? _("  - counts once for each flower\n")
        : d->count_of == MJ_COUNT_TILE_HOGS
            ? _("  - counts once for each four-of-a-kind that is not a kong\n")
        : d->count_of == MJ_COUNT_FOURS
            ? _("  - counts once for each four-of-a-kind, kongs included\n")
        : d->count_of == MJ_COUNT_HORSES
            ? _("  - counts once for each horse on the winner's seat\n")
        : d->count_of == MJ_COUNT_STREAK
            ? _("  - counts once for each win of the dealer's in a row\n")
        : d->count_of == MJ_COUNT_NIAO
            ? _("  - counts once for each bird on the winner's seat\n")
        : d->count_of == MJ_COUNT_REDS
            ? _("  - counts once for each red five (0m 0p 0s) in the hand\n")
            : _("  - counts once for each 宝 the winner discarded\n"));
  if (d->test >= 0)
    cat(buf, cap, &len, "%s", _("  - and the fan's own test function agrees\n"));
  if (d->fallback)
    cat(buf, cap, &len, "%s", _("  - counts only when no other fan does\n"));
  if (d->bonus)
    cat(buf, cap, &len, "%s", _("  - a bonus: not counted toward the minimum\n"));
  if (d->alone)
    cat(buf, cap, &len, "%s", _("  - stands alone: no other fan counts with it\n"));
  return len;
}

/* }==================================================================== */
