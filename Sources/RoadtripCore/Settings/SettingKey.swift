import Foundation

/// The keys of `config.toml`; the raw values are the file's names (the contract with the user's file).
/// Each key checks its own values, so the file, `roadtrip config set` and the Settings screen apply one rule.
public enum SettingKey: String, CaseIterable, Sendable {
    case units
    case router
    case osrmURL = "osrm_url"
    case routinoDirectory = "routino_dir"
    case speedKmh = "speed_kmh"
    case detour
    case dailyLimitHours = "daily_limit_hours"
    case departure

    /// One line saying what the key does and what it takes.
    public var hint: String {
        switch self {
        case .units: return "Distances in km or mi"
        case .router: return "Leg distances and times from estimate (offline, ≈), osrm or routino"
        case .osrmURL: return "The OSRM server (http:// or https://)"
        case .routinoDirectory: return "The Routino database folder (an absolute path)"
        case .speedKmh: return "The estimate's average speed, 10 to 200 km/h"
        case .detour: return "The estimate's road over straight-line distance, 1 to 3"
        case .dailyLimitHours: return "A day with more driving hours than this is marked, 1 to 24"
        case .departure: return "When each driving day starts, HH:MM"
        }
    }

    /// What the key takes, completing "speed_kmh must be …".
    public var requirement: String {
        switch self {
        case .units: return "km or mi"
        case .router: return "estimate, osrm or routino"
        case .osrmURL: return "an http:// or https:// URL with a host, like http://127.0.0.1:5000"
        case .routinoDirectory: return "an absolute path (starting with /)"
        case .speedKmh: return Self.numberRequirement(Settings.speedKmhRange)
        case .detour: return Self.numberRequirement(Settings.detourRange)
        case .dailyLimitHours: return Self.numberRequirement(Settings.dailyLimitHoursRange)
        case .departure: return "a time HH:MM from 00:00 to 23:59"
        }
    }

    /// The default as the user would write it.
    public var defaultText: String { text(in: Settings()) }

    /// This key's value in `settings`, as the user would write it ("80", "1.3", "09:00").
    public func text(in settings: Settings) -> String {
        switch self {
        case .units: return settings.units.rawValue
        case .router: return settings.router.rawValue
        case .osrmURL: return settings.osrmURL
        case .routinoDirectory: return settings.routinoDirectory ?? "$XDG_DATA_HOME/roadtrip/routino"
        case .speedKmh: return Self.format(settings.speedKmh)
        case .detour: return Self.format(settings.detour)
        case .dailyLimitHours: return Self.format(settings.dailyLimitHours)
        case .departure:
            return String(format: "%02d:%02d", settings.departureMinutes / 60, settings.departureMinutes % 60)
        }
    }

    /// Checks `text` and stores it in `settings`; throws `SettingsError.invalidValue` naming the key and the rule.
    /// Surrounding spaces are ignored; a value is stored in its plain form (a URL without its last `/`).
    public func apply(_ text: String, to settings: inout Settings) throws {
        let text = text.trimmingCharacters(in: .whitespaces)
        switch self {
        case .units:
            settings.units = try check(DistanceUnit(rawValue: text))
        case .router:
            settings.router = try check(Settings.RouterKind(rawValue: text))
        case .osrmURL:
            settings.osrmURL = try check(Self.httpURL(text))
        case .routinoDirectory:
            settings.routinoDirectory = try check(Self.absolutePath(text))
        case .speedKmh:
            settings.speedKmh = try check(Self.number(text, in: Settings.speedKmhRange))
        case .detour:
            settings.detour = try check(Self.number(text, in: Settings.detourRange))
        case .dailyLimitHours:
            settings.dailyLimitHours = try check(Self.number(text, in: Settings.dailyLimitHoursRange))
        case .departure:
            settings.departureMinutes = try check(Self.minutesAfterMidnight(text))
        }
    }

    private func check<T>(_ value: T?) throws -> T {
        guard let value else { throw SettingsError.invalidValue(self) }
        return value
    }

    // MARK: The rules

    /// Plain decimals only ("80", "1.25"): no sign, exponent, hexadecimal, `inf` or `nan`.
    private static func number(_ text: String, in range: ClosedRange<Double>) -> Double? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
              let value = Double(text), range.contains(value)
        else { return nil }
        return value
    }

    /// "09:00" or "9:00" → 540.
    private static func minutesAfterMidnight(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
              let hours = Int(parts[0]), let minutes = Int(parts[1]), hours < 24, minutes < 60
        else { return nil }
        return hours * 60 + minutes
    }

    private static func httpURL(_ text: String) -> String? {
        guard !text.unicodeScalars.contains(where: { TerminalSafe.isUnsafe($0) || $0 == " " }),
              let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil
        else { return nil }
        var url = text
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    private static func absolutePath(_ text: String) -> String? {
        guard text.hasPrefix("/"), !text.unicodeScalars.contains(where: TerminalSafe.isUnsafe) else { return nil }
        return text
    }

    private static func numberRequirement(_ range: ClosedRange<Double>) -> String {
        "a number from \(format(range.lowerBound)) to \(format(range.upperBound))"
    }

    /// "80", "1.3": whole numbers without ".0".
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
