#!/bin/sh
# Three-player riichi (riichi-sanma, RULES-sanma.md) as a user meets it:
# check clean, hands scored with kita=, a wall without 2m-8m, 10,000
# simulated hands whose points and sticks stay constant, a hand played at
# the REPL with a North set aside then saved, replayed, viewed and
# reviewed, the Mahjong Soul preset's self-draw, the words in Chinese.
# Usage: sanma.sh HULE WORKDIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
hule=$1
mkdir -p "$2" && cd "$2" || exit 1
fail=0
. "$here/checks.sh"
h() { "$hule" "$@" 2>&1; }

for id in riichi-sanma riichi-sanma-majsoul; do
  has "$(h check $id)" ", 0 problems" "check $id is clean"
done

# hands: kita a dora each, the dora after 1m is 9m and after 9m 1m, a
# North pung no yakuhai, what the wall lacks refused
got=$(printf '%s\n' \
  "123p22567p234567s win=7s riichi seat=S kita=2" \
  "99m123p456p789s123s win=3s seat=S riichi dora=1m" \
  "11m123p456p789s123s win=3s seat=S riichi dora=9m" \
  "444z123p456p789s11s win=1s riichi seat=S" \
  "123p22567p234567s win=7s riichi seat=S kita=5" \
  "123m22567p234567s win=7s riichi seat=S" \
  "11m123p456p789s123s win=3s seat=S riichi dora=8m" \
  "123p22567p234567s win=7s riichi self seat=S" \
  | h --ruleset riichi-sanma score --batch)
want=$(printf '%s\n' \
  "7700	立直,平和,抜きドラx2	4han 30fu" \
  "5200	立直,ドラx2	3han 40fu" \
  "5200	立直,ドラx2	3han 40fu" \
  "1300	立直	1han 40fu" \
  "ERROR	kita=5: ruleset riichi-sanma allows 0..4" \
  "ERROR	2m is none of ruleset riichi-sanma's tiles (its wall has no 2m)" \
  "ERROR	8m is none of ruleset riichi-sanma's tiles (its wall has no 8m)" \
  "2000	立直,門前清自摸和,平和	3han 20fu")
[ "$got" = "$want" ] && ok "score --batch: kita, the 1m-9m dora, North plain, tsumo loss" ||
  no "score --batch of sanma hands" "$got"
has "$(h --ruleset riichi score '123p22567p234567s win=7s riichi seat=S kita=1')" \
  "unknown context token 'kita='" "kita= is sanma's word, not riichi's"
has "$(h --ruleset riichi-sanma-majsoul score '123p22567p234567s win=7s riichi self seat=S')" \
  "total:   2800" "Mahjong Soul: no tsumo loss (the absent 700 split, 400 each)"
has "$(printf 'use riichi-sanma\nhelp context\n' | h)" "kita=N" \
  "help context names kita="
has "$(printf 'use riichi-sanma\nhelp context\n' | h --lang zh_CN)" "拔出的北" \
  "... in Chinese"

# 10,000 hands: three payments and the sticks summing to zero, kita taken
if h sim --ruleset riichi-sanma --games 10000 --seed 11 --out s.jsonl --jobs 2 > sim.txt &&
   python3 - s.jsonl <<'PY'
import json, sys
n = kita = 0
for line in open(sys.argv[1]):
    o = json.loads(line)
    assert len(o["pay"]) == 3, o
    assert sum(o["pay"]) + o.get("pot", 0) == 0, o
    for w in o["wins"]:
        kita += "抜きドラ" in json.dumps(w, ensure_ascii=False)
    n += 1
assert n == 10000 and kita > 100, (n, kita)
PY
then ok "10,000 sanma hands: the points and sticks constant, kita won with"
else no "10,000 sanma hands" "$(tail -3 sim.txt)"; fi
# whole matches: 105000 with the sticks, placement from 40000 with +15/0/-15
if h sim --ruleset riichi-sanma --games 20 --matches --seed 3 --out m.jsonl > /dev/null &&
   python3 - m.jsonl <<'PY'
import json, sys
ends = [json.loads(l) for l in open(sys.argv[1]) if '"places"' in l]
assert len(ends) == 20
for o in ends:
    assert sorted(o["places"]) == [1, 2, 3], o
PY
then ok "20 sanma matches end with three places"
else no "sanma matches" "$(tail -2 m.jsonl)"; fi

# bots= at a three-player table: one kind, or one for each of the two
# other seats; three kinds are refused and the game in play is kept
out=$(printf 'new riichi-sanma seed=3\nnew riichi-sanma bots=strong,efficiency,random\ntable\nnew riichi-sanma seed=5 bots=efficiency,random\n' |
  h --ascii 2>&1)
has "$out" "'bots=strong,efficiency,random': one kind, or one for each of the 2 other players of riichi-sanma, not more" \
  "three bot kinds at three seats refused"
[ "$(printf '%s\n' "$out" | grep -c '^Hand 1 of riichi-sanma (seed 3)')" -eq 1 ] &&
  [ "$(printf '%s\n' "$out" | grep -c '^Hand 1 of riichi-sanma (seed 5)')" -eq 1 ] &&
  ok "the refused bots= changed nothing; two kinds dealt" ||
  no "bots= at sanma" "$out"

# the REPL: a North set aside, the hand played out, saved, read back
rm -f k.jsonl
printf 'new riichi-sanma seed=3\ndeclare kita\nauto\nsave k.jsonl\n' |
  h --ascii > repl.txt
has "$(cat repl.txt)" "You set 4z aside" "declare kita at the REPL"
has "$(cat repl.txt)" "set aside: 4z" "the row shows the North set aside"
grep -q '"ev":"aside","p":0,"tile":"4z"' k.jsonl &&
  ok "the log keeps the set-aside" || no "the set-aside in the log" "$(head -5 k.jsonl)"
out=$(printf 'replay k.jsonl\ngoto end\n' | h --ascii)
if printf '%s' "$out" | grep -q "Error"; then no "replay of a sanma hand" "$out"
else has "$out" "set aside: 4z" "the saved hand replays, the North shown"; fi
out=$(h review k.jsonl)
has "$out" "decisions differ from the strong bot's" "review of a sanma hand"
h view k.jsonl --out k.html > /dev/null
grep -q '"x":"4z"' k.html && ok "view: the page shows the North set aside" ||
  no "view of the set-aside" "$(grep -o '"x":[^,]*' k.html | head -2)"
sed 's/"ev":"aside","p":0,"tile":"4z"/"ev":"aside","p":1,"tile":"4z"/' k.jsonl > e.jsonl
has "$(h review e.jsonl)" "Error" "an edited set-aside is refused"
# a set-aside declaration written wrong: each refused at its file, saying why
decl() {   # decl FIELDS: check's verdict on riichi with that declaration
  printf 'local R = mj.extend("riichi", { id = "d%s",\n  context_words = { { "kita", max = 4 } } })\nR.declarations = { { "kita", %s } }\nreturn R\n' "$2" "$1" > "d$2.lua"
  h check "d$2.lua"
}
has "$(decl 'when = "turn", aside = "9z", word = "kita"' 1)" \
  "aside is the kind set aside, a tile such as" "aside naming no tile refused"
has "$(decl 'when = "turn", aside = "1f", word = "kita"' 2)" \
  "aside is the kind set aside" "a flower to set aside refused"
has "$(decl 'when = "turn", aside = "4z", word = "nope"' 3)" \
  "word 'nope' is none of the ruleset's context_words" "an undeclared word refused"
has "$(decl 'when = "turn", word = "kita"' 4)" "word goes with aside" \
  "a word without aside refused"
has "$(decl 'when = "deal", aside = "4z"' 5)" "set aside in one's turn" \
  "a set-aside outside one's turn refused"
has "$(decl 'when = "turn", aside = 44' 6)" "aside is the kind set aside" \
  "aside given a number refused"
printf 'local R = mj.extend("riichi-sanma", { id = "d7" })\nR.declarations = { { "kita2", when = "turn", aside = "5m" } }\nreturn R\n' > d7.lua
has "$(h check d7.lua)" "the table holds no 5m to set aside" \
  "a kind the wall lacks refused"
has "$(h check d1.lua)" "d1.lua:" "... named at the ruleset's file"

# a tenhou.net/6 log of three players (written from the format, the
# fourth seat empty): a North set aside and won after, a ron with honba
log6=$here/data/tenhou6_sanma.json
out=$(h import "$log6" --out imp.jsonl)
has "$out" "2 rounds replayed through riichi-sanma, every result the same" \
  "a three-player tenhou.net/6 log imported"
has "$(grep -c '"ev":"aside"' imp.jsonl)" "1" "... its North set aside kept"
has "$(h review imp.jsonl)" "scores             38700  37300  29000" \
  "the imported match reads back, three scores"
python3 - "$log6" <<'PY'
import json, sys
o = json.load(open(sys.argv[1]))
def w(name, f):
    x = json.loads(json.dumps(o)); f(x); json.dump(x, open(name, "w"))
w("bad_fourth.json", lambda x: x["log"][0][13].extend([11] * 13))
w("bad_kyoku.json", lambda x: x["log"][0][0].__setitem__(0, 3))
w("bad_delta.json", lambda x: x["log"][0][16][1].__setitem__(1, -5000))
w("bad_kita.json", lambda x: x["log"][0][9].insert(0, "f44") or
  x["log"][0][8].insert(1, 38))
PY
has "$(h import bad_fourth.json)" "leaves the fourth seat empty" \
  "a fourth seat dealt tiles in a three-player log refused"
has "$(h import bad_kyoku.json)" "names seat 3 as the dealer: the table has 3" \
  "a dealer of the absent seat refused"
has "$(h import bad_delta.json)" "seat 1's delta: the log has -5000" \
  "an edited delta refused"
has "$(h import bad_kita.json)" "setting \"f44\" aside is not legal" \
  "a North set aside by a seat that holds none refused"
exit $fail
