-- riichi_declare.lua
-- Riichi as played (RULES-riichi.md): a declaration made with the discard
-- that leaves a concealed hand ready, the hand then fixed; ippatsu until
-- the next discard; ura-dora for the riichi winner; 振聴 from one's own
-- discards and from a passed win, for good once riichi.
--
--   hule run tests/scenarios/riichi_declare.lua

-- 1. East declares with his first discard, 9m (double riichi), waiting on
--    1z/2z; South throws 1z at once: ダブル立直, 一発, 自風 and 場風 (East's
--    1z pung), 3 ura-dora (4z turns 1z): 8 han, baiman, 24000.
local g = mj.game {
  ruleset = "riichi",
  hands = { "123m456p789s1122z",   -- East deals, ready but for his draw
            "1z3579m1357p2468s",
            "2468m2468p1357s3z",
            "3579p13579s2468m" },
  draws = "9m5p",
  tail = "5s5s6s6s4z9s",           -- 4 replacement tiles, ura 4z, dora 9s
}
expect(g:scores()[1], 25000, "riichi starts at 25000")
expect(g:can("E", "riichi 1m"), false, "a discard that leaves no wait")
assert(g:can("E", "riichi 9m"), "riichi with the discard that keeps 1z/2z")
g:act("E", "riichi 9m")
g:pass()
expect(g:state("E", "double"), true, "double riichi: his first discard")
expect(g:state("E", "riichi"), false, "not riichi as well")
expect(g:state("E", "ippatsu"), true, "ippatsu until his next discard")
expect(g:last_draw(), "5p", "South's draw")
g:act("S", "d 1z")
g:act("E", "hu")
g:pass()
local r = g:result("E")
expect(r.line, "一発,自風,場風,ダブル立直,裏ドラx3", "double riichi, ippatsu, "
       .. "winds, ura")
expect(r.total, 24000, "8 han: baiman by the dealer")

-- 2. South's own discard makes him furiten: he throws 4s, waiting on
--    1s/4s; then 1s from West is no win for him, and the table says why.
g = mj.game {
  ruleset = "riichi",
  hands = { "1357m1357p1357s1z",
            "123m456p789s23s55z",  -- South waits on 1s/4s
            "2468m2468p2468s1s",
            "9m9p11s222333444z" },  -- North may pon 1s
  draws = "2z4s7z",
}
g:act("E", "d 2z") g:pass()
assert(g:can("S", "hu"), "South could win on 4s")
g:act("S", "d 4s") g:pass()      -- his own wait thrown: furiten
g:act("W", "d 1s")
expect(g:can("S", "hu"), false, "no ron on 1s: furiten")
local ok, why = g:try("S", "hu")
expect(ok, false, "refused")
assert(why:find("furiten: 4s, a tile you wait on, is among your discards",
                1, true), why)

-- 3. South declares riichi and lets a winning 1s go: no ron for him for
--    the rest of the hand, even on 4s after his own next draw.
g = mj.game {
  ruleset = "riichi",
  hands = { "1357m1357p1357s1z",
            "123m456p789s23s5z7z",
            "2468m2468p2468s1s",
            "11s44s222333444z" },   -- North may pon 1s and 4s
  draws = "2z5z3z4z6z9p7m",
}
g:act("E", "d 2z") g:pass()
g:act("S", "riichi 7z") g:pass()
g:act("W", "d 1s")
assert(g:can("S", "hu"), "South may win on 1s")
g:pass()                          -- he lets it go
g:act("N", "d 4z") g:pass()
g:act("E", "d 6z") g:pass()
expect(g:legal("S")[1], "d 9p", "a fixed hand throws what it draws")
g:act("S", "d 9p") g:pass()
g:act("W", "d 4s")
expect(g:can("S", "hu"), false, "furiten for good")
ok, why = g:try("S", "hu")
assert(why:find("passed a win with your hand fixed", 1, true), why)
print("riichi: double riichi ippatsu 24000; furiten by a discard and by a "
      .. "passed win")
