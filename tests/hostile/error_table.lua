-- error() raised with a table: no message of its own.
error({})
return mj.ruleset{id="e1"}
