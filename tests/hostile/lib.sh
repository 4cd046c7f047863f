# Helpers of the hostile scripts (sourced): ok, bad and expect_err.
fail=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL: $*"; fail=1; }

# expect_err RC TEXT COMMAND...: exits with RC within 30 s, saying TEXT
expect_err() {
  want_rc=$1 want=$2
  shift 2
  out=$(timeout "${HULE_TIMEOUT:-30}" "$@" 2>&1 </dev/null)
  rc=$?
  if [ $rc -eq 124 ]; then
    bad "'$*' hung"
  elif [ "$want_rc" != any ] && [ $rc -ne "$want_rc" ]; then
    bad "'$*' exited $rc, not $want_rc:"; printf '%s\n' "$out" | head -3
  elif ! printf '%s' "$out" | grep -qF -- "$want"; then
    bad "'$*': no '$want' in:"; printf '%s\n' "$out" | head -4
  else
    ok "$*"
  fi
}

# seconds since the epoch, with a fraction
now() { date +%s.%N; }
# elapsed START: seconds since START, two decimals
elapsed() { echo "$(now) $1" | awk '{ printf "%.2f", $1 - $2 }'; }

# expect_budget PLACE COMMAND...: a loop meets the instruction budget at
# PLACE ("file.lua:3"), within 60 s (a scenario's budget is a billion
# steps, and the rest of the suite runs beside). Under the sanitizers
# (HULE_SANITIZED=1, some ten times slower) the time budget may come
# first: either ends the loop.
expect_budget() {
  place=$1
  shift
  if [ "${HULE_SANITIZED:-}" = 1 ]; then
    HULE_TIMEOUT=150 expect_err 1 "$place: " "$@"
    printf '%s' "$out" | grep -q "budget" || bad "$place: no budget ended the loop"
  else
    HULE_TIMEOUT=60 expect_err 1 "$place: instruction budget" "$@"
  fi
}
