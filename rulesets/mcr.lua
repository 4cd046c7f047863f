-- mcr.lua
-- Chinese Official rules (国标麻将, Mahjong Competition Rules): 81 fans.
-- One block per fan, in the rule book's order. The points, the exemptions
-- (不计) and the principles follow RULES-mcr.md; where rule books differ,
-- the choice is an option below with the documented default.

local R = mj.ruleset {
  id = "mcr",
  title = { en = "Chinese Official (88 fan)",
            zh = "国标麻将（88 番）" },
  version = "1.0",
  description = "国标麻将: 81 fans, 8-fan minimum, flowers 1 fan each.",
  shapes = { "standard", "seven_pairs", "thirteen_orphans",
             "honors_knitted", "knitted_straight" },
  pair_quads = true,                      -- 七对: four of a kind is two pairs
  wait_shapes = { "standard", "seven_pairs" },
  scoring = "sum",
  account_once = true,                    -- 套算一次, 不拆移, 不得相同
  min_points = 8,
  options = {
    caishen = { default = false, kind = "tile",
                desc = "a wild tile kind (财神), e.g. caishen=5z; "
                    .. "adds 無財神" },
    ming_an_gang = { default = false,
                desc = "明暗杠, 5 fan, for one exposed and one concealed "
                    .. "kong (instead of 明杠 + 暗杠 = 3), as some leagues' "
                    .. "rule books and scorers count it; the Chinese "
                    .. "Mahjong Competition Rules (2006) do not" },
    knitted_waits = { default = true,
                desc = "边张, 坎张 and 单钓将 may count when the winning tile "
                    .. "is one of the 组合龙's and also completes the meld or "
                    .. "pair outside it, as the reference scorer has it; "
                    .. "false: never on a tile of the 组合龙, as rule books "
                    .. "that read the knitted straight as one unit do" },
  },
  knitted_waits = true,
  table = {
    tiles = 144, flowers = true, hand = 13,
    chow = true, rob_kong = true, rob_all = false,
    kong_after_claim = false, replacement = "tail",
    dealer_stays_on_draw = false, dealer_stays_on_win = false,
    winner_deals = false, rounds = 4,
  },
}

if R.opt.caishen then R.wild = tiles(R.opt.caishen) end
R.knitted_waits = R.opt.knitted_waits

-- Settlement: a discard win, the discarder pays 8 + fan and the others
-- 8; a self-draw, each pays 8 + fan. (Robbing a kong: the kong's owner
-- is the discarder.)
R.settle = function(w)
  local pay = { 0, 0, 0, 0 }   -- a seat the table lacks stays 0
  for seat = 1, w.players do
    if seat ~= w.winner then
      local amount = 8
      if w.self or seat == w.payer then amount = 8 + w.total end
      pay[seat] = -amount
      pay[w.winner] = pay[w.winner] + amount
    end
  end
  return pay
end

local TH = TERMINALS + HONORS
local GREEN = tiles"23468s6z"
local REVERSIBLE = tiles"1234589p245689s7z"
local EVEN = ranks"2468"
local FIVES = tiles"5m5p5s"

-- {==================================================================
-- 88 fan
-- ===================================================================

R:fan { "大四喜", en = "Big Four Winds", points = 88, aliases = { "大四喜" },
  desc = { en = "Pungs or kongs of all four winds.",
           zh = "东南西北四种风牌都成刻子或杠。" },
  example = "55p333444z[111z][2222z] win=4z self",
  melds = { pung(WINDS), pung(WINDS), pung(WINDS), pung(WINDS) },
  excludes = { "三风刻", "碰碰和", "圈风刻", "门风刻", "幺九刻" } }

R:fan { "大三元", en = "Big Three Dragons", points = 88,
  desc = { en = "Pungs or kongs of all three dragons.",
           zh = "中发白三种箭牌都成刻子或杠。" },
  example = "66999s555z[777z][666z] win=5z self seat=N round=N",
  melds = { pung(DRAGONS), pung(DRAGONS), pung(DRAGONS) },
  excludes = { "双箭刻", "箭刻" } }

R:fan { "绿一色", en = "All Green", points = 88, aliases = { "綠一色" },
  desc = { en = "Only green tiles: 2 3 4 6 8 of bamboo and the green dragon.",
           zh = "只有绿色的牌：条子的 2 3 4 6 8 和发财。" },
  example = "33888s666z[234s][666s] win=6z self seat=N round=N",
  all = GREEN,
  excludes = { "混一色", "缺一门" } }

R:fan { "九莲宝灯", en = "Nine Gates", points = 88, aliases = { "九蓮寶燈" },
  desc = { en = "1112345678999 of one suit, concealed, waiting on any tile "
      .. "of the suit.",
           zh = "同一花色的 1112345678999，门清，听这一门的任何一张。" },
  example = "11122345678999p win=2p seat=N round=N",
  shape = "standard",
  before_win = "1112345678999m",
  excludes = { "清一色", "门前清", "不求人", "无字", "缺一门",
               { "幺九刻", 1 } } }

R:fan { "四杠", en = "Four Kongs", points = 88,
  desc = { en = "Four kongs, exposed or concealed.",
           zh = "四个杠，明杠暗杠都算。" },
  example = "55m[1111p][2222s]{3333m}[7777z] win=5m",
  kongs = 4,
  excludes = { "三杠", "双明杠", "明杠", "双暗杠", "暗杠", "碰碰和",
               "单钓将" } }

R:fan { "连七对", en = "Seven Shifted Pairs", points = 88,
  aliases = { "連七對" },
  desc = { en = "Seven pairs of consecutive tiles of one suit.",
           zh = "同一花色相连的七个对子。" },
  example = "22334455667788s win=4s seat=N round=N",
  shape = "seven_pairs",
  template = { "11223344556677m", "22334455667788m", "33445566778899m" },
  excludes = { "七对", "清一色", "无字", "缺一门", "门前清", "不求人",
               "单钓将" } }

R:fan { "十三幺", en = "Thirteen Orphans", points = 88,
  desc = { en = "One of each terminal and honor, plus one more of any of them.",
           zh = "幺九牌和字牌各一张，再加其中任一张。" },
  example = "19m119p19s1234567z win=5z self seat=N round=N",
  shape = "thirteen_orphans",
  excludes = { "五门齐", "混幺九", "门前清", "不求人", "单钓将" } }

-- }==================================================================

-- {==================================================================
-- 64 fan
-- ===================================================================

R:fan { "清幺九", en = "All Terminals", points = 64,
  desc = { en = "Only 1s and 9s of the suits.",
           zh = "只有数牌的 1 和 9。" },
  example = "111999p11199s[111m] win=1s self seat=N round=N",
  all = TERMINALS,
  excludes = { "混幺九", "碰碰和", "全带幺", "幺九刻", "无字", "双同刻" } }

R:fan { "小四喜", en = "Little Four Winds", points = 64,
  desc = { en = "Pungs of three winds and a pair of the fourth.",
           zh = "三种风牌的刻子加第四种风牌的将。" },
  example = "123p33344z[111z][222z] win=1p self seat=N round=S",
  melds = { pung(WINDS), pung(WINDS), pung(WINDS), pair(WINDS) },
  excludes = { "三风刻", "幺九刻" } }

R:fan { "小三元", en = "Little Three Dragons", points = 64,
  desc = { en = "Pungs of two dragons and a pair of the third.",
           zh = "两种箭牌的刻子加第三种箭牌的将。" },
  example = "345m55666z[777z][999s] win=5z seat=N round=N",
  melds = { pung(DRAGONS), pung(DRAGONS), pair(DRAGONS) },
  excludes = { "双箭刻", "箭刻" } }

R:fan { "字一色", en = "All Honors", points = 64,
  desc = { en = "Only winds and dragons.",
           zh = "只有风牌和箭牌。" },
  example = "22233366z[444z][111z] win=3z",
  all = HONORS,
  excludes = { "碰碰和", "混幺九", "全带幺", "幺九刻", "缺一门" } }

R:fan { "四暗刻", en = "Four Concealed Pungs", points = 64,
  desc = { en = "Four concealed pungs (or concealed kongs).",
           zh = "四个暗刻（或暗杠）。" },
  example = "111555m222p99s777z win=7z self",
  concealed_pungs = 4,
  excludes = { "碰碰和", "门前清", "不求人" } }

R:fan { "一色双龙会", en = "Pure Terminal Chows", points = 64,
  aliases = { "一色雙龍會" },
  desc = { en = "123 123 789 789 of one suit with a pair of 5 of that suit.",
           zh = "同一花色的 123 123 789 789 加这一门的 5 作将。" },
  example = "11223355778899m win=5m",
  melds = { chow(1), chow(1), chow(7), chow(7), pair(5) }, same_suit = true,
  excludes = { "七对", "清一色", "平和", "一般高", "老少副", "无字",
               "缺一门" } }

-- }==================================================================

-- {==================================================================
-- 48 fan
-- ===================================================================

R:fan { "一色四同顺", en = "Quadruple Chow", points = 48,
  aliases = { "一色四同順" },
  desc = { en = "Four identical chows of one suit.",
           zh = "同一花色四组相同的顺子。" },
  example = "22334455m[234m][234m] win=5m",
  melds = { chow"a", chow"a", chow"a", chow"a" }, same_suit = true,
  excludes = { "一色三节高", "一般高", "四归一", "一色三同顺" } }

R:fan { "一色四节高", en = "Four Pure Shifted Pungs", points = 48,
  aliases = { "一色四節高" },
  desc = { en = "Pungs of four consecutive numbers of one suit.",
           zh = "同一花色四个点数相连的刻子。" },
  example = "222333444555m11z win=1z",
  melds = { pung"a", pung"a+1", pung"a+2", pung"a+3" }, same_suit = true,
  excludes = { "一色三同顺", "一色三节高", "碰碰和" } }

-- }==================================================================

-- {==================================================================
-- 32 fan
-- ===================================================================

R:fan { "一色四步高", en = "Four Pure Shifted Chows", points = 32,
  desc = { en = "Four chows of one suit each shifted up by one, or each by two.",
           zh = "同一花色四组顺子，依次递增一或依次递增二。" },
  example = "122333444556m55z win=5z",
  melds = { chow"a", chow"a+1", chow"a+2", chow"a+3" },
  alt = { chow"a", chow"a+2", chow"a+4", chow"a+6" }, same_suit = true,
  excludes = { "一色三步高", "连六", "老少副" } }

R:fan { "三杠", en = "Three Kongs", points = 32, aliases = { "三槓" },
  desc = { en = "Three kongs.",
           zh = "三个杠。" },
  example = "123m55p[1111s][2222s]{3333z} win=5p",
  kongs = 3,
  excludes = { "双明杠", "明杠", "双暗杠", "暗杠" } }

R:fan { "混幺九", en = "All Terminals and Honors", points = 32,
  desc = { en = "Only terminals and honors.",
           zh = "只有幺九牌和字牌。" },
  example = "11s111222z[333z][444z] win=2z",
  all = TH,
  excludes = { "碰碰和", "全带幺", "幺九刻" } }

-- }==================================================================

-- {==================================================================
-- 24 fan
-- ===================================================================

R:fan { "七对", en = "Seven Pairs", points = 24,
  aliases = { "七對", "小七对", "小七對" },
  desc = { en = "Seven pairs (four of a kind counts as two).",
           zh = "七个对子（四张相同算两对）。" },
  example = "1133557799m1155z win=5z",
  shape = "seven_pairs",
  excludes = { "门前清", "不求人", "单钓将" } }

R:fan { "七星不靠", en = "Greater Honors and Knitted Tiles", points = 24,
  desc = { en = "All seven honors and seven tiles of a knitted straight, all single.",
           zh = "七种字牌全有，加组合龙中的七张，全是单张。" },
  example = "147m25p39s1234567z win=7z",
  shape = "honors_knitted", every = HONORS,
  excludes = { "全不靠", "五门齐", "门前清", "不求人", "单钓将" } }

R:fan { "全双刻", en = "All Even Pungs", points = 24, aliases = { "全雙刻" },
  desc = { en = "Pungs and pair of even numbers only.",
           zh = "只有偶数的刻子和将。" },
  example = "222444m666p88s[888m] win=8s",
  shape = "standard", all = EVEN, pungs = 4,
  excludes = { "碰碰和", "断幺", "无字" } }

R:fan { "清一色", en = "Full Flush", points = 24,
  desc = { en = "Tiles of one suit only.",
           zh = "只有一门花色的牌。" },
  example = "12334556778999p win=9p",
  suits = 1, honors = false,
  excludes = { "无字", "缺一门" } }

R:fan { "一色三同顺", en = "Pure Triple Chow", points = 24,
  aliases = { "一色三同順" },
  desc = { en = "Three identical chows of one suit.",
           zh = "同一花色三组相同的顺子。" },
  example = "234s678p55z[234s][234s] win=5z",
  melds = { chow"a", chow"a", chow"a" }, same_suit = true,
  excludes = { "一色三节高", "一般高" } }

R:fan { "一色三节高", en = "Pure Shifted Pungs", points = 24,
  aliases = { "一色三節高" },
  desc = { en = "Pungs of three consecutive numbers of one suit.",
           zh = "同一花色三个点数相连的刻子。" },
  example = "222333444s678p55z win=5z",
  melds = { pung"a", pung"a+1", pung"a+2" }, same_suit = true,
  excludes = { "一色三同顺" } }

R:fan { "全大", en = "Upper Tiles", points = 24,
  desc = { en = "Only 7, 8 and 9 of the suits.",
           zh = "只有数牌的 7、8、9。" },
  example = "789m789p789s78999s win=9s",
  all = ranks"789",
  excludes = { "大于五", "无字" } }

R:fan { "全中", en = "Middle Tiles", points = 24,
  desc = { en = "Only 4, 5 and 6 of the suits.",
           zh = "只有数牌的 4、5、6。" },
  example = "456m456p456s45666s win=6s",
  all = ranks"456",
  excludes = { "断幺", "无字" } }

R:fan { "全小", en = "Lower Tiles", points = 24,
  desc = { en = "Only 1, 2 and 3 of the suits.",
           zh = "只有数牌的 1、2、3。" },
  example = "123m123p123s12333s win=3s",
  all = ranks"123",
  excludes = { "小于五", "无字" } }

-- }==================================================================

-- {==================================================================
-- 16 fan
-- ===================================================================

R:fan { "清龙", en = "Pure Straight", points = 16, aliases = { "清龍" },
  desc = { en = "123, 456 and 789 of one suit.",
           zh = "同一花色的 123、456 和 789。" },
  example = "123456789m12355p win=5p",
  melds = { chow(1), chow(4), chow(7) }, same_suit = true,
  excludes = { "连六", "老少副" } }

R:fan { "三色双龙会", en = "Three-Suited Terminal Chows", points = 16,
  aliases = { "三色雙龍會" },
  desc = { en = "123 and 789 in two suits with a pair of 5 in the third.",
           zh = "两门花色的 123 和 789，第三门的 5 作将。" },
  example = "123789m123789p55s win=5s",
  melds = { chow { 1, suit = "x" }, chow { 7, suit = "x" },
            chow { 1, suit = "y" }, chow { 7, suit = "y" },
            pair { 5, suit = "z" } },
  excludes = { "喜相逢", "老少副", "无字", "平和" } }

R:fan { "一色三步高", en = "Pure Shifted Chows", points = 16,
  desc = { en = "Three chows of one suit shifted up by one each, or by two each.",
           zh = "同一花色三组顺子，依次递增一或依次递增二。" },
  example = "123234345m678p55z win=5z",
  melds = { chow"a", chow"a+1", chow"a+2" },
  alt = { chow"a", chow"a+2", chow"a+4" }, same_suit = true }

R:fan { "全带五", en = "All Five", points = 16, aliases = { "全帶五" },
  desc = { en = "Every meld and the pair hold a 5.",
           zh = "每组面子和将都含有 5。" },
  example = "345m456p555567s55m win=7s",
  shape = "standard", each_group = FIVES,
  excludes = { "断幺", "无字" } }

R:fan { "三同刻", en = "Triple Pung", points = 16,
  desc = { en = "Pungs of the same number in the three suits.",
           zh = "三门花色中点数相同的刻子。" },
  example = "222m222p222s678p55z win=5z",
  melds = { pung"a", pung"a", pung"a" }, mixed_suits = true,
  excludes = { "双同刻" } }

R:fan { "三暗刻", en = "Three Concealed Pungs", points = 16,
  desc = { en = "Three concealed pungs (or concealed kongs).",
           zh = "三个暗刻（或暗杠）。" },
  example = "111m222p333s678p55z win=5z",
  concealed_pungs = 3 }

-- }==================================================================

-- {==================================================================
-- 12 fan
-- ===================================================================

R:fan { "全不靠", en = "Lesser Honors and Knitted Tiles", points = 12,
  desc = { en = "Fourteen single tiles: a knitted straight's tiles and honors.",
           zh = "十四张单张：组合龙的牌和字牌。" },
  example = "147m258p369s12345z win=5z",
  shape = "honors_knitted",
  excludes = { "五门齐", "门前清", "不求人", "单钓将" } }

R:fan { "组合龙", en = "Knitted Straight", points = 12, aliases = { "組合龍" },
  desc = { en = "147, 258 and 369, each in a different suit.",
           zh = "147、258 和 369，各在不同的花色。" },
  example = "147m258p369s11122z win=2z",
  shape = { "knitted_straight", "honors_knitted" }, knitted = true }

R:fan { "大于五", en = "Upper Four", points = 12, aliases = { "大於五" },
  desc = { en = "Only 6 to 9 of the suits.",
           zh = "只有数牌的 6 到 9。" },
  example = "678m789p666789s99s win=9s",
  all = ranks"6789",
  excludes = { "无字" } }

R:fan { "小于五", en = "Lower Four", points = 12, aliases = { "小於五" },
  desc = { en = "Only 1 to 4 of the suits.",
           zh = "只有数牌的 1 到 4。" },
  example = "123m234p111234s44s win=4s",
  all = ranks"1234",
  excludes = { "无字" } }

R:fan { "三风刻", en = "Big Three Winds", points = 12, aliases = { "三風刻" },
  desc = { en = "Pungs of three winds.",
           zh = "三种风牌的刻子。" },
  example = "123m55p111222333z win=5p",
  melds = { pung(WINDS), pung(WINDS), pung(WINDS) },
  excludes_melds = { "幺九刻" } }

-- }==================================================================

-- {==================================================================
-- 8 fan
-- ===================================================================

R:fan { "花龙", en = "Mixed Straight", points = 8, aliases = { "花龍" },
  desc = { en = "123, 456 and 789, each in a different suit.",
           zh = "123、456 和 789，各在不同的花色。" },
  example = "123m456p789s111z55p win=5p",
  melds = { chow(1), chow(4), chow(7) }, mixed_suits = true }

R:fan { "推不倒", en = "Reversible Tiles", points = 8,
  desc = { en = "Only tiles that look the same upside down: 1234589p 245689s 白.",
           zh = "只有上下颠倒看起来一样的牌：1234589p 245689s 白。" },
  example = "123345p456888s77z win=6s",
  all = REVERSIBLE,
  excludes = { "缺一门" } }

R:fan { "三色三同顺", en = "Mixed Triple Chow", points = 8,
  aliases = { "三色三同順" },
  desc = { en = "The same chow in the three suits.",
           zh = "三门花色中相同的顺子。" },
  example = "234m234p234s789m55z win=5z",
  melds = { chow"a", chow"a", chow"a" }, mixed_suits = true }

R:fan { "三色三节高", en = "Mixed Shifted Pungs", points = 8,
  aliases = { "三色三節高" },
  desc = { en = "Pungs of three consecutive numbers, each in a different suit.",
           zh = "点数相连的三个刻子，各在不同的花色。" },
  example = "222m333p444s789m55z win=5z",
  melds = { pung"a", pung"a+1", pung"a+2" }, mixed_suits = true }

R:fan { "无番和", en = "Chicken Hand", points = 8, aliases = { "無番和" },
  desc = { en = "A win with no other fan (flowers aside).",
           zh = "没有别的番种的和牌（花牌不算）。" },
  example = "456m678p123s66z[234m] win=8p",
  shape = "standard", fallback = true }

R:fan { "妙手回春", en = "Last Tile Draw", points = 8,
  desc = { en = "Won by drawing the last tile of the wall.",
           zh = "摸牌墙最后一张和牌。" },
  example = "123m456p789s22z[111s] win=2z self wall-last",
  self = true, wall_last = true,
  excludes = { "自摸" } }

R:fan { "海底捞月", en = "Last Tile Claim", points = 8,
  aliases = { "海底撈月" },
  desc = { en = "Won on the discard of the last tile of the wall.",
           zh = "和牌墙最后一张的打牌。" },
  example = "123m456p789s22z[111s] win=2z wall-last",
  self = false, wall_last = true }

R:fan { "杠上开花", en = "Out with Replacement Tile", points = 8,
  aliases = { "槓上開花" },
  desc = { en = "Won on the replacement tile drawn after a kong.",
           zh = "用杠后补牌和牌。" },
  example = "123m456p789s22z[1111s] win=9s self kong",
  kong = true,
  excludes = { "自摸" } }

R:fan { "抢杠和", en = "Robbing The Kong", points = 8, aliases = { "搶槓和" },
  desc = { en = "Won on a tile another player adds to his pung to make a kong.",
           zh = "和别人加杠的那张牌。" },
  example = "123m456p78s22z[111s]+9s rob",
  rob = true,
  excludes = { "和绝张" } }

-- }==================================================================

-- {==================================================================
-- 6 fan
-- ===================================================================

R:fan { "碰碰和", en = "All Pungs", points = 6,
  aliases = { "对对胡", "大对子", "碰碰胡" },
  desc = { en = "Four pungs or kongs and a pair.",
           zh = "四组刻子或杠加一对将。" },
  example = "111m555p33s[777s][222z] win=3s",
  pungs = 4 }

R:fan { "混一色", en = "Half Flush", points = 6,
  desc = { en = "One suit and honors.",
           zh = "一门花色加字牌。" },
  example = "123456m789m11155z win=5z",
  suits = 1, honors = true }

R:fan { "三色三步高", en = "Mixed Shifted Chows", points = 6,
  desc = { en = "Chows shifted up by one each, each in a different suit.",
           zh = "顺子依次递增一，各在不同的花色。" },
  example = "123m234p345s789m55z win=5z",
  melds = { chow"a", chow"a+1", chow"a+2" }, mixed_suits = true }

R:fan { "五门齐", en = "All Types", points = 6, aliases = { "五門齊" },
  desc = { en = "Characters, dots, bamboo, winds and dragons all present.",
           zh = "万、筒、条、风、箭都有。" },
  example = "123m456p789s111z55z win=5z",
  types = 5 }

R:fan { "全求人", en = "Melded Hand", points = 6,
  desc = { en = "Four exposed melds, won on a discard with a single wait.",
           zh = "四组副露，单钓别人的打牌和牌。" },
  example = "5m[123m][456p][789s][111z]+5m",
  exposed = 4, self = false,
  excludes = { "单钓将" } }

R:fan { "双暗杠", en = "Two Concealed Kongs", points = 6,
  aliases = { "雙暗槓" },
  desc = { en = "Two concealed kongs.",
           zh = "两个暗杠。" },
  example = "123m456p55s{7777s}{2222z} win=5s",
  concealed_kongs = 2,
  excludes = { "暗杠", "双暗刻" } }

R:fan { "双箭刻", en = "Two Dragons Pungs", points = 6, aliases = { "雙箭刻" },
  desc = { en = "Pungs of two dragons.",
           zh = "两种箭牌的刻子。" },
  example = "123m456p55s555666z win=5s",
  melds = { pung(DRAGONS), pung(DRAGONS) },
  excludes = { "箭刻" } }

-- }==================================================================

-- {==================================================================
-- 4 fan
-- ===================================================================

R:fan { "全带幺", en = "Outside Hand", points = 4,
  aliases = { "全帶幺", "全带幺九", "全帶幺九" },
  desc = { en = "Every meld and the pair hold a terminal or an honor.",
           zh = "每组面子和将都含有幺九牌或字牌。" },
  example = "123m789p11199s777z win=1s self",
  shape = "standard", each_group = TH }

R:fan { "不求人", en = "Fully Concealed Hand", points = 4,
  desc = { en = "No exposed meld, won by self-draw.",
           zh = "没有副露，自摸和牌。" },
  example = "123m456p789s11z555s win=5s self",
  exposed = 0, self = true,
  excludes = { "自摸" } }

R:fan { "双明杠", en = "Two Melded Kongs", points = 4, aliases = { "雙明槓" },
  desc = { en = "Two exposed kongs.",
           zh = "两个明杠。" },
  example = "123s456s55s[7777s][2222z] win=5s",
  exposed_kongs = 2,
  excludes = { "明杠" } }

R:fan { "和绝张", en = "Last Tile", points = 4, aliases = { "和絕張" },
  desc = { en = "Won on the last tile of its kind, the other three being visible.",
           zh = "和的是这种牌的最后一张，另外三张都已能看到。" },
  example = "12m456p789s22z[111s]+3m last",
  last = true }

-- }==================================================================

-- {==================================================================
-- 2 fan
-- ===================================================================

R:fan { "箭刻", en = "Dragon Pung", points = 2,
  desc = { en = "A pung or kong of a dragon (for each such pung).",
           zh = "箭牌的刻子或杠（每个计一次）。" },
  example = "123m456p789s22z[555z] win=2z",
  melds = { pung(DRAGONS) } }

R:fan { "圈风刻", en = "Prevalent Wind", points = 2, aliases = { "圈風刻" },
  desc = { en = "A pung or kong of the prevailing wind.",
           zh = "圈风的刻子或杠。" },
  example = "123m456p789s22z[111z] win=2z round=E",
  melds = { pung(ROUND) },
  excludes_melds = { "幺九刻" } }

R:fan { "门风刻", en = "Seat Wind", points = 2, aliases = { "門風刻" },
  desc = { en = "A pung or kong of the winner's seat wind.",
           zh = "和牌者门风的刻子或杠。" },
  example = "123m456p789s22z[111z] win=2z seat=E",
  melds = { pung(SEAT) },
  excludes_melds = { "幺九刻" } }

R:fan { "门前清", en = "Concealed Hand", points = 2, aliases = { "門前清" },
  desc = { en = "No exposed meld, won on a discard.",
           zh = "没有副露，和别人的打牌。" },
  example = "123m456p789s11z555s win=5s",
  exposed = 0, self = false }

R:fan { "平和", en = "All Chows", points = 2,
  desc = { en = "Four chows and a pair of a suit.",
           zh = "四组顺子加一对数牌的将。" },
  example = "123m456p789s234s55m win=5m",
  shape = { "standard", "knitted_straight" }, pungs = 0, pair = NUMBERS,
  excludes = { "无字" } }

R:fan { "四归一", en = "Tile Hog", points = 2, aliases = { "四歸一" },
  desc = { en = "All four of a tile in the hand, not as a kong (for each such tile).",
           zh = "手中有某种牌全部四张，但不是杠（每种计一次）。" },
  example = "123p345555p789p11z win=1z",
  count = "tile_hogs" }

R:fan { "双同刻", en = "Double Pung", points = 2, aliases = { "雙同刻" },
  desc = { en = "Pungs of the same number in two suits.",
           zh = "两门花色中点数相同的刻子。" },
  example = "222m222p456s789p55s win=5s self",
  melds = { pung"a", pung"a" }, mixed_suits = true }

R:fan { "双暗刻", en = "Two Concealed Pungs", points = 2,
  aliases = { "雙暗刻" },
  desc = { en = "Two concealed pungs (or concealed kongs).",
           zh = "两个暗刻（或暗杠）。" },
  example = "111m222p456s789p55s win=5s self",
  concealed_pungs = 2 }

R:fan { "暗杠", en = "Concealed Kong", points = 2, aliases = { "暗槓" },
  desc = { en = "A concealed kong.",
           zh = "一个暗杠。" },
  example = "123m456p789s55z{2222s} win=5z",
  concealed_kongs = 1 }

R:fan { "断幺", en = "All Simples", points = 2,
  aliases = { "斷幺", "断幺九", "斷幺九" },
  desc = { en = "No terminal and no honor.",
           zh = "没有幺九牌，也没有字牌。" },
  example = "234m456p678s345s55m win=5m",
  none = TH,
  excludes = { "无字" } }

-- }==================================================================

-- {==================================================================
-- 1 fan
-- ===================================================================

R:fan { "一般高", en = "Pure Double Chow", points = 1,
  desc = { en = "Two identical chows of one suit.",
           zh = "同一花色两组相同的顺子。" },
  example = "123123m456p789s55z win=5z",
  melds = { chow"a", chow"a" }, same_suit = true }

R:fan { "喜相逢", en = "Mixed Double Chow", points = 1,
  desc = { en = "The same chow in two suits.",
           zh = "两门花色中相同的顺子。" },
  example = "123m123p456s555z99s win=9s self",
  melds = { chow"a", chow"a" }, mixed_suits = true }

R:fan { "连六", en = "Short Straight", points = 1, aliases = { "連六" },
  desc = { en = "Two chows of one suit making six consecutive numbers.",
           zh = "同一花色两组顺子组成相连的六个点数。" },
  example = "123456m789p555z99s win=9s self",
  melds = { chow"a", chow"a+3" }, same_suit = true }

R:fan { "老少副", en = "Two Terminal Chows", points = 1,
  desc = { en = "123 and 789 of one suit.",
           zh = "同一花色的 123 和 789。" },
  example = "123789m456p555z99s win=9s self",
  melds = { chow(1), chow(7) }, same_suit = true }

R:fan { "幺九刻", en = "Pung of Terminals or Honors", points = 1,
  desc = { en = "A pung or kong of 1s, 9s or a wind (for each; a dragon pung "
      .. "is 箭刻).",
           zh = "1、9 或风牌的刻子或杠（每个计一次；箭牌的刻子是箭刻）。" },
  example = "111m456p789s555z99s win=9s self",
  melds = { pung(TERMINALS + WINDS) } }

R:fan { "明杠", en = "Melded Kong", points = 1, aliases = { "明槓" },
  desc = { en = "An exposed kong.",
           zh = "一个明杠。" },
  example = "123m456p789s55z[2222s] win=5z",
  exposed_kongs = 1 }

R:fan { "缺一门", en = "One Voided Suit", points = 1, aliases = { "缺一門" },
  desc = { en = "One of the three suits missing.",
           zh = "三门花色缺一门。" },
  example = "123m456m789p123p55z win=5z self",
  suits = 2 }

R:fan { "无字", en = "No Honors", points = 1, aliases = { "無字" },
  desc = { en = "No winds and no dragons.",
           zh = "没有风牌，也没有箭牌。" },
  example = "123m456p789s111m55p win=5p",
  honors = false }

R:fan { "边张", en = "Unique Wait (Edge)", points = 1, aliases = { "邊張" },
  desc = { en = "Waiting on 3 with 12, or on 7 with 89, and on nothing else.",
           zh = "用 12 听 3 或用 89 听 7，别的都不听。" },
  example = "12m456p789s111z55z+3m",
  wait = "edge" }

R:fan { "坎张", en = "Unique Wait (Closed)", points = 1,
  aliases = { "嵌张", "崁張", "卡张", "夹张", "卡張", "夾張" },
  desc = { en = "Waiting on the middle tile of a chow, and on nothing else.",
           zh = "只听顺子中间的一张，别的都不听。" },
  example = "13m456p789s111z55z+2m",
  wait = "closed" }

R:fan { "单钓将", en = "Unique Wait (Single)", points = 1,
  aliases = { "單釣將", "单钓", "单吊", "单吊将", "單吊", "單吊將" },
  desc = { en = "Waiting on the pair's tile alone, and on nothing else.",
           zh = "只单钓将牌，别的都不听。" },
  example = "123m456p789s111z5z+5z",
  wait = "single" }

R:fan { "自摸", en = "Self-Drawn", points = 1,
  desc = { en = "Won on one's own draw.",
           zh = "自己摸牌和牌。" },
  example = "123m456p789s5z[111z]+5z self",
  self = true }

R:fan { "花牌", en = "Flower Tiles", points = 1,
  desc = { en = "Each flower held (not counted toward the 8-fan minimum).",
           zh = "每张花牌（不计入 8 番起和）。" },
  example = "123m456p789s111z5z+5z flowers=2",
  count = "flowers", bonus = true }

-- }==================================================================

-- The names people also use (pinyin, other common forms), for lookup:
-- "fan pengpenghu", "why 13orphans ...", "fan 鸡胡". 胡 and 和 are alike
-- anyway, and so are 么 and 幺.
local common = {
  ["碰碰和"] = { "对对和", "對對和", "pengpenghu", "duiduihu" },
  ["平和"] = { "pinghu" },
  ["十三幺"] = { "13 orphans", "shisanyao", "国士无双" },
  ["清一色"] = { "qingyise" },
  ["混一色"] = { "hunyise" },
  ["七对"] = { "qidui", "seven pairs", "七小对", "七对子" },
  ["无番和"] = { "鸡胡", "雞胡", "chicken", "jihu" },
  ["清龙"] = { "一条龙", "一條龍", "qinglong", "yitiaolong" },
  ["断幺"] = { "duanyao", "tanyao" },
  ["门前清"] = { "menqianqing" },
  ["自摸"] = { "zimo", "tsumo" },
  ["大四喜"] = { "dasixi" },
  ["大三元"] = { "dasanyuan" },
  ["全不靠"] = { "quanbukao" },
}
for _, f in ipairs(R.fans) do
  local more = common[f[1]]
  if more then
    f.aliases = f.aliases or {}
    for _, a in ipairs(more) do f.aliases[#f.aliases + 1] = a end
  end
end

-- 明暗杠 (the ming_an_gang option): an exposed and a concealed kong are
-- one 5-fan fan, placed with the 6-fan ones' neighbours (before 全带幺).
if R.opt.ming_an_gang then
  local f = R:fan { "明暗杠", en = "Melded and Concealed Kongs", points = 5,
    aliases = { "明暗槓" },
    desc = { en = "One exposed and one concealed kong (an option: "
        .. "ming_an_gang=true).",
             zh = "一个明杠加一个暗杠（选项：ming_an_gang=true）。" },
    example = "123m456p55s[7777s]{2222z} win=5s",
    kongs = 2, exposed_kongs = 1, concealed_kongs = 1,
    excludes = { "明杠", "暗杠" } }
  table.remove(R.fans)
  for i, g in ipairs(R.fans) do
    if g[1] == "全带幺" then table.insert(R.fans, i, f); break end
  end
  for _, name in ipairs { "三杠", "四杠" } do
    local ex = R:get(name).excludes
    ex[#ex + 1] = "明暗杠"
  end
end

-- With a wild tile (the caishen option): winning without using it as
-- another tile is worth 2 fan.
if R.opt.caishen then
  R:fan { "無財神", en = "No Wild Used", points = 2, aliases = { "无财神" },
    desc = { en = "Won with every wild tile at its own face.",
             zh = "每张宝都当本身用而和牌。" },
    example = "123m456p789s111z55z win=5z",
    wild_acting = false }
end

return R
