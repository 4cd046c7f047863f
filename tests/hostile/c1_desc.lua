-- A C1 control (CSI, U+009B) in a description, written as UTF-8.
return mj.ruleset { id = "c1_desc", description = "fine \u{9b}2J not fine" }
