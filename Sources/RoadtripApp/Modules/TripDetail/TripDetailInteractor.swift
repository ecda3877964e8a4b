import Foundation
import RoadtripCore

/// The trip screen's use cases: the shared edits (`TripEditor`) of one trip.
final class TripDetailInteractor: TripDetailInteractorInput {
    private let editor: TripEditor
    private let repository: TripRepository

    init(tripID: Trip.ID, repository: TripRepository) {
        editor = TripEditor(tripID: tripID, repository: repository)
        self.repository = repository
    }

    var tripID: Trip.ID { editor.tripID }

    var access: StoreAccess { repository.access }

    func loadTrip() -> Trip? {
        editor.trip
    }

    func addStop(_ waypoint: Waypoint, at index: Int?) throws {
        try editor.addStop(waypoint, at: index)
    }

    func updateStop(_ waypoint: Waypoint) throws {
        try editor.updateStop(waypoint)
    }

    func deleteStop(_ id: Waypoint.ID) throws {
        try editor.deleteStop(id)
    }

    func moveStop(from: Int, to: Int) throws {
        try editor.moveStop(from: from, to: to)
    }

    func rename(to name: String) throws {
        try editor.rename(to: name)
    }

    func setNotes(_ notes: String) throws {
        try editor.setNotes(notes)
    }

    func setStartDate(_ date: CalendarDate?) throws {
        try editor.setStartDate(date)
    }

    func reverse() throws {
        try editor.reverse()
    }

    func export(_ trip: Trip, _ itinerary: Itinerary, as format: ExportFormat, unit: DistanceUnit, to url: URL) throws {
        try TripExport.write(trip, itinerary, format: format, unit: unit, to: url, tripsFile: repository.fileURL)
    }
}
