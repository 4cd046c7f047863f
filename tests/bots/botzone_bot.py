#!/usr/bin/env python3
"""A small bot of Botzone's Chinese Standard Mahjong, for the tests of
hule's botzone: adapter. It keeps its hand from the requests alone (the
deal, its draws, its discards and whatever calls were made for it), so a
discard of a tile it does not hold (refused by hule, counted) shows the
requests do not follow the game; a request naming a tile not in the
notation ends it with status 3. It discards the tile with the fewest
neighbours and claims nothing.

mode (argv[1]): keep (the default: simple interaction, keeps running),
turn (simple interaction, one process a turn), json (JSON interaction,
one process a turn); garbage, illegal, late, die, fork: keep, and
misbehave from its 5th discard on.
"""
import json
import os
import re
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "keep"
TILE = re.compile(r"^(?:[WBT][1-9]|F[1-4]|J[1-3]|H[1-8])$")


def order(t):
    return "WBTFJH".index(t[0]) * 10 + int(t[1])


class Bot:
    def __init__(self):
        self.me, self.hand, self.last, self.plays = 0, [], None, 0
        self.drew = False

    def take(self, t, n=1):
        for _ in range(n):
            if t not in self.hand:
                sys.exit(4)
            self.hand.remove(t)

    def choose(self):
        def score(t):
            s = 3 * (self.hand.count(t) - 1)
            if t[0] in "WBT":
                for d in (-2, -1, 1, 2):
                    u = t[0] + str(int(t[1]) + d)
                    s += self.hand.count(u) * (2 if abs(d) == 1 else 1)
            return (s, -order(t))
        return min(self.hand, key=score)

    def request(self, line):
        w = line.split()
        for t in w:
            if t[0] in "WBTFJH" and len(t) == 2 and not TILE.match(t):
                sys.exit(3)
        if w[0] == "0":
            self.me = int(w[1])
            return "PASS"
        if w[0] == "1":
            self.hand = [t for t in w[5:18]]
            return "PASS"
        if w[0] == "2":
            self.hand.append(w[1])
            self.drew = True
            self.plays += 1
            return "PLAY " + self.choose()
        who, what = int(w[1]), w[2]
        mine = who == self.me
        if what == "PLAY":
            if mine:
                self.take(w[3])
            self.last = w[3]
        elif what == "PENG":
            if mine:
                self.take(self.last, 2)
                self.take(w[3])
            self.last = w[3]
        elif what == "CHI":
            if mine:
                mid = int(w[3][1])
                for r in (mid - 1, mid, mid + 1):
                    u = w[3][0] + str(r)
                    if u != self.last:
                        self.take(u)
                self.take(w[4])
            self.last = w[4]
        elif what == "GANG" and mine:
            if self.drew:                       # concealed, after a draw
                t = max(set(self.hand), key=self.hand.count)
                self.take(t, 4)
            else:
                self.take(self.last, 3)
        elif what == "BUGANG" and mine:
            self.take(w[3])
        self.drew = False
        return "PASS"


def misbehave(bot, answer):
    if MODE in ("keep", "turn", "json") or bot.plays < 5 or not answer.startswith("PLAY"):
        return answer
    if MODE == "garbage":
        return "PLAY PLAY PLAY"
    if MODE == "illegal":
        return "PLAY H9"
    if MODE == "late":
        time.sleep(0.3)
    if MODE == "die":
        sys.exit(0)
    if MODE == "fork" and bot.plays == 5 and os.fork() == 0:
        time.sleep(600)
        os._exit(0)
    return answer


def per_turn():
    bot = Bot()
    if MODE == "json":
        first = sys.stdin.readline()
        if not first.strip():
            return                              # ended before a turn
        o = json.loads(first)
        reqs = o["requests"]
    else:
        first = sys.stdin.readline()
        if not first.strip():
            return                              # ended before a turn
        n = int(first)
        reqs = []
        for i in range(2 * n - 1):
            line = sys.stdin.readline().rstrip("\n")
            if i % 2 == 0:
                reqs.append(line)
    for r in reqs[:-1]:
        bot.request(r)
    a = bot.request(reqs[-1])
    print(json.dumps({"response": a}) if MODE == "json" else a, flush=True)


def keep():
    """Simple interaction, kept running: the first input is the history
    so far (n turns), then each new request alone."""
    bot = Bot()
    first = sys.stdin.readline()
    if not first.strip():
        return                                  # ended before a turn
    n = int(first)
    lines = [sys.stdin.readline().rstrip("\n") for _ in range(2 * n - 1)]
    sys.stdin.readline()                        # the data line
    for r in lines[0:-1:2]:
        bot.request(r)
    line = lines[-1]
    while True:
        a = misbehave(bot, bot.request(line))
        print(a)
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
        line = ""
        while not line:
            line = sys.stdin.readline()
            if not line:
                return
            line = line.rstrip("\n")


if __name__ == "__main__":
    per_turn() if MODE in ("turn", "json") else keep()
