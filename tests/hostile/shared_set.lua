-- A library tile set changed: refused (it would change other rulesets).
HONORS.mask = 0
return mj.extend("mcr", { id = "shared_set" })
