import Foundation

/// Why a value was refused. The message names the field and the rule, so it can be shown as is.
public enum ValidationError: Error, Equatable, CustomStringConvertible {
    case emptyName(field: String)
    case tooLong(field: String, limit: Int, actual: Int)
    case notFinite(field: String)
    case outOfRange(field: String, value: Double, range: ClosedRange<Double>)
    case wholeNumberOutOfRange(field: String, value: Int, range: ClosedRange<Int>, why: String)
    case notATimeZone(String)

    public var description: String {
        switch self {
        case let .emptyName(field):
            return "\(field) must not be empty"
        case let .tooLong(field, limit, actual):
            return "\(field) is \(actual) characters long; the limit is \(limit)"
        case let .notFinite(field):
            return "\(field) must be a finite number"
        case let .outOfRange(field, value, range):
            return "\(field) \(Self.format(value)) is outside \(Self.format(range.lowerBound))…\(Self.format(range.upperBound))"
        case let .wholeNumberOutOfRange(field, value, range, why):
            let rule = "\(field) \(value) is outside \(range.lowerBound)…\(range.upperBound)"
            return why.isEmpty ? rule : "\(rule) (\(why))"
        case let .notATimeZone(name):
            return "Time zone \(name.debugDescription) is not an IANA name like Europe/Oslo"
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// The limits every entity is checked against, in one place.
public enum Limits {
    public static let nameLength = 200
    public static let notesLength = 10_000
    public static let latitude: ClosedRange<Double> = -90...90
    public static let longitude: ClosedRange<Double> = -180...180
    /// A stay of more than a year is a typo. The bound also keeps every sum of nights and every arrival date
    /// far from overflow: a million stops of 365 nights add up to under 2^29 days.
    public static let nights: ClosedRange<Int> = 0...365

    /// A stop's money (a night's lodging, an entry): a million in any currency is a typo.
    public static let cost: ClosedRange<Double> = 0...1_000_000

    public static func checkCost(_ value: Double?, field: String) throws {
        guard let value else { return }
        guard value.isFinite else { throw ValidationError.notFinite(field: field) }
        guard cost.contains(value) else { throw ValidationError.outOfRange(field: field, value: value, range: cost) }
    }

    public static func checkNights(_ value: Int, field: String = "Nights") throws {
        guard nights.contains(value) else {
            throw ValidationError.wholeNumberOutOfRange(field: field, value: value, range: nights,
                                                        why: "a stay of more than a year is a typo")
        }
    }

    /// A visit of a day or more is a night.
    public static let stayMinutes: ClosedRange<Int> = 0...(24 * 60 - 1)

    public static func checkStay(_ value: Int, field: String = "Stay") throws {
        guard stayMinutes.contains(value) else {
            throw ValidationError.wholeNumberOutOfRange(field: field, value: value, range: stayMinutes,
                                                        why: "minutes; a visit of a day is a night")
        }
    }

    /// The shape of an IANA name ("America/Argentina/Buenos_Aires", "Etc/GMT+5"), not whether this system's tz
    /// database knows it: a zone added after it was built is kept, and the clock says it does not know it.
    public static func checkTimeZone(_ name: String) throws {
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2F || byte == 0x5F || byte == 0x2D || byte == 0x2B
        }
        guard (1...64).contains(name.utf8.count), allowed, !name.hasPrefix("/"), !name.hasSuffix("/"),
              !name.contains("//"), !name.contains("..") else { throw ValidationError.notATimeZone(name) }
    }

    /// Trims and checks a name; returns the trimmed name.
    public static func checkedName(_ raw: String, field: String) throws -> String {
        // Foundation's trimming costs ~2 µs a name (most of loading a large file): skip it when there is
        // nothing to trim, which is exactly when neither end is whitespace.
        let scalars = raw.unicodeScalars
        // A printable ASCII character at each end is not whitespace: answered without CharacterSet.
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value > 0x20 && scalar.value < 0x7F ? false : CharacterSet.whitespacesAndNewlines.contains(scalar)
        }
        let needsTrimming = scalars.first.map(isWhitespace) ?? true || scalars.last.map(isWhitespace) ?? true
        let trimmed = needsTrimming ? raw.trimmingCharacters(in: .whitespacesAndNewlines) : raw
        guard !trimmed.isEmpty else { throw ValidationError.emptyName(field: field) }
        // utf8.count is O(1) and never below the character count: only long names pay for counting graphemes.
        guard trimmed.utf8.count <= nameLength || trimmed.count <= nameLength else {
            throw ValidationError.tooLong(field: field, limit: nameLength, actual: trimmed.count)
        }
        return trimmed
    }

    public static func checkNotes(_ notes: String, field: String = "Notes") throws {
        guard notes.utf8.count <= notesLength || notes.count <= notesLength else {
            throw ValidationError.tooLong(field: field, limit: notesLength, actual: notes.count)
        }
    }
}
