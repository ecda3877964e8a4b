import XCTest
@testable import RoadtripCore

/// An export that carries OpenStreetMap's data credits it (ODbL) where its format keeps such things, and an import
/// of it gives the trip back without the credit in its notes; one without OSM data says nothing of it.
final class ExportAttributionTests: XCTestCase {
    private static let credited: [ExportFormat: String] = [
        .gpx: #"<copyright author="OpenStreetMap contributors"><license>https://opendatacommons.org/licenses/odbl/1-0/</license></copyright>"#,
        .kml: "<Snippet>Map data © OpenStreetMap contributors, ODbL (openstreetmap.org/copyright)</Snippet>",
        .geojson: #""attribution": "Map data © OpenStreetMap contributors, ODbL (openstreetmap.org/copyright)","#,
        .md: "Map data © OpenStreetMap contributors, ODbL (openstreetmap.org/copyright)",
        .ics: "DESCRIPTION:Map data © OpenStreetMap contributors\\, ODbL (openstreetmap.org/copyright)\r\n",
    ]

    /// Vestvik (a night) → Austvik, both estimated; Austvik picked from an installed region when `fromRegion`.
    private func trip(fromRegion: Bool) -> Trip {
        Trip(name: "Fjord", startDate: CalendarDate("2027-06-12"), notes: "Ferry at noon", waypoints: [
            Waypoint(name: "Vestvik", latitude: 62.10, longitude: 6.10, placeId: 3_133_880, countryCode: "NO", nights: 1),
            Waypoint(name: "Austvik", latitude: 62.12, longitude: 6.30, placeId: fromRegion ? -1_815_986_142 : nil,
                     countryCode: "NO"),
        ])
    }

    func testAStopFromARegionIsCreditedInEveryFormatAndTheCreditIsNotReadBack() throws {
        let trip = trip(fromRegion: true)
        for (format, credit) in Self.credited {
            // iCalendar folds its lines at 75 octets: read unfolded.
            let text = try format.document(trip, estimatedItinerary(trip), unit: .km).replacingOccurrences(of: "\r\n ", with: "")
            XCTAssertTrue(text.contains(credit), "\(format):\n\(text)")
        }
        for format in InterchangeRoundTripTests.readBack {
            let read = try InterchangeRoundTripTests.roundTrip(trip, format)
            XCTAssertEqual(read.notes, trip.notes, "\(format)")
            XCTAssertEqual(read.waypoints.map(\.placeId), trip.waypoints.map(\.placeId), "\(format)")
        }
    }

    func testARoutedLegIsCreditedAndAnEstimateOfGazetteerPlacesIsNot() throws {
        let routed = try ExportFormat.gpx.document(ExportFixtures.hostile, ExportFixtures.hostileItinerary(), unit: .km)
        XCTAssertTrue(routed.contains(Self.credited[.gpx]!), routed)
        let trip = trip(fromRegion: false)
        for format in Self.credited.keys {
            let text = try format.document(trip, estimatedItinerary(trip), unit: .km)
            XCTAssertFalse(text.contains("OpenStreetMap"), "\(format):\n\(text)")
        }
    }
}
