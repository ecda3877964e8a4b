import Foundation
import RoadtripCore
import TerminalUI

/// Where an electric trip charges on every day (`TripCharging`), read as `ChargePreview.lines`, as `roadtrip charge`
/// prints it; Enter inserts the charge stops (`TripEditor.charge`). Not an electric car, a battery not known or no
/// region installed closes with the sentence that says what to do; a plan that changes nothing closes with why.
final class ChargeKind: PreviewKind {
    private let routes: RouteService
    private let settings: LiveSettings
    private let regions: RegionLoader

    /// The roads of the trips it plans, while the user waits for them.
    static let requester = RouteRequester("charge", priority: .screen)

    init(routes: RouteService, settings: LiveSettings, regions: RegionLoader) {
        self.routes = routes
        self.settings = settings
        self.regions = regions
    }

    func title(of trip: Trip) -> String { "Charge: \(trip.name)" }

    func searching(_: Trip) -> String { "Planning where to charge on every day…" }

    func search(_ trip: Trip) -> (_ isCancelled: @escaping () -> Bool) -> Result<TripCharging, PreviewFailure> {
        let (routes, regions, settings) = (routes, regions, settings.current.applying(trip))
        return { isCancelled in
            let battery: EVBattery
            switch Self.battery(settings) {
            case let .success(found): battery = found
            case let .failure(failure): return .failure(failure)
            }
            guard trip.waypoints.count > 1 else {
                return .failure(PreviewFailure(message: "Not planned: the trip needs two stops or more."))
            }
            let loaded = regions.wait()
            guard !loaded.installed.regions.isEmpty else {
                return .failure(PreviewFailure(message: "Not planned: the chargers come from regions; "
                                                   + "add one with roadtrip region add FILE.osm.pbf."))
            }
            // The router's roads, waited for (the legs to and from every charger tried); the arcs where it gives none.
            let itinerary = { (trip: Trip) in
                routes.routedItinerary(for: trip, requester: Self.requester, isCancelled: isCancelled)
                    ?? routes.itinerary(for: trip)
            }
            return .success(TripCharging.plan(trip, battery: battery, finder: AlongFinder(index: loaded.pois, settings: settings),
                                              chargers: ChargerIndex.of(loaded.installed), itinerary: itinerary))
        }
    }

    /// The car the settings (the trip's applied) describe, or the sentence saying what to set.
    static func battery(_ settings: Settings) -> Result<EVBattery, PreviewFailure> {
        do {
            return .success(try EVBattery(settings: settings))
        } catch {
            return .failure(PreviewFailure(message: "Not planned: \(error)."))
        }
    }

    func read(_ found: TripCharging) -> PreviewReading {
        let lines = ChargePreview(found).lines(settings.current.units)
        guard found.changesTrip || !found.feasible else {
            return .close(.info(found.charges.isEmpty ? "No charge stop is needed: the trip is unchanged."
                                    : "The charge stops planned are those the trip has: it is unchanged."))
        }
        return .show(.lines(lines))
    }

    func apply(_ found: TripCharging, row _: Int, editor: TripEditor, foundFor _: [Waypoint]) throws -> ChangeDescription? {
        // A plan with gaps and no stop to insert: Enter closes, saying so.
        guard found.changesTrip else {
            throw PreviewFailure(message: "No charge stop to insert: the trip is unchanged; roadtrip charge TRIP --dry-run "
                                     + "lists the gaps.")
        }
        return try editor.charge(found)
    }

    static let keys = [
        PreviewKey([.enter], "insert these charge stops (one change: u undoes it)", hint: "insert", .apply),
        PreviewKey([.escape, .character("q")], "keep the trip as it is", hint: "keep", .cancel),
    ]

    func refine(_: PreviewRefinement) -> Bool { false }

    static var helpNotes: [KeyHelp] { [KeyHelp("chargers", Credits.openStreetMap)] }

    let stopped = "Stopped: the trip is unchanged."
    let kept = "The trip is unchanged."
}
