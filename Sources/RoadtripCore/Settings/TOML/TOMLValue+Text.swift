/// Values as TOML writes them: what `config set` writes, and how a message shows a value.
extension TOMLValue {
    /// The value as TOML text (`"mi"`, `90`, `0.00005`, `07:30:00`, `["ferries", "tolls"]`); a table, or a list
    /// holding lists or tables, is named instead ("a list", "a table"), as a one-line message shows it.
    var text: String {
        switch self {
        case .string(let string): return Self.quoted(string)
        case .integer(let integer): return String(integer)
        case .float(let float):
            let decimal = Self.decimal(float)
            return !float.isFinite || decimal.contains(".") ? decimal : decimal + ".0"
        case .boolean(let boolean): return String(boolean)
        case let .offsetDateTime(date, time, offset):
            let sign = offset < 0 ? "-" : "+", minutes = abs(offset)
            let zone = offset == 0 ? "Z" : sign + Self.digits(minutes / 60, 2) + ":" + Self.digits(minutes % 60, 2)
            return Self.text(date) + "T" + Self.text(time) + zone
        case let .localDateTime(date, time): return Self.text(date) + "T" + Self.text(time)
        case .localDate(let date): return Self.text(date)
        case .localTime(let time): return Self.text(time)
        case .array(let items):
            guard !items.contains(where: { if case .array = $0 { return true }; if case .table = $0 { return true }; return false })
            else { return "a list" }
            return "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .table: return "a table"
        }
    }

    /// A number in positional notation with the fewest digits that read back as it ("0.00005", not "5e-05";
    /// "80", not "80.0"), which TOML and the settings' rules both read; `inf`, `-inf` or `nan` when not finite.
    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        // Whole numbers, the common case, without taking a description apart (-0 keeps its sign below).
        if value == value.rounded(), value.magnitude < 1e15, value != 0 || value.sign == .plus {
            return String(Int64(value))
        }
        // Swift's description has the shortest digits that read back: "1.5e-07", "123.25", "1e+16".
        let parts = value.magnitude.description.split(separator: "e")
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts.first.map { $0.split(separator: ".", omittingEmptySubsequences: false) } ?? []
        let whole = mantissa.first.map(String.init) ?? "0"
        let digits = whole + (mantissa.count == 2 ? String(mantissa[1]) : "")
        let point = whole.count + exponent
        var integer: Substring, fraction: Substring
        if point <= 0 {
            integer = "0"
            fraction = Substring(String(repeating: "0", count: -point) + digits)
        } else if point >= digits.count {
            integer = Substring(digits + String(repeating: "0", count: point - digits.count))
            fraction = ""
        } else {
            integer = digits.prefix(point)
            fraction = digits.dropFirst(point)
        }
        integer = integer.drop { $0 == "0" }
        while fraction.last == "0" { fraction = fraction.dropLast() }
        let sign = value.sign == .minus ? "-" : ""
        return sign + (integer.isEmpty ? "0" : String(integer)) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// A string as TOML writes it (a basic string), control characters escaped: a message is one line, and shows
    /// what the file holds.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += "\\u" + hex(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func text(_ date: TOMLDate) -> String {
        digits(date.year, 4) + "-" + digits(date.month, 2) + "-" + digits(date.day, 2)
    }

    private static func text(_ time: TOMLTime) -> String {
        let clock = digits(time.hour, 2) + ":" + digits(time.minute, 2) + ":" + digits(time.second, 2)
        return time.microsecond == 0 ? clock : clock + "." + digits(time.microsecond, 6)
    }

    /// At least four uppercase hexadecimal digits: "00E9".
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func digits(_ number: Int, _ count: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }
}
