import Foundation

/// The file format: `{"schemaVersion": 2, "trips": [...]}`, pretty-printed with sorted keys and ISO-8601
/// dates so that the file reads well in a diff; with schema 2, the marks a merge needs (`EditLedger`: `seen`,
/// `deletedTrips`, each trip's `edits`), which the `Codable` conformance leaves out (docs/data-file.md).
///
/// `encode` and `decode` use the store's own reader and writer (fast, with precise error messages); the
/// `Codable` conformance describes the same format for `JSONEncoder`/`JSONDecoder`.
public struct TripDocument: Codable, Equatable {
    public static let currentSchemaVersion = 2

    public var schemaVersion: Int
    public var trips: [Trip]
    public var ledger: EditLedger

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, trips
    }

    public init(trips: [Trip], ledger: EditLedger = EditLedger()) {
        self.schemaVersion = Self.currentSchemaVersion
        self.trips = trips
        self.ledger = ledger
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
        trips = try c.decode([Trip].self, forKey: .trips)
        ledger = EditLedger()
    }

    /// The file's bytes, ending with a newline.
    public static func encode(_ document: TripDocument) throws -> Data {
        try TripFileWriter.encode(document)
    }

    /// Reads and validates a document of the current schema version. Throws `TripFileError`, saying where
    /// and what is wrong, for anything else (a newer version included).
    public static func decode(_ data: Data) throws -> TripDocument {
        switch try TripFileReader.read(data) {
        case let .current(trips, ledger):
            return TripDocument(trips: trips, ledger: ledger)
        case let .newer(version, _):
            throw TripFileError(line: nil, column: nil, reason: "schema version \(version) is newer than this "
                                + "roadtrip understands (\(currentSchemaVersion))")
        }
    }
}
