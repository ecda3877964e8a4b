import Foundation
import XCTest

/// `roadtrip places` with context, and `add-stop --place` ranking from the stops around it (issue 10).
final class PlacesCommandTests: CLITestCase {
    /// The first lookup builds the gazetteer's index into the cache; the next maps it and answers the same. Where the
    /// cache cannot be written, each lookup builds it for itself and still answers.
    func testTheFirstLookupKeepsTheIndexInTheCacheForTheNext() throws {
        let home = directory.appendingPathComponent("home"), cache = home.appendingPathComponent("cache/roadtrip")
        let first = try roadtrip(["places", "springfield, il", "--limit", "2"], home: home)
        XCTAssertTrue(first.stdout.contains("Springfield, Illinois, US"), first.stdout)
        let indexes = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("places-") }
        XCTAssertEqual(indexes.count, 1)
        let written = try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(indexes[0]).path)
        XCTAssertEqual(try roadtrip(["places", "springfield, il", "--limit", "2"], home: home).stdout, first.stdout)
        let again = try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(indexes[0]).path)
        XCTAssertEqual(again[.modificationDate] as? Date, written[.modificationDate] as? Date, "mapped, not built again")

        let blocked = directory.appendingPathComponent("blocked")
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: true)
        try Data().write(to: blocked.appendingPathComponent("cache"))   // a file where the folder would be
        XCTAssertEqual(try roadtrip(["places", "springfield, il", "--limit", "2"], home: blocked).stdout, first.stdout)
    }

    func testNearRanksTheNamesakeOnTheWayFirstWithDistanceAndDirection() throws {
        XCTAssertEqual(try roadtrip("places", "jackson", "--near", "44.662, -111.104", "--limit", "3").stdout, """
            POPULATION  COORDINATES           PLACE
                10,523    43.4799, -110.7624  Jackson, Wyoming, US · 134 km S
               153,701    32.2988,  -90.1848  Jackson, Mississippi, US · 2,270 km SE
                66,975    35.6145,  -88.8140  Jackson, Tennessee, US · 2,135 km E

            """)
    }

    func testAfterRanksFromTheTripsLastStopInTheChosenUnit() throws {
        try roadtrip("new", "Yellowstone")
        try roadtrip("add-stop", "yellow", "--name", "West Yellowstone", "--lat", "44.662", "--lon", "-111.104")
        XCTAssertEqual(try roadtrip("places", "gardiner", "--after", "yellow", "--limit", "2", "--units", "mi").stdout, """
            POPULATION  COORDINATES           PLACE
                   875    45.0319, -110.7058  Gardiner, Montana, US · 32.2 mi NE
                 5,597    44.2301,  -69.7753  Gardiner, Maine, US · 2,017 mi E

            """)
    }

    func testNativeScriptsCountiesAndJSON() throws {
        XCTAssertEqual(try roadtrip("places", "東京", "--limit", "1").stdout, """
            POPULATION  COORDINATES           PLACE
             9,733,276    35.6895,  139.6917  Tokyo 東京, JP

            """)
        XCTAssertEqual(try roadtrip("places", "reno, tx").stdout, """
            POPULATION  COORDINATES           PLACE
                 3,281    33.6632,  -95.4625  Reno, Lamar County, Texas, US
                 2,720    32.9443,  -97.5773  Reno, Parker County, Texas, US

            """)
        let json = try roadtrip("places", "gardiner", "--near", "44.662,-111.104", "--limit", "1", "--json").stdout
        XCTAssertTrue(json.contains("\"distanceKm\" : 51.7"), json)
        XCTAssertTrue(json.contains("\"direction\" : \"NE\""), json)
        XCTAssertEqual(try roadtrip("places", "chicago", "--near", "41.8", expect: 1).stderr.isEmpty, false)
    }

    func testAddStopPicksTheNamesakeThePreviousStopSettlesAndRefusesOnlyWhenItDoesNot() throws {
        try roadtrip("new", "Route 66")
        try roadtrip("add-stop", "route", "--place", "chicago")
        XCTAssertEqual(try roadtrip("add-stop", "route", "--place", "st louis").stdout,
                       "Added stop 2 \"St. Louis\" (38.6273, -90.1979)\n")
        try roadtrip("new", "Elsewhere")
        let refused = try roadtrip("add-stop", "else", "--place", "st louis", expect: 1).stderr
        XCTAssertTrue(refused.contains("matches several places"), refused)
        XCTAssertTrue(refused.contains("St. Louis, Missouri, US") && refused.contains("Saint-Louis, SN"), refused)
        // One candidate per line, not one line of "^J"s.
        XCTAssertTrue(refused.contains("add --first:\n  St. Louis, Missouri, US\n"), refused)
        XCTAssertFalse(refused.contains("^J"), refused)
        // Inserted between Chicago and St. Louis, "springfield" is the one on the way.
        XCTAssertEqual(try roadtrip("add-stop", "route", "--place", "springfield", "--at", "2").stdout,
                       "Added stop 2 \"Springfield\" (39.8017, -89.6437)\n")
    }

    /// Issue 31, item 8: a place whose name is not the one typed is listed, not added, unless --first. The gazetteer
    /// has no Flåm (a village of some 350 people, below GeoNames' cities500); Flå, 150 km away, is only the closest.
    func testAddStopTakesAPlaceNotNamedAsTypedOnlyWithFirst() throws {
        try roadtrip("new", "Fjords")
        let before = try Data(contentsOf: dataFile)
        let refused = try roadtrip("add-stop", "fjords", "--place", "flåm, norway", expect: 1)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(refused.stderr, "roadtrip: no known place is named \"flåm, norway\"; the closest (add --first to "
                       + "take the first, or give --name, --lat and --lon):\n  Flå, Buskerud, NO\n")
        XCTAssertEqual(try Data(contentsOf: dataFile), before, "nothing added, the file untouched")
        XCTAssertEqual(try roadtrip("add-stop", "fjords", "--place", "flåm, norway", "--first").stdout,
                       "Added stop 1 \"Flå\" (60.4302, 9.4620)\n")
        // Only the start of a name is no name either; the candidates are listed, best first.
        let partial = try roadtrip("add-stop", "fjords", "--place", "tromsd", expect: 1).stderr
        XCTAssertTrue(partial.hasPrefix("roadtrip: no known place is named \"tromsd\"; the closest"), partial)
        XCTAssertTrue(partial.contains(":\n  Tromsdalen, Troms, NO\n"), partial)
        // The name as typed, accents, case and qualifiers aside, or another of its names: taken without asking.
        XCTAssertEqual(try roadtrip("add-stop", "fjords", "--place", "TROMSO").stdout, "Added stop 2 \"Tromsø\" (69.6489, 18.9551)\n")
        XCTAssertEqual(try roadtrip("add-stop", "fjords", "--place", "tromsoe, no").stdout,
                       "Added stop 3 \"Tromsø\" (69.6489, 18.9551)\n")
        let file = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: dataFile)) as? [String: Any])
        let stops = try XCTUnwrap((file["trips"] as? [[String: Any]])?.first?["waypoints"] as? [[String: Any]])
        XCTAssertEqual(stops.compactMap { $0["name"] as? String }, ["Flå", "Tromsø", "Tromsø"])
    }

    /// Issue 31, item 8: the search lists what it has, and says when the first is not named as typed.
    func testPlacesMarksATopResultNotNamedAsTyped() throws {
        XCTAssertEqual(try roadtrip("places", "flåm, norway").stdout, """
            POPULATION  COORDINATES           PLACE
                          60.4302,    9.4620  Flå, Buskerud, NO · closest match

            """)
        XCTAssertEqual(try roadtrip("places", "tromso", "--limit", "1").stdout, """
            POPULATION  COORDINATES           PLACE
                41,915    69.6489,   18.9551  Tromsø, Troms, NO

            """)
    }
}
