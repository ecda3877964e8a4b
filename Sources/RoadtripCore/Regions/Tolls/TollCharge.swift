import Foundation

/// What a tolled way costs to drive, from its `charge=` when that is one plain amount in one currency: "12 EUR",
/// "EUR 12", "12.50 EUR". Anything else (per vehicle or per hour, "12 EUR/day", conditions, several amounts) is no
/// charge: the way's price is then unknown, never guessed.
struct TollCharge: Equatable, Sendable {
    let amount: Double
    /// Three capital letters, as ISO 4217 writes a currency.
    let currency: String

    /// Above any toll a way charges, in any currency (Indonesia's longest are some 700,000 rupiah).
    static let maxAmount = 1_000_000.0

    /// nil unless `amount` is a finite amount from 0 to `maxAmount` and `currency` three capital letters.
    init?(amount: Double, currency: String) {
        guard amount.isFinite, (0...Self.maxAmount).contains(amount), Self.isCurrency(currency) else { return nil }
        self.amount = amount
        self.currency = currency
    }

    /// The amount and currency of a plain `charge=` value, in either order; nil for any other form.
    init?(tag: String) {
        let parts = tag.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 else { return nil }
        let (number, code) = Self.isCurrency(parts[0]) ? (parts[1], parts[0]) : (parts[0], parts[1])
        guard let amount = Self.amount(number) else { return nil }
        self.init(amount: amount, currency: String(code))
    }

    static func isCurrency<S: StringProtocol>(_ text: S) -> Bool {
        text.utf8.count == 3 && text.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }

    /// "12", "12.5", "12.50": up to 7 digits, a point and up to 3 more; not "1e3", "12,50", ".5" or "-3".
    private static func amount(_ text: Substring) -> Double? {
        let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = { (piece: Substring) in piece.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
        guard (1...7).contains(pieces[0].count), digits(pieces[0]),
              pieces.count == 1 || ((1...3).contains(pieces[1].count) && digits(pieces[1])) else { return nil }
        return Double(text)
    }
}
