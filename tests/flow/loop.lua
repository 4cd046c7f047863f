-- A hook that never ends: stopped by the instruction budget, at its line.
local R = mj.extend("xuezhan", { id = "loop" })
R.on_kong = function(g, k) while true do end end
return R
