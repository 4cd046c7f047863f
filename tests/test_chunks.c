/*
** test_chunks.c
** The shipped Lua files' build-time dumps: each is the file of the tree,
** loads as the very function the parser makes of its text (the same dump
** again, debug information and chunk name included, under any name), and
** is used for that text only: an edited file, a long name, a text with
** an error go through the parser as before; a shipped file copied
** elsewhere names its new path in its errors.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>

#include "chunks.h"
#include "fileio.h"
#include "host.h"
#include "testutil.h"

typedef struct buffer {
  char *p;
  size_t n;
} buffer;

static int put(lua_State *L, const void *p, size_t n, void *ud)
{
  (void)L;
  buffer *b = ud;
  char *q = realloc(b->p, b->n + n);
  if (q == NULL)
    return 1;
  memcpy(q + b->n, p, n);
  b->p = q;
  b->n += n;
  return 0;
}

/* The dump of the function on top of L (popped), debug information kept. */
static buffer dump_top(lua_State *L)
{
  buffer b = { NULL, 0 };
  assert_int_equal(lua_dump(L, put, &b, 0), 0);
  lua_pop(L, 1);
  return b;
}

static void dumps_are_the_parsed_files(void **state)
{
  (void)state;
  assert_non_null(mj_chunk_named("lua/prelude.lua"));
  assert_non_null(mj_chunk_named("rulesets/riichi.lua"));
  assert_null(mj_chunk_named("rulesets/nothing.lua"));
  lua_State *L = luaL_newstate();
  const char *names[] = { "@/some/where/else.lua", "=prelude", "@x" };
  for (int i = 0; i < mj_nchunks; i++) {
    const mj_chunk *c = &mj_chunks[i];
    char path[512];
    size_t n;
    snprintf(path, sizeof path, "%s/%s", HULE_SOURCE_DIR, c->name);
    char *text;
    mj_error e;
    assert_int_equal(mj_file_read(path, 1 << 20, &text, &n, &e), MJ_OK);
    assert_int_equal(n, c->text_len);
    assert_memory_equal(text, c->text, n);
    assert_true(c->code_len > 0);       /* every shipped file has its dump */
    for (int k = 0; k < 3; k++) {
      assert_int_equal(luaL_loadbufferx(L, text, n, names[k], "t"), LUA_OK);
      buffer parsed = dump_top(L);
      int top = lua_gettop(L);
      assert_int_equal(mj_lua_load_dump(L, text, n, names[k]), LUA_OK);
      assert_int_equal(lua_gettop(L), top + 1);
      lua_Debug ar;
      lua_pushvalue(L, -1);
      lua_getinfo(L, ">S", &ar);
      assert_string_equal(ar.source, names[k]);
      buffer loaded = dump_top(L);
      assert_int_equal(loaded.n, parsed.n);
      assert_memory_equal(loaded.p, parsed.p, parsed.n);
      free(parsed.p);
      free(loaded.p);
    }
    free(text);
  }
  lua_close(L);
}

static void other_texts_are_parsed(void **state)
{
  (void)state;
  lua_State *L = luaL_newstate();
  const mj_chunk *c = mj_chunk_named("rulesets/riichi-tenhou.lua");
  assert_non_null(c);
  /* one byte more: no dump; the text loads as any other */
  char *edited = malloc(c->text_len + 1);
  assert_non_null(edited);
  memcpy(edited, c->text, c->text_len);
  edited[c->text_len] = '\n';
  assert_int_equal(mj_lua_load_dump(L, edited, c->text_len + 1, "@e.lua"), -1);
  assert_int_equal(lua_gettop(L), 0);
  assert_int_equal(mj_lua_load_text(L, edited, c->text_len + 1, "@e.lua"),
                   LUA_OK);
  lua_pop(L, 1);
  /* one byte fewer */
  assert_int_equal(mj_lua_load_dump(L, c->text, c->text_len - 1, "@e.lua"), -1);
  free(edited);
  /* a name too long for the dump's: the text is parsed, the name kept */
  char name[2000];
  name[0] = '@';
  memset(name + 1, 'a', sizeof name - 2);
  name[sizeof name - 1] = '\0';
  assert_int_equal(mj_lua_load_dump(L, c->text, c->text_len, name), -1);
  assert_int_equal(mj_lua_load_text(L, c->text, c->text_len, name), LUA_OK);
  lua_Debug ar;
  lua_getinfo(L, ">S", &ar);
  assert_string_equal(ar.source, name);
  /* an error is the parser's, naming the chunk */
  assert_int_equal(mj_lua_load_text(L, "return +", 8, "@bad.lua"),
                   LUA_ERRSYNTAX);
  assert_non_null(strstr(lua_tostring(L, -1), "bad.lua:1:"));
  lua_pop(L, 1);
  /* bytecode is never taken from a text */
  assert_int_equal(mj_lua_load_text(L, "\x1bLua", 4, "@b.lua"), LUA_ERRSYNTAX);
  lua_close(L);
}

static void quiet(void *ud, const char *text, size_t len)
{
  (void)ud;
  (void)text;
  (void)len;
}

/* riichi.lua copied as it is into another directory: loaded (from the
   dump), its errors name the copy's path and line. */
static void a_copy_names_its_own_path(void **state)
{
  (void)state;
  char dir[] = "/tmp/hule-chunks-XXXXXX";
  assert_non_null(mkdtemp(dir));
  const mj_chunk *c = mj_chunk_named("rulesets/riichi.lua");
  char path[128];
  snprintf(path, sizeof path, "%s/riichi.lua", dir);
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(c->text, 1, c->text_len, f), c->text_len);
  fclose(f);
  mj_host_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  mj_error e;
  mj_host *h = mj_host_new(&cfg, &e);
  assert_non_null(h);
  mj_host_set_output(h, quiet, NULL);
  const mj_rules *r;
  assert_int_equal(mj_host_load(h, path, "length=west", &r, &e), MJ_EINVAL);
  char want[160];
  snprintf(want, sizeof want, "%s:", path);
  assert_non_null(strstr(e.msg, want));
  assert_non_null(strstr(e.msg, "option length"));
  assert_int_equal(mj_host_load(h, path, NULL, &r, &e), MJ_OK);
  mj_host_free(h);
  remove(path);
  rmdir(dir);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(dumps_are_the_parsed_files),
    cmocka_unit_test(other_texts_are_parsed),
    cmocka_unit_test(a_copy_names_its_own_path),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
