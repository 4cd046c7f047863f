-- Someone else's scenario that loops inside the library.
table.move({}, 1, 1e15, 1)
print("not reached")
