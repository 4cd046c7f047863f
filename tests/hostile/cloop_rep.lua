-- string.rep of nothing a quadrillion times, again and again.
local n = 0
for i = 1, 1e12 do n = n + #string.rep("", 1e15) + #("x"):rep(0) end
return mj.ruleset { id = "cloop_rep" }
