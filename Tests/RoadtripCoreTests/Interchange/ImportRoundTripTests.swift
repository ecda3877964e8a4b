import XCTest
@testable import RoadtripCore

/// Our own exports come back with the same names, coordinates (six decimals), notes, nights and order.
final class ImportRoundTripTests: XCTestCase {
    private let trip = ExportFixtures.hostile

    private func roundTrip(_ format: ExportFormat) throws -> ImportedTrip {
        let text = try format.document(trip, ExportFixtures.hostileItinerary(), unit: .km)
        return try TripImporter.importTrip(from: Data(text.utf8), fileExtension: format.fileExtension)
    }

    private func assertSameStops(_ imported: ImportedTrip, file: StaticString = #filePath, line: UInt = #line) {
        let stops = imported.trip.waypoints
        XCTAssertEqual(stops.map(\.name), trip.waypoints.map { ExportText.line($0.name) }, file: file, line: line)
        XCTAssertEqual(stops.map(\.notes), trip.waypoints.map { ExportText.multiline($0.notes) }, file: file, line: line)
        XCTAssertEqual(stops.map { ExportText.degrees($0.latitude) }, trip.waypoints.map { ExportText.degrees($0.latitude) },
                       file: file, line: line)
        XCTAssertEqual(stops.map { ExportText.degrees($0.longitude) }, trip.waypoints.map { ExportText.degrees($0.longitude) },
                       file: file, line: line)
        XCTAssertEqual(imported.trip.name, ExportText.line(trip.name), file: file, line: line)
    }

    func testGPX() throws {
        let imported = try roundTrip(.gpx)
        XCTAssertEqual(imported.format, .gpx)
        // The waypoints and the route describe the same stops: one set, the route's order, the waypoints' notes.
        XCTAssertEqual(imported.source, .routePoints)
        assertSameStops(imported)
        XCTAssertEqual(imported.trip.notes, ExportText.multiline(trip.notes))
        XCTAssertEqual(imported.trackPointCount, 3)
    }

    func testKML() throws {
        let imported = try roundTrip(.kml)
        XCTAssertEqual(imported.format, .kml)
        assertSameStops(imported)
        XCTAssertEqual(imported.trip.notes, ExportText.multiline(trip.notes))
    }

    func testGeoJSON() throws {
        let imported = try roundTrip(.geojson)
        XCTAssertEqual(imported.format, .geojson)
        assertSameStops(imported)
        XCTAssertEqual(imported.trip.notes, ExportText.multiline(trip.notes))
        // The first stop's date is the trip's start.
        XCTAssertEqual(imported.trip.startDate, trip.startDate)
    }

    /// Nights are roadtrip's own fields (`TripFields`): each format carries them (every field: `InterchangeRoundTripTests`).
    func testEveryImportedStopKeepsItsNights() throws {
        for format in [ExportFormat.gpx, .kml, .geojson] {
            XCTAssertEqual(try roundTrip(format).trip.waypoints.map(\.nights), [1, 0, 2, 0], "\(format)")
        }
    }
}
