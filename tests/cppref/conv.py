#!/usr/bin/env python3
"""hule's MCR lines (NOTATION.md) as the C++ reference scorer's input, one
line a hand: its tile string (the winning tile last), then the win flags,
the prevailing wind, the seat wind and the flowers, tab-separated. For
the benchmark only (README.md here); lines without a winning tile are
left out."""
import re
import sys
HON = "ESWNCFP"
def tiles(text):
    out = []; digits = ""
    for ch in text:
        if ch.isdigit(): digits += ch
        elif ch in "mpsz":
            out += [(int(d), ch) for d in digits]; digits = ""
        elif ch in HON: out.append((HON.index(ch) + 1, "z"))
        else: raise ValueError(text)
    return out
def name(t):
    r, s = t
    return HON[r - 1] if s == "z" else f"{r}{s}"
def group(ts):
    # same suit digits merged
    if all(s == "z" for _, s in ts): return "".join(HON[r - 1] for r, _ in ts)
    return "".join(str(r) for r, _ in ts) + ts[0][1]
for line in sys.stdin:
    f = line.rstrip("\n").split("\t")
    hand, ctx = f[0], (f[1] if len(f) > 1 else "")
    toks = ctx.split()
    win = None; flags = 0; seat = "E"; rnd = "E"; flowers = 0
    m = re.search(r"\+(\S+)$", hand)
    if m: win = tiles(m.group(1))[0]; hand = hand[:m.start()] + m.group(1)
    for t in toks:
        if t.startswith("win="): win = tiles(t[4:])[0]
        elif t == "self": flags |= 1
        elif t == "last": flags |= 2
        elif t in ("kong", "rob"): flags |= 4
        elif t == "wall-last": flags |= 8
        elif t.startswith("seat="): seat = t[5:]
        elif t.startswith("round="): rnd = t[6:]
        elif t.startswith("flowers="): flowers = int(t[8:])
    packs = []; conc = ""
    for mm in re.finditer(r"\[([^\]]*)\]|\{([^}]*)\}|([^\[\{]+)", hand):
        if mm.group(1) is not None:
            ts = tiles(mm.group(1)); g = group(ts)
            packs.append("[" + g + ("1" if len(ts) == 4 else "") + "]")
        elif mm.group(2) is not None:
            packs.append("[" + group(tiles(mm.group(2))) + "]")
        else: conc += mm.group(3)
    ct = tiles(conc)
    if win is None or win not in ct: continue
    ct.remove(win)
    s = "".join(packs) + "".join(name(t) for t in ct) + name(win)
    print(f"{s}\t{flags}\t{'ESWN'.index(rnd)}\t{'ESWN'.index(seat)}\t{flowers}")
