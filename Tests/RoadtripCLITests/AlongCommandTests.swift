import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// `roadtrip along` and the fuel gaps on the built binary, with the fjord test extract installed as a region and
/// its day from Vestvik to Sørby routed by Routino on the region's database.
final class AlongCommandTests: CLITestCase {
    private var environment: [String: String] = [:]

    private func installFjord(config: String = "") throws {
        let dataHome = directory.appendingPathComponent("data-home")
        let region = try FjordRegion.install(into: dataHome.appendingPathComponent("roadtrip/regions"), routino: true)
        let configHome = directory.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: configHome.appendingPathComponent("roadtrip"), withIntermediateDirectories: true)
        try """
            router = "routino"
            routino_dir = "\(region.appendingPathComponent("routino").path)"
            \(config)
            """.write(to: configHome.appendingPathComponent("roadtrip/config.toml"), atomically: true, encoding: .utf8)
        environment = ["XDG_DATA_HOME": dataHome.path, "XDG_CONFIG_HOME": configHome.path]
        try run("new", "Fjord")
        for stop in [FjordExtract.vestvik, FjordExtract.sorby] {
            try run("add-stop", "fjord", "--name", stop.name, "--lat", "\(stop.latitude)", "--lon", "\(stop.longitude)")
        }
    }

    @discardableResult
    private func run(_ arguments: String..., expect status: Int32 = 0) throws -> CommandResult {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataFile.path],
                                           environment: environment)
        XCTAssertEqual(result.status, status, result.stderr)
        return result
    }

    func testAlongListsTheViewpointThenTheHotelWithTheirDetour() throws {
        try installFjord()
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(
            with: Data(run("along", "fjord", "--day", "1", "--category", "see,sleep", "--json").stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.compactMap { $0["name"] as? String }, ["Utsikten", "Midtre Hotell"])
        XCTAssertEqual(rows.compactMap { $0["afterStop"] as? Int }, [1, 1])
        XCTAssertEqual(rows.first?["attribution"] as? String, "© OpenStreetMap contributors, ODbL")
        let along = try XCTUnwrap(rows.last?["alongKm"] as? Double)
        XCTAssertEqual(along, GreatCircle.distanceKm(lat1: 63, lon1: 5, lat2: 61.5, lon2: 5), accuracy: 1.5)
        let text = try run("along", "fjord", "--day", "1", "--category", "sleep").stdout
        XCTAssertTrue(text.hasPrefix("Day 1: 1 place (sleep) within 5.0 km of the road, in order."), text)
        XCTAssertTrue(text.hasSuffix("\n   ALONG      AT  OFF ROAD  DETOUR  KIND   NAME\n  167 km  2 h 05    0.1 km  +0 min  hotel  Midtre Hotell\n"), text)
        XCTAssertTrue(try run("along", "fjord", "--leg", "1", "--category", "sleep").stdout
                        .hasPrefix("Leg 1 (Vestvik → Sørby): 1 place (sleep) within 5.0 km of the road, in order."))
        XCTAssertEqual(try run("along", "fjord", "--day", "1", "--leg", "1", "--category", "sleep", expect: 1).stderr,
                       "roadtrip: give --day N or --leg N\n")
        // The ferry terminal is 2 km east of Vestvik, where the day starts.
        XCTAssertEqual(try run("along", "fjord", "--day", "1", "--category", "ferry", "--within", "1").stdout,
                       "Day 1: no ferry within 1.0 km of the road.\n")
        XCTAssertTrue(try run("along", "fjord", "--day", "1", "--category", "ferry").stdout
                        .hasSuffix("   0 km  0 min    2.0 km  +4 min  ferry terminal  Vestvik ferjekai\n"))
        // A name from the data that would drive the terminal (an escape, a bidi override) is shown inert.
        let pois = directory.appendingPathComponent("data-home/roadtrip/regions/fjord/pois.tsv")
        let handle = try FileHandle(forWritingTo: pois)
        handle.seekToEndOfFile()
        handle.write(Data("n99\t62.2\t5.01\thotel\tsleep\t0\tBad\u{1B}[31m\u{202E}Inn 東京\t\t\n".utf8))
        try handle.close()
        let hostile = try run("along", "fjord", "--day", "1", "--category", "sleep").stdout
        XCTAssertTrue(hostile.contains("  hotel  Bad^[[31m<U+202E>Inn 東京\n"), hostile)
        XCTAssertFalse(hostile.contains("\u{1B}") || hostile.contains("\u{202E}"), hostile)
        XCTAssertFalse(try run("along", "fjord", "--day", "1", "--category", "sleep", "--json").stdout.contains("\u{1B}"))
        XCTAssertEqual(try run("along", "fjord", "--day", "2", "--category", "fuel", expect: 1).stderr,
                       "roadtrip: \"Fjord\" has 1 day: --day must be between 1 and 1\n")
        XCTAssertEqual(try run("along", "fjord", "--day", "1", "--category", "pizza", expect: 1).stderr,
                       "roadtrip: unknown category \"pizza\": use sleep, fuel, charge, see, rest, ferry\n")
    }

    /// The same day without road data (the estimate, though the region is installed): its places are found near the
    /// straight line between the stops, and the text and the JSON say so, never "of the road".
    func testAlongOnAnEstimatedDaySaysItStandsOnTheStraightLine() throws {
        try installFjord()
        let text = try run("along", "fjord", "--day", "1", "--category", "sleep", "--router", "estimate").stdout
        XCTAssertTrue(text.hasPrefix("Day 1: 1 place (sleep) within 5.0 km of the straight line (no road data), in order."), text)
        XCTAssertTrue(text.contains("\n   ALONG      AT  OFF LINE  DETOUR  KIND   NAME\n"), text)
        XCTAssertFalse(text.contains("road,") || text.contains("OFF ROAD"), text)
        XCTAssertEqual(try run("along", "fjord", "--leg", "1", "--category", "ferry", "--within", "1", "--router", "estimate").stdout,
                       "Leg 1 (Vestvik → Sørby): no ferry within 1.0 km of the straight line (no road data).\n")
        let estimated = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(
            run("along", "fjord", "--day", "1", "--category", "sleep", "--json", "--router", "estimate").stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(estimated.first?["basis"] as? String, "straight line")
        XCTAssertEqual(try XCTUnwrap(estimated.first?["offLineKm"] as? Double), 0.1, accuracy: 0.05)
        XCTAssertNil(estimated.first?["offRoadKm"])
        let routed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(
            run("along", "fjord", "--day", "1", "--category", "sleep", "--json").stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(routed.first?["basis"] as? String, "road")
        XCTAssertNotNil(routed.first?["offRoadKm"] as? Double)
        XCTAssertNil(routed.first?["offLineKm"])
    }

    func testShowMarksTheFuelGapAndAnElectricCarUsesTheCharger() throws {
        try installFjord(config: "range_km = 200")
        let shown = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run("show", "fjord", "--json").stdout.utf8)) as? [String: Any])
        let gaps = try XCTUnwrap(shown["fuelGaps"] as? [[String: Any]])
        XCTAssertEqual(gaps.count, 1)
        XCTAssertEqual(gaps.first?["day"] as? Int, 1)
        XCTAssertEqual(try XCTUnwrap(gaps.first?["startKm"] as? Double), 0, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(gaps.first?["lengthKm"] as? Double), FjordExtract.southRoadKm, accuracy: 1.5)
        XCTAssertEqual(gaps.first?["text"] as? String, "256 km without fuel from km 0 (Vestvik Bensin, near Vestvik)")
        try run("config", "set", "vehicle", "ev")
        let electric = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run("show", "fjord", "--json").stdout.utf8)) as? [String: Any])
        XCTAssertEqual((electric["fuelGaps"] as? [Any])?.count, 0, "the charger in Midtre leaves 167 and 89 km")
    }
}
