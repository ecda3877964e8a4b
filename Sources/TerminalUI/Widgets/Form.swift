/// Labelled input fields stacked vertically, one focused: Tab/Shift-Tab and ↑/↓ move focus,
/// Enter on a one-line field goes to the next field (and submits on the last), Ctrl-S submits.
/// Each field can show an inline error under it; the form scrolls to keep the focus visible.
public final class Form {
    /// What a field edits.
    public enum Input {
        case line(TextField)
        /// A multi-line field and the rows it takes on screen.
        case area(TextArea, rows: Int)
    }

    /// One labelled field; `error` is shown under it in the error colour.
    public final class Field {
        public let label: String
        public let input: Input
        public var error: String?

        public init(label: String, input: Input) {
            self.label = label
            self.input = input
        }

        /// The field's text, whichever kind it is.
        public var text: String {
            get {
                switch input {
                case .line(let field): return field.text
                case .area(let area, _): return area.text
                }
            }
            set {
                switch input {
                case .line(let field): field.text = newValue
                case .area(let area, _): area.text = newValue
                }
            }
        }
    }

    /// What a key did to the form.
    public enum Outcome: Equatable {
        /// Used by the form (editing, moving focus).
        case handled
        /// Enter on the last field, or Ctrl-S: the owner validates and saves.
        case submit
        /// Not a form key (Esc, F-keys…): the owner decides.
        case ignored
    }

    public let fields: [Field]
    /// Index of the focused field.
    public private(set) var focus = 0
    private var scroll = 0
    private var fieldRects: [Rect] = []

    public init(fields: [Field]) {
        self.fields = fields
    }

    /// Moves the focus to a field (clamped).
    public func focus(_ index: Int) {
        focus = max(0, min(index, fields.count - 1))
    }

    /// True when no field shows an error.
    public var isValid: Bool { fields.allSatisfy { $0.error == nil } }

    @discardableResult
    public func handle(_ key: Key) -> Outcome {
        guard !fields.isEmpty else { return .ignored }
        let field = fields[focus]
        switch (key, field.input) {
        case (.ctrl("s"), _): return .submit
        case (.tab, _): focus(focus + 1)
        case (.backTab, _): focus(focus - 1)
        case (.enter, .line):
            if focus == fields.count - 1 { return .submit }
            focus(focus + 1)
        case (.up, .line): focus(focus - 1)
        case (.down, .line): focus(focus + 1)
        case (.up, .area(let area, _)) where area.isOnFirstRow: focus(focus - 1)
        case (.down, .area(let area, _)) where area.isOnLastRow: focus(focus + 1)
        case (.click(let row, let column), _):
            guard let index = fieldRects.firstIndex(where: { $0.contains(row: row, column: column) }) else { return .ignored }
            focus(index)
        case (_, .line(let input)):
            guard input.handle(key) else { return .ignored }
            field.error = nil
        case (_, .area(let area, _)):
            guard area.handle(key) else { return .ignored }
            field.error = nil
        }
        return .handled
    }

    /// Draws labels, inputs and errors in `rect`, scrolled so the focused field is visible.
    public func render(on terminal: Terminal, in rect: Rect) {
        guard !rect.isEmpty else { return }
        let labelWidth = min(fields.map { TextWidth.width($0.label) }.max() ?? 0, max(0, rect.columns / 3))
        let inputColumn = rect.column + labelWidth + 2
        let inputWidth = max(1, rect.right - inputColumn)
        // Rows each field needs, then scroll so the focused one fits.
        let heights = fields.map { field -> Int in
            let inputRows: Int
            if case .area(_, let rows) = field.input { inputRows = max(1, rows) } else { inputRows = 1 }
            return inputRows + (field.error == nil ? 0 : 1)
        }
        let tops = heights.indices.map { heights[..<$0].reduce(0, +) + $0 }  // one blank row between fields
        if !fields.isEmpty {
            scroll = max(scroll, tops[focus] + heights[focus] - rect.rows)
            scroll = min(scroll, tops[focus])  // a field taller than the form shows its top
        }
        fieldRects = []
        for (index, field) in fields.enumerated() {
            let top = rect.row + tops[index] - scroll
            let focused = index == focus
            let inputRows = heights[index] - (field.error == nil ? 0 : 1)
            let visible = Rect(row: top, column: inputColumn, rows: inputRows, columns: inputWidth)
            fieldRects.append(visible)
            guard top + heights[index] > rect.row, top < rect.bottom else { continue }
            let clipped = clip(visible, to: rect)
            if top >= rect.row {
                terminal.draw(field.label, row: top, column: rect.column, width: labelWidth,
                              attributes: focused ? Attributes(.accent, .bold) : .normal)
            }
            let style = Attributes(.normal, .underline)
            if clipped.rows > 0 {
                switch field.input {
                case .line(let input): input.render(on: terminal, in: clipped, focused: focused, attributes: style)
                case .area(let area, _): area.render(on: terminal, in: clipped, focused: focused, attributes: style)
                }
            }
            if let error = field.error, top + inputRows < rect.bottom, top + inputRows >= rect.row {
                terminal.draw(error, row: top + inputRows, column: inputColumn, width: inputWidth, attributes: .error)
            }
        }
    }

    private func clip(_ inner: Rect, to outer: Rect) -> Rect {
        let top = max(inner.row, outer.row)
        let bottom = min(inner.bottom, outer.bottom)
        return Rect(row: top, column: inner.column, rows: bottom - top, columns: inner.columns)
    }
}
