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
echo ok
