-- settle_fans.lua: MCR paid by what counted (tests/scenarios/settle_fans.lua):
-- 清一色 doubles; the fans' values must add up to the points.
local R = mj.extend("mcr", { id = "settle_fans" })
R.settle = function(w)
  local sum = 0
  for _, f in ipairs(w.fans) do
    assert(w.fans[f.id] == f, "each fan also under its id")
    sum = sum + f.value
  end
  assert(sum == w.points, "the fans add up to the points")
  local each = w.points * (w.fans["清一色"] and 2 or 1)
  local pay = { 0, 0, 0, 0 }
  for p = 1, 4 do
    if p ~= w.winner and (w.self or p == w.payer) then
      pay[p] = -each; pay[w.winner] = pay[w.winner] + each
    end
  end
  return pay
end
return R
