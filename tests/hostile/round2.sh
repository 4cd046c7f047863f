#!/bin/sh
# The hostile set, second round: each section is a finding of the second
# trust review (issue "Trust, second round"), attacked as it was found.
# Usage: round2.sh HULE SRCDIR WORKDIR
set -u
hule=$1
src=$2
mkdir -p "$3" && cd "$3" || exit 1
rm -rf ./* ./.hule-* 2>/dev/null
here=$src/tests/hostile
. "$here/lib.sh"
hand='11122233344455z win=5z'

# -- 1. a sandboxed scenario reaches no file -----------------------------
expect_err 0 "listed" "$hule" run "$here/sandbox_api.lua" list
expect_err 0 "$(printf 'refused\t3')" "$hule" run --sandbox "$here/sandbox_api.lua" attack
[ -z "$(ls -d pwned* /tmp/pwned-3 2>/dev/null)" ] && ok "no function of the sandbox wrote a file" \
  || bad "the sandbox wrote: $(ls -d pwned* /tmp/pwned-3 2>/dev/null)"
echo keep > target.jsonl
printf 'local g = mj.game { ruleset = "mcr", seed = 3 }\ng:play()\ng:save(arg[1])\n' > saver.lua
expect_err 1 "saver.lua:3: g:save: a sandboxed script cannot write files" "$hule" run --sandbox saver.lua target.jsonl
[ "$(cat target.jsonl)" = keep ] && ok "the file named on the command line is untouched" \
  || bad "the sandboxed save replaced target.jsonl"

# -- 3. writers replace regular files only ---------------------------------
mkfifo fifo
mknod chr c 1 3 2>/dev/null || ln -s /dev/null chr     # a device node if we may
mkdir dir
for t in fifo chr dir; do
  expect_err 1 "cannot write $t: it is a" "$hule" sim --games 2 --out $t
  out=$(printf 'new seed=5\nsave %s\n' $t | timeout 10 "$hule" 2>&1)
  printf '%s' "$out" | grep -q "Error: cannot write $t: it is a" && ok "save onto $t refused" \
    || bad "save onto $t: $(printf '%s' "$out" | tail -2)"
  printf 'local g = mj.game { ruleset = "mcr", seed = 3 }\ng:save(arg[1])\n' > s.lua
  expect_err 1 "cannot write $t: it is a" "$hule" run s.lua $t
done
[ -p fifo ] && { [ -c chr ] || [ -L chr ]; } && [ -d dir ] && ok "the special files are still what they were" \
  || bad "a special file was replaced: $(ls -l fifo chr dir)"
mkdir home; mkfifo home/.hule_history
out=$(echo 'help' | HOME=$PWD/home timeout 10 "$hule" 2>&1)
[ -p home/.hule_history ] && ok "a FIFO as the history file is left alone" || bad "the history FIFO was replaced"

# -- 2. loops inside C library calls meet the budgets and Ctrl-C ----------
expect_err 1 "cloop_move.lua:3: instruction budget" "$hule" --ruleset "$here/cloop_move.lua" score "$hand"
expect_err 1 "cloop_rep.lua:3: instruction budget" "$hule" --ruleset "$here/cloop_rep.lua" score "$hand"
t0=$(now)
expect_err 1 "the test of fan 'Sorter': $here/cloop_sort.lua:6: instruction budget" "$hule" --ruleset "$here/cloop_sort.lua" score "$hand"
t0=$(now)
expect_err 1 "cloop_compare.lua:7: time budget of 5 s" "$hule" --ruleset "$here/cloop_compare.lua" score "$hand"
s=$(elapsed "$t0")
awk "BEGIN { exit !($s < 6.0) }" && ok "a 5 s budget of long C operations ends in $s s" \
  || bad "a 5 s budget of long C operations ended after $s s"
for c in 'concat:table.concat(t, "", 1, 1000)' 'insert:table.insert(t, 1, "y")' \
         'remove:table.remove(t, 1); t[#t + 1] = "x"' \
         'unpack:table.unpack(t, 1, 900000)' 'utf8:utf8.len(u)' \
         'byte:u:byte(1, 200000)' 'upper:u:upper()' 'sub:u:sub(2)' \
         'format:string.format("%s%s", u, u)' 'concat2:local _ = u .. u'; do
  name=${c%%:*}; code=${c#*:}
  { echo 'local t = {} for i = 1, 1000 do t[i] = "x" end'
    echo 'local u = ("é"):rep(1e6)'
    echo "for k = 1, 1e12 do $code end"
    echo 'return mj.ruleset { id = "c" }'; } > "c_$name.lua"
  t0=$(now)
  expect_err 1 "c_$name.lua:3: instruction budget" "$hule" --ruleset "c_$name.lua" score "$hand"
  s=$(elapsed "$t0")
  awk "BEGIN { exit !($s < 21.0) }" || bad "$name: the 20 s load budget ended after $s s"
done
expect_err 1 "cloop_scenario.lua:2: instruction budget" "$hule" run --sandbox "$here/cloop_scenario.lua"
out=$(timeout 60 "$hule" sim --games 1 --fallback-ok --bots "lua:$src/tests/bots/cloop.lua,efficiency,efficiency,efficiency" 2>&1)
printf '%s' "$out" | grep -q "cloop.lua:2: instruction budget" && ok "a Lua bot's C loop meets its budget" \
  || bad "a Lua bot's C loop: $(printf '%s' "$out" | head -3)"
# Ctrl-C reaches them: the REPL's own Lua has no budget
( printf 'lua table.move({}, 1, 1e15, 1)\nlua print("after move")\n'
  printf 'lua local t = {} for i = 1, 3e6 do t[i] = -i end table.sort(t)\nlua print("after sort")\n'
  sleep 8 ) | "$hule" > cc.out 2>&1 &
pid=$!
sleep 1; kill -INT $pid; sleep 2.5; kill -INT $pid; wait
grep -q "after move" cc.out && grep -q "after sort" cc.out && [ "$(grep -c interrupted cc.out)" = 2 ] \
  && ok "Ctrl-C stops a loop inside table.move and table.sort" || bad "Ctrl-C in C loops: $(cat cc.out)"

# -- 4. exact money ------------------------------------------------------
expect_err 1 "money.lua:5: a payment of 1000000 from seat 1 to seat 2 would take a score past 1000000000" \
  "$hule" sim --ruleset "$here/money.lua" --games 3
"$hule" sim --ruleset "$here/money_big.lua" --games 40 --bots random --out big.jsonl > big.sum 2>&1
"$hule" --ruleset "$here/money_big.lua" stats big.jsonl > big.stats 2>&1
for f in big.sum big.stats; do
  line=$(grep '^2 ' $f)
  printf '%s' "$line" | grep -q '+998999999.[0-9]* ± 0.00' && ok "$f: the largest nets sum exactly: $line" \
    || bad "$f: seat 2's net: $line"
done
python3 - big.jsonl > zs.jsonl <<'PY'
import json, sys
for l in open(sys.argv[1]):
    o = json.loads(l); o["pay"][0] += 1; print(json.dumps(o)); break
PY
expect_err 1 "not zero-sum" "$hule" --ruleset "$here/money_big.lua" stats zs.jsonl

[ $fail -eq 0 ] && echo "round2: all passed"
exit $fail
