/// A value of a TOML 1.0 document, as `TOMLReader` reads it.
enum TOMLValue: Equatable {
    case string(String)
    /// TOML's integers are 64-bit: a larger one is refused when read.
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    /// `1979-05-27T07:32:00Z`, `1979-05-27 07:32:00-07:00`: with the offset east of UTC in minutes.
    case offsetDateTime(TOMLDate, TOMLTime, offsetMinutes: Int)
    case localDateTime(TOMLDate, TOMLTime)
    case localDate(TOMLDate)
    case localTime(TOMLTime)
    case array([TOMLValue])
    case table(TOMLTable)

    /// NaN equals NaN here: a document read twice holds equal values.
    static func == (lhs: TOMLValue, rhs: TOMLValue) -> Bool {
        switch (lhs, rhs) {
        case let (.float(a), .float(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.string(a), .string(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.boolean(a), .boolean(b)): return a == b
        case let (.offsetDateTime(d1, t1, o1), .offsetDateTime(d2, t2, o2)): return d1 == d2 && t1 == t2 && o1 == o2
        case let (.localDateTime(d1, t1), .localDateTime(d2, t2)): return d1 == d2 && t1 == t2
        case let (.localDate(a), .localDate(b)): return a == b
        case let (.localTime(a), .localTime(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.table(a), .table(b)): return a == b
        default: return false
        }
    }
}

/// A table's keys in the order the document gives them.
struct TOMLTable: Equatable {
    private(set) var keys: [String] = []
    private var values: [String: TOMLValue] = [:]

    subscript(key: String) -> TOMLValue? { values[key] }

    /// Adds `key` (a new one at the end) or replaces its value.
    mutating func set(_ key: String, _ value: TOMLValue) {
        if values.updateValue(value, forKey: key) == nil { keys.append(key) }
    }

    var entries: [(key: String, value: TOMLValue)] { keys.compactMap { key in values[key].map { (key, $0) } } }

    static func == (lhs: TOMLTable, rhs: TOMLTable) -> Bool {
        lhs.keys.count == rhs.keys.count && lhs.values == rhs.values
    }
}

/// A calendar date, checked (1979-02-29 is refused).
struct TOMLDate: Equatable {
    let year: Int, month: Int, day: Int
}

/// A time of day; the fraction of a second is kept to the microsecond, as Python's `tomllib` keeps it.
struct TOMLTime: Equatable {
    let hour: Int, minute: Int, second: Int, microsecond: Int
}
