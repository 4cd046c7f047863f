-- xueliu.lua
-- 血流成河 ("the blood flows on"), 血战到底's sister game: nobody leaves
-- after a win. The winner sets the winning tile aside, keeps his hand as
-- it won, throws every tile he draws unless it wins again, and may win
-- again on anyone's discard; the hand ends only when the wall does. 查叫
-- at the end is for those who never won. Everything else is 血战.

local R = mj.extend("xuezhan", {
  id = "xueliu",
  title = { en = "血流成河 (Sichuan: the hand flows on after every win)",
            zh = "血流成河（四川：和牌后继续）" },
  description = "血战到底 where winners stay and win again until the "
             .. "wall ends.",
})
R.table.after_win = "stay"
return R
