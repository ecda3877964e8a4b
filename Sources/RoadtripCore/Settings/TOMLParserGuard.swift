import Foundation

/// Finds what would crash TOMLKit's parser (toml++ 3), which fails an assertion and aborts the process instead of
/// reporting an error on three shapes the settings fuzzer found: a date whose `T` is followed by something other
/// than a digit, with a `:` after it (`departure = 1979-05-27Tx:00`), a table header whose name does not start
/// like a key (`[\x]`), and a `}` where a list's value goes (`a = [1, }`). None is valid TOML: such a file is
/// refused as not TOML before it reaches the parser. Strings and comments are skipped.
enum TOMLParserGuard {
    /// Such a shape, on `line`, and what it is.
    struct Broken: Error {
        let line: Int
        let what: String
    }

    /// The first such shape, or nil.
    static func firstBroken(in text: String) -> Broken? {
        let bytes = Array(text.utf8)
        var index = 0, line = 1, lineStart = true
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
        func startsKey(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "'")
        }
        while index < bytes.count {
            let byte = bytes[index]
            if lineStart, byte == UInt8(ascii: "[") {
                // A table header: `[` or `[[`, blanks, then a key.
                var next = index + (at(1) == UInt8(ascii: "[") ? 2 : 1)
                while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") { next += 1 }
                if !startsKey(next < bytes.count ? bytes[next] : nil) {
                    return Broken(line: line, what: "a table name that does not start like a key")
                }
            }
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: ","), !lineStart || byte == UInt8(ascii: ",") {
                // `[` opening a list, or `,` between values: then blanks, line breaks and comments, then not `}`.
                var next = index + 1
                while next < bytes.count {
                    let b = bytes[next]
                    if b == UInt8(ascii: "#") {
                        while next < bytes.count, bytes[next] != UInt8(ascii: "\n") { next += 1 }
                    } else if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\n")
                                || b == UInt8(ascii: "\r") {
                        next += 1
                    } else {
                        break
                    }
                }
                if next < bytes.count, bytes[next] == UInt8(ascii: "}") {
                    return Broken(line: line, what: "a } where a value goes")
                }
            }
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") { lineStart = false }
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
                lineStart = true
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
                    return Broken(line: line, what: "a date and time without the time after T")
                }
                index += 1
            }
        }
        return nil
    }
}
