-- The sandbox has no way out: each name below is absent (reading it is
-- an error), require finds only rulesets, and nothing reaches a file.
for _, name in ipairs { "io", "os", "load", "loadfile", "dofile", "debug", "package",
                        "getmetatable", "setmetatable", "rawset", "rawget",
                        "collectgarbage", "coroutine", "print", "xpcall" } do
  assert(not pcall(function() return _ENV[name] end), name .. " is reachable")
end
assert(not pcall(require, "../../etc/passwd"), "require left the ruleset directories")
assert(string.dump == nil and ("").dump == nil, "string.dump is reachable")
assert(math.random == nil, "math.random is reachable")
return mj.extend("mcr", { id = "escape" })
