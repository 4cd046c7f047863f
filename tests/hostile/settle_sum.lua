local R = mj.extend("xuezhan", { id = "settle_sum" })
R.settle = function(w)
  return { 1, 0, 0, 0 }
end
return R
