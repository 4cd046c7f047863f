local R = mj.extend("mcr", { id = "badsettle" })
R.settle = function(w) error("no money") end
return R
