#!/bin/sh
# hule's riichi bots against an AI nobody here wrote: @kobalab/majiang-ai
# (tests/bots/majiang, an mjai bot), in duplicate riichi (each wall
# played four times, the bots turned a seat each time, so the tiles'
# luck cancels): one hule bot against three majiang-ai, for the strong
# and the efficiency bot, the same walls. Prints docs/bots.md's table:
# per hand, the hule bot's net points with the 95% interval over the
# walls (its net minus the majiang-ai seats' mean, wall by wall), and
# each side's win, deal-in, riichi and call rates; then, over MATCHES
# whole matches (hanchan) with the hule bot in the first seat, its
# average place with its 95% interval.
# Usage: majiang_bench.sh HULE SRCDIR [GAMES] [JOBS] [MATCHES]
#        (GAMES: 1000, MATCHES: 40)
hule=$1; src=$2; games=${3:-1000}; jobs=${4:-2}; matches=${5:-40}
dir=$src/tests/bots/majiang
[ -d "$dir/node_modules/@kobalab/majiang-ai" ] ||
  { echo "majiang-ai is not installed (cd tests/bots/majiang && npm install)"; exit 77; }
ai="mjai:node $dir/adapter.js"
work=${TMPDIR:-/tmp}/hule-majiang-bench; mkdir -p "$work"
for bot in strong efficiency; do
  "$hule" sim --ruleset riichi --games "$games" --duplicate --seed 2026 \
    --jobs "$jobs" --bot-ms 10000 --fallback-ok --bots "$bot,$ai,$ai,$ai" \
    --out "$work/$bot.jsonl" > "$work/$bot.txt" 2>&1 ||
    { echo "the $bot run failed:"; tail -5 "$work/$bot.txt"; exit 1; }
  # decisions the adapter failed (the efficiency bot made them): said
  grep -E "^  player|decisions of the bots" "$work/$bot.txt" | sed "s/^/$bot run: /"
done
python3 - "$work/strong.jsonl" "$work/efficiency.jsonl" <<'PY'
import collections, json, math, sys
print("| hule bot | hands | its net a hand, minus majiang-ai's (95%) | its win rate | majiang-ai's | its deal-in rate | majiang-ai's | its riichi rate | majiang-ai's | its call rate | majiang-ai's |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for path in sys.argv[1:]:
    games = [json.loads(l) for l in open(path)]
    name = games[0]["bots"][[not b.startswith("mjai:") for b in games[0]["bots"]].index(True)]
    walls = collections.defaultdict(lambda: [0.0, 0, 0.0, 0])
    seats = collections.Counter(); won = collections.Counter()
    dealt = collections.Counter(); riichi = collections.Counter()
    called = collections.Counter()
    for g in games:
        w = walls[g["wall"]]
        for p, b in enumerate(g["bots"]):
            side = "ai" if b.startswith("mjai:") else "hule"
            seats[side] += 1
            if side == "hule":
                w[0] += g["pay"][p]; w[1] += 1
            else:
                w[2] += g["pay"][p]; w[3] += 1
            if "riichi" in (g.get("declared") or [[]] * 4)[p]:
                riichi[side] += 1
            if (g.get("called") or [False] * 4)[p]:
                called[side] += 1
        for x in g["wins"]:
            won["ai" if g["bots"][x["player"]].startswith("mjai:") else "hule"] += 1
            if "from" in x:
                dealt["ai" if g["bots"][x["from"]].startswith("mjai:") else "hule"] += 1
    d = [w[0] / w[1] - w[2] / w[3] for w in walls.values() if w[1] and w[3]]
    m = sum(d) / len(d)
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1)) if len(d) > 1 else 0
    half = 1.96 * sd / math.sqrt(len(d))
    r = lambda c, s: "%.1f%%" % (100.0 * c[s] / seats[s])
    print("| %s | %d | %+.0f ± %.0f | %s | %s | %s | %s | %s | %s | %s | %s |" % (
        name, len(games), m, half, r(won, "hule"), r(won, "ai"), r(dealt, "hule"),
        r(dealt, "ai"), r(riichi, "hule"), r(riichi, "ai"), r(called, "hule"),
        r(called, "ai")))
PY
# whole matches: the average place of the hule bot (seat 1, East at the
# start) against three majiang-ai
[ "$matches" -gt 0 ] || exit 0
echo
echo "| hule bot | whole matches | its average place (95%) |"
echo "|---|---|---|"
for bot in strong efficiency; do
  "$hule" sim --ruleset riichi --matches --games "$matches" --seed 2026 \
    --jobs "$jobs" --bot-ms 10000 --fallback-ok --bots "$bot,$ai,$ai,$ai" \
    > "$work/$bot-matches.txt" 2>&1 ||
    { echo "the $bot matches failed:"; tail -5 "$work/$bot-matches.txt"; exit 1; }
  grep -A2 "average place" "$work/$bot-matches.txt" | grep "^1 " |
    awk -v b="$bot" -v n="$matches" '{ print "| " b " | " n " | " $3 " " $4 " |" }'
done
