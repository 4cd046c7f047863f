local R = mj.extend("mcr", { id = "raise" })
R:fan { "Boom", points = 1, test = function(v) error("boom") end }
return R
