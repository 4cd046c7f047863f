/*
** text.h
** The one rule for text that comes from outside (a ruleset's names and
** descriptions, a log's strings, a bot's words) and reaches a terminal
** or a one-line-per-record output: valid UTF-8 with no control
** character (C0, tab and newline included; DEL; C1, U+0080..U+009F).
*/
#ifndef MJ_TEXT_H
#define MJ_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "tile.h"

/* Is s (n bytes) clean text? If not, *at (may be NULL) is the offset of
   the first byte that is not. */
bool mj_text_clean(const char *s, size_t n, size_t *at);

/* What is wrong at s[at]: "a control character (U+001B)", "a byte that is
   not UTF-8 (0xff)", written into buf. */
const char *mj_text_fault(const char *s, size_t n, size_t at, char *buf,
                          size_t cap);

/* s with every byte of what is not clean text written as \xNN, into out
   (always NUL-ended, cut to cap). Returns out. */
char *mj_text_escape(const char *s, char *out, size_t cap);

/* s in the language chosen: a text given in two languages ("en\x1ezh")
   gives its Chinese part when mj_text_native_names is set, else its
   English one (copied into buf); any other text is s itself. */
const char *mj_text_shown(const char *s, char *buf, size_t cap);

/* A name a ruleset gives in Chinese (a fan's, a title) as the language
   chosen writes it: the catalog's entry of context "name" (zh_TW: in
   traditional characters), else s. Never NULL for s not NULL; the text
   lives as long as s or the catalog. */
const char *mj_text_name(const char *s);

/* A tile as a sentence names it, into buf: its code (5m, 0p for a red
   five), or in the language of the fan names its name (五万, 赤五饼,
   春); buf empty for MJ_NO_TILE. Returns buf. */
const char *mj_tile_word(mj_tile t, bool red, char *buf, size_t cap);

/* Does s hold word (n bytes) as the whole of one of its languages? */
bool mj_text_is(const char *s, const char *word, size_t n);

/* The edit distance of two names in characters (ASCII case folded, a
   swap of two neighbours counts one), for "did you mean"; 99 past 30
   characters. */
int mj_text_distance(const char *a, const char *b);

#endif
