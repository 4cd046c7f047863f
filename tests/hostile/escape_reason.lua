-- A payment whose reason holds an escape sequence.
local R = mj.extend("mcr", { id = "escape_reason" })
R.on_start = function(g) g:pay(1, 2, 1, "kong\27[2J") end
return R
