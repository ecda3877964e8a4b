import RoadtripCore
import TerminalUI

/// Navigation from the full-screen map: the stop form, and the shared dialogs.
final class TripMapRouter: CommonRouter, TripMapRouterInput {
    func showWaypointForm(editing waypoint: Waypoint, near previous: Waypoint?, output: WaypointModuleOutput) {
        push(context.buildWaypointForm(waypoint, previous, nil, output))
    }
}
