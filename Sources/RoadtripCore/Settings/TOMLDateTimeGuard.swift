import Foundation

/// Finds what would crash TOMLKit's parser (toml++ 3): a date whose `T` is followed by something other than a
/// digit, with a `:` after it (`departure = 1979-05-27Tx:00`), fails an assertion inside the parser and aborts
/// the process instead of reporting an error. Such a file is refused as not TOML before it reaches the parser.
/// Strings and comments are skipped: only bare values can be date-times.
enum TOMLDateTimeGuard {
    /// Such a value, on `line`.
    struct Broken: Error {
        let line: Int
    }

    /// The 1-based line of the first such value, or nil.
    static func firstBrokenDateTime(in text: String) -> Int? {
        let bytes = Array(text.utf8)
        var index = 0, line = 1
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                // A string, basic or literal, one line or three quotes: skipped whole (escapes in basic ones).
                let triple = at(1) == byte && at(2) == byte
                index += triple ? 3 : 1
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    if byte == UInt8(ascii: "\""), bytes[index] == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if bytes[index] == byte, !triple || (at(1) == byte && at(2) == byte) {
                        index += triple ? 3 : 1
                        break
                    }
                    if !triple, bytes[index] == UInt8(ascii: "\n") { break }
                    index += 1
                }
            default:
                // YYYY-MM-DD then T or t, then no digit: a date-time the parser would take and then trap on.
                if (0..<4).allSatisfy({ isDigit(at($0)) }), at(4) == UInt8(ascii: "-"), isDigit(at(5)), isDigit(at(6)),
                   at(7) == UInt8(ascii: "-"), isDigit(at(8)), isDigit(at(9)),
                   at(10) == UInt8(ascii: "T") || at(10) == UInt8(ascii: "t"), !isDigit(at(11)),
                   (index > 0 ? !isDigit(bytes[index - 1]) : true) {
                    return line
                }
                index += 1
            }
        }
        return nil
    }
}
