import Foundation
import XCTest
@testable import roadtrip

/// The `.gitattributes` line for the trips file: a pattern git reads as that one path, added once.
final class GitAttributesLineTests: XCTestCase {
    private func adding(_ path: String, to text: String) -> String? {
        GitAttributesLine.adding(lineFor: path, to: Data(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    func testPatternIsAnchoredEscapedAndQuotedWhenItMustBe() {
        XCTAssertEqual(GitAttributesLine.line(for: "trips.json"), "/trips.json merge=roadtrip")
        XCTAssertEqual(GitAttributesLine.line(for: "plans/trips.json"), "/plans/trips.json merge=roadtrip")
        XCTAssertEqual(GitAttributesLine.line(for: "[2027]*?/trips.json"), "/\\[2027]\\*\\?/trips.json merge=roadtrip")
        XCTAssertEqual(GitAttributesLine.line(for: "road trips/a\"b\\c\t\u{1}.json"),
                       "\"/road trips/a\\\"b\\\\\\\\c\\t\\001.json\" merge=roadtrip")
        XCTAssertEqual(GitAttributesLine.line(for: "été/trips.json"), "/été/trips.json merge=roadtrip")
    }

    func testAppendsKeepingEveryLineAndItsEnding() {
        XCTAssertEqual(adding("trips.json", to: ""), "/trips.json merge=roadtrip\n")
        XCTAssertEqual(adding("trips.json", to: "*.png binary\n"), "*.png binary\n/trips.json merge=roadtrip\n")
        XCTAssertEqual(adding("trips.json", to: "*.png binary"), "*.png binary\n/trips.json merge=roadtrip\n")
        XCTAssertEqual(adding("trips.json", to: "*.png binary\r\n*.md text"),
                       "*.png binary\r\n*.md text\r\n/trips.json merge=roadtrip\r\n")
    }

    func testAlreadyThereWhateverTheSpacing() {
        for text in ["/trips.json merge=roadtrip\n", "  /trips.json\t-text   merge=roadtrip\n", "*.png binary\r\n/trips.json merge=roadtrip"] {
            XCTAssertNil(adding("trips.json", to: text), text.debugDescription)
        }
    }

    /// Another driver, another path, or our attribute given to a pattern that only starts like ours: not ours.
    func testNotThere() {
        for text in ["/trips.json merge=union\n", "trips.json merge=roadtrip\n", "/trips.json.bak merge=roadtrip\n",
                     "/trips.jsonx merge=roadtrip\n", "# /trips.json merge=roadtrip\n", "/trips.json merge=roadtripx\n"] {
            XCTAssertEqual(adding("trips.json", to: text), text + "/trips.json merge=roadtrip\n", text.debugDescription)
        }
    }
}
