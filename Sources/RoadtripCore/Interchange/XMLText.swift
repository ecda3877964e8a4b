import Foundation

/// Text for XML 1.0 element content and attribute values (GPX, KML).
enum XMLText {
    /// `ExportText.multiline` (no control characters, U+FFFE or U+FFFF: XML 1.0 forbids them even escaped),
    /// then `& < > " '` as entities, so the value is safe in content and in either kind of quoted attribute.
    /// Line breaks stay as they are (a parser reads them back as `\n`).
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in ExportText.multiline(text) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }

    /// `<name>value</name>` indented by `indent`, with a line break; nothing for an empty value (GPX and KML
    /// treat a missing element and an empty one alike, and an empty `<cmt/>` is noise on a GPS unit).
    static func element(_ name: String, _ value: String, indent: String) -> String {
        value.isEmpty ? "" : "\(indent)<\(name)>\(escaped(value))</\(name)>\n"
    }
}
