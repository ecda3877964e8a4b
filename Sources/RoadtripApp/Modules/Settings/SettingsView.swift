import TerminalUI

/// Every setting with its value, `(default)` when the file does not set it, and the selected one's hint
/// under the list.
final class SettingsView: Screen, SettingsViewInput {
    var presenter: SettingsViewOutput!
    let title = "Settings"
    private var model: SettingsViewModel?
    private let list = ListView()

    /// The screen's keys: their handling, help and status bar.
    static let keys = KeyTable<SettingsView>([
        .init([.enter, .character(" "), .right, .character("l")],
              "change: units and router step to the next value, the others ask", hint: "change") {
            $0.presenter.didRequestChange()
        },
        .init([.character("d"), .backspace, .delete], "back to the default (the key leaves the file)", hint: "default") {
            $0.presenter.didRequestReset()
        },
        .init([.character("q"), .escape, .left, .character("h")], "back", hint: "back") { $0.presenter.didRequestBack() },
    ] + ListView.keyRows { view, key in view.moveSelection(key) })

    var keyHelp: [KeyHelp] { Self.keys.help }
    var statusHints: [KeyHelp] { Self.keys.statusHints }

    func show(_ model: SettingsViewModel) {
        self.model = model
        list.count = model.rows.count
        list.select(model.selectedIndex)
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func handle(_ key: Key) -> KeyResult {
        if Self.keys.handle(key, on: self) { return .handled }
        return moveSelection(key) ? .handled : .ignored  // the mouse
    }

    /// Gives a list key (or the mouse) to the list; tells the presenter when the list used it.
    @discardableResult
    private func moveSelection(_ key: Key) -> Bool {
        guard list.handle(key) else { return false }
        presenter.didMoveSelection(to: list.selection)
        return true
    }

    func render(on terminal: Terminal, in area: Rect) {
        guard let model, !area.isEmpty else { return }
        let width = area.columns - 2
        let x = area.column + 1
        terminal.draw(model.title, row: area.row, column: x, width: width, attributes: .title)
        let location = TextWidth.clipKeepingEnd(model.location, to: width / 2, ellipsis: terminal.symbols.ellipsis)
        terminal.draw(location, row: area.row, column: area.right - 1 - TextWidth.width(location), attributes: .muted)
        var top = 1
        if let note = model.overrideNote {
            terminal.draw(note, row: area.row + 1, column: x, width: width, attributes: .accent)
            top = 2
        }
        // As wide as the longest name (consumption_per_100km), at most half the screen.
        let keyWidth = min(model.rows.map { TextWidth.width($0.key) }.max() ?? 0, width / 2)
        terminal.draw("KEY", row: area.row + top, column: x, width: keyWidth, attributes: Attributes(.muted, .bold))
        terminal.draw("VALUE", row: area.row + top, column: x + keyWidth + 2, width: max(0, width - keyWidth - 2),
                      attributes: Attributes(.muted, .bold))
        var body = area.dropTop(top + 1)
        if let message = model.message {
            body = body.dropBottom(MessageArea.draw(message, on: terminal, in: area, column: x, width: width))
        }
        // The hint follows the list, a blank line between, on up to 3 lines; on a short screen the list keeps
        // 4 rows and the hint takes what is left.
        var hint = TextWrap.lines(model.hint, width: width)
        let hintRows = min(3, hint.count, max(0, body.rows - min(model.rows.count, 4) - 1))
        if hint.count > hintRows {
            let rest = hintRows == 0 ? "" : hint[(hintRows - 1)...].joined(separator: " ")
            hint = hintRows == 0 ? [] : Array(hint.prefix(hintRows - 1))
                + [TextWidth.clip(rest, to: width, ellipsis: terminal.symbols.ellipsis)]
        }
        let listRows = max(1, min(model.rows.count, body.rows - (hint.isEmpty ? 0 : hint.count + 1)))
        list.render(on: terminal, in: Rect(row: body.row, column: body.column, rows: listRows, columns: body.columns)) {
            index, rect, selected in
            let row = model.rows[index]
            let valueX = rect.column + 1 + keyWidth + 2
            terminal.draw(row.key, row: rect.row, column: rect.column + 1, width: keyWidth,
                          attributes: selected ? .selection : .normal)
            let used = terminal.draw(row.value, row: rect.row, column: valueX, width: max(0, rect.right - 1 - valueX),
                                     attributes: selected ? .selection : .normal)
            guard !row.note.isEmpty else { return }
            let noteX = valueX + used + 2
            terminal.draw(row.note, row: rect.row, column: noteX, width: max(0, rect.right - 1 - noteX),
                          attributes: selected ? .selection : .muted)
        }
        for (offset, line) in hint.enumerated() where body.row + listRows + 1 + offset < body.bottom {
            terminal.draw(line, row: body.row + listRows + 1 + offset, column: x, width: width, attributes: .muted)
        }
    }
}
