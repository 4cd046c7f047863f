#!/bin/sh
# hule import: tenhou.net/6 logs replayed round by round through
# riichi-tenhou. Our own log (tests/data/tenhou6) imports and its hule log
# replays and reviews; every field edited to a lie is refused naming the
# round and the field; the real games of ../shared/logs/tenhou6 import,
# but for the two hand-edited ones that do not add up (SOURCES.txt),
# which are refused saying why. Skipped, saying so, without ../shared.
# Usage: import.sh HULE DATA SHARED
set -u
hule=$1; data=$2; shared=$3
fail=0
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
check() {   # check WANT-EXIT TEXT ARGS...: exit status and a line of output
  want_rc=$1; want=$2; shift 2
  out=$("$hule" "$@" 2>&1); rc=$?
  if [ "$rc" -ne "$want_rc" ]; then
    echo "FAIL: '$*' exited $rc, not $want_rc:"; printf '%s\n' "$out" | head -3; fail=1
  elif [ -n "$want" ] && ! printf '%s' "$out" | grep -qF -- "$want"; then
    echo "FAIL: '$*': no '$want' in:"; printf '%s\n' "$out"; fail=1
  else
    echo "ok   $* : $want"
  fi
}
own=$data/tenhou6/two_rounds.json
check 0 "2 rounds replayed through riichi-tenhou, every result the same" \
  import "$own" --out "$work/own.jsonl"
check 0 "in hand 1 of riichi-tenhou" review "$work/own.jsonl"
# the players' names kept (a name that is not clean text becomes "?"),
# through the hule log, an mjai export and its import
head -1 "$work/own.jsonl" | grep -q '"players":\["A","B","C","D"\]' &&
  echo "ok   import keeps the players' names" ||
  { echo "FAIL: names: $(head -c 600 "$work/own.jsonl")"; fail=1; }
sed 's/"name": \["A", "B"/"name": ["A\\u0007", "B"/' "$own" > "$work/ctl.json"
"$hule" import "$work/ctl.json" --out "$work/ctl.jsonl" >/dev/null 2>&1 &&
  head -1 "$work/ctl.jsonl" | grep -q '"players":\["?","B","C","D"\]' &&
  echo "ok   a name with a control character is kept as ?" ||
  { echo "FAIL: a control character in a name: $(head -c 600 "$work/ctl.jsonl")"; fail=1; }
out=$(printf 'replay %s\nmatch\n' "$work/own.jsonl" | "$hule" 2>&1)
if printf '%s' "$out" | grep -qF "riichi-tenhou, 2 hands"; then
  echo "ok   replay at the REPL"
else
  echo "FAIL: replay at the REPL:"; printf '%s\n' "$out" | head -5; fail=1
fi
# the same game as mjai events, and back
check 0 "" export --mjai "$work/own.jsonl" --out "$work/own.mjai"
python3 - "$work/own.mjai" <<'PY' || fail=1
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
types = [e["type"] for e in ev]
assert types[0] == "start_game" and types[-1] == "end_game", types
ks = [e for e in ev if e["type"] == "start_kyoku"]
assert len(ks) == 2 and all(len(t) == 13 for t in ks[0]["tehais"]), ks
assert "5m" in ks[0]["tehais"][1] and ks[0]["oya"] == 0
hora = [e for e in ev if e["type"] == "hora"][0]
assert hora["actor"] == 1 and hora["target"] == 0 and hora["pai"] == "5m"
assert hora["deltas"] == [-1300, 1300, 0, 0], hora
assert types.count("end_kyoku") == 2
print("ok   the mjai events: start_game, two kyoku, the hora and its deltas")
PY
check 0 "2 rounds replayed through riichi-tenhou, every result the same" \
  import "$work/own.mjai" --out "$work/own2.jsonl"
head -1 "$work/own2.jsonl" | grep -q '"players":\["A","B","C","D"\]' &&
  echo "ok   the names through an mjai export and back" ||
  { echo "FAIL: names through mjai: $(head -c 600 "$work/own2.jsonl")"; fail=1; }
sed 's/"deltas":\[-1300,1300,0,0\]/"deltas":[-1300,1000,300,0]/' \
  "$work/own.mjai" > "$work/lie.mjai"
check 1 "round 1 (East 1, 0 honba): seat 1's delta: the log has +1000, the replay +1300" import "$work/lie.mjai"
python3 - "$work/own.mjai" "$work/view.mjai" <<'PY'
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
k = json.loads(lines[1])
k["tehais"][2][0] = "?"         # West's tiles as another seat sees them
lines[1] = json.dumps(k, ensure_ascii=False)
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(lines) + "\n")
PY
check 1 "line 2: a tehai tile is unknown" import "$work/view.mjai"
{ head -3 "$work/own.mjai"; echo 'tsumo'; } > "$work/garbled.mjai"
check 1 "line 4: not a JSON object" import "$work/garbled.mjai"
head -4 "$work/own.mjai" > "$work/short.mjai"
check 1 "the log ends inside a kyoku" import "$work/short.mjai"
printf 'new mcr seed=3\nauto\nsave %s\n' "$work/mcr.jsonl" | "$hule" >/dev/null 2>&1
check 1 "mjai speaks riichi" export --mjai "$work/mcr.jsonl"
# a riichi hand saved mid-hand: mjai would show the others' dealt tiles
printf 'new riichi seed=4\nsave %s\n' "$work/mid.jsonl" | "$hule" >/dev/null 2>&1
check 1 "the hand is unfinished" export --mjai "$work/mid.jsonl" --out "$work/mid.mjai"
if [ -e "$work/mid.mjai" ]; then echo "FAIL: an unfinished hand's export was written"; fail=1; fi
# 200 mjai logs broken at random: each refused or imported, no crash
python3 - "$work/own.mjai" "$work" <<'PY'
import json, random, sys
random.seed(35)
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
vals = [None, -1, 4, 99, "?", "5mr", "C", "", [], {}, True, "tsumo", "hora"]
for n in range(200):
    ls = list(lines)
    for _ in range(random.randint(1, 3)):
        i = random.randrange(len(ls))
        r = random.random()
        if r < 0.2:
            del ls[i]
        elif r < 0.3:
            ls.insert(i, ls[random.randrange(len(ls))])
        else:
            o = json.loads(ls[i])
            k = random.choice(list(o))
            o[k] = random.choice(vals)
            ls[i] = json.dumps(o)
    open("%s/mfuzz%03d.mjai" % (sys.argv[2], n), "w").write("\n".join(ls) + "\n")
PY
bad=0
for f in "$work"/mfuzz*.mjai; do
  timeout 10 "$hule" import "$f" >/dev/null 2>&1; rc=$?
  if [ "$rc" -gt 1 ]; then echo "FAIL: $f: exit $rc"; bad=1; fail=1; fi
done
[ "$bad" -eq 0 ] && echo "ok   200 broken mjai logs: each refused or imported, no crash"
check 1 "Usage: hule export --mjai" export "$work/own.jsonl"
# each field a lie: edit the log, expect the round and the field named
edit() {   # edit NAME PYTHON-STATEMENT: a copy of our log with log (l) edited
  python3 - "$own" "$work/$1.json" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
l = d["log"]
exec(sys.argv[3])
open(sys.argv[2], "w", encoding="utf-8").write(json.dumps(d, ensure_ascii=False))
PY
}
edit deltas 'l[0][16][1] = [-1400, 1400, 0, 0]'
check 1 "round 1 (East 1, 0 honba): seat 0's delta: the log has -1400, the replay -1300" import "$work/deltas.json"
edit points 'l[0][16][2][3] = "30符1飜1000点"'
check 1 "round 1 (East 1, 0 honba): the points: the log says 30符1飜1000点, the replay 1300 (1 han 40 fu)" import "$work/points.json"
edit yaku 'l[0][16][2][4] = "平和(1飜)"'
check 1 "round 1 (East 1, 0 honba): the yaku differ: the replay has 断幺九" import "$work/yaku.json"
edit unknown 'l[0][16][2][4] = "徹夜(1飜)"'
check 1 "the yaku \"徹夜(1飜)\" is none of the ruleset's" import "$work/unknown.json"
edit fifth 'l[0][10][0:3] = [11, 11, 11]'
check 1 "round 1 (East 1, 0 honba): a dealt tile is no tile, or one too many" import "$work/fifth.json"
edit notile 'l[0][5][0] = 48'
check 1 "round 1 (East 1, 0 honba): a drawn tile is no tile, or one too many" import "$work/notile.json"
edit winner 'l[0][16][2][0] = 3; l[0][16][1] = [-1300, 0, 0, 1300]'
check 1 "round 1 (East 1, 0 honba): the log ends the round (和了) with seat 1 to discard" import "$work/winner.json"
edit scores 'l[1][1] = [25000, 25000, 25000, 25000]'
check 1 "round 2 (East 2, 0 honba): the scores at its start are not those the round before left (23700 26300 25000 25000)" import "$work/scores.json"
edit dealer 'l[1][0] = [2, 0, 0]'
check 1 "round 2 (East 3, 0 honba): seat 2 deals, the round before gives the deal to seat 1" import "$work/dealer.json"
edit call 'l[0][11] = ["1515p15"]'
# seat 0's first discard, a plain 5m, said to be the red one he never held
edit red 'assert l[0][6][0] == 15 and 51 not in l[0][4] + l[0][5]; l[0][6][0] = 51'
check 1 "round 1 (East 1, 0 honba): seat 0's discard of 0m is refused: the action is not legal now" import "$work/red.json"
check 1 "round 1 (East 1, 0 honba): the takes and discards follow no order of turns" import "$work/call.json"
edit shape 'l[0] = l[0][:16]'
check 1 "round 1: a round is an array of 17 items" import "$work/shape.json"
edit kyushu 'l[1][16] = ["流局", [0, 0, 0, 0]]'
check 1 "round 2 (East 2, 0 honba): the log ends the round (流局) with seat 1 to discard" import "$work/kyushu.json"
edit abort 'l[1][16] = ["四風連打"]'
check 1 "round 2 (East 2, 0 honba): the log ends the round (四風連打) with seat 1 to discard" import "$work/abort.json"
printf 'not json' > "$work/garbage.json"
check 1 "not a tenhou.net/6 log" import "$work/garbage.json"
check 1 "Usage: hule import FILE.json" import
check 1 "no-such.json" import "$work/no-such.json"
# 300 logs mutated at random (numbers, strings, lists cut short, types
# swapped): each refused or imported, never a crash or a hang
python3 - "$own" "$work" <<'PY'
import json, random, sys
random.seed(34)
base = json.load(open(sys.argv[1], encoding="utf-8"))
def mutate(x, depth=0):
    if isinstance(x, list) and x and random.random() < 0.7:
        i = random.randrange(len(x))
        r = random.random()
        if r < 0.15:
            del x[i:]
        elif r < 0.3:
            x[i] = random.choice([None, "p", "x1", "1515p15", -1, 10**9, [], {}])
        else:
            x[i] = mutate(x[i], depth + 1)
        return x
    if isinstance(x, dict):
        for k in x:
            if random.random() < 0.5:
                x[k] = mutate(x[k], depth + 1)
        return x
    if isinstance(x, int):
        return random.choice([x + 1, x - 1, 0, 60, 53, 99, -5, 2**31])
    if isinstance(x, str):
        return random.choice(["", "r60", "k51151515", "161616a16", x[::-1],
                              "c275226", x + "9"])
    return x
for n in range(300):
    d = json.loads(json.dumps(base))
    for _ in range(random.randint(1, 3)):
        mutate(d)
    open("%s/fuzz%03d.json" % (sys.argv[2], n), "w").write(json.dumps(d))
PY
bad=0
for f in "$work"/fuzz*.json; do
  timeout 10 "$hule" import "$f" >/dev/null 2>&1; rc=$?
  if [ "$rc" -gt 1 ]; then echo "FAIL: $f: exit $rc"; bad=1; fail=1; fi
done
[ "$bad" -eq 0 ] && echo "ok   300 mutated logs: each refused or imported, no crash"
# red fives in calls: a chow that takes the hand's red five, a pon of
# two plain fives later added to with the red one (its kakan's pai red,
# the pon's consumed plain), exported and imported again
cat > "$work/red.lua" <<'LUA'
local g = mj.game {
  ruleset = "riichi", seed = 7,
  hands = { "45m1199m1199p199s", "0556m123p789s122z",
            "2378m2378p2378s3z", "1234567z1379m13p" },
  draws = "7z1z2z3z4z",
}
if arg[2] == "chi" then     -- then both plain fives thrown
  g:act("E", "d 4m") g:act("S", "chi 406m") g:act("S", "d 5m") g:pass()
  for _, p in ipairs { "W", "N", "E" } do
    g:act(p, "d " .. g:last_draw()) g:pass()
  end
  g:act("S", "d 5m") g:pass()
else
  g:act("E", "d 5m") g:act("S", "pon") g:act("S", "kong 5m")
end
g:play("efficiency")
g:save(arg[1])
LUA
for k in chi pon; do
  "$hule" run "$work/red.lua" "$work/red_$k.jsonl" $k >/dev/null 2>&1 ||
    { echo "FAIL: the red $k game"; fail=1; }
  check 0 "" export --mjai "$work/red_$k.jsonl" --out "$work/red_$k.mjai"
  check 0 "every result the same" import "$work/red_$k.mjai"
done
python3 - "$work/red_chi.mjai" "$work/red_pon.mjai" <<'PY' || fail=1
import json, sys
def calls(path):
    return [e for e in map(json.loads, open(path, encoding="utf-8"))
            if e["type"] in ("chi", "pon", "kakan") and e["actor"] == 1]
chi, pon = calls(sys.argv[1]), calls(sys.argv[2])
assert chi[0]["consumed"] == ["5mr", "6m"], chi[0]
assert pon[0]["consumed"] == ["5m", "5m"], pon[0]
assert pon[1]["type"] == "kakan" and pon[1]["pai"] == "5mr", pon[1]
assert pon[1]["consumed"] == ["5m", "5m", "5m"], pon[1]
print("ok   red fives in calls: chi 406m, a plain pon, its kakan with 5mr")
PY
# the real games
logs=$shared/logs/tenhou6
if [ -d "$logs" ]; then
  for f in "$logs"/*.json; do
    case $(basename "$f") in
    confusing_nakis_1.json)
      check 1 "round 1 (East 2, 2 honba): seat 0's delta: the log has +1600, the replay +2600" import "$f" ;;
    confusing_nakis_2.json)
      check 1 "round 1 (East 1, 0 honba): a win's result is [who, from, pao, points text, yaku...]: this one has no points text" import "$f" ;;
    *)
      check 0 "every result the same" import "$f" --out "$work/real.jsonl"
      check 0 "Review of" review "$work/real.jsonl"
      check 0 "" export --mjai "$work/real.jsonl" --out "$work/real.mjai"
      check 0 "every result the same" import "$work/real.mjai" ;;
    esac
  done
else
  echo "skipped: $logs is absent (the real games live beside the project, in ../shared)"
fi
exit $fail
