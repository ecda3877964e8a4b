import Foundation
@testable import RoadtripCore
import XCTest

/// The tags of one OpenStreetMap object as the build reads them into a `Charger`: the wiki's `socket:*` scheme, with
/// every value from outside bounded, and anything that is not a number left out rather than guessed.
final class ChargerTagsTests: XCTestCase {
    private func charger(_ tags: [String: String]) -> Charger? {
        ChargerTags.charger(osmID: "n7", latitude: 50, longitude: 4, tags: tags)
    }

    func testSocketCounts() {
        let table: [(String?, Int?)] = [
            ("2", 2), ("yes", 1), ("YES", 1), (" 4 ", 4), ("1", 1), ("100", 100), ("250", 100), ("999999", 100),
            ("0", nil), ("no", nil), ("-3", nil), ("+2", nil), ("1e9", nil), ("nan", nil), ("2;2", nil), ("two", nil),
            ("1234567", nil), ("", nil), ("٣", nil), (nil, nil),
        ]
        for (value, expected) in table {
            XCTAssertEqual(ChargerTags.count(value), expected, "socket:type2=\(value ?? "(none)")")
        }
    }

    func testSocketOutputs() {
        let table: [(String?, Double?)] = [
            ("50 kW", 50), ("22kW", 22), ("50", 50), ("3.7 kW;22 kW", 22), ("22 kW;3.7 kW", 22), ("11 KW", 11),
            ("7400 W", 7.4), ("0.35 MW", 350), ("1000 kW", 1_000), ("0.1 kW", 0.1), (" 150 kW ", 150),
            ("1e9", nil), ("1e9 kW", nil), ("-3", nil), ("-3 kW", nil), ("nan", nil), ("inf", nil), ("NaN kW", nil),
            ("0", nil), ("0.05 kW", nil), ("1001 kW", nil), ("5 MW", nil), ("50 W", nil), ("22 kVA", nil),
            ("1.2.3 kW", nil), ("3,7 kW", nil), ("fast", nil), ("", nil), (";", nil), ("nan;22 kW", 22),
            (String(repeating: "9", count: 400), nil), (nil, nil),
        ]
        for (value, expected) in table {
            XCTAssertEqual(ChargerTags.kw(value), expected, "socket:type2:output=\(value ?? "(none)")")
        }
    }

    func testAChargingStationWithItsSockets() throws {
        let read = try XCTUnwrap(charger([
            "amenity": "charging_station", "name": "  ⚡🔌 Laturi\u{202E}  ",
            "socket:type2_combo": "2", "socket:type2_combo:output": "150 kW",
            "socket:chademo": "1", "socket:chademo:output": "nan",
            "socket:type2": "yes", "socket:type2:output": "3.7 kW;22 kW",
            "socket:cee_blue": "4", "socket:tesla_supercharger:output": "250 kW", "socket:schuko": "no",
        ]))
        XCTAssertEqual(read.osmID, "n7")
        XCTAssertEqual(read.name, "⚡🔌 Laturi\u{202E}", "trimmed here; the table and the screen make it safe")
        XCTAssertEqual(read.sockets, [Charger.Socket(kind: .type2, count: 1, kw: 22),
                                      Charger.Socket(kind: .type2Combo, count: 2, kw: 150),
                                      Charger.Socket(kind: .chademo, count: 1, kw: nil)],
                       "unknown kinds, outputs without a count and `no` are left out")
        XCTAssertFalse(read.isPrivate)
    }

    func testAccessAndWhatIsNoCharger() throws {
        let station = ["amenity": "charging_station"]
        XCTAssertEqual(try XCTUnwrap(charger(station)).sockets, [], "a station without sockets is still one")
        XCTAssertEqual(try XCTUnwrap(charger(station)).name, "")
        XCTAssertEqual(charger(station.merging(["operator": "Ionity"]) { $1 })?.name, "Ionity", "unnamed: its operator")
        XCTAssertTrue(try XCTUnwrap(charger(station.merging(["access": "private"]) { $1 })).isPrivate)
        XCTAssertTrue(try XCTUnwrap(charger(station.merging(["access": "no"]) { $1 })).isPrivate)
        XCTAssertTrue(try XCTUnwrap(charger(station.merging(["motorcar": "private"]) { $1 })).isPrivate)
        XCTAssertFalse(try XCTUnwrap(charger(station.merging(["access": "customers"]) { $1 })).isPrivate)
        XCTAssertNil(charger(station.merging(["motorcar": "no", "bicycle": "yes"]) { $1 }), "for bicycles only")
        XCTAssertNil(charger(["amenity": "fuel", "socket:type2": "2"]), "a fuel station's sockets are not read")
        XCTAssertNil(charger(["tourism": "hotel", "name": "Hotel"]), "a hotel that says nothing of charging")
        XCTAssertNil(charger(["tourism": "hotel", "socket:type2": "no"]))
    }

    func testAPlaceToSleepThatCharges() throws {
        let hotel = try XCTUnwrap(charger(["tourism": "hotel", "name": "Hotel", "socket:type2": "4",
                                           "socket:type2:output": "11 kW"]))
        XCTAssertEqual(hotel.sockets, [Charger.Socket(kind: .type2, count: 4, kw: 11)])
        let camp = try XCTUnwrap(charger(["tourism": "camp_site", "capacity:charging": "2"]))
        XCTAssertEqual(camp.sockets, [], "charging said, its sockets not")
        XCTAssertNotNil(charger(["tourism": "motel", "capacity:charging": "yes"]))
        XCTAssertNil(charger(["tourism": "motel", "capacity:charging": "no"]))
    }
}
