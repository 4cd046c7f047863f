#!/usr/bin/env python3
"""The rooms of core/ and repl/ keep their order (docs/design.md, "The
map"): a file includes only headers of its own room or of the rooms
before it, and, given the build tree, an object file takes no function
or variable from a room after its own (nm reads what each defines and
needs). The order is the one the build lists (HULE_CORE_ROOMS,
HULE_REPL_ROOMS). core/ includes nothing of lua/ or repl/; each room
opens with a README.md.

Usage: rooms.py SRCDIR [BUILDDIR]"""
import os
import re
import shutil
import subprocess
import sys

src = sys.argv[1]
build = sys.argv[2] if len(sys.argv) > 2 else None
fails = []


def rooms_of(part):
    text = open(os.path.join(src, part, "CMakeLists.txt")).read()
    m = re.search(r"set\(HULE_%s_ROOMS ([a-z ]+)\)" % part.upper(), text)
    if not m:
        sys.exit("FAIL: %s/CMakeLists.txt lists no rooms" % part)
    return m.group(1).split()


def sources(part, rooms):
    """{file name: room} over the part's rooms; a name in two rooms fails
    (an include by bare name would be ambiguous)."""
    where = {}
    for room in rooms:
        for f in sorted(os.listdir(os.path.join(src, part, room))):
            if f.endswith((".c", ".h")):
                if f in where:
                    fails.append("%s/%s/%s and %s/%s/%s share a name"
                                 % (part, where[f], f, part, room, f))
                where[f] = room
    for room in rooms:
        if not os.path.isfile(os.path.join(src, part, room, "README.md")):
            fails.append("%s/%s/ has no README.md (what it holds, what it "
                         "may use)" % (part, room))
    loose = [f for f in os.listdir(os.path.join(src, part))
             if f.endswith((".c", ".h")) and part == "core"]
    for f in loose:
        fails.append("core/%s stands in no room" % f)
    return where


def check_includes(part, rooms, where, others):
    rank = {r: i for i, r in enumerate(rooms)}
    n = 0
    for f, room in sorted(where.items()):
        text = open(os.path.join(src, part, room, f), encoding="utf-8").read()
        for inc in re.findall(r'^#include "([^"]+)"', text, re.M):
            n += 1
            if inc in where and rank[where[inc]] > rank[room]:
                fails.append("%s/%s/%s includes %s of %s/, a room above "
                             "its own" % (part, room, f, inc, where[inc]))
            if inc in others and inc not in where:
                fails.append("%s/%s/%s includes %s of a layer above core/"
                             % (part, room, f, inc))
    return n


def check_symbols(part, rooms, libs):
    """Objects under BUILD/part/CMakeFiles/LIB.dir/ROOM/: what each needs
    that another room defines, by nm."""
    rank = {r: i for i, r in enumerate(rooms)}
    defs, needs = {}, {}
    for lib in libs:
        base = os.path.join(build, part, "CMakeFiles", lib + ".dir")
        for room in rooms:
            d = os.path.join(base, room)
            if not os.path.isdir(d):
                continue
            for o in sorted(os.listdir(d)):
                if not o.endswith(".o"):
                    continue
                out = subprocess.run(["nm", os.path.join(d, o)],
                                     capture_output=True, text=True).stdout
                key = (room, o[:-2])
                needs[key] = set()
                for line in out.splitlines():
                    p = line.split()
                    if len(p) == 3 and p[1] in "TDBRC":
                        defs[p[2]] = key
                    elif len(p) == 2 and p[0] == "U":
                        needs[key].add(p[1])
    for key, syms in sorted(needs.items()):
        for s in sorted(syms):
            if s in defs and rank[defs[s][0]] > rank[key[0]]:
                fails.append("%s/%s/%s takes %s from %s/%s/%s, a room above "
                             "its own" % (part, key[0], key[1], s, part,
                                          defs[s][0], defs[s][1]))
    return len(needs)


def size(part, room):
    d = os.path.join(src, part, room)
    files = [f for f in os.listdir(d) if f.endswith((".c", ".h"))]
    lines = sum(sum(1 for _ in open(os.path.join(d, f), encoding="utf-8"))
                for f in files)
    return len(files), lines


upper = set()
for part in ("lua", "repl"):
    for dirpath, _, files in os.walk(os.path.join(src, part)):
        upper.update(f for f in files if f.endswith(".h"))
nm = build is not None and shutil.which("nm") is not None
for part, libs in (("core", ("hule_core", "hule_log")), ("repl", ("hule_repl",))):
    rooms = rooms_of(part)
    where = sources(part, rooms)
    n = check_includes(part, rooms, where, upper if part == "core" else set())
    line = "%s: %s" % (part, ", ".join(
        "%s/ %d files %d lines" % ((r,) + size(part, r)) for r in rooms))
    print(line)
    print("  %d includes read" % n, end="")
    if nm:
        print(", %d objects' symbols read" % check_symbols(part, rooms, libs))
    else:
        print(" (symbols not read: %s)"
              % ("no build tree given" if build is None else "no nm"))
for f in fails:
    print("FAIL:", f)
if not fails:
    print("ok   every room takes only from itself and the rooms before it")
sys.exit(1 if fails else 0)
