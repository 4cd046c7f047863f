#!/usr/bin/env python3
"""The reference bot program of hule's protocol 1 (README: "Bots as
programs"): one JSON line a decision on stdin, one JSON line on stdout.
It wins when it can, passes claims, declares its missing suit as the one
it holds least, and throws the loneliest tile: an honor held once, then a
suit tile with no neighbour, then the last discard offered."""
import json
import re
import sys


def tiles(hand):
    """The concealed tiles of a hand text ("123m55z[555p]") as "5m"..."""
    out = []
    for digits, suit in re.findall(r"(\d+)([mpsz])", re.sub(r"[\[{].*?[\]}]", "", hand)):
        out += [d + suit for d in digits]
    return out


def loneliness(tile, held):
    rank, suit = int(tile[0]), tile[1]
    if suit == "z":
        return 10 if held.count(tile) == 1 else 0
    near = sum(1 for t in held if t[1] == suit and t != tile
               and abs(int(t[0]) - rank) <= 2)
    return 5 - near + (1 if rank in (1, 9) else 0)


def choose(view, legal):
    if "hu" in legal:
        return "hu"
    if view["phase"] == "que":
        held = tiles(view["hand"])
        return "que " + min("mps", key=lambda s: sum(t[1] == s for t in held))
    if view["phase"] != "turn":
        return "pass" if "pass" in legal else legal[0]
    held = tiles(view["hand"])
    discards = [a for a in legal if a.startswith("d ")]
    if not discards:
        return legal[0]
    return max(discards, key=lambda a: loneliness(a[2:], held))


for line in sys.stdin:
    req = json.loads(line)
    if req.get("hule_bot") != 1:
        sys.exit("ref_bot: protocol %s, not 1" % req.get("hule_bot"))
    print(json.dumps({"id": req["id"], "action": choose(req["view"], req["legal"])}),
          flush=True)
