-- Hooks that misuse the ledger and the states, one way per option "case":
-- each is an error with this file's line, and the hand stops there.
local R = mj.extend("xuezhan", { id = "misuse" })
R:set { options = { case = { default = "seat", desc = "which misuse" } } }
local c = R.opt.case
R.on_end = function(g)
  if c == "seat" then g:pay(1, 5, 1, "x")              -- line 7
  elseif c == "self" then g:pay(2, 2, 1, "x")
  elseif c == "amount" then g:pay(1, 2, 0, "x")
  elseif c == "reason" then g:pay(1, 2, 1, "")
  elseif c == "entry" then g:transfer(999, 2)
  elseif c == "twice" then
    local i = g:pay(1, 2, 1, "x")
    g:refund(i)
    g:refund(i)
  elseif c == "many" then
    for k = 1, 20 do g:pay(1, 2, 1, "r" .. k) end
  elseif c == "nostate" then g:set(1, "chance", 1)     -- line 18
  elseif c == "big" then g:set(1, "luck", 40000)       -- line 19
  elseif c == "tile" then g:is_wild("10m")             -- line 20
  elseif c == "notheld" then g:wild_single(1, "1z")    -- line 21
  elseif c == "turned" then g:turned_for(9, 1)         -- line 22
  elseif c == "each" then g:pay_each(2, -3, "x")       -- line 23
  end
end
R.state = { { "luck" } }
return R
