import Foundation
import RoadtripTestSupport
import XCTest

/// A region folder whose `region.json` was damaged by hand or by a bad disk: every command still runs, the
/// folder is named as damaged and left out, and nothing traps (issue 31, item 3).
final class RegionDamageCLITests: CLITestCase {
    private var home: URL { directory.appendingPathComponent("home") }
    private var regions: URL { home.appendingPathComponent("data/roadtrip/regions") }

    private func run(_ arguments: [String], expect status: Int32 = 0,
                     file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments,
                                           environment: ["XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                                                         "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                                                         "XDG_DATA_HOME": home.appendingPathComponent("data").path],
                                           timeout: 60)
        XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)", file: file, line: line)
        return result
    }

    /// A manifest as a build writes it (format 1, an outline of corners round central Helsinki), with `change`
    /// applied to its text.
    private func damage(_ folder: String, _ change: (String) -> String) throws {
        let url = regions.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let manifest = """
            {"built":"2026-11-27T07:00:00Z","format":1,"name":"\(folder)","outline":{"corners":\
            [[24.93,60.16],[24.95,60.16],[24.95,60.18],[24.93,60.18]]},"places":1,"pois":2,\
            "source":"/x/helsinki.osm.pbf","source_bytes":1234}
            """
        try Data(change(manifest).utf8).write(to: url.appendingPathComponent("region.json"))
    }

    private static let damages: [(folder: String, change: (String) -> String)] = [
        ("onenumber", { $0.replacingOccurrences(of: "[24.95,60.16]", with: "[24.95]") }),
        ("emptycorner", { $0.replacingOccurrences(of: "[24.95,60.16]", with: "[]") }),
        ("threenumbers", { $0.replacingOccurrences(of: "[24.95,60.16]", with: "[24.95,60.16,7]") }),
        ("twocorners", { $0.replacingOccurrences(of: "[24.95,60.18],[24.93,60.18]", with: "") }),
        ("northofthepole", { $0.replacingOccurrences(of: "60.18", with: "95.5") }),
        ("hugenumber", { $0.replacingOccurrences(of: "24.93", with: "1e400") }),
        ("negativecount", { $0.replacingOccurrences(of: "\"pois\":2", with: "\"pois\":-2") }),
        ("negativesize", { $0.replacingOccurrences(of: "1234", with: "-1234") }),
        ("nodate", { $0.replacingOccurrences(of: "2026-11-27T07:00:00Z", with: "yesterday") }),
        ("noring", { $0.replacingOccurrences(of: "{\"corners\":", with: "{\"rings\":[],\"x\":") }),
    ]

    func testDamagedManifestsAreNamedAndLeftOutByEveryCommand() throws {
        for (folder, change) in Self.damages { try damage(folder, change) }
        let listed = try run(["region", "list"], expect: 2)
        for (folder, _) in Self.damages {
            XCTAssertTrue(listed.stdout.contains("\n\(folder): damaged: ") || listed.stdout.hasPrefix("\(folder): damaged: "),
                          "\(folder):\n\(listed.stdout)")
        }
        XCTAssertTrue(listed.stderr.contains("\(Self.damages.count) region folders are damaged"), listed.stderr)

        try run(["new", "Helsinki", "--data", dataFile.path])
        try run(["add-stop", "helsinki", "--name", "Station", "--lat", "60.171", "--lon", "24.941", "--data", dataFile.path])
        try run(["add-stop", "helsinki", "--name", "Market", "--lat", "60.167", "--lon", "24.952", "--data", dataFile.path])
        for command in [["list"], ["show", "helsinki"], ["show", "helsinki", "--router", "auto"]] {
            let result = try run(command + ["--data", dataFile.path])
            for (folder, _) in Self.damages {
                XCTAssertTrue(result.stderr.contains("region folder \(folder) is damaged"), "\(command): \(result.stderr)")
            }
        }
        let shown = try run(["show", "helsinki", "--router", "auto", "--json", "--data", dataFile.path]).stdout
        XCTAssertFalse(shown.contains("\"region\""), "no damaged region routes a leg: \(shown)")
        // The name `region list` gives is the one `region remove` takes.
        XCTAssertEqual(try run(["region", "remove", "onenumber", "--yes"]).stdout, "Deleted the region onenumber.\n")
    }
}
