-- A settlement that returns a text, then one that is not zero-sum.
local R = mj.extend("xuezhan", { id = "settle_type" })
R.settle = function(w)
  return w.total > 0 and "twelve" or { 1, 0, 0, 0 }
end
return R
