#!/bin/sh
# The command line's one table and one parser: an option is read the same
# before and after the command (refused the same way when wrong), each is
# given once but --option and --rules, a command's help comes from the
# table, and the reference page and the man page are that table's.
# Usage: cmdline.sh HULE SRCDIR BUILDDIR WORKDIR
set -u
hule=$1; src=$2; build=$3
mkdir -p "$4" && cd "$4" || exit 1
fail=0
check() {   # check WANT-EXIT TEXT COMMAND...: exit status and a line of output
  want_rc=$1; want=$2; shift 2
  out=$("$@" 2>&1); rc=$?
  if [ "$rc" -ne "$want_rc" ]; then
    echo "FAIL: '$*' exited $rc, not $want_rc:"; printf '%s\n' "$out" | head -3; fail=1
  elif ! printf '%s' "$out" | grep -qF -- "$want"; then
    echo "FAIL: '$*': no '$want' in:"; printf '%s\n' "$out" | head -4; fail=1
  else
    echo "ok   $*"
  fi
}
hand=1112345678999m
# the same option, before and after the command
check 0 "waits on 1m" "$hule" --ruleset mcr waits $hand
check 0 "waits on 1m" "$hule" waits $hand --ruleset mcr
check 0 '"waits"' "$hule" --json waits $hand
check 0 '"waits"' "$hule" waits --json $hand
# given twice: refused before, after, and across the command
check 1 "--ruleset given twice" "$hule" --ruleset mcr --ruleset bao waits $hand
check 1 "--ruleset given twice" "$hule" waits $hand --ruleset mcr --ruleset bao
check 1 "--ruleset given twice" "$hule" --ruleset mcr waits $hand --ruleset bao
check 1 "--json given twice" "$hule" --json waits --json $hand
check 1 "--games given twice" "$hule" sim --games 4 --games 8
# a value missing, before and after
check 1 "--ruleset needs a value" "$hule" --ruleset
check 1 "--ruleset needs a value" "$hule" waits $hand --ruleset
check 1 "--seed needs a value" "$hule" sim --games 4 --seed
# unknown options say so the same way wherever they stand, with a guess
check 1 "unknown option --rulset of hule waits; did you mean --ruleset?" "$hule" waits $hand --rulset mcr
check 1 "unknown option --rulset of hule; did you mean --ruleset?" "$hule" --rulset mcr
check 1 "unknown option --gmes of hule sim; did you mean --games?" "$hule" sim --gmes 4
# an option of another command, or one the command does not take
check 1 "--games is an option of hule sim: put it after the command" "$hule" --games 4 sim
check 1 "hule waits takes no --games" "$hule" waits $hand --games 4
check 1 "hule sim takes no --batch" "$hule" --batch sim --games 4
check 1 "hule sim takes no --batch" "$hule" sim --games 4 --batch
check 1 "hule sim takes options only, not 'extra'" "$hule" sim --games 4 extra
# --rules: at most six directories, each one that exists
mkdir -p d1
check 1 "--rules nope: no such directory" "$hule" --rules nope waits $hand
check 1 "--rules nope: no such directory" "$hule" waits $hand --rules nope
check 0 "waits on 1m" "$hule" --rules d1 waits $hand --rules d1
check 1 "option caishen given twice" "$hule" --option caishen=5z waits $hand --option caishen=6z
check 1 "at most 6 --rules directories" "$hule" --rules d1 --rules d1 --rules d1 --rules d1 --rules d1 --rules d1 --rules d1 waits $hand
# -- ends the options: a hand that starts with -- is not one, but a file
# named like an option reaches run
printf 'print("args", ...)\n' > s.lua
check 0 "args	--json	x" "$hule" run s.lua --json x
check 0 "args	--json" "$hule" run -- s.lua --json
# --echo: a piped session prints each command before its output
out=$(printf 'fans\nbogus\n' | "$hule" --echo 2>&1)
printf '%s\n' "$out" | head -1 | grep -qx 'hule> fans' && \
  printf '%s\n' "$out" | grep -A1 -x 'hule> bogus' | grep -q 'unknown command "bogus"' \
  && echo "ok   --echo places each answer after its command" || { echo "FAIL: --echo: $(printf '%s' "$out" | head -3)"; fail=1; }
# the prompt names the tools' ruleset when it is not the game's
out=$(printf 'new tuidao seed=2\nuse mcr\nfans\nuse tuidao\nfans\n' | "$hule" --echo --ascii 2>&1)
printf '%s\n' "$out" | grep -qx 'hule (play tuidao, tools mcr)> fans' && \
  printf '%s\n' "$out" | grep -qx 'hule (play)> fans' && \
  printf '%s\n' "$out" | grep -q 'the game in play stays tuidao' \
  && echo "ok   the prompt names the tools' ruleset when it differs" || { echo "FAIL: prompt: $(printf '%s' "$out" | grep '^hule' | head -4)"; fail=1; }
# every REPL command has a page: what it does, an example, related ones
names=$(printf 'help\n' | "$hule" 2>&1 | sed -n 's/^  \([a-z][a-z]*\)\( .*\)\{0,1\}$/\1/p' | sort -u)
pages=0
for c in $names; do
  out=$(printf 'help %s\n' "$c" | "$hule" 2>&1)
  if printf '%s' "$out" | grep -q "^Example:" && printf '%s' "$out" | grep -q "^See also: " &&
     [ "$(printf '%s\n' "$out" | wc -l)" -ge 8 ]; then pages=$((pages + 1))
  else echo "FAIL: help $c is no page:"; printf '%s\n' "$out" | head -4; fail=1; fi
done
[ "$pages" -ge 40 ] && echo "ok   help COMMAND: a page for each of $pages commands" || { echo "FAIL: only $pages help pages"; fail=1; }
out=$(printf 'help table\n' | "$hule" 2>&1)
printf '%s' "$out" | grep -q "the dealer" && printf '%s' "$out" | grep -q "last discard" && \
  printf '%s' "$out" | grep -q "(5p) was claimed" \
  && echo "ok   help table: the legend of the table" || { echo "FAIL: help table: $out"; fail=1; }
# tiles: each glyph with its notation, glyphs alone, notation alone
out=$(printf 'tiles both\nnew seed=42\ntiles text\ntable\n' | "$hule" 2>&1)
printf '%s\n' "$out" | grep "^You    E" | head -1 | grep -q "🀉3m 🀉3m" && \
  printf '%s\n' "$out" | grep "^You    E" | tail -1 | grep -q " 3368m337p2399s26z" \
  && echo "ok   tiles both shows each glyph with its notation, tiles text the notation" || { echo "FAIL: tiles: $(printf '%s' "$out" | grep '^You')"; fail=1; }
check 1 "--tiles big: say glyph, both or text" "$hule" --tiles big
check 0 "🀉3m" sh -c "printf 'new seed=42\n' | '$hule' --tiles both"
# red fives: refused by a ruleset without them, counted by one with them
check 1 "0s is a red five: ruleset mcr plays without red fives" "$hule" score "123m456p789s406s1z+1z"
red="$src/tests/data/red_mcr.lua"
check 0 "赤五 Red Five" "$hule" --ruleset "$red" score "123m406p789s[055s]1z+1z"
out=$("$hule" --ruleset "$red" score "123m406p789s[055s]1z+1z")
printf '%s' "$out" | grep -q "^hand:    123m406p789s11z\[055s\] win=1z" && printf '%s' "$out" | grep -q "赤五 Red Five.*2 fan" \
  && echo "ok   red fives printed as written and counted, melds included" || { echo "FAIL: red fives: $out"; fail=1; }
# riichi's context tokens: refused where undeclared, read where declared
check 1 "the context token riichi is not read by ruleset mcr" "$hule" score "123m456p789s111z5z+5z riichi"
check 1 "ippatsu without riichi or double" "$hule" --ruleset "$red" score "123m456p789s111z5z+5z ippatsu"
out=$("$hule" --ruleset "$red" score "123m456p789s111z5z+5z riichi ippatsu dora=4z6z ura=4z honba=3")
printf '%s' "$out" | grep -q "宝牌 Dora x8" && printf '%s' "$out" | grep -q "riichi ippatsu dora=4z6z ura=4z honba=3" \
  && echo "ok   dora and ura indicators read and counted by a ruleset's test" || { echo "FAIL: dora: $out"; fail=1; }
check 1 "2 red fives of p: ruleset mcr-red has 1" "$hule" --ruleset "$red" score "123m0046p789s111z+5z"
# --ascii: the table in plain ASCII, box lines and dots too
out=$(printf 'new seed=42\n' | "$hule" --ascii 2>&1)
printf '%s\n' "$out" | grep -qx -- '-- mcr - hand 1 - East round - wall 86 --' && \
  ! printf '%s\n' "$out" | LC_ALL=C grep -q '[^ -~]' \
  && echo "ok   --ascii draws the table in ASCII" || { echo "FAIL: --ascii: $(printf '%s' "$out" | LC_ALL=C grep '[^ -~]' | head -2)"; fail=1; }
# the long form of a discard is the short one
out=$(printf 'new seed=11 bots=efficiency\ndiscard 1z\n' | "$hule" 2>&1)
printf '%s' "$out" | grep -q "You discard 1z" && echo "ok   discard 1z is d 1z" \
  || { echo "FAIL: discard 1z: $(printf '%s' "$out" | tail -2)"; fail=1; }
# an action's other names work at the table: 打 5m, 碰, tsumo, gang
out=$(printf 'new seed=11 bots=efficiency\n打 9m\n' | "$hule" 2>&1)
printf '%s' "$out" | grep -q "You discard 9m" && echo "ok   打 9m is d 9m" \
  || { echo "FAIL: 打 9m: $(printf '%s' "$out" | tail -2)"; fail=1; }
check 0 "Usage: pon" sh -c "printf 'help 碰\\n' | '$hule'"
# flowers shown in order, as every hand
out=$(printf 'new seed=42\n' | "$hule" 2>&1)
printf '%s' "$out" | grep -q "flowers: 16f" && echo "ok   flowers in order" \
  || { echo "FAIL: flowers: $(printf '%s' "$out" | grep flowers | head -2)"; fail=1; }
# a command's help, from the table
for c in waits shanten score sim stats review run help; do
  check 0 "Usage: hule $c" "$hule" help $c
  check 0 "Usage: hule $c" "$hule" $c --help
  check 0 "Example:" "$hule" $c --help
done
check 0 "--log-wins T+" "$hule" sim --help
check 1 "no command \"nosuch\"" "$hule" help nosuch
check 0 "Commands (none: the interactive REPL" "$hule" --help
check 0 "hule 1." "$hule" --version
# the reference page is the table's
if "$hule" help --markdown | cmp -s - "$src/docs/reference.md"; then
  echo "ok   docs/reference.md is hule help --markdown"
else
  echo "FAIL: docs/reference.md differs from hule help --markdown (run: hule help --markdown > docs/reference.md)"; fail=1
fi
# the man page: every command, every option of the table
"$hule" help --man > hule.1
head -1 hule.1 | grep -q '^\.TH HULE 1' || { echo "FAIL: hule.1 has no .TH"; fail=1; }
for w in waits shanten score sim stats review run games seed bots jobs shard sandbox ruleset option rules batch json ascii; do
  grep -q "$w" hule.1 || { echo "FAIL: hule.1 does not name $w"; fail=1; }
done
# MCR's rule-book options: 明暗杠 and the waits on a 组合龙's tile
kk="123m456p55s[7777s]{2222z} win=5s"
check 0 "明杠 Melded Kong" "$hule" --ruleset mcr score "$kk"
check 0 "明暗杠 Melded and Concealed Kongs         5 fan" "$hule" --ruleset mcr --option ming_an_gang=true score "$kk"
out=$("$hule" --ruleset mcr --option ming_an_gang=on score "$kk")
printf '%s' "$out" | grep -q "暗杠: excluded by 明暗杠" && printf '%s' "$out" | grep -q "明杠: excluded by 明暗杠" \
  && echo "ok   明暗杠 excludes 明杠 and 暗杠" || { echo "FAIL: 明暗杠's exclusions: $out"; fail=1; }
out=$("$hule" --ruleset mcr --option ming_an_gang=true score "123m55p[1111s][2222s]{3333z} win=5p")
printf '%s' "$out" | grep -q "三杠" && ! printf '%s' "$out" | grep -q "明暗杠 Melded" \
  && echo "ok   三杠 takes 明暗杠" || { echo "FAIL: 三杠 with ming_an_gang: $out"; fail=1; }
kn="147m89m258p369s55z+7m"
check 0 "边张 Unique Wait (Edge)" "$hule" --ruleset mcr score "$kn"
out=$("$hule" --ruleset mcr --option knitted_waits=false score "$kn")
printf '%s' "$out" | grep -q "total:   14 fan" && ! printf '%s' "$out" | grep -q "边张" \
  && echo "ok   knitted_waits=false: no wait fan on a tile of the 组合龙" || { echo "FAIL: knitted_waits=false: $out"; fail=1; }
check 1 "option ming_an_gang: 'maybe' is not true or false" "$hule" --ruleset mcr --option ming_an_gang=maybe score "$kk"
# a sim's lines carry the options; stats refuses to mix games of others
"$hule" sim --ruleset mcr --option ming_an_gang=true --games 3 --out opt.jsonl > /dev/null
"$hule" sim --ruleset mcr --games 3 --out plain.jsonl > /dev/null
check 0 "ruleset mcr (ming_an_gang=true): 3 games from 1 file" "$hule" stats opt.jsonl
check 1 "games with other options mixed" "$hule" stats opt.jsonl plain.jsonl
# diff: what a club changed, in words
printf 'local R = mj.extend("mcr", { id = "house", title = "MCR, house rules" })\nR:points("自摸", { points = 4 })\nreturn R\n' > house.lua
check 0 "自摸: 1 fan → 4 fan" "$hule" diff mcr house.lua
check 0 "1 difference" "$hule" diff mcr house.lua
check 0 "no difference" "$hule" diff mcr mcr
# the dragons' indicator order reversed: a change of cycles is one
printf 'return mj.extend("riichi", { id = "r2", table = { cycles = {\n  "123456789m", "123456789p", "123456789s", "1234z", "567z" } } })\n' > cyc.lua
check 0 "cycles: the tile after an indicator: 5z: 7z → 6z, 6z: 5z → 7z, 7z: 6z → 5z" "$hule" diff riichi cyc.lua
check 0 "self_draw_only: false → true" "$hule" diff bao bao-shangrao
check 0 "+ 门清 Concealed hand (x2)" "$hule" diff bao bao-shangrao
check 0 "清碰碰糊: base 4 → base 8" "$hule" diff bao bao-shangrao
check 0 "地糊: matches otherwise" "$hule" diff bao bao-shangrao
check 0 "+ 明暗杠 Melded and Concealed Kongs (5 fan)" "$hule" diff mcr mcr ming_an_gang=true
check 0 "三杠: now excludes 明暗杠" "$hule" diff mcr mcr ming_an_gang=true
check 0 "- 明暗杠 Melded and Concealed Kongs (5 fan)" "$hule" diff mcr ming_an_gang=true mcr
check 0 "scoring: sum → fan (番)" "$hule" diff mcr xuezhan
check 0 "min_points: 8 → 0" "$hule" diff mcr xuezhan
check 0 "swap: 0 → 3" "$hule" diff mcr xuezhan
check 1 "diff needs two rulesets" "$hule" diff mcr
check 1 "diff compares two rulesets, not more" "$hule" diff mcr bao tuidao
check 1 "'x=1': the options follow the ruleset they are for" "$hule" diff x=1 mcr bao
check 1 "unknown option 'bogus' for ruleset mcr" "$hule" diff mcr mcr bogus=1
check 1 "no ruleset 'nosuch'" "$hule" diff mcr nosuch
check 0 "自摸: 1 fan → 4 fan" sh -c "echo 'diff mcr house.lua' | '$hule'"
check 1 "Usage: diff" sh -c "echo 'diff mcr' | '$hule'"
[ -f "$build/hule.1" ] && cmp -s hule.1 "$build/hule.1" && echo "ok   the build made hule.1" || { echo "FAIL: the build's hule.1 is missing or stale"; fail=1; }
if command -v man > /dev/null; then
  man -l hule.1 2>&1 | grep -q "a mahjong engine" && echo "ok   man reads hule.1" || { echo "FAIL: man -l hule.1"; fail=1; }
fi
exit $fail
