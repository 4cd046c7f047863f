-- Found before the shipped riichi.lua (--rules puts this folder first), so
-- the shipped riichi-tenhou.lua extends it: shipped code runs without the
-- count hook, and the budgets must hold the moment this text is loaded.
while true do end
