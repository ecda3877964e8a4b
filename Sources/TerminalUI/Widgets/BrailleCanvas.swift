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
    public var dotWidth: Int { columns * 2 }
    public var dotHeight: Int { rows * 4 }

    private let layerAttributes: [Attributes]
    private var bits: [UInt8]
    /// Per cell, the highest layer that set a dot there, or -1 (a byte each: the whole grid stays in the cache).
    private var topLayer: [Int8]
    private var labels: [(text: String, row: Int, column: Int, attributes: Attributes)] = []

    private static let upperHalf: UInt8 = 0x01 | 0x02 | 0x08 | 0x10
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
        bits = Array(repeating: 0, count: self.columns * self.rows)
        topLayer = Array(repeating: -1, count: self.columns * self.rows)
    }

    /// Sets the dot at (`x`, `y`), counted from the top left; dots off the canvas are ignored.
    public mutating func setDot(x: Int, y: Int, layer: Int = 0) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let cell = (y / 4) * columns + x / 2
        bits[cell] |= Self.dotBit(x: x, y: y)
        let layer = clampedLayer(layer)
        if layer > topLayer[cell] { topLayer[cell] = layer }
    }

    /// The braille bit of dot (`x`, `y`) in its cell: dots 1, 2, 3, 7 down the left column, 4, 5, 6, 8 down the right.
    @inline(__always)
    private static func dotBit(x: Int, y: Int) -> UInt8 {
        let right = x & 1, down = y & 3
        return down == 3 ? UInt8(0x40) << right : UInt8(1) << (down + 3 * right)
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
        let layer = clampedLayer(layer), columns = columns
        withBuffers { bits, topLayer in
            Self.plot(from: (Int(p.x), Int(p.y)), to: (Int(q.x), Int(q.y)), layer: layer, columns: columns,
                      bits: bits, topLayer: topLayer)
        }
    }

    /// Draws the line through `count` points (`point(i)` the i-th, in dots), as `drawLine` would segment by
    /// segment, only cheaper: a map draws tens of thousands of segments a frame, most of them inside the canvas
    /// and many shorter than a dot, and those need no clipping.
    public mutating func drawPolyline(count: Int, layer: Int = 0, point: (Int) -> (x: Double, y: Double)) {
        guard count > 1 else { return }
        let layer = clampedLayer(layer), columns = columns, width = dotWidth, height = dotHeight
        let right = Double(width), bottom = Double(height)
        @inline(__always) func dot(_ p: (x: Double, y: Double)) -> (x: Int, y: Int)? {
            p.x >= 0 && p.x < right && p.y >= 0 && p.y < bottom ? (Int(p.x), Int(p.y)) : nil
        }
        withBuffers { bits, topLayer in
            var a = point(0)
            var from = dot(a)
            for index in 1..<count {
                let b = point(index), to = dot(b)
                if let start = from, let end = to {
                    Self.plot(from: start, to: end, layer: layer, columns: columns, bits: bits, topLayer: topLayer)
                } else if let (p, q) = Self.clip(a, b, width: width, height: height) {
                    Self.plot(from: (Int(p.x), Int(p.y)), to: (Int(q.x), Int(q.y)), layer: layer, columns: columns,
                              bits: bits, topLayer: topLayer)
                }
                a = b
                from = to
            }
        }
    }

    private func clampedLayer(_ layer: Int) -> Int8 {
        Int8(min(max(0, layer), layerAttributes.count - 1, Int(Int8.max)))
    }

    /// The dot and layer buffers, for drawing many dots without an access check each.
    private mutating func withBuffers(_ body: (UnsafeMutableBufferPointer<UInt8>, UnsafeMutableBufferPointer<Int8>) -> Void) {
        bits.withUnsafeMutableBufferPointer { bits in
            topLayer.withUnsafeMutableBufferPointer { topLayer in body(bits, topLayer) }
        }
    }

    /// Bresenham from dot `a` to dot `b`, both on the canvas: one dot per step along the longer axis.
    @inline(__always)
    private static func plot(from a: (x: Int, y: Int), to b: (x: Int, y: Int), layer: Int8, columns: Int,
                             bits: UnsafeMutableBufferPointer<UInt8>, topLayer: UnsafeMutableBufferPointer<Int8>) {
        var (x, y) = a
        let dx = abs(b.x - x), dy = -abs(b.y - y)
        let sx = x < b.x ? 1 : -1, sy = y < b.y ? 1 : -1
        var error = dx + dy
        while true {
            let cell = (y >> 2) * columns + (x >> 1)
            bits[cell] |= dotBit(x: x, y: y)
            if layer > topLayer[cell] { topLayer[cell] = layer }
            if x == b.x && y == b.y { break }
            let e2 = 2 * error
            if e2 >= dy { error += dy; x += sx }
            if e2 <= dx { error += dx; y += sy }
        }
    }

    /// Puts text in cells over the dots, from (`row`, `column`); what falls off the canvas is cut.
    public mutating func drawLabel(_ text: String, row: Int, column: Int, attributes: Attributes = .normal) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        labels.append((text, row, column, attributes))
    }

    /// The cell's character in `style` (a space when no dot is set).
    public func character(row: Int, column: Int, style: Style = .braille) -> Character {
        Self.character(for: bits[row * columns + column], style: style)
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
        for row in 0..<shownRows {
            for column in 0..<shownColumns {
                let cell = row * columns + column
                // Screens draw on a cleared surface: an empty cell is already a space (most of a map is).
                guard bits[cell] != 0, !labelled[cell] else { continue }
                let layer = Int(topLayer[cell])
                terminal.put(glyphs[Int(bits[cell])], row: rect.row + row, column: rect.column + column,
                             attributes: layer < 0 ? .normal : layerAttributes[layer])
            }
        }
    }

    /// The part of segment a–b inside a canvas of `width × height` dots (Liang–Barsky), or nil if none of it is.
    private static func clip(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), width: Int,
                             height: Int) -> ((x: Double, y: Double), (x: Double, y: Double))? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, width > 0, height > 0 else { return nil }
        // Dot i covers [i, i+1): keep coordinates just inside the last dot.
        let maxX = Double(width) - 1e-9, maxY = Double(height) - 1e-9
        let dx = b.x - a.x, dy = b.y - a.y
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
