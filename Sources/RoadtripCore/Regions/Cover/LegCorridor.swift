import Foundation

/// Where a leg's road may run, as points to look up in extract outlines: its great-circle line every `stepKm`,
/// and beside each point one `marginKm` to the left and one to the right. Without a road to look at, the line
/// is all roadtrip knows, and roads weave round it (a valley, a coast, a bridge). The margin is 10 km, not the
/// tens of km a road may stray: a wider one pulls in a whole neighbour wherever the line runs near its border,
/// for roads that mostly stay on this side — at 25 km, Basel → Strasbourg → Karlsruhe adds Rheinland-Pfalz
/// (682 MB in all, not 424 MB), a Dutch tour North Rhine-Westphalia (2.7 GB, not 1.8 GB). Even 10 km asks for
/// Mexico on a leg from El Paso, on the border. A road that strays further mostly stays inside the extract that
/// holds the line (a state, a country) all the same.
public struct LegCorridor: Sendable {
    public static let stepKm = 10.0
    public static let marginKm = 10.0
    /// A leg of 40,000 km has 4,000 points at 10 km; more would only slow the look-up.
    static let maxLinePoints = 4_000

    /// The line's points from the leg's start to its end, both included.
    public let line: [Coordinate]
    /// `marginKm` either side of each line point (none for a leg shorter than a kilometre: no direction).
    public let sides: [Coordinate]

    public init(from a: Coordinate, to b: Coordinate) {
        var line: [Coordinate] = []
        GreatCircle.arc(from: a, to: b, stepKm: Self.stepKm, maxPoints: Self.maxLinePoints) { longitude, sine in
            line.append(Self.coordinate(latitude: asin(max(-1, min(1, sine))) * 180 / .pi, longitude: longitude))
        }
        self.line = line
        guard line.count > 1, GreatCircle.distanceKm(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude,
                                                     lon2: b.longitude) >= 1 else {
            sides = []
            return
        }
        sides = line.indices.flatMap { index -> [Coordinate] in
            let (before, after) = (line[max(0, index - 1)], line[min(line.count - 1, index + 1)])
            let heading = GreatCircle.bearing(lat1: before.latitude, lon1: before.longitude,
                                              lat2: after.latitude, lon2: after.longitude)
            return [heading - 90, heading + 90].map { Self.destination(from: line[index], bearing: $0, km: Self.marginKm) }
        }
    }

    /// The point `km` from `start` along the initial `bearing` (degrees from north) on the sphere.
    static func destination(from start: Coordinate, bearing: Double, km: Double) -> Coordinate {
        let δ = km / GreatCircle.meanRadiusKm, θ = bearing * .pi / 180
        let φ1 = start.latitude * .pi / 180, λ1 = start.longitude * .pi / 180
        let φ2 = asin(max(-1, min(1, sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ))))
        let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
        return coordinate(latitude: φ2 * 180 / .pi, longitude: λ2 * 180 / .pi)
    }

    /// Longitude brought back into −180…180 (the arc runs past ±180° to stay continuous).
    private static func coordinate(latitude: Double, longitude: Double) -> Coordinate {
        var wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        if wrapped < 0 { wrapped += 360 }
        return Coordinate(checked: min(90, max(-90, latitude)), wrapped - 180)
    }
}
