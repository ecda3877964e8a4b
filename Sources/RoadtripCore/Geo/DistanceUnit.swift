import Foundation

/// The unit distances are shown in.
public enum DistanceUnit: String, CaseIterable, Codable, Sendable {
    case km
    case mi

    public static let kilometresPerMile = 1.609344

    public func value(fromKm km: Double) -> Double {
        self == .km ? km : km / Self.kilometresPerMile
    }

    /// "3,945 km", "12.4 km" (one decimal below 100), "0 km", "0.8 mi". Grouping is fixed (comma) so that output is
    /// the same in every locale and can be compared in tests and diffs.
    public func format(km: Double) -> String {
        let value = value(fromKm: km)
        let text: String
        if value == 0 {
            text = "0"
        } else if value < 100 {
            text = FixedDecimal.format(value, decimals: 1)
        } else {
            text = Self.grouped(Int(saturating: value.rounded()))
        }
        return "\(text) \(rawValue)"
    }

    /// Thousands grouped with commas, whatever the locale.
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)  // abs(Int.min) traps
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return n < 0 ? "-" + out : out
    }
}
