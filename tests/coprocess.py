#!/usr/bin/env python3
# hule score/waits/shanten --batch as a coprocess: a program writes one
# line, waits for its answer, then writes the next, never closing stdin.
# Each answer must come at once (answers are flushed when no more input
# is waiting), in order, and equal to the answer of a whole-file run.
#
# usage: coprocess.py HULE VECTORS.tsv
import os
import select
import subprocess
import sys

HULE, VECTORS = sys.argv[1], sys.argv[2]
lines = [l.rstrip("\n") for l in open(VECTORS, encoding="utf-8")][:300]


def answer_line(p, buf, timeout=5):
    while b"\n" not in buf[0]:
        r, _, _ = select.select([p.stdout], [], [], timeout)
        if not r:
            raise SystemExit("no answer within %ds: the answer was not "
                             "flushed" % timeout)
        chunk = os.read(p.stdout.fileno(), 65536)
        if not chunk:
            raise SystemExit("hule ended early")
        buf[0] += chunk
    line, _, buf[0] = buf[0].partition(b"\n")
    return line.decode()


def run(cmd, inputs):
    whole = subprocess.run([HULE] + cmd, input="\n".join(inputs) + "\n",
                           capture_output=True, text=True).stdout.splitlines()
    p = subprocess.Popen([HULE] + cmd, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE)
    buf = [b""]
    for i, l in enumerate(inputs):
        p.stdin.write((l + "\n").encode())
        p.stdin.flush()
        got = answer_line(p, buf)
        if got != whole[i]:
            raise SystemExit("%s line %d: %r, the whole-file run says %r"
                             % (" ".join(cmd), i + 1, got, whole[i]))
    p.stdin.close()
    p.wait(timeout=10)
    return len(inputs)


n = run(["score", "--ruleset", "mcr", "--batch"], lines)
hands = [l.split("\t")[0] for l in lines]
n += run(["shanten", "--batch"], hands[:100])
n += run(["waits", "--batch"], ["123m456p789s1122z", "1112345678999m",
                                 "19m19p19s1234567z", "1m"] * 10)
print("coprocess: %d answers, each at once" % n)
