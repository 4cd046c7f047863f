-- A bot that answers an action that is never legal.
return function(view, legal) return "d 9z" end
