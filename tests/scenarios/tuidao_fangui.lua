-- tuidao_fangui.lua
-- 推倒胡, RULES-tuidao.md flow scenario 9 (翻鬼): the dealer's dice pick
-- a tile from the tail, turned up and out of play; the next kind is the
-- ghost (9p -> 1p, 4z -> 1z, 7z -> 5z), or the next two with fangui2
-- (8s -> 9s and 1s).
--
--   hule run tests/scenarios/tuidao_fangui.lua

local HANDS = { "1188m2288p1188s6z", "3456m1789p234s55z",
                "23m58p29s1234566z", "4466m4466p5566s6z" }

local function ghosts(option, indicator)
  mj.load("tuidao", "gui=" .. option)
  local g = mj.game { ruleset = "tuidao", hands = HANDS, dice = 2,
                      tail = "1m" .. indicator }
  expect(g:indicator(), indicator, "the indicator")
  return g:wild()
end

expect(ghosts("fangui", "9p"), "1p", "9p -> 1p")
expect(ghosts("fangui", "4z"), "1z", "北 -> 东")
expect(ghosts("fangui", "7z"), "5z", "白 -> 中")
expect(ghosts("fangui2", "8s"), "1s9s", "8s -> 9s and 1s")
mj.load("tuidao", "gui=fangui")
local g = mj.game { ruleset = "tuidao", hands = HANDS, dice = 2, tail = "1m9p" }
local left = g:wall_left()
mj.load("tuidao", "gui=none")
local g0 = mj.game { ruleset = "tuidao", hands = HANDS, dice = 2,
                     tail = "1m9p" }
expect(g0:wall_left() - left, 1, "the indicator is out of play")
print("翻鬼: the kind after the indicator (two with 翻双鬼)")
