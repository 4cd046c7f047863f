-- xuezhan.lua
-- 血战到底 ("bloody battle to the end"), the Sichuan game, as in
-- RULES-xuezhan.md: 108 tiles, no chow, 换三张 and 定缺 before play, and
-- a win does not end the hand: the winner leaves and the others play on
-- until three have won or the wall ends (then 查花猪, 查大叫, 退税).
-- A win's units are 2^(F-1) for F 番, capped; kong money (刮风下雨) is
-- paid at once and may later move (呼叫转移) or go back (退税).

local R = mj.ruleset {
  id = "xuezhan",
  title = { en = "血战到底 (Sichuan Bloody Battle)",
            zh = "血战到底（四川）" },
  version = "1.0",
  description = "108 tiles, 换三张 and 定缺, play on after a win; "
             .. "2^(F-1) units for F 番, kong money at once, 查叫 at the end.",
  shapes = { "standard", "seven_pairs" },
  pair_quads = true,                   -- four of a kind is two pairs in 七对
  wait_shapes = { "standard", "seven_pairs" },
  scoring = "fan",
  context = { "que=" },
  options = {
    huansanzhang = { default = true, desc = "换三张: pass three tiles of one "
                     .. "suit after the deal, the way the dice say" },
    cap = { default = 4, desc = "the most 番 a win counts (0: no cap)" },
    zimo = { default = "jiadi", choices = { "jiadi", "jiafan" }, desc = "self-draw: \"jiadi\" (+1 unit from "
             .. "each payer, after the cap) or \"jiafan\" (+1 番)" },
    dianganghua = { default = "zimo", choices = { "zimo", "pao" }, desc = "杠上花 on a kong of a "
                    .. "discard: \"zimo\" (a self-draw) or \"pao\" (the "
                    .. "discarder alone pays, as a discard win)" },
    transfer = { default = "first", choices = { "first", "each", "split" },
                 desc = "呼叫转移 with several winners: "
                 .. "\"first\", \"each\" or \"split\"" },
    yaojiu = { default = false, desc = "带幺九 3 番 and 清幺九 5 番" },
    hands = { default = 8, desc = "hands in a match" },
  },
  table = {
    tiles = 108, flowers = false, hand = 13,
    chow = false,                      -- pung, kong and win only
    rob_kong = true, rob_all = true,   -- only an added kong is robbed
    kong_after_claim = false,          -- kongs in a turn begun with a draw
    replacement = "tail",
    rounds = 1,
    swap_to = { "across", "next", "previous" },   -- dice sum mod 3
    void_suit = true,                  -- 定缺
    after_win = "leave",               -- the winner leaves, play goes on
    multi_win = true,                  -- 一炮多响
    pass_lock = true,                  -- 过手胡
    kong_discard = true,               -- 杠上炮
  },
}

local opt = R.opt
if math.type(opt.cap) ~= "integer" or opt.cap < 0 or opt.cap > 20 then
  error("option cap is 0..20 番, not " .. tostring(opt.cap))
end
R.table.cap = opt.cap
R.table.swap = opt.huansanzhang and 3 or 0
R.table.match_hands = opt.hands      -- a match is so many hands

local TWO_FIVE_EIGHT = tiles "258m258p258s"
local TERMINALS = tiles "19m19p19s"

-- {==================================================================
-- The base patterns: the highest counts
-- ===================================================================

R:fan { "平胡", en = "Plain win",
  aliases = { "pinghu", "鸡胡", "屁胡", "平和" }, fan = 1,
  desc = { en = "Any other win: four sets and a pair.",
           zh = "其他任何和牌：四组面子加一对将。" },
  example = "234567m22345789s win=7s que=p",
  shape = "standard" }

R:fan { "对对胡", en = "All pungs",
  aliases = { "碰碰胡", "对对和", "對對胡", "碰碰和", "大对子", "duiduihu",
                "pengpenghu", "all pungs" },
  fan = 2,
  desc = { en = "Four pungs or kongs and a pair.",
           zh = "四组刻子或杠加一对将。" },
  example = "111555m22277799s win=9s que=p",
  shape = "standard", chows = 0, excludes = { "平胡" } }

R:fan { "清一色", en = "Full flush",
  aliases = { "qingyise" }, fan = 3,
  desc = { en = "Four sets and a pair, all of one suit.",
           zh = "四组面子加一对将，全是一门花色。" },
  example = "12334567788999m win=3m que=p",
  shape = "standard", suits = 1, excludes = { "平胡" } }

R:fan { "七对", en = "Seven pairs",
  aliases = { "qidui", "七小对", "七對", "暗七对", "seven pairs" }, fan = 3,
  desc = { en = "Seven pairs (four of a kind counts as two), concealed.",
           zh = "七个对子（四张相同算两对），门清。" },
  example = "11223344m556677s win=7s que=p",
  shape = "seven_pairs" }

R:fan { "清对", en = "Pure all pungs", fan = 4,
  desc = { en = "All pungs, all of one suit (清一色 and 对对胡).",
           zh = "全是刻子，全是一门花色（清一色加对对胡）。" },
  example = "11133355599m[777m] win=9m que=s",
  shape = "standard", chows = 0, suits = 1,
  excludes = { "对对胡", "清一色", "平胡" } }

R:fan { "将对", en = "All 2-5-8 pungs",
  aliases = { "將對", "jiangdui" }, fan = 4,
  desc = { en = "All pungs, every tile a 2, 5 or 8.",
           zh = "全是刻子，每张都是 2、5 或 8。" },
  example = "222555m55888s[222s] win=5s que=p",
  shape = "standard", chows = 0, all = TWO_FIVE_EIGHT,
  excludes = { "对对胡", "平胡" } }

R:fan { "龙七对", en = "Dragon seven pairs",
  aliases = { "龍七對", "longqidui" }, fan = 5,
  desc = { en = "Seven pairs holding four of a kind (one 根 is in it).",
           zh = "含四张相同牌的七对（其中有一个根）。" },
  example = "11112233m556677s win=7s que=p",
  shape = "seven_pairs", quads = { min = 1 },
  excludes = { "七对", { "根", 1 } } }

R:fan { "清七对", en = "Pure seven pairs",
  aliases = { "清七對", "qingqidui" }, fan = 5,
  desc = { en = "Seven pairs, all of one suit.",
           zh = "七对，全是一门花色。" },
  example = "11223355778899m win=9m que=p self",
  shape = "seven_pairs", suits = 1, excludes = { "七对" } }

R:fan { "清龙七对", en = "Pure dragon seven pairs", fan = 6,
  desc = { en = "Seven pairs of one suit holding four of a kind (one 根 is in it).",
           zh = "含四张相同牌的一门花色七对（其中有一个根）。" },
  example = "11112233557799p win=9p que=m",
  shape = "seven_pairs", suits = 1, quads = { min = 1 },
  excludes = { "龙七对", "清七对", "七对", { "根", 1 } } }

if opt.yaojiu then
  R:fan { "带幺九", en = "Terminals in all", fan = 3,
    desc = { en = "Each set and the pair hold a 1 or a 9.",
             zh = "每组面子和将都含有 1 或 9。" },
    example = "123789m11178999s win=9s que=p",
    shape = "standard", each_group = TERMINALS, excludes = { "平胡" } }

  R:fan { "清幺九", en = "Pure terminals in all", fan = 5,
    desc = { en = "带幺九 in one suit.",
             zh = "一门花色的带幺九。" },
    example = "11112233789999m win=9m que=p",
    shape = "standard", each_group = TERMINALS, suits = 1,
    excludes = { "带幺九", "清一色", "平胡" } }
end

-- The first go-around: six 番 flat, no add-on, no 加底.
R:fan { "天胡", en = "Heavenly hand",
  aliases = { "tianhu", "天和" }, flat = 6,
  desc = { en = "The dealer's first fourteen tiles are a win.",
           zh = "庄家起手十四张就是和牌。" },
  example = "234567m22345789s win=7s que=p seat=E self first",
  first = true, dealer = true, self = true, alone = true }

R:fan { "地胡", en = "Earthly hand",
  aliases = { "dihu", "地和" }, flat = 6,
  desc = { en = "A non-dealer wins on his first draw or on the dealer's first "
      .. "discard, before any pung or kong.",
           zh = "闲家在任何人碰杠之前，和自己的第一次摸牌或庄家的第一张打牌。" },
  example = "234567m22345789s win=7s que=p seat=S first",
  first = true, dealer = false, alone = true }

-- }==================================================================

-- {==================================================================
-- The add-ons: one 番 each
-- ===================================================================

R:fan { "根", en = "Root",
  aliases = { "gen", "roots" }, add = 1,
  desc = { en = "Each kind held four times, kongs and concealed tiles alike.",
           zh = "每种牌有四张就计一次，杠和暗牌一样算。" },
  example = "111123456m77789s win=9s que=p",
  count = "fours" }

R:fan { "金钩钓", en = "Golden hook",
  aliases = { "金鉤釣", "jingoudiao", "单钓" }, add = 1,
  desc = { en = "All pungs, won with a single concealed tile left before the win.",
           zh = "全是刻子，和牌前只剩一张暗牌。" },
  example = "99s[222m][555m][333s][7777s] win=9s que=p",
  shape = "standard", chows = 0, declared = 4 }

R:fan { "杠上花", en = "Flower on the kong",
  aliases = { "杠上开花", "槓上開花", "gangshanghua" }, add = 1,
  desc = { en = "Self-drawn on a kong's replacement tile.",
           zh = "用杠后补牌自摸。" },
  example = "234678m55789s{3333s} win=5s que=p self kong",
  self = true, kong = true }

R:fan { "杠上炮", en = "Cannon on the kong",
  aliases = { "槓上炮", "gangshangpao" }, add = 1,
  desc = { en = "Won on the discard that follows the discarder's kong.",
           zh = "和打牌者杠后打出的那张牌。" },
  example = "234678m34555789s win=5s que=p kong",
  self = false, kong = true }

R:fan { "抢杠胡", en = "Robbing a kong",
  aliases = { "搶槓胡", "qiangganghu" }, add = 1,
  desc = { en = "Won on the tile another adds to his pung.",
           zh = "和别人加杠的那张牌。" },
  example = "234678m23455789s win=2s que=p rob",
  rob = true }

R:fan { "海底捞月", en = "Moon from the sea bed",
  aliases = { "海底撈月", "haidilaoyue", "海底" }, add = 1,
  desc = { en = "Self-drawn with the wall's last tile.",
           zh = "摸牌墙最后一张自摸。" },
  example = "111555m22277799s win=9s que=p self wall-last",
  self = true, wall_last = true }

if opt.zimo == "jiafan" then
  R:fan { "自摸", en = "Self-drawn", add = 1,
    desc = { en = "Won by self-draw (zimo = \"jiafan\").",
             zh = "自摸和牌（zimo = \"jiafan\" 时）。" },
    example = "234567m22345789s win=7s que=p self",
    self = true }
end

-- }==================================================================

-- {==================================================================
-- Money: the win, the kongs, the wall's end
-- ===================================================================

local CAPPED = 1 << ((opt.cap > 0 and opt.cap or 5) - 1)   -- 花猪 pays this

-- The win: a discard's player pays the winner; a self-draw, each player
-- still in (加底: one unit more, never on 天胡/地胡); 点杠花 with "pao":
-- the kong tile's discarder alone, as a discard win.
R.settle = function(w)
  local pay = { 0, 0, 0, 0 }
  local function charge(seat, amount)
    pay[seat] = pay[seat] - amount
    pay[w.winner] = pay[w.winner] + amount
  end
  if w.payer then
    charge(w.payer, w.total)
  elseif w.kong_from and opt.dianganghua == "pao" and w.active[w.kong_from] then
    charge(w.kong_from, w.total)
  else
    local extra = (opt.zimo == "jiadi" and not w.first) and 1 or 0
    for seat = 1, w.players do
      if seat ~= w.winner and w.active[seat] then
        charge(seat, w.total + extra)
      end
    end
  end
  return pay
end

-- 刮风下雨: a kong's money at once, from the players still in.
R.on_kong = function(g, k)
  if k.kind == "exposed" then
    g:pay(k.from, k.player, 2, "kong")
    return
  end
  g:pay_each(k.player, k.kind == "concealed" and 2 or 1, "kong")
end

-- The kongs the player declared since his previous discard: the events
-- back from the end, up to that discard.
local function kongs_since_discard(g, player)
  local found = {}
  local i = g:nevents()
  -- skip the wins and the discard they were on
  while i > 0 and g:event(i).type == "win" do i = i - 1 end
  if i > 0 and g:event(i).type == "discard" then i = i - 1 end
  while i > 0 do
    local e = g:event(i)
    if e.player == player and e.type == "discard" then break end
    if e.player == player and (e.type == "kong" or e.type == "ckong"
                               or e.type == "akong") then
      found[i] = true
    end
    i = i - 1
  end
  return found
end

-- 呼叫转移: a win on the discard after the discarder's kong takes that
-- kong's money (option transfer: all to the first winner in turn order,
-- to each winner, or split between them).
R.on_win = function(g, w)
  if not w.payer then return end
  local kongs = kongs_since_discard(g, w.payer)
  if next(kongs) == nil then return end
  local first = w.winners[1]
  for i, e in ipairs(g:ledger()) do
    if kongs[e.event] and e.payee == w.payer and e.reason == "kong"
       and not e.moved and not e.refunded then
      g:transfer(i, first, "transfer")
      if opt.transfer == "each" then
        for k = 2, #w.winners do
          g:pay(w.payer, w.winners[k], e.amount, "transfer")
        end
      elseif opt.transfer == "split" and #w.winners > 1 then
        local share = e.amount // #w.winners
        for k = 2, #w.winners do
          if share > 0 then g:pay(first, w.winners[k], share, "transfer") end
        end
      end
    end
  end
end

-- 查叫 at the wall's end, when two or more are still in: 查花猪, 查大叫,
-- then 退税 from the 花猪 and the players not ready.
R.on_end = function(g)
  local inplay = {}            -- still in and never won (血流: winners stay)
  for seat = 1, g:players() do
    if g:active(seat) and g:wins(seat) == 0 then
      inplay[#inplay + 1] = seat
    end
  end
  if #inplay < 2 then return end
  local pig, best = {}, {}
  for _, seat in ipairs(inplay) do
    pig[seat] = g:holds_missing(seat)
    best[seat] = pig[seat] and 0 or g:best_win(seat)
  end
  for _, a in ipairs(inplay) do                      -- 查花猪
    if pig[a] then
      for _, b in ipairs(inplay) do
        if b ~= a and not pig[b] then g:pay(a, b, CAPPED, "pig") end
      end
    end
  end
  for _, a in ipairs(inplay) do                      -- 查大叫
    if not pig[a] and best[a] == 0 then
      for _, b in ipairs(inplay) do
        if best[b] > 0 then g:pay(a, b, best[b], "not ready") end
      end
    end
  end
  for i, e in ipairs(g:ledger()) do                  -- 退税
    local p = e.payee
    if e.reason == "kong" and not e.moved and not e.refunded
       and g:active(p) and (pig[p] or best[p] == 0) then
      g:refund(i, "refund")
    end
  end
end

-- The next dealer: the first winner (the discarder, when that first win
-- was 一炮多响); nobody won: the same dealer.
R.next_dealer = function(g)
  for i = 1, g:nevents() do
    local e = g:event(i)
    if e.type == "win" then
      local n = g:event(i + 1)
      if e.from and n and n.type == "win" and n.from == e.from then
        return e.from
      end
      return e.player
    end
  end
  return g:dealer()
end

-- }==================================================================

return R
