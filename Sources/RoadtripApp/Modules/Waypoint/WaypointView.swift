import TerminalUI

/// The stop form: one labelled line per field, its hint or its error beneath.
final class WaypointView: Screen, WaypointViewInput {
    var presenter: WaypointViewOutput!
    private(set) var title = "Stop"
    private var model: WaypointViewModel?
    private var fields: [WaypointField: TextField] = [:]

    init() {
        for field in WaypointField.allCases { fields[field] = TextField() }
    }

    var keyHelp: [KeyHelp] {
        [
            KeyHelp("Tab ↓", "next field", inStatusBar: true), KeyHelp("Ctrl-S", "save", inStatusBar: true),
            KeyHelp("Esc", "cancel", inStatusBar: true), KeyHelp("F1", "help", inStatusBar: true),
            KeyHelp("Shift-Tab ↑", "previous field"),
            KeyHelp("Enter", "next field; saves on the last"), KeyHelp("← → Home End", "move in the field"),
            KeyHelp("Ctrl-U Ctrl-K Ctrl-W", "delete to start / end / word"),
        ]
    }

    func show(_ model: WaypointViewModel) {
        self.model = model
        title = model.title
        for item in model.fields where fields[item.field]?.text != item.text {
            fields[item.field]?.text = item.text
        }
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func handle(_ key: Key) -> KeyResult {
        guard let model else { return .ignored }
        switch key {
        case .tab, .down: presenter.didMoveFocus(by: 1)
        case .backTab, .up: presenter.didMoveFocus(by: -1)
        case .ctrl("s"): presenter.didRequestSave()
        case .enter:
            if model.focused == WaypointField.allCases.last { presenter.didRequestSave() } else { presenter.didMoveFocus(by: 1) }
        case .escape: presenter.didRequestCancel()
        case .function(1): presenter.didRequestHelp()
        default:
            guard let field = fields[model.focused] else { return .ignored }
            let before = field.text
            guard field.handle(key) else { return .handled }  // typing never falls through to global keys
            if field.text != before { presenter.didEdit(model.focused, text: field.text) }
        }
        return .handled
    }

    func render(on terminal: Terminal, in area: Rect) {
        guard let model, !area.isEmpty else { return }
        let x = area.column + 1
        let width = area.columns - 2
        terminal.draw(model.title, row: area.row, column: x, width: width, attributes: .title)
        let labelWidth = 11
        let fieldWidth = max(1, min(48, width - labelWidth))
        var row = area.row + 2
        for item in model.fields {
            guard row < area.bottom - 1, let field = fields[item.field] else { break }
            let focused = item.field == model.focused
            terminal.draw(item.label, row: row, column: x, width: labelWidth - 1,
                          attributes: focused ? Attributes(.accent, .bold) : (item.error == nil ? .normal : .error))
            field.render(on: terminal, in: Rect(row: row, column: x + labelWidth, rows: 1, columns: fieldWidth),
                         focused: focused, attributes: Attributes(.normal, .underline))
            if let error = item.error {
                terminal.draw(error, row: row + 1, column: x + labelWidth, width: width - labelWidth, attributes: .error)
            } else if focused, !item.hint.isEmpty {
                terminal.draw(item.hint, row: row + 1, column: x + labelWidth, width: width - labelWidth,
                              attributes: .muted)
            }
            row += 2
        }
        if let message = model.message {
            terminal.drawPadded(message.text, row: area.bottom - 1, column: x, width: width,
                                attributes: message.kind == .error ? .error : .accent)
        }
    }
}
