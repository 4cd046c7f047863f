-- tuidao_two_robbers.lua
-- 推倒胡, RULES-tuidao.md flow scenario 5 (two robbers): South and North
-- both rob West's added kong (share 4 each, no horse on them): West pays
-- each three shares (抢杠全包) and, robbed by two, deals next.
--
--   hule run tests/scenarios/tuidao_two_robbers.lua

local g = mj.game {
  ruleset = "tuidao",
  hands = { "1188m1188p1188s4s",   -- East deals
            "123456m789p23s55z",   -- South waits on 1s/4s
            "3377m3377p377s44s",   -- West
            "123m456m789p56s11z" },-- North waits on 4s/7s
  draws = "9m9p9s2z4s9m5z",        -- ..., West's 4s, then the horses
}
g:act("E", "d 4s")
g:act("W", "pon 4s") g:pass()
g:act("W", "d 7m") g:pass()
g:act("N", "d 9p") g:pass()
g:act("E", "d 9s") g:pass()
g:act("S", "d 2z") g:pass()
g:act("W", "kong 4s")
assert(g:can("S", "hu") and g:can("N", "hu"), "both may rob")
g:act("S", "hu") g:act("N", "hu")
local l = g:ledger()
expect(#l, 2, "one payment to each robber")
for i = 1, 2 do
  expect(l[i].payer, 3, "West pays") expect(l[i].amount, 12, "3 x 4")
end
expect(g:next_dealer(), 3, "the robbed player deals next")
print("two robbers: West pays South and North 12 each")
