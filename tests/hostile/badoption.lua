local R = mj.ruleset { id = "badoption",
  options = { flag = { default = false, desc = "a flag" } } }
R:fan { "Any", points = 1, shape = "standard" }
return R
