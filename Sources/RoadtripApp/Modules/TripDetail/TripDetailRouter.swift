import RoadtripCore
import TerminalUI

/// Navigation from a trip: the stop form, and the shared dialogs.
final class TripDetailRouter: CommonRouter, TripDetailRouterInput {
    func showWaypointForm(editing waypoint: Waypoint?, after previous: Waypoint?, before next: Waypoint?,
                          output: WaypointModuleOutput) {
        push(context.buildWaypointForm(waypoint, previous, next, output))
    }
}
