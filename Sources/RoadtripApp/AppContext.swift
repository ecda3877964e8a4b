import RoadtripCore
import TerminalUI

/// A screen that shows place search results and must refresh when the gazetteer finishes loading.
protocol PlacesObserver: AnyObject {
    func placesDidLoad()
}

/// A screen that lists trips and must refresh when the rest of a large file has been read.
protocol TripsObserver: AnyObject {
    func tripsDidLoad()
}

/// What every module's builder needs: the data, the settings and the screen stack, plus how to build the
/// modules a router can open (so routers never construct each other's parts).
public final class AppContext {
    public let repository: TripRepository
    public let unit: DistanceUnit
    /// The gazetteer, loading in the background from start-up; nil when place search is off.
    let places: PlaceIndexLoader?
    let stack: ScreenStack
    /// Ends the app (quit from the root screen).
    let quit: () -> Void

    init(repository: TripRepository, unit: DistanceUnit, places: PlaceIndexLoader?, stack: ScreenStack,
         quit: @escaping () -> Void) {
        self.repository = repository
        self.unit = unit
        self.places = places
        self.stack = stack
        self.quit = quit
    }

    func buildTripDetail(_ id: Trip.ID) -> Screen {
        TripDetailBuilder.build(tripID: id, context: self)
    }

    func buildWaypointForm(_ waypoint: Waypoint?, _ previous: Waypoint?, _ output: WaypointModuleOutput) -> Screen {
        WaypointBuilder.build(editing: waypoint, near: previous, output: output, context: self)
    }
}
