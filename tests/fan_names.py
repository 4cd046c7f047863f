#!/usr/bin/env python3
# The fans are found by the names people use: every line of
# tests/data/fan_names.tsv (ruleset, name, the fan it must find) looked up
# with `fan NAME` at the REPL, whose page starts with the fan's name.
#
# usage: fan_names.py HULE NAMES.tsv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from repldriver import Repl  # noqa: E402

HULE, TSV = sys.argv[1], sys.argv[2]
rows = [l.rstrip("\n").split("\t") for l in open(TSV, encoding="utf-8")
        if l.strip() and not l.startswith("#")]
repl = Repl(HULE)
ruleset, bad = None, 0
for r, name, want in rows:
    if r != ruleset:
        repl.ask("use " + r)
        ruleset = r
    out = repl.ask("fan " + name)
    first = out[0] if out else ""
    if not first.startswith(want + " ") and first != want:
        print("FAIL: %s: fan %s finds %r, not %s" % (r, name, first, want))
        bad += 1
repl.close()
if len(rows) < 100:
    sys.exit("FAIL: only %d names" % len(rows))
print("%d names, %d not found as they should be" % (len(rows), bad))
sys.exit(1 if bad else 0)
