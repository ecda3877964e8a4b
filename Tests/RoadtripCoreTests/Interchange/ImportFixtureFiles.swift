import Foundation
@testable import RoadtripCore

/// The files in Tests/Fixtures/import, written the way other tools write them.
enum ImportFixtureFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/import")

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    static func read(_ name: String) throws -> ImportedTrip {
        try TripImporter.read(contentsOf: url(name))
    }

    static func importing(_ text: String, fileExtension: String = "") throws -> ImportedTrip {
        try TripImporter.importTrip(from: Data(text.utf8), fileExtension: fileExtension)
    }
}
