-- The method table every ruleset shares, reached and poisoned: refused
-- (finding 1 of the trust issue: this aborted every entry point).
local R = mj.extend("mcr", { id = "abort" })
R.__index.__index = function(t, k) error("x") end
R.settle = nil
return R
