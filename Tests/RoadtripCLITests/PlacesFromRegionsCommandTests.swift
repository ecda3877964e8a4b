import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// `roadtrip places` and `add-stop --place` with a region installed (the fjord extract, tables by osmium) under
/// the test's own `$XDG_DATA_HOME`.
final class PlacesFromRegionsCommandTests: CLITestCase {
    private var dataHome: URL { directory.appendingPathComponent("share") }
    private var regions: URL { dataHome.appendingPathComponent("roadtrip/regions") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try RegionFromOsmium.install(try FjordExtract.write(into: directory.appendingPathComponent("osm")),
                                     name: "fjord", in: regions)
    }

    @discardableResult
    private func run(_ arguments: String..., expect status: Int32 = 0, file: StaticString = #filePath,
                     line: UInt = #line) throws -> CommandResult {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataFile.path],
                                           environment: ["XDG_DATA_HOME": dataHome.path])
        XCTAssertEqual(result.status, status, "stderr: \(result.stderr)", file: file, line: line)
        return result
    }

    func testARegionVillageByItsEnglishNameAndPointsOfInterestByKindNearAPlace() throws {
        let village = try run("places", "eastbay", "--limit", "1")
        XCTAssertEqual(village.stdout, """
            POPULATION  COORDINATES           PLACE
                    45    63.0005,    5.2010  Austvik, Møre og Romsdal, NO · hamlet · region fjord
            Region places and points of interest © OpenStreetMap contributors, ODbL.

            """)
        XCTAssertEqual(village.stderr, "")

        let fuel = try run("places", "fuel near Southtown", "--limit", "2").stdout
        let lines = fuel.split(separator: "\n")
        XCTAssertTrue(lines[1].contains("Sørby Drivstoff") && lines[1].contains("· fuel near Sørby · region fjord"), fuel)
        XCTAssertTrue(lines[2].contains("Vestvik Bensin") && lines[2].contains("256 km N"), fuel)

        let json = try run("places", "camp", "--near", "63.0, 5.0", "--json", "--limit", "1").stdout
        for expected in ["\"name\" : \"Austvik Camping\"", "\"sourceRegion\" : \"fjord\"", "\"category\" : \"sleep\"",
                         "\"kind\" : \"camp_site\"", "\"nearPlace\" : \"Austvik\"", "\"match\" : \"category\"",
                         "\"attribution\" : \"© OpenStreetMap contributors, ODbL\""] {
            XCTAssertTrue(json.contains(expected), "\(expected) in \(json)")
        }
    }

    func testAddStopTakesARegionVillageWithItsCountryAndZone() throws {
        try run("new", "Fjord")
        XCTAssertEqual(try run("add-stop", "fjord", "--place", "Westbay").stdout, "Added stop 1 \"Vestvik\" (63.0005, 4.9990)\n")
        let shown = try run("show", "fjord", "--json").stdout
        XCTAssertTrue(shown.contains("\"countryCode\" : \"NO\""), shown)
        XCTAssertTrue(shown.contains("\"timeZone\" : \"Europe/Oslo\""), shown)
    }

    func testADamagedRegionIsNamedOnStderrAndTheGazetteerStillAnswers() throws {
        let places = regions.appendingPathComponent("fjord/places.tsv")
        try Data("# roadtrip region features 1\nn1\tnorth\t5\tvillage\t\t0\tX\t\t\n".utf8).write(to: places)
        let result = try run("places", "portree", "--limit", "1")
        XCTAssertTrue(result.stdout.contains("Portree, Scotland, GB"), result.stdout)
        XCTAssertEqual(result.stderr, "roadtrip: region \"fjord\" left out: places.tsv line 2: the coordinates are not a "
                       + "valid position; rebuild it (roadtrip region add)\n")
    }
}
