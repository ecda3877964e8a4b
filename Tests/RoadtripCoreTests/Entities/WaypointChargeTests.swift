import Foundation
import XCTest
@testable import RoadtripCore

/// A charge stop's mark (`Waypoint.charge`, issue 38) in the trips file: written only when set, read back whole,
/// and a bad one refused with a message naming it; exports drop one that is not one.
final class WaypointChargeTests: XCTestCase {
    private static let stop = #"{"id": "0D3E5A4C-9B0B-4A57-9E1B-1E2A3B4C5D6E", "latitude": 1, "longitude": 2, "name": "A", "nights": 0, "notes": ""CHARGE}"#

    private func file(_ charge: String) -> Data {
        Data(#"{"schemaVersion": 1, "trips": [{"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "name": "T", "notes": "", "createdAt": "2027-01-01T00:00:00Z", "updatedAt": "2027-01-01T00:00:00Z", "waypoints": [STOP]}]}"#
            .replacingOccurrences(of: "STOP", with: Self.stop.replacingOccurrences(of: "CHARGE", with: charge)).utf8)
    }

    func testTheMarkIsWrittenOnlyWhenSetAndReadBack() throws {
        let plain = try TripDocument.decode(file(""))
        XCTAssertNil(plain.trips[0].waypoints[0].charge)
        let saved = try TripDocument.encode(plain)
        XCTAssertFalse(String(decoding: saved, as: UTF8.self).contains("charge"), "no key for a stop without one")

        let marked = try TripDocument.decode(file(#", "charge": {"kw": 150, "kWh": 32.5, "socket": "type2_combo"}"#))
        let stop = marked.trips[0].waypoints[0]
        XCTAssertEqual(stop.charge, ChargeMark(kw: 150, kWh: 32.5, socket: .type2Combo))
        XCTAssertTrue(stop.unknownFields.isEmpty, "a known field, not an unknown one")
        let written = String(decoding: try TripDocument.encode(marked), as: UTF8.self)
        XCTAssertTrue(written.contains("""
                      "charge" : {
                        "kWh" : 32.5,
                        "kw" : 150,
                        "socket" : "type2_combo"
                      },
                      "id" :
            """), written)
        XCTAssertEqual(try TripDocument.decode(Data(written.utf8)), marked)

        let socketless = try TripDocument.decode(file(#", "charge": {"kw": 11, "kWh": 0}"#))
        XCTAssertEqual(socketless.trips[0].waypoints[0].charge, ChargeMark(kw: 11, kWh: 0, socket: nil))
        XCTAssertFalse(String(decoding: try TripDocument.encode(socketless), as: UTF8.self).contains("socket"))
    }

    /// Out of bounds: the stop's rule, naming the field and its bounds. Not a mark at all (a member missing,
    /// unknown or of the wrong type, a socket that is no socket): the shape it must have, never the hostile text.
    func testABadMarkIsRefusedNamingTheField() {
        let shape = "charge must be an object of kw and kWh numbers and a socket (type1, type1_combo, type2, type2_cable, "
            + "type2_combo, chademo, tesla_supercharger, tesla_destination, nacs, schuko, gb_ac, gb_dc)"
        let cases: [(charge: String, message: String)] = [
            (#"{"kw": 0, "kWh": 10}"#, "trip 1, stop 1: Charge kW 0 is outside 0.1…1000"),
            (#"{"kw": 1000.5, "kWh": 10}"#, "trip 1, stop 1: Charge kW 1000.5 is outside 0.1…1000"),
            (#"{"kw": 50, "kWh": -1}"#, "trip 1, stop 1: Charge kWh -1 is outside 0…1000"),
            (#"{"kw": 50}"#, shape), (#"{"kw": 50, "kWh": 1e999}"#, shape), (#"{"kw": "fast", "kWh": 10}"#, shape), (#"{"kw": 50, "kWh": 10, "plug": 1}"#, shape),
            (#"{"kw": 50, "kWh": 10, "socket": "type9"}"#, shape), (#"{"kw": 50, "kWh": 10, "socket": "\u001b[2J"}"#, shape),
            (#"{"kw": 50, "kWh": 10, "socket": null}"#, shape), ("null", shape), ("[50, 10]", shape),
        ]
        for (charge, message) in cases {
            XCTAssertThrowsError(try TripDocument.decode(file(#", "charge": \#(charge)"#)), charge) { error in
                XCTAssertTrue("\(error)".hasSuffix(message), "\(charge): \(error)")
                XCTAssertFalse("\(error)".contains("\u{1B}"), charge)
            }
        }
        var stop = Waypoint(name: "A", latitude: 1, longitude: 2)
        stop.charge = ChargeMark(kw: .nan, kWh: 1, socket: nil)
        XCTAssertThrowsError(try stop.validated()) { XCTAssertEqual("\($0)", "Charge kW must be a finite number") }
    }

    /// An export carries the mark (every field: `InterchangeRoundTripTests`); read back, one out of bounds or not
    /// JSON is dropped, and the stop imports as an ordinary one.
    func testAnImportDropsAMarkThatIsNotOne() throws {
        func geoJSON(_ charge: String) -> String {
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "#
                + #""coordinates": [5.32, 60.39]}, "properties": {"name": "B", "roadtrip": {"charge": \#(charge)}}}]}"#
        }
        let kept = try ImportFixtureFiles.importing(geoJSON(#""{\"kWh\":20,\"kw\":50,\"socket\":\"chademo\"}""#))
        XCTAssertEqual(kept.trip.waypoints[0].charge, ChargeMark(kw: 50, kWh: 20, socket: .chademo))
        for bad in [#""{\"kWh\":20,\"kw\":5000}""#, #""{\"kWh\":20}""#, #""150 kW""#, "150",
                    "\"" + String(repeating: " ", count: 1_000) + #"{\"kWh\":20,\"kw\":50}""#] {
            XCTAssertNil(try ImportFixtureFiles.importing(geoJSON(bad)).trip.waypoints[0].charge, bad)
        }
    }
}
