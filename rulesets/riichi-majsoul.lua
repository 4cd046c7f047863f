-- riichi-majsoul.lua
-- Mahjong Soul's ranked rules (雀魂), as options over riichi. Its scoring
-- is riichi.lua's own: double yakuman for 四暗刻単騎, 国士無双十三面,
-- 純正九蓮宝燈 and 大四喜, kazoe yakuman at 13 han, no kiriage, open
-- tanyao, three red fives; the file names them so that a change of those
-- rules is one line here.
local R = mj.extend("riichi", {
  id = "riichi-majsoul",
  title = { en = "Riichi, Mahjong Soul's ranked rules",
            zh = "立直麻将，雀魂段位规则" },
  description = "Riichi as Mahjong Soul plays it: double yakuman on, kazoe "
             .. "yakuman at 13 han, kiriage off, open tanyao, three red "
             .. "fives (riichi's own defaults, named here).",
  options = { double_yakuman = true, kazoe = "yakuman", kiriage = false,
              kuitan = true, aka = 3, uma = "15-5", oka = false },
})
return R
