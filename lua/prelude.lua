-- prelude.lua
-- The ruleset language: tile sets, meld members and the ruleset builder.
-- It runs once per Lua state with the host's helpers (argument H) and
-- returns the table of names ruleset scripts see. Ruleset scripts cannot
-- reach anything else: see host.c for the sandbox.

local H = ...
local setmetatable, getmetatable, type, error, pairs, ipairs, tostring =
      setmetatable, getmetatable, type, error, pairs, ipairs, tostring
local tonumber, select, string_format = tonumber, select, string.format
local T = H.tr   -- T"message": in the language in use (po/extract reads T)

local M = {}

-- {=====================================================================
-- Tile sets
-- ======================================================================

-- A set is an empty proxy: its mask and dyn live in SETDATA, so that
-- ruleset code can read s.mask but change no set (the library's NUMBERS,
-- HONORS... are shared by every file of a ruleset).
local SETDATA = setmetatable({}, { __mode = "k" })
local SET = { __name = "mj.set" }
-- s.mask, s.dyn; s["5s"] (s[v.pair] in a test): whether s holds that tile
-- (the kinds it names; a context set such as SEAT holds none of its own)
SET.__index = function(s, k)
  local d = SETDATA[s]
  if k == "mask" then return d.mask elseif k == "dyn" then return d.dyn end
  if type(k) == "string" then
    local m = H.tilemask(k)
    if m and m ~= 0 and m & (m - 1) == 0 then return d.mask & m ~= 0 end
  end
  return nil
end
SET.__newindex = function(_, k)
  error(string_format(T"a tile set is read-only (tried to set '%s')",
                      tostring(k)), 2)
end

local function mkset(mask, dyn)
  local s = setmetatable({}, SET)
  SETDATA[s] = { mask = mask, dyn = dyn or 0 }
  return s
end

local function isset(x) return getmetatable(x) == SET end
M.isset = isset

local function checkset(x, what, level)
  if not isset(x) then
    error(string_format(T"%s: expected a tile set such as tiles\"19m\", got %s",
                        what, type(x)), (level or 2) + 1)
  end
  return x
end

SET.__add = function(a, b)
  checkset(a, "set + set", 2); checkset(b, "set + set", 2)
  return mkset(a.mask | b.mask, a.dyn | b.dyn)
end
SET.__sub = function(a, b)
  checkset(a, "set - set", 2); checkset(b, "set - set", 2)
  return mkset(a.mask & ~b.mask, a.dyn & ~b.dyn)
end
SET.__mul = function(a, b)
  checkset(a, "set * set", 2); checkset(b, "set * set", 2)
  return mkset(a.mask & b.mask, a.dyn & b.dyn)
end
SET.__eq = function(a, b) return a.mask == b.mask and a.dyn == b.dyn end
SET.__tostring = function(s) return H.settext(s.mask, s.dyn) end

-- tiles"19m19p19s1234567z": the kinds named (notation of NOTATION.md)
function M.tiles(text)
  if type(text) ~= "string" then
    error(T"tiles: expected a tile string such as \"19m1234567z\"", 2)
  end
  local mask, err = H.tilemask(text)
  if not mask then error("tiles\"" .. text .. "\": " .. err, 2) end
  return mkset(mask)
end

-- ranks"789": those ranks in each of the three suits
function M.ranks(text)
  if type(text) ~= "string" or not text:match("^[1-9]+$") then
    error(T"ranks: expected digits 1-9 such as \"789\"", 2)
  end
  local s = ""
  for _, suit in ipairs { "m", "p", "s" } do s = s .. text .. suit end
  return mkset(H.tilemask(s))
end

M.NUMBERS = M.tiles"123456789m123456789p123456789s"
M.TERMINALS = M.tiles"19m19p19s"
M.HONORS = M.tiles"1234567z"
M.WINDS = M.tiles"1234z"
M.DRAGONS = M.tiles"567z"
M.SIMPLES = M.NUMBERS - M.TERMINALS
M.ALL = M.NUMBERS + M.HONORS
M.SEAT = mkset(0, 1)    -- the winner's seat wind
M.ROUND = mkset(0, 2)   -- the prevailing wind
M.WILD = mkset(0, 4)    -- the wild kind(s) of the hand

-- }=====================================================================

-- {=====================================================================
-- Meld members: chow"a", chow"a+1", chow(1), pung(WINDS), pair(5),
-- chow{1, suit = "x"}
-- ======================================================================

local MEMBER = {}
MEMBER.__name = "mj.member"
MEMBER.__tostring = function(m)
  local off = m.off ~= 0 and string_format("%+d", m.off) or ""
  local arg = m.var and (m.var .. off)
              or m.rank or (m.set and tostring(m.set)) or ""
  local suit = m.suit and (", suit " .. m.suit) or ""
  return m.type .. "(" .. tostring(arg) .. suit .. ")"
end

local function member(kind, arg, level)
  local m = setmetatable({ type = kind }, MEMBER)
  local function one(a)
    if type(a) == "string" then
      local v, sign, n = a:match("^%s*([a-d])%s*([+-]?)%s*(%d*)%s*$")
      if not v or (sign ~= "" and n == "") then
        error(string_format(T"%s\"%s\": a rank variable is a..d with an offset, such as \"a\" or \"a+2\"", kind, a),
              level + 2)
      end
      m.var = v
      m.off = (sign == "-" and -1 or 1) * (tonumber(n) or 0)
    elseif type(a) == "number" then
      if a ~= a // 1 or a < 1 or a > 9 then
        error(string_format(T"%s(%s): a rank is 1..9", kind, tostring(a)),
              level + 2)
      end
      m.rank = a
    elseif isset(a) then
      m.set = a
    elseif a ~= nil then
      error(string_format(T"%s: expected a rank, a rank variable or a tile set, got %s", kind, type(a)), level + 2)
    end
  end
  if type(arg) == "table" and not isset(arg) then
    one(arg[1])
    if arg[2] ~= nil then one(arg[2]) end
    if arg.suit ~= nil then
      if type(arg.suit) ~= "string" or not arg.suit:match("^[xyz]$") then
        error(string_format(T"%s: suit = \"x\", \"y\" or \"z\" (a suit variable)", kind),
              level + 1)
      end
      m.suit = arg.suit
    end
  else
    one(arg)
  end
  return m
end

M.ismember = function(x) return getmetatable(x) == MEMBER end
function M.chow(a) return member("chow", a, 1) end
function M.pung(a) return member("pung", a, 1) end
function M.pair(a) return member("pair", a, 1) end
function M.meld(a) return member("meld", a, 1) end

-- }=====================================================================

-- {=====================================================================
-- The ruleset builder
-- ======================================================================

-- The builder's methods are reached through the metatable only: no
-- field of a builder leads to them, so no ruleset can change them.
local METHODS = {}
local RULESET = { __index = METHODS, __name = "mj.ruleset" }

-- The fields an author gives, with their types: the one list of
-- lua/ruleset_fields.h. The builder's own fields are set by the prelude.
local INFO_FIELDS = H.ruleset_fields()
local BUILDER_OWN = { fans = true, where = true, opt = true,
                      option_decl = true }
local FIELD_NAMES = {}
for k in pairs(INFO_FIELDS) do FIELD_NAMES[#FIELD_NAMES + 1] = k end
table.sort(FIELD_NAMES)

-- The edit distance of two names in characters (core/base/text.c's).
local distance = H.distance

-- The name of names nearest to name, if near enough to be a slip: one
-- character in a name of up to three, two or a quarter in a longer one.
local function nearest(name, names)
  if type(name) ~= "string" or #name > 60 then return nil end
  local n = select(2, name:gsub("[^\128-\191]", ""))   -- characters
  local best, bd = nil, (n <= 3 and 1 or math.max(2, n // 4)) + 1
  for _, cand in ipairs(names) do
    local d = distance(name, cand)
    if d < bd then best, bd = cand, d end
  end
  return best
end

-- An error at the author's line: the first file line from level up (a
-- tail-called "return mj.ruleset {...}" leaves no line of its own).
local function field_error(msg, level)
  local at = H.where(level + 1)
  error(at ~= "?" and at .. ": " .. msg or msg, 0)
end

local function unknown_field(k, level)
  local best = nearest(k, FIELD_NAMES)
  field_error(string_format(T"mj.ruleset: unknown field '%s'%s", tostring(k),
                            best and ("; did you mean '" .. best .. "'?")
                            or ""), level + 1)
end

local function check_field(k, v, level)
  local want = INFO_FIELDS[k]
  if not want then unknown_field(k, level + 1) end
  if want == "text" then   -- "..." or { en = "...", zh = "..." }
    if type(v) == "string" or (type(v) == "table" and type(v.en) == "string"
                               and (v.zh == nil or type(v.zh) == "string")) then
      return
    end
    field_error(string_format(T"mj.ruleset: field '%s' must be a string or { en = \"...\", zh = \"...\" }", k), level + 1)
  end
  if type(v) ~= want and not (k == "wild" and (isset(v) or v == false)) then
    field_error(string_format(T"mj.ruleset: field '%s' must be a %s, not a %s",
                              k, want, type(v)), level + 1)
  end
end

local function check_info(t, level)
  for k, v in pairs(t) do check_field(k, v, level + 1) end
end

-- R.field = value: a field of the list, of its type, or an error at the
-- line that writes it (a misspelt hook would otherwise never run).
RULESET.__newindex = function(R, k, v)
  if not BUILDER_OWN[k] then
    if k == "options" then
      error(T"mj.ruleset: set options with R:set{ options = { ... } }", 2)
    end
    if v ~= nil then check_field(k, v, 2) end
    if v == nil and not INFO_FIELDS[k] then unknown_field(k, 2) end
  end
  rawset(R, k, v)
end

-- An option's declaration: { default =, desc =, choices =, min =, max =,
-- kind = "tile" }; nothing else, each of its type.
local OPTION_FIELDS = { default = "any", desc = "string", choices = "table",
                        min = "number", max = "number", kind = "string" }
local OPTION_NAMES = { "default", "desc", "choices", "min", "max", "kind" }

local function check_option_decl(name, d, level)
  local function bad(msg) field_error(string_format(
                                     T"mj.ruleset: option '%s': %s",
                                     tostring(name), msg),
                                     level + 2) end
  if type(d) ~= "table" or d.default == nil and d.kind == nil then
    bad(T"must be a table { default = ..., desc = \"...\" }")
  end
  for k, v in pairs(d) do
    local want = OPTION_FIELDS[k]
    if not want then
      local best = nearest(k, OPTION_NAMES)
      bad(best and string_format(T"unknown field '%s'; did you mean '%s'?",
                                 tostring(k), best)
          or string_format(T"unknown field '%s' (an option has default, desc, choices, min, max, kind)", tostring(k)))
    end
    if want ~= "any" and type(v) ~= want then
      bad(string_format(T"field '%s' must be a %s, not a %s", k, want, type(v)))
    end
  end
  if (d.min ~= nil or d.max ~= nil) and type(d.default) ~= "number" then
    bad(T"min and max are for a number option")
  end
  if d.min ~= nil and d.max ~= nil and d.min > d.max then
    bad(string_format(T"min %s is above max %s", tostring(d.min),
                      tostring(d.max)))
  end
end

-- Is value a right one for the option d? Nil, or why not.
local function option_wrong(name, d, value)
  if d.kind == nil and type(value) ~= type(d.default) then
    return string_format("option %s is a %s, not %s", name, type(d.default),
                         tostring(value))
  end
  if type(d.choices) == "table" then
    local ok, list = false, {}
    for _, c in ipairs(d.choices) do
      ok = ok or value == c
      list[#list + 1] = tostring(c)
    end
    if not ok then
      return string_format("option %s is one of %s, not %s", name,
                           table.concat(list, ", "), tostring(value))
    end
  end
  if d.min ~= nil and value < d.min then
    return string_format("option %s is at least %s, not %s", name,
                         tostring(d.min), tostring(value))
  end
  if d.max ~= nil and value > d.max then
    return string_format("option %s is at most %s, not %s", name,
                         tostring(d.max), tostring(value))
  end
end

-- The option values a variant gives its base (mj.extend(id, { options =
-- { niao = 4 } })): the base is built with them unless the user gives
-- others. Set only while the base builds.
local base_defaults = nil

-- Options: declared with defaults; the user's values (from the host)
-- override them. Unknown user options are an error.
local function resolve_options(decl, given, id, level)
  local opt = {}
  for name, d in pairs(decl or {}) do
    check_option_decl(name, d, level + 1)
    opt[name] = d.default
    -- a default outside its own bounds is the author's slip
    local why = d.default ~= nil and option_wrong(name, d, d.default)
    if why then
      field_error(string_format(T"mj.ruleset: the default of %s", why),
                  level + 1)
    end
    local mine = base_defaults and base_defaults[name]
    if mine ~= nil then
      why = (type(mine) ~= type(d.default) and d.default ~= nil and
             string_format("option %s is a %s, not a %s", name,
                           type(d.default), type(mine)))
            or option_wrong(name, d, mine)
      if why then field_error(string_format(T"mj.extend: %s", why), level + 2) end
      opt[name] = mine
    end
  end
  -- options nobody declared are reported once the ruleset is complete
  -- (a variant may declare options its base does not know)
  for name, v in pairs(given or {}) do
    local d = decl and decl[name]
    if d ~= nil then
      local value, why = H.convert_option(name, v, d.default, d.kind)
      if value == nil then field_error(why, level + 1) end
      why = not (d.kind == "tile" and value == false) and
            option_wrong(name, d, value)
      if why then field_error(why, level + 1) end
      opt[name] = value
    end
  end
  return opt
end

-- win_payments(w, amount): the payments of the win w (settle's
-- argument), one a seat: the payer alone pays, or each other player of a
-- self-draw, amount(seat) each
function M.win_payments(w, amount)
  if type(w) ~= "table" or type(w.winner) ~= "number" then
    error(T"win_payments: expected the win settle is given", 2)
  end
  if type(amount) ~= "function" then
    error(T"win_payments: expected a function amount(seat)", 2)
  end
  local pay = { 0, 0, 0, 0 }
  for seat = 1, w.players or 4 do
    if seat ~= w.winner and (w.payer == nil or seat == w.payer) then
      local a = amount(seat)
      if math.type(a) ~= "integer" then
        error(string_format(T"win_payments: amount(%s) returned %s, not a whole number", tostring(seat), tostring(a)), 2)
      end
      pay[seat] = pay[seat] - a
      pay[w.winner] = pay[w.winner] + a
    end
  end
  return pay
end

-- pay_kongs(g, { exposed = 3, added = 1, concealed = 2 }): in a hook,
-- every kong of the hand paid: an exposed one by the discarder of its
-- tile, an added or a concealed one by each other player still in
-- (a kind not given is not paid); the reason is "kong"
function M.pay_kongs(g, amounts)
  if type(amounts) ~= "table" then
    error(T"pay_kongs: expected { exposed =, added =, concealed = }", 2)
  end
  for i = 1, g:nevents() do
    local e = g:event(i)
    if e.type == "kong" and amounts.exposed then
      g:pay(e.from, e.player, amounts.exposed, "kong")
    elseif e.type == "akong" and amounts.added then
      g:pay_each(e.player, amounts.added, "kong")
    elseif e.type == "ckong" and amounts.concealed then
      g:pay_each(e.player, amounts.concealed, "kong")
    end
  end
end

-- won(g): in a hook, whether anyone has won this hand
function M.won(g)
  for p = 1, g:players() do
    if g:wins(p) > 0 then return true end
  end
  return false
end

function M.ruleset(t)
  H.check_loading("mj.ruleset")
  if type(t) ~= "table" then
    error(T"mj.ruleset: expected a table { id = ..., ... }", 2)
  end
  check_info(t, 2)
  if type(t.id) ~= "string" or not t.id:match("^[%w_%-]+$") then
    error(T"mj.ruleset: id must be a name of letters, digits, - and _", 2)
  end
  local R = setmetatable({
    id = t.id, title = t.title or t.id, version = t.version or "1",
    description = t.description or "",
    shapes = t.shapes or { "standard" }, pair_quads = t.pair_quads ~= false,
    wait_shapes = t.wait_shapes or { "standard" },
    scoring = t.scoring or "sum", account_once = t.account_once == true,
    fixed_or_own = t.fixed_or_own == true, context = t.context or {},
    exclusive = t.exclusive or {}, refuse = t.refuse, parts = t.parts,
    knitted_waits = t.knitted_waits ~= false, unit = t.unit,
    min_points = t.min_points or 0,
    option_decl = t.options or {},
    table = t.table or {}, wild = t.wild or false, settle = t.settle,
    on_kong = t.on_kong, on_win = t.on_win, on_end = t.on_end,
    next_dealer = t.next_dealer, state = t.state,
    on_start = t.on_start, on_draw = t.on_draw, on_discard = t.on_discard,
    on_decline = t.on_decline, watch = t.watch, on_winning = t.on_winning,
    declarations = t.declarations, can_declare = t.can_declare,
    on_declare = t.on_declare,
    fans = {}, where = H.where(2),
  }, RULESET)
  -- the other fields of the list as given (context_words, match_state)
  for k in pairs(INFO_FIELDS) do
    if R[k] == nil and k ~= "options" then R[k] = t[k] end
  end
  R.opt = resolve_options(t.options, H.user_options(), t.id, 2)
  H.register(R)
  return R
end

-- mj.extend("bao"): the builder of another ruleset, to change.
function M.extend(id, changes)
  H.check_loading("mj.extend")
  if type(id) ~= "string" then error(T"mj.extend: expected a ruleset id", 2) end
  -- options = { niao = 4 }: values for the base's options (a table is an
  -- option this variant declares)
  local values, decls = {}, nil
  if type(changes) == "table" and type(changes.options) == "table" then
    decls = {}
    for name, v in pairs(changes.options) do
      if type(v) == "table" then decls[name] = v else values[name] = v end
    end
  end
  local saved = base_defaults
  base_defaults = values
  local ok, R = pcall(H.build_base, id)
  base_defaults = saved
  if not ok then error(R, 0) end
  for name in pairs(values) do
    if R.option_decl[name] == nil then
      local names = {}
      for k in pairs(R.option_decl) do names[#names + 1] = k end
      table.sort(names)
      local near = nearest(name, names)
      field_error(string_format(T"mj.extend: ruleset %s has no option '%s'%s",
                                id, tostring(name), near and
                                ("; did you mean " .. near .. "?") or ""), 2)
    end
  end
  -- the ruleset's own fields are now this file's: errors name its line
  R.where = H.where(2)
  if changes ~= nil then
    local rest = {}
    for k, v in pairs(changes) do rest[k] = v end
    rest.options = decls and next(decls) and decls or nil
    R:set(rest)
  end
  H.register(R)
  return R
end

local function find(R, name, level)
  local names = {}
  for i, f in ipairs(R.fans) do
    if f[1] == name or f.en == name then return i, f end
    names[#names + 1] = f[1]
    if type(f.en) == "string" then names[#names + 1] = f.en end
  end
  local best = nearest(name, names)
  error(string_format(T"no fan '%s' in ruleset %s%s", tostring(name), R.id,
                      best and ("; did you mean '" .. best .. "'?") or ""),
        level + 1)
end

function METHODS:fan(t)
  H.check_loading("fan")
  if getmetatable(self) ~= RULESET then
    error(T"use R:fan{...}, not R.fan{...}", 2)
  end
  if type(t) ~= "table" then
    error(T"fan: expected a table { \"name\", points = ... }", 2)
  end
  t.where = H.where(2)
  if #self.fans >= H.max_fans then
    error(string_format(T"too many fans (at most %d)", H.max_fans), 2)
  end
  H.check_fan(t, self.scoring)     -- raises with the location on a bad fan
  for _, f in ipairs(self.fans) do
    if f[1] == t[1] then error(string_format(T"duplicate fan '%s'", t[1]), 2) end
  end
  self.fans[#self.fans + 1] = t
  return t
end

function METHODS:remove(name)
  H.check_loading("remove")
  local i = find(self, name, 2)
  table.remove(self.fans, i)
  for _, f in ipairs(self.fans) do    -- forget references to it
    if f.excludes then
      for k = #f.excludes, 1, -1 do
        local e = f.excludes[k]
        if e == name or (type(e) == "table" and e[1] == name) then
          table.remove(f.excludes, k)
        end
      end
    end
    if f.excludes_melds then
      for k = #f.excludes_melds, 1, -1 do
        if f.excludes_melds[k] == name then
          table.remove(f.excludes_melds, k)
        end
      end
    end
  end
end

-- R:get("七对"): the fan, to change. A write through it is remembered
-- with its line, so that an error in what was written names the
-- variant's file and line, not the line that first made the fan.
function METHODS:get(name)
  local _, f = find(self, name, 2)
  return setmetatable({}, {
    __index = f,
    __newindex = function(_, k, v)
      f[k] = v
      f.where = H.where(2)
    end,
    __pairs = function() return next, f, nil end,
    __len = function() return #f end,
    __metatable = "fan",
  })
end

-- R:points("清一色", 32), or for doubling rulesets R:points("七对", {base = 3})
function METHODS:points(name, value)
  H.check_loading("points")
  local _, f = find(self, name, 2)
  if type(value) == "number" then
    for _, k in ipairs { "points", "base", "times", "fixed", "fan", "add",
                         "flat", "plus" } do
      if f[k] ~= nil then f[k] = value; return f end
    end
    f.points = value
  elseif type(value) == "table" then
    f.points, f.base, f.times, f.fixed = nil, nil, nil, nil
    f.fan, f.add, f.flat, f.plus = nil, nil, nil, nil
    for k, v in pairs(value) do f[k] = v end
  else
    error(T"points: expected a number or a table such as { base = 2 }", 2)
  end
  H.check_fan(f, self.scoring)
  return f
end

function METHODS:set(changes)
  H.check_loading("set")
  if type(changes) ~= "table" then
    error(T"set: expected a table of fields", 2)
  end
  check_info(changes, 2)
  for k, v in pairs(changes) do
    if k == "table" then
      for tk, tv in pairs(v) do self.table[tk] = tv end
    elseif k == "options" then
      for ok, ov in pairs(v) do self.option_decl[ok] = ov end
      self.opt = resolve_options(self.option_decl, H.user_options(), self.id, 2)
    else
      self[k] = v
    end
  end
  return self
end

-- }=====================================================================

return M
