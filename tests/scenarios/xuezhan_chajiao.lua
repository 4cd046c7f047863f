-- xuezhan_chajiao.lua
-- 血战到底, RULES-xuezhan.md flow scenarios 8-10 (查叫 at the wall's
-- end). Everyone discards what he draws until the wall is empty, so the
-- hands at the end are the hands dealt:
--   East (missing m) still holds m: a 花猪, he pays the cap (8) to each
--   other player still in who is not one;
--   South is ready (平胡 on 5s: 1); West holds 1122334455667p, ready on
--   1p/4p (清一色, 4) and 7p (清七对, 8): his best, 8, is what counts;
--   North is not ready: he pays each ready player his best hand.
--
--   hule run tests/scenarios/xuezhan_chajiao.lua

mj.load("xuezhan", "huansanzhang=false")
local HANDS = { "1112223334445m",     -- East (que m): all m
                "234567p2345789s",    -- South (que m): waits on 5s
                "1122334455667p",     -- West (que m)
                "15799m12456899p" }   -- North (que s): far from ready
-- The draws: East only m (he keeps holding his missing suit), the
-- others anything left; 56 draws, E S W N in turn.
local left = {}
local function take(text, n)
  for t in text:gmatch("%d+[mps]") do
    local suit = t:sub(-1)
    for d in t:gmatch("%d") do
      local k = d .. suit
      left[k] = (left[k] or 4) - n
    end
  end
end
take(table.concat(HANDS), 1)
local function pick(want)            -- a tile of suit want, or s, p, m
  for _, s in ipairs { "s", "p", "m" } do
    if want == nil or want == s then
      for d = 1, 9 do
        local k = d .. s
        if (left[k] or 4) > 0 then
          left[k] = (left[k] or 4) - 1
          return k
        end
      end
    end
  end
end
local draws = {}
for i = 1, 56 do
  draws[i] = pick(i % 4 == 1 and "m" or nil)
end
local g = mj.game { ruleset = "xuezhan", hands = HANDS,
                    draws = table.concat(draws) }
g:act("E", "que m") g:act("S", "que m") g:act("W", "que m")
g:act("N", "que s")
local turns = 0
while not g:over() do
  if g:phase() == "turn" then
    g:act(g:turn(), "d " .. g:last_draw())
    turns = turns + 1
  else
    g:pass()
  end
end
expect(turns, 56, "every tile drawn and thrown")
expect(#g:winners(), 0, "nobody won")
local pay = g:payments()
-- 查花猪: E -> S, W, N 8 each; 查大叫: N -> S 1, N -> W 8
expect(pay[1], -24, "East, the 花猪")
expect(pay[2], 9, "South: 8 + 1")
expect(pay[3], 16, "West: 8 + his best, 8")
expect(pay[4], -1, "North: 8 - 1 - 8")
local why = {}
for _, e in ipairs(g:ledger()) do why[e.reason] = (why[e.reason] or 0) + 1 end
expect(why.pig, 3, "three 花猪 payments")
expect(why["not ready"], 2, "two 查大叫 payments")
print("查叫: the 花猪 pays 8 each; the player not ready pays the best hands")
