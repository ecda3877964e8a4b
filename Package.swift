// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "roadtrip",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "roadtrip", targets: ["roadtrip"]),
        .executable(name: "roadtrip-bench", targets: ["roadtrip-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        // zlib, to inflate the place gazetteer.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libxml2's push parser for GPX and KML, opened with dlopen when such a file is read (not linked: it and the
        // ICU it needs cost every start-up). Its headers (Debian libxml2-dev) only give the functions' types.
        .target(name: "CLibXML", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        // libcurl, for OSRM: loaded when a request is made, never linked (it and its ~30 libraries cost every start).
        .target(name: "CCurl"),
        // Pure model: entities, the JSON DataModel, geography, places. No terminal code.
        .target(
            name: "RoadtripCore", dependencies: ["SafeText", "CZlib", "CLibXML", "CCurl", "CChildGuard"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // A region build's children die with roadtrip; SIGTERM and SIGHUP stop them (C: between fork and exec).
        .target(name: "CChildGuard"),
        // The only code that knows ncurses exists.
        // Making text from data safe to print: shared by the core and the terminal library, which depends on
        // nothing else of ours.
        .target(name: "SafeText"),
        // The crash guard's signal handler and its state, once per process (C: it must be async-signal-safe).
        .target(name: "CTerminalGuard"),
        // Crash reports go to a file from the start, without the process restarting itself (linked only by the
        // full-screen executables: it acts before main).
        .target(name: "CCrashReports"),
        .target(name: "TerminalUI", dependencies: ["CNcursesw", "CTerminalGuard", "SafeText"]),
        // VIPER modules and the app loop.
        .target(name: "RoadtripApp", dependencies: ["RoadtripCore", "TerminalUI"]),
        .executableTarget(
            name: "roadtrip",
            dependencies: [
                "RoadtripApp", "RoadtripCore", "TerminalUI", "CCrashReports",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "roadtrip-bench",
            // RoadtripTestSupport: the local OSRM server the routing figures run against.
            dependencies: ["RoadtripApp", "RoadtripCore", "TerminalUI", "RoadtripTestSupport"]
        ),
        // Test support shared by the test targets and the helper executables below (never shipped).
        .target(name: "RoadtripTestSupport", dependencies: ["RoadtripCore"]),
        // Test support: saves in a loop so a test can SIGKILL it mid-save.
        .executableTarget(name: "roadtrip-torture", dependencies: ["RoadtripCore", "RoadtripTestSupport"]),
        // Test support: a real CursesTerminal echoing keys, driven by the curses smoke tests in tmux (CTerminalGuard: a
        // scenario without the crash guard, which the terminal-restore check must see).
        .executableTarget(name: "roadtrip-curses-probe", dependencies: ["TerminalUI", "CTerminalGuard", "CCrashReports"]),
        .testTarget(name: "RoadtripCoreTests", dependencies: ["RoadtripCore", "RoadtripTestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "CTerminalGuard", "RoadtripTestSupport"]),
        // The goldens are read from the checkout by path (`Golden`), not bundled.
        .testTarget(name: "RoadtripAppTests", dependencies: ["RoadtripApp", "TerminalUI", "RoadtripCore", "RoadtripTestSupport"],
                    exclude: ["Rendering/Goldens"]),
        // Runs the built `roadtrip` binary: golden command-line output, kill loop, tmux journeys.
        .testTarget(name: "RoadtripCLITests", dependencies: ["roadtrip", "roadtrip-torture", "roadtrip-curses-probe", "RoadtripApp", "RoadtripCore", "RoadtripTestSupport"],
                    exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v5]
)
