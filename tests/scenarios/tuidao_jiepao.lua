-- tuidao_jiepao.lua
-- 推倒胡, RULES-tuidao.md flow scenario 13 (jiepao, 一炮多响): with 接炮
-- allowed, East discards 5p and South and North both win on it (no ghost
-- held: share 4 each, no horse on them): East pays each one share and,
-- having fed two winners, deals next.
--
--   hule run tests/scenarios/tuidao_jiepao.lua

mj.load("tuidao", "jiepao=true")
local g = mj.game {
  ruleset = "tuidao",
  hands = { "1188m2288p1188s5p",   -- East deals
            "123456m789s34p55z",   -- South waits on 2p/5p
            "23m58p29s1234566z",
            "789m123s456s46p11z" },-- North waits on 5p
  draws = "9m1m1p",                -- East's draw, then the horses
}
g:act("E", "d 5p")
assert(g:can("S", "hu") and g:can("N", "hu"), "both may win on 5p")
g:act("S", "hu") g:act("N", "hu")
local l = g:ledger()
expect(#l, 2, "one share from East to each")
expect(l[1].payee, 2, "South") expect(l[1].amount, 4, "share 4")
expect(l[2].payee, 4, "North") expect(l[2].amount, 4, "share 4")
expect(g:next_dealer(), 1, "the discarder deals next")
print("接炮 一炮多响: East pays South and North 4 each")
