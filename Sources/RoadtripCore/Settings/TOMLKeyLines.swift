import Foundation

/// The line (1-based) where each top-level key of a TOML document is first written, for messages: TOMLKit
/// gives no positions for parsed values. `key = …`, `"key" = …`, `key.sub = …` and `[key]` headers count.
/// Top-level keys come before every table header in TOML, so the first match is the right line; only a
/// multi-line string written before the key and holding a `key =` line could mislead it.
struct TOMLKeyLines {
    private var lines: [String: Int] = [:]
    /// Keys whose basic string (`"…"`) escapes a NUL (`\u0000`): TOMLKit hands strings over as C strings,
    /// so such a value would arrive silently cut at the NUL.
    private(set) var keysWithNUL: Set<String> = []

    init(_ source: String) {
        for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop(while: { $0 == " " || $0 == "\t" })
            guard !line.hasPrefix("#"), let key = Self.firstKey(line), lines[key] == nil else { continue }
            lines[key] = index + 1
            if Self.escapesNUL(line) { keysWithNUL.insert(key) }
        }
    }

    func line(of key: String) -> Int? { lines[key] }

    /// Whether the value after `=` is a basic string with `\u0000` or `\U00000000` (not itself escaped).
    private static func escapesNUL(_ line: Substring) -> Bool {
        guard let equals = line.firstIndex(of: "="),
              line[line.index(after: equals)...].drop(while: { $0 == " " || $0 == "\t" }).first == "\"" else {
            return false
        }
        var backslashes = 0
        var rest = line[line.index(after: equals)...]
        while let character = rest.first {
            rest = rest.dropFirst()
            if character == "\\" {
                backslashes += 1
                continue
            }
            if backslashes % 2 == 1, rest.hasPrefix("0000") && character == "u" || rest.hasPrefix("00000000") && character == "U" {
                return true
            }
            backslashes = 0
        }
        return false
    }

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
