-- A bot whose choice is a loop inside a C library call.
return function(view, legal) table.move({}, 1, 1e15, 1) return legal[1] end
