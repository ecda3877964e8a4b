import Foundation
import RoadtripTestSupport
import XCTest

/// `optimise` inside a region (the Helsinki extract, built here), as a person runs it: the matrix through the
/// real `routino-router` (behind a script that counts its runs and takes 0.2 s longer each, so the command
/// waits seconds), progress lines on stderr while it waits and never on stdout, and the next run asks nothing.
final class RoutingProgressCLITests: CLITestCase {
    private var home: URL { directory.appendingPathComponent("home") }
    private var runs: URL { directory.appendingPathComponent("runs") }

    private func run(_ arguments: String...) throws -> CommandResult {
        let bin = directory.appendingPathComponent("bin")
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataFile.path], environment: [
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ], timeout: 120)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        return result
    }

    private var routerRuns: Int {
        ((try? String(contentsOf: runs, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try TestRegion.install("helsinki", from: RoutingTools.helsinkiExtract, outline: TestRegion.helsinkiOutline,
                               into: home.appendingPathComponent("data/roadtrip/regions"))
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = bin.appendingPathComponent("routino-router")
        try """
            #!/bin/sh
            echo run >> '\(runs.path)'
            sleep 0.2
            exec '\(try RoutingTools.routino("routino-router"))' "$@"

            """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        _ = try run("new", "Helsinki")
        for (latitude, longitude) in [(60.1700, 24.9400), (60.1781, 24.9443), (60.1655, 24.9391), (60.1760, 24.9521),
                                      (60.1739, 24.9521), (60.1697, 24.9365)] {
            _ = try run("add-stop", "helsinki", "--name", "S", "--lat", "\(latitude)", "--lon", "\(longitude)")
        }
    }

    func testOptimiseSaysHowFarItIsOnStderrAndTheNextRunAsksNothing() throws {
        let first = try run("optimise", "helsinki", "--json")
        XCTAssertEqual(routerRuns, 6 * 5, "each pair once; the itineraries before and after are the matrix's legs")
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)), first.stdout)
        XCTAssertFalse(first.stdout.contains("Routing"), first.stdout)
        let lines = first.stderr.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.range(of: #"^Routing \d+ of 30 legs…( \d+:\d\d left)?$"#, options: .regularExpression) != nil },
                      "a plain line (no terminal): \(first.stderr)")
        XCTAssertFalse(first.stderr.contains("\r"), "no redrawing without a terminal")

        let again = try run("optimise", "helsinki", "--json")
        XCTAssertEqual(routerRuns, 30, "every leg from the leg cache")
        XCTAssertEqual(again.stdout, first.stdout)
        XCTAssertEqual(again.stderr, "", "nothing to wait for")
    }
}
