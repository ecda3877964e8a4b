import TerminalUI
import XCTest

final class KeyTableTests: XCTestCase {
    private final class Target {
        var done: [String] = []
    }

    private let table = KeyTable<Target>([
        .init([.character("a"), .insert], "add a stop", hint: "add", edits: true) { $0.done.append("add") },
        .init([.character("J"), .shiftDown], "move down", hint: "move", edits: true) { $0.done.append("down") },
        .init([.character("K"), .shiftUp], "move up", hint: "move", edits: true) { $0.done.append("up") },
        .init([.character("x")], "export") { $0.done.append("export") },
        .init([.character("q")], "back", hint: "back") { $0.done.append("back") },
    ])

    func testKeysHelpAndHintsComeFromTheSameRows() {
        let target = Target()
        XCTAssertTrue(table.handle(.shiftUp, on: target))
        XCTAssertTrue(table.handle(.insert, on: target))
        XCTAssertFalse(table.handle(.character("z"), on: target))
        XCTAssertEqual(target.done, ["up", "add"])
        XCTAssertEqual(table.help.map(\.keys), ["a Ins", "J Shift-↓", "K Shift-↑", "x", "q"])
        XCTAssertEqual(StatusBar(title: "T", keys: table.statusHints).text(), " T │ a add  J K move  q back")
    }

    func testAnEditingRowAsksFirstAndARefusedKeyIsStillTaken() {
        let target = Target()
        var asked = 0
        XCTAssertTrue(table.handle(.character("a"), on: target) { asked += 1; return false })
        XCTAssertTrue(table.handle(.character("x"), on: target) { asked += 1; return false })
        XCTAssertEqual(asked, 1, "only the editing row asks")
        XCTAssertEqual(target.done, ["export"])
    }

    func testAModeOverATableTakesItsKeysAndLeavesTheRest() {
        let mode = KeyTable<Target>([.init([.character("J"), .enter], "pick") { $0.done.append("pick") }]).over(table)
        XCTAssertEqual(mode.help.map(\.keys), ["J Enter", "a Ins", "Shift-↓", "K Shift-↑", "x", "q"])
        let target = Target()
        mode.handle(.character("J"), on: target)
        mode.handle(.shiftDown, on: target)
        XCTAssertEqual(target.done, ["pick", "down"])
    }

    /// The list's rows name exactly keys the list moves with.
    func testTheListsRowsAreKeysTheListHandles() {
        let rows: [KeyTable<ListView>.Row] = ListView.keyRows { list, key in list.handle(key) }
        for key in rows.flatMap(\.keys) {
            XCTAssertTrue(ListView(count: 3).handle(key), "\(key)")
        }
    }

    /// The field's rows are keys the field uses, and its help names them all.
    func testTheFieldsHelpNamesEveryEditingKey() {
        let labels = TextField.keys.help.map(\.keys).joined(separator: " ")
        for name in ["←", "→", "Home", "End", "Ctrl-A", "Ctrl-E", "Backspace", "Del", "Ctrl-U", "Ctrl-K", "Ctrl-W"] {
            XCTAssertTrue(labels.split(separator: " ").contains(Substring(name)), name)
        }
        for key in TextField.keys.rows.flatMap(\.keys) {
            XCTAssertTrue(TextField(text: "ab cd").handle(key), "\(key)")
        }
    }
}

final class HelpOverlayTests: XCTestCase {
    private final class Screen1: Screen {
        let title = "Trip"
        var keyHelp = [KeyHelp("J K Shift-↓ Shift-↑", "move the stop down / up"), KeyHelp("q", "back to the trips"),
                       KeyHelp("x", "export (GPX, KML, GeoJSON, Markdown, iCalendar) to a file of your choice")]
        var takesEveryKey = false
        func render(on terminal: Terminal, in area: Rect) {}
        func handle(_ key: Key) -> KeyResult { .ignored }
    }

    /// A long line wraps instead of ending in `…`; the screen's own `q` replaces the application's.
    func testLongLinesWrapAndTheScreensKeysAreListedOnce() {
        let terminal = MemoryTerminal(rows: 16, columns: 50)
        let stack = ScreenStack()
        let overlay = HelpOverlay(for: Screen1(), stack: stack)
        overlay.render(on: terminal, in: Rect(row: 0, column: 0, rows: 15, columns: 50))
        XCTAssertEqual(terminal.rows(2...12), [
            "┌ Help: Trip ────────────────────────────────────┐",
            "│ J K Shift-↓  move the stop down / up           │",
            "│ Shift-↑                                        │",
            "│ q            back to the trips                 │",
            "│ x            export (GPX, KML, GeoJSON,        │",
            "│              Markdown, iCalendar) to a file of │",
            "│              your choice                       │",
            "│ ?            this help                         │",
            "│ Esc          back / cancel                     │",
            "│ Ctrl-C       quit at once                      │",
            "└────────────────────────────────────────────────┘",
        ])
    }

    /// A screen that takes every key (a form: `?` and `q` are typed) lists only its own keys and Ctrl-C.
    func testAScreenThatTakesEveryKeyGetsNoApplicationKeys() {
        let screen = Screen1()
        screen.takesEveryKey = true
        screen.keyHelp = [KeyHelp("F1", "this help")]
        XCTAssertEqual(HelpOverlay(for: screen, stack: ScreenStack()).entries.map(\.keys), ["F1", "Ctrl-C"])
    }
}
