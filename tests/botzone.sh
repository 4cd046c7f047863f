#!/bin/sh
# botzone: bots (docs/bots.md): bots of Botzone's Chinese Standard
# Mahjong at an MCR table. tests/bots/botzone_bot.py keeps its hand from
# the requests alone (a discard of a tile it does not hold would be
# refused and counted), keeps running between turns (and, restarted
# after a failure, reads the whole history);
# a shell bot started afresh each turn with the whole history, in both
# interactions (one process a turn, as Botzone runs
# them); four at a table. Programs that answer garbage, illegal actions,
# late, die or fork: the game goes on (the efficiency bot decides,
# counted, said) and nothing is left running. Other rulesets refused.
# Usage: botzone.sh HULE SRCDIR
hule=$1; src=$2; fail=0
bot="python3 $src/tests/bots/botzone_bot.py"
sh_bot="$src/tests/bots/botzone_tsumogiri.sh"
. "$src/tests/bots/misbehave.sh"

# HULE_QUICK=1 (the quick set): each path with fewer games
n=30 n4=6 n1=2; [ "${HULE_QUICK:-0}" = 1 ] && n=6 n4=2 n1=1
played "a keep-running bot, $n games: no failed decision" --ruleset mcr \
  --games $n --seed 3 --bots "botzone:$bot,efficiency,strong,efficiency"
played "four Botzone bots at a table, $n4 games" --ruleset mcr --games $n4 \
  --seed 5 --bots "botzone:$bot,botzone:$bot,botzone:$bot,botzone:$bot"
played "one process a turn (simple interaction), $n1 games" --ruleset mcr \
  --games $n1 --seed 7 --bots "botzone:$sh_bot,efficiency,efficiency,efficiency"
played "one process a turn (JSON interaction), $n1 games" --ruleset mcr \
  --games $n1 --seed 7 --bots "botzone-json:$sh_bot --json,efficiency,efficiency,efficiency"
misbehave mcr botzone "$bot" botzone_bot.py garbage:"is not a legal response now" \
  illegal:"'PLAY H9' is not a legal" late:"no answer in time" die:"botzone:" fork:

out=$("$hule" sim --ruleset riichi --games 1 --bots "botzone:$bot" 2>&1)
[ $? -ne 0 ] && echo "$out" | grep -q "botzone: bots play Botzone's Chinese Standard Mahjong" &&
  say ok "riichi refused" || { say no "riichi not refused"; echo "$out"; }
exit $fail
