-- xuezhan_transfer.lua
-- 血战到底, RULES-xuezhan.md flow scenario 5 (呼叫转移 with 一炮多响):
-- East adds the fourth 5m to his pung (1 from each of the others), then
-- discards 7p; South (平胡 + 杠上炮 = 2 番: 2) and West (七对 + 杠上炮 =
-- 4 番: 8) both win on it. East pays South 2 and West 8, and the kong
-- money (3) moves on to South, the first winner after East.
--
--   hule run tests/scenarios/xuezhan_transfer.lua

mj.load("xuezhan", "huansanzhang=false")
local g = mj.game {
  ruleset = "xuezhan",
  hands = { "12345578m11799p",    -- East deals (que s)
            "678999m2234568p",    -- South: 平胡 waiting on 7p (que s)
            "11223344m55667p",    -- West: 七对 waiting on 7p (que s)
            "5m112233445566s" },  -- North (que m)
  draws = "6m7s8s9s9s7s8s5m",
  tail = "2p",                    -- the kong's replacement
}
g:act("E", "que s") g:act("S", "que s") g:act("W", "que s")
g:act("N", "que m")
g:act("E", "d 6m") g:pass()
g:act("S", "d 7s") g:pass()
g:act("W", "d 8s") g:pass()
g:act("N", "d 5m")
g:act("E", "pon 5m") g:pass()
g:act("E", "d 8m") g:pass()
g:act("S", "d 9s") g:pass()
g:act("W", "d 7s") g:pass()
g:act("N", "d 8s") g:pass()
expect(g:last_draw(), "5m", "East draws the fourth 5m")
g:act("E", "kong 5m")
local l = g:ledger()
expect(#l, 3, "下雨: an added kong, 1 from each")
expect(g:last_draw(), "2p", "the replacement")
g:act("E", "d 7p")
assert(g:can("S", "hu") and g:can("W", "hu"), "both win on 7p")
g:act("S", "hu") g:act("W", "hu")
expect(g:result("S").total, 2, "South: 平胡 + 杠上炮 = 2 番")
expect(g:result("W").total, 8, "West: 七对 + 杠上炮 = 4 番")
local pay = g:payments()
expect(pay[2], 2 + 3 - 1, "South: his win, the kong money, less his 1")
expect(pay[3], 8 - 1, "West: his win, less his 1")
expect(pay[1], -10, "East: +3 -2 -8 -3")
expect(pay[4], -1, "North: his 1 for the kong")
local moved = 0
for _, e in ipairs(g:ledger()) do
  if e.moved then moved = moved + 1 end
end
expect(moved, 3, "the three kong payments moved on")
print("呼叫转移 with 一炮多响: East pays South 2 + 3 and West 8")
