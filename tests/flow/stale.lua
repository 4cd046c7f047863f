-- A hook keeps the game handle and uses it in a later hook: refused.
local R = mj.extend("xuezhan")
R.id = "stale"
local kept
local kong = R.on_kong
R.on_kong = function(g, k) kept = g; kong(g, k) end
R.on_end = function(g)
  if kept then kept:pay(1, 2, 1, "stale") end
end
return R
