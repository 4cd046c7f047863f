#!/usr/bin/env python3
# The live counts a player is shown in a game are those of his own view:
# 4 less his tiles and every tile in sight (discards not claimed, the
# others' exposed melds), counted by hand from the table the REPL prints,
# for `shanten` on his turn and `waits` when ready (several seeds, MCR
# with efficiency bots; the player throws what he drew).
#
# usage: live_counts.py HULE
import re
import sys
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from repldriver import Repl  # noqa: E402

HULE = sys.argv[1]
TILE = re.compile(r"(\d+)([mpsz])")


def tiles(text):
    """the tiles of notation text ("123m55p"), kinds as "1m"."""
    out = []
    for digits, suit in TILE.findall(text):
        out += [d + suit for d in digits]
    return out


def in_sight(table):
    """what the table shows: discards not claimed, and the melds (face
    up) of the others, by kind."""
    seen = {}
    rows = [l for l in table if l.strip()]
    for i, l in enumerate(rows):
        m = re.search(r"discards: (.*?)(?:   flowers:.*)?$", l)
        if m and m.group(1) != "-":
            for d in m.group(1).split():
                if not d.startswith("("):       # claimed: in a meld now
                    for t in tiles(d):
                        seen[t] = seen.get(t, 0) + 1
        m = re.match(r"^(Left|Across|Right) .*\(\d+ tiles\)(.*)$", l)
        if m:
            for meld in re.findall(r"\[([^\]]*)\]", m.group(2)):
                for t in tiles(meld):
                    seen[t] = seen.get(t, 0) + 1
    return seen


def check(lines, hand, seen, what):
    held = {}
    for t in tiles(hand):
        held[t] = held.get(t, 0) + 1
    n = 0
    for line in lines:
        for t, left in re.findall(r"\b(\d[mpsz]) \((\d+)", line):
            want = max(0, 4 - held.get(t, 0) - seen.get(t, 0))
            if int(left) != want:
                sys.exit("FAIL: %s of %s: %s (%s) shown, %d in view\n%s" %
                         (what, hand, t, left, want, "\n".join(lines)))
            n += 1
    return n


checked = 0
for seed in (3, 11, 29, 41):
    r = Repl(HULE)
    out = r.ask("new seed=%d bots=efficiency" % seed)
    for turn in range(40):
        m = [l for l in out if "Your turn, you drew" in l]
        if not m:
            break
        drawn = re.search(r"you drew (\d[mpsz])", m[-1]).group(1)
        table = out[max(i for i, l in enumerate(out) if l.startswith("── ")):]
        seen = in_sight(table)
        sh = r.ask("shanten")
        hand = sh[0].strip("()")
        checked += check(sh[1:], hand, seen, "shanten")
        wt = r.ask("waits")
        checked += check(wt[1:], hand, seen, "waits")
        out = r.ask("d " + drawn)
        if any("is not legal" in l for l in out):
            break
    r.close()
if checked < 200:
    sys.exit("FAIL: only %d live counts checked" % checked)
print("%d live counts match the table as the player sees it" % checked)
