import Foundation

/// Strings, read from their bytes: plain text taken as it is, escapes and UTF-8 checked only where present.
extension JSONScanner {
    /// Reads a string at the opening quote. Text without escapes is taken straight from the file.
    func rawString() throws -> String {
        try text().string
    }

    /// Reads a string at the opening quote, checking its UTF-8 only when it is not plain ASCII.
    func text() throws -> Text {
        let start = offset + 1
        var index = start
        var allBits: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.quote {
                offset = index + 1
                let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
                guard allBits < 0x80 || UTF8Check.isValid(text) else {
                    throw Failure(offset: start, message: "a string is not valid UTF-8")
                }
                return .plain(text)
            }
            if byte == Byte.backslash { return .decoded(try escapedString(start: start, firstEscape: index)) }
            if byte < 0x20 { throw Failure(offset: index, message: "control character in a string (it must be escaped)") }
            allBits |= byte
            index += 1
        }
        throw Failure(offset: start - 1, message: "a string is not closed (missing '\"')")
    }

    func escapedString(start: Int, firstEscape: Int) throws -> String {
        var buffer = Array(bytes[start..<firstEscape])
        var index = firstEscape
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case Byte.quote:
                offset = index + 1
                return try buffer.withUnsafeBufferPointer { text in
                    guard UTF8Check.isValid(text) else {
                        throw Failure(offset: start, message: "a string is not valid UTF-8")
                    }
                    return String(decoding: text, as: UTF8.self)
                }
            case Byte.backslash:
                index = try unescape(at: index, into: &buffer)
            case ..<0x20:
                throw Failure(offset: index, message: "control character in a string (it must be escaped)")
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw Failure(offset: start - 1, message: "a string is not closed (missing '\"')")
    }

    /// Decodes the escape at `index` (a backslash) into `buffer`; returns the index after it.
    func unescape(at index: Int, into buffer: inout [UInt8]) throws -> Int {
        guard index + 1 < bytes.count else { throw Failure(offset: index, message: "a string is not closed (missing '\"')") }
        let simple: UInt8?
        switch bytes[index + 1] {
        case Byte.quote: simple = Byte.quote
        case Byte.backslash: simple = Byte.backslash
        case Byte.slash: simple = Byte.slash
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = Byte.newline
        case UInt8(ascii: "r"): simple = Byte.carriageReturn
        case UInt8(ascii: "t"): simple = Byte.tab
        case UInt8(ascii: "u"): simple = nil
        default: throw Failure(offset: index, message: "unknown escape in a string")
        }
        if let simple {
            buffer.append(simple)
            return index + 2
        }
        let halfPair = Failure(offset: index, message: "an escaped character (\\u) is half of a surrogate pair")
        var scalarValue = try hex4(at: index + 2)
        var next = index + 6
        if (0xD800..<0xDC00).contains(scalarValue) {
            // A high surrogate must be followed by an escaped low surrogate: together they make one character.
            guard next + 1 < bytes.count, bytes[next] == Byte.backslash, bytes[next + 1] == UInt8(ascii: "u")
            else { throw halfPair }
            let low = try hex4(at: next + 2)
            guard (0xDC00..<0xE000).contains(low) else { throw halfPair }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            next += 6
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw halfPair }
        buffer.append(contentsOf: UTF8.encode(scalar)!)
        return next
    }

    func hex4(at index: Int) throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw Failure(offset: index, message: "expected four hex digits after \\u") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Byte.hexValue(byte) else {
                throw Failure(offset: index, message: "expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
