import Foundation
import RoadtripCore

/// Trips for the optimise tests: stops along the equator, so the best order is plainly west to east.
enum OptimiseTestTrips {
    /// A trip whose stops are the equator's points `order` (degrees east), named by their letter ("A" at 0°);
    /// `nights` on the stop at 1° (B), with a note.
    static func line(_ order: [Int], name: String = "Line") -> Trip {
        Trip(name: name, waypoints: order.map { index in
            let letter = String(UnicodeScalar(UInt8(65 + index)))
            return Waypoint(name: letter, latitude: 0, longitude: Double(index), nights: letter == "B" ? 2 : 0,
                            notes: letter == "B" ? "Market day" : "")
        })
    }

    /// The preview the route service gives for `trip` (the estimate: no engine, answered at once).
    static func preview(_ trip: Trip, routes: RouteService) throws -> OrderPreview {
        guard let preview = TripOrderSearch.preview(of: trip, routes: routes, requester: .optimise) else {
            throw CocoaError(.featureUnsupported)
        }
        return preview
    }
}
