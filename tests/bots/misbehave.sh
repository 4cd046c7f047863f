# Shared by tests/mjai.sh and tests/botzone.sh (sourced): say, and a bot
# program's misbehaving modes played one after the other.

say() { if [ "$1" = ok ]; then echo "ok   $2"; else echo "FAIL: $2"; fail=1; fi; }

# misbehave RULESET KIND PROGRAM SCRIPT MODE:WORDS...: each mode of the
# program (KIND:PROGRAM MODE against three efficiency bots, 150 ms a
# decision) plays on, the fallback deciding, counted and said with WORDS;
# fork plays on cleanly; no process of SCRIPT MODE (this run's) is left
# running.
misbehave() {
  m_rules=$1; m_kind=$2; m_prog=$3; m_script=$4; shift 4
  m_games=3; [ "${HULE_QUICK:-0}" = 1 ] && m_games=1   # the quick set
  for c in "$@"; do
    mode=${c%%:*}; piece=${c#*:}
    # the run's own tag after the mode: another run's bots are not ours
    out=$("$hule" sim --ruleset "$m_rules" --games $m_games --seed 5 --bot-ms 150 \
          --bots "$m_kind:$m_prog $mode run$$,efficiency,efficiency,efficiency" 2>&1)
    rc=$?
    left=$(pgrep -f "$m_script $mode run$$" | wc -l)
    if [ "$mode" = fork ]; then
      [ $rc -eq 0 ] && [ "$left" -eq 0 ] &&
        say ok "$m_kind fork: played, the child ended with the game" ||
        { say no "$m_kind fork (exit $rc, $left left)"; echo "$out" | tail -3; }
    elif [ $rc -ne 0 ] && echo "$out" | grep -q "failed a decision.*$piece" &&
         echo "$out" | grep -q "fallback" && [ "$left" -eq 0 ]; then
      say ok "$m_kind $mode: the fallback decided, counted and said"
    else
      say no "$m_kind $mode (exit $rc, $left left)"; echo "$out" | grep -E "Warning|Error" | head -3
    fi
  done
}

# played DESCRIPTION SIM-ARGS...: a sim that ends well, no decision failed.
played() {
  p_what=$1; shift
  out=$("$hule" sim "$@" 2>&1)
  if [ $? -eq 0 ] && ! echo "$out" | grep -qE "failed a decision|Traceback"; then
    say ok "$p_what"
  else
    say no "$p_what"; echo "$out" | grep -E "Warning|Error|Trace" | head -3
  fi
}
