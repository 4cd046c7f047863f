-- changsha.lua
-- 长沙麻将, the game of Hunan, as in RULES-changsha.md: 108 tiles, chow
-- from the player before; a 小胡 needs a 2/5/8 pair (二五八将), the 大胡
-- (patterns and situations) are worth 6 each and add up; 起手胡 are
-- declared on the dealt tiles and paid at once; after a win birds (扎鸟)
-- are turned from the wall and double what the players they land on pay
-- or receive; a payment between the dealer and another is 1 more (庄闲).

local R = mj.ruleset {
  id = "changsha",
  title = { en = "长沙麻将 (Hunan: 小胡 and 大胡, 起手胡, 扎鸟)",
            zh = "长沙麻将（湖南：小胡与大胡、起手胡、扎鸟）" },
  version = "1.0",
  description = "108 tiles; a 小胡 needs a 2/5/8 pair, every 大胡 is worth "
             .. "6 and they add up; 起手胡 on the dealt tiles; birds "
             .. "after the win; the dealer's payments 1 more.",
  source = "RULES-changsha.md (an app's published rule text and the Hunan "
        .. "game servers it cites)",
  shapes = { "standard", "seven_pairs" },
  pair_quads = true,                  -- a kind held four times is two pairs
  wait_shapes = { "standard", "seven_pairs" },
  scoring = "sum",
  unit = "分",                          -- points, not 番
  context = { "kaigang", "niao=", "qishou" },
  exclusive = { "first", "wall-last", "kong", "kaigang", "rob" },
  options = {
    yipao = { default = true, desc = "一炮多响: everyone who can win on one "
              .. "tile wins (off: the first in turn after the discarder, 截胡)" },
    quanqiuren_258 = { default = false, desc = "全求人 needs a 2/5/8 pair "
                       .. "(off: any pair)" },
    haohua_double = { default = true, desc = "豪华七小对 counts as two 大胡 "
                      .. "and 双豪华 as three (off: one each)" },
    kaigang_claims = { default = "win", choices = { "win", "all" },
                       desc = "开杠's tiles: \"win\" (a win on them only) or "
                       .. "\"all\" (nobody winning, one may then be claimed "
                       .. "as a discard, in turn)" },
    buzhang_gangkai = { default = false, desc = "a win on a 补张 kong's "
                        .. "replacement is 杠上开花 too (off: a plain "
                        .. "self-draw)" },
    zhuangxian = { default = true, desc = "庄闲: a payment between the dealer "
                   .. "and another player is 1 more" },
    gang_score = { default = false, desc = "kong money, paid only if the hand "
                   .. "is won: 3 from the discarder of a claimed kong, 1 (added) "
                   .. "or 2 (concealed) from each other player" },
    niao = { default = 2, choices = { 0, 1, 2, 4, 6 }, desc = "扎鸟: birds "
             .. "turned from the wall after a win" },
    niao_from = { default = "winner", choices = { "winner", "dealer" },
                  desc = "a bird's rank counts seats from the winner or from "
                  .. "the dealer (1/5/9 that seat, 2/6 the next ...)" },
    niao_mode = { default = "fanbei", choices = { "fanbei", "jiafen" },
                  desc = "\"fanbei\": each bird on the winner or the payer "
                  .. "adds the payment once more; \"jiafen\": adds 1" },
    qishou = { default = "大四喜,板板胡,缺一色,六六顺", desc = "the 起手胡 "
               .. "declared on the dealt tiles, a list of 大四喜, 板板胡, "
               .. "缺一色, 六六顺, apart by , or + (\"\": none)" },
    hands = { default = 8, choices = { 4, 8, 16 }, desc = "hands in a match" },
  },
  table = {
    tiles = 108, flowers = false, hand = 13,
    turned_name = { en = "bird (扎鸟)", zh = "扎鸟" },
    chow = true,                      -- from the player before only
    rob_kong = true,                  -- an added kong may be robbed
    kong_after_claim = false,         -- kongs in a turn begun with a draw
    replacement = "tail",
    pass_lock = true,                 -- 过胡 until one's next draw
    last_offer = true,                -- 海底 offered in turn
    open_kong = 2,                    -- 开杠 turns two tiles up
    winner_deals = true,
    rounds = 1,
  },
  -- the birds on each seat after a win (public once turned)
  state = {
    { "niao", label = "鸟", token = "niao" },
  },
}

local opt = R.opt
R.table.multi_win = opt.yipao         -- 一炮多响
R.table.rob_all = opt.yipao
R.table.match_hands = opt.hands
R.table.open_claim_melds = opt.kaigang_claims == "all"

local QISHOU = {}
for name in opt.qishou:gmatch("[^,+/%s]+") do
  if name ~= "大四喜" and name ~= "板板胡" and name ~= "缺一色"
     and name ~= "六六顺" then
    error("option qishou: '" .. name .. "' is not a 起手胡 of these rules "
          .. "(大四喜, 板板胡, 缺一色, 六六顺)")
  end
  QISHOU[name] = true
end

local TWO_FIVE_EIGHT = tiles "258m258p258s"
local BIG = 6                          -- a 大胡, per payer

-- {==================================================================
-- When a hand wins: a standard shape with a 2/5/8 pair (小胡), or a
-- shape 大胡, which lifts the 2/5/8 rule (乱将). The situations (天胡,
-- 海底, 杠上 ...) add to a hand that wins so, never make one.
-- ===================================================================

local function suits_of(v)
  local seen, n = {}, 0
  for t in pairs(v.tiles) do
    local s = t:sub(2, 2)
    if not seen[s] then seen[s], n = true, n + 1 end
  end
  return n
end

local function all_258(v)
  for t in pairs(v.tiles) do
    local r = tonumber(t:sub(1, 1))
    if r ~= 2 and r ~= 5 and r ~= 8 then return false end
  end
  return true
end

local function quanqiuren(v)
  if v.self or v.shape ~= "standard" or v.exposed ~= 4 then return false end
  return not opt.quanqiuren_258 or TWO_FIVE_EIGHT[v.pair]
end

-- the reading v wins under the 2/5/8 rule
local function wins(v)
  if v.shape == "seven_pairs" then return true end
  if all_258(v) then return true end                        -- 将将胡
  if v.shape ~= "standard" then return false end
  if TWO_FIVE_EIGHT[v.pair] or v.pungs == 4 or suits_of(v) == 1 then
    return true
  end
  return quanqiuren(v)
end

-- }==================================================================

-- {==================================================================
-- 小胡: 1 on a discard, 2 self-drawn
-- ===================================================================

R:fan { "平胡", en = "Small win", aliases = { "小胡", "pinghu", "xiaohu" },
  points = 1,
  desc = { en = "Four sets and a pair of 2, 5 or 8 (二五八将), with no 大胡: 1 "
      .. "from the discarder, 2 from each player when self-drawn.",
           zh = "四组面子加 2、5 或 8 的将（二五八将），没有大胡：点炮者付 1，自摸时每家付 2。" },
  example = "234567m345p55678s win=5s",
  shape = "standard", pair = TWO_FIVE_EIGHT }

R:fan { "自摸", en = "Self-drawn small win", points = 1, factor = true,
  desc = { en = "A 小胡 self-drawn is paid 2 by each player, not 1.",
           zh = "小胡自摸时每家付 2，而不是 1。" },
  example = "234567m345p55678s win=5s self",
  shape = "standard", pair = TWO_FIVE_EIGHT, self = true }

-- }==================================================================

-- {==================================================================
-- 大胡: 6 each, and they add up; a hand with one scores only its 大胡
-- ===================================================================

local SMALL = { "平胡", "自摸" }

R:fan { "碰碰胡", en = "All pungs", aliases = { "对对胡", "pengpenghu" },
  points = BIG,
  desc = { en = "Four pungs or kongs and any pair, no chow.",
           zh = "四组刻子或杠加任意将，没有顺子。" },
  example = "222m555p99s[333m][777s] win=9s",
  shape = "standard", chows = 0, excludes = SMALL }

R:fan { "将将胡", en = "All 2, 5 and 8", aliases = { "jiangjianghu" },
  points = BIG,
  desc = { en = "Every tile, declared melds too, is a 2, 5 or 8, in any "
      .. "arrangement: no shape is needed.",
           zh = "每张牌（包括亮出的面子）都是 2、5 或 8，怎样组合都行：不需要牌型。" },
  example = "22258m2558p25888s win=8s",
  shape = { "none", "standard", "seven_pairs" }, all = TWO_FIVE_EIGHT,
  excludes = SMALL }

R:fan { "清一色", en = "Full flush", aliases = { "qingyise" },
  points = BIG,
  desc = { en = "Every tile of one suit, in four sets and any pair or in 七对.",
           zh = "每张牌都是一门花色，四组面子加任意将，或七对。" },
  example = "11112345678999m win=9m self",
  shape = { "standard", "seven_pairs" }, suits = 1, excludes = SMALL }

R:fan { "全求人", en = "All melded", aliases = { "quanqiuren" },
  points = BIG,
  desc = { en = "Four exposed melds and a lone tile, won on another's tile"
               .. (opt.quanqiuren_258 and "; the pair a 2, 5 or 8."
                                       or "; any pair."),
           zh = "亮出四组面子只剩一张，和别人的牌"
               .. (opt.quanqiuren_258 and "；将须是 2、5 或 8。"
                                       or "；将不限。") },
  example = "55s[123m][444p][666p][789s] win=5s",
  shape = "standard", exposed = 4, self = false,
  pair = opt.quanqiuren_258 and TWO_FIVE_EIGHT or nil,
  excludes = SMALL }

R:fan { "七小对", en = "Seven pairs", aliases = { "七对", "qixiaodui" },
  points = BIG,
  desc = { en = "Seven pairs, no declared meld, no kind four times.",
           zh = "七对，没有亮出的面子，没有四张相同的牌。" },
  example = "1133m5577p224499s win=4s",
  shape = "seven_pairs", quads = 0, excludes = SMALL }

R:fan { "豪华七小对", en = "Luxury seven pairs", aliases = { "haohua" },
  points = opt.haohua_double and 2 * BIG or BIG,
  desc = { en = "Seven pairs with one kind held four times.",
           zh = "七对，其中有一种牌有四张。" },
  example = "1111m3355p778899s win=9s",
  shape = "seven_pairs", quads = 1, excludes = SMALL }

R:fan { "双豪华七小对", en = "Double luxury seven pairs",
  aliases = { "shuanghaohua" },
  points = opt.haohua_double and 3 * BIG or BIG,
  desc = { en = "Seven pairs with two kinds or more held four times.",
           zh = "七对，其中有两种以上的牌各有四张。" },
  example = "1111m5555p778899s win=7s self",
  shape = "seven_pairs", quads = { min = 2 }, excludes = SMALL }

-- the situations: each adds 6 to a hand that wins without it
local function situation(t)
  t.points, t.excludes = BIG, SMALL
  t.shape = { "none", "standard", "seven_pairs" }
  local cond = t.test
  t.test = function(v) return wins(v) and (cond == nil or cond(v)) end
  R:fan(t)
end

situation { "天胡", en = "Heavenly win", aliases = { "tianhu" },
  desc = { en = "The dealer wins on the fourteen tiles dealt to him.",
           zh = "庄家起手十四张就和牌。" },
  example = "234567m345p55678s win=5s self first",
  first = true, self = true, dealer = true }

situation { "地胡", en = "Earthly win", aliases = { "dihu" },
  desc = { en = "Another player wins on the dealer's first discard.",
           zh = "别的玩家和庄家的第一张打牌。" },
  example = "234567m345p55678s win=5s first seat=S",
  first = true, self = false, dealer = false }

situation { "海底捞月", en = "Moon from the sea bed",
  aliases = { "haidilaoyue" },
  desc = { en = "Self-drawn with the last tile of the wall (海底).",
           zh = "摸牌墙最后一张自摸（海底）。" },
  example = "234567m345p55678s win=5s self wall-last",
  wall_last = true, self = true }

situation { "海底炮", en = "Sea-bed discard", aliases = { "haidipao" },
  desc = { en = "Won on the 海底 tile another player took.",
           zh = "和别人拿到的海底牌。" },
  example = "234567m345p55678s win=5s wall-last",
  wall_last = true, self = false }

situation { "杠上开花", en = "Flower on the kong",
  aliases = { "gangshangkaihua" },
  desc = { en = "Self-drawn on a tile one's own 开杠 turned up"
               .. (opt.buzhang_gangkai and " or on a 补张's replacement."
                                        or "."),
           zh = "用自己开杠翻出的牌自摸"
               .. (opt.buzhang_gangkai and "，或用补张的补牌自摸。" or "。") },
  example = "234567m55678s{3333p} win=5s self kaigang",
  self = true,
  test = function(v) return v.kaigang or (opt.buzhang_gangkai and v.kong) end }

situation { "杠上炮", en = "Kong discard", aliases = { "gangshangpao" },
  desc = { en = "Won on a tile another player's 开杠 turned up.",
           zh = "和别人开杠翻出的牌。" },
  example = "234567m345p55678s win=5s kaigang",
  kaigang = true, self = false }

situation { "抢杠胡", en = "Robbing a kong", aliases = { "qiangganghu" },
  desc = { en = "Won on the tile another player adds to his pung.",
           zh = "和别人加杠的那张牌。" },
  example = "234567m345p55678s win=6s rob",
  rob = true }

-- }==================================================================

-- {==================================================================
-- 扎鸟: the birds on the winner add the payment once more each
-- (jiafen: 1 each); those on a payer are settled below
-- ===================================================================

R:fan { "扎鸟", en = "Birds", factor = true,
  plus = opt.niao_mode == "jiafen" and 1 or "share",
  desc = opt.niao_mode == "jiafen"
         and "Each bird on the winner's seat adds 1."
         or "Each bird on the winner's seat adds the payment once more.",
  example = "222m555p99s[333m][777s] win=9s niao=1",
  count = "niao" }

-- }==================================================================

-- {==================================================================
-- 起手胡: declared on the dealt tiles (context qishou), 2 from each
-- player per count
-- ===================================================================

local function held(v, n)
  local k = 0
  for _, c in pairs(v.tiles) do
    if c == n then k = k + 1 end
  end
  return k
end

if QISHOU["大四喜"] then
  R:fan { "大四喜", en = "Four of a kind dealt", aliases = { "dasixi" },
    points = 2, dealt = true,
    desc = { en = "A kind dealt four times; counts once for each such kind.",
             zh = "起手有一种牌四张；每有一种计一次。" },
    example = "5555m111p333p479s qishou seat=S",
    test = function(v) return held(v, 4) end }
end

if QISHOU["板板胡"] then
  R:fan { "板板胡", en = "No 2, 5 or 8 dealt", aliases = { "banbanhu" },
    points = 2, dealt = true,
    desc = { en = "The dealt tiles hold no 2, 5 or 8 at all.",
             zh = "起手的牌里完全没有 2、5、8。" },
    example = "13m4679p1346799s qishou seat=S",
    none = TWO_FIVE_EIGHT }
end

if QISHOU["缺一色"] then
  R:fan { "缺一色", en = "A suit missing", aliases = { "queyise" },
    points = 2, dealt = true,
    desc = { en = "The dealt tiles lack a suit (two missing count once).",
             zh = "起手的牌缺一门花色（缺两门也只计一次）。" },
    example = "1234567m123456p qishou seat=S",
    suits = { max = 2 } }
end

if QISHOU["六六顺"] then
  R:fan { "六六顺", en = "Two triplets dealt", aliases = { "liuliushun" },
    points = 2, dealt = true,
    desc = { en = "Two kinds dealt exactly three times; once for each two (a "
        .. "kind held four times is 大四喜, not this).",
             zh = "起手有两种牌各正好三张；每两种计一次（有四张的是大四喜，不是这个）。" },
    example = "111m222p3456789s qishou seat=S",
    test = function(v) return held(v, 3) // 2 end }
end

-- }==================================================================

-- {==================================================================
-- Who pays: the discarder (or the player robbed) for a discard win,
-- each of the others for a self-draw; birds on a payer double his
-- payment (jiafen: +1 each); 庄闲 adds 1 to a payment between the
-- dealer and another, never doubled
-- ===================================================================

-- A bird's rank names a seat counted from the winner (or the dealer):
-- 1/5/9 that seat, 2/6 the next, 3/7 across, 4/8 the one before.
local function bird_seat(tile, from)
  local k = (tonumber(tile:sub(1, 1)) - 1) % 4
  return (from - 1 + k) % 4 + 1
end

-- The birds of the wins being settled: turned in on_winning, read by
-- settle, which runs right after it for each winner of the tile.
local birds = {}

local function birds_on(seat, winner, dealer)
  local from = opt.niao_from == "dealer" and dealer or winner
  local n = 0
  for _, t in ipairs(birds) do
    if bird_seat(t, from) == seat then n = n + 1 end
  end
  return n
end

local function payment(w, payer)
  local hw = w.states[w.winner].niao
  local hp = birds_on(payer, w.winner, w.dealer)
  local amount
  if opt.niao_mode == "jiafen" then
    amount = w.total + hp                 -- the total is B + hw already
  else
    amount = w.total // (1 + hw) * (1 + hw + hp)
  end
  if opt.zhuangxian and (payer == w.dealer or w.winner == w.dealer) then
    amount = amount + 1
  end
  return amount
end

R.settle = function(w)
  return win_payments(w, function(seat) return payment(w, seat) end)
end

-- After the win: the birds from the head of the wall; none left (a 海底
-- win), the winning tile is the one bird. Each winner counts from his
-- own seat; the birds on him feed his total (niao=).
R.on_winning = function(g, w)
  birds = {}
  if opt.niao == 0 then return end
  birds = g:turn_tiles(opt.niao)
  local turned = #birds
  if turned == 0 and w.tile then birds = { w.tile } end
  if #w.winners == 1 then
    local from = opt.niao_from == "dealer" and g:dealer() or w.winners[1]
    for i = 1, turned do g:turned_for(i, bird_seat(birds[i], from)) end
  end
  for _, p in ipairs(w.winners) do
    g:set(p, "niao", birds_on(p, p, g:dealer()))
  end
end

-- 起手胡 is the player's choice: after the deal, each in turn from the
-- dealer (on his fourteen tiles) may declare what his tiles make; each
-- count is paid like a 小胡 self-draw, 2 from each other player (庄闲: 1
-- more between the dealer and another), at once, no birds.
-- The tiles a 起手胡 shows, face up until the declarer's next draw: the
-- four of a kind (大四喜), the triplets (六六顺), the whole hand (板板胡,
-- 缺一色).
local function shown(g, p, fans)
  local whole, four, three = false, false, false
  for _, f in ipairs(fans) do
    whole = whole or f.id == "板板胡" or f.id == "缺一色"
    four = four or f.id == "大四喜"
    three = three or f.id == "六六顺"
  end
  local out = {}
  for _, suit in ipairs { "m", "p", "s" } do
    local ranks = ""
    for r = 1, 9 do
      local c = g:count(p, r .. suit)
      local n = (whole or (four and c == 4) or (three and c == 3)) and c or 0
      ranks = ranks .. string.rep(tostring(r), n)
    end
    if ranks ~= "" then out[#out + 1] = ranks .. suit end
  end
  return table.concat(out)
end

if next(QISHOU) then
  R.declarations = { { "起手胡", label = { en = "起手胡 (start-of-hand win)",
                                         zh = "起手胡" },
                       when = "deal" } }
  R.can_declare = function(g, p)
    return g:score_hand(p, "qishou") ~= nil
  end
  R.on_declare = function(g, p)
    local total, fans = g:score_hand(p, "qishou")
    local names = {}
    for i, f in ipairs(fans) do
      names[i] = f.count > 1 and f.id .. "x" .. f.count or f.id
    end
    local reason = "起手胡 " .. table.concat(names, " ")
    g:show(p, shown(g, p, fans))
    for q = 1, g:players() do
      if q ~= p then
        local extra = opt.zhuangxian and (q == g:dealer() or p == g:dealer())
                      and 1 or 0
        g:pay(q, p, total + extra, reason)
      end
    end
  end
end

-- Kong money (gang_score), paid when the hand ends and only if it was won.
if opt.gang_score then
  R.on_end = function(g)
    if won(g) then pay_kongs(g, { exposed = 3, added = 1, concealed = 2 }) end
  end
end

-- The next dealer: the winner; with several, the one who paid them all.
-- A drawn hand: who took the 海底; all four let it go: the first offered;
-- a kong's replacement emptied the wall: that kong's player.
R.next_dealer = function(g)
  local winners, payer, last_draw, first_refused = {}, nil, nil, nil
  for i = 1, g:nevents() do
    local e = g:event(i)
    if e.type == "win" then
      winners[#winners + 1] = e.player
      payer = e.from
    elseif e.type == "draw" or e.type == "open" then
      last_draw = e.player
    elseif e.type == "refuse" then
      first_refused = first_refused or e.player
      last_draw = nil                 -- the 海底 not taken yet
    end
  end
  if #winners == 1 then return winners[1] end
  if #winners > 1 then return payer end
  return last_draw or first_refused or g:dealer()
end

-- }==================================================================

return R
