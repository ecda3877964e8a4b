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
            " │ eight nine ten eleven twelve …     │",
            " │                                    │",
            " │ [w] Write                          │",
            " │ [r] Retry                          │",
            " │ [d] Discard                        │",
            " │ [Esc] back                         │",
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
            " │ [y] yes  [n] no                    │",
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
        XCTAssertEqual(term.rows(2...5), [" ┌ New trip ────────────────┐", " │ [Enter] save  [Esc]      │", " │ Alps                     │", " └──────────────────────────┘"])
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
        XCTAssertTrue(term.screenText.contains { $0.contains("│ [Enter] import  [Esc] cancel") }, term.screenText.joined(separator: "\n"))
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

    /// A prompt given a completion: Tab completes the text before the cursor and keeps what follows; a Tab that adds
    /// nothing lists the choices (or why there are none) under the field, until the text changes.
    func testTabCompletesThenListsTheChoices() {
        let stack = ScreenStack()
        stack.push(RecordingScreen("Trip"))
        var asked: [String] = []
        let prompt = PromptDialog(title: "Export to", action: "export", text: "/t", stack: stack, complete: { typed in
            asked.append(typed)
            switch typed {
            case "/t": return TextCompletion(text: "/trips/", choices: ["trips/"])
            case "/trips/": return TextCompletion(text: "/trips/loop.", choices: ["loop.gpx", "loop.kml"])
            case "/trips/loop.": return TextCompletion(text: typed, choices: ["loop.gpx", "loop.kml"])
            default: return TextCompletion(text: typed, choices: [], note: "Nothing here starts with \(typed)")
            }
        }) { _ in nil }
        stack.present(prompt)
        XCTAssertTrue(prompt.field.isSelected)
        _ = prompt.handle(.tab)
        XCTAssertEqual(prompt.field.text, "/trips/")
        XCTAssertFalse(prompt.field.isSelected, "a completion is kept, not replaced by the next character")
        _ = prompt.handle(.tab)
        XCTAssertEqual(prompt.field.text, "/trips/loop.")
        XCTAssertEqual(prompt.completionNote, [], "the text grew: nothing to list yet")
        _ = prompt.handle(.tab)
        XCTAssertEqual(prompt.completionNote, ["loop.gpx", "loop.kml"])
        let term = MemoryTerminal(rows: 9, columns: 40)
        prompt.render(on: term, in: Rect(size: term.size))
        XCTAssertEqual(term.rows(2...6), [
            " ┌ Export to ─────────────────────────┐", " │ [Enter] export  [Esc] [Tab]        │",
            " │ /trips/loop.                       │", " │ loop.gpx  loop.kml                 │",
            " └────────────────────────────────────┘",
        ])
        _ = prompt.handle(.character("g"))
        XCTAssertEqual(prompt.completionNote, [], "typing puts the list away")
        // Before the cursor only; what follows stays.
        for key in [Key.ctrl("u")] + Array("/x").map(Key.character) + [.left, .left] { _ = prompt.handle(key) }
        _ = prompt.handle(.character("t"))
        XCTAssertEqual(prompt.field.text, "t/x")
        _ = prompt.handle(.tab)
        XCTAssertEqual(asked.last, "t")
        XCTAssertEqual(prompt.completionNote, ["Nothing here starts with t"])
        XCTAssertEqual(prompt.field.text, "t/x")
        XCTAssertEqual(prompt.keyHelp.map(\.keys), ["Enter", "Esc", "Tab"])
        let plain = PromptDialog(title: "Rename", action: "save", text: "Route 66", stack: stack) { _ in nil }
        _ = plain.handle(.tab)
        XCTAssertEqual(plain.field.text, "Route 66", "a prompt without a completion does nothing on Tab")
        XCTAssertFalse(plain.keyHelp.contains { $0.keys == "Tab" })
    }

    /// Many choices take a few rows, the last counting those left out; a name wider than a row has it alone, clipped.
    func testAListOfChoicesIsCutToAFewRows() {
        let stack = ScreenStack()
        stack.push(RecordingScreen("Trip"))
        let names = [String(repeating: "x", count: 50)] + (1...40).map { "stop-\($0).gpx" }
        let prompt = PromptDialog(title: "Import", action: "import", text: "/s", stack: stack,
                                  complete: { TextCompletion(text: $0, choices: names) }) { _ in nil }
        stack.present(prompt)
        _ = prompt.handle(.tab)
        let term = MemoryTerminal(rows: 14, columns: 40)
        prompt.render(on: term, in: Rect(size: term.size))
        XCTAssertEqual(term.rows(2...11), [
            " ┌ Import ────────────────────────────┐", " │ [Enter] import  [Esc] [Tab]        │",
            " │ /s                                 │", " │ xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… │",
            " │ stop-1.gpx  stop-2.gpx  stop-3.gpx │", " │ stop-4.gpx  stop-5.gpx  stop-6.gpx │",
            " │ stop-7.gpx  stop-8.gpx  stop-9.gpx │", " │ … 31 more                          │",
            " └────────────────────────────────────┘", "",
        ], term.screenText.joined(separator: "\n"))
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
        XCTAssertEqual(TextWrap.lines("a\r\nb\rc\u{1B}", width: 10), ["a", "b^Mc^["], "CR LF breaks; other controls show")
        XCTAssertEqual(TextWrap.lines("", width: 5), [""])
        XCTAssertEqual(TextWrap.lines("x", width: 0), [])
    }
}
