#!/usr/bin/env python3
"""A small riichi bot speaking mjai over stdin/stdout, for the tests of
hule's mjai: adapter. It keeps its hand from the events alone (the deal,
its draws, its discards, its calls), and so checks that the events
follow the game: a discard of a tile it does not hold is refused by hule
and counted. It never calls; it wins on its draw when its hand is
complete, declares riichi when ready and closed, and wins on a discard
only in riichi, not furiten (so every win has a yaku). It also checks
that it sees nothing hidden: another's draw or hand other than "?" ends
it with status 3.

mode (argv[1]): good (the default); garbage, illegal, late, die, fork:
misbehave from the 5th decision of its own on (tests/mjai.sh); record:
plays well and appends the type of every message it is sent to the file
argv[2].
"""
import json
import os
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"
HONORS = "ESWNPFC"


def kind(p):
    """mjai tile -> 0..33 (red fives as fives)."""
    if p in HONORS:
        return 27 + "ESWNPFC".index(p)
    return "mps".index(p[1]) * 9 + int(p[0]) - 1


def complete(counts, sets):
    """counts: 34 ints; can they make `sets` sets and a pair?"""
    def sets_only(c, need):
        if need == 0:
            return not any(c)
        i = next((k for k in range(34) if c[k]), None)
        if i is None:
            return False
        if c[i] >= 3:
            c[i] -= 3
            ok = sets_only(c, need - 1)
            c[i] += 3
            if ok:
                return True
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for d in range(3):
                c[i + d] -= 1
            ok = sets_only(c, need - 1)
            for d in range(3):
                c[i + d] += 1
            return ok
        return False
    for p in range(34):
        if counts[p] >= 2:
            counts[p] -= 2
            ok = sets_only(counts, sets)
            counts[p] += 2
            if ok:
                return True
    return sets == 4 and sum(1 for c in counts if c == 2) == 7


class Bot:
    def __init__(self):
        self.me = 0
        self.decisions = 0

    def counts(self, extra=None):
        c = [0] * 34
        for t in self.hand + ([extra] if extra else []):
            c[kind(t)] += 1
        return c

    def sets(self):
        return 4 - self.melds

    def waits(self, hand):
        c = [0] * 34
        for t in hand:
            c[kind(t)] += 1
        out = []
        for k in range(34):
            if c[k] < 4:
                c[k] += 1
                if complete(c, self.sets()):
                    out.append(k)
                c[k] -= 1
        return out

    def discard_choice(self):
        """A tile with the fewest neighbours in the hand."""
        c = self.counts()
        def score(t):
            k = kind(t)
            s = 3 * (c[k] - 1)
            if k < 27:
                for d in (-2, -1, 1, 2):
                    j = k + d
                    if 0 <= j < 27 and j // 9 == k // 9:
                        s += c[j] * (2 if abs(d) == 1 else 1)
            return (s, t.endswith("r"), -k)
        return min(self.hand, key=score)

    def on_own_draw(self, pai):
        self.hand.append(pai)
        self.draws += 1
        if complete(self.counts(), self.sets()):
            return {"type": "hora", "actor": self.me, "target": self.me, "pai": pai}
        if self.riichi:
            return {"type": "dahai", "actor": self.me, "pai": pai, "tsumogiri": True}
        if self.melds == 0 and self.score >= 1000 and self.wall_draws <= 60:
            for t in sorted(self.hand, key=lambda t: t != pai):
                rest = list(self.hand)
                rest.remove(t)
                if self.waits(rest):
                    self.reach_tile = t
                    return {"type": "reach", "actor": self.me}
        t = self.discard_choice()
        return {"type": "dahai", "actor": self.me, "pai": t, "tsumogiri": t == pai}

    def on(self, m):
        t = m["type"]
        actor = m.get("actor")
        if t == "start_game":
            self.me = m["id"]
        elif t == "start_kyoku":
            for q, tehai in enumerate(m["tehais"]):
                if q != self.me and any(x != "?" for x in tehai):
                    sys.exit(3)
            self.hand = list(m["tehais"][self.me])
            self.score = m["scores"][self.me]
            self.riichi = self.furiten = False
            self.melds = self.draws = self.wall_draws = 0
            self.discards = set()
        elif t == "tsumo":
            self.wall_draws += 1
            if actor != self.me:
                if m["pai"] != "?":
                    sys.exit(3)
                return None
            return self.on_own_draw(m["pai"])
        elif t == "reach" and actor == self.me:
            return {"type": "dahai", "actor": self.me, "pai": self.reach_tile,
                    "tsumogiri": False}
        elif t == "dahai":
            if actor == self.me:
                if m["pai"] not in self.hand:
                    sys.exit(4)
                self.hand.remove(m["pai"])
                self.discards.add(kind(m["pai"]))
                return None
            waits = self.waits(self.hand) if self.riichi else []
            if kind(m["pai"]) in waits:
                if not self.furiten and not self.discards & set(waits):
                    return {"type": "hora", "actor": self.me, "target": actor,
                            "pai": m["pai"]}
                self.furiten = True
        elif t == "reach_accepted" and actor == self.me:
            self.riichi = True
            self.score -= 1000
        elif t in ("chi", "pon", "daiminkan", "ankan", "kakan") and actor == self.me:
            # the fallback called for it: the tiles leave the hand
            for x in [m["pai"]] if t == "kakan" else m["consumed"]:
                self.hand.remove(x)
            self.melds += t != "kakan"
        return None

    def answer(self, m):
        a = self.on(m)
        if a is None:
            return {"type": "none"}
        self.decisions += 1
        if MODE not in ("good", "record") and self.decisions >= 5:
            if MODE == "garbage":
                return "this is not json {"
            if MODE == "illegal":
                return {"type": "dahai", "actor": self.me, "pai": "9z"}
            if MODE == "late":
                time.sleep(0.3)
            if MODE == "die":
                sys.exit(0)
            if MODE == "fork" and self.decisions == 5:
                if os.fork() == 0:       # a child that would outlive the
                    time.sleep(600)      # game unless its group is ended
                    os._exit(0)
        return a


def main():
    bot = Bot()
    record = open(sys.argv[2], "a") if MODE == "record" else None
    for line in sys.stdin:
        if not line.strip():
            continue
        m = json.loads(line)
        if record:
            record.write(m["type"] + "\n")
            record.flush()
        a = bot.answer(m)
        sys.stdout.write((a if isinstance(a, str) else json.dumps(a)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
