import Foundation

/// Names and notes as they come out of a file, cleaned the way the exports clean them.
enum ImportText {
    /// A single line without control characters, trimmed ("" when the file gave nothing).
    static func name(_ raw: String) -> String {
        ExportText.line(raw).trimmingCharacters(in: .whitespaces)
    }

    /// The non-empty parts (GPX `cmt` first, then `desc`), each trimmed, separated by a blank line; a part
    /// repeating the one before is kept once (many tools write the same text in both).
    static func notes(_ parts: [String]) -> String {
        var kept: [String] = []
        for part in parts {
            let text = ExportText.multiline(part).trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty, text != kept.last { kept.append(text) }
        }
        return kept.joined(separator: "\n\n")
    }

    /// The text of an HTML fragment (a KML `description`): line breaks and paragraph ends as `\n`, other tags
    /// dropped, entities decoded.
    static func plainText(html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var out = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else { out += rest[open...]; rest = ""; break }
            let tag = rest[rest.index(after: open)..<close].lowercased()
                .trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("br") || tag == "/p" || tag == "/div" || tag == "/li" { out += "\n" }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return decodingEntities(out)
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
    ]

    private static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest.index(after: amp)
            if let semicolon = rest[after...].prefix(12).firstIndex(of: ";") {
                let entity = String(rest[after..<semicolon])
                if let value = decode(entity) {
                    out += value
                    rest = rest[rest.index(after: semicolon)...]
                    continue
                }
            }
            out += "&"
            rest = rest[after...]
        }
        return out + rest
    }

    private static func decode(_ entity: String) -> String? {
        if let value = named[entity] { return value }
        guard entity.hasPrefix("#") else { return nil }
        let digits = entity.dropFirst()
        let code = digits.first == "x" || digits.first == "X"
            ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return code.flatMap(Unicode.Scalar.init).map { String($0) }
    }
}
