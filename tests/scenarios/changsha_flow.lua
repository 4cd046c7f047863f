-- changsha_flow.lua
-- 长沙麻将, RULES-changsha.md flow scenarios 3, 11, 16, 18, 19 and 20:
-- 大胡 added, 抢杠胡, kongs near the wall's end, 过胡, claims, 地胡.
--
--   hule run tests/scenarios/changsha_flow.lua

local function fans(g, seat)
  local names = {}
  for _, f in ipairs(g:result(seat).fans) do names[#names + 1] = f.id end
  return table.concat(names, " ")
end

-- 3. North discards 4s; South wins 碰碰胡 + 清一色 (B 12); the birds 1m
-- (South) and 4p (East, who pays nothing): North pays 12 x 2 = 24.
local g = mj.game { ruleset = "changsha",
  hands = { "23789m2378p6789s", "1112223334555s", "14689m1469p4679s",
            "4s1568m1568p1568s" }, draws = "9m1m2m3m1m4p" }
g:pass()                               -- South's 起手胡 let go
g:act("E", "d 9m") g:pass()
g:act("S", "d 1m") g:pass()
g:act("W", "d 2m") g:pass()
g:act("N", "d 4s")
g:act("S", "hu")
expect(fans(g, "S"), "碰碰胡 清一色 扎鸟", "two 大胡 add up")
expect(g:result("S").total, 24, "12 x (1 + the bird on South)")
local pay = g:payments()
expect(pay[4], -24, "North") expect(pay[2], 24, "South")
expect(g:next_dealer(), 2, "South deals next")

-- 11. North adds 6s to [666s]; West robs it (pair 55m): 抢杠胡, B 6,
-- paid by North; the birds 9m (West) and 4p (South): North pays 12 and
-- keeps his pung. West had let the first 6s go (过胡) and drawn since.
g = mj.game { ruleset = "changsha",
  hands = { "6s1469m1469p1349s", "1389m1389p12389s", "12355m234456p78s",
            "66s237m2378p2378s" }, draws = "9p1m2p3p6s9m4p" }
g:pass()
g:act("E", "d 6s")
g:act("W", "pass") g:act("N", "pon")
g:act("N", "d 2m") g:pass()
g:act("E", "d 1m") g:pass()
g:act("S", "d 2p") g:pass()
g:act("W", "d 3p") g:pass()
g:act("N", "kong 6s")
expect(g:phase(), "rob", "an added kong may be robbed")
g:act("W", "hu")
expect(fans(g, "W"), "抢杠胡 扎鸟", "抢杠胡")
pay = g:payments()
expect(pay[3], 12, "West") expect(pay[4], -12, "North")
expect(g:hand(4):match("%[666s%]") ~= nil, true, "North keeps his pung")
expect(g:next_dealer(), 3, "West deals next")

-- 16. Two tiles left, West draws the fourth 4m: 补张 or 开杠. 补张: the
-- replacement comes from the tail, one tile is left; no kong on it (North
-- may pung West's 9p, not kong it), and it is offered as the 海底. 开杠
-- takes both; nobody wins on them: a drawn hand, West deals next.
local wall = "5m1369m1468p1469s" .. "2378m2378p23789s" .. "444m123p567p5578s"
          .. "999p12368m12368s" .. "9s1m4m" .. "7s9p"
local function near_end()
  local h = mj.game { ruleset = "changsha", wall = wall }
  h:pass()
  h:act("E", "d 9s") h:pass()
  h:act("S", "d 1m") h:pass()
  return h
end
g = near_end()
expect(g:wall_left(), 2, "two left")
expect(table.concat(g:legal(3), ",", 1, 2), "kaigang 4m,kong 4m",
       "开杠 (ready after it) or 补张")
g:act("W", "kong 4m")
expect(g:last_draw(), "9p", "the replacement, from the tail")
g:act("W", "d 9p")
expect(table.concat(g:legal(4), ","), "pon,pass", "one tile left: no kong")
g:act("N", "pon") g:act("N", "d 1m") g:pass()
expect(g:phase(), "offer", "the last tile is the 海底")
expect(g:turn(), 1, "offered first to the player due to draw")
g = near_end()
g:act("W", "kaigang 4m")
expect(g:drawn(), true, "开杠 took both: nobody won, a drawn hand")
expect(g:next_dealer(), 3, "the kong's player deals")

-- 18. 过胡: South lets a win on East's 3m go; North's 3m before South
-- draws again is no win for him; after his draw West's 6m is.
g = mj.game { ruleset = "changsha",
  hands = { "3m1469m1469p1469s", "45m234p567p678s22s", "331789m2578p257s",
            "2356m2358p23578s" }, draws = "9s9p1s1p6m" }
g:pass()
g:act("E", "d 3m")
expect(table.concat(g:legal(2), ","), "hu,chi 345m,pass", "a win for South")
g:act("S", "pass") g:act("W", "pon")
g:act("W", "d 1m") g:pass()
g:act("N", "d 3m")
expect(#g:legal(2), 0, "过胡: no win until his next draw")
g:pass()
g:act("E", "d 1s") g:pass()
g:act("S", "d 1p") g:pass()
g:act("W", "d 6m")
expect(table.concat(g:legal(2), ","), "hu,pass", "he has drawn: he may")

-- 19. East discards 4m: South may chow it, West pungs it: the pung
-- stands. West may not chow North's discards (North is after him).
g = mj.game { ruleset = "changsha",
  hands = { "4m1469m1369p1469s", "356m14799p12278s", "144689m257p3579s",
            "2356m2358p23578s" }, draws = "9s7m" }
g:pass()
g:act("E", "d 4m")
expect(table.concat(g:legal(2), ","), "chi 345m,chi 456m,pass", "South")
g:act("S", "chi 345m") g:act("W", "pon")
expect(g:turn(), 3, "the pung beats the chow")
g:act("W", "d 9m") g:pass()
g:act("N", "d 7m")
expect(#g:legal(3), 0, "no chow from the player after him")

-- 20. East's first discard 5s completes South's 平胡 shape: 地胡, B 6;
-- no bird on South or East: East pays 7. With the pair 99s it is no win.
g = mj.game { ruleset = "changsha",
  hands = { "5s1469m1369p1469s", "234567m345p5567s", "2378m2378p23789s",
            "1238m2348p12348s" }, draws = "9m2m3m" }
g:act("E", "d 5s")
g:act("S", "hu")
expect(fans(g, "S"), "地胡", "地胡")
expect(g:payments()[1], -7, "East pays 6 + 1")
g = mj.game { ruleset = "changsha",
  hands = { "5s1469m1369p1469s", "234567m345p6799s", "2378m2378p23789s",
            "1238m2348p12348s" }, draws = "9m" }
g:act("E", "d 5s")
expect(table.concat(g:legal(2), ","), "chi 567s,pass",
       "地胡 adds to a win, makes none")
print("大胡 added 24; 抢杠胡 12; 海底 after 补张; 过胡; claims; 地胡 7")
