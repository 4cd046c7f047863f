-- A test that keeps what it allocates: the state fills up, and the next
-- call cannot even build its view. An error, never an abort.
local R = mj.extend("mcr", { id = "hoard" })
local kept = {}
R:fan { "Hoard", points = 1,
  test = function(v)
    for i = 1, 1e7 do kept[#kept + 1] = { i, i, i } end
    return false
  end }
return R
