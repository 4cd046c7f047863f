#!/usr/bin/env python3
"""10,000 games of 推倒胡 with the ledger: every game zero-sum, the ledger's
payments are the game's; horses hit, kong money, 跟庄, 四鬼胡牌, robbed
kongs paid in full (抢杠全包) and drawn hands (the reserve kept for the
horses) all happen.
Usage: tuidao_sim.py HULE WORKDIR"""
import json, os, subprocess, sys

hule, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
out = os.path.join(work, "td.jsonl")
r = subprocess.run([hule, "sim", "--ruleset", "tuidao", "--games", "10000",
                    "--seed", "3", "--jobs", "2", "--out", out],
                   capture_output=True, text=True)
if r.returncode != 0:
    sys.exit("FAIL: sim: " + r.stderr)
seen = {"horse": 0, "kong": 0, "genzhuang": 0, "sigui": 0, "rob full": 0,
        "drawn": 0}
with open(out) as f:
    for n, line in enumerate(f, 1):
        g = json.loads(line)
        if sum(g["pay"]) != 0:
            sys.exit("FAIL: game %d is not zero-sum: %s" % (n, g["pay"]))
        if g["result"] == "drawn":
            seen["drawn"] += 1
            if any(k != "genzhuang" for k in g.get("paid", {})):
                sys.exit("FAIL: game %d: a drawn hand paid %s" % (n, g["paid"]))
        for why in g.get("paid", {}):
            if why in seen:
                seen[why] += 1
        for w in g["wins"]:
            ids = [x["id"] for x in w["fans"]]
            seen["horse"] += "买马" in ids
            seen["sigui"] += "四鬼胡牌" in ids
            # a robbed kong: the robbed player pays all three shares
            if "from" in w and g["result"] == "win" and len(g["wins"]) == 1:
                loss = -g["pay"][w["from"]]
                if loss >= 3 * w["total"]:
                    seen["rob full"] += 1
print("tuidao:", seen)
missing = [k for k, v in seen.items() if v == 0]
if missing:
    sys.exit("FAIL: never seen: %s" % missing)
print("ok")
