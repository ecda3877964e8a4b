import XCTest
@testable import RoadtripCore

/// Each reader on files written the way OsmAnd, Garmin BaseCamp, gpx.studio, gpsbabel, Google My Maps and
/// Google Earth write them.
final class ImportReaderTests: XCTestCase {
    private func names(_ imported: ImportedTrip) -> [String] { imported.trip.waypoints.map(\.name) }

    func testOsmAndWaypointsMatchingTheRouteGiveOneSetOfStops() throws {
        let imported = try ImportFixtureFiles.read("osmand-route.gpx")
        XCTAssertEqual(imported.format, .gpx)
        XCTAssertEqual(imported.source, .routePoints)
        XCTAssertEqual(imported.trip.name, "Alpine loop")
        XCTAssertEqual(names(imported), ["Bern", "Interlaken", "Grindelwald"])
        XCTAssertEqual(imported.trip.waypoints.map(\.notes), ["Old town, parking at Casino", "Lunch by the lake\n\nHöhematte", ""])
        XCTAssertEqual(imported.trip.waypoints[1].latitude, 46.686372)
        XCTAssertEqual(imported.trip.waypoints[1].longitude, 7.863195)
        XCTAssertEqual(imported.trip.startDate, CalendarDate("2024-07-02"))
        XCTAssertEqual(imported.trip.waypoints.map(\.nights), [0, 0, 0])
        XCTAssertEqual(imported.summary, "3 stops from route points")
    }

    func testBaseCampRouteComesFirstThenTheOtherWaypoints() throws {
        let imported = try ImportFixtureFiles.read("basecamp-route.gpx")
        XCTAssertEqual(imported.source, .routePointsAndWaypoints)
        // No metadata name: the route's. Garmin's shaping points (gpxx:rpt in extensions) are not stops.
        XCTAssertEqual(imported.trip.name, "Vegas to the Canyon")
        XCTAssertEqual(names(imported), ["Las Vegas", "Kingman", "Grand Canyon Village", "Flagstaff POI"])
        // The waypoint at the canyon gave its notes (cmt and desc alike: once).
        XCTAssertEqual(imported.trip.waypoints[2].notes, "South Rim")
        XCTAssertEqual(imported.trip.startDate, CalendarDate("2023-05-14"))
    }

    func testGPXStudioTrackBecomesItsEndsAndItsTurn() throws {
        let imported = try ImportFixtureFiles.read("gpxstudio-track.gpx")
        XCTAssertEqual(imported.source, .track)
        XCTAssertEqual(imported.trackPointCount, 240)
        XCTAssertEqual(imported.trip.name, "Coast ride")
        XCTAssertEqual(imported.trip.waypoints.count, 25)
        XCTAssertEqual(imported.trip.waypoints.first?.name, "Start")
        XCTAssertEqual(imported.trip.waypoints.last?.name, "End")
        XCTAssertEqual(imported.trip.waypoints.first?.longitude, 7.2)
        XCTAssertEqual(imported.trip.waypoints.last?.latitude, 43.82)
        // The corner of the L is the first point kept after the ends.
        XCTAssertTrue(imported.trip.waypoints.contains { abs($0.longitude - 7.319) < 1e-9 && abs($0.latitude - 43.7) < 1e-4 })
        XCTAssertEqual(imported.summary, "25 stops from a track (track of 240 points simplified to 25)")
        XCTAssertEqual(imported.trip.startDate, CalendarDate("2024-09-08"))
    }

    func testGPX10ReadsTheRootsNameAndNotes() throws {
        let imported = try ImportFixtureFiles.read("gpx10-waypoints.gpx")
        XCTAssertEqual(imported.source, .waypoints)
        XCTAssertEqual(imported.trip.name, "Old unit")
        XCTAssertEqual(imported.trip.notes, "Downloaded from a GPS III")
        XCTAssertEqual(names(imported), ["BIGBEN", "TOWER"])
        XCTAssertEqual(imported.trip.waypoints[0].notes, "Clock tower\n\nWestminster")
        XCTAssertEqual(imported.trip.startDate, CalendarDate("2009-03-01"))
    }

    func testMyMapsPlacemarksInNestedFoldersInOrderWithoutAreasOrDirections() throws {
        let imported = try ImportFixtureFiles.read("mymaps.kml")
        XCTAssertEqual(imported.format, .kml)
        XCTAssertEqual(imported.trip.name, "Pacific Northwest")
        XCTAssertEqual(imported.trip.notes, "Two weeks & a ferry")
        XCTAssertEqual(names(imported), ["Seattle", "Port Angeles", "Portland"])
        XCTAssertEqual(imported.trip.waypoints[0].notes, "Space Needle\nPike Place & the market")
        XCTAssertEqual(imported.trip.waypoints[0].longitude, -122.3493)
        XCTAssertEqual(imported.trip.waypoints[0].latitude, 47.6205)
        XCTAssertEqual(imported.summary, "3 stops from waypoints")
    }

    func testGPSBabelKMLOfABaseCampFile() throws {
        let imported = try ImportFixtureFiles.read("gpsbabel-basecamp.kml")
        XCTAssertEqual(names(imported), ["Grand Canyon Village", "Flagstaff POI", "Las Vegas", "Kingman", "Grand Canyon Village"])
        XCTAssertEqual(imported.trip.waypoints[3].latitude, 35.1894)
    }

    func testGoogleEarthTrackWithTimes() throws {
        let imported = try ImportFixtureFiles.read("earth-track.kml")
        XCTAssertEqual(imported.source, .track)
        XCTAssertEqual(imported.trackPointCount, 4)
        XCTAssertEqual(imported.trip.waypoints.map(\.latitude), [40.416775, 40.5, 40.6, 40.6])
        XCTAssertEqual(imported.trip.startDate, CalendarDate("2022-10-01"))
    }

    func testGeoJSONPointsAreStopsAndTheLineIsIgnored() throws {
        let imported = try ImportFixtureFiles.read("geojsonio.geojson")
        XCTAssertEqual(imported.format, .geojson)
        XCTAssertEqual(imported.trip.name, "geojsonio")  // no name in the file: the file's
        XCTAssertEqual(names(imported), ["Lisbon", "Porto", "Stop 3"])
        XCTAssertEqual(imported.trip.waypoints[0].notes, "Start at Belém")
        XCTAssertEqual(imported.trip.waypoints[1].latitude, 41.149)
        XCTAssertEqual(imported.trip.waypoints[1].longitude, -8.611)
    }

    func testGeoJSONMultiLineStringTrack() throws {
        let imported = try ImportFixtureFiles.read("multiline-track.geojson")
        XCTAssertEqual(imported.source, .track)
        XCTAssertEqual(imported.trackPointCount, 6)
        XCTAssertEqual(imported.trip.waypoints.first?.latitude, 45.764)
        XCTAssertEqual(imported.trip.waypoints.last?.latitude, 43.2965)
    }

    func testTheFormatIsToldByTheContentNotTheExtension() throws {
        let gpx = try Data(contentsOf: ImportFixtureFiles.url("osmand-route.gpx"))
        XCTAssertEqual(try TripImporter.importTrip(from: gpx, fileExtension: "geojson").format, .gpx)
        let json = try Data(contentsOf: ImportFixtureFiles.url("geojsonio.geojson"))
        XCTAssertEqual(try TripImporter.importTrip(from: json, fileExtension: "gpx").format, .geojson)
        XCTAssertEqual(try ImportFixtureFiles.importing("\u{FEFF}<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>").format, .gpx)
    }

    func testNameOptionWins() throws {
        let data = try Data(contentsOf: ImportFixtureFiles.url("osmand-route.gpx"))
        XCTAssertEqual(try TripImporter.importTrip(from: data, name: "Mine").trip.name, "Mine")
    }

    func testTrackSimplifierKeepsTheEndsAndTheFarthestPoints() {
        let points = [(0.0, 0.0), (0.0, 1.0), (1.0, 2.0), (0.0, 3.0), (0.1, 4.0), (0.0, 5.0)]
            .map { Coordinate(checked: $0.0, $0.1) }
        let three = TrackSimplifier.simplify(points, limit: 3)
        XCTAssertEqual(three.map(\.longitude), [0, 2, 5])
        let four = TrackSimplifier.simplify(points, limit: 4)
        XCTAssertEqual(four.map(\.longitude), [0, 2, 3, 5])
        // Collinear points add nothing: only the ends.
        let line = (0..<100).map { Coordinate(checked: 0, Double($0) / 100) }
        XCTAssertEqual(TrackSimplifier.simplify(line, limit: 25).count, 2)
        // A loop back to its start keeps the farthest point.
        let loop = [(0.0, 0.0), (1.0, 1.0), (2.0, 0.0), (1.0, -1.0), (0.0, 0.0)].map { Coordinate(checked: $0.0, $0.1) }
        XCTAssertEqual(TrackSimplifier.simplify(loop, limit: 3).map(\.latitude), [0, 2, 0])
    }
}
