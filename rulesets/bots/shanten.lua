-- shanten.lua: a bot in Lua, the worked example of "--bots lua:FILE".
-- It wins whenever it can, passes claims, and discards the tile that
-- leaves its hand closest to ready (then with the most useful tiles),
-- preferring, between equals, a tile others have thrown (it is safer).
-- The file returns choose(view, legal): view is what this seat may know,
-- legal the actions as text ("d 5m", "pon", "hu", "pass" ...); choose
-- returns one of them, or its index. `bot` holds the analysis.

-- How many of tile t the others have thrown (a rough safety).
local function thrown(view, t)
  local n = 0
  for seat, p in ipairs(view.players) do
    if seat ~= view.seat then
      for _, d in ipairs(p.discards) do
        if d == t then n = n + 1 end
      end
    end
  end
  return n
end

-- The suit held least, for 定缺.
local function fewest(hand)
  local best, fewest_n = "m", math.huge
  for _, s in ipairs { "m", "p", "s" } do
    local n = 0
    for digits in hand:gmatch("(%d+)" .. s) do n = n + #digits end
    if n < fewest_n then best, fewest_n = s, n end
  end
  return best
end

return function(view, legal)
  for _, a in ipairs(legal) do
    if a == "hu" then return a end
  end
  if view.phase == "que" then return "que " .. fewest(view.hand) end
  if view.phase ~= "turn" then
    for _, a in ipairs(legal) do
      if a == "pass" then return a end
    end
    return 1
  end
  local best, choice = nil, 1
  for i, a in ipairs(legal) do
    local t = a:match("^d (%w%w)$")
    if t then
      local useful, shanten = bot.useful(bot.without(view.hand, t))
      local value = -1000 * shanten + 10 * #useful // 2 + thrown(view, t)
      if best == nil or value > best then best, choice = value, i end
    end
  end
  return choice
end
