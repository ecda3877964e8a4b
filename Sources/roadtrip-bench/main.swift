// `make bench`: every figure the issues name, one line each: `name value unit`.
// Release build only; each figure is a median of several runs (see each file).
runStoreBenchmarks()
runPlacesBenchmarks()
runUIBenchmarks()
