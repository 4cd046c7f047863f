-- tuidao_rob.lua
-- 推倒胡, RULES-tuidao.md flow scenario 4 (抢杠全包): West adds 4s to his
-- pung; South robs it holding no 白板 (share 4) with one horse (share 6):
-- West pays all three shares, 18, and his kong is void (no kong money).
-- South deals next. With qiangang_quanbao=false West pays one share.
--
--   hule run tests/scenarios/tuidao_rob.lua

local function play(options)
  mj.load("tuidao", options)
  local g = mj.game {
    ruleset = "tuidao",
    hands = { "1188m1188p1188s4s",   -- East deals
              "123456m789p23s55z",   -- South waits on 1s/4s
              "3377m3377p377s44s",   -- West
              "4466m4466p5566s6z" },
    draws = "9m9p9s1z4s2m1m",        -- ..., West's 4s, then the horses
  }
  g:act("E", "d 4s")
  assert(not g:can("S", "hu"), "no win on a discard")
  g:act("W", "pon 4s") g:pass()
  g:act("W", "d 7m") g:pass()
  g:act("N", "d 9p") g:pass()
  g:act("E", "d 9s") g:pass()
  g:act("S", "d 1z") g:pass()
  expect(g:last_draw(), "4s", "West draws the fourth 4s")
  g:act("W", "kong 4s")
  assert(g:can("S", "hu"), "South may rob it")
  g:act("S", "hu")
  expect(g:result("S").total, 6, "share 4 + one horse (2m: South)")
  return g
end

local g = play("")
local l = g:ledger()
expect(#l, 1, "the win alone: the robbed kong pays no kong money")
expect(l[1].payer, 3, "West, robbed, pays") expect(l[1].amount, 18, "3 x 6")
expect(g:next_dealer(), 2, "South deals next")
g = play("qiangang_quanbao=false")
expect(g:ledger()[1].amount, 6, "without 全包: one share")
print("抢杠全包: West pays South 18")

-- 明杠可抢 (option minggang_rob): West claims East's 4s as a kong; South
-- may rob that too, and West pays for all. Without the option, only an
-- added kong can be robbed.
local function exposed(options)
  mj.load("tuidao", options)
  local g = mj.game {
    ruleset = "tuidao",
    hands = { "1188m1188p1188s4s",   -- East deals
              "123456m789p23s55z",   -- South waits on 1s/4s
              "3377m3377p37s444s",   -- West: three 4s
              "4466m4466p5566s6z" },
    draws = "9m2m1m",                -- East's draw, then the horses
    tail = "9p",                     -- West's replacement
  }
  g:act("E", "d 4s")
  g:act("W", "kong 4s")
  return g
end
g = exposed("minggang_rob=true")
assert(g:can("S", "hu"), "明杠可抢: South may rob West's kong")
g:act("S", "hu")
expect(g:ledger()[1].payer, 3, "West pays") expect(g:ledger()[1].amount, 18,
                                                   "all three shares")
g = exposed("")
assert(not g:can("S", "hu"), "without the option a claimed kong stands")
expect(g:phase(), "turn", "no rob phase")
expect(g:last_draw(), "9p", "West draws his replacement")
print("明杠可抢: South robs West's claimed kong; West pays 18")
