import Foundation

/// What the user can set (`config.toml`, `roadtrip config`, the Settings screen). Plain values with the
/// documented defaults; reading and writing the file is `SettingsFile`'s job.
public struct Settings: Equatable, Sendable {
    public enum RouterKind: String, CaseIterable, Sendable {
        /// Great-circle distance × detour at an average speed; offline, instant, marked ≈.
        case estimate
        /// An OSRM server's HTTP API (a local `osrm-routed`, or any server the user may use).
        case osrm
        /// Debian's `routino-router` on a local database.
        case routino
    }

    public var units: DistanceUnit = .km
    public var router: RouterKind = .estimate
    public var osrmURL: String = "http://127.0.0.1:5000"
    /// The Routino database folder; nil means `$XDG_DATA_HOME/roadtrip/routino/`.
    public var routinoDirectory: String?
    /// The estimate's average speed, 10…200 km/h.
    public var speedKmh: Double = 80
    /// The estimate's road distance over the straight line, 1…3.
    public var detour: Double = 1.3
    /// Driving beyond this in one day marks the day, 1…24 hours.
    public var dailyLimitHours: Double = 8
    /// When each driving day starts, minutes after midnight (09:00).
    public var departureMinutes: Int = 9 * 60

    public init() {}

    // The documented ranges, checked when a value is read from the file or set.
    public static let speedKmhRange: ClosedRange<Double> = 10...200
    public static let detourRange: ClosedRange<Double> = 1...3
    public static let dailyLimitHoursRange: ClosedRange<Double> = 1...24
}
