-- riichi-sanma-majsoul.lua
-- Three-player riichi as Mahjong Soul plays it (RULES-sanma.md): the
-- same table as riichi-sanma, but no tsumo loss: a self-draw's absent
-- share is split between the two payers, each half rounded up to 100.
local R = mj.extend("riichi-sanma", {
  id = "riichi-sanma-majsoul",
  title = { en = "Three-player riichi, Mahjong Soul's rules",
            zh = "三人立直麻将，雀魂规则" },
  description = "Sanma as Mahjong Soul plays it: riichi-sanma's table "
             .. "without tsumo loss (the absent player's share of a "
             .. "self-draw is split between the two who pay).",
})
R.parts.self_split = 1
return R
