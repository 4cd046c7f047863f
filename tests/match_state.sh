#!/bin/sh
# A ruleset's match numbers (R.match_state): set by a hook, carried from
# hand to hand of a match, written in each hand's log header, checked
# when a match log is read (an edited one refused), carried on by open,
# and refused when a header names more than the ruleset declares.
# Usage: match_state.sh HULE WORKDIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
hule=$1
mkdir -p "$2" && cd "$2" || exit 1
fail=0
. "$here/checks.sh"
mkdir -p rules
cat > rules/mcount.lua <<'LUA'
local R = mj.extend("mcr", { id = "mcount", match_state = { "hands", "spare" } })
R.on_end = function(g) g:match_set("hands", g:match_get("hands") + 1) end
return R
LUA
rm -f m.jsonl m2.jsonl
(printf 'new mcount seed=2\n'; for i in 1 2 3; do printf 'auto\nnext\n'; done
 printf 'auto\nsave m.jsonl\n') | "$hule" --rules rules --ascii > out.txt 2>&1
got=$(grep -o '"match_state":\[[0-9,]*\]' m.jsonl | tr '\n' ' ')
[ "$got" = '"match_state":[1,0] "match_state":[2,0] "match_state":[3,0] ' ] &&
  ok "each hand's header carries the count the hands before it made" ||
  no "match_state in the headers" "$got"
out=$("$hule" --rules rules review m.jsonl 2>&1)
if printf '%s' "$out" | grep -q Error; then no "the match log reads back" "$out"
else ok "the match log reads back (review)"; fi
sed '0,/"match_state":\[2,0\]/s//"match_state":[5,0]/' m.jsonl > e.jsonl
has "$("$hule" --rules rules review e.jsonl 2>&1)" \
  "hand 3: its match_state is not the one the hand before it ended with" \
  "an edited match_state refused, naming the hand"
sed '0,/"match_state":\[1,0\]/s//"match_state":[1,0,7]/' m.jsonl > f.jsonl
has "$("$hule" --rules rules review f.jsonl 2>&1)" \
  "match state 3 is 7: the ruleset names 2" "a number past the ruleset's refused"
(printf 'open m.jsonl\nauto\nnext\nauto\nsave m2.jsonl\n') |
  "$hule" --rules rules --ascii > /dev/null 2>&1
got=$(grep -o '"match_state":\[[0-9,]*\]' m2.jsonl | tail -1)
[ "$got" = '"match_state":[4,0]' ] && ok "open carries the count on" ||
  no "match_state after open" "$got"
cat > rules/bad.lua <<'LUA'
local R = mj.extend("mcr", { id = "bad", match_state = { "Run" } })
return R
LUA
has "$("$hule" --rules rules --ruleset bad score 123m456p789s11z55m+5m 2>&1)" \
  "bad.lua:1: match state 'Run': 1..11 of a-z and _" "a bad name refused at its line"
cat > rules/bad2.lua <<'LUA'
local R = mj.extend("mcr", { id = "bad2" })
R.on_end = function(g) g:match_set("nope", 1) end
return R
LUA
has "$("$hule" --rules rules sim --ruleset bad2 --games 1 2>&1)" \
  "no match state 'nope'" "an undeclared number refused in the hook"
# a ruleset that keeps its own state from game to game, in a table made
# at load and changed in place (its locals are each game's own:
# locals.sh): check says so
cat > rules/carry.lua <<'LUA'
local R = mj.extend("mcr", { id = "carry" })
local t = { n = 0 }
R.on_end = function(g)
  t.n = t.n + 1
  if t.n % 2 == 0 then g:pay(1, 2, 1, "odd") end
end
return R
LUA
XX
  "the ruleset keeps state from game to game" \
  "check finds a ruleset whose Lua keeps state between games"
has "$("$hule" --rules rules check rules/mcount.lua 2>&1)" ", 0 problems" \
  "(match_state is the place for it: no problem)"
exit $fail
