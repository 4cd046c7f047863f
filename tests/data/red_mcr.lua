-- MCR with one red five of each suit, and riichi's dora, a point each:
-- the red fives of the notation (0m 0p 0s) and the context tokens
-- riichi, double, ippatsu, dora=, ura=, honba= read by a ruleset that
-- declares them.
local R = mj.extend("mcr", { id = "mcr-red",
  title = "MCR with red fives and dora (a test ruleset)" })
R.table.red_fives = 1
R.context = { "riichi", "double", "ippatsu", "dora=", "ura=", "honba=" }
R:fan { "赤五", en = "Red Five", points = 1,
  desc = "Each red five held, melds included.",
  example = "123m406p789s111z5z+5z",
  count = "reds", bonus = true }

-- the tile an indicator names: the next of its suit (9 to 1), the next
-- wind (N to E), the next dragon (white to red), as riichi counts them
local function after(t)
  local r, s = tonumber(t:sub(1, 1)), t:sub(2, 2)
  if s ~= "z" then return (r % 9 + 1) .. s end
  if r <= 4 then return (r % 4 + 1) .. "z" end
  return ({ [5] = "7z", [6] = "5z", [7] = "6z" })[r]
end

R:fan { "宝牌", en = "Dora", points = 1,
  desc = "Each tile a dora indicator names (ura-dora too, for riichi).",
  example = "123m456p789s111z5z+5z dora=4z",
  bonus = true,
  test = function(v)
    local n = 0
    for _, list in ipairs { v.dora, v.ura } do
      for _, ind in ipairs(list) do n = n + (v.tiles[after(ind)] or 0) end
    end
    return n
  end }
return R
