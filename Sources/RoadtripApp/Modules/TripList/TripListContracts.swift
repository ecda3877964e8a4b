import Foundation
import RoadtripCore

/// Presenter → interactor: the trip list's use cases.
public protocol TripListInteractorInput: AnyObject {
    var access: StoreAccess { get }
    var notices: [String] { get }
    func loadTrips() -> [TripSummary]
    func findTrip(_ query: String) throws -> Trip.ID
    func addTrip(named name: String) throws -> Trip.ID
    func renameTrip(_ id: Trip.ID, to name: String) throws
    func deleteTrip(_ id: Trip.ID) throws
}
