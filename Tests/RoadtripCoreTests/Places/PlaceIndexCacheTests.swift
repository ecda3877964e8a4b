import XCTest
@testable import RoadtripCore

/// The gazetteer's index in the cache (`PlaceIndexCache`): built once, mapped afterwards with the same answers, and
/// never used for another gazetteer or another build, nor when damaged. On a small compressed gazetteer (the real
/// file's tables and its 2,000 largest places), so each build takes a moment.
final class PlaceIndexCacheTests: XCTestCase {
    private var folder: URL!
    private var source: URL!
    private var cache: URL { folder.appendingPathComponent("cache") }
    private let queries = ["paris", "springfield", "san fransisco", "new y", "東京", "москва", "st petersburg", "tokio",
                           "berlni", "s", "41.88, -87.63", "sao paulo, brazil", "paris tx", "london, ont", "valencia es"]

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        source = folder.appendingPathComponent("gazetteer.bin")
        try Self.writeSmallGazetteer(places: 2_000, to: source)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func indexFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".index") }.sorted()
    }

    private func answers(_ index: PlaceIndex) -> [[PlaceMatch]] {
        queries.map { index.query($0, limit: 10, near: $0 == "springfield" ? (39.8, -89.6) : nil, useCache: false) }
    }

    func testTheFirstOpenBuildsTheIndexAndLaterOnesMapItWithTheSameAnswers() throws {
        let built = try PlaceIndex.load(from: source)
        let first = try PlaceIndexCache.open(source, directory: cache)
        let files = try indexFiles()
        XCTAssertEqual(files.count, 1)
        let path = cache.appendingPathComponent(files[0]).path
        let written = try FileManager.default.attributesOfItem(atPath: path)
        let second = try PlaceIndexCache.open(source, directory: cache)
        let again = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual(again[.systemFileNumber] as? Int, written[.systemFileNumber] as? Int, "mapped, not written again")
        XCTAssertEqual(again[.modificationDate] as? Date, written[.modificationDate] as? Date)
        XCTAssertEqual(answers(first), answers(built))
        XCTAssertEqual(answers(second), answers(built))
        XCTAssertEqual(second.count, built.count)
        XCTAssertEqual(second.towns.towns(in: GeoBox(west: -10, south: 35, east: 30, north: 60), limit: 20),
                       built.towns.towns(in: GeoBox(west: -10, south: 35, east: 30, north: 60), limit: 20))
        XCTAssertTrue(answers(built).joined().contains { $0.kind == .fuzzy(edits: 1) }, "the typo walk ran")
        // The qualifiers' table, read from the index, names the regions the built one names.
        for key in ["il", "tx", "us", "usa", "fra", "france", "on", "ontario", "nsw", "jp", "eng", "nowhere"] {
            XCTAssertEqual(second.qualifiers.exactRegions(key), built.qualifiers.exactRegions(key), key)
            XCTAssertEqual(second.qualifiers.commaRegions([key]), built.qualifiers.commaRegions([key]), key)
        }
        XCTAssertEqual(second.qualifiers.commaRegions(["ill", "us"]), built.qualifiers.commaRegions(["ill", "us"]))
        XCTAssertNotNil(second.qualifiers.commaRegions(["ill", "us"]))
        XCTAssertEqual(second.qualifiers.regions(ofCountry: "JP"), built.qualifiers.regions(ofCountry: "JP"))
    }

    func testAnIndexOfAnotherBuildOrGazetteerIsNotUsed() throws {
        let identity = try XCTUnwrap(PlaceIndexCache.identity(of: source))
        XCTAssertEqual(identity[0], CodeIdentity.current)
        XCTAssertTrue(CodeIdentity.current.hasPrefix("build "), CodeIdentity.current)
        // Another build's index of another gazetteer, lying where this one's would be.
        let other = folder.appendingPathComponent("other.bin")
        try Self.writeSmallGazetteer(places: 50, to: other)
        let url = cache.appendingPathComponent(
            PlaceIndexCache.filePrefix + PlaceIndexCache.fingerprint(identity) + PlaceIndexCache.fileSuffix)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try PlaceIndex.load(from: other).write(to: url, identity: ["build 00", identity[1]])
        XCTAssertNil(try PlaceIndex.open(url, identity: identity))

        let index = try PlaceIndexCache.open(source, directory: cache)
        XCTAssertEqual(index.count, 2_000)
        XCTAssertNotNil(try PlaceIndex.open(url, identity: identity), "rebuilt in its place")
        // The other gazetteer has an identity of its own.
        XCTAssertNotEqual(PlaceIndexCache.identity(of: other), identity)
    }

    func testADamagedIndexIsBuiltAgain() throws {
        let built = try PlaceIndex.load(from: source)
        _ = try PlaceIndexCache.open(source, directory: cache)
        let url = cache.appendingPathComponent(try indexFiles()[0])
        let whole = try Data(contentsOf: url)
        for damage in [whole.prefix(whole.count / 2), Data(count: 4096), Data("RTSF".utf8) + whole.dropFirst(4).prefix(200)] {
            try damage.write(to: url)
            XCTAssertThrowsError(try PlaceIndex.open(url, identity: PlaceIndexCache.identity(of: source)!))
            XCTAssertEqual(answers(try PlaceIndexCache.open(source, directory: cache)), answers(built))
            XCTAssertEqual(try Data(contentsOf: url).count, whole.count, "written again")
        }
    }

    func testWithoutAWritableCacheTheIndexIsBuiltInMemory() throws {
        try Data().write(to: cache)   // a file where the folder would be
        let index = try PlaceIndexCache.open(source, directory: cache)
        XCTAssertEqual(answers(index), answers(try PlaceIndex.load(from: source)))
    }

    func testAPlainTextGazetteerIsParsedWithoutAnIndex() throws {
        let text = folder.appendingPathComponent("gazetteer.tsv")
        try Data(try GazetteerFile.inflate([UInt8](try Data(contentsOf: source)))).write(to: text)
        XCTAssertNil(PlaceIndexCache.identity(of: text))
        XCTAssertEqual(try PlaceIndexCache.open(text, directory: cache).count, 2_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.path))
    }

    func testOnlyTheNewestOtherIndexIsKept() throws {
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        for (name, age) in [("places-old.index", 300.0), ("places-newer.index", 100), ("places-oldest.index", 900),
                            ("regions-x.index", 900), (".places-gone.index.999999999.1.tmp", 0)] {
            let url = cache.appendingPathComponent(name)
            try Data("x".utf8).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: url.path)
        }
        _ = try PlaceIndexCache.open(source, directory: cache)
        let left = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        XCTAssertEqual(left.filter { !$0.hasPrefix("places-") || $0 == "places-newer.index" },
                       ["places-newer.index", "regions-x.index"])
        XCTAssertEqual(left.filter { $0.hasPrefix("places-") }.count, 2)
    }

    /// The real file's tables and its `places` largest places, compressed as the shipped file is (zlib's stored
    /// blocks: the reader inflates any zlib stream).
    static func writeSmallGazetteer(places: Int, to url: URL) throws {
        let bundled = try XCTUnwrap(PlaceIndex.bundledDataURL)
        let text = try GazetteerFile.inflate([UInt8](try Data(contentsOf: bundled)))
        var lines: [ArraySlice<UInt8>] = [], kept = 0
        for line in text.split(separator: 10, omittingEmptySubsequences: false) {
            if let first = line.first, (48...57).contains(first) {
                guard kept < places else { continue }
                kept += 1
            }
            lines.append(line)
        }
        let small = Array(lines.joined(separator: [10]))
        var stream: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let block = min(65_535, small.count - at)
            let last: UInt8 = at + block == small.count ? 1 : 0
            stream += [last, UInt8(block & 0xFF), UInt8(block >> 8), UInt8(~block & 0xFF), UInt8((~block >> 8) & 0xFF)]
            stream += small[at..<at + block]
            at += block
        } while at < small.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in small {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        let adler = b << 16 | a
        stream += [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
        let length = UInt32(small.count)
        let header = GazetteerFile.magic + [0, 8, 16, 24].map { UInt8((length >> UInt32($0)) & 0xFF) }
        try Data(header + stream).write(to: url)
    }
}
