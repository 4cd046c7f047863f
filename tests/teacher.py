#!/usr/bin/env python3
# The teacher's words hold on the table they speak of: played hands (MCR
# and 推倒胡, efficiency bots), with the facts of the hints and reviews
# checked, not their wording:
# - a hint on a claim lists each choice with its shanten and useful
#   tiles, and a reason ("why") that agrees with those numbers;
# - a hint's reasons name no threat without a sign of it (no "0 melds
#   declared");
# - under MCR each discard row names an 8-fan plan (its fans and value),
#   and a ready discard whose waits cannot reach 8 is marked so;
# - review numbers the player's own decisions (1, 2, ... up to the count
#   it gives) and names the others as the table does (Right, Across,
#   Left; never East or South).
#
# usage: teacher.py HULE
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from repldriver import Repl  # noqa: E402

HULE = sys.argv[1]
seen = {"claim hints": 0, "plan rows": 0, "reviews": 0, "review items": 0}


def fail(where, why, lines):
    sys.exit("FAIL %s: %s\n%s" % (where, why, "\n".join(lines)))


def check_claim_hint(h, where):
    rows = {}
    for l in h:
        m = re.match(r"^  (\S+(?: \S+)?)(?:, d \S+)? +(\d+) +(\d+)$", l)
        if m:
            rows[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    best = [l for l in h if "would:" in l][0].split("would: ")[1]
    why = [l for l in h if l.startswith("  why")]
    if "pass" not in rows or not why:
        fail(where, "a claim hint without its rows or its reason", h)
    if best != "pass" and best in rows:
        s, u = rows[best]
        ps, pu = rows["pass"]
        kong = best == "kong" and s == ps and "costs the hand nothing" in \
            why[0]
        if not (s < ps or (s == ps and u > pu) or kong):
            fail(where, "the claim's reason does not hold", h)
        if str(ps) not in why[0]:
            fail(where, "the reason does not give the numbers", h)
    seen["claim hints"] += 1


def check_turn_hint(h, where, mcr):
    for l in h:
        if re.search(r"\b0 melds declared", l):
            fail(where, "a threat named without a sign", h)
    if not mcr:
        return
    rows = [l for l in h if re.match(r"^  \S+ +\d+ +\d+  ", l)]
    for l in rows:
        m = re.match(r"^  (\S+) +(\d+) +\d+  (.*)$", l)
        plan = m.group(3)
        if int(m.group(2)) == 0 and "cannot reach 8" not in plan and \
                not re.search(r"\d+ fan", plan):
            fail(where, "a ready row without its value or its mark", h)
        if int(m.group(2)) > 0 and not re.search(r"\(\d+ fan", plan) and \
                "no 8-fan plan" not in plan:
            fail(where, "a row without an 8-fan plan", h)
        if re.search(r"\(about [0-7]\)", plan):
            fail(where, "a plan below 8 fan offered as the plan", h)
        seen["plan rows"] += 1


def check_review(lines, where):
    head = [l for l in lines if l.startswith("Review of")]
    if not head:
        fail(where, "no review", lines)
    total = int(re.search(r"(\d+) decisions with a choice", head[0]).group(1))
    last = 0
    for l in lines:
        m = re.match(r"^decision (\d+) \(action \d+\)", l)
        if m:
            n = int(m.group(1))
            if n <= last or n > total:
                fail(where, "decision %d out of order or past %d" % (n, total),
                     lines)
            last = n
            seen["review items"] += 1
        if re.search(r"\b(East|South|West|North)\b", l) and \
                not l.startswith("Review"):
            fail(where, "a seat named by its wind, not as the table does",
                 lines)
    seen["reviews"] += 1


def play(rs, seed):
    where = "%s seed=%d" % (rs, seed)
    r = Repl(HULE)
    out = r.ask("new %s seed=%d bots=efficiency" % (rs, seed))
    for _ in range(120):
        p = [l for l in out if l.endswith("[hint]")]
        if not p:
            break
        h = r.ask("hint")
        if p[-1].startswith("Your turn"):
            check_turn_hint(h, where, rs == "mcr")
            best = [l for l in h if "would:" in l][0].split("would: ")[1]
            out = r.ask(best)
        else:
            if "hu" not in p[-1]:
                check_claim_hint(h, where)
            out = r.ask("pass" if seed % 2 else
                        [l for l in h if "would:" in l][0].split(": ")[1])
    check_review(r.ask("review"), where)
    r.close()


for rs in ("mcr", "tuidao"):
    for seed in range(1, 9):
        play(rs, seed)
for k, v in seen.items():
    if v == 0:
        sys.exit("FAIL: nothing checked for %s: %s" % (k, seen))
print("teacher: %s" % seen)
