import Foundation

/// What the user can set (`config.toml`, `roadtrip config`, the Settings screen). Plain values with the
/// documented defaults; each one's name, rule and hint are its row in `SettingKey`, reading and writing the file
/// is `SettingsFile`'s job.
public struct Settings: Equatable, Sendable {
    public enum RouterKind: String, CaseIterable, Sendable {
        /// Great-circle distance × detour at an average speed; offline, instant, marked ≈.
        case estimate
        /// An OSRM server's HTTP API (a local `osrm-routed`, or any server the user may use).
        case osrm
        /// Debian's `routino-router` on a local database.
        case routino
        /// Per leg: an installed region's Routino database when it holds both stops, else OSRM when its URL is
        /// set, else the estimate (`AutoEngine`).
        case auto

        /// `auto` once a region is installed (looked for once per run), else `estimate`.
        public static let standard: RouterKind = InstalledRegions.scan().regions.isEmpty ? .estimate : .auto
    }

    public var units: DistanceUnit = .km
    public var router: RouterKind = .standard
    public var osrmURL: String = "http://127.0.0.1:5000"
    /// Whether the settings file says `osrm_url` (not a setting: read with it). Router `auto` asks OSRM only
    /// then, since the default URL is a guess no server may answer.
    public var osrmURLIsSet = false
    /// The Routino database folder; nil means `$XDG_DATA_HOME/roadtrip/routino/`.
    public var routinoDirectory: String?
    /// The estimate's average speed, km/h.
    public var speedKmh: Double = 80
    /// The estimate's road distance over the straight line.
    public var detour: Double = 1.3
    /// Driving beyond this many hours in one day marks the day.
    public var dailyLimitHours: Double = 8
    /// When each driving day starts, minutes after midnight (09:00).
    public var departureMinutes: Int = 9 * 60
    /// A rest of `breakMinutes` after each this many hours of driving (the EU drivers' rule); 0 turns it off.
    public var breakAfterHours: Double = 4.5
    /// 0 turns the rests off.
    public var breakMinutes: Int = 45
    /// How far the vehicle goes on a full tank or charge, km; 0 turns the fuel-gap marks off.
    public var rangeKm: Int = 0
    /// Which stations refill it: fuel for a car, charging for an electric one (the fuel gaps).
    public var vehicle: Vehicle = .car

    public enum Vehicle: String, CaseIterable, Sendable {
        case car, ev

        /// The points of interest that refill it.
        public var station: POICategory { self == .ev ? .charge : .fuel }
    }

    public init() {}
}
