// swift-tools-version:6.0
// Fuzzing with libFuzzer. Separate from the main package so that the fuzz targets, which only link with
// -sanitize=fuzzer, never enter an ordinary build. `make fuzz` (./run) builds them with
// `swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing` and runs each for a
// bounded time.
import PackageDescription

let package = Package(
    name: "roadtrip-fuzz",
    targets: [
        // The app's own sources (Sources/RoadtripCore is a symbolic link), instrumented for coverage.
        .target(name: "SafeText"),
        // zlib, for the place gazetteer and KMZ (Sources/CZlib is a symbolic link too).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
        // libxml2 through dlopen, for GPX and KML (Sources/CLibXML is a symbolic link too).
        .target(name: "CLibXML", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        // libcurl, loaded when OSRM is asked (Sources/CCurl is a symbolic link too).
        .target(name: "CCurl"),
        // A region build's children (Sources/CChildGuard is a symbolic link too).
        .target(name: "CChildGuard"),
        .target(name: "RoadtripCore", dependencies: ["SafeText", "CZlib", "CLibXML", "CCurl", "CChildGuard"],
                swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        // What each target checks; a link to Tests/RoadtripCoreTests/Fuzzing/Checks, where the tests
        // replay the corpora through the same code.
        .target(name: "FuzzChecks", dependencies: ["RoadtripCore"]),
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzDriver", dependencies: ["CLibFuzzer"]),
        fuzzTarget("FuzzLoader"),        // the trips-file loader
        fuzzTarget("FuzzCoordinates"),   // the coordinate parser
        fuzzTarget("FuzzPlaceQuery"),    // the place search: query parsing, normalising, the gazetteer search
        fuzzTarget("FuzzImport"),        // the importers: GPX, KML, KMZ, GeoJSON
        fuzzTarget("FuzzWriters"),       // every writer, its output parsed and read back
        fuzzTarget("FuzzLegCache"),      // the leg cache's file
        fuzzTarget("FuzzOSRMAnswer"),    // OSRM's answer decoder
        fuzzTarget("FuzzSettings"),      // config.toml
        fuzzTarget("FuzzManifest"),      // a region's region.json (and its feature tables)
    ],
    swiftLanguageModes: [.v5]
)

func fuzzTarget(_ name: String) -> Target {
    .executableTarget(name: name, dependencies: ["RoadtripCore", "FuzzChecks", "FuzzDriver"],
                      swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}
