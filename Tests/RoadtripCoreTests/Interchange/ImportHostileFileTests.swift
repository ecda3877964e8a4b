import XCTest
@testable import RoadtripCore

/// Broken and hostile files: each refused with a message saying why.
final class ImportHostileFileTests: XCTestCase {
    private func refusal(_ text: String, fileExtension: String = "", file: StaticString = #filePath,
                         line: UInt = #line) -> String {
        refusal(Data(text.utf8), fileExtension: fileExtension, file: file, line: line)
    }

    private func refusal(_ data: Data, fileExtension: String = "", file: StaticString = #filePath,
                         line: UInt = #line) -> String {
        do {
            let imported = try TripImporter.importTrip(from: data, fileExtension: fileExtension)
            XCTFail("imported \(imported.trip.waypoints.count) stops", file: file, line: line)
            return ""
        } catch let error as ImportError {
            return error.description
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return ""
        }
    }

    func testNeitherXMLNorJSON() {
        XCTAssertEqual(refusal("hello, world"), ImportError.unknownFormat.description)
        XCTAssertEqual(refusal(""), ImportError.unknownFormat.description)
        XCTAssertEqual(refusal(Data([0xFF, 0xFE, 0x3C, 0x00])), ImportError.unknownFormat.description)
        XCTAssertEqual(refusal("<html><body/></html>"), ImportError.unknownFormat.description)
    }

    func testTruncatedFiles() throws {
        let gpx = try String(contentsOf: ImportFixtureFiles.url("osmand-route.gpx"), encoding: .utf8)
        let cut = String(gpx[..<gpx.range(of: "</wpt>")!.upperBound])
        // FoundationXML's parser takes a file cut between elements for a whole one: the reader checks the end.
        XCTAssertEqual(refusal(cut), "not a valid GPX file: the file ends before its root element does (truncated?)")
        XCTAssertEqual(refusal(cut + "<wpt lat=\"1\" lon=\"2\"><name>Be"),
                       "not a valid GPX file: the file ends before its root element does (truncated?)")
        XCTAssertEqual(refusal(cut + "<wpt lat="), "waypoint 2: no valid lat and lon attributes")
        XCTAssertEqual(refusal(String(gpx.prefix(30)), fileExtension: "gpx"), "not a valid GPX file: no root element")
        let json = try String(contentsOf: ImportFixtureFiles.url("geojsonio.geojson"), encoding: .utf8)
        XCTAssertTrue(refusal(String(json.prefix(200))).hasPrefix("not a valid GeoJSON file: not valid JSON"),
                      refusal(String(json.prefix(200))))
        XCTAssertEqual(refusal("<kml><Document><Placemark><Point><coordinates>1,2"),
                       "not a valid KML file: the file ends before its root element does (truncated?)")
    }

    func testCoordinatesOutOfRange() {
        XCTAssertEqual(refusal(#"<gpx><wpt lat="95" lon="2"><name>x</name></wpt></gpx>"#),
                       "waypoint 1: Latitude 95 is outside -90…90")
        XCTAssertEqual(refusal(#"<gpx><rte><rtept lat="1" lon="2"/><rtept lat="1" lon="-181.5"/></rte></gpx>"#),
                       "route point 2: Longitude -181.5 is outside -180…180")
        XCTAssertEqual(refusal(#"<gpx><trk><trkseg><trkpt lat="nan" lon="2"/></trkseg></trk></gpx>"#),
                       "track point 1: lat \"nan\" is not a decimal number of degrees")
        XCTAssertEqual(refusal(#"<gpx><wpt lon="2"/></gpx>"#), "waypoint 1: no valid lat and lon attributes")
        XCTAssertEqual(refusal("<kml><Placemark><Point><coordinates>200,10</coordinates></Point></Placemark></kml>"),
                       "point 1: Longitude 200 is outside -180…180")
        XCTAssertEqual(refusal(#"{"type": "Point", "coordinates": [10, -91]}"#), "point 1: Latitude -91 is outside -90…90")
        XCTAssertEqual(refusal(#"{"type": "Point", "coordinates": ["10", 1]}"#),
                       "point 1: its position is not [longitude, latitude]")
    }

    func testNoPoints() {
        XCTAssertEqual(refusal(#"<?xml version="1.0"?><gpx version="1.1" creator="x"><metadata><name>Empty</name></metadata></gpx>"#),
                       "the GPX file has no points to make stops of")
        XCTAssertEqual(refusal("<kml><Document><Folder/></Document></kml>"), "the KML file has no points to make stops of")
        XCTAssertEqual(refusal(#"{"type": "FeatureCollection", "features": []}"#), "the GeoJSON file has no points to make stops of")
    }

    func testNamesAndNotesGoThroughValidation() {
        let longName = String(repeating: "n", count: 201)
        XCTAssertEqual(refusal("<gpx><wpt lat=\"1\" lon=\"2\"><name>\(longName)</name></wpt></gpx>"),
                       "stop 1: Stop name is 201 characters long; the limit is 200")
        let longNotes = String(repeating: "n", count: 10_001)
        XCTAssertEqual(refusal("<gpx><wpt lat=\"1\" lon=\"2\"><cmt>\(longNotes)</cmt></wpt></gpx>"),
                       "stop 1: Stop notes is 10001 characters long; the limit is 10000")
    }

    func testMoreStopsThanTheLimitAreRefused() {
        let positions = (0...TripImporter.maxStops).map { "[\(Double($0) / 1000), 1]" }.joined(separator: ",")
        XCTAssertEqual(refusal(#"{"type": "MultiPoint", "coordinates": ["# + positions + "]}"),
                       "the file has more than 10,000 points to make stops of (the limit of a trip)")
        // Route points and the waypoints after them are stops: together over the limit, refused once matched.
        let route = (0..<6_000).map { #"<rtept lat="1" lon="\#(Double($0) / 1000)"/>"# }.joined()
        let waypoints = (0..<6_000).map { #"<wpt lat="2" lon="\#(Double($0) / 1000)"/>"# }.joined()
        XCTAssertEqual(refusal("<gpx>\(waypoints)<rte>\(route)</rte></gpx>"),
                       "the file has more than 10,000 points to make stops of (the limit of a trip)")
    }

    /// Each route point, and each waypoint, is a stop: one past the limit is refused there, before the rest of the
    /// file is read (here the rest is broken, which a reader that went on would report instead).
    func testTooManyStopsAreRefusedWhileReading() {
        let limit = "the file has more than 10,000 points to make stops of (the limit of a trip)"
        let waypoints = String(repeating: #"<wpt lat="1" lon="2"/>"#, count: TripImporter.maxStops + 1)
        XCTAssertEqual(refusal("<gpx>\(waypoints)<wpt lat="), limit)
        let route = String(repeating: #"<rtept lat="1" lon="2"/>"#, count: TripImporter.maxStops + 1)
        XCTAssertEqual(refusal("<gpx><rte>\(route)<rtept lat="), limit)
        let placemarks = String(repeating: "<Placemark><Point><coordinates>2,1</coordinates></Point></Placemark>",
                                count: TripImporter.maxStops + 1)
        XCTAssertEqual(refusal("<kml><Document>\(placemarks)<Placemark><Point><coordinates>x"), limit)
        let points = Array(repeating: #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [2, 1]}}"#,
                           count: TripImporter.maxStops + 1).joined(separator: ",")
        XCTAssertEqual(refusal(#"{"type": "FeatureCollection", "features": ["# + points + ", {"), limit)
    }

    /// Coordinates by the typed rule (`CoordinateParser.decimal`) in GPX and KML; JSON numbers (exponents
    /// included, as JSON's grammar has them) in GeoJSON, where a boolean or a string is no number.
    func testCoordinatesAreDecimalNumbersAsTyped() throws {
        for bad in ["0x10", "0x1p3", "1e1", "1E1", "inf", "-infinity", "nan", ".5", "5.", "1_0", "+-1", "١٢"] {
            XCTAssertEqual(refusal(#"<gpx><wpt lat="\#(bad)" lon="2"/></gpx>"#),
                           "waypoint 1: lat \"\(bad)\" is not a decimal number of degrees", bad)
            XCTAssertEqual(refusal(#"<gpx><rte><rtept lat="1" lon="\#(bad)"/></rte></gpx>"#),
                           "route point 1: lon \"\(bad)\" is not a decimal number of degrees", bad)
            XCTAssertEqual(refusal("<kml><Placemark><Point><coordinates>\(bad),1</coordinates></Point></Placemark></kml>"),
                           "point 1: \"\(bad),1\" is not lon,lat", bad)
            XCTAssertEqual(refusal("<kml><Placemark><LineString><coordinates>1,1 2,\(bad)</coordinates></LineString></Placemark></kml>"),
                           "line 1: \"2,\(bad)\" is not lon,lat", bad)
        }
        for bad in ["[true, false]", "[1, false]", "[null, 1]", #"["1", 2]"#, "[1]", "[[1, 2]]", "[]"] {
            XCTAssertEqual(refusal(#"{"type": "Point", "coordinates": \#(bad)}"#),
                           "point 1: its position is not [longitude, latitude]", bad)
            XCTAssertEqual(refusal(#"{"type": "LineString", "coordinates": [[1, 1], \#(bad)]}"#),
                           "line 1: its position is not [longitude, latitude]", bad)
        }
        let gpx = try ImportFixtureFiles.importing(#"<gpx><wpt lat=" -3.5 " lon="+12"/><wpt lat="-0.0" lon="0"/></gpx>"#)
        XCTAssertEqual(gpx.trip.waypoints.map(\.latitude), [-3.5, 0])
        XCTAssertEqual(gpx.trip.waypoints.map(\.longitude), [12, 0])
        XCTAssertEqual(gpx.trip.waypoints[1].latitude.sign, .plus, "a zero is +0, as typed")
        let kml = try ImportFixtureFiles.importing("<kml><Placemark><Point><coordinates>-3.5,12,100</coordinates></Point></Placemark></kml>")
        XCTAssertEqual(kml.trip.waypoints.map(\.latitude), [12])
        let json = try ImportFixtureFiles.importing(#"{"type": "MultiPoint", "coordinates": [[1e1, -2.5E-1, 7], [-0, 12]]}"#)
        XCTAssertEqual(json.trip.waypoints.map(\.longitude), [10, 0])
        XCTAssertEqual(json.trip.waypoints.map(\.latitude), [-0.25, 12])
        XCTAssertEqual(json.trip.waypoints[1].longitude.sign, .plus)
    }

    /// Text declared in another encoding than UTF-8 would be read as that encoding (UTF-8 bytes as mojibake):
    /// refused, unless every byte is ASCII, which reads the same in any of the ASCII-compatible ones.
    func testXMLDeclaringAnotherEncodingIsRefused() throws {
        let message = "it declares the encoding ISO-8859-1, but roadtrip reads UTF-8 only; convert it to UTF-8 and "
            + "declare encoding=\"UTF-8\" first"
        XCTAssertEqual(refusal(#"<?xml version="1.0" encoding="ISO-8859-1"?><gpx><wpt lat="1" lon="2"><name>Zürich</name></wpt></gpx>"#),
                       "not a valid GPX file: \(message)")
        XCTAssertEqual(refusal("<?xml version='1.0' encoding = 'ISO-8859-1' ?><kml><Placemark><name>Zürich</name></Placemark></kml>"),
                       "not a valid KML file: \(message)")
        XCTAssertTrue(refusal(#"<?xml version="1.0" encoding="UTF-16"?><gpx><wpt lat="1" lon="2"/></gpx>"#)
            .contains("declares the encoding UTF-16"))
        for declared in ["utf-8", "UTF-8", "US-ASCII", "ISO-8859-1", "windows-1252"] {
            let name = declared.hasPrefix("utf") || declared.hasPrefix("UTF") ? "Zürich" : "Zurich"
            let imported = try ImportFixtureFiles.importing(
                #"<?xml version="1.0" encoding="\#(declared)"?><gpx><wpt lat="1" lon="2"><name>\#(name)</name></wpt></gpx>"#)
            XCTAssertEqual(imported.trip.waypoints.map(\.name), [name], declared)
        }
    }

    func testTooLargeDataIsRefused() {
        var data = Data("<gpx>".utf8)
        data.append(Data(count: TripImporter.maxFileBytes))
        XCTAssertEqual(refusal(data), ImportError.tooLarge(bytes: data.count, limit: TripImporter.maxFileBytes).description)
    }

    /// A sparse file far over the limit: refused by its size, before it is read (reading it would take a while
    /// and the memory of its size).
    func testTooLargeFileIsRefusedByItsSize() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("import-large-\(UUID().uuidString).gpx")
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: Data("<gpx>".utf8)))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 8 << 30)  // 8 GB, sparse
        try handle.close()
        XCTAssertThrowsError(try TripImporter.read(contentsOf: url)) { error in
            XCTAssertEqual(error as? ImportError, .tooLarge(bytes: 8 << 30, limit: TripImporter.maxFileBytes))
        }
    }

    /// An external entity naming a local file: refused before any parser runs, so the file is never read.
    func testExternalEntityIsRefused() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("import-secret-\(UUID().uuidString)")
        try "SECRET-VALUE".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY x SYSTEM "file://\(secret.path)">]>
            <gpx><wpt lat="1" lon="2"><name>&x;</name></wpt></gpx>
            """
        XCTAssertEqual(refusal(xxe), ImportError.declaresDocumentType.description)
        let externalDTD = #"<?xml version="1.0"?><!-- a comment --><!DOCTYPE kml SYSTEM "file:///etc/passwd"><kml/>"#
        XCTAssertEqual(refusal(externalDTD), ImportError.declaresDocumentType.description)
    }

    func testBillionLaughsIsRefused() {
        var bomb = #"<?xml version="1.0"?>\#n<!DOCTYPE lolz [\#n <!ENTITY lol "lol">\#n"#
        for level in 1...9 {
            bomb += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        bomb += "]>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>&lol9;</name></wpt></gpx>\n"
        XCTAssertEqual(refusal(bomb), ImportError.declaresDocumentType.description)
    }

    /// Without a DOCTYPE, an entity reference is simply undeclared: a parse error, nothing read or expanded.
    func testUndeclaredEntityIsAnError() {
        XCTAssertTrue(refusal(#"<gpx><wpt lat="1" lon="2"><name>&x;</name></wpt></gpx>"#).hasPrefix("not a valid GPX file: XML error"))
    }

    /// Found by fuzzing: FoundationXML trapped on an attribute name with a byte that is not UTF-8.
    func testXMLThatIsNotUTF8IsRefused() {
        var gpx = Data(#"<gpx><wpt "#.utf8)
        gpx.append(0xEC)
        gpx.append(Data(#"at="1" lon="2"/></gpx>"#.utf8))
        XCTAssertEqual(refusal(gpx), "not a valid GPX file: not UTF-8 text (byte 11); convert it to UTF-8 first")
        XCTAssertEqual(ImportFormat.gpx.name, "GPX")
    }

    /// Found by fuzzing: FoundationXML crashed (a null pointer) on a processing instruction without data.
    func testProcessingInstructionWithoutDataIsRefused() throws {
        XCTAssertEqual(refusal(#"<gpx><wpt lat="1" lon="2"/><?x?></gpx>"#),
                       "not a valid GPX file: a processing instruction without data (byte 28)")
        XCTAssertEqual(refusal("<kml><?x  \n?><Placemark/></kml>"), "not a valid KML file: a processing instruction without data (byte 6)")
        // One with data is fine (the XML declaration is one).
        XCTAssertEqual(try ImportFixtureFiles.importing(#"<?xml version="1.0"?><gpx><?x y?><wpt lat="1" lon="2"/></gpx>"#).trip.waypoints.count, 1)
    }

    func testTheRootElementMustBeTheFormats() {
        XCTAssertEqual(refusal(#"<k:kml xmlns:k="http://www.opengis.net/kml/2.2"/>"#), "the KML file has no points to make stops of")
        XCTAssertEqual(refusal(#"{"type": "Feature", "geometry": {"type": "Blob"}}"#),
                       "not a valid GeoJSON file: unknown geometry type \"Blob\"")
        XCTAssertEqual(refusal("[1, 2]", fileExtension: "geojson"), ImportError.unknownFormat.description)
    }
}
