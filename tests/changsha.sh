#!/bin/sh
# 长沙麻将 at the command line: a hand with an open kong won by two
# players on its two tiles is saved, opened and replayed, and a log whose
# win names a tile it did not win on is refused; the REPL offers the
# declarations, the 海底 and 开杠 in words; 2,000 games are zero-sum.
# Usage: changsha.sh HULE SRCDIR WORKDIR
set -u
hule=$1; src=$2
mkdir -p "$3" && cd "$3" || exit 1
fail=0
has() {   # has TEXT NAME: the last output holds TEXT
  if printf '%s' "$out" | grep -qF -- "$1"; then echo "ok   $2"
  else echo "FAIL: $2: no '$1' in:"; printf '%s\n' "$out" | tail -5; fail=1; fi
}
cat > open8.lua <<'LUA'
local g = mj.game { ruleset = "changsha",
  hands = { "1133m5577p2p4466s", "1689m1389p12399s", "444m123p567p5578s",
            "678789m456p5579s" }, draws = "9m1m4m6m3s", tail = "2p8s" }
g:pass()
g:act("E", "d 9m") g:pass()
g:act("S", "d 1m") g:pass()
g:act("W", "kaigang 4m")
g:act("N", "hu 8s") g:act("E", "hu 2p")
g:save(arg[1])
LUA
rm -f open8.jsonl
"$hule" run open8.lua open8.jsonl && [ -s open8.jsonl ] && echo "ok   the script saves" ||
  { echo "FAIL: the script did not save"; fail=1; }
out=$(printf 'replay open8.jsonl\ngoto end\n' | "$hule" --ascii 2>&1)
has "Across pays you 25 (win)" "the replay settles East's win on 2p"
has "Across pays Left 6 (win)" "and North's on 8s"
out=$(printf 'open open8.jsonl\n' | "$hule" --ascii 2>&1)
has "opened open8.jsonl: changsha" "the log opens"
grep -q '"act":"win","p":3,"tile":"8s"' open8.jsonl && echo "ok   the win names its tile" || { echo "FAIL: no win tile"; fail=1; }
# a win claimed on the other tile: refused at its line
sed 's/"act":"win","p":3,"tile":"8s"/"act":"win","p":3,"tile":"2p"/' open8.jsonl > doctored.jsonl
out=$(printf 'replay doctored.jsonl\n' | "$hule" --ascii 2>&1)
has "line" "a win on a tile the player cannot win on is refused"
sed 's/"act":"win","p":3,"tile":"8s"/"act":"win","p":3,"tile":"zz"/' open8.jsonl > badtile.jsonl
out=$(printf 'replay badtile.jsonl\n' | "$hule" --ascii 2>&1)
has "is not a tile" "a win's tile that is no tile is refused"
# its points are 分
out=$("$hule" score --ruleset changsha '234567m345p55678s win=5s self niao=2' 2>&1)
has "total:   6 分" "the ruleset names its unit"
# the REPL in words: the declaration offered, the pass
out=$(printf 'new changsha seed=216\ndeclare 天胡\ndeclare 起手胡\n' | "$hule" --ascii 2>&1)
has "Before play you may declare: 起手胡" "the declaration is offered"
has "no declaration '天胡' in these rules; there are: 起手胡" "a wrong one is named"
has "Right pays you 3 (起手胡 六六顺)" "the declaration is paid"
out=$(printf 'new changsha seed=34\n' | "$hule" --ascii 2>&1)
has "Left   N      13 (13 tiles) showing 3446699m467779s" "a 起手胡's tiles are shown to all"
out=$(printf 'new changsha seed=216\npass\n' | "$hule" --ascii 2>&1)
has "Your turn, you drew" "a pass goes on to play"
# your own 开杠 at the table: a game saved at it, opened, won on a tile
cat > mine.lua <<'LUA'
local g = mj.game { ruleset = "changsha",
  hands = { "7777p234567m557s", "1469m1469p13569s", "2358m2358p23689s",
            "1469m1468p14679s" }, draws = "6s", tail = "9m5s" }
g:pass()
g:act("E", "kaigang 7p")
g:save(arg[1])
LUA
"$hule" run mine.lua mine.jsonl || { echo "FAIL: mine.lua"; fail=1; }
out=$(printf 'open mine.jsonl\nhu 5s\n' | "$hule" --ascii 2>&1)
has "Your 开杠 turned up 9m 5s: hu 5s or pass" "your 开杠's tiles, at the prompt"
has "杠上开花" "won on one"
# 2,000 games, each zero-sum, 开杠 and 海底 among them
"$hule" sim --ruleset changsha --games 2000 --out games.jsonl > sim.txt 2>&1 ||
  { echo "FAIL: sim"; fail=1; }
if python3 - games.jsonl <<'PY'
import json, sys
bad = sum(1 for l in open(sys.argv[1]) if sum(json.loads(l)["pay"]) != 0)
sys.exit(1 if bad else 0)
PY
then echo "ok   2,000 games zero-sum"; else echo "FAIL: not zero-sum"; fail=1; fi
out=$(cat sim.txt); has "杠上开花" "开杠 won on"; has "起手胡" "起手胡 paid"
# the birds are named as they are turned, in English and in Chinese
out=$(printf 'new changsha seed=3\nauto\n' | "$hule" --ascii --tiles text 2>&1)
has "bird (扎鸟): 2p turned up, for Right" "a bird turned, named and placed"
out=$(printf 'new changsha seed=3\nauto\n' | "$hule" --lang zh_CN --tiles text 2>&1)
has "扎鸟：翻出 二饼，归下家" "扎鸟 named in Chinese"
exit $fail
