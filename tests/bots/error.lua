-- A bot that fails every decision: the efficiency bot decides instead.
return function(view, legal) error("boom") end
