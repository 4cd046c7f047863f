-- xuezhan_dianganghua.lua
-- 血战到底, RULES-xuezhan.md flow scenario 7 (点杠花): West discards 6m,
-- South kongs it (West pays 2 at once) and wins on the replacement:
-- 平胡 1 + 根 1 + 杠上花 1 = 3 番, 4 units. By default a self-draw: East,
-- West and North pay 4 + 1 (加底) each; with dianganghua=pao West alone
-- pays 4, as for a discard.
--
--   hule run tests/scenarios/xuezhan_dianganghua.lua

local function play(options)
  mj.load("xuezhan", "huansanzhang=false " .. options)
  local g = mj.game {
    ruleset = "xuezhan",
    hands = { "334578899m1268p",    -- East deals (que s)
              "666m123p456p78p99p", -- South (que s)
              "11226m33445577p",    -- West (que s)
              "1122334455678s" },   -- North (que m)
    draws = "5m9s8p",
    tail = "9p",                    -- the kong's replacement
  }
  g:act("E", "que s") g:act("S", "que s") g:act("W", "que s")
  g:act("N", "que m")
  g:act("E", "d 5m") g:pass()
  g:act("S", "d 9s") g:pass()
  g:act("W", "d 6m")
  g:act("S", "kong 6m") g:pass()
  expect(g:last_draw(), "9p", "South's replacement")
  g:act("S", "hu")
  local r = g:result("S")
  expect(r.total, 4, "平胡 + 根 + 杠上花 = 3 番: 4 units")
  local l = g:ledger()
  expect(l[1].payer, 3, "West fed the kong") expect(l[1].payee, 2, "South")
  expect(l[1].amount, 2, "刮风: 2") expect(l[1].reason, "kong", "kong money")
  return g, l
end

local g, l = play("")
expect(#l, 4, "the kong, then each of the three pays the win")
for i = 2, 4 do
  expect(l[i].payee, 2, "to South") expect(l[i].amount, 5, "4 + 1 加底")
end
local pay = g:payments()
expect(pay[2], 17, "South: 2 + 3 x 5")

g, l = play("dianganghua=pao")
expect(#l, 2, "the kong, then West alone")
expect(l[2].payer, 3, "West pays") expect(l[2].amount, 4, "4, no 加底")
print("点杠花: 5 from each as a self-draw; with pao, 4 from West alone")
