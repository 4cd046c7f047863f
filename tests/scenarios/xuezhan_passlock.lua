-- xuezhan_passlock.lua
-- 血战到底, RULES-xuezhan.md flow scenario 11 (过手胡): South passes a
-- win on East's 3m; West pungs it and discards 6m, another of South's
-- waits: South may not win on it (no discard win until his next draw).
-- South draws, plays; North discards 6m: now South may win.
--
--   hule run tests/scenarios/xuezhan_passlock.lua

mj.load("xuezhan", "huansanzhang=false")
local g = mj.game {
  ruleset = "xuezhan",
  hands = { "3m112233445578p",    -- East deals (que s)
            "45m111234789s55s",   -- South waits on 3m and 6m (que p)
            "1223366789m266s",    -- West (que p)
            "1699m234567889s" },  -- North (que p)
  draws = "9p9p6p6p6p4m",
}
g:act("E", "que s") g:act("S", "que p") g:act("W", "que p")
g:act("N", "que p")
g:act("E", "d 3m")
assert(g:can("S", "hu"), "South could win on 3m")
g:act("S", "pass")
g:act("W", "pon 3m") g:pass()
g:act("W", "d 6m")
assert(not g:can("S", "hu"), "过手胡: no win on a discard before his draw")
g:pass()
g:act("N", "d 9p") g:pass()
g:act("E", "d 6p") g:pass()
expect(g:last_draw(), "6p", "South draws: the lock ends")
g:act("S", "d 6p") g:pass()
g:act("W", "d 6p") g:pass()
g:act("N", "d 6m")
assert(g:can("S", "hu"), "after his draw South may win on a discard again")
g:act("S", "hu")
local l = g:ledger()
expect(l[1].payer, 4, "North pays") expect(l[1].payee, 2, "South")
print("过手胡: South, having passed 3m, could not win on 6m until he drew")
