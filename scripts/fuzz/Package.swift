// swift-tools-version:6.0
// Fuzzing the trips-file loader with libFuzzer. Separate from the main package so that the fuzz target,
// which only links with -sanitize=fuzzer, never enters an ordinary build.
// `make fuzz` builds it with `swift build -Xswiftc -sanitize=fuzzer,address` and runs it for a bounded time.
import PackageDescription

let package = Package(
    name: "roadtrip-fuzz",
    dependencies: [
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // The app's own sources (Sources/RoadtripCore is a symbolic link), instrumented for coverage; with the
        // settings file's TOML library and the main package's settings.
        .target(name: "RoadtripCore", dependencies: [.product(name: "TOMLKit", package: "TOMLKit")],
                swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        .target(name: "CLibFuzzer"),
        .executableTarget(name: "FuzzLoader", dependencies: ["RoadtripCore", "CLibFuzzer"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // The importers (GPX, KML, KMZ, GeoJSON); its check is a link to the tests' ImportFuzzCheck.
        .executableTarget(name: "FuzzImport", dependencies: ["RoadtripCore", "CLibFuzzer"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ],
    swiftLanguageModes: [.v5]
)
