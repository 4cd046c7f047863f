-- A ruleset that requires itself.
local x = require("selfreq")
return mj.ruleset { id = "selfreq" }
