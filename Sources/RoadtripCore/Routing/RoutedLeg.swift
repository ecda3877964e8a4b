import Foundation

/// Who computed a leg.
public enum LegSource: String, Codable, Sendable {
    case estimate, osrm, routino

    /// The engine's own name, which begins its failure reasons ("OSRM: no route").
    public var engineName: String {
        switch self {
        case .estimate: return "Estimate"
        case .osrm: return "OSRM"
        case .routino: return "Routino"
        }
    }
}

/// One leg as an engine answered it: from one stop to the next.
public struct RoutedLeg: Equatable, Sendable {
    public var distanceKm: Double
    public var durationSeconds: Double
    /// The road as a polyline, first point near the start stop, last near the end stop. Empty for an
    /// estimate: its shape is the great-circle arc between the stops (the map draws it).
    public var geometry: [Coordinate]
    public var source: LegSource
    /// The part of the leg on a ferry (Routino's `ferry` segments), already in the distance and duration.
    public var ferryKm: Double
    public var ferrySeconds: Double
    /// The installed region whose database answered (router `auto`); nil otherwise.
    public var region: String?
    /// An estimate's open sea when no way round it was found (`WaterCheck`): the shortest gap, in the distance.
    /// 0 otherwise.
    public var seaKm: Double
    /// Roads the profile asked to avoid that this engine could not keep off on this leg (Routino knows no tolls; an
    /// OSRM server without the class): said on the leg, never a silent "avoided".
    public var unavoided: [Avoid] = []
    /// The engine routed for its own vehicle, not the profile's (an OSRM server has one profile): said on the leg.
    public var ownProfile = false
    /// The leg's tolled kilometres, when the region's ways say which are tolled; nil: not known.
    public var tollKm: Double?
    /// What those tolls cost, where the ways' `charge` gives it, in `tollCurrency` (ISO 4217); nil: not known (or no
    /// toll).
    public var tollPrice: Double?
    public var tollCurrency: String?

    public init(distanceKm: Double, durationSeconds: Double, geometry: [Coordinate] = [], source: LegSource,
                ferryKm: Double = 0, ferrySeconds: Double = 0, region: String? = nil, seaKm: Double = 0) {
        self.distanceKm = distanceKm
        self.durationSeconds = durationSeconds
        self.geometry = geometry
        self.source = source
        self.ferryKm = ferryKm
        self.ferrySeconds = ferrySeconds
        self.region = region
        self.seaKm = seaKm
    }

    public var usesFerry: Bool { ferrySeconds > 0 || ferryKm > 0 }
    public var crossesWater: Bool { seaKm > 0 }
}

/// Why an engine could not give a leg. The description is a short reason for the message line and `show`:
/// the leg falls back to the estimate, never an error screen.
public enum RoutingFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// No server at the URL, no database in the folder, the program missing.
    case unavailable(String)
    /// The engine answered that no road connects the points (or a stop is far from any road).
    case noRoute(String)
    case timedOut(String)
    /// The answer could not be read.
    case badAnswer(String)

    public var description: String {
        switch self {
        case let .unavailable(reason), let .noRoute(reason), let .timedOut(reason), let .badAnswer(reason):
            return reason
        }
    }
}
