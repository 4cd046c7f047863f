-- Every function a sandboxed script can reach, with its verdict on the
-- file system. Run trusted ("list"), it checks that this table names
-- exactly the functions there are (a new one must be judged here); run
-- with --sandbox ("attack"), it calls each with paths for arguments, and
-- each writer must be refused. The shell then checks that no file named
-- pwned* appeared.
local verdict = {
  -- the engine: computes from its arguments, touches no file
  ["mj.parse"] = "pure", ["mj.shanten"] = "pure", ["mj.waits"] = "pure",
  ["mj.useful"] = "pure", ["mj.score"] = "pure", ["mj.explain"] = "pure",
  ["mj.why"] = "pure", ["mj.fans"] = "pure", ["mj.rulesets"] = "pure",
  ["mj.use"] = "pure", ["mj.game"] = "pure",
  -- reads rulesets by id from the ruleset directories, never a path
  ["mj.load"] = "ids only",
  -- the ruleset language
  ["mj.ruleset"] = "pure", ["mj.extend"] = "pure", ["mj.tiles"] = "pure",
  ["mj.ranks"] = "pure", ["mj.chow"] = "pure", ["mj.pung"] = "pure",
  ["mj.pair"] = "pure", ["mj.meld"] = "pure", ["mj.isset"] = "pure",
  ["mj.ismember"] = "pure", ["mj.win_payments"] = "pure",
  ["mj.pay_kongs"] = "pure", ["mj.won"] = "pure",
  -- a game's methods: its state; save is the one writer
  ["game:save"] = "refused",
}
for _, m in ipairs { "act", "active", "aside", "can", "dealer", "dice", "discards",
    "drawn", "event", "events", "flowers", "hand", "honba", "indicator", "last_draw", "ledger", "legal",
    "log", "missing", "nevents", "next_dealer", "over", "pass", "payer", "payments", "players", "pot",
    "phase", "play", "result", "scores", "state", "step", "swap_to", "try",
    "turn", "wall_left", "wild", "winners", "wins" } do
  verdict["game:" .. m] = "pure"
end
for _, m in ipairs { "count", "shanten", "tiles", "useful", "waits", "win" } do
  verdict["hand:" .. m] = "pure"
end

local mode = ...
if mode == "list" then
  local seen = {}
  local function judge(name)
    seen[name] = true
    assert(verdict[name], name .. " has no verdict in sandbox_api.lua")
  end
  for k, v in pairs(mj) do
    if type(v) == "function" then judge("mj." .. k) end
  end
  local g = mj.game { ruleset = "mcr", seed = 1 }
  for k in pairs(getmetatable(g).__index) do judge("game:" .. k) end
  for k in pairs(getmetatable(mj.parse("123m456p789s11122z")).__index) do
    judge("hand:" .. k)
  end
  for name in pairs(verdict) do
    assert(seen[name], name .. " is judged but is not there")
  end
  print("listed", #(function() local t = {} for k in pairs(seen) do t[#t + 1] = k end return t end)())
  return
end

-- attack: every function, with paths where a path could go
local paths = { "pwned-1", "./pwned-2", "/tmp/../" .. "pwned-3" }
local refused = 0
local function try(name, f, ...)
  local ok, err = pcall(f, ...)
  if verdict[name] == "refused" then
    assert(not ok and tostring(err):find("cannot write files", 1, true),
           name .. " was not refused: " .. tostring(err))
    refused = refused + 1
  end
end
for name in pairs(verdict) do
  local kind, fn = name:match("^(%a+)[.:](.+)$")
  for _, p in ipairs(paths) do
    if kind == "mj" then
      try(name, mj[fn], p, p, p)
      try(name, mj[fn], { ruleset = p, seed = 1, log = p, out = p }, p)
    elseif kind == "game" then
      local g = mj.game { ruleset = "mcr", seed = 1 }
      try(name, g[fn], g, p, p, p)
    else
      local h = mj.parse("123m456p789s11122z")
      try(name, h[fn], h, p, p)
    end
  end
end
print("refused", refused)
