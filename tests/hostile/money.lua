-- A flow hook that pays a million, thousands of times: the scores would
-- wrap a 32-bit sum. It must stop at the bound with this file's line.
local R = mj.extend("mcr", { id = "money" })
R.on_draw = function(g, ev)
  for i = 1, 3000 do g:pay(1, 2, 1000000, "tribute") end
end
return R
