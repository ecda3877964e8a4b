import Foundation

/// The offline estimate: great-circle distance × detour factor, driven at an average speed. Instant, so
/// it is also what every screen shows until a real engine answers, and where an engine fails.
public struct EstimateEngine: RoutingEngine {
    public let detour: Double
    public let speedKmh: Double

    public init(detour: Double = 1.3, speedKmh: Double = 80) {
        self.detour = detour
        self.speedKmh = speedKmh
    }

    public init(_ settings: Settings) {
        self.init(detour: settings.detour, speedKmh: settings.speedKmh)
    }

    public var source: LegSource { .estimate }
    public var identity: String { "estimate detour=\(detour) speed=\(speedKmh)" }

    public func leg(from: Coordinate, to: Coordinate) -> RoutedLeg {
        let km = GreatCircle.distanceKm(lat1: from.latitude, lon1: from.longitude, lat2: to.latitude, lon2: to.longitude)
            * detour
        return RoutedLeg(distanceKm: km, durationSeconds: km / speedKmh * 3600, source: .estimate)
    }

    /// One estimate per pair: instant, and never without a leg.
    public func table(_ stops: [Coordinate]) -> LegMatrix {
        LegMatrix(stops, source: .estimate) { leg(from: $0, to: $1) }
    }
}
