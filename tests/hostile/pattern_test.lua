-- A pattern that backtracks for minutes, inside a fan's test.
local R = mj.extend("mcr", { id = "pattern_test" })
R:fan { "Slow", points = 1,
  test = function(v) return string.rep('a', 3e4):find('.-.-.-.-b') ~= nil end }
return R
