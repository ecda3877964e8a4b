// Test support for the store kill loop (issue 2): filled in with the store's persistence work.
print("roadtrip-torture: not built yet")
