import RoadtripCore
import XCTest

final class StayDurationTests: XCTestCase {
    func testTheShapesPeopleType() throws {
        let cases: [(String, Int)] = [
            ("", 0), ("  ", 0), ("0", 0), ("45", 45), ("90m", 90), ("90 min", 90), ("90mins", 90), ("2h", 120),
            ("2 H", 120), ("2hrs", 120), ("1h30", 90), ("1h 30m", 90), ("1 h 5 min", 65), ("1:30", 90), ("0:45", 45),
            ("23h59", 1439), ("1439", 1439),
        ]
        for (text, minutes) in cases {
            XCTAssertEqual(try StayDuration.parse(text), minutes, text)
        }
    }

    func testWhatIsNoDurationSaysSoQuotingTheText() {
        for text in ["abc", "1.5h", "h30", "1h90", "1:5", "1:75", "-5", "5 days", "1h30h", "m", "１h"] {
            XCTAssertThrowsError(try StayDuration.parse(text), text) { error in
                XCTAssertEqual((error as? StayDuration.Invalid)?.description,
                               "Stay must be a duration like 45, 90m, 2h or 1h30 (got \"\(text)\")", text)
            }
        }
    }

    func testADayOrMoreIsANightNotAStay() {
        for text in ["24h", "1440", "999999"] {
            XCTAssertThrowsError(try StayDuration.parse(text), text) { error in
                XCTAssertNil(error as? StayDuration.Invalid, text)
                XCTAssertTrue(String(describing: error).contains("a visit of a day is a night"), "\(error)")
            }
        }
    }

    func testFormatIsShortAndReadsBack() throws {
        XCTAssertEqual([0, 5, 45, 60, 65, 90, 120, 1439].map(StayDuration.format), ["", "5m", "45m", "1h", "1h05", "1h30", "2h", "23h59"])
        for minutes in Limits.stayMinutes {
            XCTAssertEqual(try StayDuration.parse(StayDuration.format(minutes)), minutes)
        }
    }
}
