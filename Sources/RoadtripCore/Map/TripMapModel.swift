import Foundation

/// What a trip's map shows on a grid of `columns × rows` character cells (`2 × 4` dots each): the base
/// map's outlines, each leg's line, a numbered marker per stop, the stops' names where they fit, a scale
/// bar and the attribution. Pure: a renderer draws it (`TripMapView` in the app).
///
/// Positions of lines are in dots from the top left, markers and labels in cells.
///
/// ```swift
/// let projection = TripMapModel.projection(stops: trip.waypoints, itinerary: itinerary, columns: 48, rows: 20)
/// let base = TripMapBase(map: baseMap, projection: projection)        // cache it per projection
/// let model = TripMapModel(stops: trip.waypoints, itinerary: itinerary, projection: projection,
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
    }

    /// A stop's name at a cell where it overlaps no other label, marker or the edge.
    public struct Label: Equatable, Sendable {
        public let stop: Int
        public let text: String
        public let row: Int
        public let column: Int
        public let width: Int
        public let isSelected: Bool
    }

    /// A round length ("500 km") drawn as a bar of `lengthDots` dots on the bottom row, its text after it.
    public struct ScaleBar: Equatable, Sendable {
        public let text: String
        public let lengthDots: Int
        public let row: Int
        /// Where the text starts.
        public let textColumn: Int
    }

    public static let attribution = "© GSHHG (LGPL-3.0)"
    /// How far apart the points of a great-circle leg are.
    static let arcStepKm = 50.0

    public let columns: Int
    public let rows: Int
    public let projection: MapProjection
    public let base: TripMapBase?
    /// Each leg's line in order, from the router's geometry or else the great-circle arc.
    public let legs: [[Point]]
    public private(set) var markers: [Marker]
    public private(set) var labels: [Label]
    public let scaleBar: ScaleBar?

    /// The view that holds the whole route (every stop and every leg's line) with a margin, on a grid of
    /// `columns × rows` cells.
    public static func projection(stops: [Waypoint], itinerary: Itinerary?, columns: Int, rows: Int) -> MapProjection {
        let points = routeLines(stops: stops, itinerary: itinerary).flatMap { $0 }
        let coordinates = points.map { Coordinate(checked: min(max($0.latitude, -90), 90), wrapped($0.longitude)) }
        return MapProjection(fitting: coordinates, width: columns * 2, height: rows * 4, margin: 4)
    }

    /// - Parameters:
    ///   - selected: the stop drawn highlighted, whose label is placed first.
    ///   - labelWidth: how many cells a name takes (the terminal's measure; characters by default).
    public init(stops: [Waypoint], itinerary: Itinerary?, projection: MapProjection, base: TripMapBase?,
                selected: Int?, unit: DistanceUnit, labelWidth: (String) -> Int = { $0.count }) {
        columns = projection.width / 2
        rows = projection.height / 4
        self.projection = projection
        self.base = base
        legs = Self.routeLines(stops: stops, itinerary: itinerary).map { line in
            Self.continuous(line, near: projection.centerLongitude).map { point in
                let p = projection.project(longitude: point.longitude, latitude: point.latitude)
                return Point(x: p.x, y: p.y)
            }
        }
        scaleBar = Self.scaleBar(projection: projection, columns: columns, rows: rows, unit: unit)
        (markers, labels) = Self.annotations(stops: stops, projection: projection, selected: selected,
                                             scaleBar: scaleBar, labelWidth: labelWidth)
    }

    /// The same map with another stop selected: only the markers and labels change (a cursor move).
    public func selecting(_ selected: Int?, stops: [Waypoint], labelWidth: (String) -> Int = { $0.count }) -> TripMapModel {
        var copy = self
        (copy.markers, copy.labels) = Self.annotations(stops: stops, projection: projection, selected: selected,
                                                       scaleBar: scaleBar, labelWidth: labelWidth)
        return copy
    }

    /// The markers, and the labels placed by priority: the selected stop's first, then the others in order.
    static func annotations(stops: [Waypoint], projection: MapProjection, selected: Int?, scaleBar: ScaleBar?,
                            labelWidth: (String) -> Int) -> ([Marker], [Label]) {
        let columns = projection.width / 2, rows = projection.height / 4
        let markers = Self.markers(stops: stops, projection: projection, columns: columns, rows: rows, selected: selected)
        var placer = MapLabelPlacer(columns: columns, rows: rows)
        for marker in markers { placer.occupy(row: marker.row, column: marker.column, width: marker.text.count) }
        if let bar = scaleBar {
            placer.occupy(row: bar.row, column: 0, width: bar.textColumn + labelWidth(bar.text))
        }
        var labels: [Label] = []
        let order = markers.sorted { ($0.isSelected ? 0 : 1, $0.stop) < ($1.isSelected ? 0 : 1, $1.stop) }
        for marker in order where !isHidden(marker, by: markers) {
            let name = stops[marker.stop].name
            let width = labelWidth(name)
            guard !name.isEmpty, let spot = placer.place(width: width, besideRow: marker.row, column: marker.column,
                                                         markerWidth: marker.text.count) else { continue }
            labels.append(Label(stop: marker.stop, text: name, row: spot.row, column: spot.column, width: width,
                                isSelected: marker.isSelected))
        }
        return (markers, labels)
    }

    /// Whether a marker drawn after this one covers its first cell (a loop's last stop on its first):
    /// a label beside it would name a number nobody sees.
    static func isHidden(_ marker: Marker, by markers: [Marker]) -> Bool {
        guard let index = markers.firstIndex(of: marker) else { return false }
        return markers[(index + 1)...].contains { other in
            other.row == marker.row && (other.column..<other.column + other.text.count).contains(marker.column)
        }
    }

    /// Each leg as coordinates: the router's road, or the great-circle arc between its stops.
    static func routeLines(stops: [Waypoint], itinerary: Itinerary?) -> [[(longitude: Double, latitude: Double)]] {
        guard stops.count > 1 else {
            return stops.map { [($0.longitude, $0.latitude)] }
        }
        return (0..<stops.count - 1).map { index in
            if let itinerary, itinerary.legs.count == stops.count - 1, !itinerary.legs[index].geometry.isEmpty {
                return itinerary.legs[index].geometry.map { ($0.longitude, $0.latitude) }
            }
            let a = stops[index], b = stops[index + 1]
            return GreatCircle.arc(from: Coordinate(checked: a.latitude, a.longitude),
                                   to: Coordinate(checked: b.latitude, b.longitude), stepKm: arcStepKm)
        }
    }

    /// The line with its first point at the copy nearest `center` and each next one within 180° of it.
    static func continuous(_ line: [(longitude: Double, latitude: Double)], near center: Double) -> [(longitude: Double, latitude: Double)] {
        var previous = center
        return line.map { point in
            previous = GreatCircle.unwrapped(point.longitude, after: previous)
            return (previous, point.latitude)
        }
    }

    static func wrapped(_ longitude: Double) -> Double {
        longitude - 360 * ((longitude + 180) / 360).rounded(.down)
    }

    /// The stops on the grid, the selected one last so it is drawn over a neighbour.
    static func markers(stops: [Waypoint], projection: MapProjection, columns: Int, rows: Int, selected: Int?) -> [Marker] {
        var markers: [Marker] = []
        for (index, stop) in stops.enumerated() {
            let p = projection.project(Coordinate(checked: stop.latitude, stop.longitude))
            guard p.x.isFinite, p.y.isFinite, p.x >= 0, p.y >= 0 else { continue }
            let row = Int(p.y / 4), text = String(index + 1)
            let column = min(Int(p.x / 2), columns - text.count)
            guard row < rows, column >= 0, Int(p.x / 2) < columns else { continue }
            markers.append(Marker(stop: index, text: text, row: row, column: column, isSelected: index == selected))
        }
        return markers.filter { !$0.isSelected } + markers.filter(\.isSelected)
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
    public struct Path: Sendable {
        public let layer: BaseMap.Layer
        public let points: [TripMapModel.Point]
    }

    public let projection: MapProjection
    public let paths: [Path]

    public init(map: BaseMap, projection: MapProjection, layers: [BaseMap.Layer] = BaseMap.Layer.allCases) {
        self.projection = projection
        let resolution = BaseMap.Resolution.suited(toDegreesPerDot: projection.degreesPerPixel)
        paths = map.polylines(in: projection.visibleBox, resolution: resolution, layers: layers).map { line in
            Path(layer: line.layer, points: line.points.map { point in
                let p = projection.project(longitude: Double(point.longitude) + line.longitudeShift,
                                           latitude: Double(point.latitude))
                return TripMapModel.Point(x: p.x, y: p.y)
            })
        }
    }
}
