-- A bot file that returns no function.
return 42
