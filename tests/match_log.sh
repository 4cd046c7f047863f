#!/bin/sh
# Whole matches: a saved game holds every hand of its match; replay steps
# through all of them (next past a hand's end, prev back, goto hand N);
# "match" shows the hand-by-hand table while playing, replaying, at the
# match's end and in review; open plays on from the last hand with the
# others kept; a match log whose hands do not follow one another (scores,
# numbers, order, another ruleset) is refused, naming the hand.
# Usage: match_log.sh HULE WORKDIR
set -u
hule=$1
mkdir -p "$2" && cd "$2" || exit 1
fail=0
ok() { echo "ok   $1"; }
no() { echo "FAIL: $1"; printf '%s\n' "$2" | tail -8; fail=1; }
rows() { printf '%s\n' "$1" | grep -cE '^ +[0-9]+  [ESWN]    '; }
rm -f m.jsonl
out=$(printf 'new mcr seed=3\nauto\nnext\nauto\nnext\nauto\nmatch\nsave m.jsonl\n' | "$hule" --ascii 2>&1)
[ "$(rows "$out")" = 3 ] && ok "match while playing: 3 rows" || no "match while playing" "$out"
[ "$(grep -c '^{"hule":' m.jsonl)" = 3 ] && ok "the saved file holds the 3 hands" || no "saved hands" "$(head -c 300 m.jsonl)"
out=$(printf 'replay m.jsonl\nmatch\ngoto end\nnext\ngoto hand 3\nprev\ngoto hand 7\n' | "$hule" --ascii 2>&1)
[ "$(rows "$out")" = 3 ] && ok "match while replaying: 3 rows" || no "match replaying" "$out"
printf '%s\n' "$out" | grep -q '^The end of hand 1: "next" goes on' && \
  printf '%s\n' "$out" | grep -q '^Hand 2 of the match (2 of 3 in the file)' && \
  printf '%s\n' "$out" | grep -q '^Hand 3 of the match (3 of 3 in the file)' && \
  printf '%s\n' "$out" | grep -q 'goto hand: the file holds hands 1 to 3' \
  && printf 'replay m.jsonl\ngoto hand abc\ngoto hand\n' | "$hule" 2>&1 | grep -q 'Usage: goto N|end|hand N' \
  && ok "replay steps across hands, goto hand N" || no "replay across hands" "$out"
out=$(printf 'replay m.jsonl\nmatch\n' | "$hule" --ascii --echo 2>&1)
printf '%s\n' "$out" | grep -q '^hule (replay)> match' && ok "the prompt says replay" || no "replay prompt" "$out"
out=$(printf 'review m.jsonl\n' | "$hule" --ascii 2>&1)
[ "$(printf '%s\n' "$out" | grep -c '^Review of ')" = 3 ] && [ "$(rows "$out")" = 3 ] \
  && ok "review of a match: each hand, then the table" || no "review of a match" "$out"
out=$(printf 'open m.jsonl\nmatch\nnext\nmatch\n' | "$hule" --ascii 2>&1)
printf '%s\n' "$out" | grep -q 'hand 3, .*the hands before it kept' && \
  printf '%s\n' "$out" | grep -q '^Hand 4 of mcr' \
  && ok "open plays on from the last hand" || no "open a match" "$out"
[ "$(rows "$(printf '%s\n' "$out" | sed -n '/^The match so far (mcr, hand 4)/,$p')")" = 3 ] \
  && ok "the table after open holds the 3 hands" || no "table after open" "$out"
# the last hand of a match says the match is over
out=$(printf 'new seed=4\nauto\nnext\nauto\n' | "$hule" --ascii --ruleset xuezhan --option hands=2 2>&1)
printf '%s\n' "$out" | grep -q "That was the match's last hand: the match is over" && \
  ! printf '%s\n' "$out" | tail -1 | grep -q '"next" deals the next hand' \
  && ok "the match's last hand says it is over" || no "last hand" "$out"
# and a move after it says so too, not that "next" deals another
out=$(printf 'new seed=4\nauto\nnext\nauto\nauto\n' | "$hule" --ascii --ruleset xuezhan --option hands=2 2>&1)
printf '%s\n' "$out" | grep -q 'the match is over: "match" shows its table' && \
  ! printf '%s\n' "$out" | grep -q '"next" deals the next one' \
  && ok "auto after the match's last hand: the match is over" || no "auto after the last hand" "$out"
# a chain that does not hold
h() { awk -v k="$1" '/^\{"hule":/{n++} n==k' m.jsonl; }
h 1 > a.jsonl; h 3 >> a.jsonl
check() {  # check FILE WANT
  out=$(printf 'replay %s\n' "$1" | "$hule" --ascii 2>&1)
  printf '%s' "$out" | grep -q -- "$2" && ok "$1 refused: $2" || no "$1 not refused ($2)" "$out"
}
check a.jsonl "hand 2: it says hand 3, not 2"
h 2 > b.jsonl; h 1 >> b.jsonl
check b.jsonl "hand 2: it says hand 1, not 3"
h 1 > c.jsonl; h 2 | sed '1s/"scores":\[[^]]*\]/"scores":[50,-50,0,0]/' >> c.jsonl
check c.jsonl "(hand 2 of 2 in the file): line [0-9]*: \"scores\""
h 1 > d.jsonl; printf 'garbage\n' >> d.jsonl
out=$(printf 'open d.jsonl\n' | "$hule" --ascii 2>&1)
printf '%s' "$out" | grep -q "d.jsonl" && ! printf '%s' "$out" | grep -q "^opened" \
  && ok "a match log with a broken line is refused" || no "broken line" "$out"
# a riichi match's end: the placement, with the preset's return, oka and uma
# (Mahjong Soul: from 25000, +15/+5/-5/-15; Tenhou: from 30000, the first
# taking the 20000 oka, +20/+10/-10/-20), at the REPL and as the log's
# last line; an edited placement is refused
placement() {  # placement RULESET RETURN UMA1 UMA2 UMA3 UMA4 OKA
  rm -f r.jsonl
  out=$( (printf 'new %s seed=3\n' "$1"; i=0; while [ $i -lt 30 ]; do
           printf 'auto\nnext\n'; i=$((i + 1)); done; printf 'save r.jsonl\n') |
        "$hule" --ascii 2>&1)
  line=$(tail -1 r.jsonl)
  want=$(printf '%s\n' "$line" | python3 -c '
import json, sys
ret, uma, oka = int(sys.argv[1]), [int(x) for x in sys.argv[2:6]], int(sys.argv[6])
o = json.loads(sys.stdin.readline())
sc = o["scores"]
order = sorted(range(4), key=lambda p: -sc[p])   # ties: lower seat first here
res = [0.0] * 4
for k, p in enumerate(order):
    res[p] = round((sc[p] - ret) / 1000 + uma[k] + (oka if k == 0 else 0), 1)
places = [order.index(p) + 1 for p in range(4)]
print("ok" if places == o["placement"] and res == o["result"] and
      abs(sum(res)) < 1e-9 else "want %s %s" % (places, res))' "$2" "$3" "$4" "$5" "$6" "$7")
  [ "$want" = ok ] && printf '%s\n' "$out" | grep -q '^placement: 1st ' \
    && ok "$1: the placement at the REPL and in the log ($line)" \
    || no "$1 placement: $want" "$out
$line"
  sed '$s/"placement":\[[0-9],[0-9]/"placement":[9,9/' r.jsonl > r2.jsonl
  out=$(printf 'replay r2.jsonl\n' | "$hule" --ascii 2>&1)
  printf '%s' "$out" | grep -q "the last line's placement is not the one the hands give" \
    && ok "$1: an edited placement is refused" || no "$1 edited placement" "$out"
  out=$(printf 'replay r.jsonl\nmatch\n' | "$hule" --ascii 2>&1)
  printf '%s\n' "$out" | grep -q '^placement: 1st ' \
    && ok "$1: the replayed match shows its placement" || no "$1 replay placement" "$out"
}
placement riichi-majsoul 25000 15 5 -5 -15 0
placement riichi-tenhou 30000 20 10 -10 -20 20
exit $fail
