#!/usr/bin/env python3
# hule view: the page of a saved game, checked as data and in a real
# browser (Debian's headless Chromium, driven by tests/browser.js).
#  - The data inlined in the page follows the log: at the deal each seat
#    holds the tiles the log dealt it; at the hand's end each river is
#    the seat's discards in the log's order; each win's explanation is
#    the REPL's (the fans named, the total).
#  - Hidden information: a page made for one seat holds none of the
#    others' concealed tiles before the hand's end (not in the data, so
#    not in the DOM); an unfinished hand's page shows the saver's tiles
#    only, whatever seat is asked; a concealed kong of another is face
#    down; another's draw is "draws a tile".
#  - In Chromium: key presses and buttons step moves and hands, the DOM
#    shows the tiles of the data in the right rows, the explanation at a
#    win, no face of a hidden tile; a screenshot is not blank. The chart
#    of hule stats --plot renders too, its bars in the DOM.
#  - Refusals: a broken log, a seat that is no seat, an output that is a
#    directory; nothing is written then.
#  - Hostile text: a player named "<!--<script>" stays data (every "<"
#    of the data is \u003c) and the page still steps in Chromium.
#  - Size: a whole riichi match (13 hands) in under 400 KB.
# Without Chromium the browser's part is skipped, saying so (exit 77).
#
# usage: view.py HULE SRCDIR WORKDIR
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zlib

HULE, SRC, WORK = sys.argv[1:4]
shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
os.chdir(WORK)
BROWSER = os.path.join(SRC, "tests", "browser.js")
checks = 0
browser_missing = None


def fail(why):
    sys.exit("FAIL: " + why)


def check(cond, why):
    global checks
    checks += 1
    if not cond:
        fail(why)


def repl(lines):
    r = subprocess.run([HULE], input="".join(l + "\n" for l in lines),
                       capture_output=True, text=True, timeout=300)
    return r.stdout + r.stderr


def run(*args):
    return subprocess.run([HULE] + list(args), capture_output=True, text=True,
                          timeout=300)


def page_data(path):
    html = open(path, encoding="utf-8").read()
    m = re.search(r'<script id="data" type="application/json">(.*?)</script>',
                  html, re.S)
    check(m is not None, path + ": no data in the page")
    check("http://" not in html.replace("http://www.w3.org/2000/svg", "")
          and "https://" not in html, path + ": the page names the network")
    return json.loads(m.group(1)), html


def log_hands(path):
    """Each hand of a log as its lines (a match: one hand after another)."""
    hands = []
    for line in open(path, encoding="utf-8"):
        o = json.loads(line)
        if "hule" in o:
            hands.append([])
        hands[-1].append(o)
    return hands


def tiles_of(text):
    """'11599m0p' -> ['1m','1m','5m','9m','9m','0p']"""
    out, digits = [], ""
    for c in text:
        if c.isdigit():
            digits += c
        elif c in "mpszf":
            out += [d + c for d in digits]
            digits = ""
    return out


def states(hand):
    """The table after each step, as the page's script builds it."""
    seats, head, out = [{}, {}, {}, {}], "", []
    for st in hand["steps"]:
        head = st.get("t", head)
        for q, o in st["s"]:
            seats[q] = o
        out.append(([dict(s) for s in seats], head))
    return out


def plain(t):
    return "5" + t[1] if t[0] == "0" else t


# {=== the logs ===}

def win_log():
    for seed in range(1, 40):
        out = repl(["new mcr seed=%d" % seed, "auto", "save w.jsonl"])
        if '"ev":"win"' in open("w.jsonl").read():
            return "w.jsonl"
    fail("no MCR hand of seeds 1..39 ended in a win")


def match_log():
    lines = ["new riichi seed=12"] + ["auto", "next"] * 16 + ["save m.jsonl"]
    out = repl(lines)
    check("the match is over" in out, "the riichi match did not end: " + out[-300:])
    return "m.jsonl"


def unfinished_log():
    """A riichi hand saved after a few of your discards (each the tile
    you drew, or the first you may discard)."""
    moves = []
    for _ in range(4):
        out = repl(["new riichi seed=4"] + moves + ["save u.jsonl"])
        m = re.findall(r"you drew (\w\w)", out)
        check(m, "no draw of yours: " + out[-300:])
        moves.append("d " + m[-1])
    out = repl(["new riichi seed=4"] + moves + ["save u.jsonl"])
    check("saved to u.jsonl" in out and '"end"' not in open("u.jsonl").read(),
          "an unfinished hand was not saved: " + out[-300:])
    return "u.jsonl"


# {=== the data ===}

def check_follows_log(data, log, name):
    hands = log_hands(log)
    check(len(data["hands"]) == len(hands), name + ": hands %d, log %d"
          % (len(data["hands"]), len(hands)))
    for k, (hand, lines) in enumerate(zip(data["hands"], hands)):
        st = states(hand)
        first_act = next(i for i, o in enumerate(lines) if "act" in o or "end" in o)
        got = {q: [] for q in range(4)}
        for o in lines[:first_act]:   # the deal and its flowers' replacements
            if o.get("ev") in ("deal", "draw"):
                got[o["p"]] += tiles_of(o.get("tiles", o.get("tile")))
        seats0 = st[0][0]
        for q in range(4):
            s = seats0[q]
            if "h" not in s:
                check(s["n"] + ("x" in s) == len(got[q]), "%s hand %d seat %d: "
                      "%d tiles hidden, dealt %d" % (name, k + 1, q, s["n"], len(got[q])))
                continue
            held = re.findall("..", s["h"] + s.get("x", ""))
            check(sorted(map(plain, held)) == sorted(map(plain, got[q])),
                  "%s hand %d seat %d: dealt %s, the page %s"
                  % (name, k + 1, q, sorted(got[q]), held))
        if not hand["end"]:
            continue
        last = st[-1][0]
        for q in range(4):
            disc = [plain(o["tile"]) for o in lines
                    if o.get("ev") == "discard" and o["p"] == q]
            river = [plain(x[:2]) for x in re.findall("...", last[q]["d"])]
            check(river == disc, "%s hand %d seat %d: river %s, log %s"
                  % (name, k + 1, q, river, disc))
        wins = [o for o in lines if o.get("ev") == "win"]
        for w in wins:
            check(hand["winds"][w["p"]] + " won." in hand["end"],
                  "%s hand %d: the end names no winner %s" % (name, k + 1, w))
        said = re.findall(r"^(\w+) won\.$", hand["end"], re.M)
        check(len(said) == len(wins) and "scores:" in hand["end"],
              "%s hand %d: the end text: %s" % (name, k + 1, hand["end"][:200]))
        check(any(s.get("win") for s in hand["steps"]) == bool(wins),
              "%s hand %d: the win's step is not marked" % (name, k + 1))


def check_hidden(data, name, seat_of):
    """No tile another seat holds face down appears before the end."""
    for k, hand in enumerate(data["hands"]):
        view = hand["view"]
        check(view == seat_of(k), "%s hand %d: seen from %d, not %d"
              % (name, k + 1, view, seat_of(k)))
        st = states(hand)
        upto = len(st) - 1 if hand["end"] else len(st)
        for i in range(upto):
            for q, s in enumerate(st[i][0]):
                if q == view:
                    check("h" in s, "%s: the seat's own tiles hidden" % name)
                    continue
                check("h" not in s and s.get("x", "??") == "??" and "n" in s,
                      "%s hand %d step %d: seat %d's tiles shown: %s"
                      % (name, k + 1, i, q, s))
                for m in s.get("m", []):
                    check(m[0] != "K", "%s: another's concealed kong face up" % name)
        for i, step in enumerate(hand["steps"][:upto]):
            for e in step["e"]:
                m = re.match(r"(\w+) draws (.*)", e)
                if m and m.group(1) != hand["winds"][view]:
                    check(m.group(2) == "a tile", "%s hand %d step %d: '%s'"
                          % (name, k + 1, i, e))
            a = step.get("a", "")
            check(not re.match(r"(\w+): pass", a) or
                  a.startswith(hand["winds"][view]),
                  "%s: another's pass said: %s" % (name, a))


# {=== the browser ===}

def browse(page, *steps, shot="shot.png"):
    global browser_missing
    if browser_missing:
        return None
    if shutil.which("node") is None:
        browser_missing = "Node.js is not installed (apt-get install nodejs)"
        return None
    r = subprocess.run(["node", BROWSER,
                        "file://" + os.path.abspath(page), shot] + list(steps),
                       capture_output=True, text=True, timeout=120)
    if r.returncode == 77:
        browser_missing = (r.stdout + r.stderr).strip()
        return None
    check(r.returncode == 0, "browser.js %s: %s" % (page, r.stderr[-600:]))
    return [json.loads(l) for l in r.stdout.splitlines()]


def pixels(png):
    """The pixels of an 8-bit RGB or RGBA PNG, as (width, height, rows)."""
    data = open(png, "rb").read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", png + ": not a PNG")
    pos, idat = 8, b""
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h = int.from_bytes(body[:4], "big"), int.from_bytes(body[4:8], "big")
            depth, ctype = body[8], body[9]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    check(depth == 8 and ctype in (2, 6), png + ": not 8-bit RGB(A)")
    bpp = 3 if ctype == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, rows, bpp


def not_blank(png):
    """More than a background: many colours, a good share of the pixels
    not the commonest one."""
    w, h, rows, bpp = pixels(png)
    seen = {}
    for row in rows[::4]:
        for x in range(0, len(row), 4 * bpp):
            px = row[x:x + 3]
            seen[px] = seen.get(px, 0) + 1
    total = sum(seen.values())
    ink = 1 - max(seen.values()) / total
    check(w >= 600 and h >= 400 and len(seen) > 20 and ink > 0.03,
          "%s looks blank (%dx%d, %d colours, %.3f not background)"
          % (png, w, h, len(seen), ink))


def seat_rows(summary):
    return {s["id"]: s for s in summary["seats"]}


def check_in_browser(page, data, name):
    hand = data["hands"][0]
    st = states(hand)
    out = browse(page, "key:ArrowRight", "key:ArrowRight", "key:ArrowRight",
                 "key:ArrowLeft", "key:End", "key:Home", "click:next",
                 shot=name + ".png")
    if out is None:
        return
    check([o["step"] for o in out] == [0, 1, 2, 3, 2, len(st) - 1, 0, 1],
          "%s: steps after the keys %s" % (name, [o["step"] for o in out]))
    for o in out:
        seats, _ = st[o["step"]]
        rows = seat_rows(o)
        for q in range(4):
            row, s = rows["seat-%d" % q], seats[q]
            want = re.findall("..", s["h"]) if "h" in s else ["back"] * s["n"]
            check(row["hand"] == want, "%s step %d seat %d: DOM %s, data %s"
                  % (name, o["step"], q, row["hand"], want))
            check(row["wind"] == hand["winds"][q], name + ": a row's wind")
            river = [x[:2] + ("*" if x[2] in "cR" else "") for x in re.findall("...", s["d"])]
            check(row["river"] == river, "%s step %d seat %d: river %s, data %s"
                  % (name, o["step"], q, row["river"], river))
            if hand["view"] >= 0 and q != hand["view"] and o["step"] < len(st) - 1:
                check(set(row["hand"]) <= {"back"}, name + ": a hidden face in the DOM")
    end = out[5]
    check(end["explain"] == hand["end"] and end["explain"],
          "%s: the end's explanation not shown" % name)
    check(out[4]["explain"] is None, name + ": an explanation before the end")
    not_blank(name + ".png")


# {=== the run ===}

w = win_log()
r = run("view", w, "--out", "w.html")
check(r.returncode == 0 and "wrote w.html: 1 hand" in r.stdout, "view: " + r.stdout + r.stderr)
data, html = page_data("w.html")
check_follows_log(data, w, "mcr win")
check(re.search(r"\d+ fan", data["hands"][0]["end"]) is not None,
      "mcr win: no fans in the end: " + data["hands"][0]["end"][:300])
check_in_browser("w.html", data, "mcr")
# the same hand from East's and from South's seat
for seat, q in (("E", 0), ("S", 1)):
    r = run("view", w, "--seat", seat, "--out", "w-%s.html" % seat)
    check(r.returncode == 0, "view --seat %s: %s" % (seat, r.stderr))
    d, _ = page_data("w-%s.html" % seat)
    dealer = log_hands(w)[0][0]["dealer"]
    check_hidden(d, "mcr seat " + seat, lambda k: (q + dealer) % 4)
    check_follows_log(d, w, "mcr seat " + seat)
    if seat == "S":
        check_in_browser("w-S.html", d, "mcr-south")

# a hostile player's name: inlined as data, never markup ("<!--<script>"
# once left the data script open and the page dead)
hostile = "<!--<script></script>"
open("h.jsonl", "w").write(open(w).read().replace('"you"', json.dumps(hostile), 1))
r = run("view", "h.jsonl", "--out", "h.html")
check(r.returncode == 0, "view of a hostile name: " + r.stderr)
hd, hhtml = page_data("h.html")
check(hd["hands"][0]["players"][0] == hostile, "the hostile name not kept as data")
raw = re.search(r'<script id="data" type="application/json">(.*?)</script>', hhtml, re.S).group(1)
check("<" not in raw, "a '<' of the data written as markup")
check_in_browser("h.html", hd, "hostile-name")

m = match_log()
t0 = time.time()
r = run("view", m)
secs = time.time() - t0
nh = len(log_hands(m))
check(r.returncode == 0 and nh >= 8 and "wrote m.html: %d hands" % nh in r.stdout,
      "view match: %d hands in the log; " % nh + r.stdout + r.stderr)
size = os.path.getsize("m.html")
check(size < 400_000, "a %d-hand match's page is %d bytes" % (nh, size))
print("a riichi match of %d hands: %d bytes, written in %.3f s" % (nh, size, secs))
md, _ = page_data("m.html")
check_follows_log(md, m, "riichi match")
r = run("view", m, "--seat", "W", "--out", "m-w.html")
check(r.returncode == 0, "view match --seat W: " + r.stderr)
mw, _ = page_data("m-w.html")
check_hidden(mw, "riichi match seat W", lambda k: 2)
out = browse("m.html", "key:w", "key:w", "key:ArrowDown", "key:PageUp",
             "click:next-hand", "click:end", shot="match.png")
if out is not None:
    wins = [(h, s) for h, hd in enumerate(md["hands"])
            for s, st in enumerate(hd["steps"]) if st.get("win")]
    check([(o["hand"], o["step"]) for o in out[1:3]] == wins[:2],
          "next win went to %s, not %s" % ([(o["hand"], o["step"]) for o in out[1:3]], wins[:2]))
    check(out[3]["step"] == 0 and out[3]["hand"] == wins[1][0] + 1, "ArrowDown: the next hand")
    check(out[4]["hand"] == wins[1][0] and out[4]["step"] == 0, "PageUp: the hand before")
    check(out[6]["step"] == len(md["hands"][out[6]["hand"]]["steps"]) - 1 and
          out[6]["explain"], "the end button: the hand's end explained")
    not_blank("match.png")

u = unfinished_log()
for args in ((), ("--seat", "all"), ("--seat", "S")):
    r = run("view", u, "--out", "u.html", *args)
    check(r.returncode == 0, "view unfinished: " + r.stderr)
    ud, uhtml = page_data("u.html")
    you = [q for q, n in enumerate(log_hands(u)[0][0]["players"]) if n == "you"][0]
    want = you if args[-1:] != ("S",) else (1 + log_hands(u)[0][0]["dealer"]) % 4
    check_hidden(ud, "unfinished " + " ".join(args), lambda k: want)
    check(ud["hands"][0]["end"] == "", "an unfinished hand has an end")

# an imported real game, when ../shared is beside the project
shared = os.path.join(SRC, "..", "shared", "logs", "tenhou6")
samples = sorted(f for f in os.listdir(shared) if f.endswith(".json")) if os.path.isdir(shared) else []
imported = 0
for f in samples:
    r = run("import", os.path.join(shared, f), "--out", "t.jsonl")
    if r.returncode != 0:
        continue        # the two inconsistent samples, refused by import
    r = run("view", "t.jsonl", "--out", "t.html")
    check(r.returncode == 0, "view of the imported %s: %s" % (f, r.stderr))
    td, _ = page_data("t.html")
    check_follows_log(td, "t.jsonl", f)
    imported += 1
if not samples:
    print("skipped: ../shared is absent, no imported Tenhou game viewed")

# refusals: nothing written
open("bad.jsonl", "w").write(open(w).read().replace('"ev":"discard"', '"ev":"dizcard"', 1))
for args, words in ((("bad.jsonl", "--out", "x.html"), "line"),
                    ((w, "--seat", "Q", "--out", "x.html"), "seat=E, S, W, N"),
                    ((w, "--out", WORK), "it is a directory"),
                    (("nothere.jsonl", "--out", "x.html"), "nothere.jsonl")):
    r = run("view", *args)
    check(r.returncode != 0 and words in r.stderr and not os.path.exists("x.html"),
          "view %s: %d %s" % (args, r.returncode, r.stderr))

# the chart of a run, rendered by the browser
for shard in ("1/2", "2/2"):
    r = run("sim", "--ruleset", "mcr", "--games", "60", "--seed", "3", "--shard", shard,
            "--out", "p%s.jsonl" % shard[0])
    check(r.returncode == 0, "sim: " + r.stderr)
r = run("stats", "p1.jsonl", "p2.jsonl", "--plot", "run.svg")
check(r.returncode == 0, "stats --plot: " + r.stderr)
out = browse("run.svg", shot="chart.png")
if out is not None:
    svg = open("run.svg", encoding="utf-8").read()
    check(out[0]["bars"] == svg.count("<rect"), "the chart's bars in the DOM: %d of %d"
          % (out[0]["bars"], svg.count("<rect")))
    check(any("points per win" in t.lower() for t in out[0]["texts"]), "the chart's title")
    not_blank("chart.png")

print("ok   %d checks of hule view (%d imported games)" % (checks, imported))
if browser_missing:
    print("skipped: the browser's part: " + browser_missing)
    sys.exit(77)
