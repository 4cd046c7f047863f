/*
** chunks.h
** The shipped Lua files, compiled when hule was built.
*/
#ifndef MJ_CHUNKS_H
#define MJ_CHUNKS_H

#include <stddef.h>

#include <lua.h>

/* A shipped file: its name (its path in the source tree), its text and
** its dump, whose chunk name lies between name_at and rest_at (code_len
** 0: no dump, the text is parsed). */
typedef struct mj_chunk {
  const char *name;
  const char *text;
  size_t text_len;
  const char *code;
  size_t code_len, name_at, rest_at;
} mj_chunk;

extern const mj_chunk mj_chunks[];
extern const int mj_nchunks;

/* The shipped file of that name (as in the source tree: "lua/prelude.lua",
** "rulesets/mcr.lua"), or NULL. */
const mj_chunk *mj_chunk_named(const char *name);

/* Load the dump of the shipped file whose text src (n bytes) is, named
** chunkname: LUA_OK and the function pushed, or -1 and nothing pushed
** when src is no shipped file's text (or this Lua refuses the dump). */
int mj_lua_load_dump(lua_State *L, const char *src, size_t n,
                     const char *chunkname);

/* Load src (n bytes) as a text chunk named chunkname, as luaL_loadbufferx
** with mode "t" would, and with the same result: a text that is a
** shipped file's byte for byte is loaded from its dump instead, without
** parsing it again. [-0, +1, -] */
int mj_lua_load_text(lua_State *L, const char *src, size_t n,
                     const char *chunkname);

#endif
