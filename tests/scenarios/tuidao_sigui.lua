-- tuidao_sigui.lua
-- 推倒胡, RULES-tuidao.md flow scenario 8 (四鬼胡牌): West holds three
-- 白板 and draws the fourth: he may declare a win at once whatever the
-- rest, or play on and declare on a later turn while he holds all four.
-- He plays on, then declares: share 2 (no 无鬼 with ghosts held).
--
--   hule run tests/scenarios/tuidao_sigui.lua

local g = mj.game {
  ruleset = "tuidao",
  hands = { "1188m2288p1188s6z",   -- East deals
            "3456m1789p234s55z",
            "13m58p29s1234777z",   -- West: three 白板, no winning shape
            "4466m4466p5566s6z" },
  draws = "9m9p7z9s8m5m3p1m1p",    -- ..., West's 3p, then the horses
}
g:act("E", "d 9m") g:pass()
g:act("S", "d 9p") g:pass()
expect(g:last_draw(), "7z", "West draws the fourth ghost")
assert(g:can("W", "hu"), "四鬼胡牌: he may declare at once")
g:act("W", "d 1z") g:pass()         -- he plays on
g:act("N", "d 9s") g:pass()
g:act("E", "d 8m") g:pass()
g:act("S", "d 5m") g:pass()
expect(g:last_draw(), "3p", "West's next draw")
assert(g:can("W", "hu"), "still four ghosts held: he may declare now")
g:act("W", "hu")
local r = g:result("W")
expect(r.line, "四鬼胡牌", "the pattern")
expect(r.total, 2, "one share, no 无鬼, no horse on West")
expect(g:payments()[3], 6, "2 from each")
print("四鬼胡牌: declared a turn later, 2 from each")
