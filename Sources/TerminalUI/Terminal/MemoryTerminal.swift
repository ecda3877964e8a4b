import Foundation
/// A terminal in memory for tests and benchmarks: a grid of cells with attributes, a scripted
/// queue of events, and resizing. Wide glyphs take two cells, the second one empty.
public final class MemoryTerminal: Terminal {
    /// One screen cell; `text` is "" in the right half of a wide glyph.
    public struct Cell: Equatable, Sendable {
        public var text: String
        public var attributes: Attributes

        public init(text: String, attributes: Attributes) {
            self.text = text
            self.attributes = attributes
        }

        static let blank = Cell(text: " ", attributes: .normal)
    }

    /// A position of the visible text cursor.
    public struct Cursor: Equatable, Sendable {
        public var row: Int
        public var column: Int

        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    private enum Step {
        case event(InputEvent)
        case resize(TerminalSize)
    }

    @exclusivity(unchecked) public private(set) var size: TerminalSize
    public var symbols: Symbols
    /// Where the cursor is shown, nil when hidden.
    public private(set) var cursor: Cursor?
    /// How many frames were flushed.
    public private(set) var flushCount = 0
    /// Whether `copyToClipboard` is taken, as a terminal with OSC 52 would; `clipboard` holds the last copy.
    public var acceptsClipboard = true
    public private(set) var clipboard: String?
    private let wakeLock = NSLock()
    private var wakes = 0

    /// Cells that differ between the last two flushed frames: a stand-in for bytes sent.
    public var cellsChangedByLastFlush: Int {
        guard previous.count == flushed.count else { return size.rows * size.columns }
        return zip(previous, flushed).reduce(0) { total, rows in
            total + zip(rows.0, rows.1).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
        }
    }

    // Rows share one blank row until drawn on (copy on write), so clearing is cheap. The grid is only ever
    // reached from the loop's thread, one access at a time: no run-time exclusivity check on each of the
    // thousands of cells a frame puts (it cost as much as the put itself).
    private var blankRow: [Cell]
    @exclusivity(unchecked) private var grid: [[Cell]]
    private var flushed: [[Cell]]
    private var previous: [[Cell]]
    private var script: [Step] = []
    private var scriptIndex = 0

    public init(rows: Int = 24, columns: Int = 80, symbols: Symbols = .unicode) {
        size = TerminalSize(rows: max(0, rows), columns: max(0, columns))
        self.symbols = symbols
        blankRow = Array(repeating: .blank, count: size.columns)
        grid = Array(repeating: blankRow, count: size.rows)
        flushed = grid
        previous = grid
    }

    // MARK: Scripting

    /// Queues keys to be read, in order.
    public func enqueue(_ keys: Key...) {
        script.append(contentsOf: keys.map { .event(.key($0)) })
    }

    /// Queues an array of keys (a soak test's random script).
    public func enqueue(keys: [Key]) {
        script.append(contentsOf: keys.map { .event(.key($0)) })
    }

    /// Queues one `.character` key per grapheme of `text`.
    public func enqueue(typing text: String) {
        script.append(contentsOf: text.map { .event(.key(.character($0))) })
    }

    /// Queues any event, e.g. `.quit(.signal(SIGTERM))`.
    public func enqueue(event: InputEvent) {
        script.append(.event(event))
    }

    /// Queues a resize: when read, the size changes and a `.resize` key is delivered.
    public func enqueueResize(rows: Int, columns: Int) {
        script.append(.resize(TerminalSize(rows: max(0, rows), columns: max(0, columns))))
    }

    /// Changes the size at once (no event); the grid is blanked, like a real terminal after resize.
    public func resize(rows: Int, columns: Int) {
        size = TerminalSize(rows: max(0, rows), columns: max(0, columns))
        blankRow = Array(repeating: .blank, count: size.columns)
        grid = Array(repeating: blankRow, count: size.rows)
        flushed = grid
        previous = grid
        cursor = nil
    }

    /// Events still queued.
    public var pendingEventCount: Int { script.count - scriptIndex }

    // MARK: Inspection

    /// The text of the given rows, trailing spaces trimmed, for whole-screen comparisons.
    public func rows(_ range: ClosedRange<Int>) -> [String] {
        range.map(text(row:))
    }

    /// Every row of the screen, trailing spaces trimmed.
    public var screenText: [String] { (0..<size.rows).map(text(row:)) }

    /// The text of one row, trailing spaces trimmed ("" outside the screen).
    public func text(row: Int) -> String {
        guard row >= 0, row < size.rows else { return "" }
        var line = grid[row].map(\.text).joined()
        while line.last == " " { line.removeLast() }
        return line
    }

    /// The cell at a position (blank outside the screen).
    public func cell(row: Int, column: Int) -> Cell {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return .blank }
        return grid[row][column]
    }

    // MARK: Terminal

    public func clear() {
        for row in grid.indices { grid[row] = blankRow }
    }

    public func put(_ glyph: Glyph, row: Int, column: Int, attributes: Attributes) {
        guard row >= 0, row < size.rows, column >= 0, column + glyph.width <= size.columns else { return }
        ownRow(row)
        // One access to the row (a map puts thousands of cells a frame).
        grid[row].withUnsafeMutableBufferPointer { cells in
            Self.set(glyph, at: column, in: cells, attributes: attributes)
        }
    }

    public func put(count: Int, row: Int, column: Int, attributes: Attributes, glyph: (Int) -> Glyph) {
        guard row >= 0, row < size.rows else { return }
        let columns = size.columns
        ownRow(row)
        // The row reached once for the whole run, not once a cell.
        grid[row].withUnsafeMutableBufferPointer { cells in
            var column = column
            for index in 0..<max(0, count) {
                let glyph = glyph(index)
                if column >= 0, column + glyph.width <= columns {
                    Self.set(glyph, at: column, in: cells, attributes: attributes)
                }
                column += glyph.width
            }
        }
    }

    public func showCursor(row: Int, column: Int) {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns else { cursor = nil; return }
        cursor = Cursor(row: row, column: column)
    }

    public func hideCursor() {
        cursor = nil
    }

    public func copyToClipboard(_ text: String) -> Bool {
        guard acceptsClipboard else { return false }
        clipboard = text
        return true
    }

    public func flush() {
        previous = flushed
        flushed = grid
        flushCount += 1
    }

    /// Pops the next scripted event; when the script is used up, reports `.quit(.endOfInput)`
    /// so a test's event loop always ends.
    /// A scripted run never waits for input, so there is nothing to wake: work posted to the
    /// application runs before its next event. Counted, so a test can wait for work posted from another thread.
    public func wake() {
        wakeLock.lock()
        wakes += 1
        wakeLock.unlock()
    }

    /// How many times `wake()` was called, from any thread.
    public var wakeCount: Int {
        wakeLock.lock()
        defer { wakeLock.unlock() }
        return wakes
    }

    public func readEvent(timeout: Int?) -> InputEvent? {
        guard scriptIndex < script.count else { return .quit(.endOfInput) }
        let step = script[scriptIndex]
        scriptIndex += 1
        if scriptIndex > 1024 && scriptIndex * 2 > script.count {
            script.removeFirst(scriptIndex)
            scriptIndex = 0
        }
        switch step {
        case .event(let event):
            return event
        case .resize(let newSize):
            resize(rows: newSize.rows, columns: newSize.columns)
            return .key(.resize)
        }
    }

    // MARK: Private

    /// A row still the shared blank one becomes a blank row of its own, made afresh: copying the shared one on the
    /// first write goes cell by cell through the cells' generic copy (a map's frame writes into every row).
    @inline(__always)
    private func ownRow(_ row: Int) {
        let shared = grid[row].withUnsafeBufferPointer { $0.baseAddress } == blankRow.withUnsafeBufferPointer { $0.baseAddress }
        if shared { grid[row] = Array(repeating: .blank, count: size.columns) }
    }

    /// Writes `glyph` at `column` of a row, where it fits.
    @inline(__always)
    private static func set(_ glyph: Glyph, at column: Int, in cells: UnsafeMutableBufferPointer<Cell>,
                            attributes: Attributes) {
        breakWideGlyph(cells, column: column)
        if glyph.width == 2 { breakWideGlyph(cells, column: column + 1) }
        cells[column] = Cell(text: glyph.text, attributes: attributes)
        if glyph.width == 2 { cells[column + 1] = Cell(text: "", attributes: attributes) }
    }

    /// Overwriting either half of a wide glyph blanks the other half, as terminals do.
    private static func breakWideGlyph(_ cells: UnsafeMutableBufferPointer<Cell>, column: Int) {
        if cells[column].text.isEmpty, column > 0 {
            cells[column - 1] = Cell(text: " ", attributes: cells[column - 1].attributes)
        } else if column + 1 < cells.count, cells[column + 1].text.isEmpty {
            cells[column + 1] = Cell(text: " ", attributes: cells[column + 1].attributes)
        }
    }
}
