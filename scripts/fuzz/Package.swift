// swift-tools-version:6.0
// Fuzzing the trips-file loader with libFuzzer. Separate from the main package so that the fuzz target,
// which only links with -sanitize=fuzzer, never enters an ordinary build.
// `make fuzz` builds it with `swift build -Xswiftc -sanitize=fuzzer,address` and runs it for a bounded time.
import PackageDescription

let package = Package(
    name: "roadtrip-fuzz",
    targets: [
        // The app's own sources (Sources/RoadtripCore is a symbolic link), instrumented for coverage.
        .target(name: "RoadtripCore"),
        .target(name: "CLibFuzzer"),
        .executableTarget(name: "FuzzLoader", dependencies: ["RoadtripCore", "CLibFuzzer"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ],
    swiftLanguageModes: [.v5]
)
