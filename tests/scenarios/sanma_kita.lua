-- sanma_kita.lua
-- Three-player riichi's North set aside (北抜き, RULES-sanma.md "Kita"):
-- in one's turn, a replacement from the dead wall, a dora for the win
-- (kita=N), 嶺上開花 on the replacement, a riichi player's own draw
-- only, another's win on it (no 搶槓, a yaku of its own needed), a
-- passed win on it furiten, none once the live wall is empty.
--
--   hule run tests/scenarios/sanma_kita.lua

-- 1. East's first turn: he draws a North, sets it aside, draws 4s from
--    the tail and wins on it: 嶺上開花 with the dealt tiles (天和: the
--    first go-around is not broken by a kita), paid by the two others.
local g = mj.game {
  ruleset = "riichi-sanma",
  hands = { "123p456p789p11s23s", "1199m1199p1199s5z", "3355p3355s66z111z" },
  draws = "4z",
  tail = "4s7z7z7z2z3z",             -- dora indicator 2z: dora 3z
}
expect(g:players(), 3, "three seats")
assert(g:can("E", "declare kita"), "a North drawn may be set aside")
assert(not g:can("S", "declare kita"), "not out of one's turn")
g:act("E", "declare kita")
expect(g:aside("E"), "4z", "the North is set aside, face up")
expect(g:hand("E"), "123456789p11234s", "the replacement 4s from the tail")
expect(g:wall_left(), 53, "the live wall one shorter (54 before)")
assert(g:can("E", "hu"), "he wins on the replacement")
g:act("E", "hu")
expect(g:result(1).line, "天和", "天和: a kita is no call")
expect(g:payments()[1], 32000, "a dealer's yakuman: 16000 from each of two")
expect(g:payments()[2] + g:payments()[3], -32000, "South and West pay")

-- 2. The same, after a go-around: 門前清自摸和, 嶺上開花, 一気通貫, 平和
--    and the North a dora (抜きドラ): 6 han, a dealer's haneman by two.
g = mj.game {
  ruleset = "riichi-sanma",
  hands = { "123p456p789p11s23s", "1199m1199p1199s5z", "3355p3355s66z111z" },
  draws = "5z" .. "6z" .. "9s" .. "4z",
  tail = "4s7z7z7z2z3z",
}
g:act("E", "d 5z") g:pass()
g:act("S", "d 6z") g:pass()
g:act("W", "d 9s") g:pass()
g:act("E", "declare kita")
g:act("E", "hu")
local r = g:result(1)
assert(r.text:find("kita=1", 1, true), "the win's context counts the North")
assert(r.text:find("抜きドラ", 1, true) and r.text:find("嶺上開花", 1, true),
       "抜きドラ and 嶺上開花: " .. r.text)
expect(g:payments()[1], 12000, "6 han 20 fu: 跳満, 6000 from each of two")

-- 3. South waits on the North alone with 自風 (222z): East sets his
--    North aside and South wins on it, paid by East; no 搶槓.
g = mj.game {
  ruleset = "riichi-sanma",
  hands = { "1199m1199p1199s4z", "123p456p222z777p4z", "3355p3355s66z111z" },
  draws = "5z",
  tail = "4s7z7z7z2z3z",
}
g:act("E", "declare kita")
assert(g:can("S", "hu"), "South may win on the North set aside")
g:act("S", "hu")
expect(g:winners()[1], 2, "South wins")
expect(g:payer(), 1, "East, who set it aside, pays")
assert(not g:result(2).text:find("槍槓", 1, true), "no 搶槓 on a kita")
assert(g:result(2).text:find("自風", 1, true), "his own yaku: 自風")

-- 4. West waits on the North alone without a yaku: no win on it; South,
--    with one, passes it: furiten until his next draw.
g = mj.game {
  ruleset = "riichi-sanma",
  hands = { "1199m1199p1199s4z", "123p456p222z777p4z", "234p567p789s888p4z" },
  draws = "5z" .. "1p",
  tail = "4s7z7z7z2z3z",
}
g:act("E", "declare kita")
assert(not g:can("W", "hu"), "no yaku: no win on the North")
g:act("S", "pass")
expect(g:phase(), "turn", "nobody won: East's turn goes on")
expect(g:last_draw(), "4s", "East drew the replacement")

-- 5. A riichi player sets aside only the North he just drew.
g = mj.game {
  ruleset = "riichi-sanma",
  hands = { "123p456p789p11s23s", "1199m1199p1199s4z", "3355p3355s66z111z" },
  draws = "5z" .. "6z" .. "7z" .. "4z" .. "9p",
  tail = "5s7z7z7z2z3z",
}
g:act("E", "riichi 5z") g:pass()
g:act("S", "d 6z") g:pass()
g:act("W", "d 7z") g:pass()
assert(g:can("E", "declare kita"), "riichi: the North just drawn may go")
g:act("E", "declare kita")
expect(g:aside("E"), "4z", "set aside in riichi")
-- ... and not a North his ready hand holds: East waits on it alone.
g = mj.game {
  ruleset = "riichi-sanma",
  hands = { "123p456p789p888s4z", "1199m1199p1199s5z", "3355p3355s66z222z" },
  draws = "5z" .. "6z" .. "7z" .. "9s",
  tail = "5s7z7z7z2z3z",
}
assert(g:can("E", "declare kita"), "before riichi he may set it aside")
g:act("E", "riichi 5z") g:pass()
g:act("S", "d 6z") g:pass()
g:act("W", "d 7z") g:pass()
assert(not g:can("E", "declare kita"), "in riichi, not the North he waits on")
print("kita: set aside, replaced, a dora, 嶺上開花; won on by South "
      .. "(no 搶槓); no yaku no win; in riichi the North drawn")
