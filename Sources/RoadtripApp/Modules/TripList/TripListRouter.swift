import RoadtripCore
import TerminalUI

/// Navigation from the trip list: into a trip or the settings, and the shared dialogs.
final class TripListRouter: CommonRouter, TripListRouterInput {
    func showDetail(for id: Trip.ID, saying message: String?) {
        push(context.buildTripDetail(id, saying: message))
    }

    func showSettings() {
        push(context.buildSettings())
    }
}
