#!/bin/sh
# The table's players (table rule players = 2 | 3 | 4): the deal, the
# turn, the payments, the match and its placement go round the seats the
# ruleset names, in the sim and its statistics, the logs, the REPL's
# table and the scenario scripts; what names a seat the table lacks is
# refused, naming the count.
# Usage: players.sh HULE WORKDIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
hule=$1
mkdir -p "$2" && cd "$2" || exit 1
fail=0
. "$here/checks.sh"
mkdir -p rules logs
cat > rules/three.lua <<'LUA'
local R = mj.extend("riichi", { id = "three",
  table = { players = 3, kinds = "19m123456789p123456789s1234567z",
            tiles = 108, chow = false, start_score = 35000,
            cycles = { "19m", "123456789p", "123456789s", "1234z", "765z" } } })
R.table.uma = { 15, 0, -15 }
R.table.return_score = 40000
return R
LUA
cat > rules/two.lua <<'LUA'
return mj.extend("mcr", { id = "two", table = { players = 2 } })
LUA
h() { "$hule" --rules rules "$@" 2>&1; }

# sim: three rows, three payments a line summing to zero with the pot
out=$(h sim --ruleset three --games 300 --seed 5 --out three.jsonl)
rows=$(printf '%s\n' "$out" | grep -cE '^[1-4] +efficiency')
[ "$rows" = 3 ] && ok "sim of three seats: three rows" || no "sim rows: $rows" "$out"
if python3 - three.jsonl <<'PY'
import json, sys
n = 0
for line in open(sys.argv[1]):
    o = json.loads(line)
    assert len(o["pay"]) == 3 and len(o["bots"]) == 3, o
    assert sum(o["pay"]) + o.get("pot", 0) == 0, o
    assert o["dealer"] in (0, 1, 2), o
    for w in o["winners"]:
        assert 0 <= w < 3, o
    n += 1
assert n == 300
PY
then ok "every game pays three seats, the points and sticks constant"
else no "the sim lines of three seats" "$(head -2 three.jsonl)"; fi
has "$(h stats three.jsonl --plot p.svg)" "300 games from 1 file" \
  "stats reads the three-seat lines"
grep -q "efficiency" p.svg && ok "the plot of a three-seat run" ||
  no "plot of three seats" "$(head -c 300 p.svg)"
has "$(h sim --ruleset three --games 10 --duplicate)" "a multiple of 3" \
  "duplicate plays each wall once a seat: a multiple of 3"
out=$(h sim --ruleset three --games 12 --duplicate --bots strong,efficiency,efficiency)
has "$out" "duplicate: 4 walls, each played 3 times" "duplicate of three seats"
has "$(h sim --ruleset three --games 4 --bots random,random,random,random)" \
  "one kind or one a player (3)" "four bots for three seats refused"
h sim --ruleset three --games 6 --matches --seed 2 --out m.jsonl > /dev/null
if python3 - m.jsonl <<'PY'
import json, sys
ends = [json.loads(l) for l in open(sys.argv[1]) if '"places"' in l]
assert len(ends) == 6, len(ends)
for o in ends:
    assert sorted(o["places"]) == [1, 2, 3], o
PY
then ok "whole matches of three: places 1 to 3"
else no "matches of three" "$(grep places m.jsonl | head -2)"; fi

# two seats
out=$(h sim --ruleset two --games 200 --seed 1 --out two.jsonl)
rows=$(printf '%s\n' "$out" | grep -cE '^[1-4] +efficiency')
[ "$rows" = 2 ] && ok "sim of two seats (MCR)" || no "two seats" "$out"
python3 -c "
import json
for l in open('two.jsonl'):
    o = json.loads(l); assert len(o['pay']) == 2 and sum(o['pay']) == 0, o
" && ok "two seats: each game's payments between the two" ||
  no "two-seat payments" "$(head -1 two.jsonl)"

# logs: the header names three players; a fourth is refused
h sim --ruleset three --games 3 --seed 1 --log logs --log-games 0 > /dev/null
has "$(head -1 logs/game-0.jsonl)" '"players":["efficiency","efficiency","efficiency"]' \
  "the log's header names three players"
out=$(h review logs/game-0.jsonl)
if printf '%s' "$out" | grep -q Error; then no "a three-seat log reads back" "$out"
else ok "a three-seat log reads back (review)"; fi
has "$(h view logs/game-0.jsonl --out v.html && cat v.html | head -c 0)" "" \
  "(view writes its page)"
[ -s v.html ] && ok "view of a three-seat log" || no "view" "$(ls -l v.html)"
sed '1s/"players":\[\("[a-z]*",\)/"players":[\1"x",/; 1s/"scores":\[0,/"scores":[0,0,/' \
  logs/game-0.jsonl > four.jsonl
has "$(h review four.jsonl)" "names 4 players, but three seats 3" \
  "a header naming four seats for a table of three refused"

has "$(h export --mjai logs/game-0.jsonl)" "four-player games" \
  "mjai export of a three-seat game refused, saying why"

# score: the self-draw paid by the two others (tsumo loss), no seat N
out=$(h --ruleset three score "123p22567p234567s win=7s riichi self seat=S")
has "$out" "the dealer 640 x 2 -> 1300, each other 640 x 1 -> 700" \
  "a self-draw at three seats: the dealer's and one other's share"
has "$out" "total:   2000" "... 2000 in all, the absent share not paid"
has "$(h --ruleset three score "123p22567p234567s win=7s riichi self seat=E")" \
  "each of the 2 others 640 x 2 -> 1300" "the dealer's self-draw: two payers"
has "$(h --ruleset three score "123p22567p234567s win=7s riichi seat=N")" \
  "seat=N: ruleset three seats 3 (E, S, W)" "seat N at a table of three refused"
has "$(h sim --ruleset three --games 2 --bots mjai:/bin/cat)" \
  "mjai: bots play four-player riichi" "an mjai bot at a table of three refused"

# the ruleset's own fields and hooks
cat > rules/badu.lua <<'LUA'
local R = mj.extend("riichi", { id = "badu", table = { players = 3 } })
R.table.uma = { 20, 10, -10, -20 }
return R
LUA
has "$(h check rules/badu.lua)" "one whole number a player, 3" \
  "an uma of four places at a table of three refused"
printf 'return mj.extend("mcr", { id = "five", table = { players = 5 } })\n' \
  > rules/five.lua
has "$(h check rules/five.lua)" "players is 2..4" "players = 5 refused"
cat > rules/pay4.lua <<'LUA'
local R = mj.extend("three", { id = "pay4" })
R.on_start = function(g)
  assert(g:players() == 3)
  g:pay(4, 1, 100, "x")
end
return R
LUA
has "$(h sim --ruleset pay4 --games 1)" "a seat is 1..3" \
  "a hook paying seat 4 of three refused, naming the count"
cat > rules/settle3.lua <<'LUA'
local R = mj.extend("two", { id = "settle3" })
R.settle = function(w) return { 8, -4, -4 } end
return R
LUA
has "$(h sim --ruleset settle3 --games 3)" "pays seat 3, but the table has 2" \
  "a settlement paying a seat the table lacks refused"

# scenario scripts: three hands for three seats
cat > deal.lua <<'LUA'
local g = mj.game { ruleset = "three", seed = 3, dealer = "W",
  hands = { "19m123p456p789s11z", "1999m223344p555z", "111p222s333s4449s" } }
print(g:hand(3), #g:scores())
local ok, err = pcall(mj.game, { ruleset = "three",
  hands = { "19m123p456p789s11z", "1999m223344p555z", "111p222s333s4449s",
            "1234567p123456s" }, dealer = "N" })
print(err)
LUA
out=$(h run deal.lua)
has "$out" "111p2223334449s" "mj.game deals three hands (the dealer W draws)"
has "$out" "	3" "three scores"
has "$out" "a player is 1..3 or one of the seat letters E, S, W" \
  "a dealer of seat N at a table of three refused"

# the REPL's table: three rows, payments of three
printf 'new three seed=8\nauto\n' | h --ascii > repl.txt
n=$(grep -cE '^(Left|Right|You|Across) +[ESWN]' repl.txt)
[ "$n" = 6 ] && ok "the REPL's table shows three rows (before and after)" ||
  no "REPL rows: $n" "$(cat repl.txt)"
has "$(grep '^payments:' repl.txt)" "Left" "the payments name the three seats"
if grep -q "Across" repl.txt; then no "no seat across a table of three" "$(cat repl.txt)"
else ok "no seat across a table of three"; fi
exit $fail
