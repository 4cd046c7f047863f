#!/usr/bin/env python3
# hule stats --plot and --csv: the SVG parses as XML and holds one bar a
# number (a bin of points per win, each bot kind's three figures, each of
# the 30 most frequent fans and the rest), with its labels; the CSV's
# numbers agree with a count made here from the same JSON lines; a file
# that is not sim output is refused naming its line.
#
# usage: plot.py HULE WORKDIR
import collections
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

HULE, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
os.chdir(WORK)
NS = "{http://www.w3.org/2000/svg}"


def run(*args):
    return subprocess.run([HULE] + list(args), capture_output=True, text=True)


def fail(why):
    sys.exit("FAIL: " + why)


for shard in (1, 2):
    r = run("sim", "--ruleset", "mcr", "--games", "240", "--seed", "5",
            "--bots", "strong,efficiency,random,efficiency",
            "--shard", "%d/2" % shard, "--out", "part%d.jsonl" % shard)
    if r.returncode != 0:
        fail("sim: " + r.stderr)
r = run("stats", "part1.jsonl", "part2.jsonl", "--plot", "run.svg", "--csv",
        "run.csv")
if r.returncode != 0:
    fail("stats --plot: " + r.stderr)

# the count made here
games, wins = 0, 0
seats, won, dealt = collections.Counter(), collections.Counter(), collections.Counter()
drawn = collections.Counter()
fans, fan_games = collections.Counter(), collections.Counter()
for name in ("part1.jsonl", "part2.jsonl"):
    for line in open(name, encoding="utf-8"):
        o = json.loads(line)
        games += 1
        for b in o["bots"]:
            seats[b] += 1
            drawn[b] += not o["wins"]
        for w in o["wins"]:
            wins += 1
            won[o["bots"][w["player"]]] += 1
            if "from" in w:
                dealt[o["bots"][w["from"]]] += 1
            for f in w["fans"]:
                fans[f["id"]] += 1
        for fid in {f["id"] for w in o["wins"] for f in w["fans"]}:
            fan_games[fid] += 1

rows = [l.rstrip("\n").split(",") for l in open("run.csv", encoding="utf-8")]
if rows[0] != ["chart", "label", "value", "low", "high", "n"]:
    fail("the CSV header: %s" % rows[0])
csv = collections.defaultdict(dict)
for chart, label, value, low, high, n in rows[1:]:
    csv[chart][label] = (float(value), low, high, int(n))
for kind in seats:
    v, lo, hi, n = csv["win_rate"][kind]
    if n != seats[kind] or abs(v - won[kind] / seats[kind]) > 1e-6:
        fail("win rate of %s: %s, counted %d of %d" % (kind, v, won[kind], n))
    if not float(lo) <= v <= float(hi):
        fail("the interval of %s's win rate does not hold it" % kind)
    v, lo, hi, n = csv["dealin_rate"][kind]
    if abs(v - dealt[kind] / seats[kind]) > 1e-6:
        fail("deal-in rate of %s" % kind)
    v, lo, hi, n = csv["draw_rate"][kind]
    if abs(v - drawn[kind] / seats[kind]) > 1e-6 or not float(lo) <= v <= float(hi):
        fail("drawn games of %s: %s, counted %d of %d" % (kind, v, drawn[kind], n))
top = sorted(fans.items(), key=lambda x: (-x[1], x[0]))[:30]
for fid, k in top:
    v, lo, hi, n = csv["fan_per_win"][fid]
    if n != wins or abs(v - k / wins) > 1e-6:
        fail("fan %s per win: %s, counted %d of %d" % (fid, v, k, wins))
    v, lo, hi, n = csv["fan_per_game"][fid]
    if n != games or abs(v - fan_games[fid] / games) > 1e-6:
        fail("fan %s per game: %s, counted %d of %d" % (fid, v, fan_games[fid], games))
if sum(c[0] for c in csv["points_per_win"].values()) != wins:
    fail("the histogram does not hold every win")

# the picture
svg = ET.parse("run.svg").getroot()
if svg.tag != NS + "svg" or svg.get("width") != "800":
    fail("not an 800 px SVG")
groups = {g.get("id"): g for g in svg.iter(NS + "g")}
for gid in ("chart-points", "chart-kinds", "chart-fans"):
    if gid not in groups:
        fail("no %s" % gid)
bars = {gid: len([e for e in groups[gid].iter(NS + "rect")
                  if e.get("class") == "bar"])
        for gid in ("chart-points", "chart-kinds", "chart-fans")}
want = {"chart-points": len(csv["points_per_win"]),
        "chart-kinds": 4 * len(seats),
        "chart-fans": 2 * (len(top) + (len(fans) > 30))}
if bars != want:
    fail("bars %s, want %s" % (bars, want))
labels = " ".join(t.text or "" for t in svg.iter(NS + "text"))
for kind in seats:
    if kind not in labels:
        fail("no label for %s" % kind)
if top[0][0] not in labels or "Points per win" not in labels:
    fail("labels missing")

# not sim output: refused with its line
with open("bad.jsonl", "w") as f:
    f.write(open("part1.jsonl").readline() + '{"game":1}\n')
r = run("stats", "part1.jsonl", "--plot", "bad.svg")
r2 = subprocess.run([HULE, "stats", "bad.jsonl", "--plot", "bad.svg"],
                    capture_output=True, text=True)
if r2.returncode == 0 or "bad.jsonl:2" not in r2.stderr:
    fail("a bad line not refused: %s" % r2.stderr)
# a duplicate run: each kind's net per game minus the field's, wall by wall
r = run("sim", "--ruleset", "mcr", "--games", "200", "--seed", "9", "--duplicate",
        "--bots", "strong,efficiency,efficiency,efficiency", "--out", "dup.jsonl")
r = run("stats", "dup.jsonl", "--plot", "dup.svg", "--csv", "dup.csv")
if r.returncode != 0:
    fail("stats --plot of a duplicate run: " + r.stderr)
walls = collections.defaultdict(lambda: collections.defaultdict(list))
for line in open("dup.jsonl", encoding="utf-8"):
    o = json.loads(line)
    for b, p in zip(o["bots"], o["pay"]):
        walls[o["wall"]][b].append(p)
diffs = [sum(w["strong"]) / len(w["strong"]) - sum(w["efficiency"]) / len(w["efficiency"])
         for w in walls.values()]
rows = [l.rstrip("\n").split(",") for l in open("dup.csv", encoding="utf-8")]
got = [r for r in rows if r[0] == "duplicate_minus_efficiency"]
if len(got) != 1 or got[0][1] != "strong" or int(got[0][5]) != len(diffs) or \
        abs(float(got[0][2]) - sum(diffs) / len(diffs)) > 1e-6:
    fail("the duplicate difference: %s, counted %.6f over %d walls"
         % (got, sum(diffs) / len(diffs), len(diffs)))
dsvg = ET.parse("dup.svg").getroot()
dgroups = {g.get("id"): g for g in dsvg.iter(NS + "g")}
if "chart-duplicate" not in dgroups or len([e for e in dgroups["chart-duplicate"].iter(NS + "rect")
                                            if e.get("class") == "bar"]) != 1:
    fail("the duplicate chart has not one bar")
if "chart-duplicate" in groups:
    fail("a duplicate chart for a run that is not duplicate")

# the chart in docs/bots.md, made again by the commands written there
SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
r = run("sim", "--ruleset", "mcr", "--games", "2000", "--seed", "7", "--bots",
        "strong,efficiency,random,efficiency", "--out", "docrun.jsonl")
r = run("stats", "docrun.jsonl", "--plot", "docrun.svg")
if open("docrun.svg", "rb").read() != open(
        os.path.join(SRC, "docs", "images", "mcr-run.svg"), "rb").read():
    fail("docs/images/mcr-run.svg is not what the commands in docs/bots.md "
         "make (make it again with them)")
print("plot: %d games, %d wins, bars %s, the CSV agrees" % (games, wins, bars))
