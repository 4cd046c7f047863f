#!/bin/sh
# The second round's attacks under valgrind memcheck: every refusal frees
# what it made. Usage: valgrind.sh HULE SRCDIR WORKDIR
set -u
hule=$1
src=$2
mkdir -p "$3" && cd "$3" || exit 1
here=$src/tests/hostile
vg=$src/tests/valgrind.sh
fail=0
run() {   # run NAME COMMAND... (stdin from NAME.in when it exists)
  name=$1; shift
  if [ -f "$name.in" ]; then "$vg" "$PWD" "$@" < "$name.in"; else "$vg" "$PWD" "$@" < /dev/null; fi \
    > "$name.vg" 2>&1 && echo "ok   $name" || { echo "FAIL: $name"; cat "$name.vg"; fail=1; }
}
{
  for f in escape_name tab_name c1_desc newline_label error_table error_nil; do
    echo "load $here/$f.lua"
  done
  echo "load $here/cloop_fan.lua"
  echo "score 11122233344455z win=5z"
  echo "lua local t = {} for i = 1, 2000 do t[i] = -i end table.sort(t) print(t[1])"
  echo "lua print(#table.concat(t or {'a','b'}, ','), #string.rep('ab', 1000, ','))"
  echo "new seed=5"
  echo "d 7z"
  echo "save mid.jsonl"
  echo "replay mid.jsonl"
  echo "review mid.jsonl seat=S"
} > repl.in
run repl "$hule"
run sandbox "$hule" run --sandbox "$here/sandbox_api.lua" attack
run money "$hule" sim --ruleset "$here/money.lua" --games 2
run settle "$hule" sim --ruleset "$here/settle_type.lua" --games 2
run selfreq "$hule" --rules "$here/rules" --ruleset selfreq score '11122233344455z win=5z'
run stats "$hule" stats /dev/zero
run wrongid "$hule" sim --games 1 --bot-ms 2000 --bots "cmd:python3 $src/tests/bots/bad_bot.py wrongid,efficiency,efficiency,efficiency"
run nobot "$hule" sim --games 1 --bots "cmd:no-such-program-here"
[ $fail -eq 0 ] && echo "valgrind round2: all clean"
exit $fail
