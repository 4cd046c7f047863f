local R = mj.ruleset { id = "mini", scoring = "sum", shapes = { "standard", "seven_pairs" } }
R:fan { "清一色", points = 24, none = HONORS, suits = 1, excludes = { "自摸" } }
R:fan { "一色三步高", points = 16, melds = { chow"a", chow"a+1", chow"a+2" }, same_suit = true }
R:fan { "自摸", points = 1, self = true }
R:fan { "t", points = 1, test = function(v) return true end }
return R
