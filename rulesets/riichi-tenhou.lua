-- riichi-tenhou.lua
-- Tenhou's ranked rules (天鳳), as options over riichi. What differs from
-- riichi.lua: a double yakuman (四暗刻単騎, 国士無双十三面, 純正九蓮宝燈,
-- 大四喜) counts as one yakuman; a West round (西入) when nobody has
-- 30000 after South 4, and agari-yame; Tenhou's spellings of the yaku
-- are aliases (両立直, 国士無双１３面).
local R = mj.extend("riichi", {
  id = "riichi-tenhou",
  title = { en = "Riichi, Tenhou's ranked rules",
            zh = "立直麻将，天凤段位规则" },
  description = "Riichi as Tenhou plays it: double yakuman count single "
             .. "(四暗刻単騎, 国士無双十三面, 純正九蓮宝燈, 大四喜 are one "
             .. "yakuman each); open tanyao, red fives, kazoe yakuman, no "
             .. "kiriage, as riichi; a West round after South 4 until "
             .. "someone has 30000, and the last hand's dealer winning "
             .. "while first ends the match.",
  options = { double_yakuman = false, west = true, agari_yame = true,
              uma = "20-10", oka = true },
})
return R
