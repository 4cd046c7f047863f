-- changsha_birds.lua
-- 长沙麻将, RULES-changsha.md flow scenarios 1, 2 and 12: who the birds
-- (扎鸟) land on, counted from the winner, and what they double; 庄闲's
-- point; 一炮多响 with each winner counting the birds from his own seat.
--
--   hule run tests/scenarios/changsha_birds.lua

-- 1. South discards 3p, West wins 平胡 (B 1); the birds 3m (across West:
-- East, who pays nothing) and 8p (West's 上家: South, the payer): South
-- pays 1 x 2 = 2. West deals next.
local g = mj.game {
  ruleset = "changsha",
  hands = { "113457m2589p369s",    -- East deals
            "1469m13459p1469s",    -- South holds 3p
            "456789m12p23455s",    -- West waits on 3p, pair 55s
            "2357m2357p23578s" },
  draws = "9s1m3m8p",              -- East's, South's, then the birds
}
g:act("E", "d 9s") g:pass()
g:act("S", "d 3p")
g:act("W", "hu")
expect(g:result("W").total, 1, "平胡 on a discard, no bird on West")
local pay = g:payments()
expect(pay[2], -2, "South pays 1 x (1 + his bird)")
expect(pay[3], 2, "West") expect(pay[1], 0, "East's bird does nothing")
expect(g:next_dealer(), 3, "the winner deals next")

-- 2. East (the dealer) self-draws 平胡 (B 2); the birds 5p (East) and 2s
-- (South): South pays 2 x 3 + 1 = 7, West and North 2 x 2 + 1 = 5.
g = mj.game {
  ruleset = "changsha",
  hands = { "234567m345p5567s", "1469m13459p1469s", "146m11467p23899s",
            "2357m2357p23578s" },
  draws = "9s1m1p1s5s5p2s",
}
g:act("E", "d 9s") g:pass()
g:act("S", "d 1m") g:pass()
g:act("W", "d 1p") g:pass()
g:act("N", "d 1s") g:pass()
g:act("E", "hu")
expect(g:result("E").total, 4, "B 2 x (1 + the bird on East)")
expect(g:state("E", "niao"), 1, "one bird on East")
pay = g:payments()
expect(pay[1], 17, "East +17") expect(pay[2], -7, "South")
expect(pay[3], -5, "West") expect(pay[4], -5, "North")
expect(g:next_dealer(), 1, "the dealer deals again")

-- 12. East discards 5p: South wins 平胡 (B 1), North 清一色 (B 6). The
-- birds 2m and 7s: from South they land on West and North; from North
-- on East (the payer) and South. East pays South 1 + 1 = 2 and North
-- 6 x 2 + 1 = 13, and deals next.
g = mj.game {
  ruleset = "changsha",
  hands = { "134679m25p13678s", "234567m46p234s55s", "1469m1349p14699s",
            "1112346778999p" },
  draws = "9s1m9m8m3s2m7s",
}
expect(g:phase(), "declare", "West (板板胡) and North (六六顺) may declare")
g:pass()                           -- both let it go
g:act("E", "d 9s") g:pass()
g:act("S", "d 1m") g:pass()
g:act("W", "d 9m") g:pass()
g:act("N", "d 8m") g:pass()
g:act("E", "d 5p")
g:act("S", "hu") g:act("N", "hu")
expect(table.concat(g:winners(), " "), "2 4", "一炮多响")
pay = g:payments()
expect(pay[2], 2, "South: 1 + 庄闲") expect(pay[4], 13, "North")
expect(pay[1], -15, "East pays both") expect(pay[3], 0, "West")
expect(g:next_dealer(), 1, "the discarder of several wins deals")
print("birds: 2 from South; 7, 5, 5 to the dealer; 2 and 13 from East")
