import Foundation
import XCTest
@testable import RoadtripCore

/// Files up to the import limit, and how their points become stops.
final class ImportLargeFileTests: XCTestCase {
    /// Given at once, libxml2 refused a document over 10,000,000 bytes ("Huge input lookup", XML error 1):
    /// streamed, a GPX track of 250,000 points and a KML line of 300,000 (over 10 MB each) import.
    func testXMLOverTenMegabytesImports() throws {
        let count = 250_000
        var gpx = "<gpx version=\"1.1\" creator=\"x\"><trk><name>Long</name><trkseg>\n"
        for i in 0..<count { gpx += "<trkpt lat=\"45.\(100_000 + i)\" lon=\"7.\(100_000 + i)\"/>\n" }
        gpx += "</trkseg></trk></gpx>\n"
        XCTAssertGreaterThan(gpx.utf8.count, 10_000_000)
        let track = try ImportFixtureFiles.importing(gpx)
        XCTAssertEqual(track.trackPointCount, count)
        XCTAssertEqual(track.trip.name, "Long")
        XCTAssertEqual(track.trip.waypoints.first?.latitude, 45.1)
        XCTAssertEqual(track.trip.waypoints.last?.longitude, 7.349999)

        let lineCount = 300_000
        var kml = "<kml><Document><Placemark><LineString><coordinates>"
        for i in 0..<lineCount { kml += "7.\(100_000 + i)0000,45.\(100_000 + i)0000,1234.5678 " }
        kml += "</coordinates></LineString></Placemark></Document></kml>"
        XCTAssertGreaterThan(kml.utf8.count, 10_000_000)
        let line = try ImportFixtureFiles.importing(kml)
        XCTAssertEqual(line.trackPointCount, lineCount)
        XCTAssertEqual(line.trip.waypoints.last?.latitude, 45.399999)
    }

    /// Each waypoint merges into the first route point at its position not merged yet; the others follow the
    /// route in file order.
    func testWaypointsMergeIntoRoutePointsInOrder() throws {
        let gpx = """
            <gpx>
            <wpt lat="1.0000001" lon="1"><name>w1</name><cmt>first</cmt></wpt>
            <wpt lat="3" lon="3"><name>x</name></wpt>
            <wpt lat="1" lon="1"><name>w2</name></wpt>
            <wpt lat="1" lon="1"><name>w3</name></wpt>
            <wpt lat="2" lon="2"><name>w4</name></wpt>
            <rte><rtept lat="1" lon="1"/><rtept lat="2" lon="2"><name>B</name></rtept><rtept lat="1.000000" lon="1.0"/></rte>
            </gpx>
            """
        let imported = try ImportFixtureFiles.importing(gpx)
        XCTAssertEqual(imported.trip.waypoints.map(\.name), ["w1", "B", "w2", "x", "w3"])
        XCTAssertEqual(imported.trip.waypoints.map(\.notes), ["first", "", "", "", ""])
        XCTAssertEqual(imported.source, .routePointsAndWaypoints)
    }

    /// GeoJSON is read as it goes: members in any order, unknown ones (of any kind) skipped, and JSON checked.
    func testGeoJSONMembersInAnyOrder() throws {
        let json = """
            \u{FEFF}{"features": [
              {"properties": {"name": "B\\u00e9l\\u00e9m \\ud83d\\ude97", "extra": [1, {"a": null}], "notes": "n"},
               "geometry": {"coordinates": [-9.2, 38.7], "type": "Point"}, "type": "Feature"},
              {"type": "Feature", "geometry": null, "properties": null},
              {"type": "Feature", "geometry": {"type": "GeometryCollection", "geometries": [
                {"type": "Point", "coordinates": [-8.6, 41.1]}, 7, {"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 1], [0, 0]]]}]},
               "properties": {"title": "Porto", "cmt": "c", "desc": "d", "date": "2027-06-12"}}
            ], "name": "Portugal", "bbox": [-9.2, 38.7, -8.6, 41.1], "type": "FeatureCollection", "notes": true}
            """
        let imported = try ImportFixtureFiles.importing(json)
        XCTAssertEqual(imported.trip.name, "Portugal")
        XCTAssertEqual(imported.trip.notes, "")
        XCTAssertEqual(imported.trip.waypoints.map(\.name), ["Bélém 🚗", "Porto"])
        XCTAssertEqual(imported.trip.waypoints.map(\.notes), ["n", "c\n\nd"])
        XCTAssertEqual(imported.trip.waypoints.map(\.latitude), [38.7, 41.1])
        XCTAssertEqual(imported.trip.startDate, CalendarDate("2027-06-12"))

        let lines = try ImportFixtureFiles.importing(
            #"{"coordinates": [[[0, 0], [0.5, 0.25, 3]], [], [[1, 1e0]]], "type": "MultiLineString"}"#)
        XCTAssertEqual(lines.trackPointCount, 3)
        XCTAssertEqual(lines.trip.waypoints.map(\.longitude), [0, 0.5, 1])

        for (bad, reason) in [(#"{"type": "Point", "coordinates": [1, 2],}"#, "not valid JSON"),
                              (#"{"type": "Point", "coordinates": [01, 2]}"#, "not valid JSON"),
                              (#"{"type": "Point", "coordinates": [1, 2]} x"#, "not valid JSON"),
                              (#"{"type": "Point", "name": "\ud800", "coordinates": [1, 2]}"#, "not valid JSON"),
                              ("{\"type\": \"Point\", \"name\": \"a\u{1}\", \"coordinates\": [1, 2]}", "not valid JSON"),
                              (String(repeating: #"{"a": "#, count: 300), "not valid JSON"),
                              (#"{"type": 5, "coordinates": [1, 2]}"#, "the top level is not a GeoJSON object"),
                              (#"{"type": "FeatureCollection", "features": [1]}"#, "a member of \"features\" is not a Feature"),
                              (#"{"type": "FeatureCollection", "features": {}}"#, "a FeatureCollection without a \"features\" array"),
                              (#"{"type": "LineString", "coordinates": 5}"#, "a LineString whose \"coordinates\" is not an array")] {
            XCTAssertThrowsError(try ImportFixtureFiles.importing(bad), bad) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(bad): \(error)")
            }
        }
    }

    /// A long line: all of its positions in the track, each read as JSON reads numbers.
    func testALongGeoJSONLine() throws {
        let count = 200_000
        var json = #"{"type": "LineString", "coordinates": ["#
        json += (0..<count).map { "[\(Double($0) / 10_000 - 50), \(Double($0 % 1000) / 20)]" }.joined(separator: ",")
        json += "]}"
        let imported = try ImportFixtureFiles.importing(json)
        XCTAssertEqual(imported.trackPointCount, count)
        XCTAssertEqual(imported.source, .track)
        XCTAssertEqual(imported.trip.waypoints.first?.longitude, -50)
        XCTAssertEqual(imported.trip.waypoints.last?.longitude, Double(count - 1) / 10_000 - 50)
    }
}
