import Foundation

/// Why typed coordinates were not accepted. `description` is a sentence fit for a form's error line or
/// the command line: the text it quotes has its control characters made visible (`TerminalSafe`).
public enum CoordinateParseError: Error, Equatable, CustomStringConvertible, Sendable {
    case empty
    /// Not a number, degrees–minutes–seconds out of order, two hemispheres on one value, ...
    case malformed(String)
    /// Minutes or seconds of 60 or more.
    case invalidMinutesOrSeconds(String)
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    /// "87°W" in a latitude field, or two latitudes in a pair.
    case wrongHemisphere(String)
    /// "57,5074": a decimal comma, where a point is meant.
    case decimalComma(String)

    public var description: String {
        switch self {
        case .empty: return "Enter a coordinate."
        case .malformed(let text): return "Not a coordinate: \(TerminalSafe.line(text))"
        case .invalidMinutesOrSeconds(let text): return "Minutes and seconds must be below 60: \(TerminalSafe.line(text))"
        case .latitudeOutOfRange(let value): return "Latitude must be between -90 and 90 (got \(value))."
        case .longitudeOutOfRange(let value): return "Longitude must be between -180 and 180 (got \(value))."
        case .wrongHemisphere(let text): return "Wrong hemisphere letter: \(TerminalSafe.line(text))"
        case .decimalComma(let text):
            return "Not a coordinate: \(TerminalSafe.line(text)) (decimals take a point: "
                + "\(TerminalSafe.line(text.replacingOccurrences(of: ",", with: "."))))"
        }
    }
}

/// Reads coordinates the way people paste them:
/// `41.88, -87.63` · `41.88 -87.63` · `41.88N 87.63W` · `N 41.88, W 87.63` ·
/// `41°52'N 87°37'W` · `41°52'48.5"N, 87°37'40"W` · `41 52 48 N 87 37 40 W`.
/// Degrees may carry a sign or a hemisphere letter (N/S for latitude, E/W for longitude), not both.
/// Without letters a pair is latitude first. Typographic primes (′ ″ ’ ”) and º count as ' " °.
/// Numbers are plain decimals (ASCII digits and one point): no hex (`0x10`), exponent (`1e3`: E is East),
/// `inf` or `nan`, which `Double(String)` would take. A zero is always +0, never -0 (`-0`, `0°S`).
public enum CoordinateParser {
    /// A latitude/longitude pair in one string, or in a Google Maps link (`…/@57.5074,-6.1834,12z`, `?q=57.5,-6.2`).
    public static func parse(_ text: String) throws -> Coordinate {
        try echoingTheInput(text) { try parsePair(MapLink.coordinates(in: text) ?? text) }
    }

    private static func parsePair(_ text: String) throws -> Coordinate {
        let halves = try split(clean(text))
        let first = try angle(halves.0)
        let second = try angle(halves.1)
        let latitude: Angle, longitude: Angle
        switch (first.axis, second.axis) {
        case (.latitude?, .latitude?), (.longitude?, .longitude?):
            throw CoordinateParseError.wrongHemisphere(text)
        case (.longitude?, _), (_, .latitude?):
            (latitude, longitude) = (second, first)
        default:
            (latitude, longitude) = (first, second)
        }
        let lat = try checkedLatitude(latitude.value)
        let lon = try checkedLongitude(longitude.value)
        return try Coordinate(latitude: lat, longitude: lon)
    }

    /// One latitude value ("41.88", "41°52'N", "-33.9", "33 52 S").
    public static func parseLatitude(_ text: String) throws -> Double {
        try echoingTheInput(text) {
            let value = try angle(clean(text))
            if value.axis == .longitude { throw CoordinateParseError.wrongHemisphere(text) }
            return try checkedLatitude(value.value)
        }
    }

    /// One longitude value ("-87.63", "87°37'W", "151.2 E").
    public static func parseLongitude(_ text: String) throws -> Double {
        try echoingTheInput(text) {
            let value = try angle(clean(text))
            if value.axis == .latitude { throw CoordinateParseError.wrongHemisphere(text) }
            return try checkedLongitude(value.value)
        }
    }

    /// Runs `parse`; a text it cannot read is quoted as the user typed it (not as cleaned: `north 57`, not `NORTH 57`),
    /// and a number with a decimal comma (`57,5074`) says that decimals take a point.
    private static func echoingTheInput<T>(_ text: String, _ parse: () throws -> T) throws -> T {
        do {
            return try parse()
        } catch let error as CoordinateParseError {
            let typed = text.trimmingCharacters(in: .whitespaces)
            if isDecimalComma(typed) { throw CoordinateParseError.decimalComma(typed) }
            switch error {
            case .malformed: throw CoordinateParseError.malformed(typed)
            default: throw error
            }
        }
    }

    /// "57,5074" or "-6,1834": one number whose decimals follow a comma.
    private static func isDecimalComma(_ text: String) -> Bool {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ",", omittingEmptySubsequences: false)
        return parts.count == 2 && decimal(parts[0]) != nil && !parts[1].isEmpty && parts[1].allSatisfy(\.isASCIIDigit)
    }

    /// A plain decimal number: an optional sign, then ASCII digits with at most one point, between digits
    /// ("12", "-3.5", "+41.88"); nil for anything else, which `Double(String)` would partly take (`0x10`, `1e1`,
    /// `inf`, `nan`, `.5`). The one number rule of typed coordinates and of the imports' XML coordinates.
    static func decimal<Text: StringProtocol>(_ text: Text) -> Double? {
        var digits = 0, points = 0, previous: UInt8 = 0
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where index == 0, UInt8(ascii: "+") where index == 0: break
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: ".") where digits > 0 && points == 0: points += 1
            default: return nil
            }
            previous = byte
        }
        guard digits > 0, previous != UInt8(ascii: ".") else { return nil }
        return Double(text)
    }

    // MARK: - Implementation

    enum Axis { case latitude, longitude }

    struct Angle {
        var value: Double
        var axis: Axis?
    }

    private static func checkedLatitude(_ value: Double) throws -> Double {
        guard value.isFinite, (-90...90).contains(value) else { throw CoordinateParseError.latitudeOutOfRange(value) }
        return positiveZero(value)
    }

    private static func checkedLongitude(_ value: Double) throws -> Double {
        guard value.isFinite, (-180...180).contains(value) else { throw CoordinateParseError.longitudeOutOfRange(value) }
        return positiveZero(value)
    }

    /// -0 would be saved and shown as "-0".
    private static func positiveZero(_ value: Double) -> Double { value == 0 ? 0 : value }

    /// Uppercases and maps look-alike symbols to ASCII so the rest only deals with `0-9 . - ° ' " , ; NSEW`.
    private static func clean(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{2032}", "\u{2019}", "\u{2018}", "\u{00B4}", "`": out.append("'")
            case "\u{2033}", "\u{201D}", "\u{201C}": out.append("\"")
            case "\u{00BA}", "\u{02DA}": out.append("°")
            case "\u{2212}", "\u{2013}": out.append("-")
            case "\u{00A0}", "\t": out.append(" ")
            default: out.unicodeScalars.append(scalar)
            }
        }
        // Two single quotes are a typed seconds mark: 41°52'30''N.
        return out.replacingOccurrences(of: "''", with: "\"").uppercased().trimmingCharacters(in: .whitespaces)
    }

    private static func isHemisphere(_ c: Character) -> Bool { c == "N" || c == "S" || c == "E" || c == "W" }

    /// Splits a pair into its two values: at a comma or semicolon, else after the first value's
    /// hemisphere letter, else at the only whitespace between two plain numbers.
    private static func split(_ text: String) throws -> (String, String) {
        guard !text.isEmpty else { throw CoordinateParseError.empty }
        let separators = text.indices.filter { text[$0] == "," || text[$0] == ";" }
        if separators.count == 1 {
            let i = separators[0]
            return (String(text[..<i]), String(text[text.index(after: i)...]))
        }
        guard separators.isEmpty else { throw CoordinateParseError.malformed(text) }
        let letters = text.indices.filter { isHemisphere(text[$0]) }
        if letters.count == 2 {
            let first = letters[0]
            // Prefix style "N41 W87": the second value starts at the second letter.
            let before = text[..<first].trimmingCharacters(in: .whitespaces)
            let cut = before.isEmpty ? letters[1] : text.index(after: first)
            return (String(text[..<cut]), String(text[cut...]))
        }
        guard letters.isEmpty else { throw CoordinateParseError.malformed(text) }
        let words = text.split(separator: " ")
        guard words.count == 2 else { throw CoordinateParseError.malformed(text) }
        return (String(words[0]), String(words[1]))
    }

    /// One value: optional sign or hemisphere letter (before or after), then degrees, optional
    /// minutes and seconds, marked with ° ' " or separated by spaces.
    static func angle(_ raw: String) throws -> Angle {
        var text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw CoordinateParseError.empty }
        var hemisphere: Character?
        if let last = text.last, isHemisphere(last) {
            hemisphere = last
            text.removeLast()
        } else if let first = text.first, isHemisphere(first) {
            hemisphere = first
            text.removeFirst()
        }
        text = text.trimmingCharacters(in: .whitespaces)
        guard !text.contains(where: isHemisphere) else { throw CoordinateParseError.malformed(raw) }
        var negative = false
        if text.first == "-" || text.first == "+" {
            negative = text.first == "-"
            text.removeFirst()
            text = text.trimmingCharacters(in: .whitespaces)
        }
        if negative && hemisphere != nil { throw CoordinateParseError.malformed(raw) }

        // Components: a number followed by an optional unit mark; marks must come in order ° ' ".
        var parts: [Double] = []
        var number = ""
        var nextUnit = 0   // 0 degrees, 1 minutes, 2 seconds
        func close(unit: Int?) throws {
            guard !number.isEmpty else {
                if unit != nil { throw CoordinateParseError.malformed(raw) }
                return
            }
            guard let value = decimal(number) else { throw CoordinateParseError.malformed(raw) }
            let position = unit ?? nextUnit
            guard position == parts.count, position <= 2 else { throw CoordinateParseError.malformed(raw) }
            parts.append(value)
            nextUnit = position + 1
            number = ""
        }
        for c in text {
            switch c {
            case "0"..."9", ".": number.append(c)
            case "°": try close(unit: 0)
            case "'": try close(unit: 1)
            case "\"": try close(unit: 2)
            case " ": try close(unit: nil)
            default: throw CoordinateParseError.malformed(raw)
            }
        }
        try close(unit: nil)
        guard !parts.isEmpty else { throw CoordinateParseError.malformed(raw) }
        // Only the last component may have a fraction: 41.5°30' makes no sense.
        if parts.dropLast().contains(where: { $0 != $0.rounded() }) { throw CoordinateParseError.malformed(raw) }
        if parts.dropFirst().contains(where: { $0 >= 60 }) { throw CoordinateParseError.invalidMinutesOrSeconds(raw) }
        var value = parts[0]
        if parts.count > 1 { value += parts[1] / 60 }
        if parts.count > 2 { value += parts[2] / 3600 }
        if negative || hemisphere == "S" || hemisphere == "W" { value = -value }
        let axis: Axis? = hemisphere.map { $0 == "N" || $0 == "S" ? .latitude : .longitude }
        return Angle(value: value, axis: axis)
    }
}
