-- string.dump through the string metatable.
local d = ("").dump
assert(d == nil, "string.dump is reachable")
local ok = pcall(function() return ("x"):dump() end)
assert(not ok, "dump ran")
return mj.extend("mcr", { id = "dump" })
