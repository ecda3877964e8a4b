import Foundation
import XCTest

/// The hostile tester's router answer (issue 18): OSRM said `"duration": 1e300`, the leg was cached, and
/// every later `show`, `export` and start of the app died converting it, even with the server gone. A leg
/// cache holding such lines is read as if they were not there.
final class LegCacheHardeningCLITests: CLITestCase {
    private var home: URL { directory.appendingPathComponent("home") }

    /// The server is gone (port 9 on loopback answers nothing); the cache holds the absurd legs it gave.
    private func run(_ arguments: String..., expect status: Int32 = 0) throws -> CommandResult {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataFile.path],
                                           environment: ["XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                                                         "XDG_CONFIG_HOME": home.appendingPathComponent("config").path])
        XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
        return result
    }

    func testAbsurdCachedLegsNeitherCrashNorCountAndAreDropped() throws {
        let config = home.appendingPathComponent("config/roadtrip"), cache = home.appendingPathComponent("cache/roadtrip")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try "router = \"osrm\"\nosrm_url = \"http://127.0.0.1:9\"\n"
            .write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        try run("new", "Absurd")
        try run("set-date", "absurd", "2027-06-12")
        try run("add-stop", "absurd", "--name", "Lyon", "--lat", "45.764", "--lon", "4.8357", "--nights", "1")
        try run("add-stop", "absurd", "--name", "Geneva", "--lat", "46.2044", "--lon", "6.1432")
        try run("add-stop", "absurd", "--name", "Turin", "--lat", "45.0703", "--lon", "7.6869")
        let identity = "osrm http://127.0.0.1:9 driving"
        let legs = ["roadtrip leg cache 3",
                    "\(identity)\t4576400\t483570\t4620440\t614320\t150.2\t1e+300\tosrm\t0\t0\t\t\t0\t\t\t\t",
                    "\(identity)\t4620440\t614320\t4507030\t768690\t1e+20\t9000\tosrm\t0\t0\t\t\t0\t\t\t\t"]
        let legsFile = cache.appendingPathComponent("legs.tsv")
        try (legs.joined(separator: "\n") + "\n").write(to: legsFile, atomically: true, encoding: .utf8)

        let shown = try run("show", "absurd").stdout
        XCTAssertTrue(shown.contains("3 stops · ≈"), "both legs are estimates:\n\(shown)")
        XCTAssertTrue(shown.contains("OSRM: no server at http://127.0.0.1:9"), shown)
        let json = try run("show", "absurd", "--json").stdout
        XCTAssertTrue(json.contains("\"source\" : \"estimate\""), json)
        XCTAssertFalse(json.contains("\"source\" : \"osrm\""), json)
        for format in ["geojson", "gpx", "kml", "ics", "md"] {
            try run("export", "absurd", "--format", format)
        }
        XCTAssertFalse(try String(contentsOf: legsFile, encoding: .utf8).contains("e+"),
                       "the absurd lines are gone from the cache")
    }
}
