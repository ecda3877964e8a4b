import XCTest
import TerminalUI

final class TextAreaTests: XCTestCase {
    private func render(_ area: TextArea, rows: Int = 4, columns: Int = 10) -> MemoryTerminal {
        let term = MemoryTerminal(rows: rows, columns: columns)
        area.render(on: term, in: Rect(size: term.size), focused: true)
        return term
    }

    func testTypingLinesAndJoining() {
        let area = TextArea()
        "Day 1".forEach { area.handle(.character($0)) }
        area.handle(.enter)
        "Motel".forEach { area.handle(.character($0)) }
        XCTAssertEqual(area.text, "Day 1\nMotel")
        area.handle(.home)
        area.handle(.backspace)
        XCTAssertEqual(area.text, "Day 1Motel")
        XCTAssertEqual(area.column, 5)
        area.handle(.enter)
        area.handle(.up)
        area.handle(.end)
        area.handle(.delete)
        XCTAssertEqual(area.text, "Day 1Motel")
    }

    func testAPasteKeepsItsLineBreaks() {
        let area = TextArea(text: "ab")
        area.handle(.left)
        XCTAssertTrue(area.handle(.paste("1\n2\r\n\n3\u{7}")))
        XCTAssertEqual(area.text, "a1\n2\n\n3b")
        XCTAssertEqual(area.line, 3)
        XCTAssertEqual(area.column, 1)
    }

    func testWrapsAtTheWidthAndMovesByScreenRow() {
        let area = TextArea(text: "abcdefghijklmnopqrstuvwxyz\nend")
        var term = render(area)
        XCTAssertEqual(term.rows(0...3), ["abcdefghij", "klmnopqrst", "uvwxyz", "end"])
        XCTAssertEqual(term.cursor, MemoryTerminal.Cursor(row: 3, column: 3))
        area.handle(.up)
        XCTAssertEqual(area.line, 0)
        XCTAssertEqual(area.column, 23)  // "x": three columns into "uvwxyz"
        area.handle(.up)
        area.handle(.up)
        XCTAssertEqual(area.column, 3)
        XCTAssertTrue(area.isOnFirstRow)
        area.handle(.end)
        term = render(area)
        XCTAssertEqual(term.cursor, MemoryTerminal.Cursor(row: 2, column: 6))
    }

    func testCursorAtTheEndOfAFullRowGoesToTheNextRow() {
        let area = TextArea(text: "0123456789")
        let term = render(area)
        XCTAssertEqual(term.rows(0...1), ["0123456789", ""])
        XCTAssertEqual(term.cursor, MemoryTerminal.Cursor(row: 1, column: 0))
        XCTAssertTrue(area.isOnLastRow)
    }

    func testWideCharactersWrapWhole() {
        let area = TextArea(text: "東京都庁舎前")
        let term = render(area, columns: 5)
        XCTAssertEqual(term.rows(0...2), ["東京", "都庁", "舎前"])
    }

    func testScrollsToTheCursor() {
        let area = TextArea(text: (1...10).map { "line \($0)" }.joined(separator: "\n"))
        var term = render(area, rows: 3)
        XCTAssertEqual(term.rows(0...2), ["line 8", "line 9", "line 10"])
        area.handle(.pageUp)
        area.handle(.pageUp)
        term = render(area, rows: 3)
        XCTAssertEqual(term.rows(0...2), ["line 6", "line 7", "line 8"])
        XCTAssertEqual(term.cursor?.row, 0)
    }

    func testHostileNotesAreShownVisibly() {
        let area = TextArea(text: "ok\u{1B}[2J\r")
        XCTAssertEqual(render(area, columns: 20).text(row: 0), "ok^[[2J^M")
    }

    func testCRLFIsALineBreakAndALoneCRStaysVisible() {
        let area = TextArea(text: "a\r\nb\rc")
        XCTAssertEqual(area.text, "a\nb\rc")
        XCTAssertEqual(render(area, columns: 20).rows(0...1), ["a", "b^Mc"])
    }

    /// A form's area shows its text from the start while another field is edited, and says when more follows.
    func testUnfocusedShowsTheStartAndEndsACutTextWithAnEllipsis() {
        let area = TextArea(text: (1...5).map { "line \($0)" }.joined(separator: "\n") + "\n\n")
        let term = MemoryTerminal(rows: 3, columns: 10)
        area.render(on: term, in: Rect(size: term.size), focused: false)
        XCTAssertEqual(term.rows(0...2), ["line 1", "line 2", "line 3 …"])
        XCTAssertNil(term.cursor)
        area.render(on: term, in: Rect(size: term.size), focused: true)
        XCTAssertEqual(term.rows(0...2), ["line 5", "", ""], "focused: scrolled to the cursor, at the end")
        let whole = TextArea(text: "line 1\nline 2\n\n\n")
        whole.render(on: term, in: Rect(size: term.size), focused: false)
        XCTAssertEqual(term.rows(0...2), ["line 1", "line 2", ""], "blank lines after it are no cut")
    }

    func testTypingAndPastingStopAtTheLimitLineBreaksCounted() {
        let area = TextArea(text: "ab", maxLength: 6)
        area.handle(.enter)
        area.handle(.paste("cd\r\nef"))
        XCTAssertEqual(area.text, "ab\ncd\n")
        area.handle(.character("x"))
        area.handle(.enter)
        XCTAssertEqual(area.text, "ab\ncd\n", "no room left")
        area.handle(.backspace)
        area.handle(.character("x"))
        XCTAssertEqual(area.text, "ab\ncdx")
    }

    func testTabIsLeftToTheForm() {
        XCTAssertFalse(TextArea().handle(.tab))
        XCTAssertFalse(TextArea().handle(.ctrl("s")))
    }
}
