local R = mj.extend("mcr", { id = "house" })
R:fan { "x" 
return R
