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
                       "track point 1: Latitude must be a finite number")
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
                       "the file has 10,001 points to make stops of; the limit is 10,000")
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
