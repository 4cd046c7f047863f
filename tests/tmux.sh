#!/bin/sh
# The REPL in a real terminal (tmux): completion, a full hand against the
# bots, history, Ctrl-C, Ctrl-D, and an unwritable history file.
# Usage: tmux.sh HULE WORKDIR
set -u
hule=$1
work=$2
rm -rf "$work" && mkdir -p "$work/home" || exit 1
sock="$work/tmux.sock"
T="tmux -S $sock"
fail=0
screen() { $T capture-pane -p -S -300 -t hule 2>/dev/null | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'; }
wait_for() {   # wait_for TEXT [SECONDS, default 20]
  i=0
  while [ $i -lt $(( ${2:-20} * 10 )) ]; do
    if screen | grep -q -- "$1"; then return 0; fi
    sleep 0.1
    i=$((i + 1))
  done
  echo "FAIL: no '$1' on the screen:"; screen | tail -15
  fail=1
  return 1
}
ok() { echo "ok   $1"; }
wait_last() {   # wait_last TEXT: the last line of the screen shows TEXT
  i=0
  while [ $i -lt 100 ]; do
    if screen | tail -1 | grep -q -- "$1"; then return 0; fi
    sleep 0.1
    i=$((i + 1))
  done
  return 1
}

$T new-session -d -s hule -x 140 -y 60 "env HOME=$work/home TERM=xterm $hule; sleep 30"
wait_for "hule>" && ok "prompt"
# completion of a command name, then a game played to its end
$T send-keys -t hule "rules" Tab
wait_for "hule> rulesets" && ok "completion of 'rules' to 'rulesets'"
$T send-keys -t hule Enter
wait_for "available:" && ok "the completed command runs"
$T send-keys -t hule "new seed=7" Enter
wait_for "Your turn" && ok "a hand is dealt"
# the hint table lines up under its header with glyphs (colour codes and
# glyph bytes take no columns of their own)
$T send-keys -t hule "hint" Enter
wait_for "useful tiles left" && ok "hint in a terminal"
if screen | python3 -c '
import sys
rows = sys.stdin.read().splitlines()
h = [i for i, l in enumerate(rows) if "discard  shanten" in l][-1]
col = rows[h].index("shanten") + len("shanten") - 1
body = [l for l in rows[h + 1:] if l.startswith("  ") and l.split()[1:2]]
body = body[:3]
sys.exit(0 if body and all(len(l) > col and l[col].isdigit() and
                          (len(l) == col + 1 or l[col + 1] == " ") for l in body)
         else 1)'; then ok "hint columns aligned"; else echo "FAIL: hint columns"; screen | tail -12; fail=1; fi
$T send-keys -t hule "d " Tab Tab
i=0
while [ $i -lt 50 ] && ! screen | tail -4 | grep -q "[1-9][mpsz] "; do sleep 0.1; i=$((i + 1)); done
screen | tail -4 | grep -q "[1-9][mpsz]" && ok "completion of the tiles in hand" || { echo "FAIL: no tile completion"; fail=1; }
# leaving a hand in play that is not saved asks first
$T send-keys -t hule C-u "hint" Enter
sleep 0.3
$T send-keys -t hule C-u "d $(screen | grep -o 'would: d [0-9][mpsz]' | tail -1 | cut -c10-)" Enter
wait_for "Your turn" 20 && sleep 0.3
$T send-keys -t hule "quit" Enter
wait_for "Leave it? \[y/N\]" && ok "quit asks about the unsaved hand"
$T send-keys -t hule "n" Enter
wait_for "The hand goes on." && ok "and 'n' keeps it"
$T send-keys -t hule C-d
wait_last "Leave it? \[y/N\]" && ok "Ctrl-D asks too" || { echo "FAIL: Ctrl-D did not ask"; screen | tail -3; fail=1; }
$T send-keys -t hule "n" Enter
$T send-keys -t hule C-u "auto" Enter
wait_for "payments:" 20 && ok "the hand played to its end"
# Ctrl-C drops the line being typed
$T send-keys -t hule "garbage words" C-c
sleep 0.3
$T send-keys -t hule "score 123m456p789s11z55m+5m self" Enter
wait_for "total:   12 fan" && ok "Ctrl-C, then the session goes on"
# fan names complete in every form without a space (pinyin here)
$T send-keys -t hule "fan pingh" Tab
wait_last "fan pinghu" && ok "completion of a fan's pinyin name" || { echo "FAIL: no fan name completion"; screen | tail -2; fail=1; }
$T send-keys -t hule Enter
wait_for "All Chows" && ok "the completed fan is shown"
# English names, of one word or several, complete too
$T send-keys -t hule "fan Pure St" Tab
wait_last "fan Pure Straight" && ok "completion of an English name of two words" || { echo "FAIL: no English name completion"; screen | tail -2; fail=1; }
$T send-keys -t hule Enter
wait_for "清龙" && ok "the completed English name finds its fan"
screen | grep -q 'unknown command "garbage"' && { echo "FAIL: the cancelled line ran"; fail=1; }
# Ctrl-C stops a long command
$T send-keys -t hule "check mcr 5000000" Enter
sleep 1
$T send-keys -t hule C-c
wait_for "(interrupted after" && ok "Ctrl-C stops a running command"
$T send-keys -t hule "score 123m456p789s11z55m+5m self" Enter
sleep 0.5
# history: Up brings back the last line
$T send-keys -t hule "clear-marker" C-u Up
wait_last "score 123m456p789s11z55m+5m self" && ok "history (Up)" || { echo "FAIL: Up did not recall the line"; screen | tail -2; fail=1; }
$T send-keys -t hule C-u C-d
i=0
while [ $i -lt 50 ] && ! grep -q "new seed=7" "$work/home/.hule_history" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
grep -q "new seed=7" "$work/home/.hule_history" && ok "history saved" || { echo "FAIL: no history file"; fail=1; }
$T kill-server 2>/dev/null
# an unwritable history file: one warning, the REPL goes on
mkdir -p "$work/ro" && touch "$work/ro/.hule_history" && chmod 444 "$work/ro/.hule_history"
if [ "$(id -u)" = 0 ]; then chattr +i "$work/ro/.hule_history" 2>/dev/null || true; fi
# a server of its own: the one killed above may still be going away (on a
# loaded machine a new session on its socket found it gone mid-start)
T="tmux -S $work/tmux-ro.sock"
$T new-session -d -s hule -x 140 -y 60 "env HOME=$work/ro TERM=xterm $hule; sleep 30"
wait_for "hule>"
$T send-keys -t hule "fans" Enter
$T send-keys -t hule "fan 清一色" Enter
wait_for "Full Flush" && ok "an unwritable history does not stop the REPL"
n=$(screen | grep -c "Warning: cannot write the history")
if [ "$(id -u)" = 0 ] && ! lsattr "$work/ro/.hule_history" 2>/dev/null | grep -q i; then
  ok "(root can write any file: the warning is not checked)"
elif [ "$n" -ne 1 ]; then
  echo "FAIL: $n history warnings (want 1)"; fail=1
else
  ok "one warning for the unwritable history"
fi
$T kill-server 2>/dev/null
chattr -i "$work/ro/.hule_history" 2>/dev/null || true
# NO_COLOR: no colour and nothing else (the tiles stay glyphs); a server
# of its own (the one killed above may still be going away)
T="tmux -S $work/tmux-nocolor.sock"
$T new-session -d -s hule -x 140 -y 60 "env HOME=$work/home NO_COLOR=1 TERM=xterm $hule; sleep 30"
wait_for "hule>"
$T send-keys -t hule "new seed=7" Enter
wait_for "Your turn" 20 && sleep 0.3
if screen | grep "^You " | grep -q "$(printf '\360\237\200')" &&
   ! $T capture-pane -e -p -t hule | grep -q "$(printf '\033')\[3[1-5]m"; then
  ok "NO_COLOR keeps the glyphs and drops the colours"
else
  echo "FAIL: NO_COLOR"; $T capture-pane -e -p -t hule | tail -5 | od -c | head; fail=1
fi
$T send-keys -t hule C-u "quit" Enter "y" Enter
$T kill-server 2>/dev/null
# a screen of 24 rows: the long help is paged, q stops it
T="tmux -S $work/tmux-pager.sock"
$T new-session -d -s hule -x 100 -y 24 "env HOME=$work/home TERM=xterm $hule; sleep 30"
wait_for "hule>"
$T send-keys -t hule "help" Enter
wait_for "-- more: Enter for the next screen, q to stop --" && ok "help is paged on a small screen"
screen | grep -q "Write rules and scripts" && { echo "FAIL: the pager showed it all at once"; fail=1; }
for _ in 1 2 3 4; do   # as many screens as the help takes at 24 lines
  screen | grep -q "Write rules and scripts" && break
  $T send-keys -t hule Enter
  sleep 0.3
done
wait_for "Write rules and scripts" 10 && ok "Enter shows the next screens"
$T send-keys -t hule "q" Enter
sleep 0.3
$T send-keys -t hule "fan 清一色" Enter
wait_for "Full Flush" && ok "q stops the pager and the session goes on"
$T send-keys -t hule C-u "quit" Enter
$T kill-server 2>/dev/null
exit $fail
