-- Each instruction a long C operation (a 15 MB string comparison): the
-- clock must end the test near its 5 s, not after thousands of them.
local R = mj.extend("mcr", { id = "cloop_compare" })
R:fan { "Comparer", points = 1, test = function(v)
  local a, b = ("x"):rep(15e6), ("x"):rep(15e6)
  local n = 0
  for k = 1, 1e12 do if a <= b then n = n + 1 end end
  return n < 0
end }
return R
