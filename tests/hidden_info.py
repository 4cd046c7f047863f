#!/usr/bin/env python3
# Hidden information stays hidden: play hands at the REPL over a pipe
# (discarding the drawn tile, passing every claim) under mcr, bao,
# tuidao, three-player riichi (its riichi shown, a North set aside face
# up) and xuezhan (there taking the bot's choices to pass and discard), and
# check every table shown before the hand ends. An opponent's row shows a
# tile count, exposed melds and concealed kongs face down only: never
# concealed tiles, the 宝 drawn or 偷机 (the 宝 thrown are public). Your
# own row shows your tiles, your states,
# your 宝 apart, and the drawn tile apart from the hand. Under 血战 a
# missing suit shows once all have declared, never while the others are
# still choosing (your own at once); a winner who left shows his hand;
# and the tiles passed between others
# never show (yours and those passed to you do).
#
# usage: hidden_info.py HULE [SEEDS]
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from repldriver import Repl  # noqa: E402

HULE = sys.argv[1]
SEEDS = int(sys.argv[2]) if len(sys.argv) > 2 else 12

TILES = r"(?:\d+[mpszf])+"
STATE = (r"(?:  (?:立直|ダブル立直))?(?:  缺 [mps])?"
         r"(?:  \(won: out of play\))?")
OTHER = re.compile(r"^(Right|Across|Left) +[ESWN][* ] +-?\d+ \(\d+ tiles\)"
                   r"(?: \[" + TILES + r"\]| \{concealed kong\})*"
                   r"(?:  宝 thrown \d+)?" + STATE + "$")
# a winner who left play (血战) shows his winning hand face up
WON = re.compile(r"^(Right|Across|Left) +[ESWN][* ] +-?\d+ " + TILES +
                 r"(?: \[" + TILES + r"\]| \{" + TILES + r"\})*"
                 r"(?:  缺 [mps])?  \(won: out of play\)$")
MINE = re.compile(r"^You +[ESWN][* ] +-?\d+ (" + TILES + r"|-)"
                  r"(?:  (?:宝|鬼) " + TILES + r")?"
                  r"(?: \[" + TILES + r"\]| \{" + TILES + r"\})*"
                  r"(?:  drew " + TILES + r")?"
                  r"(?:  (?:宝 drawn \d+|宝 thrown \d+|偷机)"
                  r"(?:, (?:宝 thrown \d+|偷机))*)?" + STATE + "$")


hidden_kongs = 0


def check_table(lines, where):
    """Every row of every table in lines; returns how many were checked."""
    global hidden_kongs
    n = 0
    for l in lines:
        hidden_kongs += l.count("{concealed kong}")
        if re.match(r"^(Right|Across|Left) +[ESWN][* ] ", l):
            if not OTHER.match(l) and not WON.match(l):
                raise SystemExit("%s: an opponent's row shows too much:\n%s"
                                 % (where, l))
            n += 1
        elif l.startswith("You ") and re.match(r"^You +[ESWN]", l):
            if not MINE.match(l):
                raise SystemExit("%s: your row is not as it should be:\n%s"
                                 % (where, l))
            n += 1
    return n


def play(ruleset, seed):
    r = Repl(HULE, timeout=10)
    where = "%s seed=%d" % (ruleset, seed)
    out = r.ask("new %s seed=%d" % (ruleset, seed))
    rows = 0
    for _ in range(400):
        if any(l.startswith('"next" deals the next hand') for l in out):
            break
        rows += check_table(out, where)
        for l in out:   # a concealed kong's tile is its owner's alone
            if re.search(r"(Right|Across|Left) declares a concealed kong of",
                         l):
                raise SystemExit("%s: another's concealed kong named: %s"
                                 % (where, l))
        if any(l.startswith(("换三张:", "定缺:")) for l in out):
            # before all have declared, nobody else's missing suit shows
            if any(re.match(r"^(Right|Across|Left) +[ESWN][* ] ", l) and
                   "缺" in l for l in out):
                raise SystemExit("%s: a missing suit shown before all "
                                 "declared" % where)
            # one's own pass and the tiles one gets are named; no other
            for l in out:
                for ev in l.split(" · "):
                    if re.search(r"(Right|Across|Left) passes \w+ tiles "
                                 r"\d+[mps] to (Right|Across|Left)", ev):
                        raise SystemExit("%s: the tiles passed are shown: %s"
                                         % (where, ev))
        bot = [l for l in out if l.startswith(("换三张:", "定缺:"))]
        if bot or ruleset == "xuezhan" and any(
                l.startswith("Your turn") for l in out):
            hint = [l for l in r.ask("hint") if "would:" in l]
            out = r.ask(hint[0].split("would: ")[1])
            continue
        prompt = [l for l in out if l.endswith("[hint]")]
        if not prompt:
            out = r.ask("table")
            continue
        m = re.match(r"Your turn, you drew (\S+):", prompt[-1])
        if m:
            out = r.ask("d " + m.group(1))
        elif prompt[-1].startswith("Your turn"):
            mine = [l for l in r.ask("table") if l.startswith("You ")]
            tile = re.match(r"^You +\S+ +-?\d+ (\d+)([mpsz])", mine[0])
            out = r.ask("d %s%s" % (tile.group(1)[0], tile.group(2)))
        else:
            out = r.ask("pass")
    else:
        raise SystemExit("%s: the hand did not end" % where)
    r.close()
    return rows


total = 0
RULESETS = ("mcr", "bao", "xuezhan", "tuidao", "riichi-sanma", "taiwan")
for ruleset in RULESETS:
    for seed in range(1, SEEDS + 1):
        total += play(ruleset, seed)
if total < 200:
    raise SystemExit("only %d rows checked" % total)
print("hidden_info: %d table rows checked over %d hands (%d concealed kongs "
      "of opponents face down)" % (total, len(RULESETS) * SEEDS, hidden_kongs))
