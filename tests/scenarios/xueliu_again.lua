-- xueliu_again.lua
-- 血流成河 (rulesets/xueliu.lua, 血战 with after_win = "stay"): South
-- wins on East's 4s and stays in; North self-draws and stays; a winner
-- keeps his hand as it won and throws what he draws; South then wins
-- again on his own draw, paid by all three; the hand goes on to the
-- wall's end.
--
--   hule run tests/scenarios/xueliu_again.lua

mj.load("xueliu", "huansanzhang=false")
local g = mj.game {
  ruleset = "xueliu",
  hands = { "12378p24566789s",    -- East deals (que m)
            "123456789m1123s",    -- South waits on 1s/4s (que p)
            "345678999p4456p",    -- West: 清一色 waiting on 4p/7p (que m)
            "111222p3335566s" },  -- North: pungs, waiting on 5s (que m)
  draws = "1m2m3m4m6p7m5s9p8m9m1s",
}
g:act("E", "que m") g:act("S", "que p") g:act("W", "que m")
g:act("N", "que m")
g:act("E", "d 1m") g:pass()
g:act("S", "d 2m") g:pass()
g:act("W", "d 3m") g:pass()
g:act("N", "d 4m") g:pass()
g:act("E", "d 4s")
g:act("S", "hu") g:pass()
assert(g:active("S"), "South stays in")
expect(g:wins("S"), 1, "one win")
expect(g:hand("S"), "123456789m1123s", "his hand as it won (4s set aside)")
expect(g:turn(), 3, "play goes on after South")
g:act("W", "d 7m") g:pass()
g:act("N", "hu")                      -- self-drawn 5s
expect(g:hand("N"), "111222p3335566s", "the winning tile set aside: 13 again")
g:act("E", "d 7p")
g:act("W", "hu")
assert(not g:over(), "three wins, and the hand goes on")
expect(g:last_draw(), "8m", "North draws")
assert(not g:can("N", "d 1p"), "a winner's hand is fixed")
assert(not g:can("N", "kong 1p"), "no kong either")
g:act("N", "d 8m") g:pass()
g:act("E", "d 9m") g:pass()
expect(g:last_draw(), "1s", "South draws another of his waits")
local before = #g:ledger()
g:act("S", "hu")
expect(g:wins("S"), 2, "South's second win")
local l = g:ledger()
expect(#l - before, 3, "all three pay a self-draw (winners too)")
for i = before + 1, #l do
  expect(l[i].payee, 2, "to South") expect(l[i].amount, 2, "平胡 1 + 加底")
end
g:play()
assert(g:over(), "the hand ends with the wall")
local pay = g:payments()
expect(pay[1] + pay[2] + pay[3] + pay[4], 0, "zero-sum")
print("血流成河: " .. #g:winners() .. " wins in the hand, South " .. g:wins("S"))
