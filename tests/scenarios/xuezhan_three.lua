-- xuezhan_three.lua
-- 血战到底, RULES-xuezhan.md flow scenario 1 (three winners): South wins
-- 平胡 on East's discard (East pays 1) and leaves; North self-draws 对对胡
-- (2 番, 2 units + 1 加底 from East and West, the two still in); West
-- wins 清一色 on East's discard (East pays 4). Three have won: the hand
-- is over without 查叫. East -8, South +1, West +1, North +6; South, the
-- first winner, deals next.
--
--   hule run tests/scenarios/xuezhan_three.lua

mj.load("xuezhan", "huansanzhang=false")
local g = mj.game {
  ruleset = "xuezhan",
  hands = { "12378p24566789s",    -- East deals (que m)
            "123456789m1123s",    -- South waits on 1s/4s (que p)
            "345678999p4456p",    -- West: 清一色 waiting on 4p/7p (que m)
            "111222p3335566s" },  -- North: pungs, waiting on 5s (que m)
  draws = "1m2m3m4m6p7m5s9p",
}
g:act("E", "que m") g:act("S", "que p") g:act("W", "que m")
g:act("N", "que m")
-- a go-around first (no 地胡)
g:act("E", "d 1m") g:pass()
g:act("S", "d 2m") g:pass()
g:act("W", "d 3m") g:pass()
g:act("N", "d 4m") g:pass()
g:act("E", "d 4s")
g:act("S", "hu") g:pass()
expect(g:result("S").total, 1, "South: 平胡, 1")
assert(not g:active("S"), "South leaves")
expect(g:turn(), 3, "play goes on after South: West")
g:act("W", "d 7m") g:pass()
expect(g:last_draw(), "5s", "North draws his tile")
g:act("N", "hu")
expect(g:result("N").total, 2, "North: 对对胡, 2 番 = 2 units")
g:act("E", "d 7p")
g:act("W", "hu")
expect(g:result("W").total, 4, "West: 清一色, 3 番 = 4 units")
assert(g:over(), "three have won: the hand is over")
local l = g:ledger()
expect(#l, 4, "four payments, no 查叫")
expect(l[2].payee, 4, "North's self-draw") expect(l[2].amount, 3, "2 + 加底")
expect(l[3].payee, 4, "from each still in") expect(l[3].amount, 3, "3")
local pay = g:payments()
expect(pay[1], -8, "East") expect(pay[2], 1, "South")
expect(pay[3], 1, "West") expect(pay[4], 6, "North")
expect(g:next_dealer(), 2, "the first winner deals next")
print("three winners: East -8, South +1, West +1, North +6")
