#!/usr/bin/env python3
# Hidden information stays hidden: play hands at the REPL over a pipe
# (discarding the drawn tile, passing every claim) under mcr and bao, and
# check every table shown before the hand ends. An opponent's row shows a
# tile count, exposed melds and concealed kongs face down only: never
# concealed tiles, the 宝 drawn or 偷机. Your own row shows your tiles,
# your 宝 apart, and the drawn tile apart from the hand.
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
OTHER = re.compile(r"^(Right|Across|Left) +[ESWN][* ] +-?\d+ \(\d+ tiles\)"
                   r"(?: \[" + TILES + r"\]| \{concealed kong\})*$")
MINE = re.compile(r"^You +[ESWN][* ] +-?\d+ (" + TILES + r"|-)"
                  r"(?:  宝 " + TILES + r")?"
                  r"(?: \[" + TILES + r"\]| \{" + TILES + r"\})*"
                  r"(?:  drew " + TILES + r")?"
                  r"(?:  宝 drawn \d+, thrown \d+(?:, 偷机)?)?$")


hidden_kongs = 0


def check_table(lines, where):
    """Every row of every table in lines; returns how many were checked."""
    global hidden_kongs
    n = 0
    for l in lines:
        hidden_kongs += l.count("{concealed kong}")
        if l.startswith(("Right ", "Across ", "Left ")) and "tiles" in l:
            if not OTHER.match(l):
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
for ruleset in ("mcr", "bao"):
    for seed in range(1, SEEDS + 1):
        total += play(ruleset, seed)
if total < 200:
    raise SystemExit("only %d rows checked" % total)
print("hidden_info: %d table rows checked over %d hands (%d concealed kongs "
      "of opponents face down)" % (total, 2 * SEEDS, hidden_kongs))
