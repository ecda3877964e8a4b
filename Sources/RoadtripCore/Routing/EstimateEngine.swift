import Foundation

/// The offline estimate: great-circle distance × detour factor, driven at an average speed. Instant, so
/// it is also what every screen shows until a real engine answers, and where an engine fails.
///
/// With `water` (`WaterCheck`), a line that crosses the sea follows the way round over land instead, × the same detour:
/// fitted on real legs by fjords and coasts (`WaterLeg`), the road's length over that way is 1.3–1.4 times it, as over
/// any land. Where there is no way round the leg crosses water: its land × detour at the average speed, then its sea
/// gap at `ferryKmh`.
public struct EstimateEngine: RoutingEngine {
    public let detour: Double
    public let speedKmh: Double
    public let water: WaterCheck?
    /// Roads asked to avoid. A straight line keeps off none of them: each leg says so (`unavoided`), except ferries,
    /// which the way round over land avoids; a leg with no way round crosses the water and says it.
    public let avoid: [Avoid]
    /// A car ferry's average over its crossing: Helsinki–Tallinn about 40 km/h, Dover–Calais and Cook Strait 26–28.
    public static let ferryKmh = 30.0

    public init(detour: Double = 1.3, speedKmh: Double = 80, water: WaterCheck? = nil, avoid: [Avoid] = []) {
        self.detour = detour
        self.speedKmh = speedKmh
        self.water = water
        self.avoid = avoid
        landAvoids = avoid.filter { $0 != .ferries }
    }

    private let landAvoids: [Avoid]

    /// The settings' average speed, at most the vehicle's top speed.
    public init(_ settings: Settings, water: WaterCheck? = nil) {
        let top = settings.topSpeedKmh
        self.init(detour: settings.detour, speedKmh: top > 0 ? min(settings.speedKmh, top) : settings.speedKmh, water: water,
                  avoid: settings.avoid)
    }

    public var source: LegSource { .estimate }
    public var identity: String {
        "estimate detour=\(detour) speed=\(speedKmh)" + (water == nil ? "" : " water")
            + (avoid.isEmpty ? "" : " avoid=" + avoid.map(\.rawValue).joined(separator: ","))
    }

    public func leg(from: Coordinate, to: Coordinate) -> RoutedLeg {
        let line = GreatCircle.distanceKm(lat1: from.latitude, lon1: from.longitude, lat2: to.latitude, lon2: to.longitude)
        switch water?.answer(from: from, to: to) ?? .overLand {
        case .overLand:
            return driven(line * detour)
        case let .wayRound(landKm):
            // The way round is never shorter than the line: where the grid's steps make it so, the line holds.
            return driven(max(line, landKm) * detour)
        case let .crossing(landKm, seaKm):
            let roadKm = landKm * detour
            var leg = RoutedLeg(distanceKm: roadKm + seaKm, durationSeconds: (roadKm / speedKmh + seaKm / Self.ferryKmh) * 3600,
                                source: .estimate, seaKm: seaKm)
            leg.unavoided = avoid
            return leg
        }
    }

    private func driven(_ km: Double) -> RoutedLeg {
        var leg = RoutedLeg(distanceKm: km, durationSeconds: km / speedKmh * 3600, source: .estimate)
        leg.unavoided = landAvoids
        return leg
    }

    /// One estimate per pair: instant, and never without a leg.
    public func table(_ stops: [Coordinate]) -> LegMatrix {
        LegMatrix(stops, source: .estimate) { leg(from: $0, to: $1) }
    }
}
