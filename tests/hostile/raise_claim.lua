-- A fan's test that fails only on a win on another's discard: the first
-- to meet it is the game's own question at the discard (may anyone win
-- on it?), asked without an error record; the fault must still carry
-- this file's line.
local R = mj.extend("mcr", { id = "raise_claim" })
R:fan { "Boom", points = 1, test = function(v)
  if not v.self then error("boom on a discard") end
  return false
end }
return R
