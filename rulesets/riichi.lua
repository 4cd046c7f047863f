-- riichi.lua
-- Japanese riichi mahjong, the common online rules (RULES-riichi.md): han
-- from yaku and dora, fu from the hand's parts, limits, limit hands
-- (役満) that add up, and payments rounded up to 100. The ids are the
-- kanji the reference scorer prints; English, romaji, kana and Tenhou's
-- spellings are aliases. Where tables differ, an option says so.

local R = mj.ruleset {
  id = "riichi",
  title = { en = "Japanese riichi mahjong",
            zh = "日本立直麻将" },
  version = "1.0",
  description = "Riichi (リーチ麻雀): a yaku required, han and fu, dora, "
      .. "red fives, limits from mangan to yakuman. Open tanyao, kazoe "
      .. "yakuman at 13 han, double yakuman on, kiriage off, renhou off.",
  source = "RULES-riichi.md",
  shapes = { "standard", "seven_pairs", "thirteen_orphans" },
  wait_shapes = { "standard", "seven_pairs", "thirteen_orphans" },
  pair_quads = false,                  -- 七対子: seven different pairs
  scoring = "parts",
  options = {
    aka = { default = 3, choices = { 3, 2, 0 },
            desc = "red fives, a dora each: 3 (one 0m, 0p and 0s), 2 (one "
                .. "0p and one 0s: three-player riichi, whose wall has no "
                .. "5m) or 0" },
    kuitan = { default = true,
               desc = "open tanyao: 断幺九 counts with claimed melds" },
    double_yakuman = { default = true,
               desc = "四暗刻単騎, 国士無双十三面, 純正九蓮宝燈 and 大四喜 "
                   .. "are double yakuman (false: single)" },
    kazoe = { default = "yakuman", choices = { "yakuman", "sanbaiman" },
              desc = "13 han or more: a yakuman (kazoe) or sanbaiman" },
    kiriage = { default = false,
                desc = "kiriage mangan: 4 han 30 fu and 3 han 60 fu are "
                    .. "mangan" },
    length = { default = "south", choices = { "south", "east" },
               desc = "the match: East and South rounds, or East only" },
    tobi = { default = true,
             desc = "a player below 0 points ends the match" },
    west = { default = false,
             desc = "after South 4, a West round until someone has "
                 .. "30000 (Tenhou)" },
    agari_yame = { default = false,
                   desc = "the last hand's dealer winning while first "
                       .. "(with 30000) ends the match" },
    uma = { default = "20-10", choices = { "20-10", "15-5", "30-10", "10-5",
                                           "0" },
            desc = "a match's placement (uma), in thousands: 20-10 adds "
                .. "+20/+10/-10/-20 to the places first to last (Tenhou), "
                .. "15-5 +15/+5/-5/-15 (Mahjong Soul); 0: none" },
    oka = { default = true,
            desc = "placement counts each score from 30000 and the first "
                .. "takes the 20000 the table is short (oka, Tenhou); "
                .. "false: from the start score (Mahjong Soul)" },
    kuikae = { default = false,
               desc = "swap calling (食い替え): after a chi or pon, "
                   .. "discard the called tile or, of a chi, the tile at "
                   .. "its other end (false: forbidden, as on Tenhou and "
                   .. "Mahjong Soul)" },
    headbump = { default = false,
                 desc = "a discard won by several: the first in turn from "
                     .. "the discarder only (false: double ron pays each)" },
    triple_ron = { default = "draw", choices = { "draw", "all" },
                   desc = "three win on one discard: an abortive draw "
                       .. "(三家和) or all three win" },
    abortive = { default = true,
                 desc = "the abortive draws: 九種九牌, 四風連打, 四槓散了, "
                     .. "四家立直" },
    nagashi = { default = true,
                desc = "流し満貫 at an exhaustive draw: discards all "
                    .. "terminals and honors, none claimed, paid a mangan "
                    .. "self-draw" },
  },
  context = { "riichi", "double", "ippatsu", "dora=", "ura=", "honba=" },
  exclusive = { "wall-last", "kong", "rob" },
  refuse = { { "riichi", "open" }, { "double", "open" },
             { "first", "riichi" }, { "first", "double" },
             { "first", "!self" }, { "rob", "self" },
             { "ippatsu", "kong" } },
  -- riichi and its kin, each feeding its context token to the wins
  state = {
    { "riichi", label = "立直", flag = true, token = "riichi" },
    { "double", label = "ダブル立直", flag = true, token = "double" },
    { "ippatsu", flag = true, token = "ippatsu", turn = true, call = true },
    -- the kongs each has made (四槓散了), and the fourth's discard due
    { "kongs" },
    { "kong4", flag = true },
  },
  -- riichi is declared with a discard that leaves a concealed hand ready,
  -- by a player with 1000 points, 4 tiles or more still to draw; the
  -- hand is then fixed
  declarations = {
    { "riichi", label = { en = "立直 riichi", zh = "立直" }, when = "discard",
      concealed = true,
      ready = true, fix = true, min_score = 1000, min_wall = 4 },
    -- on one's first draw, no call before, nine kinds or more of
    -- terminals and honors: the hand may be called off (R.can_declare)
    { "kyuushu", label = { en = "九種九牌 (nine kinds)", zh = "九种九牌" },
      when = "turn", first = true },
  },
  table = {
    tiles = 136, hand = 13, chow = true, rob_kong = true,
    -- 振聴: no ron on a tile among one's discards; a passed win locks
    -- until one's next draw, for good after riichi
    furiten = true, pass_lock = true,
    replacement = "tail",
    -- double ron: each winner is paid (the sticks go to the first), on a
    -- discard and on a robbed added kong (槍槓) alike
    multi_win = true, rob_all = true,
    -- 国士無双 may rob a concealed kan too (Tenhou, Mahjong Soul)
    rob_concealed_orphans = true,
    -- the match: the dealer keeps the deal by his win or his ready hand
    -- at a drawn hand (R.next_dealer), East and South rounds
    dealer_stays_on_win = true, dealer_stays_on_draw = true,
    -- the dead wall: 4 replacement tiles kept back at the tail (the live
    -- wall ends when only they are left, one fewer for each kan drawn),
    -- and 5 dora indicators, an ura indicator under each
    reserve = 4, indicators = 5, indicator_after_discard = true,
    start_score = 25000,
    -- the tile after a dora indicator: 9 to 1, North to East, and the
    -- dragons white, green, red (7z 6z 5z) round again
    cycles = { "123456789m", "123456789p", "123456789s", "1234z", "765z" },
  },
}

local opt = R.opt
R.table.red_fives = opt.aka > 0 and 1 or 0
R.table.red_suits = opt.aka == 2 and 6 or 7
R.table.multi_win = not opt.headbump
R.table.rob_all = not opt.headbump
R.table.swap_calling = opt.kuikae
R.table.rounds = opt.length == "east" and 1 or 2
R.table.bust = opt.tobi
R.table.target = opt.west and 30000 or 0
R.table.stop_when_top = opt.agari_yame
R.table.uma = ({ ["20-10"] = { 20, 10, -10, -20 }, ["15-5"] = { 15, 5, -5, -15 },
                 ["30-10"] = { 30, 10, -10, -30 }, ["10-5"] = { 10, 5, -5, -10 },
                 ["0"] = { 0, 0, 0, 0 } })[opt.uma]
R.table.return_score = opt.oka and 30000 or R.table.start_score
local double = opt.double_yakuman and 2 or 1

local limits = {
  { 5, 2000, "満貫" }, { 6, 3000, "跳満" }, { 8, 4000, "倍満" },
  { 11, 6000, "三倍満" },
}
if opt.kazoe == "yakuman" then limits[5] = { 13, 8000, "数え役満" } end

R.parts = {
  unit = "han", parts_unit = "fu",
  base = 20, closed_ron = 10, self_draw = 2, no_self = "平和",
  open_least = 30, pairs = 25,
  pung = 2, pung_end = 4, concealed = 2, kong = 4,
  pair_dragon = 2, pair_seat = 2, pair_round = 2, pair_most = 4,
  wait_edge = 2, wait_closed = 2, wait_single = 2,
  round_to = 10, doublings = 2,
  cap = 2000, cap_from = opt.kiriage and 1920 or 2001, cap_name = "満貫",
  limits = limits,
  limit_hand = 8000, limit_hand_name = "役満", limit_unit = "yakuman",
  ron = 4, ron_dealer = 6, self_dealer = 2, self_other = 1,
  self_by_dealer = 2, pay_round = 100, honba_ron = 300, honba_self = 100,
}

local TH = TERMINALS + HONORS
local GREEN = tiles"23468s6z"

-- {==================================================================
-- The flow: riichi's stick, the abortive draws, the drawn hand's
-- payments, the deal (RULES-riichi.md, "Table" and "Match")
-- ===================================================================

local CALLS = { chi = true, pon = true, kong = true, ckong = true,
                akong = true }
local KONGS = { kong = true, ckong = true, akong = true }
local ENDS = {}
for t in ("1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z"):gmatch("%S+") do
  ENDS[t] = true
end

-- Has anyone called (a concealed kong too) so far?
local function any_call(g)
  for i = 1, g:nevents() do
    if CALLS[g:event(i).type] then return true end
  end
  return false
end

-- How many discards has p made?
local function own_discards(g, p)
  return select(2, g:discards(p):gsub("%d", ""))
end

-- The first go-around draws a tile a player at most from the live wall
-- (70 at four, 55 at three: the tiles less the deal and the dead wall of
-- 14): past it, nothing of it need be read.
local function first_go_around(g)
  local np = g:players()
  return R.table.tiles - 13 * np - 14 - np
end

-- 九種九牌: offered on one's first draw, nobody having called, to a hand
-- of nine kinds or more of terminals and honors.
R.can_declare = function(g, p, name)
  if name ~= "kyuushu" then return true end
  if not opt.abortive or g:wall_left() < first_go_around(g) or
     g:discards(p) ~= "" then
    return false
  end
  local kinds = 0
  for t in pairs(ENDS) do
    if g:count(p, t) > 0 then kinds = kinds + 1 end
  end
  return kinds >= 9 and not any_call(g)
end

-- The declaration stands (its discard not won on): riichi, or double
-- riichi on one's first discard with no call before it, its stick to the
-- pot; ippatsu until one's next discard or anyone's call. Four riichi:
-- the hand is called off. 九種九牌 calls it off at once.
R.on_declare = function(g, p, name)
  if name == "kyuushu" then
    g:abort("九種九牌", p)
    return
  end
  if name ~= "riichi" then return end   -- a variant's own (北抜き)
  local double = own_discards(g, p) == 1 and not any_call(g)
  g:set(p, double and "double" or "riichi", true)
  g:set(p, "ippatsu", true)
  g:pay(p, "pot", 1000, "立直")
  local n = 0
  for q = 1, g:players() do
    if g:get(q, "riichi") or g:get(q, "double") then n = n + 1 end
  end
  if n == 4 and opt.abortive then g:abort("四家立直") end
end

-- 四風連打: the first four discards one wind, nobody having called;
-- 四槓散了: the discard after a fourth kong, the kongs not all one
-- player's. Either calls the hand off once the discard is not won on.
R.on_kong = function(g, k)
  g:set(k.player, "kongs", g:get(k.player, "kongs") + 1)
  local n, owners = 0, 0
  for q = 1, g:players() do
    n = n + g:get(q, "kongs")
    if g:get(q, "kongs") > 0 then owners = owners + 1 end
  end
  if n == 4 and owners >= 2 then g:set(k.player, "kong4", true) end
end

-- The hooks hear of wind discards (四風連打) and of the discard a fourth
-- kong makes due, no other draw or discard.
R.watch = { tiles = WINDS, states = { "kong4" } }

R.on_discard = function(g, p, tile)
  if not opt.abortive then return end
  if g:get(p, "kong4") then
    g:set(p, "kong4", false)
    g:abort("四槓散了")
  end
  if g:wall_left() < first_go_around(g) or not tile:match("^[1234]z$") or
     g:players() < 4 then
    return
  end
  for q = 1, 4 do                -- each player's one discard, this wind
    if g:discards(q) ~= tile then return end
  end
  if not any_call(g) then g:abort("四風連打") end
end

-- 三家和: three winning on one discard call the hand off (an option).
R.on_winning = function(g, w)
  if #w.winners == 3 and w.payer and opt.triple_ron == "draw" then
    g:abort("三家和")
  end
end

-- 責任払い (pao): who fed the third dragon pung of 大三元 or the fourth
-- wind pung of 大四喜, every one of them a meld, is liable: he pays the
-- whole of a self-drawn win, half of a win on another's discard.
local PAO_SETS = { { tiles = { ["5z"] = true, ["6z"] = true, ["7z"] = true },
                     n = 3 },
                   { tiles = { ["1z"] = true, ["2z"] = true, ["3z"] = true,
                               ["4z"] = true }, n = 4 } }

-- How many of p's melds are pungs or kongs of the set's tiles.
local function melds_of(g, p, set)
  local n = 0
  for digits in g:hand(p):gmatch("[%[{](%d+)z[%]}]") do
    if set.tiles[digits:sub(1, 1) .. "z"] then n = n + 1 end
  end
  return n
end

-- Who fed the set's last meld to p, every one of its melds his own
-- (the events are read only for a hand holding the whole set).
local function feeder(g, p, set)
  local n, last = 0, nil
  for i = 1, g:nevents() do
    local e = g:event(i)
    if e.player == p and set.tiles[e.tile] and
       (e.type == "pon" or e.type == "kong" or e.type == "ckong") then
      n = n + 1
      last = e.type ~= "ckong" and e.from or nil
    end
  end
  if n == set.n and last and last ~= p then return last end
end

local function liable(g, p)
  for _, set in ipairs(PAO_SETS) do
    local x = melds_of(g, p, set) >= set.n and feeder(g, p, set)
    if x then return x end
  end
end

local function pao(g, p, payer)
  local x = liable(g, p)
  if not x or x == payer then return end
  for i, e in ipairs(g:ledger()) do
    if e.payee == p and e.reason == "win" and not e.refunded and
       not e.moved and e.payer ~= x then
      g:refund(i, "責任払い")
      if payer then                  -- on a discard: half each
        local half = e.amount // 200 * 100
        g:pay(e.payer, p, e.amount - half, "責任払い")
        g:pay(x, p, half, "責任払い")
      else
        g:pay(x, p, e.amount, "責任払い")
      end
    end
  end
end

-- The sticks on the table go to the first winner in turn from the payer.
R.on_win = function(g, w)
  for _, p in ipairs(w.winners) do pao(g, p, w.payer) end
  if g:pot() > 0 then g:pay("pot", w.winners[1], g:pot(), "供託") end
end

-- How the hand ended: "win", "abort" or "wall". A win or an abort
-- comes after the hand's last draw: no event before it need be read.
local function ending(g)
  for i = g:nevents(), 1, -1 do
    local t = g:event(i).type
    if t == "win" or t == "abort" then return t end
    if t == "draw" then break end
  end
  return "wall"
end

-- p's discards all terminals and honors, none of them claimed.
local function nagashi(g, p)
  local d, claimed = g:discards(p)
  if d == "" or claimed > 0 then return false end
  for digits in d:gmatch("(%d+)[mps]") do
    if digits:find("[02-8]") then return false end
  end
  return true
end

-- An exhaustive draw: 流し満貫 paid as a mangan self-draw; else the
-- ready hands share 1000 a player not at the table's head (3000 of
-- four, 2000 of three) from those not ready (不聴罰符).
R.on_end = function(g)
  if ending(g) ~= "wall" then return end
  local d, paid, np = g:dealer(), false, g:players()
  for p = 1, np do
    if opt.nagashi and nagashi(g, p) then
      paid = true
      for q = 1, np do
        if q ~= p then
          g:pay(q, p, (p == d or q == d) and 4000 or 2000, "流し満貫")
        end
      end
    end
  end
  if paid then return end
  local ready, n = {}, 0
  for p = 1, np do
    ready[p] = g:waits(p) ~= ""
    if ready[p] then n = n + 1 end
  end
  if n == 0 or n == np then return end
  for p = 1, np do
    for q = 1, np do
      if ready[p] and not ready[q] then
        g:pay(q, p, (np - 1) * 1000 // (n * (np - n)), "不聴罰符")
      end
    end
  end
end

-- The dealer keeps the deal by a win of his, or ready at an exhaustive
-- draw, or when the hand was called off; else it moves on.
R.next_dealer = function(g)
  local d, how = g:dealer(), ending(g)
  if how == "abort" or (how == "wall" and g:waits(d) ~= "") then return d end
  if how == "win" and g:wins(d) > 0 then return d end
  return d % g:players() + 1
end

-- {==================================================================
-- 1 han
-- ===================================================================

R:fan { "立直", en = "Riichi", han = 1, open = 0,
  aliases = { "リーチ", "riichi", "reach" },
  desc = { en = "Declared ready with a concealed hand.",
           zh = "门清听牌时宣告立直。" },
  example = "123m22567p234567s win=7s riichi seat=S",
  riichi = true }

R:fan { "一発", en = "Ippatsu", han = 1, open = 0,
  aliases = { "イッパツ", "ippatsu", "one shot" },
  desc = { en = "Won within one go-around of one's riichi, no call between.",
           zh = "立直后一巡内和牌，中间无人鸣牌。" },
  example = "123m22567p234567s win=7s riichi ippatsu seat=S",
  ippatsu = true }

R:fan { "門前清自摸和", en = "Menzen Tsumo", han = 1, open = 0,
  aliases = { "メンゼンツモ", "menzen tsumo", "tsumo", "門前清自摸",
              "fully concealed self-draw" },
  desc = { en = "A concealed hand won by self-draw.",
           zh = "门清自摸和牌。" },
  example = "123m22567p234567s win=7s self seat=S",
  self = true }

R:fan { "平和", en = "Pinfu", han = 1, open = 0,
  aliases = { "ピンフ", "pinfu", "all chows" },
  desc = { en = "Four chows, a pair worth no fu and a two-sided wait, concealed.",
           zh = "四组顺子、不计符的将、两面听，门清。" },
  example = "123m22567p234567s win=7s seat=S",
  shape = "standard", chows = 4, wait = "two_sided",
  pair_not = DRAGONS + SEAT + ROUND }

R:fan { "断幺九", en = "Tanyao", han = 1, open = opt.kuitan and 1 or 0,
  aliases = { "タンヤオ", "tanyao", "all simples", "断么九" },
  desc = { en = "Simples only: no terminal, no honor.",
           zh = "只有中张：没有幺九牌，也没有字牌。" },
  example = "234m22567p234567s win=7s seat=S",
  none = TH }

R:fan { "一盃口", en = "Iipeikou", han = 1, open = 0,
  aliases = { "イーペーコー", "iipeikou", "pure double chow" },
  desc = { en = "Two identical chows, concealed.",
           zh = "两组相同的顺子，门清。" },
  example = "112233m567p23499s win=4s seat=S",
  melds = { chow"a", chow"a" }, same_suit = true }

R:fan { "役牌白", en = "Yakuhai White", han = 1,
  aliases = { "白", "ハク", "haku", "yakuhai haku", "white dragon" },
  desc = { en = "A pung or kong of white dragons (7z).",
           zh = "白板（7z）的刻子或杠。" },
  example = "123m456p78s99s[777z]+9s seat=S",
  melds = { pung(tiles"7z") } }

R:fan { "役牌發", en = "Yakuhai Green", han = 1,
  aliases = { "發", "発", "ハツ", "hatsu", "yakuhai hatsu", "green dragon" },
  desc = { en = "A pung or kong of green dragons (6z).",
           zh = "发财（6z）的刻子或杠。" },
  example = "123m456p78s99s[666z]+9s seat=S",
  melds = { pung(tiles"6z") } }

R:fan { "役牌中", en = "Yakuhai Red", han = 1,
  aliases = { "中", "チュン", "chun", "yakuhai chun", "red dragon" },
  desc = { en = "A pung or kong of red dragons (5z).",
           zh = "红中（5z）的刻子或杠。" },
  example = "123m456p78s99s[555z]+9s seat=S",
  melds = { pung(tiles"5z") } }

R:fan { "自風", en = "Seat Wind", han = 1,
  aliases = { "自風牌", "ジカゼ", "jikaze", "seat wind", "門風牌" },
  desc = { en = "A pung or kong of one's seat wind (a double wind counts it "
      .. "and the round's).",
           zh = "自风的刻子或杠（连风牌计自风和场风两次）。" },
  example = "123m456p78s99s[222z]+9s seat=S round=E",
  melds = { pung(SEAT) } }

R:fan { "場風", en = "Round Wind", han = 1,
  aliases = { "場風牌", "バカゼ", "bakaze", "round wind", "prevalent wind" },
  desc = { en = "A pung or kong of the round's wind.",
           zh = "场风的刻子或杠。" },
  example = "123m456p78s99s[111z]+9s seat=S round=E",
  melds = { pung(ROUND) } }

R:fan { "嶺上開花", en = "Rinshan Kaihou", han = 1,
  aliases = { "リンシャンカイホウ", "rinshan", "rinshan kaihou",
              "after a kong" },
  desc = { en = "Won on a kan's replacement tile.",
           zh = "用杠的岭上牌和牌。" },
  example = "123m456p78s99s[2222z]+9s self kong seat=S",
  kong = true }

R:fan { "槍槓", en = "Chankan", han = 1,
  aliases = { "チャンカン", "chankan", "robbing a kong" },
  desc = { en = "Won on the tile another player adds to his pung.",
           zh = "和别人加杠的那张牌。" },
  example = "123m456p78s11s[222z]+9s rob seat=S",
  rob = true }

R:fan { "海底摸月", en = "Haitei Raoyue", han = 1,
  aliases = { "ハイテイ", "haitei", "last tile draw" },
  desc = { en = "Won by drawing the live wall's last tile.",
           zh = "摸活牌墙最后一张和牌。" },
  example = "123m456p78s99s[222z]+9s self wall-last seat=S",
  wall_last = true, self = true }

R:fan { "河底撈魚", en = "Houtei Raoyui", han = 1,
  aliases = { "ホウテイ", "houtei", "last tile claim" },
  desc = { en = "Won on the discard after the live wall's last tile.",
           zh = "和活牌墙最后一张之后的打牌。" },
  example = "123m456p78s99s[222z]+9s wall-last seat=S",
  wall_last = true, self = false }

-- }==================================================================

-- {==================================================================
-- 2 han and more
-- ===================================================================

R:fan { "ダブル立直", en = "Double Riichi", han = 2, open = 0,
  aliases = { "両立直", "ダブルリーチ", "daburu riichi", "double riichi" },
  desc = { en = "Riichi declared on one's first discard, no call before it.",
           zh = "在第一张打牌时立直，之前无人鸣牌。" },
  example = "123m22567p234567s win=7s double seat=S",
  double = true, excludes = { "立直" } }

R:fan { "三色同順", en = "Sanshoku Doujun", han = 2, open = 1,
  aliases = { "サンショク", "sanshoku", "mixed triple chow" },
  desc = { en = "The same chow in each of the three suits.",
           zh = "三门花色中各有一组相同的顺子。" },
  example = "123m123p1299s[456s]+3s seat=S",
  melds = { chow"a", chow"a", chow"a" }, mixed_suits = true }

R:fan { "一気通貫", en = "Ittsu", han = 2, open = 1,
  aliases = { "イッツー", "ittsu", "ikkitsuukan", "pure straight" },
  desc = { en = "123, 456 and 789 of one suit.",
           zh = "同一花色的 123、456 和 789。" },
  example = "123456789m2p[777z]+2p seat=S",
  melds = { chow(1), chow(4), chow(7) }, same_suit = true }

R:fan { "混全帯幺九", en = "Chanta", han = 2, open = 1,
  aliases = { "チャンタ", "chanta", "outside hand" },
  desc = { en = "Every meld and the pair hold a terminal or an honor, with some "
      .. "honor and some chow.",
           zh = "每组面子和将都含有幺九牌或字牌，既有字牌也有顺子。" },
  example = "123m789p99s[999m]11z+1z seat=S",
  shape = "standard", each_group = TH, honors = true,
  chows = { min = 1 } }

R:fan { "七対子", en = "Chiitoitsu", han = 2,
  aliases = { "チートイツ", "chiitoitsu", "chiitoi", "seven pairs" },
  desc = { en = "Seven different pairs (always 25 fu).",
           zh = "七个不同的对子（固定 25 符）。" },
  example = "1133m5577p2288s66z win=6z seat=S",
  shape = "seven_pairs" }

R:fan { "対々和", en = "Toitoi", han = 2,
  aliases = { "トイトイ", "toitoi", "toitoihou", "all pungs" },
  desc = { en = "Four pungs or kans and a pair.",
           zh = "四组刻子或杠加一对将。" },
  example = "222m888p5s[333z][444s]+5s seat=S",
  pungs = 4 }

R:fan { "三暗刻", en = "Sanankou", han = 2,
  aliases = { "サンアンコー", "sanankou", "three concealed pungs" },
  desc = { en = "Three concealed pungs or kans (a pung won on a discard is open).",
           zh = "三个暗刻或暗杠（和别人打牌成的刻子算明刻）。" },
  example = "222m888p444s5s[123m]+5s self seat=S",
  concealed_pungs = { min = 3 } }

R:fan { "三色同刻", en = "Sanshoku Doukou", han = 2,
  aliases = { "サンショクドーコー", "sanshoku doukou", "triple pung" },
  desc = { en = "Pungs of the same number in the three suits.",
           zh = "三门花色中点数相同的刻子。" },
  example = "222m222p22s[777z]99s+2s seat=S",
  melds = { pung"a", pung"a", pung"a" }, mixed_suits = true }

R:fan { "三槓子", en = "Sankantsu", han = 2,
  aliases = { "サンカンツ", "sankantsu", "three kongs" },
  desc = { en = "Three kans.",
           zh = "三个杠。" },
  example = "789m5p[2222m][3333p][4444s]+5p seat=S",
  kongs = { min = 3 } }

R:fan { "小三元", en = "Shousangen", han = 2,
  aliases = { "ショウサンゲン", "shousangen", "little three dragons" },
  desc = { en = "Pungs of two dragons and a pair of the third.",
           zh = "两种箭牌的刻子加第三种箭牌的将。" },
  example = "123m456p5z[666z][777z]+5z seat=S",
  melds = { pung(DRAGONS), pung(DRAGONS), pair(DRAGONS) } }

R:fan { "混老頭", en = "Honroutou", han = 2,
  aliases = { "ホンロウトウ", "honroutou", "all terminals and honors" },
  desc = { en = "Terminals and honors only, both present.",
           zh = "只有幺九牌和字牌，两种都有。" },
  example = "111m999p1s[222z][333z]+1s seat=S",
  all = TH, honors = true }

R:fan { "二盃口", en = "Ryanpeikou", han = 3, open = 0,
  aliases = { "リャンペーコー", "ryanpeikou", "twice pure double chow" },
  desc = { en = "Two pairs of identical chows, concealed.",
           zh = "两对相同的顺子，门清。" },
  example = "112233m556677p99s win=9s seat=S",
  melds = { chow { "a", suit = "x" }, chow { "a", suit = "x" },
            chow { "b", suit = "x" }, chow { "b", suit = "x" } },
  alt = { chow { "a", suit = "x" }, chow { "a", suit = "x" },
          chow { "b", suit = "y" }, chow { "b", suit = "y" } },
  excludes = { "一盃口", "七対子" } }

R:fan { "純全帯幺九", en = "Junchan", han = 3, open = 2,
  aliases = { "ジュンチャン", "junchan", "terminals in all sets" },
  desc = { en = "Every meld and the pair hold a terminal, with some chow.",
           zh = "每组面子和将都含有幺九牌，有顺子。" },
  example = "123m789p99s[999m]11p+1p seat=S",
  shape = "standard", each_group = TERMINALS, chows = { min = 1 },
  excludes = { "混全帯幺九" } }

R:fan { "混一色", en = "Honitsu", han = 3, open = 2,
  aliases = { "ホンイツ", "honitsu", "half flush" },
  desc = { en = "One suit and honors.",
           zh = "一门花色加字牌。" },
  example = "123456m789m1z[555z]+1z seat=S",
  suits = 1, honors = true }

R:fan { "清一色", en = "Chinitsu", han = 6, open = 5,
  aliases = { "チンイツ", "chinitsu", "full flush" },
  desc = { en = "Tiles of one suit only.",
           zh = "只有一门花色的牌。" },
  example = "1233456678999p+9p seat=S",
  suits = 1, honors = false, excludes = { "混一色" } }

-- }==================================================================

-- {==================================================================
-- Limit hands (役満), which add up
-- ===================================================================

R:fan { "天和", en = "Tenhou", yakuman = 1,
  aliases = { "テンホー", "tenhou", "blessing of heaven" },
  desc = { en = "The dealer wins on his dealt tiles.",
           zh = "庄家用配牌和牌。" },
  example = "123m22567p234567s win=7s self first seat=E",
  first = true, self = true, dealer = true }

R:fan { "地和", en = "Chiihou", yakuman = 1,
  aliases = { "チーホー", "chiihou", "blessing of earth" },
  desc = { en = "A non-dealer wins on his first draw, no call before it.",
           zh = "闲家在第一次摸牌时和牌，之前无人鸣牌。" },
  example = "123m22567p234567s win=7s self first seat=S",
  first = true, self = true, dealer = false }

R:fan { "国士無双", en = "Kokushi Musou", yakuman = 1,
  aliases = { "コクシ", "kokushi", "kokushi musou", "thirteen orphans" },
  desc = { en = "One of each terminal and honor and a second of one of them.",
           zh = "幺九牌和字牌各一张，其中一种再多一张。" },
  example = "119m19p19s123456z+7z seat=S",
  shape = "thirteen_orphans" }

R:fan { "国士無双十三面", en = "Kokushi 13-Sided", yakuman = double,
  aliases = { "国士無双１３面", "コクシジュウサンメン", "kokushi 13",
              "thirteen-sided kokushi" },
  desc = { en = "Thirteen orphans waiting on all thirteen (the winning tile "
      .. "makes the pair).",
           zh = "国士无双听全部十三种（和的那张成对）。" },
  example = "19m19p19s1234567z+5z seat=S",
  shape = "thirteen_orphans",
  test = function(v) return v.tiles[v.win] == 2 end,
  excludes = { "国士無双" } }

R:fan { "四暗刻", en = "Suuankou", yakuman = 1,
  aliases = { "スーアンコー", "suuankou", "four concealed pungs" },
  desc = { en = "Four concealed pungs or kans (a pung won on a discard is open).",
           zh = "四个暗刻或暗杠（和别人打牌成的刻子算明刻）。" },
  example = "111m555p222s99s777z win=7z self seat=S",
  concealed_pungs = 4 }

R:fan { "四暗刻単騎", en = "Suuankou Tanki", yakuman = double,
  aliases = { "スーアンコータンキ", "suuankou tanki" },
  desc = { en = "Four concealed pungs, won on the pair's tile.",
           zh = "四个暗刻，单骑和将牌。" },
  example = "111m555p222s777z9s+9s seat=S",
  concealed_pungs = 4, wait = "single", excludes = { "四暗刻" } }

R:fan { "大三元", en = "Daisangen", yakuman = 1,
  aliases = { "ダイサンゲン", "daisangen", "big three dragons" },
  desc = { en = "Pungs or kans of all three dragons.",
           zh = "三种箭牌都成刻子或杠。" },
  example = "123m9p[555z][666z][777z]+9p seat=S",
  melds = { pung(DRAGONS), pung(DRAGONS), pung(DRAGONS) } }

R:fan { "字一色", en = "Tsuuiisou", yakuman = 1,
  aliases = { "ツーイーソー", "tsuuiisou", "all honors" },
  desc = { en = "Honors only.",
           zh = "只有字牌。" },
  example = "111z222z5z[333z][777z]+5z seat=S",
  all = HONORS }

R:fan { "小四喜", en = "Shousuushii", yakuman = 1,
  aliases = { "ショウスーシー", "shousuushii", "little four winds" },
  desc = { en = "Pungs of three winds and a pair of the fourth.",
           zh = "三种风牌的刻子加第四种风牌的将。" },
  example = "123m4z[111z][222z][333z]+4z seat=S",
  melds = { pung(WINDS), pung(WINDS), pung(WINDS), pair(WINDS) } }

R:fan { "大四喜", en = "Daisuushii", yakuman = double,
  aliases = { "ダイスーシー", "daisuushii", "big four winds" },
  desc = { en = "Pungs or kans of all four winds.",
           zh = "四种风牌都成刻子或杠。" },
  example = "9m[111z][222z][333z][444z]+9m seat=S",
  melds = { pung(WINDS), pung(WINDS), pung(WINDS), pung(WINDS) } }

R:fan { "緑一色", en = "Ryuuiisou", yakuman = 1,
  aliases = { "リューイーソー", "ryuuiisou", "all green" },
  desc = { en = "Only green tiles: 2 3 4 6 8 of bamboo and the green dragon.",
           zh = "只有绿色的牌：条子的 2 3 4 6 8 和发财。" },
  example = "234s666s88s[666z]44s+4s seat=S",
  all = GREEN }

R:fan { "清老頭", en = "Chinroutou", yakuman = 1,
  aliases = { "チンロウトウ", "chinroutou", "all terminals" },
  desc = { en = "Terminals only.",
           zh = "只有老头牌（1 和 9）。" },
  example = "111m999p1s[999s][111p]+1s seat=S",
  all = TERMINALS }

-- 1112345678999 of one suit and one more tile of it, concealed: the
-- nine templates, one for each rank of the extra tile
local nine_gates = {}
for r = 1, 9 do
  local t = { 3, 1, 1, 1, 1, 1, 1, 1, 3 }
  t[r] = t[r] + 1
  local s = ""
  for k = 1, 9 do s = s .. string.rep(tostring(k), t[k]) end
  nine_gates[r] = s .. "m"
end

R:fan { "九蓮宝燈", en = "Chuuren Poutou", yakuman = 1,
  aliases = { "チューレンポートー", "chuuren", "chuuren poutou",
              "nine gates" },
  desc = { en = "1112345678999 of one suit and one more of it, concealed.",
           zh = "同一花色的 1112345678999 再加这一门的一张，门清。" },
  example = "1112345678899m+9m seat=S",
  declared = 0, template = nine_gates }

R:fan { "純正九蓮宝燈", en = "Junsei Chuuren Poutou", yakuman = double,
  aliases = { "純正九蓮", "ジュンセイチューレン", "junsei chuuren",
              "true nine gates" },
  desc = { en = "Nine gates waiting on all nine: 1112345678999 before the win.",
           zh = "九莲宝灯听全部九种：和牌前是 1112345678999。" },
  example = "1112345678999m+5m seat=S",
  declared = 0, before_win = "1112345678999m",
  excludes = { "九蓮宝燈" } }

R:fan { "四槓子", en = "Suukantsu", yakuman = 1,
  aliases = { "スーカンツ", "suukantsu", "four kongs" },
  desc = { en = "Four kans.",
           zh = "四个杠。" },
  example = "5m[1111m][2222p][3333s][4444z]+5m seat=S",
  kongs = 4 }

-- }==================================================================

-- {==================================================================
-- Dora: han, but no yaku
-- ===================================================================

R:fan { "ドラ", en = "Dora", han = 1, bonus = true,
  aliases = { "dora" },
  desc = { en = "Each tile an indicator names (the next of its kind).",
           zh = "指示牌所指的每张牌（同一种的下一张）。" },
  example = "123m22567p234567s win=7s riichi seat=S dora=1m",
  count = "dora" }

R:fan { "赤ドラ", en = "Red Five", han = 1, bonus = true,
  aliases = { "アカドラ", "aka", "akadora", "red dora" },
  desc = { en = "Each red five held (0m 0p 0s).",
           zh = "手中的每张赤五（0m 0p 0s）。" },
  example = "123m22067p234567s win=7s riichi seat=S",
  count = "reds" }

R:fan { "裏ドラ", en = "Ura Dora", han = 1, bonus = true,
  aliases = { "ウラドラ", "ura", "uradora" },
  desc = { en = "For a riichi winner: each tile an ura indicator names.",
           zh = "立直的和牌者：里宝牌指示牌所指的每张牌。" },
  example = "123m22567p234567s win=7s riichi seat=S ura=1m",
  count = "ura" }

-- }==================================================================

return R
