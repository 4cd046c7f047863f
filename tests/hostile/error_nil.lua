-- error() with nothing at all.
error()
return mj.ruleset{id="e2"}
