-- xuezhan_kongs.lua
-- 血战到底, RULES-xuezhan.md flow scenario 4 (刮风下雨 and 呼叫转移):
-- East declares a concealed kong (2 from each player still in), then
-- discards 7p; South wins 平胡 + 杠上炮 (2) and takes the kong money
-- (6): net East -2, South +6, West -2, North -2.
--
--   hule run tests/scenarios/xuezhan_kongs.lua

mj.load("xuezhan", "huansanzhang=false")
local g = mj.game {
  ruleset = "xuezhan",
  hands = { "1111234789m567p",    -- East deals (que s)
            "345678m5688999p",    -- South waits on 4p/7p (que s)
            "1122334455667s",     -- West (que m)
            "11223344p88999s" },  -- North (que m)
  draws = "9m6s2m5m3m",          -- a go-around first, then East's draw
  tail = "6m",                    -- the kong's replacement
}
g:act("E", "que s") g:act("S", "que s") g:act("W", "que m")
g:act("N", "que m")
g:act("E", "d 9m") g:pass()
g:act("S", "d 6s") g:pass()
g:act("W", "d 2m") g:pass()
g:act("N", "d 5m") g:pass()
expect(g:last_draw(), "3m", "East's draw")
g:act("E", "kong 1m")
local l = g:ledger()
expect(#l, 3, "刮风下雨: three payments at once")
for i = 1, 3 do
  expect(l[i].payee, 1, "to East") expect(l[i].amount, 2, "2 each")
  expect(l[i].reason, "kong", "kong money")
end
expect(g:last_draw(), "6m", "the replacement from the tail")
g:act("E", "d 7p")
g:act("S", "hu")
g:pass()
local r = g:result("S")
expect(r.line, "平胡,杠上炮", "杠上炮")
expect(r.total, 2, "2 番: 2 units")
local pay = g:payments()
expect(pay[1], -2, "East") expect(pay[2], 6, "South")
expect(pay[3], -2, "West") expect(pay[4], -2, "North")
local moved = 0
for _, e in ipairs(g:ledger()) do
  if e.reason == "transfer" then
    moved = moved + 1
    expect(e.payer, 1, "from East") expect(e.payee, 2, "to South")
  end
  if e.reason == "kong" then assert(e.moved, "marked moved") end
end
expect(moved, 3, "呼叫转移: the three kong payments")
print("呼叫转移: East -2, South +6, West -2, North -2")
