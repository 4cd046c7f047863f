#!/bin/sh
# danger_data: bad arguments refused with a message, nothing written;
# a short run writes whole cases (47 float32 each) and some deal-ins.
tool=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
check() {   # check EXPECTED-TEXT ARGS...
  want=$1
  shift
  out=$("$tool" "$@" 2>&1)
  rc=$?
  [ $rc -ne 0 ] && printf '%s' "$out" | grep -q "$want" ||
    bad "danger_data $*: exit $rc, '$out'"
}
check "usage: danger_data" 
check "usage: danger_data" 10 1 strong
check "GAMES > 0" 0 1 strong,strong,strong,strong "$dir/a.bin"
check "GAMES > 0" x 1 strong,strong,strong,strong "$dir/a.bin"
check "four bot kinds" 5 1 strong,strong "$dir/a.bin"
check "four bot kinds" 5 1 'strong,strong,str0ng;,x' "$dir/a.bin"
check "no bot kind 'nosuch' (kinds: efficiency random strong)" \
  2 1 strong,strong,strong,nosuch "$dir/a.bin"
[ -e "$dir/a.bin" ] && bad "a refused run wrote its file"
check "No such file" 2 1 strong,strong,strong,strong "$dir/no/dir/a.bin"
"$tool" 3 7 strong,efficiency,strong,efficiency "$dir/ok.bin" 2> "$dir/err" ||
  bad "a short run failed: $(cat "$dir/err")"
size=$(wc -c < "$dir/ok.bin")
[ "$size" -gt 0 ] && [ $((size % (47 * 4))) -eq 0 ] ||
  bad "a short run wrote $size bytes, not whole cases"
grep -q "cases, [0-9]* that would deal in" "$dir/err" ||
  bad "no summary: $(cat "$dir/err")"
[ $fail -eq 0 ] && echo "danger_data: bad arguments refused, whole cases written"
exit $fail
