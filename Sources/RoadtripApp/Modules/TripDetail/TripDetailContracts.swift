import Foundation
import RoadtripCore

/// Presenter → interactor: the use cases of one trip.
public protocol TripDetailInteractorInput: AnyObject {
    var tripID: Trip.ID { get }
    /// nil when the trip no longer exists (deleted elsewhere, or the file was reloaded).
    func loadTrip() -> Trip?
    /// Inserts at `index` (clamped to the valid range); appends when nil.
    func addStop(_ waypoint: Waypoint, at index: Int?) throws
    func updateStop(_ waypoint: Waypoint) throws
    func deleteStop(_ id: Waypoint.ID) throws
    func moveStop(from: Int, to: Int) throws
    func rename(to name: String) throws
    func setNotes(_ notes: String) throws
    func setStartDate(_ date: CalendarDate?) throws
}
