import Foundation
import RoadtripCore

enum Output {
    /// JSON escapes every control character, so data text is safe here without the sanitiser.
    static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Store notices (read-only, recovered...) go to stderr so that stdout stays parseable.
    static func printNotices(_ notices: [String]) {
        for notice in notices {
            FileHandle.standardError.write(Data("roadtrip: \(TerminalSafe.line(notice))\n".utf8))
        }
    }
}
