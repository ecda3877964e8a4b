import Foundation
import XCTest
@testable import RoadtripCore

/// The XML events the GPX and KML readers take (`XMLEvents`, libxml2 through `CLibXML`), and what they say
/// when libxml2 cannot be opened or the file is wrong.
final class XMLEventsTests: XCTestCase {
    private func events(_ text: String) throws -> [String] {
        try XMLEvents.reading(Data(text.utf8), with: LibXML.shared.get()) { events in
            var seen: [String] = []
            while let event = try events.next() {
                switch event {
                case let .start(name, attributes):
                    seen.append("<\(name)" + attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined() + ">")
                case let .end(name): seen.append("</\(name)>")
                case let .text(text): seen.append(text)
                }
            }
            return seen
        }
    }

    /// Names as written, namespace declarations as attributes (a prefix nobody declared is kept), entities and
    /// character references in text and attribute values read, CDATA as text.
    func testNamesAttributesAndText() throws {
        XCTAssertEqual(try events(#"<g:gpx xmlns:g="urn:g" xmlns="urn:d" a="1&amp;2&#38;3 &lt;&#233;" b="&amp;#38;">"#
                                  + "A &amp; B<![CDATA[<c>]]>&#233;<u:x/></g:gpx>"),
                       ["<g:gpx a=1&2&3 <é b=&#38; xmlns=urn:d xmlns:g=urn:g>", "A & B<c>é", "<u:x>", "</u:x>", "</g:gpx>"])
    }

    /// Text is joined within a chunk and comes in pieces across chunks (128 KiB): a reader adds them up.
    func testTextAcrossChunks() throws {
        let long = String(repeating: "0123456789", count: 30_000)
        let seen = try events("<a>\(long)</a>")
        XCTAssertEqual(seen.first, "<a>")
        XCTAssertEqual(seen.last, "</a>")
        XCTAssertEqual(seen.dropFirst().dropLast().joined(), long)
        XCTAssertGreaterThan(seen.count, 3)
    }

    func testErrorsSayWhatAndWhereInLibxml2sWords() {
        XCTAssertThrowsError(try ImportFixtureFiles.importing("<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>&x;</name></wpt></gpx>")) { error in
            XCTAssertEqual("\(error)", "not a valid GPX file: XML error at line 2, column 31 (Entity 'x' not defined)")
        }
        XCTAssertThrowsError(try ImportFixtureFiles.importing("<kml><Placemark></Folder></kml>")) { error in
            XCTAssertEqual("\(error)", "not a valid KML file: XML error at line 1, column 26 "
                + "(Opening and ending tag mismatch: Placemark line 1 and Folder)")
        }
    }

    func testAMissingLibraryIsNamed() {
        guard case let .failure(error) = LibXML.open("libxml2-roadtrip-missing.so.2") else {
            return XCTFail("a library that does not exist opened")
        }
        XCTAssertEqual(error.description, "GPX and KML are read with libxml2, which cannot be opened (libxml2-roadtrip-missing.so.2: "
            + "libxml2-roadtrip-missing.so.2: cannot open shared object file: No such file or directory); "
            + "install it (Debian: apt install libxml2)")
        XCTAssertNoThrow(try LibXML.shared.get())
    }

    /// XML up to the import limit is read as a stream (libxml2 given it at once refused any document over
    /// 10,000,000 bytes); a byte more is refused before any parser sees it, with the limit in the message.
    func testXMLOfTheImportLimitImportsAndOneByteMoreIsRefused() throws {
        let head = Data(#"<gpx><wpt lat="1" lon="2"><name>At the limit</name></wpt>"#.utf8), tail = Data("</gpx>".utf8)
        var data = head
        data.append(Data(repeating: UInt8(ascii: " "), count: TripImporter.maxFileBytes - head.count - tail.count))
        data.append(tail)
        XCTAssertEqual(data.count, TripImporter.maxFileBytes)
        XCTAssertEqual(try TripImporter.importTrip(from: data).trip.waypoints.map(\.name), ["At the limit"])
        data.insert(UInt8(ascii: " "), at: head.count)
        XCTAssertThrowsError(try TripImporter.importTrip(from: data)) { error in
            XCTAssertEqual("\(error)", "the file is 52,428,801 bytes; the import limit is 52,428,800 bytes")
        }
    }
}
