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
    /// How far the vehicle goes on a full tank or charge, km; 0: worked out from `tank` and the consumption, else
    /// the fuel-gap marks are off (`range`).
    public var rangeKm: Int = 0
    /// What the user drives: the routers' profile, which stations refill it (fuel, or charging for `ev`).
    public var vehicle: VehicleKind = .car
    /// Caps every leg's speed, km/h; 0: none.
    public var topSpeedKmh: Double = 0
    /// Litres (kWh for `ev`) per 100 km at 90 km/h; 0: not known (no fuel cost).
    public var consumptionPer100km: Double = 0
    /// The same at 120 km/h, linear in between and beyond; 0: as at 90.
    public var consumptionAt120Per100km: Double = 0
    /// A full tank in litres, or the usable battery in kWh; 0: not known.
    public var tank: Double = 0
    /// Metres and tonnes the router keeps under (low bridges, narrow and weight-limited roads); 0: not given.
    public var heightM: Double = 0
    public var widthM: Double = 0
    public var weightT: Double = 0
    /// Roads kept off, sorted.
    public var avoid: [Avoid] = []
    /// Per litre, and per kWh; 0: not known (no fuel cost).
    public var fuelPrice: Double = 0
    public var energyPrice: Double = 0
    /// What the prices are in: an ISO 4217 code ("EUR") or a symbol.
    public var currency: String = "EUR"
    /// A night's lodging where a stop has no cost of its own; 0: not counted.
    public var lodgingPerNight: Double = 0
    /// How many share the costs (the summary's split).
    public var travellers: Int = 1
    /// The usable battery, kWh; 0: `tank` when the vehicle is ev.
    public var batteryKWh: Double = 0
    /// What the battery holds at the trip's start, percent.
    public var startSoC: Int = 90
    /// The least the battery may hold on arriving anywhere, percent; below `chargeToSoC` (`chargeLimitsProblem`).
    public var reserveSoC: Int = 10
    /// What a charging stop charges to, percent: fast charging slows near full.
    public var chargeToSoC: Int = 80
    /// The car's fastest DC charging, kW: the default curve's peak.
    public var peakChargeKW: Double = 100
    /// The car's onboard charger, kW: caps every AC socket.
    public var acChargeKW: Double = 11
    /// A two-column "SoC kW" table's absolute path; nil: the default curve scaled to `peakChargeKW`.
    public var chargeCurve: String?
    /// What a charging stop costs beyond charging (parking, plugging in), minutes.
    public var chargeStopMinutes: Int = 5
    /// The sockets the car takes, in `SocketKind`'s order; never empty.
    public var chargePorts: [SocketKind] = SocketKind.standardPorts

    public init() {}

    /// What the routers are asked to honour.
    public var routeProfile: RouteProfile {
        RouteProfile(vehicle: vehicle, topSpeedKmh: topSpeedKmh, heightM: heightM, widthM: widthM, weightT: weightT,
                     avoid: avoid)
    }

    /// How far a full tank or charge goes, km: `range_km` when set, else the tank over the consumption at 90 km/h;
    /// 0 when neither is known.
    public var range: Double {
        if rangeKm > 0 { return Double(rangeKm) }
        guard tank > 0, consumptionPer100km > 0 else { return 0 }
        return tank / consumptionPer100km * 100
    }

    /// The usable battery, kWh: `battery_kwh` when set, else `tank` when the vehicle is ev; 0 when neither is known.
    public var usableBatteryKWh: Double {
        batteryKWh > 0 ? batteryKWh : vehicle == .ev ? tank : 0
    }

    /// Why no charge can be planned with these settings, naming the keys; nil when they can. Each key's own rule
    /// is checked as it is set, one at a time; this is the one rule across keys, checked where charges are planned.
    public var chargeLimitsProblem: String? {
        reserveSoC < chargeToSoC ? nil
            : "reserve_soc (\(reserveSoC) %) must be below charge_to_soc (\(chargeToSoC) %): a charge would end in the reserve"
    }
}
