-- settle_kaigang.lua
-- 长沙 whose settlement checks what it is told of the win: w.kaigang on a
-- tile an open kong turned up (杠上开花, 杠上炮), w.wall_last on the
-- wall's last, and w.states the birds on each seat (for the scenario
-- tests/scenarios/changsha_kaigang.lua).
local R = mj.extend("changsha", { id = "settle-kaigang" })
local base = R.settle
R.settle = function(w)
  local on_open = w.fans["杠上开花"] ~= nil or w.fans["杠上炮"] ~= nil
  if w.kaigang ~= on_open then
    error("w.kaigang is " .. tostring(w.kaigang) .. " for " .. w.total)
  end
  local seabed = w.fans["海底捞月"] ~= nil or w.fans["海底炮"] ~= nil
  if w.wall_last ~= seabed then error("w.wall_last is wrong") end
  if type(w.states[w.winner].niao) ~= "number" then error("no w.states") end
  return base(w)
end
return R
