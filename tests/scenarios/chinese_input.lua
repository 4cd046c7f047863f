-- chinese_input.lua
-- A player may name a tile in Chinese where he types one: d 一条, 中
-- alone, pon 中, chi with 五万; the names of help tiles (红中, 东风) and
-- the short ones (中, 东), 筒 and 饼, 条 and 索.
--
--   hule run tests/scenarios/chinese_input.lua

local g = mj.game {
  ruleset = "mcr",
  hands = { "1234m123p55z1167s", "123456m789p2233z",
            "2378m2378p2378s3z", "1234z1379m13457p" },
  draws = "9s",
}
g:act("E", "d 一条")
expect(g:hand("E"), "1234m123p1679s55z", "d 一条 throws 1s")
g:pass()
g:act("S", "d 七筒")
expect(g:discards("S"), "7p", "d 七筒 throws 7p")
for _, word in ipairs { "中", "红中", "五万", "5z", "九索", "东风", "北" } do
  local ok, why = g:try("W", "d " .. word)
  assert(not ok and not why:find("not a tile") and not why:find("not an action"),
         word .. " is read as a tile: " .. tostring(why))
end
local ok, why = g:try("W", "d 十万")
assert(not ok and why:find("十万"), "an unknown name is refused naming it: "
       .. tostring(why))
print("tiles named in Chinese: d 一条, d 七筒, 中, 红中, 九索, 东风")
