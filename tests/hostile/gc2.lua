local R = mj.extend("mcr", { id = "gc2" })
R.__index.__gc = function() while true do end end
return R
