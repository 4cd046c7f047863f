/*
** test_rules.c
** Rulesets in Lua: the sandbox (every forbidden global, every limit, the
** error text with file:line), mj.extend, a fan with a Lua test, options,
** the explanation of a score, and the fan filter against testing every
** clause one by one.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <unistd.h>

#include "hand.h"
#include "host.h"
#include "rules_int.h"
#include "score.h"
#include "testutil.h"

static char dir[64];
static mj_host *H;

/* Write rulesets/<name>.lua in the test directory. */
static void put(const char *name, const char *text)
{
  char path[256];
  snprintf(path, sizeof path, "%s/%s.lua", dir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static void quiet(void *ud, const char *text, size_t len)
{
  (void)ud;
  (void)text;
  (void)len;
}

static int setup(void **state)
{
  (void)state;
  snprintf(dir, sizeof dir, "/tmp/hule-test-XXXXXX");
  if (mkdtemp(dir) == NULL)
    return 1;
  mj_host_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.dirs[0] = dir;
  cfg.ndirs = 1;
  cfg.load_budget = 20000000;
  cfg.rules_mem = 32u << 20;
  mj_error e;
  H = mj_host_new(&cfg, &e);
  if (H != NULL)
    mj_host_set_output(H, quiet, NULL);
  return H == NULL;
}

static int teardown(void **state)
{
  (void)state;
  mj_host_free(H);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  return system(cmd) != 0;
}

/* A small valid ruleset with one extra line of Lua at the top. */
static void put_small(const char *name, const char *extra)
{
  char text[2048];
  snprintf(text, sizeof text,
           "%s\n"
           "local R = mj.ruleset { id = \"%s\", shapes = { \"standard\" } }\n"
           "R:fan { \"all pungs\", points = 6, pungs = 4 }\n"
           "R:fan { \"base\", points = 1, fallback = true }\n"
           "return R\n", extra, name);
  put(name, text);
}

/* Load must fail with a message holding piece (and file:line when given). */
static void load_fails(const char *name, const char *piece)
{
  mj_error e;
  const mj_rules *r;
  mj_status st = mj_host_load(H, name, NULL, &r, &e);
  if (st == MJ_OK)
    fail_msg("%s loaded", name);
  if (strstr(e.msg, piece) == NULL)
    fail_msg("%s: \"%s\" lacks \"%s\"", name, e.msg, piece);
}

static void forbidden_globals(void **state)
{
  (void)state;
  static const char *const names[] = {
    "io", "os", "package", "debug", "load", "loadfile", "dofile", "print",
    "collectgarbage", "getmetatable", "setmetatable", "rawset", "rawget",
    "string.dump", NULL
  };
  for (int i = 0; names[i]; i++) {
    char id[32], line[128], where[64];
    snprintf(id, sizeof id, "bad%d", i);
    if (strchr(names[i], '.'))
      snprintf(line, sizeof line, "local x = %s(function() end)", names[i]);
    else
      snprintf(line, sizeof line, "local x = %s", names[i]);
    put_small(id, line);
    snprintf(where, sizeof where, "%s.lua:1:", id);
    load_fails(id, where);
    if (!strchr(names[i], '.'))
      load_fails(id, "undefined global");
  }
  /* writing a global */
  put_small("writes", "x = 1");
  load_fails("writes", "assignment to global 'x'");
  /* the language table is read-only */
  put_small("rotable", "mj.tiles = nil");
  load_fails("rotable", "read-only");
  /* binary chunks are refused: a ruleset file is text */
  put("binary", "\x1bLua\x54\x00 garbage");
  load_fails("binary", "binary.lua");
}

static void shared_tables_are_copies(void **state)
{
  (void)state;
  mj_error e;
  const mj_rules *r;
  put_small("vandal", "string.rep = nil; table.concat = nil; math.floor = nil");
  assert_int_equal(mj_host_load(H, "vandal", NULL, &r, &e), MJ_OK);
  /* another ruleset still sees the real functions */
  put_small("user",
            "assert(string.rep('a', 2) == 'aa' and math.floor(1.5) == 1)");
  assert_int_equal(mj_host_load(H, "user", NULL, &r, &e), MJ_OK);
  /* and so does the host */
  bool inc;
  assert_int_equal(
      mj_host_eval(H, "assert(string.rep('b', 3) == 'bbb')", 35, &inc, &e),
      MJ_OK);
  /* randomness is not offered to rulesets */
  put_small("dice", "local x = math.random(6)");
  load_fails("dice", "dice.lua:1:");
}

static void limits(void **state)
{
  (void)state;
  put_small("loop", "while true do end");
  load_fails("loop", "instruction budget");
  load_fails("loop", "loop.lua:1:");
  put_small("loop2",
            "while true do pcall(function() while true do end end) end");
  load_fails("loop2", "instruction budget");
  put_small("bomb", "local t = {} while true do t[#t + 1] = string.rep('x', "
                    "100000) .. #t end");
  load_fails("bomb", "memory");
  put("syntax", "local R = mj.ruleset { id = 'syntax' \nR:fan { }\n");
  load_fails("syntax", "syntax.lua:2:");
  put("runtime",
      "local R = mj.ruleset { id = 'runtime' }\nlocal x = nil\nx.y = 1\n");
  load_fails("runtime", "runtime.lua:3:");
  put("noruleset", "local x = 1\n");
  load_fails("noruleset", "made no ruleset");
  /* ten thousand fans: a clear error, quickly */
  put("many",
      "local R = mj.ruleset { id = 'many' }\n"
      "for i = 1, 10000 do R:fan { 'f' .. i, points = 1, pungs = 4 } end\n"
      "return R\n");
  load_fails("many", "too many fans");
  /* a good ruleset loads after all of that, and the earlier ones are intact */
  put_small("good", "");
  mj_error e;
  const mj_rules *r;
  assert_int_equal(mj_host_load(H, "good", NULL, &r, &e), MJ_OK);
  assert_int_equal(mj_rules_nfans(r), 2);
  /* calling the language outside a load */
  bool inc;
  assert_int_equal(mj_host_eval(H, "mj.ruleset{ id = 'x' }", 22, &inc, &e),
                   MJ_EINVAL);
  assert_non_null(strstr(e.msg, "only be called while a ruleset loads"));
}

static void bad_fans(void **state)
{
  (void)state;
  static const struct { const char *fan; const char *piece;
  } cases[] = {
    { "R:fan { 'x', points = 1, pungz = 4 }", "unknown field 'pungz'" },
    { "R:fan { 'x', points = 'lots', pungs = 4 }",
      "'points' must be an integer" },
    { "R:fan { 'x', base = 2, pungs = 4 }",
      "a sum ruleset: give points = N, not base" },
    { "R:fan { 'x', fan = 2, pungs = 4 }",
      "a sum ruleset: give points = N, not fan" },
    { "R:fan { 'x', points = 1, all = 5 }", "'all' must be a tile set" },
    { "R:fan { 'x', points = 1, melds = { chow'q' } }", "rank variable" },
    { "R:fan { 'x', points = 1, melds = { pung(10) } }", "a rank is 1..9" },
    { "R:fan { 'x', points = 1, shape = 'round' }", "unknown shape 'round'" },
    { "R:fan { 'x', points = 1 }", "no condition" },
    { "R:fan { 'x', points = 1, pungs = 4, excludes = { 'nope' } }",
      "'nope', which is not a fan" },
    { "R:fan { 'x', points = 1, pungs = 4, test = 3 }",
      "'test' must be a function" },
    { "R:fan { points = 1, pungs = 4 }", "fan's name" },
    { "R:fan { 'x', points = 1, all = tiles'0m' }", "not a tile" },
    { "R:fan { 'x', points = 1, template = { '1m', '2m', '3m', '4m', '5m',"
      " '6m', '7m', '8m', '9m', '11m' } }", "at most 9 templates" },
    { "R:fan { 'x', points = 1, template = '123m4p' }",
      "a template is tiles of one suit" },
    { "R:fan { 'x', points = 1, template = 5 }",
      "'template' must be a tile string or a list of them" },
    { "R:fan { 'x', points = 1, template = 'xyz' }", "not a tile string" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[1024], id[32];
    snprintf(id, sizeof id, "fan%zu", i);
    snprintf(text, sizeof text,
             "local R = mj.ruleset { id = '%s' }\n"
             "R:fan { 'ok', points = 1, pungs = 4 }\n"
             "%s\n"
             "return R\n", id, cases[i].fan);
    put(id, text);
    load_fails(id, cases[i].piece);
    char where[64];
    snprintf(where, sizeof where, "%s.lua:3", id);
    load_fails(id, where);
  }
}

/* A combination fan account-once leaves out is named in the exemptions
   after mj_score_annotate (never in the scoring loop) */
static void account_once_losers(void **state)
{
  (void)state;
  put("v7", "local R = mj.extend('mcr', { id = 'v7' })\n"
            "R:fan { 'red green', points = 3,\n"
            "  melds = { pung(tiles'5z'), pung(tiles'6z') } }\n"
            "return R\n");
  const mj_rules *r;
  mj_error e;
  if (mj_host_get(H, "v7", &r, &e) != MJ_OK)
    fail_msg("v7: %s", e.msg);
  mj_hand *h = mj_hand_new();
  const char *t = "123m456p1z[555z][666z]+1z";
  assert_int_equal(mj_hand_parse(h, t, strlen(t), &e), MJ_OK);
  mj_score *s = malloc(sizeof *s);
  assert_int_equal(mj_score_hand(r, h, s, &e), MJ_OK);
  int fan = mj_rules_find_fan(r, "red green"),
      two = mj_rules_find_fan(r, "双箭刻");
  int before = s->nexempt, found = -1;
  for (int i = 0; i < s->nexempt; i++)
    assert_int_not_equal(s->exempt[i].fan, fan);
  mj_score_annotate(r, h, s);
  for (int i = 0; i < s->nexempt; i++)
    if (s->exempt[i].fan == fan)
      found = i;
  assert_int_equal(s->nexempt, before + 1);
  assert_true(found >= 0);
  assert_int_equal(s->exempt[found].by, two);
  assert_int_equal(s->exempt[found].why, MJ_WHY_ACCOUNT_ONCE);
  mj_score_annotate(r, h, s);            /* once only */
  assert_int_equal(s->nexempt, before + 1);
  free(s);
  mj_hand_free(h);
}

/* Errors in a ruleset's own fields: each named, at the file and line */
static void bad_rulesets(void **state)
{
  (void)state;
  static const struct { const char *text; const char *piece; } cases[] = {
    { "local R = mj.ruleset { id = '%s', scoring = 'product' }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", ".lua:1: scoring is" },
    { "local R = mj.ruleset { id = '%s', min_points = -1 }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", ".lua:1: min_points must be" },
    { "local R = mj.ruleset { id = '%s', shapes = {} }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", ".lua:1: the ruleset allows no" },
    { "local R = mj.ruleset { id = '%s' }", ".lua:1: the ruleset has no fans" },
    { "local R = mj.ruleset { id = '%s', shapes = { 'standard' } }\n"
      "R:fan { 'x', points = 1, shape = 'seven_pairs', pungs = 0 }",
      ".lua:2: fan 'x': a shape the ruleset does not allow" },
    { "local R = mj.ruleset { id = '%s' }\n"
      "R:fan { 'x', points = 1, pungs = 4, excludes_melds = { 'nope' } }",
      ".lua:2: fan 'x' excludes on its melds 'nope', which is not a fan" },
    /* the flow's table rules and hooks */
    { "local R = mj.ruleset { id = '%s', table = { tiles = 100 } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", ".lua:1: table rules: tiles is 108" },
    { "local R = mj.ruleset { id = '%s', table = { swap_to = { 'up' } } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", ".lua:1: table rules: swap_to lists" },
    { "local R = mj.ruleset { id = '%s', table = { after_win = 'later' } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "after_win is \"end\", \"leave\" or \"stay\"" },
    { "local R = mj.ruleset { id = '%s', table = { cap = 99 } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "cap is 0..20" },
    { "local R = mj.ruleset { id = '%s', table = { swap = 9 } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "swap is 0..4 tiles" },
    { "local R = mj.ruleset { id = '%s', table = { void_suit = 'yes' } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "'void_suit' has the wrong type" },
    { "local R = mj.ruleset { id = '%s' }\nR.on_kong = 3\n"
      "R:fan { 'x', points = 1, pungs = 4 }",
      ".lua:2: mj.ruleset: field 'on_kong' must be a function, not a number" },
    { "local R = mj.ruleset { id = '%s' }\nR.on_Kong = function() end\n"
      "R:fan { 'x', points = 1, pungs = 4 }",
      ".lua:2: mj.ruleset: unknown field 'on_Kong'; did you mean 'on_kong'?" },
    { "local R = mj.ruleset { id = '%s', on_end = 'later' }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "field 'on_end' must be a function" },
    { "local R = mj.ruleset { id = '%s', scoring = 'fan' }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "a fan ruleset: give exactly one of fan" },
    { "local R = mj.ruleset { id = '%s', scoring = 'fan' }\n"
      "R:fan { 'x', fan = 30, pungs = 4 }", "'fan' is a number of 番, 0..20" },
    { "local R = mj.ruleset { id = '%s', scoring = 'fan' }\n"
      "R:fan { 'x', add = 1, count = 'fives' }", "count = \"fives\" is none of hule's counts (\"flowers\"" },
    /* per-player states and what the hooks hear of */
    { "local R = mj.ruleset { id = '%s', state = 'touji' }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", ".lua:1: mj.ruleset: field 'state' must be a table" },
    { "local R = mj.ruleset { id = '%s', state = { { 'Big One' } } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "state 1: its name (first entry) is a lower-case" },
    { "local R = mj.ruleset { id = '%s', state = { { 'a' }, { 'a' } } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "state 'a' is declared twice" },
    { "local R = mj.ruleset { id = '%s', state = { { 'a', colour = 1 } } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "state 'a': unknown field 'colour'" },
    { "local R = mj.ruleset { id = '%s', state = { { 'a', token = 'que' } } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "state 'a': token is a flag or count" },
    { "local R = mj.ruleset { id = '%s', state = { { 'a', token = 'touji' } } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "the token touji is a flag: say flag = true" },
    { "local R = mj.ruleset { id = '%s', state = { { 'a', on = 'later' } } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "on is \"self\", \"discard\" or \"any\"" },
    { "local R = mj.ruleset { id = '%s', state = { { 'a', private = 1 } } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "state 'a': private is true or false" },
    { "local R = mj.ruleset { id = '%s', state = { {'a'},{'b'},{'c'},{'d'},"
      "{'e'},{'f'},{'g'},{'h'},{'i'} } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "state: at most 8 states" },
    { "local R = mj.ruleset { id = '%s', watch = { states = { 'b' } },"
      " state = { { 'a' } } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "watch.states: no state 'b' in R.state" },
    { "local R = mj.ruleset { id = '%s', watch = { tiles = '5z' } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "'watch.tiles' must be a tile set" },
    { "local R = mj.ruleset { id = '%s', watch = { every = true } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "watch: unknown field 'every'" },
    { "local R = mj.ruleset { id = '%s', table = { touji = true } }\n"
      "R:fan { 'x', points = 1, pungs = 4 }", "'touji' is no table rule now: it is written with R.state" },
    { "local R = mj.ruleset { id = '%s' }\nR.on_draw = {}\n"
      "R:fan { 'x', points = 1, pungs = 4 }",
      ".lua:2: mj.ruleset: field 'on_draw' must be a function, not a table" },
    /* a change to a fan of the base: the variant's own line */
    { "local R = mj.extend('mcr', { id = '%s' })\n"
      "R:get('七对').excludes = { '清一色', '单钓將' }",
      ".lua:2: fan '七对' excludes '单钓將', which is not a fan" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[1024], body[512], id[32];
    snprintf(id, sizeof id, "rules%zu", i);
    snprintf(body, sizeof body, cases[i].text, id);
    snprintf(text, sizeof text, "%s\nreturn R\n", body);
    put(id, text);
    load_fails(id, cases[i].piece);
  }
}

/* Score text under ruleset id; returns the total, -1 when not a win. */
static int score(const char *id, const char *hand, char *line, size_t cap)
{
  const mj_rules *r;
  mj_error e;
  if (mj_host_get(H, id, &r, &e) != MJ_OK)
    fail_msg("%s: %s", id, e.msg);
  mj_hand *h = mj_hand_new();
  if (mj_hand_parse(h, hand, strlen(hand), &e) != MJ_OK)
    fail_msg("%s: %s", hand, e.msg);
  mj_score s;
  mj_status st = mj_score_hand(r, h, &s, &e);
  mj_hand_free(h);
  if (st != MJ_OK)
    return -1;
  if (line != NULL)
    mj_score_fans_line(r, &s, line, cap);
  return s.total;
}

/* The tokens of 血战 and 推倒胡 (que=, gui=, horses=, streak=): read by a
   ruleset that declares them, refused by one that does not, printed back */
static void other_rulesets_tokens(void **state)
{
  (void)state;
  put("tok", "local R = mj.ruleset { id = 'tok',\n"
             "  context = { 'que=', 'gui=', 'horses=', 'streak=' } }\n"
             "R:fan { 'base', points = 1, fallback = true }\n"
             "R:fan { 'no m', points = 2, test = function(v)\n"
             "  return v.que == 'm' end }\n"
             "R:fan { 'ghosts', points = 1, test = function(v)\n"
             "  return #v.gui end }\n"
             "R:fan { 'horses', points = 1, test = function(v)\n"
             "  return v.horses end }\n"
             "R:fan { 'streak', points = 1, test = function(v)\n"
             "  return v.streak end }\n"
             "return R\n");
  char line[256];
  assert_int_equal(score("tok", "123p456p789s11122s win=2s que=m gui=5z,7z "
                                "horses=3 streak=2", line, sizeof line), 9);
  assert_string_equal(line, "no m,ghostsx2,horsesx3,streakx2");
  /* the line's one store a fan (room for it) and the careful join (a
     small buffer) write the same, counts past 9 and long ids too */
  put("tok2", "local R = mj.ruleset { id = 'tok2', context = { 'horses=' } }\n"
              "R:fan { 'base', points = 1, fallback = true }\n"
              "R:fan { 'a fan of a long name', points = 1, test = function(v)\n"
              "  return v.horses end }\n"
              "R:fan { 'horses', points = 1, test = function(v)\n"
              "  return v.horses end }\n"
              "return R\n");
  char small[48];
  score("tok2", "123p456p789s11122s win=2s horses=12", line, sizeof line);
  score("tok2", "123p456p789s11122s win=2s horses=12", small, sizeof small);
  assert_string_equal(line, "a fan of a long namex12,horsesx12");
  assert_string_equal(small, line);
  score("tok", "123p456p789s11122s win=2s que=m gui=5z,7z horses=12", line,
        sizeof line);
  score("tok", "123p456p789s11122s win=2s que=m gui=5z,7z horses=12", small,
        sizeof small);
  assert_string_equal(line, "no m,ghostsx2,horsesx12");
  assert_string_equal(small, line);
  mj_hand *h = mj_hand_new();
  mj_error e;
  const char *t = "123p456p789s11122s win=2s que=s gui=7z horses=12";
  assert_int_equal(mj_hand_parse(h, t, strlen(t), &e), MJ_OK);
  char out[256];
  mj_hand_print_full(h, out, sizeof out);
  assert_non_null(strstr(out, " que=s gui=7z horses=12"));
  static const char *const bad[] = { "que=z", "que=", "gui=8z", "gui=7z,7z",
                                     "gui=1f", "horses=100", "streak=-1" };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char x[128];
    snprintf(x, sizeof x, "123p456p789s11122s win=2s %s", bad[i]);
    assert_int_equal(mj_hand_parse(h, x, strlen(x), &e), MJ_EINVAL);
  }
  mj_hand_free(h);
  /* mcr does not read them */
  assert_int_equal(score("mcr", "123m456p789s11122z win=1z que=m", line,
                         sizeof line), -1);
}

static void extend_and_test_fans(void **state)
{
  (void)state;
  put("base",
      "local R = mj.ruleset { id = 'base', shapes = { 'standard', "
      "'seven_pairs' } }\n"
      "R:fan { 'pungs', points = 6, pungs = 4 }\n"
      "R:fan { 'pairs', points = 24, shape = 'seven_pairs' }\n"
      "R:fan { 'flush', points = 24, suits = 1, honors = false }\n"
      "R:fan { 'plain', points = 1, fallback = true, shape = 'standard' }\n"
      "return R\n");
  put("variant",
      "local R = mj.extend('base', { id = 'variant', title = 'A variant' })\n"
      "R:points('flush', 30)\n"
      "R:remove('pairs')\n"
      "R:fan { 'red pung', points = 5,\n"
      "  test = function(v) return (v.tiles['5z'] or 0) >= 3 end }\n"
      "return R\n");
  char line[256];
  assert_int_equal(score("base", "11223344556677m win=7m", line, sizeof line),
                   48);
  assert_string_equal(line, "pairs,flush");
  assert_int_equal(
      score("variant", "11223344556677m win=7m", line, sizeof line), 30);
  assert_string_equal(line, "flush");
  assert_int_equal(
      score("variant", "111222333444m55m win=5m", line, sizeof line), 36);
  assert_string_equal(line, "pungs,flush");
  assert_int_equal(
      score("variant", "111m234p567s99s555z win=9s", line, sizeof line), 5);
  assert_string_equal(line, "red pung");
  /* the base is untouched */
  assert_int_equal(score("base", "111222333444m55m win=5m", line, sizeof line),
                   30);
  /* a test function that fails is an error with its place, not a crash */
  put("badtest",
      "local R = mj.ruleset { id = 'badtest' }\n"
      "R:fan { 'boom', points = 1, test = function(v) return v.nope.x end }\n"
      "return R\n");
  const mj_rules *r;
  mj_error e;
  assert_int_equal(mj_host_load(H, "badtest", NULL, &r, &e), MJ_OK);
  mj_hand *h = mj_hand_new();
  assert_int_equal(mj_hand_parse(h, "111m234p567s99s555z win=9s", 26, &e),
                   MJ_OK);
  mj_score s;
  assert_int_equal(mj_score_hand(r, h, &s, &e), MJ_ERULES);
  assert_non_null(strstr(e.msg, "badtest.lua:2:"));
  assert_non_null(strstr(e.msg, "fan 'boom'"));
  put("looptest",
      "local R = mj.ruleset { id = 'looptest' }\n"
      "R:fan { 'spin', points = 1, test = function(v) while true do end end }\n"
      "return R\n");
  assert_int_equal(mj_host_load(H, "looptest", NULL, &r, &e), MJ_OK);
  assert_int_equal(mj_score_hand(r, h, &s, &e), MJ_ERULES);
  assert_non_null(strstr(e.msg, "instruction budget"));
  assert_non_null(strstr(e.msg, "looptest.lua:2:"));
  assert_non_null(strstr(e.msg, "fan 'spin'"));
  mj_hand_free(h);
  /* extend of a missing ruleset, and a ruleset extending itself */
  put("orphan", "local R = mj.extend('nothere')\nreturn R\n");
  load_fails("orphan", "no ruleset 'nothere'");
  put("selfish", "local R = mj.extend('selfish')\nreturn R\n");
  load_fails("selfish", "extends itself");
}

static void mcr_options_and_explanation(void **state)
{
  (void)state;
  mj_host_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  mj_error e;
  mj_host *h = mj_host_new(&cfg, &e);
  assert_non_null(h);
  const mj_rules *r;
  assert_int_equal(mj_host_load(h, "mcr", NULL, &r, &e), MJ_OK);
  assert_int_equal(mj_rules_nfans(r), 81);
  assert_true(mj_rules_find_fan(r, "無財神") < 0);
  assert_true(mj_rules_find_fan(r, "Full Flush") >= 0);
  assert_true(mj_rules_find_fan(r, "full flush") >= 0);
  assert_true(mj_rules_find_fan(r, "綠一色") >= 0);
  /* explanation with exemptions */
  mj_hand *hand = mj_hand_new();
  const char *t = "22333344668888s win=8s seat=N round=N";
  assert_int_equal(mj_hand_parse(hand, t, strlen(t), &e), MJ_OK);
  mj_score s;
  assert_int_equal(mj_score_hand(r, hand, &s, &e), MJ_OK);
  assert_int_equal(s.total, 142);
  char buf[8192];
  mj_score_explain(r, hand, &s, buf, sizeof buf);
  assert_non_null(strstr(buf, "绿一色 All Green"));
  assert_non_null(strstr(buf, "meets the 8 minimum"));
  t = "11122345678999p win=2p";
  assert_int_equal(mj_hand_parse(hand, t, strlen(t), &e), MJ_OK);
  assert_int_equal(mj_score_hand(r, hand, &s, &e), MJ_OK);
  assert_int_equal(s.total, 92);
  mj_score_explain(r, hand, &s, buf, sizeof buf);
  assert_non_null(strstr(buf, "清一色: excluded by 九莲宝灯"));
  assert_non_null(strstr(buf, "幺九刻: taken in by 九莲宝灯"));
  /* below the minimum is still scored, and said */
  t = "67778m333456s[345p] win=6s";
  assert_int_equal(mj_hand_parse(hand, t, strlen(t), &e), MJ_OK);
  assert_int_equal(mj_score_hand(r, hand, &s, &e), MJ_OK);
  assert_int_equal(s.total, 2);
  assert_false(s.meets_min);
  mj_score_explain(r, hand, &s, buf, sizeof buf);
  assert_non_null(strstr(buf, "below the 8 minimum"));
  /* why */
  int f = mj_rules_find_fan(r, "清一色");
  assert_int_equal(mj_score_why(r, hand, f, buf, sizeof buf, &e), MJ_OK);
  assert_non_null(strstr(buf, "does not count in the chosen reading"));
  assert_non_null(
      strstr(buf, "it needs exactly 1 of the suits m, p, s present, and "
             "this hand has 3"));
  /* the caishen option: 5z wild; 無財神 when no wild acts */
  assert_int_equal(mj_host_load(h, "mcr", "caishen=5z", &r, &e), MJ_OK);
  assert_int_equal(mj_rules_nfans(r), 82);
  int wu = mj_rules_find_fan(r, "無財神");
  assert_true(wu >= 0);
  t = "123m456p789s111z55z win=1z";   /* 5z pair at face: no wild acting */
  assert_int_equal(mj_hand_parse(hand, t, strlen(t), &e), MJ_OK);
  assert_int_equal(mj_score_hand(r, hand, &s, &e), MJ_OK);
  bool has = false;
  for (int i = 0; i < s.nhits; i++)
    has = has || s.hits[i].fan == wu;
  assert_true(has);
  /* with the wilds acting, a hand that is no win without them wins */
  t = "123m456p789s1z2z555z win=1z";
  assert_int_equal(mj_hand_parse(hand, t, strlen(t), &e), MJ_OK);
  assert_int_equal(mj_score_hand(r, hand, &s, &e), MJ_OK);
  has = false;
  for (int i = 0; i < s.nhits; i++)
    has = has || s.hits[i].fan == wu;
  assert_false(has);
  assert_true(s.reading.nwild == 3);
  /* options that do not exist, and bad values */
  assert_int_equal(mj_host_load(h, "mcr", "caishen=9x", &r, &e), MJ_EINVAL);
  assert_non_null(strstr(e.msg, "not a tile"));
  assert_int_equal(mj_host_load(h, "mcr", "nosuch=1", &r, &e), MJ_EINVAL);
  assert_non_null(strstr(e.msg, "unknown option 'nosuch'"));
  assert_int_equal(mj_host_load(h, "mcr", "caishen", &r, &e), MJ_EINVAL);
  assert_non_null(strstr(e.msg, "name=value"));
  mj_hand_free(hand);
  mj_host_free(h);
}

/*
** The fan filter drops a fan only where testing its clauses one by one
** (and its pattern) finds it does not match: random winning hands, with
** declared melds, wilds and random contexts, under each shipped ruleset.
*/
static void filter_is_sound(void **state)
{
  (void)state;
  static const char *ids[] = { "mcr", "bao", "bao-shangrao" };
  static const unsigned flags[] = { MJ_CTX_SELF, MJ_CTX_WALL_LAST, MJ_CTX_KONG,
                                    MJ_CTX_LAST, MJ_CTX_ROB, MJ_CTX_FIRST };
  trng rng = { 2026 };
  mj_hand *h = mj_hand_new();
  for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++) {
    const mj_rules *r;
    mj_error e;
    if (mj_host_get(H, ids[k], &r, &e) != MJ_OK)
      fail_msg("%s: %s", ids[k], e.msg);
    bool bao = k > 0;
    long hands = 0, fans = 0;
    for (int i = 0; i < 20000; i++) {
      int melds = trng_below(&rng, 3) == 0 ? trng_below(&rng, 5) : 0;
      int wilds = bao ? trng_below(&rng, 4) : 0;
      mj_tile wild = (mj_tile)trng_below(&rng, MJ_KINDS);
      if (wilds > 14 - 3 * melds)
        wilds = 0;
      random_hand(&rng, h, melds, bao ? wild : MJ_NO_TILE, wilds, true, false);
      mj_ctx *c = mj_hand_ctx(h);
      const uint8_t *cnt = mj_hand_counts(h);
      int pick = trng_below(&rng, 14 - 3 * melds);
      for (int t = 0; t < MJ_KINDS; t++)
        if ((pick -= cnt[t]) < 0) {
          c->win = (mj_tile)t;
          break;
        }
      c->flags = 0;
      for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++)
        if (trng_below(&rng, f == 0 ? 2 : 12) == 0)
          c->flags |= flags[f];
      c->seat = (uint8_t)trng_below(&rng, 4);
      c->round = (uint8_t)trng_below(&rng, 4);
      c->flowers =
          (uint8_t)(trng_below(&rng, 3) == 0 ? trng_below(&rng, 9) : 0);
      c->wild = bao ? wild : MJ_NO_TILE;
      if (mj_hand_check(h, MJ_CHECK_WIN, NULL) != MJ_OK)
        continue;
      int bad = mj_score_filter_check(r, h, &fans, NULL);
      if (bad >= 0) {
        char t[128];
        mj_hand_print_full(h, t, sizeof t);
        fail_msg("%s: %s: the filter drops %s", ids[k], t,
                 mj_rules_fan(r, bad)->id);
      }
      hands++;
    }
    assert_true(hands > 10000);
    assert_true(fans > 2 * hands);
  }
  mj_hand_free(h);
}

/* {====================================================================
** The scorer in several threads at once
** ===================================================================== */

/* The reference hands of the shared vectors, as text. */
typedef struct vec_set {
  char (*hand)[160];
  int n, cap;
} vec_set;

static void take_vector(int line, char **f, int nf, void *ud)
{
  (void)line;
  vec_set *v = ud;
  if (nf < 3 || v->n == v->cap)
    return;
  snprintf(v->hand[v->n++], sizeof v->hand[0], "%s %s", f[0], f[1]);
}

typedef struct score_job {
  const mj_rules *r;
  const vec_set *v;
  long *totals;          /* per hand */
} score_job;

static int score_all(void *ud)
{
  score_job *j = ud;
  mj_hand *h = mj_hand_new();
  for (int i = 0; i < j->v->n; i++) {
    mj_score s;
    const char *t = j->v->hand[i];
    j->totals[i] = -1;
    if (mj_hand_parse(h, t, strlen(t), NULL) == MJ_OK &&
        mj_score_hand(j->r, h, &s, NULL) == MJ_OK)
      j->totals[i] = s.total;
  }
  mj_hand_free(h);
  mj_score_release();
  return 0;
}

static void threads_score_alike(void **state)
{
  (void)state;
  mj_error e;
  vec_set v = { malloc(2000 * sizeof *v.hand), 0, 2000 };
  assert_true(tsv_each("mcr.tsv", take_vector, &v) > 0);
  assert_int_equal(v.n, 2000);
  enum { NT = 4 };
  /* the threads share a ruleset fresh from its load: its combination
     tables are made while they score (by one of them), those of the
     ruleset scored alone were made before */
  const mj_rules *fresh, *alone;
  assert_int_equal(mj_host_load_detached(H, "mcr", NULL, &fresh, &e), MJ_OK);
  assert_int_equal(mj_host_load_detached(H, "mcr", NULL, &alone, &e), MJ_OK);
  assert_null(atomic_load(&fresh->combo3[0]));
  assert_int_equal(atomic_load(&alone->combo_state), 0);
  score_job one = { alone, &v, calloc(2000, sizeof(long)) }, jobs[NT];
  score_all(&one);                 /* without the tables, then with */
  long *first = malloc(2000 * sizeof(long));
  assert_non_null(first);
  memcpy(first, one.totals, 2000 * sizeof(long));
  for (int pass = 0; pass < 2; pass++)     /* past MJ_COMBO_LAZY look-ups */
    score_all(&one);
  assert_memory_equal(first, one.totals, 2000 * sizeof(long));
  free(first);
  assert_int_equal(atomic_load(&alone->combo_state), 2);
  assert_non_null(atomic_load(&alone->combo3[0]));
  assert_non_null(atomic_load(&alone->combo3[1]));
  thrd_t t[NT];
  for (int k = 0; k < NT; k++) {
    jobs[k] = (score_job){ fresh, &v, calloc(2000, sizeof(long)) };
    assert_int_equal(thrd_create(&t[k], score_all, &jobs[k]), thrd_success);
  }
  int wins = 0;
  for (int k = 0; k < NT; k++) {
    thrd_join(t[k], NULL);
    for (int i = 0; i < v.n; i++)
      if (jobs[k].totals[i] != one.totals[i])
        fail_msg("thread %d, hand %s: %ld, alone %ld", k, v.hand[i],
                 jobs[k].totals[i], one.totals[i]);
    free(jobs[k].totals);
  }
  assert_int_equal(atomic_load(&fresh->combo_state), 2);
  mj_host_release(H, fresh);
  mj_host_release(H, alone);
  for (int i = 0; i < v.n; i++)
    wins += one.totals[i] > 0;
  assert_true(wins > 1900);
  free(one.totals);
  free(v.hand);
}

/* Without account-once every subset of melds counts each fan it makes:
   the tables, once made, give the same counts, whether a subset makes
   one fan (riichi's) or two (a ruleset of overlapping pair fans). */
static int score_total(const mj_rules *r, const char *text, mj_score *s)
{
  mj_hand *h = mj_hand_new();
  int total = -1;
  if (mj_hand_parse(h, text, strlen(text), NULL) == MJ_OK &&
      mj_score_hand(r, h, s, NULL) == MJ_OK)
    total = s->total;
  mj_hand_free(h);
  return total;
}

static int hit_count(const mj_rules *r, const mj_score *s, const char *fan)
{
  int f = mj_rules_find_fan(r, fan);
  for (int i = 0; i < s->nhits; i++)
    if (s->hits[i].fan == f)
      return s->hits[i].count;
  return 0;
}

static void combo_tables_every_subset(void **state)
{
  (void)state;
  mj_error e;
  put("overlap",
      "local R = mj.ruleset { id = 'overlap', shapes = { 'standard' } }\n"
      "R:fan { 'same chows', points = 2, melds = { chow'a', chow'a' },\n"
      "  same_suit = true }\n"
      "R:fan { 'chows of a rank', points = 1, melds = { chow'a', chow'a' } }\n"
      "R:fan { 'base', points = 1, fallback = true }\n"
      "return R\n");
  const mj_rules *ov, *ri;
  assert_int_equal(mj_host_load_detached(H, "overlap", NULL, &ov, &e), MJ_OK);
  assert_int_equal(mj_host_load_detached(H, "riichi", NULL, &ri, &e), MJ_OK);
  static const char *const hand = "123m123m123p456s9s+9s self";
  static const char *const ri_hand = "123m123p123s456s9s+9s self";
  mj_score s;
  int before = score_total(ov, hand, &s), ri_before;
  assert_int_equal(hit_count(ov, &s, "same chows"), 1);
  assert_int_equal(hit_count(ov, &s, "chows of a rank"), 3);
  assert_int_equal(before, 2 + 3);
  ri_before = score_total(ri, ri_hand, &s);
  assert_int_equal(hit_count(ri, &s, "三色同順"), 1);
  for (int i = 0; i <= MJ_COMBO_LAZY; i++) {   /* until the tables are made */
    score_total(ov, hand, &s);
    score_total(ri, ri_hand, &s);
  }
  assert_int_equal(atomic_load(&ov->combo_state), 2);
  assert_int_equal(atomic_load(&ri->combo_state), 2);
  assert_false(ov->combo_one[0][2]);      /* 123m 123m makes both */
  assert_true(ri->combo_one[0][2] && ri->combo_one[0][3]);
  assert_int_equal(score_total(ov, hand, &s), before);
  assert_int_equal(hit_count(ov, &s, "same chows"), 1);
  assert_int_equal(hit_count(ov, &s, "chows of a rank"), 3);
  assert_int_equal(score_total(ri, ri_hand, &s), ri_before);
  assert_int_equal(hit_count(ri, &s, "三色同順"), 1);
  mj_host_release(H, ov);
  mj_host_release(H, ri);
}

/* A pattern whose members repeat (二盃口: chow a, chow a, chow b, chow b)
   is matched once whichever way round its twins take the groups. */
static void twin_members(void **state)
{
  (void)state;
  mj_error e;
  const mj_rules *ri;
  assert_int_equal(mj_host_load_detached(H, "riichi", NULL, &ri, &e), MJ_OK);
  static const struct { const char *hand; int ryanpeikou; } cases[] = {
    { "112233m556677p9s+9s self", 1 },
    { "556677p112233m9s+9s self", 1 },
    { "112233m112233m9s+9s self", 1 },      /* a = b: four alike */
    { "111222333m456p9s+9s self", 0 },      /* three alike, one other */
    { "112233m456p567s9s+9s self", 0 },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    mj_score s;
    int total = score_total(ri, cases[i].hand, &s);
    assert_true(total > 0);
    int n = hit_count(ri, &s, "二盃口");
    if (n != cases[i].ryanpeikou)
      fail_msg("%s: 二盃口 %d times", cases[i].hand, n);
    for (int h = 0; h < s.nhits; h++)
      if (s.hits[h].fan == mj_rules_find_fan(ri, "二盃口"))
        assert_int_equal(__builtin_popcount(s.hits[h].groups), 4);
  }
  mj_host_release(H, ri);
}

/* The indicators with the hand may not show a fifth copy: the first kind
   past four is named, whichever indicator put it there. */
static void indicators_past_four(void **state)
{
  (void)state;
  mj_error e;
  const mj_rules *ri;
  assert_int_equal(mj_host_load_detached(H, "riichi", NULL, &ri, &e), MJ_OK);
  static const struct { const char *ctx, *names; } cases[] = {
    { "dora=9s9s ura=6s6s", "5 copies of 6s" },
    { "dora=9s9s ura=6s", "5 copies of 9s" },
    { "dora=1z ura=6s9s6s", "5 copies of 6s" },
    { "dora=6s6s ura=9s9s", "5 copies of 6s" },
    { "dora=9s ura=6s", NULL },                 /* four of each: a win */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[128];
    snprintf(text, sizeof text, "11223366678999s win=9s riichi self "
             "seat=S round=E %s", cases[i].ctx);
    mj_hand *h = mj_hand_new();
    mj_score s;
    assert_int_equal(mj_hand_parse(h, text, strlen(text), NULL), MJ_OK);
    mj_status st = mj_score_hand(ri, h, &s, &e);
    mj_hand_free(h);
    if (cases[i].names == NULL)
      assert_int_equal(st, MJ_OK);
    else if (st == MJ_OK || strstr(e.msg, cases[i].names) == NULL)
      fail_msg("%s: \"%s\", not %s", text, st == MJ_OK ? "" : e.msg,
               cases[i].names);
  }
  mj_host_release(H, ri);
}

/* }==================================================================== */

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(forbidden_globals),
    cmocka_unit_test(shared_tables_are_copies),
    cmocka_unit_test(combo_tables_every_subset),
    cmocka_unit_test(twin_members),
    cmocka_unit_test(indicators_past_four),
    cmocka_unit_test(limits),
    cmocka_unit_test(bad_fans),
    cmocka_unit_test(bad_rulesets),
    cmocka_unit_test(account_once_losers),
    cmocka_unit_test(other_rulesets_tokens),
    cmocka_unit_test(extend_and_test_fans),
    cmocka_unit_test(mcr_options_and_explanation),
    cmocka_unit_test(filter_is_sound),
    cmocka_unit_test(threads_score_alike),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
