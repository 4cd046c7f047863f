-- tuidao_kongs.lua
-- 推倒胡, RULES-tuidao.md flow scenario 2 (kong money settles at the win):
-- West kongs East's 3m (点杠), North declares a concealed kong, South adds
-- to his pung (补杠); East self-draws holding a 白板 (share 2), no horse on
-- him. The kongs: East, South, West -> North 2 each; East -> West 3; East,
-- West, North -> South 1 each; the win: South, West, North -> East 2 each.
-- Net East 0, South -1, West -2, North +3; East deals again.
--
--   hule run tests/scenarios/tuidao_kongs.lua

local g = mj.game {
  ruleset = "tuidao",
  hands = { "3m123p456789s117z",   -- East deals
            "55p2468m2468p13s5z",  -- South
            "333m5p1199m22668s",   -- West
            "7777p113399p346z" },  -- North
  draws = "2z7s3z6m5p8p4p2z2m7m",  -- ..., East's winning 2z, the horses
  tail = "4z5m6z",                 -- the replacements
}
g:act("E", "d 3m")
g:act("W", "kong 3m") g:pass()
g:act("W", "d 5p")
g:act("S", "pon 5p") g:pass()
g:act("S", "d 5z") g:pass()
g:act("W", "d 7s") g:pass()
g:act("N", "kong 7p")
g:act("N", "d 5m") g:pass()
g:act("E", "d 6m") g:pass()
g:act("S", "kong 5p")
g:act("S", "d 6z") g:pass()
g:act("W", "d 8p") g:pass()
g:act("N", "d 4p") g:pass()
expect(g:last_draw(), "2z", "East's draw")
expect(#g:ledger(), 0, "no kong money before a win")
g:act("E", "hu")
expect(g:result("E").total, 2, "a 白板 held: one share of 2, no horse")
local pay = g:payments()
expect(pay[1], 0, "East: +6 win, -2 -3 -1 kongs")
expect(pay[2], -1, "South") expect(pay[3], -2, "West")
expect(pay[4], 3, "North")
local kong = 0
for _, e in ipairs(g:ledger()) do
  if e.reason == "kong" then kong = kong + e.amount end
end
expect(kong, 6 + 3 + 3, "暗杠 6, 点杠 3, 补杠 3")
expect(g:next_dealer(), 1, "East deals again")
print("kong money at the win: net East 0, South -1, West -2, North +3")
