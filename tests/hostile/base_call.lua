-- An error inside the base ruleset's code, called wrongly from here.
local R = mj.extend("xuezhan", { id = "base_call" })
local base = R.settle
R.settle = function(w) local p = base(nil) return p end
return R
