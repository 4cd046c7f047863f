#!/bin/sh
# A Botzone bot started afresh each turn: hule bot --botzone given the
# whole history (n, then 2n-1 lines; or one JSON line), which ends when
# its input does, after answering. Usage: botzone_turn.sh HULE [BOT]
hule=$1; shift
IFS= read -r first
{ printf '%s\n' "$first"
  case "$first" in
  "{"*) ;;
  *) i=1
     while [ "$i" -lt $((2 * first)) ]; do
       IFS= read -r l; printf '%s\n' "$l"; i=$((i + 1))
     done ;;
  esac; } | "$hule" bot --botzone "$@" | head -n 1
