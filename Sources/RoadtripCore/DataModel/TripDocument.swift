import Foundation

/// The file format: `{"schemaVersion": 1, "trips": [...]}`, pretty-printed with sorted keys and ISO-8601
/// dates so that the file reads well in a diff.
///
/// `encode` and `decode` use the store's own reader and writer (fast, with precise error messages); the
/// `Codable` conformance describes the same format for `JSONEncoder`/`JSONDecoder`.
public struct TripDocument: Codable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var trips: [Trip]

    public init(trips: [Trip]) {
        self.schemaVersion = Self.currentSchemaVersion
        self.trips = trips
    }

    /// The file's bytes, ending with a newline.
    public static func encode(_ document: TripDocument) throws -> Data {
        try TripFileWriter.encode(document)
    }

    /// Reads and validates a document of the current schema version. Throws `TripFileError`, saying where
    /// and what is wrong, for anything else (a newer version included).
    public static func decode(_ data: Data) throws -> TripDocument {
        switch try TripFileReader.read(data) {
        case let .current(trips):
            return TripDocument(trips: trips)
        case let .newer(version, _):
            throw TripFileError(line: nil, column: nil, reason: "schema version \(version) is newer than this "
                                + "roadtrip understands (\(currentSchemaVersion))")
        }
    }
}
