@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// Each preview kind (searching, then showing), the dialogs and the help: a modal takes every key, only its
/// table's keys act, and the answer line it draws is its table's hints.
final class ModalKeysTests: XCTestCase {
    private static let candidateKeys = ScreenKeysTests.candidateKeys
    private let trip = RenderingFixtures.route66

    /// Each kind with what it shows once found: enough rows that every move moves.
    private var kinds: [(name: String, keys: [PreviewKey], shown: PreviewViewModel.Body)] {
        let rows = (1...40).map { "row \($0)" }
        let order = OrderPreviewModel(headline: "A new order saves 1 h of driving (proven best).", totalsHeader: ["", "DISTANCE", "DRIVING", "DAYS", "OVER 8 H"],
                                      totals: [["before", "9 km", "3 h", "3", "0"], ["after", "8 km", "2 h", "2", "0"],
                                               ["change", "−1 km", "−1 h", "−1", "0"]],
                                      stops: (1...40).map { .init(number: String($0), was: "", name: "S\($0)") }, notes: [])
        return [
            ("optimise", OptimiseKind.keys, .order(order)),
            ("towns", OvernightKind.keys, .choices(heading: "Day 1", rows: rows)),
            ("pace", PaceKind.keys, .lines(rows)),
            ("along", AlongKind.keys, .choices(heading: "40 places", rows: rows)),
            ("charge", ChargeKind.keys, .lines(rows)),
        ]
    }

    private func preview(_ keys: [PreviewKey], _ body: PreviewViewModel.Body) -> (PreviewView, RecordingPreview, MemoryTerminal) {
        let view = PreviewView(keys: keys)
        let presenter = RecordingPreview()
        view.presenter = presenter
        view.show(PreviewViewModel(title: "Preview", body: body))
        view.list.select(20)
        view.firstStop = 20
        let terminal = MemoryTerminal(rows: 30, columns: 100)
        view.render(on: terminal, in: Rect(row: 0, column: 0, rows: 30, columns: 100))
        return (view, presenter, terminal)
    }

    func testEachPreviewActsOnExactlyTheKeysOfItsTableAndSaysThemOnItsAnswerLine() {
        for (name, keys, shown) in kinds {
            for body in [PreviewViewModel.Body.searching("Looking…"), shown] {
                let (view, _, terminal) = preview(keys, body)
                let table = view.keys
                XCTAssertEqual(view.statusHints, table.statusHints, name)
                XCTAssertEqual(view.keyHelp, table.help, name)
                let answers = table.answerLine(width: .max)
                XCTAssertTrue(terminal.screenText.contains { $0.contains("│ " + answers) }, "\(name): \(answers)\n"
                              + terminal.screenText.joined(separator: "\n"))
                let bound = table.rows.flatMap(\.keys)
                for key in Self.candidateKeys {
                    let (fresh, presenter, _) = preview(keys, body)
                    let before = (fresh.list.selection, fresh.list.offset, fresh.firstStop)
                    XCTAssertEqual(fresh.handle(key), .handled, "\(name): a modal takes \(key)")
                    let acted = !presenter.calls.isEmpty || before != (fresh.list.selection, fresh.list.offset, fresh.firstStop)
                    if !bound.contains(key) { XCTAssertFalse(acted, "\(name) \(body): \(key) is not in its table") }
                    if case .refine? = keys.first(where: { $0.keys.contains(key) })?.action {
                        XCTAssertTrue(acted, "\(name): \(key)")
                    }
                }
            }
        }
    }

    func testTheOvernightAnswerLineSaysWhatItsTableSays() {
        let (_, _, terminal) = preview(kinds[1].keys, kinds[1].shown)
        XCTAssertTrue(terminal.screenText.contains { $0.contains("[Enter] sleep there  [Esc] close") },
                      terminal.screenText.joined(separator: "\n"))
    }

    /// The confirm dialog and the help: their table's keys act, the others are swallowed; the dialog's answer line
    /// is its status hints.
    func testTheConfirmDialogAndTheHelpActOnExactlyTheirKeys() {
        for key in Self.candidateKeys {
            let terminal = MemoryTerminal(rows: 24, columns: 80)
            let app = Application(terminal: terminal)
            app.stack.push(RecordingScreen())
            var answers: [Bool] = []
            let dialog = ConfirmDialog(title: "Delete", message: "Delete it?", stack: app.stack) { answers.append($0) }
            app.stack.present(dialog)
            app.render()
            let hints = dialog.statusHints.map { "[\($0.keys)] \($0.action)" }.joined(separator: "  ")
            XCTAssertTrue(terminal.screenText.contains { $0.contains("│ " + hints) }, terminal.screenText.joined(separator: "\n"))
            let bound = dialog.keyHelp.flatMap { $0.keys.split(separator: " ").map(String.init) }
            XCTAssertEqual(dialog.handle(key), .handled)
            XCTAssertEqual(!answers.isEmpty, bound.contains(key.name), "\(key)")
            let helpApp = Application(terminal: MemoryTerminal(rows: 24, columns: 80))
            helpApp.stack.push(RecordingScreen())
            let help = HelpOverlay(for: PreviewView(keys: []), stack: helpApp.stack)
            helpApp.stack.present(help)
            let closes = help.keyHelp.first { $0.action == "close" }!.keys.split(separator: " ").map(String.init)
            XCTAssertEqual(help.handle(key), .handled)
            XCTAssertEqual(helpApp.stack.top !== help, closes.contains(key.name), "help: \(key)")
        }
    }
}

extension ModalKeysTests {
    /// The prompt and the text area draw their status hints as their answer line; the choice dialog lists every
    /// row of its table, Esc too.
    func testTheOtherDialogsDrawTheirTablesHints() {
        let terminal = MemoryTerminal(rows: 24, columns: 80)
        let app = Application(terminal: terminal)
        app.stack.push(RecordingScreen())
        let dialogs: [Screen] = [
            PromptDialog(title: "Import", action: "import", stack: app.stack, complete: { _ in TextCompletion(text: "", choices: []) }) { _ in nil },
            TextAreaDialog(title: "Notes", text: "", stack: app.stack) { _ in nil },
        ]
        for dialog in dialogs {
            app.stack.present(dialog)
            app.render()
            let hints = dialog.statusHints.map { "[\($0.keys)] \($0.action)" }.joined(separator: "  ")
            XCTAssertTrue(terminal.screenText.contains { $0.contains("│ " + hints) }, terminal.screenText.joined(separator: "\n"))
            app.stack.pop()
        }
        app.stack.present(ChoiceDialog(title: "Unsaved", message: "Write?", choices: [.init("w", "Write")], stack: app.stack) { _, _ in })
        app.render()
        for line in ["│ [w] Write", "│ [Esc] back"] {
            XCTAssertTrue(terminal.screenText.contains { $0.contains(line) }, terminal.screenText.joined(separator: "\n"))
        }
    }
}

/// Records what a preview's view asks of its presenter.
private final class RecordingPreview: PreviewViewOutput {
    var calls: [String] = []
    func viewWillAppear() { calls.append("appear") }
    func didRequestApply(row: Int) { calls.append("apply \(row)") }
    func didRequestCancel() { calls.append("cancel") }
    func didRequestRefine(_ refinement: PreviewRefinement) { calls.append("\(refinement)") }
}

private final class RecordingScreen: Screen {
    let title = "Under"
    let isModal = false
    let keyHelp: [KeyHelp] = []
    let statusHints: [KeyHelp] = []
    let takesEveryKey = false
    func screenDidAppear() {}
    func render(on _: Terminal, in _: Rect) {}
    func handle(_: Key) -> KeyResult { .ignored }
}
