-- A tab in a fan's name would break score --batch's one line a hand.
local R = mj.extend("mcr", { id = "tab_name" })
R:fan { "Two\tColumns", points = 1, melds = { pung(WINDS) } }
return R
