import Foundation

/// `String(format: "%.Nf", value)` without Foundation's formatter, which costs microseconds a call where the trip
/// screen formats distances and coordinates on every key. The digits are rounded as printf rounds them: a value
/// that lies within a hair of a tie, or whose digits do not fit comfortably in a `Double`, is left to printf.
public enum FixedDecimal {
    public static func format(_ value: Double, decimals: Int) -> String {
        guard (0...9).contains(decimals) else { return String(format: "%.\(decimals)f", value) }
        let scale = powersOfTen[decimals]
        let scaled = value.magnitude * Double(scale)
        // Below 1e9 the product's error is under 1e-7 of a unit: only a value nearer a tie than 1e-6 could round
        // the other way than printf, which sees the exact binary value.
        guard value.isFinite, scaled < 1e9, abs(scaled - scaled.rounded(.down) - 0.5) > 1e-6 else {
            return String(format: "%.\(decimals)f", value)
        }
        let units = Int(scaled.rounded())
        var text = value.sign == .minus ? "-" : ""  // printf keeps the sign of a value that rounds to zero
        text += String(units / scale)
        guard decimals > 0 else { return text }
        let fraction = String(units % scale)
        text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        return text
    }

    private static let powersOfTen = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]
}
