-- A line break in a state's label would break the table's rows.
local R = mj.extend("mcr", { id = "newline_label" })
R.state = { { "marked", label = "mark\nForged row", flag = true } }
return R
