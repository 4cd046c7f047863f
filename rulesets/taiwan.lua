-- taiwan.lua
-- 台灣十六張麻將, Taiwanese 16-tile mahjong, as RULES-taiwan.md has it:
-- sixteen tiles in hand (a win is five sets and a pair), eight flowers
-- that belong to seats, 台 counted per hand and paid as 底 + 台 x 台價.
-- The decisions where the published tai tables differ are the page's;
-- the others are options. Nothing of it is a branch in the core: the
-- table rules below say the table, the fans the 台, settle the money.

local R = mj.ruleset {
  id = "taiwan",
  title = { en = "台灣十六張 (Taiwanese 16-tile, 台 paid as 底 + 台)",
            zh = "台灣十六張麻將（底加台）" },
  version = "1.0",
  description = "Sixteen tiles, five sets and a pair; flowers by seat; "
             .. "台 counted, a hand paid 底 + 台 x 台價 by the discarder "
             .. "or each of the three.",
  shapes = { "standard" },
  scoring = "sum",
  unit = "台",
  context_words = {
    { "dealer", max = 99,
      desc = { en = "the dealer's hands kept in a row (連莊)",
               zh = "莊家連莊的次數" } },
  },
  options = {
    base = { default = 300, min = 0, max = 100000,
             desc = "底: what every win is worth before its 台" },
    tai = { default = 100, min = 1, max = 100000,
            desc = "台價: what one 台 adds" },
    start = { default = 0, min = 0, max = 1000000,
              desc = "each player's score at the start of a match" },
    rounds = { default = 4, choices = { 1, 2, 3, 4 },
               desc = "wind rounds in a match (東南西北)" },
    lilgu = { default = false,
              desc = "嚦咕嚦咕: seven pairs and a pung win, 8 台" },
  },
  table = {
    tiles = 144, flowers = true, hand = 16,
    chow = true,                      -- from the previous player only
    rob_kong = true,
    multi_win = false,                -- one winner: the nearest (截胡)
    replacement = "tail",
    reserve = 16,                     -- 留牌: the last 16 are not drawn
    dealer_stays_on_win = true, dealer_stays_on_draw = true,   -- 連莊
    flower_kong = true,               -- 槓上開花 on a flower's replacement
    flower_rob = true,                -- 七搶一
    first_any_discard = true,         -- 人胡 on any first-round discard
    explain_pay = true,               -- score shows each payer's amount
  },
}

local opt = R.opt
R.table.rounds = opt.rounds
R.table.start_score = opt.start

-- With lilgu, seven pairs and a pung (17 tiles, no meld) win too; the
-- fans that ask nothing of the sets count with them as well.
local WON, FLOWERS_WON = "standard", { "none", "standard" }
if opt.lilgu then
  FLOWERS_WON = { "none", "standard", "seven_pairs" }
  R.shapes = { "standard", "seven_pairs" }
  R.wait_shapes = { "standard", "seven_pairs" }
  WON = { "standard", "seven_pairs" }
end

-- {==================================================================
-- What the tests read: the groups of the reading
-- ===================================================================

local DRAGON = { ["5z"] = true, ["6z"] = true, ["7z"] = true }
local WIND = { ["1z"] = true, ["2z"] = true, ["3z"] = true, ["4z"] = true }
local WIND_TILE = { E = "1z", S = "2z", W = "3z", N = "4z" }

local function pungish(g)
  return g.type == "pung" or g.type == "kong" or g.type == "concealed_kong"
end

-- melds claimed from a discard (a concealed kong is not one)
local function open_melds(v)
  local n = 0
  for _, g in ipairs(v.groups) do
    if g.declared and g.exposed then n = n + 1 end
  end
  return n
end

local function pungs_of(v, set)
  local n = 0
  for _, g in ipairs(v.groups) do
    if pungish(g) and set[g.tile] then n = n + 1 end
  end
  return n
end

local function has_pung(v, tile)
  for _, g in ipairs(v.groups) do
    if pungish(g) and g.tile == tile then return true end
  end
  return false
end

-- pungs and kongs concealed: a pung completed by a discard is not one
local function concealed_pungs(v)
  local n = 0
  for _, g in ipairs(v.groups) do
    if pungish(g) and g.concealed then n = n + 1 end
  end
  return n
end

local function one_wait(v)
  return v.wait == "edge" or v.wait == "closed" or v.wait == "single"
end

local function holds(v, list)
  local set = {}
  for _, f in ipairs(v.flower_tiles) do set[f] = true end
  for _, f in ipairs(list) do
    if not set[f] then return false end
  end
  return true
end

-- }==================================================================

-- {==================================================================
-- How the hand was won
-- ===================================================================

R:fan { "門清", en = "Concealed hand", points = 1,
  desc = { en = "No meld claimed (a concealed kong is no claim), won on a "
           .. "discard.",
           zh = "沒有吃碰明槓（暗槓不算），胡別人打出的牌。" },
  example = "123456789m123p789s5z+5z",
  shape = WON, self = false,
  test = function(v) return open_melds(v) == 0 end }

R:fan { "自摸", en = "Self-drawn", points = 1,
  desc = { en = "Self-drawn, with a meld claimed.",
           zh = "有吃碰明槓，自摸胡牌。" },
  example = "123456m123p789s5z[789m]+5z self",
  shape = WON, self = true,
  test = function(v) return open_melds(v) > 0 end }

R:fan { "門清自摸", en = "Concealed self-draw", points = 3,
  desc = { en = "No meld claimed and self-drawn (in place of 門清 and "
           .. "自摸).",
           zh = "沒有吃碰明槓又自摸（不再計門清、自摸）。" },
  example = "123456789m123p789s5z+5z self",
  shape = WON, self = true,
  test = function(v) return open_melds(v) == 0 end,
  excludes = { "門清", "自摸" } }

R:fan { "半求", en = "Half begging", points = 1,
  desc = { en = "Five melds claimed, self-drawn the pair's tile (in place "
           .. "of 自摸).",
           zh = "五組都是吃碰明槓，自摸單吊將牌（不再計自摸）。" },
  example = "[123m][456m][789m][123p][789s]5z+5z self",
  shape = "standard", self = true,
  test = function(v) return open_melds(v) == 5 end,
  excludes = { "自摸", "獨聽" } }

R:fan { "全求人", en = "All begging", points = 2,
  desc = { en = "Five melds claimed, won the pair's tile on a discard.",
           zh = "五組都是吃碰明槓，胡別人打出的將牌。" },
  example = "[123m][456m][789m][123p][789s]5z+5z",
  shape = "standard", self = false,
  test = function(v) return open_melds(v) == 5 end,
  excludes = { "獨聽" } }

R:fan { "獨聽", en = "One wait", points = 1,
  desc = { en = "The sixteen tiles before the win wait on one kind only "
           .. "(邊張, 中洞, 單吊).",
           zh = "胡牌前十六張只聽一種牌（邊張、中洞、單吊）。" },
  example = "123456789m12p789s55z+3p",
  shape = WON,
  test = one_wait }

R:fan { "海底撈月", en = "Moon from the sea bed", points = 1,
  desc = { en = "Self-drawn on the last tile drawn.",
           zh = "摸最後一張牌自摸。" },
  example = "123456789m123p789s5z+5z self wall-last",
  shape = WON, self = true, wall_last = true }

R:fan { "河底撈魚", en = "Fish from the river bed", points = 1,
  desc = { en = "Won on the last discard.",
           zh = "胡最後一張打出的牌。" },
  example = "123456789m123p789s5z+5z wall-last",
  shape = WON, self = false, wall_last = true }

R:fan { "槓上開花", en = "Out on a kong", points = 1,
  desc = { en = "Self-drawn on a kong's replacement (a flower's too).",
           zh = "槓或補花後摸的牌自摸。" },
  example = "123456m123p789s5z{7777m}+5z self kong",
  shape = WON, self = true, kong = true }

R:fan { "搶槓", en = "Robbing a kong", points = 1,
  desc = { en = "Won on a tile added to a pung.",
           zh = "胡別人加槓的那張牌。" },
  example = "123456789m13p789s55z+2p rob",
  shape = WON, rob = true }

R:fan { "平胡", en = "All chows", points = 2,
  desc = { en = "Five chows and a pair of suits, no flower, no honor, won "
           .. "on a discard, not one wait.",
           zh = "五組順子加數牌的將，沒有花、沒有字，胡別人打出的牌，不是獨聽。" },
  example = "123456789m123p78s55p+9s",
  shape = "standard", self = false, chows = 5, none = HONORS, flowers = 0,
  test = function(v) return v.wait == "none" end }

-- }==================================================================

-- {==================================================================
-- Pungs: dragons, winds, concealed ones, all pungs
-- ===================================================================

R:fan { "三元牌", en = "Dragon pung", points = 1,
  desc = { en = "Each pung or kong of 中, 發 or 白: 1 台 each.",
           zh = "中、發、白的刻子或槓，每組 1 台。" },
  example = "123456789m123p5s777z+5s",
  shape = WON,
  test = function(v) return pungs_of(v, DRAGON) end }

R:fan { "圈風", en = "Round wind", points = 1,
  desc = { en = "A pung or kong of the round wind.",
           zh = "圈風的刻子或槓。" },
  example = "123456789m123p5s111z+5s round=E seat=S",
  shape = WON,
  test = function(v) return has_pung(v, WIND_TILE[v.round]) end }

R:fan { "門風", en = "Seat wind", points = 1,
  desc = { en = "A pung or kong of one's seat wind (with the round's: 2).",
           zh = "門風的刻子或槓（同時是圈風就是 2 台）。" },
  example = "123456789m123p5s222z+5s round=E seat=S",
  shape = WON,
  test = function(v) return has_pung(v, WIND_TILE[v.seat]) end }

R:fan { "三暗刻", en = "Three concealed pungs", points = 2,
  desc = { en = "Three pungs or kongs concealed (a pung completed by a "
           .. "discard is not).",
           zh = "三組暗刻或暗槓（胡別人打出的牌成的刻子不算暗刻）。" },
  example = "111m222p333s456789m5z+5z self",
  shape = "standard",
  test = function(v) return concealed_pungs(v) == 3 end }

R:fan { "四暗刻", en = "Four concealed pungs", points = 5,
  desc = { en = "Four pungs or kongs concealed.",
           zh = "四組暗刻或暗槓。" },
  example = "111m222p333s444s789m5z+5z self",
  shape = "standard",
  test = function(v) return concealed_pungs(v) == 4 end }

R:fan { "五暗刻", en = "Five concealed pungs", points = 8,
  desc = { en = "Five pungs or kongs concealed.",
           zh = "五組暗刻或暗槓。" },
  example = "111m222p333s444s777m5z+5z self",
  shape = "standard",
  test = function(v) return concealed_pungs(v) == 5 end }

R:fan { "碰碰胡", en = "All pungs", points = 4,
  desc = { en = "Five pungs or kongs and a pair.",
           zh = "五組刻子或槓加一對將。" },
  example = "111m222p333s444s777m5z+5z",
  shape = "standard", pungs = 5 }

R:fan { "小三元", en = "Little three dragons", points = 4,
  desc = { en = "Two dragon pungs and a dragon pair (the two 三元牌 count "
           .. "as well).",
           zh = "兩組三元牌刻子加三元牌的將（兩個三元牌台照計）。" },
  example = "123456m123p555z66z77z+7z",
  shape = "standard",
  test = function(v) return pungs_of(v, DRAGON) == 2 and DRAGON[v.pair] end }

R:fan { "大三元", en = "Big three dragons", points = 8,
  desc = { en = "Three dragon pungs (in place of the three 三元牌).",
           zh = "三組三元牌刻子（不再計三元牌）。" },
  example = "123m123p555666777z1s+1s",
  shape = "standard",
  test = function(v) return pungs_of(v, DRAGON) == 3 end,
  excludes = { { "三元牌", 3 } } }

R:fan { "小四喜", en = "Little four winds", points = 8,
  desc = { en = "Three wind pungs and a wind pair (圈風 and 門風 count as "
           .. "well).",
           zh = "三組風牌刻子加風牌的將（圈風、門風照計）。" },
  example = "123m123p111222333z4z+4z",
  shape = "standard",
  test = function(v) return pungs_of(v, WIND) == 3 and WIND[v.pair] end }

R:fan { "大四喜", en = "Big four winds", points = 16,
  desc = { en = "Four wind pungs (in place of 圈風 and 門風).",
           zh = "四組風牌刻子（不再計圈風、門風）。" },
  example = "123m111222333444z5s+5s",
  shape = "standard",
  test = function(v) return pungs_of(v, WIND) == 4 end,
  excludes = { "圈風", "門風" } }

-- }==================================================================

if opt.lilgu then
  R:fan { "嚦咕嚦咕", en = "Seven pairs and a pung", points = 8,
    desc = { en = "Seven pairs and a pung, no meld (option lilgu).",
             zh = "七對加一組刻子，沒有吃碰槓（選項 lilgu）。" },
    example = "11223344556677m88p+8p",
    shape = "seven_pairs" }
end

-- {==================================================================
-- Suits
-- ===================================================================

R:fan { "混一色", en = "Half flush", points = 4,
  desc = { en = "One suit and honors.",
           zh = "一種數牌加字牌。" },
  example = "123456789m123m777z5z+5z",
  shape = WON, suits = 1, any = HONORS }

R:fan { "清一色", en = "Full flush", points = 8,
  desc = { en = "One suit only.",
           zh = "全部是同一種數牌。" },
  example = "123456789m123m789m5m+5m",
  shape = WON, suits = 1, none = HONORS }

R:fan { "字一色", en = "All honors", points = 16,
  desc = { en = "Honors only (碰碰胡 not counted again).",
           zh = "全部是字牌（不再計碰碰胡）。" },
  example = "111222333555666z7z+7z",
  shape = WON, all = HONORS,
  excludes = { "碰碰胡" } }

-- }==================================================================

-- {==================================================================
-- Flowers
-- ===================================================================

R:fan { "正花", en = "Own flower", points = 1,
  desc = { en = "Each flower of one's own seat: 1f and 5f East's, 2f and 6f "
           .. "South's, 3f and 7f West's, 4f and 8f North's.",
           zh = "自己座位的花，每張 1 台：東 1f 5f、南 2f 6f、西 3f 7f、北 4f 8f。" },
  example = "123456789m123p789s5z+5z flowers=15f",
  shape = FLOWERS_WON, count = "seat_flowers" }

R:fan { "花槓", en = "Flower kong", points = 2,
  desc = { en = "All four seasons (春夏秋冬), or all four plants (梅蘭竹菊): "
           .. "2 台 each (正花 count as well).",
           zh = "春夏秋冬或梅蘭竹菊四張齊，每組 2 台（正花照計）。" },
  example = "123456789m123p789s5z+5z flowers=1234f",
  shape = FLOWERS_WON,
  test = function(v)
    return (holds(v, { "1f", "2f", "3f", "4f" }) and 1 or 0)
         + (holds(v, { "5f", "6f", "7f", "8f" }) and 1 or 0)
  end }

R:fan { "八仙過海", en = "Eight immortals", points = 8,
  desc = { en = "All eight flowers: an immediate win in one's turn, "
           .. "whatever the hand, paid as a self-draw.",
           zh = "八張花都在手：輪到自己時立即胡牌，不論手牌，照自摸付。" },
  example = "13579m2468p13579s12z+3z self flowers=12345678f",
  shape = FLOWERS_WON, flowers = 8, self = true }

R:fan { "七搶一", en = "Seven rob one", points = 8,
  desc = { en = "Seven flowers held, another draws the eighth: he gives it "
           .. "up and pays as a discarder (the robber's hand is won with the "
           .. "eighth flower's replacement from the tail).",
           zh = "手有七張花，別人摸到第八張：他要交出，照放槍付（搶的人補"
           .. "一張牌，連同手牌胡）。" },
  example = "13579m2468p13579s12z+3z flowers=12345678f",
  shape = FLOWERS_WON, flowers = 8, self = false }

-- }==================================================================

-- {==================================================================
-- The first go-around
-- ===================================================================

R:fan { "天胡", en = "Heavenly hand", points = 16,
  desc = { en = "The dealer's dealt seventeen tiles win (after the flowers' "
           .. "replacements).",
           zh = "莊家補花後的十七張起手就胡牌。" },
  example = "123456789m123p789s5z+5z self first",
  shape = WON, first = true, self = true, dealer = true }

R:fan { "地胡", en = "Earthly hand", points = 16,
  desc = { en = "A non-dealer self-draws on his first draw, no call before.",
           zh = "閒家在沒有人吃碰槓之前，摸第一張牌就自摸。" },
  example = "123456789m123p789s5z+5z self first seat=S",
  shape = WON, first = true, self = true, dealer = false }

R:fan { "人胡", en = "Human hand", points = 8,
  desc = { en = "A non-dealer wins on a discard of the first go-around, no "
           .. "call before.",
           zh = "閒家在第一巡、沒有人吃碰槓之前，胡別人打出的牌。" },
  example = "123456789m123p789s5z+5z first seat=S",
  shape = WON, first = true, self = false, dealer = false }

-- }==================================================================

-- {==================================================================
-- The money: 底 + 台 x 台價 from the discarder, or from each of the
-- others on a self-draw; 莊家 (1 台) and 連莊拉莊 (2 台 a hand kept) only
-- between the winner and the dealer. The count of hands kept is the
-- hand's counter in play, dealer=N in score's context.
-- ===================================================================

R.settle = function(w)
  local pay = {}
  for seat = 1, w.players do pay[seat] = 0 end
  local kept = w.words.dealer or w.honba or 0
  local function charge(seat)
    local tai = w.total
    if seat == w.dealer or w.winner == w.dealer then
      tai = tai + 1 + 2 * kept                 -- 莊家, 連莊拉莊
    end
    local amount = opt.base + tai * opt.tai
    pay[seat] = pay[seat] - amount
    pay[w.winner] = pay[w.winner] + amount
  end
  if w.self then
    for seat = 1, w.players do
      if seat ~= w.winner then charge(seat) end
    end
  else
    charge(w.payer)
  end
  return pay
end

-- }==================================================================

return R
