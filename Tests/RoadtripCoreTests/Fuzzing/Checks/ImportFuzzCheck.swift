import Foundation
import RoadtripCore

/// The importers must refuse any input with an `ImportError`, or give a trip that passes validation, with
/// 1…`maxStops` stops of no nights (at most `trackStops` from a track).
public enum ImportFuzzCheck {
    public static func check(_ data: Data) throws {
        let imported: ImportedTrip
        do {
            imported = try TripImporter.importTrip(from: data)
        } catch is ImportError {
            return
        } catch {
            throw FuzzCheckFailure(description: "not an ImportError: \(error)")
        }
        let stops = imported.trip.waypoints
        func require(_ holds: Bool, _ property: String) throws {
            if !holds { throw FuzzCheckFailure(description: property) }
        }
        try require(imported.trip == (try? imported.trip.validated()), "the trip passes validation unchanged")
        try require((1...TripImporter.maxStops).contains(stops.count), "1…maxStops stops")
        try require(imported.source != .track || stops.count <= TripImporter.trackStops, "a track gives at most trackStops")
        try require(stops.allSatisfy { $0.nights == 0 }, "no nights")
        _ = imported.summary
    }
}
