import Foundation

/// The file format: `{"schemaVersion": 1, "trips": [...]}`, pretty-printed with sorted keys and ISO-8601
/// dates so that the file reads well in a diff.
public struct TripDocument: Codable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var trips: [Trip]

    public init(trips: [Trip]) {
        self.schemaVersion = Self.currentSchemaVersion
        self.trips = trips
    }

    public static func encode(_ document: TripDocument) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(document)
        data.append(0x0A)
        return data
    }

    public static func decode(_ data: Data) throws -> TripDocument {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(TripDocument.self, from: data)
    }
}
