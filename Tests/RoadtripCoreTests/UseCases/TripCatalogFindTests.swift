import Foundation
import XCTest
@testable import RoadtripCore

/// Finding a trip by what a person types (issue 20, item 11): any word of its name as the app's filter does, a
/// prefix of its id, and trips of one name told apart by id instead of guessed.
final class TripCatalogFindTests: StoreTestCase {
    func testAWordOfTheNameFindsItAndTwoTripsWithTheWordAreAmbiguous() throws {
        let store = try open()
        let catalog = TripCatalog(repository: store)
        let golden = try catalog.add(named: "Golden Week Japan").id
        try catalog.add(named: "Highlands loop")
        XCTAssertEqual(try catalog.find("japan"), golden)
        XCTAssertEqual(try catalog.find("week gold"), golden, "every word, in any order, starting a word")
        XCTAssertThrowsError(try catalog.find("apan")) { XCTAssertEqual($0 as? TripLookupError, .notFound("apan")) }
        let spring = try catalog.add(named: "Spring in Japan").id
        XCTAssertThrowsError(try catalog.find("japan")) {
            XCTAssertEqual($0 as? TripLookupError, .ambiguous("japan", candidates: ["Spring in Japan", "Golden Week Japan"]))
        }
        XCTAssertEqual(try catalog.find("japan sp"), spring)
        // A name's start still comes first: "gold" is the start of one name, whatever words others have.
        try catalog.add(named: "Fool's gold")
        XCTAssertEqual(try catalog.find("gold"), golden)
    }

    func testTripsOfOneNameAreToldApartByTheirIdsStart() throws {
        let store = try open()
        let catalog = TripCatalog(repository: store)
        let first = try catalog.add(named: "Route 66").id
        let second = try catalog.add(named: "Route 66").id
        XCTAssertThrowsError(try catalog.find("route 66")) {
            XCTAssertEqual($0 as? TripLookupError, .ambiguous("route 66", candidates: [
                "Route 66 (id \(second.uuidString.prefix(8)))", "Route 66 (id \(first.uuidString.prefix(8)))",
            ]))
        }
        XCTAssertEqual(try catalog.find(String(first.uuidString.prefix(8)).lowercased()), first)
        XCTAssertEqual(try catalog.find(String(second.uuidString.prefix(6))), second)
        XCTAssertThrowsError(try catalog.find(String(first.uuidString.prefix(3))), "an id prefix takes 4 characters")
    }
}
