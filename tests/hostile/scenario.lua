-- Someone else's scenario: it plays a game, then reaches for the files.
local g = mj.game { ruleset = "mcr", seed = 3 }
g:play { "efficiency", "efficiency", "efficiency", "efficiency" }
print("played", #g:winners())
local f = io.open("pwned", "w")
f:write("x")
