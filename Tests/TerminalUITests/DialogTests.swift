import XCTest
import TerminalUI

final class DialogTests: XCTestCase {
    func testConfirmDialogAnswersAndClosesItself() {
        for (key, expected) in [(Key.character("y"), true), (.character("n"), false), (.escape, false), (.character("q"), false)] {
            let stack = ScreenStack()
            stack.push(RecordingScreen("Roadtrips"))
            var answer: Bool?
            stack.present(ConfirmDialog(title: "Delete", message: "Delete “Route 66”?", stack: stack) { answer = $0 })
            XCTAssertEqual(stack.top?.handle(.character("x")), .handled)  // swallowed, still open
            XCTAssertEqual(stack.count, 2)
            _ = stack.top?.handle(key)
            XCTAssertEqual(answer, expected, "\(key)")
            XCTAssertEqual(stack.count, 1)
        }
    }

    func testChoiceDialogKeepsItsAnswersVisibleOnAShortTerminal() {
        let term = MemoryTerminal(rows: 10, columns: 40)
        let app = Application(terminal: term)
        app.stack.push(RecordingScreen("Roadtrips"))
        var answers: [Character?] = []
        let dialog = ChoiceDialog(title: "Unsaved", message: "One two three four five six seven eight nine ten eleven "
                                  + "twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty.",
                                  choices: [.init("w", "Write"), .init("r", "Retry"), .init("d", "Discard")]) {
            answers.append($1)
        }
        app.stack.present(dialog)
        app.render()
        XCTAssertEqual(Array(term.screenText[0...8]), [
            "R┌ Unsaved ───────────────────────────┐",
            "k│ One two three four five six seven  │",
            " │ eight nine ten eleven twelve       │",
            " │ thirteen fourteen fifteen sixteen… │",
            " │                                    │",
            " │ [w] Write                          │",
            " │ [r] Retry                          │",
            " │ [d] Discard                        │",
            " └────────────────────────────────────┘",
        ], "the message gives up its end, never an answer")
        for key in [Key.character("x"), .character("r"), .escape] { XCTAssertEqual(dialog.handle(key), .handled) }
        XCTAssertEqual(answers, ["r", nil], "x is no answer; Esc answers nil")
    }

    func testConfirmDialogRendering() {
        let term = MemoryTerminal(rows: 10, columns: 40)
        let app = Application(terminal: term)
        app.stack.push(RecordingScreen("Roadtrips"))
        app.stack.present(ConfirmDialog(title: "Delete trip", message: "Delete “Route 66” and its 7 stops? This cannot be undone.", stack: app.stack) { _ in })
        app.render()
        XCTAssertEqual(term.screenText, [
            "Roadtrips",
            "k┌ Delete trip ───────────────────────┐",
            " │ Delete “Route 66” and its 7 stops? │",
            " │ This cannot be undone.             │",
            " │                                    │",
            " │ [y] Yes   [n] No                   │",
            " └────────────────────────────────────┘",
            "",
            "",
            " Delete trip │ y yes  n no",
        ])
    }

    func testPromptDialogValidatesAndReturnsText() {
        let stack = ScreenStack()
        stack.push(RecordingScreen("Roadtrips"))
        var result: String??
        let prompt = PromptDialog(title: "New trip", prompt: "Name:", stack: stack,
                                  validate: { $0.isEmpty ? "The name cannot be empty" : nil }) { result = .some($0) }
        stack.present(prompt)
        _ = prompt.handle(.enter)
        XCTAssertEqual(prompt.error, "The name cannot be empty")
        XCTAssertTrue(result == nil)
        "Alps".forEach { _ = prompt.handle(.character($0)) }
        XCTAssertNil(prompt.error)
        let term = MemoryTerminal(rows: 8, columns: 30)
        prompt.render(on: term, in: Rect(size: term.size))
        XCTAssertEqual(term.rows(2...5), [" ┌ New trip ────────────────┐", " │ Name:                    │", " │ Alps                     │", " └──────────────────────────┘"])
        XCTAssertEqual(term.cursor, MemoryTerminal.Cursor(row: 4, column: 7))
        _ = prompt.handle(.enter)
        XCTAssertEqual(result, .some("Alps"))
        XCTAssertEqual(stack.count, 1)
    }

    func testPromptDialogEscCancels() {
        let stack = ScreenStack()
        stack.push(RecordingScreen("Roadtrips"))
        var result: String?? = nil
        stack.present(PromptDialog(title: "Rename", prompt: "Name:", text: "Old", stack: stack) { result = .some($0) })
        _ = stack.top?.handle(.escape)
        XCTAssertEqual(result, .some(nil))
        XCTAssertEqual(stack.count, 1)
    }

    func testDialogsAreFreedAfterClosing() {
        let stack = ScreenStack()
        weak var weakDialog: ConfirmDialog?
        do {
            let dialog = ConfirmDialog(title: "T", message: "M", stack: stack) { _ in }
            weakDialog = dialog
            stack.present(dialog)
        }
        _ = stack.top?.handle(.character("y"))
        XCTAssertNil(weakDialog)
    }

    func testDialogsSurviveTinySizes() {
        let stack = ScreenStack()
        let dialogs: [Screen] = [
            ConfirmDialog(title: "Delete", message: "Delete it?", stack: stack) { _ in },
            PromptDialog(title: "Name", prompt: "Name:", text: "東京", stack: stack) { _ in },
            HelpOverlay(for: RecordingScreen("A"), stack: stack),
        ]
        for dialog in dialogs {
            for (rows, columns) in [(1, 1), (0, 0), (3, 5), (2, 80), (24, 3)] {
                let term = MemoryTerminal(rows: rows, columns: columns)
                dialog.render(on: term, in: Rect(size: term.size))
            }
        }
    }

    func testTextWrap() {
        XCTAssertEqual(TextWrap.lines("Delete the trip and all its stops?", width: 12), ["Delete the", "trip and all", "its stops?"])
        XCTAssertEqual(TextWrap.lines("Supercalifragilistic", width: 8), ["Supercal", "ifragili", "stic"])
        XCTAssertEqual(TextWrap.lines("東京都庁舎", width: 5), ["東京", "都庁", "舎"])
        XCTAssertEqual(TextWrap.lines("a\n\nb", width: 5), ["a", "", "b"])
        XCTAssertEqual(TextWrap.lines("", width: 5), [""])
        XCTAssertEqual(TextWrap.lines("x", width: 0), [])
    }
}
