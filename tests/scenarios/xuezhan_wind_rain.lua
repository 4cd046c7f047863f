-- xuezhan_wind_rain.lua
-- 血战到底, RULES-xuezhan.md flow scenario 3 (刮风下雨): South kongs
-- West's discard (West pays 2 at once); East adds the fourth 5m to his
-- pung (South, West and North pay 1 each); South wins and leaves; then
-- North's concealed kong is paid 2 by East and West, nothing by South.
--
--   hule run tests/scenarios/xuezhan_wind_rain.lua

mj.load("xuezhan", "huansanzhang=false")
local g = mj.game {
  ruleset = "xuezhan",
  hands = { "12345567888m99p",    -- East deals (que s)
            "999m1223456788p",    -- South: waits on 3p (que s)
            "11223344667m9m9p",   -- West (que s)
            "5m1111s234567s88s" },-- North (que m)
  draws = "7m9s6p6p2s6p9p3s5m3p8m2p",
  tail = "5p7p4p",                -- replacements
}
local function paid(from, n)     -- the entries from the from-th on
  local l, out = g:ledger(), {}
  for i = from, #l do out[#out + 1] = l[i] end
  expect(#out, n, "entries")
  return out
end
g:act("E", "que s") g:act("S", "que s") g:act("W", "que s")
g:act("N", "que m")
g:act("E", "d 7m") g:pass()
g:act("S", "d 9s") g:pass()
g:act("W", "d 9m")
g:act("S", "kong 9m") g:pass()
local l = paid(1, 1)
expect(l[1].payer, 3, "刮风: West fed the kong") expect(l[1].amount, 2, "2")
g:act("S", "d 5p") g:pass()
g:act("W", "d 6p") g:pass()
g:act("N", "d 5m")
g:act("E", "pon 5m") g:pass()
g:act("E", "d 9p") g:pass()
g:act("S", "d 6p") g:pass()
g:act("W", "d 9p") g:pass()
g:act("N", "d 3s") g:pass()
g:act("E", "kong 5m")
l = paid(2, 3)
for i = 1, 3 do
  expect(l[i].payee, 1, "下雨: to East") expect(l[i].amount, 1, "1 each")
end
g:act("E", "d 7p") g:pass()
g:act("S", "hu")
l = paid(5, 3)
for i = 1, 3 do expect(l[i].payee, 2, "South's self-draw") end
assert(not g:active("S"), "South has left")
g:act("W", "d 8m") g:pass()
g:act("N", "kong 1s")
l = paid(8, 2)
expect(l[1].payer, 1, "East pays North's concealed kong")
expect(l[2].payer, 3, "and West") expect(l[1].amount, 2, "2 each")
local pay = g:payments()
expect(pay[2], 2 - 1 + 3 * 3, "South: 刮风 2, 下雨 -1, his win 3 x 3")
expect(pay[1] + pay[2] + pay[3] + pay[4], 0, "zero-sum")
print("刮风下雨: paid at once, by the players still in")
