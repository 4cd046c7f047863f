-- tournament.lua
-- A small bot tournament: two efficiency bots against two random bots
-- over many hands of a ruleset; prints the table and checks that
-- efficiency wins clearly more.
--
--   hule run tests/scenarios/tournament.lua [RULESET] [HANDS]

local ruleset = arg[1] or "mcr"
local hands = tonumber(arg[2] or "400")
local kinds = { "efficiency", "random", "efficiency", "random" }
local wins, net = { 0, 0, 0, 0 }, { 0, 0, 0, 0 }
local drawn = 0
for i = 1, hands do
  -- seats rotate so that no bot always deals
  local g = mj.game { ruleset = ruleset, seed = i, dealer = (i - 1) % 4 + 1 }
  g:play(kinds)
  for _, p in ipairs(g:winners()) do wins[p] = wins[p] + 1 end
  if g:drawn() then drawn = drawn + 1 end
  local pay = g:payments()
  for p = 1, 4 do net[p] = net[p] + pay[p] end
  -- the payments are the ledger's sum
  local sum = { 0, 0, 0, 0 }
  for _, e in ipairs(g:ledger()) do
    assert(e.amount > 0 and e.payer ~= e.payee and e.reason == "win")
    sum[e.payer] = sum[e.payer] - e.amount
    sum[e.payee] = sum[e.payee] + e.amount
  end
  for p = 1, 4 do assert(sum[p] == pay[p], "the ledger sums to the payments") end
end
print(string.format("%s, %d hands (%d drawn)", ruleset, hands, drawn))
print("seat  bot          wins   net")
for p = 1, 4 do
  print(string.format("%-5d %-11s %5d %6d", p, kinds[p], wins[p], net[p]))
end
local eff = wins[1] + wins[3]
local rnd = wins[2] + wins[4]
assert(eff > 3 * rnd, "efficiency should win far more than random")
assert(net[1] + net[2] + net[3] + net[4] == 0, "payments sum to zero")
