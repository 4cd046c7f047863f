-- A bot that never answers: its budget ends each call.
return function(view, legal) while true do end end
