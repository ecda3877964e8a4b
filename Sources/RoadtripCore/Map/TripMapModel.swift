import Foundation

/// What a trip's map shows on a grid of `columns × rows` character cells (`2 × 4` dots each): the base
/// map's outlines, each leg's line, a numbered marker per stop, the stops' names where they fit, a scale
/// bar and the attribution. Pure: a renderer draws it (`TripMapRenderer` in the app).
///
/// Positions of lines are in dots from the top left, markers and labels in cells.
///
/// ```swift
/// let route = TripMapModel.Route(stops: trip.waypoints, itinerary: itinerary)   // keep it per trip revision
/// let projection = TripMapModel.projection(route: route, columns: 48, rows: 20)
/// let base = TripMapBase(map: baseMap, projection: projection)                  // cache it per projection
/// let model = TripMapModel(stops: trip.waypoints, route: route, projection: projection,
///                          base: base, selected: 2, unit: .km, labelWidth: TextWidth.width)
/// ```
public struct TripMapModel: Sendable {
    public struct Point: Equatable, Sendable {
        public var x: Double
        public var y: Double
    }

    /// A stop's number at its cell (moved left to fit when near the right edge).
    public struct Marker: Equatable, Sendable {
        public let stop: Int
        public let text: String
        public let row: Int
        public let column: Int
        public let isSelected: Bool

        /// Cells the number takes: its digits, one byte each (counted without walking its characters).
        var width: Int { text.utf8.count }
    }

    /// A name at a cell where it overlaps no other label, marker or the edge: a stop's (`stop` its index)
    /// or a town's (`stop` nil).
    public struct Label: Equatable, Sendable {
        public let stop: Int?
        public let text: String
        public let row: Int
        public let column: Int
        public let width: Int
        public let isSelected: Bool
    }

    /// A town of the gazetteer in view: a dot at `point` (in dots), in the cell at `row`, `column`.
    public struct Town: Equatable, Sendable {
        public let name: String
        public let point: Point
        public let row: Int
        public let column: Int
    }

    /// A round length ("500 km") drawn as a bar of `lengthDots` dots on the bottom row, its text after it.
    public struct ScaleBar: Equatable, Sendable {
        public let text: String
        public let lengthDots: Int
        public let row: Int
        /// Where the text starts.
        public let textColumn: Int
    }

    /// What the labels need that a new selection does not change: the stops' cells and names (with their
    /// widths, measured once), and the towns in view, largest first.
    struct Basis: Sendable {
        var markers: [Marker] = []
        var names: [String] = []
        var widths: [Int] = []
        var towns: [Town] = []
        var townWidths: [Int] = []
        var scaleWidth = 0
    }

    /// Who the drawn data is from: the outlines' source, and the towns' when any are shown; `short` leaves out
    /// the licences (a narrow screen: the help and the README name them).
    public func attribution(short: Bool = false) -> String {
        let towns = basis.towns.isEmpty ? [] : [short ? "GeoNames" : "GeoNames (CC BY 4.0)"]
        return "© " + ([short ? "GSHHG" : "GSHHG (LGPL-3.0)"] + towns).joined(separator: " · ")
    }
    /// How far apart the points of a great-circle leg are.
    static let arcStepKm = 50.0

    public let columns: Int
    public let rows: Int
    public let projection: MapProjection
    public let base: TripMapBase?
    /// Every leg's line, from the routing engine's geometry or else the great-circle arc, one after another in
    /// one array (a 500-stop trip's 500 arrays cost more to make and free than to fill); `legEnds[i]` ends leg i.
    public let legPoints: [Point]
    public let legEnds: [Int]
    /// Each leg's line in order.
    public var legs: [[Point]] { legRanges.map { Array(legPoints[$0]) } }
    /// Where each leg's points are in `legPoints`.
    public var legRanges: [Range<Int>] { legEnds.indices.map { ($0 == 0 ? 0 : legEnds[$0 - 1])..<legEnds[$0] } }
    /// The towns in view, largest first (a dot each; a label where room allows).
    public var towns: [Town] { basis.towns }
    public private(set) var markers: [Marker]
    /// The stops' labels (the selected one first), then the towns' by population.
    public private(set) var labels: [Label]
    public let scaleBar: ScaleBar?
    private let basis: Basis

    /// The view that holds the whole route (every stop and every leg's line) with a margin, on a grid of
    /// `columns × rows` cells.
    public static func projection(stops: [Waypoint], itinerary: Itinerary?, columns: Int, rows: Int) -> MapProjection {
        projection(route: Route(stops: stops, itinerary: itinerary), columns: columns, rows: rows)
    }

    /// The same for a route already made.
    public static func projection(route: Route, columns: Int, rows: Int) -> MapProjection {
        MapProjection(fittingLongitudes: route.longitudes, worldYs: route.worldYs, farthestYs: route.farthestYs,
                      width: columns * BrailleCell.dotsAcross, height: rows * BrailleCell.dotsDown, margin: 4)
    }

    /// - Parameters:
    ///   - route: the legs' lines, kept while the stops and legs stay (a pan or a zoom only projects them again).
    ///   - selected: the stop drawn highlighted, whose label is placed first.
    ///   - towns: places to show as dots, largest first (`TownIndex.towns(in:limit:)`); those out of view are left out.
    ///   - labelWidth: how many cells a name takes (the terminal's measure; characters by default).
    public init(stops: [Waypoint], route: Route, projection: MapProjection, base: TripMapBase?,
                selected: Int?, unit: DistanceUnit, towns: [TownIndex.Town] = [], labelWidth: (String) -> Int = { $0.count }) {
        columns = projection.width / BrailleCell.dotsAcross
        rows = projection.height / BrailleCell.dotsDown
        self.projection = projection
        self.base = base
        legEnds = route.ends
        legPoints = Self.project(route, projection)
        scaleBar = Self.scaleBar(projection: projection, columns: columns, rows: rows, unit: unit)
        var basis = Basis()
        basis.markers = Self.markers(stops: stops, worldYs: route.stopYs, projection: projection, columns: columns,
                                     rows: rows)
        basis.names = stops.map(\.name)
        basis.widths = basis.names.map(labelWidth)
        basis.towns = Self.towns(towns, projection: projection, columns: columns, rows: rows)
        basis.townWidths = basis.towns.map { labelWidth($0.name) }
        basis.scaleWidth = scaleBar.map { labelWidth($0.text) } ?? 0
        self.basis = basis
        (markers, labels) = Self.annotations(basis, selected: selected, scaleBar: scaleBar, columns: columns, rows: rows)
    }

    /// The same map with another stop selected: only the markers and labels change (a cursor move).
    public func selecting(_ selected: Int?) -> TripMapModel {
        var copy = self
        (copy.markers, copy.labels) = Self.annotations(basis, selected: selected, scaleBar: scaleBar, columns: columns,
                                                       rows: rows)
        return copy
    }

    /// The markers, and the labels placed by priority: the selected stop's first, then the other stops in order,
    /// then the towns by population (a town's label also keeps clear of every town's dot).
    static func annotations(_ basis: Basis, selected: Int?, scaleBar: ScaleBar?, columns: Int, rows: Int) -> ([Marker], [Label]) {
        var markers = basis.markers
        if let selected, let index = markers.firstIndex(where: { $0.stop == selected }) {
            let marker = markers.remove(at: index)
            markers.append(Marker(stop: marker.stop, text: marker.text, row: marker.row, column: marker.column,
                                  isSelected: true))
        }
        var placer = MapLabelPlacer(columns: columns, rows: rows)
        for marker in markers { placer.occupy(row: marker.row, column: marker.column, width: marker.width) }
        if let bar = scaleBar {
            placer.occupy(row: bar.row, column: 0, width: bar.textColumn + basis.scaleWidth)
        }
        var labels: [Label] = []
        let hidden = hiddenMarkers(markers, columns: columns)
        var order = markers.indices.filter { !hidden[$0] }
        if let last = order.last, markers[last].isSelected { order = [last] + order.dropLast() }
        for index in order {
            let marker = markers[index]
            let name = basis.names[marker.stop], width = basis.widths[marker.stop]
            guard !name.isEmpty, let spot = placer.place(width: width, besideRow: marker.row, column: marker.column,
                                                         markerWidth: marker.width) else { continue }
            labels.append(Label(stop: marker.stop, text: name, row: spot.row, column: spot.column, width: width,
                                isSelected: marker.isSelected))
        }
        // A town's dot stays visible where no stop or its label is; its label goes where nothing else is.
        var dotted: [Int] = []
        for (index, town) in basis.towns.enumerated() where placer.isFree(row: town.row, column: town.column, width: 1) {
            placer.occupy(row: town.row, column: town.column, width: 1)
            dotted.append(index)
        }
        for index in dotted {
            let town = basis.towns[index], width = basis.townWidths[index]
            guard !town.name.isEmpty, let spot = placer.place(width: width, besideRow: town.row, column: town.column,
                                                              markerWidth: 1) else { continue }
            labels.append(Label(stop: nil, text: town.name, row: spot.row, column: spot.column, width: width,
                                isSelected: false))
        }
        return (markers, labels)
    }

    /// Per marker, whether one drawn after it covers its first cell (a loop's last stop on its first): a label
    /// beside it would name a number nobody sees.
    static func hiddenMarkers(_ markers: [Marker], columns: Int) -> [Bool] {
        // Cell → the last marker drawn over it (-1: none); an array, as a 500-stop map asks this on every key.
        let widths = markers.map(\.width)
        let cells = zip(markers, widths).map { $0.row * columns + $0.column + $1 }.max() ?? 0
        // Four bytes a cell, not eight: filling the map's grid of them is most of this.
        var coverer = [Int32](repeating: -1, count: cells)
        for (index, marker) in markers.enumerated() {
            for c in marker.column..<marker.column + widths[index] { coverer[marker.row * columns + c] = Int32(index) }
        }
        return markers.indices.map { index in
            let cell = markers[index].row * columns + markers[index].column
            return !coverer.indices.contains(cell) || coverer[cell] != Int32(index)
        }
    }

    /// The route's points on the grid: each at the copy nearest the one before, a leg's first nearest the view's centre.
    static func project(_ route: Route, _ projection: MapProjection) -> [Point] {
        let count = route.longitudes.count, center = projection.centerLongitude
        return route.longitudes.withUnsafeBufferPointer { longitudes in
            route.worldYs.withUnsafeBufferPointer { worldYs in
                route.ends.withUnsafeBufferPointer { ends in
                    [Point](unsafeUninitializedCapacity: count) { points, written in
                        var start = 0
                        for end in ends {
                            var previous = center
                            for index in start..<end {
                                previous = GreatCircle.unwrapped(longitudes[index], after: previous)
                                let p = projection.project(longitude: previous, worldY: worldYs[index])
                                (points.baseAddress! + index).initialize(to: Point(x: p.x, y: p.y))
                            }
                            start = end
                        }
                        written = count
                    }
                }
            }
        }
    }

    /// The towns inside the grid (their dots a cell clear of the edge), in the order given.
    static func towns(_ places: [TownIndex.Town], projection: MapProjection, columns: Int, rows: Int) -> [Town] {
        places.compactMap { place in
            let p = projection.project(Coordinate(checked: place.latitude, place.longitude))
            guard p.x.isFinite, p.y.isFinite, p.x >= 2, p.y >= 4 else { return nil }
            let row = Int(p.y) / BrailleCell.dotsDown, column = Int(p.x) / BrailleCell.dotsAcross
            guard row < rows - 1, column < columns - 1 else { return nil }
            return Town(name: place.name, point: Point(x: p.x, y: p.y), row: row, column: column)
        }
    }

    /// The stops on the grid, in order (`annotations` moves the selected one last, drawn over a neighbour), their
    /// Mercator ys the route's (each a tangent and a logarithm less) when it was made for these stops.
    static func markers(stops: [Waypoint], worldYs: [Double], projection: MapProjection, columns: Int, rows: Int) -> [Marker] {
        var markers: [Marker] = []
        let known = worldYs.count == stops.count
        for (index, stop) in stops.enumerated() {
            let coordinate = Coordinate(checked: stop.latitude, stop.longitude)
            let p = known ? projection.project(coordinate, worldY: worldYs[index]) : projection.project(coordinate)
            guard p.x.isFinite, p.y.isFinite, p.x >= 0, p.y >= 0 else { continue }
            let row = Int(p.y) / BrailleCell.dotsDown, text = String(index + 1)
            let cell = Int(p.x) / BrailleCell.dotsAcross
            let column = min(cell, columns - text.count)
            guard row < rows, column >= 0, cell < columns else { continue }
            markers.append(Marker(stop: index, text: text, row: row, column: column, isSelected: false))
        }
        return markers
    }

    /// A bar of a round length (1, 2 or 5 × 10ⁿ in `unit`) at most a quarter of the width, measured at
    /// the view's middle latitude; nil when the grid is too small to show one.
    static func scaleBar(projection: MapProjection, columns: Int, rows: Int, unit: DistanceUnit) -> ScaleBar? {
        guard rows >= 3, columns >= 16, projection.scale > 0 else { return nil }
        let middle = projection.coordinate(x: Double(projection.width) / 2, y: Double(projection.height) / 2)
        let kmPerDot = 40_075.017 * cos(middle.latitude * .pi / 180) / projection.scale
        let perDot = unit.value(fromKm: kmPerDot)
        guard perDot > 0, perDot.isFinite else { return nil }
        let longest = perDot * Double(projection.width) / 4
        let magnitude = pow(10, (log10(longest)).rounded(.down))
        let length = [5.0, 2, 1].map { $0 * magnitude }.first { $0 <= longest } ?? magnitude
        let dots = Int((length / perDot).rounded())
        guard dots >= 4 else { return nil }
        let figure = length >= 1 ? DistanceUnit.grouped(Int(length.rounded())) : String(format: "%g", length)
        return ScaleBar(text: "\(figure) \(unit.rawValue)", lengthDots: dots, row: rows - 1,
                        textColumn: (dots + 1) / 2 + 1)
    }
}

/// The base map's outlines projected for one view: the costly part of a map, kept while the view stays.
public struct TripMapBase: Sendable {
    /// One outline: its layer and where its points are in `points`.
    public struct Path: Sendable {
        public let layer: BaseMap.Layer
        public let range: Range<Int>
    }

    public let projection: MapProjection
    public let paths: [Path]
    /// Every path's points, one after another (one array for a view's thousands of points, not one per path).
    public let points: [TripMapModel.Point]

    public init(map: BaseMap, projection: MapProjection, layers: [BaseMap.Layer] = BaseMap.Layer.allCases) {
        self.projection = projection
        let resolution = BaseMap.Resolution.suited(toDegreesPerDot: projection.degreesPerPixel)
        let lines = map.polylines(in: projection.visibleBox, resolution: resolution, layers: layers)
        var paths: [Path] = []
        paths.reserveCapacity(lines.count)
        // Written in place: a view has tens of thousands of points, and an append checks its room every time.
        let count = lines.reduce(0) { $0 + $1.points.count }
        points = count == 0 ? [] : [TripMapModel.Point](unsafeUninitializedCapacity: count) { out, written in
            var next = out.baseAddress!
            for line in lines {
                let start = next - out.baseAddress!
                line.points.withUnsafeBufferPointer { linePoints in
                    for point in linePoints {
                        let p = projection.project(longitude: Double(point.longitude) + line.longitudeShift,
                                                   worldY: map.worldY(point.latitude))
                        next.initialize(to: TripMapModel.Point(x: p.x, y: p.y))
                        next += 1
                    }
                }
                paths.append(Path(layer: line.layer, range: start..<next - out.baseAddress!))
            }
            written = next - out.baseAddress!
        }
        self.paths = paths
    }
}
