-- A loop inside a C library call: no Lua instruction runs, nothing is
-- allocated. It must still meet the load's budget.
table.move({}, 1, 1e15, 1)
return mj.ruleset { id = "cloop_move" }
