#!/bin/sh
# Run hule under valgrind memcheck; fail on any error or any leak.
# Usage: valgrind.sh WORKDIR HULE [ARGS...] < input
set -u
cd "$1" && shift
log=$(mktemp)
valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect,possible \
  --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99 \
  --log-file="$log" "$@" > /dev/null 2>&1
rc=$?
if [ $rc -eq 99 ] || ! grep -q "ERROR SUMMARY: 0 errors" "$log"; then
  cat "$log"
  rm -f "$log"
  echo "valgrind found errors or leaks"
  exit 1
fi
grep -E "ERROR SUMMARY|in use at exit|definitely lost" "$log"
rm -f "$log"
exit 0
