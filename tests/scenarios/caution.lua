-- caution.lua
-- The strong bot's one setting, strong:caution=X: its weight of danger,
-- X times as shipped. Four cautious bots deal in clearly less than four
-- that never look at danger, over the same walls; a setting that is no
-- number is refused and changes nothing.
--
--   hule run tests/scenarios/caution.lua [HANDS]

local hands = tonumber(arg[1] or "160")

-- the hands that ended on a discard, out of HANDS
local function dealt_in(kind)
  local n = 0
  for i = 1, hands do
    local g = mj.game { ruleset = "mcr", seed = 500 + i, dealer = (i - 1) % 4 + 1 }
    g:play(kind)
    if #g:winners() > 0 and g:payer() > 0 then n = n + 1 end
  end
  return n
end

local bold, careful = dealt_in("strong:caution=0"), dealt_in("strong:caution=8")
print(string.format("%d hands: discard wins %d with caution 0, %d with caution 8",
                    hands, bold, careful))
assert(careful * 4 < bold * 3, "caution 8 should deal in at least a quarter less")

-- refused settings: the game is as it was
local g = mj.game { ruleset = "mcr", seed = 7 }
g:step("strong")
local before = g:log()
for _, bad in ipairs { "strong:caution=x", "strong:caution=101", "strong:caution=",
                       "efficiency:caution=1", "strongest" } do
  local ok, err = pcall(g.step, g, { "strong", "strong", bad, "strong" })
  assert(not ok, bad .. " should be refused")
  assert(err:find("bots: ", 1, true), err)
  assert(g:log() == before, "a refused bot changes nothing")
end
local ok, err = pcall(g.step, g, "strong:caution=x")
assert(not ok and err:find("caution=X, X a number from 0 to 100", 1, true), err)
assert(g:step("strong:caution=2.5"), "a valid setting plays")
print("refused settings change nothing")
