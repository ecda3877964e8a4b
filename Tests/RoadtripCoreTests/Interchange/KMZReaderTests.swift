import XCTest
@testable import RoadtripCore

/// KMZ: the zip's doc.kml (else its first .kml), deflated or stored; a damaged zip or a bomb refused.
final class KMZReaderTests: XCTestCase {
    func testDeflatedDocKMLBesideAnImage() throws {
        let imported = try ImportFixtureFiles.read("mymaps.kmz")
        XCTAssertEqual(imported.format, .kmz)
        XCTAssertEqual(imported.trip.name, "Pacific Northwest")
        XCTAssertEqual(imported.trip.waypoints.map(\.name), ["Seattle", "Port Angeles", "Portland"])
    }

    func testStoredKMLInAFolder() throws {
        let imported = try ImportFixtureFiles.read("stored.kmz")
        XCTAssertEqual(imported.source, .track)
        XCTAssertEqual(imported.trip.name, "Drive log")
    }

    /// 60 MB of KML in 60 KB, its headers claiming 100 bytes: refused at the limit while inflating.
    func testZipBombIsRefusedAtTheLimit() {
        XCTAssertThrowsError(try ImportFixtureFiles.read("bomb.kmz")) { error in
            XCTAssertEqual(error as? ImportError, .tooLarge(bytes: TripImporter.maxFileBytes + 1, limit: TripImporter.maxFileBytes))
        }
    }

    func testDamagedZipsAreRefused() throws {
        let zip = try Data(contentsOf: ImportFixtureFiles.url("mymaps.kmz"))
        for cut in [4, 30, zip.count / 2, zip.count - 10] {
            XCTAssertThrowsError(try TripImporter.importTrip(from: zip.prefix(cut)), "cut at \(cut)") { error in
                guard case .malformed(.kmz, _) = error as? ImportError else { return XCTFail("\(error)") }
            }
        }
        // Every byte of the deflated data flipped in turn: an error or a KML, never a crash.
        for i in 60..<min(zip.count, 400) {
            var damaged = zip
            damaged[i] ^= 0x5A
            _ = try? TripImporter.importTrip(from: damaged)
        }
    }

    func testInflateKnownStreams() throws {
        // "hello hello hello" with zlib's raw deflate (fixed Huffman, a back reference).
        let fixed: [UInt8] = [0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x57, 0xC8, 0x40, 0x90, 0x00]
        XCTAssertEqual(String(decoding: try Inflate.decompress(fixed, limit: 100), as: UTF8.self), "hello hello hello")
        XCTAssertThrowsError(try Inflate.decompress(fixed, limit: 10))
        XCTAssertThrowsError(try Inflate.decompress(Array(fixed.prefix(5)), limit: 100))
        // A stored block: BFINAL 1, type 0, LEN 2, NLEN ~2.
        XCTAssertEqual(try Inflate.decompress([0x01, 0x02, 0x00, 0xFD, 0xFF, 0x41, 0x42], limit: 10), [0x41, 0x42])
        XCTAssertThrowsError(try Inflate.decompress([0x01, 0x02, 0x00, 0x00, 0x00, 0x41, 0x42], limit: 10))
        XCTAssertThrowsError(try Inflate.decompress([0x07], limit: 10))  // block type 3
    }
}
