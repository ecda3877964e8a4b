@testable import TerminalUI
import XCTest

final class BrailleCanvasTests: XCTestCase {
    private func rendered(_ canvas: BrailleCanvas, rows: Int, columns: Int, symbols: Symbols = .unicode,
                          style: BrailleCanvas.Style? = nil) -> MemoryTerminal {
        let terminal = MemoryTerminal(rows: rows, columns: columns, symbols: symbols)
        canvas.render(on: terminal, in: Rect(row: 0, column: 0, rows: rows, columns: columns), style: style)
        return terminal
    }

    func testEachDotHasItsBrailleBit() {
        // (x, y) in the cell -> the braille character with only that dot: 1 2 3 7 left, 4 5 6 8 right.
        let expected: [(Int, Int, String)] = [(0, 0, "⠁"), (0, 1, "⠂"), (0, 2, "⠄"), (0, 3, "⡀"),
                                              (1, 0, "⠈"), (1, 1, "⠐"), (1, 2, "⠠"), (1, 3, "⢀")]
        for (x, y, character) in expected {
            var canvas = BrailleCanvas(columns: 1, rows: 1)
            canvas.setDot(x: x, y: y)
            XCTAssertEqual(rendered(canvas, rows: 1, columns: 1).text(row: 0), character, "dot \(x),\(y)")
        }
        var full = BrailleCanvas(columns: 2, rows: 1)
        for x in 0..<2 { for y in 0..<4 { full.setDot(x: x, y: y) } }
        XCTAssertEqual(rendered(full, rows: 1, columns: 2).text(row: 0), "⣿")  // MemoryTerminal rows drop trailing blanks
    }

    func testDiagonalLine() {
        var canvas = BrailleCanvas(columns: 2, rows: 2)
        canvas.drawLine(from: (0, 0), to: (3.5, 7.5))
        // Dots (0,0) (0,1) (1,2) (1,3) in the first cell, (2,4) (2,5) (3,6) (3,7) in the one below right.
        XCTAssertEqual(rendered(canvas, rows: 2, columns: 2).screenText, ["⢣", " ⢣"])
        var flat = BrailleCanvas(columns: 3, rows: 1)
        flat.drawLine(from: (0, 1), to: (5, 1))
        XCTAssertEqual(rendered(flat, rows: 1, columns: 3).text(row: 0), "⠒⠒⠒")
    }

    func testLinesAreClippedToTheCanvas() {
        var canvas = BrailleCanvas(columns: 2, rows: 1)
        canvas.drawLine(from: (-1e9, 1), to: (1e9, 1))        // far off both sides, quick
        canvas.drawLine(from: (-10, -10), to: (-1, 20))       // wholly outside
        canvas.drawLine(from: (.nan, 0), to: (1, 1))
        canvas.drawPoint((x: 4, y: 0))
        canvas.drawPoint((x: -0.5, y: 0))                     // rounds off the canvas
        XCTAssertEqual(rendered(canvas, rows: 1, columns: 2).text(row: 0), "⠒⠒")
        // A rect smaller than the canvas: nothing drawn outside it.
        var big = BrailleCanvas(columns: 4, rows: 2)
        big.drawLine(from: (0, 0), to: (7, 7))
        big.drawLabel("Springfield", row: 0, column: 1)
        let terminal = MemoryTerminal(rows: 4, columns: 6)
        big.render(on: terminal, in: Rect(row: 1, column: 1, rows: 1, columns: 3))
        XCTAssertEqual(terminal.screenText, ["", " ⠑S…", "", ""])
    }

    /// A polyline sets the dots its segments would, drawn one `drawLine` each: wholly inside, shorter than a dot,
    /// across the edges, far off the canvas, and through a point that is not finite.
    func testAPolylineDrawsWhatItsSegmentsDraw() {
        var state: UInt64 = 42
        func random(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(state >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        var drawing = 0
        for trial in 0..<300 {
            var points: [(x: Double, y: Double)] = [(random(-10...50), random(-10...40))]
            for _ in 0..<40 {
                let last = points[points.count - 1]
                // A walk of short steps (a coastline at a wide view), or jumps that leave and cross the canvas.
                let step = trial % 2 == 0 ? 0.8 : 30.0
                points.append((last.x + random(-step...step), last.y + random(-step...step)))
            }
            if trial % 7 == 0 { points[20] = (.nan, 3) }
            if trial % 11 == 0 { points[10] = (-1e12, 1e12) }
            var polyline = BrailleCanvas(columns: 20, rows: 8, layers: [.normal, .title])
            var segments = polyline
            polyline.drawPolyline(count: points.count, layer: 1) { points[$0] }
            for (a, b) in zip(points, points.dropFirst()) { segments.drawLine(from: a, to: b, layer: 1) }
            let drawn = rendered(polyline, rows: 8, columns: 20), expected = rendered(segments, rows: 8, columns: 20)
            XCTAssertEqual(drawn.screenText, expected.screenText, "trial \(trial)")
            if drawn.screenText.joined().unicodeScalars.contains(where: { $0.value > 0x2800 }) { drawing += 1 }
        }
        XCTAssertGreaterThan(drawing, 200, "most lines cross the canvas")
    }

    /// The polyline's test of a point against the canvas (`floorOrFar`, no checked conversion) agrees with the
    /// segments' at the values where it could slip: on and a hair off each edge, −0, past 2⁵¹, the largest finite
    /// (whose differences overflow), infinite, NaN.
    func testAPolylineThroughEdgeAndExtremeValuesDrawsWhatItsSegmentsDraw() {
        let edges: [Double] = [-0.0, 0, -1e-300, -0.5, -1, 0.5, 39.999999999, 40, 40.0000001, 31.999999, 32, 31,
                               2_251_799_813_685_248, -2_251_799_813_685_248, 6_755_399_441_055_744, -6_755_399_441_055_744,
                               4_503_599_627_370_496, 1e18, -1e18, .infinity, -.infinity, .nan, -Double.nan,
                               -Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude]
        var state: UInt64 = 35
        func next(_ count: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % count
        }
        func value() -> Double { next(3) == 0 ? Double(next(4000)) / 97 - 1 : edges[next(edges.count)] }
        for trial in 0..<3000 {
            let points = (0..<6).map { _ in (x: value(), y: value()) }
            var polyline = BrailleCanvas(columns: 20, rows: 8), segments = polyline
            polyline.drawPolyline(count: points.count) { points[$0] }
            for (a, b) in zip(points, points.dropFirst()) { segments.drawLine(from: a, to: b) }
            XCTAssertEqual(rendered(polyline, rows: 8, columns: 20).screenText,
                           rendered(segments, rows: 8, columns: 20).screenText, "trial \(trial): \(points)")
        }
        for v in edges + (0..<2000).map({ _ in Double(next(1 << 30)) / Double(1 + next(1000)) - 1e5 }) {
            let far = BrailleCanvas.floorOrFar(v)
            if v.isFinite, abs(v) < 2_251_799_813_685_248 {
                XCTAssertEqual(far, Int(v.rounded(.down)), "\(v)")
            } else {
                XCTAssertGreaterThan(far.magnitude, UInt(1) << 50, "\(v) is off every canvas")
            }
        }
    }

    /// A line inside the canvas sets the dots of Bresenham's walk between its ends' dots, each set one at a time
    /// here: the canvas's own loop (writing cells through a pointer, its first dot dropped after a segment that
    /// ended on it) must set the same, at every slope and length, fractions and all.
    func testALineSetsTheDotsOfBresenhamsWalk() {
        var state: UInt64 = 7
        func random(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(state >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        for trial in 0..<500 {
            let span = trial % 3 == 0 ? 3.0 : 39.9
            let a = (x: random(0...span), y: random(0...min(span, 31.9))), b = (x: random(0...span), y: random(0...min(span, 31.9)))
            var drawn = BrailleCanvas(columns: 20, rows: 8)
            drawn.drawLine(from: a, to: b)
            var walked = BrailleCanvas(columns: 20, rows: 8)
            var (x, y) = (Int(a.x), Int(a.y))
            let (endX, endY) = (Int(b.x), Int(b.y))
            let dx = abs(endX - x), dy = -abs(endY - y), sx = x < endX ? 1 : -1, sy = y < endY ? 1 : -1
            var error = dx + dy
            while true {
                walked.setDot(x: x, y: y)
                if x == endX && y == endY { break }
                let e2 = 2 * error
                if e2 >= dy { error += dy; x += sx }
                if e2 <= dx { error += dx; y += sy }
            }
            XCTAssertEqual(rendered(drawn, rows: 8, columns: 20).screenText, rendered(walked, rows: 8, columns: 20).screenText,
                           "trial \(trial): \(a) to \(b)")
        }
    }

    /// Every line between two dots of a 12 × 12 patch, and every two-segment polyline through its centre (whose
    /// second segment leaves out the dot the first ended on), sets the dots of the textbook walk.
    func testEveryShortLineSetsTheDotsOfBresenhamsWalk() {
        func walk(_ a: (x: Int, y: Int), _ b: (x: Int, y: Int), on canvas: inout BrailleCanvas) {
            var (x, y) = a
            let dx = abs(b.x - x), dy = -abs(b.y - y), sx = x < b.x ? 1 : -1, sy = y < b.y ? 1 : -1
            var error = dx + dy
            while true {
                canvas.setDot(x: x, y: y)
                if x == b.x && y == b.y { return }
                let e2 = 2 * error
                if e2 >= dy { error += dy; x += sx }
                if e2 <= dx { error += dx; y += sy }
            }
        }
        func cells(_ canvas: BrailleCanvas) -> [Character] {
            (0..<canvas.rows).flatMap { row in (0..<canvas.columns).map { canvas.character(row: row, column: $0) } }
        }
        let centre = (x: 6.5, y: 6.5)
        for from in 0..<144 {
            for to in 0..<144 {
                let a = (x: Double(from % 12) + 0.5, y: Double(from / 12) + 0.5)
                let b = (x: Double(to % 12) + 0.5, y: Double(to / 12) + 0.5)
                var drawn = BrailleCanvas(columns: 6, rows: 3), walked = BrailleCanvas(columns: 6, rows: 3)
                drawn.drawLine(from: a, to: b)
                walk((from % 12, from / 12), (to % 12, to / 12), on: &walked)
                XCTAssertEqual(cells(drawn), cells(walked), "\(a) to \(b)")
                let points = [a, centre, b]
                var line = BrailleCanvas(columns: 6, rows: 3), segments = BrailleCanvas(columns: 6, rows: 3)
                line.drawPolyline(count: 3) { points[$0] }
                walk((from % 12, from / 12), (6, 6), on: &segments)
                walk((6, 6), (to % 12, to / 12), on: &segments)
                XCTAssertEqual(cells(line), cells(segments), "\(a) to \(centre) to \(b)")
            }
        }
    }

    func testEmptyAndTinyCanvasesDoNotTrap() {
        var none = BrailleCanvas(columns: 0, rows: 0)
        none.drawLine(from: (0, 0), to: (5, 5))
        none.setDot(x: 0, y: 0)
        none.drawLabel("x", row: 0, column: 0)
        XCTAssertEqual(rendered(none, rows: 1, columns: 1).text(row: 0), "")
        var one = BrailleCanvas(columns: 1, rows: 1)
        one.drawLine(from: (-3, -3), to: (9, 9))
        XCTAssertEqual(rendered(one, rows: 1, columns: 1).text(row: 0), "⠑")   // clipped to the cell: dots (0,0) and (1,1)
        one.render(on: MemoryTerminal(rows: 1, columns: 1), in: Rect(row: 0, column: 0, rows: 0, columns: 0))
    }

    func testCellTakesTheAttributesOfItsHighestLayer() {
        let coast = Attributes(.muted, .dim), route = Attributes(.accent, .bold)
        var canvas = BrailleCanvas(columns: 2, rows: 1, layers: [coast, route])
        canvas.setDot(x: 0, y: 0, layer: 1)
        canvas.setDot(x: 0, y: 3, layer: 0)     // a lower layer afterwards does not take the cell back
        canvas.setDot(x: 3, y: 0, layer: 0)
        let terminal = rendered(canvas, rows: 1, columns: 2)
        XCTAssertEqual(terminal.text(row: 0), "⡁⠈")
        XCTAssertEqual(terminal.cell(row: 0, column: 0).attributes, route)
        XCTAssertEqual(terminal.cell(row: 0, column: 1).attributes, coast)
    }

    /// The canvas puts its cells in runs: each shown cell with dots has its character and its highest layer's
    /// attributes, in a rect away from the corner and smaller than the canvas, and nothing else is put.
    func testEachCellWithDotsShowsItsCharacterInItsHighestLayersAttributes() {
        let layers = [Attributes(.muted, .dim), Attributes(.water), Attributes(.accent, .bold)]
        var canvas = BrailleCanvas(columns: 14, rows: 4, layers: layers)
        var highest = [Int](repeating: -1, count: 14 * 4)
        // Scattered dots, some cells with several layers, some empty.
        for index in 0..<120 {
            let x = (index * 7 + index / 9) % 28, y = (index * 11 + index / 5) % 16, layer = (index * 5 / 3) % 3
            canvas.setDot(x: x, y: y, layer: layer)
            highest[(y / 4) * 14 + x / 2] = max(highest[(y / 4) * 14 + x / 2], layer)
        }
        let terminal = MemoryTerminal(rows: 6, columns: 16)
        canvas.render(on: terminal, in: Rect(row: 1, column: 3, rows: 3, columns: 11))
        for row in 0..<6 {
            for column in 0..<16 {
                let (canvasRow, canvasColumn) = (row - 1, column - 3)
                let shown = (0..<3).contains(canvasRow) && (0..<11).contains(canvasColumn)
                let layer = shown ? highest[canvasRow * 14 + canvasColumn] : -1
                let expected = layer < 0 ? MemoryTerminal.Cell(text: " ", attributes: .normal)
                    : MemoryTerminal.Cell(text: String(canvas.character(row: canvasRow, column: canvasColumn)),
                                          attributes: layers[layer])
                XCTAssertEqual(terminal.cell(row: row, column: column), expected, "row \(row) column \(column)")
            }
        }
    }

    func testLabelsAreDrawnOverTheDotsAndCutAtTheEdge() {
        var canvas = BrailleCanvas(columns: 6, rows: 2)
        canvas.drawLine(from: (0, 1), to: (11, 1))
        canvas.drawLabel("Tulsa", row: 0, column: 3, attributes: .accent)
        canvas.drawLabel("off", row: 5, column: 0)
        let terminal = rendered(canvas, rows: 2, columns: 6)
        XCTAssertEqual(terminal.screenText, ["⠒⠒⠒Tu…", ""])
        XCTAssertEqual(terminal.cell(row: 0, column: 3).attributes, .accent)
    }

    /// The canvas leaves out the dots its labels cover: the frame is the one drawing every dot and then the labels
    /// gives, wide letters, labels over labels and labels cut at the edge included.
    func testLabelsOverDotsGiveTheFrameOfDotsThenLabels() {
        let layers = [Attributes(.muted, .dim), Attributes(.accent, .bold)]
        var dots = BrailleCanvas(columns: 12, rows: 3, layers: layers)
        for x in 0..<24 { for y in 0..<12 where (x + y) % 3 != 0 { dots.setDot(x: x, y: y, layer: (x / 5) % 2) } }
        let labels: [(String, Int, Int, Attributes)] = [("東京都", 0, 2, .accent), ("Nara", 0, 5, .normal),
                                                        ("Springfield", 1, 8, .muted), ("12", 2, 0, .selection),
                                                        ("北", 2, 1, .normal), ("x", 2, 11, .normal)]
        var labelled = dots
        for (text, row, column, attributes) in labels {
            labelled.drawLabel(text, row: row, column: column, attributes: attributes)
        }
        let expected = rendered(dots, rows: 3, columns: 12)
        for (text, row, column, attributes) in labels {
            expected.draw(text, row: row, column: column, width: 12 - column, attributes: attributes)
        }
        let terminal = rendered(labelled, rows: 3, columns: 12)
        for row in 0..<3 {
            for column in 0..<12 {
                XCTAssertEqual(terminal.cell(row: row, column: column), expected.cell(row: row, column: column),
                               "row \(row) column \(column)")
            }
        }
    }

    func testASCIIFallbackWhenTheTerminalCannotShowUnicode() {
        var canvas = BrailleCanvas(columns: 4, rows: 1)
        canvas.setDot(x: 0, y: 0)                        // top half
        canvas.setDot(x: 3, y: 3)                        // bottom half
        canvas.setDot(x: 4, y: 1); canvas.setDot(x: 5, y: 2)   // both
        XCTAssertEqual(rendered(canvas, rows: 1, columns: 4, symbols: .ascii).text(row: 0), "'.:")
        XCTAssertEqual(rendered(canvas, rows: 1, columns: 4, style: .ascii).text(row: 0), "'.:")
        XCTAssertEqual(rendered(canvas, rows: 1, columns: 4).text(row: 0), "⠁⢀⠢")
    }
}
