-- xuezhan_rob.lua
-- 血战到底, RULES-xuezhan.md flow scenario 6 (抢杠胡): North pungs 5p,
-- later adds the fourth to it; West robs the kong with 平胡: 平胡 1 +
-- 抢杠胡 1 = 2 番, North pays 2 and no kong money; North keeps [555p]
-- with 13 tiles and draws next.
--
--   hule run tests/scenarios/xuezhan_rob.lua

mj.load("xuezhan", "huansanzhang=false")
local g = mj.game {
  ruleset = "xuezhan",
  hands = { "1112345678m589p",    -- East deals (que s)
            "12345678s12399m",    -- South (que p)
            "13p789p456s999s22s", -- West (que m): 4p makes it ready
            "5566p113377889s" },  -- North (que m)
  draws = "4m5m1p4p5p7m",
}
g:act("E", "que s") g:act("S", "que p") g:act("W", "que m")
g:act("N", "que m")
g:act("E", "d 5p")
g:act("N", "pon 5p") g:pass()
g:act("N", "d 6p") g:pass()
g:act("E", "d 5m") g:pass()
g:act("S", "d 1p") g:pass()         -- a tile of his missing suit
g:act("W", "d 1p") g:pass()         -- ready on 2p and 5p
expect(g:last_draw(), "5p", "North draws the fourth 5p")
g:act("N", "kong 5p")                -- added to his pung
assert(g:can("W", "hu"), "West may rob it")
g:act("W", "hu")
local l = g:ledger()
expect(#l, 1, "the win alone: a robbed kong pays no kong money")
expect(l[1].payer, 4, "North pays") expect(l[1].payee, 3, "West")
expect(l[1].amount, 2, "平胡 1 + 抢杠胡 1 = 2 番: 2")
expect(l[1].reason, "win", "a win")
assert(not g:active("W"), "West has won and left")
expect(g:turn(), 4, "North draws next")
expect(g:last_draw(), "7m", "North's draw")
expect(g:hand("N"), "7m6p113377889s[555p]",
       "North keeps his pung: 13 tiles and the draw")
print("抢杠胡: North pays West 2, no kong money, North keeps [555p]")
