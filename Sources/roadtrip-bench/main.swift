runStoreBenchmarks()
