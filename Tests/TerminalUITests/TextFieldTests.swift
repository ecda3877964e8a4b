import XCTest
import TerminalUI

final class TextFieldTests: XCTestCase {
    private func type(_ text: String, into field: TextField) {
        text.forEach { field.handle(.character($0)) }
    }

    func testTypingAndCursorByGrapheme() {
        let field = TextField()
        type("Zu\u{308}rich 東京 👨‍👩‍👧", into: field)
        XCTAssertEqual(field.text, "Zürich 東京 👨‍👩‍👧")
        XCTAssertEqual(field.cursor, 11)
        field.handle(.left)
        field.handle(.backspace)  // the space before the family
        XCTAssertEqual(field.text, "Zürich 東京👨‍👩‍👧")
        field.handle(.home)
        field.handle(.delete)
        XCTAssertEqual(field.text, "ürich 東京👨‍👩‍👧")
        field.handle(.ctrl("e"))
        XCTAssertEqual(field.cursor, 9)
        field.handle(.ctrl("a"))
        XCTAssertEqual(field.cursor, 0)
        field.handle(.left)
        field.handle(.backspace)
        XCTAssertEqual(field.cursor, 0)
    }

    func testCombiningMarkTypedAfterALetterJoinsIt() {
        let field = TextField(text: "Cafe")
        field.handle(.character("\u{301}"))
        XCTAssertEqual(field.text, "Café")
        XCTAssertEqual(field.cursor, 4)
    }

    func testDeletionKeys() {
        let field = TextField(text: "Route 66 east")
        field.handle(.ctrl("w"))
        XCTAssertEqual(field.text, "Route 66 ")
        field.handle(.ctrl("w"))
        XCTAssertEqual(field.text, "Route ")
        field.handle(.home)
        field.handle(.ctrlRight)
        field.handle(.ctrl("k"))
        XCTAssertEqual(field.text, "Route")
        field.handle(.left)
        field.handle(.ctrl("u"))
        XCTAssertEqual(field.text, "e")
        XCTAssertEqual(field.cursor, 0)
    }

    func testControlCharactersAndMaxLengthAreRefused() {
        let field = TextField(maxLength: 3)
        type("a\u{1B}b\u{7}cd", into: field)
        XCTAssertEqual(field.text, "abc")
        XCTAssertFalse(field.handle(.enter))
        XCTAssertFalse(field.handle(.tab))
        XCTAssertFalse(field.handle(.escape))
    }

    func testAPasteIsInsertedAtTheCursorOnOneLine() {
        let field = TextField(text: "Hsurf")
        field.handle(.home)
        field.handle(.right)
        XCTAssertTrue(field.handle(.paste("ossegor\n")))
        XCTAssertEqual(field.text, "Hossegor surf")
        XCTAssertEqual(field.cursor, 9)
        field.handle(.end)
        field.handle(.paste("\r\nspot\u{2028}x\u{1B}y"))  // any line break is a space; controls go
        XCTAssertEqual(field.text, "Hossegor surf spot xy")
        let short = TextField(text: "ab", maxLength: 4)
        short.handle(.paste("cdef"))
        XCTAssertEqual(short.text, "abcd", "cut at maxLength")
    }

    func testLongTextScrollsToKeepTheCursorVisible() {
        let term = MemoryTerminal(rows: 1, columns: 10)
        let field = TextField(text: "Santa Monica Pier")
        field.render(on: term, in: Rect(row: 0, column: 0, rows: 1, columns: 10), focused: true)
        XCTAssertEqual(term.text(row: 0), "nica Pier")  // nine columns of text, the tenth for the cursor
        XCTAssertEqual(term.cursor, MemoryTerminal.Cursor(row: 0, column: 9))
        field.handle(.home)
        field.render(on: term, in: Rect(row: 0, column: 0, rows: 1, columns: 10), focused: true)
        XCTAssertEqual(term.text(row: 0), "Santa Mon…")
        XCTAssertEqual(term.cursor, MemoryTerminal.Cursor(row: 0, column: 0))
    }

    func testWideCharactersScrollWhole() {
        let term = MemoryTerminal(rows: 1, columns: 6)
        let field = TextField(text: "東京都庁舎")
        field.render(on: term, in: Rect(row: 0, column: 0, rows: 1, columns: 6), focused: true)
        XCTAssertEqual(term.text(row: 0), "庁舎")
        XCTAssertEqual(term.cursor?.column, 4)
        field.handle(.left)
        field.handle(.left)
        field.handle(.left)
        field.render(on: term, in: Rect(row: 0, column: 0, rows: 1, columns: 6), focused: true)
        XCTAssertEqual(term.text(row: 0), "都庁舎")
        XCTAssertEqual(term.cursor?.column, 0)
    }

    func testPlaceholderWhenEmptyAndUnfocused() {
        let term = MemoryTerminal(rows: 1, columns: 20)
        let field = TextField(placeholder: "Trip name")
        field.render(on: term, in: Rect(row: 0, column: 0, rows: 1, columns: 20), focused: false)
        XCTAssertEqual(term.text(row: 0), "Trip name")
        XCTAssertEqual(term.cell(row: 0, column: 0).attributes, .muted)
        XCTAssertNil(term.cursor)
    }

    /// A pre-filled value (a path, a name, a number) goes at the first typed character, as in shells' and
    /// editors' prompts; any other key keeps it to edit.
    func testASelectedTextIsReplacedByTypingAndKeptByMoving() {
        let field = TextField(text: "/home/me/route-66.gpx")
        field.selectAll()
        XCTAssertTrue(field.isSelected)
        field.handle(.character("/"))
        XCTAssertEqual(field.text, "/")
        XCTAssertFalse(field.isSelected)

        let pasted = TextField(text: "0")
        pasted.selectAll()
        pasted.handle(.paste("2"))
        XCTAssertEqual(pasted.text, "2")

        let cleared = TextField(text: "Old name")
        cleared.selectAll()
        cleared.handle(.backspace)
        XCTAssertEqual(cleared.text, "")

        let kept = TextField(text: "Route 66")
        kept.selectAll()
        kept.handle(.end)
        kept.handle(.character("!"))
        XCTAssertEqual(kept.text, "Route 66!", "a move unselects: typing then adds")

        let empty = TextField()
        empty.selectAll()
        XCTAssertFalse(empty.isSelected, "nothing to select")
    }

    func testASelectedTextIsDrawnAsSelected() {
        let terminal = MemoryTerminal(rows: 1, columns: 20)
        let field = TextField(text: "0")
        field.selectAll()
        field.render(on: terminal, in: Rect(row: 0, column: 0, rows: 1, columns: 20), focused: true)
        XCTAssertEqual(terminal.cell(row: 0, column: 0).attributes, .selection)
        field.handle(.right)
        field.render(on: terminal, in: Rect(row: 0, column: 0, rows: 1, columns: 20), focused: true)
        XCTAssertEqual(terminal.cell(row: 0, column: 0).attributes, .normal)
    }
}
