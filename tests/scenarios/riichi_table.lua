-- riichi_table.lua
-- Riichi's table (RULES-riichi.md): the stick to the pot and the pot to
-- the next winner, the honba on each payment, double ron, the drawn
-- hand's 聴牌 payments and 流し満貫, and each abortive draw: 九種九牌,
-- 四風連打, 四家立直, 四槓散了, 三家和; who deals next after each.
--
--   hule run tests/scenarios/riichi_table.lua

-- Every player throws what he draws and lets every discard go, to the
-- wall's end.
local function tsumogiri(g)
  while not g:over() do
    if g:phase() == "turn" then
      local p = g:turn()
      g:act(p, "d " .. g:last_draw())
    else
      g:pass()
    end
  end
end

local function sum(t) return t[1] + t[2] + t[3] + t[4] end

-- 1. Double ron on East's first discard, 5m: South and West both win
--    (断幺九 each, 1 han 40 fu: 1300), each paid the honba (2 x 300);
--    the 2000 on the table go to South, the first in turn from East.
local g = mj.game {
  ruleset = "riichi", honba = 2, pot = 2000,
  scores = { 25000, 24000, 24000, 25000 },
  hands = { "5m1199m1199p1199s",
            "234p456p678s345s5m",      -- South: 5m alone
            "678p234s456s678m5m",      -- West: 5m alone
            "1234567z19m19p19s" },
  draws = "3z",
  tail = "7z7z3z3z4z4z",             -- dora indicator 4z: dora 1z
}
expect(g:honba(), 2, "the honba as given")
expect(g:pot(), 2000, "the sticks on the table")
g:act("E", "d 5m")
assert(g:can("S", "hu") and g:can("W", "hu"), "both may win on 5m")
g:act("S", "hu")
g:act("W", "hu")
g:pass()
expect(#g:winners(), 2, "double ron: both win")
local pay = g:payments()
expect(pay[2], 1300 + 600 + 2000, "South: 1300, the honba and the sticks")
expect(pay[3], 1300 + 600, "West: 1300 and the honba")
expect(pay[1], -(1300 + 600) * 2, "East pays both")
expect(g:pot(), 0, "the pot emptied")
expect(sum(g:scores()) + g:pot(), 100000, "points kept")
expect(g:next_dealer(), 2, "the dealer did not win: South deals")

-- 2. The riichi stick: East declares, his 1000 go to the pot; then
--    South wins on a self-draw and takes them, with 100 a payer for the
--    honba.
g = mj.game {
  ruleset = "riichi", honba = 1,
  hands = { "123m456p789s1122z",
            "234p456p678s345s5m",
            "1357m1357p1357s1z",
            "2468m2468p2468s3z" },
  draws = "9m7z9p9s6z5m",
  tail = "7z7z3z3z4z4z",
}
g:act("E", "riichi 9m")
g:pass()
expect(g:pot(), 1000, "East's stick on the table")
expect(g:scores()[1], 24000, "paid from his score")
for _, a in ipairs { { "S", "d 7z" }, { "W", "d 9p" }, { "N", "d 9s" },
                     { "E", "d 6z" } } do
  g:act(a[1], a[2])
  g:pass()
end
g:act("S", "hu")
pay = g:payments()
-- 断幺九 and 門前清自摸和, 2 han 30 fu: 500/1000 (the dealer 1000)
expect(pay[2], 2000 + 300 + 1000, "the win, 3 x 100 honba, the stick")
expect(g:pot(), 0, "the stick taken")
expect(sum(g:scores()) + g:pot(), 100000, "points kept")

-- 3. The wall runs out: East and South ready, West and North not: each
--    not ready pays 1500 (不聴罰符), East keeps the deal.
g = mj.game {
  ruleset = "riichi", seed = 3,
  hands = { "123456789m1199p",     -- ready on 1p/9p
            "123456789p1199s",     -- ready on 1s/9s
            "1357m2468p1357s1z",   -- not ready
            "2468m1357p2468s2z" },
}
tsumogiri(g)
expect(g:drawn(), true, "an exhaustive draw")
pay = g:payments()
expect(table.concat(pay, " "), "1500 1500 -1500 -1500", "不聴罰符")
expect(g:next_dealer(), 1, "the dealer ready: he deals again")
local ledger = g:ledger()
expect(ledger[#ledger].reason, "不聴罰符", "named in the ledger")

-- 4. 流し満貫: North throws only terminals and honors and none is
--    claimed: a mangan self-draw, 4000 from the dealer, 2000 from each
--    other, and no 不聴罰符 besides. East, not ready, passes the deal.
local hands = { "555m555p234m47s9s1p",
                "5s5m66m77p88s22p33s4p",
                "66m77p88s22p33s4p66s",
                "234m78m9m6p8p67s2s4s9p" }
local left, th = {}, {}
for _, suit in ipairs { "m", "p", "s" } do
  for r = 1, 9 do left[r .. suit] = 4 end
  th[#th + 1] = "1" .. suit
  th[#th + 1] = "9" .. suit
end
for r = 1, 7 do
  left[r .. "z"] = 4
  th[#th + 1] = r .. "z"
end
local function deal(hs)          -- the tiles dealt are not in the wall
  for t, _ in pairs(left) do left[t] = 4 end
  for _, h in ipairs(hs) do
    for digits, suit in h:gmatch("(%d+)(%a)") do
      for d in digits:gmatch("%d") do
        left[d .. suit] = left[d .. suit] - 1
      end
    end
  end
end
deal(hands)
local function take(list)
  for _, t in ipairs(list) do
    if left[t] > 0 then
      left[t] = left[t] - 1
      return t
    end
  end
end
local simples = {}
for t, _ in pairs(left) do
  if not t:match("^[19][mps]$") and not t:match("z$") then
    simples[#simples + 1] = t
  end
end
table.sort(simples)
local all = {}
for _, t in ipairs(simples) do all[#all + 1] = t end
for _, t in ipairs(th) do all[#all + 1] = t end
local draws = {}
for i = 1, 68 do                 -- North draws every fourth tile
  draws[i] = take(i % 4 == 0 and th or all)
end
g = mj.game {
  ruleset = "riichi", seed = 4,
  hands = hands,
  draws = table.concat(draws),
}
tsumogiri(g)
pay = g:payments()
expect(pay[4], 8000, "North: a mangan self-draw")
expect(pay[1], -4000, "the dealer pays 4000")
expect(g:ledger()[1].reason, "流し満貫", "named")
expect(#g:ledger(), 3, "three payments, no 不聴罰符")
expect(g:next_dealer(), 2, "East not ready: South deals")

--    The same pond with one of its tiles claimed is no 流し満貫: West,
--    holding 11m, pungs North's first 1m (East, who could chow it,
--    passes); North draws next and every
--    fourth tile after, terminals and honors still.
hands[3] = "66m77p88s22p33s4p11m"
deal(hands)
draws = {}
for i = 1, 67 do
  draws[i] = take((i == 4 or (i > 4 and i % 4 == 1)) and th or all)
end
g = mj.game {
  ruleset = "riichi", seed = 4,
  hands = hands,
  draws = table.concat(draws),
}
for _ = 1, 3 do g:act(g:turn(), "d " .. g:last_draw()) g:pass() end
g:act("N", "d " .. g:last_draw())
expect(g:discards(4), "1m", "North's first discard")
g:act("W", "pon") g:act("E", "pass")
g:act("W", "d 4p")
tsumogiri(g)
expect(g:discards(4):gsub("%d+z", ""):find("[02-8]") == nil, true,
       "North threw only terminals and honors: " .. g:discards(4))
expect(select(2, g:discards(4)), 1, "one of North's discards claimed")
for _, e in ipairs(g:ledger()) do
  expect(e.reason ~= "流し満貫", true, "one of them claimed: no 流し満貫")
end

-- 5. 九種九牌: East, on his first draw, holds nine kinds of terminals and
--    honors; he calls the hand off. Nobody pays; he deals again.
g = mj.game {
  ruleset = "riichi",
  hands = { "19m19p19s1234z556m", "234567m234567p8m", "2345678s234567p",
            "2345678m234567s" },
  draws = "5z",
}
assert(g:can("E", "kyuushu"), "offered on his first draw")
g:act("E", "kyuushu")
expect(g:over(), true, "the hand is called off")
expect(g:drawn(), true, "drawn")
expect(sum(g:payments()), 0, "nobody pays")
expect(g:next_dealer(), 1, "the dealer deals again")
local evs = g:events()
expect(evs[#evs]:find("九種九牌", 1, true) ~= nil, true, evs[#evs])

-- 6. 四風連打: the first four discards all East, nobody calling.
g = mj.game {
  ruleset = "riichi",
  hands = { "1z2345m2345p2345s", "1z6789m6789p6789s",
            "1z2345s6789m2345p", "1z3456m3456p3456s" },
  draws = "7m7p7s8s",
}
for _, p in ipairs { "E", "S", "W", "N" } do
  g:act(p, "d 1z")
  if not g:over() then g:pass() end
end
expect(g:over(), true, "called off after the fourth 1z")
evs = g:events()
assert(evs[#evs]:find("四風連打", 1, true), evs[#evs])

-- 7. 四家立直: all four declare riichi (on their first discards: double
--    riichi); the fourth's stick stands and the hand is called off, the
--    sticks staying on the table.
g = mj.game {
  ruleset = "riichi",
  hands = { "123456789m1199p", "123456789p1199s",
            "123456789s1199m", "111222333z4455z" },
  draws = "6z6z6z7z",
}
for _, p in ipairs { "E", "S", "W" } do
  g:act(p, "riichi 6z")
  g:pass()
end
g:act("N", "riichi 7z")
if not g:over() then g:pass() end
expect(g:over(), true, "four riichi: called off")
expect(g:pot(), 4000, "the four sticks stay on the table")
expect(sum(g:scores()) + g:pot(), 100000, "points kept")
evs = g:events()
assert(evs[#evs]:find("四家立直", 1, true), evs[#evs])

-- 8. 四槓散了: East and South make two concealed kongs each; South's
--    discard after the fourth is not won on, and the hand is called off.
g = mj.game {
  ruleset = "riichi",
  hands = { "1111m2222m3333p4z", "5555s6666s7777p1z",
            "3468m2468p2348s3z", "3579m1589p1399s2z" },
  draws = "9s9p",
  tail = "2z3z5z6z7z7z",            -- the replacement tiles first
}
g:act("E", "kong 1m")
g:act("E", "kong 2m")
g:act("E", "d 3z")
g:pass()
g:act("S", "kong 5s")
g:act("S", "kong 6s")
expect(g:over(), false, "four kongs made: the hand goes on to the discard")
g:act("S", "d 6z")
if not g:over() then g:pass() end
expect(g:over(), true, "called off after the fourth kong's discard")
evs = g:events()
assert(evs[#evs]:find("四槓散了", 1, true), evs[#evs])
expect(g:next_dealer(), 1, "East deals again")

-- 9. 三家和: three win on East's 5m; the hand is called off, nobody pays
--    and the sticks stay on the table.
g = mj.game {
  ruleset = "riichi", pot = 1000,
  hands = { "5m1199m1199p1199s",
            "234p456p678s345s5m",
            "678p234s456s678m5m",
            "222m444m678s333p5m" },
  draws = "3z",
  tail = "7z7z3z3z4z4z",
}
g:act("E", "d 5m")
g:act("S", "hu")
g:act("W", "hu")
g:act("N", "hu")
expect(g:over(), true, "the hand is over")
expect(#g:winners(), 0, "nobody won")
expect(sum(g:payments()), 0, "nobody paid")
expect(g:pot(), 1000, "the stick stays")
evs = g:events()
assert(evs[#evs]:find("三家和", 1, true), evs[#evs])

-- 10. Red fives in play: East holds a 5p and the red 0p; "d 5p" throws
--     the plain one, keeping the red; South wins on the red 0s West
--     throws, and 赤ドラ counts it.
g = mj.game {
  ruleset = "riichi",
  hands = { "0p5p1m9m1p9p1s9s12345z", "5s5s234m678m22p567p",
            "0s1379m1379p1379s", "2468m2468p2468s6z" },
  draws = "7z4z9p",
  tail = "7z7z3z3z4z4z",
}
local legal = table.concat(g:legal("E"), " ")
assert(legal:find("d 5p", 1, true) and legal:find("d 0p", 1, true), legal)
g:act("E", "d 5p")
g:pass()
expect(g:hand("E"):find("109p", 1, true) ~= nil, true, "the red one kept")
g:act("S", "d 4z")
g:pass()
g:act("W", "d 0s")
evs = g:events()
expect(evs[#evs], "3 discards 0s", "a red five thrown, named so")
g:act("S", "hu")
g:pass()
expect(g:result("S").line, "断幺九,赤ドラx1", "the red five won counts")

-- 11. 責任払い (pao): South pons 5z from East and 6z from West, then 7z
--     from North, and wins 大三元 on his own draw: North, who fed the
--     third dragon, pays the whole 32000.
g = mj.game {
  ruleset = "riichi",
  hands = { "5z2m1m9m1p9p1s9s8p1234z", "1m9m1p55z66z77z45p99s",
            "6z2468m2468p2468s", "7z13579m1357p135s" },
  draws = "9s3s5s8m9p3m4z3p",
  tail = "7z3z3z4z1z1z",
}
g:act("E", "d 5z") g:act("S", "pon") g:pass()
g:act("S", "d 1m") g:pass()
g:act("W", "d 6z") g:act("S", "pon") g:pass()
g:act("S", "d 9m") g:pass()
g:act("W", "d 5s") g:pass()
g:act("N", "d 7z") g:act("S", "pon") g:pass()
g:act("S", "d 1p") g:pass()
g:act("W", "d 9p") g:pass()
g:act("N", "d 3m") g:pass()
g:act("E", "d 4z") g:pass()
g:act("S", "hu")
expect(g:result("S").line, "大三元", "大三元 self-drawn")
pay = g:payments()
expect(table.concat(pay, " "), "0 32000 0 -32000", "North pays it all")

--     The same, South winning on East's 3p: East and North pay half each.
g = mj.game {
  ruleset = "riichi",
  hands = { "5z2m1m9m1p9p1s9s8p1234z", "1m9m1p55z66z77z45p99s",
            "6z2468m2468p2468s", "7z13579m1357p135s" },
  draws = "9s3s5s8m9p3m3p",
  tail = "7z3z3z4z1z1z",
}
g:act("E", "d 5z") g:act("S", "pon") g:pass()
g:act("S", "d 1m") g:pass()
g:act("W", "d 6z") g:act("S", "pon") g:pass()
g:act("S", "d 9m") g:pass()
g:act("W", "d 5s") g:pass()
g:act("N", "d 7z") g:act("S", "pon") g:pass()
g:act("S", "d 1p") g:pass()
g:act("W", "d 9p") g:pass()
g:act("N", "d 3m") g:pass()
g:act("E", "d 3p") g:act("S", "hu") g:pass()
pay = g:payments()
expect(table.concat(pay, " "), "-16000 32000 0 -16000", "half each")
expect(sum(g:scores()) + g:pot(), 100000, "points kept")
