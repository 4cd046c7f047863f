#!/bin/sh
# Work per hand and per game, counted in instructions by callgrind, so the
# figures do not wander with the machine's load the way timings do.
#   tests/instructions.sh HULE SHARED_DIR [--if-valgrind]
# (cmake --build build --target bench-instructions runs it; the bench
# target too, with --if-valgrind: without valgrind it says so and passes.)
#  - hule score --ruleset mcr --batch over vectors/mcr.tsv x30, the whole
#    process with its start-up, per hand; of it, reading the hand (the
#    batch's read_hand: the parse and its checks, into which the link
#    folds mj_hand_parse) and writing the fan list (mj_score_fans_line);
#  - hule sim of 200 MCR games with four efficiency bots, per game.
set -eu
hule=$1
data=$2
command -v valgrind > /dev/null || {
  echo "bench-instructions: valgrind is not installed" \
       "(apt-get install valgrind)" >&2
  [ "${3:-}" = --if-valgrind ] && exit 0
  exit 1
}
echo "Instructions (callgrind), measured in this run:"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cut -f1,2 "$data/mcr.tsv" | tr '\t' ' ' > "$tmp/hands"
i=0
while [ $i -lt 30 ]; do cat "$tmp/hands"; i=$((i + 1)); done > "$tmp/hands30"
n=$(wc -l < "$tmp/hands30")

# the inclusive count of function $2 in callgrind output $1 (a copy the
# link made of it, "read_hand.lto_priv.0", counts as it). Run from /:
# from the source tree callgrind_annotate splits a function by the files
# of its lines, and the part named first leaves out what was inlined from
# headers (the SSE2 intrinsics, some 50 instructions a hand).
incl() {
  (cd / && callgrind_annotate --inclusive=yes "$1" 2>/dev/null) |
    awk -v f="$2" '$0 ~ ":" f "(\\.[a-z_0-9.]+)? " { gsub(",", "", $1)
                                                     print $1; exit }'
}
total() {
  (cd / && callgrind_annotate "$1" 2>/dev/null) |
    awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }'
}
per() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", a / b }'; }

valgrind --tool=callgrind --callgrind-out-file="$tmp/batch.cg" \
  "$hule" score --ruleset mcr --batch < "$tmp/hands30" > /dev/null 2>"$tmp/err"
all=$(total "$tmp/batch.cg")
parse=$(incl "$tmp/batch.cg" read_hand)
fmt=$(incl "$tmp/batch.cg" mj_score_fans_line)
printf '%-44s %8s a hand   goal %6s\n' \
  "score --batch, whole process ($n hands)" "$(per "$all" "$n")" 6500 \
  "  of it, reading the hand (read_hand)" "$(per "${parse:-0}" "$n")" 600 \
  "  of it, the fan list (mj_score_fans_line)" "$(per "${fmt:-0}" "$n")" 500
# the C++ MCR scorer (tests/cppref) on the same hands, when HULE_CPPREF
# names its driver
drv=${HULE_CPPREF:-}
if [ -n "$drv" ] && [ -x "$drv" ] &&
   python3 "$(dirname "$0")/cppref/conv.py" < "$data/mcr.tsv" > "$tmp/conv"
then
  i=0
  while [ $i -lt 30 ]; do cat "$tmp/conv"; i=$((i + 1)); done > "$tmp/conv30"
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cpp.cg" \
    "$drv" < "$tmp/conv30" > /dev/null 2>"$tmp/err"
  cpp=$(total "$tmp/cpp.cg")
  printf '%-44s %8s a hand   hule %s: %sx\n' \
    "the C++ MCR scorer's driver, the same hands" "$(per "$cpp" "$n")" \
    "$(per "$all" "$n")" "$(awk -v a="$cpp" -v b="$all" \
                           'BEGIN { printf "%.2f", a / b }')"
else
  echo "  (the C++ MCR scorer not counted: HULE_CPPREF names no driver;" \
       "tests/cppref/README.md)"
fi

valgrind --tool=callgrind --callgrind-out-file="$tmp/sim.cg" \
  "$hule" sim --ruleset mcr --games 200 --seed 5 --bots efficiency \
  --out "$tmp/games.jsonl" > /dev/null 2>"$tmp/err"
printf '%-44s %8s a game\n' "MCR game, four efficiency bots (200 games)" \
  "$(per "$(total "$tmp/sim.cg")" 200)"
