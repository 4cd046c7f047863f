#!/usr/bin/env python3
# How wide the table's rows are on a terminal in each tile mode (glyph,
# both, text): hands of MCR played with the drawn tile thrown, every
# table row measured in terminal columns (East Asian Width: W and F take
# two, the mahjong glyphs but 🀄 one). Prints the widest row and how many
# rows pass 80 columns; fails if --tiles both is not the glyphs with
# their notation (each tile glyph then its notation) or if a row of any
# mode passes 80 columns (discards and flowers wrap under their label).
#
# usage: tile_widths.py HULE [SEEDS]
import os
import re
import subprocess
import sys
import unicodedata

HULE = sys.argv[1]
SEEDS = int(sys.argv[2]) if len(sys.argv) > 2 else 12
ANSI = re.compile(r"\033\[[0-9;]*m")


def width(s):
    s = ANSI.sub("", s)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def rows(mode, seed):
    script = "new seed=%d bots=efficiency\n" % seed
    script += "".join("table\nauto\n" if i == 40 else "" for i in range(41))
    out = subprocess.run([HULE, "--tiles", mode], input=script.encode(),
                         capture_output=True, env=dict(os.environ,
                                                       NO_COLOR="1")).stdout
    return [l for l in out.decode().splitlines()
            if re.match(r"^(You|Right|Across|Left) ", l) or
            l.startswith("               discards:") or
            re.match(r"^ {15}(?: {10}\S| {3}flowers:)", l)]


report = {}
for mode in ("glyph", "both", "text"):
    all_rows = []
    for seed in range(1, SEEDS + 1):
        all_rows += rows(mode, seed)
    ws = [width(l) for l in all_rows]
    report[mode] = (max(ws), sum(w > 80 for w in ws), len(ws))
    if mode == "both":
        you = [l for l in all_rows if l.startswith("You ")]
        if not you or not re.search("[\U0001F000-\U0001F02B][1-9][mpszf]",
                                    you[0]):
            sys.exit("FAIL: --tiles both shows no glyph with its notation: "
                     + (you[0] if you else "no row"))
for mode, (w, over, n) in report.items():
    print("%-5s widest row %3d columns; %d of %d rows past 80" %
          (mode, w, over, n))
for mode, (w, over, n) in report.items():
    if over > 0:
        sys.exit("FAIL: %s rows past 80 columns" % mode)
