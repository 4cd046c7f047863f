-- tuidao_dealer_horses.lua
-- 推倒胡, RULES-tuidao.md flow scenario 10 (horses count from the dealer):
-- South deals, with 4 horses; West wins; the horses 5m (-> South, the
-- dealer), 6p (-> West: a hit), 3z (西: across from South, North) and 4s
-- (-> East, before South): one hit, share 4 + 2 = 6.
--
--   hule run tests/scenarios/tuidao_dealer_horses.lua

mj.load("tuidao", "horses=4")
local g = mj.game {
  ruleset = "tuidao",
  dealer = 2,
  hands = { "3377m3377p3377s6z",
            "1188m2288p1188s6z",   -- South deals
            "123456m789p234s5z",   -- West waits on 5z
            "4466m4466p5566s6z" },
  draws = "1z5z5m6p3z4s",          -- South's, West's, then the horses
}
g:act("S", "d 1z") g:pass()
expect(g:last_draw(), "5z", "West's draw")
g:act("W", "hu")
expect(g:state("W", "horses"), 1, "one horse on West (6p)")
expect(g:result("W").total, 6, "share 4 + 2")
print("horses from the dealer South: only 6p hits West")
