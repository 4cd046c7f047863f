#!/bin/sh
# Run every fuzz target for SECONDS each (default 20) from its seed corpus.
# Usage: tests/fuzz/run.sh BUILD_DIR [SECONDS]
#   cmake -S . -B build-fuzz -DHULE_FUZZ=ON -DCMAKE_C_COMPILER=clang
#   cmake --build build-fuzz -j2 && tests/fuzz/run.sh build-fuzz 600
# New inputs go to BUILD_DIR/fuzz-corpus/NAME (the seeds stay as they are);
# a crash is written to BUILD_DIR/fuzz-crashes/ and makes this script fail.
set -eu
build=$1
secs=${2:-20}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$build/fuzz-crashes"
status=0
for t in parse score repl ruleset replay rules_score; do
  # inputs as long as the longest seed (a replay log is 7-10 KB)
  case $t in
    replay) max=16384 ;;
    ruleset|rules_score) max=8192 ;;
    *) max=4096 ;;
  esac
  dict=
  case $t in ruleset|rules_score) dict="-dict=$here/ruleset.dict" ;; esac
  work="$build/fuzz-corpus/$t"
  mkdir -p "$work"
  log="$build/fuzz-$t.log"
  if "$build/tests/fuzz/fuzz_$t" -max_total_time="$secs" -print_final_stats=1 \
       -timeout=10 -rss_limit_mb=2048 -max_len=$max $dict \
       -artifact_prefix="$build/fuzz-crashes/$t-" \
       "$work" "$here/corpus/$t" > "$log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
    cov=$(grep -o 'cov: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    echo "fuzz_$t: ${runs:-?} runs in ${secs}s, coverage ${cov:-?}, no crash"
  else
    echo "fuzz_$t: FAILED (see $log)"
    tail -30 "$log"
    status=1
  fi
done
exit $status
