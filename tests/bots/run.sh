#!/bin/sh
# Bots written in Lua that fail, hang, cheat or do not load, and bot
# programs (cmd:) that answer late, wrongly or not at all: the game goes
# on (the efficiency bot decides instead, and the sim says so); a Lua file
# that does not load is refused before the run with its file:line. The
# reference bot program plays whole games.
# Usage: run.sh HULE DIR
hule=$1; dir=$2; fail=0
for c in error:"error.lua:2: boom" loop:"instruction budget" \
         wrong:"'d 9z' is not among the legal actions"; do
  name=${c%%:*}; piece=${c#*:}
  out=$("$hule" sim --ruleset mcr --games 3 --fallback-ok --bots "lua:$dir/$name.lua,efficiency,efficiency,efficiency" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || ! echo "$out" | grep -q "failed a decision.*$piece"; then
    echo "FAIL: $name (exit $rc):"; echo "$out" | head -3; fail=1
  else
    echo "ok   $name: played on"
  fi
done
for c in notfunc:"returns its choose function" syntax:"syntax.lua:4:"; do
  name=${c%%:*}; piece=${c#*:}
  out=$("$hule" sim --ruleset mcr --games 3 --bots "lua:$dir/$name.lua" 2>&1)
  rc=$?
  if [ $rc -ne 1 ] || ! echo "$out" | grep -q "Error: --bots: .*$piece"; then
    echo "FAIL: $name (exit $rc):"; echo "$out" | head -3; fail=1
  else
    echo "ok   $name: refused"
  fi
done
# what a bot sees: its own hand and the public table, nothing else
for rs in mcr bao xuezhan tuidao; do
  out=$("$hule" sim --ruleset $rs --games 30 --seed 5 --bots "lua:$dir/peek.lua" 2>&1)
  if echo "$out" | grep -q "failed a decision"; then
    echo "FAIL: peek under $rs:"; echo "$out" | grep "failed" | head -2; fail=1
  else
    echo "ok   peek under $rs: nothing hidden in sight"
  fi
done
# the worked example plays whole games of every shipped ruleset, never
# failing a decision
for rs in mcr bao xuezhan tuidao; do
  out=$("$hule" sim --ruleset $rs --games 40 --seed 3 --bots "lua:$dir/../../rulesets/bots/shanten.lua,efficiency,efficiency,efficiency" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || echo "$out" | grep -q "failed a decision"; then
    echo "FAIL: the example bot under $rs:"; echo "$out" | head -3; fail=1
  else
    echo "ok   the example bot plays $rs: $(echo "$out" | grep '^1 ' | tr -s ' ' | cut -d' ' -f3-4)"
  fi
done
# bot programs: the reference plays, the misbehaving ones are replaced
py=$(command -v python3)
out=$(timeout 120 "$hule" sim --ruleset xuezhan --games 20 --seed 3 --bots "cmd:$py $dir/ref_bot.py" 2>&1)
rc=$?
if [ $rc -ne 0 ] || echo "$out" | grep -q "failed a decision"; then
  echo "FAIL: the reference bot program (exit $rc):"; echo "$out" | head -3; fail=1
else
  echo "ok   the reference bot program plays 血战 (four of it)"
fi
for rs in mcr tuidao xuezhan; do
  out=$(timeout 120 "$hule" sim --ruleset $rs --games 10 --seed 4 --bots "cmd:$py $dir/bad_bot.py peek" 2>&1)
  if echo "$out" | grep -q "failed a decision"; then
    echo "FAIL: a bot program sees too much under $rs:"; echo "$out" | head -2; fail=1
  else
    echo "ok   a bot program under $rs sees nothing hidden"
  fi
done
for c in slow:"no answer within 200 ms" liar:"'d 9z' is not among the legal" \
         garbage:"an answer is a JSON line" quit:"the program ended" \
         mute:"no answer within 200 ms"; do
  name=${c%%:*}; piece=${c#*:}
  start=$(date +%s)
  out=$(timeout 120 "$hule" sim --ruleset mcr --games 2 --seed 3 --bot-ms 200 --fallback-ok \
        --bots "cmd:$py $dir/bad_bot.py $name,efficiency,efficiency,efficiency" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || ! echo "$out" | grep -q "failed a decision.*$piece"; then
    echo "FAIL: bot program $name (exit $rc):"; echo "$out" | head -3; fail=1
  else
    echo "ok   bot program $name: replaced, $(( $(date +%s) - start )) s"
  fi
done
exit $fail
