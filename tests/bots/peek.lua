-- A bot that looks for what it must not see: the others' concealed
-- tiles, their concealed kongs, the wall, the files. Any of them there
-- is an error, which the sim reports; it plays like the example bot.
local me
return function(view, legal)
  me = me or view.seat
  assert(view.seat == me, "a bot keeps its seat")
  assert(type(view.hand) == "string" and #view.hand > 0, "its own hand")
  for q, p in ipairs(view.players) do
    if q ~= view.seat then
      for k in pairs(p) do
        assert(k == "score" or k == "tiles" or k == "melds" or
               k == "discards" or k == "missing" or k == "active",
               "seat " .. q .. " shows '" .. k .. "'")
      end
      for _, m in ipairs(p.melds) do
        assert(m:sub(1, 1) ~= "{" or m == "{concealed kong}",
               "another's concealed kong shows its tile: " .. m)
      end
    end
  end
  for _, k in ipairs { "io", "os", "debug", "load", "dofile", "collectgarbage" } do
    local ok, v = pcall(function() return _ENV[k] end)
    assert(not ok or v == nil, k .. " is reachable")
  end
  assert(view.wall_tiles == nil and view.wall_order == nil, "the wall shows")
  for _, a in ipairs(legal) do
    if a == "hu" then return a end
  end
  return #legal
end
