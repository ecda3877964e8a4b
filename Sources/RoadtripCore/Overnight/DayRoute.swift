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

    /// Points; `segments[i]` joins `points[segments[i]]` and the next (never across two legs).
    let points: [Point]
    let segments: [Int]
    let drivingSeconds: Double

    /// An arc's points are this far apart (a router's geometry is used as it is).
    static let arcStepKm = 5.0

    init(day: Itinerary.Day, itinerary: Itinerary, stops: [Waypoint]) {
        var points: [Point] = [], segments: [Int] = []
        var elapsed = 0.0
        for index in day.legs {
            let leg = itinerary.legs[index]
            var shape: [(latitude: Double, longitude: Double)] = []
            if leg.geometry.count >= 2 {
                shape = leg.geometry.map { ($0.latitude, $0.longitude) }
            } else {
                GreatCircle.arc(from: stops[index].coordinate, to: stops[index + 1].coordinate, stepKm: Self.arcStepKm,
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
            var longitude = shape[0].longitude
            for (i, point) in shape.enumerated() {
                if i + 1 < shape.count { segments.append(points.count) }
                longitude = GreatCircle.unwrapped(point.longitude, after: longitude)
                let share = total > 0 ? along[i] / total : Double(i) / Double(shape.count - 1)
                points.append(Point(latitude: point.latitude, longitude: longitude, leg: index,
                                    seconds: elapsed + share * leg.durationSeconds))
            }
            elapsed += leg.durationSeconds
        }
        self.points = points
        self.segments = segments
        drivingSeconds = elapsed
    }

    /// The nearest point of segment `segment` to a place, on a plane tangent at the segment's start (segments are
    /// short enough: a router's are metres to a few km, an arc's 5 km).
    func project(_ segment: Int, latitude: Double, longitude: Double) -> Projection {
        let a = points[segments[segment]], b = points[segments[segment] + 1]
        let kmPerDegree = GreatCircle.meanRadiusKm * .pi / 180
        let scale = cos(a.latitude * .pi / 180) * kmPerDegree
        let bx = (b.longitude - a.longitude) * scale, by = (b.latitude - a.latitude) * kmPerDegree
        let px = (GreatCircle.unwrapped(longitude, after: a.longitude) - a.longitude) * scale
        let py = (latitude - a.latitude) * kmPerDegree
        let length = bx * bx + by * by
        let u = length > 0 ? min(1, max(0, (px * bx + py * by) / length)) : 0
        let km = hypot(px - u * bx, py - u * by)
        return Projection(segment: segment, latitude: a.latitude + u * (b.latitude - a.latitude),
                          longitude: a.longitude + u * (b.longitude - a.longitude),
                          seconds: a.seconds + u * (b.seconds - a.seconds), km: km)
    }

    /// The gazetteer grid's cells within `km` of each segment, each with the segments that reach it: the
    /// corridor's prefilter (a 1,000 km day touches a few hundred cells of ½°, not the world's 235,000 places).
    func cells(within km: Double) -> [Int: [Int]] {
        var cells: [Int: [Int]] = [:]
        let degreesNorth = km / (GreatCircle.meanRadiusKm * .pi / 180)
        for segment in segments.indices {
            let a = points[segments[segment]], b = points[segments[segment] + 1]
            let south = max(-90, min(a.latitude, b.latitude) - degreesNorth)
            let north = min(90, max(a.latitude, b.latitude) + degreesNorth)
            let poleward = min(89, max(abs(south), abs(north)))
            let degreesEast = min(180, degreesNorth / cos(poleward * .pi / 180))
            let west = min(a.longitude, b.longitude) - degreesEast, east = max(a.longitude, b.longitude) + degreesEast
            let firstColumn = Int(((west + 180) * NearestPlaceGrid.cellsPerDegree).rounded(.down))
            let lastColumn = min(firstColumn + NearestPlaceGrid.columns - 1,
                                 Int(((east + 180) * NearestPlaceGrid.cellsPerDegree).rounded(.down)))
            for row in NearestPlaceGrid.row(south)...NearestPlaceGrid.row(north) {
                for unwrapped in firstColumn...lastColumn {
                    let column = (unwrapped % NearestPlaceGrid.columns + NearestPlaceGrid.columns) % NearestPlaceGrid.columns
                    cells[row * NearestPlaceGrid.columns + column, default: []].append(segment)
                }
            }
        }
        return cells
    }
}
