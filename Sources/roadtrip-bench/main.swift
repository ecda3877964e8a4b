import Foundation

// `make bench`: every figure the issues name, one line each: `name value unit`.
// Release build only; each figure is a median of several runs (see each file).
// Places first: `places.rss` is the process's resident memory, which the store's large files would inflate.
// BENCH_ONLY=places|store|ui|routing|itinerary|map|timezones|solver|suggest|regions|along|charge|water|list|merge|country|journey runs one group (for tuning, e.g. under perf).
// BENCH_CALLGRIND=1 prints instruction counts instead (CallgrindBench.swift; BENCH_ONLY=ui|trip|map|places narrows it).
let onlyGroup = ProcessInfo.processInfo.environment["BENCH_ONLY"]
if ProcessInfo.processInfo.environment["BENCH_CALLGRIND"] == "1"
    || ProcessInfo.processInfo.environment["BENCH_CALLGRIND_SCENARIO"] != nil {
    runCallgrindBenchmarks()
    exit(0)
}
if onlyGroup == nil || onlyGroup == "places" { runPlacesBenchmarks() }
if onlyGroup == nil || onlyGroup == "store" { runStoreBenchmarks() }
if onlyGroup == nil || onlyGroup == "ui" { runUIBenchmarks() }
if onlyGroup == nil || onlyGroup == "routing" { runRoutingBenchmarks() }
if onlyGroup == nil || onlyGroup == "itinerary" { runItineraryBenchmarks() }
if onlyGroup == nil || onlyGroup == "map" { runMapBenchmarks() }
if onlyGroup == nil || onlyGroup == "timezones" { runTimeZoneBenchmarks() }
if onlyGroup == nil || onlyGroup == "solver" { runSolverBenchmarks() }
if onlyGroup == nil || onlyGroup == "suggest" { runSuggestBenchmarks() }
if onlyGroup == nil || onlyGroup == "regions" { runRegionBenchmarks() }
if onlyGroup == nil || onlyGroup == "along" { runAlongBenchmarks() }
if onlyGroup == nil || onlyGroup == "charge" { runChargeBenchmarks() }
if onlyGroup == nil || onlyGroup == "water" { runWaterBenchmarks() }
if onlyGroup == nil || onlyGroup == "list" { runListBenchmarks() }
if onlyGroup == nil || onlyGroup == "merge" { runMergeBenchmarks() }
if onlyGroup == nil || onlyGroup == "country" { runCountryBenchmarks() }
if onlyGroup == nil || onlyGroup == "journey" { runJourneyBenchmarks() }
