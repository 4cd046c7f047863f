-- changsha_kaigang.lua
-- 长沙麻将, RULES-changsha.md flow scenarios 7, 8, 9, 10 and 17: a
-- player ready after his kong may open it (开杠): two tiles are turned
-- from the tail; he may win on one (杠上开花), else they are his discards
-- and the others may win on either (杠上炮, 一炮多响), nothing else; his
-- hand is then fixed. An ordinary kong (补张) draws one replacement, and
-- a win on it is a plain self-draw.
--
--   hule run tests/scenarios/changsha_kaigang.lua

local function winners_fans(g, seat)
  local names = {}
  for _, f in ipairs(g:result(seat).fans) do names[#names + 1] = f.id end
  return table.concat(names, " ")
end

-- East throws 7p, South pungs it, and the others throw what they draw
-- until South draws the fourth 7p.
local function to_the_fourth(g)
  g:pass()                             -- East's 板板胡 let go
  g:act("E", "d 7p") g:act("S", "pon") g:act("S", "d 1p") g:pass()
  g:act("W", "d 1m") g:pass()
  g:act("N", "d 1s") g:pass()
  g:act("E", "d 3m") g:pass()
  return g
end

-- 7. South holds [777p], draws the fourth 7p, is ready after the kong
-- (3s, 6s) and opens it: 9m and 6s are turned; 6s wins: 杠上开花, B 6.
-- The birds 3s (North) and 9p (South): East 6 x 2 + 1 = 13, West 12,
-- North 6 x 3 = 18; South +43 and deals next.
local hands = { "1469m13479p1469s", "23455678m177p45s", "2356m2356p23568s",
                "2368m1268p12689s" }
local g = mj.game { ruleset = "changsha", hands = hands,
                    draws = "9s1m1s3m7p3s9p", tail = "9m6s" }
to_the_fourth(g)
expect(table.concat(g:legal(2), ",", 1, 2), "kaigang 7p,kong 7p",
       "ready after it: 开杠 or 补张")
g:act("S", "kaigang 7p")
expect(g:phase(), "open", "the tiles are up")
expect(table.concat(g:legal(2), ","), "hu 6s,pass", "6s wins for him")
g:act("S", "hu 6s")
expect(winners_fans(g, "S"), "杠上开花 扎鸟", "杠上开花")
local pay = g:payments()
expect(pay[2], 43, "South") expect(pay[1], -13, "East")
expect(pay[3], -12, "West") expect(pay[4], -18, "North")
expect(g:next_dealer(), 2, "South deals next")

-- 8. West, ready, opens {4444m}: 2p and 8s win nothing for him; North
-- wins on 8s (杠上炮, B 6) and East on 2p (七小对 + 杠上炮, B 12). The
-- birds 6m and 3s: West pays North 6, East 12 x 2 + 1 = 25.
g = mj.game { ruleset = "changsha",
  hands = { "1133m5577p2p4466s", "1689m1389p12399s", "444m123p567p5578s",
            "678789m456p5579s" }, draws = "9m1m4m6m3s", tail = "2p8s" }
g:pass()
g:act("E", "d 9m") g:pass()
g:act("S", "d 1m") g:pass()
g:act("W", "kaigang 4m")
expect(g:phase(), "claim", "nothing for West: the others may win")
expect(table.concat(g:legal(4), ","), "hu 8s,pass", "North on 8s")
expect(table.concat(g:legal(1), ","), "hu 2p,pass", "East on 2p")
expect(#g:legal(2), 0, "South: neither wins, no pung of them")
g:act("N", "hu 8s") g:act("E", "hu 2p")
expect(winners_fans(g, "E"), "七小对 杠上炮", "East's (no bird on him)")
pay = g:payments()
expect(pay[1], 25, "East") expect(pay[4], 6, "North")
expect(pay[3], -31, "West") expect(pay[2], 0, "South")
expect(g:next_dealer(), 3, "the kong's player, who paid both, deals")

-- 9 and 17. South opens; 1m and 9p help nobody: they are his discards
-- and West draws. South's hand is fixed: no pung of West's 5m, and on his
-- draw he throws it (3p) unless it wins.
g = mj.game { ruleset = "changsha", hands = hands,
              draws = "9s1m1s3m7p5m9p2s3p", tail = "1m9p" }
to_the_fourth(g)
g:act("S", "kaigang 7p")
expect(g:turn(), 3, "nobody could win on them: West draws")
expect(g:discards(2):match("1m9p$") ~= nil, true,
       "the tiles are his discards: " .. g:discards(2))
g:act("W", "d 5m")
expect(#g:legal(2), 0, "a fixed hand claims only a win")
g:pass()
g:act("N", "d 9p") g:pass()
g:act("E", "d 2s") g:pass()
expect(table.concat(g:legal(2), ","), "d 3p", "he throws what he draws")
local ok = pcall(g.act, g, "S", "d 5m")
expect(ok, false, "no other discard")

-- 10. North claims East's 5m as a kong and chooses 补张: the replacement
-- 8p completes a 平胡, a plain self-draw (B 2, no 杠上开花); the birds
-- 2m (East) and 7p (South): East 2 x 2 + 1 = 5, South 4, West 2.
g = mj.game { ruleset = "changsha",
  hands = { "5m1469m1349p1469s", "1369m1368p13689s", "2347m2347p23478s",
            "555m23467p22234s" }, draws = "9s2m7p", tail = "8p" }
g:pass()
g:act("E", "d 5m")
expect(table.concat(g:legal(4), ","), "kong,kaigang 5m,pon,pass",
       "补张 (kong) or 开杠 (kaigang)")
g:act("N", "kong") g:pass()
g:act("N", "hu")
expect(winners_fans(g, "N"), "平胡 自摸", "a plain self-draw, no bird on him")
pay = g:payments()
expect(pay[1], -5, "East") expect(pay[2], -4, "South")
expect(pay[3], -2, "West") expect(pay[4], 11, "North")
-- kaigang_claims = "all": nobody winning on them, the tiles are offered
-- in turn as discards: West may chow 1m (he lets it go), North pungs 6p.
local id = mj.load("changsha", { kaigang_claims = "all" })
g = mj.game { ruleset = id,
  hands = { "1469m13479p1469s", "23455678m177p45s", "2356m2356p23568s",
            "2368m1266p12689s" }, draws = "9s1m1s3m7p", tail = "1m6p" }
to_the_fourth(g)
g:act("S", "kaigang 7p")
expect(table.concat(g:legal(3), ","), "chi 123m,pass", "1m as a discard")
g:act("W", "pass")
expect(table.concat(g:legal(4), ","), "pon,pass", "then 6p")
g:act("N", "pon")
expect(g:turn(), 4, "North's pung stands")
expect(g:hand(4):match("%[666p%]") ~= nil, true, "his meld")
-- the settlement is told the win was on an open kong's tile (w.kaigang)
local here = debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$") or "."
local told = mj.load(here .. "/../data/rulesets/settle_kaigang.lua")
g = to_the_fourth(mj.game { ruleset = told, hands = hands,
                            draws = "9s1m1s3m7p3s9p", tail = "9m6s" })
g:act("S", "kaigang 7p") g:act("S", "hu 6s")
expect(g:payments()[2], 43, "settled as before, w.kaigang true")
print("开杠: 杠上开花 +43; 杠上炮 to two; a fixed hand; 补张 a self-draw; "
      .. "claims of all")
