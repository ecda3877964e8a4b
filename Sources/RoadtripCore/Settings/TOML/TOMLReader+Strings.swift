/// The four kinds of string: basic (`"a\tb"`) and literal (`'C:\x'`), each on one line or on several (three quotes).
extension TOMLReader {
    /// After the opening `"`: up to the closing one, escapes replaced.
    mutating func readBasicString() throws -> String {
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else { throw fault("the string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &text)
            default:
                try checkStringByte(byte, multiLine: false)
                text.append(byte)
                index += 1
            }
        }
    }

    /// After the opening `'`: up to the closing one, as it is.
    mutating func readLiteralString() throws -> String {
        let start = index
        while true {
            guard let byte = peek() else { throw fault("the string is not closed") }
            if byte == UInt8(ascii: "'") { break }
            try checkStringByte(byte, multiLine: false)
            index += 1
        }
        index += 1
        return String(decoding: bytes[start..<index - 1], as: UTF8.self)
    }

    /// `"""…"""`: line breaks kept (the one right after the opening quotes dropped), escapes replaced, and a
    /// backslash at a line's end joining it to the next non-blank character.
    mutating func readMultiLineBasicString() throws -> String {
        index += 3
        index += newlineLength()
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else { throw fault("the string is not closed") }
            if has("\"\"\"") {
                index += 3
                return String(decoding: text + closingQuotes(UInt8(ascii: "\"")), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                if try !skipLineEndingBackslash() { try readEscape(into: &text) }
            } else if newlineLength() > 0 {
                index += newlineLength()
                text.append(UInt8(ascii: "\n"))
            } else {
                try checkStringByte(byte, multiLine: true)
                text.append(byte)
                index += 1
            }
        }
    }

    /// `'''…'''`: line breaks kept (the one right after the opening quotes dropped), nothing replaced.
    mutating func readMultiLineLiteralString() throws -> String {
        index += 3
        index += newlineLength()
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else { throw fault("the string is not closed") }
            if has("'''") {
                index += 3
                return String(decoding: text + closingQuotes(UInt8(ascii: "'")), as: UTF8.self)
            }
            if newlineLength() > 0 {
                index += newlineLength()
                text.append(UInt8(ascii: "\n"))
            } else {
                try checkStringByte(byte, multiLine: true)
                text.append(byte)
                index += 1
            }
        }
    }

    /// One or two quotes right after the closing three belong to the string (`"""a""""` is `a"`).
    private mutating func closingQuotes(_ quote: UInt8) -> [UInt8] {
        var quotes: [UInt8] = []
        while quotes.count < 2, peek() == quote {
            quotes.append(quote)
            index += 1
        }
        return quotes
    }

    /// Control characters other than tab are refused in a string; a line break ends a one-line string too early.
    private func checkStringByte(_ byte: UInt8, multiLine: Bool) throws {
        guard Self.isControl(byte), byte != UInt8(ascii: "\t") else { return }
        if !multiLine, newlineLength() > 0 { throw fault("the string is not closed before the end of the line") }
        throw fault("a string cannot hold \(describe()) as it is (a control character: write it as an escape)")
    }

    /// A backslash, then blanks to the line's end: skips it and every blank and line break after it. False (nothing
    /// read) when the backslash starts an escape instead.
    private mutating func skipLineEndingBackslash() throws -> Bool {
        var end = index + 1
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        guard newlineLength(at: end) > 0 else {
            guard end == index + 1 else { throw fault("a backslash followed by blanks must end its line") }
            return false
        }
        index = end
        while true {
            skipBlanks()
            let newline = newlineLength()
            guard newline > 0 else { return true }
            index += newline
        }
    }

    /// `\n`, `\"`, `\u00E9`, `\U0001F600`…: appends what it stands for.
    private mutating func readEscape(into text: inout [UInt8]) throws {
        let start = index
        index += 1
        guard let letter = peek() else { throw fault("the string is not closed") }
        index += 1
        let replacements: [UInt8: UInt8] = [
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "t"): 0x09, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "f"): 0x0C,
            UInt8(ascii: "r"): 0x0D, UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C,
        ]
        if let replacement = replacements[letter] {
            text.append(replacement)
            return
        }
        let digits = letter == UInt8(ascii: "u") ? 4 : letter == UInt8(ascii: "U") ? 8 : 0
        guard digits > 0 else {
            index = start + 1
            // The character after the backslash as the user typed it, or its code when it is not printable ASCII.
            let escape = (0x21..<0x7F).contains(letter) ? "\\\(Character(Unicode.Scalar(letter)))"
                                                         : "a backslash before \(describe())"
            throw fault("\(escape) is not an escape TOML knows (\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX); "
                        + "a backslash itself is \\\\", at: start)
        }
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let digit = peek().flatMap(Self.hexValue) else {
                throw fault("\\\(Character(Unicode.Scalar(letter))) takes \(digits) hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw fault("\\\(Character(Unicode.Scalar(letter))) escapes a code that is no Unicode character", at: start)
        }
        text.append(contentsOf: String(scalar).utf8)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
