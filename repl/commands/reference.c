/*
** reference.c
** The reference page's parts past the command line (docs/reference.md):
** printed from the very tables the code uses (the REPL's commands, a
** ruleset's fields, a fan's fields, the table rules, the hooks, the context tokens), so they
** cannot drift; a test compares the page with hule help --markdown.
*/
#include <stdio.h>
#include <string.h>

#include <lua.h>

#include "ctx_tokens.h"
#include "events.h"
#include "flow_methods.h"
#include "game_methods.h"
#include "fan_fields.h"
#include "hand.h"
#include "cmdline.h"
#include "repl.h"
#include "rules.h"
#include "ruleset_fields.h"
#include "table_rules.h"

/* A cell's text with '|' escaped and '%s' shown as "…". */
static void cell(FILE *f, const char *s)
{
  for (; *s; s++)
    if (*s == '|')
      fputs("\\|", f);
    else if (s[0] == '%' && s[1] == 's')
      fputs("…", f), s++;
    else
      fputc(*s, f);
}

/* A row whose first cell is a name in code. */
static void row(FILE *f, const char *a, const char *b, const char *c)
{
  if (a == NULL)
    return;
  fputs("| `", f);
  cell(f, a);
  fputs("`", f);
  fputs(" | ", f);
  cell(f, b);
  if (c != NULL) {
    fputs(" | ", f);
    cell(f, c);
  }
  fputs(" |\n", f);
}

/* A row of two cells: code, words. */
static void code_row(FILE *f, const char *code, const char *words)
{
  fprintf(f, "| `%s` | ", code);
  cell(f, words);
  fputs(" |\n", f);
}

static void ruleset_fields(FILE *f)
{
  fprintf(f, "## A ruleset's fields\n\nGiven in `mj.ruleset { ... }`, "
          "`R:set { ... }` or `R.field = ...`; any other name is refused at "
          "the line that writes it, with the nearest known name.\n\n"
          "| field | takes | means |\n|---|---|---|\n");
#define RULESET_ROW(field, type, words) row(f, field, "a " type, words);
  MJ_RULESET_FIELDS(RULESET_ROW)
#undef RULESET_ROW
#define FIELD_ROW(field, words) code_row(f, field, words);
  fprintf(f, "\nA state's fields (`state = { { \"name\", ... } }`, "
          "[flow.md](flow.md)):\n\n| field | means |\n|---|---|\n");
  MJ_STATE_FIELDS(FIELD_ROW)
  fprintf(f, "\nA declaration's (`declarations = { { \"name\", ... } }`, "
          "[changsha.md](changsha.md)):\n\n| field | means |\n|---|---|\n");
  MJ_DECL_FIELDS(FIELD_ROW)
  fprintf(f, "\nAn option's (`options = { name = { ... } }`; a variant's "
          "`mj.extend(id, { options = { name = value } })` gives its base's "
          "options their values):\n\n| field | means |\n|---|---|\n");
  MJ_OPTION_FIELDS(FIELD_ROW)
#undef FIELD_ROW
  fputc('\n', f);
}

static void fan_fields(FILE *f)
{
  static const char *const args[] = {
    [MJ_ARG_SET] = "a tile set",
    [MJ_ARG_RANGE] = "n or { min =, max = }",
    [MJ_ARG_BOOL] = "true or false",
    [MJ_ARG_WAIT] = ("\"edge\", \"closed\" or \"single\""),
    [MJ_ARG_TEMPLATE] = "ranks in one suit",
    [MJ_ARG_FLAG] = "true or false",
  };
  fprintf(f, "## A fan's fields\n\nConditions (each a clause; the words "
          "are what `fan` and `why` say):\n\n| field | takes | means |\n"
          "|---|---|---|\n");
#define CLAUSE_ROW(k, field, a, yes, no)                                     \
  row(f, field, args[MJ_ARG_##a], yes);
  MJ_CLAUSES(CLAUSE_ROW)
#undef CLAUSE_ROW
#define FLAG_ROW(field, flag, words) row(f, field, "true or false", words);
  MJ_FLAG_FIELDS(FLAG_ROW)
#undef FLAG_ROW
  fprintf(f, "\nThe other fields:\n\n| field | means |\n|---|---|\n");
#define OTHER_ROW(field, words) row(f, field, words, NULL);
  MJ_FAN_FIELDS(OTHER_ROW)
#undef OTHER_ROW
  fputc('\n', f);
}

static void table_rules(FILE *f)
{
  fprintf(f, "## Table rules (`table = { ... }`)\n\n"
          "| rule | default | takes | means |\n|---|---|---|---|\n");
#define FLAG_RULE(name, dflt, words)                                         \
  fprintf(f, "| `%s` | %s | true or false | ", #name, dflt ? "true" : "false"); \
  cell(f, words);                                                            \
  fputs(" |\n", f);
  MJ_TABLE_FLAGS(FLAG_RULE)
#undef FLAG_RULE
#define NUMBER_RULE(name, dflt, lo, hi, range, words)                        \
  fprintf(f, "| `%s` | %d | ", #name, dflt);                                 \
  cell(f, range);                                                            \
  fputs(" | ", f);                                                           \
  cell(f, words);                                                            \
  fputs(" |\n", f);
  MJ_TABLE_NUMBERS(NUMBER_RULE)
#undef NUMBER_RULE
#define OTHER_RULE(name, type, words)                                        \
  fprintf(f, "| `%s` | — | %s | ", #name,                                    \
          type == LUA_TSTRING ? "a string" : "a table");                     \
  cell(f, words);                                                            \
  fputs(" |\n", f);
  MJ_TABLE_OTHERS(OTHER_RULE)
#undef OTHER_RULE
  fputc('\n', f);
}

static void hooks(FILE *f)
{
  fprintf(f, "## Flow hooks\n\nA function in the ruleset's table, called "
          "with the game `g` ([flow.md](flow.md)):\n\n"
          "| hook | when | it receives |\n|---|---|---|\n");
#define HOOK_ROW(k, field, call, when, gets) row(f, call, when, gets);
  MJ_HOOKS(HOOK_ROW)
#undef HOOK_ROW
  fprintf(f, "\nWhat a hook's `g` offers (only during the call):\n\n"
          "| method | what it does |\n|---|---|\n");
#define METHOD_ROW(name, call, words) code_row(f, call, words);
  MJ_FLOW_METHODS(METHOD_ROW)
#undef METHOD_ROW
  fprintf(f, "\nThe events of a hand (`g:event(i).type`, the logs' "
          "`\"ev\"`):\n\n| event | what happened |\n|---|---|\n");
#define EVENT_ROW(k, name, words) code_row(f, name, words);
  MJ_EVENTS(EVENT_ROW)
#undef EVENT_ROW
  fprintf(f, "\nWhat a script's game (`mj.game { ... }`, "
          "[scripting.md](scripting.md)) offers; a name a hook's `g` has "
          "too means the same:\n\n| method | what it does |\n|---|---|\n");
#define GAME_ROW(name, how, call, words) code_row(f, call, words);
  MJ_GAME_METHODS(GAME_ROW)
#undef GAME_ROW
  fputc('\n', f);
}

static void tokens(FILE *f)
{
  fprintf(f, "## Context tokens\n\nThey follow a hand "
          "(`123m456p789s11z55m+5m self seat=S`); a ruleset token is read "
          "only by the rulesets that declare it.\n\n"
          "| token | for | means |\n|---|---|---|\n");
#define TOKEN_ROW(k, name, value, flag, owned, words)                        \
  row(f, name, owned ? "the rulesets that declare it" : "every "     \
      "ruleset", words);
  MJ_CTX_TOKENS(TOKEN_ROW)
#undef TOKEN_ROW
  fputc('\n', f);
}

/* The REPL's commands, a table per group of help. */
static void repl_commands(FILE *f)
{
  fprintf(f, "## The REPL's commands\n\n`help COMMAND` in the REPL says "
          "more of each ([repl.md](repl.md)).\n\n");
  for (const repl_group *gr = repl_groups; gr->name; gr++) {
    fprintf(f, "### %s\n\n| command | what it does |\n|---|---|\n",
            gr->title);
    for (int t = 0; repl_tables[t]; t++)
      for (const repl_cmd *c = repl_tables[t]; c->name; c++) {
        if (c->group == NULL || strcmp(c->group, gr->name) != 0)
          continue;
        char head[160], help[1024];
        snprintf(head, sizeof head, "%s%s%s", c->name, c->args[0] ? " " : "",
                 c->args);
        snprintf(help, sizeof help, "%s", c->help);
        for (char *h = help; *h; h++)
          if (*h == '\n')
            *h = ' ';
        row(f, head, help, NULL);
      }
    fputc('\n', f);
  }
}

void hule_reference(FILE *f)
{
  repl_commands(f);
  ruleset_fields(f);
  fan_fields(f);
  table_rules(f);
  hooks(f);
  tokens(f);
}
