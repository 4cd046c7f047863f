-- A bot file that does not parse.
return function(view, legal)
  return 1 +
end
