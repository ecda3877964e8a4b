import XCTest
import TerminalUI

final class FormTests: XCTestCase {
    private func makeForm() -> (Form, TextField, TextField, TextArea) {
        let name = TextField(text: "Kingman")
        let nights = TextField()
        let notes = TextArea()
        let form = Form(fields: [
            Form.Field(label: "Name", input: .line(name)),
            Form.Field(label: "Nights", input: .line(nights)),
            Form.Field(label: "Notes", input: .area(notes, rows: 3)),
        ])
        return (form, name, nights, notes)
    }

    func testFocusMovesWithTabShiftTabArrowsAndEnter() {
        let (form, _, _, notes) = makeForm()
        XCTAssertEqual(form.handle(.tab), .handled)
        XCTAssertEqual(form.focus, 1)
        XCTAssertEqual(form.handle(.backTab), .handled)
        XCTAssertEqual(form.focus, 0)
        XCTAssertEqual(form.handle(.enter), .handled)
        XCTAssertEqual(form.handle(.down), .handled)
        XCTAssertEqual(form.focus, 2)
        XCTAssertEqual(form.handle(.enter), .handled)  // a newline in the notes
        XCTAssertEqual(notes.text, "\n")
        XCTAssertEqual(form.handle(.up), .handled)  // inside the notes
        XCTAssertEqual(form.focus, 2)
        XCTAssertEqual(form.handle(.up), .handled)  // from the first row: previous field
        XCTAssertEqual(form.focus, 1)
        XCTAssertEqual(form.handle(.ctrl("s")), .submit)
        XCTAssertEqual(form.handle(.escape), .ignored)
    }

    func testEnterOnTheLastLineFieldSubmits() {
        let form = Form(fields: [Form.Field(label: "A", input: .line(TextField())), Form.Field(label: "B", input: .line(TextField()))])
        XCTAssertEqual(form.handle(.enter), .handled)
        XCTAssertEqual(form.handle(.enter), .submit)
    }

    func testTypingGoesToTheFocusedFieldAndClearsItsError() {
        let (form, _, nights, _) = makeForm()
        form.fields[1].error = "Nights must be a number"
        XCTAssertFalse(form.isValid)
        form.handle(.tab)
        form.handle(.character("2"))
        XCTAssertEqual(nights.text, "2")
        XCTAssertEqual(form.fields[1].text, "2")
        XCTAssertTrue(form.isValid)
    }

    func testRendersLabelsInputsAndInlineErrors() {
        let (form, _, nights, _) = makeForm()
        nights.text = "x"
        form.fields[1].error = "Nights must be a whole number"
        form.handle(.tab)
        let term = MemoryTerminal(rows: 10, columns: 40)
        form.render(on: term, in: Rect(size: term.size))
        XCTAssertEqual(term.rows(0...7), [
            "Name    Kingman",
            "",
            "Nights  x",
            "        Nights must be a whole number",
            "",
            "Notes",
            "",
            "",
        ])
        XCTAssertEqual(term.cell(row: 2, column: 0).attributes, Attributes(.accent, .bold))
        XCTAssertEqual(term.cell(row: 3, column: 8).attributes, .error)
        XCTAssertEqual(term.cell(row: 0, column: 8).attributes, Attributes(.normal, .underline))
        XCTAssertEqual(term.cursor, MemoryTerminal.Cursor(row: 2, column: 9))
    }

    func testScrollsToTheFocusedFieldAndSurvivesTinySizes() {
        let (form, _, _, _) = makeForm()
        form.handle(.tab)
        form.handle(.tab)
        let term = MemoryTerminal(rows: 3, columns: 30)
        form.render(on: term, in: Rect(size: term.size))
        XCTAssertEqual(term.text(row: 0), "Notes")
        XCTAssertEqual(term.cursor, MemoryTerminal.Cursor(row: 0, column: 8))
        for (rows, columns) in [(1, 1), (0, 0), (2, 3), (1, 40)] {
            let tiny = MemoryTerminal(rows: rows, columns: columns)
            form.render(on: tiny, in: Rect(size: tiny.size))
        }
    }

    func testClickFocusesAField() {
        let (form, _, _, _) = makeForm()
        let term = MemoryTerminal(rows: 10, columns: 40)
        form.render(on: term, in: Rect(size: term.size))
        XCTAssertEqual(form.handle(.click(row: 4, column: 10)), .handled)
        XCTAssertEqual(form.focus, 2)
        XCTAssertEqual(form.handle(.click(row: 9, column: 0)), .ignored)
    }
}
