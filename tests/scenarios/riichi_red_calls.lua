-- riichi_red_calls.lua
-- A call that could take the hand's red five or a plain one is offered
-- both ways (chi 456m and chi 406m, pon and pon 0m); the meld takes what
-- was chosen and the hand keeps the other, so a later discard of the
-- five kept is legal (a real game's chi of 4m with 0m6m, #51 item 6).
--
--   hule run tests/scenarios/riichi_red_calls.lua

local function deal()
  return mj.game {
    ruleset = "riichi",
    hands = { "45m1199m1199p199s",
              "0556m123p789s122z",     -- South: 0m and two plain 5m
              "2378m2378p2378s3z",
              "1234567z1379m13p" },
    draws = "7z",
  }
end

local function has(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- the chow: both ways offered; the red one taken keeps the plain fives
local g = deal()
g:act("E", "d 4m")
local l = g:legal("S")
assert(has(l, "chi 456m") and has(l, "chi 406m"), table.concat(l, ", "))
g:act("S", "chi 406m")
expect(g:hand("S"), "55m123p789s122z[406m]", "the red five in the chow")
g:act("S", "d 5m")                       -- a plain five is still held
expect(g:hand("S"), "5m123p789s122z[406m]", "one plain five left")

-- the chow as "chi" alone, or "chi 456m": the plain five, the red kept
g = deal()
g:act("E", "d 4m")
g:act("S", "chi 456m")
expect(g:hand("S"), "05m123p789s122z[456m]", "the plain five in the chow")
assert(has(g:legal("S"), "d 0m") and has(g:legal("S"), "d 5m"), "both fives may be discarded")

-- the pung: pon takes two plain fives, pon 0m the red one and a plain
g = deal()
g:act("E", "d 5m")
l = g:legal("S")
assert(has(l, "pon") and has(l, "pon 0m"), table.concat(l, ", "))
g:act("S", "pon 0m")
expect(g:hand("S"), "56m123p789s122z[055m]", "the red five in the pung")
g = deal()
g:act("E", "d 5m")
g:act("S", "pon")
expect(g:hand("S"), "06m123p789s122z[555m]", "two plain fives in the pung")

-- with the red five alone there is no choice, and no red variant
g = mj.game {
  ruleset = "riichi",
  hands = { "45m1199m1199p199s",
            "06m1233p789s1223z",
            "2378m2378p2378s3z",
            "1234567z1379m13p" },
  draws = "7z",
}
g:act("E", "d 4m")
l = g:legal("S")
assert(has(l, "chi 456m") and not has(l, "chi 406m"), table.concat(l, ", "))
g:act("S", "chi 456m")
expect(g:hand("S"), "1233p789s1223z[406m]", "the only five, red, taken")
print("red fives in calls: chi 406m and pon 0m offered beside the plain")
