#!/bin/sh
# hule stats: shards of a run merge to exactly the run's summary (the rate
# line aside), for mcr and for bao with mixed bots, and --jobs agrees;
# bad files are errors naming the file and line.
# Usage: stats.sh HULE WORKDIR
set -u
hule=$1
mkdir -p "$2" && cd "$2" || exit 1
fail=0
check() {   # check NAME: one.txt and merged.txt agree after line 1
  if tail -n +2 one.txt | cmp -s - merged.txt.body; then
    echo "ok   $1"
  else
    echo "FAIL: $1"; diff one.txt merged.txt | head -10; fail=1
  fi
}
for spec in "xueliu efficiency" "bao efficiency,random,efficiency,random" \
            "xuezhan efficiency,random,efficiency,efficiency" \
            "tuidao efficiency,random,efficiency,random" "mcr efficiency"; do
  set -- $spec
  "$hule" sim --ruleset "$1" --games 240 --seed 9 --bots "$2" --out all.jsonl > one.txt 2>&1
  for i in 1 2 3 4; do
    "$hule" sim --ruleset "$1" --games 240 --seed 9 --bots "$2" --shard $i/4 \
      --out part$i.jsonl > /dev/null 2>&1
  done
  cat part1.jsonl part2.jsonl part3.jsonl part4.jsonl | cmp -s - all.jsonl &&
    echo "ok   $1: the shards concatenate to the run" ||
    { echo "FAIL: $1: shards differ from the run"; fail=1; }
  "$hule" stats part1.jsonl part2.jsonl part3.jsonl part4.jsonl > merged.txt
  head -1 merged.txt | grep -q "240 games from 4 files" ||
    { echo "FAIL: $1: first line: $(head -1 merged.txt)"; fail=1; }
  tail -n +2 merged.txt > merged.txt.body
  check "$1: hule stats over 4 shards = the single run's summary"
  grep -q "95% intervals" merged.txt || { echo "FAIL: no intervals"; fail=1; }
done
# a shard copied under another name: its games are refused, not counted
# twice; fields out of range (a seat 5 among the winners, a dealer -3)
cp part2.jsonl copy2.jsonl
out=$("$hule" stats part1.jsonl part2.jsonl copy2.jsonl 2>&1) && rc=0 || rc=$?
printf '%s' "$out" | grep -q "copy2.jsonl:1: game 60 (seed .*) is in the files twice" &&
  [ "$rc" -eq 1 ] && echo "ok   a copied shard refused" ||
  { echo "FAIL: a copied shard: $out"; fail=1; }
head -5 part1.jsonl | tail -1 > dup.jsonl
out=$(cat part1.jsonl dup.jsonl > twice.jsonl; "$hule" stats twice.jsonl 2>&1) && rc=0 || rc=$?
printf '%s' "$out" | grep -q "twice.jsonl:61: game 4 " && [ "$rc" -eq 1 ] &&
  echo "ok   a line given twice in one file refused" ||
  { echo "FAIL: a repeated line: $out"; fail=1; }
sed '1s/"winners":\[[0-9]/"winners":[5/; 1s/"dealer":[0-9]/"dealer":-3/' \
  part1.jsonl > bad.jsonl
out=$("$hule" stats bad.jsonl 2>&1) && rc=0 || rc=$?
printf '%s' "$out" | grep -q 'bad.jsonl:1: bad "dealer" (a seat, 0 to 3)' &&
  [ "$rc" -eq 1 ] && echo "ok   a dealer -3 refused" ||
  { echo "FAIL: a dealer -3: $out"; fail=1; }
sed '1s/"winners":\[[0-9]/"winners":[5/' part1.jsonl > bad.jsonl
out=$("$hule" stats bad.jsonl 2>&1) && rc=0 || rc=$?
printf '%s' "$out" | grep -q 'bad.jsonl:1: bad "winners" (the seats 0 to 3 that won)' &&
  [ "$rc" -eq 1 ] && echo "ok   a seat 5 among the winners refused" ||
  { echo "FAIL: a winner 5: $out"; fail=1; }
"$hule" sim --ruleset mcr --games 240 --seed 9 --jobs 3 > jobs.txt 2>/dev/null
"$hule" sim --ruleset mcr --games 240 --seed 9 > one.txt 2>/dev/null
tail -n +2 jobs.txt > merged.txt.body
check "mcr: --jobs 3 = one process"
"$hule" stats part1.jsonl --json | python3 -c "
import json, sys
o = json.load(sys.stdin)
assert o['games'] == 60 and len(o['seats']) == 4, o
assert all(0 <= s['win_rate'] <= 1 and s['win_rate_95'] >= 0 for s in o['seats'])
" && echo "ok   stats --json" || { echo "FAIL: stats --json"; fail=1; }
out=$("$hule" stats nosuch.jsonl 2>&1) && fail=1
printf '%s' "$out" | grep -q "cannot open nosuch.jsonl" && echo "ok   a missing file" ||
  { echo "FAIL: missing file: $out"; fail=1; }
head -2 part1.jsonl > bad.jsonl; echo '{"game":1}' >> bad.jsonl
out=$("$hule" stats bad.jsonl 2>&1) && fail=1
printf '%s' "$out" | grep -q "bad.jsonl:3: not a line of hule sim" &&
  echo "ok   a bad line, named" || { echo "FAIL: bad line: $out"; fail=1; }
"$hule" sim --ruleset mcr --games 8 --out mixed.jsonl > /dev/null 2>&1
"$hule" sim --ruleset mcr --games 8 --bots random --out r.jsonl > /dev/null 2>&1
cat r.jsonl >> mixed.jsonl
out=$("$hule" stats mixed.jsonl 2>&1) && fail=1
printf '%s' "$out" | grep -q "another run" && echo "ok   two runs are not mixed" ||
  { echo "FAIL: mixed runs: $out"; fail=1; }
# duplicate: every wall 4 times with the bots turned; shards split between
# walls and merge exactly; efficiency beats random with an interval
# that excludes zero
b=efficiency,random,efficiency,random
"$hule" sim --ruleset mcr --games 400 --seed 3 --bots $b --duplicate --out d.jsonl > one.txt 2>&1
for i in 1 2 3; do
  "$hule" sim --ruleset mcr --games 400 --seed 3 --bots $b --duplicate --shard $i/3 \
    --out d$i.jsonl > /dev/null 2>&1
done
"$hule" stats d1.jsonl d2.jsonl d3.jsonl | tail -n +2 > merged.txt.body
check "duplicate: hule stats over 3 shards = the single run's summary"
"$hule" sim --ruleset mcr --games 400 --seed 3 --bots $b --duplicate --jobs 3 \
  2>/dev/null | tail -n +2 > merged.txt.body
check "duplicate: --jobs 3 = one process"
if grep -A3 "^duplicate: 100 walls" one.txt | python3 -c "
import re, sys
rows = {l.split()[0]: l for l in sys.stdin if re.match(r'^(efficiency|random) ', l)}
e = [float(x) for x in re.findall(r'[-+]?\d+\.\d+', rows['efficiency'])]
r = [float(x) for x in re.findall(r'[-+]?\d+\.\d+', rows['random'])]
assert e[0] - e[1] > 0 and r[0] + r[1] < 0 and abs(e[0] + r[0]) < 1e-9, (e, r)
"; then echo "ok   duplicate: efficiency beats random, the interval excludes 0"
else echo "FAIL: duplicate figures"; grep -A3 "^duplicate" one.txt; fail=1; fi
out=$("$hule" sim --ruleset mcr --games 10 --duplicate 2>&1) && fail=1
printf '%s' "$out" | grep -q "a multiple of 4" && echo "ok   duplicate needs 4 games a wall" ||
  { echo "FAIL: duplicate with 10 games: $out"; fail=1; }
# a game of a run alone, and full logs of chosen games that open replays
"$hule" sim --ruleset mcr --games 40 --seed 3 --out run.jsonl > /dev/null 2>&1
"$hule" sim --ruleset mcr --seed 3 --game 17 --out one.jsonl > /dev/null 2>&1
sed -n 18p run.jsonl | cmp -s - one.jsonl && echo "ok   --game 17 = game 17 of the run" ||
  { echo "FAIL: --game 17 differs from the run's line"; fail=1; }
rm -rf logs && mkdir logs
"$hule" sim --ruleset mcr --games 40 --seed 3 --log logs --log-games 5,17 \
  --log-wins 24+ > /dev/null 2>&1
want=$(python3 -c "
import json
games = [json.loads(l) for l in open('run.jsonl')]
print(' '.join(sorted(set(['5', '17'] + [str(g['game']) for g in games
      if any(w['total'] >= 24 for w in g['wins'])]), key=int)))")
got=$(ls logs | sed 's/game-//; s/.jsonl//' | sort -n | tr '\n' ' ' | sed 's/ $//')
[ "$got" = "$want" ] && echo "ok   --log: the chosen games ($got)" ||
  { echo "FAIL: --log wrote '$got', want '$want'"; fail=1; }
for f in logs/*.jsonl; do
  printf 'replay %s\ngoto end\n' "$f" | "$hule" > replay.txt 2>&1 ||
    { echo "FAIL: $f does not replay"; cat replay.txt | tail -3; fail=1; }
done
echo "ok   every log replays"
out=$("$hule" sim --ruleset mcr --games 5 --log logs 2>&1) && fail=1
printf '%s' "$out" | grep -q "say which games" && echo "ok   --log needs a choice" ||
  { echo "FAIL: --log alone: $out"; fail=1; }
# every field a sim line holds is in docs/bots.md's table of them
src=$(cd "$(dirname "$0")/.." && pwd)
"$hule" sim --ruleset tuidao --games 60 --seed 3 --out f1.jsonl > /dev/null 2>&1
"$hule" sim --ruleset xuezhan --games 40 --seed 3 --out f2.jsonl > /dev/null 2>&1
"$hule" sim --ruleset mcr --games 8 --seed 3 --duplicate --bots efficiency,random,efficiency,random \
  --out f3.jsonl > /dev/null 2>&1
"$hule" sim --ruleset bao --games 60 --seed 3 --out f4.jsonl > /dev/null 2>&1
# riichi: sticks left on the table ("pot"); stats reads them, and refuses
# a line whose pay and pot do not add up to 0
"$hule" sim --ruleset riichi --games 200 --seed 3 --out f5.jsonl > /dev/null 2>&1
if "$hule" stats f5.jsonl > /dev/null 2>&1 && grep -q '"pot":' f5.jsonl; then
  echo "ok   a riichi run's sticks left on the table are read"
else
  echo "FAIL: hule stats of a riichi run"; fail=1
fi
sed 's/"pot":\([0-9]\)/"pot":1\1/' f5.jsonl > f6.jsonl
if ! "$hule" stats f6.jsonl 2>&1 | grep -q 'f6.jsonl:.*"pay" and "pot" are not zero-sum'; then
  echo "FAIL: a pot that does not add up is not refused"; fail=1
else
  echo "ok   a pot that does not add up is refused"
fi
# --matches: whole riichi matches, each ending with every seat's place;
# the run's average places are stats' of its lines, --jobs 2 agrees, and a
# line whose places are not 1 to 4 once each is refused
"$hule" sim --ruleset riichi-majsoul --matches --games 12 --seed 5 \
  --bots strong,efficiency,efficiency,efficiency --out m1.jsonl > m1.txt 2>&1
"$hule" sim --ruleset riichi-majsoul --matches --games 12 --seed 5 --jobs 2 \
  --bots strong,efficiency,efficiency,efficiency --out m2.jsonl > /dev/null 2>&1
"$hule" stats m1.jsonl > m3.txt 2>&1
ok=$(python3 - m1.jsonl <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
ends = [o for o in lines if "places" in o]
games = sorted({o["game"] for o in lines})
good = (len(ends) == 12 and games == list(range(12)) and
        all(sorted(o["places"]) == [1, 2, 3, 4] for o in ends) and
        all(o["hand"] >= 1 for o in lines))
print("yes" if good else "no %d %s" % (len(ends), games))
PY
)
want=$(sed -n '/^whole matches/,/^$/p' m1.txt)
if [ "$ok" = yes ] && cmp -s m1.jsonl m2.jsonl && [ -n "$want" ] &&
   [ "$want" = "$(sed -n '/^whole matches/,/^$/p' m3.txt)" ]; then
  echo "ok   sim --matches: 12 whole matches, each seat's place, stats and --jobs agree"
else
  echo "FAIL: sim --matches ($ok)"; head -20 m1.txt; cat m3.txt | head -20; fail=1
fi
sed '0,/"places":\[[0-9]/s//"places":[4/' m1.jsonl > m4.jsonl
"$hule" stats m4.jsonl 2>&1 | grep -q 'm4.jsonl:[0-9]*: bad "places"' &&
  echo "ok   a match's places that are not 1 to 4 once each are refused" ||
  { echo "FAIL: bad places not refused"; fail=1; }
"$hule" sim --matches --duplicate --games 4 2>&1 | grep -q -- "--matches plays whole matches" &&
  echo "ok   --matches with --duplicate is refused, saying why" ||
  { echo "FAIL: --matches --duplicate"; fail=1; }
missing=$(python3 - "$src/docs/bots.md" f1.jsonl f2.jsonl f3.jsonl f4.jsonl f5.jsonl m1.jsonl <<'PY'
import json, re, sys
doc = open(sys.argv[1], encoding="utf-8").read()
table = doc[doc.index("| field | what it holds |"):]
table = table[:table.index("\n\n")]
named = set(re.findall(r"`([a-z_]+)`", table))
keys = set()
for f in sys.argv[2:]:
    for line in open(f, encoding="utf-8"):
        o = json.loads(line)
        keys |= set(o)
        for w in o.get("wins", []):
            keys |= set(w)
            for fan in w.get("fans", []):
                keys |= set(fan)
missing = keys - named
if not {"wall", "turn", "horses", "multi", "paid", "pot"} <= keys:
    missing.add("(the runs lack fields they should have: %s)" %
                sorted({"wall", "turn", "horses", "multi", "paid", "pot"} - keys))
print(" ".join(sorted(missing)))
PY
)
[ -z "$missing" ] && echo "ok   every field of the sim lines is documented" ||
  { echo "FAIL: sim fields not in docs/bots.md: $missing"; fail=1; }
exit $fail
