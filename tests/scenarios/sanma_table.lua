-- sanma_table.lua
-- Three-player riichi's table (RULES-sanma.md "Table", "Payments"):
-- three seats E S W in turn, no chi, pon and ron as in four-player, a
-- self-draw paid by the two others only (ツモ損), the honba by each
-- payer, 2000 at an exhaustive draw between the ready and the not ready,
-- the dealer's seat moving among three.
--
--   hule run tests/scenarios/sanma_table.lua

local function tsumogiri(g)
  while not g:over() do
    if g:phase() == "turn" then
      g:act(g:turn(), "d " .. g:last_draw())
    else
      g:pass()
    end
  end
end

-- 1. The turn goes E, S, W, E; South may not chi East's 2p; West may pon
--    South's 6z.
local g = mj.game {
  ruleset = "riichi-sanma",
  hands = { "1199m1199p1199s2p", "13p456p789s66z111z", "3355p3355s66z777z" },
  draws = "5z" .. "9s" .. "7p",
  tail = "4s6p6p6p2z3z",
}
expect(g:turn(), 1, "East deals and begins")
expect(g:wall_left(), 54, "108 less 39 dealt, East's draw, the dead wall of 14")
g:act("E", "d 2p")
assert(not g:can("S", "chi 1p"), "no chi at three")
g:pass()
expect(g:turn(), 2, "South after East")
g:act("S", "d 6z")
assert(g:can("W", "pon"), "West may pon")
g:pass()
expect(g:turn(), 3, "West after South")
g:act("W", "d 7p") g:pass()
expect(g:turn(), 1, "East after West: no North seat")

-- 2. A self-draw of South's after a go-around, 20 fu 3 han (門前清自摸和
--    平和 一盃口): the dealer 1300, West 700, the absent 700 unpaid.
local function south_tsumo(honba)
  local g = mj.game {
    ruleset = "riichi-sanma", honba = honba,
    hands = { "1199m1199p1199s5z", "112233p789p11s23s", "3355p3355s66z777z" },
    draws = "6z" .. "9s" .. "7z" .. "5z" .. "4s",
    tail = "5s6p6p6p2z3z",
  }
  g:act("E", "d 6z") g:pass()
  g:act("S", "d 9s") g:pass()
  g:act("W", "d 7z") g:pass()
  g:act("E", "d 5z") g:pass()
  assert(g:can("S", "hu"), "South draws his 4s")
  g:act("S", "hu")
  return g
end
g = south_tsumo(0)
local pay = g:payments()
expect(pay[1], -1300, "the dealer pays 1300")
expect(pay[3], -700, "West pays 700")
expect(pay[2], 2000, "South is paid 2000 by the two (2700 at four)")
expect(#pay, 3, "three payments")
local r = g:result(2)
local total = r.total
expect(pay[2], total, "what the score says is what he is paid")

-- 3. The honba: a ron 300 a stick from the discarder, a self-draw 100 a
--    stick from each of the two.
g = south_tsumo(2)
local pay2 = g:payments()
expect(pay2[2] - pay[2], 400, "two honba of a self-draw: 2 x 100 from each of two")
g = mj.game {
  ruleset = "riichi-sanma", honba = 1,
  hands = { "1199m1199p1199s4s", "112233p789p11s23s", "3355p3355s66z777z" },
  draws = "6z",
  tail = "5s6p6p6p2z3z",
}
g:act("E", "d 4s")
g:act("S", "hu")
expect(g:payer(), 1, "East pays the ron")
local ron = g:result(2).total
expect(g:payments()[2], ron + 300, "one honba of a ron: 300")
expect(g:payments()[3], 0, "West pays nothing")

-- 4. Exhaustive draws, each player throwing what he draws: South alone
--    ready, 1000 from each of the two not ready (2000 in all), the deal
--    to South; South and East (seven pairs) ready, 1000 each from West.
local function drawn(east)
  local g = mj.game {
    ruleset = "riichi-sanma", seed = 4,
    hands = { east, "112233p789p11s23s", "3355p3355s66z777z" },
    tail = "5s6p6p6p2z3z",
  }
  tsumogiri(g)
  assert(g:drawn(), "the wall ran out")
  return g
end
g = drawn("1199m1199p1139s5z")
expect(g:payments()[2], 2000, "South ready: 1000 from each of two")
expect(g:payments()[1], -1000, "East pays 1000")
expect(g:payments()[3], -1000, "West pays 1000")
expect(g:next_dealer(), 2, "the dealer not ready: the deal moves to South")
g = drawn("1199m1199p1199s5z")
expect(g:payments()[1], 1000, "East ready too: 1000")
expect(g:payments()[2], 1000, "South 1000")
expect(g:payments()[3], -2000, "West, not ready, pays both")
expect(g:next_dealer(), 1, "the dealer ready keeps the deal")
-- 5. 九種九牌 at three: East's first draw, nine kinds of terminals and
--    honors: the hand may be called off (an abortive draw, the deal kept).
g = mj.game {
  ruleset = "riichi-sanma",
  hands = { "19m122349p19s123z", "112233p789p11s23s", "4455p3355s66z777z" },
  draws = "5z",
  tail = "5s6p6p6p2z3z",
}
assert(g:can("E", "declare kyuushu"), "nine kinds on the first draw")
g:act("E", "declare kyuushu")
assert(g:over() and g:drawn(), "called off, drawn")
expect(g:next_dealer(), 1, "the dealer keeps the deal")
local s = g:scores()
expect(#s, 3, "three scores")
expect(s[1] + s[2] + s[3] + g:pot(), 105000, "35000 each at the start, kept")
print("three seats in turn, no chi, pon; tsumo loss; the honba by each "
      .. "payer; 2000 at a drawn hand; 105000 on the table")
