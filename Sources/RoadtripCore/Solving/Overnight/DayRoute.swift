import Foundation

/// One day's road as a polyline: the router's geometry of each leg when it gave one, else the great-circle arc
/// between the stops. Each point knows its leg and the driving time at it, counted from the day's start (a leg's
/// time spread evenly along its length), so a town near the road has a place in the day.
struct DayRoute {
    struct Point {
        let latitude: Double
        /// Continuous along a leg: past ±180° on a leg across the antimeridian.
        let longitude: Double
        /// The trip's leg index (`Itinerary.Leg.from`).
        let leg: Int
        let seconds: Double
    }

    /// Where a place meets the road: its nearest point on it.
    struct Projection {
        let segment: Int
        let latitude: Double
        let longitude: Double
        let seconds: Double
        /// From the place to that point.
        let km: Double
    }

    /// A piece of road between two points of one leg, with what the corridor's tests need computed once.
    struct Segment {
        /// Its first point (`points[start]`; the next point ends it).
        let start: Int
        /// Kilometres per degree of longitude at its start.
        let scale: Double
        /// How far from it a place may be (its leg's corridor).
        let corridorKm: Double
        /// Its box grown by the corridor's width, in degrees (longitudes continuous with its points').
        let south: Double, north: Double, west: Double, east: Double
    }

    let points: [Point]
    let segments: [Segment]
    let drivingSeconds: Double

    static let kmPerDegree = GreatCircle.meanRadiusKm * .pi / 180
    /// An arc's points are this far apart, or a tenth of its corridor's width when wider: a place 250 km off is
    /// as well measured from a 25 km chord (it leaves the arc by 12 m), and each place meets five times fewer.
    static let arcStepKm = 5.0
    /// A router's geometry is thinned to a point about this far along the road from the last.
    static let pointSpacingKm = 1.0

    /// `corridorKm`: how far from each leg of the day a place may be.
    init(day: Itinerary.Day, itinerary: Itinerary, stops: [Waypoint], corridorKm: (Itinerary.Leg) -> Double) {
        var points: [Point] = [], starts: [Int] = []
        var elapsed = 0.0
        let widths = Dictionary(uniqueKeysWithValues: day.legs.map { ($0, corridorKm(itinerary.legs[$0])) })
        for index in day.legs {
            let leg = itinerary.legs[index]
            var shape: [(latitude: Double, longitude: Double)] = []
            if leg.geometry.count >= 2 {
                shape = leg.geometry.map { ($0.latitude, $0.longitude) }
            } else {
                let step = max(Self.arcStepKm, widths[index]! / 10)
                GreatCircle.arc(from: stops[index].coordinate, to: stops[index + 1].coordinate, stepKm: step,
                                maxPoints: 20_000) { longitude, sine in
                    shape.append((asin(max(-1, min(1, sine))) * 180 / .pi, longitude))
                }
            }
            var along = [0.0]
            for i in 1..<shape.count {
                along.append(along[i - 1] + GreatCircle.distanceKm(lat1: shape[i - 1].latitude, lon1: shape[i - 1].longitude,
                                                                  lat2: shape[i].latitude, lon2: shape[i].longitude))
            }
            let total = along.last!
            // A router's road has a point every few metres: one a kilometre along is close enough (the chord leaves
            // the road by half a kilometre at most) and spares the corridor thousands of segments.
            var kept = [0]
            for i in 1..<shape.count where i == shape.count - 1 || along[i] - along[kept.last!] >= Self.pointSpacingKm {
                kept.append(i)
            }
            var longitude = shape[0].longitude
            for (k, i) in kept.enumerated() {
                let point = shape[i]
                if k + 1 < kept.count { starts.append(points.count) }
                longitude = GreatCircle.unwrapped(point.longitude, after: longitude)
                let share = total > 0 ? along[i] / total : Double(i) / Double(shape.count - 1)
                points.append(Point(latitude: point.latitude, longitude: longitude, leg: index,
                                    seconds: elapsed + share * leg.durationSeconds))
            }
            elapsed += leg.durationSeconds
        }
        segments = starts.map { start in
            let a = points[start], b = points[start + 1]
            let corridorKm = widths[a.leg]!
            let degreesNorth = corridorKm / Self.kmPerDegree
            let south = max(-90, min(a.latitude, b.latitude) - degreesNorth)
            let north = min(90, max(a.latitude, b.latitude) + degreesNorth)
            let poleward = min(89, max(abs(south), abs(north)))
            let degreesEast = min(180, degreesNorth / cos(poleward * .pi / 180))
            return Segment(start: start, scale: cos(a.latitude * .pi / 180) * Self.kmPerDegree, corridorKm: corridorKm,
                           south: south, north: north, west: min(a.longitude, b.longitude) - degreesEast,
                           east: max(a.longitude, b.longitude) + degreesEast)
        }
        self.points = points
        drivingSeconds = elapsed
    }

    /// The nearest point of segment `segment` to a place within the corridor, on a plane tangent at the segment's
    /// start (segments are short enough: a router's about a kilometre, an arc's 5 km); nil when farther.
    @inline(__always)
    func project(_ segment: Int, latitude: Double, longitude: Double) -> Projection? {
        let piece = segments[segment]
        guard latitude >= piece.south, latitude <= piece.north else { return nil }
        let a = points[piece.start], b = points[piece.start + 1]
        let x = GreatCircle.unwrapped(longitude, after: a.longitude)
        guard x >= piece.west, x <= piece.east else { return nil }
        let bx = (b.longitude - a.longitude) * piece.scale, by = (b.latitude - a.latitude) * Self.kmPerDegree
        let px = (x - a.longitude) * piece.scale, py = (latitude - a.latitude) * Self.kmPerDegree
        let length = bx * bx + by * by
        let u = length > 0 ? min(1, max(0, (px * bx + py * by) / length)) : 0
        let km = hypot(px - u * bx, py - u * by)
        guard km <= piece.corridorKm else { return nil }
        return Projection(segment: segment, latitude: a.latitude + u * (b.latitude - a.latitude),
                          longitude: a.longitude + u * (b.longitude - a.longitude),
                          seconds: a.seconds + u * (b.seconds - a.seconds), km: km)
    }

    /// The gazetteer grid's cells the corridor reaches, each with the segments that reach it: the corridor's
    /// prefilter (a 1,000 km day touches a few hundred cells of ½°, not the world's 235,000 places).
    func cells() -> [Int: [Int]] {
        var cells: [Int: [Int]] = [:]
        for (index, piece) in segments.enumerated() {
            let firstColumn = Int(((piece.west + 180) * NearestPlaceGrid.cellsPerDegree).rounded(.down))
            let lastColumn = min(firstColumn + NearestPlaceGrid.columns - 1,
                                 Int(((piece.east + 180) * NearestPlaceGrid.cellsPerDegree).rounded(.down)))
            for row in NearestPlaceGrid.row(piece.south)...NearestPlaceGrid.row(piece.north) {
                for unwrapped in firstColumn...lastColumn {
                    let column = (unwrapped % NearestPlaceGrid.columns + NearestPlaceGrid.columns) % NearestPlaceGrid.columns
                    cells[row * NearestPlaceGrid.columns + column, default: []].append(index)
                }
            }
        }
        return cells
    }
}
