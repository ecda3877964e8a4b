import TerminalUI

/// A screen that records the keys it gets and draws its title and a line per key.
final class RecordingScreen: Screen {
    let title: String
    let isModal: Bool
    var keyHelp: [KeyHelp] = [KeyHelp("x", "do x", inStatusBar: true), KeyHelp("y", "do y")]
    private(set) var keys: [Key] = []
    private(set) var appearances = 0
    /// Keys the screen claims; everything else is ignored so the application's fallbacks apply.
    var handledKeys: Set<Key> = [.character("x")]

    init(_ title: String, modal: Bool = false) {
        self.title = title
        self.isModal = modal
    }

    func render(on terminal: Terminal, in area: Rect) {
        if isModal {
            let box = area.centered(rows: 3, columns: 20)
            terminal.fill(box)
            terminal.drawBox(box)
            terminal.draw(title, row: box.row + 1, column: box.column + 1, width: box.columns - 2)
        } else {
            terminal.draw(title, row: area.row, column: area.column, width: area.columns, attributes: .title)
            terminal.draw("keys: \(keys.count)", row: area.row + 1, column: area.column, width: area.columns)
        }
    }

    func handle(_ key: Key) -> KeyResult {
        keys.append(key)
        return handledKeys.contains(key) ? .handled : .ignored
    }

    func screenDidAppear() { appearances += 1 }
}
