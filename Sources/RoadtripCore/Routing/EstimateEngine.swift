import Foundation

/// The offline estimate: great-circle distance × detour factor, driven at an average speed. Instant, so
/// it is also what every screen shows until a real engine answers, and where an engine fails.
///
/// With `water`, a leg whose straight line crosses open sea (`WaterCheck`) is marked and its detour raised
/// by its share over water: detour × (1 + waterFactor × share), the road round the water or the ferry's
/// slower crossing, which the average speed then drives.
public struct EstimateEngine: RoutingEngine {
    public let detour: Double
    public let speedKmh: Double
    public let water: WaterCheck?
    public static let waterFactor = 1.0

    public init(detour: Double = 1.3, speedKmh: Double = 80, water: WaterCheck? = nil) {
        self.detour = detour
        self.speedKmh = speedKmh
        self.water = water
    }

    public init(_ settings: Settings, water: WaterCheck? = nil) {
        self.init(detour: settings.detour, speedKmh: settings.speedKmh, water: water)
    }

    public var source: LegSource { .estimate }
    public var identity: String { "estimate detour=\(detour) speed=\(speedKmh)" + (water == nil ? "" : " water") }

    public func leg(from: Coordinate, to: Coordinate) -> RoutedLeg {
        let share = water?.markedShare(from: from, to: to) ?? 0
        let km = GreatCircle.distanceKm(lat1: from.latitude, lon1: from.longitude, lat2: to.latitude, lon2: to.longitude)
            * detour * (1 + Self.waterFactor * share)
        return RoutedLeg(distanceKm: km, durationSeconds: km / speedKmh * 3600, source: .estimate, waterShare: share)
    }

    /// One estimate per pair: instant, and never without a leg.
    public func table(_ stops: [Coordinate]) -> LegMatrix {
        LegMatrix(stops, source: .estimate) { leg(from: $0, to: $1) }
    }
}
