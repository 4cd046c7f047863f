-- tuidao_gangbao.lua
-- 推倒胡, RULES-tuidao.md flow scenarios 6 (杠爆全包) and 12 (ghost
-- discards): North kongs East's 6p and wins on the replacement holding a
-- 白板 (share 2): East, who fed the kong, pays all three shares, 6, and at
-- the settlement the 点杠's 3: 9 in all. A discarded 白板 cannot be punged,
-- konged or (with jiepao) won on.
--
--   hule run tests/scenarios/tuidao_gangbao.lua

local g = mj.game {
  ruleset = "tuidao",
  hands = { "1188m2289p1188s6p",   -- East deals
            "3456m1789p234s55z",
            "23m58p29s12345z66z",
            "666p123m456m789s7z" },-- North: a 白板 alone, any tile wins
  draws = "9m1m1p",                -- East's draw, then the horses
  tail = "3z",                     -- the kong's replacement
}
g:act("E", "d 6p")
g:act("N", "kong 6p") g:pass()
expect(g:last_draw(), "3z", "North's replacement")
g:act("N", "hu")
expect(g:result("N").total, 2, "one share: a ghost held, no horse")
local l = g:ledger()
expect(l[1].payer, 1, "杠爆全包: East pays") expect(l[1].amount, 6, "3 x 2")
expect(l[2].reason, "kong", "then the 点杠") expect(l[2].amount, 3, "3")
local pay = g:payments()
expect(pay[1], -9, "East: 9 in all") expect(pay[4], 9, "North")

-- a discarded ghost: no pung, no kong, no win on it
mj.load("tuidao", "jiepao=true")
g = mj.game {
  ruleset = "tuidao",
  hands = { "1188m2289p1188s7z",   -- East deals, a 白板 to throw
            "3456m1789p234s77z",   -- South: two 白板
            "23m58p29s1234566z",
            "666p123m456m789s7z" },-- North: with jiepao, any discard wins
  draws = "9m1z2z3z3z",
}
g:act("E", "d 9m")
assert(g:can("N", "hu"), "with jiepao North wins on a discard")
g:act("N", "pass") g:pass()
g:act("S", "d " .. g:last_draw()) g:pass()
g:act("W", "d " .. g:last_draw()) g:pass()
g:act("N", "d " .. g:last_draw()) g:pass()
g:act("E", "d 7z")
expect(g:phase(), "turn", "nobody may claim a discarded ghost: not South's "
       .. "pung, not North's win")
expect(g:turn(), 2, "South draws")
print("杠爆全包: East pays 6 + the 点杠 3; a discarded ghost is dead")
