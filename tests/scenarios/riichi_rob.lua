-- riichi_rob.lua
-- Riichi's robbing of a kong (槍槓, RULES-riichi.md): two players who
-- wait on the tile West adds to his pung both win on it and West pays
-- each (as a double ron on a discard); with headbump only the first in
-- turn from West wins.
--
--   hule run tests/scenarios/riichi_rob.lua

-- West pons East's 4s, then draws the fourth and adds it; South waits on
-- 1s-4s, North on 4s-7s, neither with a yaku but 槍槓.
local function deal(ruleset)
  local g = mj.game {
    ruleset = ruleset,
    hands = { "1199m1199p1199s4s",
              "123456m678p23s55z",     -- South: 23s
              "3377m3377p377s44s",     -- West
              "123m456m678s56s11z" },  -- North: 56s, 11z the round's wind
    draws = "9m9p9s2z4s",
    tail = "7z7z3z3z4z4z",             -- dora indicator 4z: dora 1z
  }
  g:act("E", "d 4s")
  g:act("W", "pon 4s") g:pass()
  g:act("W", "d 7m") g:pass()
  g:act("N", "d 9p") g:pass()
  g:act("E", "d 9s") g:pass()
  g:act("S", "d 2z") g:pass()
  g:act("W", "kong 4s")
  assert(g:can("S", "hu") and g:can("N", "hu"), "both may rob")
  g:act("S", "hu") g:act("N", "hu")
  return g
end

local g = deal("riichi")
expect(#g:winners(), 2, "both robbers win")
local pay = g:payments()
expect(pay[2], 1300, "South: 槍槓, 1 han 40 fu")
expect(pay[4], 5200, "North: 槍槓 and two dora, 3 han 40 fu")
expect(pay[3], -6500, "West, robbed, pays both")

g = deal(mj.load("riichi", { headbump = true }))
expect(#g:winners(), 1, "headbump: one robber")
expect(g:winners()[1], 4, "the first in turn from West: North")
expect(g:payments()[4], 5200, "North is paid")

-- Thirteen orphans robs a concealed kan: North waits on 1z alone, East
-- draws the fourth 1z and declares the kan; with another hand North
-- cannot rob it and the kan is made.
local function ankan(north)
  local g = mj.game {
    ruleset = "riichi",
    hands = { "111z2233m4455p67s", "234m567m234p567p8s",
              "345m678p345s678s8p", north },
    draws = "1z",
  }
  g:act("E", "kong 1z")
  return g
end
g = ankan("19m19p19s2345677z")
assert(g:can("N", "hu"), "thirteen orphans may rob the concealed kan")
g:act("N", "hu")
expect(#g:winners(), 1, "North robs")
expect(g:payments()[4], 32000, "国士無双 on East's kan: 32000")
expect(g:payments()[1], -32000, "East pays")
g = ankan("19m19p19s2345666z")
assert(not g:can("N", "hu"), "no thirteen orphans: no robbing a concealed kan")
expect(g:hand("E"):match("{1111z}"), "{1111z}", "the kan is made")
print("robbed by two: both win, West pays each; headbump: North alone; "
      .. "thirteen orphans robs a concealed kan")
