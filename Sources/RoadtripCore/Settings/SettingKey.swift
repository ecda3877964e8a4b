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
    case rangeKm
    case vehicle
    case departure
    case breakAfterHours
    case breakMinutes

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
                            hint: "A day's stretch longer than this without a station is marked (0: off)")
        case .vehicle:
            return .choice("vehicle", \.vehicle, hint: "Which stations the range counts: car (fuel) or ev (charging)")
        }
    }

    /// The file's name ("speed_kmh"): the contract with the user's file.
    public var rawValue: String { row.name }

    public init?(rawValue: String) {
        guard let key = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = key
    }

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
