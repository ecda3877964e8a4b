import Foundation

extension RoutedLeg {
    /// Bounds on what an engine may say about a leg. A stop may lie up to `OSRMEngine.snapLimitMeters` from
    /// its road at each end, hence the slack on the straight line.
    enum Plausible {
        static let slowestKmh = 0.5
        static let fastestKmh = 300.0
        static let longestSeconds = 7.0 * 86_400
        /// Road distance at most this many times the straight line, plus `slackKm` (fjords, lakes, ferries).
        static let detourFactor = 5.0
        static let slackKm = 2 * OSRMEngine.snapLimitMeters / 1000
        /// Time for the slowest speed on a leg of almost no road: two hours (a short ferry, a border).
        static let slowSlackKm = 1.0
    }

    /// Why this answer cannot be a road between `from` and `to` (for the leg's note), or nil when it can.
    /// An engine or a cache line may say 1e300 or NaN: nothing past this door converts such a
    /// figure, and no such leg is kept.
    public func implausibility(from: Coordinate, to: Coordinate) -> String? {
        let km = distanceKm, seconds = durationSeconds
        guard km.isFinite, seconds.isFinite, km >= 0, seconds >= 0 else { return "not a number" }
        if seconds > Plausible.longestSeconds { return "over a week of driving" }
        let straightKm = GreatCircle.distanceKm(lat1: from.latitude, lon1: from.longitude,
                                                lat2: to.latitude, lon2: to.longitude)
        if km > straightKm * Plausible.detourFactor + Plausible.slackKm {
            return "\(Self.figure(km)) km of road for \(Self.figure(straightKm)) km as the crow flies"
        }
        let hours = seconds / 3600
        if max(km, straightKm) - Plausible.slackKm > Plausible.fastestKmh * hours {
            return "faster than \(Int(Plausible.fastestKmh)) km/h"
        }
        if hours * Plausible.slowestKmh > km + Plausible.slowSlackKm {
            return "slower than \(Plausible.slowestKmh) km/h"
        }
        return nil
    }

    /// This leg, when it can be a road between `from` and `to`: the door every engine's answer passes, a single
    /// leg's or a matrix cell's, before it is used or kept.
    func checked(from: Coordinate, to: Coordinate) throws -> RoutedLeg {
        if let reason = implausibility(from: from, to: to) {
            throw RoutingFailure.badAnswer("\(source.engineName): impossible answer (\(reason))")
        }
        return self
    }

    /// A figure for a reason: whole kilometres, or `%g` for what no road has.
    private static func figure(_ km: Double) -> String {
        km < 1e9 ? String(Int(km.rounded())) : String(format: "%g", km)
    }
}
