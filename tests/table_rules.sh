#!/bin/sh
# The table rules of core/scoring/table_rules.h, the one list, as the loader reads
# them: every flag takes true and false, every whole number takes its
# range and is refused past it naming the rule, a flag given a number is
# refused; a field not in the list is unknown.
# Usage: table_rules.sh HULE SRCDIR WORKDIR
set -u
hule=$1; src=$2
mkdir -p "$3" && cd "$3" || exit 1
fail=0
load() {   # load TABLE-FIELDS: the load's last line of output
  printf 'local R = mj.extend("xuezhan", { id = "t", table = { %s } })\nreturn R\n' "$1" > t.lua
  printf 'load t.lua\n' | "$hule" 2>&1 | tail -1
}
rules=$(awk '/^#define MJ_TABLE_FLAGS/ { k = "B" } /^#define MJ_TABLE_NUMBERS/ { k = "I" }
  /^#define MJ_TABLE_OTHERS/ { k = "" }
  k != "" && match($0, /^  X\([a-z_]+, -?[0-9]+(, -?[0-9]+, -?[0-9]+)?/) {
    split(substr($0, 5, RLENGTH - 4), f, ", ")
    print f[1], k, f[2], (k == "I" ? f[3] : 0), (k == "I" ? f[4] : 1)
  }' "$src/core/scoring/table_rules.h")
n=$(printf '%s\n' "$rules" | grep -c .)
[ "$n" -ge 24 ] || { echo "FAIL: only $n rules read from the list"; fail=1; }
printf '%s\n' "$rules" | while read -r name kind dflt lo hi; do
  case $kind in
    B)
      for v in true false; do
        extra=""; [ "$name" = flowers ] && [ $v = true ] && extra=", tiles = 144"
        out=$(load "$name = $v$extra")
        printf '%s' "$out" | grep -q "^loaded t" || { echo "FAIL: $name = $v: $out"; exit 1; }
      done
      out=$(load "$name = 1")
      printf '%s' "$out" | grep -q "'$name' has the wrong type" || { echo "FAIL: $name = 1: $out"; exit 1; }
      echo "ok   $name: a flag" ;;
    I)
      [ "$name" = tiles ] && { echo "ok   tiles: checked as 108, 136 or 144 below"; continue; }
      [ "$name" = hand ] && { echo "ok   hand: checked as 13 or 16 below"; continue; }
      out=$(load "$name = $hi")
      printf '%s' "$out" | grep -q "^loaded t" || { echo "FAIL: $name = $hi: $out"; exit 1; }
      out=$(load "$name = $((hi + 1))")
      printf '%s' "$out" | grep -q "table rules: $name is " || { echo "FAIL: $name = $((hi + 1)): $out"; exit 1; }
      echo "ok   $name: $lo..$hi" ;;
  esac
done || fail=1
for v in 12 14 15 17; do
  out=$(load "hand = $v")
  printf '%s' "$out" | grep -q "table rules: hand is 13 .*16" && echo "ok   hand = $v refused" || { echo "FAIL: hand = $v: $out"; fail=1; }
done
out=$(load "hand = 16")
printf '%s' "$out" | grep -q "^loaded t" && echo "ok   hand = 16 with seven pairs (and a pung) loaded" || { echo "FAIL: hand = 16 with seven pairs: $out"; fail=1; }
sixteen() {   # sixteen SHAPES TABLE: load a one-fan ruleset of 16 tiles
  printf 'local R = mj.ruleset { id = "t", title = "t", version = "1", shapes = { %s }, scoring = "sum", table = { hand = 16%s } }\nR:fan { "a", en = "a", points = 1, shape = "standard", example = "123456789m123p789s5z+5z" }\nreturn R\n' "$1" "$2" > t.lua
  printf 'load t.lua\n' | "$hule" 2>&1 | tail -1
}
out=$(sixteen '"standard"' '')
printf '%s' "$out" | grep -q "^loaded t" && echo "ok   hand = 16, standard shape: loaded" || { echo "FAIL: hand = 16: $out"; fail=1; }
out=$(sixteen '"standard", "seven_pairs"' '')
printf '%s' "$out" | grep -q "^loaded t" && echo "ok   hand = 16, seven pairs (and a pung): loaded" || { echo "FAIL: hand = 16, seven pairs: $out"; fail=1; }
out=$(sixteen '"standard", "thirteen_orphans"' '')
printf '%s' "$out" | grep -q "a hand of 16 tiles wins with five sets and a pair, or seven pairs and a pung" && echo "ok   hand = 16 and thirteen orphans refused" || { echo "FAIL: hand = 16, thirteen orphans: $out"; fail=1; }
out=$(sixteen '"standard"' ', wild = "indicator"')
printf '%s' "$out" | grep -q "a hand of 16 tiles wins with five sets and a pair, or seven pairs and a pung" && echo "ok   hand = 16 and wilds refused" || { echo "FAIL: hand = 16, wilds: $out"; fail=1; }
out=$(load "tiles = 100")
printf '%s' "$out" | grep -q "tiles is 108 (suits only), 136 or 144" && echo "ok   tiles = 100 refused" || { echo "FAIL: tiles = 100: $out"; fail=1; }
# the table rules that are not flags or numbers, fed what they refuse
refused() {   # refused FIELDS WANT
  out=$(load "$1")
  printf '%s' "$out" | grep -qF -- "$2" && echo "ok   $1 refused" ||
    { echo "FAIL: $1: $out"; fail=1; }
}
refused 'uma = { 20, 10, -10 }' "uma lists what each place adds"
refused 'uma = { 20, 10, -10, "x" }' "uma lists what each place adds"
refused 'uma = { 2000, -2000 }' "uma lists what each place adds"
refused 'uma = 5' "'uma' has the wrong type"
refused 'turned_name = ""' "turned_name is a word of 1..63 bytes"
refused 'turned_name = { zh = "鸟" }' "must be a string or { en = "
refused 'turned_name = "a\1b"' "turned_name holds a control character"
refused 'kinds = 5' "'kinds' has the wrong type"
refused 'kinds = "123456789m"' "the kinds listed make 36 tiles, not tiles = 108"
out=$(load "no_such_rule = true")
printf '%s' "$out" | grep -q "unknown field 'no_such_rule'" && echo "ok   an unknown rule" || { echo "FAIL: unknown: $out"; fail=1; }
exit $fail
