import Foundation

/// The line (1-based) where each top-level key of a TOML document is first written, for messages: TOMLKit
/// gives no positions for parsed values. `key = …`, `"key" = …`, `key.sub = …` and `[key]` headers count.
/// Top-level keys come before every table header in TOML, so the first match is the right line; only a
/// multi-line string written before the key and holding a `key =` line could mislead it.
struct TOMLKeyLines {
    private var lines: [String: Int] = [:]

    init(_ source: String) {
        for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop(while: { $0 == " " || $0 == "\t" })
            guard !line.hasPrefix("#"), let key = Self.firstKey(line), lines[key] == nil else { continue }
            lines[key] = index + 1
        }
    }

    func line(of key: String) -> Int? { lines[key] }

    /// The first segment of the key that `line` defines, unquoted, or nil.
    private static func firstKey(_ line: Substring) -> String? {
        let body = line.drop(while: { $0 == "[" })
        let end: Set<Character> = line.hasPrefix("[") ? [".", "]"] : [".", "="]
        if let quote = body.first, quote == "\"" || quote == "'" {
            let rest = body.dropFirst()
            return rest.firstIndex(of: quote).map { String(rest[..<$0]) }
        }
        guard let stop = body.firstIndex(where: end.contains) else { return nil }
        let key = body[..<stop].trimmingCharacters(in: .whitespaces)
        return key.isEmpty ? nil : key
    }
}
