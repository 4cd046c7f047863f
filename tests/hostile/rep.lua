local s = string.rep("x", 1e10)
return mj.ruleset { id = "rep" }
