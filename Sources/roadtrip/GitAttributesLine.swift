import Foundation

/// The `.gitattributes` line that gives the trips file roadtrip's merge driver, and adding it once.
enum GitAttributesLine {
    static let attribute = "merge=roadtrip"

    /// `/trips.json merge=roadtrip` for the file at `path` (from the top of the repository). The leading slash
    /// anchors the pattern at the top: `trips.json` alone would match that name in every folder. Glob characters
    /// are escaped, and a pattern with blanks, quotes or control characters is quoted C-style, which
    /// gitattributes reads (attr.c, since git 2.13).
    static func line(for path: String) -> String { pattern(for: path) + " " + attribute }

    /// `contents` of a `.gitattributes` with the line for `path` appended, or nil when a line already gives that
    /// pattern roadtrip's driver. The other lines stay byte for byte, and so does their line ending.
    static func adding(lineFor path: String, to contents: Data) -> Data? {
        let text = String(decoding: contents, as: UTF8.self), pattern = pattern(for: path)
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        for existing in text.split(whereSeparator: \.isNewline) {
            let trimmed = existing.drop(while: blank)
            guard trimmed.hasPrefix(pattern), let next = trimmed.dropFirst(pattern.count).first, blank(next) else {
                continue
            }
            if trimmed.dropFirst(pattern.count).split(whereSeparator: blank).contains(Substring(attribute)) {
                return nil
            }
        }
        let ending = text.contains("\r\n") ? "\r\n" : "\n"
        let separator = text.isEmpty || text.hasSuffix("\n") ? "" : ending
        return contents + Data((separator + line(for: path) + ending).utf8)
    }

    private static func pattern(for path: String) -> String {
        var pattern = "/"
        for scalar in path.unicodeScalars {
            if "\\*?[".unicodeScalars.contains(scalar) { pattern += "\\" }
            pattern.unicodeScalars.append(scalar)
        }
        let needsQuotes = pattern.unicodeScalars.contains { $0 == " " || $0 == "\"" || $0.value < 0x20 || $0.value == 0x7F }
        return needsQuotes ? cQuoted(pattern) : pattern
    }

    private static func cQuoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\t": quoted += "\\t"
            case "\n": quoted += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: quoted += String(format: "\\%03o", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
