#!/usr/bin/env python3
# The README's REPL transcripts are the program's real output. Every code
# block of README.md whose first line is a prompt ("hule> ...") is played,
# in order, in one REPL session over a pipe (in a scratch directory), and
# each command's output must be what the block shows after it. Whitespace
# runs compare as one space (the README may wrap a long line), and a line
# "..." stands for any output.
#
# A block right after the comment <!-- file NAME --> is written to NAME in
# the scratch directory when reached (a ruleset the transcript loads); a
# comment <!-- file NAME ... --> over several lines writes the lines
# between as NAME (an edit the transcript relies on, such as a mistake).
#
# usage: readme.py HULE FILE.md [--show] [--min N]   (N: at least N
# commands checked, 10 by default)
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from repldriver import Repl  # noqa: E402

HULE, README = os.path.abspath(sys.argv[1]), sys.argv[2]
SHOW = "--show" in sys.argv
MIN = int(sys.argv[sys.argv.index("--min") + 1]) if "--min" in sys.argv else 10
NAME = os.path.basename(README)
PROMPT = re.compile(r"^(?:hule(?: \([^)]*\))?|tutorial|quiz)> ?(.*)$")
def norm(lines):
    return " ".join(" ".join(l.split()) for l in lines if l.strip()).strip()


def matches(expected, actual):
    """expected lines (with "..." lines) against actual lines."""
    parts = []
    chunk = []
    for l in expected:
        if l.strip() == "...":
            parts.append(norm(chunk))
            chunk = []
        else:
            chunk.append(l)
    parts.append(norm(chunk))
    pattern = ".*?".join(re.escape(p) for p in parts)
    return re.fullmatch(pattern, norm(actual), re.S) is not None


def blocks(text):
    """(kind, lines, line number) of code blocks and file comments."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        l = lines[i]
        m = re.match(r"^<!-- file (\S+) -->$", l)
        if m:
            yield ("file-next", m.group(1), i + 1)
        m = re.match(r"^<!-- file (\S+)$", l)
        if m:
            j = i + 1
            while lines[j] != "-->":
                j += 1
            yield ("file", (m.group(1), lines[i + 1:j]), i + 1)
            i = j
        elif l.startswith("```"):
            j = i + 1
            while not lines[j].startswith("```"):
                j += 1
            yield ("code", lines[i + 1:j], i + 2)
            i = j
        i += 1


def main():
    text = open(README, encoding="utf-8").read()
    work = tempfile.mkdtemp(prefix="hule-readme-")
    repl = Repl(HULE, cwd=work)
    want_file = None
    checked = 0
    for kind, body, at in blocks(text):
        if kind == "file-next":
            want_file = body
            continue
        if kind == "file":
            name, content = body
            with open(os.path.join(work, name), "w") as f:
                f.write("\n".join(content) + "\n")
            continue
        if want_file is not None:
            with open(os.path.join(work, want_file), "w") as f:
                f.write("\n".join(body) + "\n")
            want_file = None
            continue
        if not body or not PROMPT.match(body[0]):
            continue
        k = 0
        while k < len(body):
            cmd = PROMPT.match(body[k]).group(1)
            j = k + 1
            while j < len(body) and not PROMPT.match(body[j]):
                j += 1
            expected = body[k + 1:j]
            actual = repl.ask(cmd)
            if SHOW:
                print("hule> " + cmd)
                print("\n".join(actual))
            elif not matches(expected, actual):
                print("%s:%d: '%s' prints:" % (NAME, at + k, cmd))
                print("\n".join(actual))
                print("--- %s shows:" % NAME)
                print("\n".join(expected))
                sys.exit(1)
            checked += 1
            k = j
    if not SHOW:
        if checked < MIN:
            sys.exit("%s: only %d commands checked" % (NAME, checked))
        print("%s: %d transcript commands match the program" % (NAME, checked))


main()
