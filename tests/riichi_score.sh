#!/bin/sh
# Riichi's scoring at the command line: explain shows the han yaku by
# yaku, the fu line by line, the base, the limit and each payment; why
# answers for yaku; the inputs the ruleset refuses say what is wrong.
# Usage: riichi_score.sh HULE
set -u
hule=$1
fail=0
check() {   # check WANT-EXIT TEXT ARGS...: exit status and a line of output
  want_rc=$1; want=$2; shift 2
  out=$("$hule" --ruleset riichi "$@" 2>&1); rc=$?
  if [ "$rc" -ne "$want_rc" ]; then
    echo "FAIL: '$*' exited $rc, not $want_rc:"; printf '%s\n' "$out" | head -3; fail=1
  elif ! printf '%s' "$out" | grep -qF -- "$want"; then
    echo "FAIL: '$*': no '$want' in:"; printf '%s\n' "$out"; fail=1
  else
    echo "ok   $* : $want"
  fi
}
# riichi pinfu dora, ron by a non-dealer: 3 han 30 fu, 960 x 4 -> 3900
h="123m22567p234567s win=7s riichi seat=S dora=1m"
check 0 "立直 Riichi                               1 han" score "$h"
check 0 "ドラ Dora                                 1 han" score "$h"
check 0 "concealed, won on a discard          +10" score "$h"
check 0 "base:    30 fu x 2^(3 han + 2) = 960" score "$h"
check 0 "pay:     the discarder 960 x 4 = 3840 -> 3900" score "$h"
check 0 "total:   3900 (3han 30fu)" score "$h"
# pinfu self-draw: 20 fu, no self-draw fu; the dealer pays 700, others 400
h="123m22567p234567s win=7s self seat=S honba=2"
check 0 "self-drawn, none with 平和           +0" score "$h"
check 0 "the dealer 320 x 2 -> 700, each other 320 x 1 -> 400" score "$h"
check 0 "honba:   2: +200 from each payer, not in the total" score "$h"
# an open pung of terminals, a single wait, rounded up; the dragon
h="234m456p789s1p[777z]+1p seat=S dora=5z"
check 0 "open pung of 7z                      +4" score "$h"
check 0 "single wait                          +2" score "$h"
check 0 "= 26, rounded up to 30 fu" score "$h"
# seven pairs, a limit by han (kazoe), a limit hand that doubles
check 0 "seven pairs: 25 fu always" score "1133m5577p2288s66z win=6z seat=S"
check 0 "13 han or more: 数え役満, 8000" score "22334456778999p win=5p self riichi ippatsu seat=S dora=1p"
check 0 "base:    役満 x 2 = 16000" score "111m555p222s777z9s+9s seat=S"
check 0 "四暗刻単騎 Suuankou Tanki" score "111m555p222s777z9s+9s seat=S"
# a mangan by the cap: 4 han 40 fu is over 2000
check 0 "over 2000: 満貫, 2000" score "111m999p234s5z[666z]+5z seat=S dora=6z1s"
# the batch: points, yaku with dora as ドラxN, and the han and fu
out=$(printf '%s\n' "234m456p789s1p[777z]+1p seat=S dora=5z" | "$hule" score --ruleset riichi --batch)
if [ "$out" = "$(printf '7700\t役牌白,ドラx3\t4han 30fu')" ]; then echo "ok   batch line"
else echo "FAIL: batch line: $out"; fail=1; fi
# the presets: Tenhou counts a double yakuman once, Mahjong Soul twice
for pair in "riichi-tenhou 32000" "riichi-majsoul 64000" "riichi 64000"; do
  set -- $pair
  got=$(printf '111m555p222s777z9s+9s seat=S\n' | "$hule" score --ruleset "$1" --batch | cut -f1)
  if [ "$got" = "$2" ]; then echo "ok   $1: 四暗刻単騎 $2"
  else echo "FAIL: $1: 四暗刻単騎 $got, not $2"; fail=1; fi
done
# why, for a yaku (at the REPL): where the reading fails, even when
# nothing else holds
out=$(printf 'use riichi\nwhy 平和 123m22567p234789s win=9s seat=S\nwhy pinfu 123m22567p234789s win=7s seat=S\n' | "$hule" 2>&1 | tr '\n' ' ')   # folded at 80: one line
for want in "平和 counts in the chosen reading" \
    "it needs that the winning tile completed a two-sided wait" \
    "no other fan holds, so the hand is no win"; do
  if printf '%s' "$out" | grep -qF -- "$want"; then echo "ok   why: $want"
  else echo "FAIL: why: no '$want' in:"; printf '%s\n' "$out"; fail=1; fi
done
# refused: no yaku, commas in dora=, flowers, riichi with an open meld
check 1 "no yaku holds: a winning shape, but ruleset riichi needs a yaku" score "123m22567p234789s win=7s seat=S"
check 1 "unexpected ','" score "123m22567p234567s win=7s riichi dora=1m,2m"
check 1 "the context token flowers= is not read by ruleset riichi" score "123m22567p234567s win=7s flowers=0"
check 1 "ruleset riichi refuses riichi and an open meld" score "234m456p789s1p[777z]+1p riichi"
check 1 "with a claimed meld" score "234m456p789s1p[777z]+1p self first"
check 1 "rob (robbing a kong) but another 1p is in sight" score "234m456p789s23p55z+1p rob dora=1p"
# the dragons by letter: P is 白 (7z), C 中 (5z), whose dora is 白
check 0 "hand:    123m456p789s11777z win=7z seat=E round=E dora=5z" score "123m456p789s11zPPP win=P dora=C"
check 0 "ドラ Dora x3" score "123m456p789s11zPPP win=P dora=C"
# the seat and round winds are the words E S W N (1z..4z are tiles)
check 1 "bad seat= '1z' (E, S, W or N)" score "123m22567p234567s win=7s seat=1z"
check 1 "bad round= '2z' (E, S, W or N)" score "123m22567p234567s win=7s round=2z"
# one red five of each suit, counted across the hand and the indicators
check 1 "2 red fives of m in the hand and the indicators: ruleset riichi has 1" score "123m22567p234567s win=7s dora=0m0m"
check 1 "2 red fives of p in the hand and the indicators: ruleset riichi has 1" score "123m22067p234567s win=7s riichi ura=0p"
check 0 "dora=0p ura=0m" score "123m22567p234567s win=7s riichi dora=0p ura=0m"
# the robbing refusals are English, with no Chinese word in them
check 1 "rob (a win on a tile added to a kong) cannot be self-drawn" score "234m456p789s23p55z+1p rob self"
out=$("$hule" --ruleset riichi score "234m456p789s23p55z+1p rob self" 2>&1)
if printf '%s' "$out" | LC_ALL=C grep -q '[^ -~]'; then
  echo "FAIL: a refusal in English has a character outside ASCII: $out"; fail=1
else echo "ok   the robbing refusal is plain English"; fi
exit $fail
