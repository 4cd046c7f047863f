#!/bin/sh
# Hostile input: each case must give a clear error within 2 seconds and
# the session must go on (the next command still answers).
# Usage: limits.sh HULE WORKDIR
set -u
hule=$1
work=$2
mkdir -p "$work" && cd "$work" || exit 1
fail=0
ok_line='total:   12 fan'
check() {   # check NAME EXPECTED_ERROR_TEXT < input
  name=$1
  want=$2
  start=$(date +%s%N)
  out=$( ( cat; printf '\nscore 123m456p789s11z55m+5m self\n' ) | "$hule" 2>&1)
  end=$(date +%s%N)
  ms=$(( (end - start) / 1000000 ))
  if ! printf '%s' "$out" | grep -q -- "$want"; then
    echo "FAIL $name: no '$want' in:"; printf '%s\n' "$out" | head -5; fail=1
  elif ! printf '%s' "$out" | grep -q -- "$ok_line"; then
    echo "FAIL $name: the session did not go on"; fail=1
  elif [ $ms -gt 2000 ]; then
    echo "FAIL $name: took $ms ms"; fail=1
  else
    echo "ok   $name ($ms ms)"
  fi
}
# a line of 1 MB exactly fits; its hand is nonsense
head -c 1048000 /dev/zero | tr '\0' '1' | sed 's/^/score /' | check "1 MB line" "Error:"
# a longer line is skipped whole
head -c 3000000 /dev/zero | tr '\0' 'x' | check "3 MB line" "longer than"
# bytes that are not UTF-8
printf 'score \377\376\375m\nfan \300\200\n\377\n' | check "invalid UTF-8" "Error:"
# 200 tiles
printf 'score %s\n' "$(head -c 200 /dev/zero | tr '\0' '1')m" | check "200 tiles" "too many tiles"
# a NUL byte
printf 'score 1m\000 2m\n' | check "NUL byte" "NUL"
# a ruleset that loops forever, one that allocates without end, one with
# 10,000 fans
printf 'while true do end\n' > loop.lua
printf 'local t = {} local i = 0\nwhile true do i = i + 1 t[i] = string.rep("x", 1000) .. i end\n' > mem.lua
printf 'local R = mj.ruleset{ id = "many" }\nfor i = 1, 10000 do R:fan{ "f" .. i, points = 1, self = true } end\nreturn R\n' > many.lua
printf 'load loop.lua\nuse mcr\n' | check "endless loop" "loop.lua"
printf 'load mem.lua\nuse mcr\n' | check "endless allocation" "memory"
printf 'load many.lua\nuse mcr\n' | check "10,000 fans" "too many fans"
# a log of 1 GB of garbage
truncate -s 1G big.jsonl 2>/dev/null || dd if=/dev/zero of=big.jsonl bs=1 count=0 seek=1G 2>/dev/null
printf 'open big.jsonl\nreplay big.jsonl\n' | check "1 GB log" "at most"
head -c 100000 /dev/urandom > junk.jsonl
printf 'open junk.jsonl\n' | check "garbage log" "junk.jsonl"
rm -f big.jsonl junk.jsonl
exit $fail
