-- changsha_qishou.lua
-- 长沙麻将, RULES-changsha.md flow scenarios 4, 5 and 6: 起手胡 is the
-- player's choice, offered after the deal to each in turn from the
-- dealer (the dealer on his fourteen tiles), paid at once like a 小胡
-- self-draw for each count: 2 from each other player, 1 more between the
-- dealer and another (庄闲). A refused declaration changes nothing.
--
--   hule run tests/scenarios/changsha_qishou.lua

-- 4. East shows two triplets (六六顺): South, West and North pay 3 each.
-- South shows no 2, 5 or 8 and no 条 (板板胡, 缺一色): 4 from West and
-- North, 5 from East. Net East +4, South +10, West -7, North -7.
local g = mj.game { ruleset = "changsha",
  hands = { "1115m222p345679s", "1346799m134679p", "2357m2357p23578s",
            "3468m3468p34689s" }, draws = "8s" }
expect(g:phase(), "declare", "the declarations come before play")
expect(table.concat(g:legal(1), ","), "declare 起手胡,pass", "East first")
expect(#g:legal(2), 0, "South waits his turn")
local ok, why = pcall(g.act, g, "E", "declare 天胡")
expect(ok, false, "no such declaration")
expect(tostring(why):match("no declaration '天胡' in these rules; there "
                           .. "are: 起手胡") ~= nil, true, why)
expect(#g:ledger(), 0, "a refused declaration changes nothing")
g:act("E", "declare 起手胡")
g:act("S", "declare 起手胡")
expect(g:phase(), "turn", "West and North have nothing to declare")
expect(g:turn(), 1, "East discards first")
local pay = g:payments()
expect(pay[1], 4, "East") expect(pay[2], 10, "South")
expect(pay[3], -7, "West") expect(pay[4], -7, "North")
local reasons = {}
for _, l in ipairs(g:ledger()) do reasons[l.reason] = true end
expect(reasons["起手胡 六六顺"], true, "East's 起手胡")
expect(reasons["起手胡 板板胡 缺一色"], true, "South's two")

-- 6. East declares 缺一色 (3 from each), then wins on his dealt fourteen:
-- 天胡, B 6; the birds 9s (East) and 6m (South): South pays 6 x 3 + 1 =
-- 19, West and North 6 x 2 + 1 = 13. The declaration changed no tile.
g = mj.game { ruleset = "changsha",
  hands = { "234567m345678p5p", "1469m1346p12589s", "2357m2379p23678s",
            "1368m1289p13479s" }, draws = "5p9s6m" }
g:act("E", "declare 起手胡")
g:act("E", "hu")
local r = g:result("E")
expect(r.total, 12, "天胡 6 x (1 + the bird on East)")
local named = {}
for _, f in ipairs(r.fans) do named[#named + 1] = f.id end
expect(table.concat(named, " "), "天胡 扎鸟", "the patterns")
pay = g:payments()
expect(pay[1], 54, "9 for 起手胡, 45 for 天胡") expect(pay[2], -22, "South")
expect(pay[3], -16, "West") expect(pay[4], -16, "North")

-- 5. West was dealt 1111m and 5555p: 大四喜 twice, 4 from South and
-- North, 5 from East (the dealer).
g = mj.game { ruleset = "changsha",
  hands = { "234678m234p2367s", "3469m13469p1258s", "1111m5555p23678s",
            "2357m2379p23578s" }, draws = "9s" }
expect(table.concat(g:legal(3), ","), "declare 起手胡,pass", "West")
g:act("W", "declare 起手胡")
pay = g:payments()
expect(pay[3], 13, "West") expect(pay[1], -5, "East")
expect(pay[2], -4, "South") expect(pay[4], -4, "North")

-- the log replays the declarations exactly
local log = g:log()
expect(log:match('"act":"declare"') ~= nil, true, "the log keeps it")
print("起手胡: East +4 South +10; 缺一色 then 天胡; 大四喜 twice")
