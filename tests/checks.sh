# tests/checks.sh: what the shell tests share, sourced after fail=0.
# ok NAME; no NAME OUTPUT (its last lines shown, the test failed);
# has OUTPUT WANT NAME: ok when OUTPUT holds WANT, else no.
ok() { echo "ok   $1"; }
no() { echo "FAIL: $1"; printf '%s\n' "$2" | tail -6; fail=1; }
has() {
  if printf '%s' "$1" | grep -qF -- "$2"; then ok "$3"; else no "$3" "$1"; fi
}
