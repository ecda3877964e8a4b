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

    /// A run of glyphs (`put(count:…)`) leaves the cells a `put` of each glyph would: over and across wide glyphs,
    /// off both edges and off the screen.
    func testARunPutsWhatAPutOfEachGlyphPuts() {
        let glyphs = TextWidth.clippedGlyphs("a東b京cd", to: 100, ellipsis: "…")
        let underneath = [("東京都東京都", 0), ("x東y", 1)]
        for row in -1...2 {
            for column in -3...9 {
                for length in [0, 1, 2, 4, glyphs.count] {
                    let run = glyphs[1..<min(1 + length, glyphs.count)]
                    let (byRun, byGlyph) = (MemoryTerminal(rows: 2, columns: 8), MemoryTerminal(rows: 2, columns: 8))
                    for terminal in [byRun, byGlyph] {
                        for (text, at) in underneath { terminal.draw(text, row: at, column: at, attributes: .muted) }
                    }
                    byRun.put(count: run.count, row: row, column: column, attributes: .title) { run[1 + $0] }
                    var next = column
                    for glyph in run {
                        byGlyph.put(glyph, row: row, column: next, attributes: .title)
                        next += glyph.width
                    }
                    for at in 0..<2 {
                        XCTAssertEqual((0..<8).map { byRun.cell(row: at, column: $0) },
                                       (0..<8).map { byGlyph.cell(row: at, column: $0) },
                                       "run of \(length) at \(row), \(column): row \(at)")
                    }
                }
            }
        }
    }

    /// A terminal with only `put` of one glyph (the protocol's run put loops over it) shows what the memory
    /// terminal's own run put shows.
    func testTheProtocolsRunPutsEachGlyph() {
        final class OneByOne: Terminal {
            let inner = MemoryTerminal(rows: 1, columns: 8)
            var size: TerminalSize { inner.size }
            var symbols: Symbols { inner.symbols }
            func clear() { inner.clear() }
            func put(_ glyph: Glyph, row: Int, column: Int, attributes: Attributes) {
                inner.put(glyph, row: row, column: column, attributes: attributes)
            }
            func showCursor(row: Int, column: Int) {}
            func hideCursor() {}
            func flush() {}
            func readEvent(timeout: Int?) -> InputEvent? { nil }
            func wake() {}
        }
        let glyphs = TextWidth.clippedGlyphs("a東b", to: 100, ellipsis: "…")
        let oneByOne = OneByOne(), memory = MemoryTerminal(rows: 1, columns: 8)
        for terminal in [oneByOne, memory] as [Terminal] {
            terminal.put(count: glyphs.count, row: 0, column: 2, attributes: .accent) { glyphs[$0] }
        }
        XCTAssertEqual(oneByOne.inner.text(row: 0), "  a東b")
        XCTAssertEqual((0..<8).map { oneByOne.inner.cell(row: 0, column: $0) }, (0..<8).map { memory.cell(row: 0, column: $0) })
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
