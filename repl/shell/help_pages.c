/*
** help_pages.c
** The page "help COMMAND" shows: what the command does and when, its
** arguments, an example and the commands that go with it; and the
** legend of the table ("help table"). The one-line summaries stay in
** the command tables; these are the longer words, one entry a command.
*/
#include <string.h>

#include "i18n.h"
#include "repl.h"

static const repl_help pages[] = {
  { "new",
    N_("Deals a new hand against the bots, one at each other seat (two at a\n"
    "three-player table), and starts a match (the deal and the prevailing\n"
    "wind move hand after hand as the ruleset says). RULESET is any\n"
    "ruleset id (mcr when none is given); seed=N deals the same tiles\n"
    "again; bots= names the opponents' kinds, one for all or one a seat\n"
    "separated by commas (the last named plays the seats left, more than\n"
    "the seats is refused): strong (the default), efficiency,\n"
    "random, lua:FILE (a bot written in Lua), cmd:PROGRAM, for riichi\n"
    "mjai:PROGRAM (a bot of the mjai protocol), for mcr botzone:PROGRAM\n"
    "(a bot of Botzone's Chinese Standard Mahjong)."),
    "new xuezhan seed=7 bots=strong,efficiency,random",
    "hint, auto, next, match, save, tutorial" },
  { "d",
    N_("Discards a tile on your turn. A bare tile says the same (5p), and so\n"
    "does the long form (discard 5p). Honors are 1z..7z (E S W N 中 发 白).\n"
    "The tile you just drew is shown apart, after \"drew\"."),
    "d 5p", "hint, table, help tiles" },
  { "discard", N_("The long form of d: discards a tile on your turn."),
    "discard 7z", "d" },
  { "chi",
    N_("Chows the tile just discarded by the player before you (on your\n"
    "left): it makes a run of three with two of your tiles. When the tile\n"
    "fits more than one run, name the run (chi 345m) or one of your two\n"
    "tiles. Only the player after the discarder may chow; rulesets\n"
    "without chows (血战) refuse it."),
    "chi 345m", "pon, kong, pass, hint" },
  { "pon",
    N_("Pungs the tile just discarded: with two of yours it makes a set of\n"
    "three, laid face up. Anyone may pung, and a pung comes before a chow.\n"
    "After a pung you discard."),
    "pon", "chi, kong, pass" },
  { "kong",
    N_("Declares a kong (four of a kind). Three ways: of the discard on offer\n"
    "when you hold three (kong); concealed, on your turn, when you hold\n"
    "all four (kong 5m, shown face down to the others); or added to one\n"
    "of your pungs when you draw its fourth tile (kong 5m). After a kong\n"
    "you draw a replacement tile from the tail of the wall."),
    "kong 5m", "pon, kaigang" },
  { "hu",
    N_("Declares a win: on your turn with the tile you drew (self-drawn), or\n"
    "on the discard on offer. The hand must be complete and, where the\n"
    "ruleset has a minimum (MCR: 8 fan), reach it; otherwise hule says\n"
    "what is missing and nothing changes. 胡 and 和 are read the same."),
    "hu", "score, hint, waits" },
  { "swap",
    N_("换三张 (血战): before play each player passes tiles of one suit,\n"
    "three as shipped, named together; the dice choose where they go (to\n"
    "the next player, across or to the previous). You are told what you\n"
    "passed and what you received, never what the others passed."),
    "swap 2p4p7p", "que, hint" },
  { "que",
    N_("定缺 (血战): declares the suit you will not keep. While you hold a\n"
    "tile of it you must discard it first; you may not win holding it.\n"
    "The others' choices show once all have declared."),
    "que m", "swap" },
  { "declare",
    N_("Makes a declaration the ruleset offers before play, such as 起手胡\n"
    "in 长沙 (a dealt hand with no 2, 5 or 8, or a suit missing, pays at\n"
    "once). Name it, or its number; pass declines."),
    "declare 起手胡", "pass, tutorial changsha" },
  { "take",
    N_("海底 (长沙): takes the wall's last tile when it is offered to you; if\n"
    "it wins, say hu, otherwise it is your discard. pass lets it go."),
    "take", "pass" },
  { "kaigang",
    N_("开杠 (长沙): a kong whose two replacement tiles are turned up at once;\n"
    "allowed only when you are ready after it. A win on either tile is\n"
    "yours (hu TILE); the others may win on them too."),
    "kaigang 5s", "kong, hu" },
  { "pass",
    N_("Lets the discard (or the tile on offer) go. An empty line passes\n"
    "too. Passing a win in 血战 locks your discard wins until your next\n"
    "draw (过手胡)."),
    "pass", "chi, pon, hu" },
  { "hint",
    N_("What the strong bot would do now, and why. On your turn: each discard\n"
    "with the shanten it leaves (draws from ready), the live tiles that\n"
    "bring the hand closer, and under MCR the 8-fan plan the hand can\n"
    "follow (or the best wait's fans when ready). On a claim: pass and\n"
    "each claim with the same numbers, and the reason. In 换三张 the three\n"
    "tiles to pass."),
    "hint", "review, auto, waits, shanten" },
  { "undo",
    N_("Takes back your last decision (and the bots' moves after it): the\n"
    "hand is replayed to just before it."),
    "undo", "hint, review" },
  { "review",
    N_("Your decisions beside the strong bot's: where they differ, the\n"
    "shanten and useful tiles each discard left and the fan each aimed\n"
    "at; a discard that dealt in, with the winner's hand. With FILE, a\n"
    "saved log (every hand of a match, then the match table); seat=S\n"
    "reviews another seat (once its hand is over)."),
    "review game.jsonl seat=W", "hint, replay, match" },
  { "auto",
    N_("Lets the strong bot finish the hand for you; the events are listed\n"
    "and the end shown."),
    "auto", "hint, next" },
  { "table",
    N_("Shows the table again: each seat's score, tiles (yours; the others'\n"
    "as a count), melds and discards. \"help table\" explains every mark."),
    "table", "help table" },
  { "next",
    N_("Playing: deals the next hand of the match once this one is over\n"
    "(at the match's end, shows the final table). Replaying: the next\n"
    "decision, and past a hand's end the next hand of the match."),
    "next", "match, prev, goto" },
  { "match",
    N_("The match hand by hand: the wind, the dealer, what each seat paid or\n"
    "won, the winners with their value and fans, and the scores. Works\n"
    "while playing, replaying, and at the match's end."),
    "match", "next, save, replay" },
  { "save",
    N_("Writes the match to FILE: every hand's log, one after another\n"
    "(JSON Lines, written atomically). open plays on from it, replay\n"
    "steps through it, review reviews it."),
    "save game.jsonl", "open, replay, review" },
  { "open",
    N_("Opens a saved game and plays on from its last hand; a match's\n"
    "earlier hands are kept (match shows them). Every line of the log is\n"
    "checked first: an edited log is refused and nothing changes."),
    "open game.jsonl", "save, replay" },
  { "replay",
    N_("Steps through a saved game, every hand of its match: next, prev,\n"
    "goto N (a decision), goto hand N, goto end. A finished hand shows\n"
    "every seat; a hand saved before its end shows the saver's tiles only\n"
    "(or seat=S's)."),
    "replay game.jsonl", "next, prev, goto, match" },
  { "view",
    N_("Writes a saved game or match (or an imported Tenhou game) as one web\n"
    "page, FILE's name with .html unless out= names it: open it in any\n"
    "browser, with no network, and step through it (right and left: a\n"
    "move; down and up: a hand; w: the next win). It shows the four\n"
    "hands, the discards (claimed ones faded, a declaration's sideways,\n"
    "the tile won on ringed), melds, the wall, the scores and each\n"
    "hand's end as \"explain\" gives it. seat=S makes the page of what\n"
    "the seat at wind S in the first hand could see: the others' tiles\n"
    "are not in the file until each hand's end. A hand saved before its\n"
    "end shows the saver's tiles only. #hand=H&step=S links to a moment."),
    "view game.jsonl seat=E out=east.html", "replay, review, save" },
  { "prev", N_("Replaying: steps back one decision (at a hand's start, to the\n"
    "end of the hand before)."), "prev", "next, goto" },
  { "goto",
    N_("Replaying: jumps to the state after decision N of the hand shown,\n"
    "to its end (goto end), or to the start of hand N of the match\n"
    "(goto hand N)."),
    "goto hand 2", "next, prev, replay" },
  { "score",
    N_("Scores a winning hand and explains it: each fan with its value and\n"
    "the melds it uses, the fans not counted and why (不计), the total\n"
    "in the ruleset's units. HAND is written as in 123m456p789s11z55m+5m\n"
    "(+ the winning tile; [..] a claimed meld, {..} a concealed kong);\n"
    "context words follow: self, seat=S, round=E, last, kong, rob ..."),
    "score 123m456p789s11z55m+5m self", "explain, why, fan" },
  { "explain",
    N_("The full explanation of a hand: every reading tried and why the best\n"
    "won. Without arguments, the last hand scored or played."),
    "explain", "score, why" },
  { "why",
    N_("Why a fan did or did not count for a hand: its pattern tested piece\n"
    "by piece, or the fan that excluded it."),
    "why 平和 123m456p789s11z55m+5m", "score, fan" },
  { "fans", N_("The current ruleset's fans, by value."), "fans",
    "fan, use" },
  { "fan",
    N_("One fan's page: its value, its pattern in words, what it excludes,\n"
    "and an example hand (a legal win) scored. Names: Chinese, traditional,\n"
    "pinyin, English or the names people use (鸡胡, chicken, 一条龙)."),
    "fan 清一色", "fans, why" },
  { "waits",
    N_("The tiles a ready hand waits on, with how many are left (not in your\n"
    "view) and, under a minimum, each wait's value. On 14 tiles: each\n"
    "discard that leaves the hand ready, with its waits. In a game,\n"
    "without HAND: your hand, counted from your view of the table."),
    "waits 1112345678999m", "shanten, hint, quiz" },
  { "shanten",
    N_("How many tiles from ready a hand is (0: ready), and the live tiles\n"
    "that bring it closer."),
    "shanten 123m456p78s1122z", "waits, hint" },
  { "quiz",
    N_("A random hand to practise on: name its waits (quiz waits) or its\n"
    "total (quiz score); the answer is checked and explained. seed=N\n"
    "repeats a quiz."),
    "quiz waits", "waits, score, tutorial" },
  { "tutorial",
    N_("A first game that teaches by doing: tiles and notation, melds, the\n"
    "winning shape, claims, the ruleset's minimum or special rules, and\n"
    "reading the table, each step checked with a question; then a real\n"
    "hand against bots. Lessons ship for mcr, xuezhan and bao; a teacher\n"
    "can write more (see docs/tutorial.md)."),
    "tutorial xuezhan", "help tiles, help table, new" },
  { "rulesets", N_("The rulesets loaded and those that can be used."),
    "rulesets", "use, load" },
  { "use",
    N_("Switches the teaching tools (score, fan, waits, quiz ...) to a\n"
    "ruleset. A game in play keeps its own ruleset; the prompt names both\n"
    "when they differ."),
    "use xuezhan", "rulesets, new" },
  { "load",
    N_("Loads a ruleset file, with options (NAME=VALUE), and uses it. An\n"
    "error names the file and line; nothing is loaded then."),
    "load house.lua cap=5", "reload, check, diff" },
  { "reload", N_("Reads again the ruleset files changed since they were loaded."),
    "reload", "load" },
  { "lua",
    N_("Runs Lua with the mj module (the same sandbox as scenario scripts).\n"
    "An unfinished statement continues on the next lines."),
    "lua mj.score(\"123m456p789s11z55m+5m\").total", "run" },
  { "check",
    N_("Lints a ruleset: each fan's example scores it and is a legal win,\n"
    "fans that never match or never count over HANDS random hands,\n"
    "duplicate names; games by bots run its hooks and settlement."),
    "check house.lua 5000", "load, diff" },
  { "diff",
    N_("What differs between two rulesets (or one with other options): fans\n"
    "added, removed, re-valued or excluded otherwise; table rules,\n"
    "options, states and hooks."),
    "diff mcr house.lua", "check, load" },
  { "run", N_("Runs a scenario script (Lua with the mj module) with its ARGS."),
    "run dispute.lua", "lua" },
  { "help",
    N_("Lists the commands, or shows one's page. help tiles: the tiles and\n"
    "their notation; help table: what each mark of the table means; help\n"
    "context: the context words a hand may take under the ruleset in use\n"
    "(hule's and the ruleset's own, such as kita=2)."),
    "help kong", "tutorial" },
  { "tiles",
    N_("How tiles are shown: both (each glyph followed by its notation, the\n"
    "default on a terminal: 🀐 and 🀙 are hard to tell apart at normal\n"
    "font sizes), glyph (the glyphs alone, narrower) or text (the notation\n"
    "alone, as piped output and --ascii have it). --tiles MODE sets it at\n"
    "start. The table wraps its rows at 80 columns in every mode."),
    "tiles glyph", "help tiles, table" },
  { "lang",
    N_("Chooses the language of what hule says: en (English) or zh (Chinese,\n"
    "Simplified; zh_TW Traditional). Without an argument, the language in\n"
    "use and those installed. At start hule speaks the locale's (LANGUAGE,\n"
    "LC_ALL, LC_MESSAGES, LANG), or --lang's. What programs read (--batch,\n"
    "--json, logs, notation) and the commands stay as they are."),
    "lang zh", "help, tutorial" },
  { "quit", N_("Leaves hule (asks first if a hand in play is not saved)."),
    "quit", "save" },
  { "exit", N_("Leaves hule, as quit."), "exit", "quit" },
  { NULL, NULL, NULL, NULL }
};

const repl_help *repl_help_page(const char *name)
{
  for (const repl_help *h = pages; h->name; h++)
    if (strcmp(h->name, name) == 0)
      return h;
  return NULL;
}

const char *const repl_table_legend = N_(    "The table, row by row (your row last):\n"
    "  ── mcr · hand 1 · East round · wall 86 ──\n"
    "      the ruleset, the hand of the match, the prevailing wind and the\n"
    "      tiles left in the wall (a wild-tile ruleset adds its 宝 or 鬼)\n"
    "  paid so far: money moved during the hand (kongs; wins in 血战)\n"
    "  Left   N       0 (13 tiles)\n"
    "      the seat as seen from you (Left plays before you, Right after\n"
    "      you: 下家), its seat wind (E S W N), its score, and its\n"
    "      concealed tiles as a count\n"
    "  *   after the wind: the dealer\n"
    "  [123m] a claimed meld, face up; {concealed kong} or {🀫 🀫 🀫 🀫}: a\n"
    "      concealed kong, face down to the others ({5555m} on your row)\n"
    "  缺 m  the suit a 血战 player gave up (定缺), once all have said\n"
    "  (won: out of play)  a 血战 winner, his winning hand face up\n"
    "  drew 5p  your tile just drawn, set apart from your hand\n"
    "  discards: 1z 9m (5p) 3s◂\n"
    "      in order; (5p) was claimed by someone (it is in his meld now);\n"
    "      ◂ (< with --ascii) marks the table's last discard while it lies\n"
    "      unclaimed\n"
    "  flowers: 16f  flowers and seasons set aside (MCR: 1 fan each)\n"
    "  宝 9s, 宝 thrown 1, 偷机  the wild tile of 宝 rulesets and its states\n"
    "Tiles: 1m..9m characters, 1p..9p dots, 1s..9s bamboo, 1z..7z E S W N\n"
    "中 发 白 (help tiles shows each with its glyph). A hand is written\n"
    "123m456p789s11z: digits then the suit letter.\n");
