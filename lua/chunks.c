/*
** chunks.c
** Loading a shipped Lua file from the dump made when hule was built.
**
** Parsing is most of what loading a ruleset costs; a dump loads several
** times faster. The dump is used only for the very text it was made from
** (the file read is compared with the shipped text byte for byte), so an
** edited or foreign file is parsed as always, and only our own dumps are
** ever loaded as binary chunks: nobody's bytecode reaches the loader.
** The dump keeps its debug information; its chunk name is replaced by the
** file's own, so messages and tracebacks name the file as before.
*/
#include "chunks.h"

#include <string.h>

#include <lauxlib.h>

const mj_chunk *mj_chunk_named(const char *name)
{
  for (int i = 0; i < mj_nchunks; i++)
    if (strcmp(mj_chunks[i].name, name) == 0)
      return &mj_chunks[i];
  return NULL;
}

/* The dump in three pieces: its head, the new chunk name (its size
   coded as the dump codes sizes), the rest. */
typedef struct pieces {
  const char *p[3];
  size_t n[3];
  int i;
} pieces;

static const char *next_piece(lua_State *L, void *ud, size_t *size)
{
  (void)L;
  pieces *s = ud;
  while (s->i < 3 && s->n[s->i] == 0)
    s->i++;
  if (s->i == 3) {
    *size = 0;
    return NULL;
  }
  *size = s->n[s->i];
  return s->p[s->i++];
}

static int load_dump(lua_State *L, const mj_chunk *c, const char *chunkname)
{
  char name[600];
  size_t len = strlen(chunkname), k = 0;
  if (len + 16 > sizeof name)
    return -1;
  unsigned char size[16];
  int nsize = 0;
  size_t x = len + 1;
  do {                          /* 7 bits a byte, the last one's top set */
    size[nsize++] = (unsigned char)(x & 0x7f);
    x >>= 7;
  } while (x != 0);
  size[0] |= 0x80;
  while (nsize > 0)
    name[k++] = (char)size[--nsize];
  memcpy(name + k, chunkname, len);
  pieces s = { { c->code, name, c->code + c->rest_at },
               { c->name_at, k + len, c->code_len - c->rest_at }, 0 };
  return lua_load(L, next_piece, &s, chunkname, "b");
}

int mj_lua_load_dump(lua_State *L, const char *src, size_t n,
                     const char *chunkname)
{
  for (int i = 0; i < mj_nchunks; i++) {
    const mj_chunk *c = &mj_chunks[i];
    if (c->code_len != 0 && c->text_len == n &&
        memcmp(c->text, src, n) == 0) {
      int st = load_dump(L, c, chunkname);
      if (st > 0)
        lua_pop(L, 1);          /* a dump this Lua refuses */
      return st == LUA_OK ? st : -1;
    }
  }
  return -1;
}

int mj_lua_load_text(lua_State *L, const char *src, size_t n,
                     const char *chunkname)
{
  if (mj_lua_load_dump(L, src, n, chunkname) == LUA_OK)
    return LUA_OK;
  return luaL_loadbufferx(L, src, n, chunkname, "t");
}
