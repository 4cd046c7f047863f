#!/bin/sh
# A game's own Lua locals (lua/locals.c): what a ruleset's hooks assign
# to the file's locals belongs to the game that assigned it, and every
# game starts from the values the file left at load. So game G of a sim
# played alone is the line the run printed, the hands of a REPL session
# replay as they were played (none "edited"), and check finds no state
# kept from game to game. A table only the file's locals reach is the
# game's own too (copied, its sharing kept); a table of R changed in
# place is shared, and check says so.
# Usage: locals.sh HULE WORKDIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
hule=$1
mkdir -p "$2" && cd "$2" || exit 1
fail=0
. "$here/checks.sh"
mkdir -p rules
# a count in a file-level local: every second hand would pay 1
cat > rules/carry.lua <<'LUA'
local R = mj.extend("mcr", { id = "carry" })
local n = 0
R.on_end = function(g)
  n = n + 1
  if n % 2 == 0 then g:pay(1, 2, 1, "odd") end
end
return R
LUA
# a hand's table: nil at load, made by the first draw of each hand
cat > rules/seen.lua <<'LUA'
local R = mj.extend("mcr", { id = "seen" })
local seen
R.on_draw = function(g, p, tile)
  seen = seen or {}
  seen[#seen + 1] = tile
end
R.on_end = function(g)
  if seen and #seen > 70 then g:pay(1, 2, #seen - 70, "long") end
end
return R
LUA
# a table made at load, changed in place: each game's own copy
cat > rules/table.lua <<'LUA'
local R = mj.extend("mcr", { id = "table" })
local t = { n = 0 }
R.on_end = function(g)
  t.n = t.n + 1
  if t.n % 2 == 0 then g:pay(1, 2, 1, "odd") end
end
return R
LUA
# tables sharing a table, and a cycle: one object in each game's copy
cat > rules/alias.lua <<'LUA'
local R = mj.extend("mcr", { id = "alias" })
local a = { n = 0 }
local b = { a = a }
b.self = b
local draws = {}
R.on_draw = function(g, p, tile)
  b.self.a.n = b.self.a.n + 1
  draws[#draws + 1] = tile
end
R.on_end = function(g)
  if a.n ~= #draws then g:pay(1, 2, 1, "split") end
  if #draws > 200 then g:pay(1, 2, 1, "kept") end
end
return R
LUA
# a table as another's key: each game gets a copy made whole (the
# tables at load cannot be put back in place)
cat > rules/keys.lua <<'LUA'
local R = mj.extend("mcr", { id = "keys" })
local k = { }
local m = { [k] = 0 }
R.on_draw = function(g) m[k] = m[k] + 1 end
R.on_end = function(g)
  local n = 0
  for key, v in pairs(m) do n = n + 1 end
  if n ~= 1 or m[k] > 200 then g:pay(1, 2, 1, "kept") end
end
return R
LUA
# a table R holds (its options) changed in place: one for every game
cat > rules/shared.lua <<'LUA'
local R = mj.extend("mcr", { id = "shared" })
local count = R.opt
R.on_end = function(g)
  count.n = (count.n or 0) + 1
  if count.n % 2 == 0 then g:pay(1, 2, 1, "odd") end
end
return R
LUA
for rs in carry seen table alias keys; do
  "$hule" --rules rules sim --ruleset $rs --games 6 --seed 5 --out $rs.jsonl \
    > /dev/null 2>&1 || no "$rs: sim ran" "$(cat $rs.jsonl | head -3)"
  same=0
  for g in 0 1 2 3 4 5; do
    "$hule" --rules rules sim --ruleset $rs --game $g --seed 5 --out one.jsonl \
      > /dev/null 2>&1
    a=$(grep "^{\"game\":$g," $rs.jsonl)
    b=$(head -1 one.jsonl)
    [ -n "$a" ] && [ "$a" = "$b" ] && same=$((same + 1))
  done
  [ $same -eq 6 ] && ok "$rs: each of 6 games played alone is the run's line" ||
    no "$rs: games alone as in the run" "$same of 6 the same"
done
grep -q '"odd"' carry.jsonl && no "carry: each game counts from 0" \
  "$(grep -c odd carry.jsonl) games paid 'odd'" ||
  ok "carry: each game counts from the file's 0 (none pays 'odd')"
grep -q '"long"' seen.jsonl && ok "seen: a hand's own table, made in a hook" ||
  no "seen: hands over 70 draws pay 'long'" "$(head -c 300 seen.jsonl)"
grep -q '"odd"' table.jsonl && no "table: each game's own copy" \
  "$(grep -c odd table.jsonl) games paid 'odd'" ||
  ok "table: a table made at load counts from 0 in each game"
grep -q '"kept"' keys.jsonl && no "keys: a copy per game" "$(head -c 300 keys.jsonl)" ||
  ok "keys: a table keyed by a table is copied whole for each game"
grep -q '"split"\|"kept"' alias.jsonl && no "alias: one copy per game, shared as at load" \
  "$(head -c 300 alias.jsonl)" ||
  ok "alias: a table reached two ways (and a cycle) is one object in each game"
"$hule" --rules rules sim --ruleset alias --games 40 --seed 9 --jobs 2 \
  --out alias40.jsonl > /dev/null 2>&1
grep -q '"split"\|"kept"' alias40.jsonl && no "alias: 40 games in two processes" \
  "$(grep -c 'split\|kept' alias40.jsonl)" ||
  ok "alias: 40 games, each from the load's tables"
# the REPL: three hands in one session, saved, read back whole (a count
# in a local, then in a table made at load)
for rs in carry table; do
  (printf 'new %s seed=2\n' $rs; for i in 1 2; do printf 'auto\nnext\n'; done
   printf 'auto\nsave m.jsonl\n') | "$hule" --rules rules --ascii > out.txt 2>&1
  out=$("$hule" --rules rules review m.jsonl 2>&1)
  if printf '%s' "$out" | grep -qi "error\|edited"; then
    no "$rs: a session's hands replay as played" "$(printf '%s' "$out" | head -5)"
  else
    ok "$rs: a session's three hands replay as played (review reads the match)"
  fi
  grep -q '"odd"' m.jsonl && no "$rs: the session's hands count from 0" "odd paid" ||
    ok "$rs: the session's hands each count from 0"
done
has "$("$hule" --rules rules check rules/carry.lua 2>&1)" "0 problems" \
  "check: a local the hooks change is no state kept from game to game"
has "$("$hule" --rules rules check rules/table.lua 2>&1)" "0 problems" \
  "check: a table made at load, changed in place, is each game's own"
has "$("$hule" --rules rules check rules/shared.lua 2>&1)" \
  "the ruleset keeps state from game to game" \
  "check: a table of R changed in place is found"
# a file whose data nearly fills its state: loaded, or refused by the
# memory limit, never a crash
cat > rules/big.lua <<'LUA'
local R = mj.extend("mcr", { id = "big" })
local t = {}
for i = 1, 560000 do t[i] = { i } end
R.on_end = function(g) if t[1][1] == 0 then g:pay(1, 2, 1, "x") end end
return R
LUA
out=$("$hule" --rules rules --ruleset big score 123m456p789s11z55m+5m 2>&1)
has "$out" "memory limit" "a ruleset too large for its state refused, saying why"
exit $fail
