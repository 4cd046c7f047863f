#!/bin/sh
# Taiwanese 16-tile (taiwan, RULES-taiwan.md) as a user meets it: check
# clean, 17-tile hands scored with flowers= and dealer= (the 台 by the
# page's table, each payer's amount after), why, 10,000 simulated hands
# whose scores stay zero-sum, a hand played at the REPL with 16-tile rows
# in 80 columns then saved, replayed, viewed and reviewed, the names in
# traditional characters under zh_TW, hands of the wrong size refused.
# Usage: taiwan.sh HULE WORKDIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
hule=$1
mkdir -p "$2" && cd "$2" || exit 1
fail=0
. "$here/checks.sh"
h() { "$hule" "$@" 2>&1; }

has "$(h check taiwan)" ", 0 problems" "check taiwan is clean"
has "$(h check taiwan 2000 lilgu=true)" "33 fans, 2000 hands scored" \
  "check taiwan with the option lilgu: its fan too"
has "$(h check taiwan 2000 lilgu=true)" ", 0 problems" "check taiwan lilgu=true is clean"
has "$(h --option lilgu=true check taiwan 2000)" "33 fans" "check reads --option"
has "$(h check taiwan lilgu)" "'lilgu' is neither a number of hands nor NAME=VALUE" \
  "check: a word that is no option refused"

# 17-tile hands, the 台 of each by RULES-taiwan.md's table
got=$(printf '%s\n' \
  "123456789m123p789s5z+5z" \
  "123456789m123p789s5z+5z self" \
  "123456m123p789s5z[789m]+5z self" \
  "[123m][456m][789m][123p][789s]5z+5z self" \
  "[123m][456m][789m][123p][789s]5z+5z" \
  "123456789m123p78s55p+9s" \
  "123456789m123p78s55p+9s flowers=1f" \
  "111m222p333s444s777m5z+5z" \
  "111m222p333s444s[777m]5z+5z self" \
  "123456m123p555z66z77z+7z" \
  "123m123p555666777z1s+1s" \
  "123m111222333444z5s+5s" \
  "111222333555666z7z+7z" \
  "123456789m123m789m5m+5m" \
  "123456789m123p789s5z+5z flowers=1256f seat=S" \
  "123456789m123p789s5z+5z flowers=12345678f self" \
  "13579m2468p13579s12z+3z self flowers=12345678f" \
  "13579m2468p13579s12z+3z flowers=12345678f seat=W" \
  "123456789m123p789s5z+5z self first seat=S" \
  "123456789m13p789s55z+2p rob" \
  "123456m123p789s5z{7777m}+5z self kong flowers=2f" \
  "123456789m123p789s55z+5z" \
  "123456789m123p789s+5z" \
  "123456789m5z[789s]+5z" \
  | h --ruleset taiwan score --batch)
want=$(printf '%s\n' \
  "2	門清,獨聽" \
  "4	門清自摸,獨聽" \
  "2	自摸,獨聽" \
  "1	半求" \
  "2	全求人" \
  "3	門清,平胡" \
  "2	門清,正花" \
  "14	門清,獨聽,五暗刻,碰碰胡" \
  "11	自摸,獨聽,四暗刻,碰碰胡" \
  "7	門清,三元牌x2,小三元" \
  "12	門清,獨聽,三暗刻,大三元" \
  "23	門清,獨聽,四暗刻,大四喜" \
  "34	門清,獨聽,三元牌x2,圈風,門風,五暗刻,小三元,字一色" \
  "10	門清,獨聽,清一色" \
  "4	門清,獨聽,正花x2" \
  "18	門清自摸,獨聽,正花x2,花槓x2,八仙過海" \
  "14	正花x2,花槓x2,八仙過海" \
  "14	正花x2,花槓x2,七搶一" \
  "20	門清自摸,獨聽,地胡" \
  "3	門清,獨聽,搶槓" \
  "5	門清自摸,獨聽,槓上開花" \
  "ERROR	wrong tile count: 18 concealed tiles with 0 melds (need 17): +T is the winning tile, so 16 concealed tiles come before it" \
  "ERROR	wrong tile count: 16 concealed tiles with 0 melds (need 17): +T is the winning tile, so 16 concealed tiles come before it" \
  "ERROR	wrong tile count: 11 concealed tiles with 1 melds: a win of ruleset taiwan has 17 tiles (5 sets and a pair)")
[ "$got" = "$want" ] && ok "score --batch: 24 hands, the 台 by the table" ||
  no "score --batch of taiwan hands" "$(printf '%s\n' "$got" | diff - /dev/stdin <<EOF
$want
EOF
)"

# the money after the 台: a discard win, each discarder; a self-draw by
# South with the dealer's 連莊 2 (莊家 1 + 連莊拉莊 4 from the dealer only)
has "$(h --ruleset taiwan score '123456789m123p789s5z+5z seat=S')" \
  "pay:     the discarder, whoever: E (dealer) 600 W 500 N 500" \
  "a discard: 300 + 2 台 x 100, the dealer 1 台 more"
has "$(h --ruleset taiwan score '123456789m123p789s5z+5z self seat=S dealer=2')" \
  "pay:     self-drawn, each payer: E (dealer) 1200 W 700 N 700" \
  "a self-draw: the dealer pays 莊家 and 連莊拉莊 (2 x 2)"
has "$(h --ruleset taiwan --option base=500 --option tai=200 score '123456789m123p789s5z+5z self')" \
  "pay:     self-drawn, each payer: S 1500 W 1500 N 1500" \
  "the options base and tai: 500 + (4 + 1) x 200"
has "$(h --ruleset taiwan score '123456789m123p789s5z+5z dealer=150')" \
  "dealer=150: ruleset taiwan allows 0..99" "dealer= past its max refused"
has "$(h --ruleset mcr score '123456789m123p789s5z+5z')" \
  "a win of ruleset mcr has 14 tiles (4 sets and a pair)" \
  "a 17-tile hand at a 13-tile ruleset refused"
has "$(printf 'use taiwan\nwhy 平胡 123456789m123p78s55p+9s seat=S\n' | h)" \
  "平胡 counts in the chosen reading" "why of a 台"
has "$(printf 'use taiwan\nwhy 平胡 123456789m123p789s5z+5z\n' | h)" \
  "平胡 does not count" "why a 台 does not count"

# the option lilgu (嚦咕嚦咕): seven pairs and a pung win, 8 台, with the
# 台 that ask nothing of the sets; without it such a hand is no win
got=$(printf '%s\n' \
  "11223344556677m88p+8p" \
  "11223344556677m88p+8p self flowers=15f" \
  "11223344556677m77z+7z" \
  "1199m1133p1199s777z5z+5z" \
  "1199m1133p1199s111z5z+5z" \
  "11223355667799m88m+8m" \
  "1122334455778m[888p]+8m" \
  | h --ruleset taiwan --option lilgu=true score --batch)
want=$(printf '%s\n' \
  "9	門清,嚦咕嚦咕" \
  "13	門清自摸,嚦咕嚦咕,正花x2" \
  "14	門清,三元牌,嚦咕嚦咕,混一色" \
  "11	門清,獨聽,三元牌,嚦咕嚦咕" \
  "12	門清,獨聽,圈風,門風,嚦咕嚦咕" \
  "17	門清,嚦咕嚦咕,清一色" \
  "ERROR	not a winning hand")
[ "$got" = "$want" ] && ok "lilgu: seven pairs and a pung scored by the table" ||
  no "lilgu hands" "$(printf '%s\n' "$got" | diff - /dev/stdin <<EOF
$want
EOF
)"
has "$(h --ruleset taiwan score '1199m1133p1199s777z5z+5z')" \
  "not a winning hand" "without lilgu, seven pairs and a pung are no win"
has "$(h --ruleset taiwan --option lilgu=true waits 1199m1133p1199s5777z)" \
  "ready; waits on 5z (3)" "lilgu: the single wait of seven pairs and a pung"
has "$(h --ruleset taiwan --option lilgu=true shanten 11223344556677m8p9s)" \
  "seven pairs and a pung 嚦咕嚦咕: 1-shanten" "lilgu: its shanten"
has "$(h --ruleset taiwan waits 1199m1133p1199s5777z)" \
  "not ready" "without lilgu: no wait"
has "$(printf 'new taiwan seed=4 lilgu=true\nfans\n' | h --ascii)" "嚦咕嚦咕" \
  "new taiwan lilgu=true: a game of the ruleset with the option"
has "$(printf 'new taiwan seed=4 nope=1\n' | h --ascii)" \
  "unknown option 'nope' for ruleset taiwan" "new: an option the ruleset lacks refused"
if h sim --ruleset taiwan --option lilgu=true --games 2000 --seed 5 \
     --out l.jsonl --jobs 2 > lsim.txt &&
   python3 - l.jsonl <<'PY'
import json, sys
n = lilgu = 0
for line in open(sys.argv[1]):
    o = json.loads(line)
    assert sum(o["pay"]) == 0, o
    lilgu += "嚦咕嚦咕" in json.dumps(o["wins"], ensure_ascii=False)
    n += 1
assert n == 2000 and lilgu > 0, (n, lilgu)
PY
then ok "lilgu: 2,000 hands zero-sum, 嚦咕嚦咕 won in play"
else no "lilgu sim" "$(tail -3 lsim.txt)"; fi

# 10,000 hands (2,000 in the quick suite): four payments summing to
# zero, flowers and 連莊 met
games=10000
[ -n "${HULE_QUICK:-}" ] && games=2000
if h sim --ruleset taiwan --games $games --seed 7 --out s.jsonl --jobs 2 > sim.txt &&
   python3 - s.jsonl $games <<'PY'
import json, sys
n = flowers = drawn = 0
games = int(sys.argv[2])
for line in open(sys.argv[1]):
    o = json.loads(line)
    assert len(o["pay"]) == 4, o
    assert sum(o["pay"]) == 0, o
    for w in o["wins"]:
        flowers += "正花" in json.dumps(w, ensure_ascii=False)
    drawn += not o["wins"]
    n += 1
assert n == games and flowers > games / 20 and drawn > games / 200, \
    (n, flowers, drawn)
PY
then ok "$games taiwan hands: zero-sum, 正花 won with, hands drawn"
else no "10,000 taiwan hands" "$(tail -3 sim.txt)"; fi

# the REPL: a hand played out in rows of 80 columns, saved, read back
rm -f t.jsonl
printf 'new taiwan seed=3\nauto\nsave t.jsonl\n' | h --ascii > repl.txt
wide=$(awk 'length($0) > 80' repl.txt | head -3)
[ -z "$wide" ] && ok "the REPL's rows fit 80 columns" || no "rows past 80 columns" "$wide"
has "$(cat repl.txt)" "(16 tiles)" "the others' rows count 16 tiles"
has "$(cat repl.txt)" "flowers: " "the flowers set aside shown in a row"
out=$(printf 'replay t.jsonl\ngoto end\n' | h --ascii)
if printf '%s' "$out" | grep -q "Error"; then no "replay of a taiwan hand" "$out"
else ok "the saved hand replays"; fi
has "$(h review t.jsonl)" "decisions" "review of a taiwan hand"
h view t.jsonl --out t.html > /dev/null && grep -q "taiwan" t.html &&
  ok "view writes the page" || no "view of a taiwan hand" "$(head -c 300 t.html)"
has "$(printf 'new taiwan seed=3\n' | h --lang zh_TW)" "花牌：" \
  "zh_TW: the flowers by name"
has "$(h --lang zh_TW --ruleset taiwan score '123456789m123p789s5z+5z')" \
  "門清" "zh_TW: the 台 names in traditional characters"
# waits of 16 tiles, and of 17 (the discards that leave it ready)
has "$(h --ruleset taiwan waits 1112345678999m123s)" \
  "waits on 1m (1) 2m (3) 3m (3) 4m (3) 5m (3) 6m (3) 7m (3) 8m (3) 9m (1): 23 tiles left" \
  "waits of a 16-tile hand (nine kinds)"
has "$(h --ruleset taiwan waits 1112345678999m1234s)" \
  "discard 4s: waits on 1m (1) 2m (3)" "waits of a 17-tile hand, by discard"
# the quiz deals hands of the table's size
q=$(printf 'use taiwan\nquiz waits seed=3\n' | h | sed -n '/Quiz 1/{n;p}' | tr -d ' ')
n=$(printf '%s' "$q" | tr -cd '0-9' | wc -c)
[ "$n" -eq 16 ] && ok "quiz: a waiting hand of 16 tiles ($q)" || no "quiz at taiwan" "$q"
# mjai speaks 13-tile riichi: a 16-tile table with indicators refuses it
printf 'local R = mj.ruleset { id = "i16", title = "i16", version = "1", shapes = { "standard" }, scoring = "sum",\n  table = { hand = 16, indicators = 1 } }\nR:fan { "a", en = "a", points = 1, shape = "standard", example = "123456789m123p789s5z+5z" }\nR.settle = function(w) return win_payments(w, function() return w.total end) end\nreturn R\n' > i16.lua
printf 'import sys\nfor line in sys.stdin:\n    print("{\\"type\\":\\"none\\"}", flush=True)\n' > none.py
has "$(h sim --ruleset i16.lua --games 1 --bots "mjai:python3 none.py,efficiency,efficiency,efficiency")" \
  "mjai: bots play riichi's hands of 13 tiles; i16 deals 16" "mjai refused at a 16-tile table"
exit $fail
