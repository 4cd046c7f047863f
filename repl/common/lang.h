/*
** lang.h
** The language of the messages: the locale's (LANGUAGE, LC_ALL,
** LC_MESSAGES, LANG), --lang or the REPL's lang command; English when
** no catalog fits. Catalogs are found beside the executable (the build
** tree's locale/), then where hule was installed, or in HULE_LOCALEDIR.
*/
#ifndef HULE_LANG_H
#define HULE_LANG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Find the catalogs, set the character type from the locale (C.UTF-8
   when the locale named is not installed) and choose the language the
   environment names. Called once, before any message. */
void hule_lang_init(void);

/* Choose the language name names: en, zh (Simplified), zh_CN, zh_TW or
   any catalog's name, with or without ".UTF-8". False, and nothing
   changed, when no catalog of that name is installed (err says so). */
bool hule_lang_set(const char *name, char *err, size_t cap);

/* The language in use: "en", "zh_CN", ... */
const char *hule_lang(void);

/* Is the language in use Chinese (Simplified or Traditional)? */
bool repl_lang_zh(void);

/* A ruleset's text in the language in use: a text given in two
   languages ({ en = ..., zh = ... }, kept as "en\x1ezh") gives its
   part; any other text is itself. NULL stays NULL. */
const char *repl_desc(const char *text);

/* The catalogs installed, "en" first, into out (cap entries); their count. */
int hule_lang_list(const char **out, int cap);

/* A payment's reason as a person reads it (the catalog's word for the
   shipped rulesets' reasons, any other as the ruleset wrote it). */
const char *repl_reason(const char *reason);

/* text folded to width display columns: lines after the first start at
   indent, the first goes on from column first; breaks at spaces and
   between wide (Chinese) characters, never before a closing mark, and
   at each newline of the text. Ends with a newline. */
void repl_fold(FILE *f, const char *text, int indent, int first, int width);

#endif
