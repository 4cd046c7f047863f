#!/bin/sh
# A table's own tile set (the table rule kinds): a wall without the kinds
# it leaves out, in every game; a hand naming one refused, naming it; a
# wait on one no wait; the tile count checked against the kinds; a game
# of such a table replayed from its log.
# Usage: tile_sets.sh HULE WORKDIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
hule=$1
mkdir -p "$2" && cd "$2" || exit 1
fail=0
. "$here/checks.sh"
mkdir -p rules logs
table() {   # table ID TILES KINDS
  printf 'local R = mj.extend("mcr", { id = "%s",\n  table = { tiles = %s, flowers = true, kinds = "%s" } })\nreturn R\n' \
    "$1" "$2" "$3" > "rules/$1.lua"
}
table no5s 140 123456789m123456789p12346789s1234567z
h() { "$hule" --rules rules --ruleset no5s "$@" 2>&1; }
out=$(h score 123m456p789p456s1z+1z)
has "$out" "5s is none of ruleset no5s's tiles (its wall has no 5s)" \
  "a hand holding a kind the wall lacks is refused, naming it"
out=$(h waits 123m456p789p46s11z)
has "$out" "no tile it waits on is left" "a wait on a missing kind is no wait"
out=$("$hule" waits 123m456p789p46s11z 2>&1)
has "$out" "waits on 5s" "(the same hand under mcr waits on 5s)"
out=$(printf '123m456p789p46s11z\n' | h waits --batch)
if [ "$out" = "0	-" ]; then
  ok "waits --batch: ready, no wait"
else no "waits --batch of a wait on a missing kind" "$out"; fi
# every tile of 200 games' logs: no 5s anywhere
if "$hule" sim --rules rules --ruleset no5s --games 200 --seed 4 --log logs \
     --log-games 0,50,100,150,199 --out games.jsonl > sim.txt 2>&1 &&
   python3 - logs/*.jsonl <<'PY'
import json, re, sys
seen = 0
for f in sys.argv[1:]:
    for line in open(f):
        o = json.loads(line)
        for k in ("tile", "tiles"):
            v = o.get(k)
            if isinstance(v, str):
                for digits, suit in re.findall(r"([0-9]+)([mpszf])", v):
                    seen += len(digits)
                    if suit == "s" and ("5" in digits or "0" in digits):
                        sys.exit("5s in " + f + ": " + line)
sys.exit(0 if seen > 500 else "too few tiles read: %d" % seen)
PY
then ok "200 games: no 5s drawn, dealt or discarded (5 logs read tile by tile)"
else no "games of the no5s table" "$(cat sim.txt)"; fi
if python3 - games.jsonl <<'PY'
import json, sys
bad = sum(1 for l in open(sys.argv[1]) if sum(json.loads(l)["pay"]) != 0)
sys.exit(1 if bad else 0)
PY
then ok "the 200 games zero-sum"; else no "not zero-sum" ""; fi
out=$(printf 'review logs/game-50.jsonl\n' | "$hule" --rules rules 2>&1)
if printf '%s' "$out" | grep -q "Error"; then no "a no5s game's log replays" "$out"
else ok "a game of the table replays from its log (review)"; fi
# the count must follow from the kinds; kinds parsed strictly
refused() {   # refused TILES KINDS WANT NAME
  table bad "$1" "$2"
  has "$("$hule" --rules rules --ruleset bad score 123m456p789p11z+1z 2>&1)" \
    "$3" "$4"
}
refused 136 123456789m123456789p12346789s1234567z \
  "bad.lua:1: table rules: the kinds listed make 140 tiles with the flowers, not tiles = 136" \
  "tiles that do not follow from kinds refused"
refused 140 11m "table rules: kinds lists 1m twice" "a kind listed twice refused"
refused 140 1x "table rules: kinds lists the tile kinds of the wall" \
  "kinds that are not notation refused"
# three-player riichi's set: 1m 9m and the other suits and honors, 108
table sanma 116 19m123456789p123456789s1234567z
out=$("$hule" --rules rules --ruleset sanma score 19m19p19s1234567z+9m 2>&1)
has "$out" "十三幺" "a three-player set (1m 9m only) scores 十三幺 on 9m"
exit $fail
