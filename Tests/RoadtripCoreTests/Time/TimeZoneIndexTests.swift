import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The shipped time-zone index: hard borders and islands named one by one, the nautical zones, that every
/// name is one Foundation knows, agreement with the pinned timezonefinder, that its script rebuilds it byte
/// for byte, and the reader's refusal of damaged files.
final class TimeZoneIndexTests: XCTestCase {
    private func index() throws -> TimeZoneIndex { try TimeZoneIndex.bundled() }

    func testHardBordersAndIslandsHaveTheirOwnZones() throws {
        let index = try index()
        let cases: [(String, Double, Double, String)] = [
            // Indiana: the north-west and south-west corners keep Chicago's clock, the rest Indianapolis'.
            ("Gary IN", 41.5934, -87.3464, "America/Chicago"),
            ("Evansville IN", 37.9716, -87.5711, "America/Chicago"),
            ("Indianapolis IN", 39.7684, -86.1581, "America/Indiana/Indianapolis"),
            ("Terre Haute IN", 39.4667, -87.4139, "America/Indiana/Indianapolis"),
            ("Danville IL", 40.1245, -87.6300, "America/Chicago"),
            // Arizona keeps standard time; the Navajo Nation inside it observes DST (Denver), the Hopi
            // reservation inside the Navajo Nation does not (Phoenix).
            ("Window Rock AZ", 35.6806, -109.0526, "America/Denver"),
            ("Tuba City AZ", 36.1350, -111.2399, "America/Denver"),
            ("Kayenta AZ", 36.7278, -110.2546, "America/Denver"),
            ("Kykotsmovi AZ (Hopi)", 35.8778, -110.6251, "America/Phoenix"),
            ("Flagstaff AZ", 35.1983, -111.6513, "America/Phoenix"),
            ("Page AZ", 36.9147, -111.4558, "America/Phoenix"),
            // Spain and Portugal, 15 km apart across the Guadiana.
            ("Badajoz", 38.8794, -6.9707, "Europe/Madrid"),
            ("Elvas", 38.8808, -7.1628, "Europe/Lisbon"),
            // Half- and quarter-hour zones.
            ("Lord Howe Island", -31.5553, 159.0821, "Australia/Lord_Howe"),
            ("Kathmandu", 27.7172, 85.3240, "Asia/Kathmandu"),
            ("Waitangi, Chatham Islands", -43.9535, -176.5597, "Pacific/Chatham"),
            // Either side of the date line.
            ("Apia", -13.8333, -171.7667, "Pacific/Apia"),
            ("Pago Pago", -14.2794, -170.7009, "Pacific/Pago_Pago"),
        ]
        for (place, latitude, longitude, zone) in cases {
            XCTAssertEqual(index.zone(latitude: latitude, longitude: longitude), zone, place)
        }
    }

    /// Open water has the nautical zones, whose sign is POSIX's: west of Greenwich is `+`.
    func testOpenOceanHasNauticalZones() throws {
        let index = try index()
        XCTAssertEqual(index.zone(latitude: 0, longitude: -150), "Etc/GMT+10")   // mid Pacific
        XCTAssertEqual(index.zone(latitude: 30, longitude: -40), "Etc/GMT+3")    // mid Atlantic
        XCTAssertEqual(index.zone(latitude: -40, longitude: 90), "Etc/GMT-6")    // southern Indian Ocean
        XCTAssertEqual(index.zone(latitude: 0, longitude: 0), "Etc/GMT")         // Gulf of Guinea
        XCTAssertEqual(index.zone(latitude: 10, longitude: 179.9), "Etc/GMT-12")
        XCTAssertEqual(index.zone(latitude: 10, longitude: -179.9), "Etc/GMT+12")
        let pacific = try XCTUnwrap(TimeZone(identifier: index.zone(latitude: 0, longitude: -150)))
        XCTAssertEqual(pacific.secondsFromGMT(), -10 * 3600)
    }

    func testCoordinatesWrapAreHeldToThePolesAndNaNHasUTC() throws {
        let index = try index()
        XCTAssertEqual(index.zone(latitude: 41.5934, longitude: -87.3464 + 360), "America/Chicago")
        XCTAssertEqual(index.zone(latitude: 41.5934, longitude: -87.3464 - 720), "America/Chicago")
        XCTAssertEqual(index.zone(latitude: -95, longitude: 0), index.zone(latitude: -90, longitude: 0))
        XCTAssertFalse(index.zone(latitude: 90, longitude: 180).isEmpty)
        XCTAssertEqual(index.zone(latitude: .nan, longitude: 0), "Etc/GMT")
        XCTAssertEqual(index.zone(latitude: 0, longitude: .infinity), "Etc/GMT")
    }

    func testEveryZoneNameIsKnownToFoundation() throws {
        let names = try index().zoneNames
        XCTAssertGreaterThan(names.count, 400)
        XCTAssertEqual(Set(names).count, names.count)
        for name in names {
            XCTAssertNotNil(TimeZone(identifier: name), "Foundation does not know \(name)")
        }
    }

    func testLookupsFromManyThreadsAgreeWithOneThread() throws {
        let index = try index()
        var generator = SeededGenerator(seed: 21)
        let points = (0..<4000).map { _ in
            (Double.random(in: -90...90, using: &generator), Double.random(in: -180..<180, using: &generator))
        }
        let expected = points.map { index.zone(latitude: $0.0, longitude: $0.1) }
        let answers = UnsafeMutableBufferPointer<String>.allocate(capacity: points.count)
        answers.initialize(repeating: "")
        defer { answers.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 8) { part in
            for i in stride(from: part, to: points.count, by: 8) {
                answers[i] = index.zone(latitude: points[i].0, longitude: points[i].1)
            }
        }
        XCTAssertEqual(Array(answers), expected)
    }

    // MARK: - Against the pinned timezonefinder (in the reference venv `make test-deps` makes)

    /// 20,000 seeded random points on land (in a zone timezonefinder does not call Etc/): at least 99.8 % get
    /// the same zone, and every other one is within 5 km of where timezonefinder gives the index's answer, or
    /// in a place the data gives to both zones (Xinjiang, Abkhazia, Kafia Kingi, parts of the West Bank).
    func testAgreesWithTimezonefinderOnLand() throws {
        let index = try index()
        let points = try TimezonefinderReference.run(["land", "20000", "21"]).map { line in
            let fields = line.split(separator: " ")
            return (latitude: Double(fields[0])!, longitude: Double(fields[1])!, zone: String(fields[2]))
        }
        XCTAssertEqual(points.count, 20_000)
        let differing = points.compactMap { point -> (Double, Double, String, String)? in
            let zone = index.zone(latitude: point.latitude, longitude: point.longitude)
            return zone == point.zone ? nil : (point.latitude, point.longitude, point.zone, zone)
        }
        let agreement = Double(points.count - differing.count) / Double(points.count)
        let distances = try differing.isEmpty ? [] : TimezonefinderReference.run(["near"], input: differing.map { "\($0.0) \($0.1) \($0.3)\n" }.joined())
        XCTAssertEqual(distances.count, differing.count)
        let overlaps = distances.filter { $0 == "overlap" }.count
        let farthest = distances.compactMap { Double($0) }.max() ?? 0
        print(String(format: "tz.agreement %.2f %% of %d land points (%d differ: %d within %.2f km of a border, %d where the data gives the point to both zones)",
                     agreement * 100, points.count, differing.count, differing.count - overlaps, farthest, overlaps))
        XCTAssertGreaterThanOrEqual(agreement, 0.998)
        for (point, distance) in zip(differing, distances) {
            XCTAssertNotEqual(distance, "far", "\(point.0), \(point.1): timezonefinder \(point.2), the index \(point.3)")
        }
    }

    /// The committed file is what the pinned package gives (the wheel comes from `make test-deps`).
    func testScriptRebuildsTheCommittedFileByteForByte() throws {
        let wheels = RoutingTools.directory.appendingPathComponent("timezones")
        guard FileManager.default.fileExists(atPath: wheels.appendingPathComponent("timezonefinder_data-3.2026.3.post1-py3-none-any.whl").path) else {
            throw RoutingTools.Missing(description: "timezonefinder-data wheel missing in \(wheels.path): run `make test-deps`")
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("timezones-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", RoutingTools.checkout.appendingPathComponent("scripts/build-timezones").path,
                             "--wheels", wheels.path, "--out", out.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let rebuilt = try Data(contentsOf: out)
        let committed = try Data(contentsOf: try XCTUnwrap(TimeZoneIndex.bundledDataURL))
        XCTAssertEqual(rebuilt.count, committed.count)
        XCTAssertTrue(rebuilt == committed, "scripts/build-timezones no longer reproduces Resources/timezones/timezones.bin")
        XCTAssertLessThanOrEqual(committed.count, 5_000_000)
    }

    func testLicenceAndAttributionShipBesideTheIndex() throws {
        let folder = try XCTUnwrap(TimeZoneIndex.bundledDataURL).deletingLastPathComponent()
        let attribution = try String(contentsOf: folder.appendingPathComponent("ATTRIBUTION"), encoding: .utf8)
        XCTAssertTrue(attribution.contains("OpenStreetMap contributors"))
        XCTAssertTrue(attribution.contains("timezonefinder-data 3.2026.3.post1"))
        let licence = try String(contentsOf: folder.appendingPathComponent("LICENSE"), encoding: .utf8)
        XCTAssertTrue(licence.contains("Open Database License"))
        XCTAssertTrue(TimeZoneIndex.attribution.contains("OpenStreetMap contributors"))
        XCTAssertTrue(TimeZoneIndex.attribution.contains("ODbL"))
    }

    // MARK: - A small file, and damaged ones

    /// Zones `Etc/GMT` and `Europe/Paris` on a grid of 2 units per degree, root 2^10 units (512°): the
    /// south-west quarter (west of 76° E) is a leaf whose default is Etc/GMT with one Paris square from
    /// (130° W, 40° S) to (80° W, 10° N); the south-east quarter is all Paris; the northern ones (north of
    /// 166° N) are Etc/GMT and out of reach.
    private func small() -> [UInt8] {
        let square: [(Int, Int)] = [(100, 100), (200, 100), (200, 200), (100, 200)]
        var leaf: [UInt8] = [0, 0, 1, 1, 0, 1, 4]   // default 0, one zone: number 1, one ring of 4 vertices
        var previous = (0, 0)
        for vertex in square {
            leaf += [zigzag(vertex.0 - previous.0), zigzag(vertex.1 - previous.1)].flatMap(varint)
            previous = vertex
        }
        let uniform = { (zone: Int) in le32(0x8000_0000 | zone) }
        let tree = leaf + le32(0x4000_0000) + uniform(1) + uniform(0) + uniform(0)
        let names = Array("Etc/GMT\nEurope/Paris".utf8)
        var bytes = Array("RTTZ".utf8) + [1, 0, 2, 0, 1, 10, 1, 0]
        bytes += le32(names.count) + le32(tree.count) + le32(leaf.count)
        return sealed(bytes + names + tree)
    }

    private func load(_ bytes: [UInt8]) throws -> TimeZoneIndex {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("timezones-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(bytes).write(to: url)
        return try TimeZoneIndex.load(from: url)
    }

    func testSmallFileAnswersFromItsLeafAndUniformCells() throws {
        let index = try load(small())
        XCTAssertEqual(index.zoneNames, ["Etc/GMT", "Europe/Paris"])
        XCTAssertEqual(index.zone(latitude: -10, longitude: -100), "Europe/Paris")   // inside the square
        XCTAssertEqual(index.zone(latitude: -10, longitude: -150), "Etc/GMT")        // leaf, outside it
        XCTAssertEqual(index.zone(latitude: 20, longitude: -100), "Etc/GMT")
        XCTAssertEqual(index.zone(latitude: -50, longitude: 100), "Europe/Paris")    // south-east quarter
        XCTAssertEqual(index.zone(latitude: 90, longitude: 179), "Europe/Paris")
    }

    func testDamagedFilesAreRefusedWithAReason() throws {
        let good = small()
        let body = Array(good.dropLast(8))
        let treeStart = 24 + 20
        let cases: [(String, [UInt8])] = [
            ("not a roadtrip time-zone index", []),
            ("not a roadtrip time-zone index", Array("PK\u{3}\u{4}whatever and more bytes here".utf8)),
            ("checksum", Array(good.dropLast())),
            ("checksum", { var b = good; b[treeStart + 8] ^= 1; return b }()),
            ("format version", sealed({ var b = body; b[4] = 9; return b }())),
            ("grid of", sealed({ var b = body; b[9] = 5; return b }())),
            ("header lists", sealed({ var b = body; b[16] += 1; return b }())),
            ("zone names", sealed({ var b = body; b[6] = 3; return b }())),
            ("a zone name", sealed({ var b = body; b[24] = UInt8(ascii: " "); return b }())),
            ("out of range or repeated", sealed({ var b = body; b[20] = 200; return b }())),
            // the south-east reference made the south-west leaf again
            ("out of range or repeated", sealed({ var b = body; b[body.count - 12] = 0; b[body.count - 9] = 0x40; return b }())),
            ("zone number out of range", sealed({ var b = body; b[body.count - 4] = 7; return b }())),
            ("default zone", sealed({ var b = body; b[treeStart] = 9; return b }())),
            ("a leaf's zone", sealed({ var b = body; b[treeStart + 3] = 5; return b }())),
            ("vertex count", sealed({ var b = body; b[treeStart + 6] = 2; return b }())),
            ("outside its cell", sealed({ var b = body; b[treeStart + 7] = 0xFE; b[treeStart + 8] = 0x0F; return b }())),
        ]
        for (reason, bytes) in cases {
            XCTAssertThrowsError(try load(bytes), reason) { error in
                guard case TimeZoneIndexError.corrupt(let detail)? = error as? TimeZoneIndexError else {
                    return XCTFail("\(reason): \(error)")
                }
                XCTAssertTrue(String(describing: error).contains("damaged"))
                XCTAssertTrue(detail.contains(reason), "\(reason): \(detail)")
            }
        }
        XCTAssertThrowsError(try TimeZoneIndex.load(from: URL(fileURLWithPath: "/nonexistent/timezones.bin"))) { error in
            guard case TimeZoneIndexError.unreadable? = error as? TimeZoneIndexError else { return XCTFail("\(error)") }
        }
    }

    /// Truncations and flipped bits of the shipped file are refused; random damage to the small file
    /// with its checksum made right again either is refused or gives an index whose lookups stay in bounds.
    func testTruncatedAndFlippedFilesAreRefusedAndNeverTrap() throws {
        let shipped = try [UInt8](Data(contentsOf: try XCTUnwrap(TimeZoneIndex.bundledDataURL)))
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<8 {
            let cut = Int.random(in: 0..<shipped.count, using: &generator)
            XCTAssertThrowsError(try TimeZoneFile.decode(Data(shipped[..<cut])), "cut at \(cut)")
            var flipped = shipped
            let at = Int.random(in: 0..<shipped.count, using: &generator)
            flipped[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            XCTAssertThrowsError(try TimeZoneFile.decode(Data(flipped)), "bit flipped at \(at)")
        }
        let body = Array(small().dropLast(8))
        var accepted = 0
        for _ in 0..<3000 {
            var damaged = body
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            guard let index = try? TimeZoneIndex(TimeZoneFile.decode(Data(sealed(damaged)))) else { continue }
            accepted += 1
            for _ in 0..<20 {
                let zone = index.zone(latitude: Double.random(in: -90...90, using: &generator),
                                      longitude: Double.random(in: -180..<180, using: &generator))
                XCTAssertTrue(index.zoneNames.contains(zone))
            }
        }
        XCTAssertGreaterThan(accepted, 0, "some damage leaves a readable file, so lookups in one were tried")
    }

    /// A file checked once is only mapped by later loads (its stamp kept, not rewritten); the same file written
    /// again with damage that its checksum hides is checked again and refused.
    func testACheckedFileIsRememberedUntilItIsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tzcheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("timezones.bin"), checks = TimeZoneCheck(directory: folder)
        let stampFile = folder.appendingPathComponent(TimeZoneCheck.fileName)
        try Data(small()).write(to: file)
        XCTAssertEqual(try TimeZoneIndex.load(from: file, checks: checks).zone(latitude: -10, longitude: -100),
                       "Europe/Paris")
        let remembered = try String(contentsOf: stampFile, encoding: .utf8)
        let written = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: stampFile.path)[.modificationDate] as? Date)
        usleep(20_000)
        _ = try TimeZoneIndex.load(from: file, checks: checks)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: stampFile.path)[.modificationDate] as? Date,
                       written, "a file checked before is not checked (nor remembered) again")
        // The leaf's zone made 5 of 2, the checksum made right: only the walk finds it.
        var damaged = Array(small().dropLast(8))
        damaged[24 + 20 + 3] = 5
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: sealed(damaged))
        try handle.close()
        XCTAssertThrowsError(try TimeZoneIndex.load(from: file, checks: checks)) { error in
            XCTAssertTrue("\(error)".contains("a leaf's zone"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: stampFile, encoding: .utf8), remembered, "a refused file is not remembered")
    }
}

/// The file with its FNV-1a trailer.
private func sealed(_ bytes: [UInt8]) -> [UInt8] {
    let hash = TimeZoneFile.fnv1a(bytes[...])
    return bytes + (0..<8).map { UInt8((hash >> (8 * UInt64($0))) & 0xFF) }
}

private func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
private func zigzag(_ v: Int) -> Int { v >= 0 ? 2 * v : -2 * v - 1 }
private func varint(_ v: Int) -> [UInt8] {
    var out: [UInt8] = [], value = v
    while value >= 0x80 {
        out.append(UInt8(value & 0x7F) | 0x80)
        value >>= 7
    }
    return out + [UInt8(value)]
}
