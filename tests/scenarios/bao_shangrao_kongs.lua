-- bao_shangrao_kongs.lua
-- 杠分 in the Shangrao variant (bao-shangrao.lua, a few lines on the flow
-- hooks): East declares a concealed kong, 2 from each other player at
-- once; then West kongs East's discard, 2 from East; with gangfen=false
-- nobody pays.
--
--   hule run tests/scenarios/bao_shangrao_kongs.lua

local function play(options)
  mj.load("bao-shangrao", options)
  local g = mj.game {
    ruleset = "bao-shangrao",
    dice = 2, tail = "2s4m6z",        -- the indicator 4m: 宝 is 5m
    hands = { "1111m234p567s9p34z",   -- East deals
              "2369m147p258s147z",
              "999p2368m258s246z",
              "2479m268p369s135z" },
    draws = "7z",
  }
  g:act("E", "kong 1m")
  expect(g:last_draw(), "2s", "East's replacement, from the tail")
  g:act("E", "d 9p")
  g:act("W", "kong 9p") g:pass()
  expect(g:last_draw(), "6z", "West's replacement (the indicator stays)")
  return g
end

local g = play("")
local l = g:ledger()
expect(#l, 4, "three payments for the concealed kong, one for West's")
for i = 1, 3 do
  expect(l[i].payee, 1, "to East") expect(l[i].amount, 2, "2 each")
  expect(l[i].reason, "kong", "the reason")
end
expect(l[4].payer, 1, "East fed West's kong") expect(l[4].payee, 3, "West")
expect(l[4].amount, 2, "2 from the discarder")
local pay = g:payments()
expect(pay[1], 4, "East +6 -2") expect(pay[2], -2, "South")
expect(pay[3], 0, "West -2 +2") expect(pay[4], -2, "North")

g = play("gangfen=false")
expect(#g:ledger(), 0, "no kong money with gangfen=false")
print("杠分: concealed 2 each, a discard's kong 2 from its discarder")
