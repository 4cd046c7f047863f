-- changsha_haidi.lua
-- 长沙麻将, RULES-changsha.md flow scenarios 13, 14 and 15: when one tile
-- is left, it is offered in turn from the player due to draw (海底); the
-- taker wins with it if it wins (海底捞月), else it is shown as his
-- discard, which only a win may claim (海底炮); after a 海底 win the
-- wall is empty and that tile is the one bird; all four letting it go is
-- a drawn hand, and the first offered deals next.
--
--   hule run tests/scenarios/changsha_haidi.lua

-- A short wall: the hands (East first), then the draws; one tile is left
-- when North is due to draw.
local function game(hands, draws)
  return mj.game { ruleset = "changsha",
                   wall = table.concat(hands) .. draws }
end

local function round(g, e, s, w)      -- each throws what he draws
  g:act("E", "d " .. e) g:pass()
  g:act("S", "d " .. s) g:pass()
  g:act("W", "d " .. w) g:pass()
end

-- 13. North and East let it go, South takes 4p: no win for him, it is
-- his discard; West wins on it: 海底炮, B 6; 4p is the bird, on South
-- (West's 上家): South pays 6 x 2 = 12. West deals next.
local g = game({ "113457m2589p369s", "1469m13459p1469s", "456789m23p34555s",
                 "2357m2357p23578s" }, "9s1m9m4p")
round(g, "9s", "1m", "9m")
expect(g:phase(), "offer", "the 海底 is offered")
expect(g:turn(), 4, "first to North, due to draw")
expect(table.concat(g:legal(4), ","), "take,pass", "take it or let it go")
g:act("N", "pass")
g:act("E", "pass")
g:act("S", "take")
expect(g:phase(), "claim", "4p does not win for South: his discard")
expect(table.concat(g:legal(3), ","), "hu,pass", "West may only win on it")
g:act("W", "hu")
local r = g:result("W")
local names = {}
for _, f in ipairs(r.fans) do names[#names + 1] = f.id end
expect(table.concat(names, " "), "海底炮", "a win on the 海底 tile")
local pay = g:payments()
expect(pay[2], -12, "South pays 6 x (1 + the bird on him)")
expect(pay[3], 12, "West")
expect(g:next_dealer(), 3, "West deals next")

-- 14. North takes the 海底 5s and wins (pair 22p): 海底捞月, B 6; the
-- bird 5s is on North: East pays 6 x 2 + 1 = 13, South and West 12.
g = game({ "113457m2589p369s", "1469m13459p1469s", "146m11467p23899s",
           "345678m22789p34s" }, "7s2m1p9m8s6p3m5s")
round(g, "7s", "2m", "1p")
g:act("N", "d 9m") g:pass()
round(g, "8s", "6p", "3m")
g:act("N", "take")
expect(table.concat(g:legal(4), ","), "hu", "the 海底 wins: he must win")
g:act("N", "hu")
expect(g:result("N").total, 12, "海底捞月 6 x (1 + his bird)")
pay = g:payments()
expect(pay[4], 37, "North") expect(pay[1], -13, "East")
expect(pay[2], -12, "South") expect(pay[3], -12, "West")
expect(g:next_dealer(), 4, "North deals next")

-- 15. All four let it go: a drawn hand, nothing paid, North (the first
-- offered) deals next.
g = game({ "113457m2589p369s", "1469m13459p1469s", "146m11467p23899s",
           "345678m22789p34s" }, "7s2m1p5s")
round(g, "7s", "2m", "1p")
for _, seat in ipairs { "N", "E", "S", "W" } do g:act(seat, "pass") end
expect(g:over(), true, "drawn")
expect(g:drawn(), true, "nobody won")
pay = g:payments()
expect(pay[1] == 0 and pay[2] == 0 and pay[3] == 0 and pay[4] == 0, true,
       "nothing paid")
expect(g:next_dealer(), 4, "the first offered deals")

-- 13 again, East taking: nobody wins on it, drawn, East deals next
g = game({ "113457m2589p369s", "1469m13459p1469s", "146m11467p23899s",
           "2357m2357p23578s" }, "7s2m1p4p")
round(g, "7s", "2m", "1p")
g:act("N", "pass") g:act("E", "take") g:pass()
expect(g:drawn(), true, "the 海底 shown, nobody won")
expect(g:next_dealer(), 1, "the taker deals")
print("海底: 海底炮 12 from South; 海底捞月 37 to North; drawn, North deals")
