import Foundation
import RoadtripCore

enum Output {
    /// JSON with every character that could drive a terminal escaped: JSONEncoder escapes C0 controls
    /// only, so DEL, C1 controls (U+009B is a one-byte CSI) and bidi overrides become `\u009b`-style
    /// escapes here. They can occur only inside strings, where the escape means the same text.
    static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        print(escapingTerminalControls(String(decoding: try encoder.encode(value), as: UTF8.self)))
    }

    static func escapingTerminalControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: TerminalSafe.isUnsafe) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            // Pretty-printing puts raw newlines between values; inside strings they are already escaped.
            if TerminalSafe.isUnsafe(scalar) && scalar != "\n" {
                out.append(contentsOf: String(format: "\\u%04x", scalar.value).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Store notices (read-only, recovered...) go to stderr so that stdout stays parseable.
    static func printNotices(_ notices: [CustomStringConvertible]) {
        for notice in notices {
            printError(notice.description)
        }
    }

    /// The store's notices that matter to a command that changes nothing: not that it opened read-only (another
    /// roadtrip holds the lock), which matters only to a command that changes data, and that one is refused
    /// with the reason when it tries.
    static func readingNotices(_ store: TripStore) -> [StoreNotice] {
        store.notices.filter { if case .openedReadOnly = $0 { return false } else { return true } }
    }

    /// The message on stderr, sanitised; its own line breaks (a list of candidates) stay line breaks.
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("roadtrip: \(TerminalSafe.multiline(message))\n".utf8))
    }

    /// Flushes stdout; a write that failed (a full disk, a closed pipe) is the command's failure, not a
    /// silent success: the reason as an error, or nil when all output arrived.
    static func flushFailure() -> String? {
        if fflush(stdout) != 0 { return "cannot write the output: \(String(cString: strerror(errno)))" }
        return ferror(stdout) != 0 ? "cannot write the output" : nil
    }
}
