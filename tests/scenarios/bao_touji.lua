-- bao_touji.lua
-- 偷机 in the 宝 rules: a player in 宝吊头 (four melds and a lone 宝, so
-- any tile wins) declines the win, plays on, and later wins on a drawn
-- 宝: 宝吊无宝, every 宝 at its own face, worth x8.
--
--   hule run tests/scenarios/bao_touji.lua

local g = mj.game {
  ruleset = "bao",
  dice = 2, tail = "2s4m",           -- the indicator 4m: 宝 is 5m
  hands = { "1199m11599p9s2z6z7z",   -- East deals
            "123m456p789s111z5m",    -- South: four melds and a lone 宝
            "2288m2288p258s34z",
            "3377m3377p347s45z" },
  draws = "6z5z6z6z7z5m",
}
expect(g:wild(), "5m", "the 宝")
expect(g:indicator(), "4m", "the indicator")
g:act("E", "d 6z") g:pass()
assert(g:can("S", "hu"), "宝吊头: South can win on any tile")
g:act("S", "d 5z")                   -- declines: 偷机
g:pass()
assert(g:state("S", "touji"), "South is now stealing")
g:act("W", "d 6z") g:pass()
g:act("N", "d 6z") g:pass()
g:act("E", "d 7z") g:pass()
expect(g:last_draw(), "5m", "South draws a 宝")
g:act("S", "hu")
local r = g:result("S")
print(r.text)
expect(r.line, "宝吊无宝,平糊自摸,平糊", "patterns")
expect(r.total, 16, "total")
expect(r.states[1], "偷机", "state")
local pay = g:payments()
-- a self-draw: each pays 16, the dealer (East) double
expect(pay[1], -32, "East pays") expect(pay[2], 64, "South receives")
print("宝吊无宝 after 偷机: 16 from each, 32 from the dealer")
