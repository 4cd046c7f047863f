local R = mj.extend("mcr", { id = "house" })
R:points("自摸", { points = 4 })
return R
