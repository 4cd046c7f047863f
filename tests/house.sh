#!/bin/sh
# The house's own rules, measured on the sources (docs/design.md, "Sizes"):
# no C file of core/, lua/ or repl/ over 1,300 lines, no function over
# 120 lines, and at most 1% of the functions over 80. Functions are
# measured by Universal Ctags;
# without it the test says so and is skipped.
# The quick set (ctest -L quick) is counted too, against a ceiling: a
# test added to it is a choice, made by raising QUICK_MOST here.
# Usage: house.sh SRCDIR [BUILDDIR]
set -u
src=$1
QUICK_MOST=126
if [ $# -ge 2 ]; then
  nq=$(ctest --test-dir "$2" -N -L quick 2>/dev/null | sed -n 's/^Total Tests: //p')
  if [ -n "$nq" ] && [ "$nq" -le "$QUICK_MOST" ]; then
    echo "ok   the quick set holds $nq tests ($QUICK_MOST at most)"
  else
    echo "FAIL: the quick set holds ${nq:-?} tests, over $QUICK_MOST (tests/house.sh)"
    exit 1
  fi
fi
cd "$src" || exit 1
if ! ctags --version 2>/dev/null | grep -q "Universal Ctags"; then
  echo "skipped: Universal Ctags is not installed (apt-get install universal-ctags)"
  exit 77
fi
fail=0
for f in core/*/*.c lua/*.c repl/*.c repl/*/*.c; do
  n=$(wc -l < "$f")
  [ "$n" -le 1300 ] || { echo "FAIL: $f has $n lines (1300 at most)"; fail=1; }
done
ctags --kinds-c=f --fields=+ne -o - core/*/*.c lua/*.c repl/*.c repl/*/*.c > funcs.tags
total=$(wc -l < funcs.tags)
awk -F'\t' '
  { line = 0; end = 0
    for (i = 4; i <= NF; i++) {
      if ($i ~ /^line:/) line = substr($i, 6)
      if ($i ~ /^end:/) end = substr($i, 5)
    }
    len = end - line + 1
    if (len > 120) { printf "FAIL: %s (%s) has %d lines (120 at most)\n", $1, $2, len; bad = 1 }
    if (len > 80) { over++; printf "     over 80: %s %s %d\n", $1, $2, len }
  }
  END { printf "%d functions, %d over 80 lines\n", NR, over
        if (over * 100 > NR) { printf "FAIL: more than 1%% over 80 lines\n"; bad = 1 }
        exit bad }' funcs.tags || fail=1
rm -f funcs.tags
[ "$total" -gt 500 ] || { echo "FAIL: only $total functions found"; fail=1; }
[ $fail -eq 0 ] && echo "ok   the house's sizes hold"
exit $fail
