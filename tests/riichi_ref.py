#!/usr/bin/env python3
"""A pure-Python scorer of riichi hands (RULES-riichi.md, the default
options), written here as the reference the bench times hule against:
the straightforward way (every reading tried, each yaku a test on it).
It reads what `hule score --ruleset riichi --batch` reads, one hand and
its context a line, and answers the same way: the points, the yaku
(ドラxN, 赤ドラxN, 裏ドラxN), the han and fu; or ERROR and the reason.
Its error messages are short: only ERROR itself is compared.

Usage: riichi_ref.py < HANDS   (a line: HAND CONTEXT, or HAND<TAB>CONTEXT
       and other columns, ignored)
       riichi_ref.py --check VECTORS...   (riichi.tsv's columns: every line
       must agree, the points and the yaku as a multiset, or ERROR)
"""
import sys

WINDS = "ESWN"
# tiles 0..33: 1-9m, 1-9p, 1-9s, 1z..7z (E S W N, 5z 中, 6z 發, 7z 白)
HONOR = 27
WHITE, GREEN, RED = 33, 32, 31
GREENS = {19, 20, 21, 23, 25, GREEN}          # 2 3 4 6 8s, 發
TERMINAL_OR_HONOR = {0, 8, 9, 17, 18, 26} | set(range(27, 34))


class Bad(Exception):
    pass


def tile_list(text, where, red):
    """Tiles of a run of digit groups with suit letters; red counts 0s."""
    out, digits = [], []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in "mpsz":
            if not digits:
                raise Bad("suit letter without digits in " + where)
            base = "mpsz".index(ch) * 9
            for d in digits:
                if d == 0:
                    if ch == "z":
                        raise Bad("0z is not a tile")
                    red[base // 9] += 1
                    d = 5
                if ch == "z" and d > 7:
                    raise Bad("%dz is not a tile" % d)
                out.append(base + d - 1)
            digits = []
        else:
            raise Bad("unexpected %r in %s" % (ch, where))
    if digits:
        raise Bad("digits without a suit letter in " + where)
    return out


def parse_hand(text, red):
    """Concealed tiles, melds as (kind, tiles, open), the '+' tile."""
    plus = None
    if "+" in text:
        text, p = text.split("+", 1)
        t = tile_list(p, "the hand", red)
        if len(t) != 1:
            raise Bad("one tile after +")
        plus = t[0]
    conc, melds, i = [], [], 0
    while i < len(text):
        ch = text[i]
        if ch in "[{":
            close = "]" if ch == "[" else "}"
            j = text.find(close, i)
            if j < 0 or any(c in "[{" for c in text[i + 1:j]):
                raise Bad("unterminated meld")
            t = sorted(tile_list(text[i + 1:j], "the hand", red))
            if len(t) not in (3, 4):
                raise Bad("a meld has 3 or 4 tiles")
            if ch == "{":
                if len(t) != 4 or len(set(t)) != 1:
                    raise Bad("a concealed kan must be 4 identical tiles")
                melds.append(("kan", t, False))
            elif len(set(t)) == 1:
                melds.append(("kan" if len(t) == 4 else "pung", t, True))
            elif (len(t) == 3 and t[0] < HONOR and t[0] // 9 == t[2] // 9
                  and t[1] == t[0] + 1 and t[2] == t[0] + 2):
                melds.append(("chi", t, True))
            else:
                raise Bad("a chi must be three consecutive tiles")
            i = j + 1
        else:
            j = i
            while j < len(text) and text[j] not in "[{":
                j += 1
            conc += tile_list(text[i:j], "the hand", red)
            i = j
    if plus is not None:
        conc.append(plus)
    return conc, melds, plus


def parse_context(words, red):
    ctx = {"self": False, "seat": 0, "round": 0, "dora": [], "ura": [],
           "flags": set(), "win": None}
    seen = set()
    for w in words:
        key = w.split("=", 1)[0] + ("=" if "=" in w else "")
        if key in seen:
            raise Bad("duplicate context token " + key)
        seen.add(key)
        if key == "win=":
            t = tile_list(w[4:], "win=", [0, 0, 0])
            if len(t) != 1:
                raise Bad("win= names one tile")
            ctx["win"] = t[0]
        elif key in ("seat=", "round="):
            v = w.split("=", 1)[1]
            if len(v) != 1 or v not in WINDS:
                raise Bad("bad wind in " + w)
            ctx[key[:-1]] = WINDS.index(v)
        elif key in ("dora=", "ura="):
            ctx[key[:-1]] = tile_list(w.split("=", 1)[1], key, red)
        elif key == "honba=":
            if not w[6:].isdigit():
                raise Bad("bad honba")
        elif w == "self":
            ctx["self"] = True
        elif w in ("riichi", "double", "ippatsu", "wall-last", "kong", "rob",
                   "first"):
            ctx["flags"].add(w)
        else:
            raise Bad("unknown context token " + w)
    return ctx


def decompositions(counts):
    """Every way to read 14 - 3k concealed counts as sets and one pair:
    lists of ("pair"|"pung"|"chi", lowest tile)."""
    out = []

    def sets(c, start, acc):
        i = start
        while i < 34 and c[i] == 0:
            i += 1
        if i == 34:
            out.append(list(acc))
            return
        if c[i] >= 3:
            c[i] -= 3
            sets(c, i, acc + [("pung", i)])
            c[i] += 3
        if i < HONOR and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1
            sets(c, i, acc + [("chi", i)])
            c[i] += 1; c[i + 1] += 1; c[i + 2] += 1

    for p in range(34):
        if counts[p] >= 2:
            counts[p] -= 2
            sets(counts, 0, [("pair", p)])
            counts[p] += 2
    return out


def dora_of(ind):
    if ind < HONOR:
        return ind - ind % 9 + (ind % 9 + 1) % 9
    if ind < 31:
        return 27 + (ind - 27 + 1) % 4
    return {WHITE: GREEN, GREEN: RED, RED: WHITE}[ind]


def limit_base(han, fu):
    if han >= 13:
        return 8000, "kazoe"
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    base = fu * 2 ** (han + 2)
    if han >= 5 or base > 2000:
        return 2000, "mangan"
    return base, None


def up100(x):
    return (x + 99) // 100 * 100


def total_of(base, dealer, self_draw):
    if not self_draw:
        return up100(base * (6 if dealer else 4))
    if dealer:
        return 3 * up100(base * 2)
    return up100(base * 2) + 2 * up100(base)


def yakuman(groups, pair, all_tiles, counts14, melds, ctx, closed, win,
            wait, kinds):
    """The limit hands of a standard reading (groups: (kind, tile,
    concealed)), as (name, times)."""
    y = []
    dbl = 2
    pungs = [g for g in groups if g[0] in ("pung", "kan")]
    conc_pungs = [g for g in pungs if g[2]]
    if len(conc_pungs) == 4:
        y.append(("四暗刻単騎", dbl) if wait == "tanki" else ("四暗刻", 1))
    dragons = sum(1 for g in pungs if g[1] >= 31)
    if dragons == 3:
        y.append(("大三元", 1))
    wind_pungs = sum(1 for g in pungs if 27 <= g[1] <= 30)
    if wind_pungs == 4:
        y.append(("大四喜", dbl))
    elif wind_pungs == 3 and 27 <= pair <= 30:
        y.append(("小四喜", 1))
    if all(t >= HONOR for t in all_tiles):
        y.append(("字一色", 1))
    if all(t in GREENS for t in all_tiles):
        y.append(("緑一色", 1))
    if all(t in TERMINAL_OR_HONOR and t < HONOR for t in all_tiles):
        y.append(("清老頭", 1))
    if sum(1 for m in melds if m[0] == "kan") == 4:
        y.append(("四槓子", 1))
    if closed and not melds and len(kinds) == 1 and min(all_tiles) < HONOR:
        s = all_tiles[0] // 9 * 9
        c = [counts14[s + i] for i in range(9)]
        need = [3, 1, 1, 1, 1, 1, 1, 1, 3]
        if all(c[i] >= need[i] for i in range(9)):
            before = list(c)
            before[win - s] -= 1
            y.append(("純正九蓮宝燈", dbl) if before == need
                     else ("九蓮宝燈", 1))
    return y


def first_yakuman(ctx):
    if "first" in ctx["flags"] and ctx["self"]:
        return [("天和", 1)] if ctx["seat"] == 0 else [("地和", 1)]
    return []


def situational(ctx, closed):
    """The yaku of the circumstances: (name, han)."""
    f, y = ctx["flags"], []
    if "double" in f:
        y.append(("ダブル立直", 2))
    elif "riichi" in f:
        y.append(("立直", 1))
    if "ippatsu" in f:
        y.append(("一発", 1))
    if closed and ctx["self"]:
        y.append(("門前清自摸和", 1))
    if "kong" in f:
        y.append(("嶺上開花", 1))
    if "rob" in f:
        y.append(("槍槓", 1))
    if "wall-last" in f:
        y.append(("海底摸月", 1) if ctx["self"] else ("河底撈魚", 1))
    return y


def flush(all_tiles, closed):
    suits = {t // 9 for t in all_tiles if t < HONOR}
    honors = any(t >= HONOR for t in all_tiles)
    if len(suits) == 1 and not honors:
        return [("清一色", 6 if closed else 5)]
    if len(suits) == 1:
        return [("混一色", 3 if closed else 2)]
    return []


def standard_yaku(groups, pair, all_tiles, ctx, closed, wait):
    """The yaku of one standard reading and its fu."""
    y = situational(ctx, closed)
    seat, rnd = 27 + ctx["seat"], 27 + ctx["round"]
    chis = sorted(g[1] for g in groups if g[0] == "chi")
    pungs = [g for g in groups if g[0] in ("pung", "kan")]
    ptiles = [g[1] for g in pungs]
    value_pair = pair >= 31 or pair == seat or pair == rnd
    pinfu = closed and len(chis) == 4 and not value_pair and wait == "ryanmen"
    if pinfu:
        y.append(("平和", 1))
    if all(t not in TERMINAL_OR_HONOR for t in all_tiles):
        y.append(("断幺九", 1))
    if closed:
        dup = sum(chis.count(c) // 2 for c in set(chis))
        if dup == 2:
            y.append(("二盃口", 3))
        elif dup == 1:
            y.append(("一盃口", 1))
    for t, name in ((WHITE, "役牌白"), (GREEN, "役牌發"), (RED, "役牌中")):
        if t in ptiles:
            y.append((name, 1))
    if seat in ptiles:
        y.append(("自風", 1))
    if rnd in ptiles:
        y.append(("場風", 1))
    for s in range(7):
        if all(9 * k + s in chis for k in range(3)):
            y.append(("三色同順", 2 if closed else 1))
            break
    for k in range(3):
        if all(9 * k + s in chis for s in (0, 3, 6)):
            y.append(("一気通貫", 2 if closed else 1))
            break

    def ends(g):
        if g[0] == "chi":
            return g[1] % 9 in (0, 6)
        return g[1] in TERMINAL_OR_HONOR
    if chis and all(ends(g) for g in groups) and pair in TERMINAL_OR_HONOR:
        if any(t >= HONOR for t in all_tiles):
            y.append(("混全帯幺九", 2 if closed else 1))
        else:
            y.append(("純全帯幺九", 3 if closed else 2))
    if len(pungs) == 4:
        y.append(("対々和", 2))
    if sum(1 for g in pungs if g[2]) == 3:
        y.append(("三暗刻", 2))
    for s in range(9):
        if all(9 * k + s in ptiles for k in range(3)):
            y.append(("三色同刻", 2))
    if sum(1 for g in groups if g[0] == "kan") == 3:
        y.append(("三槓子", 2))
    if sum(1 for t in ptiles if t >= 31) == 2 and pair >= 31:
        y.append(("小三元", 2))
    if all(t in TERMINAL_OR_HONOR for t in all_tiles):
        y.append(("混老頭", 2))
    y += flush(all_tiles, closed)
    # fu
    if pinfu and ctx["self"]:
        return y, 20
    fu = 20 + (10 if closed and not ctx["self"] else 0)
    fu += 2 if ctx["self"] else 0
    for g in pungs:
        v = 4 if g[1] in TERMINAL_OR_HONOR else 2
        v *= 2 if g[2] else 1
        v *= 4 if g[0] == "kan" else 1
        fu += v
    fu += (2 if pair >= 31 else 0) + (2 if pair == seat else 0) + \
        (2 if pair == rnd else 0)
    fu += 2 if wait in ("kanchan", "penchan", "tanki") else 0
    if not closed and fu == 20:
        fu = 30
    return y, (fu + 9) // 10 * 10


def readings(conc, melds, win, ctx):
    """Each standard reading with the winning tile's place: (groups,
    pair, wait); groups (kind, lowest tile, concealed)."""
    counts = [0] * 34
    for t in conc:
        counts[t] += 1
    fixed = [("kan" if m[0] == "kan" else m[0], m[1][0], not m[2])
             for m in melds]
    out = []
    for d in decompositions(counts):
        pair = d[0][1]
        sets = d[1:]
        places = []
        if pair == win:
            places.append((-1, "tanki"))
        for i, (kind, t) in enumerate(sets):
            if kind == "pung" and t == win:
                places.append((i, "shanpon"))
            elif kind == "chi" and t <= win <= t + 2:
                if win == t + 1:
                    w = "kanchan"
                elif (win == t + 2 and t % 9 == 0) or \
                        (win == t and t % 9 == 6):
                    w = "penchan"
                else:
                    w = "ryanmen"
                places.append((i, w))
        for i, w in places:
            groups = [(k, t, not (j == i and k == "pung" and not ctx["self"]))
                      for j, (k, t) in enumerate(sets)]
            out.append((groups + fixed, pair, w))
    return out


def score_line(line):
    text = line.strip()
    if "\t" in text:     # a vector line: the columns after these ignored
        col = text.split("\t")
        hand_text, words = col[0], col[1].split()
    else:
        parts = text.split()
        hand_text, words = parts[0], parts[1:]
    red = [0, 0, 0]
    conc, melds, plus = parse_hand(hand_text, red)
    ctx = parse_context(words, [0, 0, 0])
    win = ctx["win"]
    if plus is not None and win is not None and win != plus:
        raise Bad("win= differs from the '+' tile")
    if win is None:
        win = plus
    if win is None:
        raise Bad("no winning tile")
    if len(conc) + 3 * len(melds) != 14:
        raise Bad("wrong tile count")
    if win not in conc:
        raise Bad("winning tile is not among the concealed tiles")
    if any(r > 1 for r in red):
        raise Bad("2 red fives")
    all_tiles = list(conc) + [t for m in melds for t in m[1]]
    counts14 = [0] * 34
    for t in all_tiles:
        counts14[t] += 1
    shown = list(counts14)
    for t in ctx["dora"] + ctx["ura"]:
        shown[t] += 1
    if max(counts14) > 4 or max(shown) > 4:
        raise Bad("5 copies")
    for s in range(3):
        if red[s] and counts14[9 * s + 4] - red[s] > 3:
            raise Bad("4 plain 5s")
    if len(ctx["dora"]) > 5 or len(ctx["ura"]) > 5:
        raise Bad("6 dora indicators")
    f = ctx["flags"]
    closed = all(not m[2] for m in melds)
    riichi = bool(f & {"riichi", "double"})
    if ctx["ura"] and not riichi:
        raise Bad("ura= without riichi")
    if "ippatsu" in f and not riichi:
        raise Bad("ippatsu without riichi")
    if riichi and not closed:
        raise Bad("riichi with an open meld")
    if "first" in f and not ctx["self"]:
        raise Bad("first requires self")
    if "first" in f and (melds or riichi):
        raise Bad("first with a meld or riichi")
    if "kong" in f and not ctx["self"]:
        raise Bad("kong requires self")
    if "kong" in f and not any(m[0] == "kan" for m in melds):
        raise Bad("kong but no kan")
    if "kong" in f and "ippatsu" in f:
        raise Bad("ippatsu and kong")
    if "rob" in f and ctx["self"]:
        raise Bad("rob cannot be self-drawn")
    if "rob" in f and counts14[win] > 1:
        raise Bad("rob but another is visible")
    if f & {"kong", "rob"} and "wall-last" in f:
        raise Bad("kong or rob with wall-last")

    dealer = ctx["seat"] == 0
    kinds = {t // 9 if t < HONOR else 3 for t in all_tiles}
    candidates = []   # (total, han, fu, yaku)
    # limit hands
    for groups, pair, wait in readings(conc, melds, win, ctx):
        y = first_yakuman(ctx) + yakuman(groups, pair, all_tiles, counts14,
                                         melds, ctx, closed, win, wait, kinds)
        if y:
            n = sum(k for _, k in y)
            candidates.append((total_of(8000 * n, dealer, ctx["self"]),
                               13 * n, 0, [name for name, _ in y]))
    counts = [0] * 34
    for t in conc:
        counts[t] += 1
    if not melds and all(counts[t] for t in TERMINAL_OR_HONOR) and \
            sum(counts[t] for t in TERMINAL_OR_HONOR) == 14:
        y = first_yakuman(ctx) + ([("国士無双十三面", 2)] if counts[win] == 2
                                  else [("国士無双", 1)])
        n = sum(k for _, k in y)
        candidates.append((total_of(8000 * n, dealer, ctx["self"]), 13 * n,
                           0, [name for name, _ in y]))
    if not candidates and not melds and sorted(counts).count(2) == 7:
        y = first_yakuman(ctx)
        if all(t >= HONOR for t in all_tiles):
            y.append(("字一色", 1))
        if y:
            n = sum(k for _, k in y)
            candidates.append((total_of(8000 * n, dealer, ctx["self"]),
                               13 * n, 0, [name for name, _ in y]))
    if candidates:
        return max(candidates, key=lambda c: (c[0], c[1]))

    dora = sum(counts14[dora_of(i)] for i in ctx["dora"])
    ura = sum(counts14[dora_of(i)] for i in ctx["ura"]) if riichi else 0
    aka = sum(red)

    def finish(y, fu):
        if not y:
            return None
        han = sum(h for _, h in y)
        names = [name for name, _ in y]
        for n, name in ((dora, "ドラ"), (aka, "赤ドラ"), (ura, "裏ドラ")):
            if n:
                names.append("%sx%d" % (name, n))
        han += dora + aka + ura
        base, _ = limit_base(han, fu)
        return (total_of(base, dealer, ctx["self"]), han, fu, names)

    for groups, pair, wait in readings(conc, melds, win, ctx):
        y, fu = standard_yaku(groups, pair, all_tiles, ctx, closed, wait)
        r = finish(y, fu)
        if r:
            candidates.append(r)
    if not melds and sorted(counts).count(2) == 7:
        y = situational(ctx, True) + [("七対子", 2)]
        if all(t not in TERMINAL_OR_HONOR for t in all_tiles):
            y.append(("断幺九", 1))
        if all(t in TERMINAL_OR_HONOR for t in all_tiles):
            y.append(("混老頭", 2))
        y += flush(all_tiles, True)
        candidates.append(finish(y, 25))
    if not candidates:
        if readings(conc, melds, win, ctx) or \
                (not melds and sorted(counts).count(2) == 7):
            raise Bad("no yaku")
        raise Bad("not a winning hand")
    return max(candidates, key=lambda c: (c[0], c[1], c[2]))


def check(paths):
    """Each vector line scored and compared: the count that disagree."""
    bad = n = 0
    for path in paths:
        for lineno, line in enumerate(open(path, encoding="utf-8"), 1):
            col = line.rstrip("\n").split("\t")
            if len(col) < 3:
                continue
            n += 1
            try:
                total, _, _, names = score_line(col[0] + "\t" + col[1])
                ok = col[2] == str(total) and \
                    sorted(col[3].split(",")) == sorted(names)
                got = "%d %s" % (total, ",".join(names))
            except Bad as e:
                ok, got = col[2] == "ERROR", "ERROR %s" % e
            if not ok:
                bad += 1
                print("%s:%d: %s %s, not %s" % (path, lineno, col[2],
                      col[3] if len(col) > 3 else "", got))
    print("%d lines, %d disagree" % (n, bad))
    return bad


def main():
    if sys.argv[1:2] == ["--check"]:
        sys.exit(1 if check(sys.argv[2:]) else 0)
    out = []
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            total, han, fu, names = score_line(line)
            if han >= 13 and fu == 0:
                out.append("%d\t%s\t%dhan" % (total, ",".join(names), han))
            else:
                out.append("%d\t%s\t%dhan %dfu" % (total, ",".join(names),
                                                   han, fu))
        except Bad as e:
            out.append("ERROR\t%s" % e)
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))


if __name__ == "__main__":
    main()
