-- The sandbox has no way out.
assert(io == nil and os == nil and load == nil and require ~= nil)
assert(getmetatable == nil and setmetatable == nil and rawset == nil)
assert(debug == nil and collectgarbage == nil and dofile == nil)
local ok = pcall(require, "../../etc/passwd")
assert(not ok)
return mj.extend("mcr", { id = "escape" })
