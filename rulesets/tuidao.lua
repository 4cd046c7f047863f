-- tuidao.lua
-- 推倒胡 ("push down"), the everyday game of Guangdong: no chow, wins by
-- self-draw (and robbing a kong), every win worth one share; the money is
-- in the ghosts (鬼牌, wild tiles), the horses (买马, tiles turned after
-- the win) and the liabilities (全包). The decisions where the sources
-- differ are those of RULES-tuidao.md; each is an option below.

local R = mj.ruleset {
  id = "tuidao",
  title = { en = "推倒胡 (Guangdong push-down, ghosts and horses)",
            zh = "推倒胡（广东：鬼牌与买马）" },
  version = "1.0",
  description = "Self-drawn wins worth one share each; ghosts, horses, "
             .. "kong money at the win, 抢杠 and 杠爆 paid in full.",
  shapes = { "standard", "seven_pairs", "thirteen_orphans" },
  pair_quads = true,                  -- four of a kind is two pairs in 七对
  wait_shapes = { "standard" },
  scoring = "doubling",
  context = { "gui=", "horses=", "streak=" },
  options = {
    gui = { default = "baiban",
            choices = { "none", "baiban", "fangui", "fangui2" }, desc = "ghosts: \"none\", \"baiban\" "
            .. "(白板 is wild), \"fangui\" (the kind after a turned tile) or "
            .. "\"fangui2\" (the two kinds after it)" },
    jiepao = { default = false, desc = "可接炮: wins on a discard too "
               .. "(the discarder pays one share; 一炮多响)" },
    qidui = { default = true, desc = "七对 is a winning shape" },
    qidui_double = { default = false, desc = "七对加倍: 七对 doubles" },
    wugui_double = { default = true, desc = "无鬼加倍: no ghost held, "
                     .. "with ghosts in play, doubles" },
    shisanyao_times = { default = 1, choices = { 1, 8 }, desc = "十三幺 multiplies the share "
                        .. "(1 or 8)" },
    sigui = { default = true, desc = "四鬼胡牌: four ghosts held win at "
              .. "once, whatever the rest" },
    sigui_double = { default = false, desc = "四鬼胡牌 doubles" },
    gangkai_double = { default = false, desc = "杠上开花 doubles" },
    jiejiegao = { default = false, desc = "节节高: a dealer winning again "
                  .. "adds 2 per win in a row" },
    horses = { default = 2, choices = { 0, 2, 4, 6, 8 }, desc = "买马: horses turned after a win (0, 2, "
               .. "4, 6, 8), kept back from the wall" },
    ma_gen_difen = { default = false, desc = "马跟底分: a horse adds the "
                     .. "share's base, not 2" },
    ma_gen_gang = { default = false, desc = "马跟杠: a horse also repeats "
                    .. "the winner's kong income" },
    qiangang_quanbao = { default = true, desc = "抢杠全包: the robbed player "
                         .. "pays all three shares" },
    gangbao_quanbao = { default = true, desc = "杠爆全包: a win on the "
                        .. "replacement of a claimed kong is paid in full by "
                        .. "the kong tile's discarder" },
    genzhuang = { default = true, desc = "跟庄: the three others follow the "
                  .. "dealer's first discard: he pays each 1" },
    flowers = { default = false, desc = "144 tiles: flowers set aside and "
                .. "replaced (they never score)" },
    liuju_gang = { default = false, desc = "kong money is paid in a drawn "
                   .. "hand too" },
    minggang_rob = { default = false, desc = "明杠可抢: a kong claimed from "
                     .. "a discard may be robbed too" },
    hands = { default = 8, desc = "hands in a match" },
  },
  table = {
    tiles = 136, flowers = false, hand = 13,
    turned_name = { en = "horse (买马)", zh = "买马" },
    chow = false,                     -- pung and kong only
    self_draw_only = true,            -- but robbing a kong
    rob_kong = true, rob_all = true,  -- only an added kong is robbed
    kong_after_claim = false,
    replacement = "tail",
    winner_deals = true, dealer_stays_on_draw = true,
    rounds = 1,
    claim_wild = false,               -- a discarded ghost cannot be claimed
    wild_melds = false,               -- ghosts never enter a pung or kong
    cycles = { "123456789m", "123456789p", "123456789s", "1234z", "567z" },
    wild_name = "鬼",
  },
  -- what the hooks below keep per player: the horses on a winner's seat
  -- (public once turned), and 跟庄's watch over the first go-around
  state = {
    { "horses", label = "马", token = "horses" },
    { "streak", token = "streak" },
    { "first_round" },
  },
}

local opt = R.opt

-- The table as the options say.
if opt.gui == "baiban" then
  R.wild = tiles"7z"
elseif opt.gui == "fangui" or opt.gui == "fangui2" then
  R.table.wild = "indicator"
  R.table.wild_kinds = opt.gui == "fangui2" and 2 or 1
end
if not opt.qidui then R.shapes = { "standard", "thirteen_orphans" } end
R.table.self_draw_only = not opt.jiepao
R.table.rob_exposed = opt.minggang_rob
R.table.multi_win = opt.jiepao          -- 一炮多响
if opt.flowers then R.table.tiles, R.table.flowers = 144, true end
R.table.reserve = opt.horses            -- the horses wait at the wall's end
R.table.match_hands = opt.hands

-- {==================================================================
-- The share: every win is worth one (B = 2), doubled by what applies,
-- plus the horses and 节节高
-- ===================================================================

local WINS = { "standard", "seven_pairs", "thirteen_orphans" }

R:fan { "胡牌", en = "A win (one share)", base = 2,
  desc = { en = "Any win: four melds and a pair, 七对 or 十三幺.",
           zh = "任何和牌：四组面子加一对将、七对或十三幺。" },
  example = "123456m789p234s55z win=4s self",
  shape = WINS }

if opt.sigui then
  R:fan { "四鬼胡牌", en = "Four ghosts", base = opt.sigui_double and 4 or 2,
    desc = { en = "On his own turn, a player holding the four ghost tiles wins "
        .. "at once, whatever the rest.",
             zh = "轮到自己时，手中有四张鬼牌的玩家立即和牌，不论其余的牌。" },
    example = "13m58p29s12347777z win=7z self gui=7z",
    shape = { "none", "standard", "seven_pairs", "thirteen_orphans" },
    self = true, wilds = { min = 4 },
    excludes = { "胡牌" } }
end

if opt.wugui_double then
  R:fan { "无鬼加倍", en = "No ghost", times = 2,
    desc = { en = "Ghosts are in play, and the winner's tiles hold none (a ghost "
        .. "at its own face counts as held).",
             zh = "有鬼牌的牌局，和牌者手中没有鬼（鬼牌当本身用也算持有）。" },
    example = "123456m789p234s55z win=4s self gui=7z",
    wild_in_play = true, wilds = 0 }
end

if opt.qidui and opt.qidui_double then
  R:fan { "七对加倍", en = "Seven pairs double", times = 2,
    desc = { en = "A 七对 win doubles.",
             zh = "七对和牌翻倍。" },
    example = "1122m3344p5566s11z win=1z self gui=7z",
    shape = "seven_pairs" }
end

if opt.shisanyao_times > 1 then
  R:fan { "十三幺", en = "Thirteen orphans", times = opt.shisanyao_times,
    desc = { en = "The thirteen terminals and honors, one of them twice.",
             zh = "十三种幺九牌和字牌，其中一种有两张。" },
    example = "119m19p19s1234567z win=1m self",
    shape = "thirteen_orphans" }
end

if opt.gangkai_double then
  R:fan { "杠上开花", en = "Out on a kong", times = 2,
    desc = { en = "Self-drawn on a kong's replacement.",
             zh = "用杠后补牌自摸。" },
    example = "123456m789p55z{2222s} win=5z self kong gui=7z",
    self = true, kong = true }
end

R:fan { "买马", en = "Horses", plus = opt.ma_gen_difen and "share" or 2,
  desc = opt.ma_gen_difen and "Each horse on the winner's seat adds the "
           .. "share's base (马跟底分)."
         or "Each horse on the winner's seat adds 2 to the share.",
  example = "123456m789p234s55z win=4s self gui=7z horses=1",
  count = "horses" }

if opt.ma_gen_gang then
  -- each horse repeats the winner's kong income per payer: 2 for a
  -- concealed kong, 1 for another (a 补杠's; D: a 点杠 counts so too)
  R:fan { "马跟杠", en = "Horses follow the kongs", plus = 1,
    desc = { en = "Each horse on the winner's seat repeats his kong income once.",
             zh = "和牌者座位上的每匹马让他的杠钱再算一次。" },
    example = "123456m789p55z{2222s} win=5z self kong gui=7z horses=1",
    kongs = { min = 1 },
    test = function(v)
      return v.horses * (2 * v.concealed_kongs + v.exposed_kongs)
    end }
end

if opt.jiejiegao then
  R:fan { "节节高", en = "Step by step", plus = 2,
    desc = { en = "A dealer winning again adds 2 for each of his wins in a row.",
             zh = "庄家连和时，每连和一次加 2。" },
    example = "123456m789p234s55z win=4s self seat=E streak=1",
    dealer = true, count = "streak" }
end

-- }==================================================================

-- {==================================================================
-- Who pays: a share from each of the others for a self-draw; the robbed
-- player (抢杠全包) or the kong tile's discarder (杠爆全包) all three;
-- with jiepao, the discarder one
-- ===================================================================

R.settle = function(w)
  local pay = { 0, 0, 0, 0 }
  local function charge(seat, n)
    pay[seat] = pay[seat] - n * w.total
    pay[w.winner] = pay[w.winner] + n * w.total
  end
  if w.rob then
    charge(w.payer, opt.qiangang_quanbao and 3 or 1)
  elseif w.kong_from and opt.gangbao_quanbao and w.self then
    charge(w.kong_from, 3)
  elseif w.payer then
    charge(w.payer, 1)
  else
    for seat = 1, w.players do
      if seat ~= w.winner then charge(seat, 1) end
    end
  end
  return pay
end

-- 买马: after a win the horses are turned from the reserve; a horse
-- names a seat counted from the dealer (1/5/9, 东, 中: the dealer; 2/6,
-- 南, 发: his next; 3/7, 西, 白: across; 4/8, 北: the one before him).
local function horse_seat(tile, dealer)
  local n, s = tonumber(tile:sub(1, 1)), tile:sub(2, 2)
  local k
  if s == "z" then k = n <= 4 and n - 1 or n - 5
  else k = (n - 1) % 4 end              -- suits and flowers
  return (dealer - 1 + k) % 4 + 1
end

R.on_winning = function(g, w)
  if opt.horses > 0 then
    local turned = g:turn_tiles(opt.horses)
    for i, t in ipairs(turned) do g:turned_for(i, horse_seat(t, g:dealer())) end
    for _, p in ipairs(w.winners) do
      local hits = 0
      for _, t in ipairs(turned) do
        if horse_seat(t, g:dealer()) == p then hits = hits + 1 end
      end
      g:set(p, "horses", hits)
    end
  end
  if opt.jiejiegao then
    for _, p in ipairs(w.winners) do
      if p == g:dealer() then g:set(p, "streak", g:streak()) end
    end
  end
end

-- Kong money, settled when the hand ends and only if someone won
-- (荒庄荒杠; liuju_gang pays it anyway): 点杠 3 from the discarder, 补杠
-- 1 and 暗杠 2 from each of the others. A robbed kong is void.
R.on_end = function(g)
  if won(g) or opt.liuju_gang then
    pay_kongs(g, { exposed = 3, added = 1, concealed = 2 })
  end
end

-- 跟庄: the first go-around, with no claim, sees S, W and N discard the
-- kind the dealer discarded first: the dealer pays each 1 at once. The
-- discards are watched only while that can still happen.
if opt.genzhuang then
  R.on_start = function(g)
    for p = 1, g:players() do g:set(p, "first_round", 1) end
  end
  R.on_discard = function(g, p, tile)
    local discards, first = {}, nil
    for i = 1, g:nevents() do
      local e = g:event(i)
      if e.type == "discard" then discards[#discards + 1] = e.tile
      elseif e.type == "pon" or e.type == "kong" or e.type == "ckong"
             or e.type == "akong" or e.type == "chi" then
        discards = nil
        break
      end
    end
    first = discards and discards[1]
    local follows = discards ~= nil
    for _, t in ipairs(discards or {}) do
      if t ~= first then follows = false end
    end
    if follows and #discards == 4 then
      local d = g:dealer()
      for q = 1, g:players() do
        if q ~= d then g:pay(d, q, 1, "genzhuang") end
      end
    end
    if not follows or #discards >= 4 then
      for q = 1, g:players() do g:set(q, "first_round", 0) end
    end
  end
  R.watch = { states = { "first_round" } }
else
  R.watch = { states = {} }
end

-- The next dealer: the winner (with two, the player robbed or the
-- discarder); nobody won: the same dealer.
R.next_dealer = function(g)
  local first, n = nil, 0
  for i = 1, g:nevents() do
    local e = g:event(i)
    if e.type == "win" then
      n = n + 1
      first = first or e
    end
  end
  if not first then return g:dealer() end
  if n > 1 and first.from then return first.from end
  return first.player
end

-- }==================================================================

return R
