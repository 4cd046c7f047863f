-- A method of the builder replaced for everyone: the method table is
-- out of reach; R.fan is the ruleset's own field.
local R = mj.extend("mcr", { id = "shared_method" })
R.fan = function() end
mj.tiles = function() end
return R
