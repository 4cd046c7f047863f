-- xuezhan_lasttile.lua
-- 血战到底, RULES-xuezhan.md flow scenario 14 (the last tile): everyone
-- throws what he draws until North draws the wall's last tile, the one he
-- waits on; he self-draws 对对胡 + 海底捞月 (3 番, 4 units)
-- and each still in pays 4 + 1 加底 = 5; the hand ends, and 查叫 settles
-- the three others.
--
--   hule run tests/scenarios/xuezhan_lasttile.lua

mj.load("xuezhan", "huansanzhang=false")
local g = mj.game {
  ruleset = "xuezhan",
  seed = 14,
  hands = { "12378p24566789s",    -- East deals (que m)
            "123456789m1123s",    -- South (que p)
            "345678999p4456p",    -- West (que m)
            "111222p3335566s" },  -- North: pungs, only 5s left to wait on
  tail = "5s",                    -- the wall's last tile
}
g:act("E", "que m") g:act("S", "que p") g:act("W", "que m")
g:act("N", "que m")
-- each throws his draw; nobody claims (108 - 52 = 56 draws: the last is
-- North's)
while g:wall_left() > 0 do
  if g:phase() == "turn" then
    g:act(g:turn(), "d " .. g:last_draw())
  else
    g:pass()
  end
end
expect(g:turn(), 4, "North draws the last tile")
expect(g:last_draw(), "5s", "his wait")
g:act("N", "hu")
local r = g:result("N")
expect(r.total, 4, "对对胡 2 + 海底捞月 1 = 3 番: 4 units")
assert(r.line:find("海底捞月"), "海底捞月 counted: " .. r.line)
assert(g:over(), "the wall is empty: the hand ends")
local l = g:ledger()
for i = 1, 3 do
  expect(l[i].payee, 4, "to North") expect(l[i].amount, 5, "4 + 1 加底")
  expect(l[i].reason, "win", "the win")
end
for i = 4, #l do
  assert(l[i].reason ~= "win" and l[i].payee ~= 4 and l[i].payer ~= 4,
         "after the win only 查叫 among the three others")
end
local pay = g:payments()
expect(pay[1] + pay[2] + pay[3] + pay[4], 0, "zero-sum")
print("the last tile: 对对胡 + 海底捞月, 5 from each; " .. (#l - 3) ..
      " 查叫 payment(s) among the others")
