-- MCR with one red five of each suit, worth a point each: the red fives
-- of the notation (0m 0p 0s) counted by a ruleset that declares them.
local R = mj.extend("mcr", { id = "mcr-red",
  title = "MCR with red fives (a test ruleset)" })
R.table.red_fives = 1
R:fan { "赤五", en = "Red Five", points = 1,
  desc = "Each red five held, melds included.",
  example = "123m406p789s111z5z+5z",
  count = "reds", bonus = true }
return R
