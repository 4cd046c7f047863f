-- pcall does not swallow a budget error.
local ok = pcall(function() while true do end end)
return mj.ruleset { id = "pcall_budget" }
