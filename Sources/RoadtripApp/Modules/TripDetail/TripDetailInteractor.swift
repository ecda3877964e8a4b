import Foundation
import RoadtripCore

/// The trip screen's use cases: the shared edits (`TripEditor`) of one trip.
final class TripDetailInteractor: TripDetailInteractorInput {
    private let editor: TripEditor
    private let repository: TripRepository
    /// The app's undo history; nil where there is none (a test's repository).
    private let history: ChangeHistory?

    var workingFolder: String { FileManager.default.currentDirectoryPath }

    init(tripID: Trip.ID, repository: TripRepository, history: ChangeHistory? = nil) {
        editor = TripEditor(tripID: tripID, repository: repository)
        self.repository = repository
        self.history = history
    }

    var tripID: Trip.ID { editor.tripID }

    var access: StoreAccess { repository.access }

    func loadTrip() -> Trip? {
        editor.trip
    }

    @discardableResult
    func addStop(_ waypoint: Waypoint, at index: Int?) throws -> ChangeDescription {
        try editor.addStop(waypoint, at: index)
    }

    @discardableResult
    func updateStop(_ waypoint: Waypoint) throws -> ChangeDescription {
        try editor.updateStop(waypoint).change
    }

    func undo() throws -> ChangeDescription? {
        try history?.undo()
    }

    func redo() throws -> ChangeDescription? {
        try history?.redo()
    }

    @discardableResult
    func deleteStop(_ id: Waypoint.ID) throws -> ChangeDescription {
        try editor.deleteStop(id)
    }

    @discardableResult
    func moveStop(from: Int, to: Int) throws -> ChangeDescription {
        try editor.moveStop(from: from, to: to)
    }

    @discardableResult
    func rename(to name: String) throws -> ChangeDescription {
        try editor.rename(to: name)
    }

    @discardableResult
    func setNotes(_ notes: String) throws -> ChangeDescription {
        try editor.setNotes(notes)
    }

    @discardableResult
    func setStartDate(_ date: CalendarDate?) throws -> ChangeDescription {
        try editor.setStartDate(date)
    }

    @discardableResult
    func reverse() throws -> ChangeDescription {
        try editor.reverse()
    }

    @discardableResult
    func setPinned(_ pinned: Bool, stop id: Waypoint.ID) throws -> ChangeDescription {
        try editor.setPinned(pinned, stop: id)
    }

    func takeBack(conflict index: Int) throws -> ChangeDescription {
        try editor.takeBack(conflict: index)
    }

    func keepValues() throws -> ChangeDescription {
        try editor.keepValues()
    }

    func setVehicle(_ kind: VehicleKind?) throws -> ChangeDescription {
        try editor.setVehicle(kind)
    }

    func setAvoiding(_ avoid: Avoid, _ avoiding: Bool, over settings: [Avoid]) throws -> ChangeDescription {
        try editor.setAvoiding(avoid, avoiding, over: settings)
    }

    func useSettingsVehicle() throws -> ChangeDescription {
        try editor.useSettingsVehicle()
    }

    func export(_ trip: Trip, _ itinerary: Itinerary, as format: ExportFormat, unit: DistanceUnit, cost: TripCost?,
                battery: TripBattery?, to url: URL, replacing: Bool) throws {
        try TripExport.write(trip, itinerary, format: format, unit: unit, to: url, tripsFile: repository.file?.fileURL,
                             replacing: replacing, cost: cost, battery: battery)
    }
}
