/// A drawing surface of `columns × 2` by `rows × 4` dots over a grid of cells, shown as Unicode
/// braille (U+2800 plus one bit per dot), or as `'` `.` `:` when the terminal cannot show Unicode.
///
/// Dots belong to layers, each with its own attributes; a cell takes the attributes of the highest
/// layer that set a dot in it (the route drawn over the coast), while the dots of every layer show.
/// Labels are text put in cells over the dots.
///
/// ```swift
/// var canvas = BrailleCanvas(columns: 60, rows: 20, layers: [.muted, .normal, .title])
/// canvas.drawLine(from: (0, 0), to: (119, 79), layer: 2)
/// canvas.drawLabel("Chicago", row: 3, column: 10, attributes: .accent)
/// canvas.render(on: terminal, in: rect)
/// ```
public struct BrailleCanvas {
    public enum Style: Sendable {
        case braille, ascii
    }

    public let columns: Int
    public let rows: Int
    @inlinable public var dotWidth: Int { columns * 2 }
    @inlinable public var dotHeight: Int { rows * 4 }

    /// At most this many layers (a bit each in a cell's word); higher ones draw as the highest.
    public static let maximumLayers = 8

    @usableFromInline let layerAttributes: [Attributes]
    /// Per cell, its dots in the low byte and a bit per layer that set one in the high byte: a dot is one OR into
    /// one word, and the cell's attributes are its highest layer's. Two bytes a cell keep a 200×60 map's grid in
    /// the first-level cache, where the route's scattered dots hit it.
    @usableFromInline var cells: [UInt16]
    private var labels: [Label] = []

    /// Text over the dots from a cell (a struct, not a tuple: an array of tuples is copied and freed element by
    /// element through their generic witnesses, and a map has nearly a thousand labels).
    private struct Label {
        let text: String
        let row: Int
        let column: Int
        let attributes: Attributes
    }

    private static let upperHalf: UInt8 = 0x01 | 0x02 | 0x08 | 0x10
    @usableFromInline static let layerShift: UInt16 = 8
    /// A glyph for each dot pattern, made once: a frame draws hundreds of cells.
    private static let brailleGlyphs: [Glyph] = (0...255).map {
        Glyph(text: String(BrailleCanvas.character(for: UInt8($0), style: .braille)), width: 1)
    }
    private static let asciiGlyphs: [Glyph] = (0...255).map {
        Glyph(text: String(BrailleCanvas.character(for: UInt8($0), style: .ascii)), width: 1)
    }

    public init(columns: Int, rows: Int, layers: [Attributes] = [.normal]) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        layerAttributes = layers.isEmpty ? [.normal] : layers
        cells = Array(repeating: 0, count: self.columns * self.rows)
    }

    /// Sets the dot at (`x`, `y`), counted from the top left; dots off the canvas are ignored.
    public mutating func setDot(x: Int, y: Int, layer: Int = 0) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        cells[(y / 4) * columns + x / 2] |= Self.dotBit(x: x, y: y) | layerBit(layer)
    }

    /// The braille bit of dot (`x`, `y`) in its cell: dots 1, 2, 3, 7 down the left column, 4, 5, 6, 8 down the right
    /// (byte `2 × down + right` of one constant: no branch and no table in memory).
    @inlinable @inline(__always)
    static func dotBit(x: Int, y: Int) -> UInt16 {
        UInt16(truncatingIfNeeded: UInt64(0x8040_2004_1002_0801) >> (((y & 3) << 1 | (x & 1)) << 3)) & 0xFF
    }

    /// Sets the dot nearest a point given in dot coordinates (a projected position).
    public mutating func drawPoint(_ point: (x: Double, y: Double), layer: Int = 0) {
        guard point.x.isFinite, point.y.isFinite, point.x > -1, point.y > -1,
              point.x < Double(dotWidth), point.y < Double(dotHeight) else { return }
        setDot(x: Int(point.x.rounded(.down)), y: Int(point.y.rounded(.down)), layer: layer)
    }

    /// Draws a straight line of dots, clipped to the canvas first, so a segment reaching far off
    /// it (a zoomed-in coastline) costs no more than its visible part.
    public mutating func drawLine(from a: (x: Double, y: Double), to b: (x: Double, y: Double), layer: Int = 0) {
        guard let (p, q) = Self.clip(a, b, width: dotWidth, height: dotHeight) else { return }
        let layer = layerBit(layer), columns = columns
        cells.withUnsafeMutableBufferPointer { cells in
            Self.plot(from: (Int(p.x), Int(p.y)), to: (Int(q.x), Int(q.y)), layer: layer, columns: columns,
                      cells: cells.baseAddress!)
        }
    }

    /// Draws the line through `count` points (`point(i)` the i-th, in dots), as `drawLine` would segment by
    /// segment, only cheaper: a map draws tens of thousands of segments a frame, most of them inside the canvas
    /// and many shorter than a dot, and those need no clipping, nor their first dot again when the segment before
    /// ended on it (a dot set twice is set once).
    @inlinable
    public mutating func drawPolyline(count: Int, layer: Int = 0, point: (Int) -> (x: Double, y: Double)) {
        guard count > 1, !cells.isEmpty else { return }
        let layer = layerBit(layer), columns = columns, width = dotWidth, height = dotHeight
        // Off the canvas: a dot no segment ends on.
        let nowhere = (x: -1, y: -1)
        cells.withUnsafeMutableBufferPointer { cells in
            let cells = cells.baseAddress!
            var a = point(0)
            var from = (x: Self.floorOrFar(a.x), y: Self.floorOrFar(a.y))
            var inside = UInt(bitPattern: from.x) < UInt(width) && UInt(bitPattern: from.y) < UInt(height)
            if !inside { from = nowhere }
            var last = nowhere
            for index in 1..<count {
                let b = point(index)
                let to = (x: Self.floorOrFar(b.x), y: Self.floorOrFar(b.y))
                // On the canvas exactly when 0 ≤ b < the edge, as `floorOrFar` puts every other value off it.
                if UInt(bitPattern: to.x) < UInt(width) && UInt(bitPattern: to.y) < UInt(height) {
                    if !inside {
                        if let (p, q) = Self.clip(a, b, width: width, height: height) {
                            last = (Int(q.x), Int(q.y))
                            Self.plot(from: (Int(p.x), Int(p.y)), to: last, layer: layer, columns: columns, cells: cells)
                        }
                    } else if to != from {
                        Self.plot(from: from, to: to, layer: layer, columns: columns, cells: cells, skipFirst: from == last)
                        last = to
                    } else if from != last {
                        cells[(from.y >> 2) &* columns &+ (from.x >> 1)] |= Self.dotBit(x: from.x, y: from.y) | layer
                        last = from
                    }
                    from = to
                    inside = true
                } else {
                    if let (p, q) = Self.clip(a, b, width: width, height: height) {
                        last = (Int(q.x), Int(q.y))
                        Self.plot(from: (Int(p.x), Int(p.y)), to: last, layer: layer, columns: columns, cells: cells)
                    }
                    from = nowhere
                    inside = false
                }
                a = b
            }
        }
    }

    /// ⌊`v`⌋ while |v| < 2⁵¹, else (huge, infinite or NaN) a number below −2⁵⁰ or above 2⁵⁰, off any canvas: without the
    /// checks `Int(v)` makes (a trap on NaN), which cost a map's tens of thousands of points more than their segments.
    /// Adding 1.5 · 2⁵² leaves v rounded to a whole number in the low bits of the sum; one less if that rounded up.
    @inlinable @inline(__always)
    static func floorOrFar(_ v: Double) -> Int {
        let shifter = 6_755_399_441_055_744.0
        let rounded = Int(truncatingIfNeeded: (v + shifter).bitPattern) &- Int(truncatingIfNeeded: shifter.bitPattern)
        return Double(rounded) > v ? rounded &- 1 : rounded
    }

    /// The bit of `layer` (clamped to the canvas's layers) in a cell's word.
    @inlinable
    func layerBit(_ layer: Int) -> UInt16 {
        1 << (UInt16(min(max(0, layer), layerAttributes.count - 1, Self.maximumLayers - 1)) + Self.layerShift)
    }

    /// Bresenham from dot `a` to dot `b`, both on the canvas: one dot per step along the longer axis (the first
    /// left out when `skipFirst`). Coordinates stay within the canvas, so the arithmetic needs no overflow checks.
    @inlinable @inline(__always)
    static func plot(from a: (x: Int, y: Int), to b: (x: Int, y: Int), layer: UInt16, columns: Int,
                             cells: UnsafeMutablePointer<UInt16>, skipFirst: Bool = false) {
        var (x, y) = a
        let dx = b.x > x ? b.x &- x : x &- b.x, dy = b.y > y ? y &- b.y : b.y &- y
        let sx = x < b.x ? 1 : -1, sy = y < b.y ? 1 : -1
        var error = dx &+ dy
        @inline(__always) func step() {
            let e2 = error &* 2
            if e2 >= dy { error = error &+ dy; x = x &+ sx }
            if e2 <= dx { error = error &+ dx; y = y &+ sy }
        }
        if skipFirst {
            if x == b.x && y == b.y { return }
            step()
        }
        while true {
            cells[(y >> 2) &* columns &+ (x >> 1)] |= dotBit(x: x, y: y) | layer
            if x == b.x && y == b.y { return }
            step()
        }
    }

    /// Puts text in cells over the dots, from (`row`, `column`); what falls off the canvas is cut.
    public mutating func drawLabel(_ text: String, row: Int, column: Int, attributes: Attributes = .normal) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        labels.append(Label(text: text, row: row, column: column, attributes: attributes))
    }

    /// The cell's character in `style` (a space when no dot is set).
    public func character(row: Int, column: Int, style: Style = .braille) -> Character {
        Self.character(for: UInt8(truncatingIfNeeded: cells[row * columns + column]), style: style)
    }

    private static func character(for value: UInt8, style: Style) -> Character {
        switch style {
        case .braille:
            return value == 0 ? " " : Character(Unicode.Scalar(0x2800 + UInt32(value))!)
        case .ascii:
            let upper = value & upperHalf != 0, lower = value & ~upperHalf != 0
            return upper ? (lower ? ":" : "'") : (lower ? "." : " ")
        }
    }

    /// Draws the canvas into the top left of `rect`, cut to it; `style` defaults to ASCII when the
    /// terminal's own symbols are ASCII (a non-UTF-8 locale).
    public func render(on terminal: Terminal, in rect: Rect, style: Style? = nil) {
        let style = style ?? (terminal.symbols.horizontal.unicodeScalars.allSatisfy(\.isASCII) ? .ascii : .braille)
        let glyphs = style == .braille ? Self.brailleGlyphs : Self.asciiGlyphs
        let shownRows = min(rows, rect.rows), shownColumns = min(columns, rect.columns)
        // The labels first, noting the cells they take: the dots under them would only be overwritten (a map's
        // labels cover thousands of cells). On a cleared surface the result is the same as dots first.
        var labelled = [Bool](repeating: false, count: rows * columns)
        for label in labels where label.row < shownRows && label.column < shownColumns {
            let used = terminal.draw(label.text, row: rect.row + label.row, column: rect.column + label.column,
                                     width: shownColumns - label.column, attributes: label.attributes)
            let start = label.row * columns + label.column
            for cell in start..<start + used { labelled[cell] = true }
        }
        // Each run of cells with dots and the same highest layer goes to the terminal in one call. The cells are read
        // in place: the loop looks at every one of them, and a run's glyphs are fetched one by one.
        cells.withUnsafeBufferPointer { cells in glyphs.withUnsafeBufferPointer { glyphs in
            labelled.withUnsafeBufferPointer { labelled in
                for row in 0..<shownRows {
                    let rowStart = row * columns
                    // The cell's highest layer (a dot always comes with its layer's bit), or nil where nothing is
                    // drawn: screens draw on a cleared surface, where an empty cell is already a space (most of a
                    // map is).
                    @inline(__always) func layer(_ column: Int) -> Int? {
                        let word = cells[rowStart + column]
                        guard word & 0xFF != 0, !labelled[rowStart + column] else { return nil }
                        return UInt16.bitWidth - 1 - (word >> Self.layerShift).leadingZeroBitCount
                    }
                    var column = 0
                    while column < shownColumns {
                        guard let runLayer = layer(column) else {
                            column += 1
                            continue
                        }
                        let start = column
                        repeat { column += 1 } while column < shownColumns && layer(column) == runLayer
                        terminal.put(count: column - start, row: rect.row + row, column: rect.column + start,
                                     attributes: layerAttributes[runLayer]) {
                            glyphs[Int(cells[rowStart + start + $0] & 0xFF)]
                        }
                    }
                }
            }
        } }
    }

    /// The part of segment a–b inside a canvas of `width × height` dots (Liang–Barsky), or nil if none of it is.
    @inlinable
    static func clip(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), width: Int,
                             height: Int) -> ((x: Double, y: Double), (x: Double, y: Double))? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, width > 0, height > 0 else { return nil }
        // Dot i covers [i, i+1): keep coordinates just inside the last dot.
        let maxX = Double(width) - 1e-9, maxY = Double(height) - 1e-9
        let dx = b.x - a.x, dy = b.y - a.y
        // Ends near ±Double.greatestFiniteMagnitude overflow the difference: no such segment is drawn (an end would
        // come out NaN, and its dot trap).
        guard dx.isFinite, dy.isFinite else { return nil }
        var t0 = 0.0, t1 = 1.0
        // One edge at a time (written out: a literal array of the four would be allocated per segment).
        @inline(__always) func edge(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let t = q / p
            if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            return t0 <= t1
        }
        guard edge(-dx, a.x), edge(dx, maxX - a.x), edge(-dy, a.y), edge(dy, maxY - a.y) else { return nil }
        // A clipped end lies on an edge, where rounding could put it a hair outside (its dot dropped, and the line
        // started a dot off): the ends are pinned inside, so a line entering the view always starts at the edge.
        @inline(__always) func pinned(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            (min(max(x, 0), maxX), min(max(y, 0), maxY))
        }
        return (pinned(a.x + t0 * dx, a.y + t0 * dy), pinned(a.x + t1 * dx, a.y + t1 * dy))
    }
}
