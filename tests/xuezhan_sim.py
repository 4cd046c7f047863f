#!/usr/bin/env python3
"""10,000 games of 血战 with the ledger: every game zero-sum, the ledger's
sum is the game's payments, games with two and with three winners and with
several winners on one tile happen, kong money and 查叫 payments appear.
Then 2,000 games of 血流成河 (xueliu: winners stay): zero-sum, players who
win twice and hands of more than four wins.
Usage: xuezhan_sim.py HULE WORKDIR"""
import json, os, subprocess, sys

hule, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
out = os.path.join(work, "xz.jsonl")
r = subprocess.run([hule, "sim", "--ruleset", "xuezhan", "--games", "10000",
                    "--seed", "3", "--jobs", "2", "--out", out],
                   capture_output=True, text=True)
if r.returncode != 0:
    sys.exit("FAIL: sim: " + r.stderr)
nwin = {}
multi = paid = 0
reasons = set()
with open(out) as f:
    for n, line in enumerate(f, 1):
        g = json.loads(line)
        if sum(g["pay"]) != 0:
            sys.exit("FAIL: game %d is not zero-sum: %s" % (n, g["pay"]))
        k = len(g["wins"])
        nwin[k] = nwin.get(k, 0) + 1
        multi += g.get("multi", False)
        for why, amount in g.get("paid", {}).items():
            reasons.add(why)
            if amount <= 0:
                sys.exit("FAIL: game %d: %s paid %s" % (n, why, amount))
        players = [w["player"] for w in g["wins"]]
        if len(set(players)) != len(players):
            sys.exit("FAIL: game %d: a player won twice" % n)
print("winners per game:", dict(sorted(nwin.items())), "一炮多响 games:", multi,
      "reasons:", sorted(reasons))
ok = (sum(nwin.values()) == 10000 and nwin.get(2, 0) > 0 and
      nwin.get(3, 0) > 0 and multi > 0 and "kong" in reasons and
      "not ready" in reasons and "transfer" in reasons)
if not ok:
    sys.exit("FAIL: the outcomes of 血战 are missing")

out = os.path.join(work, "xl.jsonl")
r = subprocess.run([hule, "sim", "--ruleset", "xueliu", "--games", "2000",
                    "--seed", "5", "--out", out],
                   capture_output=True, text=True)
if r.returncode != 0:
    sys.exit("FAIL: sim xueliu: " + r.stderr)
twice = many = most = 0
with open(out) as f:
    for n, line in enumerate(f, 1):
        g = json.loads(line)
        if sum(g["pay"]) != 0:
            sys.exit("FAIL: xueliu game %d is not zero-sum" % n)
        players = [w["player"] for w in g["wins"]]
        twice += len(set(players)) < len(players)
        many += len(players) > 4
        most = max(most, len(players))
print("血流成河: games where someone won again:", twice, "with more than "
      "four wins:", many, "most wins in a hand:", most)
if twice == 0 or many == 0:
    sys.exit("FAIL: 血流成河's winners do not win again")
print("ok")
