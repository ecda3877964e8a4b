import Foundation

/// The ISO-8601 date-times of the trips file ("2024-05-01T09:30:00Z"), read and written without
/// `ISO8601DateFormatter`, whose per-date cost dominated loading and saving large files.
///
/// Writing matches `JSONEncoder.DateEncodingStrategy.iso8601`: UTC, whole seconds rounded down.
/// Reading also accepts a `+hh:mm` / `+hhmm` offset and a fraction of a second, as that strategy does;
/// the fraction is dropped, so that what is in memory is what the next save writes. Years are
/// 0000–9999 both ways, so that everything written can be read back.
enum ISO8601 {
    static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8(date(from:))
    }

    static func date(from utf8: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = DigitReader(utf8)
        guard let year = reader.number(digits: 4),
              reader.skip(Byte.minus), let month = reader.number(digits: 2), (1...12).contains(month),
              reader.skip(Byte.minus), let day = reader.number(digits: 2),
              (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
              reader.skip(UInt8(ascii: "T")), let hour = reader.number(digits: 2), hour < 24,
              reader.skip(Byte.colon), let minute = reader.number(digits: 2), minute < 60,
              reader.skip(Byte.colon), let second = reader.number(digits: 2), second < 60
        else { return nil }
        if reader.skip(Byte.dot) {
            guard reader.digits() > 0 else { return nil }
        }
        var offsetSeconds = 0
        if !reader.skip(UInt8(ascii: "Z")) {
            let sign: Int
            if reader.skip(Byte.plus) { sign = 1 } else if reader.skip(Byte.minus) { sign = -1 } else { return nil }
            guard let hours = reader.number(digits: 2), hours < 24 else { return nil }
            _ = reader.skip(Byte.colon)
            guard let minutes = reader.number(digits: 2), minutes < 60 else { return nil }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.atEnd else { return nil }
        let seconds = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + second - offsetSeconds
        guard writableSeconds.contains(seconds) else { return nil }
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// 0000-01-01T00:00:00Z up to 9999-12-31T23:59:59Z.
    private static let writableSeconds = CivilCalendar.daysSinceEpoch(year: 0, month: 1, day: 1) * 86_400
        ..< CivilCalendar.daysSinceEpoch(year: 10_000, month: 1, day: 1) * 86_400

    /// Appends `"YYYY-MM-DDThh:mm:ssZ"` (with the quotes) for `date`.
    static func appendQuoted(_ date: Date, to out: inout [UInt8]) throws {
        let interval = date.timeIntervalSince1970.rounded(.down)
        guard interval >= Double(writableSeconds.lowerBound), interval < Double(writableSeconds.upperBound) else {
            throw EncodingError.invalidValue(date, .init(codingPath: [], debugDescription: "a date outside the years 0000–9999"))
        }
        let seconds = Int(interval)
        let (days, secondOfDay) = seconds.quotientAndRemainderRoundingDown(dividingBy: 86_400)
        let (year, month, day) = CivilCalendar.civil(daysSinceEpoch: days)
        out.append(Byte.quote)
        appendDigits(year, count: 4, to: &out)
        out.append(Byte.minus)
        appendDigits(month, count: 2, to: &out)
        out.append(Byte.minus)
        appendDigits(day, count: 2, to: &out)
        out.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3600, count: 2, to: &out)
        out.append(Byte.colon)
        appendDigits(secondOfDay / 60 % 60, count: 2, to: &out)
        out.append(Byte.colon)
        appendDigits(secondOfDay % 60, count: 2, to: &out)
        out.append(UInt8(ascii: "Z"))
        out.append(Byte.quote)
    }

    /// Appends `value` as exactly `count` decimal digits.
    private static func appendDigits(_ value: Int, count: Int, to out: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            out.append(Byte.zero + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01), after
    /// Howard Hinnant's "chrono-compatible low-level date algorithms": 400-year eras of 146,097 days,
    /// years counted from March so that the leap day comes last.
    enum CivilCalendar {
        static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
            let marchYear = month <= 2 ? year - 1 : year
            let (era, yearOfEra) = marchYear.quotientAndRemainderRoundingDown(dividingBy: 400)
            let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }

        static func civil(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
            let (era, dayOfEra) = (days + 719_468).quotientAndRemainderRoundingDown(dividingBy: 146_097)
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let marchMonth = (5 * dayOfYear + 2) / 153
            let day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
            let month = (marchMonth + 2) % 12 + 1
            return (era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day)
        }

        static func daysIn(month: Int, year: Int) -> Int {
            switch month {
            case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: return 30
            default: return 31
            }
        }
    }
}

/// Reads fixed-width decimal fields from ASCII bytes.
private struct DigitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Skips digits; returns how many.
    mutating func digits() -> Int {
        let start = index
        while index < bytes.count, Byte.isDigit(bytes[index]) { index += 1 }
        return index - start
    }

    /// Exactly `count` digits (what follows is for the caller to check).
    mutating func number(digits count: Int) -> Int? {
        guard index + count <= bytes.count, bytes[index..<index + count].allSatisfy(Byte.isDigit) else { return nil }
        defer { index += count }
        return bytes[index..<index + count].reduce(0) { $0 * 10 + Int($1 - Byte.zero) }
    }
}

extension Int {
    /// Division that rounds towards minus infinity, so negative day numbers fall in the right era.
    func quotientAndRemainderRoundingDown(dividingBy divisor: Int) -> (quotient: Int, remainder: Int) {
        var (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}
