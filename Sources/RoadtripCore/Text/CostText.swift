import Foundation

/// Money as people read it: "€412", "€12.50", "€25", "1,240 SEK", "¥3,000". Whole units from 100 up (a trip's budget),
/// and below it for a whole amount; cents for the rest (a toll, a ticket). A currency written as a symbol goes before
/// the amount, a code after it.
public enum CostText {
    /// The codes whose symbol is known to everyone who uses them, written as the symbol.
    private static let symbols = ["EUR": "€", "USD": "$", "GBP": "£", "JPY": "¥", "INR": "₹", "KRW": "₩"]
    /// Currencies without a minor unit in use.
    private static let whole: Set<String> = ["JPY", "KRW", "ISK", "HUF", "CLP", "¥", "₩"]

    /// The symbol everyone writes for a code ("EUR" → "€"); nil when it has none here.
    static func symbol(of code: String) -> String? { symbols[code.uppercased()] }

    public static func amount(_ value: Double, _ currency: String) -> String {
        let code = currency.uppercased()
        let symbol = symbols[code] ?? (currency.unicodeScalars.allSatisfy { $0.properties.isAlphabetic } ? nil : currency)
        let cents = value.magnitude < 100 && (value * 100).rounded() != (value.rounded() * 100)
            && !whole.contains(code) && !whole.contains(currency)
        let digits = grouped(cents ? FixedDecimal.format(value, decimals: 2) : FixedDecimal.format(value, decimals: 0))
        if let symbol { return symbol + digits }
        return digits + " " + currency
    }

    /// "12345.60" → "12,345.60".
    private static func grouped(_ text: String) -> String {
        var sign = "", body = Substring(text)
        if body.hasPrefix("-") { sign = "-"; body = body.dropFirst() }
        let point = body.firstIndex(of: ".") ?? body.endIndex
        let units = Array(body[..<point])
        var out = ""
        for (index, digit) in units.enumerated() {
            if index > 0 && (units.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return sign + out + body[point...]
    }
}
