#!/bin/sh
# mjai: bots (docs/bots.md): a riichi bot of the mjai protocol at hule's
# table. tests/bots/mjai_bot.py keeps its hand from the events alone and
# ends itself on seeing a hidden tile, so whole games without one failed
# decision show the events it is told follow the game and hide what they
# must; it declares riichi and wins, so reach, dahai after reach and hora
# are mapped. Programs that answer garbage, illegal actions, late, die
# or fork: the game goes on (the efficiency bot decides, counted, the
# sim says why) and no process is left behind. A ruleset without dora
# indicators is refused; the REPL seats one too.
# Usage: mjai.sh HULE SRCDIR
hule=$1; src=$2; fail=0
bot="python3 $src/tests/bots/mjai_bot.py"
. "$src/tests/bots/misbehave.sh"

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
out=$("$hule" sim --ruleset riichi --games 60 --seed 3 --out "$work/one.jsonl" \
      --bots "mjai:$bot,efficiency,efficiency,efficiency" 2>&1)
rc=$?
if [ $rc -eq 0 ] && ! echo "$out" | grep -q "failed a decision" &&
   python3 -c '
import json, sys
wins = [w for l in open(sys.argv[1]) for w in json.loads(l)["wins"] if w["player"] == 0]
assert wins and any(f["id"] == "立直" for w in wins for f in w["fans"]), wins
' "$work/one.jsonl"; then
  say ok "one mjai bot, 60 games: no failed decision, it won, riichi was won"
else
  say no "one mjai bot (exit $rc)"; echo "$out" | tail -5
fi

# each hand's end is told (hora or ryukyoku, end_kyoku) and the session's
# (end_game), not only what comes before a decision
rm -f "$work/rec.txt"
"$hule" sim --ruleset riichi --games 6 --seed 3 \
  --bots "mjai:$bot record $work/rec.txt,efficiency,efficiency,efficiency" >/dev/null 2>&1
if python3 - "$work/rec.txt" <<'PY'
import sys
t = [l.strip() for l in open(sys.argv[1])]
marks = [x for x in t if x in ("start_game", "start_kyoku", "hora",
                               "ryukyoku", "end_kyoku", "end_game")]
assert marks[0] == "start_game" and marks[-1] == "end_game", marks[-3:]
body = marks[1:-1]
assert body.count("start_kyoku") == 6 == body.count("end_kyoku"), body
# a sim's games are each a game of their own: no kyoku counter rising
# over scores that start again
assert marks.count("start_game") == 6 == marks.count("end_game"), marks
for i, x in enumerate(body):
    if x == "end_kyoku":
        assert body[i - 1] in ("hora", "ryukyoku"), body[i - 3:i + 1]
PY
then say ok "mjai: each hand's hora or ryukyoku and end_kyoku, and each sim game's end_game, are told"
else say no "mjai: the ends of hands and of the session"; fi

played "four mjai bots, 20 games of riichi-tenhou" --ruleset riichi-tenhou \
  --games 20 --seed 4 --bots "mjai:$bot,mjai:$bot,mjai:$bot,mjai:$bot"
misbehave riichi mjai "$bot" mjai_bot.py garbage:"one JSON object a line" \
  illegal:"is not a legal answer now" late:"no answer within 150 ms" \
  die:"the program ended" fork:

out=$("$hule" sim --ruleset mcr --games 1 --bots "mjai:$bot" 2>&1)
[ $? -ne 0 ] && echo "$out" | grep -q "mjai: bots play riichi" &&
  say ok "mcr refused: mjai speaks riichi" || { say no "mcr not refused"; echo "$out"; }
out=$("$hule" sim --ruleset riichi --games 1 --bots "mjai:" 2>&1)
[ $? -ne 0 ] && echo "$out" | grep -q "mjai: needs a program" &&
  say ok "mjai: without a program refused" || { say no "mjai: empty"; echo "$out"; }

out=$(printf 'new riichi seed=2 bots=mjai:%s\nauto\n' "$src/tests/bots/mjai_bot.py" | "$hule" 2>&1)
echo "$out" | grep -qE "won|drawn" && ! echo "$out" | grep -q "Error" &&
  say ok "the REPL seats mjai bots" || { say no "the REPL"; echo "$out" | tail -5; }
exit $fail
