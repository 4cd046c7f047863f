#!/usr/bin/env python3
# 血战 as RULES-xuezhan.md has it, at the REPL: a win that does not end
# the hand is said at once with the hand face up and its value, and the
# winner's row shows that hand from then on; the end of the wall shows
# the 查叫 (each player still in: 花猪, ready with his best, or not ready;
# what it moved, or "nothing owed") and never calls the hand drawn after
# a win; passing a discard win gets the 过手胡 notice, and a discard win
# is then refused until one's next draw. Hands played with the strong
# bot's hints against random bots (who leave the wall to run out).
#
# usage: xuezhan_table.py HULE
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from repldriver import Repl  # noqa: E402

HULE = sys.argv[1]
TILES = r"(?:\d+[mps])+"
seen = {"win shown": 0, "row face up": 0, "chajiao": 0, "guoshou": 0,
        "owed": 0, "nothing owed": 0}


def fail(where, why, lines):
    sys.exit("FAIL %s: %s\n%s" % (where, why, "\n".join(lines[-30:])))


def check_wins(out, where):
    for l in out:
        for ev in re.split(" [-·] ", l):
            m = re.match(r"^(You|Right|Across|Left) wins?\b.*?: (" + TILES +
                         r")(?:\[[^\]]*\]|\{[^}]*\})* — (.+), (\d+) 番 = "
                         r"(\d+) units?$", ev)
            if m:
                seen["win shown"] += 1
                fan, units = int(m.group(4)), int(m.group(5))
                if units != 2 ** (min(fan, 4) - 1):
                    fail(where, "units are not 2^(番-1) capped", out)
            elif re.match(r"^(You|Right|Across|Left) wins?\b", ev):
                fail(where, "a win said without its hand: " + ev, out)


def check_rows(out, where):
    for l in out:
        m = re.match(r"^(Right|Across|Left) +[ESWN][* ] +-?\d+ (.*)$", l)
        if m and "(won: out of play)" in l:
            if "tiles)" in l:
                fail(where, "a winner's row is face down", out)
            seen["row face up"] += 1


def play(seed):
    where = "xuezhan seed=%d" % seed
    r = Repl(HULE, timeout=20)
    out = r.ask("new xuezhan seed=%d bots=random" % seed)
    allout = list(out)
    locked = False
    for _ in range(300):
        check_wins(out, where)
        check_rows(out, where)
        if any(l.startswith(('"next"', "That was the match")) for l in out):
            break
        prompt = [l for l in out if l.endswith("[hint]") or
                  l.startswith(("换三张: pass", "定缺:"))]
        if not prompt:
            out = r.ask("table")
            allout += out
            continue
        if prompt[-1].startswith("Your turn"):
            locked = False
        m = re.search(r"discarded \S+: (.*?) \(Enter", prompt[-1])
        if m and "hu" in m.group(1).split(", ") and locked:
            fail(where, "a discard win offered before the next draw", out)
        if m and "hu" in m.group(1).split(", "):
            locked = True
            out = r.ask("pass")   # let the win go: 过手胡
            allout += out
            if not any(l.startswith("过手胡: you let a win on") for l in out):
                fail(where, "no 过手胡 notice", out)
            seen["guoshou"] += 1
            continue
        hint = [l for l in r.ask("hint") if "would:" in l]
        out = r.ask(hint[0].split("would: ")[1])
        allout += out
    else:
        fail(where, "the hand did not end", allout)
    end = allout
    won = any(re.search(r"(^| [-·] )(You win|\w+ wins)( on|, self)", l)
              for l in end)
    if any("a drawn hand" in l for l in end) and won:
        fail(where, "a hand with a win called drawn", end)
    if any("the wall is empty" in l for l in end):
        i = max(k for k, l in enumerate(end) if l.startswith("查叫"))
        seen["chajiao"] += 1
        block = []
        for l in end[i + 1:]:
            if not l.startswith("  "):
                break
            block.append(l)
        players = [l for l in block if re.match(
            r"^  (You|Right|Across|Left) +(花猪|ready: the best|not ready)", l)]
        n_in = int(re.search(r"(\d+) still in", end[i]).group(1))
        if n_in >= 2 and len(players) != n_in:
            fail(where, "查叫 does not name each player still in", end)
        if any("nothing owed" in l for l in block):
            seen["nothing owed"] += 1
        elif any(re.search(r"pays? .* \d+ \(", l) for l in block):
            seen["owed"] += 1
        else:
            fail(where, "查叫 says neither what moved nor nothing owed", end)
    r.close()


# thirty hands at least, more until each thing was seen (a random bot
# seldom wins, so a winner's row may take longer)
for seed in range(1, 121):
    if seed > 30 and all(seen.values()):
        break
    play(seed)
for k, v in seen.items():
    if v == 0:
        sys.exit("FAIL: no hand showed %s: %s" % (k, seen))
print("xuezhan_table: %s" % seen)
