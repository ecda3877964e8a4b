import Foundation

/// The XML prolog, read before any parser sees the file. GPX and KML never have a DOCTYPE; one is how a file
/// asks a parser to read another file (`<!ENTITY x SYSTEM "file:///etc/passwd">`, an external DTD) or to expand
/// entities without end ("billion laughs"). A file declaring one is refused before parsing, whatever the
/// parser would do with it.
enum XMLSafety {
    enum Prolog: Equatable {
        /// The root element's qualified name.
        case root(String)
        case documentType
        /// No root element in the bytes (empty, or only a prolog).
        case noRoot
    }

    /// Skips a byte-order mark, whitespace, the XML declaration, processing instructions and comments up to
    /// the first element or DOCTYPE. Works on bytes: the formats read are UTF-8 (ASCII-compatible).
    static func prolog(_ data: Data) -> Prolog {
        let bytes = [UInt8](data)
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func at(_ text: String) -> Bool { bytes[i...].starts(with: Array(text.utf8)) }
        func skip(past end: String) -> Bool {
            let pattern = Array(end.utf8)
            while i < bytes.count {
                if bytes[i...].starts(with: pattern) { i += pattern.count; return true }
                i += 1
            }
            return false
        }
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            case UInt8(ascii: "<"):
                if at("<?") {
                    guard skip(past: "?>") else { return .noRoot }
                } else if at("<!--") {
                    guard skip(past: "-->") else { return .noRoot }
                } else if at("<!") {
                    return .documentType  // <!DOCTYPE, or any other declaration: none belongs in a prolog of ours
                } else {
                    var end = i + 1
                    while end < bytes.count, !" \t\r\n/>".utf8.contains(bytes[end]) { end += 1 }
                    return end > i + 1 ? .root(String(decoding: bytes[(i + 1)..<end], as: UTF8.self)) : .noRoot
                }
            default: return .noRoot
            }
        }
        return .noRoot
    }

    /// Reads `data` into `reader`, event by event (`XMLEvents`), once its prolog and bytes are checked. What
    /// the reader refused, else a parse error, else a document that ends before its root element does (the
    /// parser takes a file cut between elements for a whole one), becomes an `ImportError`.
    static func read(_ data: Data, format: ImportFormat, into reader: XMLContentReader) throws {
        try check(data, format: format)
        let library = try LibXML.shared.get()
        do {
            try XMLEvents.reading(data, with: library) { events in
                while reader.error == nil, let event = try events.next() {
                    switch event {
                    case let .start(name, attributes): reader.start(name, attributes: attributes)
                    case let .text(text): reader.characters(text)
                    case let .end(name): reader.end(name)
                    }
                }
            }
        } catch let failure as XMLEvents.Failure {
            throw ImportError.malformed(format: format, reason: "XML error at line \(failure.line), column \(failure.column) "
                + "(\(TerminalSafe.line(String(failure.message.prefix(200)))))")
        }
        if let error = reader.error { throw error }
        guard reader.rootClosed else {
            throw ImportError.malformed(format: format, reason: "the file ends before its root element does (truncated?)")
        }
    }

    /// Refuses a DOCTYPE, a file without a root element, bytes that are not UTF-8 and another declared encoding.
    private static func check(_ data: Data, format: ImportFormat) throws {
        switch prolog(data) {
        case .documentType: throw ImportError.declaresDocumentType
        case .noRoot: throw ImportError.malformed(format: format, reason: "no root element")
        case .root: break
        }
        // FoundationXML trapped on a name that is not UTF-8 (an attribute name with a stray byte, found by
        // fuzzing); the readers take UTF-8 only anyway, so it is refused with the byte that is wrong.
        if let offset = firstInvalidUTF8(data) {
            throw ImportError.malformed(format: format, reason: "not UTF-8 text (byte \(offset + 1)); convert it to UTF-8 first")
        }
        // FoundationXML read a processing instruction's data through a null pointer when it had none
        // (`<?name?>`, found by fuzzing). GPX and KML have no use for one.
        if let offset = processingInstructionWithoutData(data) {
            throw ImportError.malformed(format: format, reason: "a processing instruction without data (byte \(offset + 1))")
        }
        if let encoding = declaredEncoding(data), !readsAsUTF8(encoding, data) {
            throw ImportError.malformed(format: format, reason: "it declares the encoding \(TerminalSafe.line(String(encoding.prefix(40)))), "
                + "but roadtrip reads UTF-8 only; convert it to UTF-8 and declare encoding=\"UTF-8\" first")
        }
    }

    /// The `encoding` of the XML declaration (`<?xml version="1.0" encoding="…"?>` at the very start), or nil.
    static func declaredEncoding(_ data: Data) -> String? {
        let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let head = String(decoding: data.dropFirst(start).prefix(256), as: UTF8.self)
        guard head.hasPrefix("<?xml"), let first = head.dropFirst(5).first, first.isWhitespace,
              let end = head.range(of: "?>") else { return nil }
        let declaration = head[..<end.lowerBound]
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop(while: \.isWhitespace)
        guard rest.first == "=" else { return nil }
        let value = rest.dropFirst().drop(while: \.isWhitespace)
        guard let quote = value.first, quote == "\"" || quote == "'",
              let close = value.dropFirst().firstIndex(of: quote) else { return nil }
        return String(value[value.index(after: value.startIndex)..<close])
    }

    /// Whether text declared in `encoding` is read right as UTF-8: it is UTF-8, or it is all ASCII and the
    /// encoding one of the ASCII-compatible ones (where ASCII bytes mean the same characters).
    private static func readsAsUTF8(_ encoding: String, _ data: Data) -> Bool {
        let name = encoding.uppercased()
        if name == "UTF-8" || name == "UTF8" { return true }
        let asciiCompatible = ["US-ASCII", "ASCII"].contains(name) || name.hasPrefix("ISO-8859-") || name.hasPrefix("WINDOWS-125")
        return asciiCompatible && !data.contains(where: { $0 >= 0x80 })
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil.
    static func firstInvalidUTF8(_ data: Data) -> Int? {
        var decoder = UTF8()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The offset of the first `<?name?>` (nothing but spaces after the name), or nil. Also matches inside
    /// comments and CDATA: such a file is refused too.
    static func processingInstructionWithoutData(_ data: Data) -> Int? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
            let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
            var i = 0
            while i + 1 < bytes.count {
                defer { i += 1 }
                guard bytes[i] == UInt8(ascii: "<"), bytes[i + 1] == UInt8(ascii: "?") else { continue }
                var j = i + 2
                while j < bytes.count, !isSpace(bytes[j]), bytes[j] != UInt8(ascii: "?") { j += 1 }
                while j < bytes.count, isSpace(bytes[j]) { j += 1 }
                if j + 1 < bytes.count, bytes[j] == UInt8(ascii: "?"), bytes[j + 1] == UInt8(ascii: ">") { return i }
            }
            return nil
        }
    }

    /// The local name of a possibly prefixed element name ("gx:Track" → "Track").
    static func localName(_ qualified: String) -> String {
        guard let colon = qualified.lastIndex(of: ":") else { return qualified }
        return String(qualified[qualified.index(after: colon)...])
    }
}

/// What `XMLSafety.read` asks of a GPX or KML reader: each event in order, until it refuses one.
protocol XMLContentReader: AnyObject {
    /// What the reader refused (no more events come).
    var error: ImportError? { get }
    /// Whether the root element's end was seen.
    var rootClosed: Bool { get }
    func start(_ qualified: String, attributes: [String: String])
    func characters(_ text: String)
    func end(_ qualified: String)
}
