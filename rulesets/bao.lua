-- bao.lua
-- 宝 mahjong, of the Jiangxi 宝/精 family (closest to 上饶 Shangrao play):
-- after the deal a tile is turned up and the kind after it is wild (宝).
-- The decisions on everything the source page leaves vague are those of
-- RULES-bao.md. The score table is in one place below (SCORE): a club
-- changes it there, or in a variant made with mj.extend("bao").

local R = mj.ruleset {
  id = "bao",
  title = { en = "宝 (wild-tile mahjong, Jiangxi)",
            zh = "宝（江西宝牌麻将）" },
  version = "1.0",
  description = "The tile after the turned-up indicator is wild; "
             .. "23 named wins; a base doubled by each modifier.",
  shapes = { "standard", "seven_pairs", "shisanlan", "jiuyao" },
  pair_quads = true,                    -- four of a kind is two pairs
  wait_shapes = { "standard" },
  scoring = "doubling",
  -- 接宝 and 四个宝 stand alone, but a hand that is also a win by its
  -- shape gets the better of the fixed value and its own
  fixed_or_own = true,
  options = {
    self_draw_only = { default = false,
      desc = "every win is self-drawn except robbing a kong and 接宝" },
  },
  table = {
    tiles = 136, flowers = false, hand = 13,
    chow = true,                  -- from the previous player only
    rob_kong = true, rob_all = true,   -- everyone who can rob wins
    kong_after_claim = false,     -- kongs only in a turn begun with a draw
    replacement = "tail",
    dealer_stays_on_draw = true, winner_deals = true, rounds = 4,
    -- the indicator: dice, the d-th tile from the tail; the wild kind is
    -- the one after it in its cycle
    wild = "indicator",
    cycles = { "123456789m", "123456789p", "123456789s", "1234z", "567z" },
    wild_name = "宝",
  },
  -- What the engine keeps per player for the rules below (the hooks at
  -- the end set it): 宝 drawn (his own business), 宝 thrown (飞宝: public,
  -- each doubles his win), 偷机, and the two wins that 宝 drawn opens: 接宝
  -- (a discarded 宝 claimed as a win) and 四个宝 (a win at once, this turn).
  state = {
    { "drawn", label = { en = "宝 drawn", zh = "摸宝" }, private = true },
    { "feibao", label = { en = "宝 thrown", zh = "飞宝" }, token = "feibao" },
    { "touji", label = "偷机", private = true, flag = true,
      token = "touji", on = "self" },
    { "jiebao", private = true, flag = true, token = "jiebao",
      on = "discard", wild_tile = true },
    { "sibao", private = true, flag = true, token = "sibao", on = "self",
      turn = true },
  },
}

R.table.self_draw_only = R.opt.self_draw_only

-- The score table: base values of the shapes, doublings of the
-- modifiers (times = 2 doubles once, 4 twice, 8 three times), fixed wins.
local SCORE = {
  ["平糊"] = { base = 1 },
  ["碰碰糊"] = { base = 2 }, ["清碰碰糊"] = { base = 4 },
  ["七对"] = { base = 2 }, ["清七对"] = { base = 4 },
  ["华丽七对"] = { base = 4 }, ["清华丽七对"] = { base = 8 },
  ["十三浪"] = { base = 2 }, ["七星十三浪"] = { base = 4 },
  ["九幺"] = { base = 2 }, ["七星九幺"] = { base = 4 },
  ["宝吊头"] = { times = 2 }, ["天糊"] = { times = 8 },
  ["地糊"] = { times = 4 }, ["杠开"] = { times = 2 },
  ["宝吊宝"] = { times = 4 }, ["宝吊无宝"] = { times = 8 },
  ["飞宝"] = { times = 2 }, ["平糊自摸"] = { times = 2 },
  ["抢杠"] = { times = 2 }, ["单吊"] = { times = 2 },
  ["接宝"] = { fixed = 8 }, ["四个宝"] = { fixed = 16 },
}

-- Declare a pattern with its value from SCORE.
local function pattern(t)
  for k, v in pairs(SCORE[t[1]] or {}) do t[k] = v end
  return R:fan(t)
end

-- Settlement: a discard win (and robbing a kong, paid by the kong's
-- owner, and 接宝, by the discarder of the fourth wild) is paid by the
-- discarder alone; a self-draw (and 四个宝) by each of the three others.
-- Payments to or from the dealer are doubled.
R.settle = function(w)
  return win_payments(w, function(seat)
    local double = seat == w.dealer or w.winner == w.dealer
    return double and 2 * w.total or w.total
  end)
end

local ANY_SHAPE = { "none", "standard", "seven_pairs", "shisanlan", "jiuyao" }

-- {==================================================================
-- The 23 named wins, in the order of the source page
-- ===================================================================

pattern { "宝吊头", en = "Wild single wait",
  desc = { en = "Self-drawn after waiting with four complete melds and one lone 宝: "
      .. "any tile made the pair.",
           zh = "四组完整面子加一张单独的宝听牌后自摸：来什么牌都成将。" },
  example = "123m456p789s111z5m+7p self bao=5m",
  self = true, wild_single = true }

pattern { "天糊", en = "Heavenly hand",
  desc = { en = "The dealer's first fourteen tiles are a win.",
           zh = "庄家起手十四张就是和牌。" },
  example = "123m456p789s111z55m win=5m self first bao=9s",
  first = true, dealer = true }   -- "first" for the dealer is 天糊 (NOTATION)

pattern { "地糊", en = "Earthly hand",
  desc = { en = "A non-dealer wins on the dealer's first discard "
      .. "(with self_draw_only: on his own first draw), before any claim.",
           zh = "闲家在任何人吃碰之前和庄家的第一张打牌（只能自摸时：和自己的第一次摸牌）。" },
  example = "123m456p789s111z55m win=5m first seat=S bao=9s",
  first = true, dealer = false, self = R.opt.self_draw_only }

pattern { "杠开", en = "Out on a kong",
  desc = { en = "Won on the replacement tile drawn after a kong.",
           zh = "用杠后补牌和牌。" },
  example = "123m456p11z55m{9999s}+5m self kong bao=9p",
  kong = true }

pattern { "碰碰糊", en = "All pungs with 宝",
  desc = { en = "Four pungs or kongs and a pair, a 宝 standing for another tile "
      .. "(not a 宝吊头 win).",
           zh = "四组刻子或杠加一对将，有宝代替别的牌（不是宝吊头的和牌）。" },
  example = "111m555p8s222z33z7m+8s bao=7m",
  shape = "standard", chows = 0, wild_acting = true, wild_single = false,
  excludes = { "平糊" } }

pattern { "清碰碰糊", en = "Pure all pungs",
  desc = { en = "Four pungs or kongs and a pair, no 宝 standing for another tile.",
           zh = "四组刻子或杠加一对将，没有宝代替别的牌。" },
  example = "111m555p888s2z[777z]+2z bao=9m",
  shape = "standard", chows = 0, wild_acting = false,
  excludes = { "碰碰糊", "平糊" } }

pattern { "偷机", en = "Stealing (declined 宝吊头)", state = true,
  desc = { en = "A state, not a win: in 宝吊头 the player declined the win "
      .. "and played on; it ends when the hand leaves 宝吊头 "
      .. "(the lone 宝 thrown, say).",
           zh = "是状态，不是和牌：在宝吊头时玩家放弃和牌继续打；手牌离开宝吊头（例如打出单独的宝）时结束。" },
  example = "12m456p789s111z55m+5m self touji bao=5m",
  touji = true }

pattern { "宝吊宝", en = "宝 on 宝",
  desc = { en = "While stealing (偷机), so still in 宝吊头, draws a 宝 and wins.",
           zh = "偷机时（仍在宝吊头）摸到宝而和牌。" },
  example = "12m456p789s111z55m+5m self touji bao=5m",
  touji = true, self = true, win_tile = WILD,
  excludes = { "宝吊头" } }

pattern { "宝吊无宝", en = "宝 without 宝",
  desc = { en = "While stealing (so still in 宝吊头), wins with every 宝 "
      .. "at its own face: two 宝 as the pair, or three as a pung.",
           zh = "偷机时（仍在宝吊头）每张宝都当本身用而和牌：两张宝作将，或三张成刻子。" },
  example = "123m456p789s11z55m+1z self touji bao=5m",
  touji = true, self = true, wild_acting = false,
  melds = { pair(WILD) }, alt = { pung(WILD) },
  excludes = { "宝吊宝", "宝吊头" } }

pattern { "飞宝", en = "Flying 宝",
  desc = { en = "The winner doubles for each 宝 he discarded this hand.",
           zh = "和牌者本局每打出一张宝就翻一倍。" },
  example = "123m456p789s111z5p+5p feibao=1 bao=9m",
  count = "feibao" }

pattern { "七对", en = "Seven pairs with 宝",
  desc = { en = "Seven pairs, a 宝 standing for another tile.",
           zh = "七对，有宝代替别的牌。" },
  example = "1133557799m115z+9s self bao=9s",
  shape = "seven_pairs", wild_acting = true }

pattern { "清七对", en = "Pure seven pairs",
  desc = { en = "Seven pairs, no 宝 standing for another tile.",
           zh = "七对，没有宝代替别的牌。" },
  example = "1133557799m115z+5z bao=9s",
  shape = "seven_pairs", wild_acting = false,
  excludes = { "七对" } }

pattern { "华丽七对", en = "Luxury seven pairs with 宝",
  desc = { en = "Seven pairs with four of a kind, a 宝 standing for another tile.",
           zh = "含四张相同牌的七对，有宝代替别的牌。" },
  example = "1111335577m115z+9s self bao=9s",
  shape = "seven_pairs", quads = { min = 1 }, wild_acting = true,
  excludes = { "七对" } }

pattern { "清华丽七对", en = "Pure luxury seven pairs",
  desc = { en = "Seven pairs with four of a kind, no 宝 standing for another tile.",
           zh = "含四张相同牌的七对，没有宝代替别的牌。" },
  example = "1111335577m115z+5z bao=9s",
  shape = "seven_pairs", quads = { min = 1 }, wild_acting = false,
  excludes = { "清七对", "华丽七对", "七对" } }

pattern { "十三浪", en = "Thirteen apart",
  desc = { en = "Fourteen single tiles: in each suit the numbers 3 or more apart, "
      .. "honors not repeated.",
           zh = "十四张单张：每门花色的点数相隔三以上，字牌不重复。" },
  example = "147m258p369s1234z+5z bao=9m",
  shape = "shisanlan" }

pattern { "七星十三浪", en = "Seven-star thirteen apart",
  desc = { en = "十三浪 holding all seven honors.",
           zh = "七种字牌都有的十三浪。" },
  example = "147m25p39s123456z+7z bao=9m",
  shape = "shisanlan", every = HONORS,
  excludes = { "十三浪" } }

pattern { "九幺", en = "Terminals and honors",
  desc = { en = "Every tile a 1, a 9 or an honor, in any arrangement.",
           zh = "每张都是 1、9 或字牌，怎样组合都行。" },
  example = "119m19p199s11233z+3z bao=5m",
  shape = "jiuyao" }

pattern { "七星九幺", en = "Seven-star terminals and honors",
  desc = { en = "九幺 holding all seven honors.",
           zh = "七种字牌都有的九幺。" },
  example = "19m19p19s1234567z+1z bao=5m",
  shape = "jiuyao", every = HONORS,
  excludes = { "九幺" } }

pattern { "平糊自摸", en = "Plain self-drawn",
  desc = { en = "A standard hand with at least one chow, no 宝 acting, self-drawn.",
           zh = "至少有一组顺子的标准牌型，没有宝代替别的牌，自摸。" },
  example = "123m456p789s111z5s+5s self bao=9m",
  shape = "standard", chows = { min = 1 }, wild_acting = false, self = true }

pattern { "抢杠", en = "Robbing a kong",
  desc = { en = "Won on the tile another player adds to his pung "
      .. "(everyone who can rob wins).",
           zh = "和别人加杠的那张牌（能抢的人都和）。" },
  example = "123m456p111z55s78s+9s rob bao=1m",
  rob = true }

pattern { "接宝", en = "Catching the 宝",
  desc = { en = "Having drawn three 宝 this hand, claims the fourth from a discard: "
      .. "a win whatever the hand (or the hand's own value, if better).",
           zh = "本局已摸到三张宝，再从打牌中吃到第四张：不论牌型都和（若牌本身更高则按牌计）。" },
  example = "12m26p3s134z66z555m+5m jiebao bao=5m",
  shape = ANY_SHAPE, jiebao = true, alone = true }

pattern { "四个宝", en = "Four 宝",
  desc = { en = "Draws the fourth 宝 of the hand: a win whatever the hand (or the "
      .. "hand's own value, if better).",
           zh = "摸到本局的第四张宝：不论牌型都和（若牌本身更高则按牌计）。" },
  example = "12m26p3s134z66z555m+5m self sibao bao=5m",
  shape = ANY_SHAPE, sibao = true, alone = true }

pattern { "单吊", en = "Single after four melds",
  desc = { en = "Won with a single concealed tile left, four melds declared.",
           zh = "亮出四组面子，只剩一张暗牌而和牌。" },
  example = "5m[123m][456p][789s][111z]+5m bao=9s",
  declared = 4 }

-- Any other standard-shape win.
pattern { "平糊", en = "Plain win",
  desc = { en = "A standard hand (four melds and a pair) with no better base.",
           zh = "没有更高基数的标准牌型（四组面子加一对将）。" },
  example = "123m456p789s111z5s+5s bao=9m",
  shape = "standard" }

-- }==================================================================

-- {==================================================================
-- The 宝 the players draw, throw and wait on (the flow hooks)
-- ===================================================================

local JIEBAO_AT = 3    -- 接宝: three 宝 drawn, the fourth may be claimed
local SIBAO_AT = 4     -- 四个宝: the fourth 宝 drawn wins at once

-- Player p came by n more 宝 from the wall (dealt or drawn).
local function drew_bao(g, p, n)
  local drawn = g:get(p, "drawn") + n
  g:set(p, "drawn", drawn)
  g:set(p, "jiebao", drawn >= JIEBAO_AT)
  if n > 0 and drawn >= SIBAO_AT then g:set(p, "sibao", true) end
end

-- The 宝 is known once the hands are dealt: those dealt count as drawn.
R.on_start = function(g)
  for p = 1, g:players() do drew_bao(g, p, g:count(p, "wild")) end
end

R.on_draw = function(g, p, tile)
  if g:is_wild(tile) then drew_bao(g, p, 1) end
end

-- 偷机: in 宝吊头 before his draw, the player declines the win.
R.on_decline = function(g, p, tile)
  if g:wild_single(p, tile) then g:set(p, "touji", true) end
end

-- 偷机 lasts only while the hand stays in 宝吊头.
local function still_touji(g, p)
  if g:get(p, "touji") and not g:wild_single(p) then
    g:set(p, "touji", false)
  end
end

-- 飞宝: each 宝 thrown counts for the thrower's win.
R.on_discard = function(g, p, tile)
  if g:is_wild(tile) then g:set(p, "feibao", g:get(p, "feibao") + 1) end
  still_touji(g, p)
end

R.on_kong = function(g, k) still_touji(g, k.player) end

-- The hooks above hear of the 宝 drawn and thrown, and of every tile of a
-- player in 偷机: the other draws and discards need no Lua.
R.watch = { tiles = WILD, states = { "touji" } }

-- }==================================================================

return R
