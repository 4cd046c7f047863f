#!/bin/sh
# The hostile set: rulesets that attack the sandbox and the budgets,
# scripts, edited logs, planted files and Ctrl-C. Each case must end in a
# clear error (or be harmless), promptly, and leave the session as it was.
# Usage: run.sh HULE SRCDIR WORKDIR
set -u
hule=$1
src=$2
mkdir -p "$3" && cd "$3" || exit 1
rm -rf ./* ./.hule-* 2>/dev/null
here=$src/tests/hostile
. "$here/lib.sh"

hand='11122233344455z win=5z'
# -- rulesets: each refused with its file:line, or harmless ----------------
expect_err 1 "abort.lua:4: attempt to index a nil value" "$hule" --ruleset "$here/abort.lua" score "$hand"
expect_err 1 "hang.lua:3: attempt to index a nil value" "$hule" --ruleset "$here/hang.lua" score "$hand"
expect_err 1 "pattern_load.lua:2: instruction budget" "$hule" --ruleset "$here/pattern_load.lua" score "$hand"
expect_err 1 "the test of fan 'Slow': $here/pattern_test.lua:4: instruction budget" "$hule" --ruleset "$here/pattern_test.lua" score "$hand"
expect_err 1 "gc.lua:3: a tile set is read-only" "$hule" --ruleset "$here/gc.lua" score "$hand"
expect_err 1 "gc2.lua:2: attempt to index a nil value" "$hule" --ruleset "$here/gc2.lua" score "$hand"
expect_err 1 "shared_set.lua:2: a tile set is read-only (tried to set 'mask')" "$hule" --ruleset "$here/shared_set.lua" score "$hand"
expect_err 1 "shared_method.lua:5: the table is read-only (tried to set 'tiles')" "$hule" --ruleset "$here/shared_method.lua" score "$hand"
expect_err 0 "大四喜" "$hule" --ruleset "$here/dump.lua" score "$hand"
expect_err 0 "大四喜" "$hule" --ruleset "$here/escape.lua" score "$hand"
expect_err 1 "memory.lua:3): the memory limit of 64 MB" "$hule" --ruleset "$here/memory.lua" score "$hand"
expect_err 1 "rep.lua:1:" "$hule" --ruleset "$here/rep.lua" score "$hand"
expect_err 1 "recursion.lua:1: stack overflow" "$hule" --ruleset "$here/recursion.lua" score "$hand"
expect_err 1 "pcall_budget.lua:2: instruction budget" "$hule" --ruleset "$here/pcall_budget.lua" score "$hand"
expect_err 1 "shadow/riichi.lua:4: instruction budget" "$hule" --rules "$here/shadow" --ruleset riichi-tenhou score "123m456p789s11z 234m win=4m"
expect_err 1 "option flag: 'maybe' is not true or false" "$hule" --ruleset "$here/badoption.lua" --option flag=maybe score "$hand"
expect_err 1 "badoption.lua:1: option flag" "$hule" --ruleset "$here/badoption.lua" --option flag=maybe score "$hand"
expect_err 1 "option caishen given twice" "$hule" --option caishen=5z --option caishen=6z score "$hand"
expect_err 1 "the test of fan 'Boom': $here/raise.lua:2: boom" "$hule" --ruleset "$here/raise.lua" score "$hand"
expect_err 1 "the test of fan 'Odd' returned table" "$hule" --ruleset "$here/returns_table.lua" score "$hand"
expect_err 1 "the test of fan 'Loop': $here/loop.lua:2: instruction budget" "$hule" --ruleset "$here/loop.lua" score "$hand"
expect_err 1 "the test of fan 'Hoard': out of memory (near $here/hoard.lua:7)" "$hule" --ruleset "$here/hoard.lua" score "$hand"
expect_err 1 "hoard.lua:7): the memory limit" "$hule" sim --ruleset "$here/hoard.lua" --games 3

# -- rule errors stop games: never a silent draw or a +0 ------------------
expect_err 1 "seed" "$hule" sim --ruleset "$here/raise.lua" --games 20
expect_err 1 "raise.lua:2: boom" "$hule" sim --ruleset "$here/raise.lua" --games 20
expect_err 1 "raise_claim.lua:7: boom on a discard" "$hule" sim --ruleset "$here/raise_claim.lua" --games 20
expect_err 1 "settle: $here/settle.lua:2: no money" "$hule" sim --ruleset "$here/settle.lua" --games 20
expect_err 1 "loop.lua:2: instruction budget" "$hule" sim --ruleset "$here/loop.lua" --games 20
printf 'new seed=3\nauto\n' > play.in
out=$(timeout 30 "$hule" --ruleset "$here/raise.lua" < play.in 2>&1)
printf '%s' "$out" | grep -qF "the hand stopped on an error of the ruleset raise: the test of fan 'Boom'" \
  && ok "play stops on a rule error" || bad "play did not stop on the rule error: $(printf '%s' "$out" | tail -2)"
out=$(printf 'check %s\ncheck %s\n' "$here/loop.lua" "$here/hang.lua" | timeout 60 "$hule" 2>&1)
n=$(printf '%s\n' "$out" | grep -c "instruction budget")
[ "$n" = 1 ] && printf '%s' "$out" | grep -qF "hang.lua:3: attempt to index a nil value" \
  && ok "check reports a failing callback once" || bad "check: $n budget lines: $(printf '%s' "$out" | head -5)"

# -- one session: refused rulesets change nothing -------------------------
{
  for f in abort hang pattern_load gc gc2 shared_set shared_method memory recursion; do
    echo "load $here/$f.lua"
  done
  echo "use mcr"
  echo "score $hand"
  echo "use bao-shangrao"
  echo "score 123m456p789s111z5m+5m self bao=9s"
  echo "lua print('alive')"
} > session.in
out=$(timeout 120 "$hule" < session.in 2>&1)
printf '%s\n' "$out" | grep -q "^total:   217 fan" && ok "mcr scores 217 after the hostile loads" \
  || bad "mcr after hostile loads: $(printf '%s\n' "$out" | grep '^total' | head -2)"
printf '%s\n' "$out" | grep -q "^total:   8 = " && ok "bao-shangrao scores 8 after the hostile loads" \
  || bad "bao-shangrao after hostile loads: $(printf '%s\n' "$out" | grep '^total' | tail -1)"
printf '%s\n' "$out" | grep -q "^alive" && ok "the session goes on" || bad "the session died"

# -- memory across reloads ------------------------------------------------
cp "$src/rulesets/mcr.lua" house.lua
sed -i 's/id = "mcr"/id = "house"/' house.lua
{
  echo "load house.lua"
  i=0
  while [ $i -lt 1000 ]; do
    echo "lua os.execute('touch -d @$((1700000000 + i)) house.lua')"
    echo "reload"
    i=$((i + 1))
  done
  echo "lua print('peak', io.open('/proc/self/status'):read('a'):match('VmHWM:%s*(%d+)'))"
} > reload.in
peak=$(timeout 300 "$hule" < reload.in 2>&1 | sed -n 's/^peak\t//p')
limit=102400
# AddressSanitizer keeps freed memory in quarantine: no peak to judge
grep -q __asan_init "$hule" 2>/dev/null && limit=1048576
[ -n "$peak" ] && [ "$peak" -lt $limit ] && ok "1000 reloads peak at $peak KB" \
  || bad "1000 reloads: peak '$peak' KB"

# -- logs: edited ones refused, and nothing loaded for them ---------------
# a hand won, so that its total, fans and end can be edited
for seed in 5 6 7 8 9 10 11 12 13 14 15 16; do
  printf 'new seed=%s\nauto\nsave g.jsonl\n' $seed | "$hule" > /dev/null 2>&1
  grep -q '"end":"win"' g.jsonl 2>/dev/null && break
done
grep -q '"end":"win"' g.jsonl || bad "no saved game won"
edit() {   # edit NAME SED-EXPRESSION
  sed "$2" g.jsonl > "$1.jsonl"
}
edit deal 's/"ev":"deal","p":0,"tiles":"[^"]*"/"ev":"deal","p":0,"tiles":"1111m2222p3333s1z"/'
edit total 's/"total":[0-9]*/"total":88/'
edit fans 's/"fans":"[^"]*"/"fans":"大四喜"/'
edit pay 's/"pay":\[[-0-9]*,/"pay":[99,/'
edit drawn 's/"end":"win"/"end":"drawn"/'
grep -v '"ev"' g.jsonl > noev.jsonl
edit digest 's/"digest":"[0-9a-f]*"/"digest":"0123456789abcdef"/'
edit version 's/"version":"[^"]*"/"version":"9.9"/'
edit scores 's/"scores":\[[^]]*\]/"scores":"x"/'
edit path 's/"ruleset":"mcr"/"ruleset":"..\/..\/evil"/'
edit house 's/"ruleset":"mcr"/"ruleset":"house"/'
for f in deal total fans pay drawn noev digest version scores path house; do
  out=$(printf 'open %s.jsonl\nrulesets\n' "$f" | timeout 30 "$hule" 2>&1)
  if printf '%s' "$out" | grep -q "^Error: $f.jsonl: " &&
     ! printf '%s' "$out" | grep -q "^opened" &&
     [ "$(printf '%s\n' "$out" | grep -c '^  [ *] [a-z]')" = 1 ]; then
    ok "edited log '$f' refused: $(printf '%s\n' "$out" | head -1 | cut -c1-90)"
  else
    bad "edited log '$f': $(printf '%s\n' "$out" | head -3)"
  fi
done
printf 'open g.jsonl\n' | "$hule" 2>&1 | grep -q "^opened g.jsonl" && ok "the unedited log opens" \
  || bad "the unedited log does not open"

# -- files: saves never follow a planted link, and keep the mode ----------
echo keep > secret
for pid in $(seq 1 64); do ln -s secret "saved.jsonl.tmp.$pid" 2>/dev/null; done
echo old > saved.jsonl
chmod 600 saved.jsonl
printf 'new seed=5\nsave saved.jsonl\n' | "$hule" > /dev/null 2>&1
[ "$(cat secret)" = keep ] && ok "a planted link is not followed" || bad "the planted link's target was written"
[ "$(stat -c %a saved.jsonl)" = 600 ] && ok "the mode 600 is kept" || bad "mode $(stat -c %a saved.jsonl)"
grep -q '"hule":1' saved.jsonl && ok "the save was written" || bad "the save is missing"
expect_err 1 "cannot write /nonexistent/x.jsonl" "$hule" sim --games 5 --out /nonexistent/x.jsonl
if [ -w /dev/full ]; then
  expect_err 1 "cannot write /dev/full: it is a character device" "$hule" sim --games 5 --out /dev/full
fi
mkdir -p out
"$hule" sim --games 40 --jobs 3 --out out/j.jsonl > /dev/null 2>&1
[ "$(ls -A out)" = j.jsonl ] && ok "--jobs leaves no file behind" || bad "--jobs left: $(ls -A out)"

# -- Ctrl-C --------------------------------------------------------------
( printf 'lua while true do end\nlua print("after loop")\nlua string.rep("a", 30000):find(".-.-.-.-b")\nlua print("after pattern")\n'; sleep 4 ) \
  | "$hule" > cc.out 2>&1 &
pid=$!
sleep 0.5; kill -INT $pid; sleep 0.5; kill -INT $pid; wait
grep -q "after loop" cc.out && grep -q "after pattern" cc.out && grep -q "interrupted" cc.out \
  && ok "Ctrl-C stops Lua and the REPL goes on" || bad "Ctrl-C in the REPL: $(cat cc.out)"
printf 'while true do end\n' > spin.lua
( printf 'run spin.lua\nlua print("after run")\n'; sleep 3 ) | "$hule" > cr.out 2>&1 &
pid=$!
sleep 0.5; kill -INT $pid; wait
grep -q "after run" cr.out && ok "Ctrl-C stops a running script" || bad "Ctrl-C in run: $(cat cr.out)"
"$hule" sim --games 100000 --out int.jsonl > int.sum 2>&1 &
pid=$!
sleep 1; kill -INT $pid; wait $pid
rc=$?
lines=$(wc -l < int.jsonl)
bad_lines=$(python3 -c "
import json,sys
n=0
for l in open('int.jsonl'):
    try: json.loads(l)
    except Exception: n+=1
print(n)" 2>/dev/null || echo 0)
[ $rc -eq 130 ] && grep -q "games in" int.sum && [ "$bad_lines" = 0 ] && [ "$lines" -gt 0 ] \
  && ok "sim on Ctrl-C: exit 130, a summary, $lines whole lines" \
  || bad "sim on Ctrl-C: rc $rc, $lines lines ($bad_lines bad): $(cat int.sum | head -3)"

# -- someone else's scenario, sandboxed ----------------------------------
expect_err 1 "undefined global 'io'" "$hule" run --sandbox "$here/scenario.lua"
[ ! -e pwned ] && ok "the sandboxed scenario wrote nothing" || bad "the sandboxed scenario wrote a file"
expect_err 1 "loads ruleset ids only" "$hule" run --sandbox "$here/scenario_load.lua"

[ $fail -eq 0 ] && echo "hostile: all passed"
exit $fail
