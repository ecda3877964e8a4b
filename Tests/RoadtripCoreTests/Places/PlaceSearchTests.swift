import XCTest
@testable import RoadtripCore

/// Ranking on the real data (the examples of issue 4).
final class PlaceSearchTests: XCTestCase {
    private var index: PlaceIndex!

    override func setUpWithError() throws {
        index = try BundledPlaces.index()
    }

    private func first(_ text: String, near: (latitude: Double, longitude: Double)? = nil) -> PlaceMatch? {
        index.query(text, limit: 10, near: near).first
    }

    func testChicagoFirstForChic() {
        XCTAssertEqual(first("chic")?.place.label, "Chicago, Illinois, US")
        XCTAssertEqual(first("chic")?.kind, .prefix)
    }

    func testZurichWithAndWithoutUmlaut() {
        for text in ["zurich", "Zürich", "zuerich", "ZUERICH", "Zur"] {
            XCTAssertEqual(first(text)?.place.name, "Zürich", text)
            XCTAssertEqual(first(text)?.place.countryCode, "CH", text)
        }
        XCTAssertEqual(first("zuerich")?.matchedName, "Zuerich")
    }

    func testSaoPaulo() {
        for text in ["sao paulo", "São Paulo", "sao", "Sao Paulo, BR"] {
            XCTAssertEqual(first(text)?.place.name, "São Paulo", text)
            XCTAssertEqual(first(text)?.place.countryCode, "BR", text)
        }
    }

    func testNewYork() {
        XCTAssertEqual(first("new york")?.place.name, "New York City")
        XCTAssertEqual(first("New York, NY")?.place.name, "New York City")
    }

    func testLaterWordFindsNewYork() {
        let matches = index.query("york", limit: 10)
        XCTAssertTrue(matches.prefix(5).contains { $0.place.name == "New York City" },
                      index.labels("york").joined(separator: " | "))
        XCTAssertEqual(matches.first?.kind, .exact)
    }

    func testSpringfieldsAreToldApartByRegion() {
        let matches = index.query("springfield", limit: 10)
        let springfields = matches.filter { $0.place.name == "Springfield" && $0.place.countryCode == "US" }
        XCTAssertGreaterThanOrEqual(springfields.count, 5)
        let labels = springfields.map(\.place.label)
        XCTAssertEqual(Set(labels).count, labels.count, "labels must differ: \(labels)")
        XCTAssertTrue(labels.contains("Springfield, Illinois, US"))
        XCTAssertTrue(labels.contains("Springfield, Missouri, US"))
        XCTAssertTrue(labels.contains("Springfield, Massachusetts, US"))
        XCTAssertTrue(PlaceIndex.isAmbiguous(matches))
    }

    func testQualifiedSpringfield() {
        for text in ["springfield, il", "springfield illinois", "Springfield, Illinois", "springfield il",
                     "springfield, ill", "springfield, IL, US"] {
            XCTAssertEqual(first(text)?.place.label, "Springfield, Illinois, US", text)
        }
    }

    func testQualifierByCountryAndState() {
        XCTAssertEqual(first("paris tx")?.place.label, "Paris, Texas, US")
        XCTAssertEqual(first("paris, texas")?.place.label, "Paris, Texas, US")
        XCTAssertEqual(first("paris, us")?.place.countryCode, "US")
        XCTAssertEqual(first("paris, usa")?.place.countryCode, "US")
        XCTAssertEqual(first("paris")?.place.countryCode, "FR")
        XCTAssertFalse(PlaceIndex.isAmbiguous(index.query("paris")))
        XCTAssertEqual(first("london, on")?.place.label, "London, Ontario, CA")
        XCTAssertEqual(first("london canada")?.place.countryCode, "CA")
    }

    func testMisspellings() {
        XCTAssertEqual(first("albuqerque")?.place.label, "Albuquerque, New Mexico, US")
        XCTAssertEqual(first("albuqerque")?.kind, .fuzzy(edits: 1))
        XCTAssertEqual(first("chciago")?.place.label, "Chicago, Illinois, US")   // swapped letters
        XCTAssertEqual(first("pittsburg")?.place.label, "Pittsburgh, Pennsylvania, US")
        XCTAssertEqual(first("philadelpia")?.place.label, "Philadelphia, Pennsylvania, US")
    }

    func testShortQueriesAreNotFuzzy() {
        XCTAssertFalse(index.query("xq", limit: 20).contains { if case .fuzzy = $0.kind { return true } else { return false } })
    }

    func testAlternateNames() {
        XCTAssertEqual(first("bombay")?.place.name, "Mumbai")
        XCTAssertEqual(first("bombay")?.matchedName, "Bombay")
        XCTAssertEqual(first("cologne")?.place.name, "Köln")
        XCTAssertEqual(first("peking")?.place.name, "Beijing")
    }

    func testDiacriticsAndSpecialLettersInQueries() {
        XCTAssertEqual(first("Łódź")?.place.asciiName, "Lodz")
        XCTAssertEqual(first("lodz")?.place.asciiName, "Lodz")
        XCTAssertEqual(first("Malmö")?.place.asciiName, "Malmo")
        XCTAssertEqual(first("Tromsø")?.place.asciiName, "Tromso")
        XCTAssertEqual(first("Москва")?.place.asciiName, "Moscow")
        XCTAssertEqual(first("Киев")?.place.asciiName, "Kyiv")
        XCTAssertEqual(first("Αθήνα")?.place.label, "Athens, Attica, GR")
        XCTAssertEqual(first("Київ")?.place.asciiName, "Kyiv")
    }

    func testSaintAbbreviation() {
        XCTAssertEqual(first("st. louis")?.place.label, "St. Louis, Missouri, US")
        XCTAssertEqual(first("saint louis, mo")?.place.label, "St. Louis, Missouri, US")
        XCTAssertEqual(first("st petersburg")?.place.countryCode, "RU")
        // While typing, "st" is still the start of Stuttgart or Stockholm.
        XCTAssertTrue(index.query("stutt", limit: 3).contains { $0.place.name == "Stuttgart" })
        XCTAssertTrue(index.query("st", limit: 50).contains { $0.place.name.hasPrefix("St") && !$0.place.name.hasPrefix("St.") })
    }

    func testNearnessWeighsAgainstPopulation() {
        let fromChicago = (latitude: 41.88, longitude: -87.63)
        let fromBoston = (latitude: 42.36, longitude: -71.06)
        XCTAssertEqual(first("springfield", near: fromChicago)?.place.label, "Springfield, Illinois, US")
        XCTAssertEqual(first("springfield", near: fromBoston)?.place.label, "Springfield, Massachusetts, US")
        XCTAssertNotNil(first("springfield", near: fromBoston)?.distanceKm)
        // In Texas, Paris is the town nearby; a far big city still beats a typo or nothing nearby.
        XCTAssertEqual(first("paris", near: (latitude: 33.66, longitude: -95.55))?.place.label, "Paris, Texas, US")
        XCTAssertEqual(first("tokyo", near: (latitude: 34.05, longitude: -118.24))?.place.countryCode, "JP")
    }

    func testCoordinateQueryGivesPointAndNearestPlace() throws {
        let matches = index.query("41.88, -87.63")
        XCTAssertEqual(matches.count, 2)
        XCTAssertEqual(matches[0].kind, .coordinate)
        XCTAssertEqual(matches[0].place.id, 0)
        XCTAssertEqual(matches[0].place.latitude, 41.88)
        XCTAssertEqual(matches[0].place.longitude, -87.63)
        XCTAssertEqual(matches[1].kind, .nearest)
        XCTAssertEqual(matches[1].place.name, "Chicago")
        XCTAssertLessThan(try XCTUnwrap(matches[1].distanceKm), 5)
        XCTAssertEqual(index.query("41°52'N 87°37'W").last?.place.name, "Chicago")
        XCTAssertEqual(index.query("33°52′S 151°12′E").last?.place.name, "Sydney")
    }

    func testNearestPlaceAcrossTheDateLineAndAtSea() {
        XCTAssertEqual(index.nearest(latitude: 48.8566, longitude: 2.3522)?.place.name, "Paris")
        XCTAssertNotNil(index.nearest(latitude: -89.9, longitude: 179.9))
        XCTAssertNotNil(index.nearest(latitude: 0, longitude: -150))   // mid-Pacific
        let fiji = index.nearest(latitude: -16.8, longitude: 179.99)
        XCTAssertEqual(fiji?.place.countryCode, "FJ")
    }

    func testPlaceRecordIsComplete() throws {
        let chicago = try XCTUnwrap(first("chicago")?.place)
        XCTAssertEqual(chicago.id, 4887398)
        XCTAssertEqual(chicago.admin1, "Illinois")
        XCTAssertEqual(chicago.admin1Code, "IL")
        XCTAssertEqual(chicago.countryName, "United States")
        XCTAssertEqual(chicago.timezone, "America/Chicago")
        XCTAssertGreaterThan(chicago.population, 2_000_000)
        XCTAssertEqual(chicago.latitude, 41.85, accuracy: 0.01)
        XCTAssertEqual(index.place(id: 4887398), chicago)
        XCTAssertNil(index.place(id: -1))
        let waypoint = chicago.waypoint()
        XCTAssertEqual(waypoint.placeId, 4887398)
        XCTAssertEqual(waypoint.region, "Illinois")
        XCTAssertEqual(waypoint.countryCode, "US")
        XCTAssertTrue(try XCTUnwrap(first("washington, dc")?.place.isCapital))
    }

    func testRepeatedQueriesAreStableAndLimited() {
        let a = index.query("spring", limit: 7)
        let b = index.query("spring", limit: 7)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.count, 7)
        XCTAssertEqual(index.query("spring", limit: 3), Array(a.prefix(3)))
        XCTAssertEqual(index.query("", limit: 5), [])
        XCTAssertEqual(index.query("   ,  ", limit: 5), [])
        XCTAssertEqual(index.query("chicago", limit: 0), [])
        XCTAssertEqual(index.query("qqqqqqqqqq", limit: 5), [])
        // Pasted junk: long text, control characters, emoji. No crash, no match required.
        _ = index.query(String(repeating: "chicago ", count: 500), limit: 5)
        _ = index.query("\u{1B}[31mchic\u{7}", limit: 5)
        XCTAssertEqual(index.query("\u{7}chicago\u{1B}", limit: 1).first?.place.name, "Chicago")
        _ = index.query("🚗🏜️", limit: 5)
    }

    func testConcurrentQueries() {
        let texts = ["chic", "zurich", "springfield, il", "paris tx", "york", "41.88, -87.63", "albuqerque", "sao"]
        let shared: PlaceIndex = index
        let expected = texts.map { shared.query($0, limit: 5) }
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let t = i % texts.count
            XCTAssertEqual(shared.query(texts[t] + (i % 2 == 0 ? "" : " "), limit: 5).map(\.place.id),
                           expected[t].map(\.place.id))
        }
    }
}

/// The calls the command line and the picker make, as in the report to the lead.
final class PlaceIndexUsageTests: XCTestCase {
    func testUsageAsDocumented() throws {
        let index = try BundledPlaces.index()
        let previousStop = Waypoint(name: "Chicago", latitude: 41.88, longitude: -87.63)
        let matches = index.query("springfield", limit: 5, near: (previousStop.latitude, previousStop.longitude))
        XCTAssertEqual(matches.first?.place.label, "Springfield, Illinois, US")
        let stop = try XCTUnwrap(matches.first).place.waypoint(nights: 1)
        XCTAssertNoThrow(try stop.validated())
        XCTAssertEqual(stop.placeId, matches.first?.place.id)
        // add-stop --place: refuse when the top two are too close to call.
        XCTAssertTrue(PlaceIndex.isAmbiguous(index.query("springfield", limit: 5)))
        XCTAssertFalse(PlaceIndex.isAmbiguous(index.query("springfield, il", limit: 5)))
        XCTAssertFalse(PlaceIndex.isAmbiguous(index.query("chicago", limit: 5)))
        // The Waypoint form's coordinate fields.
        let point = try CoordinateParser.parse("41°52'N 87°37'W")
        XCTAssertEqual(point.latitude, 41 + 52.0 / 60, accuracy: 1e-9)
    }
}
