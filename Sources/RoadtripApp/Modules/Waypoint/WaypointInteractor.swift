import Foundation
import RoadtripCore

/// Use cases of the stop form: validating what was typed and building the stop. It does not save: the form
/// hands the stop back to the trip screen (module output), whose interactor saves it.
final class WaypointInteractor: WaypointInteractorInput {
    private let places: PlaceIndexLoader?
    /// The installed regions' places and POIs, searched with the gazetteer once loaded (`PlaceFinder`).
    private let regions: RegionLoader?
    /// The stops this one goes between: places on the way come first ("jackson" after West Yellowstone
    /// is Wyoming's), and suggestions say how far and which way from the previous stop.
    private let previous: (latitude: Double, longitude: Double)?
    private let next: (latitude: Double, longitude: Double)?

    init(places: PlaceIndexLoader?, regions: RegionLoader? = nil, after previous: Waypoint?,
         before next: Waypoint? = nil) {
        self.places = places
        self.regions = regions
        self.previous = previous.map { ($0.latitude, $0.longitude) }
        self.next = next.map { ($0.latitude, $0.longitude) }
    }

    func searchPlaces(_ text: String, limit: Int) -> PlaceSearch {
        guard let places else { return .unavailable("place search is not installed") }
        if let error = places.error { return .unavailable("place search failed to load: \(error)") }
        guard let index = places.index else { return .loading }
        // Until the regions are read, the gazetteer answers alone (the form searches again when they arrive).
        let finder = PlaceFinder(places: index, regions: regions?.value?.places)
        return .results(finder.query(text, limit: limit, near: previous, next: next))
    }

    var placeNotices: [String] { regions?.value?.places.skipped ?? [] }

    func makeWaypoint(from draft: WaypointDraft, original: Waypoint?) -> Result<Waypoint, WaypointFormErrors> {
        var errors = WaypointErrors()
        let name = check(.name, &errors) { try Limits.checkedName(draft[.name], field: "Name") }
        let latitude = check(.latitude, &errors) { try CoordinateParser.parseLatitude(draft[.latitude]) }
        let longitude = check(.longitude, &errors) { try CoordinateParser.parseLongitude(draft[.longitude]) }
        let nights = check(.nights, &errors) { () throws -> Int in
            let text = draft[.nights].trimmingCharacters(in: .whitespaces)
            let range = Limits.nights
            guard let value = Int(text.isEmpty ? "0" : text) else {
                throw FormMessage("Nights must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            try Limits.checkNights(value)
            return value
        }
        let stay = check(.stay, &errors) { try StayDuration.parse(draft[.stay]) }
        check(.notes, &errors) { try Limits.checkNotes(draft[.notes], field: "Notes") }
        guard errors.isEmpty, let name, let latitude, let longitude, let nights, let stay else {
            return .failure(WaypointFormErrors(byField: errors))
        }
        var waypoint = original ?? Waypoint(name: name, latitude: latitude, longitude: longitude)
        let moved = waypoint.latitude != latitude || waypoint.longitude != longitude
        waypoint.name = name
        waypoint.latitude = latitude
        waypoint.longitude = longitude
        waypoint.nights = nights
        waypoint.stayMinutes = stay
        waypoint.notes = draft[.notes]
        if moved {
            // Typed coordinates no longer describe the gazetteer place the stop came from.
            waypoint.forgetPlace()
        }
        return .success(waypoint)
    }

    func splitCoordinatePair(_ text: String) -> (latitude: String, longitude: String)? {
        guard let pair = try? CoordinateParser.parse(text) else { return nil }
        return (WaypointDraft.degrees(pair.latitude), WaypointDraft.degrees(pair.longitude))
    }

    @discardableResult
    private func check<T>(_ field: WaypointField, _ errors: inout WaypointErrors, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            errors[field] = String(describing: error)
            return nil
        }
    }
}

/// A form error that is only a sentence.
struct FormMessage: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
