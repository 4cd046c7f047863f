-- bao-shangrao.lua
-- A local variant of 宝, as played in Shangrao (上饶): wins are self-drawn
-- only, except robbing a kong and 接宝; kong money paid at once; and a
-- club's own score table.
--
-- This file is the example for writing your own rules: start from a
-- ruleset with mj.extend, then change what differs. Load it with
--   hule --ruleset bao-shangrao       or, in the REPL,   load FILE
-- and after editing, "reload" picks the changes up.

local R = mj.extend("bao", {
  id = "bao-shangrao",
  title = { en = "宝, Shangrao style (self-draw only)",
            zh = "宝，上饶玩法（只能自摸）" },
  description = "宝 with self-drawn wins only (robbing a kong and 接宝 aside) "
             .. "and the Shangrao score table.",
})

-- Table rules: no win on a discard. The option stays (default now on), so
-- a club can still say self_draw_only=false.
R:set { options = { self_draw_only = { default = true,
  desc = "every win is self-drawn except robbing a kong and 接宝" } } }
R.table.self_draw_only = R.opt.self_draw_only

-- 地糊 is then the non-dealer's win on his own first draw.
R:get("地糊").self = R.opt.self_draw_only
R:get("地糊").example = "123m456p789s111z55m win=5m self first seat=S bao=9s"

-- A discard win is no win here: every example becomes a self-draw.
if R.opt.self_draw_only then
  for _, f in ipairs(R.fans) do
    local ex = f.example
    if ex and not (ex:find(" self") or ex:find(" rob") or ex:find(" jiebao"))
    then
      f.example = ex .. " self"
    end
  end
end

-- The club's score table: every win is self-drawn here, so 平糊自摸 is
-- the common case and worth less; the big hands are worth more.
R:points("平糊", { base = 2 })
R:points("平糊自摸", { times = 2 })
R:points("清碰碰糊", { base = 8 })
R:points("清七对", { base = 8 })
R:points("清华丽七对", { base = 16 })
R:points("七星十三浪", { base = 8 })
R:points("七星九幺", { base = 8 })
R:points("接宝", { fixed = 16 })
R:points("四个宝", { fixed = 32 })

-- 杠分, the kong money Shangrao tables pay at once: a concealed kong 2
-- from each other player, an added kong 1 from each, a kong of a discard
-- 2 from its discarder. The wins are settled as in 宝.
R:set { options = { gangfen = { default = true,
  desc = "kong money at once: concealed 2 each, added 1 each, "
      .. "of a discard 2 from the discarder" } } }
if R.opt.gangfen then
  local base_kong = R.on_kong          -- 宝's own: 偷机 ends with the hand
  R.on_kong = function(g, k)
    base_kong(g, k)
    if k.from then
      g:pay(k.from, k.player, 2, "kong")
    else
      g:pay_each(k.player, k.kind == "concealed" and 2 or 1, "kong")
    end
  end
end

-- A pattern of the club's own: 门清 (no meld declared) doubles once.
R:fan { "门清", en = "Concealed hand", times = 2,
  desc = { en = "No meld declared (a concealed kong is fine).",
           zh = "没有副露（暗杠可以）。" },
  example = "123m456p789s111z5s+5s self bao=9m",
  exposed = 0, shape = { "standard", "seven_pairs", "shisanlan", "jiuyao" } }

return R
