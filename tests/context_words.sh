#!/bin/sh
# A ruleset's own context words (context_words): kita=N read by a fan's
# count and by a test's v.words, its range enforced, refused by a
# ruleset that does not declare it, listed by help context, kept when a
# hand is printed; bad declarations refused at their line.
# Usage: context_words.sh HULE WORKDIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
hule=$1
mkdir -p "$2" && cd "$2" || exit 1
fail=0
. "$here/checks.sh"
mkdir -p rules
cat > rules/kita.lua <<'EOF'
local R = mj.extend("riichi", {
  id = "kita",
  context_words = { { "kita", max = 4,
                      desc = { en = "Norths set aside", zh = "拔北的张数" } },
                    { "dealer", max = 20 } },
})
R:fan { "抜きドラ", en = "Kita", han = 1, bonus = true, count = "kita",
        desc = "each North set aside is a dora" }
R:fan { "連荘", en = "Repeat", han = 1, bonus = true,
        test = function(v) return v.words.dealer or 0 end,
        desc = "the dealer's repeats, read by a test" }
return R
EOF
h() { "$hule" --rules rules --ruleset kita "$@" 2>&1; }
out=$(h score 123m456p789s234m5s+5s riichi self kita=2)
has "$out" "抜きドラ Kita x2" "kita=2: a fan's count reads it (x2)"
has "$out" "kita=2" "the hand printed keeps kita=2"
out=$(h score 123m456p789s234m5s+5s riichi self dealer=3)
has "$out" "連荘 Repeat" "dealer=3: a test reads v.words.dealer"
out=$(h score 123m456p789s234m5s+5s riichi self dealer=0)
if printf '%s' "$out" | grep -q "連荘"; then no "dealer=0: the test still counts" "$out"
else ok "dealer=0: the test reads 0 and the fan is out"; fi
out=$(h score 123m456p789s234m5s+5s riichi self kita=5)
has "$out" "kita=5: ruleset kita allows 0..4" "kita past its max refused"
out=$(h score 123m456p789s234m5s+5s riichi self kiat=1)
has "$out" "unknown context token 'kiat=' (ruleset kita's own words: kita= dealer=)" \
  "a misspelt word refused, naming the ruleset's words"
out=$("$hule" score 123m456p789s234m5s+5s self kita=1 2>&1)
has "$out" "unknown context token 'kita=' (ruleset mcr's own words: none)" \
  "a word mcr does not declare refused"
out=$(h score 123m456p789s234m5s+5s riichi self kita=x)
has "$out" "kita=x: a count 0..999" "a word that is not a count refused at its column"
out=$(h score 123m456p789s234m5s+5s riichi self kita=1 kita=2)
has "$out" "duplicate token kita" "a word given twice refused"
out=$(printf 'use kita\nhelp context\n' | "$hule" --rules rules 2>&1)
has "$out" "kita=N, 0..4: Norths set aside" "help context lists the word and its words"
has "$out" "riichi" "help context lists the ruleset's tokens"
out=$(printf 'help context\n' | "$hule" 2>&1)
if printf '%s' "$out" | grep -q "riichi\|kita"; then
  no "help context under mcr lists riichi's tokens" "$out"
else ok "help context under mcr: no token mcr does not read"; fi
out=$(printf 'use kita\nhelp context\n' | "$hule" --rules rules --lang zh_CN 2>&1)
has "$out" "kita=N，0..4：拔北的张数" "help context in Chinese"
# bad declarations, each refused at its line
bad() {   # bad DECL WANT
  printf 'local R = mj.extend("riichi", {\n  id = "b",\n  context_words = %s })\nreturn R\n' "$1" > rules/b.lua
  out=$("$hule" --rules rules --ruleset b score 123m456p789s234m5s+5s 2>&1)
  has "$out" "$2" "refused: $1"
}
bad '{ { "Kita", max = 4 } }' "b.lua:1: context word 'Kita': 2..11 of a-z and _"
bad '{ { "seat", max = 4 } }' "b.lua:1: context word 'seat' is a token of hule's own"
bad '{ { "kita", max = 0 } }' "b.lua:1: context word 'kita': max is 1..999"
bad '{ { "kita", max = 2 }, { "kita", max = 3 } }' "context word 'kita' twice"
bad '{ "kita" }' "b.lua:1: context_words[1] is { \"name\", max = N"
bad '{ {"a1",max=1},{"bb",max=1},{"cc",max=1},{"dd",max=1},{"ee",max=1} }' \
  "context word 'a1': 2..11 of a-z and _"
bad '{ {"aa",max=1},{"bb",max=1},{"cc",max=1},{"dd",max=1},{"ee",max=1} }' \
  "more than 4 context words"
printf 'local R = mj.extend("riichi", { id = "c" })\nR:fan { "x", han = 1, count = "kita" }\nreturn R\n' > rules/c.lua
out=$("$hule" --rules rules --ruleset c score 123m456p789s234m5s+5s 2>&1)
has "$out" "c.lua:2: fan 'x': count = \"kita\" is none of hule's counts" \
  "a count of an undeclared word refused at its line"
# flowers by identity: flowers=15f, the seat's own (正花), a test reading
# them; a game's win says which flowers its winner held
out=$("$hule" score 123m456p789s11z55m+5m self flowers=15f 2>&1)
has "$out" "self seat=E round=E flowers=15f" "flowers=15f kept by identity"
has "$out" "花牌 Flower Tiles x2" "and counted as two flowers"
out=$("$hule" score 123m456p789s11z55m+5m self flowers=11f 2>&1)
has "$out" "a count 0..8, or the flowers held: 1f..8f, each once" \
  "a flower named twice refused"
cat > rules/tw.lua <<'LUA'
local R = mj.extend("mcr", { id = "tw" })
R:fan { "正花", en = "Own flowers", points = 1, count = "seat_flowers",
        desc = "each flower of the winner's seat" }
R:fan { "花槓", en = "Four seasons", points = 2,
        test = function(v)
          local s = {}
          for _, t in ipairs(v.flower_tiles) do s[t] = true end
          return (s["1f"] and s["2f"] and s["3f"] and s["4f"]) or false
        end, desc = "all four seasons" }
return R
LUA
out=$("$hule" --rules rules --ruleset tw score 123m456p789s11z55m+5m self flowers=15f 2>&1)
has "$out" "正花 Own flowers x2" "East's own flowers (1f 5f) counted by seat"
out=$("$hule" --rules rules --ruleset tw score 123m456p789s11z55m+5m self seat=S flowers=1234f 2>&1)
has "$out" "正花 Own flowers " "South's own flower (2f) counted once"
has "$out" "花槓 Four seasons" "a test reads v.flower_tiles (the four seasons)"
mkdir -p logs
"$hule" sim --games 10 --seed 2 --log logs --log-games 2 > /dev/null 2>&1
win=$(grep '"ev":"win"' logs/game-2.jsonl | head -1)
has "$win" "flowers=67f" "a game's win names the winner's flowers (flowers=67f)"
sed 's/flowers=67f/flowers=2/' logs/game-2.jsonl > logs/old.jsonl
sed 's/flowers=67f/flowers=3/' logs/game-2.jsonl > logs/bad.jsonl
out=$("$hule" review logs/old.jsonl 2>&1)
if printf '%s' "$out" | grep -q Error; then no "a log written with flowers=2 replays" "$out"
else ok "a log written before flowers by identity (flowers=2) still replays"; fi
has "$("$hule" review logs/bad.jsonl 2>&1)" "(an edited log)" \
  "the same log with a wrong count is refused as edited"
exit $fail
