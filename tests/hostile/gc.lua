-- Finalizers through shared metatables: none can be set.
local R = mj.extend("mcr", { id = "gc" })
HONORS.__gc = function() while true do end end
return R
