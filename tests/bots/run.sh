#!/bin/sh
# Bots written in Lua that fail, hang, cheat or do not load: the game goes
# on (the efficiency bot decides instead, and the sim says so), a file
# that does not load is refused before the run with its file:line.
# Usage: run.sh HULE DIR
hule=$1; dir=$2; fail=0
for c in error:"error.lua:2: boom" loop:"instruction budget" \
         wrong:"'d 9z' is not among the legal actions"; do
  name=${c%%:*}; piece=${c#*:}
  out=$("$hule" sim --ruleset mcr --games 3 --bots "lua:$dir/$name.lua,efficiency,efficiency,efficiency" 2>&1)
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
exit $fail
