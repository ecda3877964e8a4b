import Foundation
import RoadtripTestSupport
import XCTest

/// `show` has no loop to redraw when legs arrive: it asks the engine for every leg and waits for the answers
/// before it prints (a real `osrm-routed` on the Helsinki test graph, on loopback).
final class ShowRoutedLegsCLITests: CLITestCase {
    private var home: URL { directory.appendingPathComponent("home") }

    private func run(_ arguments: String...) throws -> CommandResult {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataFile.path],
                                           environment: ["XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                                                         "XDG_CONFIG_HOME": home.appendingPathComponent("config").path])
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        return result
    }

    func testShowPrintsTheEnginesLegs() throws {
        let server = try LocalOSRMServer(graph: try RoutingTools.osrmGraph(for: RoutingTools.helsinkiExtract))
        defer { server.stop() }
        let config = home.appendingPathComponent("config/roadtrip")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "router = \"osrm\"\nosrm_url = \"\(server.baseURL.absoluteString)\"\n"
            .write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        try run("new", "Helsinki")
        for (name, latitude, longitude) in [("Station", "60.1700", "24.9400"), ("Kallio", "60.1781", "24.9443"),
                                            ("Kamppi", "60.1697", "24.9365")] {
            try run("add-stop", "helsinki", "--name", name, "--lat", latitude, "--lon", longitude)
        }
        let shown = try run("show", "helsinki").stdout
        XCTAssertFalse(shown.contains("≈"), "every leg and the totals from the server:\n\(shown)")
        let json = try run("show", "helsinki", "--json").stdout
        XCTAssertEqual(json.components(separatedBy: "\"source\" : \"osrm\"").count - 1, 2, json)
    }
}
