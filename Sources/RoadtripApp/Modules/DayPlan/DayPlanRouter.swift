import RoadtripCore

/// Navigation from the days view: back, where to sleep, and the shared dialogs (help).
final class DayPlanRouter: CommonRouter, DayPlanRouterInput {
    func showOvernights(of trip: Trip.ID, _ request: OvernightRequest, output: OvernightModuleOutput) {
        context.stack.present(context.buildOvernight(trip, request, output: output))
    }

    func showAlong(of trip: Trip.ID, day: Int, output: AlongModuleOutput) {
        context.stack.present(context.buildAlong(trip, day: day, output: output))
    }
}
