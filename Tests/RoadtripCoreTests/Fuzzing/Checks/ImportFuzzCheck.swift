import Foundation
import RoadtripCore

/// The import fuzz target's check, compiled here (ImportFuzzCorpusReplayTests replays the corpus through
/// it) and in the fuzzing package (scripts/fuzz/Sources/FuzzImport links to this file). Any input must be
/// refused with an `ImportError`, or give a trip that passes validation, with 1…`maxStops` stops of no
/// nights (at most `trackStops` from a track).
enum ImportFuzzCheck {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func check(_ data: Data) throws {
        let imported: ImportedTrip
        do {
            imported = try TripImporter.importTrip(from: data)
        } catch is ImportError {
            return
        } catch {
            throw Failure(description: "not an ImportError: \(error)")
        }
        let stops = imported.trip.waypoints
        func require(_ holds: Bool, _ property: String) throws {
            if !holds { throw Failure(description: property) }
        }
        try require(imported.trip == (try? imported.trip.validated()), "the trip passes validation unchanged")
        try require((1...TripImporter.maxStops).contains(stops.count), "1…maxStops stops")
        try require(imported.source != .track || stops.count <= TripImporter.trackStops, "a track gives at most trackStops")
        try require(stops.allSatisfy { $0.nights == 0 }, "no nights")
        _ = imported.summary
    }
}
