#!/bin/sh
# botserve: hule bot --mjai and --botzone (docs/bots.md): hule's own bots
# as programs of the two protocols, seated at hule's table through its
# mjai: and botzone: adapters. Whole sims must come out exactly as with
# the same bots in process (every decision the same: the program decides
# on the hand made again from what its seat was told, so a difference
# would show a bot reading what its seat may not know, or a protocol
# losing something); Botzone's program started afresh each turn (the
# whole history) as well as kept running, in both interactions. Messages
# that are wrong get an answer, a word on stderr, and change nothing.
# Usage: botserve.sh HULE SRCDIR
# Under the sanitizers (HULE_SANITIZED=1) the sims are a quarter as long.
hule=$1; src=$2; fail=0
# HULE_QUICK=1 (the quick set): a quarter too.
k=1; [ "${HULE_SANITIZED:-0}" = 1 ] || [ "${HULE_QUICK:-0}" = 1 ] && k=4
. "$src/tests/bots/misbehave.sh"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# same NAME RULESET GAMES SEED PROGRAM-BOTS IN-PROCESS-BOTS: the two sims'
# lines are the same but for their bots.
same() {
  s_name=$1 s_rules=$2 s_games=$3 s_seed=$4
  "$hule" sim --ruleset "$s_rules" --games "$s_games" --seed "$s_seed" \
    --bots "$5" --out "$work/a.jsonl" > "$work/a.txt" 2>&1
  ra=$?
  "$hule" sim --ruleset "$s_rules" --games "$s_games" --seed "$s_seed" \
    --bots "$6" --out "$work/b.jsonl" > /dev/null 2>&1
  if [ $ra -eq 0 ] && python3 - "$work/a.jsonl" "$work/b.jsonl" "$s_games" <<'EOF'
import json, sys
a = [json.loads(l) for l in open(sys.argv[1])]
b = [json.loads(l) for l in open(sys.argv[2])]
assert len(a) == len(b) == int(sys.argv[3]), (len(a), len(b))
for x, y in zip(a, b):
    x.pop("bots"); y.pop("bots")
    assert x == y, "game %d differs" % x["game"]
EOF
  then
    say ok "$s_name: $s_games games, every decision as in process"
  else
    say no "$s_name (exit $ra)"; grep -E "fallback|Error" "$work/a.txt" | head -3
  fi
}

m="$hule bot --mjai"
same "mjai, strong and efficiency" riichi $((120 / k)) 8 \
  "mjai:$m strong,efficiency,mjai:$m efficiency,strong" \
  "strong,efficiency,efficiency,strong"
same "mjai, four at a table of riichi-tenhou" riichi-tenhou $((32 / k)) 3 \
  "mjai:$m --ruleset riichi-tenhou,mjai:$m efficiency --ruleset riichi-tenhou,mjai:$m --ruleset riichi-tenhou,mjai:$m strong --ruleset riichi-tenhou" \
  "strong,efficiency,strong,strong"
z="$hule bot --botzone"
same "botzone, kept running, simple and JSON" mcr $((80 / k)) 8 \
  "botzone:$z strong,efficiency,botzone-json:$z,strong" \
  "strong,efficiency,strong,strong"
# started afresh each turn with the whole history, ending after its answer
t="sh $src/tests/bots/botzone_turn.sh $hule"
same "botzone, started each turn with the whole history" mcr $((6 / k)) 9 \
  "botzone:$t strong,efficiency,botzone-json:$t,efficiency" \
  "strong,efficiency,strong,efficiency"

# wrong messages: an answer each, a word naming the message, no change
hand='{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"5p","scores":[25000,25000,25000,25000],"tehais":[["?"],["1m","1m","1m","2m","3m","4m","5m","6m","7m","8m","9m","9m","9m"],["?"],["?"]]}'
printf '%s\n' 'garbage' '{"type":5}' '[1,2]' '{"type":"start_game","id":9}' \
  '{"type":"start_game","id":1}' "$hand" '{"type":"tsumo","actor":0,"pai":"?"}' \
  '{"type":"dahai","actor":0,"pai":"1m","tsumogiri":false}' \
  '{"type":"dahai","actor":0,"pai":"7z"}' \
  '{"type":"pon","actor":3,"target":0,"pai":"1m","consumed":["1m"]}' \
  '{"type":"tsumo","actor":1,"pai":"?"}' \
  '{"type":"dahai","actor":0,"pai":"1m","tsumogiri":false}' \
  > "$work/bad.in"
"$hule" bot --mjai < "$work/bad.in" > "$work/bad.out" 2> "$work/bad.err"
rc=$?
if [ $rc -eq 0 ] && [ "$(wc -l < "$work/bad.out")" -eq 12 ] &&
   [ "$(grep -c '"type":"none"' "$work/bad.out")" -eq 11 ] &&
   sed -n 8p "$work/bad.out" | grep -q '"type":"hora","actor":1,"target":0' &&
   grep -q "message 1: not one JSON object a line" "$work/bad.err" &&
   grep -q "message 2: a message without a type" "$work/bad.err" &&
   grep -q "message 4: start_game: its id is not a seat" "$work/bad.err" &&
   grep -q "message 9: dahai: not an event" "$work/bad.err" &&
   grep -q "message 10: pon: not an event" "$work/bad.err" &&
   grep -q "message 11: tsumo: not an event" "$work/bad.err" &&
   grep -q "message 12: more copies of 1m" "$work/bad.err"; then
  say ok "mjai: wrong messages answered none, each named on stderr"
else
  say no "mjai: wrong messages (exit $rc)"; cat "$work/bad.out" "$work/bad.err"
fi
# a refused event changes nothing: the same hand without it answers alike
printf '%s\n' '{"type":"start_game","id":1}' "$hand" \
  '{"type":"tsumo","actor":0,"pai":"?"}' \
  '{"type":"dahai","actor":0,"pai":"2m","tsumogiri":false}' > "$work/good.in"
printf '%s\n' '{"type":"start_game","id":1}' "$hand" \
  '{"type":"tsumo","actor":0,"pai":"?"}' \
  '{"type":"dahai","actor":2,"pai":"5s","tsumogiri":false}' \
  '{"type":"chi","actor":1,"target":0,"pai":"3p","consumed":["4p","5p"]}' \
  '{"type":"dahai","actor":0,"pai":"2m","tsumogiri":false}' > "$work/mixed.in"
g=$("$hule" bot --mjai < "$work/good.in" 2>/dev/null | tail -1)
x=$("$hule" bot --mjai < "$work/mixed.in" 2>"$work/mixed.err" | tail -1)
[ "$g" = '{"type":"hora","actor":1,"target":0,"pai":"2m"}' ] && [ "$g" = "$x" ] &&
  grep -q "message 4: move 3: it is not player 2.s move" "$work/mixed.err" &&
  grep -q "message 5: move 3: it is not player 1.s move" "$work/mixed.err" &&
  say ok "mjai: a refused event changes nothing (the win on 2m still seen)" ||
  { say no "mjai: refused events"; echo "$g / $x"; cat "$work/mixed.err"; }

# another's chow the tiles supposed for his hand must allow: seat 1 chows
# 6m with 4m and the red 5m (a game of hule's own sim); tiles supposed
# as the lowest kinds unseen gave him two 6m, and the swap rule then
# forbade the chow ("move 76: the action is not legal now")
"$hule" bot --mjai efficiency < "$src/tests/data/mjai-kuikae.jsonl" \
  > "$work/kk.out" 2> "$work/kk.err"
[ $? -eq 0 ] && [ ! -s "$work/kk.err" ] &&
  [ "$(wc -l < "$work/kk.out")" -eq 77 ] &&
  say ok "mjai: another's chow the supposed tiles must allow is followed" ||
  { say no "mjai: another's chow"; cat "$work/kk.err"; }

printf '%s\n' 3 '0 1 0' PASS '1 0 0 0 0 W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 W9' \
  PASS '3 0 PLAY W1' 'junk' '3 0 PLAY W1' '3 3 PLAY W5' '3 1 PLAY Q7' > "$work/bz.in"
"$hule" bot --botzone < "$work/bz.in" > "$work/bz.out" 2> "$work/bz.err"
rc=$?
if [ $rc -eq 0 ] && [ "$(grep -vc KEEP_RUNNING "$work/bz.out")" -eq 5 ] &&
   [ "$(head -1 "$work/bz.out")" = HU ] &&
   [ "$(grep -v KEEP_RUNNING "$work/bz.out" | tail -4 | sort -u)" = PASS ] &&
   grep -q '"junk" is not a request' "$work/bz.err" &&
   grep -q "more copies of 1m" "$work/bz.err" &&
   grep -q "it is not player 3's move" "$work/bz.err" &&
   grep -q '"3 1 PLAY Q7" is not a request' "$work/bz.err"; then
  say ok "botzone: the history read, wrong requests answered PASS and named"
else
  say no "botzone: wrong requests (exit $rc)"; cat "$work/bz.out" "$work/bz.err"
fi

# the command line
out=$("$hule" bot 2>&1); [ $? -eq 1 ] && echo "$out" | grep -q "Usage: hule bot" &&
  say ok "bot without a protocol: the usage" || { say no "usage"; echo "$out"; }
out=$("$hule" bot --mjai --ruleset mcr 2>&1 </dev/null)
[ $? -eq 1 ] && echo "$out" | grep -q "mjai speaks riichi, not mcr" &&
  say ok "mjai on mcr refused" || { say no "mjai on mcr"; echo "$out"; }
out=$("$hule" bot --botzone "cmd:cat" 2>&1 </dev/null)
[ $? -eq 1 ] && echo "$out" | grep -q "is a program already" &&
  say ok "a program as the bot refused" || { say no "cmd: bot"; echo "$out"; }
out=$("$hule" bot --botzone nosuch 2>&1 </dev/null)
[ $? -eq 1 ] && echo "$out" | grep -qi "nosuch" &&
  say ok "an unknown bot named" || { say no "unknown bot"; echo "$out"; }
exit $fail
