#!/bin/sh
# Flow hooks a ruleset misuses: a game handle kept past its hook refuses,
# the hand stops with the file:line and the sim says which game.
# Usage: run.sh HULE DIR
hule=$1; dir=$2
out=$("$hule" sim --ruleset "$dir/stale.lua" --games 50 2>&1)
rc=$?
echo "$out" | tail -2
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; exit 1; }
echo "$out" | grep -q "stale.lua:8: the game is reachable only inside its hook" ||
  { echo "FAIL: no file:line for the stale handle"; exit 1; }
echo "ok   stale handle"
# the ledger misused from a hook: each an error at its line
for c in seat:7:"a seat is 1..4" self:8:"two different seats" \
         amount:9:"amount is 1..1000000" reason:10:"reason is a name" \
         entry:11:"no ledger entry 999" twice:15:"was refunded already" \
         many:17:"at most 16 payment reasons" \
         nostate:18:"no state 'chance' (R.state declares: luck)" \
         big:19:"a state is 0..30000" tile:20:"bad tile '10m'" \
         notheld:21:"seat 1 holds no 1z" \
         turned:22:"no turned tile 9 this hand" \
         each:23:"amount is 1..1000000"; do
  name=${c%%:*}; rest=${c#*:}; line=${rest%%:*}; piece=${rest#*:}
  out=$("$hule" sim --ruleset "$dir/misuse.lua" --option case=$name --games 3 2>&1)
  echo "$out" | grep -q "misuse.lua:$line: .*$piece" ||
    { echo "FAIL: $name: $out" | tail -2; exit 1; }
  echo "ok   $name"
done
# a hook that loops: the budget ends it, naming the line
out=$("$hule" sim --ruleset "$dir/loop.lua" --games 3 2>&1)
echo "$out" | grep -q "on_kong: .*loop.lua:3: instruction budget" ||
  { echo "FAIL: loop: $out" | tail -2; exit 1; }
echo "ok   endless hook"
