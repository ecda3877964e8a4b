import Foundation
import RoadtripTestSupport
import XCTest

/// The golden check itself: it passes only on the same text, and an update never passes.
final class GoldenTests: XCTestCase {
    private var file: URL!

    override func setUpWithError() throws {
        file = FileManager.default.temporaryDirectory.appendingPathComponent("rt-golden-\(UUID().uuidString).txt")
        try "a\nb\n".write(to: file, atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: file)
    }

    func testTheSameTextPassesAndAnotherFailsNamingTheLine() throws {
        XCTAssertNoThrow(try Golden.check("a\nb\n", against: file, environment: [:]))
        XCTAssertThrowsError(try Golden.check("a\nc\n", against: file, context: "the screen", environment: [:])) {
            XCTAssertTrue($0 is Golden.Mismatch, "\($0)")
            XCTAssertTrue("\($0)".contains("differs at line 2"), "\($0)")
            XCTAssertTrue("\($0)".contains("golden: \"b\"\n  output: \"c\"\nthe screen"), "\($0)")
        }
        XCTAssertThrowsError(try Golden.check("a\n", against: file, environment: [:])) {
            XCTAssertTrue("\($0)".contains("golden: \"b\"\n  output: \"\""), "\($0)")
        }
        try FileManager.default.removeItem(at: file)
        XCTAssertThrowsError(try Golden.check("a\nb\n", against: file, environment: [:])) {
            XCTAssertTrue("\($0)".hasPrefix("no golden "), "\($0)")
        }
    }

    /// Update mode writes the file, then fails: the rewrite is to be reviewed, not passed.
    func testUpdateModeWritesAndFails() throws {
        let update = ["ROADTRIP_UPDATE_GOLDENS": "1"]
        XCTAssertThrowsError(try Golden.check("new\n", against: file, environment: update)) {
            XCTAssertEqual("\($0)", "golden rewritten: review the diff (\(self.file.path))")
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "new\n")
        XCTAssertThrowsError(try Golden.check("new\n", against: file, environment: update), "even when unchanged")
        XCTAssertNoThrow(try Golden.check("new\n", against: file, environment: [:]))
    }
}
