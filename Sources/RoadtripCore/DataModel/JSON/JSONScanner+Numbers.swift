import Foundation

/// Numbers, read from their bytes: the grammar checked, the common shapes (coordinates, counts) converted without a
/// `String`.
extension JSONScanner {
    /// The bytes of a number, checked against the JSON grammar: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    func numberToken(expected: String) throws -> Range<Int> {
        let start = offset
        var index = offset
        func digits() -> Int {
            let first = index
            while index < bytes.count, Byte.isDigit(bytes[index]) { index += 1 }
            return index - first
        }
        if index < bytes.count, bytes[index] == Byte.minus { index += 1 }
        guard index < bytes.count, Byte.isDigit(bytes[index]) else { throw mismatch(expected) }
        if bytes[index] == Byte.zero {
            index += 1
        } else {
            _ = digits()
        }
        if index < bytes.count, bytes[index] == Byte.dot {
            index += 1
            guard digits() > 0 else { throw Failure(offset: index, message: "expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == Byte.e {
            index += 1
            if index < bytes.count, bytes[index] == Byte.plus || bytes[index] == Byte.minus { index += 1 }
            guard digits() > 0 else { throw Failure(offset: index, message: "expected a digit in the exponent") }
        }
        offset = index
        return start..<index
    }

    /// The value of a number token with at most 15 significant digits and a small exponent, such as a
    /// coordinate; nil for others, which `Double(String)` reads. Such a number is an integer below 2^53
    /// times a power of ten up to 10^22, both exact as doubles, so one multiplication or division gives
    /// the correctly rounded result (Clinger's fast path), as `Double(String)` would.
    func exactDouble(_ token: Range<Int>) -> Double? {
        var index = token.lowerBound
        let negative = bytes[index] == Byte.minus
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var inFraction = false
        while index < token.upperBound {
            let byte = bytes[index]
            if byte == Byte.dot {
                inFraction = true
            } else if Byte.isDigit(byte) {
                if mantissa != 0 || byte != Byte.zero { digits += 1 }
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - Byte.zero)
                if inFraction { exponent -= 1 }
            } else {
                return nil  // an exponent: rare in trips files
            }
            index += 1
        }
        guard exponent >= -22 else { return nil }
        var powerOfTen: Double = 1  // exact up to 10^22; a few steps for a coordinate's decimals
        for _ in 0 ..< -exponent { powerOfTen *= 10 }
        let value = Double(mantissa) / powerOfTen
        return negative ? -value : value
    }

    /// The value of a plain integer token (no fraction or exponent) that fits in an `Int`.
    func wholeNumber(_ token: Range<Int>) -> Int? {
        var index = token.lowerBound
        let negative = bytes[index] == Byte.minus
        if negative { index += 1 }
        var value = 0
        while index < token.upperBound {
            let byte = bytes[index]
            guard Byte.isDigit(byte) else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times10.subtractingReportingOverflow(Int(byte - Byte.zero))
                                            : times10.addingReportingOverflow(Int(byte - Byte.zero))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        return value
    }
}
