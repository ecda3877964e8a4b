import XCTest
@testable import RoadtripCore

final class TerminalSafeTests: XCTestCase {
    func testPlainTextIsUntouched() {
        for text in ["Route 66", "Zürich", "東京", "🚗💨", "שלום", "مرحبا", "e\u{301}"] {
            XCTAssertEqual(TerminalSafe.line(text), text)
        }
    }

    func testControlsBecomeVisible() {
        XCTAssertEqual(TerminalSafe.line("a\u{1B}[31mb"), "a^[[31mb")
        XCTAssertEqual(TerminalSafe.line("a\rb\nc\td"), "a^Mb^Jc^Id")
        XCTAssertEqual(TerminalSafe.line("\u{7F}\u{0}"), "^?^@")
        XCTAssertEqual(TerminalSafe.line("x\u{9B}y"), "x<U+009B>y")
        XCTAssertEqual(TerminalSafe.line("abc\u{202E}fed"), "abc<U+202E>fed")
        XCTAssertEqual(TerminalSafe.line("\u{2066}\u{200F}"), "<U+2066><U+200F>")
    }

    func testMultilineKeepsNewlinesOnly() {
        XCTAssertEqual(TerminalSafe.multiline("one\ntwo\r\n\u{1B}"), "one\ntwo^M\n^[")
    }
}
