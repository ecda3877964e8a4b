import XCTest
import TerminalUI

final class ListViewTests: XCTestCase {
    private func render(_ list: ListView, rows: Int = 5, columns: Int = 20) -> MemoryTerminal {
        let term = MemoryTerminal(rows: rows, columns: columns)
        list.render(on: term, in: Rect(size: term.size)) { "Trip \($0 + 1)" }
        return term
    }

    func testSelectionMovesAndIsClamped() {
        let list = ListView(count: 3)
        XCTAssertTrue(list.handle(.down))
        list.handle(.character("j"))
        list.handle(.down)
        XCTAssertEqual(list.selection, 2)
        list.handle(.character("g"))
        XCTAssertEqual(list.selectedIndex, 0)
        list.handle(.up)
        XCTAssertEqual(list.selection, 0)
        list.handle(.character("G"))
        XCTAssertEqual(list.positionText, "3/3")
        XCTAssertFalse(list.handle(.character("x")))
    }

    func testEmptyList() {
        let list = ListView()
        list.handle(.down)
        list.handle(.end)
        XCTAssertNil(list.selectedIndex)
        XCTAssertEqual(list.positionText, "")
        XCTAssertEqual(render(list).screenText, ["", "", "", "", ""])
    }

    func testScrollKeepsTheSelectionVisibleWithAScrollbar() {
        let list = ListView(count: 340)
        var term = render(list)
        XCTAssertEqual(term.rows(0...4), ["Trip 1             █", "Trip 2             │", "Trip 3             │", "Trip 4             │", "Trip 5             │"])
        XCTAssertEqual(term.cell(row: 0, column: 0).attributes, .selection)
        list.handle(.pageDown)
        XCTAssertEqual(list.selection, 4)
        list.handle(.pageDown)
        XCTAssertEqual(list.selection, 8)
        XCTAssertEqual(list.offset, 4)
        list.handle(.end)
        term = render(list)
        XCTAssertEqual(term.text(row: 4), "Trip 340           █")
        XCTAssertEqual(list.positionText, "340/340")
        list.handle(.pageUp)
        XCTAssertEqual(list.selection, 335)
        XCTAssertEqual(list.visibleRange, 335..<340)
        list.select(11)
        XCTAssertEqual(list.positionText, "12/340")
        XCTAssertEqual(list.visibleRange, 11..<16)
    }

    func testShrinkingCountClampsSelection() {
        let list = ListView(count: 10)
        list.select(9)
        list.count = 4
        XCTAssertEqual(list.selection, 3)
        list.count = 0
        XCTAssertNil(list.selectedIndex)
    }

    func testClickAndWheel() {
        let list = ListView(count: 50)
        _ = render(list)
        XCTAssertTrue(list.handle(.click(row: 3, column: 2)))
        XCTAssertEqual(list.selection, 3)
        XCTAssertFalse(list.handle(.click(row: 3, column: 19)))  // the scrollbar column
        list.handle(.scrollDown)
        XCTAssertEqual(list.offset, 3)
        XCTAssertEqual(list.selection, 3)
        list.handle(.scrollDown)
        XCTAssertEqual(list.selection, 6)  // dragged along to stay visible
    }

    func testTinyAreas() {
        let list = ListView(count: 5)
        XCTAssertEqual(render(list, rows: 1, columns: 1).screenText, ["…"])
        let term = MemoryTerminal(rows: 0, columns: 0)
        list.render(on: term, in: Rect(size: term.size)) { "\($0)" }
        list.handle(.pageDown)
        XCTAssertEqual(list.selection, 1)
    }

    func testHostileRowsAreShownVisibly() {
        let list = ListView(count: 1)
        let term = MemoryTerminal(rows: 1, columns: 30)
        list.render(on: term, in: Rect(size: term.size)) { _ in "\u{1B}]0;pwned\u{7}\u{202E}Trip" }
        XCTAssertEqual(term.text(row: 0), "^[]0;pwned^G<U+202E>Trip")
    }
}
