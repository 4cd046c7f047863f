-- riichi_kuikae.lua
-- Swap calling (食い替え, RULES-riichi.md): after a chi or pon its
-- player may not discard the tile he called nor, of a chi, the tile at
-- its other end (Tenhou and Mahjong Soul); a call that would leave him
-- nothing else to discard is not offered. Option kuikae=true allows it.
--
--   hule run tests/scenarios/riichi_kuikae.lua

local function has(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- 1. South chis East's 4m with 56m: 4m and 7m are barred, the rest not
local function chi(ruleset)
  local g = mj.game {
    ruleset = ruleset,
    hands = { "45m1199m1199p199s",
              "4567m123p789s122z",
              "2378m2378p2378s3z",
              "1234567z1379m13p" },
    draws = "7z",
  }
  g:act("E", "d 4m")
  g:act("S", "chi 456m")
  return g
end
local g = chi("riichi")
local l = g:legal("S")
assert(not has(l, "d 4m"), "the called 4m is barred: " .. table.concat(l, ", "))
assert(not has(l, "d 7m"), "the other end, 7m, is barred")
assert(has(l, "d 1p") and has(l, "d 2z"), "the rest may go")
local ok = g:try("S", "d 7m")
assert(not ok, "a barred discard is refused")
g:act("S", "d 1p")
expect(g:hand("S"), "47m23p789s122z[456m]", "1p thrown")


-- 2. Three pons leave South 56m and 4m 7m: the chi of 4m would leave him
--    only 4m and 7m, both barred, so it is not offered (with kuikae=true
--    it is)
local function pons(ruleset)
  local g = mj.game {
    ruleset = ruleset,
    hands = { "4m2z1199p1188s123m",
              "56m47m19p9s223344z",
              "34z2266p2277s688m",
              "556677z1357m135p" },
    draws = "1z1z1z1z8p8p",
  }
  g:act("E", "d 2z") g:act("S", "pon") g:act("S", "d 1p") g:pass()
  g:act("W", "d 3z") g:act("S", "pon") g:act("S", "d 9p") g:pass()
  g:act("W", "d 4z") g:act("S", "pon") g:act("S", "d 9s") g:pass()
  g:act("W", "d " .. g:last_draw()) g:pass()
  g:act("N", "d " .. g:last_draw()) g:pass()
  g:act("E", "d 4m")
  return g
end
g = pons("riichi")
expect(g:hand("S"), "4567m[222z][333z][444z]", "three pons made")
assert(not has(g:legal("S"), "chi 456m"), "the chi that leaves only barred "
       .. "tiles is not offered: " .. table.concat(g:legal("S"), ", "))

-- 3. kuikae=true (mj.load replaces what the id riichi names): both
--    allowed
local swapping = mj.load("riichi", { kuikae = true })
g = chi(swapping)
assert(has(g:legal("S"), "d 4m") and has(g:legal("S"), "d 7m"),
       "kuikae=true: both may go")
g = pons(swapping)
assert(has(g:legal("S"), "chi 456m"), "kuikae=true: the chi is offered")
print("swap calling barred: the called tile and the chow's other end")
