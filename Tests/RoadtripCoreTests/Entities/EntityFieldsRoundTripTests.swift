import Foundation
import XCTest
@testable import RoadtripCore

/// No stored field of a trip or a stop can be dropped: not by the file or Codable (written and read back), not by a copy
/// (`copy(named:)`, `withNewID()`), not by picking a place for a stop (`placed(at:)`), and not when a newer
/// roadtrip wrote a field this build does not know.
final class EntityFieldsRoundTripTests: XCTestCase {
    /// Every field set, none to its default: the sample a new field must join (the test below fails until it does).
    static let stop: Waypoint = {
        var stop = Waypoint(name: "Kyōto 京都", latitude: 35.0116, longitude: 135.7681, placeId: 1_857_910,
                            region: "Kyoto", countryCode: "JP", nights: 2, notes: "ryokan\nbooked",
                            timeZone: "Asia/Tokyo", stayMinutes: 90, pinned: true)
        stop.unknownFields.members = ["colour": .string("vermilion"), "pin": .bool(true)]
        stop.cost = 180
        stop.otherCost = 12.5
        stop.charge = ChargeMark(kw: 142.5, kWh: 32.5, socket: .type2Combo)
        return stop
    }()

    static let trip: Trip = {
        var trip = Trip(name: "Tōkaidō", createdAt: Date(timeIntervalSince1970: 1_800_000_000),
                        updatedAt: Date(timeIntervalSince1970: 1_800_003_600), startDate: CalendarDate("2027-12-30"),
                        notes: "New Year", waypoints: [stop])
        trip.unknownFields.members = ["pace": .object(["breaks": .number("15"), "max": .number("1e400")])]
        trip.conflicts = [EditConflict(stop: stop.id, field: "nights", value: .number("2"), stamp: "2027-06-01T10:15:00.123Z 4 3f9a2b1c")]
        trip.vehicle = TripVehicle(kind: .campervan, topSpeedKmh: 90, consumptionPer100km: 11, tank: 90, heightM: 3,
                                   widthM: 2.3, weightT: 3.8, fuelPrice: 1.9, energyPrice: 0.4)
        trip.avoid = [.ferries, .unpaved]
        return trip
    }()

    /// A stop's stored fields, those of the box that holds its text (`Waypoint.words`) among them.
    static func fields(of stop: Waypoint) -> [(label: String, value: Any)] {
        Mirror(reflecting: stop).children.flatMap { child -> [(label: String, value: Any)] in
            guard child.label == "words", let text = Mirror(reflecting: child.value).children.first?.value else {
                return [(child.label ?? "?", child.value)]
            }
            return Mirror(reflecting: text).children.map { ($0.label ?? "?", $0.value) }
        }
    }

    func testTheSamplesSetEveryStoredField() {
        let blankStop = Waypoint(name: "", latitude: 0, longitude: 0)
        XCTAssertEqual(Self.fields(of: Self.stop).count, 16, "the text box is opened")
        for (label, value) in Self.fields(of: Self.stop) {
            let blank = Self.fields(of: blankStop).first { $0.label == label }?.value
            XCTAssertNotEqual("\(value)", "\(blank ?? "")", "Waypoint.\(label) is at its default in the sample")
        }
        let blankTrip = Trip(name: "")
        // The revision is not data: every trip takes its own, and it is never saved (`TripRevision`).
        for (label, value) in Mirror(reflecting: Self.trip).children where label != "revision" {
            let blank = Mirror(reflecting: blankTrip).children.first { $0.label == label }?.value
            XCTAssertNotEqual("\(value)", "\(blank ?? "")", "Trip.\(label ?? "?") is at its default in the sample")
        }
    }

    /// `Waypoint.==` is written field by field (for speed): a stop that differs in any one field is another stop.
    func testAStopsEqualityReadsEveryField() {
        let blank = Waypoint(name: "", latitude: 0, longitude: 0)
        let changes: [String: (inout Waypoint) -> Void] = [
            "id": { $0 = $0.withNewID() }, "name": { $0.name = blank.name }, "latitude": { $0.latitude = 1 },
            "longitude": { $0.longitude = 1 }, "placeId": { $0.placeId = nil }, "region": { $0.region = nil },
            "countryCode": { $0.countryCode = nil }, "nights": { $0.nights = 0 }, "notes": { $0.notes = "" },
            "timeZone": { $0.timeZone = nil }, "stayMinutes": { $0.stayMinutes = 0 }, "pinned": { $0.pinned = false },
            "unknownFields": { $0.unknownFields = blank.unknownFields }, "cost": { $0.cost = nil },
            "otherCost": { $0.otherCost = nil }, "charge": { $0.charge?.socket = nil },
        ]
        XCTAssertEqual(Set(changes.keys), Set(Self.fields(of: Self.stop).map(\.label)),
                       "a new field of Waypoint joins Waypoint.== and this table")
        for (label, change) in changes {
            var other = Self.stop
            change(&other)
            XCTAssertNotEqual(other, Self.stop, "Waypoint.== misses \(label)")
        }
        XCTAssertEqual(Self.stop, Self.stop)
    }

    /// Each way a trip is written and read back keeps every field: the file, and Codable (`encode(to:)`, which
    /// `show --json` writes with these date settings). Codable carries the fields this build knows only.
    func testTheFileAndCodableKeepEveryField() throws {
        var known = Self.trip
        known.unknownFields = UnknownFields()
        known.waypoints[0].unknownFields = UnknownFields()
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let paths: [(name: String, expected: Trip, roundTrip: (Trip) throws -> Trip)] = [
            ("the file", Self.trip, { try TripDocument.decode(TripDocument.encode(TripDocument(trips: [$0]))).trips[0] }),
            ("Codable", known, { try decoder.decode(Trip.self, from: encoder.encode($0)) }),
        ]
        // `Waypoint.==` reads every field (tested above).
        for path in paths {
            XCTAssertEqual(try path.roundTrip(Self.trip), path.expected, path.name)
        }
    }

    func testCopiesKeepEveryFieldButTheIDs() {
        let copy = Self.trip.copy(named: "Tōkaidō again")
        XCTAssertNotEqual(copy.id, Self.trip.id)
        XCTAssertNotEqual(copy.waypoints[0].id, Self.stop.id)
        var expected = copy
        expected.waypoints = [Self.stop]
        XCTAssertEqual(Self.trip.waypoints, expected.waypoints)
        XCTAssertEqual(copy.unknownFields, Self.trip.unknownFields)
        XCTAssertEqual(copy.startDate, Self.trip.startDate)
        XCTAssertEqual(copy.notes, Self.trip.notes)
        let renewed = Self.stop.withNewID()
        XCTAssertNotEqual(renewed.id, Self.stop.id)
        var stop = Waypoint(id: Self.stop.id, name: renewed.name, latitude: renewed.latitude, longitude: renewed.longitude,
                            placeId: renewed.placeId, region: renewed.region, countryCode: renewed.countryCode,
                            nights: renewed.nights, notes: renewed.notes, timeZone: renewed.timeZone,
                            stayMinutes: renewed.stayMinutes, pinned: renewed.pinned)
        (stop.cost, stop.otherCost, stop.charge) = (renewed.cost, renewed.otherCost, renewed.charge)
        var kept = Self.stop
        kept.unknownFields = UnknownFields()
        XCTAssertEqual(stop, kept, "withNewID changes the id alone")
        XCTAssertEqual(Self.stop.withNewID().unknownFields, Self.stop.unknownFields)
    }

    func testPickingAPlaceKeepsWhatTheUserGaveTheStop() throws {
        let osaka = Place(id: 1_853_909, name: "Osaka", asciiName: "Osaka", admin1: "Osaka", countryCode: "JP",
                          countryName: "Japan", latitude: 34.6937, longitude: 135.5023, population: 2_592_413,
                          timezone: "Asia/Tokyo")
        let moved = Self.stop.placed(at: osaka)
        XCTAssertEqual([moved.name, moved.region, moved.countryCode], ["Osaka", "Osaka", "JP"])
        XCTAssertEqual([moved.latitude, moved.longitude], [34.6937, 135.5023])
        XCTAssertEqual(moved.placeId, 1_853_909)
        XCTAssertEqual(moved.id, Self.stop.id)
        XCTAssertEqual(moved.nights, 2)
        XCTAssertEqual(moved.notes, Self.stop.notes)
        XCTAssertEqual(moved.stayMinutes, Self.stop.stayMinutes)
        XCTAssertTrue(moved.pinned)
        XCTAssertNotNil(Self.stop.charge)
        XCTAssertNil(moved.charge, "a charge mark is the charger's, not the new place's")
        let alesund = Place(id: 3_163_392, name: "Ålesund", asciiName: "Alesund", admin1: "Møre og Romsdal",
                            countryCode: "NO", countryName: "Norway", latitude: 62.4723, longitude: 6.1549,
                            population: 52_163, timezone: "Europe/Oslo")
        XCTAssertEqual(Self.stop.placed(at: alesund).timeZone, "Europe/Oslo", "the zone is the place's")
        XCTAssertEqual(moved.unknownFields, Self.stop.unknownFields)
    }

    /// What a newer build wrote, in its own layout: its fields come back after a load and a save by this one.
    func testFieldsOfANewerBuildSurviveASave() throws {
        let text = """
        {"schemaVersion": 1, "trips": [{"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "name": "T",
          "createdAt": "2027-01-01T00:00:00Z", "updatedAt": "2027-01-01T00:00:00Z", "notes": "",
          "aaFirst": [1, 2.50, -0.0, 1e400, "two", null, true, {"z": {}, "a": []}],
          "waypoints": [{"id": "0D3E5A4C-9B0B-4A57-9E1B-1E2A3B4C5D6E", "name": "A", "latitude": 1, "longitude": 2,
            "nights": 0, "notes": "", "zone": "Europe/Oslo", "locked": false, "zz": {"q\\"uote": "\\u00e9\\n"}}],
          "zzLast": {"nested": {"deeper": [[]]}}}]}
        """
        let read = try TripDocument.decode(Data(text.utf8))
        let trip = try XCTUnwrap(read.trips.first)
        XCTAssertEqual(trip.unknownFields.members["zzLast"], .object(["nested": .object(["deeper": .array([.array([])])])]))
        XCTAssertEqual(trip.waypoints[0].unknownFields.members["zone"], .string("Europe/Oslo"))
        XCTAssertEqual(trip.waypoints[0].unknownFields.members["zz"], .object(["q\"uote": .string("é\n")]))
        let saved = try TripDocument.encode(read)
        let written = String(decoding: saved, as: UTF8.self)
        XCTAssertTrue(written.contains("\"aaFirst\" : [\n        1,\n        2.50,\n        -0.0,\n        1e400,"), written)
        XCTAssertTrue(written.contains("\"locked\" : false"), written)
        XCTAssertLessThan(try XCTUnwrap(written.range(of: "\"aaFirst\"")).lowerBound,
                          try XCTUnwrap(written.range(of: "\"createdAt\"")).lowerBound, "in key order")
        XCTAssertEqual(try TripDocument.decode(saved), read, "and they read back the same")
        XCTAssertEqual(try TripDocument.encode(TripDocument.decode(saved)), saved, "a second save changes nothing")
    }

    /// `pinned` (issue 22) is written only when true: a file without it reads unpinned and is saved byte for byte
    /// as it was; `"pinned": true` reads pinned and is written back; anything but true/false is refused.
    func testPinnedIsWrittenOnlyWhenTrue() throws {
        let stop = #"{"id": "0D3E5A4C-9B0B-4A57-9E1B-1E2A3B4C5D6E", "latitude" : 1, "longitude" : 2, "name" : "A", "nights" : 0, "notes" : ""PIN}"#
        let file = { (pin: String) in
            Data(#"{"schemaVersion": 1, "trips": [{"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "name": "T", "notes": "", "createdAt": "2027-01-01T00:00:00Z", "updatedAt": "2027-01-01T00:00:00Z", "waypoints": [STOP]}]}"#
                .replacingOccurrences(of: "STOP", with: stop.replacingOccurrences(of: "PIN", with: pin)).utf8)
        }
        let plain = try TripDocument.decode(file(""))
        XCTAssertFalse(plain.trips[0].waypoints[0].pinned)
        let saved = try TripDocument.encode(plain)
        XCTAssertFalse(String(decoding: saved, as: UTF8.self).contains("pinned"), "no key for an unpinned stop")
        XCTAssertEqual(try TripDocument.encode(TripDocument.decode(saved)), saved)

        let pinned = try TripDocument.decode(file(#", "pinned": true"#))
        XCTAssertTrue(pinned.trips[0].waypoints[0].pinned)
        XCTAssertTrue(pinned.trips[0].waypoints[0].unknownFields.isEmpty, "a known field, not an unknown one")
        let written = String(decoding: try TripDocument.encode(pinned), as: UTF8.self)
        XCTAssertTrue(written.contains("\"notes\" : \"\",\n          \"pinned\" : true\n"), written)
        XCTAssertEqual(try TripDocument.decode(Data(written.utf8)), pinned)
        XCTAssertEqual(try JSONDecoder().decode(Waypoint.self, from: JSONEncoder().encode(pinned.trips[0].waypoints[0])).pinned,
                       true, "Codable carries it too (show --json)")

        XCTAssertFalse(try TripDocument.decode(file(#", "pinned": false"#)).trips[0].waypoints[0].pinned)
        XCTAssertThrowsError(try TripDocument.decode(file(#", "pinned": "yes""#))) {
            XCTAssertTrue("\($0)".contains("expected true or false, found a string"), "\($0)")
        }
    }
}
