-- A pattern that backtracks for minutes, at load time.
local x = string.rep('a', 3e4):find('.-.-.-.-b')
return mj.ruleset { id = "pattern_load" }
