import Foundation
@testable import RoadtripCore
import XCTest

/// What a region remembers of its sources: the checksum (XXH64 of each MiB, then of those digests, as the
/// reference libxxhash computes them), and the manifest formats that carry it (3) or not (1–2, still read).
final class RegionSourcesTests: XCTestCase {
    private typealias XXH64 = @convention(c) (UnsafeRawPointer?, Int, UInt64) -> UInt64

    func testChecksumIsXXH64OfEachMebibyteThenOfTheirDigests() throws {
        let library = try XCTUnwrap(dlopen("libxxhash.so.0", RTLD_NOW), "libxxhash (Debian libxxhash0, `make test` installs it)")
        defer { dlclose(library) }
        let reference = unsafeBitCast(try XCTUnwrap(dlsym(library, "XXH64")), to: XXH64.self)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checksum-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mebibyte = 1 << 20
        for size in [0, 1, 1000, mebibyte, mebibyte + 1, 3 * mebibyte - 7] {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
            let file = folder.appendingPathComponent("\(size)")
            try bytes.write(to: file)
            let blocks = stride(from: 0, to: max(size, 1), by: mebibyte).map { bytes[$0..<min(size, $0 + mebibyte)] }
            let digests = blocks.map { block in block.withUnsafeBytes { reference($0.baseAddress, $0.count, 0) } }
            let combined = digests.map(\.littleEndian).withUnsafeBytes { reference($0.baseAddress, $0.count, 0) }
            let checksum = try SourceChecksum.of(file)
            XCTAssertEqual(checksum, SourceChecksum.prefix + String(format: "%016llx", combined), "\(size) bytes")
            XCTAssertTrue(SourceChecksum.isWellFormed(checksum))
        }
        XCTAssertFalse(SourceChecksum.isWellFormed("xxh64-1m:0123456789ABCDEF"))
        XCTAssertFalse(SourceChecksum.isWellFormed("sha256:0123456789abcdef"))
        XCTAssertThrowsError(try SourceChecksum.of(folder.appendingPathComponent("missing"))) { error in
            XCTAssertEqual((error as? RegionBuildError)?.description,
                           "cannot read \(folder.path)/missing: No such file or directory")
        }
    }

    func testFormatThreeKeepsEverySourceAndFormatsOneAndTwoAreOneSourceWithoutChecksum() throws {
        let outline = #"{"rings":[[[4.9,60.6],[5.3,60.6],[5.3,63.1]]]}"#
        let three = #"{"built":"2026-11-27T07:00:00Z","format":3,"name":"west","outline":\#(outline),"places":1,"pois":2,"#
            + #""sources":[{"bytes":10,"checksum":"xxh64-1m:0123456789abcdef","path":"/x/a.osm.pbf"},{"bytes":11,"path":"/x/b.osm.pbf"}]}"#
        let manifest = try JSONDecoder().decode(RegionManifest.self, from: Data(three.utf8))
        XCTAssertEqual(manifest.sources, [.init(path: "/x/a.osm.pbf", bytes: 10, checksum: "xxh64-1m:0123456789abcdef"),
                                          .init(path: "/x/b.osm.pbf", bytes: 11, checksum: nil)])
        XCTAssertEqual(try JSONDecoder().decode(RegionManifest.self, from: JSONEncoder().encode(manifest)), manifest)
        for format in [1, 2] {
            let old = #"{"built":"2026-11-27T07:00:00Z","format":\#(format),"name":"a","outline":\#(outline),"places":1,"#
                + #""pois":2,"source":"/x/a.osm.pbf","source_bytes":10}"#
            let read = try JSONDecoder().decode(RegionManifest.self, from: Data(old.utf8))
            XCTAssertEqual(read.sources, [.init(path: "/x/a.osm.pbf", bytes: 10, checksum: nil)])
            XCTAssertEqual(try JSONDecoder().decode(RegionManifest.self, from: JSONEncoder().encode(read)), read,
                           "format \(format) is written back as it was read")
        }
        for (sources, problem) in [("[]", "has no sources"),
                                   (#"[{"bytes":-1,"path":"/a"}]"#, "has a size or a count below zero"),
                                   (#"[{"bytes":1,"path":"/a","checksum":"md5:1"}]"#, "has a source checksum that is not one")] {
            let text = #"{"built":"2026-11-27T07:00:00Z","format":3,"name":"a","outline":\#(outline),"places":1,"#
                + #""pois":2,"sources":\#(sources)}"#
            guard case let .failure(failure) = InstalledRegions.manifest(from: Data(text.utf8)) else {
                XCTFail("\(sources) was read")
                continue
            }
            XCTAssertEqual(failure.description, "its region.json \(problem); rebuild it")
        }
    }

    func testATripsNameMakesARegionName() {
        XCTAssertEqual(RegionName.from(tripName: "Outback & Kimberley 2027"), "outback-kimberley-2027")
        XCTAssertEqual(RegionName.from(tripName: "..Ålesund → Trondheim!"), "ålesund-trondheim")
        XCTAssertEqual(RegionName.from(tripName: "🚗🚗"), "trip")
        XCTAssertEqual(RegionName.from(tripName: String(repeating: "a b ", count: 40)).count, 63, "cut, without a - at the end")
        XCTAssertTrue(RegionName.isValid(RegionName.from(tripName: String(repeating: "ж", count: 150))))
    }

    func testPrintedCommandsQuoteWhatTheShellWouldReadOtherwise() {
        XCTAssertEqual(RegionAddCommandLine.build(["a-latest.osm.pbf", "b-latest.osm.pbf"], name: "west"),
                       "roadtrip region add a-latest.osm.pbf b-latest.osm.pbf --name west")
        XCTAssertEqual(RegionAddCommandLine.extend("west", with: ["/home/me/My Maps/it's.osm.pbf"]),
                       #"roadtrip region add --to west '/home/me/My Maps/it'\''s.osm.pbf'"#)
    }
}
