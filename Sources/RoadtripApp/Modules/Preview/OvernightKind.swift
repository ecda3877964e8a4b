import Foundation
import RoadtripCore

/// Where one day could end: the gazetteer's towns near its line, best first (`OvernightFinder`); Enter inserts the
/// selected one as a stop of one night (`TripEditor.insertOvernight`). No town closes with the reason; without road
/// data the reason stays on screen with the command that gets the roads.
final class OvernightKind: PreviewKind {
    private let day: Int
    private let routes: RouteService
    private let settings: LiveSettings
    private let places: PlaceIndexLoader?
    /// The trip last searched, for the command its answer may name.
    private var searched: Trip?

    /// `day`: 0-based, as the days view's rows.
    init(day: Int, routes: RouteService, settings: LiveSettings, places: PlaceIndexLoader?) {
        self.day = day
        self.routes = routes
        self.settings = settings
        self.places = places
    }

    func title(of _: Trip) -> String { "Where to sleep on day \(day + 1)" }

    func searching(_: Trip) -> String { "Looking for towns along day \(day + 1)…" }

    func search(_ trip: Trip) -> (_ isCancelled: @escaping () -> Bool) -> Result<DayOvernights, PreviewFailure> {
        let (day, routes, places, settings) = (day, routes, places, settings.current)
        searched = trip
        return { _ in
            Self.finder(places, settings).map { finder in
                // The legs known now: the router's roads where it gave them, else the great-circle arcs.
                finder.suggestions(forDay: day + 1, trip: trip, itinerary: routes.itinerary(for: trip))
            }
        }
    }

    func read(_ found: DayOvernights) -> PreviewReading {
        let unit = settings.current.units
        let heading = found.sentence(limitSeconds: settings.current.dailyLimitHours * 3600, unit: unit)
        guard found.candidates.isEmpty else {
            return .show(.choices(heading: heading, rows: found.candidates.map { $0.text(unit) }))
        }
        // Without road data the empty answer stays open to be read whole, with the command that gets the roads.
        guard let trip = searched, let hint = found.roadHint(trip) else { return .close(.info(heading)) }
        return .show(.choices(heading: heading + " " + hint, rows: []))
    }

    func apply(_ found: DayOvernights, row: Int, editor: TripEditor, foundFor: [Waypoint]) throws -> ChangeDescription? {
        guard found.candidates.indices.contains(row) else { return nil }
        return try editor.insertOvernight(found.candidates[row], expecting: foundFor)
    }

    static let keys = [
        PreviewKey([.enter], "end the day at the selected town: a stop of one night (one change: u undoes it)",
                   hint: "sleep there", .apply),
        PreviewKey([.escape, .character("q")], "close; the trip stays as it is", hint: "close", .cancel),
    ]

    func refine(_: PreviewRefinement) -> Bool { false }

    let stopped = "Stopped: the trip is unchanged."
    let kept = "The trip is unchanged."

    /// The finder over the gazetteer, waiting for it to load (off the loop); why not when there is none.
    static func finder(_ places: PlaceIndexLoader?, _ settings: Settings) -> Result<OvernightFinder, PreviewFailure> {
        guard let places else { return .failure(PreviewFailure(message: "Place search is off: no towns to suggest.")) }
        do {
            return .success(OvernightFinder(places: try places.wait(), settings: settings))
        } catch {
            return .failure(PreviewFailure(message: "The places could not be read: \(error)"))
        }
    }
}
