-- A fan name that would clear the screen and set the window title.
local R = mj.extend("mcr", { id = "escape_name" })
R:fan { "Clear\27[2J\27]0;pwned\7", points = 1, melds = { pung(WINDS) } }
return R
