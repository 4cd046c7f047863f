-- tuidao_streak.lua
-- 推倒胡, RULES-tuidao.md flow scenario 14 (节节高, option jiejiegao): a
-- dealer who won the hand before (streak 1) wins again: his share gets +2
-- (2 per win in a row). Without the streak, nothing is added.
--
--   hule run tests/scenarios/tuidao_streak.lua

mj.load("tuidao", "jiejiegao=true")
local function dealer_wins(streak)
  local g = mj.game {
    ruleset = "tuidao",
    streak = streak,
    hands = { "123456m789p234s5z",   -- East deals, waiting on 5z
              "1188m2288p1188s6z",
              "3377m3377p3377s6z",
              "4466m4466p5566s6z" },
    draws = "5z1z1p",                -- East's draw, then the horses
  }
  g:act("E", "hu")
  return g:result("E")
end

local r = dealer_wins(1)
expect(r.total, 2 * 2 + 2 * 1 + 2 * 2, "share 4, 节节高 +2, two horses on "
       .. "the dealer (1z, 1p) +4")
expect(dealer_wins(0).total, 8, "no streak: 4 + 4")
print("节节高: +2 for the dealer's win in a row")
