import RoadtripCore
import TerminalUI

/// Navigation from a trip: the stop form, the full-screen map, the days, the optimise preview, and the shared dialogs.
final class TripDetailRouter: CommonRouter, TripDetailRouterInput {
    func showWaypointForm(editing waypoint: Waypoint?, after previous: Waypoint?, before next: Waypoint?,
                          output: WaypointModuleOutput) {
        push(context.buildWaypointForm(waypoint, previous, next, output))
    }

    func showMap(of trip: Trip.ID, selected: Waypoint.ID?, output: TripMapModuleOutput) {
        push(context.buildTripMap(trip, selected: selected, output: output))
    }

    func showDays(of trip: Trip.ID, day: Int, output: DayPlanModuleOutput) {
        push(context.buildDayPlan(trip, day: day, output: output))
    }

    func showOptimise(of trip: Trip.ID, output: PreviewModuleOutput) {
        context.stack.present(context.buildOptimise(trip, output: output))
    }
}
