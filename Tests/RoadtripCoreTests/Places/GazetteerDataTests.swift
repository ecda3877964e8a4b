import XCTest
@testable import RoadtripCore

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
        let head = try XCTUnwrap(String(data: try FileHandle(forReadingFrom: url).readData(ofLength: 400), encoding: .utf8))
        XCTAssertTrue(head.hasPrefix("# roadtrip gazetteer 1\n"))
        XCTAssertTrue(head.contains("GeoNames"))
        XCTAssertTrue(head.contains("CC BY 4.0"))
    }

    func testEveryPlaceOfTheDataIsLoaded() throws {
        let index = try BundledPlaces.index()
        XCTAssertGreaterThan(index.count, 140_000)
        XCTAssertLessThan(index.count, 200_000)
    }

    func testSmallFileLoadsAndSearches() throws {
        let url = try write("""
        # roadtrip gazetteer 1
        C\tUS\tUnited States\tusa
        A\tUS\tIL\tIllinois\t
        Z\tAmerica/Chicago
        4887398\tChicago\t\tWindy City\t0\t41.85\t-87.65\t2664452\t0\t
        4250542\tSpringfield\t\t\t0\t39.80172\t-89.64371\t114394\t0\t

        """)
        let index = try PlaceIndex.load(from: url)
        XCTAssertEqual(index.count, 2)
        XCTAssertEqual(index.query("windy").first?.place.name, "Chicago")
        XCTAssertEqual(index.query("windy").first?.matchedName, "Windy City")
        XCTAssertEqual(index.query("spring, illinois").first?.place.label, "Springfield, Illinois, US")
        XCTAssertEqual(index.nearest(latitude: 39.8, longitude: -89.6)?.place.name, "Springfield")
        XCTAssertEqual(index.place(id: 4250542)?.latitude, 39.80172)
    }

    func testBadFilesAreReportedNotCrashed() throws {
        XCTAssertThrowsError(try PlaceIndex.load(from: URL(fileURLWithPath: "/nonexistent/gazetteer.tsv"))) {
            guard case .unreadable? = $0 as? PlaceIndexError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try PlaceIndex.load(from: write("hello\n"))) {
            XCTAssertEqual($0 as? PlaceIndexError, .badFormat(line: 1, reason: "not a roadtrip gazetteer (expected \"# roadtrip gazetteer 1\")"))
        }
        XCTAssertThrowsError(try PlaceIndex.load(from: write("# roadtrip gazetteer 1\n"))) {
            guard case .badFormat? = $0 as? PlaceIndexError else { return XCTFail("\($0)") }
        }
        let badRegion = "# roadtrip gazetteer 1\nZ\tUTC\n1\tX\t\t\t5\t1\t2\t3\t0\t\n"
        XCTAssertThrowsError(try PlaceIndex.load(from: write(badRegion))) {
            XCTAssertEqual($0 as? PlaceIndexError, .badFormat(line: 3, reason: "bad number or table reference"))
        }
        let shortLine = "# roadtrip gazetteer 1\nC\tUS\tUnited States\t\nA\tUS\tIL\tIllinois\t\nZ\tUTC\n1\tX\t0\n"
        XCTAssertThrowsError(try PlaceIndex.load(from: write(shortLine)))
    }

    func testLoaderDeliversInTheBackground() throws {
        let url = try write("""
        # roadtrip gazetteer 1
        C\tFR\tFrance\tfra
        A\tFR\t11\tIle-de-France\t
        Z\tEurope/Paris
        2988507\tParis\t\t\t0\t48.85341\t2.3488\t2138551\t0\tc

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
