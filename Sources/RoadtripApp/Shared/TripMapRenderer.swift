import RoadtripCore
import TerminalUI

/// Draws a `TripMapContent` onto a terminal: outlines (water in its colour, borders dim), town dots, the route
/// bold in the accent colour, numbered markers, labels, the scale bar, and the selected stop highlighted.
///
/// A frame costs little: the layers (base map, towns, route, on a braille canvas) are kept while the trip's
/// revisions, the size and the view stay the same, and the markers and labels while the selection does too.
public final class TripMapRenderer {
    /// The canvas layers, lowest first: a cell shows the attributes of the highest layer drawn in it.
    enum CanvasLayer: Int {
        case border, water, town, route
    }

    static let layerAttributes: [Attributes] = [Attributes(.muted, .dim), Attributes(.water), .muted,
                                                Attributes(.accent, .bold)]

    /// What the layers were drawn from, compared in a few words (the revisions stand for the stops and legs).
    private struct LayerKey: Equatable {
        let trip: Trip.ID
        let stopsRevision: Int
        let legsRevision: Int
        let columns: Int
        let rows: Int
        let unit: DistanceUnit
        let map: ObjectIdentifier?
        let towns: ObjectIdentifier?
        /// The view asked for; nil when fitted to the trip.
        let projection: MapProjection?

        /// The same stops on the same view: only the legs may differ.
        func sameStops(as other: LayerKey) -> Bool {
            LayerKey(trip: trip, stopsRevision: stopsRevision, legsRevision: other.legsRevision, columns: columns,
                     rows: rows, unit: unit, map: map, towns: towns, projection: projection) == other
        }
    }

    /// What the background (outlines, town dots, scale bar) was drawn from: the view, not the stops.
    private struct BackgroundKey: Equatable {
        let projection: MapProjection
        let unit: DistanceUnit
        let map: ObjectIdentifier?
        let towns: ObjectIdentifier?
    }

    /// The background of the last view with what it was drawn from: a change of stops that keeps the view (a
    /// reorder, a pin) projects no outline again and draws only the route, on a copy.
    private var background: (key: BackgroundKey, base: TripMapBase?, towns: [TownIndex.Town], canvas: BrailleCanvas)?
    private var layers: (key: LayerKey, model: TripMapModel, canvas: BrailleCanvas)? {
        didSet { layerBuilds += 1 }
    }
    /// How many times the layers were made: a frame that only moves the selection makes none (tests count it).
    private(set) var layerBuilds = 0
    /// The legs' lines in degrees, while the stops and legs and the dots' size stay (a pan only projects them again).
    private var route: (trip: Trip.ID, stopsRevision: Int, legsRevision: Int, route: TripMapModel.Route)?
    private var annotated: (key: LayerKey, selected: Int?, model: TripMapModel)?
    /// The towns near the last views: a pan or a zoom in finds its towns without scanning the gazetteer.
    private var towns = TownsCache()
    /// Names' widths on the terminal, kept (bounded): a reorder measures no name again.
    private var nameWidths: [String: Int] = [:]

    public init() {}

    /// How many towns a map of `columns × rows` cells asks the gazetteer for: about one per 150 cells.
    static func townLimit(columns: Int, rows: Int) -> Int { max(4, columns * rows / 150) }

    /// The map of `content` on `columns × rows` cells with `selected` highlighted, fitted to the trip unless
    /// `projection` is given. While a router is still answering (`content.routing`), the legs drawn last stay
    /// (redrawing a long route for every answer would slow every key); the map catches up when it is done.
    public func model(_ content: TripMapContent, columns: Int, rows: Int, selected: Int?,
                      projection requested: MapProjection? = nil) -> (TripMapModel, BrailleCanvas) {
        let baseMap = content.baseMap(), townIndex = content.towns()
        let key = LayerKey(trip: content.tripID, stopsRevision: content.stopsRevision,
                           legsRevision: content.legsRevision, columns: columns, rows: rows, unit: content.unit,
                           map: baseMap.map(ObjectIdentifier.init), towns: townIndex.map(ObjectIdentifier.init),
                           projection: requested)
        if let layers, layers.key == key || (content.routing && layers.key.sameStops(as: key)) {
            if let annotated, annotated.key == layers.key, annotated.selected == selected {
                return (annotated.model, layers.canvas)
            }
            let model = layers.model.selecting(selected)
            annotated = (layers.key, selected, model)
            return (model, layers.canvas)
        }
        // The arcs made for the view asked for, or else for the fit to the stops alone: the fit to the route holds
        // the stops and more, on dots as large or larger, where those arcs are as close to the curve or closer.
        let arcView = requested ?? MapProjection(fitting: content.stops.map(\.coordinate),
                                                 width: columns * BrailleCell.dotsAcross,
                                                 height: rows * BrailleCell.dotsDown)
        let route = self.route(content, kmPerDot: arcView.kmPerDot)
        let projection = requested ?? TripMapModel.projection(route: route, columns: columns, rows: rows)
        let backgroundKey = BackgroundKey(projection: projection, unit: content.unit, map: key.map, towns: key.towns)
        let kept = background.flatMap { $0.key == backgroundKey ? $0 : nil }
        let base = kept.map(\.base) ?? baseMap.map { TripMapBase(map: $0, projection: projection) }
        let towns = kept?.towns ?? townIndex.map {
            self.towns.towns(in: projection.visibleBox, limit: Self.townLimit(columns: columns, rows: rows), from: $0)
        } ?? []
        let model = TripMapModel(stops: content.stops, route: route, projection: projection, base: base,
                                 selected: selected, unit: content.unit, towns: towns, labelWidth: width(of:))
        let backdrop = kept?.canvas ?? Self.background(model)
        background = (backgroundKey, base, towns, backdrop)
        let canvas = Self.route(model, over: backdrop)
        layers = (key, model, canvas)
        annotated = (key, selected, model)
        return (model, canvas)
    }

    private func width(of name: String) -> Int {
        // Most names are plain ASCII: counted faster than they are hashed.
        if TextWidth.isPrintableASCII(name) { return name.utf8.count }
        if let width = nameWidths[name] { return width }
        if nameWidths.count >= 10_000 { nameWidths.removeAll(keepingCapacity: true) }
        let width = TextWidth.width(name)
        nameWidths[name] = width
        return width
    }

    private func route(_ content: TripMapContent, kmPerDot: Double) -> TripMapModel.Route {
        if let route, route.trip == content.tripID, route.stopsRevision == content.stopsRevision,
           route.legsRevision == content.legsRevision, route.route.kmPerDot == kmPerDot {
            return route.route
        }
        let made = TripMapModel.Route(stops: content.stops, itinerary: content.itinerary, kmPerDot: kmPerDot,
                                      reusing: route?.route)
        route = (content.tripID, content.stopsRevision, content.legsRevision, made)
        return made
    }

    /// Draws the map of `content` in `rect`: the map above, the attribution on the last row.
    public func render(_ content: TripMapContent, selected: Int?, on terminal: Terminal, in rect: Rect,
                       style: BrailleCanvas.Style? = nil) {
        guard rect.rows >= 2, rect.columns >= 1 else { return }
        let (model, canvas) = model(content, columns: rect.columns, rows: rect.rows - 1, selected: selected)
        Self.draw(model, canvas: canvas, on: terminal, in: Rect(row: rect.row, column: rect.column,
                                                                  rows: rect.rows - 1, columns: rect.columns), style: style)
        terminal.draw(Self.attribution(model, width: rect.columns, for: terminal), row: rect.row + rect.rows - 1,
                      column: rect.column, width: rect.columns, attributes: .muted)
    }

    /// The model's credit, with the licences when it fits in `width` columns, "(c)" for "©" on a terminal that
    /// cannot show it.
    static func attribution(_ model: TripMapModel, width: Int, for terminal: Terminal) -> String {
        let full = model.attribution()
        let credit = TextWidth.width(full) <= width ? full : model.attribution(short: true)
        return terminal.symbols == .unicode ? credit : credit.replacingOccurrences(of: "©", with: "(c)")
    }

    /// The base map, the towns' dots and the scale bar on a canvas of the model's size. (A cell keeps each layer's
    /// dots apart, so the route drawn after them gives what drawing all in one go would.)
    static func background(_ model: TripMapModel) -> BrailleCanvas {
        var canvas = BrailleCanvas(columns: model.columns, rows: model.rows, layers: layerAttributes)
        if let base = model.base {
            for path in base.paths {
                let layer: CanvasLayer = path.layer == .border || path.layer == .state ? .border : .water
                drawLine(base.points[path.range], on: &canvas, layer: layer)
            }
        }
        for town in model.towns {
            canvas.drawPoint((town.point.x, town.point.y), layer: CanvasLayer.town.rawValue)
        }
        if let bar = model.scaleBar {
            // A bar along the bottom row's third dot line, with ticks at both ends.
            let y = Double(model.rows * BrailleCell.dotsDown - 2), end = Double(bar.lengthDots)
            let water = CanvasLayer.water.rawValue
            canvas.drawLine(from: (0, y), to: (end, y), layer: water)
            canvas.drawLine(from: (0, y - 2), to: (0, y + 1), layer: water)
            canvas.drawLine(from: (end, y - 2), to: (end, y + 1), layer: water)
        }
        return canvas
    }

    /// The legs on a copy of `background`.
    static func route(_ model: TripMapModel, over background: BrailleCanvas) -> BrailleCanvas {
        var canvas = background
        for leg in model.legRanges {
            drawLine(model.legPoints[leg], on: &canvas, layer: .route)
            if leg.count == 1 {
                let point = model.legPoints[leg.lowerBound]
                canvas.drawPoint((point.x, point.y), layer: CanvasLayer.route.rawValue)
            }
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
                             attributes: label.isSelected ? .selection : label.stop == nil ? .muted : .normal)
        }
        if let bar = model.scaleBar {
            canvas.drawLabel(bar.text, row: bar.row, column: bar.textColumn)
        }
        canvas.render(on: terminal, in: rect, style: style)
    }

    private static func drawLine(_ points: ArraySlice<TripMapModel.Point>, on canvas: inout BrailleCanvas,
                                 layer: CanvasLayer) {
        points.withUnsafeBufferPointer { points in
            canvas.drawPolyline(count: points.count, layer: layer.rawValue) { (points[$0].x, points[$0].y) }
        }
    }
}
