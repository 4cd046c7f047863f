-- mcr_dispute.lua
-- A table argued over two questions; this script settles both, and fails
-- (with this file's line) if the engine ever answers otherwise.
--
--   hule run tests/scenarios/mcr_dispute.lua

-- 1. "234234234s is three identical chows, 一色三同顺, 24 fan!"
--    "No: read it as 222 333 444s, 一色三节高 with 三暗刻, and that is
--    more." MCR takes the reading that scores highest.
local hand = "234234234s678p55z win=5z"
local r = mj.score(hand, "mcr")
print(hand, "=>", r.total, r.line)
local has = {}
for _, f in ipairs(r.fans) do has[f.id] = true end
assert(has["一色三节高"], "the pungs reading should win")
assert(not has["一色三同顺"], "the chows reading scores less")
expect(r.total, 44, "total")   -- 24 + 16 + 2 + 1 + 1
-- the other reading, asked directly: why does 一色三同顺 not count?
print(mj.why("一色三同顺", hand, "mcr"))

-- 2. "Two players can rob my kong: do both win?" In MCR only the first
--    after the kong's owner does (截和). Play it out on a given wall.
local g = mj.game {
  ruleset = "mcr",
  hands = { "59p19m189s234567z",     -- player 1 (East) discards 5p
            "1355p28m28s34567z",     -- player 2 pungs it, later adds the fourth
            "123456789m11z46p",      -- players 3 and 4 both wait on 5p
            "123456789s22z46p" },
  draws = "7p7z6z8p5p",
}
g:act(1, "d 5p")
g:act(3, "pass") g:act(4, "pass") g:act(2, "pon")
g:act(2, "d 1p") g:pass()
g:act(3, "d 7z") g:pass()
g:act(4, "d 6z") g:pass()
g:act(1, "d 8p") g:pass()
g:act(2, "kong 5p")                  -- the added kong: 3 and 4 may rob it
assert(g:can(3, "hu") and g:can(4, "hu"))
g:act(4, "hu") g:act(3, "hu")
local w = g:winners()
expect(#w, 1, "winners")
expect(w[1], 3, "the winner")
local res = g:result(3)
print("player 3 robs the kong:", res.total, res.line)
assert(res.line:find("抢杠和"), "robbing a kong is a fan")
expect(g:payer(), 2, "who pays")
print("settled: one winner, player 3")
