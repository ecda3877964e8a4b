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
                                  choices: [.init("w", "Write"), .init("r", "Retry"), .init("d", "Discard")],
                                  stack: app.stack) {
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

    func testPromptDialogSubmitsAndShowsTheErrorItReturns() {
        let stack = ScreenStack()
        stack.push(RecordingScreen("Roadtrips"))
        var submitted: [String] = []
        let prompt = PromptDialog(title: "New trip", action: "save", stack: stack) { text in
            submitted.append(text)
            return text.isEmpty ? "The name cannot be empty" : nil
        }
        stack.present(prompt)
        _ = prompt.handle(.enter)
        XCTAssertEqual(prompt.error, "The name cannot be empty")
        XCTAssertEqual(stack.count, 2, "an error keeps it open")
        "Alps".forEach { _ = prompt.handle(.character($0)) }
        XCTAssertNil(prompt.error)
        let term = MemoryTerminal(rows: 8, columns: 30)
        prompt.render(on: term, in: Rect(size: term.size))
        XCTAssertEqual(term.rows(2...5), [" ┌ New trip ────────────────┐", " │ Enter to save, Esc to c… │", " │ Alps                     │", " └──────────────────────────┘"])
        XCTAssertEqual(term.cursor, MemoryTerminal.Cursor(row: 4, column: 7))
        _ = prompt.handle(.enter)
        XCTAssertEqual(submitted, ["", "Alps"])
        XCTAssertEqual(stack.count, 1)
    }

    /// The line above the field, the status bar and the help all name what Enter does.
    func testAPromptSaysWhatEnterDoes() {
        let term = MemoryTerminal(rows: 10, columns: 60)
        let app = Application(terminal: term)
        app.stack.push(RecordingScreen("Roadtrips"))
        app.stack.present(PromptDialog(title: "Import a file", action: "import", stack: app.stack) { _ in nil })
        app.render()
        XCTAssertTrue(term.screenText.contains { $0.contains("│ Enter to import, Esc to cancel") }, term.screenText.joined(separator: "\n"))
        XCTAssertEqual(term.screenText.last, " Import a file │ Enter import  Esc cancel")
        XCTAssertEqual(app.stack.top?.keyHelp.first, KeyHelp("Enter", "import"))
    }

    /// The offered text (a folder and a name, the current name) goes at the first typed character; End keeps it.
    func testAPromptsOfferedTextIsReplacedByTyping() {
        let stack = ScreenStack()
        stack.push(RecordingScreen("Trip"))
        var submitted: [String] = []
        stack.present(PromptDialog(title: "Export to", action: "export", text: "/home/me/route-66.gpx", stack: stack) {
            submitted.append($0)
            return nil
        })
        for key in Array("/tmp/x.gpx").map(Key.character) + [.enter] { _ = stack.top?.handle(key) }
        stack.present(PromptDialog(title: "Rename", action: "save", text: "Route 66", stack: stack) {
            submitted.append($0)
            return nil
        })
        for key in [Key.end] + Array(" west").map(Key.character) + [.enter] { _ = stack.top?.handle(key) }
        XCTAssertEqual(submitted, ["/tmp/x.gpx", "Route 66 west"])
    }

    func testPromptAndTextAreaEscCloseWithoutSubmitting() {
        let stack = ScreenStack()
        stack.push(RecordingScreen("Roadtrips"))
        var submitted = 0
        stack.present(PromptDialog(title: "Rename", action: "save", text: "Old", stack: stack) { _ in submitted += 1; return nil })
        _ = stack.top?.handle(.escape)
        XCTAssertEqual(stack.count, 1)
        stack.present(TextAreaDialog(title: "Notes", text: "Old", stack: stack) { _ in submitted += 1; return nil })
        _ = stack.top?.handle(.escape)
        XCTAssertEqual(stack.count, 1)
        XCTAssertEqual(submitted, 0)
    }

    func testTextAreaDialogSavesOnCtrlSAndStaysOpenOnAnError() {
        let stack = ScreenStack()
        stack.push(RecordingScreen("Trip"))
        var saved: [String] = []
        let dialog = TextAreaDialog(title: "Notes", text: "a", stack: stack) { text in
            saved.append(text)
            return saved.count == 1 ? "Disk full" : nil
        }
        stack.present(dialog)
        _ = dialog.handle(.ctrl("s"))
        XCTAssertEqual(dialog.error, "Disk full")
        XCTAssertEqual(stack.count, 2)
        _ = dialog.handle(.ctrl("s"))
        XCTAssertEqual(saved, ["a", "a"])
        XCTAssertEqual(stack.count, 1)
    }

    /// The stack owns its dialogs; a dialog holding it back would keep every screen alive after the app ends.
    func testEveryDialogHoldsItsStackWeakly() {
        weak var weakStack: ScreenStack?
        do {
            let stack = ScreenStack()
            weakStack = stack
            stack.push(RecordingScreen("Roadtrips"))
            stack.present(ConfirmDialog(title: "C", message: "M", stack: stack) { _ in })
            stack.present(PromptDialog(title: "P", action: "save", stack: stack) { _ in nil })
            stack.present(TextAreaDialog(title: "T", text: "", stack: stack) { _ in nil })
            stack.present(ChoiceDialog(title: "Q", message: "M", choices: [.init("a", "A")], stack: stack) { dialog, _ in dialog.close() })
        }
        XCTAssertNil(weakStack)
    }

    func testAChoiceDialogClosesWhenItsAnswerSaysSo() {
        let stack = ScreenStack()
        stack.push(RecordingScreen("Roadtrips"))
        let dialog = ChoiceDialog(title: "Q", message: "M", choices: [.init("a", "A"), .init("b", "B")], stack: stack) { dialog, answer in
            if answer == "b" { dialog.close() }
        }
        stack.present(dialog)
        stack.present(PromptDialog(title: "P", action: "save", stack: stack) { _ in nil })
        _ = dialog.handle(.character("a"))
        XCTAssertEqual(stack.count, 3, "a kept it open")
        _ = dialog.handle(.character("b"))
        XCTAssertEqual(stack.count, 1, "closed, with the prompt it opened")
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
            PromptDialog(title: "Name", action: "save", text: "東京", stack: stack) { _ in nil },
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
