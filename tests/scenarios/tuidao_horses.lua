-- tuidao_horses.lua
-- 推倒胡, RULES-tuidao.md flow scenario 1 (self-draw with horses): East
-- deals; South self-draws holding no 白板 (无鬼: share 4); the horses 2s
-- (the dealer's next: South) and 9m (the dealer) are turned: one hit,
-- share 6; East, West and North pay 6 each; South deals next.
--
--   hule run tests/scenarios/tuidao_horses.lua

local g = mj.game {
  ruleset = "tuidao",
  hands = { "1188m2288p1188s6z",   -- East deals
            "123456m789p234s5z",   -- South waits on 5z
            "3377m3377p3377s6z",
            "4466m4466p5566s6z" },
  draws = "1z5z2s9m",              -- East's, South's, then the horses
}
expect(g:wild(), "7z", "白板 is the ghost")
g:act("E", "d 1z") g:pass()
expect(g:last_draw(), "5z", "South's draw")
g:act("S", "hu")
local r = g:result("S")
expect(r.total, 6, "share: 2 x2 (无鬼) + 2 (one horse)")
expect(g:state("S", "horses"), 1, "one horse on South")
local turned = {}
for _, e in ipairs(g:events()) do
  local t = e:match("^horse %(买马%): (%w%w) turned up")
  if t then turned[#turned + 1] = t end
end
expect(table.concat(turned, " "), "2s 9m", "the horses, from the wall")
local named = {}
for _, e in ipairs(g:events()) do
  local seat = e:match("turned up, for (%d)")
  if seat then named[#named + 1] = seat end
end
expect(table.concat(named, " "), "2 1", "each horse names its seat")
local pay = g:payments()
expect(pay[2], 18, "South +18") expect(pay[1], -6, "East")
expect(pay[3], -6, "West") expect(pay[4], -6, "North")
expect(g:next_dealer(), 2, "the winner deals next")
print("horses: 2s hits South, 9m the dealer; 6 from each")
