import XCTest
import RoadtripTestSupport
import TerminalUI

/// A list screen as a module's View would build it: title row, list, hint row, built from the
/// widgets, with names that stress the text layer.
final class SampleListScreen: Screen {
    let title = "Roadtrips"
    let keyHelp = [KeyHelp("a", "add", inStatusBar: true), KeyHelp("d", "delete", inStatusBar: true), KeyHelp("/", "filter")]
    let names: [String]
    let list: ListView

    init(names: [String]) {
        self.names = names
        list = ListView(count: names.count)
    }

    func render(on terminal: Terminal, in area: Rect) {
        terminal.draw("Roadtrips", row: area.row, column: area.column, width: area.columns, attributes: .title)
        let position = list.positionText
        let positionWidth = TextWidth.width(position)
        if area.columns > positionWidth + 10 {
            terminal.draw(position, row: area.row, column: area.right - positionWidth, attributes: .muted)
        }
        let body = area.dropTop(1).dropBottom(1)
        list.render(on: terminal, in: body) { index, row, selected in
            let stops = "\(index + 2) stops"
            let stopsWidth = TextWidth.width(stops)
            let nameWidth = max(0, row.columns - stopsWidth - 2)
            let attributes: Attributes = selected ? .selection : .normal
            terminal.draw(names[index], row: row.row, column: row.column, width: nameWidth, attributes: attributes)
            if row.columns > stopsWidth + 4 {
                terminal.draw(stops, row: row.row, column: row.right - stopsWidth, attributes: attributes)
            }
        }
        terminal.draw("a add  ? help", row: area.bottom(1).row, column: area.column, width: area.columns, attributes: .muted)
    }

    func handle(_ key: Key) -> KeyResult {
        list.handle(key) ? .handled : .ignored
    }
}

final class RenderingTests: XCTestCase {
    private let names = [
        "Route 66", "東京から大阪へ 🚄", "Familienausflug 👨‍👩‍👧‍👦 Alpen", "Tour de 🇫🇷 et 🇮🇹",
        "Cafe\u{301}s of Montre\u{301}al", "\u{1B}[2J\u{1B}]0;owned\u{7}Evil\rTrip", "שביל ישראל", "\u{202E}txt.exe",
    ]

    private func screen(rows: Int, columns: Int, select: Int = 0) -> [String] {
        let term = MemoryTerminal(rows: rows, columns: columns)
        let app = Application(terminal: term)
        let screen = SampleListScreen(names: names)
        screen.list.select(select)
        app.stack.push(screen)
        app.render()
        return term.screenText
    }

    func testWholeScreenAt80x24() {
        let rows = screen(rows: 24, columns: 80)
        XCTAssertEqual(Array(rows[0...9]), [
            "Roadtrips                                                                    1/8",
            "Route 66                                                                 2 stops",
            "東京から大阪へ 🚄                                                        3 stops",
            "Familienausflug 👨‍👩‍👧‍👦 Alpen                                                 4 stops",
            "Tour de 🇫🇷 et 🇮🇹                                                         5 stops",
            "Cafe\u{301}s of Montre\u{301}al                                                        6 stops",
            "^[[2J^[]0;owned^GEvil^MTrip                                              7 stops",
            "שביל ישראל                                                               8 stops",
            "<U+202E>txt.exe                                                          9 stops",
            "",
        ])
        XCTAssertEqual(rows[22], "a add  ? help")
        XCTAssertEqual(rows[23], " Roadtrips │ a add  d delete  ? help")
    }

    func testWholeScreenAt40x10WithScrolling() {
        XCTAssertEqual(screen(rows: 10, columns: 40, select: 7), [
            "Roadtrips                            8/8",
            "東京から大阪へ 🚄               3 stops│",
            "Familienausflug 👨‍👩‍👧‍👦 Alpen        4 stops█",
            "Tour de 🇫🇷 et 🇮🇹                5 stops█",
            "Cafe\u{301}s of Montre\u{301}al               6 stops█",
            "^[[2J^[]0;owned^GEvil^MTrip     7 stops█",
            "שביל ישראל                      8 stops█",
            "<U+202E>txt.exe                 9 stops█",
            "a add  ? help",
            " Roadtrips │ a add  d delete  ? help",
        ])
    }

    func testSmallSizesShowTheNoticeAndNeverCrash() {
        XCTAssertEqual(screen(rows: 5, columns: 20), ["", " Terminal too small", "     need 40x10", "", ""])
        XCTAssertEqual(screen(rows: 1, columns: 1), ["…"])
        XCTAssertEqual(screen(rows: 0, columns: 0), [])
    }

    func testScriptedSessionWithResizes() {
        let term = MemoryTerminal(rows: 24, columns: 80)
        let app = Application(terminal: term)
        let list = SampleListScreen(names: names)
        app.stack.push(list)
        term.enqueue(.down, .down, .character("j"))
        term.enqueueResize(rows: 5, columns: 20)
        term.enqueue(.down)  // ignored while too small
        term.enqueueResize(rows: 12, columns: 50)
        term.enqueue(.end, .character("?"))
        XCTAssertEqual(app.run(), .endOfInput)
        XCTAssertEqual(list.list.selection, 7)
        XCTAssertTrue(app.stack.top is HelpOverlay)
        XCTAssertEqual(term.text(row: 11), " Help: Roadtrips │ Esc close")
    }

    /// Random keys and resizes through the application and every widget: no crash, state sane.
    func testRandomKeySoak() {
        var generator = SeededGenerator(seed: 42)
        let keys: [Key] = [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .tab, .backTab, .enter, .escape,
                           .backspace, .delete, .ctrl("a"), .ctrl("e"), .ctrl("u"), .ctrl("w"), .ctrl("k"), .shiftUp,
                           .ctrlLeft, .ctrlRight, .scrollUp, .scrollDown, .character("?"), .character("a"),
                           .character("東"), .character("\u{301}"), .character("👨‍👩‍👧"), .character(" "), .character("y"),
                           .character("n"), .character("j"), .character("G"), .click(row: 3, column: 5), .function(1)]
        let term = MemoryTerminal(rows: 24, columns: 80)
        let app = Application(terminal: term)
        let root = SoakScreen(stack: app.stack)
        app.stack.push(root)
        var script: [Key] = []
        for _ in 0..<5_000 {
            if Int.random(in: 0..<200, using: &generator) == 0 {
                term.enqueue(keys: script)
                script = []
                term.enqueueResize(rows: Int.random(in: 0...60, using: &generator), columns: Int.random(in: 0...200, using: &generator))
            } else {
                script.append(keys.randomElement(using: &generator)!)
            }
        }
        term.enqueue(keys: script)
        XCTAssertEqual(app.run(), .endOfInput)
        XCTAssertTrue(app.stack.screens.first === root)
    }
}

/// A screen holding every widget, opening dialogs on some keys.
private final class SoakScreen: Screen {
    let title = "Soak"
    let keyHelp = [KeyHelp("a", "ask")]
    private weak var stack: ScreenStack?
    private let list = ListView(count: 500)
    private let field = TextField(text: "Route 66")
    private let notes = TextArea(text: "東京\nline")
    /// What gets the keys: the list, the field, the notes (F1 moves on).
    private var focus = 0
    private var onList: Bool { focus == 0 }

    init(stack: ScreenStack) {
        self.stack = stack
    }

    func render(on terminal: Terminal, in area: Rect) {
        list.render(on: terminal, in: area.top(area.rows / 2)) { "row \($0) 東京 👨‍👩‍👧" }
        let lower = area.dropTop(area.rows / 2)
        field.render(on: terminal, in: lower.top(1), focused: focus == 1)
        notes.render(on: terminal, in: lower.dropTop(1), focused: focus == 2)
    }

    func handle(_ key: Key) -> KeyResult {
        guard let stack else { return .ignored }
        switch key {
        case .character("a") where onList:
            stack.present(PromptDialog(title: "Name", action: "save", stack: stack) { _ in nil })
        case .character("y") where onList:
            stack.present(ConfirmDialog(title: "Sure", message: "Really?", stack: stack) { _ in })
        case .function(1):
            focus = (focus + 1) % 3
        case .escape, .character("q"):
            return .handled  // stay on the root screen
        default:
            let used = [list.handle, field.handle, notes.handle][focus](key)
            return used ? .handled : .ignored
        }
        return .handled
    }
}

final class StatusBarTests: XCTestCase {
    private func bar(_ title: String, width: Int) -> String {
        let terminal = MemoryTerminal(rows: 1, columns: width)
        StatusBar(title: title, keys: [KeyHelp("a", "add"), KeyHelp("d", "delete"), KeyHelp("q", "back"),
                                       KeyHelp("?", "help")]).render(on: terminal, row: 0, width: width)
        return terminal.text(row: 0)
    }

    func testHintsGoFromTheRightButHelpStays() {
        XCTAssertEqual(bar("Trip", width: 60), " Trip │ a add  d delete  q back  ? help")
        XCTAssertEqual(bar("Trip", width: 31), " Trip │ a add  d delete  ? help")
        XCTAssertEqual(bar("Trip", width: 30), " Trip │ a add  ? help")
        XCTAssertEqual(bar("Trip", width: 16), " Trip │ ? help")
        XCTAssertEqual(bar("A long trip name", width: 16), " A lon… │ ? help", "the title gives way last")
    }
}
