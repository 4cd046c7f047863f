-- xuezhan_multi.lua
-- 血战到底, RULES-xuezhan.md flow scenario 2 (一炮多响): East discards
-- 5s; South (平胡) and North (七对) both win on it. East pays each, the
-- hand goes on with East, and East deals the next hand.
--
--   hule run tests/scenarios/xuezhan_multi.lua

mj.load("xuezhan", "huansanzhang=false")
local g = mj.game {
  ruleset = "xuezhan",
  hands = { "1112223334449p",    -- East deals (que m)
            "234567m2234789s",   -- South waits on 2s/5s (que p)
            "5556667778889p",    -- West (que m)
            "1133557799m115s" }, -- North: 七对 on 5s (que p)
  draws = "8s1p9p6p5s",               -- a go-around first: no 地胡
}
expect(g:phase(), "que", "定缺 first")
g:act("E", "que m") g:act("S", "que p") g:act("W", "que m")
g:act("N", "que p")
expect(g:missing("S"), "p", "South's missing suit")
g:act("E", "d 8s") g:pass()
g:act("S", "d 1p") g:pass()          -- South must shed his missing suit
g:act("W", "d 9p") g:pass()
g:act("N", "d 6p") g:pass()
g:act("E", "d 5s")
assert(g:can("S", "hu") and g:can("N", "hu"), "both may win on 5s")
g:act("S", "hu")
g:act("N", "hu")
local w = g:winners()
expect(#w, 2, "two winners") expect(w[1], 2, "South first")
expect(w[2], 4, "then North")
local l = g:ledger()
expect(#l, 2, "two payments")
expect(l[1].payer, 1, "East pays") expect(l[1].payee, 2, "South")
expect(l[1].amount, 1, "平胡: 1")
expect(l[2].payee, 4, "North") expect(l[2].amount, 4, "七对: 4")
assert(not g:active("S") and not g:active("N"), "the winners left")
assert(g:active("E") and g:active("W"), "East and West play on")
expect(g:turn(), 1, "East draws next")
expect(g:phase(), "turn", "play goes on")
g:play()
assert(g:over(), "the hand ends")
expect(g:next_dealer(), 1, "一炮多响: the discarder deals next")
local pay = g:payments()
expect(pay[1] + pay[2] + pay[3] + pay[4], 0, "zero-sum")
print("一炮多响: East pays South 1 and North 4; East deals next")
