-- settle_fans.lua
-- A settlement sees which fans counted (w.fans, a list and by id) and
-- the reading's shape: tests/data/rulesets/settle_fans.lua doubles a
-- 清一色 and checks that the fans add up to the points.
--
--   hule run tests/scenarios/settle_fans.lua

local here = debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$") or "."
local id = mj.load(here .. "/../data/rulesets/settle_fans.lua")

-- a 清一色 drawn by the dealer: 46 points, each player pays twice that
local g = mj.game { ruleset = id,
  hands = { "1234567892345m", "159p159s1234567z", "159p159s1234567z",
            "258p258s1234567z" },
  draws = "5m" }
g:act(1, "hu")
expect(g:result(1).total, 46, "清一色 清龙 不求人 平和")
local paid = 0
for _, l in ipairs(g:ledger()) do
  expect(l.amount, 92, "doubled for 清一色")
  paid = paid + 1
end
expect(paid, 3, "payments")

-- the same shape in two suits: no 清一色, paid as it scores
g = mj.game { ruleset = id,
  hands = { "123456789m2345p", "159m159s1234567z", "159m159s1234567z",
            "258m258s1234567z" },
  draws = "5p" }
g:act(1, "hu")
local pts = g:result(1).total
for _, l in ipairs(g:ledger()) do expect(l.amount, pts, "not doubled") end
print("settle saw the fans")
