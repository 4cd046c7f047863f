-- A fan test built of long C calls: a million-item sort, again and again.
local R = mj.extend("mcr", { id = "cloop_sort" })
R:fan { "Sorter", points = 1, test = function(v)
  local big = {}
  for i = 1, 1000000 do big[i] = -i end
  for k = 1, 1e9 do table.sort(big) end
  return false
end }
return R
