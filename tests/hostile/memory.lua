-- Memory without end: the cap, with the place.
local t = {}
for i = 1, 1e9 do t[i] = { i } end
return mj.ruleset { id = "memory" }
