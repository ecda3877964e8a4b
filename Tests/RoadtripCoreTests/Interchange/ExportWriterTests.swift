import XCTest
@testable import RoadtripCore

/// The writers' own rules, on fixed legs (the files are read back by real tools in ExportCommandTests).
final class ExportWriterTests: XCTestCase {
    private let trip = ExportFixtures.hostile
    private lazy var itinerary = ExportFixtures.hostileItinerary()

    func testTextLosesEveryControlCharacterButKeepsLinesTabsAndEveryScript() {
        XCTAssertEqual(ExportText.multiline("a\r\nb\rc\nd\te\u{0}\u{7}\u{1B}\u{7F}\u{85}\u{9B}f 🚗 東京 שלום \u{202E}"),
                       "a\nb\nc\nd\tef 🚗 東京 שלום \u{202E}")
        XCTAssertEqual(ExportText.line("two\nlines\tand a tab"), "two lines and a tab")
        XCTAssertEqual(XMLText.escaped("<a href=\"x\">'&'</a>\u{1}"), "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;")
        XCTAssertEqual(ExportText.degrees(-0.0000001), "0.000000")
        XCTAssertEqual(ExportText.degrees(-87.6298), "-87.629800")
    }

    func testGPXPutsTimeBeforeNameAndTheRoadsInATrack() throws {
        let gpx = try ExportFormat.gpx.document(trip, itinerary, unit: .km, creator: "roadtrip test")
        XCTAssertTrue(gpx.contains("""
              <wpt lat="39.799999" lon="-89.643999">
                <time>2027-06-13T17:00:00Z</time>
                <name>東京 🚗[31m</name>
                <desc>Stop 2 of 4 · Sun 13 Jun 2027 12:00 · 300 km · 3 h from Chicago &amp; &apos;Co&apos;</desc>
                <extensions>
                  <roadtrip:nights>0</roadtrip:nights>
                </extensions>
              </wpt>
            """), gpx)
        XCTAssertTrue(gpx.contains("<name>Tulsa OK</name>"), "a line break in a name is a space")
        XCTAssertTrue(gpx.contains("<cmt>1. Arch\ttickets | [book](x)</cmt>"), "notes in cmt")
        let track = try XCTUnwrap(gpx.range(of: "<trk>").map { String(gpx[$0.lowerBound...]) })
        XCTAssertEqual(track.components(separatedBy: "<trkseg>").count - 1, 1, "the estimated leg has no road")
        XCTAssertEqual(track.components(separatedBy: "<trkpt ").count - 1, 3)
        XCTAssertTrue(track.contains(#"<trkpt lat="40.500000" lon="-88.900000"/>"#))
        let order = ["<metadata>", "<wpt ", "<rte>", "<trk>"].map { gpx.range(of: $0)?.lowerBound }
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted())
        XCTAssertEqual(order.compactMap { $0 }.count, 4)
    }

    /// The command-line tests validate a GPX without roads; this one has a track.
    func testTheGPXWithATrackIsValidAgainstTheGPX11Schema() throws {
        XCTAssertNil(try ExportFixtures.gpxSchemaErrors(ExportFormat.gpx.document(trip, itinerary, unit: .km)))
    }

    func testWithoutRoadsThereIsNoTrack() throws {
        let gpx = try ExportFormat.gpx.document(trip, estimatedItinerary(trip, settings: Settings()), unit: .km)
        XCTAssertFalse(gpx.contains("<trk>"))
        XCTAssertTrue(gpx.contains(#"creator="roadtrip \#(Release.version)""#))
    }

    func testKMLDescriptionsAreHTMLEscapedTwice() throws {
        let kml = try ExportFormat.kml.document(trip, itinerary, unit: .km)
        XCTAssertTrue(kml.contains("<name>Chicago &amp; &apos;Co&apos;</name>"))
        XCTAssertTrue(kml.contains("Start at &amp;lt;Adams St&amp;gt;&lt;br&gt;&lt;br&gt;*early*"), kml)
        XCTAssertTrue(kml.contains("<coordinates>-87.629800,41.878100 -88.900000,40.500000 -89.643999,39.799999 "
            + "-90.199404,38.627003 -95.992775,36.153980</coordinates>"), "roads where routed, else straight")
    }

    func testTheBoundingBoxIsTheNarrowestAroundTheGlobe() throws {
        func box(_ lons: [Double]) -> [Double]? {
            GeoJSONWriter.bbox(lons.map { try! Coordinate(latitude: 0, longitude: $0) }).map { [$0[0], $0[2]] }
        }
        XCTAssertEqual(box([2, 9, 4]), [2, 9])
        XCTAssertEqual(box([178, -179, 179.5]), [178, -179], "across the antimeridian: west > east")
        XCTAssertEqual(box([-100, 100, 0]), [-100, 100], "wide, but the widest gap is across the antimeridian")
        XCTAssertEqual(box([10, 170, -170]), [10, -170], "200° across it rather than 340° without")
        XCTAssertEqual(box([5]), [5, 5])
        XCTAssertNil(box([]))
    }

    func testALegAcrossTheAntimeridianIsCutThere() throws {
        let line = [try Coordinate(latitude: -17, longitude: 178), try Coordinate(latitude: -16, longitude: -178)]
        let parts = GeoJSONWriter.cutAtAntimeridian(line)
        XCTAssertEqual(parts.map { $0.map(\.longitude) }, [[178, 180], [-180, -178]])
        XCTAssertEqual(parts[0][1].latitude, -16.5, accuracy: 1e-9)
        XCTAssertEqual(GeoJSONWriter.cutAtAntimeridian(Array(line.prefix(1)) + [try Coordinate(latitude: 0, longitude: 2)]).count, 1)
        XCTAssertEqual(GeoJSONWriter.string("a\"b\\c\nd\u{1}"), #""a\"b\\c\nd\u0001""#)
    }

    func testTheCalendarFoldsLongLinesBetweenCharactersAndEscapesText() throws {
        XCTAssertEqual(ICalendarWriter.text("a,b;c\\d\ne\u{7}"), #"a\,b\;c\\d\ne"#)
        let folded = ICalendarWriter.folded("SUMMARY:" + String(repeating: "東", count: 40))
        let lines = folded.components(separatedBy: "\r\n").dropLast()
        XCTAssertTrue(lines.allSatisfy { $0.utf8.count <= 75 }, "\(lines.map(\.utf8.count))")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines.joined().replacingOccurrences(of: "東 東", with: "東東"), "SUMMARY:" + String(repeating: "東", count: 40))
        let ics = try ExportFormat.ics.document(trip, itinerary, unit: .km)
        XCTAssertEqual(ics.components(separatedBy: "BEGIN:VEVENT").count - 1, 4, "Chicago and St. Louis have nights; two drives")
        XCTAssertTrue(ics.contains("DTSTART;VALUE=DATE:20270613\r\nDTEND;VALUE=DATE:20270615\r\n"), ics)
        XCTAssertTrue(ics.hasSuffix("END:VCALENDAR\r\n"))
        XCTAssertFalse(ics.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "bare line feeds")
    }

    /// (A trip with a drive but no stay is a calendar: ExportTimesTests.)
    func testACalendarNeedsAStartDate() {
        var undated = trip
        undated.startDate = nil
        XCTAssertThrowsError(try ExportFormat.ics.document(undated, itinerary, unit: .km)) {
            XCTAssertEqual($0 as? ExportError, .noStartDate)
        }
    }

    /// LOCATION is what a calendar's map search finds: the stop's name, region and country, each once (the stays'
    /// here; a drive's is the stop it leaves from, ExportTimesTests).
    func testTheCalendarLocationNamesTheStopItsRegionAndCountry() throws {
        let lines = { (trip: Trip) in
            try ExportFormat.ics.document(trip, estimatedItinerary(trip), unit: .km).components(separatedBy: "BEGIN:VEVENT")
                .filter { $0.contains("VALUE=DATE") }.joined().components(separatedBy: "\r\n")
                .filter { $0.hasPrefix("LOCATION:") || $0.hasPrefix("GEO:") }
        }
        let trips = InterchangeRoundTripTests.threeTrips
        XCTAssertEqual(Array(try lines(trips[0]).prefix(4)), ["LOCATION:Inverness\\, Scotland\\, United Kingdom",
                                                             "GEO:57.479533;-4.224721",
                                                             "LOCATION:Ullapool\\, Scotland\\, United Kingdom",
                                                             "GEO:57.895581;-5.160408"])
        XCTAssertEqual(try lines(trips[1])[4], "LOCATION:Flåm\\, Vestland\\, Norway")
        XCTAssertEqual(try lines(trips[2])[0], "LOCATION:東京\\, Tokyo\\, Japan")
        XCTAssertEqual(try lines(trip).filter { $0.hasPrefix("LOCATION:") },
                       ["LOCATION:Chicago & 'Co'\\, Illinois\\, United States", "LOCATION:שלום\\, St. Louis\\; \\\\ end"],
                       "a stop with no region has its name")
        var here = Waypoint(name: "Kyoto", latitude: 35, longitude: 135, region: "Kyoto", countryCode: "ZZ")
        XCTAssertEqual(ICalendarWriter.location(here), "Kyoto, ZZ", "a region named as the stop once; a code with no name as it is")
        here.countryCode = nil
        XCTAssertEqual(ICalendarWriter.location(here), "Kyoto")
    }

    func testAnEmptyTripGivesEmptyButValidFiles() throws {
        let empty = Trip(name: "Empty")
        let itinerary = estimatedItinerary(empty, settings: Settings())
        XCTAssertFalse(try ExportFormat.gpx.document(empty, itinerary, unit: .km).contains("<rte>"))
        XCTAssertTrue(try ExportFormat.geojson.document(empty, itinerary, unit: .km).contains(#""features": []"#))
        XCTAssertEqual(try ExportFormat.md.document(empty, itinerary, unit: .km), "# Empty\n\n0 stops\n")
    }
}
