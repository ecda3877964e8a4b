import Foundation
import RoadtripCore
import TerminalUI

/// The regions' places of one category within a corridor of a day's road, in order along it (`AlongFinder`); c and
/// + change the category and widen the corridor (a new search); Enter makes the selected one a stop where it lies
/// in the order (`TripEditor.addStop`, `add-stop`'s sentence).
final class AlongKind: PreviewKind {
    private let day: Int
    private let routes: RouteService
    private let settings: LiveSettings
    private let regions: RegionLoader
    private var category = POICategory.sleep
    private var corridor = 1

    /// The corridor's half-widths a key steps through, km.
    static let corridors: [Double] = [2, AlongFinder.defaultCorridorKm, 10, 20, 50]

    /// `day`: 0-based, as the days view's rows.
    init(day: Int, routes: RouteService, settings: LiveSettings, regions: RegionLoader) {
        self.day = day
        self.routes = routes
        self.settings = settings
        self.regions = regions
    }

    func title(of _: Trip) -> String {
        "Along day \(day + 1): \(category.rawValue) within \(settings.current.units.format(km: Self.corridors[corridor]))"
    }

    func searching(_: Trip) -> String { "Looking along day \(day + 1)…" }

    func search(_ trip: Trip) -> (_ isCancelled: @escaping () -> Bool) -> Result<AlongDay, PreviewFailure> {
        let (day, routes, regions, settings) = (day, routes, regions, settings.current)
        let (category, corridorKm) = (category, Self.corridors[corridor])
        return { isCancelled in
            // The router's roads, waited for (a list opened before they came would place its places on the
            // estimate's longer line and stay so); the arcs where it gives none.
            let itinerary = routes.routedItinerary(for: trip, requester: .along, isCancelled: isCancelled)
                ?? routes.itinerary(for: trip)
            guard itinerary.days.indices.contains(day) else {
                return .failure(PreviewFailure(message: "The trip has no day \(day + 1) any more."))
            }
            let loaded = regions.wait().pois
            guard !loaded.isEmpty else {
                return .failure(PreviewFailure(message: "No region is installed: add one with roadtrip region add FILE.osm.pbf."))
            }
            return .success(AlongFinder(index: loaded, settings: settings)
                .along(day: day + 1, trip: trip, itinerary: itinerary, categories: [category], corridorKm: corridorKm))
        }
    }

    func read(_ found: AlongDay) -> PreviewReading {
        let unit = settings.current.units
        guard !found.stops.isEmpty else {
            return .show(.choices(heading: "No \(category.rawValue) within \(unit.format(km: found.corridorKm)) "
                                      + "of \(found.basis.lineText).", rows: []))
        }
        return .show(.choices(
            heading: "\(TripText.count(found.stops.count, "place")) in order along \(found.basis.lineText), "
                + "\(Credits.openStreetMap):",
            rows: found.stops.map { stop in
                "\(unit.format(km: stop.kmAlong)) · +\(TripText.duration(stop.detourSeconds)) · "
                    + "\(stop.feature.kind.replacingOccurrences(of: "_", with: " ")) · \(stop.name)"
            }))
    }

    func apply(_ found: AlongDay, row: Int, editor: TripEditor, foundFor: [Waypoint]) throws -> ChangeDescription? {
        guard found.stops.indices.contains(row) else { return nil }
        let stop = found.stops[row]
        guard foundFor.indices.contains(stop.leg + 1), foundFor[stop.leg].id == stop.fromStop,
              foundFor[stop.leg + 1].id == stop.toStop else { throw TripEditError.tripChanged }
        return try editor.addStop(stop.waypoint, at: stop.leg + 1, expecting: foundFor)
    }

    static let keys = [
        PreviewKey([.enter], "make the selected place a stop where it lies on the road (one change: u undoes it)",
                   hint: "add stop", .apply),
        PreviewKey([.character("c")], "the next category: sleep, fuel, charge, see, rest, ferry", hint: "category",
                   .refine(.category(step: 1))),
        PreviewKey([.character("C")], "the previous category", .refine(.category(step: -1))),
        PreviewKey([.character("+"), .character("w")], "widen the corridor (2, 5, 10, 20, 50 km)", hint: "wider",
                   .refine(.corridor(step: 1))),
        PreviewKey([.character("-")], "narrow the corridor", .refine(.corridor(step: -1))),
        PreviewKey([.escape, .character("q")], "close; the trip stays as it is", hint: "close", .cancel),
    ]

    func refine(_ refinement: PreviewRefinement) -> Bool {
        switch refinement {
        case let .category(step):
            let all = POICategory.allCases
            category = all[(all.firstIndex(of: category)! + step + all.count) % all.count]
            return true
        case let .corridor(step):
            let next = max(0, min(Self.corridors.count - 1, corridor + step))
            defer { corridor = next }
            return next != corridor
        }
    }

    static var helpNotes: [KeyHelp] { [KeyHelp("places", Credits.openStreetMap)] }

    let stopped = "The trip is unchanged."
    let kept = "The trip is unchanged."
}
