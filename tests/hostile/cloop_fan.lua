-- A fan test that loops inside table.move: its 10 million steps end it.
local R = mj.extend("mcr", { id = "cloop_fan" })
R:fan { "Mover", points = 1, test = function(v)
  table.move({}, 1, 1e15, 1)
  return false
end }
return R
