-- taiwan_flow.lua
-- Taiwanese 16-tile (RULES-taiwan.md): the table (16 tiles, the dealer
-- 17, flowers set aside and replaced from the tail, the 16-tile dead
-- end), the claims (chow from the previous player only, one winner a
-- discard: the nearest), the money (底 + 台 x 台價, 莊家 and 連莊拉莊
-- between winner and dealer only), 連莊, and the flowers' flow
-- (槓上開花 on a flower's replacement, 八仙過海, 七搶一).
--
--   hule run tests/scenarios/taiwan_flow.lua

local function count(h)          -- tiles of a hand in notation, melds too
  local n = 0
  for d in h:gmatch("%d") do n = n + 1 end
  return n
end

-- 1. The deal: sixteen each, the dealer's seventeenth his first draw. He
--    draws 1f (his own flower), sets it aside, draws 5z from the tail
--    and wins: 門清自摸 3, 獨聽 1, 槓上開花 1, 正花 1, 天胡 16 = 22 台,
--    each of the three paying 300 + (22 + 1 莊家) x 100.
local g = mj.game {
  ruleset = "taiwan",
  hands = { "123456789m123p789s5z", "1199m1199p1199s1234z",
            "2233m4455p6677s5566z", "2468m2468p2468s1347z" },
  draws = "1f",
  tail = "5z",
}
expect(count(g:hand("S")), 16, "sixteen tiles dealt")
expect(count(g:hand("E")), 17, "the dealer's seventeenth")
expect(g:flowers("E"), "1f", "the flower set aside, face up")
expect(g:last_draw(), "5z", "its replacement from the tail")
expect(g:wall_left(), 62, "144 - 64 dealt - 2 drawn - the 16 not drawn")
g:act("E", "hu")
local r = g:result("E")
expect(r.line, "門清自摸,獨聽,槓上開花,正花,天胡", "the 台 of the win")
expect(r.total, 22, "22 台 without 莊家")
expect(g:payments()[1], 3 * 2600, "each pays 300 + 23 x 100")
expect(g:payments()[2], -2600, "South")

-- 2. South self-draws on his first draw (門清自摸 3, 獨聽 1, 地胡 16 = 20
--    台) with the dealer on his second hand kept (連莊 1): the dealer pays
--    300 + (20 + 1 莊家 + 2 連莊拉莊) x 100, West and North 300 + 20 x 100.
g = mj.game {
  ruleset = "taiwan", honba = 1,
  hands = { "1199m1199p1199s1234z", "123456789m123p789s5z",
            "2233m4455p6677s5566z", "2468m2468p2468s1347z" },
  draws = "3z5z",
}
g:act("E", "d 3z") g:pass()
assert(g:can("S", "hu"), "South draws his tile")
g:act("S", "hu")
expect(g:result("S").line, "門清自摸,獨聽,地胡", "地胡 on his first draw")
local p = g:payments()
expect(p[1], -2600, "the dealer: 300 + 23 x 100")
expect(p[3], -2300, "West: 300 + 20 x 100")
expect(p[4], -2300, "North")
expect(p[2], 7200, "South takes all three")
expect(g:next_dealer(), 2, "a win by another: the deal moves on")

-- 3. On a discard: only the previous player may chow, and of two who can
--    win on it the nearest in turn wins (截胡); the discarder pays, the
--    dealer's 莊家 counted when he is the discarder.
g = mj.game {
  ruleset = "taiwan",
  hands = { "1199m1199p1199s1234z", "123456789m123p789s5z",
            "123456789m123p789s5z", "2468m2468p2468s1347z" },
  draws = "5z",
}
expect(g:hand("W"), "123456789m123p789s5z", "West waits on 5z too")
g:act("E", "d 5z")
assert(g:can("S", "hu") and g:can("W", "hu"), "both may win on it")
g:act("W", "hu")
g:act("S", "hu")
expect(#g:winners(), 1, "one winner a discard")
expect(g:winners()[1], 2, "South, the nearest after East (截胡)")
expect(g:result("S").line, "門清,獨聽,人胡", "門清 1, 獨聽 1, 人胡 8")
expect(g:payments()[1], -(300 + 11 * 100), "the dealer discarded: +莊家")

g = mj.game {
  ruleset = "taiwan",
  hands = { "1199m1199p1199s1234z", "12m456789p45678s555z",
            "459m23p23s234666777z", "2468m2468p2468s1347z" },
  draws = "3m",
}
g:act("E", "d 3m")
assert(g:can("S", "chi 123m"), "South, after East, may chow")
assert(not g:can("W", "chi 345m"), "West may not: chows are the next's")
g:pass()

-- 4. 人胡: West wins on South's first discard, nobody having called.
g = mj.game {
  ruleset = "taiwan",
  hands = { "1199m1199p1199s1234z", "2468m2468p2468s1347z",
            "123456789m123p789s5z", "2233m4455p6677s5566z" },
  draws = "6z5z",
}
g:act("E", "d 6z") g:pass()
g:act("S", "d 5z")
assert(g:can("W", "hu"), "West may win on South's 5z")
g:act("W", "hu") g:pass()
expect(g:result("W").line, "門清,獨聽,人胡", "人胡 on the first go-around")
expect(g:payments()[2], -(300 + 10 * 100), "South pays 10 台")

-- 5. 八仙過海: East draws the eight flowers one after another (each
--    replaced from the tail) and wins at once, whatever his hand: paid
--    as a self-draw (正花 2, 花槓 2 x 2, 八仙過海 8 = 14 台, +莊家).
g = mj.game {
  ruleset = "taiwan",
  hands = { "13579m2468p13579s12z", "1199m1199p1199s1234z",
            "2233m4455p6677s5566z", "2468m2468p2468s1347z" },
  draws = "1f",
  tail = "2f3f4f5f6f7f8f3z",
}
expect(g:flowers("E"), "12345678f", "all eight set aside")
assert(g:can("E", "hu"), "八仙過海: a win whatever the hand")
g:act("E", "hu")
expect(g:result("E").line, "正花x2,花槓x2,八仙過海", "the flowers' 台")
expect(g:payments()[2], -(300 + 15 * 100), "each pays as on a self-draw")

-- 6. 七搶一: North draws seven flowers in a row (his replacements), then
--    South draws the eighth: North takes it with its replacement and
--    wins at once; South pays as a discarder (七搶一 8, 正花 2 (4f 8f),
--    花槓 2 x 2 = 14 台).
g = mj.game {
  ruleset = "taiwan",
  hands = { "1199m1199p1199s1234z", "2468m2468p2468s1347z",
            "2233m4455p6677s5566z", "13579m2468p13579s12z" },
  draws = "6z7z7z1f" .. "9m" .. "8f",
  tail = "2f3f4f5f6f7f" .. "3z" .. "3z" .. "9p",
}
g:act("E", "d 6z") g:pass()
g:act("S", "d 7z") g:pass()
g:act("W", "d 7z") g:pass()
expect(g:flowers("N"), "1234567f", "North holds seven flowers")
g:act("N", "d 3z") g:pass()
g:act("E", "d 9m") g:pass()
expect(g:over(), true, "South's draw of the eighth ends the hand")
expect(g:flowers("N"), "12345678f", "North took the eighth")
expect(g:flowers("S"), "", "South gave it up")
local ev = g:events()
expect(ev[#ev - 2], "4 takes 2's flower 8f (七搶一)", "the event says who took it")
expect(ev[#ev - 1], "4 draws 3z from the tail", "... and its replacement")
local w = g:result("N")
expect(w.line, "正花x2,花槓x2,七搶一", "七搶一 with the flowers' 台")
expect(g:payer(), 2, "South pays as a discarder")
expect(g:payments()[2], -(300 + 14 * 100), "South alone pays")
expect(g:payments()[1], 0, "the dealer pays nothing on another's discard")

-- 7. A drawn hand: the 16 last tiles are never drawn; the dealer keeps
--    the deal (連莊) and nobody pays.
local found = false
for seed = 1, 300 do
  g = mj.game { ruleset = "taiwan", seed = seed }
  g:play()
  if g:drawn() then found = true break end
end
assert(found, "a drawn hand among 300 played")
expect(g:wall_left(), 0, "drawn when only the dead end remains")
expect(g:next_dealer(), 1, "連莊: the dealer deals again")
local sum = 0
for _, v in ipairs(g:payments()) do sum = sum + math.abs(v) end
expect(sum, 0, "a drawn hand pays nothing")

print("taiwan: the deal, the claims, the money, 八仙過海 and 七搶一")
