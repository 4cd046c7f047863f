-- xuezhan_swap.lua
-- 血战到底, RULES-xuezhan.md flow scenarios 13 (换三张) and 12 (定缺).
-- After the deal each passes three tiles of one suit; the dice sum mod 3
-- says where: 1 to the next player, 2 to the previous, 0 across. Then
-- each declares a missing suit, hidden until all have, and must shed it:
-- while he holds it he discards only it, and may not pung or win.
--
--   hule run tests/scenarios/xuezhan_swap.lua

local HANDS = { "1112223334449p",    -- East deals
                "234567m2234789s",
                "5556667778889p",
                "1133557799m115s" }

-- dice 3+4 = 7: 7 mod 3 = 1, to the next; 8: previous; 9: across
for _, case in ipairs { { 7, "next", 2 }, { 8, "previous", 4 },
                        { 9, "across", 3 } } do
  local g = mj.game { ruleset = "xuezhan", dice = case[1], hands = HANDS,
                      draws = "8s" }
  expect(g:phase(), "swap", "换三张 first")
  assert(not g:try("E", "swap 1p2p8s"), "three tiles of one suit")
  assert(not g:try("S", "swap 2s3s4s7s"), "three tiles, not four")
  local ok, why = g:try("E", "swap 1p")
  assert(not ok and why:find("3 tiles of one suit together", 1, true),
         "one decision of three tiles, not one: " .. tostring(why))
  assert(not g:try("E", "swap 1p2p"), "two tiles are refused too")
  g:act("E", "swap 1p2p3p")
  expect(g:hand("E"), "1122334449p8s", "East's tiles are set aside")
  g:act("S", "swap 2s3s4s")
  g:act("W", "swap 5p6p7p")
  expect(g:phase(), "swap", "not passed until all have chosen")
  g:act("N", "swap 1s1s5s")
  expect(g:swap_to(), case[2], "dice " .. case[1])
  -- East's 1p2p3p went to the seat the dice named
  local got = g:hand(case[3])
  assert(got:find("123"), "seat " .. case[3] .. " got East's tiles: " .. got)
  expect(g:hand("E"):find("123"), nil, "East kept none")
  expect(g:phase(), "que", "then 定缺")
end

-- 定缺: South declares m missing while holding 55m and 88m
mj.load("xuezhan", "huansanzhang=false")
local g = mj.game {
  ruleset = "xuezhan",
  hands = { "1112223334449p",    -- East deals
            "55m88m234567p234s", -- South
            "5556667778889s",
            "1133557799m119s" },
  draws = "8m6p",
}
expect(g:phase(), "que", "定缺")
g:act("E", "que m")
g:act("S", "que m")
expect(g:missing("S"), "m", "South's suit, as the engine knows it")
assert(not g:try("S", "que p"), "one declaration")
g:act("W", "que 万") g:act("N", "que 条")     -- the suits' Chinese names
expect(g:missing("W"), "m", "que 万 is que m")
expect(g:missing("N"), "s", "que 条 is que s")
expect(g:phase(), "turn", "play begins with the dealer")
g:act("E", "d 8m")                   -- East sheds his own missing suit
-- South holds 88m but may not pung (nor win with 55m 88m on it)
expect(g:turn(), 2, "no claim: South draws")
expect(g:last_draw(), "6p", "South's draw")
assert(not g:can("S", "d 6p"), "while he holds m he must discard m")
assert(g:can("S", "d 5m") and g:can("S", "d 8m"), "the m tiles")
local ok, why = g:try("S", "hu")
assert(not ok and why:find("missing suit"), "no win holding m: " ..
       tostring(why))
print("换三张 by the dice (7 next, 8 previous, 9 across); 定缺 binds")
