import XCTest
@testable import TerminalUI

final class MemoryTerminalTests: XCTestCase {
    func testDrawAndReadRows() {
        let term = MemoryTerminal(rows: 3, columns: 10)
        term.draw("Hello", row: 0, column: 0)
        term.draw("東京", row: 1, column: 2, attributes: .title)
        XCTAssertEqual(term.rows(0...2), ["Hello", "  東京", ""])
        XCTAssertEqual(term.cell(row: 1, column: 2), MemoryTerminal.Cell(text: "東", attributes: .title))
        XCTAssertEqual(term.cell(row: 1, column: 3).text, "")  // right half of the wide glyph
    }

    func testDrawClipsAtTheScreenEdgeWithoutSplittingWideGlyphs() {
        let term = MemoryTerminal(rows: 3, columns: 5)
        XCTAssertEqual(term.draw("Roadtrip", row: 0, column: 0), 5)
        XCTAssertEqual(term.draw("東京都", row: 1, column: 0), 5)
        XCTAssertEqual(term.draw("東京都", row: 2, column: 1), 3)  // 4 columns left: "東…" and one blank
        XCTAssertEqual(term.rows(0...2), ["Road…", "東京…", " 東…"])
        XCTAssertEqual(term.draw("x", row: 5, column: 0), 0)
        XCTAssertEqual(term.draw("x", row: 0, column: -1), 0)
        XCTAssertEqual(term.draw("x", row: 0, column: 5), 0)
    }

    func testOverwritingHalfAWideGlyphBlanksTheOtherHalf() {
        let term = MemoryTerminal(rows: 1, columns: 6)
        term.draw("東京", row: 0, column: 0)
        term.draw("a", row: 0, column: 1)
        XCTAssertEqual(term.text(row: 0), " a京")
        term.draw("b", row: 0, column: 2)
        XCTAssertEqual(term.text(row: 0), " ab")
    }

    func testHostileTextIsShownVisibly() {
        let term = MemoryTerminal(rows: 1, columns: 30)
        term.draw("\u{1B}[31mred\r\u{202E}x\u{7}", row: 0, column: 0)
        XCTAssertEqual(term.text(row: 0), "^[[31mred^M<U+202E>x^G")
    }

    func testFlushCountsChangedCells() {
        let term = MemoryTerminal(rows: 2, columns: 4)
        term.draw("ab", row: 0, column: 0)
        term.flush()
        XCTAssertEqual(term.cellsChangedByLastFlush, 2)
        term.clear()
        term.draw("ac", row: 0, column: 0)
        term.flush()
        XCTAssertEqual(term.cellsChangedByLastFlush, 1)
        XCTAssertEqual(term.flushCount, 2)
    }

    func testScriptedEventsAndResize() {
        let term = MemoryTerminal(rows: 24, columns: 80)
        term.enqueue(.up, .character("a"))
        term.enqueueResize(rows: 5, columns: 20)
        term.enqueue(typing: "東x")
        XCTAssertEqual(term.readEvent(timeout: nil), .key(.up))
        XCTAssertEqual(term.readEvent(timeout: 10), .key(.character("a")))
        XCTAssertEqual(term.readEvent(timeout: nil), .key(.resize))
        XCTAssertEqual(term.size, TerminalSize(rows: 5, columns: 20))
        XCTAssertEqual(term.readEvent(timeout: nil), .key(.character("東")))
        XCTAssertEqual(term.readEvent(timeout: nil), .key(.character("x")))
        XCTAssertEqual(term.readEvent(timeout: nil), .quit(.endOfInput))
    }

    func testCursor() {
        let term = MemoryTerminal(rows: 2, columns: 2)
        term.showCursor(row: 1, column: 1)
        XCTAssertEqual(term.cursor, MemoryTerminal.Cursor(row: 1, column: 1))
        term.showCursor(row: 2, column: 0)
        XCTAssertNil(term.cursor)
    }

    func testZeroSizedTerminalIgnoresDrawing() {
        let term = MemoryTerminal(rows: 0, columns: 0)
        term.draw("x", row: 0, column: 0)
        term.fill(Rect(row: 0, column: 0, rows: 3, columns: 3))
        term.drawBox(Rect(row: 0, column: 0, rows: 3, columns: 3), title: "t")
        term.flush()
        XCTAssertEqual(term.screenText, [])
    }
}
