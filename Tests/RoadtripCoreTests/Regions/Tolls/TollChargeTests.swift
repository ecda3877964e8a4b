@testable import RoadtripCore
import XCTest

/// `charge=` values as mappers write them: a plain amount is a price, any other form leaves the price unknown.
final class TollChargeTests: XCTestCase {
    func testAPlainAmountInEitherOrderIsAPrice() {
        XCTAssertEqual(TollCharge(tag: "12 EUR"), TollCharge(amount: 12, currency: "EUR"))
        XCTAssertEqual(TollCharge(tag: "EUR 12"), TollCharge(amount: 12, currency: "EUR"))
        XCTAssertEqual(TollCharge(tag: "12.50 EUR"), TollCharge(amount: 12.5, currency: "EUR"))
        XCTAssertEqual(TollCharge(tag: " NOK 0.5 "), TollCharge(amount: 0.5, currency: "NOK"))
        XCTAssertEqual(TollCharge(tag: "700000 IDR")?.amount, 700_000)
        XCTAssertEqual(TollCharge(tag: "999999.999 IDR")?.amount, 999_999.999)
        XCTAssertNil(TollCharge(tag: "1000001 IDR"), "above any toll")
    }

    func testOtherFormsAreNoPrice() {
        for tag in ["12 EUR/day", "12 EUR/vehicle", "EUR 12 @ (Mo-Fr)", "12 EUR; 20 EUR", "12", "EUR", "12 eur", "12 EURO",
                    "12,50 EUR", "1e3 EUR", "-3 EUR", ".5 EUR", "12. EUR", "12.5000 EUR", "EUR EUR", "12 12", "", "12345678 EUR"] {
            XCTAssertNil(TollCharge(tag: tag), tag)
        }
    }

    func testAReadChargeIsBounded() {
        XCTAssertNil(TollCharge(amount: .nan, currency: "EUR"))
        XCTAssertNil(TollCharge(amount: -1, currency: "EUR"))
        XCTAssertNil(TollCharge(amount: .infinity, currency: "EUR"))
        XCTAssertNil(TollCharge(amount: 1, currency: "E\u{0}R"))
        XCTAssertNil(TollCharge(amount: 1, currency: "€"))
    }
}
