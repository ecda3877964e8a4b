import Foundation
@testable import RoadtripCore

/// The trips-file loader must throw `TripFileError` or return trips; anything else (a crash, a trap,
/// another error) is a bug. Trips it returns must also survive a save and a reload unchanged.
public enum LoaderFuzzCheck {
    public static func check(_ data: Data) throws {
        let contents: TripFileContents
        do {
            contents = try TripFileReader.read(data)
        } catch is TripFileError {
            return
        } catch {
            throw FuzzCheckFailure(description: "the loader threw \(type(of: error)), not TripFileError: \(error)")
        }
        let trips: [Trip]
        switch contents {
        case let .current(read, _), let .newer(_, read?): trips = read
        case .newer(_, nil): return
        }
        let document = TripDocument(trips: trips)
        let saved: Data
        do {
            saved = try TripDocument.encode(document)
        } catch {
            throw FuzzCheckFailure(description: "trips the loader accepted cannot be saved: \(error)")
        }
        guard (try? TripDocument.decode(saved)) == document else {
            throw FuzzCheckFailure(description: "saved trips read back differently")
        }
    }
}
