import RoadtripCore
import TerminalUI

/// The stop form: one labelled line per field, its hint or its error beneath.
final class WaypointView: Screen, WaypointViewInput {
    var presenter: WaypointViewOutput!
    private(set) var title = "Stop"
    private var model: WaypointViewModel?
    private var fields: [WaypointField: TextField] = [:]

    init() {
        for field in WaypointField.allCases { fields[field] = TextField() }
        // A paste is cut to what a stop may hold before it is laid out (a megabyte pasted into Name froze the form).
        fields[.name]?.maxLength = Limits.nameLength
        fields[.notes]?.maxLength = Limits.notesLength
    }

    /// The form's keys: its handling, help and status bar. The keys no row binds edit the focused field; `?` and
    /// `q` are typed, so the form takes every key and F1 is its help.
    static let keys = KeyTable<WaypointView>([
        .init([.tab, .down], "next field (Tab keeps the typed name over a suggestion)", hint: "next field") { $0.presenter.didMoveFocus(by: 1) },
        .init([.backTab, .up], "previous field") { $0.presenter.didMoveFocus(by: -1) },
        .init([.enter], "next field; saves on the last") { $0.enterOnField() },
        .init([.ctrl("s")], "save", hint: "save") { $0.presenter.didRequestSave() },
        .init([.escape], "cancel (asks when something changed)", hint: "cancel") { $0.presenter.didRequestCancel() },
        .init([.function(1)], "this help", hint: "help") { $0.presenter.didRequestHelp() },
    ])

    /// While places are suggested under Name, over the form's keys.
    static let suggestionKeys = KeyTable<WaypointView>([
        .init([.enter], "take the highlighted place", hint: "pick") { $0.enterOnSuggestions() },
        .init([.down], "next suggested place") { $0.presenter.didMoveSuggestion(by: 1) },
        .init([.up], "previous suggested place (none from the first: Enter moves on)") {
            $0.presenter.didMoveSuggestion(by: -1)
        },
        .init([.escape], "close the suggestions") { $0.presenter.didRequestCancel() },
    ]).over(keys)

    private var currentKeys: KeyTable<WaypointView> {
        model?.suggestions.isEmpty == false ? Self.suggestionKeys : Self.keys
    }

    var keyHelp: [KeyHelp] {
        currentKeys.help + TextField.keys.help + [KeyHelp("places", PlaceIndex.attribution)]
    }
    var statusHints: [KeyHelp] { currentKeys.statusHints }
    let takesEveryKey = true

    func show(_ model: WaypointViewModel) {
        let focusMoved = model.focused != self.model?.focused
        self.model = model
        title = model.title
        for item in model.fields where fields[item.field]?.text != item.text {
            fields[item.field]?.text = item.text
        }
        // A number the form put there (the nights, 0 after picking a place) is replaced by typing, not added to.
        if focusMoved, model.focused == .nights { fields[.nights]?.selectAll() }
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func handle(_ key: Key) -> KeyResult {
        guard let model else { return .ignored }
        guard !currentKeys.handle(key, on: self), let field = fields[model.focused] else { return .handled }
        let before = field.text
        // Typing never falls through to the global keys.
        if field.handle(key), field.text != before { presenter.didEdit(model.focused, text: field.text) }
        return .handled
    }

    private func enterOnField() {
        if model?.focused == WaypointField.allCases.last { presenter.didRequestSave() } else { presenter.didMoveFocus(by: 1) }
    }

    /// Enter picks the highlighted place; with none highlighted it moves on as in a field.
    private func enterOnSuggestions() {
        if model?.selectedSuggestion != nil { presenter.didPickSuggestion() } else { enterOnField() }
    }

    func render(on terminal: Terminal, in area: Rect) {
        guard let model, !area.isEmpty else { return }
        let x = area.column + 1
        let width = area.columns - 2
        terminal.draw(model.title, row: area.row, column: x, width: width, attributes: .title)
        let labelWidth = 11
        let fieldWidth = max(1, width - labelWidth)  // the width there is: long notes and names stay in view
        // The message (wrapped) takes the bottom rows; the fields get what is above it.
        let bottom = area.bottom - (model.message.map {
            MessageArea.draw($0, on: terminal, in: area, column: x, width: width)
        } ?? 1)
        // Two rows a field (the field, then its hint or error). When they do not all fit (a short terminal),
        // the form scrolls so that the focused field is shown.
        let firstRow = area.row + 2
        let fitting = max(1, (bottom - firstRow) / 2)
        let focusedIndex = model.fields.firstIndex { $0.field == model.focused } ?? 0
        let skipped = max(0, focusedIndex - fitting + 1)
        var row = firstRow
        var suggestionsRow: Int?
        for item in model.fields.dropFirst(skipped) {
            guard row < bottom, let field = fields[item.field] else { break }
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
            if item.field == .name, focused { suggestionsRow = row + 1 }
            row += 2
        }
        if let suggestionsRow {
            renderSuggestions(model, on: terminal, in: Rect(row: suggestionsRow, column: x + labelWidth,
                                                            rows: bottom - suggestionsRow, columns: width - labelWidth))
        }
    }

    /// The place search's answers, drawn over the fields below the name like a drop-down.
    private func renderSuggestions(_ model: WaypointViewModel, on terminal: Terminal, in rect: Rect) {
        guard rect.rows > 0, rect.columns > 0 else { return }
        if let status = model.searchStatus {
            terminal.drawPadded(status, row: rect.row, column: rect.column, width: rect.columns, attributes: .muted)
            return
        }
        guard !model.suggestions.isEmpty else { return }
        let shown = model.suggestions.prefix(rect.rows - 1)
        let nameWidth = min(max(12, shown.map { TextWidth.width($0.name) }.max() ?? 0), rect.columns / 2)
        for (offset, suggestion) in shown.enumerated() {
            let selected = offset == model.selectedSuggestion
            let attributes: Attributes = selected ? .selection : Attributes(.accent)
            terminal.fill(row: rect.row + offset, column: rect.column, width: rect.columns, attributes: attributes)
            terminal.draw(suggestion.name, row: rect.row + offset, column: rect.column + 1, width: nameWidth,
                          attributes: attributes)
            terminal.draw(suggestion.detail, row: rect.row + offset, column: rect.column + nameWidth + 3,
                          width: rect.columns - nameWidth - 4, attributes: selected ? .selection : .muted)
        }
        let hint = model.selectedSuggestion == nil ? "↓ choose a place · Tab keep this name"
            : "Enter pick · Tab keep this name · Esc close"
        terminal.drawPadded(hint, row: rect.row + shown.count, column: rect.column, width: rect.columns, attributes: .muted)
    }
}
