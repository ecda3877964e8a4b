import RoadtripCore
import TerminalUI

/// Draws a `TripMapModel` onto a terminal: outlines (water normal, borders dim), the route bold in the
/// accent colour, numbered markers, labels, the scale bar, and the selected stop highlighted.
///
/// Keeps the costly part — the base map and the route on a braille canvas — between frames while the trip
/// and the size stay the same, so a cursor move only places the markers and labels again.
public final class TripMapView {
    /// The canvas layers, lowest first: a cell shows the attributes of the highest layer drawn in it.
    enum CanvasLayer: Int {
        case border, water, route
    }

    static let layerAttributes: [Attributes] = [Attributes(.muted, .dim), .normal, Attributes(.accent, .bold)]

    private struct Key: Equatable {
        let stops: [Waypoint]
        let itinerary: Itinerary?
        let columns: Int
        let rows: Int
        let unit: DistanceUnit
        let map: ObjectIdentifier?

        /// The same stops on the same canvas: only the legs may differ.
        func sameStops(as other: Key) -> Bool {
            columns == other.columns && rows == other.rows && unit == other.unit && map == other.map
                && stops == other.stops
        }
    }

    private var cached: (key: Key, model: TripMapModel, canvas: BrailleCanvas)?

    public init() {}

    /// The map of `stops` fitted to `columns × rows` cells with `selected` highlighted; the base map is
    /// drawn under it when given. `keepingLegs`: while a router is still answering, the legs drawn last stay
    /// (redrawing a long route for every answer would slow every key); the map catches up when it is done.
    public func model(stops: [Waypoint], itinerary: Itinerary?, columns: Int, rows: Int, selected: Int?,
                      unit: DistanceUnit, baseMap: BaseMap?, keepingLegs: Bool = false) -> (TripMapModel, BrailleCanvas) {
        let key = Key(stops: stops, itinerary: itinerary, columns: columns, rows: rows, unit: unit,
                      map: baseMap.map(ObjectIdentifier.init))
        if let cached, (keepingLegs && cached.key.sameStops(as: key)) || cached.key == key {
            return (cached.model.selecting(selected, stops: stops, labelWidth: TextWidth.width), cached.canvas)
        }
        let projection = TripMapModel.projection(stops: stops, itinerary: itinerary, columns: columns, rows: rows)
        let base = baseMap.map { TripMapBase(map: $0, projection: projection) }
        let model = TripMapModel(stops: stops, itinerary: itinerary, projection: projection, base: base,
                                 selected: selected, unit: unit, labelWidth: TextWidth.width)
        let canvas = Self.canvas(model)
        cached = (key, model, canvas)
        return (model, canvas)
    }

    /// Draws the map of `stops` in `rect`: the map above, the attribution on the last row.
    public func render(stops: [Waypoint], itinerary: Itinerary?, selected: Int?, unit: DistanceUnit,
                       baseMap: BaseMap?, keepingLegs: Bool = false, on terminal: Terminal, in rect: Rect,
                       style: BrailleCanvas.Style? = nil) {
        guard rect.rows >= 2, rect.columns >= 1 else { return }
        let (model, canvas) = model(stops: stops, itinerary: itinerary, columns: rect.columns, rows: rect.rows - 1,
                                    selected: selected, unit: unit, baseMap: baseMap, keepingLegs: keepingLegs)
        Self.draw(model, canvas: canvas, on: terminal, in: Rect(row: rect.row, column: rect.column,
                                                                  rows: rect.rows - 1, columns: rect.columns), style: style)
        terminal.draw(TripMapModel.attribution, row: rect.row + rect.rows - 1, column: rect.column,
                      width: rect.columns, attributes: .muted)
    }

    /// The base map, the legs and the scale bar on a canvas of the model's size.
    static func canvas(_ model: TripMapModel) -> BrailleCanvas {
        var canvas = BrailleCanvas(columns: model.columns, rows: model.rows, layers: layerAttributes)
        for path in model.base?.paths ?? [] {
            let layer: CanvasLayer = [.border, .state].contains(path.layer) ? .border : .water
            drawLine(path.points, on: &canvas, layer: layer)
        }
        for leg in model.legs {
            drawLine(leg, on: &canvas, layer: .route)
            if leg.count == 1, let point = leg.first { canvas.drawPoint((point.x, point.y), layer: CanvasLayer.route.rawValue) }
        }
        if let bar = model.scaleBar {
            // A bar along the bottom row's third dot line, with ticks at both ends.
            let y = Double(model.rows * 4 - 2), end = Double(bar.lengthDots)
            let water = CanvasLayer.water.rawValue
            canvas.drawLine(from: (0, y), to: (end, y), layer: water)
            canvas.drawLine(from: (0, y - 2), to: (0, y + 1), layer: water)
            canvas.drawLine(from: (end, y - 2), to: (end, y + 1), layer: water)
        }
        return canvas
    }

    /// Draws the canvas with the model's markers and labels on it.
    public static func draw(_ model: TripMapModel, canvas: BrailleCanvas, on terminal: Terminal, in rect: Rect,
                     style: BrailleCanvas.Style? = nil) {
        var canvas = canvas
        for marker in model.markers {
            canvas.drawLabel(marker.text, row: marker.row, column: marker.column,
                             attributes: marker.isSelected ? .selection : Attributes(.accent, .bold))
        }
        for label in model.labels {
            canvas.drawLabel(label.text, row: label.row, column: label.column,
                             attributes: label.isSelected ? .selection : .normal)
        }
        if let bar = model.scaleBar {
            canvas.drawLabel(bar.text, row: bar.row, column: bar.textColumn)
        }
        canvas.render(on: terminal, in: rect, style: style)
    }

    private static func drawLine(_ points: [TripMapModel.Point], on canvas: inout BrailleCanvas, layer: CanvasLayer) {
        for (a, b) in zip(points, points.dropFirst()) {
            canvas.drawLine(from: (a.x, a.y), to: (b.x, b.y), layer: layer.rawValue)
        }
    }
}
