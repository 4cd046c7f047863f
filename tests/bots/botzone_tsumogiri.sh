#!/bin/sh
# A Botzone Chinese Standard Mahjong bot in one process a turn (as
# Botzone starts bots): it discards every tile it draws and passes
# everything else. --json: the JSON interaction. For tests/botzone.sh.
if [ "${1:-}" = --json ]; then
  IFS= read -r input
  last=$(printf '%s\n' "$input" | sed 's/.*"requests":\[\(.*\)\],"responses".*/\1/' |
         sed 's/.*"\([^"]*\)"$/\1/')
  case $last in
    "2 "*) printf '{"response":"PLAY %s"}\n' "${last#2 }" ;;
    *) printf '{"response":"PASS"}\n' ;;
  esac
  exit 0
fi
IFS= read -r n
i=0
while [ $i -lt $((2 * n - 1)) ]; do IFS= read -r last; i=$((i + 1)); done
case $last in
  "2 "*) echo "PLAY ${last#2 }" ;;
  *) echo PASS ;;
esac
