import Foundation
import XCTest
@testable import RoadtripCore

/// Every export roadtrip reads back returns the same trip, field by field: the entities' sample (which sets
/// every stored field, `EntityFieldsRoundTripTests`) and the three trips of issue 20. A field added to `Trip`
/// or `Waypoint` fails here until the writers and the importer carry it (`TripFields`).
final class InterchangeRoundTripTests: XCTestCase {
    static let readBack: [ExportFormat] = [.gpx, .kml, .geojson]
    /// What an import makes anew: ids and times are the new trip's own; a newer build's unknown members are
    /// kept by the trips file, not by the exports.
    static let notCarried: Set<String> = ["id", "createdAt", "updatedAt", "unknownFields", "waypoints", "conflicts"]

    static let threeTrips: [Trip] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/interchange/three-trips.json")
        return try! TripDocument.decode(Data(contentsOf: url)).trips
    }()

    static func roundTrip(_ trip: Trip, _ format: ExportFormat) throws -> Trip {
        let text = try format.document(trip, estimatedItinerary(trip), unit: .km)
        return try TripImporter.importTrip(from: Data(text.utf8), fileExtension: format.fileExtension).trip
    }

    /// "label: read ≠ written" for each stored field that differs, by reflection, so that no field is missed.
    static func differences<T>(_ read: T, _ written: T, prefix: String) -> [String] {
        let fields = { (value: T) -> [(label: String, value: Any)] in
            Mirror(reflecting: value).children.map { (label: $0.label ?? "?", value: $0.value) }
        }
        return differences(fields(read), fields(written), prefix: prefix)
    }

    /// A stop's, its text's box opened.
    static func differences(_ read: Waypoint, _ written: Waypoint, prefix: String) -> [String] {
        differences(EntityFieldsRoundTripTests.fields(of: read), EntityFieldsRoundTripTests.fields(of: written), prefix: prefix)
    }

    private static func differences(_ read: [(label: String, value: Any)], _ written: [(label: String, value: Any)],
                                    prefix: String) -> [String] {
        zip(read, written).compactMap { read, written in
            guard !notCarried.contains(read.label), "\(read.value)" != "\(written.value)" else { return nil }
            return "\(prefix)\(read.label): \(read.value) ≠ \(written.value)"
        }
    }

    private func assertSameTrip(_ read: Trip, _ written: Trip, _ format: ExportFormat,
                                file: StaticString = #filePath, line: UInt = #line) {
        var found = Self.differences(read, written, prefix: "")
        XCTAssertEqual(read.waypoints.count, written.waypoints.count, "\(format): stops", file: file, line: line)
        for (index, (stop, original)) in zip(read.waypoints, written.waypoints).enumerated() {
            found += Self.differences(stop, original, prefix: "stop \(index + 1) ")
        }
        XCTAssertEqual(found, [], "\(format) \(written.name)", file: file, line: line)
    }

    func testTheSampleWithEveryFieldComesBackWhole() throws {
        for format in Self.readBack {
            assertSameTrip(try Self.roundTrip(EntityFieldsRoundTripTests.trip, format), EntityFieldsRoundTripTests.trip, format)
        }
    }

    /// The Highlands loop (9 stops, its first and last the same place), the fjords (Å, Ø) and Japan in kanji
    /// from 30 Dec 2027: the GPX's first time is 東京's departure after two nights, 00:00Z on 1 Jan 2028, not the start
    /// (ExportTimesTests: a first departure at 23:00Z the day before).
    func testTheThreeTripsOfTheIssueComeBackWhole() throws {
        XCTAssertEqual(Self.threeTrips.map(\.waypoints.count), [9, 8, 6])
        for trip in Self.threeTrips {
            for format in Self.readBack { assertSameTrip(try Self.roundTrip(trip, format), trip, format) }
        }
        let japan = Self.threeTrips[2]
        let gpx = try ExportFormat.gpx.document(japan, estimatedItinerary(japan), unit: .km)
        XCTAssertTrue(gpx.contains("<time>2028-01-01T00:00:00Z</time>\n    <name>東京</name>"), "the trap is there")
    }

    func testTheWritersPutTheFieldsInTheirNamespace() throws {
        let trip = Self.threeTrips[1]
        let itinerary = estimatedItinerary(trip)
        let gpx = try ExportFormat.gpx.document(trip, itinerary, unit: .km)
        XCTAssertTrue(gpx.contains(#"xmlns:roadtrip="https://roadtrip.invalid/gpx/1""#))
        XCTAssertTrue(gpx.contains("    <extensions>\n      <roadtrip:startDate>2027-07-01</roadtrip:startDate>\n    </extensions>\n  </metadata>"), gpx)
        XCTAssertTrue(gpx.contains("<roadtrip:nights>2</roadtrip:nights>\n      <roadtrip:placeId>3161732</roadtrip:placeId>\n"
            + "      <roadtrip:region>Vestland</roadtrip:region>\n      <roadtrip:countryCode>NO</roadtrip:countryCode>"), gpx)
        let kml = try ExportFormat.kml.document(trip, itinerary, unit: .km)
        XCTAssertTrue(kml.contains(#"<ExtendedData><Data name="roadtrip:startDate"><value>2027-07-01</value></Data></ExtendedData>"#))
        XCTAssertTrue(kml.contains(#"<Data name="roadtrip:region"><value>Møre og Romsdal</value></Data>"#))
        let json = try ExportFormat.geojson.document(trip, itinerary, unit: .km)
        XCTAssertTrue(json.contains(#""roadtrip": {"startDate": "2027-07-01"}"#))
        XCTAssertTrue(json.contains(#""roadtrip": {"nights": 2, "region": "Møre og Romsdal", "countryCode": "NO", "timeZone": "Europe/Oslo"}"#), json)
    }

    /// Pinned stops (issue 22) come back pinned from each format, the others unpinned; the GPX with its pins still
    /// validates against the GPX 1.1 schema.
    func testPinnedStopsComeBackPinned() throws {
        var trip = Self.threeTrips[0]
        for index in [1, 4, trip.waypoints.count - 1] { trip.waypoints[index].pinned = true }
        let pinned = trip.waypoints.indices.filter { trip.waypoints[$0].pinned }
        for format in Self.readBack {
            let read = try Self.roundTrip(trip, format)
            XCTAssertEqual(read.waypoints.indices.filter { read.waypoints[$0].pinned }, pinned, "\(format)")
        }
        let itinerary = estimatedItinerary(trip)
        let gpx = try ExportFormat.gpx.document(trip, itinerary, unit: .km)
        XCTAssertEqual(gpx.components(separatedBy: "<roadtrip:pinned>true</roadtrip:pinned>").count - 1, 3 * 2,
                       "in each wpt and rtept")
        XCTAssertNil(try ExportFixtures.gpxSchemaErrors(gpx))
        let kml = try ExportFormat.kml.document(trip, itinerary, unit: .km)
        XCTAssertEqual(kml.components(separatedBy: #"<Data name="roadtrip:pinned"><value>true</value></Data>"#).count - 1, 3)
        let json = try ExportFormat.geojson.document(trip, itinerary, unit: .km)
        XCTAssertEqual(json.components(separatedBy: #""pinned": true"#).count - 1, 3, json)
    }

    /// A newer roadtrip's file: another version of the namespace under another prefix, fields this build does
    /// not know (text, nested, repeated) beside those it does. They are skipped; the rest reads as before.
    func testAFileFromANewerVersionKeepsWorking() throws {
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="roadtrip 9.0" xmlns="http://www.topografix.com/GPX/1/1" xmlns:rt="https://roadtrip.invalid/gpx/2">
              <metadata><name>Later</name><extensions><rt:startDate>2030-05-01</rt:startDate><rt:pace><rt:breaks>15</rt:breaks></rt:pace></extensions></metadata>
              <wpt lat="60.39" lon="5.32"><name>Bergen</name><extensions>
                <rt:zone>Europe/Oslo</rt:zone><rt:stay><rt:name>Hotel</rt:name><rt:nights>99</rt:nights></rt:stay>
                <rt:nights>2</rt:nights><rt:pinned/><other:nights xmlns:other="urn:other">7</other:nights>
                <rt:stayMinutes><rt:planned>30</rt:planned><rt:range>20 40</rt:range></rt:stayMinutes>
              </extensions></wpt>
              <wpt lat="60.63" lon="6.42"><name>Voss</name></wpt>
            </gpx>
            """
        let fromGPX = try ImportFixtureFiles.importing(gpx).trip
        XCTAssertEqual(fromGPX.startDate, CalendarDate("2030-05-01"))
        XCTAssertEqual(fromGPX.waypoints.map(\.nights), [2, 0], "the nested and the other namespace's nights are not ours")
        XCTAssertEqual(fromGPX.waypoints[0].stayMinutes, 0, "a field with elements inside is not this version's: skipped")
        let kml = """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Later</name>
              <ExtendedData><Data name="roadtrip:startDate"><value>2030-05-01</value></Data><Data name="roadtrip:pace"><value>x</value></Data></ExtendedData>
              <Placemark><name>Bergen</name><ExtendedData><Data name="roadtrip:zone"><value>Europe/Oslo</value></Data>
                <Data name="roadtrip:nights"><value>3</value></Data><Data name="nights"><value>8</value></Data></ExtendedData>
                <Point><coordinates>5.32,60.39</coordinates></Point></Placemark>
            </Document></kml>
            """
        let fromKML = try ImportFixtureFiles.importing(kml).trip
        XCTAssertEqual(fromKML.startDate, CalendarDate("2030-05-01"))
        XCTAssertEqual(fromKML.waypoints.map(\.nights), [3])
        let json = """
            {"type": "FeatureCollection", "roadtrip": {"startDate": "2030-05-01", "pace": {"breaks": [15]}},
             "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [5.32, 60.39]},
               "properties": {"name": "Bergen", "nights": 9, "roadtrip": {"zone": {"id": "Europe/Oslo"}, "pinned": true,
                 "nights": 4, "countryCode": "NO", "stay": null}}}]}
            """
        let fromJSON = try ImportFixtureFiles.importing(json).trip
        XCTAssertEqual(fromJSON.startDate, CalendarDate("2030-05-01"))
        XCTAssertEqual(fromJSON.waypoints.map(\.nights), [4])
        XCTAssertEqual(fromJSON.waypoints.map(\.countryCode), ["NO"])
    }

    /// Values of ours are bounded like typed ones: nights that are no stay refuse the file saying why; a start
    /// date, place id, region or country that is not one is dropped (the file imports as if it had none).
    func testHostileValuesAreRefusedOrDropped() throws {
        func geoJSON(_ stop: String, trip: String = "{}") -> String {
            #"{"type": "FeatureCollection", "roadtrip": \#(trip), "features": [{"type": "Feature", "#
                + #""geometry": {"type": "Point", "coordinates": [5.32, 60.39]}, "properties": {"name": "B", "date": "2027-07-01", "roadtrip": \#(stop)}}]}"#
        }
        for (nights, reason) in [("366", "Nights 366 is outside 0…365"), ("-1", "Nights -1 is outside 0…365"),
                                 (#""two""#, #"nights "two" is not a whole number"#), ("1e400", #"nights "1e400" is not a whole number"#),
                                 ("2.5", #"nights "2.5" is not a whole number"#)] {
            XCTAssertThrowsError(try ImportFixtureFiles.importing(geoJSON(#"{"nights": \#(nights)}"#)), nights) { error in
                XCTAssertTrue("\(error)".hasPrefix("stop 1: \(reason)"), "\(error)")
            }
        }
        for (stay, reason) in [("1440", "Stay 1440 is outside 0…1439"), (#""soon""#, #"stayMinutes "soon" is not a whole number"#)] {
            XCTAssertThrowsError(try ImportFixtureFiles.importing(geoJSON(#"{"stayMinutes": \#(stay)}"#)), stay) { error in
                XCTAssertTrue("\(error)".hasPrefix("stop 1: \(reason)"), "\(error)")
            }
        }
        let long = String(repeating: "x", count: Limits.nameLength + 1)
        let dropped = try ImportFixtureFiles.importing(geoJSON(
            #"{"nights": 2.0, "placeId": -1e300, "region": "\#(long)", "countryCode": "GBR", "timeZone": "../etc/passwd"}"#,
            trip: #"{"startDate": "2027-02-30"}"#)).trip
        XCTAssertEqual(dropped.waypoints[0].nights, 2)
        XCTAssertEqual(dropped.waypoints[0].timeZone, "Europe/Oslo", "the malformed zone dropped, its position's stored")
        XCTAssertNil(dropped.waypoints[0].placeId, "neither a GeoNames id nor an OpenStreetMap node's")
        for (id, kept) in [(-5, -5), (-281_474_976_710_656, -281_474_976_710_656), (-281_474_976_710_657, nil),
                           (0, nil), (2_147_483_648, nil)] as [(Int, Int?)] {
            let stop = try ImportFixtureFiles.importing(geoJSON(#"{"placeId": \#(id)}"#)).trip.waypoints[0]
            XCTAssertEqual(stop.placeId, kept, "placeId \(id)")
        }
        XCTAssertNil(dropped.waypoints[0].region)
        XCTAssertNil(dropped.waypoints[0].countryCode)
        XCTAssertEqual(dropped.startDate, CalendarDate("2027-07-01"), "no date of ours: the first time in the file, as before")
        let gpx = """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:roadtrip="https://roadtrip.invalid/gpx/1">
              <wpt lat="1" lon="2"><name>A</name><extensions><roadtrip:nights>400</roadtrip:nights></extensions></wpt>
            </gpx>
            """
        XCTAssertThrowsError(try ImportFixtureFiles.importing(gpx)) { error in
            XCTAssertEqual("\(error)", "stop 1: Nights 400 is outside 0…365 (a stay of more than a year is a typo)")
        }
    }
}
