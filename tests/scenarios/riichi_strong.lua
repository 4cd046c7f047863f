-- riichi_strong.lua
-- The strong bot where a concealed hand may declare ready (riichi): it
-- keeps the hand concealed unless a claim leaves a win in sight (ready
-- with a yaku on a live wait, a pung of a valuable honor, or one from
-- ready with live draws to a ready hand with a yaku), and against another's riichi it folds a hand two or
-- more from ready, throwing a tile the declarer cannot win on. The
-- efficiency bot, which does neither, shows each case is a choice.
--
--   hule run tests/scenarios/riichi_strong.lua

-- the last decision seat (0..3) made: "pass", "discard 9m", "chi 2m"
local function decided(g, kind, seat)
  g:step(kind)
  local last
  for line in g:log():gmatch("[^\n]+") do
    local a, p = line:match('^{"act":"(%a+)","p":(%d)')
    if a and tonumber(p) == seat then
      local t = line:match('"tile":"(%w+)"')
      last = t and (a .. " " .. t) or a
    end
  end
  return last
end

-- South's answer when East, who drew 2z, throws tile from his hand
local function answer(kind, hands, tile)
  local g = mj.game { ruleset = "riichi", hands = hands, draws = "2z" }
  g:act("E", "d " .. tile)
  return decided(g, kind, 1)
end

for _, kind in ipairs { "strong", "efficiency" } do
  -- 1. East throws 3m: a chow would open South's hand and leave it far
  --    from ready, with no yaku in sight
  local a = answer(kind, { "1357m1357p1357s1z", "24m568p234s99s147z",
                           "2468m2468p2468s1s", "9m9p11s222333444z" }, "3m")
  if kind == "strong" then
    expect(a, "pass", "strong keeps a concealed hand closed")
  else
    expect(a:sub(1, 3), "chi", "the efficiency bot chows")
  end

  -- 2. East throws 5z: the pung makes South ready with 役牌中 on 6s/9s
  a = answer(kind, { "1357m1357p1357s5z", "55z123m456p78s99s1z",
                     "2468m2468p2468s1s", "9m9p11s222333444z" }, "5z")
  expect(a:sub(1, 3), "pon",
         kind .. ": a pung that makes a ready hand with a yaku")

  -- 3. East throws 6z (發, a dragon: 役牌) or 3z (West, nobody's wind
  --    here): South, far from ready, pungs the dragon only, a yaku in
  --    hand and a step nearer; the efficiency bot pungs either
  for _, pair in ipairs { "6z", "3z" } do
    local c = answer(kind, { "1357m1357p1357s" .. pair,
                             pair .. pair .. "139m578p139s24z",
                             "2468m2468p2468s9m", "9m9p99s111444z567z" }, pair)
    if kind == "strong" and pair == "3z" then
      expect(c, "pass", "strong: a pung of no value opens the hand for nothing")
    else
      expect(c:sub(1, 3), "pon", kind .. ": the pung of " .. pair)
    end
  end

  -- 4. East throws 4m: the chow leaves South all simples, one from ready
  --    with many draws to a ready hand with a yaku (断幺九)
  a = answer(kind, { "1357m1357p1357s4m", "35m456p234s6688s9p",
                     "2468m2468p2468s9m", "9m9p99s111444z567z" }, "4m")
  expect(a, "chi 3m",
         kind .. ": a chow one from ready with a yaku in reach")

  -- 5. East declares riichi with 9m; South, far from ready, holds 9m
  --    (the declarer's own discard: he cannot win on it) in a run
  local g = mj.game { ruleset = "riichi",
    hands = { "123m456p789s1122z", "789m13p46s28s3567z",
              "2468m2468p2468s1s", "1357m1357p1357s4z" },
    draws = "9m5p",
    tail = "5s5s6s6s4z9s" }
  g:act("E", "riichi 9m")
  g:pass()
  local d = decided(g, kind, 1)
  if kind == "strong" then
    expect(d, "discard 9m", "strong folds: the declarer's own discard")
  else
    assert(d ~= "discard 9m", "the efficiency bot keeps its run: " .. d)
  end
end
print("the strong bot keeps concealed, claims to win, folds against riichi")
