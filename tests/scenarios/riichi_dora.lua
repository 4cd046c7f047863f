-- riichi_dora.lua
-- Riichi's dead wall (RULES-riichi.md, Dora): the first dora indicator is
-- turned at the deal; East's concealed kan turns the second at once, so
-- his win on the kan's replacement tile counts it: 嶺上開花 and 門前清自摸和
-- with 4 dora (5s once, 2z three times) is 6 han, haneman, 6000 from each.
--
--   hule run tests/scenarios/riichi_dora.lua

local g = mj.game {
  ruleset = "riichi",
  hands = { "1111m234p567s112z",   -- East deals
            "3579m13579p1357s",
            "2468m2468p2468s9p",
            "3344m6677p3344s5z" },
  draws = "2z",                    -- East's fourteenth tile
  -- from the wall's last tile: the 4 replacement tiles, then the dead
  -- wall's pairs, an ura indicator under each dora indicator
  tail = "2z9m9m9m8m4s8m1z",
}
local function turned()
  local t = {}
  for i = 1, g:nevents() do
    local e = g:event(i)
    if e.type == "indicator" then t[#t + 1] = e.tile end
  end
  return table.concat(t, " ")
end
expect(turned(), "4s", "the first indicator, turned at the deal")
g:act("E", "kong 1m")
expect(turned(), "4s 1z", "a concealed kan turns the next at once")
expect(g:last_draw(), "2z", "the replacement tile")
g:act("E", "hu")
local r = g:result("E")
expect(r.line, "門前清自摸和,嶺上開花,ドラx4", "rinshan, tsumo, four dora")
expect(r.total, 18000, "haneman by the dealer: 6000 from each")
local pay = g:payments()
expect(pay[1], 18000, "East") expect(pay[2], -6000, "South")
print("dora: 4s then 1z turned; East wins 18000")
