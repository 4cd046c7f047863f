-- riichi-sanma.lua
-- Three-player riichi (三人麻雀, 三麻) as Tenhou plays it
-- (RULES-sanma.md), over riichi: a wall of 108 without 2m-8m, three
-- seats E S W, no chi, the North set aside (北抜き) for a dora and a
-- tile from the dead wall, a self-draw paid by the two others only
-- (ツモ損), 2000 at an exhaustive draw, 35000 to start and 40000 to
-- return. Everything here is the table's rules, a declaration and a few
-- hooks: nothing of it is a branch in the core.
local R = mj.extend("riichi", {
  id = "riichi-sanma",
  title = { en = "Three-player riichi (sanma)",
            zh = "三人立直麻将（三麻）" },
  version = "1.0",
  description = "Sanma as Tenhou plays it: 108 tiles (no 2m-8m), three "
      .. "players, no chi, North set aside for a dora (北抜き) and a "
      .. "replacement tile, tsumo loss, two red fives (0p 0s), 35000 to "
      .. "start, placement from 40000 with +15/0/-15 uma (oka to the "
      .. "first), a West round until someone has 40000. Options as "
      .. "riichi's (abortive = false: no abortive draw; uma = \"0\": "
      .. "no uma; aka = 0: no red fives).",
  source = "RULES-sanma.md",
  options = { aka = 2, west = true },
  context_words = {
    { "kita", max = 4,
      desc = { en = "kita=N: Norths set aside (北抜き), a dora each",
               zh = "kita=N：拔出的北（北抜き），每张一番宝牌" } },
  },
  table = {
    players = 3, tiles = 108, kinds = "19m123456789p123456789s1234567z",
    chow = false, start_score = 35000,
    -- after 1m the dora is 9m, after 9m it is 1m
    cycles = { "19m", "123456789p", "123456789s", "1234z", "765z" },
  },
})

local opt = R.opt
if opt.aka == 3 then
  error("riichi-sanma: aka is 2 (0p and 0s: the wall has no 5m) or 0", 0)
end
R.table.uma = opt.uma == "0" and { 0, 0, 0 } or { 15, 0, -15 }
R.table.return_score = opt.oka and 40000 or R.table.start_score
R.table.target = opt.west and 40000 or 0

-- 北抜き: in one's turn a North is set aside face up, a tile drawn from
-- the dead wall for it; another may win on it (no 搶槓), else it counts
-- a dora for its owner's win (the context word kita=N). The riichi and
-- 九種九牌 of riichi stay.
local decls = {}
for _, d in ipairs(R.declarations) do decls[#decls + 1] = d end
decls[#decls + 1] = { "kita", label = { en = "北抜き kita", zh = "拔北" },
                      when = "turn", aside = "4z", word = "kita" }
R.declarations = decls

R:fan { "抜きドラ", en = "Kita", han = 1, bonus = true,
  aliases = { "北抜き", "nukidora", "kita", "north dora" },
  desc = { en = "Each North set aside (北抜き): a dora, not a yaku.",
           zh = "每张拔出的北（北抜き）：一番宝牌，不算役。" },
  example = "123p22567p234567s win=7s riichi seat=S kita=2",
  count = "kita" }

-- 三色同順 needs a chow of each suit: without 2m-8m there is none in
-- manzu, so no hand has it.
R:remove("三色同順")

-- The examples of riichi written with the tiles this wall holds.
local EXAMPLES = {
  ["立直"] = "123p22567p234567s win=7s riichi seat=S",
  ["一発"] = "123p22567p234567s win=7s riichi ippatsu seat=S",
  ["門前清自摸和"] = "123p22567p234567s win=7s self seat=S",
  ["平和"] = "123p22567p234567s win=7s seat=S",
  ["断幺九"] = "234p22567p234567s win=7s seat=S",
  ["一盃口"] = "112233s567p23499s win=4s seat=S",
  ["役牌白"] = "123p456p78s99s[777z]+9s seat=S",
  ["役牌發"] = "123p456p78s99s[666z]+9s seat=S",
  ["役牌中"] = "123p456p78s99s[555z]+9s seat=S",
  ["自風"] = "123p456p78s99s[222z]+9s seat=S round=E",
  ["場風"] = "123p456p78s99s[111z]+9s seat=S round=E",
  ["嶺上開花"] = "123p456p78s99s[2222z]+9s self kong seat=S",
  ["槍槓"] = "123p456p78s11s[222z]+9s rob seat=S",
  ["海底摸月"] = "123p456p78s99s[222z]+9s self wall-last seat=S",
  ["河底撈魚"] = "123p456p78s99s[222z]+9s wall-last seat=S",
  ["ダブル立直"] = "123p22567p234567s win=7s double seat=S",
  ["一気通貫"] = "123456789p2s[777z]+2s seat=S",
  ["混全帯幺九"] = "123p789p99s[999m]11z+1z seat=S",
  ["七対子"] = "1199m5577p2288s66z win=6z seat=S",
  ["対々和"] = "111m888p5s[333z][444s]+5s seat=S",
  ["三暗刻"] = "111m888p444s5s[777z]+5s self seat=S",
  ["三色同刻"] = "111m111p11s[777z]99s+1s seat=S",
  ["三槓子"] = "789p5p[1111m][3333p][4444s]+5p seat=S",
  ["小三元"] = "123p456p5z[666z][777z]+5z seat=S",
  ["二盃口"] = "112233s556677p99p win=9p seat=S",
  ["純全帯幺九"] = "123s789p99s[999m]11p+1p seat=S",
  ["混一色"] = "123456p789p1z[555z]+1z seat=S",
  ["天和"] = "123p22567p234567s win=7s self first seat=E",
  ["地和"] = "123p22567p234567s win=7s self first seat=S",
  ["大三元"] = "123p9p[555z][666z][777z]+9p seat=S",
  ["小四喜"] = "123p4z[111z][222z][333z]+4z seat=S",
  ["九蓮宝燈"] = "1112345678899p+9p seat=S",
  ["純正九蓮宝燈"] = "1112345678999p+5p seat=S",
  ["四槓子"] = "5p[1111m][2222p][3333s][4444z]+5p seat=S",
  ["ドラ"] = "123p22567p234567s win=7s riichi seat=S dora=1p",
  ["赤ドラ"] = "123p22067p234567s win=7s riichi seat=S",
  ["裏ドラ"] = "123p22567p234567s win=7s riichi seat=S ura=1p",
}
for name, example in pairs(EXAMPLES) do R:get(name).example = example end

return R
