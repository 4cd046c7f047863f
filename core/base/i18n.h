/*
** i18n.h
** Messages a person reads go through GNU gettext, domain "hule":
** _("...") translates, N_("...") marks a string kept in a table and
** translated where it is printed, C_("context", "...") translates a word
** that needs its context (one English word, two Chinese ones), and
** ngettext(one, many, n) chooses a plural. What a program reads (batch
** lines, JSON, logs, notation, command names) never goes through them.
** Which language is chosen where (repl/common/lang.c); without a choice made,
** gettext answers the English message itself.
*/
#ifndef MJ_I18N_H
#define MJ_I18N_H

#include <libintl.h>
#include <stdbool.h>

#define MJ_TEXTDOMAIN "hule"

#define _(s) mj_gettext(s)
#define N_(s) (s)
#define C_(ctx, s) mj_pgettext(ctx "\004" s, s)
#undef ngettext
#define ngettext(one, many, n) mj_ngettext(one, many, n)

/* Set when the language chosen is the one fan names are written in
   (Chinese): explanations then leave out the English names. */
extern bool mj_text_native_names;

/* Set when the language chosen is English, the messages' own: every
   message is then itself, without gettext's lookup (a batch's error
   lines each asked it). */
extern bool mj_text_untranslated;

/* format_arg: a message given to printf keeps its check of arguments */
__attribute__((format_arg(1))) static inline char *mj_gettext(const char *s)
{
  return mj_text_untranslated ? (char *)s : dgettext(MJ_TEXTDOMAIN, s);
}

__attribute__((format_arg(1), format_arg(2))) static inline char *
mj_ngettext(const char *one, const char *many, unsigned long n)
{
  if (mj_text_untranslated)
    return (char *)(n == 1 ? one : many);
  return dngettext(MJ_TEXTDOMAIN, one, many, n);
}

/* The translation of key ("context\004message"), or s when it has none. */
static inline const char *mj_pgettext(const char *key, const char *s)
{
  if (mj_text_untranslated)
    return s;
  const char *t = dgettext(MJ_TEXTDOMAIN, key);
  return t == key ? s : t;
}

#endif
