import Foundation

/// Reads a JSON text piece by piece, straight from its bytes, for `TripFileReader`. Foundation's
/// `JSONDecoder` builds a generic tree first and takes about four times our load budget on a
/// 1,000-trip file; reading the known shape directly is fast and lets errors name the exact place.
///
/// The scanner borrows `bytes`: use it only inside the `withUnsafeBytes` call that provided them.
final class JSONScanner {
    /// What was wrong and where. `path` is filled in while the error travels up ("trip 3", "stop 2", ...).
    struct Failure: Error {
        var offset: Int
        var message: String
        var path: [String] = []
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    private(set) var depth = 0
    /// Deeper nesting than this only appears in hostile files; refusing it keeps recursion bounded.
    static let maximumDepth = 200

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte order mark is not JSON, but some editors add one.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
    }

    /// A scanner that goes on from `offset`, inside `depth` containers, as another scanner of `bytes` would.
    init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, depth: Int) {
        self.bytes = bytes
        self.offset = offset
        self.depth = depth
    }

    // MARK: Containers

    /// A string as it was read: its bytes in the file when it holds no escape (already checked to be UTF-8),
    /// else its decoded text. Keys are matched as bytes (`~=`) and values like ids parsed from them, so that
    /// only the strings that are kept become `String`s. Valid only while the scanner's bytes are.
    enum Text {
        case plain(UnsafeBufferPointer<UInt8>)
        case decoded(String)

        var string: String {
            switch self {
            case let .plain(bytes): return String(decoding: bytes, as: UTF8.self)
            case let .decoded(text): return text
            }
        }

        /// `case "name":` in a `switch` over a key.
        static func ~= (name: StaticString, text: Text) -> Bool {
            switch text {
            case let .plain(bytes):
                // Keys are short: a loop beats calling memcmp.
                guard bytes.count == name.utf8CodeUnitCount else { return false }
                for index in 0..<bytes.count where bytes[index] != name.utf8Start[index] { return false }
                return true
            case let .decoded(text): return text == name.description
            }
        }

        /// Its UTF-8 bytes, for parsers of fixed formats.
        func withUTF8<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            switch self {
            case let .plain(bytes): return body(bytes)
            case var .decoded(text): return text.withUTF8(body)
            }
        }
    }

    /// Reads an object, calling `member` with each key while the scanner is at that key's value.
    /// `member` must read or skip the value.
    func object(_ member: (String) throws -> Void) throws {
        try object(matching: { key in try member(key.string) })
    }

    /// `object`, with keys left as they are in the file, for readers that match known keys (`case "id":`).
    func object(matching member: (Text) throws -> Void) throws {
        try enter(Byte.openBrace, expected: "an object")
        defer { depth -= 1 }
        skipWhitespace()
        if consume(Byte.closeBrace) { return }
        repeat {
            skipWhitespace()
            guard peek == Byte.quote else { throw failure("expected a key in double quotes") }
            let key = try text()
            skipWhitespace()
            guard consume(Byte.colon) else { throw failure("expected ':' after the key \"\(key.string)\"") }
            skipWhitespace()
            try member(key)
            skipWhitespace()
        } while consume(Byte.comma)
        guard consume(Byte.closeBrace) else { throw failure("expected ',' or '}'") }
    }

    /// Reads an array, calling `element` with each index while the scanner is at that element.
    func array(_ element: (Int) throws -> Void) throws {
        try enter(Byte.openBracket, expected: "a list")
        defer { depth -= 1 }
        skipWhitespace()
        if consume(Byte.closeBracket) { return }
        var index = 0
        repeat {
            skipWhitespace()
            try element(index)
            index += 1
            skipWhitespace()
        } while consume(Byte.comma)
        guard consume(Byte.closeBracket) else { throw failure("expected ',' or ']'") }
    }

    /// Reads the rest of an array from one of its elements (at the current offset) to its end, calling `element`
    /// while the scanner is at each element; leaves the scanner at the closing ']'.
    func remainingElements(_ element: () throws -> Void) throws {
        repeat {
            skipWhitespace()
            try element()
            skipWhitespace()
        } while consume(Byte.comma)
        guard peek == Byte.closeBracket else { throw failure("expected ',' or ']'") }
    }

    /// Skips one value of any kind, checking its syntax.
    func skipValue() throws {
        skipWhitespace()
        switch peek {
        case Byte.openBrace: try object(matching: { _ in try skipValue() })
        case Byte.openBracket: try array { _ in try skipValue() }
        case Byte.quote: _ = try text()
        case Byte.t: try literal("true")
        case Byte.f: try literal("false")
        case Byte.n: try literal("null")
        default: _ = try numberToken(expected: "a value")
        }
    }

    /// One value of any kind, kept as it is (a member this build does not know).
    func value() throws -> JSONValue {
        skipWhitespace()
        switch peek {
        case Byte.openBrace:
            var members: [String: JSONValue] = [:]
            try object { key in members[key.string] = try value() }
            return .object(members)
        case Byte.openBracket:
            var elements: [JSONValue] = []
            try array { _ in elements.append(try value()) }
            return .array(elements)
        case Byte.quote: return .string(try rawString())
        case Byte.t: try literal("true"); return .bool(true)
        case Byte.f: try literal("false"); return .bool(false)
        case Byte.n: try literal("null"); return .null
        default:
            let token = try numberToken(expected: "a value")
            return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[token]), as: UTF8.self))
        }
    }

    /// Checks that nothing but whitespace follows the document.
    func end() throws {
        skipWhitespace()
        guard offset == bytes.count else { throw failure("unexpected \(foundDescription) after the end of the document") }
    }

    // MARK: Values

    func string() throws -> String {
        guard peek == Byte.quote else { throw mismatch("a string") }
        return try rawString()
    }

    /// A string, or nil for `null`.
    func optionalString() throws -> String? {
        try consumeNull() ? nil : string()
    }

    func double() throws -> Double {
        let token = try numberToken(expected: "a number")
        if let value = exactDouble(token) { return value }
        // Double(String) parses independently of the C locale, which the full-screen app sets.
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[token]), as: UTF8.self)) else {
            throw Failure(offset: token.lowerBound, message: "expected a number")
        }
        return value
    }

    /// A whole number. Like `JSONDecoder`, accepts `1.0` or `1e2` when the value is whole.
    func int() throws -> Int {
        let token = try numberToken(expected: "a whole number")
        if let value = wholeNumber(token) { return value }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[token]), as: UTF8.self)
        if let value = Double(text), value == value.rounded(), let whole = Int(exactly: value) { return whole }
        throw Failure(offset: token.lowerBound, message: "expected a whole number, found \(text)")
    }

    /// `true` or `false`.
    func bool() throws -> Bool {
        switch peek {
        case Byte.t: try literal("true"); return true
        case Byte.f: try literal("false"); return false
        default: throw mismatch("true or false")
        }
    }

    /// A whole number, or nil for `null`.
    func optionalInt() throws -> Int? {
        try consumeNull() ? nil : int()
    }

    func uuid() throws -> UUID {
        let start = offset
        guard peek == Byte.quote else { throw mismatch("a string") }
        let text = try text()
        guard let uuid = text.withUTF8(UUIDText.parse) else {
            throw Failure(offset: start, message: "\"\(text.string.prefix(40))\" is not an id (expected a UUID)")
        }
        return uuid
    }

    /// An ISO-8601 date-time such as "2024-05-01T09:30:00Z".
    func date() throws -> Date {
        let start = offset
        guard peek == Byte.quote else { throw mismatch("a string") }
        let text = try text()
        guard let date = text.withUTF8(ISO8601.date(from:)) else {
            throw Failure(offset: start, message: "\"\(text.string.prefix(40))\" is not a date and time (expected e.g. 2024-05-01T09:30:00Z)")
        }
        return date
    }

    /// A "YYYY-MM-DD" calendar date, or nil for `null`.
    func optionalCalendarDate() throws -> CalendarDate? {
        let start = offset
        guard let text = try optionalString() else { return nil }
        guard let date = CalendarDate(text) else {
            throw Failure(offset: start, message: "\"\(text.prefix(40))\" is not a date (expected YYYY-MM-DD)")
        }
        return date
    }

    // MARK: Errors

    func failure(_ message: String) -> Failure {
        Failure(offset: offset, message: message)
    }

    /// "expected a number, found a string".
    func mismatch(_ expected: String) -> Failure {
        failure("expected \(expected), found \(foundDescription)")
    }

    /// Line and column (both from 1) of a byte offset, for messages.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == Byte.newline {
            line += 1
            lineStart = index + 1
        }
        // Count characters, not bytes, so the column matches what an editor shows.
        let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<min(offset, bytes.count)]),
                            as: UTF8.self).count + 1
        return (line, column)
    }

    private var foundDescription: String {
        switch peek {
        case nil: return "the end of the file"
        case Byte.openBrace: return "an object"
        case Byte.openBracket: return "a list"
        case Byte.quote: return "a string"
        case Byte.t, Byte.f: return "true/false"
        case Byte.n: return "null"
        case let byte? where byte == Byte.minus || Byte.isDigit(byte): return "a number"
        case let byte?:
            return byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        }
    }

    // MARK: Lexing

    private var peek: UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private func consume(_ byte: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private func consumeNull() throws -> Bool {
        guard peek == Byte.n else { return false }
        try literal("null")
        return true
    }

    private func enter(_ opener: UInt8, expected: String) throws {
        guard peek == opener else { throw mismatch(expected) }
        guard depth < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        depth += 1
        offset += 1
    }

    func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case Byte.newline:
                offset += 1
                // Indents are a quarter of a pretty-printed file: skipped eight spaces at a time.
                while offset + 8 <= bytes.count,
                      UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self) == Self.eightSpaces {
                    offset += 8
                }
            case Byte.space, Byte.tab, Byte.carriageReturn: offset += 1
            default: return
            }
        }
    }

    private static let eightSpaces = UInt64(0x2020_2020_2020_2020)

    private func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count,
              memcmp(bytes.baseAddress! + offset, word.utf8Start, count) == 0
        else { throw mismatch("a value") }
        offset += count
    }
}
