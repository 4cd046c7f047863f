#!/bin/sh
# The strong bot where it reads no danger (血战, 血流: a win does not end
# the hand; 长沙: no minimum and no declaration mark a ready hand; 推倒胡:
# 鬼 wild and self-draw only; 宝 wild): a ready hand keeps the waits worth most, a
# hand one from ready looks a step ahead, and where tiles are wild a
# hand not ready counts a pung's tile higher; in duplicate (each wall
# played four times, the bots turned) it is ahead of the efficiency bot,
# the 95% interval above zero, its mean above the top of the interval it
# had before (docs/bots.md). The sims are deterministic: the same seeds
# give the same figures on any machine.
# Usage: strong_value.sh HULE
set -u
here=$(cd "$(dirname "$0")" && pwd)
hule=$1
fail=0
. "$here/checks.sh"
# ruleset:top:games
for rt in xuezhan:0.05:8000 xueliu:0.12:8000 changsha:0.56:8000 \
          tuidao:0.00:32000 bao:0.00:128000; do
  r=${rt%%:*} rest=${rt#*:}
  top=${rest%:*} games=${rest#*:}
  out=$("$hule" sim --ruleset $r --games $games --seed 21 --duplicate \
        --jobs 2 --bots strong,efficiency,efficiency,efficiency 2>&1)
  line=$(printf '%s\n' "$out" | grep '^strong  ')
  if printf '%s' "$line" | awk -v top="$top" '{ m = $2 + 0; h = $4 + 0
                                  exit !(m - h > 0 && m > top + 0) }'; then
    ok "$r: the strong bot ahead in duplicate ($line)"
  else
    no "$r: the strong bot not ahead" "$out"
  fi
done
exit $fail
