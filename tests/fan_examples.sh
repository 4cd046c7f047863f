#!/bin/sh
# Every fan page teaches by a legal win: each shipped ruleset's fans have
# an example hand that scores the fan and meets the ruleset's minimum, as
# check lints them (a fan without an example is named too). The lint is
# shown to fail: an example below the minimum is caught.
# Usage: fan_examples.sh HULE WORKDIR
set -u
hule=$1
mkdir -p "$2" && cd "$2" || exit 1
fail=0
for r in mcr bao bao-shangrao xuezhan xueliu tuidao changsha; do
  out=$(printf 'check %s 100\n' "$r" | "$hule" 2>&1)
  bad=$(printf '%s\n' "$out" | grep -E "example|no example hand|^Error")
  if [ -n "$bad" ] || ! printf '%s' "$out" | grep -q "hands scored"; then
    echo "FAIL: $r:"; printf '%s\n' "$bad"; fail=1
  else
    n=$(printf 'use %s\nfans\n' "$r" | "$hule" 2>&1 | grep -c .)
    echo "ok   $r: every example scores its fan and is a win ($n lines of fans)"
  fi
done
# a doubling ruleset's fan page says 番 and units as score does
out=$(printf 'use xuezhan\nfan 清一色\n' | "$hule" 2>&1)
if printf '%s' "$out" | grep -q "scores 3 番 = 3 + 0 -> 4 units (2^(3-1)): 清一色"; then
  echo "ok   xuezhan's fan page: 3 番 -> 4 units"
else
  echo "FAIL: xuezhan's fan page:"; printf '%s\n' "$out" | tail -3; fail=1
fi
# the lint itself: an example below MCR's 8 is refused
cat > short.lua <<'LUA'
local mcr = mj.extend("mcr")
mcr.id = "short"
mcr:get("全带幺").example = "123m789p11199s[777z] win=1s"
return mcr
LUA
out=$(printf 'check short.lua 100\n' | "$hule" 2>&1)
if printf '%s' "$out" | grep -q "全带幺: its example .* below the minimum of 8"; then
  echo "ok   an example below the minimum is caught"
else
  echo "FAIL: the lint missed a short example:"; printf '%s\n' "$out" | head -5; fail=1
fi
exit $fail
