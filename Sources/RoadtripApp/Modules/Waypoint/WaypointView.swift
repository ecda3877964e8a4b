import RoadtripCore
import TerminalUI

/// The stop form: one labelled line per field, its hint or its error beneath; the notes are a multi-line area.
final class WaypointView: Screen, WaypointViewInput {
    var presenter: WaypointViewOutput!
    private(set) var title = "Stop"
    private var model: WaypointViewModel?
    /// The one-line fields: every field but the notes.
    private var fields: [WaypointField: TextField] = [:]
    /// The notes, edited as the trip's are: Enter starts a new line, so Ctrl-S saves the form.
    private let notes = TextArea(maxLength: Limits.notesLength)

    /// The notes area's height: as many rows as the screen leaves under the other fields, up to the most, and
    /// when they do not all fit, the form scrolls so that the focused notes keep the fewest.
    static let notesMaximumRows = 6
    static let notesMinimumRows = 3

    init() {
        for field in WaypointField.allCases where field != .notes { fields[field] = TextField() }
        // A paste is cut to what a stop may hold before it is laid out (a megabyte pasted into Name froze the form).
        fields[.name]?.maxLength = Limits.nameLength
    }

    /// The form's keys: its handling, help and status bar. The keys no row binds edit the focused field; `?` and
    /// `q` are typed, so the form takes every key and F1 is its help.
    /// Save comes first: Enter does not save (it starts a new line in the notes), and a narrow status bar keeps it.
    static let keys = KeyTable<WaypointView>([
        .init([.ctrl("s")], "save the stop, from any field", hint: "save") { $0.presenter.didRequestSave() },
        .init([.tab, .down], "next field (Tab keeps the typed name over a suggestion)", hint: "next field") { $0.presenter.didMoveFocus(by: 1) },
        .init([.backTab, .up], "previous field") { $0.presenter.didMoveFocus(by: -1) },
        .init([.enter], "next field") { $0.presenter.didMoveFocus(by: 1) },
        .init([.escape], "cancel (asks when something changed)", hint: "cancel") { $0.presenter.didRequestCancel() },
        .init([.function(1)], "this help", hint: "help") { $0.presenter.didRequestHelp() },
    ])

    /// In the notes, over the form's keys: Enter and the arrows edit the text; Tab and Shift-Tab still move on.
    static let notesKeys = KeyTable<WaypointView>([
        .init([.enter], "a new line in the notes") { $0.editNotes(.enter) },
        .init([.down], "next line; from the last row, the next field") { view in
            if view.notes.isOnLastRow { view.presenter.didMoveFocus(by: 1) } else { view.editNotes(.down) }
        },
        .init([.up], "previous line; from the first row, the previous field") { view in
            if view.notes.isOnFirstRow { view.presenter.didMoveFocus(by: -1) } else { view.editNotes(.up) }
        },
        .init([.pageDown, .pageUp], "a page of the notes down / up", key: { view, key in view.editNotes(key) }),
    ]).over(keys)

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
        if model?.suggestions.isEmpty == false { return Self.suggestionKeys }
        return model?.focused == .notes ? Self.notesKeys : Self.keys
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
        if let item = model.fields.first(where: { $0.field == .notes }), notes.text != item.text { notes.text = item.text }
        // A number the form put there (the nights, 0 after picking a place) is replaced by typing, not added to.
        if focusMoved, model.focused == .nights { fields[.nights]?.selectAll() }
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func handle(_ key: Key) -> KeyResult {
        guard let model else { return .ignored }
        // Typing never falls through to the global keys.
        guard !currentKeys.handle(key, on: self) else { return .handled }
        if model.focused == .notes { return editNotes(key) }
        guard let field = fields[model.focused] else { return .handled }
        let before = field.text
        if field.handle(key), field.text != before { presenter.didEdit(model.focused, text: field.text) }
        return .handled
    }

    /// Passes `key` to the notes area, telling the presenter when the text changed.
    @discardableResult
    private func editNotes(_ key: Key) -> KeyResult {
        let before = notes.text
        if notes.handle(key), notes.text != before { presenter.didEdit(.notes, text: notes.text) }
        return .handled
    }

    /// Enter picks the highlighted place; with none highlighted it moves on as in a field.
    private func enterOnSuggestions() {
        if model?.selectedSuggestion != nil { presenter.didPickSuggestion() } else { presenter.didMoveFocus(by: 1) }
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
        // Two rows a one-line field (the field, then its hint or error), the notes' rows and one. When they do not
        // all fit (a short terminal), the form scrolls so that the focused field is shown.
        let firstRow = area.row + 2
        let heights = model.fields.map { $0.field == .notes ? Self.notesMinimumRows + 1 : 2 }
        let focusedIndex = model.fields.firstIndex { $0.field == model.focused } ?? 0
        var skipped = 0
        while skipped < focusedIndex, heights[skipped...focusedIndex].reduce(0, +) > bottom - firstRow { skipped += 1 }
        var row = firstRow
        var suggestionsRow: Int?
        for item in model.fields.dropFirst(skipped) {
            guard row < bottom else { break }
            let focused = item.field == model.focused
            terminal.draw(item.label, row: row, column: x, width: labelWidth - 1,
                          attributes: focused ? Attributes(.accent, .bold) : (item.error == nil ? .normal : .error))
            let rows = item.field == .notes ? max(1, min(Self.notesMaximumRows, bottom - row - 1)) : 1
            let rect = Rect(row: row, column: x + labelWidth, rows: rows, columns: fieldWidth)
            if item.field == .notes {
                notes.render(on: terminal, in: rect, focused: focused, attributes: Attributes(.normal, .underline))
            } else {
                fields[item.field]?.render(on: terminal, in: rect, focused: focused, attributes: Attributes(.normal, .underline))
            }
            row += rows
            if row < bottom, let error = item.error {
                terminal.draw(error, row: row, column: x + labelWidth, width: width - labelWidth, attributes: .error)
            } else if row < bottom, focused, !item.hint.isEmpty {
                terminal.draw(item.hint, row: row, column: x + labelWidth, width: width - labelWidth, attributes: .muted)
            }
            if item.field == .name, focused { suggestionsRow = row }
            row += 1
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
        var hint = model.selectedSuggestion == nil ? "↓ choose a place · Tab keep this name"
            : "Enter pick · Tab keep this name · Esc close"
        // Leading, so that a narrow screen keeps it: Enter would take a place named otherwise.
        if let selected = model.selectedSuggestion, model.suggestions.indices.contains(selected),
           model.suggestions[selected].isClosestMatch {
            hint = "\(WaypointViewModel.Suggestion.closestMatchMark) · \(hint)"
        }
        terminal.drawPadded(hint, row: rect.row + shown.count, column: rect.column, width: rect.columns, attributes: .muted)
    }
}
