#!/usr/bin/env python3
# Every Lua example of the README and the manual (docs/*.md) works as
# the page says: a ruleset loads, passes `check` (no problem) and plays
# hands in `hule sim`; a bot in Lua plays a sim; a scenario script runs.
# A block's file name is the one a <!-- file NAME --> comment before it
# gives, or the one its first comment names (-- rulesets/NAME.lua), else
# one made from the page and line.
#
# usage: examples.py HULE SRCDIR
import glob
import os
import re
import subprocess
import sys
import tempfile

HULE, SRC = os.path.abspath(sys.argv[1]), sys.argv[2]
work = tempfile.mkdtemp(prefix="hule-examples-")
failures = 0
checked = 0


def run(args, stdin=None):
    p = subprocess.run([HULE] + args, input=stdin, capture_output=True,
                       text=True, cwd=work, timeout=300)
    return p.returncode, p.stdout + p.stderr


def fail(where, what, out):
    global failures
    failures += 1
    print("FAIL: %s: %s" % (where, what))
    print("\n".join(out.splitlines()[-8:]))


def blocks(path):
    lines = open(path, encoding="utf-8").read().splitlines()
    named = None
    i = 0
    while i < len(lines):
        m = re.match(r"^<!-- file (\S+) -->$", lines[i])
        if m:
            named = m.group(1)
        if lines[i].startswith("```lua"):
            j = i + 1
            while not lines[j].startswith("```"):
                j += 1
            yield named, lines[i + 1:j], i + 1
            named = None
            i = j
        i += 1


def file_name(page, named, body, at):
    if named:
        return named
    m = re.match(r"^-- (?:\S*/)?([\w.-]+\.lua)\b", body[0]) if body else None
    if m:
        return m.group(1)
    return "%s-%d.lua" % (os.path.splitext(page)[0], at)


# The examples of docs/flow.md's hooks, each with the payment it makes:
# over 200 games of bots it must be made.
PAYS = {"xuezhan-ante.lua": "ante", "xuezhan-lucky.lua": "lucky",
        "mcr-dragons.lua": "dragon", "mcr-kongs.lua": "kong",
        "xuezhan-extra.lua": "extra", "changsha-huang.lua": "huang",
        "mcr-fortune.lua": "fortune"}

pages = [os.path.join(SRC, "README.md")] + sorted(
    glob.glob(os.path.join(SRC, "docs", "*.md")))
for path in pages:
    page = os.path.basename(path)
    for named, body, at in blocks(path):
        name = file_name(page, named, body, at)
        where = "%s:%d (%s)" % (page, at, name)
        with open(os.path.join(work, name), "w") as f:
            f.write("\n".join(body) + "\n")
        text = "\n".join(body)
        checked += 1
        if "mj.ruleset" in text or "mj.extend" in text:
            rc, out = run([], "load %s\ncheck %s 300\n" % (name, name))
            if rc != 0 or "loaded " not in out:
                fail(where, "does not load", out)
                continue
            if not re.search(r"\b0 problems\b", out):
                fail(where, "check finds problems", out)
                continue
            rc, out = run(["sim", "--ruleset", name, "--games", "8",
                           "--seed", "1"])
            if rc != 0 or "8 games" not in out:
                fail(where, "does not play hands", out)
                continue
            if name in PAYS:        # the hook's payment is made in play
                rc, out = run(["sim", "--ruleset", name, "--games", "200",
                               "--seed", "1"])
                if rc != 0 or not re.search(r"other payments.*\b%s \d" %
                                            re.escape(PAYS[name]), out):
                    fail(where, "its hook never pays '%s'" % PAYS[name], out)
                    continue
            print("ok   %s: loads, passes check, plays" % where)
        elif re.search(r"^return function\s*\(view, legal\)", text, re.M):
            rc, out = run(["sim", "--bots", "lua:" + name, "--games", "4"])
            if rc != 0:
                fail(where, "the bot does not play", out)
                continue
            print("ok   %s: the bot plays" % where)
        else:
            rc, out = run(["run", name])
            if rc != 0:
                fail(where, "the script does not run", out)
                continue
            print("ok   %s: runs" % where)
print("%d examples, %d failed" % (checked, failures))
if checked < 4:
    print("FAIL: fewer examples than the pages hold")
    sys.exit(1)
sys.exit(1 if failures else 0)
