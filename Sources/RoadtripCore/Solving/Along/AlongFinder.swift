import Foundation

/// The installed regions' points of interest within a corridor of a day's road (`DayRoute`: the router's road of
/// each leg when known, else the straight line, the great-circle arc), in order along it, each with the detour it
/// adds. Pure: no I/O, no routing calls. Thread-safe.
public struct AlongFinder: Sendable {
    public static let defaultCorridorKm = 5.0
    /// The widest corridor asked for: beyond it a POI is a trip of its own.
    public static let corridorRange: ClosedRange<Double> = 0.1...100

    public let index: POIIndex
    private let detour: Double
    private let speedKmh: Double

    public init(index: POIIndex, settings: Settings) {
        self.index = index
        detour = settings.detour
        speedKmh = settings.speedKmh
    }

    /// The POIs of `categories` within `corridorKm` of day `number`'s road (1-based), in order along it.
    public func along(day number: Int, trip: Trip, itinerary: Itinerary, categories: [POICategory],
                      corridorKm: Double = defaultCorridorKm) -> AlongDay {
        precondition(itinerary.days.indices.contains(number - 1), "a day of the itinerary")
        return along(itinerary.days[number - 1], trip: trip, itinerary: itinerary, categories: categories,
                     corridorKm: corridorKm)
    }

    /// The same along leg `index` alone (`Itinerary.Leg.from`, 0-based): its km count from the leg's start, and the
    /// answer's `day` is the day that drives it.
    public func along(leg index: Int, trip: Trip, itinerary: Itinerary, categories: [POICategory],
                      corridorKm: Double = defaultCorridorKm) -> AlongDay {
        precondition(itinerary.legs.indices.contains(index), "a leg of the itinerary")
        let leg = itinerary.legs[index]
        let number = itinerary.days.first { $0.legs.contains(index) }?.number ?? 1
        let alone = Itinerary.Day(number: number, date: nil, startStop: index, endStop: index + 1, legs: index..<index + 1,
                                  distanceKm: leg.distanceKm, drivingSeconds: leg.durationSeconds, exceedsLimit: false,
                                  isLast: false, departure: nil, arrival: nil, lastNumber: number, isOnTheRoad: false)
        return along(alone, trip: trip, itinerary: itinerary, categories: categories, corridorKm: corridorKm)
    }

    private func along(_ day: Itinerary.Day, trip: Trip, itinerary: Itinerary, categories: [POICategory],
                       corridorKm: Double) -> AlongDay {
        let number = day.number
        let corridor = min(Self.corridorRange.upperBound, max(Self.corridorRange.lowerBound, corridorKm))
        let basis = DayBasis(day.legs.map { itinerary.legs[$0] })
        guard day.isDriving else {
            return AlongDay(day: number, categories: categories, corridorKm: corridor, basis: basis, distanceKm: 0, stops: [])
        }
        let road = AlongRoad(day: day, itinerary: itinerary, stops: trip.waypoints, corridorKm: corridor)
        // Sorted as small keys, then made into stops: an `AlongStop` is too large to move around in a sort.
        let cells = road.cells()
        var hits: [(km: Double, item: Int32, projection: DayRoute.Projection)] = []
        for category in categories {
            for (item, projection) in road.near(index, category, cells: cells) {
                hits.append((road.kmAlong(projection), item, projection))
            }
        }
        hits.sort { $0.km != $1.km ? $0.km < $1.km : $0.item < $1.item }
        let stops = hits.map { hit -> AlongStop in
            let leg = road.route.points[road.route.segments[hit.projection.segment].start].leg
            let detourKm = 2 * hit.projection.km * detour
            return AlongStop(feature: index.features[Int(hit.item)], leg: leg, fromStop: trip.waypoints[leg].id,
                             toStop: trip.waypoints[leg + 1].id, kmAlong: hit.km, secondsAlong: hit.projection.seconds,
                             offKm: hit.projection.km, onStraightLine: itinerary.legs[leg].isOnStraightLine,
                             detourKm: detourKm, detourSeconds: detourKm / speedKmh * 3600)
        }
        return AlongDay(day: number, categories: categories, corridorKm: corridor, basis: basis,
                        distanceKm: road.distanceKm, stops: stops)
    }
}

/// A day's road (`DayRoute`) with the kilometres at each of its points: each leg's reported distance spread along
/// its shape (an estimated leg's arc is shorter than its road by the detour factor).
struct AlongRoad {
    let route: DayRoute
    /// Kilometres from the day's start at each of `route.points`.
    let km: [Double]
    let distanceKm: Double

    init(day: Itinerary.Day, itinerary: Itinerary, stops: [Waypoint], corridorKm: Double) {
        route = DayRoute(day: day, itinerary: itinerary, stops: stops) { _ in corridorKm }
        var km = [Double](repeating: 0, count: route.points.count)
        var first = 0, before = 0.0
        while first < route.points.count {
            let leg = route.points[first].leg
            var last = first
            var shape = [0.0]
            while last + 1 < route.points.count && route.points[last + 1].leg == leg {
                let a = route.points[last], b = route.points[last + 1]
                shape.append(shape.last! + GreatCircle.distanceKm(lat1: a.latitude, lon1: a.longitude,
                                                                   lat2: b.latitude, lon2: b.longitude))
                last += 1
            }
            let legKm = itinerary.legs[leg].distanceKm
            let scale = shape.last! > 0 ? legKm / shape.last! : 0
            for i in first...last { km[i] = before + shape[i - first] * scale }
            before += legKm
            first = last + 1
        }
        self.km = km
        distanceKm = before
    }

    /// The POI grid's cells the corridor reaches, each with the pieces of road that reach it.
    func cells() -> [Int: [Int]] {
        var cells: [Int: [Int]] = [:]
        for (index, piece) in route.segments.enumerated() {
            let first = Int(((piece.west + 180) / POIIndex.cellDegrees).rounded(.down))
            let last = min(first + POIIndex.columns - 1, Int(((piece.east + 180) / POIIndex.cellDegrees).rounded(.down)))
            for row in POIIndex.row(piece.south)...POIIndex.row(piece.north) {
                for unwrapped in first...last {
                    let column = (unwrapped % POIIndex.columns + POIIndex.columns) % POIIndex.columns
                    cells[POIIndex.cell(row: row, column: column), default: []].append(index)
                }
            }
        }
        return cells
    }

    /// The POIs of `category` within the corridor (indices into `index.features`), each with its nearest point on the road.
    func near(_ index: POIIndex, _ category: POICategory, cells: [Int: [Int]]) -> [(item: Int32, DayRoute.Projection)] {
        var found: [(item: Int32, DayRoute.Projection)] = []
        for (cell, segments) in cells {
            for item in index.items(category, cell: cell) {
                let latitude = index.latitudes[Int(item)], longitude = index.longitudes[Int(item)]
                var best: DayRoute.Projection?
                for segment in segments {
                    if let projection = route.project(segment, latitude: latitude, longitude: longitude),
                       best.map({ projection.km < $0.km }) ?? true { best = projection }
                }
                if let best { found.append((item, best)) }
            }
        }
        return found
    }

    /// How far along the road a projection lies.
    func kmAlong(_ projection: DayRoute.Projection) -> Double {
        let start = route.segments[projection.segment].start
        let a = route.points[start], b = route.points[start + 1]
        let whole = GreatCircle.distanceKm(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
        let part = GreatCircle.distanceKm(lat1: a.latitude, lon1: a.longitude,
                                          lat2: projection.latitude, lon2: projection.longitude)
        let share = whole > 0 ? min(1, part / whole) : 0
        return km[start] + share * (km[start + 1] - km[start])
    }
}
