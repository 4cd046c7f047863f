-- tuidao_genzhuang.lua
-- 推倒胡, RULES-tuidao.md flow scenario 7 (跟庄): East's first discard is
-- 3m, and South, West and North each discard 3m after it with no claim:
-- East pays each of them 1 at once. Had one of them thrown another tile,
-- nothing.
--
--   hule run tests/scenarios/tuidao_genzhuang.lua

local function play(north)
  local g = mj.game {
    ruleset = "tuidao",
    hands = { "31188m2288p118s6z",   -- East deals
              "3456m1789p234s55z",
              "37799m3377p3377s",
              "34466m4466p5566s" },
    draws = "1z2z3z4z",
  }
  g:act("E", "d 3m") g:pass()
  g:act("S", "d 3m") g:pass()
  g:act("W", "d 3m") g:pass()
  g:act("N", "d " .. north)
  return g
end

local g = play("3m")
local l = g:ledger()
expect(#l, 3, "跟庄: three payments at once")
for i = 1, 3 do
  expect(l[i].payer, 1, "the dealer pays") expect(l[i].payee, i + 1, "each")
  expect(l[i].amount, 1, "1") expect(l[i].reason, "genzhuang", "跟庄")
end
g = play("4z")
expect(#g:ledger(), 0, "North threw another tile: no 跟庄")
print("跟庄: East pays South, West and North 1 each")
