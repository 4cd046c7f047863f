-- tuidao_drawn.lua
-- 推倒胡, RULES-tuidao.md flow scenarios 11 and 3 (the wall's reserve, 流局):
-- with 2 horses the hand is drawn when 2 tiles are left (kept for the
-- horses), two draws sooner than with none; East's concealed kong is not
-- paid in a drawn hand (荒庄荒杠; liuju_gang pays it), and East deals
-- again.
--
--   hule run tests/scenarios/tuidao_drawn.lua

-- Everyone throws what he draws and passes every claim, to the end.
local function play(options)
  mj.load("tuidao", options)
  local g = mj.game {
    ruleset = "tuidao",
    seed = 11,
    hands = { "1111m2288p1188s6z",   -- East deals, with a concealed kong
              "3456m1789p234s55z",
              "23m58p29s12345z66z",
              "4466m4466p5566s6z" },
  }
  g:act("E", "kong 1m")
  local draws = 1
  while not g:over() do
    if g:phase() == "turn" then
      g:act(g:turn(), "d " .. g:last_draw())
    else
      g:pass()
    end
  end
  local n = 0
  for _, e in ipairs(g:events()) do
    if e:match("^%d draws") then n = n + 1 end
  end
  return g, n
end

local g, n = play("")
assert(g:drawn(), "nobody won: 流局")
local kong = 0
for _, e in ipairs(g:ledger()) do
  if e.reason == "kong" then kong = kong + 1 end
end
expect(kong, 0, "荒庄荒杠: the kong is not paid")
expect(g:next_dealer(), 1, "East deals again")
local g0, n0 = play("horses=0")
expect(n0 - n, 2, "two tiles kept back for 2 horses")
local g2 = play("liuju_gang=true")
local paid = 0
for _, e in ipairs(g2:ledger()) do
  if e.reason == "kong" then paid = paid + e.amount end
end
expect(paid, 6, "with liuju_gang the concealed kong is paid: 2 each")
print("流局 with " .. n .. " draws (" .. n0 .. " with no horses kept)")
