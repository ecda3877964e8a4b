import Foundation

/// The keys of `config.toml`, each with its row in `row`: the file, `roadtrip config` and the Settings screen read
/// every part of a setting from there. Adding a setting is its value in `Settings`, a case and its row (the
/// compiler asks for the row); the order of the cases is the order of `config list` and the screen.
public enum SettingKey: RawRepresentable, CaseIterable, Sendable {
    case units
    case router
    case osrmURL
    case routinoDirectory
    case speedKmh
    case detour
    case dailyLimitHours
    case departure
    case breakAfterHours
    case breakMinutes
    case vehicle
    case topSpeedKmh
    case consumption
    case consumptionAt120
    case tank
    case rangeKm
    case heightM
    case widthM
    case weightT
    case avoid
    case fuelPrice
    case energyPrice
    case currency
    case lodgingPerNight
    case travellers
    case batteryKWh
    case startSoC
    case reserveSoC
    case chargeToSoC
    case peakChargeKW
    case acChargeKW
    case chargeCurve
    case chargeStopMinutes
    case chargePorts

    var row: SettingRow {
        switch self {
        case .units: return .choice("units", \.units, hint: "Distances in km or mi")
        case .router:
            return .choice("router", \.router, hint: "Leg distances and times from estimate (offline, ≈), osrm, routino or auto (per leg)")
        case .osrmURL:
            return .text("osrm_url", \.osrmURL,
                         requirement: "an http:// or https:// URL with a host, like http://127.0.0.1:5000",
                         hint: "The OSRM server (http:// or https://)", parse: SettingRules.httpURL, format: { $0 })
        case .routinoDirectory:
            return .folder("routino_dir", \.routinoDirectory, hint: "The Routino database folder (an absolute path)",
                           documentedDefault: "$XDG_DATA_HOME/roadtrip/routino",
                           defaultFolder: { RoutinoDatabase.defaultDirectory(environment: $0).path })
        case .speedKmh: return .number("speed_kmh", \.speedKmh, 10...200, unit: " km/h", hint: "The estimate's average speed")
        case .detour: return .number("detour", \.detour, 1...3, hint: "The estimate's road over straight-line distance")
        case .dailyLimitHours:
            return .number("daily_limit_hours", \.dailyLimitHours, 1...24,
                           hint: "A day with more driving hours than this is marked")
        case .departure:
            return .text("departure", \.departureMinutes, requirement: "a time HH:MM from 00:00 to 23:59",
                         hint: "When each driving day starts, HH:MM", parse: SettingRules.minutesAfterMidnight,
                         format: SettingRules.clock)
        case .breakAfterHours:
            return .number("break_after_hours", \.breakAfterHours, 0...24,
                           hint: "A rest after this many hours of driving (0: none)")
        case .breakMinutes:
            return .integer("break_minutes", \.breakMinutes, 0...240, unit: " minutes",
                            hint: "How long each rest lasts (0: none)")
        case .rangeKm:
            return .integer("range_km", \.rangeKm, 0...5_000, unit: " km",
                            hint: "How far a full tank goes; a longer stretch without a station is marked (0: from tank)")
        case .vehicle:
            return .choice("vehicle", \.vehicle,
                           hint: "What you drive: the routers' profile, and fuel or charging (ev) stations")
        case .topSpeedKmh:
            return .number("top_speed_kmh", \.topSpeedKmh, 0...300, unit: " km/h",
                           hint: "Caps every leg's speed (0: none)")
        case .consumption:
            return .number("consumption_per_100km", \.consumptionPer100km, 0...100,
                           hint: "Litres (kWh for ev) per 100 km at 90 km/h (0: unknown)")
        case .consumptionAt120:
            return .number("consumption_at_120", \.consumptionAt120Per100km, 0...100,
                           hint: "The same at 120 km/h, linear in between (0: as at 90)")
        case .tank:
            return .number("tank", \.tank, 0...1_000, hint: "A full tank in litres, or the usable battery in kWh (0: unknown)")
        case .heightM:
            return .number("height_m", \.heightM, 0...10, unit: " m", hint: "The vehicle's height the router keeps under (0: none)")
        case .widthM:
            return .number("width_m", \.widthM, 0...5, unit: " m", hint: "The vehicle's width (0: none)")
        case .weightT:
            return .number("weight_t", \.weightT, 0...60, unit: " t", hint: "The vehicle's weight (0: none)")
        case .avoid:
            return .list("avoid", \.avoid, orNone: true,
                         hint: "Roads to keep off: motorways, ferries, tolls, unpaved (comma-separated)")
        case .fuelPrice:
            return .number("fuel_price", \.fuelPrice, 0...1_000, hint: "A litre's price (0: unknown)")
        case .energyPrice:
            return .number("energy_price", \.energyPrice, 0...1_000, hint: "A kWh's price (0: unknown)")
        case .currency:
            return .text("currency", \.currency, requirement: "a currency code or symbol of 1 to 4 letters, like EUR or €",
                         hint: "What the prices are in", parse: SettingRules.currency, format: { $0 })
        case .lodgingPerNight:
            return .number("lodging_per_night", \.lodgingPerNight, 0...100_000,
                           hint: "A night's lodging where a stop has no cost (0: not counted)")
        case .travellers:
            return .integer("travellers", \.travellers, 1...99, hint: "How many share the costs")
        case .batteryKWh:
            return .number("battery_kwh", \.batteryKWh, 0...500, unit: " kWh", hint: "The usable battery (0: tank for an ev)")
        case .startSoC:
            return .integer("start_soc", \.startSoC, 1...100, unit: " %", hint: "What the battery holds at the start")
        case .reserveSoC:
            return .integer("reserve_soc", \.reserveSoC, 0...50, unit: " %",
                            hint: "The least to arrive with, below charge_to_soc")
        case .chargeToSoC:
            return .integer("charge_to_soc", \.chargeToSoC, 10...100, unit: " %", hint: "What a charging stop charges to")
        case .peakChargeKW:
            return .number("peak_charge_kw", \.peakChargeKW, 1...1_000, unit: " kW", hint: "The car's fastest DC charging")
        case .acChargeKW:
            return .number("ac_charge_kw", \.acChargeKW, 1...50, unit: " kW", hint: "The car's onboard charger, for AC")
        case .chargeCurve:
            return .file("charge_curve", \.chargeCurve, holding: "\"SoC kW\" lines",
                         hint: "A file of \"SoC kW\" lines for the charging curve (built-in: scaled to peak_charge_kw)",
                         reads: { (try? ChargeCurve.load(path: $0)) != nil })
        case .chargeStopMinutes:
            return .integer("charge_stop_minutes", \.chargeStopMinutes, 0...60, unit: " minutes",
                            hint: "What a charging stop takes beyond charging")
        case .chargePorts:
            return .list("charge_ports", \.chargePorts, orNone: false,
                         hint: "The car's sockets: chargers without one are skipped (comma-separated)")
        }
    }

    /// The file's name ("speed_kmh"): the contract with the user's file.
    public var rawValue: String { row.name }

    public init?(rawValue: String) {
        guard let key = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = key
    }

    /// Whether the file may give it as a TOML array of words (`avoid`, `charge_ports`).
    var takesList: Bool { self == .avoid || self == .chargePorts }

    /// One line saying what the key does and what it takes.
    public var hint: String { row.hint }

    /// What the key takes, completing "speed_kmh must be …".
    public var requirement: String { row.requirement }

    /// The values Enter steps through on the Settings screen, for a key that takes one of a few words; nil for a
    /// typed value.
    public var choices: [String]? { row.choices }

    /// The default as the user would write it; a default folder as it resolves in `environment`.
    public func defaultText(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        text(in: Settings(), environment: environment)
    }

    /// The default as help describes it, the same on every machine (`$XDG_DATA_HOME/roadtrip/routino`).
    public var documentedDefault: String { row.documentedDefault }

    /// This key's value in `settings`, as the user would write it ("80", "1.3", "09:00"); unset, a folder is the
    /// one it means in `environment` (`/home/u/.local/share/roadtrip/routino`), as the routing engines resolve it.
    public func text(in settings: Settings,
                     environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        row.text(settings, environment)
    }

    /// Checks `text` and stores it in `settings`; throws `SettingsError.invalidValue` naming the key and the rule.
    /// Surrounding spaces are ignored; a value is stored in its plain form (a URL without its last `/`).
    public func apply(_ text: String, to settings: inout Settings) throws {
        guard row.read(text.trimmingCharacters(in: .whitespaces), &settings) else {
            throw SettingsError.invalidValue(self)
        }
    }
}
