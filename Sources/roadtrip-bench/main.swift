// `make bench`: every figure the issues name, one line each: `name value unit`.
// Release build only; each figure is a median of several runs (see each file).
// Places first: `places.rss` is the process's resident memory, which the store's large files would inflate.
runPlacesBenchmarks()
runStoreBenchmarks()
runUIBenchmarks()
