import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

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

    /// An XMLParser that resolves nothing external, for a file whose prolog was checked.
    static func parser(_ data: Data, format: ImportFormat) throws -> XMLParser {
        switch prolog(data) {
        case .documentType: throw ImportError.declaresDocumentType
        case .noRoot: throw ImportError.malformed(format: format, reason: "no root element")
        case .root: break
        }
        // FoundationXML traps on a name that is not UTF-8 (an attribute name with a stray byte, found by
        // fuzzing): only valid UTF-8 reaches it.
        if let offset = firstInvalidUTF8(data) {
            throw ImportError.malformed(format: format, reason: "not UTF-8 text (byte \(offset + 1)); convert it to UTF-8 first")
        }
        // FoundationXML reads a processing instruction's data through a null pointer when it has none
        // (`<?name?>`, found by fuzzing). GPX and KML have no use for one.
        if let offset = processingInstructionWithoutData(data) {
            throw ImportError.malformed(format: format, reason: "a processing instruction without data (byte \(offset + 1))")
        }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        return parser
    }

    /// Runs `parser`; what the delegate refused, else a parse error, else a document that ends before its
    /// root element does (FoundationXML's parser accepts a truncated file), becomes an `ImportError`.
    static func run(_ parser: XMLParser, format: ImportFormat, _ delegate: XMLReaderDelegate) throws {
        parser.delegate = delegate
        let parsed = parser.parse()
        if let error = delegate.error { throw error }
        guard parsed else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            throw ImportError.malformed(format: format,
                                        reason: "XML error at line \(parser.lineNumber), column \(parser.columnNumber) (\(reason))")
        }
        guard delegate.rootClosed else {
            throw ImportError.malformed(format: format, reason: "the file ends before its root element does (truncated?)")
        }
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

/// What `XMLSafety.run` asks of a reader's delegate.
protocol XMLReaderDelegate: XMLParserDelegate {
    /// What the reader refused (it then aborts the parse).
    var error: ImportError? { get }
    /// Whether the root element's end was seen.
    var rootClosed: Bool { get }
}
