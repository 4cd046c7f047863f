-- The largest nets the bound allows, every hand: a simulation's sums of
-- them (and of their squares) must stay exact.
local R = mj.extend("mcr", { id = "money_big" })
R.on_start = function(g)
  for i = 1, 999 do g:pay(1, 2, 1000000, "tribute") end
end
return R
