local R = mj.extend("mcr", { id = "loop" })
R:fan { "Loop", points = 1, test = function(v) while true do end end }
return R
