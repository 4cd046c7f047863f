local R = mj.extend("mcr", { id = "returns_table" })
R:fan { "Odd", points = 1, test = function(v) return {} end }
return R
