-- The same with an endless loop: refused within the load budget.
local R = mj.extend("mcr", { id = "hang" })
R.__index.__index = function(t, k) while true do end end
R.settle = nil
return R
